"""The engine's errors: each says what was wrong in one line a player can read."""


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
