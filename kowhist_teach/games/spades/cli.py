"""Spades on the command line (:mod:`kowhist_teach.core.hooks.cli`): the ``replay``
text of each deal and the terminal game (you are seat 0, partnered with seat 2; bots
the others).

What every game played deal after deal says there is
:class:`~kowhist_teach.core.hooks.deal_cli.DealCli`'s, sides included (the spec declares
the partnerships); Spades adds its nil, its bags and the bids beside the tricks.

>>> from kowhist_teach.games.spades.engine import SpadesGame
>>> cli = SpadesCli()
>>> print(cli.describe(SpadesGame(seed=1), 1).splitlines()[0])
Deal 1 - dealer Player 1 - trumps ♠
>>> cli.seat_list(SpadesGame(seed=1), [120, -40])
'Player 1 and Player 3 120, Player 2 and Player 4 -40'
"""

from __future__ import annotations

from typing import Any

from ...core.errors import SetupError
from ...core.hooks.deal_cli import AuctionCli, DealCli
from ...i18n import _
from .engine import SEATS, SpadesGame
from .rules import bid_value
from .story import bid_words

__all__ = ["SpadesCli"]


class SpadesCli(AuctionCli, DealCli):
    """Spades' ``cli`` hook."""

    title = SpadesGame.title

    def call_words(self, call: Any) -> str:
        bid = bid_value(call)
        return bid_words(bid) if bid is not None else super().call_words(call)

    def check_players(self, players: int | None) -> None:
        if players not in (None, SEATS):
            raise SetupError(_("{game} is for exactly 4 players").format(game=_(self.title)))

    def score_lines(self, game: Any, view: Any) -> list[str]:
        lines = super().score_lines(game, view)
        lines.append(_("Bags: {bags}").format(bags=self.seat_list(game, view.bags)))
        return lines

    def tricks_line(self, game: Any, view: Any) -> str:
        """The tricks each side has taken this deal, then each bid against them."""
        won = self.seat_list(game, self.deal_tricks(game, view))
        bids = ", ".join(
            f"{game.names[s]} {bid_words(b)}" for s, b in enumerate(view.bids) if b is not None
        )
        return _("Tricks: {won} (bids: {bids})").format(won=won, bids=bids)

    def help_lines(self, game: Any) -> list[str]:
        return [
            _("Bid by typing nil or the number of tricks you will take, 1 to 13."),
            _("'undo' takes back your last move; 'quit' stops the game."),
        ]
