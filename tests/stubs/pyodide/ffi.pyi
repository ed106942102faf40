# pyodide.ffi, as far as the browser layer uses it (type check only).
from typing import Any

jsnull: Any

def create_proxy(obj: Any, /, *, capture_this: bool = ..., roundtrip: bool = ...) -> Any: ...
def to_js(obj: Any, /, **options: Any) -> Any: ...
