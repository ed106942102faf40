#!/usr/bin/env python3
"""Build the static site into dist/: python3 build.py

Standard library only and deterministic: the same sources give the same bytes.
It copies the page, the self-hosted runtime (Pyodide and PyScript from
node_modules, pinned in package.json; run `npm ci` first), bundles the Python
packages the page runs (the engine and the browser layer) with their bytecode,
compiled by that runtime's Python in Node, wraps the help pages in the
site's page template, and compiles the search core to WebAssembly with the
pinned ziglang (scripts/build_core.py; without it the site is built without
the core, and says so).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE = ROOT / "node_modules"
# pyodide-lock.json is not shipped: it lists Pyodide's packages, and the app
# loads none (its info goes into python-files.mjs; see write_boot_modules).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# The pages' Content-Security-Policy. Pyodide compiles WebAssembly
# ('wasm-unsafe-eval') and PyScript and Pyodide turn strings into JavaScript
# functions ('unsafe-eval'); everything else comes from this origin only.
# README.md says why.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
       "style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'")


# The engine and the browser layer, from this checkout's py/ and web/ (not
# installed: scripts/checkout.py); the build's parts are the scripts package.
from scripts.checkout import use_checkout  # noqa: E402
use_checkout()
from castling.search.core.wasm import WASM_NAME  # noqa: E402  (where the core goes in the site)
from castling.i18n import DEFAULT, catalogue  # noqa: E402
from scripts.first_table import first_table, game_files  # noqa: E402  (the table before Python is up)
from scripts.first_table import script as first_table_script  # noqa: E402  (its script, from its parts)
from scripts.build_core import MissingToolchain, compile_core, toolchain_present  # noqa: E402
from scripts.help_pages import write_help, write_sketches  # noqa: E402  (the help pages, the sketches)
from scripts.import_order import import_order  # noqa: E402  (the app imported step by step)
from scripts.icons import write_icons  # noqa: E402
from scripts.page_text import fill, fill_text  # noqa: E402  (placeholders, the page's words)
from scripts.settings_markup import settings_markup  # noqa: E402  (the Settings dialog's controls)
from scripts.menu_markup import menu_markup  # noqa: E402  (the menu's buttons)
from scripts.chooser_markup import chooser_markup  # noqa: E402  (the game lists, the languages)


#: What the app loads of PyScript's dist folder (chunk names end in a content
#: hash). The rest is never loaded with our config (pyscript.json turns the
#: editor, terminal, game and helper plugins off; there is no TOML config, no
#: packages and no MicroPython), so it is left out of the site and its precache.
PYSCRIPT_FILES = ("core.js", "core-*.js", "error-*.js")
#: PyScript plugins the app does not use; each would cost a request at start-up.
PYSCRIPT_PLUGINS_OFF = ("py-editor", "py-terminal", "py-game", "donkey", "deprecations-manager")


def copy_runtime(out: Path) -> None:
    """Pyodide's runtime files and the parts of PyScript the app loads."""
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("build.py: node_modules is missing the runtime; run `npm ci` first")
    target = out / "vendor" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, target / name)
    target = out / "vendor" / "pyscript"
    target.mkdir()
    for pattern in PYSCRIPT_FILES:
        matches = sorted(pyscript.glob(pattern))
        if not matches:
            sys.exit(f"build.py: PyScript has no {pattern}; check PYSCRIPT_FILES")
        for path in matches:
            shutil.copy2(path, target / path.name)
    # The licences travel with the files they cover (THIRD_PARTY.md): PyScript's and
    # CLDR's (its plural rules ride in the Python files) from their packages; Pyodide's
    # package carries none, so the MPL-2.0 text and CPython's are kept in web/licenses/.
    shutil.copy2(NODE / "@pyscript" / "core" / "LICENSE", target / "LICENSE")
    shutil.copy2(WEB / "licenses" / "MPL-2.0.txt", out / "vendor" / "pyodide" / "LICENSE")
    shutil.copy2(WEB / "licenses" / "Python-LICENSE.txt",
                 out / "vendor" / "pyodide" / "PYTHON-LICENSE")
    (out / "vendor" / "cldr").mkdir(exist_ok=True)
    shutil.copy2(NODE / "cldr-core" / "LICENSE", out / "vendor" / "cldr" / "LICENSE")


