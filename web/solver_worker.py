"""The solver's worker: answers the game screen's questions off the main thread,
so the board never waits for a search.  The answers are castling.player.advice's;
requests and answers travel as JSON text."""

import json

from castling.player.advice import answer


def ask(request_json):
    """One request (JSON text) in, its answer (JSON text) out."""
    try:
        request = json.loads(str(request_json))
    except ValueError:
        return json.dumps({"error": "the request is not JSON"})
    return json.dumps(answer(request) if isinstance(request, dict) else {"error": "bad request"})


__export__ = ["ask"]
