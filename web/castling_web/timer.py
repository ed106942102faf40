"""The game's clock: it runs once a second while the page is visible."""

from __future__ import annotations


def clock(seconds: int) -> str:
    """'4:05', or '1:02:03' past an hour."""
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


class Timer:
    """Counts the seconds of the game in hand (the session decides when they count)."""

    def __init__(self, document, session) -> None:
        self.document = document
        self.session = session

    def show(self) -> None:
        self.document.getElementById("timer").textContent = clock(self.session.seconds)

    def on_tick(self, *_) -> None:
        # A hidden page (another tab, a locked phone) is not being played.
        if self.document.hidden or self.session.game is None:
            return
        self.session.tick()
        self.show()
