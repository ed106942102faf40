"""Pointer play (mouse, touch, pen): drag cards to a pile, or tap. With the
setting ``tap`` at "one" (the default) a tap sends a card to its best place and
a second tap on it to its next one (``castling.app.table.tap``); at "two" a tap
picks cards up and another puts them down, as Enter does
(``castling.app.table.choice``), and a double tap sends a card home.

A press becomes a drag once it travels ``DRAG_THRESHOLD`` pixels; a press
that does not is a tap. A drag goes to the legal pile the cards cover most
(at least ``DROP_SHARE`` of them), and near the top or bottom edge of a board
that scrolls it scrolls the board. Where cards may go is the engine's answer
(``castling.app.table.board``); the moves played are the ones it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from castling.app.table.board import DRAG_THRESHOLD, DROP_SHARE, pickable_counts, targets
from castling.app.table.choice import Choice, choose
from castling.app.table.tap import tap_choice
from castling.i18n import t
from castling.movegen import Move

from .dom import JsObject, present
from .host import Host

DOUBLE_TAP_MS = 350
EDGE = 48                   # pixels from the board's top or bottom edge where a drag scrolls it
EDGE_STEP = 16              # the most pixels a drag scrolls the board per pointer move

Rect = tuple[float, float, float, float]     # left, top, right, bottom


def overlap(a: Rect, b: Rect) -> float:
    """The area two rectangles share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def most_covered(cards: Rect, piles: dict[int, Rect]) -> int | None:
    """The pile (of ``piles``, the legal ones) the dragged cards cover most, if
    it holds at least ``DROP_SHARE`` of them; the first in table order on a tie."""
    area = (cards[2] - cards[0]) * (cards[3] - cards[1])
    if area <= 0 or not piles:
        return None
    best = max(sorted(piles), key=lambda pile: overlap(cards, piles[pile]))
    return best if overlap(cards, piles[best]) >= DROP_SHARE * area else None


def edge_scroll(y: float, top: float, bottom: float) -> float:
    """How far a drag at height ``y`` scrolls a board from ``top`` to ``bottom``:
    up (negative) or down near an edge, faster the nearer, else 0."""
    if y > bottom - EDGE:
        return min(EDGE_STEP, EDGE_STEP * (y - (bottom - EDGE)) / EDGE + 2)
    if y < top + EDGE:
        return -min(EDGE_STEP, EDGE_STEP * ((top + EDGE) - y) / EDGE + 2)
    return 0.0


@dataclass
class Press:
    """The pointer held down on a pile, and the drag it may have become."""
    x: float
    y: float
    pile: str
    count: int | None                   # cards from the top under the pointer; None: a face-down one
    dragging: bool = False
    elements: list[JsObject] = field(default_factory=list)     # the card elements being dragged
    #: pile index -> the moves that put them there
    targets: dict[int, list[Move]] = field(default_factory=dict)
    scrolled: float = 0.0               # how far the board scrolled since the press
    offset: tuple[float, float] = (0.0, 0.0)     # how far the dragged cards are from their pile

    def is_drag(self, dx: float, dy: float) -> bool:
        return self.dragging or abs(dx) + abs(dy) >= DRAG_THRESHOLD


@dataclass
class Tap:
    """The last tap, to tell a double tap from two single ones."""
    pile: str | None = None
    at: float = float("-inf")           # milliseconds (the events' own clock)

    def is_double(self, pile: str, now: float) -> bool:
        return self.pile == pile and now - self.at < DOUBLE_TAP_MS


@dataclass(frozen=True)
class Sent:
    """The cards one tap just moved, for a second tap to send on: where they are,
    the top one of them, how many, the game's length then, and the piles they
    have been on in this run of taps."""
    pile: str
    card: str
    count: int
    moves: int
    tried: tuple[int, ...]


