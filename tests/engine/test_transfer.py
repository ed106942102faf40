"""Export and import: every castling key and nothing else goes into the file,
and a file comes back into a store key for key."""

import json

import pytest

from castling.errors import ImportFileError
from castling.player.recovery import CarefulStore
from castling.player.storage_port import MemoryStorage
from castling.player.transfer import MAX_EXPORT, export_file, import_file, read_export

KEPT = {"castling:stats": "{}", "castling:last": "morphy", "castling:recovery:stats": "{oops"}


def test_the_export_holds_every_castling_key_sorted_and_nothing_else():
    text = export_file(MemoryStorage({**KEPT, "another-site": "x"}))
    data = json.loads(text)
    assert data == {"castling-export": 1, "items": KEPT}
    assert list(data["items"]) == sorted(KEPT)


def test_an_import_replaces_the_same_keys_and_keeps_the_others():
    storage = MemoryStorage({"castling:last": "martha", "castling:settings": "{}"})
    assert import_file(CarefulStore(storage), export_file(MemoryStorage(dict(KEPT)))) == 3
    assert storage.data == {**KEPT, "castling:settings": "{}"}


@pytest.mark.parametrize("text", [None, "x" * (MAX_EXPORT + 1), "{", '{"castling-export": 2}',
                                  '{"castling-export": 1, "items": ["castling:last"]}'])
def test_what_is_not_an_export_is_refused(text):
    with pytest.raises(ImportFileError):
        read_export(text)
