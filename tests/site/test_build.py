"""The static site build.py writes: complete, relative, reproducible, installable."""

import base64
import hashlib
import json
import re
import struct
import sys
from pathlib import Path

import shutil

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from scripts import page_text  # noqa: E402
from castling.app.storage.records import SWITCH_ROWS  # noqa: E402


def fingerprint(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in folder.rglob("*") if p.is_file()}


def test_the_build_is_reproducible(site, tmp_path):
    again = tmp_path / "again"
    build.build(again)
    assert fingerprint(again) == fingerprint(site)


def test_the_site_ships_the_search_core(site):
    assert (site / build.WASM_NAME).read_bytes()[:4] == b"\0asm"


def test_without_the_compiler_the_site_is_built_without_the_core(tmp_path, monkeypatch, capsys):
    def missing(out, python):
        raise build.MissingToolchain("no ziglang here")
    monkeypatch.setattr(build, "compile_core", missing)
    monkeypatch.delenv("CI", raising=False)
    assert build.write_core(tmp_path) is False
    assert "building without the search core" in capsys.readouterr().err
    # Under CI a site without its core is not published unnoticed.
    monkeypatch.setenv("CI", "true")
    with pytest.raises(SystemExit, match="required under CI"):
        build.write_core(tmp_path)


def test_the_service_worker_precaches_exactly_the_files_of_the_build(site):
    script = (site / "sw.js").read_text()
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", script, re.S).group(1))
    files = {f"./{name}" for name in fingerprint(site) if name not in ("sw.js", ".nojekyll")}
    # (but Pyodide's full standard library: the safety net's, fetched only if ever needed)
    assert set(listed) == files - {"./vendor/pyodide/python_stdlib.zip"}
    assert build.NOT_PRECACHED == {"vendor/pyodide/python_stdlib.zip"}
    for url, integrity in listed.items():      # Subresource Integrity of each file
        digest = hashlib.sha256((site / url.removeprefix("./")).read_bytes()).digest()
        assert integrity == "sha256-" + base64.b64encode(digest).decode(), url
    assert re.search(r'const CACHE = "castling-[0-9a-f]{16}";', script)


def test_every_puzzles_table_ships_as_it_is_and_is_precached(site):
    """The page fetches puzzles/GAME.json when that game's puzzles are first
    asked for; the service worker has them for offline play once visited."""
    tables = sorted((ROOT / "data" / "puzzles").glob("*.json"))
    assert len(tables) == 31
    listed = (site / "sw.js").read_text()
    for table in tables:
        assert (site / "puzzles" / table.name).read_bytes() == table.read_bytes()
        assert f'"./puzzles/{table.name}"' in listed


