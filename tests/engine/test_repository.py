"""The repository is self-contained: its rules reference is docs/rules.md.

The rules sheets the project began with lived outside the repository, so a
fresh clone could not follow the citations to them. These tests keep it that
way: no file points outside again and every section cited exists (the page's
controls are all in the reference's §5: tests/site/test_page_controls.py, over
the built page). And the limits the house keeps: module, README and document
lengths, tests that import no test module.
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"

# Written in pieces so that this file does not match itself.
OUTSIDE = ("RULES" ".md", "FAMILY" ".md", "shared" "/")
# Generated data (the study's verdicts, the daily table, winning lines): large,
# machine-written, and never the place for a citation.
DATA = ("data/", "tests/fixtures/")


def tracked_files() -> list[str]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [name for name in listed.decode().split("\0") if name]


def text_of(name: str) -> str | None:
    """A tracked file's text, or None for a binary or a path that is not a file here."""
    path = ROOT / name
    if path.is_symlink() or not path.is_file():
        return None
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_nothing_outside_docs_cites_the_old_rules_sheets():
    found = []
    for name in tracked_files():
        if name.startswith(("docs/", *DATA)):
            continue
        text = text_of(name)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if any(word in line for word in OUTSIDE):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "cite docs/rules.md instead:\n" + "\n".join(found)


def test_the_docs_point_only_inside_the_repository():
    # docs/ may name the old sheets in prose, but no path out of the checkout.
    for path in sorted((ROOT / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/" not in text, path.name


def anchors(document: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file."""
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#+ (.+)$", document.read_text(encoding="utf-8"),
                                      re.MULTILINE)}


def test_relative_links_in_the_documents_lead_to_files():
    # [text](target) links of the top-level documents and docs/ (its folders too),
    # other than web addresses, must name a file of the repository, and a heading of
    # it where they name one (#anchor).
    documents = [ROOT / "README.md", ROOT / "THIRD_PARTY.md", *sorted((ROOT / "docs").rglob("*.md"))]
    broken = []
    for document in documents:
        for target in re.findall(r"\]\(([^)\s]+)\)", document.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (document.parent / path).resolve() if path else document
            if not linked.is_file():
                broken.append(f"{document.name}: {target}")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{document.name}: {target} (no such heading)")
    assert not broken


def sections() -> set[str]:
    """The section numbers of docs/rules.md: "1", "3.3", "3.7.4" …"""
    return set(re.findall(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", RULES.read_text(encoding="utf-8"),
                          re.MULTILINE))


def test_every_section_cited_exists():
    known = sections()
    assert {"1", "2", "3", "3.1", "3.3", "3.6", "3.7", "4", "5"} <= known
    missing = []
    for name in tracked_files():
        text = text_of(name)
        if text is None or name.startswith(DATA):
            continue
        for cited in re.findall(r"docs/rules\.md §(\d+(?:\.\d+)*)", text):
            if cited not in known:
                missing.append(f"{name}: §{cited}")
    assert not missing


def test_the_internals_map_names_every_folder_and_only_folders():
    # docs/internals.md opens with a map of the folders: it must match the tree.
    text = (ROOT / "docs" / "internals.md").read_text(encoding="utf-8")
    mapped = set(re.findall(r"^\| `([\w./-]+)/` \|", text, re.MULTILINE))
    assert mapped, "docs/internals.md has no map of folders"
    assert all((ROOT / folder).is_dir() for folder in mapped), sorted(
        folder for folder in mapped if not (ROOT / folder).is_dir())
    tracked = {str(Path(name).parent) for name in tracked_files()}
    # every tracked folder, down to the depths the map speaks of
    wanted = {folder for folder in tracked
              if folder.count("/") < 3 and not folder.startswith((".", "data/", "web/licenses/"))
              and folder not in (".",)} - {"py"}
    deep = {folder for folder in wanted if any(folder.startswith(m + "/") for m in mapped)
            and folder not in mapped and folder.count("/") > 1}
    assert wanted - mapped - deep == set(), sorted(wanted - mapped - deep)



def test_no_test_module_imports_another():
    # What tests share lives in helper modules (tests/engine/helpers.py,
    # search_helpers.py, tests/browser/browser_helpers.py ...) or in a conftest's
    # fixtures: a test module imported by name runs its tests' module-level code
    # twice, under two names, and ties the order of the files to each other.
    tests = [path for path in (ROOT / "tests").rglob("*.py") if "node_modules" not in path.parts]
    test_modules = {path.stem for path in tests if path.stem.startswith("test_") or path.stem == "conftest"}
    found = []
    for path in tests:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for name in names:
                if set(name.split(".")) & test_modules:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert not found, "import a helper module instead:\n" + "\n".join(found)


# -- limits a test keeps ---------------------------------------------------------

#: The longest a source module may be (Python, JavaScript, C), in lines: past it,
#: a module is split along a seam of its own.
MODULE_LINES = 450
#: The front page's length, and any document's under docs/.
README_LINES, DOC_LINES = 150, 800
SOURCE = (".py", ".js", ".mjs", ".c", ".h")


def lines_of(name: str) -> int:
    return len((ROOT / name).read_text(encoding="utf-8").splitlines())


def test_no_source_module_is_over_450_lines():
    # Stylesheets, markup and data are not modules; vendored or generated files
    # are not tracked.
    long = sorted(f"{name}: {lines_of(name)}" for name in tracked_files()
                  if name.endswith(SOURCE) and not name.startswith(DATA)
                  and (ROOT / name).is_file() and lines_of(name) > MODULE_LINES)
    assert not long, f"split these along a seam (at most {MODULE_LINES} lines each): {long}"


def test_the_readme_and_the_docs_keep_their_length():
    assert lines_of("README.md") <= README_LINES, "the README is the front page: move detail into docs/"
    long = sorted(f"{name}: {lines_of(name)}" for name in tracked_files()
                  if name.startswith("docs/") and name.endswith(".md") and lines_of(name) > DOC_LINES)
    assert not long, f"at most {DOC_LINES} lines a document: {long}"


#: The longest a cell of docs/status.md may be, in characters: a row says what an
#: issue built and where it stands; its figures live in the document that measures them.
STATUS_CELL = 600


def test_the_status_table_keeps_its_cells_short():
    text = (ROOT / "docs" / "status.md").read_text(encoding="utf-8")
    long = [f"line {number}: {len(cell)} characters, {cell[:60]}…"
            for number, line in enumerate(text.splitlines(), 1) if line.startswith("|")
            for cell in (cell.strip() for cell in line.strip().strip("|").split(" | "))
            if len(cell) > STATUS_CELL]
    assert not long, f"at most {STATUS_CELL} characters a cell: move figures to their document:\n" + \
        "\n".join(long)


def test_no_test_reads_a_count_out_of_the_readme():
    # A figure the tests hold lives where it is measured: a test that read a count
    # out of the README's prose made every new module a README edit. The tests
    # that open the README run its examples (test_readme.py, test_replay_links.py)
    # or check its links and length (this file).
    readers = sorted(path.name for path in (ROOT / "tests").rglob("test_*.py")
                     if re.search(r'"README\.md"', path.read_text(encoding="utf-8")))
    assert readers == ["test_readme.py", "test_replay_links.py", "test_repository.py"], readers
