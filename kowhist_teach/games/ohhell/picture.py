"""Oh Hell's table picture, as data (:mod:`kowhist_teach.core.hooks.picture`): 3 to 7
players round the table, each with their bid beside the tricks they have taken (the
badge turns green when they have exactly their bid, orange once they have too many),
the deal with its hand size, the turned card that sets trumps, the bidding while it
goes on (then what the bids add up to) and the scores.

>>> from kowhist_teach.games.ohhell.engine import OhHellGame
>>> table = OhHellPicture().table(OhHellGame(players=5, seed=2), seat=0)
>>> table.layout, table.trumps.heading, table.status
('ring', 'Deal 1: 7 cards', 'Player 2 to bid')
>>> [b.css for b in table.boxes]
['kwr-bidding', 'kwr-scores']
"""

from __future__ import annotations

from ...core.hooks.picture import Badge, CardBox, DealPicture, Row, TextBox, TrumpBox
from ...core.moves import Call
from ...i18n import _, ngettext
from .engine import OhHellGame, OhHellPhase

__all__ = ["OhHellPicture"]


def _bid_tone(bid: int, took: int) -> str:
    """Green on the bid exactly, orange over it (the bid is lost), plain below it."""
    if took == bid:
        return "good"
    return "warn" if took > bid else "neutral"


class OhHellPicture(DealPicture):
    """The picture hook of Oh Hell: the table of every game played deal after deal
    (:class:`~kowhist_teach.core.hooks.picture.DealPicture`), seats in a ring, with
    its deals of a hand size, the turned-up card and the bids."""

    def call_words(self, call: Call) -> str:
        """A bid is its number of tricks."""
        return call.code

    def trump_box(self, game: OhHellGame) -> TrumpBox:
        log = game.log
        if log is None:
            return TrumpBox(heading=_(game.title), settled=False)
        return TrumpBox(
            heading=ngettext("Deal {n}: {h} card", "Deal {n}: {h} cards", log.hand_size).format(
                n=log.number, h=log.hand_size
            ),
            trump=log.trump,
            card=log.trump_card,
            card_caption=_("turn-up"),
        )

    def boxes(self, game: OhHellGame, seat: int | None, show_all: bool) -> list[TextBox | CardBox]:
        return [*self._bidding(game), self._scores(game)]

    def seat_badges(self, game: OhHellGame, seat: int) -> tuple[list[Badge], list[Badge]]:
        """After the dealer's badge, the seat's bid, toned by the tricks taken."""
        log = game.log
        bid = log.bids[seat] if log is not None else None
        if bid is None:
            return [], []
        return [], [Badge(_("bid {n}").format(n=bid), _bid_tone(bid, log.tricks_won[seat]))]

    # ------------------------------------------------------------ the pieces
    def _bidding(self, game: OhHellGame) -> list[TextBox]:
        """The bids so far while the bidding goes on; then what they add up to."""
        log = game.log
        if log is None:
            return []
        summary = None
        if game.phase is not OhHellPhase.BID:
            total = sum(b for b in log.bids if b is not None)
            summary = Row(
                ngettext(
                    "{total} bid for {h} trick", "{total} bid for {h} tricks", log.hand_size
                ).format(total=total, h=log.hand_size)
            )
        return [self.bidding_box(game, log.calls, 7, summary)]

    def _scores(self, game: OhHellGame) -> TextBox:
        """The running scores, by seat."""
        heads = [
            _("{name}: {score}").format(name=name, score=score)
            for name, score in zip(game.names, game.scores, strict=True)
        ]
        return self.scores_box([(head, []) for head in heads], "text")
