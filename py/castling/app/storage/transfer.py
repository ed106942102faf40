"""Moving everything to another browser: an export file, or a transfer link;
either is shown to the player, then merged with what is here.

An export file is JSON: ``{"castling-export": 1, "items": {key: text}}`` with
every ``castling:…`` key of the store (saves, statistics, settings, the last
game, anything set aside) and its text as stored.

A transfer link is a fragment, so that what it carries never reaches a server:
``#transfer=1.BODY.CHECK``. ``1`` is the format; BODY is base64url (no padding)
of zlib-compressed compact JSON, ``{"castling-transfer": 1, "stats": {...},
"settings": {...}, "saves": {GAME: save, ...}, "last": GAME, "puzzles": {...}}``
(each part as :mod:`.records` and :mod:`.puzzle_record` store it, parsed, and
left out when there is none or it is damaged); CHECK is the CRC-32 of BODY's
text, as 8 lowercase hex digits. A link that is cut, changed,
of another format or not Castling's is refused (:class:`TransferLinkError`, in
the player's words) before anything is written.

What a file or a link holds is read into a :class:`Holding`, every part checked
by the readers of :mod:`.records` (a damaged part refuses the whole), shown to
the player in words (:func:`described`) and, if they say so, merged
(:func:`merge`; docs/decisions.md says why each part merges as it does):

* the statistics are added up game by game (:func:`.statistics.added_up`);
* of two saves of a game the newer is kept: of the same game (the same
  ``token``) the one written more often (``rev``); else a deal not played yet
  (no move, not counted) gives way to a game played, and otherwise the one
  written later is kept (``saved``; a save without it is the older, and a tie
  keeps this browser's);
* the settings are this browser's; the file's or the link's are taken only when
  this browser has none;
* the puzzle records are merged (:func:`.puzzle_record.merged_records`): every
  puzzle played in either, the rating of the one that played more;
* anything else a file holds (the last game, the welcome, what was set aside)
  is taken only where this browser has nothing under its key.

The statistics are written last, in one write: when the store refuses a write
(full), merging again later takes the same saves and adds the statistics once.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from dataclasses import dataclass, field

from ...errors import CastlingError, ImportFileError, TransferLinkError
from ...games import GAMES
from ...i18n import listed, plural, sentences, t
from ...numbers import number
from .puzzle_record import (PUZZLES_KEY, PuzzleRecord, merged_records, puzzle_record_text,
                            read_puzzle_record)
from .recovery import CarefulStore
from .records import (LAST_KEY, MERGED_KEPT, MERGED_KEY, PREFIX, SETTINGS_KEY, STATS_KEY,
                      JSONObject, Stats, read_merged, read_save, read_settings, read_stats,
                      save_key, settings_text, stats_text)
from .statistics import added_up
from .storage_port import Storage

EXPORT_FORMAT = 1
MAX_EXPORT = 5_000_000      # characters: about what a browser lets a site store

TRANSFER_FORMAT = 1
TRANSFER_MARK = "#transfer="
#: longer fragments are refused before anything is decoded
MAX_TRANSFER_LINK = 400_000
#: what a link's body may unpack to, at most (a small link cannot unpack to gigabytes)
MAX_TRANSFER_JSON = 2_000_000
_BASE64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_HEX = frozenset("0123456789abcdef")
_SAVE_PREFIX = PREFIX + "save:"


# -- what a file or a link holds ----------------------------------------------------

@dataclass
class Holding:
    """What a file or a link brings, each part checked."""

    stats: dict[str, Stats] = field(default_factory=dict)
    settings: str | None = None             # the settings' text, or None: none in it
    saves: dict[str, str] = field(default_factory=dict)     # game id -> save text
    others: dict[str, str] = field(default_factory=dict)    # any other castling: key -> text
    puzzles: PuzzleRecord | None = None     # the player's puzzles, or None: none in it
    #: the statistics' fingerprint (the SHA-256 of their stored form, keys sorted): the same
    #: statistics merged a second time (the link opened again) are not added up again
    fingerprint: str = ""


def holding(items: dict[str, str], damaged: ImportFileError) -> Holding:
    """The parts of stored ``items`` (key -> text), each read as this browser reads
    its own; ``damaged`` is raised when any part cannot be read whole."""
    held = Holding()
    for key, text in items.items():
        if key == STATS_KEY:
            held.stats, problems = read_stats(text)
            canonical = json.dumps(json.loads(stats_text(held.stats)), sort_keys=True)  # (a link sorts its keys)
            held.fingerprint = hashlib.sha256(canonical.encode()).hexdigest()[:32]
        elif key == SETTINGS_KEY:
            problems = read_settings(text)[1]
            held.settings = text
        elif key.startswith(_SAVE_PREFIX):
            game_id = key[len(_SAVE_PREFIX):]
            try:
                problems = read_save(text, GAMES[game_id]).damaged if game_id in GAMES else [key]
            except (CastlingError, ValueError, RecursionError):
                problems = [key]
            held.saves[game_id] = text
        elif key == LAST_KEY and text not in GAMES:
            problems = [key]
        elif key == PUZZLES_KEY:
            held.puzzles, problems = read_puzzle_record(text)
        elif key == MERGED_KEY:
            continue        # what the other browser merged is not merged here
        else:
            problems = []
            held.others[key] = text
        if problems:
            raise damaged
    return held


def described(held: Holding) -> list[str]:
    """What ``held`` holds, a line for each part, in the player's words."""
    lines = []
    played = [GAMES[game_id].name for game_id in GAMES
              if game_id in held.stats and held.stats[game_id].played]
    if played:
        lines.append(plural("transfer.holds.stats", len(played), games=listed(played)))
    saves = []
    for game_id in (game_id for game_id in GAMES if game_id in held.saves):
        data = json.loads(held.saves[game_id])
        moves = len(data["moves"])
        saves.append(t("transfer.holds.save", game=GAMES[game_id].name, deal=data["deal"],
                       moves=plural("counter.moves", moves)))
    if saves:
        lines.append(plural("transfer.holds.saves", len(saves), games="; ".join(saves)))
    if held.settings is not None:
        lines.append(t("transfer.holds.settings"))
    if held.puzzles is not None:
        lines.append(plural("transfer.holds.puzzles", len(held.puzzles.played),
                            rating=number(round(held.puzzles.rating.rating))))
    return lines or [t("transfer.holds.nothing")]


