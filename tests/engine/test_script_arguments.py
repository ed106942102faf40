"""The study's and the benchmarks' command lines refuse a game they do not know
with the list of games, instead of a traceback after minutes of work."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("script", ["benchmarks/solver.py", "scripts/winnability.py"])
def test_an_unknown_game_is_refused_by_name(script):
    done = subprocess.run([sys.executable, str(ROOT / script), "fortress", "fortess"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2
    assert "no such game: fortess (the games: chessboard," in done.stderr
    assert "Traceback" not in done.stderr
