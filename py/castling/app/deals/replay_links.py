"""Replay links: a deal and the moves played on it, ``#/GAME/NUMBER/replay/CODE``.

The deal part is a deal link's (:mod:`castling.app.deals.links`). CODE is the
format's version, ``1``, then the moves in the move code of
:mod:`castling.notation` (:func:`~castling.notation.move_code`; its docstring
has the characters): two characters a move of one card, its source pile and its
destination by their indexes in the game's pile order, and four a move of
several cards (``.`` and the count first).

So a 300-move game is a link of about 640 characters. Piles rather than, say,
a move's place in the list of legal moves: a link then says what was played in
the words of docs/rules.md §1, and stays readable by a later engine whose move
generator lists moves in another order.

Reading a link is strict about its shape and forgiving about its moves: a bad
game or deal refuses the link (as a bad deal link is refused), while a move
that is malformed, cut short or illegal ends the replay there, and the moves
before it are kept, with a message to show the player.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import LinkError
from ...i18n import t
from ...movegen import Move
from ...notation import move_code, read_coded_move
from ...position import Position
from ...rules import GameRules
from .links import deal_link, parse_link

VERSION = "1"
_MARK = "/replay/"
MAX_REPLAY_LINK = 8_000  # longer fragments are read no further (about 3,900 moves)


@dataclass
class Replay:
    """What a replay link holds: the deal, the moves that could be replayed
    (all legal, in order), and, when the link held more that could not, a
    message saying so (to show as text)."""

    rules: GameRules
    number: int
    moves: list[Move]
    problem: str | None = None


def is_replay_link(fragment: str) -> bool:
    """Whether a ``location.hash`` is a replay link rather than a deal link."""
    return _MARK in fragment


def replay_link(rules: GameRules, number: int, moves: list[Move]) -> str:
    """The fragment that replays these moves on this deal."""
    return deal_link(rules, number) + _MARK + VERSION + move_code(moves)


def parse_replay_link(fragment: str) -> Replay:
    """The deal and the moves a replay link holds, replayed as far as they are legal.

    A link whose game or deal is bad, or which is not a replay link at all,
    raises :class:`LinkError` with a message fit to show the player; anything
    wrong after that is the returned replay's ``problem``.
    """
    deal_part, mark, code = fragment.partition(_MARK)
    if not mark:
        raise LinkError(t("replay.shape"))
    found = parse_link(deal_part)
    if found is None:
        raise LinkError(t("replay.shape"))
    rules, number = found
    replay = Replay(rules, number, [])
    too_long = len(fragment) > MAX_REPLAY_LINK
    if too_long:
        code = code[:max(MAX_REPLAY_LINK - len(deal_part) - len(mark), 0)]
    if not code.startswith(VERSION):
        replay.problem = t("replay.version")
        return replay
    position = Position.deal(rules, number)
    at = len(VERSION)
    while at < len(code):
        step = len(replay.moves) + 1
        move, at = read_coded_move(code, at)
        if move is None:
            # (A move cut by the length limit is the limit's doing, not damage:
            # no move takes more than four characters.)
            cut = too_long and len(code) - at < 4
            replay.problem = (t("replay.too_long", moves=len(replay.moves)) if cut
                              else t("replay.malformed", step=step))
            return replay
        if move not in position.legal_moves():
            replay.problem = t("replay.illegal", step=step)
            return replay
        position.play(move)
        replay.moves.append(move)
    if too_long:
        replay.problem = t("replay.too_long", moves=len(replay.moves))
    return replay