#: The QR code of a transfer link (Settings → Move to another device): Paul
#: Miller's encoder, the npm package ``qr`` pinned in package.json (MIT or
#: Apache-2.0; THIRD_PARTY.md). Its index.js is one ES module with no imports;
#: the page imports it only when a code is asked for (castling_web/transfer_view.py).
QR = NODE / "qr"


def copy_qr_encoder(out: Path) -> None:
    """The QR encoder and its licences, as the package ships them."""
    if not (QR / "index.js").is_file():
        sys.exit("build.py: node_modules has no QR encoder (qr); run `npm ci` first")
    target = out / "vendor" / "qr"
    target.mkdir(parents=True)
    for name in ("index.js", "LICENSE", "LICENSE-MIT"):
        shutil.copy2(QR / name, target / name)


#: Where the page's Python files go (web/python-files.mjs): Pyodide's working directory.
PAGE_HOME = "/home/pyodide"


def compile_for_pyodide(sources: dict[str, bytes]) -> dict[str, bytes]:
    """Bytecode for the browser's Python (Pyodide's CPython, run in Node), keyed
    by path in the page, so the page imports the app without compiling it."""
    script = ROOT / "scripts" / "compile_for_pyodide.mjs"
    request = json.dumps({f"{PAGE_HOME}/{name}": data.decode("utf-8")
                          for name, data in sources.items()})
    done = subprocess.run(["node", str(script)], input=request, capture_output=True,
                          text=True, cwd=ROOT)
    if done.returncode != 0:
        sys.exit(f"build.py: compiling for Pyodide failed:\n{done.stderr}")
    return {path.removeprefix(PAGE_HOME + "/"): base64.b64decode(data)
            for path, data in json.loads(done.stdout).items()}


#: The standard library the page loads (scripts/stdlib_for_pyodide.mjs): the
#: modules the app can import, as bytecode; Pyodide's full library stays beside
#: it (PYODIDE_FILES) for the safety net (castling_web/stdlib_fallback.py).
STDLIB_ZIP = "castling-stdlib.zip"


def pyscript_package(folder: Path = NODE / "@pyscript" / "core" / "dist") -> dict[str, str]:
    """PyScript's Python package as its bundle (in ``folder``) writes it into
    the page's file system at every start (``pyscript/NAME.py`` -> source): the
    bundle holds it as an object literal of JSON strings,
    ``{pyscript:{"__init__.py":"…",…}}``."""
    bundle = "".join(path.read_text(encoding="utf-8") for path in sorted(folder.glob("core-*.js")))
    start = bundle.find('{pyscript:{"')
    if start < 0:
        sys.exit("build.py: PyScript's bundle no longer holds its package as expected")
    entry = re.compile(r'"((?:[^"\\]|\\.)*)":("(?:[^"\\]|\\.)*")(,?)')
    files, at = {}, start + len("{pyscript:{")
    while (found := entry.match(bundle, at)):
        name = json.loads('"' + found.group(1) + '"')
        files[f"pyscript/{name}"] = json.loads(found.group(2))
        at = found.end()
        if not found.group(3):
            break
    if "pyscript/__init__.py" not in files or bundle[at:at + 2] != "}}":
        sys.exit("build.py: PyScript's bundle no longer holds its package as expected")
    return files


def app_sources() -> dict[str, bytes]:
    """The engine, the browser layer and their message catalogues, by path in
    the page's file system (under Pyodide's working directory)."""
    paths = (sorted((ROOT / "py").glob("castling/**/*.py"))
             + sorted((ROOT / "py").glob("castling/**/*.json"))     # catalogues, plural rules
             + sorted(WEB.glob("castling_web/*.py")))
    return {path.relative_to(ROOT / "py" if path.is_relative_to(ROOT / "py") else WEB)
            .as_posix(): path.read_bytes() for path in paths}


