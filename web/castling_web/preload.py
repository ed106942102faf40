"""What a memory snapshot of the interpreter holds.

``web/snapshot-maker.mjs`` boots a clean Pyodide in a worker, unpacks app.zip
where PyScript unpacks it, imports this module and snapshots the interpreter.
A return visit restores that snapshot instead of booting Python and importing
all this again (``web/interpreter.mjs``).

Import here what the first paint and the solver's worker need, and nothing that
reads the page, the storage or the clock: a snapshot is taken once and restored
on every visit, so what changes between visits must be read after the restore
(the app reads language, settings and saves in ``App.start``; the loader
reseeds ``random``). Nothing here may hold a JavaScript object either: the
snapshot can only keep references to globals it can look up again by name.
"""

import encodings.cp437  # noqa: F401  (PyScript unpacks app.zip with zipfile, which needs it)
import html  # noqa: F401  (PyScript's own package imports it at every start)

import castling.app.advice  # noqa: F401  (the solver's worker)
import castling.search.solver  # noqa: F401
import castling_web.app  # noqa: F401  (the game screen, with the whole engine)
from castling.i18n import LANGUAGES, catalogue

for _language in LANGUAGES:      # the catalogues, parsed once here
    catalogue(_language)
