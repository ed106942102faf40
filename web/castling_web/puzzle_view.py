"""Puzzles on the table: Menu → Puzzles, a puzzle link, each move judged at once.

The puzzle's position is drawn on the normal table of its game and played as
the player's game is (tap, drag, keys: pointer.py and keyboard.py play on the
table's game, here the puzzle's, through the Host's ``table_owner``); the
player's own game and its save are not touched meanwhile, and the toolbar,
which works on it, is out of reach. The panel ``#puzzle`` says what to find,
the verdict (``data-puzzle-verdict``: ``right``, ``solved``, ``wrong``), the
rating and its change, the streak, and offers a hint, the winning line, what
a wrong move runs into, Retry, the next puzzle, today's puzzle, the moves that
led to it (stepped through, to look at) and the way back. What is right
and what is rated is the app model's (castling.app.puzzle_session); the
puzzles come from the table shipped for each game (``puzzles/GAME.json``),
fetched when first asked for and kept by the service worker.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from castling import GAMES
from castling.game import Game
from castling.i18n import plural, sentences, t
from castling.movegen import Move
from castling.numbers import number
from castling.app.table.board import status_line
from castling.app.puzzle_session import (Attempt, PuzzleSession, Verdict, puzzle_link,
                                         puzzle_of_the_day)
from castling.puzzles.table import Puzzle, PuzzleTable, read_table

from .daily_view import local_today
from .dom import JsObject
from .host import Host
from .pacing import Pacer
from .shipped import fetch_table

TABLE_URL = "./puzzles/{game}.json"
#: The game whose puzzles are offered when the game on the table has none.
FALLBACK = "chessboard"


class PuzzleView:
    """The puzzle on the table, if one is; ``active`` meanwhile (the Host's table owner)."""

    def __init__(self, host: Host, puzzles: PuzzleSession) -> None:
        self.host = host
        self.document = host.document
        self.puzzles = puzzles
        self.tables: dict[str, PuzzleTable | None] = {}
        self.active = False
        self._shown: list[Move] = []        # the line or the run being shown, still to play
        #: a position before the puzzle shown, to look at (None: the puzzle's table)
        self._before: Game | None = None
        self.pacer = Pacer(host.window, self.document.getElementById("replay-speed"),
                           self._show_next)
        #: a puzzle link's table, drawn by the page before Python was up, is
        #: waiting for its puzzle to be read (:meth:`follow_link`)
        self.waiting = False
        #: a button of the panel pressed meanwhile, pressed once the puzzle is up
        self._asked: Callable[[], object] | None = None
        for action, do in (("puzzles", self.open_next), ("puzzle-next", self.open_next),
                           ("puzzle-daily", self.open_daily),
                           ("puzzle-before-back", lambda: self.step_before(-1)),
                           ("puzzle-before-forward", lambda: self.step_before(1)),
                           ("puzzle-hint", self.hint), ("puzzle-line", self.show_line),
                           ("puzzle-runs-into", self.show_runs_into),
                           ("puzzle-retry", self.retry), ("puzzle-close", self.close)):
            host.command(action, self._once_up(do))

    def _once_up(self, do: Callable[[], object]) -> Callable[[], None]:
        """``do``, or, while a link's puzzle is still being read, ``do`` once it is."""
        def pressed() -> None:
            if self.waiting:
                self._asked = do
            else:
                do()
        return pressed

    # -- the Host's table owner: the table plays on the puzzle's game ---------------------

    @property
    def game(self) -> Game:
        return self._attempt.game

    @property
    def _attempt(self) -> Attempt:
        assert self.puzzles.attempt is not None, "no puzzle on the table"
        return self.puzzles.attempt

    def play(self, moves: list[Move], count: int) -> None:
        """The player's move on the puzzle, judged at once."""
        host, attempt = self.host, self._attempt
        if attempt.expected is None or self.pacer.running:
            host.held.forget()
            host.sound("refused")
            host.announce(t("puzzle.over"))
            return
        verdict: list[Verdict] = []
        words = host.watch(attempt.game, moves[0][0], moves[-1][1], count,
                           lambda: verdict.append(self.puzzles.judge(moves)))
        host.held.forget()
        host.sound("put-down")
        self._draw()
        self._show(verdict[0])
        host.announce(sentences(t("say.sentence", text=words), self._verdict_words(verdict[0])))

    # -- opening and leaving ----------------------------------------------------------------

    def open_next(self) -> None:
        """The next puzzle near the player's rating, of the game on the table
        (or, while a puzzle is shown, of its game); of Chessboard if it has none."""
        asyncio.ensure_future(self._open_chosen(self.puzzles.choose))

    def open_daily(self) -> None:
        """Today's puzzle (the player's calendar date, as the deal of the day's)
        of the game on the table, or of the puzzle's; of Chessboard if it has none."""
        today = local_today(self.host.window)
        asyncio.ensure_future(self._open_chosen(lambda table: puzzle_of_the_day(table, today),
                                                day=today.isoformat()))

    async def _open_chosen(self, choose: Callable[[PuzzleTable], Puzzle | None],
                           day: str = "") -> None:
        """The puzzle ``choose`` picks from the table of the game in view."""
        game_id = self._attempt.puzzle.rules.id if self.active else \
            self.host.session.game.rules.id
        table = await self.read_table(game_id)
        if table is not None and not table.puzzles:
            self.host.notify(t("puzzle.none_game", game=GAMES[game_id].name,
                               other=GAMES[FALLBACK].name))
            table = await self.read_table(FALLBACK)
        chosen = choose(table) if table is not None else None
        if chosen is None:
            self.host.notify(t("puzzle.unavailable"))
            return
        self.open(chosen, day)

    def follow_link(self, game_id: str, number_: int, drawn: bool) -> None:
        """Open puzzle ``number_`` of ``game_id`` (a puzzle link) once its table
        is read. ``drawn``: the page drew it before Python was up; it stays
        on the table meanwhile, looked at, and the player's game is not drawn
        over it (a panel's button pressed meanwhile is pressed once it is up)."""
        if drawn:
            self.waiting = True
            self.host.view_only = True
        asyncio.ensure_future(self.open_link(game_id, number_))

    async def open_link(self, game_id: str, number_: int) -> None:
        """Puzzle ``number_`` of ``game_id`` (a puzzle link); a message, and the
        player's game, if there is none."""
        table = await self.read_table(game_id)
        if table is not None and 1 <= number_ <= len(table.puzzles):
            self.open(table.puzzle(number_))
            return
        if self.waiting:                    # (the page drew what cannot be opened)
            self._stop_waiting()
            self._hide_panel()
            self.host.show_game()
        self.host.notify(t("puzzle.unavailable") if table is None else
                         t("puzzle.no_such", game=GAMES[game_id].name, number=number_))

    def _stop_waiting(self) -> Callable[[], object] | None:
        """The wait for a link's puzzle over; the button pressed meanwhile, if one was."""
        asked, self._asked = self._asked, None
        if self.waiting:
            self.waiting = False
            self.host.view_only = False
        return asked

    async def read_table(self, game_id: str) -> PuzzleTable | None:
        """The game's puzzles, fetched once; None where they cannot be read."""
        if self.tables.get(game_id) is None:
            self.tables[game_id] = await fetch_table(
                self.host.window, TABLE_URL.format(game=game_id),
                lambda text: read_table(text, game_id))
        return self.tables[game_id]

    def open(self, puzzle: Puzzle, day: str = "") -> None:
        """Put ``puzzle`` on the table, over the player's game (which waits as it
        is); ``day`` (YYYY-MM-DD) when it is that day's puzzle of its game."""
        host = self.host
        drawn = self.waiting                # (the page drew this table: no deal to show)
        asked = self._stop_waiting()
        host.leave_view_only()              # (a replay, or the puzzle shown before)
        attempt = self.puzzles.begin(puzzle)
        self.active = True
        host.table_owner = self
        host.held.forget()
        host.view.show_rules(puzzle.rules)
        host.chrome.name_the_game(attempt.game)
        host.motion.draw(attempt.game.position.to_piles(), deal=not drawn)
        host.status(status_line(attempt.game.position))
        self.document.querySelector(".controls").inert = True
        root = self.document.documentElement
        root.setAttribute("data-puzzle", puzzle.id)
        panel = self._element("")
        panel.hidden = False
        if day:
            panel.setAttribute("data-puzzle-day", day)
        else:
            panel.removeAttribute("data-puzzle-day")
        name = puzzle.rules.name
        self._element("title").textContent = (
            t("puzzle.title_daily", game=name, number=puzzle.number) if day
            else t("puzzle.title", game=name, number=puzzle.number))
        host.window.history.replaceState(None, "", puzzle_link(puzzle.id))
        self._show(None)
        host.announce(self._element("verdict").textContent)
        self._show_before()
        host.view.focus(puzzle.rules.pile_names[0])
        if asked is not None:
            asked()

    def close(self) -> None:
        """Back to the player's own game, as they left it."""
        if self.active:
            self.leave()
            self.host.show_game()

    def leave(self) -> None:
        """Take the puzzle off the table (the caller shows what comes next)."""
        if not self.active:
            return
        self.pacer.stop()
        self._stop_looking()
        self.active = False
        self.host.table_owner = None
        self.host.held.forget()
        self._hide_panel()

    def _hide_panel(self) -> None:
        """The panel gone, the toolbar back, the page no longer marked as showing a puzzle."""
        self._element("").hidden = True
        self.document.querySelector(".controls").inert = False
        self.document.documentElement.removeAttribute("data-puzzle")

    def retry(self) -> None:
        """The same puzzle from its start (not rated again)."""
        self.pacer.stop()
        self.puzzles.retry()
        self._draw()
        self._show(None)
        self.host.announce(self._element("verdict").textContent)

    # -- help: a hint, the winning line, what a wrong move runs into -----------------------

    def hint(self) -> None:
        """Light the move to find (the puzzle then counts as not solved)."""
        move = self.puzzles.hint()
        if move is None:
            return
        if self._before is not None:
            self._draw()                    # (the hint is lit on the puzzle's table)
        names = self._attempt.puzzle.rules.pile_names
        self.host.view.mark("hint-from", [names[move[0]]])
        self.host.view.mark("hint-to", [names[move[1]]])
        self._show_rating()
        self.host.announce(t("puzzle.hinted"))

    def show_line(self) -> None:
        """Play the line that keeps the win, from the question, as Show me plays one."""
        self._play_through(self._attempt.line(), t("puzzle.showing_line"))

    def show_runs_into(self) -> None:
        """Play the wrong move and plain play after it, until the loss shows."""
        moves, dead_end = self._attempt.runs_into()
        self._play_through(moves, t("puzzle.dead_end") if dead_end else t("puzzle.deeper"))

    def _play_through(self, moves: list[Move], words: str) -> None:
        self.pacer.stop()
        self._draw()
        self._shown = list(moves)
        self._element("why").textContent = words
        self._element("why").hidden = False
        self.host.announce(words)
        self.pacer.start()

    def _show_next(self) -> None:
        if not self.active or not self._shown:
            self.pacer.stop()
            return
        move = self._shown.pop(0)
        game = self.game
        self.host.watch(game, *move, lambda: game.play(move))
        self._draw()

    # -- what the panel says ------------------------------------------------------------

    def _element(self, name: str) -> JsObject:
        return self.document.getElementById(f"puzzle-{name}" if name else "puzzle")

    # -- the moves before: from the deal to the puzzle, to look at ------------------------

    def step_before(self, direction: int) -> None:
        """One move back (-1) or forward (1) through the moves that led to the
        puzzle. A position before it is only looked at (the table takes no move
        meanwhile, as in a replay); the last step forward is the puzzle's table
        as the player left it, to play on."""
        attempt = self._attempt
        at = attempt.start if self._before is None else len(self._before.moves)
        step = max(0, min(attempt.start, at + direction))
        if step == at:
            return
        self.pacer.stop()
        if step == attempt.start:
            self._draw()
            self.host.announce(self._element("verdict").textContent)
            return
        game = attempt.puzzle.game(step)
        self._before = game
        self.host.view_only = True
        self.host.held.forget()
        for highlight in ("hint-from", "hint-to", "selected", "target"):
            self.host.view.mark(highlight)
        self.host.motion.draw(game.position.to_piles())
        self.host.status(status_line(game.position))
        self._show_before()
        self.host.announce(t("replay.say.start") if step == 0 else
                           t("replay.say.at", step=step, total=attempt.start))

    def _stop_looking(self) -> None:
        """Back from a position before the puzzle (the caller draws the puzzle's table)."""
        if self._before is not None:
            self._before = None
            self.host.view_only = False

    def _show_before(self) -> None:
        """The counter of the moves before and its buttons, for the position shown."""
        start = self._attempt.start
        step = start if self._before is None else len(self._before.moves)
        counter = self._element("before-counter")
        counter.textContent = t("replay.counter", step=step, total=start)
        counter.setAttribute("data-puzzle-step", str(step))
        button = self.document.querySelector
        button('[data-action="puzzle-before-back"]').disabled = step == 0
        button('[data-action="puzzle-before-forward"]').disabled = step == start

    def _draw(self) -> None:
        """The puzzle's table as it stands, no highlight left over, and its status
        line (back from a position before it, if one was shown)."""
        self._stop_looking()
        self._show_before()
        for highlight in ("hint-from", "hint-to", "selected", "target"):
            self.host.view.mark(highlight)
        self.host.motion.draw(self.game.position.to_piles())
        self.host.status(status_line(self.game.position))

    def _verdict_words(self, verdict: Verdict | None) -> str:
        if verdict is None:
            left = self._attempt.left
            return t("puzzle.find") if left == 1 else plural("puzzle.find_moves", left)
        if verdict.kind == "right":
            return plural("puzzle.right", verdict.left)
        return t("puzzle.solved") if verdict.kind == "solved" else t("puzzle.wrong")

    def _show(self, verdict: Verdict | None) -> None:
        """The panel for the attempt as it stands after ``verdict`` (None: a new question)."""
        attempt = self._attempt
        line = self._element("verdict")
        line.textContent = self._verdict_words(verdict)
        if verdict is None:
            line.removeAttribute("data-puzzle-verdict")
        else:
            line.setAttribute("data-puzzle-verdict", verdict.kind)
        why = self._element("why")
        why.hidden = verdict is None or verdict.kind != "wrong"
        why.textContent = t("puzzle.wrong_why") if not why.hidden else ""
        over = attempt.outcome is not None
        button = self.document.querySelector
        button('[data-action="puzzle-hint"]').disabled = over
        button('[data-action="puzzle-line"]').hidden = not over
        button('[data-action="puzzle-runs-into"]').hidden = attempt.wrong is None
        button('[data-action="puzzle-retry"]').hidden = not over
        self._show_rating()

    def _show_rating(self) -> None:
        """The rating, this attempt's change of it (once rated) and the streak."""
        attempt, record = self._attempt, self.puzzles.record
        rating = self._element("rating")
        rating.textContent = t("puzzle.rating", rating=number(round(record.rating.rating)))
        rating.setAttribute("data-puzzle-rating", str(round(record.rating.rating)))
        moved, change = self._element("change"), attempt.change
        moved.hidden = change is None
        if change is not None:
            moved.textContent = f"{change.change:+d}".replace("-", "\u2212")
            moved.setAttribute("data-change", "up" if change.change >= 0 else "down")
        self._element("streak").textContent = plural("puzzle.streak", record.streak)
        self._element("unrated").hidden = attempt.rated
