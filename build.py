#!/usr/bin/env python3
"""Build the static site into dist/: python3 build.py

Standard library only and deterministic: the same sources give the same bytes.
It copies the page, the self-hosted runtime (Pyodide and PyScript from
node_modules, pinned in package.json; run `npm ci` first), zips the Python
packages the page runs (the engine and the browser layer), and wraps the help
pages in the site's page template.
"""

from __future__ import annotations

import html
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
ZIP_DATE = (2020, 1, 1, 0, 0, 0)     # fixed, so the zip is reproducible

sys.path.insert(0, str(ROOT / "py"))
from castling.games import GAMES  # noqa: E402  (the build reads the game list)


def copy_runtime() -> None:
    """Pyodide's five files and PyScript's dist folder (without source maps)."""
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("build.py: node_modules is missing the runtime; run `npm ci` first")
    target = DIST / "vendor" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, target / name)
    shutil.copytree(pyscript, DIST / "vendor" / "pyscript", ignore=shutil.ignore_patterns("*.map"))


def write_app_zip() -> None:
    """The engine and the browser layer, unpacked by PyScript into its file system."""
    sources = sorted((ROOT / "py").glob("castling/*.py")) + sorted(WEB.glob("castling_web/*.py"))
    with zipfile.ZipFile(DIST / "app.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sources:
            info = zipfile.ZipInfo(f"{path.parent.name}/{path.name}", ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def write_pages() -> None:
    """index.html with the game list, the stylesheet, the entry script and its config."""
    options = "".join(f'<option value="{html.escape(r.id)}">{html.escape(r.name)}</option>'
                      for r in GAMES.values())
    chooser = "".join(
        f'<li><button type="button" data-play="{html.escape(r.id)}">{html.escape(r.name)}</button>'
        f' <span>{html.escape(r.summary)}</span>'
        f' <a href="./help/{html.escape(r.id)}.html">Rules</a></li>'
        for r in GAMES.values())
    page = (WEB / "index.html").read_text(encoding="utf-8")
    page = page.replace("<!--GAME_OPTIONS-->", options).replace("<!--GAME_CHOOSER-->", chooser)
    (DIST / "index.html").write_text(page, encoding="utf-8")
    for name in ("style.css", "main.py", "icon.svg"):
        shutil.copy2(WEB / name, DIST / name)
    config = {"interpreter": "./vendor/pyodide/pyodide.mjs", "files": {"./app.zip": "./*"}}
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    (DIST / ".nojekyll").write_text("")     # GitHub Pages: serve every path as is


def write_help() -> None:
    """Each help fragment in web/help wrapped in the help page template."""
    template = (WEB / "help" / "template.html").read_text(encoding="utf-8")
    nav = "".join(f'<li><a href="./{html.escape(r.id)}.html">{html.escape(r.name)}</a></li>'
                  for r in GAMES.values())
    (DIST / "help").mkdir()
    shutil.copy2(WEB / "help" / "help.css", DIST / "help" / "help.css")
    for fragment in sorted((WEB / "help").glob("*.part.html")):
        slug = fragment.name.removesuffix(".part.html")
        body = fragment.read_text(encoding="utf-8")
        title = body.split("<h1>", 1)[1].split("</h1>", 1)[0] if "<h1>" in body else "Help"
        page = (template.replace("{{title}}", title).replace("{{nav}}", nav)
                .replace("{{body}}", body))
        (DIST / "help" / f"{slug}.html").write_text(page, encoding="utf-8")
    missing = [r.id for r in GAMES.values() if not (DIST / "help" / f"{r.id}.html").exists()]
    if missing:
        sys.exit(f"build.py: no help page for {', '.join(missing)}")


def build() -> None:
    """Write the whole site to dist/ (removing what was there)."""
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    copy_runtime()
    write_app_zip()
    write_pages()
    write_help()


if __name__ == "__main__":
    build()
    print(f"build.py: wrote {DIST.relative_to(ROOT)}/")
