"""The toolbar menu's buttons, written by the build from one list (as the Settings
dialog's switches are, scripts/settings_markup.py): index.html holds the menu with
its ``__MENU__`` placeholder; what each button does is the command of its
``data-action`` (castling_web/commands.py, the features register them), and its
words are the catalogue's."""

from __future__ import annotations

from typing import NamedTuple


class Item(NamedTuple):
    """One button of the menu: its ``data-action``; its icon in index.html's sprite
    (``#i-ICON``, by default the action's); its words' key (by default
    ``action.ACTION``, with ``_`` for ``-``; its title the key's ``.title``, always
    ``action.ACTION.title``); ``disabled`` until the app enables it."""
    action: str
    icon: str = ""
    words: str = ""
    disabled: bool = False

    def key(self) -> str:
        return "action." + self.action.replace("-", "_")


#: The menu, group by group (a separator between two groups), in order.
MENU: tuple[tuple[Item, ...], ...] = (
    (Item("redo", disabled=True), Item("restart"), Item("finish", disabled=True), Item("show-me"),
     Item("review")),
    (Item("choose-deal"), Item("daily"), Item("daily-calendar", icon="daily"), Item("puzzles"),
     Item("games")),
    (Item("share"), Item("share-replay")),
    (Item("stats"), Item("settings"), Item("how-to-play", icon="rules", words="games.how_to_play"),
     Item("keys")),
)

BUTTON = ('<button type="button" class="menu-item" role="menuitem" tabindex="-1" '
          'data-action="{action}" data-i18n-title="{key}.title"{disabled}><svg class="icon" '
          'aria-hidden="true" focusable="false"><use href="#i-{icon}"/></svg>'
          '<span data-i18n="{words}"></span></button>')
SEPARATOR = '<div class="menu-separator" role="separator"></div>'


def actions() -> list[str]:
    """Every action of the menu, in order."""
    return [item.action for group in MENU for item in group]


def menu_markup() -> dict[str, str]:
    """index.html's placeholder for the menu's buttons: MENU."""
    def button(item: Item) -> str:
        return BUTTON.format(action=item.action, key=item.key(), icon=item.icon or item.action,
                             words=item.words or item.key(),
                             disabled=" disabled" if item.disabled else "")
    groups = ["\n        ".join(button(item) for item in group) for group in MENU]
    return {"MENU": f"\n        {SEPARATOR}\n        ".join(groups)}
