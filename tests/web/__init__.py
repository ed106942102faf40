"""The game screen's parts, tested in CPython with stand-ins for the page."""
