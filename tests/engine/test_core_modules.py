"""The compiled core is made of modules: each .c file its own translation unit,
with the header of its name declaring what it offers; nothing is shared
between units but what a header declares, and no file includes a .c file.
(The build holds the rest: -Wmissing-prototypes and
-Wmissing-variable-declarations stop it at a function or variable shared
without a declaration, scripts/build_core.py.)"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "py" / "castling" / "search" / "core"


def code(path: Path) -> str:
    """The file's text without its comments."""
    text = re.sub(r"/\*.*?\*/", " ", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return re.sub(r"//[^\n]*", " ", text)


def declared(header: Path) -> tuple[set[str], set[str]]:
    """The functions and the variables a header declares (not those it defines)."""
    text = code(header)
    functions = {match.group(1) for match in re.finditer(
        r"^(?!extern|typedef|static|#)[\w][\w \t*]*?\b(\w+)\([^;{)]*\);", text, re.MULTILINE)}
    variables = set()
    for match in re.finditer(r"^extern\s+[\w ]+?\s+([^;]+);", text, re.MULTILINE):
        for part in re.sub(r"\[[^\]]*\]", "", match.group(1)).split(","):
            variables.add(re.findall(r"\w+", part)[-1])
    return functions, variables


def defined(source: Path) -> tuple[set[str], set[str]]:
    """The functions and the file-scope variables a .c file defines and shares
    (not static)."""
    text = code(source)
    functions = {match.group(1) for match in re.finditer(
        r"^(?:EXPORT\(\w+\)\s+)?(?!static)[\w][\w \t*]*?\b(\w+)\([^;{)]*\)\s*\{", text, re.MULTILINE)}
    variables = set()
    for match in re.finditer(r"^(?!static|extern|typedef|return|#)(?:const\s+)?[A-Z]?[a-z]\w*\s+\**"
                             r"([^;(){}=]+?)\s*;", text, re.MULTILINE):
        for part in re.sub(r"\[[^\]]*\]", "", match.group(1)).split(","):
            variables.add(re.findall(r"\w+", part)[-1])
    return functions, variables


def test_no_file_includes_a_c_file():
    listed = subprocess.run(["git", "ls-files", "*.c", "*.h"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split()
    assert listed, "no C in the repository?"
    including = [(name, line) for name in listed
                 for line in (ROOT / name).read_text(encoding="utf-8").splitlines()
                 if re.match(r'\s*#\s*include\s*[<"][^">]*\.c[">]', line)]
    assert not including


def test_each_unit_has_its_header_and_shares_only_what_it_declares():
    units = sorted(CORE.glob("*.c"))
    assert len(units) >= 9
    for unit in units:
        header = unit.with_suffix(".h")
        assert header.exists(), f"{unit.name} has no header"
        assert f'#include "{header.name}"' in unit.read_text(encoding="utf-8"), unit.name
        functions, variables = defined(unit)
        offered, shared = declared(header)
        # Every function or variable the unit lets others use, its header declares...
        assert functions <= offered, (unit.name, functions - offered)
        assert variables <= shared, (unit.name, variables - shared)
        # ...and every one its header declares, the unit defines.
        assert offered <= functions, (header.name, offered - functions)
        assert shared <= variables, (header.name, shared - variables)


def test_the_parser_sees_the_core_s_parts():
    # (the test above is only as good as its reading of the C)
    functions, variables = defined(CORE / "movegen.c")
    assert {"generate", "apply", "revert", "core_play"} <= functions
    assert {"R", "pile", "len", "depth", "stack"} <= variables
    assert {"stage_max", "cut_entry"} <= defined(CORE / "search_stage.c")[1]
    assert "get16" not in functions and "n_moves" not in variables    # static: private
    offered, shared = declared(CORE / "movegen.h")
    assert {"generate", "apply", "core_play"} <= offered and {"R", "pile", "len"} <= shared


def test_no_header_is_left_without_its_unit():
    assert {path.stem for path in CORE.glob("*.h")} == {path.stem for path in CORE.glob("*.c")}
