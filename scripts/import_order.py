"""The order in which the page imports the app, one module at a time.

On a first visit the page imports the engine and the browser layer (some 120
modules) before the app starts: done as one ``import castling_web.app`` it is
one task of 0.2 s at desktop speed, four times that on a phone's CPU, during
which the early table cannot answer a tap. ``castling_web/import_steps.py``
imports them instead in this order, dependencies first, and lets the page
breathe between them (docs/decisions/start-up.md, issue 59).

The order is read from the sources' module-level imports (those a function
makes when called, and ``if TYPE_CHECKING:`` ones, are not made at import):
each module comes after what it imports, so importing one runs that module's
own body and little else. A package's own body comes after its first module
(Python would run it first, and ``castling``'s imports the whole engine's face:
one long step); the steps set the package up empty before it. The order only
shapes the steps: a module it placed too early would import what it needs
there and then, in a longer step.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: where the page's packages live, by top-level name
SOURCES = {"castling": ROOT / "py", "castling_web": ROOT / "web"}
ENTRY = "castling_web.app"


def module_files() -> dict[str, Path]:
    """Every module of the page's packages by dotted name (a package by its __init__)."""
    files = {}
    for top, folder in SOURCES.items():
        pattern = f"{top}/**/*.py" if top == "castling" else f"{top}/*.py"
        for path in sorted(folder.glob(pattern)):
            parts = path.relative_to(folder).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            files[name] = path
    return files


def _made_at_import(body: list[ast.stmt]):
    """The import statements a module's body runs when it is imported."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                yield from _made_at_import(node.body)
                yield from _made_at_import(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _made_at_import(node.body)
            for handler in node.handlers:
                yield from _made_at_import(handler.body)


def names_imported(node: ast.Import | ast.ImportFrom, name: str, path: Path) -> list[str]:
    """The absolute names one import statement of module ``name`` (at ``path``)
    names, relative ones resolved: ``import a.b`` names ``a.b``; ``from X
    import y, z`` names X, then ``X.y`` and ``X.z`` (modules or not: the caller
    knows which are). tests/engine/test_layers.py reads imports with it too."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
        base = f"{anchor}.{base}" if base else anchor
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[str]:
    """What importing module ``name`` (at ``path``) imports, in the order it does."""
    found = []
    for node in _made_at_import(ast.parse(path.read_text(encoding="utf-8")).body):
        names = names_imported(node, name, path)
        if isinstance(node, ast.Import):
            found += names
        else:
            # ``from package import module`` imports the module too
            found += names[:1] + [named for named in names[1:] if named in known]
    return found


def import_order(entry: str = ENTRY) -> list[str]:
    """The modules importing ``entry`` runs, each after those it needs: the
    page's own modules and the standard library's that they import."""
    known = module_files()
    order: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        parent = name.rpartition(".")[0]
        if name not in known:                  # the standard library's, imported whole
            if name.partition(".")[0] not in ("pyscript", "js", "pyodide"):   # (the page's own)
                order.append(name)
            return
        for needed in imports_of(name, known[name], known):
            visit(needed)
        order.append(name)
        # A package of ours is set up empty before its first module, and its
        # own body (castling's imports the engine's face) runs after that
        # module: import_steps.py does what an import does, in steps.
        if parent:
            visit(parent)

    visit(entry)
    return order


if __name__ == "__main__":
    print("\n".join(import_order()))
