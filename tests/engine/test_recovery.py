"""Writing without losing anything: damaged values are set aside under their own
recovery keys, and a store that refuses writes is reported once, not fatal."""

from castling.errors import StorageError
from castling.i18n import t
from castling.app.storage.records import STATS_KEY, read_stats
from castling.app.storage.recovery import CarefulStore
from castling.app.storage.storage_port import MemoryStorage


class Switchable(MemoryStorage):
    """A store that can be made to refuse every write (full, or private mode)."""

    refusing = False

    def set(self, key, value):
        if self.refusing:
            raise StorageError("QuotaExceededError")
        super().set(key, value)


def test_damage_is_kept_under_a_recovery_key_and_the_player_is_told_where():
    store = CarefulStore(MemoryStorage())
    store.set_aside("castling:save:morphy", "{oops", "A damaged save was found")
    assert store.storage.data == {"castling:recovery:save:morphy": "{oops"}
    assert store.notices == [t("store.kept", why="A damaged save was found",
                               key="castling:recovery:save:morphy")]


def test_later_damage_never_replaces_older_and_the_same_damage_is_kept_once():
    store = CarefulStore(MemoryStorage())
    for text in ("{first", "{second", "{first", "{third"):
        store.set_aside("castling:stats", text, "damaged")
    assert store.storage.data == {"castling:recovery:stats": "{first",
                                  "castling:recovery:stats:2": "{second",
                                  "castling:recovery:stats:3": "{third"}


def test_nothing_stored_means_nothing_to_set_aside():
    store = CarefulStore(MemoryStorage())
    store.set_aside("castling:settings", None, "damaged")
    assert store.storage.data == {} and store.notices == []


def test_a_refusing_store_is_reported_once_and_again_when_it_works():
    storage = Switchable()
    store = CarefulStore(storage)
    storage.refusing = True
    assert store.write("castling:last", "morphy") is False
    assert store.write("castling:last", "martha") is False
    assert not store.saving_works and store.notices == [t("store.not_saving")]
    storage.refusing = False
    assert store.write("castling:last", "fortress") is True
    assert store.saving_works and store.notices == [t("store.not_saving"), t("store.saving_again")]
    assert storage.data == {"castling:last": "fortress"}


def test_damage_that_cannot_be_set_aside_is_still_reported():
    storage = Switchable()
    storage.refusing = True
    store = CarefulStore(storage)
    store.set_aside("castling:stats", "{oops", "damaged")
    assert store.notices == [t("store.not_kept", why="damaged")]


def test_a_record_read_with_problems_is_set_aside_and_a_sound_one_is_not():
    sound = '{"morphy": {"played": 2, "won": 1}}'
    store = CarefulStore(MemoryStorage({STATS_KEY: sound}))
    assert store.read(STATS_KEY, read_stats)["morphy"].won == 1
    assert store.notices == [] and list(store.storage.data) == [STATS_KEY]
    store.storage.data[STATS_KEY] = "[]"
    assert store.read(STATS_KEY, read_stats) == {}
    assert store.storage.data["castling:recovery:stats"] == "[]" and len(store.notices) == 1
