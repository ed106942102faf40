"""The safety net under the page's trimmed standard library.

The page's Python loads only the standard modules the app can import, as
bytecode (build.py's castling-stdlib.zip, made by scripts/stdlib_for_pyodide.mjs):
a first visit downloads and compiles far less. The build finds those modules
from every import statement of the app, the solver's worker and PyScript, and
the tests drive every feature with no module missing; but a path no test took
might still reach a module left out (one a standard module imports only inside
a function). Then, instead of a failure in the middle of a game, this finder,
last on ``sys.meta_path``, fetches Pyodide's full library (the file it ships,
vendor/pyodide/python_stdlib.zip) once, synchronously, and imports the module
from it, and says so on the console and on the page (``<html
data-stdlib-fallback>``, which the browser tests fail on).

Only names the trimmed library lists as left out (``castling-left-out.txt``
in it) are looked for: an optional import (``wasmtime``) fails as it should.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

#: Where the trimmed library is mounted (Pyodide's place for its stdlib zip).
LIBRARY = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
LEFT_OUT = "castling-left-out.txt"
#: Where the full library goes once fetched.
FULL = "/lib/python-full-stdlib.zip"


def _fetch(url: str) -> bytes:
    """The file at ``url``, synchronously (an import cannot wait): a byte per
    character under the x-user-defined charset, whose characters' low bytes
    are the file's bytes."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise ImportError(f"the full standard library could not be fetched ({request.status})")
    return str(request.responseText).encode("utf-16-le")[0::2]


class FullLibrary:
    """A finder for the modules the trimmed library left out."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            listed = zipimport.zipimporter(LIBRARY).get_data(LEFT_OUT)
        except OSError:
            listed = b""
        self.left_out = frozenset(listed.decode().split())
        self.fetched = False

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in self.left_out:
            return None
        if not self.fetched:
            with open(FULL, "wb") as handle:
                handle.write(_fetch(self.url))
            self.fetched = True
            sys.path.append(FULL)
        print(f"Castling: {name} came from the full standard library "
              "(castling-stdlib.zip lacks it)", file=sys.stderr)
        _mark_page()
        package, _, _ = name.rpartition(".")
        folder = f"{FULL}/{package.replace('.', '/')}/" if package else FULL
        return zipimport.zipimporter(folder).find_spec(name)


def _mark_page() -> None:
    try:
        from js import document

        document.documentElement.setAttribute("data-stdlib-fallback", "")
    except Exception:       # a worker: no page to mark (its console says it)
        pass


def install(url: str) -> None:
    """Put the finder last on ``sys.meta_path`` (once: a snapshot restored may
    hold it already), fetching from ``url`` should it be needed."""
    if not any(type(finder).__name__ == "FullLibrary" for finder in sys.meta_path):
        sys.meta_path.append(FullLibrary(url))
