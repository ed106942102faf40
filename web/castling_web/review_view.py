"""The review of a game (castling.search.review): where the win slipped away,
a move that would have kept it, and the verdict on every position.

Menu → Review, the win dialog's Review, the "can no longer be won" notice's
and the replay viewer's open it, over the table. It reviews the game on the
table: the player's (the moves played, not those left to redo), or the replay
shown. The questions go to the solver's worker one position at a time, a second
each, so the page never waits: the turning point first (halving), then what is
left. The dialog is drawn as soon as the turning point is known, at most every
quarter second before that (most answers come in milliseconds), and at the end:
the summary (announced once the turning point is known), the turning point in words with the table before it drawn
small, a strip of coloured marks, and the list of moves — each a button that
shows its position in the replay viewer, whose slider then carries the marks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from castling import Game, format_move, parse_move
from castling.cards import FACE_DOWN, card_text, is_red
from castling.i18n import t
from castling.movegen import Move
from castling.position import Position
from castling.search.common import SolveResult
from castling.search.review import Question, Review
from castling.app.deals.replay_links import Replay, replay_link
from castling.app.words.review_words import entry_said, summary_said, turning_said
from castling.app.words.spoken import card_sign

from .advice_view import AdviceView
from .dom import JsObject
from .host import Host

#: A second for each position: what the player reads as "not decided in a second".
SECONDS = 1.0
#: A question sent to the worker, and its answer to await.
Asked = tuple[Question, Awaitable[dict[str, Any] | None]]
#: While the turning point is looked for, the dialog is redrawn at most this
#: often (seconds): most answers come in milliseconds, and a redraw of a long
#: game's list between them would only hold the next question up.
REDRAW_EVERY = 0.25
#: The cards of a pile the small table shows, from the top (the rest are under).
SHOWN = 8
#: The most tableau piles the small table shows side by side; more wrap.
MOST_IN_A_ROW = 10


class ReviewView:
    """The review dialog (``[data-review]``) and the questions it asks."""

    def __init__(self, host: Host, advice: AdviceView,
                 shown_replay: Callable[[], Replay | None],
                 open_replay: Callable[[Replay, int], None]) -> None:
        self.host = host
        self.document = host.document
        self.advice = advice
        self.shown_replay = shown_replay
        self.open_replay = open_replay
        self.review: Review | None = None
        #: bumped by each new review: the answers of an older one are dropped
        self._generation = 0
        self._announced = False
        self._asking = False
        #: the strip's marks and the list's entries, made once a review (the
        #: review they were made for: _drawn), and what each shows now
        self._marks: list[JsObject] = []
        self._items: list[JsObject] = []
        self._marks_show: dict[int, tuple[object, ...]] = {}
        self._items_show: dict[int, tuple[object, ...]] = {}
        self._drawn = -1
        #: the review's moves in notation (the questions' words), and when it last drew
        self._texts: list[str] = []
        self._drew_at = 0.0
        host.command("review", self.open)
        host.command("review-try", self.try_from_here)
        host.command("review-share", self.share)
        host.listen(self._element("moves"), "click", self.on_entry)

    def _element(self, name: str) -> JsObject:
        return self.document.getElementById(f"review-{name}")

    # -- opening ---------------------------------------------------------------------------

    def open(self) -> None:
        """Review the game on the table (a replay shown, else the player's), in
        the dialog (over the win's, which it closes)."""
        replay = self.shown_replay()
        if replay is None:
            game = self.host.session.game
            replay = Replay(game.rules, game.number, list(game.moves))
        self.open_game(replay)

    def open_game(self, replay: Replay) -> None:
        """Review ``replay`` (a game given up, or the one on the table), in the dialog."""
        self._mark("opened")
        for shown in self.document.querySelectorAll("dialog[open]"):
            shown.close()
        self.start(replay)      # (its first question asked, its dialog emptied, before it shows)
        self._element("dialog").showModal()

    def start(self, game: Replay) -> None:
        """Review ``game`` (a deal and the moves played on it): the review of the
        same game goes on where it was, another starts anew."""
        if not self._reviewing(game):
            self._generation += 1
            # (The benchmark's anchor, benchmarks/browser_review.py, sets
            # castlingNaiveReview to time the review done the naive way.)
            naive = bool(getattr(self.host.window, "castlingNaiveReview", False))
            self.review = Review(game.rules, game.number, list(game.moves), naive=naive)
            self._texts = [format_move(game.rules, move) for move in game.moves]
            self._announced = False
            self._clear()
        if self._asking:
            self.draw()
        else:
            # The first question leaves now: the worker searches while the dialog opens.
            first = self._ask(self.review) if self.advice.ready else None
            asyncio.ensure_future(self._ask_all(self._generation, first))

    def _reviewing(self, game: Replay) -> bool:
        """Whether ``game`` is the game reviewed."""
        review = self.review
        return (review is not None and review.rules.id == game.rules.id
                and review.number == game.number and review.moves == list(game.moves))

    def _wanted(self) -> bool:
        """Whether the answers are looked at: the dialog is open, or the replay
        of the game reviewed is shown (its slider's marks). Otherwise the review
        waits, and the worker is free for the hints."""
        if self._element("dialog").open:
            return True
        shown = self.shown_replay()
        return shown is not None and self._reviewing(shown)

    def _ask(self, review: Review | None) -> Asked | None:
        """The review's next question, sent to the worker (it searches from now
        on), with its answer to await; None when nothing is left to ask."""
        question = None if review is None else review.next_question()
        if review is None or question is None:
            return None
        first = question.first_moves
        return question, self.advice.review_question(
            review.rules.id, review.number, self._texts[:question.index],
            None if first is None else [format_move(review.rules, move) for move in first],
            SECONDS)

    async def _ask_all(self, generation: int, sent: Asked | None) -> None:
        """Ask the worker the review's questions, one after the other, while
        they are wanted (``sent``: the first, already asked)."""
        self._asking = True
        try:
            self._drew_at = self._now()
            if sent is None and not await self.advice.boot():
                self._element("summary").textContent = t("review.unavailable")
                return
            while sent is not None or (generation == self._generation and self._wanted()):
                if sent is None:
                    sent = self._ask(self.review)
                    if sent is None:
                        break
                (question, asked), sent = sent, None
                if self._due():
                    self.draw()     # (the answers so far, drawn while the worker searches)
                answer = await asked
                review = self.review
                if generation != self._generation or review is None:
                    return
                review.answer(question, self._result(answer))
                if review.turning_point is not None and not self._announced:
                    self.draw()     # (the turning point shown at once)
            if generation == self._generation:
                self.draw()
                if self.review is not None and self.review.finished:
                    self._mark("done")
        finally:
            self._asking = False
            if generation != self._generation:
                # Another game's review began while this one waited on an answer.
                asyncio.ensure_future(self._ask_all(self._generation, None))
            # (The position on the table, if it changed meanwhile, is asked
            # about once the worker is free: AdviceView's when_free.)

    def _now(self) -> float:
        return float(self.host.window.performance.now()) / 1000

    def _due(self) -> bool:
        """Whether to redraw while a question is out: when the last redraw (or
        the review's start) is REDRAW_EVERY old. A review that finds its
        turning point sooner draws once, with it."""
        return self._now() - self._drew_at >= REDRAW_EVERY

    def _mark(self, name: str) -> None:
        """A point of the review on the page's timeline (benchmarks/browser_review.py
        times it from ``castling:review-opened``)."""
        self.host.window.performance.mark(f"castling:review-{name}")

    def _result(self, answer: dict[str, Any] | None) -> SolveResult:
        """The worker's answer as a search's; none (a worker that failed) is undecided."""
        if answer is None or answer.get("result") not in ("won", "lost", "unknown"):
            return SolveResult("unknown")
        assert self.review is not None
        rules = self.review.rules
        return SolveResult(answer["result"], [parse_move(rules, text) for text in answer.get("moves", [])])

    # -- drawing ---------------------------------------------------------------------------

    def _clear(self) -> None:
        """A new review's dialog: what an earlier one drew taken away, its
        summary ("looking for the turning point") until the first answers."""
        assert self.review is not None
        for name in ("strip", "moves"):
            self._element(name).replaceChildren()
        self._element("turn").hidden = True
        self._element("summary").textContent = summary_said(self.review)
        self._element("dialog").setAttribute("data-state", "pending")

    def draw(self) -> None:
        review = self.review
        if review is None:
            return
        summary = summary_said(review)
        self._element("summary").textContent = summary
        root = self._element("dialog")
        root.setAttribute("data-state", "done" if review.finished else "pending")
        self._draw_turn(review)
        self._draw_strip(review)
        self._draw_entries(review)
        self._drawn = self._generation
        self._drew_at = self._now()
        if review.turning_point is not None and not self._announced:
            self._announced = True
            self.host.announce(summary)
            self._mark("turning-point")     # (drawn: the time benchmarks/browser_review.py takes)

    def _draw_turn(self, review: Review) -> None:
        section = self._element("turn")
        point = review.turning_point
        section.hidden = point is None
        if point is None:
            return
        self._element("turn-words").textContent = turning_said(review) or ""
        self._element("board-label").textContent = t("review.turn.before", number=point.move)
        self._draw_board(review.positions[point.move - 1], point.played, point.keeping)

    def _draw_board(self, position: Position, played: Move, keeping: Move) -> None:
        """The table before the turning point, small: each pile's top cards, the
        played move's piles marked one way, the keeping move's the other."""
        document = self.document
        names = position.rules.pile_names
        marks = {names[played[0]]: "played-from", names[played[1]]: "played-to"}
        marks[names[keeping[0]]] = "keep-from"
        marks[names[keeping[1]]] = "keep-to"
        rows = {"head": document.createElement("div"), "tableau": document.createElement("div")}
        for row, element in rows.items():
            element.className = f"mini-row mini-{row}"
        if position.rules.tableau.piles > MOST_IN_A_ROW:
            rows["tableau"].classList.add("mini-wrap")      # (Chequers' 25 piles: rows of them)
        for name, pile in zip(names, position.piles):
            element = document.createElement("div")
            element.className = "mini-pile " + marks.get(name, "")
            element.setAttribute("data-mini-pile", name)
            for card in pile[-SHOWN:]:
                element.append(self._mini_card(card))
            rows["tableau" if name[0] == "t" else "head"].append(element)
        self._element("board").replaceChildren(rows["head"], rows["tableau"])

    def _mini_card(self, card: int) -> JsObject:
        chip = self.document.createElement("span")
        if card & FACE_DOWN:
            chip.className = "mini-card down"
            return chip
        chip.className = "mini-card " + ("red" if is_red(card) else "black")
        chip.textContent = card_sign(card_text(card))
        return chip

    def _draw_strip(self, review: Review) -> None:
        self._marks = self._rows("strip", "i", len(review.verdicts), self._marks, self._marks_show)
        self._update(self._marks, self._marks_show, review, entries=False)

    def _draw_entries(self, review: Review) -> None:
        self._items = self._rows("moves", "li", len(review.verdicts), self._items, self._items_show)
        self._update(self._items, self._items_show, review, entries=True)

    def _rows(self, name: str, tag: str, count: int, made: list[JsObject],
              shown: dict[int, tuple[object, ...]]) -> list[JsObject]:
        """One element per position under ``#review-NAME``, made once a review:
        each answer then changes only what it changed (a page call each is what
        a long game's redraw costs, not the search)."""
        if len(made) == count and self._drawn == self._generation:
            return made
        made = []
        for index in range(count):
            element = self.document.createElement(tag)
            if tag == "li":
                element.setAttribute("data-move", str(index))
                button = self.document.createElement("button")
                button.type = "button"
                button.setAttribute("data-show", str(index))
                element.append(button)
            made.append(element)
        self._element(name).replaceChildren(*made)
        shown.clear()
        return made

    def _update(self, elements: list[JsObject], shown: dict[int, tuple[object, ...]],
                review: Review, *, entries: bool) -> None:
        point = review.turning_point
        for index, verdict in enumerate(review.verdicts):
            turning = point is not None and index == point.move
            only = bool(review.only_moves.get(index - 1))
            wanted = (verdict, turning, only)
            if shown.get(index) == wanted:
                continue
            shown[index] = wanted
            element = elements[index]
            for name, on, value in (("data-verdict", verdict is not None, verdict or ""),
                                    ("data-turning-point", turning, ""), ("data-only", only, "")):
                if on:
                    element.setAttribute(name, value)
                else:
                    element.removeAttribute(name)
            if entries:
                element.firstElementChild.textContent = entry_said(review, index)

    # -- what the player does with it ------------------------------------------------------

    def on_entry(self, event: JsObject) -> None:
        """An entry pressed: its position shown in the replay viewer (the marks on its slider)."""
        button = event.target.closest("[data-show]")
        review = self.review
        if review is None or not button:
            return
        self._element("dialog").close()
        self.open_replay(Replay(review.rules, review.number, list(review.moves)),
                         int(button.getAttribute("data-show")))

    def marks(self, replay: Replay) -> list[str | None] | None:
        """The verdicts known on a replay's positions, if it is the game reviewed
        (the replay viewer marks them under its slider)."""
        if self.review is None or not self._reviewing(replay):
            return None
        return list(self.review.verdicts)

    def share(self) -> None:
        """The replay link of the game reviewed (whoever opens it can review it
        there), shown and handed to the share sheet or copied; kept in ``data-link``."""
        review, host = self.review, self.host
        if review is None:
            return
        address = str(host.window.location.href).split("#")[0]
        link = address + replay_link(review.rules, review.number, review.moves)
        host.document.querySelector('[data-action="review-share"]').setAttribute("data-link", link)
        host.chrome.share(link, t("notice.replay_link", link=link),
                          t("notice.replay_link_copied", link=link))

    def try_from_here(self) -> None:
        """Play the deal again from the position before the turning point, as a
        new attempt of it (counted as won with help, as a replay taken up is)."""
        review = self.review
        point = None if review is None else review.turning_point
        if review is None or point is None:
            return
        game = Game(review.rules, review.number)
        for move in review.moves[:point.move - 1]:
            game.play(move)
        self._element("dialog").close()
        host = self.host
        host.leave_view_only()
        host.session.take_up(game)
        host.show_game()
        host.notify(t("notice.review_tried", game=game.rules.name, deal=game.number,
                      step=point.move))
