"""The game screen: wires the engine, the session and the table view to the page.

Every decision about legality is the engine's: this module only asks
``castling.player.board`` where a picked-up card may go and plays the moves it gets.
"""

from __future__ import annotations

import asyncio

import js
from pyodide.ffi import create_proxy, jsnull, to_js

from castling import GAMES, auto_finish, format_move, hint, parse_move, safe_foundation_moves
from castling.player.board import home_move, neighbour, next_choice, pickable_counts, status_line, targets
from castling.cards import parse_card
from castling.deal import random_deal_number
from castling.player.links import LinkError, deal_link, parse_link
from castling.player.session import ImportFileError, Session
from castling.i18n import language, preferred, set_language, t
from castling.player.spoken import card_label, card_name, destination, move_words, pile_title

from .advisor import Advisor
from .render import TableView
from .storage import BrowserStorage

DRAG_THRESHOLD = 6          # pixels a press must travel to become a drag
DOUBLE_TAP_MS = 350
HINT_MS = 2500
WINNABLE_TRIES = 25         # random deals the solver may try for "winnable deals only"
ANIMATION_MS = 160


def present(value) -> bool:
    """Whether a DOM lookup found something (JS null arrives as ``jsnull``, not None)."""
    return value is not None and value is not jsnull


def _js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


def _clock(seconds: int) -> str:
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