def write_stdlib(out: Path) -> None:
    """vendor/pyodide/castling-stdlib.zip: the standard library the app can
    import, compiled by Pyodide's CPython (in Node)."""
    sources = {name: data.decode("utf-8") for name, data in app_sources().items()
               if name.endswith(".py")}
    sources["solver_worker.py"] = (WEB / "solver_worker.py").read_text(encoding="utf-8")
    sources |= pyscript_package()
    done = subprocess.run(["node", str(ROOT / "scripts" / "stdlib_for_pyodide.mjs")],
                          input=json.dumps(sources), capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        sys.exit(f"build.py: making the standard library for Pyodide failed:\n{done.stderr}")
    made = json.loads(done.stdout)
    (out / "vendor" / "pyodide" / STDLIB_ZIP).write_bytes(base64.b64decode(made["zip"]))


def sourceless(compiled: dict[str, bytes]) -> dict[str, bytes]:
    """Bytecode moved from ``pkg/__pycache__/mod.cpython-314.pyc`` to
    ``pkg/mod.pyc``, where Python imports it with no source beside it."""
    moved = {}
    for name, data in compiled.items():
        folder, _, cached = name.rpartition("/__pycache__/")
        moved[f"{folder}/{cached.split('.')[0]}.pyc"] = data
    return moved


def write_python_files(out: Path) -> None:
    """The engine and the browser layer as bytecode, and the message
    catalogues, as one JSON file (path -> base64) that web/python-files.mjs
    writes into Pyodide's file system. Bytecode only (docs/decisions.md,
    "Playable sooner"): the sources were a third of the download, and only a
    traceback ever read them (it names the file and line without them)."""
    sources = app_sources()
    files = {name: data for name, data in sources.items() if not name.endswith(".py")}
    # the order the page imports the app in, step by step (castling_web/import_steps.py)
    files["castling_web/import_order.json"] = json.dumps(import_order()).encode()
    # PyScript writes its own package's sources at every start (pyscript/, in
    # the same working directory) and imports them: their bytecode, left where
    # Python looks for it beside a source, spares compiling them each time
    # (tests/site/test_build.py holds them to the sources PyScript's bundle writes).
    # (One compiling run for both: each boots Pyodide in Node.)
    pyscript = {name: source.encode("utf-8") for name, source in pyscript_package().items()}
    compiled = compile_for_pyodide({name: data for name, data in sources.items()
                                    if name.endswith(".py")} | pyscript)
    files |= sourceless({name: data for name, data in compiled.items()
                         if not name.startswith("pyscript/")})
    files |= {name: data for name, data in compiled.items() if name.startswith("pyscript/")}
    bundle = {name: base64.b64encode(files[name]).decode() for name in sorted(files)}
    (out / "python-files.json").write_text(json.dumps(bundle, indent=0) + "\n", encoding="utf-8")


def write_pages(out: Path, faces: bool = True) -> None:
    """index.html with the game list, the stylesheet, the entry script and its config."""
    plugins = [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF]
    piles, plan = first_table()
    page = fill((WEB / "index.html").read_text(encoding="utf-8"), {
        **settings_markup(), **menu_markup(), **chooser_markup(),
        "FIRST_TABLE": piles, "FIRST_TABLE_PLAN": plan,
        "CSP": CSP, "MPY_CONFIG": html.escape(json.dumps({"plugins": plugins}), quote=False),
    }, "web/index.html")
    (out / "index.html").write_text(fill_text(page, catalogue(DEFAULT)), encoding="utf-8")
    style = (WEB / "style.css").read_text(encoding="utf-8")
    (out / "style.css").write_text(style + (card_face_rules() if faces else ""), encoding="utf-8")
    for name in ("solver_worker.py", "icon.svg", "register-sw.js", "motion.js", "sound.js",
                 "manifest.webmanifest", "snapshot-maker.mjs", "runtime-module.mjs"):
        shutil.copy2(WEB / name, out / name)
    # The table before Python is up: one script, joined from its parts.
    (out / "first-table.js").write_text(first_table_script(WEB / "first-table"), encoding="utf-8")
    # Each game's plan and rules table, and its words in each language, fetched
    # by a link to it before Python is up.
    (out / "tables").mkdir()
    for name, data in game_files().items():
        (out / "tables" / name).parent.mkdir(exist_ok=True)
        (out / "tables" / name).write_bytes(data)
    # The deals of the day (scripts/daily.py), read by the page when first asked for.
    shutil.copy2(ROOT / "data" / "daily.json", out / "daily.json")
    # The graded deals (scripts/grades.py), read by the page when a grade is first asked for.
    shutil.copy2(ROOT / "data" / "grades.json", out / "grades.json")
    # The puzzles (scripts/puzzles.py), one table a game, read by the page when
    # that game's puzzles are first asked for; precached with the rest (sw.js).
    (out / "puzzles").mkdir()
    for table in sorted((ROOT / "data" / "puzzles").glob("*.json")):
        shutil.copy2(table, out / "puzzles" / table.name)
    # No "files": the interpreter module installs the app's Python files itself.
    config = {"interpreter": "./interpreter.mjs", "plugins": plugins}
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    (out / ".nojekyll").write_text("")     # GitHub Pages: serve every path as is


#: The card faces: Adrian Kennard's SVG deck (CC0; THIRD_PARTY.md), as the npm
#: package pinned in package.json ships it. Only its large-index ("bf") forms:
#: their corner index reads on a 40 px card, where the plain forms' is a smudge
#: (docs/decisions.md). The site folder of each deck, and the class on <html>
#: that picks it (settings.py; none: the two-colour deck).
FACES = NODE / "@heruka_urgyen" / "react-playing-cards" / "src" / "images"
DECKS = {"two": ("2color-bf", ""), "four": ("4color-bf", "deck-four")}
RANKS, SUITS = "A23456789TJQK", "CDHS"
SVGO = NODE / "svgo" / "bin" / "svgo.js"


def write_card_faces(out: Path) -> None:
    """The 52 faces of each deck, one file a card (cards/<deck>/<rank><suit>.svg):
    each is fetched once, when first shown, and the service worker precaches
    them all for offline play.

    SVGO (pinned in package.json) rewrites each file with coordinates to one
    decimal, which is a tenth of a unit on a card 240 units wide (nothing a
    screen shows): the two decks' 104 files are 630 KB instead of 1,142 KB (238 KB
    gzipped file by file, instead of 478).
    """
    if not FACES.is_dir() or not SVGO.is_file():
        sys.exit("build.py: node_modules has no card faces or no SVGO; run `npm ci` first")
    for deck, (folder, _) in DECKS.items():
        target = out / "cards" / deck
        target.mkdir(parents=True)
        for rank in RANKS:
            for suit in SUITS:
                shutil.copy2(FACES / folder / f"{rank}{suit}.svg", target / f"{rank}{suit}.svg")
        subprocess.run(["node", str(SVGO), "--quiet", "--precision", "1",
                        "--folder", str(target), "--output", str(target)], check=True)
    shutil.copy2(WEB / "licenses" / "cards-NOTICE.txt", out / "cards" / "NOTICE.txt")


def card_face_rules() -> str:
    """The style rules that put each face on its card: a face-up card element
    carries its code (data-card="KH"); a face-down one says only "down", so
    no rule here can show what it hides."""
    rules = ["\n/* -- card faces (written by build.py from its DECKS) -- */\n"]
    for deck, (_, html_class) in DECKS.items():
        scope = f"html.{html_class} " if html_class else ""
        for rank in RANKS:
            for suit in SUITS:
                rules.append(f'{scope}.card[data-card="{rank}{suit}"]'
                             f'{{background-image:url(cards/{deck}/{rank}{suit}.svg)}}\n')
    # Settings' picture of each deck (index.html's #deck): its own faces, whatever the page's.
    for deck in DECKS:
        for code in DECK_PICTURE:
            rules.append(f'#deck .deck-{deck} .card[data-card="{code}"]'
                         f'{{background-image:url(cards/{deck}/{code}.svg)}}\n')
    return "".join(rules)


#: The cards of Settings' picture of a deck: a red suit and a black one, the two
#: that the four-colour deck colours otherwise.
DECK_PICTURE = ("KD", "KC")


def _fill_module(out: Path, name: str, placeholder: str, value: str) -> None:
    """web/NAME with its placeholder ``__PLACEHOLDER__`` filled, written to out/NAME."""
    script = fill((WEB / name).read_text(encoding="utf-8"), {placeholder: value}, f"web/{name}")
    (out / name).write_text(script, encoding="utf-8")


def write_boot_modules(out: Path) -> None:
    """The interpreter module PyScript loads, the Python files' module and the
    snapshot store, with what they must know of this build: the runtime's
    sizes (the loading screen's progress), the lock file, and the snapshot id,
    a hash of everything a snapshot holds (the runtime, the Python files and
    the modules that install them and make the snapshot), so that no snapshot
    of another build is ever restored. Needs copy_runtime, write_python_files
    and write_pages first."""
    runtime = out / "vendor" / "pyodide"
    sizes = {name: (runtime / name).stat().st_size for name in ("pyodide.asm.wasm", STDLIB_ZIP)}
    _fill_module(out, "interpreter.mjs", "RUNTIME_BYTES", json.dumps(sizes))
    # Pyodide wants a lock file, and checks its ABI against its own; the app
    # loads no package, so it gets the real file's info and no packages.
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    _fill_module(out, "python-files.mjs", "LOCK_FILE",
                 json.dumps({"info": lock["info"], "packages": {}}))
    digest = hashlib.sha256()
    for path in [*(runtime / name for name in (*PYODIDE_FILES, STDLIB_ZIP)), out / "python-files.json",
                 out / "python-files.mjs", out / "snapshot-maker.mjs", out / "runtime-module.mjs"]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    _fill_module(out, "snapshot-store.mjs", "SNAPSHOT_ID", digest.hexdigest()[:16])


def write_core(out: Path) -> bool:
    """The search core (py/castling/search/core/*.c) compiled to WebAssembly by the
    pinned ziglang, from this Python's packages or else .venv's (where `make`
    installs it). Without it the site is built without the core, and says so:
    the app then searches in Python, as it always could. Under CI (CI=true)
    the core is required, so that no published site lacks it unnoticed.
    Returns whether the core was written."""
    venv = ROOT / ".venv" / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    python = next((p for p in (sys.executable, str(venv)) if Path(p).is_file()
                   and toolchain_present(p)), sys.executable)
    try:
        compile_core(out / WASM_NAME, python)
    except MissingToolchain as missing:
        if os.environ.get("CI") == "true":
            sys.exit(f"build.py: the search core is required under CI: {missing}")
        print(f"build.py: building without the search core (the app searches in Python): "
              f"{missing}", file=sys.stderr)
        return False
    return True


#: Files the service worker leaves to the network: Pyodide's full standard
#: library, which only the safety net under the trimmed one ever fetches
#: (castling_web/stdlib_fallback.py), 2.5 MB no player should download for nothing.
NOT_PRECACHED = {"vendor/pyodide/python_stdlib.zip"}


def write_service_worker(out: Path) -> None:
    """sw.js with every file of the build (and its SHA-256, for Subresource
    Integrity) and a cache name from their hash."""
    files = sorted(p for p in out.rglob("*") if p.is_file() and p.name not in ("sw.js", ".nojekyll")
                   and p.relative_to(out).as_posix() not in NOT_PRECACHED)
    digest = hashlib.sha256()
    listed = {}
    for path in files:
        data = path.read_bytes()
        digest.update(path.relative_to(out).as_posix().encode() + b"\0" + data)
        listed[f"./{path.relative_to(out).as_posix()}"] = \
            "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
    script = fill((WEB / "sw.js").read_text(encoding="utf-8"), {
        "BUILD_HASH": digest.hexdigest()[:16], "FILE_LIST": json.dumps(listed, indent=2),
    }, "web/sw.js")
    (out / "sw.js").write_text(script, encoding="utf-8")


def build(out: Path = DIST, faces: bool = True) -> None:
    """Write the whole site to ``out`` (removing what was there). Without
    ``faces``, the site is the same but for the card pictures: blank cards, the
    anchor benchmarks/browser.py measures what the faces cost against."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir()
    copy_runtime(out)
    copy_qr_encoder(out)
    write_python_files(out)
    write_stdlib(out)
    write_pages(out, faces)
    if faces:
        write_card_faces(out)
    write_boot_modules(out)
    write_help(out, WEB)
    write_sketches(out)
    write_icons(out)
    write_core(out)
    write_service_worker(out)     # last: it lists and hashes everything else


if __name__ == "__main__":
    build()
    print(f"build.py: wrote {DIST.relative_to(ROOT)}/")
