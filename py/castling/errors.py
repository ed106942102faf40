"""Every error Castling raises on bad input, each saying what was wrong in one line.

Whose words they are: the rules engine's (notation, legality, games, deal
numbers, saves) are the developer's, in English, for the command line and the
tests; the app never shows them as they are (a damaged save is reported in the
catalogue's words). The app model's (a link, storage, an imported file or link) are
the player's: their texts come from the message catalogue.
"""


class CastlingError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(CastlingError):
    """Text that is not a well-formed card, pile, move or position."""


class IllegalMoveError(CastlingError):
    """A well-formed move that the rules do not allow in this position."""


class UnknownGameError(CastlingError):
    """A game id that is not one of ours."""


class DealNumberError(CastlingError):
    """A deal number outside 1 <= N < 10**20, or not a number at all."""


class SaveError(CastlingError):
    """A saved game that cannot be read at all (bad JSON, version, game or deal)."""


# -- the app model's --------------------------------------------------------

class LinkError(CastlingError):
    """A deal link that does not name a game and a deal."""


class StorageError(CastlingError):
    """The store refused to keep something (full, or disabled)."""


class ImportFileError(CastlingError):
    """A file that is not a Castling export, or holds a part that cannot be read."""


class TransferLinkError(ImportFileError):
    """A transfer link that is cut, changed, of another format or not Castling's
    (an import too: what refuses a file refuses a link)."""
