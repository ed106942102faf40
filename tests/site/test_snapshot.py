"""The start-up snapshot, made, stored and restored in Node with the site's own
modules (tests/pyodide/snapshot.mjs), the way the browser does it."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Pyodide 314.0.7 restores into a heap of its initial size whatever the
# snapshot's (pyodide issue 6254): one that outgrew it would never restore.
RESTORABLE = 30 * 1024 * 1024 + 1024


@pytest.fixture(scope="module")
def made(site):
    """The snapshot made from the site's build (conftest.py's), restored: its figures."""
    node = shutil.which("node")
    assert node, "Node.js is needed (the README's set-up installs it)"
    done = subprocess.run([node, str(ROOT / "tests" / "pyodide" / "snapshot.mjs"), str(site)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_snapshot_fits_the_heap_it_is_restored_into(made):
    assert made["size"] <= RESTORABLE
    assert made["heap"] >= made["size"] - 1024


def test_the_stored_form_round_trips_and_is_smaller(made):
    assert made["roundTrip"]
    assert made["stored"] < made["size"] * 0.75        # the empty pages are left out


def test_a_damaged_stored_snapshot_is_refused(made):
    assert made["truncatedRefused"] and made["corruptedRefused"] and made["emptyRefused"]


def test_a_restored_interpreter_has_the_app_imported_and_plays(made):
    for probe in made["unseeded"] + made["reseeded"]:
        assert probe["imported"] == ["castling.search.solver", "castling_web.app"]
        assert probe["moves"] == 1


def test_random_must_be_reseeded_after_a_restore(made):
    first, second = made["unseeded"]
    assert first["draw"] == second["draw"]           # the snapshot froze random's state
    first, second = made["reseeded"]
    assert first["draw"] != second["draw"]
