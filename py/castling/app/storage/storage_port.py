"""The key-value store that the app model keeps everything in: the port.

The app model needs three things of a store: read a key, write a key (a write
may be refused, when the store is full or disabled), and list the keys.  In the
browser ``localStorage`` stands behind it (``castling_web/local_storage.py``);
in the tests, and wherever no store is available, a dict does.  What is kept
under which key: :mod:`.records`.
"""

from __future__ import annotations

from typing import Protocol

from ...errors import StorageError

__all__ = ["Storage", "MemoryStorage", "StorageError"]


class Storage(Protocol):
    """The little of ``localStorage`` that the app model uses."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...  # raises StorageError when full
    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict-backed store (tests, and the fallback when storage is unavailable)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = {} if data is None else data

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def keys(self) -> list[str]:
        return list(self.data)
