"""Writing to the store without losing anything, and telling the player what happened.

A value found damaged is never deleted: before anything replaces it, it is set
aside under ``castling:recovery:`` and the rest of its key
(``castling:recovery:save:morphy``, then ``…:2``, ``…:3`` for later damage, so
an older copy is never written over), and the player is told where.  A write
the store refuses (full, or disabled in a private window) does not stop the
game: the player is told once that progress is not being saved, and once more
when it is saved again.
"""

from __future__ import annotations

from typing import Callable, TypeVar

from ...errors import StorageError
from ...i18n import t
from .records import PREFIX, RECOVERY_PREFIX
from .storage_port import Storage

T = TypeVar("T")


class CarefulStore:
    """A store that sets damaged values aside and reports refused writes."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        #: messages for the player about what could not be kept or read
        self.notices: list[str] = []
        #: whether the last write was kept
        self.saving_works = True

    def get(self, key: str) -> str | None:
        """The stored text of ``key`` (None if there is none)."""
        return self.storage.get(key)

    def read(self, key: str, reader: Callable[[str | None], tuple[T, list[str]]]) -> T:
        """What ``reader`` makes of the text of ``key`` (a reader of :mod:`.records`:
        text in, value and problems out); text with problems is set aside."""
        text = self.storage.get(key)
        value, problems = reader(text)
        if problems:
            self.set_aside(key, text, "; ".join(problems))
        return value

    def write(self, key: str, value: str) -> bool:
        """Store one value; whether the store kept it (if not, the player is told once)."""
        try:
            self.storage.set(key, value)
        except StorageError:
            if self.saving_works:
                self.saving_works = False
                self.notices.append(t("store.not_saving"))
            return False
        if not self.saving_works:
            self.saving_works = True
            self.notices.append(t("store.saving_again"))
        return True

    def set_aside(self, key: str, text: str | None, why: str) -> None:
        """Keep a damaged value under a recovery key and tell the player ``why`` and where."""
        if text is None:
            return
        base = RECOVERY_PREFIX + key[len(PREFIX):]
        spare = base
        number = 1
        # The same damage found twice is kept once; different damage never replaces older.
        while self.storage.get(spare) is not None and self.storage.get(spare) != text:
            number += 1
            spare = f"{base}:{number}"
        try:
            self.storage.set(spare, text)
        except StorageError:
            self.notices.append(t("store.not_kept", why=why))
            return
        self.notices.append(t("store.kept", why=why, key=spare))
