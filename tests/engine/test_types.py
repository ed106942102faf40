"""The engine type-checks, and the check catches a misspelt vocabulary word.

The rule vocabulary's choices (``Tableau.moves``, ``FoundationRow.builds``,
``Deal.reserve``, the pile kinds, ...) are ``Literal`` types in
:mod:`castling.rules`.  A declaration naming another word is refused when the
game is made, but code that compares a field with a word (``row.builds ==
"by-rank"``) would simply never match a misspelt one; with mypy's
``strict_equality`` that comparison is an error instead.  mypy is a pinned test
dependency, so it missing is a failure, not a skip.
"""

import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def mypy(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=300)


def test_the_engine_type_checks(tmp_path):
    # The configuration is pyproject.toml's [tool.mypy]: strict, over py/castling.
    # (A cache of its own: a whole check takes about a second.)
    result = mypy("--config-file", str(ROOT / "pyproject.toml"),
                  "--cache-dir", str(tmp_path / "cache"), cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_the_browser_layer_compares_with_no_misspelt_word(tmp_path):
    # The misspelt words alone, with nothing else asked of the browser layer
    # (the strict check below asks everything): what it reads from the engine
    # is typed, and a comparison of a vocabulary field with a word that is not
    # one of its words is caught even with the page objects unchecked.
    (tmp_path / "mypy.ini").write_text(
        f"[mypy]\npython_version = 3.11\nstrict_equality = True\ncheck_untyped_defs = True\n"
        f"ignore_missing_imports = True\nfollow_imports = silent\n"
        f"mypy_path = {ROOT / 'py'}:{ROOT / 'web'}\n", encoding="utf-8")
    result = mypy("--config-file", str(tmp_path / "mypy.ini"), "--cache-dir", str(tmp_path / "cache"),
                  "-p", "castling_web", cwd=ROOT)
    misspelt = [line for line in result.stdout.splitlines() if "[comparison-overlap]" in line]
    assert not misspelt, "\n".join(misspelt)
    # (And it did look at every module of it: mypy says so in its summary, with
    # errors or without.)
    modules = len(list((ROOT / "web" / "castling_web").glob("*.py")))
    assert re.search(rf"(checked|no issues found in) {modules} source files", result.stdout), \
        result.stdout + result.stderr


def test_the_browser_layer_is_strict(tmp_path):
    # mypy --strict (and warn_unreachable) over castling_web, the page's JavaScript
    # objects typed Any (tests/stubs: js, pyodide, pyscript): every module passes
    # (docs/internals.md, "The type check"). An error in any module fails here.
    # The modules are counted from the folder, not from prose: a module added is
    # checked with no document to retype. (The engine's own errors, which mypy
    # reports too as it follows the imports, are the engine's test's.)
    modules = len(list((ROOT / "web" / "castling_web").glob("*.py")))
    assert modules
    (tmp_path / "mypy.ini").write_text(
        f"[mypy]\npython_version = 3.11\nstrict = True\nwarn_unreachable = True\n"
        f"mypy_path = {ROOT / 'py'}:{ROOT / 'web'}:{ROOT / 'tests' / 'stubs'}\n", encoding="utf-8")
    result = mypy("--config-file", str(tmp_path / "mypy.ini"), "--cache-dir", str(tmp_path / "cache"),
                  "-p", "castling_web", cwd=ROOT)
    errors = re.findall(r"^web/castling_web/.*: error: .*$", result.stdout, re.MULTILINE)
    assert not errors, "\n".join(errors)
    # (mypy ran, and over every module: its summary says how many, with or without errors)
    assert re.search(rf"(checked|no issues found in) {modules} source files", result.stdout), \
        result.stdout + result.stderr


#: Lines that compare vocabulary fields with words: the misspelt ones must be
#: reported, the right ones (a control) must not.
USES = {
    'row.builds == "by_rnak"': True,
    'row.builds == "by-rank"': False,
    'tableau.moves != "singel"': True,
    'tableau.empty_rank == "K"': False,
    'tableau.layout == "rows-of-5"': True,
    'rules.deal.reserve == "one_each"': True,
    'rules.tableau.build.direction == "upwards"': True,
    'Cells().take_from == "tabelau"': True,
    'tables.kinds[0] == "F"': True,
    'solve(position).result == "win"': True,
}


def test_a_misspelt_vocabulary_word_is_a_type_error(tmp_path):
    head = textwrap.dedent("""\
        from castling import GAMES, Position
        from castling.rules import Cells
        from castling.search.solver import solve


        def uses() -> None:
            rules = GAMES["fortress"]
            tableau, row = rules.tableau, rules.foundations[0]
            position = Position.deal(rules, 1)
            tables = position.tables
        """).splitlines()
    (tmp_path / "uses.py").write_text(
        "\n".join(head + [f"    print({use})" for use in USES]) + "\n", encoding="utf-8")
    (tmp_path / "mypy.ini").write_text(
        f"[mypy]\npython_version = 3.11\nstrict = True\nstrict_equality = True\n"
        f"mypy_path = {ROOT / 'py'}\n", encoding="utf-8")
    result = mypy("--config-file", "mypy.ini", "--cache-dir", str(tmp_path / "cache"),
                  "uses.py", cwd=tmp_path)
    output = result.stdout + result.stderr
    lines = {len(head) + 1 + i: misspelt for i, misspelt in enumerate(USES.values())}
    reported = {line for line in lines
                if f"uses.py:{line}: error: Non-overlapping equality check" in output}
    assert reported == {line for line, misspelt in lines.items() if misspelt}, output
    # Nothing else is wrong with the module: only the misspelt words are.
    # (The engine's own errors are the other test's.)
    assert output.count("uses.py:") == len(reported), output
