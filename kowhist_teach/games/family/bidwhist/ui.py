"""Bid whist's answers to the widgets: books, high or low, no-trump contracts, the
target score.

>>> from kowhist_teach.games.family.bidwhist.engine import BidWhistGame
>>> BidWhistUI().counts_books(BidWhistGame(seed=1))
True
"""

from __future__ import annotations

from typing import Any

from ....core.hooks.ui import LaidOpen, RuleOption
from ....core.partnerships import OPPOSITE
from ....core.words import full_stop
from ....i18n import N_, _
from ..engine import FamilyPhase
from ..ui import FamilyAuctionUI
from .engine import HIGH, NOTRUMP, bid_parts

__all__ = ["BidWhistUI"]


class BidWhistUI(FamilyAuctionUI):
    """Bid whist: partners bid for books, the kitty, uptown and downtown."""

    tagline = N_(
        "Bid whist: you and North bid for books over six; the winner takes the kitty "
        "and discards six. Click a bid, then your cards."
    )

    def laid_open(self, game: Any, seat: int) -> LaidOpen:
        # The kitty once the seat may see it, and the declarer's own discards.
        view = game.view(seat)
        return LaidOpen(dict(view.open_hands), view.kitty, view.discards)

    def options(self, rules: type) -> list[RuleOption]:
        return [
            RuleOption(
                "min_bid", N_("Lowest bid"), N_("3: nine books; 4: ten books"), choices=(3, 4)
            ),
            RuleOption(
                "target",
                N_("Points for game"),
                N_("A side reaching this many wins"),
                choices=(7, 11, 21),
            ),
            RuleOption(
                "sport_kitty",
                N_("Show the kitty"),
                N_("In a trump contract the declarer shows the kitty to everybody"),
            ),
        ]

    def variant_options(self, rules: type) -> list[RuleOption]:
        """Seed 004's variants, each one option of :class:`BidWhistRules`."""
        return [
            RuleOption(
                "joker_count",
                N_("Jokers"),
                N_("2: a six-card kitty; 1: the big joker alone, five; 0: four, or none"),
                choices=(0, 1, 2),
            ),
            RuleOption(
                "boston_points",
                N_("Boston scores"),
                N_("All 13 books: 7, or 28 where a Boston is quadrupled"),
                choices=(7, 28),
            ),
            RuleOption(
                "kitty",
                N_("Kitty"),
                N_("Without jokers only: off deals 13 cards each, no kitty, lowest bid one"),
            ),
            RuleOption(
                "equal_bids",
                N_("Uptown and downtown bids equal"),
                N_("3 uptown = 3 downtown < 3 no trump < 4 …"),
            ),
            RuleOption(
                "opponents_score",
                N_("Opponents score"),
                N_("The defenders score each book they take over six"),
            ),
            RuleOption(
                "joker_swap",
                N_("Swap jokers at no trump"),
                N_("Each joker held is swapped for one of the declarer's discards, at random"),
            ),
        ]

    def turn_text(self, game: Any, seat: int) -> str | None:
        if game.phase is FamilyPhase.TRUMP and HIGH in game.legal_moves():
            return _("Your turn: choose uptown or downtown")  # after a no-trump bid
        return super().turn_text(game, seat)

    def no_trump_contract(self, game: Any) -> bool:
        log = game.log
        if log is None or log.contract is None:
            return False
        return bid_parts(log.contract)[1] == NOTRUMP

    def counts_books(self, game: Any) -> bool:
        return True

    def outcome_text(self, game: Any) -> str | None:
        out = game.outcome()
        if out is None or out.winner is None:
            return None
        who = OPPOSITE.side_name(out.winner)
        target = game.rules.target
        loser = 1 - out.winner
        if game.scores[loser] <= -target:
            return full_stop(
                _("The game is over: {loser} reached −{n}, so {who} win").format(
                    loser=OPPOSITE.side_name(loser), n=target, who=who
                )
            )
        return full_stop(_("The game is over: {who} reached {n} and win").format(who=who, n=target))
