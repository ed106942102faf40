# pyodide.code, as far as the browser layer uses it (type check only).
from typing import Any

def run_js(code: str, /) -> Any: ...
