"""Bid whist's table picture: the family's, with the bids named, books rather than
tricks, high or low after a no-trump bid, and the kitty (face down until the declarer
takes it) and then the declarer's discards."""

from __future__ import annotations

from ....core.hooks.picture import CardBox, TextBox
from ....core.moves import Call
from ....i18n import _
from ..engine import FamilyPhase
from ..picture import FamilyPicture, kitty_box
from .engine import HIGH, BidWhistGame, bid_name

__all__ = ["BidWhistPicture"]


class BidWhistPicture(FamilyPicture):
    """The picture hook of bid whist."""

    def call_words(self, call: Call) -> str:
        if call.is_pass or call.suit is not None:
            return super().call_words(call)
        return bid_name(call)

    def choosing_high_or_low(self, game: BidWhistGame) -> bool:
        return game.phase is FamilyPhase.TRUMP and HIGH in game.legal_moves()

    def side_details(self, game: BidWhistGame, side: int) -> list[str]:
        return [_("Books: {n}").format(n=game.books(side))]

    def more_boxes(
        self, game: BidWhistGame, seat: int | None, show_all: bool
    ) -> list[TextBox | CardBox]:
        log = game.log
        if log is None:
            return []
        before = game.phase in (FamilyPhase.BID, FamilyPhase.TRUMP)
        if before:
            cards = list(log.extra["kitty"])
            caption = _("Kitty: {n} cards").format(n=len(cards))
        else:
            cards = list(game.discards)
            caption = _("Discards: {n}").format(n=len(cards))
        # Face down but to the declarer once they have taken the kitty.
        face_up = show_all or (not before and seat is not None and seat == log.declarer)
        return [kitty_box(cards, caption, face_up)]
