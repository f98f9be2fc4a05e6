"""Bid whist on the command line: its bid words, contract lines, books and the kitty
(:class:`BidWhistCli`)."""

from __future__ import annotations

from typing import Any

from ....core.moves import Call
from ....i18n import _
from ..cli import FamilyAuctionCli
from .engine import NOTRUMP, BidWhistGame, bid_name, bid_parts

__all__ = ["BidWhistCli"]


class BidWhistCli(FamilyAuctionCli):
    """Bid whist's ``cli`` hook: uptown, downtown and no trump; books, the kitty."""

    title = BidWhistGame.title

    def bid_words(self, call: Call) -> str:
        return bid_name(call)

    def contract_line(self, deal: dict[str, Any]) -> str:
        contract = Call(deal["contract"])
        words = self.code_words(deal["contract"])
        who = _("seat {seat}").format(seat=deal["declarer"])
        level, kind = bid_parts(contract)
        direction = [code for _seat, code in deal["calls"] if code in ("high", "low")]
        if kind == NOTRUMP and direction:
            words = _("{bid}, {direction}").format(
                bid=words, direction=self.code_words(direction[0])
            )
        return _(
            "contract: {contract} by {who}, who needs {n} books (the kitty's included)"
        ).format(contract=words, who=who, n=6 + level)

    def score_labels(self, rules: dict[str, Any] | None) -> tuple[str, str, str]:
        return (
            _("points this deal: {p}"),
            _("scores so far: {s}"),
            _("Only the declaring side scores; a side at +{n} wins, a side at -{n} loses.").format(
                n=(rules or {}).get("target", 7)
            ),
        )

    def tricks_line(self, game: Any, view: Any) -> str:
        # The kitty counts as the declarers' first book.
        won = [game.books(0), game.books(1)]
        return _("Books: {won}").format(won=self.seat_list(game, won))

    def table_lines(self, game: Any, view: Any) -> list[str]:
        lines = []
        if view.kitty:  # once this seat has seen it
            lines.append(
                _("The kitty: {cards}").format(cards=" ".join(c.label for c in view.kitty))
            )
        if view.discards:
            lines.append(
                _("Your discards: {cards}").format(cards=" ".join(c.label for c in view.discards))
            )
        return lines
