"""The static site build.py writes: complete, relative, reproducible, installable."""

import hashlib
import json
import re
import struct
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


def fingerprint(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in folder.rglob("*") if p.is_file()}


def test_the_build_is_reproducible(site, tmp_path):
    again = tmp_path / "again"
    build.build(again)
    assert fingerprint(again) == fingerprint(site)


def test_the_service_worker_precaches_exactly_the_files_of_the_build(site):
    script = (site / "sw.js").read_text()
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", script, re.S).group(1))
    files = {f"./{name}" for name in fingerprint(site) if name not in ("sw.js", ".nojekyll")}
    assert set(listed) == files | {"./"}
    assert re.search(r'const CACHE = "castling-[0-9a-f]{16}";', script)


def test_a_change_in_any_file_changes_the_cache_name(site, tmp_path):
    copy = tmp_path / "copy"
    import shutil
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
    names = zipfile.ZipFile(site / "app.zip").namelist()
    assert "castling/__init__.py" in names and "castling_web/app.py" in names
    config = json.loads((site / "pyscript.json").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
