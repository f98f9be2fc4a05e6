"""Spades' table picture, as data (:mod:`kowhist_teach.core.hooks.picture`): four seats
by compass points, partners opposite (seat 0 South, then West, North, East), each with
their bid beside the tricks taken, spades as trumps, the bidding while it goes on, and
the scores by side with their contract, tricks and bags.

>>> from kowhist_teach.games.spades.engine import SpadesGame
>>> table = SpadesPicture().table(SpadesGame(seed=2), seat=0)
>>> table.layout, table.trumps.heading, table.status
('compass', 'Deal 1', 'Player 2 to bid')
>>> [b.css for b in table.boxes]
['kwr-bidding', 'kwr-scores']
"""

from __future__ import annotations

from typing import Any

from ...core.hooks.picture import Badge, CardBox, DealPicture, TextBox, TrumpBox
from ...core.moves import Call
from ...core.partnerships import compass
from ...i18n import _
from .engine import SIDES, SpadesGame, SpadesPhase
from .rules import bid_value
from .story import bid_words

__all__ = ["SpadesPicture"]


def _bid_tone(bid: int, took: int, side_made: bool) -> str:
    """A nil: green while it holds, orange once broken. A bid: green once the side's
    contract is made, plain until then."""
    if bid == 0:
        return "good" if took == 0 else "warn"
    return "good" if side_made else "neutral"


class SpadesPicture(DealPicture):
    """The picture hook of Spades (the table of every game played deal after deal,
    :class:`~kowhist_teach.core.hooks.picture.DealPicture`), by compass points."""

    layout = "compass"

    def call_words(self, call: Call) -> str:
        """A bid is "nil" or its number of tricks."""
        bid = bid_value(call)
        return bid_words(bid) if bid is not None else super().call_words(call)

    def winner_status(self, game: SpadesGame, outcome: Any) -> str:
        return _("{side} win the game").format(side=SIDES.side_name(outcome.winner))

    def trump_box(self, game: SpadesGame) -> TrumpBox:
        log = game.log
        heading = _("Deal {n}").format(n=log.number) if log is not None else _(game.title)
        return TrumpBox(heading=heading, trump=game.trump, settled=log is not None)

    def boxes(self, game: SpadesGame, seat: int | None, show_all: bool) -> list[TextBox | CardBox]:
        log = game.log
        boxes: list[TextBox | CardBox] = []
        if log is not None and game.phase is SpadesPhase.BID:
            boxes.append(self.bidding_box(game, log.calls, 4, None))
        boxes.append(self._scores(game))
        return boxes

    def seat_badges(self, game: SpadesGame, seat: int) -> tuple[list[Badge], list[Badge]]:
        """The seat's compass point (in its side's tone) before the dealer's badge; its
        bid after it, toned by how it stands."""
        before = [Badge(compass(seat), ("side0", "side1")[seat % 2])]
        log = game.log
        bid = log.bids[seat] if log is not None else None
        if bid is None:
            return before, []
        side = seat % 2
        contract = log.contracts[side]
        made = contract is not None and log.side_tricks[side] >= contract
        text = _("nil") if bid == 0 else _("bid {n}").format(n=bid)
        return before, [Badge(text, _bid_tone(bid, log.tricks_won[seat], made))]

    def _scores(self, game: SpadesGame) -> TextBox:
        """Each side's total, then its contract, tricks and bags."""
        log = game.log
        rows: list[tuple[str, list[str]]] = []
        for side in (0, 1):
            head = _("{name}: {score}").format(name=SIDES.side_name(side), score=game.scores[side])
            details = []
            if log is not None and log.contracts[side] is not None:
                details.append(_("Bid: {n}").format(n=log.contracts[side]))
                details.append(_("Tricks: {n}").format(n=log.side_tricks[side]))
            details.append(_("Bags: {n}").format(n=game.bags[side]))
            rows.append((head, details))
        return self.scores_box(rows, "title")
