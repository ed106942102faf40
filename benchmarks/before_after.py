"""The speed figures of this checkout and of an older commit, in one run:
what a change that should not change speed (a rebuilt house) is held to.

Run from the repository root, the site built (python3 build.py):

    .venv/bin/python benchmarks/before_after.py 3b85447

The commit is checked out beside this one (a git worktree in a temporary
folder) and built there. Then, each measured in turn on the same machine:
the engine's move generation (benchmarks/movegen.py, old and new interleaved,
round by round: the machine is shared, so neither gets the quieter minute) and
the built sites' start-up, move-to-verdict and tap figures (benchmarks/
browser.py --before: both sites against the same anchors, in one browser).
Move generation is printed with its ratio after/before; the browser's figures
are printed for each site, each as its ratio to the anchors of that run.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOVEGEN_GAMES = ("chessboard", "fortress", "beleaguered-castle", "martha", "zerline")


def check_out(commit: str, folder: Path) -> Path:
    """The commit's tree in ``folder``, built (its own build.py, this venv)."""
    tree = folder / "before"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit], cwd=ROOT, check=True,
                   capture_output=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    subprocess.run([sys.executable, "build.py"], cwd=tree, check=True, capture_output=True)
    return tree


def movegen_rates(tree: Path, game: str, seconds: float) -> float:
    """Positions a second through "generate, play" in ``tree``'s engine (the median line)."""
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "movegen.py"), "--seconds",
                           str(seconds), game], cwd=tree, check=True, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(tree / "py")})
    found = re.search(rf"^{game}\s+([\d,]+)", done.stdout, re.MULTILINE)
    assert found, done.stdout
    return float(found.group(1).replace(",", ""))


def movegen_figures(before: Path, rounds: int, seconds: float) -> None:
    print("Move generation (positions/s, median of interleaved rounds):")
    for game in MOVEGEN_GAMES:
        old, new = [], []
        for _ in range(rounds):
            old.append(movegen_rates(before, game, seconds))
            new.append(movegen_rates(ROOT, game, seconds))
        o, n = statistics.median(old), statistics.median(new)
        print(f"  {game:20s} before {o:10,.0f}   after {n:10,.0f}   after/before {n / o:.3f}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the older commit (e.g. the parent of a change)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each figure")
    parser.add_argument("--seconds", type=float, default=2.0, help="move generation: time per round")
    parser.add_argument("--parts", default="boot,verdicts,taps", help="benchmarks/browser.py's parts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        before = check_out(args.commit, Path(folder))
        try:
            print(f"before: {args.commit}; after: this checkout", flush=True)
            movegen_figures(before, args.rounds, args.seconds)
            subprocess.run([sys.executable, str(ROOT / "benchmarks" / "browser.py"), "--parts", args.parts,
                            "--rounds", str(args.rounds), "--moves", "60", "--verdicts", "20",
                            "--before", str(before / "dist")], cwd=ROOT, check=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT)


if __name__ == "__main__":
    main()
