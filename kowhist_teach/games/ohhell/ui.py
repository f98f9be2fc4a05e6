"""Oh Hell's answers to the widgets (:mod:`kowhist_teach.core.hooks.ui`): an auction of
bids, so the family's table with the bids as buttons; each player for themselves.

>>> from kowhist_teach.games.ohhell.engine import OhHellGame
>>> ui = OhHellUI()
>>> ui.turn_text(OhHellGame(players=3, seed=1), 1)
'Your turn: bid the number of tricks you will take'
"""

from __future__ import annotations

from typing import Any

from ...core.hooks.ui import AuctionUI, DealUI, RuleOption
from ...i18n import N_, _
from .engine import OhHellPhase

__all__ = ["OhHellUI"]


class OhHellUI(AuctionUI, DealUI):
    """Oh Hell: bid the exact number of tricks, then take exactly that many."""

    analysis_goal = "win"
    tagline = N_(
        "Oh Hell: bid exactly the tricks you will take, then take exactly that many, "
        "no more, no fewer. Click a bid, then your cards."
    )

    def options(self, rules: type) -> list[RuleOption]:
        return [
            RuleOption(
                "hook",
                N_("The dealer's hook"),
                N_("The dealer may not make the bids add up to the tricks"),
            ),
            RuleOption(
                "scoring",
                N_("Scoring"),
                N_(
                    "Pagat's: 10 + the bid for an exact bid, nothing otherwise; OpenSpiel's: "
                    "1 a trick, +10 if exact"
                ),
                choices=("pagat", "openspiel"),
                # The menu's words: the values are the record's and the engine's.
                choice_labels=(
                    N_("10 + the bid, if exact (Pagat)"),
                    N_("1 a trick, +10 if exact (OpenSpiel)"),
                ),
            ),
        ]

    def turn_text(self, game: Any, seat: int) -> str | None:
        if game.phase is OhHellPhase.BID:
            return _("Your turn: bid the number of tricks you will take")
        trick = game.trick
        if trick is None or not trick.plays:
            return _("Your turn: you lead")
        return None

    def target_text(self, game: Any, seat: int) -> str:
        log = game.log
        if game.phase is not OhHellPhase.PLAY or log is None or log.bids[seat] is None:
            return ""
        return _("Your bid: {bid}; taken: {took}").format(
            bid=log.bids[seat], took=log.tricks_won[seat]
        )

    def scores_label(self, game: Any) -> str:
        return _("Scores")

    def outcome_text(self, game: Any) -> str | None:
        out = game.outcome()
        if out is None or out.winner is None:
            return None
        return _("The game is over: {who} won").format(who=game.names[out.winner]) + "."

    def first_deal(self, record: dict[str, Any]) -> dict[str, Any]:
        start = dict(record)
        first = (record.get("deals") or [None])[0]
        start["deals"] = (
            [{"hands": first["hands"], "trump_card": first.get("trump_card")}] if first else []
        )
        return start