# -- merging --------------------------------------------------------------------------

@dataclass
class Merged:
    """What a merge did."""

    games: int = 0              # games whose statistics were added up
    saves: int = 0              # games in progress it held
    taken: int = 0              # of those, taken (this browser's was older, or none)
    settings: str = "none"      # "taken", "kept" (this browser's) or "none" (it held none)
    again: bool = False         # its statistics were merged here before: not added again
    puzzles: PuzzleRecord | None = None     # the puzzle record once merged (None: none held)

    def summary(self) -> str:
        """The notice after a merge."""
        if not self.saves:
            saves = t("transfer.merged.saves.none")
        elif self.taken < self.saves:
            saves = t("transfer.merged.saves.newer_here", taken=self.taken, count=self.saves)
        else:
            saves = t("transfer.merged.saves", taken=self.taken, count=self.saves)
        stats = t("transfer.merged.stats.again") if self.again else \
            plural("transfer.merged.stats", self.games)
        said = t("notice.merged", stats=stats, saves=saves,
                 settings=t(f"transfer.settings.{self.settings}"))
        if self.puzzles is not None:
            said = sentences(said, plural("transfer.merged.puzzles", len(self.puzzles.played),
                                          rating=number(round(self.puzzles.rating.rating))))
        return said


def merge(store: CarefulStore, held: Holding) -> Merged:
    """Merge ``held`` into the store (the rules are the module's); what was done.
    A write the store refuses is reported in ``store.notices``."""
    done = Merged(games=len(held.stats), saves=len(held.saves))
    taken = set()
    for game_id, text in held.saves.items():
        key = save_key(game_id)
        if _newer(text, store.get(key)):
            taken.add(game_id)
            if store.write(key, text):
                done.taken += 1
    if held.settings is not None:
        done.settings = "kept"
        if store.get(SETTINGS_KEY) is None and store.write(SETTINGS_KEY, held.settings):
            done.settings = "taken"
    for key, text in held.others.items():
        if store.get(key) is None:
            store.write(key, text)
    if held.puzzles is not None:
        # (This browser's record as it reads: a damaged one is set aside first.)
        done.puzzles = merged_records(store.read(PUZZLES_KEY, read_puzzle_record), held.puzzles)
        store.write(PUZZLES_KEY, puzzle_record_text(done.puzzles))
    merged = store.read(MERGED_KEY, read_merged)
    if held.stats and held.fingerprint in merged:
        done.games, done.again = 0, True
    elif held.stats:
        stats = store.read(STATS_KEY, read_stats)        # damaged entries are set aside
        for game_id, there in held.stats.items():
            stats[game_id] = added_up(stats.get(game_id, Stats()), there,
                                      current_from_there=game_id in taken)
        # Added up and noted as merged in two writes: a full store between them
        # could add them twice on a second try, the lesser harm than losing them.
        if store.write(STATS_KEY, stats_text(stats)):
            kept = [mark for mark in merged if mark != held.fingerprint] + [held.fingerprint]
            store.write(MERGED_KEY, json.dumps(kept[-MERGED_KEPT:]))
    return done



