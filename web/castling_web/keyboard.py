"""Keyboard play: a key for every command, arrows between piles, Enter to pick
up and put down, Shift+Enter to send a card home, Escape to put cards back.

What Enter does is ``castling.app.table.choice``'s answer (shared with a tap);
this carries it out and says it. The list the player reads is the Keys dialog
(web/index.html); the words the screen reader says come from the catalogue
(``say.*``).
"""

from __future__ import annotations

from castling.i18n import listed, mid_sentence, t
from castling.app.table.arrangement import neighbour
from castling.app.table.board import home_move, next_choice, targets
from castling.app.table.choice import Choice, choose
from castling.app.words.spoken import card_label, pile_title

from .dom import JsObject, present
from .host import Host

SHORTCUTS = {"u": "undo", "r": "redo", "h": "hint", "f": "finish", "n": "new", "m": "menu",
             "?": "keys"}


def command_for(key: str, *, command: bool, shift: bool) -> str | None:
    """The toolbar action a key asks for (``command`` is Ctrl or ⌘ held), if any."""
    letter = key.lower()
    if command and letter == "z":
        return "redo" if shift else "undo"
    if command and letter == "y":
        return "redo"
    if not command:
        return SHORTCUTS.get(letter)
    return None


class KeyboardInput:
    """Turns key presses into commands, focus moves and moves."""

    def __init__(self, host: Host) -> None:
        self.host = host
        host.listen(host.document, "keydown", self.on_key)

    def on_key(self, event: JsObject) -> None:
        document = self.host.document
        # A replay shown has keys of its own (replay_view.py); the game's do nothing.
        if present(document.querySelector("dialog[open]")) or event.altKey or self.host.view_only:
            return
        target = event.target
        # The menu's own keys (menu.py): its arrows, Escape and letters are the menu's.
        if present(target.closest('input, select, textarea, [role="menu"]')):
            return
        key = str(event.key)
        command = bool(event.ctrlKey or event.metaKey)
        action = command_for(key, command=command, shift=bool(event.shiftKey))
        if action and self.host.table_owner is not None:
            return          # (the game's keys rest while a puzzle is on the table)
        if action:
            event.preventDefault()
            self.host.run(action)
            return
        if not present(target) or command:
            return
        pile = target.closest("[data-pile]")
        if not present(pile):
            return
        name = str(pile.getAttribute("data-pile"))
        if key.startswith("Arrow"):
            event.preventDefault()
            self.host.view.focus(self._arrow_target(name, key))
        elif key in ("Enter", " ") and event.shiftKey:
            event.preventDefault()
            self.send_home(name)
        elif key in ("Enter", " "):
            event.preventDefault()
            self.select(name)
        elif key == "Escape" and self.host.held.now:
            self.host.held.put_back()
            self.host.announce(t("say.put_back"))

    def _arrow_target(self, name: str, key: str) -> str:
        """The next pile that way; with cards held, the next pile they may go to."""
        host = self.host
        held = host.held.now
        if held is None:
            return neighbour(host.view.rows, name, key)
        names = host.table_game().rules.pile_names
        found = targets(host.table_game().position, held.source, held.count)
        order = [pile for row in host.view.rows for pile in row.piles]
        choices = [p for p in order if p == names[held.source] or names.index(p) in found]
        return next_choice(choices, name, key)

    def select(self, name: str) -> None:
        """Enter on a pile: put the held cards here, or pick up (more of) its cards."""
        host = self.host
        game = host.table_game()
        names = game.rules.pile_names
        choice = choose(game.position, names.index(name), host.held.now)
        pile = mid_sentence(pile_title(game.rules, name))
        if choice.kind == "play":
            host.play(list(choice.moves), choice.count)
        elif choice.kind == "cannot_go":
            host.announce(t("say.cannot_go", pile=pile))
            host.sound("refused")
        elif choice.kind == "nothing":
            host.announce(t("say.nothing_moves", pile=pile))
        elif choice.kind == "put_back":
            host.held.put_back()
            host.announce(t("say.put_back"))
        else:
            self._hold(choice)

    def _hold(self, choice: Choice) -> None:
        """Pick the cards up and say what they are and where they may go."""
        host = self.host
        game, count = host.table_game(), choice.count
        assert choice.source is not None        # (a "hold" names its pile)
        rules, source = game.rules, game.rules.pile_names[choice.source]
        host.held.hold(rules.pile_names, choice.source, count, choice.places)
        top = card_label(game.position.to_piles()[source][-count])
        what = top if count == 1 else t("card.run", count=count, card=top)
        if choice.places:
            places = listed([mid_sentence(pile_title(rules, rules.pile_names[k]))
                             for k in sorted(choice.places)])
            host.announce(t("say.picked", what=what, places=places))
        else:
            host.announce(t("say.picked_stuck", what=what))

    def send_home(self, name: str) -> None:
        """Shift+Enter on a pile: send its top card to a foundation if it fits."""
        game = self.host.table_game()
        move = home_move(game.position, game.rules.pile_names.index(name))
        if move:
            self.host.play([move], 1)
        else:
            self.host.announce(t("say.not_home"))
