"""What the whist family's games share in their answers to the widgets
(:class:`~kowhist_teach.core.hooks.ui.DealUI`): the phases of a deal (bidding, naming
trumps, discarding, play) as the family's table shows them; the games with an auction
(solo whist, bid whist) opt into :class:`~kowhist_teach.core.hooks.ui.AuctionUI`
through :class:`FamilyAuctionUI`.

>>> from kowhist_teach.games.family.solo.engine import SoloGame
>>> FamilyAuctionUI().trumps_pending(SoloGame(seed=1))  # the bidding is on
True
"""

from __future__ import annotations

from typing import Any

from ...core.hooks.ui import AuctionUI, DealUI, LaidOpen
from ...i18n import _, ngettext
from .engine import FamilyPhase

__all__ = ["FamilyUI", "FamilyAuctionUI"]


class FamilyUI(DealUI):
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

    def scores_label(self, game: Any) -> str:
        return _("Scores")


class FamilyAuctionUI(AuctionUI, FamilyUI):
    """The family's games with an auction (solo whist, bid whist): trumps are to come
    while the bidding goes on and until the declarer names them."""

    def no_trump_contract(self, game: Any) -> bool:
        """Whether the contract is played without trumps, with no suit to name."""
        return False

    def trumps_pending(self, game: Any) -> bool:
        phase = game.phase
        return phase is FamilyPhase.BID or (
            phase is FamilyPhase.TRUMP and not self.no_trump_contract(game)
        )

    def contract_text(self, game: Any) -> str:
        # The engine's words (solo whist: the bid to beat during the auction).
        return game.contract_text() if game.log is not None else ""

    def declarer(self, game: Any) -> int | None:
        log = game.log
        return log.declarer if log is not None else None

    def laid_open(self, game: Any, seat: int) -> LaidOpen:
        # A hand laid open (solo whist's misère ouverte) once the engine shows it.
        return LaidOpen(hands=dict(game.view(seat).open_hands))
