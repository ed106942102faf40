"""The solver's worker: answers the game screen's questions off the main thread,
so the board never waits for a search.  The answers are castling.app.advice's;
requests and answers travel as JSON text.

The page first hands it the address of the compiled search core
(:func:`load_core`); until that is loaded, or where it cannot be (an old
browser, a damaged file), the same questions are answered by the Python
search, only more slowly."""

import json

from castling.search.core import use_module
from castling.app.advice import answer


def ask(request_json):
    """One request (JSON text) in, its answer (JSON text) out."""
    try:
        request = json.loads(str(request_json))
    except ValueError:
        return json.dumps({"error": "the request is not JSON"})
    return json.dumps(answer(request) if isinstance(request, dict) else {"error": "bad request"})


async def load_core(url):
    """Fetch and compile the core at ``url``, and search with it from now on:
    "core", or why not (the Python search goes on answering)."""
    try:
        from castling.search.core.js_module import JsModule
        module = await JsModule.fetch(str(url))
        use_module(module)
        # One small search at once: an instance that cannot be made, or a
        # module of another version, shows now rather than at the first hint.
        from castling import GAMES, Position
        from castling.search.core.wasm import shared_core
        rules = GAMES["chessboard"]
        core = shared_core(rules)
        if core is None:
            raise RuntimeError("no instance of the module")
        core.solve(Position.deal(rules, 1), 10)
    except Exception as error:      # whatever the browser refused: say it, search in Python
        use_module(None)
        return f"the search core did not load: {type(error).__name__}: {error}"[:300]
    return "core"


def memory():
    """The worker's memory in bytes, for benchmarks/browser.py (which calls it as
    ``castlingWorkerMemory()`` in the worker): Python's heap (Pyodide's
    WebAssembly memory) and the search cores' memories. Neither ever shrinks,
    so what they are now is the most they have been."""
    import pyodide_js
    from castling.search.core.wasm import memory_in_use
    return json.dumps({"python": pyodide_js._module.HEAPU8.length, "core": memory_in_use()})


def _publish_memory():
    import js
    from pyodide.ffi import create_proxy
    js.globalThis.castlingWorkerMemory = create_proxy(memory)


_publish_memory()
__export__ = ["ask", "load_core"]
