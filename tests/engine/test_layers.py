"""The line between the rules engine and the app model, held by reading imports.

``castling/`` is the rules engine; ``castling/app/`` is the player's side
without a DOM, built on the engine. The engine must not lean on the app model,
and the rule vocabulary must not lean on the message catalogue: the rules are
the same in every language.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "castling"
ENGINE = sorted(PACKAGE.glob("*.py")) + sorted((PACKAGE / "search").rglob("*.py"))
#: what the rules are made of: no words for players in here
RULE_VOCABULARY = ("cards", "rules", "games", "deal", "movegen", "position", "notation", "game")


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, as absolute names (relative ones resolved)."""
    package = "castling"
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = f"{package}.{base}" if base else package
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    return names


def test_the_walk_sees_the_engine_and_the_app_model():
    assert {p.stem for p in ENGINE} >= {"cards", "rules", "movegen", "solver", "python_search",
                                         "wasm", "cli"}
    assert {p.stem for p in (PACKAGE / "app").rglob("*.py")} >= {"session", "board", "spoken"}


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.stem)
def test_the_engine_never_imports_the_app_model(path):
    leaks = sorted(name for name in imported(path)
                   if name == "castling.app" or name.startswith("castling.app."))
    assert not leaks, f"{path.name} imports the app model: {leaks}"


@pytest.mark.parametrize("name", RULE_VOCABULARY)
def test_the_rule_vocabulary_has_no_words_for_players(name):
    leaks = sorted(n for n in imported(PACKAGE / f"{name}.py") if n.startswith("castling.i18n"))
    assert not leaks, f"{name}.py imports the message catalogue: {leaks}"


def test_a_leak_would_be_seen(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from .app.session import Session\nfrom .i18n import t\n")
    assert {"castling.app.session", "castling.i18n.t"} <= imported(sneaky)
