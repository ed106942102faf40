"""The line between the rules engine and the app model, held by reading imports.

``castling/`` is the rules engine; ``castling/app/`` is the player's side
without a DOM, built on the engine. The engine must not lean on the app model,
and the rule vocabulary must not lean on the message catalogue: the rules are
the same in every language.
"""

import ast
from pathlib import Path

import pytest

from import_order import module_files, names_imported

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "castling"
#: the engine: every module under castling/ but the app model's (castling/app/), the
#: puzzles' and the search's too, and any folder added later
ENGINE = sorted(path for path in PACKAGE.rglob("*.py") if "app" not in path.relative_to(PACKAGE).parts)
#: what the rules are made of: no words for players in here
RULE_VOCABULARY = ("cards", "rules", "games", "deal", "movegen", "position", "notation", "game")


#: every module of the engine, the app model and the browser layer, by dotted name
MODULES = module_files()
NAMES = {path: name for name, path in MODULES.items()}


def imported(path: Path, name: str | None = None) -> set[str]:
    """Every name module ``name`` (at ``path``; by default, its name in the
    tree) imports anywhere in it (under ``if TYPE_CHECKING:`` or in a
    function too), as absolute names, relative ones resolved as the page's
    import steps resolve them (scripts/import_order.py)."""
    name = name or NAMES[path]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= set(names_imported(node, name, path))
    return names


def test_the_walk_sees_the_engine_and_the_app_model():
    assert {p.stem for p in ENGINE} >= {"cards", "rules", "movegen", "solver", "python_search",
                                         "wasm", "cli", "table", "proofs", "glicko"}
    assert {p.stem for p in (PACKAGE / "app").rglob("*.py")} >= {"session", "board", "spoken"}


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_engine_never_imports_the_app_model(path):
    leaks = sorted(name for name in imported(path)
                   if name == "castling.app" or name.startswith("castling.app."))
    assert not leaks, f"{path.relative_to(PACKAGE)} imports the app model: {leaks}"


@pytest.mark.parametrize("name", RULE_VOCABULARY)
def test_the_rule_vocabulary_has_no_words_for_players(name):
    leaks = sorted(n for n in imported(PACKAGE / f"{name}.py") if n.startswith("castling.i18n"))
    assert not leaks, f"{name}.py imports the message catalogue: {leaks}"


def test_a_leak_would_be_seen(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from .app.session import Session\nfrom .i18n import t\n"
                      "from ..app import keeping\n")
    assert {"castling.app.session", "castling.i18n.t"} <= imported(sneaky, "castling.sneaky")
    # (from a subpackage, two dots up)
    assert "castling.app.keeping" in imported(sneaky, "castling.search.sneaky")


# -- no import circles: every import counted, TYPE_CHECKING ones too -------------------

def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that module ``name`` imports, anywhere in it
    (under ``if TYPE_CHECKING:`` or in a function too)."""
    found = set()
    for target in imported(path, name):
        while target and target not in modules:     # a name in a module: the module
            target = target.rpartition(".")[0]
        if target and target != name and not name.startswith(f"{target}."):
            found.add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's walk)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(graph[node]):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def import_graph() -> dict[str, set[str]]:
    return {name: imports_of(name, path, MODULES) for name, path in MODULES.items()}


def test_no_module_imports_itself_round_a_circle():
    graph = import_graph()
    assert len(graph) > 100 and graph["castling.app.keeping"] >= {"castling.app.session"}
    assert not circles(graph), circles(graph)


def test_a_circle_would_be_seen_through_type_checking_imports_too():
    graph = import_graph()
    graph["castling.app.storage.records"].add("castling.app.session")
    assert ["castling.app.session", "castling.app.storage.records"] in circles(graph) or any(
        {"castling.app.session", "castling.app.storage.records"} <= set(group)
        for group in circles(graph))
    # (the browser layer is in the graph too, its relative imports resolved)
    web = MODULES["castling_web.charts"]
    assert {"castling_web.host", "castling.app.storage.records"} <= imports_of(
        "castling_web.charts", web, MODULES)


@pytest.mark.parametrize("wing", ["storage", "table", "words", "deals"])
def test_the_app_models_wings_import_nothing_of_its_top_level(wing):
    graph = import_graph()
    top = {name for name in graph if name.startswith("castling.app.") and name.count(".") == 2
           and not (PACKAGE / "app" / name.rpartition(".")[2]).is_dir()}
    assert {"castling.app.session", "castling.app.keeping", "castling.app.hand"} <= top
    below = {name: after for name, after in graph.items() if name.startswith(f"castling.app.{wing}.")}
    assert below
    # (hand.py is the value the storage wing stores: a value beneath what stores it)
    leaks = {name: sorted((after & top) - {"castling.app.hand"}) for name, after in below.items()}
    assert not any(leaks.values()), leaks


def test_no_type_check_is_silenced_in_py_castling():
    silenced = [f"{path.relative_to(PACKAGE)}:{number}"
                for path in sorted(PACKAGE.rglob("*.py"))
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if "type: ignore" in line]
    assert not silenced, silenced
