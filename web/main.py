"""PyScript entry point: start the app (the code lives in castling_web)."""

from castling_web.app import App

App().start()
