"""What the whist family's games share in their answers to the widgets
(:class:`~kowhist_teach.core.hooks.ui.GameUI`): the phases of a deal (bidding, naming
trumps, discarding, play) as the family's table shows them.

>>> from kowhist_teach.games.family.whist.engine import WhistGame
>>> FamilyUI().trumps_pending(WhistGame(seed=1))
False
"""

from __future__ import annotations

from typing import Any

from ...core.hooks.ui import GameUI
from ...i18n import _, ngettext
from .engine import FamilyPhase

__all__ = ["FamilyUI"]


class FamilyUI(GameUI):
    """The family's table: calls as buttons, deals with a summary, scores."""

    def turn_text(self, game: Any, seat: int) -> str | None:
        phase = game.phase
        if phase is FamilyPhase.BID:
            return _("Your turn: bid or pass")
        if phase is FamilyPhase.TRUMP:
            return _("Your turn: name trumps")
        if phase is FamilyPhase.DISCARD:
            left = len(game.hand(seat)) - game.tricks_per_deal()
            return ngettext(
                "Your turn: discard {n} more card", "Your turn: discard {n} more cards", left
            ).format(n=left)
        trick = game.trick
        if trick is None or not trick.plays:
            return _("Your turn: you lead")
        return None

    def no_trump_contract(self, game: Any) -> bool:
        """Whether the contract is played without trumps, with no suit to name."""
        return False

    def trumps_pending(self, game: Any) -> bool:
        phase = game.phase
        return phase is FamilyPhase.BID or (
            phase is FamilyPhase.TRUMP and not self.no_trump_contract(game)
        )

    def scores_label(self, game: Any) -> str:
        return _("Scores")
