"""The games, each a declaration over :mod:`castling.rules` (docs/rules.md §3, and
for the family games PySolFC's own code: docs/rules.md §3.7).

Each game says only how it differs from a relative, so a difference between
two games is a difference of a line here.
"""

from __future__ import annotations

from dataclasses import replace

from .errors import UnknownGameError
from .rules import Build, Cells, Deal, FoundationRow, Founding, GameRules, Reserves, Stock, Tableau

FORTRESS = GameRules(
    id="fortress", name="Fortress", pysol_id=147,
    tableau=Tableau(piles=10, build=Build("same-suit", "up-or-down", wrap=False)),
    foundations=(FoundationRow(base="A", direction="up"),),
    take_back=True,
)

# Fortress with wrap-around building and a base rank the player chooses: the
# board and foundations that Chessboard, Morphy, Lasker, Selective Castle and
# Castle's End share.
_CHOSEN_BASE = replace(
    FORTRESS,
    tableau=Tableau(piles=10, build=Build("same-suit", "up-or-down", wrap=True)),
    foundations=(FoundationRow(base="chosen", direction="up", wrap=True),),
)

CHESSBOARD = replace(
    _CHOSEN_BASE, id="chessboard", name="Chessboard", pysol_id=148,
    tableau=replace(_CHOSEN_BASE.tableau, supermove=True),
)

MORPHY = replace(
    _CHOSEN_BASE, id="morphy", name="Morphy", pysol_id=951,
    tableau=Tableau(piles=10, build=Build("alt-colour", "up-or-down", wrap=True)),
)

LASKER = replace(
    _CHOSEN_BASE, id="lasker", name="Lasker", pysol_id=881,
    # An empty pile has no direction to continue, so it takes any such run
    # (our reading; docs/decisions.md).
    tableau=Tableau(piles=10, build=_CHOSEN_BASE.tableau.build,
                    moves="one-way-run", empty_takes="card-or-run"),
)

SELECTIVE_CASTLE = replace(
    _CHOSEN_BASE, id="selective-castle", name="Selective Castle", pysol_id=524,
    tableau=Tableau(piles=8, build=Build("any-suit", "down", wrap=True),
                    moves="run", empty_takes="card-or-run"),
    take_back=False,
)

CASTLES_END = replace(
    _CHOSEN_BASE, id="castles-end", name="Castle's End", pysol_id=650,
    tableau=Tableau(piles=10, build=Build("alt-colour", "up-or-down", wrap=True)),
    reserves=Reserves(2), deal=Deal(reserve="one-each"), founding=Founding(first=True),
)

CHEQUERS = GameRules(
    id="chequers", name="Chequers", pysol_id=351, decks=2,
    tableau=Tableau(piles=25, build=Build("same-suit", "up-or-down", wrap=True),
                    layout="rows-of-five"),
    foundations=(FoundationRow(base="A", direction="up"),
                 FoundationRow(base="K", direction="down")),
    take_back=True,
    reserves=Reserves(1, fill_spaces=True), deal=Deal(tableau_faces=(True,) * 4, reserve="rest"),
)

MARTHA = GameRules(
    id="martha", name="Martha", pysol_id=84,
    tableau=Tableau(piles=12, build=Build("alt-colour", "down", wrap=False), moves="run"),
    foundations=(FoundationRow(base="A", direction="up"),),
    take_back=False,
    deal=Deal(tableau_faces=(False, True, False, True), aces_to_foundations=True),
)

# -- Beleaguered Castle's branch: eight piles packed down regardless of suit,
# foundations from the Ace that never give a card back.

STREETS_AND_ALLEYS = GameRules(
    id="streets-and-alleys", name="Streets and Alleys", pysol_id=146,
    tableau=Tableau(piles=8, build=Build("any-suit", "down"), moves="free-space-run",
                    empty_takes="card-or-run"),
    take_back=False,
)

BELEAGUERED_CASTLE = replace(
    STREETS_AND_ALLEYS, id="beleaguered-castle", name="Beleaguered Castle", pysol_id=34,
    deal=Deal(aces_to_foundations=True),
)

CITADEL = replace(
    BELEAGUERED_CASTLE, id="citadel", name="Citadel", pysol_id=145,
    deal=Deal(aces_to_foundations=True, found_while_dealing=True),
)

