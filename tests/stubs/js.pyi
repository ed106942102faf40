# The browser's global scope as Pyodide gives it to Python: every name is a
# JavaScript object, untyped (Any). For the type check of the browser layer only.
from typing import Any

def __getattr__(name: str) -> Any: ...
