#!/usr/bin/env python3
"""Build the static site into dist/: python3 build.py

Standard library only and deterministic: the same sources give the same bytes.
It copies the page, the self-hosted runtime (Pyodide and PyScript from
node_modules, pinned in package.json; run `npm ci` first), zips the Python
packages the page runs (the engine and the browser layer), and wraps the help
pages in the site's page template.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import struct
import sys
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
ZIP_DATE = (2020, 1, 1, 0, 0, 0)     # fixed, so the zip is reproducible

# The pages' Content-Security-Policy. Pyodide compiles WebAssembly
# ('wasm-unsafe-eval') and PyScript and Pyodide turn strings into JavaScript
# functions ('unsafe-eval'); everything else comes from this origin only.
# README.md says why.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
       "style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'")
HELP_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'self'"

sys.path.insert(0, str(ROOT / "py"))
from castling.games import GAMES  # noqa: E402  (the build reads the game list)
from castling.i18n import catalogue  # noqa: E402


def copy_runtime(out: Path) -> None:
    """Pyodide's five files and PyScript's dist folder (without source maps)."""
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("build.py: node_modules is missing the runtime; run `npm ci` first")
    target = out / "vendor" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, target / name)
    shutil.copytree(pyscript, out / "vendor" / "pyscript", ignore=shutil.ignore_patterns("*.map"))


def write_app_zip(out: Path) -> None:
    """The engine and the browser layer, unpacked by PyScript into its file system."""
    sources = (sorted((ROOT / "py").glob("castling/*.py"))
               + sorted((ROOT / "py").glob("castling/messages/*.json"))
               + sorted(WEB.glob("castling_web/*.py")))
    with zipfile.ZipFile(out / "app.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sources:
            name = path.relative_to(ROOT / "py" if path.is_relative_to(ROOT / "py") else WEB)
            info = zipfile.ZipInfo(name.as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def write_pages(out: Path) -> None:
    """index.html with the game list, the stylesheet, the entry script and its config."""
    options = "".join(f'<option value="{html.escape(r.id)}">{html.escape(r.name)}</option>'
                      for r in GAMES.values())
    chooser = "".join(
        f'<li><button type="button" data-play="{html.escape(r.id)}">{html.escape(r.name)}</button>'
        f' <span data-i18n="game.{html.escape(r.id)}.summary"></span>'
        f' <a href="./help/{html.escape(r.id)}.html" data-help="{html.escape(r.id)}.html"'
        f' data-i18n="action.rules"></a></li>'
        for r in GAMES.values())
    page = (WEB / "index.html").read_text(encoding="utf-8")
    page = (page.replace("<!--GAME_OPTIONS-->", options).replace("<!--GAME_CHOOSER-->", chooser)
            .replace("__CSP__", CSP))
    (out / "index.html").write_text(fill_text(page, catalogue("en")), encoding="utf-8")
    for name in ("style.css", "main.py", "solver_worker.py", "icon.svg", "register-sw.js",
                 "manifest.webmanifest"):
        shutil.copy2(WEB / name, out / name)
    config = {"interpreter": "./vendor/pyodide/pyodide.mjs", "files": {"./app.zip": "./*"}}
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    (out / ".nojekyll").write_text("")     # GitHub Pages: serve every path as is


_TEXT = re.compile(r'(<(\w+)\b[^>]*\bdata-i18n="([\w.-]+)"[^>]*>)(</\2>)')
_ATTRIBUTE = re.compile(r'\bdata-i18n-(title|aria-label)="([\w.-]+)"')


def fill_text(page: str, messages: dict[str, str]) -> str:
    """Put the catalogue's words into the page's empty data-i18n elements and its
    data-i18n-title / data-i18n-aria-label attributes (the page's text lives in
    the catalogues; the app swaps it for another language at run time)."""
    page = _TEXT.sub(lambda m: m.group(1) + html.escape(messages[m.group(3)]) + m.group(4), page)
    return _ATTRIBUTE.sub(
        lambda m: f'{m.group(0)} {m.group(1)}="{html.escape(messages[m.group(2)])}"', page)


#: The help pages of each language: English at help/, the others at help/LANG/.
HELP_FOLDERS = {"en": "", "it": "it/"}


def write_help(out: Path) -> None:
    """Each help fragment in web/help (and web/help/LANG) wrapped in the page template."""
    template = (WEB / "help" / "template.html").read_text(encoding="utf-8")
    nav = "".join(f'<li><a href="./{html.escape(r.id)}.html">{html.escape(r.name)}</a></li>'
                  for r in GAMES.values())
    (out / "help").mkdir()
    shutil.copy2(WEB / "help" / "help.css", out / "help" / "help.css")
    for language, folder in HELP_FOLDERS.items():
        messages = catalogue(language)
        other = "it" if language == "en" else "en"
        (out / "help" / folder).mkdir(exist_ok=True)
        up = "../" if folder else ""
        for fragment in sorted((WEB / "help" / folder).glob("*.part.html")):
            slug = fragment.name.removesuffix(".part.html")
            body = fragment.read_text(encoding="utf-8")
            title = body.split("<h1>", 1)[1].split("</h1>", 1)[0] if "<h1>" in body else slug
            other_href = (f"../{slug}.html" if folder else f"./{HELP_FOLDERS[other]}{slug}.html")
            fields = {"lang": language, "up": up, "title": title, "nav": nav, "body": body,
                      "csp": HELP_CSP, "other_href": other_href, "other_lang": other,
                      "title_suffix": html.escape(messages["help.title_suffix"]),
                      "back": html.escape(messages["help.back"]),
                      "nav_label": html.escape(messages["help.nav"]),
                      "how_to_play": html.escape(messages["games.how_to_play"]),
                      "other_language": html.escape(messages["help.other_language"])}
            page = template
            for name, value in fields.items():
                page = page.replace("{{" + name + "}}", value)
            (out / "help" / folder / f"{slug}.html").write_text(page, encoding="utf-8")
        english = {p.name for p in (WEB / "help").glob("*.part.html")}
        here = {p.name for p in (WEB / "help" / folder).glob("*.part.html")}
        if here != english:
            sys.exit(f"build.py: help pages in {language} differ from English: "
                     f"{sorted(here ^ english)}")
    missing = [r.id for r in GAMES.values() if not (out / "help" / f"{r.id}.html").exists()]
    if missing:
        sys.exit(f"build.py: no help page for {', '.join(missing)}")


def _png(size: int, pixel) -> bytes:
    """A PNG file of size x size RGBA pixels, ``pixel(x, y)`` giving each colour."""
    rows = b"".join(b"\0" + bytes(channel for x in range(size) for channel in pixel(x, y))
                    for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def _icon_pixel(size: int, maskable: bool):
    """Our icon: a white card with a red diamond on green felt.

    The maskable one fills the whole square and keeps the card inside the
    central 80% safe zone; the plain one is a rounded square.
    """
    felt, card, red, clear = (31, 107, 58, 255), (255, 253, 247, 255), (192, 24, 43, 255), (0, 0, 0, 0)
    scale = 0.62 if maskable else 0.8

    def pixel(x: int, y: int):
        u, v = (x + 0.5) / size * 2 - 1, (y + 0.5) / size * 2 - 1      # -1 .. 1
        corner = 0.35
        if not maskable and min(abs(u), abs(v)) > 1 - corner and \
                (abs(u) - (1 - corner)) ** 2 + (abs(v) - (1 - corner)) ** 2 > corner ** 2:
            return clear
        cu, cv = u / scale, v / scale
        if abs(cu) < 0.62 and abs(cv) < 0.86:
            return red if abs(cu) / 0.42 + abs(cv) / 0.6 < 1 else card
        return felt
    return pixel


def write_icons(out: Path) -> None:
    """The app icons in the sizes browsers ask for, drawn here (no image tools needed)."""
    (out / "icons").mkdir()
    for name, size, maskable in (("icon-192", 192, False), ("icon-512", 512, False),
                                 ("maskable-512", 512, True)):
        (out / "icons" / f"{name}.png").write_bytes(_png(size, _icon_pixel(size, maskable)))


def write_service_worker(out: Path) -> None:
    """sw.js with the list of every file of the build and a cache name from their hash."""
    files = sorted(p for p in out.rglob("*") if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(out).as_posix().encode() + b"\0" + path.read_bytes())
    urls = ["./"] + [f"./{p.relative_to(out).as_posix()}" for p in files if p.name != ".nojekyll"]
    script = (WEB / "sw.js").read_text(encoding="utf-8")
    script = script.replace("__BUILD_HASH__", digest.hexdigest()[:16]).replace(
        "__FILE_LIST__", json.dumps(urls, indent=2))
    (out / "sw.js").write_text(script, encoding="utf-8")


def build(out: Path = DIST) -> None:
    """Write the whole site to ``out`` (removing what was there)."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir()
    copy_runtime(out)
    write_app_zip(out)
    write_pages(out)
    write_help(out)
    write_icons(out)
    write_service_worker(out)     # last: it lists and hashes everything else


if __name__ == "__main__":
    build()
    print(f"build.py: wrote {DIST.relative_to(ROOT)}/")
