"""Spades' answers to the widgets (:mod:`kowhist_teach.core.hooks.ui`): bids as buttons
at the table of the games with an auction, partners opposite; the target and the
mercy score in the setup, OpenSpiel's readings of the lead and the bags among the
variants (its reading of the game's end is for records only).

>>> from kowhist_teach.games.spades.engine import SpadesGame
>>> ui = SpadesUI()
>>> ui.turn_text(SpadesGame(seed=1), 1)
'Your turn: bid nil or the tricks you will take'
"""

from __future__ import annotations

from typing import Any

from ...core.hooks.ui import AuctionUI, DealUI, RuleOption
from ...i18n import N_, _
from .engine import SIDES, SpadesPhase

__all__ = ["SpadesUI"]

_READINGS = ("standard", "openspiel")


def _reading(name: str, label: str, tip: str, standard: str, openspiel: str) -> RuleOption:
    """A point where OpenSpiel departs from the standard rules: a menu of the two
    readings, the standard one first."""
    return RuleOption(name, label, tip, choices=_READINGS, choice_labels=(standard, openspiel))


class SpadesUI(AuctionUI, DealUI):
    """Spades: bid with your partner, take your contract, beware of bags."""

    analysis_goal = "win"
    tagline = N_(
        "Spades: you sit South with North as your partner. Bid the tricks you will take "
        "(nil: none at all); your side scores its bids if it takes them. Spades are trumps."
    )

    def options(self, rules: type) -> list[RuleOption]:
        return [
            RuleOption(
                "target",
                N_("Game to"),
                N_("The first side to reach this total wins"),
                choices=(200, 300, 500),
            ),
            RuleOption(
                "mercy",
                N_("Mercy score"),
                N_("A side that falls to this total loses"),
                # No "off" here (a record's null turns it off): the table's menus keep
                # to values a student compares at a glance.
                choices=(-200, -350, -500),
            ),
        ]

    def variant_options(self, rules: type) -> list[RuleOption]:
        """OpenSpiel's readings of the lead and the bags (docs/rules.md). Its reading of
        the game's end is left to records: with these targets no deal scores enough,
        so a game under it would never end."""
        return [
            _reading(
                "spade_lead",
                N_("Leading spades"),
                N_("When a spade may be led"),
                N_("once spades are broken (standard)"),
                N_("only from a hand of spades (OpenSpiel)"),
            ),
            _reading(
                "bags",
                N_("Bags below zero"),
                N_("How the bags are counted while a side's total is below zero"),
                N_("counted up from the tens below (standard)"),
                N_("C++'s remainder, negative (OpenSpiel)"),
            ),
        ]

    def turn_text(self, game: Any, seat: int) -> str | None:
        if game.phase is SpadesPhase.BID:
            return _("Your turn: bid nil or the tricks you will take")
        trick = game.trick
        if trick is None or not trick.plays:
            return _("Your turn: you lead")
        return None

    def target_text(self, game: Any, seat: int) -> str:
        log = game.log
        if game.phase is not SpadesPhase.PLAY or log is None:
            return ""
        side = seat % 2
        if log.bids[seat] == 0:
            return _("You bid nil: take no trick; taken: {took}").format(took=log.tricks_won[seat])
        return _("Your side's contract: {bid}; taken: {took}").format(
            bid=log.contracts[side], took=log.side_tricks[side]
        )

    def scores_label(self, game: Any) -> str:
        return _("Scores")

    def scores_extra(self, game: Any) -> tuple[str, str] | None:
        bags = game.bags
        return _("Bags"), " · ".join(
            _("{name}: {score}").format(name=SIDES.side_name(s), score=bags[s]) for s in (0, 1)
        )

    def outcome_text(self, game: Any) -> str | None:
        out = game.outcome()
        if out is None or out.winner is None:
            return None
        return _("The game is over: {who} won").format(who=SIDES.side_name(out.winner)) + "."

    def first_deal(self, record: dict[str, Any]) -> dict[str, Any]:
        start = dict(record)
        first = (record.get("deals") or [None])[0]
        start["deals"] = [{"hands": first["hands"]}] if first else []
        return start