class PointerInput:
    """Turns the board's pointer events into picked-up cards and moves."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.press: Press | None = None
        self.last_tap = Tap()
        self.sent: Sent | None = None
        board = host.document.getElementById("board")
        host.listen(board, "pointerdown", self.on_down)
        host.listen(board, "pointermove", self.on_move)
        host.listen(board, "pointerup", self.on_up)
        host.listen(board, "pointercancel", self.on_cancel)

    def _index(self, name: str) -> int:
        return self.host.table_game().rules.pile_names.index(name)

    def _pressed(self, event: JsObject) -> tuple[str, int | None] | None:
        """The pile under the pointer and how many cards from its top it touches."""
        pile = event.target.closest("[data-pile]")
        if not present(pile):
            return None
        name = str(pile.getAttribute("data-pile"))
        card = event.target.closest(".card")
        count = None
        if present(card) and card.getAttribute("data-card") != "down":
            size = len(self.host.table_game().position.piles[self._index(name)])
            count = size - int(card.getAttribute("data-index"))
        return name, count

    def on_down(self, event: JsObject) -> None:
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

    def on_move(self, event: JsObject) -> None:
        press = self.press
        if press is None:
            return
        dx, dy = event.clientX - press.x, event.clientY - press.y
        if not press.is_drag(dx, dy):
            return
        if not press.dragging and not self._start_drag(press):
            self.press = None
            return
        board = event.currentTarget
        if board.hasAttribute("data-scrolls"):
            box = board.getBoundingClientRect()
            before = float(board.scrollTop)
            board.scrollTop = before + edge_scroll(float(event.clientY), float(box.top),
                                                   float(box.bottom))
            press.scrolled += float(board.scrollTop) - before
        dy += press.scrolled            # the cards ride along with the board
        press.offset = (dx, dy)
        for element in press.elements:
            element.style.transform = f"translate({dx}px, {dy}px)"

    def _start_drag(self, press: Press) -> bool:
        """Lift the pressed cards if the rules let them move; whether they did."""
        host = self.host
        position = host.table_game().position
        source = self._index(press.pile)
        if press.count is None or press.count not in pickable_counts(position, source):
            return False
        press.dragging = True
        host.view.hold_layout()         # (released when the cards land: _drop)
        press.targets = targets(position, source, press.count)
        press.elements = host.view.cards_of(press.pile)[-press.count:]
        for element in press.elements:
            element.classList.add("dragging")
        names = host.table_game().rules.pile_names
        host.view.mark("target", piles=[names[target] for target in press.targets])
        host.sound("pick-up")
        return True

    def on_up(self, event: JsObject) -> None:
        press, self.press = self.press, None
        if press is None:
            return
        if not press.dragging:
            self.tap(press.pile, press.count, float(event.timeStamp))
            return
        assert press.count is not None      # (only counted cards are dragged: _start_drag)
        covered = self._covered(press)
        moves = None if covered is None else press.targets.get(covered)
        if moves:
            self.host.play(moves, press.count)
        elif self._over_another_pile(event, press):
            self.host.sound("refused")      # dropped on a pile it may not go to
        self._drop(press)
        if not moves:
            self.host.motion.glide_back(press.elements, *press.offset)

    def _over_another_pile(self, event: JsObject, press: Press) -> bool:
        """Whether the pointer let go over a pile other than the one the cards
        came from (the dragged cards take no pointer: what is under them counts)."""
        finder = getattr(self.host.document, "elementFromPoint", None)
        under: JsObject = finder(float(event.clientX), float(event.clientY)) if finder else None
        pile: JsObject = under.closest("[data-pile]") if present(under) else None
        return present(pile) and str(pile.getAttribute("data-pile")) != press.pile

    def _covered(self, press: Press) -> int | None:
        """The legal pile the dragged cards cover most (the pile's own place and
        its cards' together)."""
        def box(elements: list[JsObject]) -> Rect:
            rects = [element.getBoundingClientRect() for element in elements]
            return (min(float(r.left) for r in rects), min(float(r.top) for r in rects),
                    max(float(r.right) for r in rects), max(float(r.bottom) for r in rects))
        names = self.host.table_game().rules.pile_names
        piles: dict[int, Rect] = {}
        for target in press.targets:
            pile = self.host.document.querySelector(f'[data-pile="{names[target]}"]')
            if present(pile):
                piles[target] = box([pile, *self.host.view.cards_of(names[target])])
        return most_covered(box(press.elements), piles) if press.elements else None

    def on_cancel(self, event: JsObject) -> None:
        press, self.press = self.press, None
        if press:
            self._drop(press)
            self.host.motion.glide_back(press.elements, *press.offset)

    def _drop(self, press: Press) -> None:
        for element in press.elements:
            element.classList.remove("dragging")
            element.style.transform = ""
        self.host.view.mark("target")
        if press.dragging:
            self.host.view.release_layout()

    def tap(self, name: str, count: int | None, now: float) -> None:
        """A click or tap: by the setting, send the card on at once, or move the
        held cards here or pick up what was tapped."""
        host = self.host
        if host.session.preferences.settings.tap != "two":
            self.one_tap(name, count)
            return
        double = self.last_tap.is_double(name, now)
        self.last_tap = Tap(name, now)
        choice = choose(host.table_game().position, self._index(name), host.held.now, count=count,
                        double=double)
        self.carry_out(choice)

    def one_tap(self, name: str, count: int | None) -> None:
        """A tap that plays: the card to its best place, or on from where the
        last tap sent it (``castling.app.table.tap``); a card with nowhere to go
        is said to have none, quietly: it shakes (animation.py's nudge), and
        screen readers hear it; no message, no sound."""
        host = self.host
        game = host.table_game()
        index = self._index(name)
        sent, self.sent = self.sent, None
        tried: tuple[int, ...] = ()
        if sent and (sent.pile, sent.count, sent.moves) == (name, count, len(game.moves)) \
                and self._top_code(name, sent.count) == sent.card:
            tried = sent.tried
        choice = tap_choice(game.position, index, host.held.now, count=count, tried=tried)
        moved = self._top_code(name, choice.count) if choice.source == index else None
        if choice.kind == "nothing" and count is not None:
            host.held.put_back()
            host.motion.nudge(host.view.cards_of(name)[-count:])
            host.announce(t("say.nowhere"))
            return
        self.carry_out(choice)
        if choice.kind == "play" and moved is not None:
            target = choice.moves[-1][1]
            where = game.rules.pile_names[target]
            if self._top_code(where, choice.count) == moved:    # not gone home by auto-play
                path = (index, target) if target in tried else (tried or (index,)) + (target,)
                self.sent = Sent(where, moved, choice.count, len(game.moves), path)

    def _top_code(self, name: str, count: int) -> str | None:
        """The card ``count`` from the top of pile ``name``, if there is one."""
        pile = self.host.table_game().position.piles[self._index(name)]
        return str(pile[-count]) if 0 < count <= len(pile) else None

    def carry_out(self, choice: Choice) -> None:
        """Do what the engine chose: play, pick up, or put back."""
        host = self.host
        if choice.kind == "play":
            host.play(list(choice.moves), choice.count)
        elif choice.kind == "hold":
            assert choice.source is not None        # (a "hold" names its pile)
            host.held.hold(host.table_game().rules.pile_names, choice.source, choice.count,
                          choice.places)
        else:
            if choice.kind == "cannot_go":
                host.sound("refused")
            host.held.put_back()
