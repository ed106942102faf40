"""Drawing the table: piles and cards as DOM elements, never as HTML text.

Only piles whose cards changed are redrawn, so a move touches two or three
piles.  A face-down card is drawn without its identity anywhere in the DOM.
"""

from __future__ import annotations

from castling.player.board import Row, layout, shows_count
from castling.rules import GameRules, parse_pile_name
from castling.player.spoken import card_label, pile_label

#: What of a covered card must show: its corner index (rank above suit), as a
#: share of the card's height where a pile fans down and of its width where it
#: fans sideways. Measured on the face art (Kennard's large-index deck) by
#: tests/browser/test_faces.py, which fails if a face's index outgrows them.
INDEX_HEIGHT = 0.43
INDEX_WIDTH = 0.25
FOUNDATION_LABELS = ("\u2663", "\u2660", "\u2665", "\u2666")
#: card size setting -> (share of the size that fits the window, largest card width in px)
CARD_SIZES = {"small": (0.8, 90.0), "medium": (1.0, 110.0), "large": (1.25, 150.0)}


class TableView:
    """The board element of one game, and what is drawn on it."""

    def __init__(self, document, window, board) -> None:
        self.document = document
        self.window = window
        self.board = board
        self.rules: GameRules | None = None
        self.rows: tuple[Row, ...] = ()
        self.pile_elements: dict[str, object] = {}
        #: the piles that carry data-count (the stock, several-card reserves)
        self.counted: frozenset[str] = frozenset()
        self.drawn: dict[str, tuple[str, ...]] = {}
        # The elements each highlight class is on (mark() clears them without
        # searching the page for the class).
        self.marked: dict[str, list] = {}
        self.narrow = False
        self.focused = "t1"        # the pile the keyboard is on (roving tabindex)
        self.card_size = "medium"

    # -- building the table ------------------------------------------------

    def build(self, rules: GameRules) -> None:
        """Lay out the empty piles of a game."""
        self.rules = rules
        self.narrow = self._is_narrow()
        self.rows = layout(rules, self.narrow)
        self.pile_elements.clear()
        self.marked.clear()
        self.counted = frozenset(name for name in rules.pile_names if shows_count(rules, name))
        shown, self.drawn = self.drawn, {}
        rows = []
        for row in self.rows:
            row_element = self.document.createElement("div")
            row_element.className = f"row fan-{row.fan}"
            row_element.style.setProperty("--cols", str(row.columns))
            for at, name in enumerate(row.piles):
                pile = self.document.createElement("div")
                pile.className = f"pile kind-{parse_pile_name(name)[0]}"
                if row.places:
                    pile.style.gridColumnStart = str(row.places[at])
                if row.spans and row.spans[at] > 1:
                    # A reserve of several cards fans them out over the columns it spans.
                    pile.classList.add("spread")
                    pile.style.setProperty("--span", str(row.spans[at]))
                pile.setAttribute("data-pile", name)
                # Each pile is one stop for the keyboard: arrows move between them.
                pile.setAttribute("role", "group")
                pile.setAttribute("tabindex", "0" if name == self.focused else "-1")
                pile.setAttribute("aria-label", pile_label(rules, name, []))
                label = self._label(name)
                if label:
                    pile.setAttribute("data-label", label)
                row_element.appendChild(pile)
                self.pile_elements[name] = pile
            rows.append(row_element)
        if self.focused not in self.pile_elements:
            self.focused = rules.pile_names[0]
            self.pile_elements[self.focused].setAttribute("tabindex", "0")
        self.board.replaceChildren(*rows)
        self.board.setAttribute("data-game", rules.id)
        self.fit()
        if shown and set(shown) == set(self.pile_elements):
            self.draw({name: list(cards) for name, cards in shown.items()})

    def show_rules(self, rules: GameRules) -> None:
        """Lay out a game's piles, unless they are what the table shows already
        (the player's game and a replay of the same game share the layout)."""
        if self.rules != rules:
            self.build(rules)

    def _is_narrow(self) -> bool:
        return float(self.window.innerWidth) < 700 and \
            float(self.window.innerWidth) < 0.8 * float(self.window.innerHeight)

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

    def fit(self) -> None:
        """Size the cards to the window (called on build and on resize)."""
        if not self.rules:
            return
        if self._is_narrow() != self.narrow:
            self.build(self.rules)       # re-lays the rows and redraws the cards
            return
        width = float(self.window.innerWidth) - 16
        top = float(self.board.getBoundingClientRect().top)
        height = max(200.0, float(self.window.innerHeight) - top - 12)
        gap = 6.0 if width > 500 else 3.0
        share, largest = CARD_SIZES.get(self.card_size, CARD_SIZES["medium"])
        if self.rules.tableau.layout == "rows-of-five":
            # 9 stacks above five rows of five sideways fans.
            card_w = min(share * min((width - 8 * gap) / 9, (height - 6 * gap) / (6 * 1.4)),
                         largest * 0.9)
            slot_w = max((width - 4 * gap) / 5, card_w * 1.2)
            pile_len = card_w * 1.4
        else:
            # Rows of stacks (one card high) above rows of piles fanned down,
            # each of those at least twice a card's height.
            columns = self.rows[0].columns
            stack_rows = sum(1 for row in self.rows if row.fan == "stack")
            tableau_rows = len(self.rows) - stack_rows
            card_w = min(share * min((width - (columns - 1) * gap) / columns,
                                     height / (1.4 * stack_rows + 2.8 * tableau_rows)), largest)
            slot_w = card_w
            pile_len = (height - card_w * 1.4 * stack_rows
                        - len(self.rows) * gap) / tableau_rows
        style = self.board.style
        style.setProperty("--card-w", f"{card_w:.1f}px")
        style.setProperty("--gap", f"{gap:.0f}px")
        style.setProperty("--pile-len", f"{pile_len:.1f}px")
        for row, element in zip(self.rows, self.board.children):
            if row.fan == "right":
                element.style.setProperty("--slot-w", f"{slot_w:.1f}px")

    # -- drawing cards -----------------------------------------------------

    def draw(self, piles: dict[str, list[str]]) -> list[str]:
        """Redraw the piles whose cards changed; returns their names.

        Only the cards above the part a pile kept are replaced: a move takes
        cards off one pile and puts them on another, and every element made is
        a dozen calls from Python into the page (the time of a tap is mostly that).
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
            pile.setAttribute("aria-label", pile_label(self.rules, name, list(codes)))
            if name in self.counted:     # its cards under the top one are not seen
                pile.setAttribute("data-count", str(len(codes)))
            kept = 0
            if shown is not None:
                while kept < min(len(shown), len(codes)) and shown[kept] == codes[kept]:
                    kept += 1
            if kept == 0:
                pile.replaceChildren(*[self._card(code, index) for index, code in enumerate(codes)])
            else:
                for _ in range(len(shown) - kept):
                    pile.lastElementChild.remove()
                if len(codes) > kept:
                    pile.append(*[self._card(code, index)
                                  for index, code in enumerate(codes[kept:], kept)])
            changed.append(name)
        return changed

    def _card(self, code: str, index: int):
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

    def cards_of(self, name: str) -> list:
        """The card elements of a pile, bottom first."""
        return list(self.pile_elements[name].children)

    def mark(self, class_name: str, piles=(), cards=()) -> None:
        """Put a highlight class on exactly these piles and card elements."""
        for element in self.marked.pop(class_name, ()):
            element.classList.remove(class_name)
        elements = [self.pile_elements[name] for name in piles] + list(cards)
        for element in elements:
            element.classList.add(class_name)
        if elements:
            self.marked[class_name] = elements