# Whole runs move, but only a King (or a run from one) fills a space.
_KINGS_TO_SPACES = Tableau(piles=8, build=Build("any-suit", "down"), moves="run",
                           empty_takes="card-or-run", empty_rank="K")

EXILED_KINGS = replace(
    CITADEL, id="exiled-kings", name="Exiled Kings", pysol_id=535, tableau=_KINGS_TO_SPACES,
)

PENELOPES_WEB = replace(
    STREETS_AND_ALLEYS, id="penelopes-web", name="Penelope's Web", pysol_id=665,
    tableau=_KINGS_TO_SPACES,
)

# -- Free cells: each takes any one card, and each empty one lets a free-space
# run carry one card more before the empty piles double it.

STRONGHOLD = replace(
    STREETS_AND_ALLEYS, id="stronghold", name="Stronghold", pysol_id=300,
    reserves=Reserves(1, Cells()),
)

PRIVATE_LANE = replace(
    STREETS_AND_ALLEYS, id="private-lane", name="Private Lane", pysol_id=301,
    reserves=Reserves(2, Cells()),
)

SIEGECRAFT = replace(
    BELEAGUERED_CASTLE, id="siegecraft", name="Siegecraft", pysol_id=831,
    reserves=Reserves(1, Cells()),
)

# Fortress with free cells: two dealt a card each, or one left empty.
BASTION = replace(
    FORTRESS, id="bastion", name="Bastion", pysol_id=324,
    reserves=Reserves(2, Cells()), deal=Deal(reserve="one-each"),
)

TEN_BY_ONE = replace(
    FORTRESS, id="ten-by-one", name="Ten by One", pysol_id=325,
    reserves=Reserves(1, Cells()),
)

# -- Klondike's cousins with every card dealt: ten piles in a triangle, or
# eight piles with four of them a card longer.

SOMERSET = GameRules(
    id="somerset", name="Somerset", pysol_id=215,
    tableau=Tableau(piles=10, build=Build("alt-colour", "down"), moves="free-space-run",
                    empty_takes="card-or-run"),
    deal=Deal(rounds=tuple((first, 10) for first in range(1, 9))),
)

MOREHEAD = replace(
    SOMERSET, id="morehead", name="Morehead", pysol_id=362,
    tableau=Tableau(piles=10, build=Build("any-but-own", "down")),
)

_CANISTER_DEAL = Deal(rounds=((1, 8),) * 6 + ((3, 6),))

CANISTER = GameRules(
    id="canister", name="Canister", pysol_id=231,
    tableau=Tableau(piles=8, build=Build("any-suit", "down"), moves="run",
                    empty_takes="card-or-run"),
    deal=_CANISTER_DEAL,
)

AMERICAN_CANISTER = replace(
    CANISTER, id="american-canister", name="American Canister", pysol_id=601,
    tableau=replace(CANISTER.tableau, build=Build("alt-colour", "down")),
)

BRITISH_CANISTER = replace(
    CANISTER, id="british-canister", name="British Canister", pysol_id=602,
    tableau=Tableau(piles=8, build=Build("alt-colour", "down"), empty_rank="K"),
)

# -- Two, three and four decks: the Aces start home, two to four foundations a
# suit (listed suit by suit, as PySolFC lists them), and a King fills a space.

LIGHTWEIGHT = replace(
    PENELOPES_WEB, id="lightweight", name="Lightweight", pysol_id=507, decks=2,
    tableau=replace(_KINGS_TO_SPACES, piles=12),
    foundations=(FoundationRow(),) * 2, founding=Founding(by_suit=True),
    deal=Deal(aces_to_foundations=True),
)

# Any card builds down on any suit, but only a run in one suit moves as a unit,
# and (PySolFC's Spider_SS_RowStack, whatever its rules page says) any card or
# such run fills a space.
CASTLE_MOUNT = replace(
    LIGHTWEIGHT, id="castle-mount", name="Castle Mount", pysol_id=508, decks=3,
    tableau=Tableau(piles=12, build=Build("any-suit", "down"), moves="run",
                    run_suits="same-suit", empty_takes="card-or-run"),
    foundations=(FoundationRow(),) * 3,
)

PALACE = replace(
    CASTLE_MOUNT, id="palace", name="Palace", pysol_id=986, decks=4,
    tableau=replace(CASTLE_MOUNT.tableau, piles=18),
    foundations=(FoundationRow(),) * 4,
)