def test_a_change_in_any_file_changes_the_cache_name(site, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(site, copy)
    (copy / "help" / "index.html").write_text("changed")
    build.write_service_worker(copy)
    cache = re.compile(r'const CACHE = "(castling-\w+)"')
    assert cache.search((copy / "sw.js").read_text()).group(1) != \
        cache.search((site / "sw.js").read_text()).group(1)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_makes_the_site_installable(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"]
    assert manifest["start_url"] == "./index.html" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        path = site / icon["src"]
        assert path.is_file()
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def test_every_url_in_the_pages_is_relative(site):
    pages = [site / "index.html", *sorted((site / "help").glob("*.html"))]
    for page in pages:
        text = page.read_text()
        for url in re.findall(r'(?:src|href)="([^"]*)"', text):
            assert not url.startswith(("/", "http:", "https:", "//")), (page.name, url)
        assert 'http-equiv="Content-Security-Policy"' in text


def test_the_csp_allows_only_this_origin(site):
    policy = re.search(r'Content-Security-Policy" content="([^"]*)"',
                       (site / "index.html").read_text()).group(1)
    assert "default-src 'self'" in policy and "http" not in policy and "*" not in policy
    assert "connect-src 'self'" in policy


def test_github_pages_keeps_every_file(site):
    assert (site / ".nojekyll").exists()
    names = json.loads((site / "python-files.json").read_text())
    assert "castling/__init__.pyc" in names and "castling_web/app.pyc" in names
    config = json.loads((site / "pyscript.json").read_text())
    assert config["interpreter"] == "./interpreter.mjs"


def test_the_python_files_are_bytecode_for_the_browsers_python(site):
    """The app's modules as bytecode only, where Python imports it without a
    source (pkg/mod.pyc), one for every module of the repository's."""
    files = json.loads((site / "python-files.json").read_text())
    modules = {name[:-3] for name in build.app_sources() if name.endswith(".py")}
    assert len(modules) > 20
    assert not any(name.endswith(".py") for name in files)
    for module in modules:
        compiled = base64.b64decode(files[f"{module}.pyc"])
        # flags 0b01: a hash-based .pyc used without checking the source (no timestamp)
        assert int.from_bytes(compiled[4:8], "little") == 1, module
    # the data files as they are, and the order the page imports the app in
    # (written by the build: castling_web/import_steps.py reads it)
    assert {name for name in files if name.endswith(".json")} == \
        {name for name in build.app_sources() if name.endswith(".json")} | \
        {"castling_web/import_order.json"}
    assert {"castling_web.app", "castling.games"} <= set(
        json.loads(base64.b64decode(files["castling_web/import_order.json"])))


def test_pyscripts_package_comes_as_bytecode_of_the_very_sources_it_writes(site):
    """PyScript writes its package's sources at start, from its bundle; the
    bytecode shipped for them is of those very sources (build.pyscript_package
    reads them from the bundle the site ships), and the sources are not shipped
    twice."""
    files = json.loads((site / "python-files.json").read_text())
    package = build.pyscript_package()
    assert len(package) > 5 and "import js" in package["pyscript/fs.py"]
    assert build.pyscript_package(site / "vendor" / "pyscript") == package    # the bundle shipped
    for name in package:
        folder, _, module = name.rpartition("/")
        compiled = base64.b64decode(files[f"{folder}/__pycache__/{module[:-3]}.cpython-314.pyc"])
        assert int.from_bytes(compiled[4:8], "little") == 1, name
        assert name not in files


def boot_module_constant(site: Path, module: str, name: str) -> str:
    return re.search(rf"const {name} = (.*?);\n", (site / module).read_text()).group(1)


def test_the_boot_modules_know_this_build(site):
    sizes = json.loads(boot_module_constant(site, "interpreter.mjs", "RUNTIME_BYTES"))
    assert sizes and all((site / "vendor" / "pyodide" / name).stat().st_size == size
                         for name, size in sizes.items())
    assert re.fullmatch(r'"[0-9a-f]{16}"', boot_module_constant(site, "snapshot-store.mjs", "SNAPSHOT_ID"))
    assert "__" not in "".join(p.read_text() for p in site.glob("*.mjs"))   # no placeholder left


def test_a_change_to_the_python_changes_the_snapshot_id(site, tmp_path, monkeypatch):
    changed = tmp_path / "py"
    shutil.copytree(ROOT / "py", changed)
    deal = changed / "castling" / "deal.py"
    deal.write_text(deal.read_text() + "\n# another build\n")
    (tmp_path / "scripts").symlink_to(ROOT / "scripts")
    (tmp_path / "data").symlink_to(ROOT / "data")
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "WEB", ROOT / "web")
    monkeypatch.setattr(build, "NODE", ROOT / "node_modules")
    other = tmp_path / "dist"
    build.build(other)
    assert boot_module_constant(other, "snapshot-store.mjs", "SNAPSHOT_ID") != \
        boot_module_constant(site, "snapshot-store.mjs", "SNAPSHOT_ID")


def test_only_the_parts_of_pyscript_the_app_loads_are_shipped(site):
    shipped = sorted(p.name for p in (site / "vendor" / "pyscript").iterdir() if p.suffix == ".js")
    assert [re.sub(r"-[\w-]{8}\.js$", "-*.js", name) for name in shipped] == \
        ["core-*.js", "core.js", "error-*.js"]
    config = json.loads((site / "pyscript.json").read_text())
    assert set(config["plugins"]) == {f"!{name}" for name in build.PYSCRIPT_PLUGINS_OFF}


@pytest.mark.parametrize("language, folder", [("en", ""), ("it", "it/")])
def test_the_help_index_lists_every_declared_game_by_group(site, language, folder):
    from castling.games import GAMES, GROUPS
    from castling.i18n import catalogue
    messages = catalogue(language)
    page = (site / "help" / folder / "index.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings == [messages[f"games.group.{group}"] for group in GROUPS]
    links = re.findall(r'<li><a href="\./([a-z0-9-]+)\.html">', page.split("<h2>", 1)[1])
    assert links == list(GAMES)
    assert all((site / "help" / folder / f"{game}.html").exists() for game in links)
    assert str(len(GAMES)) in page and "{{" not in page


def test_every_placeholder_is_filled_and_an_unknown_one_stops_the_build(site):
    left = {p.relative_to(site).as_posix(): page_text.PLACEHOLDER.findall(p.read_text(encoding="utf-8"))
            for p in site.rglob("*") if p.suffix in (".html", ".js", ".mjs", ".json")
            and "vendor" not in p.parts and p.name != "python-files.json"}
    assert {name: found for name, found in left.items() if found} == {}
    assert build.fill("a __CSP__ b", {"CSP": "x"}, "page") == "a x b"
    with pytest.raises(SystemExit, match="page has placeholders the build does not fill: __CPS__"):
        build.fill("<meta content='__CPS__'>", {"CSP": "x"}, "page")


def test_the_language_menu_and_help_folders_follow_the_catalogues(site):
    from castling.i18n import LANGUAGES, help_folder
    page = (site / "index.html").read_text(encoding="utf-8")
    menu = re.search(r'<select id="language">(.*?)</select>', page, re.S).group(1)
    assert re.findall(r'<option value="([\w-]+)" lang', menu) == list(LANGUAGES)
    for language in LANGUAGES:
        assert (site / "help" / help_folder(language) / "chessboard.html").exists()


def test_the_runtimes_licences_are_shipped_beside_them(site):
    """THIRD_PARTY.md: Pyodide (MPL-2.0), CPython (PSF), PyScript (Apache-2.0) and
    the QR encoder (MIT or Apache-2.0, both texts)."""
    vendor = site / "vendor"
    assert (vendor / "pyodide" / "LICENSE").read_text().startswith("Mozilla Public License Version 2.0")
    assert "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2" in (vendor / "pyodide" / "PYTHON-LICENSE").read_text()
    assert "Apache License" in (vendor / "pyscript" / "LICENSE").read_text()
    assert "Apache License" in (vendor / "qr" / "LICENSE").read_text()
    assert "MIT License" in (vendor / "qr" / "LICENSE-MIT").read_text()
    assert "export function encodeQR" in (vendor / "qr" / "index.js").read_text()



@pytest.mark.parametrize("language", ["en", "it"])
def test_every_game_page_is_made_from_its_declaration(site, language):
    """Name, introduction, the sketch of the table, the rules' sections made from
    the declaration and the tips: all in the page, in order, escaped."""
    import html
    from castling.games import GAMES
    from castling.i18n import catalogue, help_folder
    from castling.app.words.rules_text import intro, rules_sections, tips
    messages = catalogue(language)
    for rules in GAMES.values():
        page = (site / "help" / help_folder(language) / f"{rules.id}.html").read_text(encoding="utf-8")
        main = page.split("<main>", 1)[1].split("</main>", 1)[0]
        sections = (*rules_sections(rules, messages), tips(rules, messages))
        assert re.findall(r"<h2>(.*?)</h2>", main) == [html.escape(s.heading) for s in sections]
        assert main.index(f"<h1>{html.escape(rules.name)}</h1>") < main.index(
            html.escape(intro(rules, messages))) < main.index("<svg") < main.index("<h2>")
        assert main.count('data-pile="') == len(rules.pile_names)
        for section in sections:
            for line in [*section.lines, *(text for fact in section.facts for text in fact)]:
                assert html.escape(line) in main, (rules.id, line)
        assert f'lang="{language}"' in page


def test_a_hand_written_game_page_stops_the_build(tmp_path, monkeypatch):
    web = tmp_path / "web"
    shutil.copytree(ROOT / "web" / "help", web / "help")
    (web / "help" / "fortress.part.html").write_text("<h1>Fortress</h1>")
    with pytest.raises(SystemExit, match="fortress.part.html: a game's help page is made"):
        (tmp_path / "out").mkdir()
        build.write_help(tmp_path / "out", web)


def test_every_declared_switch_is_a_row_of_its_group_in_settings(site):
    # An on/off setting is declared once (castling.app.storage.records.Settings,
    # switch("GROUP")): the build writes its row into that group of the dialog.
    page = (site / "index.html").read_text(encoding="utf-8")
    groups = dict(re.findall(r'<section class="settings-group" aria-labelledby="settings-(\w+)">'
                             r'(.*?)</section>', page, re.S))
    assert set(SWITCH_ROWS) <= set(groups)
    for group, names in SWITCH_ROWS.items():
        shown = re.findall(r'role="switch" class="switch" data-setting="(\w+)"', groups[group])
        assert tuple(shown) == names, group
    every = re.findall(r'data-setting="(\w+)"[^>]*role="switch"|role="switch"[^>]*data-setting="(\w+)"',
                       page)
    assert sorted(a or b for a, b in every) == sorted(n for names in SWITCH_ROWS.values() for n in names)
