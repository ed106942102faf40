"""The app model: the player's side of the app, without a DOM, in CPython as in
the browser. The game in hand and how it is played, kept and opened (here:
``session``, ``hand``, ``preferences``; above the session and built beside it,
``keeping``, ``opening`` and ``transfers``; ``advice``);
what is stored and how it is kept safe (``storage``); the table as shown
(``table``); words written from the rules and the player's record (``words``);
which deals, and the links that name them (``deals``).

It builds on the rules engine (the rest of ``castling``); the engine never
imports it (tests/engine/test_layers.py).
"""
