"""Every error class Castling defines lives in castling/errors.py."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_error_class_is_defined_in_errors_py():
    homes = {}
    for path in sorted([*(ROOT / "py" / "castling").rglob("*.py"),
                        *(ROOT / "web" / "castling_web").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
                homes[node.name] = path.name
    assert homes and set(homes.values()) == {"errors.py"}, homes
