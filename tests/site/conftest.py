"""The site's tests share one build of it (a build takes seconds)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built into a folder of its own (never dist/, which `make test`'s
    browser tests serve meanwhile). Tests read it; one that changes files copies it."""
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out
