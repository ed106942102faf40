"""Replay links: a deal and the moves played on it, ``#/GAME/NUMBER/replay/CODE``.

The deal part is a deal link's (:mod:`castling.app.deals.links`). CODE is the
format's version, ``1``, then one group of characters a move, each character
one of the 64 of :data:`ALPHABET` (letters, digits, ``-`` and ``_``, which a
URL carries as they are):

* a move of one card is two characters: its source pile and its destination,
  each by its index in the game's pile order (``rules.pile_names``: tableau,
  foundations, reserves, stock, waste; ``A`` is ``t1``);
* a move of several cards starts with ``.`` and the count in the same alphabet,
  then the two piles.

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

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import LinkError
from ...i18n import t
from ...movegen import Move
from ...position import Position
from ...rules import GameRules
from .links import deal_link, parse_link

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {char: value for value, char in enumerate(ALPHABET)}
VERSION = "1"
_MARK = "/replay/"
_SEVERAL = "."          # before the count of a move of several cards
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


def move_code(moves: Sequence[Move]) -> str:
    """Moves in the link's characters, without the version (the puzzles' tables keep them so)."""
    code = []
    for source, target, count in moves:
        if count > 1:
            code.append(_SEVERAL + ALPHABET[count])
        code.append(ALPHABET[source] + ALPHABET[target])
    return "".join(code)


def moves_from_code(code: str) -> list[Move]:
    """The inverse of :func:`move_code`; ValueError, naming the place, where it
    does not spell moves (whether they are legal is for a position to say)."""
    moves, at = [], 0
    while at < len(code):
        move, at = _read_move(code, at)
        if move is None:
            raise ValueError(f"no move at character {at + 1} of {code[:24]!r}")
        moves.append(move)
    return moves


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
        move, at = _read_move(code, at)
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


def _read_move(code: str, at: int) -> tuple[Move | None, int]:
    """The move written at ``code[at:]`` and where the next one starts; None
    for characters that do not spell a move (or a move cut short)."""
    count = 1
    if code[at] == _SEVERAL:
        count = _VALUE.get(code[at + 1:at + 2], 0)
        if count < 2:
            return None, at     # (one card is written as a plain move)
        at += 2
    source, target = _VALUE.get(code[at:at + 1]), _VALUE.get(code[at + 1:at + 2])
    if source is None or target is None:
        return None, at
    return (source, target, count), at + 2
