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

from ...core.hooks.picture import (
    Badge,
    PictureHook,
    Row,
    Seat,
    Table,
    TextBox,
    TrumpBox,
    last_trick,
)
from ...core.moves import Call
from ...i18n import _, ngettext
from .engine import OhHellGame, OhHellPhase
from .rules import bid_value

__all__ = ["OhHellPicture"]


def _bid_tone(bid: int, took: int) -> str:
    """Green on the bid exactly, orange over it (the bid is lost), plain below it."""
    if took == bid:
        return "good"
    return "warn" if took > bid else "neutral"


class OhHellPicture(PictureHook):
    """The picture hook of Oh Hell."""

    def call_words(self, call: Call) -> str:
        """A bid is its number of tricks."""
        return call.code

    def status(self, game: OhHellGame) -> str:
        names = game.names
        out = game.outcome()
        if out is not None:
            if out.winner is None:
                return _("The game is a tie")
            return _("{name} wins the game").format(name=names[out.winner])
        if game.to_move is None:
            return _("Dealing")
        who = names[game.to_move]
        if game.phase is OhHellPhase.BID:
            return _("{name} to bid").format(name=who)
        return _("{name} to play").format(name=who)

    def table(self, game: OhHellGame, seat: int | None = None, show_all: bool = False) -> Table:
        status = self.status(game)
        log = game.log
        if log is None:
            trumps = TrumpBox(heading=_(game.title), settled=False)
        else:
            trumps = TrumpBox(
                heading=ngettext("Deal {n}: {h} card", "Deal {n}: {h} cards", log.hand_size).format(
                    n=log.number, h=log.hand_size
                ),
                trump=log.trump,
                card=log.trump_card,
                card_caption=_("turn-up"),
            )
        trick, finished = last_trick(game.tricks, game.trick)
        return Table(
            label=_("{game} table: {status}").format(game=_(game.title), status=status),
            status=status,
            trumps=trumps,
            seats=self._seats(game, seat, show_all),
            layout="ring",
            viewer=seat if seat is not None else 0,
            classes=("kwr-ohhell",),
            trick=trick,
            trick_finished=finished or game.is_over(),
            boxes=[*self._bidding(game), self._scores(game)],
        )

    # ------------------------------------------------------------ the pieces
    def _seats(self, game: OhHellGame, seat: int | None, show_all: bool) -> list[Seat]:
        view = game.view(seat) if seat is not None and not show_all else None
        log = game.log
        bids = log.bids if log is not None else [None] * game.n
        won = log.tricks_won if log is not None else [0] * game.n
        seats = []
        for s in range(game.n):
            held = game.hand(s)
            if show_all:
                face_up, hidden = held, 0
            elif view is not None and s == seat:
                face_up, hidden = view.hand, 0
            else:
                face_up, hidden = [], len(held)
            badges = []
            if log is not None and s == log.dealer:
                badges.append(Badge(_("dealer")))
            bid = bids[s]
            if bid is not None:
                badges.append(Badge(_("bid {n}").format(n=bid), _bid_tone(bid, won[s])))
            seats.append(
                Seat(
                    seat=s,
                    name=game.names[s],
                    face_up=face_up,
                    hidden=hidden,
                    badges=badges,
                    tricks=won[s],
                    to_move=s == game.to_move,
                )
            )
        return seats

    def _bidding(self, game: OhHellGame) -> list[TextBox]:
        """The bids so far while the bidding goes on; then what they add up to."""
        log = game.log
        if log is None:
            return []
        lines = [
            _("{name}: {call}").format(name=game.names[s], call=bid_value(m)) for s, m in log.calls
        ]
        label = _("Bidding: {calls}").format(calls=", ".join(lines) or "-")
        rows = [Row(_("Bidding"), "title")]
        if game.phase is OhHellPhase.BID:
            rows += [Row(line) for line in lines[-7:] or [_("no bid yet")]]
        else:
            total = sum(b for b in log.bids if b is not None)
            rows.append(
                Row(
                    ngettext(
                        "{total} bid for {h} trick", "{total} bid for {h} tricks", log.hand_size
                    ).format(total=total, h=log.hand_size)
                )
            )
        return [TextBox("kwr-bidding", label, "top-right", tuple(rows))]

    def _scores(self, game: OhHellGame) -> TextBox:
        """The running scores, by seat."""
        heads = [
            _("{name}: {score}").format(name=name, score=score)
            for name, score in zip(game.names, game.scores, strict=True)
        ]
        rows = (Row(_("Scores"), "title"), *(Row(h) for h in heads))
        label = _("Scores: {scores}").format(scores="; ".join(heads))
        return TextBox("kwr-scores", label, "bottom-left", rows)