class App:
    """One page, one game at a time.

    The page's ``document`` and ``window`` are handed in rather than imported:
    this module is imported into a memory snapshot made where there is no page
    (see castling_web.preload).
    """

    def __init__(self, document, window) -> None:
        self.document = document
        self.window = window
        self.session = Session(BrowserStorage(self.window))
        self.view = TableView(self.document, self.window, self.document.getElementById("board"))
        self.selection: tuple[int, int] | None = None     # (source pile, card count)
        self.press: dict | None = None                    # the pointer held down
        self.last_tap = (None, 0.0)                       # (pile, time) for double taps
        self.last_move = None
        self.shown_rules = None
        self.was_won = False
        self._proxies = []
        self._hint_timeout = None
        # The solver in its worker: answers per position, keyed by _position_key().
        self.advisor = Advisor()
        self.advice: dict = {}
        self._hint_wanted = None     # a hint asked for while the worker was thinking
        self._dealing = False
        self._slides: list = []      # (card element, its old place) to slide in the next frame

    # -- start-up --------------------------------------------------------------

    def start(self) -> None:
        """Read what is stored, open the linked or last game, and say we are ready."""
        self.session.load()
        self._apply_language()
        self._apply_look()
        self._bind()
        self._route()
        self._show_notices()
        self.document.documentElement.setAttribute("data-ready", "true")
        # The worker boots its own Python: only once the board is playable.
        asyncio.ensure_future(self._start_advisor())

    async def _start_advisor(self) -> None:
        if await self.advisor.start():
            self._analyse()

    def _listen(self, target, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def _bind(self) -> None:
        board = self.document.getElementById("board")
        self._listen(board, "pointerdown", self.on_pointer_down)
        self._listen(board, "pointermove", self.on_pointer_move)
        self._listen(board, "pointerup", self.on_pointer_up)
        self._listen(board, "pointercancel", self.on_pointer_cancel)
        self._listen(self.document, "click", self.on_click)
        self._listen(self.document, "keydown", self.on_key)
        self._listen(self.document.getElementById("game-select"), "change", self.on_choose_game)
        for box in self.document.querySelectorAll("[data-setting]"):
            self._listen(box, "change", self.on_setting)
        self._listen(self.document.getElementById("winnable-only"), "change", self.on_winnable_only)
        self._listen(self.document.getElementById("import-file"), "change", self.on_import)
        self._listen(self.document.getElementById("card-size"), "change", self.on_card_size)
        self._listen(self.document.getElementById("language"), "change", self.on_language)
        self._listen(self.window, "storage", self.on_storage)
        self._listen(self.window, "hashchange", lambda event: self._route())
        self._listen(self.window, "resize", lambda event: self.view.fit())
        tick = create_proxy(self.on_tick)
        self._clear_hint = create_proxy(lambda: (self.view.mark("hint-from"), self.view.mark("hint-to")))
        self._said_copied = create_proxy(
            lambda *_: self.notify(t("notice.link_copied", link=str(self.window.location.href))))
        self._ignore = create_proxy(lambda *_: None)
        self._slide_proxy = create_proxy(self._slide)
        self._proxies += [tick, self._clear_hint, self._said_copied, self._ignore, self._slide_proxy]
        self.window.setInterval(tick, 1000)

    # -- links -------------------------------------------------------------------

    def _route(self) -> None:
        """Open what the address names; a bad link gets a message and a playable game."""
        problem = None
        try:
            target = parse_link(str(self.window.location.hash))
        except LinkError as error:
            target, problem = None, error
        game = self.session.game
        if target is not None:
            rules, number = target
            if game is None or game.rules != rules or game.number != number:
                self.session.open(rules, number)
        elif game is None:
            self.session.open(GAMES[self.session.last_game_id()])
        if problem:
            game = self.session.game
            self.notify(t("notice.bad_link", problem=problem, game=game.rules.name, deal=game.number))
        self.show_game()

    def _set_link(self) -> None:
        game = self.session.game
        link = deal_link(game.rules, game.number)
        if str(self.window.location.hash) != link:
            # replaceState: no hashchange event, no extra history entry per deal
            self.window.history.replaceState(None, "", link)

    # -- drawing -------------------------------------------------------------------

    def show_game(self) -> None:
        """Draw the whole table for the session's current game."""
        game = self.session.game
        if self.shown_rules != game.rules:
            self.view.build(game.rules)
            self.shown_rules = game.rules
        self.document.getElementById("game-select").value = game.rules.id
        self.document.getElementById("deal-label").textContent = t("deal.label", deal=game.number)
        self.document.getElementById("winnable-label").textContent = t(
            "settings.winnable_only", game=game.rules.name)
        self.document.getElementById("rules-link").setAttribute("data-help", f"{game.rules.id}.html")
        self._link_help()
        self.document.title = t("page.document_title", game=game.rules.name, deal=game.number)
        self.document.getElementById("page-title").textContent = t(
            "page.heading.game", game=game.rules.name, deal=game.number)
        self._set_link()
        self.selection = None
        self.last_move = None
        self.was_won = game.is_won()
        self.refresh()

    def refresh(self, moved=None) -> None:
        """Bring the page up to date with the position (only changed piles are redrawn)."""
        game = self.session.game
        position = game.position
        self.view.draw(position.to_piles())
        self.view.mark("selected")
        self.view.mark("target")
        if moved:
            self._animate(*moved)
        count = len(game.moves)
        self.document.getElementById("move-counter").textContent = (
            t("counter.moves.one") if count == 1 else t("counter.moves.many", count=count))
        self.document.getElementById("timer").textContent = _clock(self.session.seconds)
        self._button("undo").disabled = not game.can_undo
        self._button("redo").disabled = not game.can_redo
        won = game.is_won()
        self._button("finish").disabled = won or auto_finish(position) is None
        if won:
            status = t("status.won", moves=count)
        elif game.is_lost():
            status = t("status.lost")
        else:
            status = status_line(position)
        self.document.getElementById("status").textContent = status
        if won and not self.was_won:
            self._show_win()
        self.was_won = won
        self._show_notices()
        self.document.getElementById("conflict").hidden = not self.session.conflict
        self._show_verdict()
        self._analyse()

    def _button(self, action: str):
        return self.document.querySelector(f'.controls [data-action="{action}"]')

    def notify(self, text: str) -> None:
        """Show a message to the player (always as text)."""
        notice = self.document.getElementById("notice")
        notice.textContent = text
        notice.hidden = False

    def _show_notices(self) -> None:
        if self.session.notices:
            self.notify(" ".join(self.session.notices))
            self.session.notices.clear()

    def _show_win(self) -> None:
        game = self.session.game
        self.document.getElementById("win-summary").textContent = t(
            "win.summary", game=game.rules.name, deal=game.number, moves=len(game.moves),
            time=_clock(self.session.seconds))
        dialog = self.document.getElementById("win-dialog")
        if not dialog.open:
            dialog.showModal()

    # -- moves -----------------------------------------------------------------------

    def play(self, moves, count: int, *, by_player: bool = True) -> None:
        """Play moves the engine produced (one, or a supermove's several) carrying
        ``count`` cards, then let auto-play send safe cards home."""
        names = self.session.game.rules.pile_names
        source, target = names[moves[0][0]], names[moves[-1][1]]
        words = move_words(self.session.game.position, moves[0][0], moves[-1][1], count)
        before = [card.getBoundingClientRect() for card in self.view.cards_of(source)[-count:]]
        self.session.play(moves)
        self.last_move = moves[-1]
        self.selection = None
        self.refresh(moved=(target, before))
        if by_player:
            home = self.autoplay() if self.session.settings.autoplay else 0
            if home:
                words = t("say.went_home.one" if home == 1 else "say.went_home.many",
                          move=words, count=home)
            if self.session.game.is_won():
                self.announce(t("say.won", move=words))
            else:
                self.announce(t("say.sentence", text=words))

    def autoplay(self) -> int:
        """Send home, one by one, the cards no tableau card could still need; how many."""
        for sent in range(200):
            safe = safe_foundation_moves(self.session.game.position)
            if not safe:
                return sent
            self.play([safe[0]], 1, by_player=False)
        return 200

    def announce(self, text: str) -> None:
        """Say something to screen readers (a polite live region, as text)."""
        region = self.document.getElementById("announce")
        region.textContent = ""
        region.textContent = text

    # -- keyboard ----------------------------------------------------------------------

    SHORTCUTS = {"u": "undo", "r": "redo", "h": "hint", "f": "finish", "n": "new", "?": "keys"}

    def on_key(self, event) -> None:
        """Keys for everything (the list is in the Keys dialog)."""
        if present(self.document.querySelector("dialog[open]")) or event.altKey:
            return
        target = event.target
        if present(target.closest("input, select, textarea")):
            return
        key = str(event.key)
        command = event.ctrlKey or event.metaKey
        action = None
        if command and key.lower() == "z":
            action = "redo" if event.shiftKey else "undo"
        elif command and key.lower() == "y":
            action = "redo"
        elif not command and key.lower() in self.SHORTCUTS:
            action = self.SHORTCUTS[key.lower()]
        if action:
            event.preventDefault()
            control = self._button(action)
            if not present(control) or not control.disabled:
                getattr(self, f"do_{action}")()
            return
        pile = target.closest("[data-pile]") if present(target) else None
        if not present(pile) or command:
            return
        name = str(pile.getAttribute("data-pile"))
        if key.startswith("Arrow"):
            event.preventDefault()
            self.view.focus(self._arrow_target(name, key))
        elif key in ("Enter", " ") and event.shiftKey:
            event.preventDefault()
            self.key_home(name)
        elif key in ("Enter", " "):
            event.preventDefault()
            self.key_select(name)
        elif key == "Escape" and self.selection:
            self.clear_selection()
            self.announce(t("say.put_back"))

    def _arrow_target(self, name: str, key: str) -> str:
        if self.selection is None:
            return neighbour(self.view.rows, name, key)
        names = self.session.game.rules.pile_names
        source, count = self.selection
        found = targets(self.session.game.position, source, count)
        order = [pile for row in self.view.rows for pile in row.piles]
        choices = [p for p in order if p == names[source] or names.index(p) in found]
        return next_choice(choices, name, key)

    def key_select(self, name: str) -> None:
        """Enter on a pile: put the held cards here, or pick up (more of) its cards."""
        game = self.session.game
        position = game.position
        names = game.rules.pile_names
        index = names.index(name)
        if self.selection and self.selection[0] != index:
            source, count = self.selection
            moves = targets(position, source, count).get(index)
            if moves:
                self.play(moves, count)
            else:
                self.announce(t("say.cannot_go", pile=pile_title(game.rules, name).lower()))
            return
        counts = sorted(pickable_counts(position, index))
        held = self.selection[1] if self.selection else 0
        bigger = [count for count in counts if count > held]
        if not bigger:
            if self.selection:
                self.clear_selection()
                self.announce(t("say.put_back"))
            else:
                self.announce(t("say.nothing_moves", pile=pile_title(game.rules, name).lower()))
            return
        count = bigger[0]
        found = targets(position, index, count)
        self._hold(index, count, found)
        top = card_label(position.to_piles()[name][-count])
        what = top if count == 1 else t("card.run", count=count, card=top)
        if found:
            places = ", ".join(pile_title(game.rules, names[k]).lower() for k in sorted(found))
            self.announce(t("say.picked", what=what, places=places))
        else:
            self.announce(t("say.picked_stuck", what=what))

    def key_home(self, name: str) -> None:
        """Shift+Enter on a pile: send its top card to a foundation if it fits."""
        move = home_move(self.session.game.position, self._index(name))
        if move:
            self.play([move], 1)
        else:
            self.announce(t("say.not_home"))

    def _animate(self, target_name: str, before) -> None:
        """Slide the cards that just arrived on a pile from where they were.

        The cards are already drawn in their new place; where that is on screen
        is read in the next animation frame, when the browser lays the page out
        anyway, rather than here, which would make it lay the page out twice."""
        if not before or not self.session.settings.animations or \
                self.window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        arrived = self.view.cards_of(target_name)[-len(before):]
        if not self._slides:
            self.window.requestAnimationFrame(self._slide_proxy)
        self._slides.extend(zip(arrived, before))

    def _slide(self, *_) -> None:
        slides, self._slides = self._slides, []
        for element, old in slides:
            if not element.isConnected:      # gone again meanwhile (auto-play took it home)
                continue
            new = element.getBoundingClientRect()
            dx, dy = old.left - new.left, old.top - new.top
            if abs(dx) + abs(dy) < 1:
                continue
            element.animate(_js_object([{"transform": f"translate({dx}px, {dy}px)"},
                                        {"transform": "none"}]),
                            _js_object({"duration": ANIMATION_MS, "easing": "ease-out"}))

    # -- pointer: drag and drop, tap to move -------------------------------------------

    def _pressed(self, event):
        pile = event.target.closest("[data-pile]")
        if not present(pile):
            return None
        name = pile.getAttribute("data-pile")
        card = event.target.closest(".card")
        count = None
        if present(card) and card.getAttribute("data-card") != "down":
            size = len(self.session.game.position.piles[self._index(name)])
            count = size - int(card.getAttribute("data-index"))
        return name, count

    def _index(self, name: str) -> int:
        return self.session.game.rules.pile_names.index(name)

    def on_pointer_down(self, event) -> None:
        if event.button != 0 or not event.isPrimary:
            return
        pressed = self._pressed(event)
        if pressed is None:
            self.clear_selection()
            return
        name, count = pressed
        self.press = {"x": event.clientX, "y": event.clientY, "name": name, "count": count,
                      "dragging": False, "elements": [], "targets": {}}
        try:
            event.currentTarget.setPointerCapture(event.pointerId)
        except Exception:
            pass

    def on_pointer_move(self, event) -> None:
        press = self.press
        if press is None:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if not press["dragging"]:
            if abs(dx) + abs(dy) < DRAG_THRESHOLD:
                return
            position = self.session.game.position
            source = self._index(press["name"])
            count = press["count"]
            if count is None or count not in pickable_counts(position, source):
                self.press = None
                return
            press["dragging"] = True
            press["targets"] = targets(position, source, count)
            press["elements"] = self.view.cards_of(press["name"])[-count:]
            for element in press["elements"]:
                element.classList.add("dragging")
            names = self.session.game.rules.pile_names
            self.view.mark("target", piles=[names[target] for target in press["targets"]])
        for element in press["elements"]:
            element.style.transform = f"translate({dx}px, {dy}px)"

    def on_pointer_up(self, event) -> None:
        press, self.press = self.press, None
        if press is None:
            return
        if not press["dragging"]:
            self.tap(press["name"], press["count"])
            return
        under = self.document.elementFromPoint(event.clientX, event.clientY)
        pile = under.closest("[data-pile]") if present(under) else None
        target = self._index(pile.getAttribute("data-pile")) if present(pile) else None
        moves = press["targets"].get(target)
        if moves:
            self.play(moves, press["count"])
        for element in press["elements"]:
            element.classList.remove("dragging")
            element.style.transform = ""
        self.view.mark("target")

    def on_pointer_cancel(self, event) -> None:
        press, self.press = self.press, None
        if press:
            for element in press["elements"]:
                element.classList.remove("dragging")
                element.style.transform = ""
            self.view.mark("target")

    def tap(self, name: str, count) -> None:
        """A click or tap: move the selection here, or select what was tapped."""
        position = self.session.game.position
        source = self._index(name)
        now = float(js.Date.now())
        double = self.last_tap[0] == name and now - self.last_tap[1] < DOUBLE_TAP_MS
        self.last_tap = (name, now)
        if double:
            move = home_move(position, source)
            if move:
                self.play([move], 1)
                return
        if self.selection:
            chosen_source, chosen_count = self.selection
            moves = targets(position, chosen_source, chosen_count).get(source)
            if moves:
                self.play(moves, chosen_count)
                return
            if (source, count) == self.selection:
                self.clear_selection()
                return
        if count and count in pickable_counts(position, source):
            found = targets(position, source, count)
            if self.session.settings.one_tap and len(found) == 1:
                self.play(next(iter(found.values())), count)
                return
            self._hold(source, count, found)
        else:
            self.clear_selection()

    def _hold(self, source: int, count: int, found: dict) -> None:
        """Pick up ``count`` cards of a pile: they and their destinations light up."""
        self.selection = (source, count)
        names = self.session.game.rules.pile_names
        self.view.mark("selected", cards=self.view.cards_of(names[source])[-count:])
        self.view.mark("target", piles=[names[target] for target in found])

    def clear_selection(self) -> None:
        self.selection = None
        self.view.mark("selected")
        self.view.mark("target")

    # -- buttons -------------------------------------------------------------------------

    def on_click(self, event) -> None:
        chosen = event.target.closest("[data-play]")
        if present(chosen):
            self.document.getElementById("games-dialog").close()
            self.open_game(str(chosen.getAttribute("data-play")))
            return
        control = event.target.closest("[data-action]")
        if not present(control) or control.disabled:
            return
        action = control.getAttribute("data-action")
        handler = getattr(self, f"do_{str(action).replace('-', '_')}", None)
        if handler:
            handler()

    def do_undo(self) -> None:
        if self.session.undo():
            self.last_move = None
            self.refresh()

    def do_redo(self) -> None:
        if self.session.redo():
            self.refresh()

    def do_restart(self) -> None:
        self.session.restart()
        self.refresh()

    def do_new(self) -> None:
        self.document.getElementById("win-dialog").close()
        rules = self.session.game.rules
        if rules.id in self.session.settings.winnable_only:
            if not self._dealing:
                asyncio.ensure_future(self._deal_winnable(rules))
            return
        self.session.new_deal(rules)
        self.show_game()

    async def _deal_winnable(self, rules) -> None:
        """A random deal that the solver proves winnable (a few tries)."""
        self._dealing = True
        self.document.getElementById("status").textContent = t("status.dealing_winnable")
        try:
            await self.advisor.start()
            numbers = [random_deal_number() for _ in range(WINNABLE_TRIES)]
            answer = await self.advisor.ask({"kind": "winnable_deal", "game": rules.id,
                                             "deals": numbers})
        finally:
            self._dealing = False
        number = None if answer is None else answer["deal"]
        self.session.new_deal(rules, number)
        self.show_game()
        if number is None:
            self.notify(t("notice.winnable_none"))
        else:
            self.notify(t("notice.winnable_found", deal=number))

    # -- the solver: hints, "can no longer be won", winnable deals ---------------------

    def _position_key(self) -> tuple:
        game = self.session.game
        return game.rules.id, game.number, tuple(game.moves)     # moves as ints: cheap

    def _analyse(self) -> None:
        """Have the worker judge the position on the table (one question at a time:
        while it thinks, newer positions wait, and only the latest is asked)."""
        if not self.advisor.ready or self.advisor.busy or self.session.game.is_won():
            return
        key = self._position_key()
        if key not in self.advice:
            asyncio.ensure_future(self._ask_about(key))

    async def _ask_about(self, key: tuple) -> None:
        game_id, number, moves = key
        answer = await self.advisor.ask({"kind": "hint", "game": game_id, "deal": number,
                                         "moves": list(moves)})
        # Kept even when the worker had no answer (None): a position is asked
        # about once, or a worker that never answers would be asked forever.
        self.advice[key] = answer
        if key == self._position_key():
            self._show_verdict()
            if self._hint_wanted == key:
                self._hint_wanted = None
                self.do_hint()
        else:
            self._analyse()         # the player moved on meanwhile

    def _show_verdict(self) -> None:
        """Tell the player when the solver proved the position lost (after a move)."""
        key = self._position_key()
        answer = self.advice.get(key)
        box = self.document.getElementById("verdict")
        lost = answer is not None and answer["result"] == "lost" and len(key[2]) > 0
        box.hidden = not lost
        box.setAttribute("data-result", answer["result"] if answer else "")

    def do_hint(self) -> None:
        """The solver's move when it has one for this position, else the baseline hint."""
        position = self.session.game.position
        key = self._position_key()
        answer = self.advice.get(key)
        move = None
        if answer is not None and answer.get("move"):
            move, source = parse_move(position.rules, answer["move"]), "solver"
        else:
            if key not in self.advice and self.advisor.ready:
                self._hint_wanted = key     # show the solver's move when it comes
                self._analyse()
            move, source = hint(position, self.last_move), "baseline"
        status = self.document.getElementById("status")
        status.setAttribute("data-hint", source)
        if move is None:
            status.textContent = t("hint.none")
            return
        names = position.rules.pile_names
        from_pile, to_pile, count = move
        top = position.to_piles()[names[from_pile]][-count]
        verdict = ""
        if answer is not None and answer["result"] == "lost":
            verdict = " " + t("hint.lost")
        elif source == "solver":
            verdict = " " + t("hint.winnable")
        status.textContent = t("hint.move", card=card_name(parse_card(top)),
                               target=destination(names[to_pile]),
                               move=format_move(position.rules, move)) + verdict
        self.view.mark("hint-from", cards=self.view.cards_of(names[from_pile])[-count:])
        self.view.mark("hint-to", piles=[names[to_pile]])
        if self._hint_timeout is not None:
            self.window.clearTimeout(self._hint_timeout)
        self._hint_timeout = self.window.setTimeout(self._clear_hint, HINT_MS)

    def do_rewind(self) -> None:
        """Undo back to the last position the solver proves winnable."""
        if self.advisor.ready:
            self.document.getElementById("status").textContent = t("status.rewinding")
            asyncio.ensure_future(self._rewind(self._position_key()))

    async def _rewind(self, key: tuple) -> None:
        game_id, number, moves = key
        answer = await self.advisor.ask({"kind": "last_winnable", "game": game_id,
                                         "deal": number, "moves": list(moves)})
        if key != self._position_key():
            return                  # the player did something else meanwhile
        keep = None if answer is None else answer["keep"]
        if keep is None:
            self.notify(t("notice.rewind_none"))
            self.refresh()
            return
        for _ in range(len(moves) - keep):
            self.session.undo()
        self.last_move = None
        self.refresh()
        self.document.getElementById("status").textContent = t("status.rewound", moves=keep)

    # -- another tab, export and import -------------------------------------------------

    def on_storage(self, event) -> None:
        """Another tab of this site wrote to storage."""
        key = event.key
        if self.session.changed_elsewhere(str(key) if present(key) else None):
            self.document.getElementById("conflict").hidden = False

    def do_take_other(self) -> None:
        self.session.take_other_tab()
        self.show_game()

    def do_keep_mine(self) -> None:
        self.session.keep_this_tab()
        self.refresh()

    def do_export(self) -> None:
        """Download everything stored as a file."""
        blob = js.Blob.new(to_js([self.session.export_text()]),
                           _js_object({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = f"castling-{str(js.Date.new().toISOString())[:10]}.json"
        self.document.body.appendChild(link)
        link.click()
        link.remove()
        self.window.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)

    def on_import(self, event) -> None:
        chooser = event.target
        files = chooser.files
        if present(files) and files.length:
            asyncio.ensure_future(self._import(files.item(0)))
        chooser.value = ""              # the same file may be chosen again

    async def _import(self, file) -> None:
        text = str(await file.text())
        try:
            count = self.session.import_text(text)
        except ImportFileError as error:
            self.notify(str(error))
            return
        self.document.getElementById("settings-dialog").close()
        self.show_game()
        self.notify(t("notice.imported", count=count))

    def do_finish(self) -> None:
        moves = auto_finish(self.session.game.position)
        if moves:
            self.session.play(moves)
            self.refresh()

    def do_share(self) -> None:
        link = str(self.window.location.href)
        self.notify(t("notice.link", link=link))
        try:
            # Copying may be refused (no permission, no focus): the link stays on screen.
            copied = self.window.navigator.clipboard.writeText(link)
            copied.then(self._said_copied, self._ignore)
        except Exception:
            pass

    def do_stats(self) -> None:
        table = self.document.getElementById("stats-table")
        header = tuple(t(f"stats.{key}") for key in ("game", "played", "won", "rate", "streak",
                                                      "best_streak", "best_time", "fewest_moves"))
        rows = [self._row("th", header)]
        for rules in GAMES.values():
            stats = self.session.stats_for(rules.id)
            none = t("stats.none")
            rate = none if stats.win_rate is None else f"{stats.win_rate:.0%}"
            row = self._row("td", (rules.name, stats.played, stats.won, rate, stats.streak,
                                   stats.best_streak,
                                   none if stats.best_seconds is None else _clock(stats.best_seconds),
                                   none if stats.fewest_moves is None else stats.fewest_moves))
            row.setAttribute("data-game", rules.id)
            if rules == self.session.game.rules:
                row.className = "current"
            rows.append(row)
        table.replaceChildren(*rows)
        self.document.getElementById("stats-dialog").showModal()

    def _row(self, cell_tag: str, values):
        row = self.document.createElement("tr")
        for value in values:
            cell = self.document.createElement(cell_tag)
            cell.textContent = str(value)
            row.appendChild(cell)
        return row

    def do_settings(self) -> None:
        for box in self.document.querySelectorAll("[data-setting]"):
            box.checked = getattr(self.session.settings, box.getAttribute("data-setting"))
        rules = self.session.game.rules
        self.document.getElementById("card-size").value = self.session.settings.card_size
        self.document.getElementById("language").value = self.session.settings.language
        self.document.getElementById("winnable-only").checked = rules.id in self.session.settings.winnable_only
        self.document.getElementById("settings-dialog").showModal()

    def on_setting(self, event) -> None:
        box = event.target
        self.session.set_setting(box.getAttribute("data-setting"), bool(box.checked))
        self._apply_look()
        self._show_notices()

    def on_card_size(self, event) -> None:
        self.session.set_choice("card_size", str(event.target.value))
        self._apply_look()
        self._show_notices()

    def on_language(self, event) -> None:
        self.session.set_choice("language", str(event.target.value))
        self._apply_language()
        self.view.build(self.session.game.rules)        # the piles' spoken names
        self.show_game()

    def _apply_language(self) -> None:
        """Every text of the page in the chosen language (or the browser's)."""
        chosen = self.session.settings.language or preferred(
            [str(tag) for tag in (self.window.navigator.languages or [self.window.navigator.language])])
        self.document.documentElement.lang = set_language(chosen)
        for element in self.document.querySelectorAll("[data-i18n]"):
            element.textContent = t(element.getAttribute("data-i18n"))
        for attribute in ("title", "aria-label"):
            for element in self.document.querySelectorAll(f"[data-i18n-{attribute}]"):
                element.setAttribute(attribute, t(element.getAttribute(f"data-i18n-{attribute}")))
        self._link_help()

    def _link_help(self) -> None:
        """Help links lead to the help pages in the page's language."""
        folder = "" if language() == "en" else f"{language()}/"
        for link in self.document.querySelectorAll("[data-help]"):
            link.setAttribute("href", f"./help/{folder}{link.getAttribute('data-help')}")

    def _apply_look(self) -> None:
        """The deck, contrast and card size settings, as classes on the page."""
        settings = self.session.settings
        classes = self.document.documentElement.classList
        classes.toggle("deck-four", settings.four_colour)
        classes.toggle("contrast-high", settings.high_contrast)
        self.view.card_size = settings.card_size
        self.view.fit()

    def on_winnable_only(self, event) -> None:
        self.session.set_winnable_only(self.session.game.rules.id, bool(event.target.checked))
        self._show_notices()

    def on_choose_game(self, event) -> None:
        self.open_game(str(event.target.value))

    def open_game(self, game_id: str) -> None:
        """Switch to a game: its saved deal, or a new one."""
        if game_id in GAMES:
            self.session.open(GAMES[game_id])
            self.show_game()

    def do_keys(self) -> None:
        self.document.getElementById("keys-dialog").showModal()

    def do_games(self) -> None:
        self.document.getElementById("games-dialog").showModal()

    def on_tick(self, *args) -> None:
        if self.document.hidden or self.session.game is None:
            return
        self.session.tick()
        self.document.getElementById("timer").textContent = _clock(self.session.seconds)
