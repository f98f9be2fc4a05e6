"""Partnership whist's teaching hook (and the whist drive's): no auction, the trump
turned up, tricks by partnership, odd tricks and honours in the score's notes — all
told by the family's shared hook.

>>> from kowhist_teach.games.family.whist.engine import WhistGame
>>> game = WhistGame(seed=1)
>>> len(WhistTeaching().explain_moves(game, game.to_move))
13
"""

from __future__ import annotations

from ..teaching import FamilyTeaching

__all__ = ["WhistTeaching"]


class WhistTeaching(FamilyTeaching):
    """Partnership whist told to a student: the family's cards, tricks and deals."""
