"""Pointer play (mouse, touch, pen): drag cards to a pile, or tap to pick up
and tap again to put down; a double tap sends a card home.

A press becomes a drag once it travels ``DRAG_THRESHOLD`` pixels; a press
that does not is a tap, and what a tap does is ``castling.player.choice``'s
answer (shared with Enter). Where cards may go is the engine's answer
(``castling.player.board``); the moves played are the ones it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from castling.player.board import pickable_counts, targets
from castling.player.choice import choose

from .dom import present
from .host import Host

DRAG_THRESHOLD = 6          # pixels a press must travel to become a drag
DOUBLE_TAP_MS = 350


@dataclass
class Press:
    """The pointer held down on a pile, and the drag it may have become."""
    x: float
    y: float
    pile: str
    count: int | None                   # cards from the top under the pointer; None: a face-down one
    dragging: bool = False
    elements: list = field(default_factory=list)     # the card elements being dragged
    targets: dict = field(default_factory=dict)      # pile index -> the moves that put them there

    def is_drag(self, dx: float, dy: float) -> bool:
        return self.dragging or abs(dx) + abs(dy) >= DRAG_THRESHOLD


@dataclass
class Tap:
    """The last tap, to tell a double tap from two single ones."""
    pile: str | None = None
    at: float = float("-inf")           # milliseconds (the events' own clock)

    def is_double(self, pile: str, now: float) -> bool:
        return self.pile == pile and now - self.at < DOUBLE_TAP_MS


class PointerInput:
    """Turns the board's pointer events into picked-up cards and moves."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.press: Press | None = None
        self.last_tap = Tap()
        board = host.document.getElementById("board")
        host.listen(board, "pointerdown", self.on_down)
        host.listen(board, "pointermove", self.on_move)
        host.listen(board, "pointerup", self.on_up)
        host.listen(board, "pointercancel", self.on_cancel)

    def _index(self, name: str) -> int:
        return self.host.session.game.rules.pile_names.index(name)

    def _pressed(self, event) -> tuple[str, int | None] | None:
        """The pile under the pointer and how many cards from its top it touches."""
        pile = event.target.closest("[data-pile]")
        if not present(pile):
            return None
        name = str(pile.getAttribute("data-pile"))
        card = event.target.closest(".card")
        count = None
        if present(card) and card.getAttribute("data-card") != "down":
            size = len(self.host.session.game.position.piles[self._index(name)])
            count = size - int(card.getAttribute("data-index"))
        return name, count

    def on_down(self, event) -> None:
        # A replay's table is there to be looked at (and read): nothing on it is picked up.
        if self.host.view_only or event.button != 0 or not event.isPrimary:
            return
        pressed = self._pressed(event)
        if pressed is None:
            self.host.held.put_back()
            return
        self.press = Press(event.clientX, event.clientY, *pressed)
        try:
            event.currentTarget.setPointerCapture(event.pointerId)
        except Exception:       # the pointer is already gone: the press still works
            pass

    def on_move(self, event) -> None:
        press = self.press
        if press is None:
            return
        dx, dy = event.clientX - press.x, event.clientY - press.y
        if not press.is_drag(dx, dy):
            return
        if not press.dragging and not self._start_drag(press):
            self.press = None
            return
        for element in press.elements:
            element.style.transform = f"translate({dx}px, {dy}px)"

    def _start_drag(self, press: Press) -> bool:
        """Lift the pressed cards if the rules let them move; whether they did."""
        host = self.host
        position = host.session.game.position
        source = self._index(press.pile)
        if press.count is None or press.count not in pickable_counts(position, source):
            return False
        press.dragging = True
        press.targets = targets(position, source, press.count)
        press.elements = host.view.cards_of(press.pile)[-press.count:]
        for element in press.elements:
            element.classList.add("dragging")
        names = host.session.game.rules.pile_names
        host.view.mark("target", piles=[names[target] for target in press.targets])
        host.sound("pick-up")
        return True

    def on_up(self, event) -> None:
        press, self.press = self.press, None
        if press is None:
            return
        if not press.dragging:
            self.tap(press.pile, press.count, float(event.timeStamp))
            return
        under = self.host.document.elementFromPoint(event.clientX, event.clientY)
        pile = under.closest("[data-pile]") if present(under) else None
        target = self._index(str(pile.getAttribute("data-pile"))) if present(pile) else None
        moves = press.targets.get(target)
        if moves:
            self.host.play(moves, press.count)
        elif target is not None and target != self._index(press.pile):
            self.host.sound("refused")      # dropped on a pile it may not go to
        self._drop(press)

    def on_cancel(self, event) -> None:
        press, self.press = self.press, None
        if press:
            self._drop(press)

    def _drop(self, press: Press) -> None:
        for element in press.elements:
            element.classList.remove("dragging")
            element.style.transform = ""
        self.host.view.mark("target")

    def tap(self, name: str, count: int | None, now: float) -> None:
        """A click or tap: move the held cards here, or pick up what was tapped."""
        host = self.host
        double = self.last_tap.is_double(name, now)
        self.last_tap = Tap(name, now)
        choice = choose(host.session.game.position, self._index(name), host.held.now, count=count,
                        double=double, one_tap=host.session.settings.one_tap)
        if choice.kind == "play":
            host.play(list(choice.moves), choice.count)
        elif choice.kind == "hold":
            host.held.hold(host.session.game.rules.pile_names, choice.source, choice.count,
                          choice.places)
        else:
            if choice.kind == "cannot_go":
                host.sound("refused")
            host.held.put_back()
