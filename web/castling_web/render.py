"""Drawing the table: piles and cards as DOM elements, never as HTML text.

Only piles whose cards changed are redrawn, so a move touches two or three
piles.  A face-down card is drawn without its identity anywhere in the DOM.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from castling.app.table.arrangement import (FAN_HEIGHT, FAN_WIDTH, INDEX_HEIGHT, INDEX_WIDTH, Fit,
                                         Row, Space, arrange, design_length)
from castling.app.table.board import shows_count
from castling.rules import GameRules, parse_pile_name
from castling.app.words.spoken import card_label, pile_label

if TYPE_CHECKING:
    # (Only for the type check: the build draws the first table with this module in
    # plain CPython, where dom.py's ``js`` is not.)
    from .dom import JsObject

FOUNDATION_LABELS = ("\u2663", "\u2660", "\u2665", "\u2666")
#: card size setting -> (share of the size that fits the board, largest card width in px:
#: a sanity cap for huge screens, far above what a laptop's height allows)
CARD_SIZES = {"small": (0.8, 200.0), "medium": (1.0, 240.0), "large": (1.25, 300.0)}
#: The board's padding (style.css .board): left+right, top+bottom, in px.
BOARD_PADDING = (16.0, 16.0)
#: The shares the stylesheet steps the fans by (arrangement.py says what each is).
SHARES = {"--index-h": INDEX_HEIGHT, "--index-w": INDEX_WIDTH,
          "--fan-h": FAN_HEIGHT, "--fan-w": FAN_WIDTH}


def cards_kept(shown: Sequence[str], codes: Sequence[str]) -> int:
    """How many cards at the bottom of a pile a redraw keeps: those it showed
    that are still there, face for face (``shown`` and ``codes`` bottom first)."""
    keep = 0
    while keep < min(len(shown), len(codes)) and shown[keep] == codes[keep]:
        keep += 1
    return keep


class TableView:
    """The board element of one game, and what is drawn on it."""

    def __init__(self, document: JsObject, window: JsObject, board: JsObject) -> None:
        self.document = document
        self.window = window
        self.board = board
        self.rules: GameRules | None = None
        self.rows: tuple[Row, ...] = ()
        self.pile_elements: dict[str, JsObject] = {}
        #: the piles that carry data-count (the stock, several-card reserves)
        self.counted: frozenset[str] = frozenset()
        self.drawn: dict[str, tuple[str, ...]] = {}
        # The elements each highlight class is on (mark() clears them without
        # searching the page for the class).
        self.marked: dict[str, list[JsObject]] = {}
        #: the number of cards a tableau pile is laid out for (grows, never shrinks,
        #: while a game is on the table)
        self.longest = 0
        self.fitted: Fit | None = None
        self.side = 0               # how many rows stand in a strip beside the tableau
        self.focused = "t1"        # the pile the keyboard is on (roving tabindex)
        self.card_size = "medium"
        # While cards are dragged (hold_layout) the table is not laid out anew:
        # the dragged cards' elements and the places they may land must stay
        # what the player sees. None, or the fit asked for meanwhile (its ``keep``).
        self._layout_held = False
        self._fit_due: bool | None = None

    # -- building the table ------------------------------------------------

    def build(self, rules: GameRules) -> None:
        """Lay out the empty piles of a game."""
        self.rules = rules
        self.longest = design_length(rules)
        space = self._space()
        fit = arrange(rules, space, self.longest)
        self._build_rows(fit.rows, fit.side)
        self._apply(fit, space)

    def _build_rows(self, rows: tuple[Row, ...], side: int) -> None:
        """Make the rows' and piles' elements (the cards shown are drawn again);
        the first ``side`` rows in a strip beside the others (.beside)."""
        rules = self.rules
        assert rules is not None
        self.rows, self.side = rows, side
        self.pile_elements.clear()
        self.marked.clear()
        self.counted = frozenset(name for name in rules.pile_names if shows_count(rules, name))
        shown, self.drawn = self.drawn, {}
        elements: list[JsObject] = []      # the rows' elements
        for row in self.rows:
            row_element = self.document.createElement("div")
            row_element.className = f"row fan-{row.fan}"
            row_element.style.setProperty("--cols", str(row.columns))
            for at, name in enumerate(row.piles):
                pile = self._pile(name)
                if row.places:
                    pile.style.gridColumnStart = str(row.places[at])
                if row.spans and row.spans[at] > 1:
                    # A reserve of several cards fans them out over the columns it spans.
                    pile.classList.add("spread")
                    pile.style.setProperty("--span", str(row.spans[at]))
                row_element.appendChild(pile)
                self.pile_elements[name] = pile
            elements.append(row_element)
        if self.focused not in self.pile_elements:
            self.focused = rules.pile_names[0]
            self.pile_elements[self.focused].setAttribute("tabindex", "0")
        if side:
            strip, main = (self.document.createElement("div") for _ in range(2))
            strip.className, main.className = "strip", "tableau"
            strip.append(*elements[:side])
            main.append(*elements[side:])
            self.board.replaceChildren(strip, main)
            self.board.classList.add("beside")
        else:
            self.board.replaceChildren(*elements)
            self.board.classList.remove("beside")
        self.board.setAttribute("data-game", rules.id)
        if shown and set(shown) == set(self.pile_elements):
            self.draw({name: list(cards) for name, cards in shown.items()})

    def _pile(self, name: str) -> JsObject:
        """A pile's element, empty, in no row yet."""
        assert self.rules is not None
        pile = self.document.createElement("div")
        pile.className = f"pile kind-{parse_pile_name(name)[0]}"
        pile.setAttribute("data-pile", name)
        # Each pile is one stop for the keyboard: arrows move between them.
        pile.setAttribute("role", "group")
        pile.setAttribute("tabindex", "0" if name == self.focused else "-1")
        pile.setAttribute("aria-label", pile_label(self.rules, name, []))
        label = self._label(name)
        if label:
            pile.setAttribute("data-label", label)
        return pile

    def unplaced(self, rules: GameRules, piles: dict[str, list[str]]) -> list[JsObject]:
        """A game's piles with their cards drawn, in no row: build.py draws a first
        visit's table with them, which the page puts in rows (web/first-table/layout.js)."""
        self.rules, self.longest = rules, design_length(rules)
        self.counted = frozenset(name for name in rules.pile_names if shows_count(rules, name))
        self.pile_elements = {name: self._pile(name) for name in rules.pile_names}
        self.drawn = {}
        self.draw(piles)
        return [self.pile_elements[name] for name in rules.pile_names]

    def show_rules(self, rules: GameRules) -> None:
        """Lay out a game's piles, unless they are what the table shows already
        (the player's game and a replay of the same game share the layout)."""
        if self.rules != rules:
            self.build(rules)

    def _label(self, name: str) -> str:
        kind, number = parse_pile_name(name)
        if kind == "f":
            assert self.rules is not None   # (so mypy checks the words below)
            suit, row = self.rules.foundation(number - 1)
            start = {"A": "A", "K": "K"}.get(row.base, "")
            if row.builds == "by-rank":      # any suit: say which way it goes
                return start + ("\u2191" if row.direction == "up" else "\u2193")
            return f"{start}{FOUNDATION_LABELS[suit]}"
        if kind == "r":
            return "R"
        return ""

    def fit(self, keep: bool = False) -> None:
        """Size the cards to the board's room (called on build, on resize, on a
        change of the card size, and when a pile outgrows what it was laid out
        for); lays the piles out anew when another arrangement fits better,
        unless ``keep`` (a pile grew in play: the piles stay where they are).
        While the layout is held, only noted, and done when it is released."""
        if not self.rules:
            return
        if self._layout_held:
            self._fit_due = keep if self._fit_due is None else (self._fit_due and keep)
            return
        space = self._space()
        fit = arrange(self.rules, space, self.longest, (self.rows, self.side) if keep else None)
        if (fit.rows, fit.side) != (self.rows, self.side):
            pile = self.pile_elements.get(self.focused)
            had_focus = pile is not None and getattr(self.document, "activeElement", None) == pile
            self._build_rows(fit.rows, fit.side)     # re-lays the rows and redraws the cards
            if had_focus:
                self.pile_elements[self.focused].focus()
        self._apply(fit, space)

    def hold_layout(self) -> None:
        """Keep the table as it is laid out (cards are being dragged): a resize
        meanwhile, a notice above the board, a pile outgrowing its room, waits
        for :meth:`release_layout`."""
        self._layout_held = True

    def release_layout(self) -> None:
        """Lay the table out as the resizes held meanwhile asked (if any did)."""
        due, self._fit_due, self._layout_held = self._fit_due, None, False
        if due is not None:
            self.fit(keep=due)

    def _space(self) -> Space:
        """The board's inner room: its own box (the page's bars, wherever they
        are, are outside it), less its padding; the window's before it is laid out."""
        window = self.window
        board = self.board
        width = float(getattr(board, "clientWidth", 0) or 0) or float(window.innerWidth)
        rect = board.getBoundingClientRect()
        bottom = float(getattr(rect, "bottom", 0) or 0) or float(window.innerHeight)
        height = min(bottom, float(window.innerHeight)) - float(rect.top)
        width -= BOARD_PADDING[0]
        height = max(120.0, height - BOARD_PADDING[1])
        share, largest = CARD_SIZES.get(self.card_size, CARD_SIZES["medium"])
        return Space(width=width, height=height, gap=6.0 if width > 500 else 3.0,
                     index_h=INDEX_HEIGHT, index_w=INDEX_WIDTH, fan_h=FAN_HEIGHT,
                     fan_w=FAN_WIDTH, share=share, largest=largest)

    def _apply(self, fit: Fit, space: Space) -> None:
        """Give the page the sizes (custom properties on the board; style.css
        steps the fans from them)."""
        self.fitted = fit
        if fit.scrolls:       # bigger cards than the height holds: the board scrolls down
            self.board.setAttribute("data-scrolls", "")
        else:
            self.board.removeAttribute("data-scrolls")
        style = self.board.style
        style.setProperty("--card-w", f"{fit.card_w:.2f}px")
        style.setProperty("--gap", f"{space.gap:.0f}px")
        style.setProperty("--pile-len", f"{fit.pile_len:.1f}px")
        style.setProperty("--slot-w", f"{fit.slot_w:.1f}px")
        for name, value in SHARES.items():
            style.setProperty(name, str(value))

    def _outgrown(self, changed: list[str]) -> bool:
        """Whether a tableau pile just drawn holds more cards than the table was
        laid out for: then the fans are laid out for it (fit)."""
        longest = max((len(self.drawn[name]) for name in changed if name[0] == "t"), default=0)
        if longest > self.longest:
            self.longest = longest
            return True
        return False

    # -- drawing cards -----------------------------------------------------

    def draw(self, piles: dict[str, list[str]]) -> list[str]:
        """Redraw the piles whose cards changed; returns their names.

        Only the cards above the part a pile kept are replaced: a move takes
        cards off one pile and puts them on another, and every element made is
        half a dozen calls from Python into the page (the time of a tap is mostly that).
        """
        changed = []
        for name, cards in piles.items():
            codes = tuple(cards)
            shown = self.drawn.get(name)
            if shown == codes:
                continue
            self.drawn[name] = codes
            pile = self.pile_elements[name]
            pile.style.setProperty("--n", str(len(codes)))
            assert self.rules is not None   # (a pile is drawn only once a game's are laid out)
            pile.setAttribute("aria-label", pile_label(self.rules, name, list(codes)))
            if name in self.counted:     # its cards under the top one are not seen
                pile.setAttribute("data-count", str(len(codes)))
            keep = 0 if shown is None else cards_kept(shown, codes)
            if shown is None or keep == 0:
                pile.replaceChildren(*[self._card(code, index) for index, code in enumerate(codes)])
            else:
                for _ in range(len(shown) - keep):
                    pile.lastElementChild.remove()
                if len(codes) > keep:
                    pile.append(*[self._card(code, index)
                                  for index, code in enumerate(codes[keep:], keep)])
            changed.append(name)
        if self._outgrown(changed):
            self.fit(keep=True)
        return changed

    def _card(self, code: str, index: int) -> JsObject:
        """A card element. Its face is a picture the stylesheet puts on it by its
        code (build.py's card_face_rules); a face-down card's code is "down"."""
        element = self.document.createElement("div")
        element.style.setProperty("--i", str(index))
        element.setAttribute("data-index", str(index))
        element.setAttribute("role", "img")
        element.setAttribute("aria-label", card_label(code))
        if code.islower():
            element.className = "card down"
            element.setAttribute("data-card", "down")
        else:
            element.className = "card"
            element.setAttribute("data-card", code)
        return element

    def focus(self, name: str) -> None:
        """Move the keyboard focus to a pile (the only pile reachable by Tab)."""
        if self.focused in self.pile_elements:
            self.pile_elements[self.focused].setAttribute("tabindex", "-1")
        self.focused = name
        element = self.pile_elements[name]
        element.setAttribute("tabindex", "0")
        element.focus()

    def cards_of(self, name: str) -> list[JsObject]:
        """The card elements of a pile, bottom first."""
        return list(self.pile_elements[name].children)

    def mark(self, class_name: str, piles: Iterable[str] = (), cards: Iterable[JsObject] = ()) -> None:
        """Put a highlight class on exactly these piles and card elements."""
        for element in self.marked.pop(class_name, ()):
            element.classList.remove(class_name)
        elements = [self.pile_elements[name] for name in piles] + list(cards)
        for element in elements:
            element.classList.add(class_name)
        if elements:
            self.marked[class_name] = elements