def _newer(there: str, here: str | None) -> bool:
    """Whether the save ``there`` is to replace the save ``here`` (None: none)."""
    if here is None:
        return True
    mine, theirs = _stamp(here), _stamp(there)
    if mine is None:
        return True         # unreadable here: the player could not resume it anyway
    if theirs is None:
        return False
    if mine.token is not None and mine.token == theirs.token:   # the same game: the later write
        return (theirs.rev, theirs.saved) > (mine.rev, mine.saved)
    if mine.played != theirs.played:        # a deal not played yet gives way to a game played
        return theirs.played
    return theirs.saved > mine.saved


@dataclass
class _Stamp:
    token: str | None
    rev: int                # 0 when missing
    saved: int              # 0 when missing: older than any save that has it
    played: bool            # a move was made, or it counts as played


def _stamp(text: str) -> _Stamp | None:
    """What says how new a save's text is, or None when it is unreadable."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    token, rev, saved = data.get("token"), data.get("rev"), data.get("saved")
    return _Stamp(token if isinstance(token, str) else None, rev if type(rev) is int else 0,
                  saved if type(saved) is int else 0,
                  bool(data.get("moves")) or data.get("counted") is True)


# -- the export file ------------------------------------------------------------------

def export_file(storage: Storage) -> str:
    """Every ``castling:…`` item of the store, as the text of an export file."""
    items = {}
    for key in storage.keys():
        if key.startswith(PREFIX):
            value = storage.get(key)
            if value is not None:
                items[key] = value
    return json.dumps({"castling-export": EXPORT_FORMAT,
                       "items": {key: items[key] for key in sorted(items)}}, indent=1)


def read_export(text: str) -> dict[str, str]:
    """The stored items an export file holds, or :class:`ImportFileError`."""
    if not isinstance(text, str) or len(text) > MAX_EXPORT:
        raise ImportFileError(t("import.too_large"))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ImportFileError(t("import.not_json")) from None
    if not isinstance(data, dict) or "castling-export" not in data:
        raise ImportFileError(t("import.not_export"))
    if data["castling-export"] != EXPORT_FORMAT:
        raise ImportFileError(t("import.other_version"))
    items = data.get("items")
    if not isinstance(items, dict) or not all(
            isinstance(key, str) and key.startswith(PREFIX) and isinstance(value, str)
            for key, value in items.items()):
        raise ImportFileError(t("import.damaged"))
    return dict(items)


def read_file(text: str) -> Holding:
    """What an export file holds, each part checked; :class:`ImportFileError`."""
    return holding(read_export(text), ImportFileError(t("import.damaged")))


# -- the transfer link ----------------------------------------------------------------

def is_transfer_link(fragment: str) -> bool:
    """Whether a ``location.hash`` is meant as a transfer link (it may still be refused)."""
    return fragment.startswith(TRANSFER_MARK)


def transfer_link(storage: Storage) -> str:
    """The fragment that carries this browser's statistics, settings, saves and
    last game (what can be read of them: a damaged part is left out)."""
    data: JSONObject = {"castling-transfer": TRANSFER_FORMAT}
    stats = read_stats(storage.get(STATS_KEY))[0]
    if stats:
        data["stats"] = json.loads(stats_text(stats))
    text = storage.get(SETTINGS_KEY)
    if text is not None:
        data["settings"] = json.loads(settings_text(read_settings(text)[0]))
    saves = {}
    for game_id, rules in GAMES.items():
        text = storage.get(save_key(game_id))
        if text is None:
            continue
        try:
            if not read_save(text, rules).damaged:
                saves[game_id] = json.loads(text)
        except (CastlingError, ValueError, RecursionError):
            pass
    if saves:
        data["saves"] = saves
    last = storage.get(LAST_KEY)
    if last in GAMES:
        data["last"] = last
    text = storage.get(PUZZLES_KEY)
    if text is not None and not read_puzzle_record(text)[1]:
        data["puzzles"] = json.loads(text)
    packed = zlib.compress(json.dumps(data, separators=(",", ":"), sort_keys=True).encode(), 9)
    body = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return f"{TRANSFER_MARK}{TRANSFER_FORMAT}.{body}.{_check(body)}"


def _check(body: str) -> str:
    return f"{zlib.crc32(body.encode('ascii')) & 0xFFFFFFFF:08x}"


def read_transfer_link(fragment: str) -> Holding:
    """What a transfer link holds, each part checked; :class:`TransferLinkError`
    with the player's words for a link that is cut, changed, too long, of another
    format or not Castling's."""
    if not is_transfer_link(fragment):
        raise TransferLinkError(t("transfer.foreign"))
    if len(fragment) > MAX_TRANSFER_LINK:
        raise TransferLinkError(t("transfer.too_long"))
    version, _, rest = fragment[len(TRANSFER_MARK):].partition(".")
    if not version:
        raise TransferLinkError(t("transfer.cut"))
    if not version.isdigit() or not version.isascii():
        raise TransferLinkError(t("transfer.damaged"))
    if version != str(TRANSFER_FORMAT):
        raise TransferLinkError(t("transfer.other_version"))
    body, dot, check = rest.rpartition(".")
    if not dot or len(check) != 8 or not set(check) <= _HEX or not body:
        raise TransferLinkError(t("transfer.cut"))
    if not set(body) <= _BASE64URL or _check(body) != check:
        raise TransferLinkError(t("transfer.damaged"))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        text = unpacker.decompress(packed, MAX_TRANSFER_JSON)
    except (binascii.Error, ValueError, zlib.error):
        raise TransferLinkError(t("transfer.damaged")) from None
    if not unpacker.eof or unpacker.unconsumed_tail or unpacker.unused_data:
        raise TransferLinkError(t("transfer.damaged"))
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise TransferLinkError(t("transfer.foreign")) from None
    if not isinstance(data, dict) or "castling-transfer" not in data:
        raise TransferLinkError(t("transfer.foreign"))
    if type(data["castling-transfer"]) is not int or data["castling-transfer"] != TRANSFER_FORMAT:
        raise TransferLinkError(t("transfer.other_version"))
    return holding(_items(data), TransferLinkError(t("transfer.damaged")))


def _items(data: JSONObject) -> dict[str, str]:
    """A link's parts as the store would keep them (key -> text); what does not
    fit its format is refused."""
    parts = set(data) - {"castling-transfer"}
    saves = data.get("saves", {})
    if not parts <= {"stats", "settings", "saves", "last", "puzzles"} or not all(
            isinstance(data.get(name, {}), dict) for name in ("stats", "settings", "puzzles")) or \
            not isinstance(saves, dict) or not all(
            isinstance(save, dict) for save in saves.values()) or \
            not isinstance(data.get("last", ""), str):
        raise TransferLinkError(t("transfer.damaged"))
    items = {key: json.dumps(data[name], separators=(",", ":"))
             for name, key in (("stats", STATS_KEY), ("settings", SETTINGS_KEY),
                               ("puzzles", PUZZLES_KEY)) if name in data}
    items |= {save_key(str(game_id)): json.dumps(save, separators=(",", ":"))
              for game_id, save in saves.items()}
    if "last" in data:
        items[LAST_KEY] = data["last"]
    return items

