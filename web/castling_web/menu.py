"""The toolbar's menu: the actions a player uses now and then (redo, restart,
share, statistics, settings, …) behind one button, ``data-action="menu"``.

It is a WAI-ARIA menu button: the button says ``aria-haspopup="menu"`` and
``aria-expanded``; Enter, Space or ↓ on it opens the menu with the focus on
its first item (↑: the last); in the menu ↓ ↑ Home End move, a letter goes
to the next item that begins with it, Escape closes it and gives the focus back
to the button, Tab closes it and goes on from the button. A tap outside closes
it (a tap on the table only closes it: style.css lets the table take no
pointer while it is open); choosing an item closes it and its command runs (the
page's one click handler, commands.py). The items are the toolbar's buttons,
so ``Chrome.button`` finds them, disabled or not, wherever they are.
"""

from __future__ import annotations

from .dom import JsObject, present
from .host import Host

ITEMS = '[role="menuitem"]'
#: on <html> while the menu is open (style.css: the table takes no pointer meanwhile)
OPEN = "data-menu-open"


def next_item(count: int, at: int, key: str) -> int | None:
    """Where a key moves the focus among ``count`` items from item ``at``
    (-1: none has it), or None for a key that does not move it."""
    if count == 0:
        return None
    moves = {"ArrowDown": (at + 1) % count, "ArrowUp": (at - 1) % count if at >= 0 else count - 1,
             "Home": 0, "End": count - 1}
    return moves.get(key)


def item_for_letter(labels: list[str], at: int, letter: str) -> int | None:
    """The next item after ``at`` whose label begins with ``letter`` (wrapping), if any."""
    letter = letter.casefold()
    count = len(labels)
    for step in range(1, count + 1):
        index = (at + step) % count
        if labels[index].strip().casefold().startswith(letter):
            return index
    return None


class Menu:
    """Opens, closes and walks the toolbar's menu."""

    def __init__(self, host: Host) -> None:
        self.host = host
        document = host.document
        self.button = document.getElementById("menu-button")
        self.menu = document.getElementById("menu")
        host.command("menu", self.toggle)
        host.listen(self.button, "keydown", self.on_button_key)
        host.listen(self.menu, "keydown", self.on_key)
        host.listen(self.menu, "click", self.on_click)
        host.listen(self.menu, "focusout", self.on_focus_out)
        host.listen(document, "pointerdown", self.on_pointer_down)

    @property
    def is_open(self) -> bool:
        return not self.menu.hidden

    def toggle(self) -> None:
        if self.is_open:
            self.close()
        else:
            self.open()

    def open(self, *, last: bool = False) -> None:
        """Show the menu, the focus on its first item (or its last)."""
        self.menu.hidden = False
        self.button.setAttribute("aria-expanded", "true")
        self.host.document.documentElement.setAttribute(OPEN, "")
        items = self.items()
        if items:
            items[-1 if last else 0].focus()

    def close(self, *, focus_button: bool = True) -> None:
        if not self.is_open:
            return
        self.menu.hidden = True
        self.button.setAttribute("aria-expanded", "false")
        self.host.document.documentElement.removeAttribute(OPEN)
        if focus_button:
            self.button.focus()

    def items(self) -> list[JsObject]:
        """The items the focus can go to: not disabled, not hidden (Keys is hidden
        where there is no keyboard, style.css)."""
        return [item for item in self.menu.querySelectorAll(ITEMS)
                if not item.matches(":disabled") and item.getClientRects().length > 0]

    # -- events ------------------------------------------------------------------------------

    def on_button_key(self, event: JsObject) -> None:
        key = str(event.key)
        if key in ("ArrowDown", "ArrowUp"):
            event.preventDefault()
            self.open(last=key == "ArrowUp")
        elif key == "Escape" and self.is_open:
            event.preventDefault()
            self.close()

    def on_key(self, event: JsObject) -> None:
        key = str(event.key)
        if key == "Escape":
            event.preventDefault()
            self.close()
            return
        if key == "Tab":
            self.close()            # not prevented: Tab goes on from the menu button
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        items = self.items()
        active = self.host.document.activeElement
        at = next((i for i, item in enumerate(items) if item.isSameNode(active)), -1)
        if len(key) == 1 and key.strip():
            found = item_for_letter([str(item.textContent) for item in items], at, key)
        else:
            found = next_item(len(items), at, key)
        if found is not None:
            event.preventDefault()
            items[found].focus()

    def on_click(self, event: JsObject) -> None:
        """An item chosen: the menu closes (the focus back on its button, where a
        dialog the item opens gives it back), then the click runs its command."""
        if present(event.target.closest(ITEMS)):
            self.close()

    def on_focus_out(self, event: JsObject) -> None:
        """The focus went elsewhere on the page (not to nowhere: a tap on a disabled
        item or on the menu's padding leaves it open)."""
        went = event.relatedTarget
        if present(went) and not self.menu.contains(went) and not self.button.contains(went):
            self.close(focus_button=False)

    def on_pointer_down(self, event: JsObject) -> None:
        target = event.target
        if self.is_open and not self.menu.contains(target) and not self.button.contains(target):
            self.close(focus_button=False)
