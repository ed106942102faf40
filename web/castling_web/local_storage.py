"""The browser's ``localStorage`` behind the app model's key-value port
(:class:`castling.app.storage.storage_port.Storage`): every save, the statistics and
the settings live here (keys: :mod:`castling.app.storage.records`)."""

from pyodide.ffi import jsnull

from castling.errors import StorageError

from .dom import JsObject


class BrowserStorage:
    """``window.localStorage``; a refused write (full, disabled) raises StorageError."""

    def __init__(self, window: JsObject) -> None:
        try:
            self._store = window.localStorage
            self._store.getItem("castling:probe")
        except Exception:          # storage disabled: reads find nothing, writes fail
            self._store = None

    def get(self, key: str) -> str | None:
        if self._store is None:
            return None
        try:
            value = self._store.getItem(key)
        except Exception:
            return None
        return None if value is None or value is jsnull else str(value)

    def keys(self) -> list[str]:
        if self._store is None:
            return []
        try:
            return [str(self._store.key(i)) for i in range(int(self._store.length))]
        except Exception:
            return []

    def set(self, key: str, value: str) -> None:
        if self._store is None:
            raise StorageError("storage is not available")
        try:
            self._store.setItem(key, value)
        except Exception as error:   # QuotaExceededError and friends
            raise StorageError(str(error)) from None
