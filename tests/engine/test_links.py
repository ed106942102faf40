"""Deal links #/GAME/NUMBER (docs/rules.md §5), and a corpus of broken ones."""

import pytest

from castling import GAMES
from castling.app.deals.links import LinkError, deal_link, parse_link


@pytest.mark.parametrize("game_id", list(GAMES))
def test_links_round_trip(game_id):
    rules = GAMES[game_id]
    assert parse_link(deal_link(rules, 123456)) == (rules, 123456)
    assert deal_link(rules, 7) == f"#/{game_id}/7"


@pytest.mark.parametrize("fragment", ["", "#", "#/"])
def test_an_empty_fragment_names_nothing(fragment):
    assert parse_link(fragment) is None


def test_percent_encoded_links_are_decoded_first():
    assert parse_link("#/castles%2Dend/12") == (GAMES["castles-end"], 12)


BAD_LINKS = [
    "#/chess/1", "#/CHESSBOARD/1", "#/chessboard/0", "#/chessboard/-1", "#/chessboard/+1",
    "#/chessboard/100000000000000000000", "#/chessboard/12a", "#/chessboard/one",
    "#/chessboard/", "#//5", "#/chessboard/1/2", "#/chessboard", "#chessboard/1",
    "#/chessboard/1.5", "#/chessboard/1e3", "#/chessboard/%20", "#/chessboard/%", "#/%ZZ/1",
    "#/<script>alert(1)</script>/1", "#/chessboard/<img src=x onerror=alert(1)>",
    "#/chessboard/" + "9" * 500, "#/" + "x" * 5000 + "/1", "#/morphy/１２", "#/\u0000/1",
    "#/chessboard/ 5", "#/../1",
]


@pytest.mark.parametrize("fragment", BAD_LINKS)
def test_broken_links_raise_a_message_for_the_player(fragment):
    with pytest.raises(LinkError) as error:
        parse_link(fragment)
    message = str(error.value)
    assert message.endswith(".") and len(message) < 300
