"""The checkout's own Python packages, imported from their folders.

The engine (``py/castling``) and the browser layer (``web/castling_web``) are
not installed anywhere: the build ships them as they are in this checkout and
reads them too (the game list, the first table's renderer). So the build binds
each name to its folder here, once, rather than putting the folders on
``sys.path``, which would make every module in them importable by its bare name.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Each package the build imports, and the folder of this checkout it comes from.
PACKAGES = {"castling": ROOT / "py" / "castling", "castling_web": ROOT / "web" / "castling_web"}


def use_checkout() -> None:
    """Import ``castling`` and ``castling_web`` from this checkout's folders (the
    engine first: the browser layer imports it). A package already imported —
    from the same folders, by pytest's ``pythonpath`` — is left as it is."""
    for name, folder in PACKAGES.items():
        if name in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(
            name, folder / "__init__.py", submodule_search_locations=[str(folder)])
        assert spec is not None and spec.loader is not None, folder
        package = importlib.util.module_from_spec(spec)
        sys.modules[name] = package
        spec.loader.exec_module(package)
