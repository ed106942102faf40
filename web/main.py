"""PyScript entry point: start the app (the code lives in castling_web)."""

from pyscript import document, window

from castling_web.app import App

App(document, window).start()
