"""Solo whist's answers to the widgets: the auction, the preferred suit, what the
defenders must do.

>>> from kowhist_teach.games.family.solo.engine import SoloGame
>>> game = SoloGame(players=4, seed=1)
>>> SoloUI().turn_text(game, game.to_move)
'Your turn: bid or pass'
"""

from __future__ import annotations

from typing import Any

from ....core.hooks.ui import RuleOption
from ....core.words import suit_name
from ....i18n import N_, _
from ..engine import FamilyPhase
from ..ui import FamilyAuctionUI

__all__ = ["SoloUI"]


class SoloUI(FamilyAuctionUI):
    """Solo whist: bids from prop and cop to slam, each for themselves."""

    tagline = N_(
        "Solo whist: bid or pass, then play each for yourself; the bidder must make "
        "the contract. Click a bid, then your cards."
    )

    def options(self, rules: type) -> list[RuleOption]:
        return [
            RuleOption(
                "deals",
                N_("Deals in a game"),
                N_("Everybody deals equally often"),
                choices=(4, 8, 12),
            ),
            RuleOption(
                "overtricks",
                N_("Pay over- and undertricks"),
                N_("An extra stake per trick over or short"),
            ),
        ]

    def trumps_text(self, game: Any) -> str | None:
        log = game.log
        card = log.extra.get("trump_card") if log is not None else None
        if card is not None and game.phase is FamilyPhase.BID:
            return _("Preferred suit: {suit} (the turned-up {card})").format(
                suit=suit_name(card.suit), card=card.label
            )
        return None

    def target_text(self, game: Any, seat: int) -> str:
        if game.phase is not FamilyPhase.PLAY or game.log is None:
            return ""
        needed = game.tricks_needed()
        side = game.declarer_side()
        if needed is None or not side or seat in side:
            return ""
        if needed == 0:
            return _("The declarer must take no trick: you beat the misère by making them take one")
        beat = game.tricks_per_deal() - needed + 1
        return _("The declarer needs {n} tricks: you beat it with {k}").format(n=needed, k=beat)
