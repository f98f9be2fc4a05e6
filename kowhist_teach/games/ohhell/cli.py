"""Oh Hell on the command line (:mod:`kowhist_teach.core.hooks.cli`): the ``replay``
text of each deal (the bids, the tricks, who made their bid, the points and scores)
and the terminal game (you are seat 0, bots the others).

What every game played deal after deal says there is
:class:`~kowhist_teach.core.hooks.deal_cli.DealCli`'s (a bid reads as its number, the
scores go by seat, the bids stay in sight all deal long); Oh Hell adds its help.

>>> from kowhist_teach.games.ohhell.engine import OhHellGame
>>> cli = OhHellCli()
>>> print(cli.describe(OhHellGame(players=3, seed=1), 1).splitlines()[0])
Deal 1 - dealer Player 1 - trumps ♦
"""

from __future__ import annotations

from typing import Any

from ...core.hooks.deal_cli import AuctionCli, DealCli
from ...i18n import _
from .engine import OhHellGame

__all__ = ["OhHellCli"]


class OhHellCli(AuctionCli, DealCli):
    """Oh Hell's ``cli`` hook."""

    title = OhHellGame.title

    def help_lines(self, game: Any) -> list[str]:
        return [
            _("Bid by typing the number of tricks you will take, as the prompt lists them."),
            _("'undo' takes back your last move; 'quit' stops the game."),
        ]
