"""The rule vocabulary is closed: a word it does not have is refused with a
ValueError that names it, always (also under python -O, which drops asserts)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from castling.rules import Build, Cells, Deal, FoundationRow, Founding, GameRules, Reserves, Tableau

ROOT = Path(__file__).resolve().parents[2]

TYPOS = {
    "Build(suits='same_suit')": "Build.suits",
    "Build(direction='sideways')": "Build.direction",
    "Tableau(8, Build(), moves='runs')": "Tableau.moves",
    "Tableau(8, Build(), empty_takes='king')": "Tableau.empty_takes",
    "Tableau(8, Build(), layout='grid')": "Tableau.layout",
    "FoundationRow(base='Q')": "FoundationRow.base",
    "FoundationRow(direction='up-or-down')": "FoundationRow.direction",
    "Deal(reserve='one_each')": "Deal.reserve",
    "Cells(take_from='waste')": "Cells.take_from",
}


@pytest.mark.parametrize("declaration", list(TYPOS))
def test_a_word_the_vocabulary_lacks_is_refused_by_name(declaration):
    with pytest.raises(ValueError, match=TYPOS[declaration]):
        eval(declaration, {"Build": Build, "Cells": Cells, "Deal": Deal,
                           "FoundationRow": FoundationRow, "Tableau": Tableau})


#: Parts of a game that cannot go together, and the words that say why.
MISFITS = {
    "cells that hold nothing": (lambda: Cells(holds=0), "Cells.holds"),
    "feeds for 2 of 8 piles": (lambda: GameRules("x", "X", 0, Tableau(8, Build()),
                                                 founding=Founding(feeds=((1,), (2,)))),
                               "Founding.feeds"),
    "a reserve's refill without a reserve": (lambda: GameRules(
        "x", "X", 0, Tableau(8, Build()), reserves=Reserves(fill_spaces=True)), "Reserves.fill_spaces"),
}


@pytest.mark.parametrize("misfit", list(MISFITS))
def test_parts_that_cannot_go_together_are_refused_by_name(misfit):
    make, named = MISFITS[misfit]
    with pytest.raises(ValueError, match=named):
        make()


def test_the_words_are_checked_under_python_dash_o():
    code = ("from castling.rules import Build, Deal\n"
            "for make in (lambda: Build('same_suit'), lambda: Deal(reserve='one_each')):\n"
            "    try:\n        make()\n    except ValueError:\n        print('refused')\n")
    done = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["refused", "refused"]
