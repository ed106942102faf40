"""The README's examples do what it says."""

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_python_example_runs():
    section = README.split("## The engine from Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)     # raises if any line fails
    game, loaded = namespace["game"], namespace["loaded"]
    assert loaded.problem is None and loaded.game.moves == game.moves
