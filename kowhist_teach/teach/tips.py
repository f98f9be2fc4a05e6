"""Strategy tips as detectors: each looks at a position and fires where its advice
applies, with a short text in the chosen language.

The tips are the games' own (RULES.md §2 end; seed 003 for German Whist; the whist
family's count your tricks, draw trumps, second hand low, third hand high …): each
game's teaching hook holds its detectors
(:attr:`kowhist_teach.core.hooks.teaching.Teaching.detectors`), and this module asks
``spec_of(game).teaching``.  A tip speaks to the player to move and only uses what that
player may see.

>>> from kowhist_teach import KnockoutGame
>>> [t.key for t in tips_for(KnockoutGame(4, seed=3))]  # doctest: +SKIP
['one_trick_enough']
"""

from __future__ import annotations

from typing import Any

from ..core.hooks.teaching import Tip
from ..core.registry import spec_of

__all__ = ["Tip", "tips_for"]


def tips_for(game: Any, seat: int | None = None) -> list[Tip]:
    """The tips that apply now for the player to move (or ``seat``, if it is them).

    A tip is given only where it can change the decision: never with one legal move.
    """
    me = game.to_move if seat is None else seat
    if me is None or game.is_over() or me != game.to_move:
        return []
    if len(game.legal_moves()) < 2:
        return []
    return spec_of(game).teaching.tips(game, me)
