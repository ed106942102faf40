"""Freecell Solver's side of benchmarks/peer.py: the board it reads, its two
setups' command lines, its verdict, and its winning line replayed in the engine.

Freecell Solver (``fc-solve``, Debian's ``freecell-solver-bin``) plays six of
Castling's games. Its board is text, a line per column, bottom card first
(``: KH 9C 2D``), after a ``Foundations: H-A C-0 D-0 S-0`` line (each suit's top
rank) and a ``Freecells: - JS`` line; its cards are written as ours (``TD``).
With ``-m`` it prints its line as sentences ("Move 1 cards from stack 5 to stack
3", "Move a card from freecell 0 to the foundations"), stacks and free cells
counted from 0, and then its verdict. :func:`replay` plays that line in the
engine, the only judge of what is legal: fc-solve's own rules are only as
right as the options we give it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from castling.cards import FACE_DOWN, RANKS, card_text, suit_of  # noqa: E402
from castling.movegen import Move  # noqa: E402
from castling.notation import format_move  # noqa: E402
from castling.position import Position  # noqa: E402
from castling.rules import GameRules  # noqa: E402

FC_SOLVE = "fc-solve"
#: The Debian package that has it, for the message when it is missing.
PACKAGE = "freecell-solver-bin"

#: The games fc-solve plays: each is eight piles built down regardless of suit,
#: a space takes any card, no card comes back from the foundations.
GAMES = ("beleaguered-castle", "streets-and-alleys", "citadel", "stronghold", "private-lane",
         "siegecraft")

#: Each game's ``FreeCellSolverWrapper(...)`` in PySolFC's
#: pysollib/games/beleagueredcastle.py, as hint.py passes it to fc-solve.
PYSOLFC_OPTIONS = {
    # StreetsAndAlleys: FreeCellSolverWrapper(preset='streets_and_alleys'),
    # which BeleagueredCastle and Citadel inherit.
    "streets-and-alleys": ("--preset", "streets_and_alleys"),
    "beleaguered-castle": ("--preset", "streets_and_alleys"),
    "citadel": ("--preset", "streets_and_alleys"),
    # Stronghold, PrivateLane, Siegecraft: FreeCellSolverWrapper(sbb='rank'),
    # the rest fc-solve's defaults (Freecell's: sequence moves limited by free
    # cells and spaces, a space takes any card).
    "stronghold": ("--sequences-are-built-by", "rank"),
    "private-lane": ("--sequences-are-built-by", "rank"),
    "siegecraft": ("--sequences-are-built-by", "rank"),
}

#: No limit of iterations that a search of 10 s reaches: the time is what ends it.
MAX_ITERS = 2**31 - 1

#: The two setups: "dfs" is fc-solve's depth-first scan over single-card moves
#: alone (its "atomic" moves: to and from a free cell, onto a parent or a space,
#: home), which visits every position reachable, so its "could not solve" is a
#: proof; "pysolfc" is what PySolFC's solver dialog runs, whose moves in
#: several steps ("meta moves") leave some positions out, so its "could not
#: solve" is not a proof (fc-solve's own help: "If it erroneously reports a
#: board as unsolvable, try adding the -to 01ABCDE flag").
SETUPS = ("dfs", "pysolfc")
PROOF = {"dfs": True, "pysolfc": False}


def freecells(rules: GameRules) -> int:
    """How many free cells the game has (fc-solve's ``--freecells-num``)."""
    return rules.reserves.count if rules.reserves.free_cells else 0


def command(rules: GameRules, setup: str, hint_on_intractable: bool = True) -> list[str]:
    """The command line of one setup for one game; the board goes to its standard input."""
    if rules.id not in GAMES:
        raise ValueError(f"fc-solve does not play {rules.id} here (only {', '.join(GAMES)})")
    sizes = ["--decks-num", str(rules.decks), "--stacks-num", str(rules.tableau.piles),
             "--freecells-num", str(freecells(rules))]
    if setup == "dfs":
        # The game's own rules, as options: built down by rank in any suit; a
        # space takes any card. (Single cards only, so how long a run may move
        # does not arise; "limited" is what the game says, should it.)
        return [FC_SOLVE, "-m", "-p", "-sel", "--max-iters", str(MAX_ITERS), *sizes,
                "--sequences-are-built-by", "rank", "--sequence-move", "limited",
                "--empty-stacks-filled-by", "all", "-to", "01ABCDE", "-"]
    if setup == "pysolfc":
        # pysollib/hint.py, FreeCellSolver_Hint.computeHints: -hoi from
        # fc-solve 4.20 on. (Its solver dialog adds --load-config with the
        # player's chosen preset, "video-editing" unless changed; left out here,
        # as hint.py does when the preset is "none".)
        return [FC_SOLVE, "-m", "-p", "-opt", "-sel", *(["-hoi"] if hint_on_intractable else []),
                "--max-iters", str(MAX_ITERS), *sizes, *PYSOLFC_OPTIONS[rules.id], "-"]
    raise ValueError(f"no setup {setup!r} (the setups: {', '.join(SETUPS)})")


# -- the board -------------------------------------------------------------------

FOUNDATION_RANKS = "0" + RANKS   # fc-solve's foundation line: 0 for empty, then A..K


def board(position: Position) -> str:
    """fc-solve's text of a position of one of :data:`GAMES`."""
    rules = position.rules
    if rules.id not in GAMES:
        raise ValueError(f"fc-solve does not play {rules.id} here (only {', '.join(GAMES)})")
    founded = {}
    cells = []
    columns = []
    for name, pile in zip(rules.pile_names, position.piles):
        if any(card & FACE_DOWN for card in pile):
            raise ValueError(f"{name} has a face-down card, which fc-solve has no word for")
        if name.startswith("f"):
            suit, _ = rules.foundation(rules.pile_names.index(name) - rules.pile_names.index("f1"))
            founded["CSHD"[suit]] = FOUNDATION_RANKS[len(pile)]
        elif name.startswith("r"):
            cells.append(card_text(pile[-1]) if pile else "-")
        elif name.startswith("t"):
            # (A leading colon, as fc-solve's -p prints them: an empty column is
            # then a line of its own, not a blank one.)
            columns.append(": " + " ".join(card_text(card) for card in pile))
        else:
            raise ValueError(f"fc-solve has no pile like {name}")
    lines = ["Foundations: " + " ".join(f"{suit}-{rank}" for suit, rank in founded.items())]
    if cells:
        lines.append("Freecells: " + " ".join(cells))
    return "\n".join(lines + columns) + "\n"


# -- its answer ------------------------------------------------------------------

VERDICTS = {"This game is solveable.": "won",
            "I could not solve this game.": "lost",
            "Iterations count exceeded.": "unknown"}

_MOVE = re.compile(r"(?:a card|(?P<count>[0-9]+) cards) from (?P<source>stack|freecell) "
                   r"(?P<source_number>[0-9]+) to (?:the foundations|(?P<target>stack|freecell) "
                   r"(?P<target_number>[0-9]+))")


def parse(output: str) -> tuple[str, list[str]]:
    """fc-solve's verdict ("won", "lost" or "unknown": none given, as when it
    was stopped) and its line, each move as it wrote it ("Move ..." taken off)."""
    verdict = "unknown"
    moves = []
    for line in output.splitlines():
        line = line.strip()
        if line in VERDICTS:
            verdict = VERDICTS[line]
        elif line.startswith("Move "):
            moves.append(line[len("Move "):])
    return verdict, moves


def _pile(position: Position, kind: str, number: str) -> int:
    name = {"stack": "t", "freecell": "r"}[kind] + str(int(number) + 1)
    if name not in position.rules.pile_names:
        raise ValueError(f"{position.rules.name} has no pile {name}")
    return position.rules.pile_names.index(name)


def engine_move(position: Position, text: str) -> Move:
    """The engine's move for one of fc-solve's moves here (legal or not: the
    position says), or ValueError when the text names no move of these games."""
    found = _MOVE.fullmatch(text)
    if not found:
        raise ValueError("not a move of these games")
    source = _pile(position, found["source"], found["source_number"])
    count = int(found["count"] or 1)
    if found["target"]:
        return source, _pile(position, found["target"], found["target_number"]), count
    # "to the foundations": the foundation of the card's suit that takes it.
    if not position.piles[source]:
        raise ValueError("founds a card from an empty pile")
    suit = suit_of(position.piles[source][-1])
    rules = position.rules
    first = rules.pile_names.index("f1")
    homes = [first + index for index in range(rules.pile_count("f"))
             if rules.foundation(index)[0] == suit]
    takes = [home for home in homes if position.is_legal((source, home, count))]
    # (None takes it: the first of its suit, which the position will refuse.)
    return source, (takes or homes)[0], count


def replay(position: Position, moves: list[str]) -> str | None:
    """Play fc-solve's line in a copy of ``position``: None when it ends won,
    else what went wrong, move by move as the engine judges."""
    position = position.copy()
    for number, text in enumerate(moves, 1):
        try:
            move = engine_move(position, text)
        except ValueError as error:
            return f"move {number} ({text!r}): {error}"
        if not position.is_legal(move):
            return (f"move {number} ({text!r}) is {format_move(position.rules, move)}, "
                    "not legal here")
        position.play(move)
    if not position.is_won():
        return f"its {len(moves)} moves do not end won"
    return None
