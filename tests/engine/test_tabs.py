"""Two tabs, one save: a tab writes only over the save it last read or wrote;
anything else is a conflict, and nothing is written until the player chooses."""

import json

import pytest

from castling.errors import StorageError
from castling.app.storage.records import save_key
from castling.app.storage.recovery import CarefulStore
from castling.app.storage.storage_port import MemoryStorage
from castling.app.storage.tabs import SaveGuard, header, new_token, save_header

KEY = save_key("chessboard")


def save(token, rev, moves=()):
    return json.dumps({"format": 1, "game": "chessboard", "deal": 1, "moves": list(moves),
                       "token": token, "rev": rev})


@pytest.mark.parametrize("text, expected", [
    (None, (None, 0)),
    (save("abc", 3), ("abc", 3)),
    ('{"format": 1}', (None, 0)),                       # from before tokens
    ('{"token": 7, "rev": "2"}', (None, 0)),            # wrong types read as missing
    ('{"token": "abc", "rev": true}', ("abc", 0)),
    ("{oops", None),
    ("[1, 2]", None),
])
def test_the_header_of_a_stored_save(text, expected):
    assert save_header(text) == expected


def test_tokens_are_new_each_time():
    assert len({new_token() for _ in range(50)}) == 50


def guards():
    storage = MemoryStorage()
    first, second = SaveGuard(CarefulStore(storage)), SaveGuard(CarefulStore(storage))
    return storage, first, second


def test_each_write_counts_a_rev_that_the_saved_text_carries():
    storage, guard, _ = guards()
    for rev in (1, 2):
        assert guard.write("chessboard", "tok", lambda: save(*guard.seen)) is True
        assert guard.seen == ("tok", rev) and save_header(storage.data[KEY]) == ("tok", rev)


def test_a_tab_does_not_write_over_what_another_tab_wrote():
    storage, first, second = guards()
    first.write("chessboard", "game-1", lambda: save(*first.seen, ["t1-t2"]))
    assert second.notice("chessboard") is True and second.conflict
    assert second.write("chessboard", "game-2", lambda: save(*second.seen)) is False
    assert json.loads(storage.data[KEY])["moves"] == ["t1-t2"]


def test_a_tab_that_takes_over_writes_and_the_other_notices():
    storage, first, second = guards()
    first.write("chessboard", "game-1", lambda: save(*first.seen))
    second.take_over("chessboard")
    assert not second.conflict
    assert second.write("chessboard", "game-2", lambda: save(*second.seen)) is True
    assert first.notice("chessboard") is True
    assert first.write("chessboard", "game-1", lambda: save(*first.seen)) is False
    assert save_header(storage.data[KEY]) == ("game-2", 2)


def test_a_resumed_save_may_be_written_over_by_the_tab_that_read_it():
    storage, guard, _ = guards()
    storage.data[KEY] = save("old", 5)
    guard.resumed(header(json.loads(storage.data[KEY])))
    assert guard.notice("chessboard") is False
    assert guard.write("chessboard", "old", lambda: save(*guard.seen)) is True
    assert save_header(storage.data[KEY]) == ("old", 6)


def test_a_save_removed_elsewhere_is_no_conflict():
    storage, guard, _ = guards()
    guard.write("chessboard", "tok", lambda: save(*guard.seen))
    del storage.data[KEY]
    assert guard.write("chessboard", "tok", lambda: save(*guard.seen)) is True


def test_a_damaged_save_is_set_aside_before_it_is_written_over():
    storage, guard, _ = guards()
    storage.data[KEY] = "{oops"
    assert guard.write("chessboard", "tok", lambda: save(*guard.seen)) is True
    assert storage.data["castling:recovery:save:chessboard"] == "{oops"
    assert save_header(storage.data[KEY]) == ("tok", 1) and guard.store.notices


def test_a_refused_write_leaves_the_rev_as_it_was():
    class Refusing(MemoryStorage):
        def set(self, key, value):
            raise StorageError("full")

    guard = SaveGuard(CarefulStore(Refusing()))
    assert guard.write("chessboard", "tok", lambda: save(*guard.seen)) is True
    assert guard.seen == (None, 0) and not guard.store.saving_works
