"""The errors the package raises at its users: each says in one line what is wrong.

All are ``ValueError``s, so ``except ValueError`` catches every bad input at once.
"""

from __future__ import annotations

from .cards import BadCard

__all__ = ["BadCard", "IllegalMove", "SetupError", "RecordError"]


class IllegalMove(ValueError):
    """A move the rules do not allow now; the message says why in plain words.

    The game is left exactly as it was.

    >>> raise IllegalMove("must follow ♠: you hold 9♠")
    Traceback (most recent call last):
    ...
    kowhist_teach.core.errors.IllegalMove: must follow ♠: you hold 9♠
    """


class SetupError(ValueError):
    """A game that cannot be set up: too many players or cards, clashing options."""


class RecordError(ValueError):
    """A file or object that is not a game record at all (bad JSON, unknown keys…)."""
