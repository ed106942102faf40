"""The safety net under the page's trimmed standard library
(castling_web/stdlib_fallback.py), run in CPython over zips made here: a left
out module comes from the full library, fetched once; any other name is not
its business."""

from __future__ import annotations

import importlib
import sys
import zipfile

import pytest

from castling_web import stdlib_fallback


@pytest.fixture
def net(tmp_path, monkeypatch):
    trimmed, full = tmp_path / "trimmed.zip", tmp_path / "full.zip"
    with zipfile.ZipFile(trimmed, "w") as packed:
        packed.writestr(stdlib_fallback.LEFT_OUT, "castling_left_out\ncastling_pkg\ncastling_pkg.inner")
    with zipfile.ZipFile(full, "w") as packed:
        packed.writestr("castling_left_out.py", "ANSWER = 42\n")
        packed.writestr("castling_pkg/__init__.py", "")
        packed.writestr("castling_pkg/inner.py", "WHERE = 'inner'\n")
    fetched = []

    def fetch(url):
        fetched.append(url)
        return full.read_bytes()
    monkeypatch.setattr(stdlib_fallback, "LIBRARY", str(trimmed))
    monkeypatch.setattr(stdlib_fallback, "FULL", str(tmp_path / "fetched.zip"))
    monkeypatch.setattr(stdlib_fallback, "_fetch", fetch)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", list(sys.path))
    for name in ("castling_left_out", "castling_pkg", "castling_pkg.inner"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    stdlib_fallback.install("https://example.invalid/full.zip")
    stdlib_fallback.install("https://example.invalid/full.zip")        # (once only)
    return fetched


def test_a_module_left_out_comes_from_the_full_library_fetched_once(net, capsys):
    assert sum(type(f).__name__ == "FullLibrary" for f in sys.meta_path) == 1
    assert importlib.import_module("castling_left_out").ANSWER == 42
    assert importlib.import_module("castling_pkg.inner").WHERE == "inner"
    assert net == ["https://example.invalid/full.zip"]
    assert "castling_left_out came from the full standard library" in capsys.readouterr().err


def test_a_name_not_left_out_is_not_looked_for(net):
    with pytest.raises(ImportError):
        importlib.import_module("castling_no_such_module")
    assert net == []