# -- Two decks on the table with helpers beside it: four reserves dealt first,
# or foundations each fed by the piles below them.

CASTLE_OF_INDOLENCE = GameRules(
    id="castle-of-indolence", name="Castle of Indolence", pysol_id=393, decks=2,
    tableau=Tableau(piles=8, build=Build("any-suit", "down")),
    foundations=(FoundationRow(builds="by-rank"),) * 2,
    take_back=False,
    reserves=Reserves(4), deal=Deal(reserve_rounds=13),
)

# f1-f4 climb from Aces above t1-t4, f5-f8 fall from Kings above t6-t9; the
# middle pile t5 feeds them all (PySolFC's Rittenhouse_Foundation).
RITTENHOUSE = GameRules(
    id="rittenhouse", name="Rittenhouse", pysol_id=400, decks=2,
    tableau=Tableau(piles=9, build=Build("any-suit", "up-or-down")),
    foundations=(FoundationRow(builds="by-rank"),
                 FoundationRow(base="K", direction="down", builds="by-rank")),
    take_back=False,
    founding=Founding(feeds=((1,), (2,), (3,), (4,), tuple(range(1, 9)), (5,), (6,), (7,), (8,)),
                      forced=True),
)

# -- A stock turned over once onto a waste, and one reserve that holds several
# cards: Zerline's foundations go King, Ace, 2 ... Queen, and only a Queen
# fills a space; its reserve takes cards from the tableau only.

ZERLINE = GameRules(
    id="zerline", name="Zerline", pysol_id=306, decks=2,
    tableau=Tableau(piles=8, build=Build("any-suit", "down"), empty_rank="Q"),
    foundations=(FoundationRow(base="K", direction="up", wrap=True),) * 2,
    take_back=False,
    reserves=Reserves(1, Cells(holds=4, take_from="tableau")),
    stock=Stock(to_waste=1), deal=Deal(tableau_faces=(True,) * 5),
)

ZERLINE_3_DECKS = replace(
    ZERLINE, id="zerline-3-decks", name="Zerline (3 decks)", pysol_id=395, decks=3,
    foundations=(ZERLINE.foundations[0],) * 3,
    reserves=Reserves(1, Cells(holds=6, take_from="tableau")),
)

SOOTHER = GameRules(
    id="soother", name="Soother", pysol_id=626, decks=4,
    tableau=Tableau(piles=9, build=Build("any-suit", "down"), empty_rank="K"),
    foundations=(FoundationRow(),) * 4,
    reserves=Reserves(1, Cells(holds=8)),
    stock=Stock(to_waste=1), deal=Deal(tableau_faces=(True,) * 5),
)

#: The games as a player meets them, by kind: the core four, then the family.
#: (The chooser, the game list and the help pages are made from this.)
GROUPS: dict[str, tuple[GameRules, ...]] = {
    "classics": (CHESSBOARD, MORPHY, CHEQUERS, MARTHA),
    "fortress": (FORTRESS, LASKER, SELECTIVE_CASTLE, CASTLES_END, BASTION, TEN_BY_ONE),
    "beleaguered-castle": (STREETS_AND_ALLEYS, BELEAGUERED_CASTLE, CITADEL, EXILED_KINGS,
                           PENELOPES_WEB, STRONGHOLD, PRIVATE_LANE, SIEGECRAFT),
    "canister": (SOMERSET, MOREHEAD, CANISTER, AMERICAN_CANISTER, BRITISH_CANISTER),
    "several-decks": (LIGHTWEIGHT, CASTLE_MOUNT, PALACE, CASTLE_OF_INDOLENCE, RITTENHOUSE),
    "stock": (ZERLINE, ZERLINE_3_DECKS, SOOTHER),
}

#: Every game by id, in the chooser's order.
GAMES: dict[str, GameRules] = {rules.id: rules for group in GROUPS.values() for rules in group}


def get_game(game_id: str) -> GameRules:
    """The rules of a game by id, or :class:`UnknownGameError` naming the choices."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"unknown game {str(game_id)[:40]!r}; the games are: {', '.join(GAMES)}"
        ) from None


def rules_repr(rules: GameRules) -> str:
    """Python that gives ``rules`` back: ``get_game('morphy')`` for one of
    :data:`GAMES`, else the declaration itself (in :mod:`castling.rules`' names)."""
    return f"get_game({rules.id!r})" if GAMES.get(rules.id) == rules else repr(rules)
