"""Solo whist on the command line: its bid words and contract lines (:class:`SoloCli`)."""

from __future__ import annotations

from typing import Any

from ....core.moves import Call
from ....i18n import _
from ..cli import FamilyAuctionCli
from .engine import COP, TARGETS, SoloGame, bid_name

__all__ = ["SoloCli"]


class SoloCli(FamilyAuctionCli):
    """Solo whist's ``cli`` hook: the bidding ladder's names, payments as scores."""

    title = SoloGame.title

    def bid_words(self, call: Call) -> str:
        return bid_name(call)

    def contract_line(self, deal: dict[str, Any]) -> str:
        contract = Call(deal["contract"])
        words = self.code_words(deal["contract"])
        who = _("seat {seat}").format(seat=deal["declarer"])
        acceptors = [seat for seat, code in deal["calls"] if code == COP.code]
        if acceptors:
            words = _("proposal and acceptance")
            who = _("seats {a} and {b}").format(a=deal["declarer"], b=acceptors[0])
        target = TARGETS.get(contract)
        if target == 0:
            return _("contract: {contract} by {who}, who must take no trick").format(
                contract=words, who=who
            )
        if target is not None:
            return _("contract: {contract} by {who}, who needs {n} tricks").format(
                contract=words, who=who, n=target
            )
        return _("contract: {contract} by {who}").format(contract=words, who=who)

    def score_labels(self, rules: dict[str, Any] | None) -> tuple[str, str, str]:
        return _("payments this deal: {p}"), _("scores so far: {s}"), ""
