# PyScript's Python module, as far as the browser layer uses it (type check only).
from typing import Any

document: Any
window: Any

async def create_named_worker(src: str, name: str, config: Any = ..., type: str = ...) -> Any: ...
