"""The standard library the page loads (build.py's castling-stdlib.zip, made by
scripts/stdlib_for_pyodide.mjs): every standard module the app, the solver's
worker and PyScript can import, as bytecode of the page's Python, and nothing
they cannot; and with it alone, Pyodide imports all of them and the whole app."""

import ast
import json
import subprocess
import zipfile

import pytest

import build

ZIP = "vendor/pyodide/" + build.STDLIB_ZIP
FULL = "vendor/pyodide/python_stdlib.zip"


def module_names(archive: zipfile.ZipFile, suffix: str) -> set[str]:
    names = set()
    for path in archive.namelist():
        if path.endswith(suffix):
            name = path[:-len(suffix)].replace("/", ".")
            names.add(name.removesuffix(".__init__"))
    return names


def named_by_the_app() -> set[str]:
    """Every absolute module name an import statement of the app's Python, the
    worker's or PyScript's names, inside functions too."""
    sources = [data for name, data in build.app_sources().items() if name.endswith(".py")]
    sources.append((build.WEB / "solver_worker.py").read_bytes())
    sources += list(build.pyscript_package().values())
    names = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


@pytest.fixture(scope="module")
def libraries(site):
    with zipfile.ZipFile(site / ZIP) as trimmed, zipfile.ZipFile(site / FULL) as full:
        yield trimmed, full


def test_every_standard_module_the_app_names_is_in_the_trimmed_library(libraries):
    trimmed, full = libraries
    standard = module_names(full, ".py")
    kept = module_names(trimmed, ".pyc")
    named = named_by_the_app() & standard
    assert {"json", "random", "asyncio", "dataclasses", "urllib.parse"} <= named
    assert named <= kept
    assert kept < standard                                          # trimmed, really
    left_out = set(trimmed.read("castling-left-out.txt").decode().split())
    assert left_out == standard - kept                              # the safety net's list


def test_the_trimmed_library_is_bytecode_of_the_pages_python(site, libraries):
    trimmed, _ = libraries
    bundle = json.loads((site / "python-files.json").read_text())
    app_magic = next(build.base64.b64decode(data)[:4] for name, data in bundle.items()
                     if name.endswith(".pyc"))
    entries = [name for name in trimmed.namelist() if name != "castling-left-out.txt"]
    assert entries and all(name.endswith(".pyc") for name in entries)
    assert {trimmed.read(name)[:4] for name in entries} == {app_magic}
    assert (site / ZIP).stat().st_size < 0.8 * (site / FULL).stat().st_size


def test_with_the_trimmed_library_alone_pyodide_imports_all_the_app_can(site, libraries, tmp_path):
    trimmed, full = libraries
    engine = sorted(name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
                    for name in build.app_sources() if name.startswith("castling/")
                    and name.endswith(".py") and not name.endswith("__main__.py"))
    names = sorted(named_by_the_app() & module_names(full, ".py")) + engine
    (tmp_path / "names.json").write_text(json.dumps(names))
    done = subprocess.run(["node", str(build.ROOT / "tests" / "pyodide" / "imports_with_stdlib.mjs"),
                           str(site / ZIP), str(site / "python-files.json"),
                           str(tmp_path / "names.json")],
                          capture_output=True, text=True, cwd=build.ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    failed = json.loads(done.stdout)
    # (modules of other platforms' only, which nothing here imports but behind a check)
    assert {name: why for name, why in failed.items()
            if not name.startswith(("_winapi", "msvcrt", "winreg", "nt", "_overlapped"))} == {}
