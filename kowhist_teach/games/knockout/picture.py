"""Knock-Out Whist's table picture, as data (:mod:`kowhist_teach.core.hooks.picture`):
players round the table with their status (active, dog, blind dog, out), the round and
its trump with the turn-up card or whoever chose, and whose turn it is.

>>> from kowhist_teach.games.knockout.engine import KnockoutGame
>>> table = KnockoutPicture().table(KnockoutGame(players=["Ann", "Bo"], seed=1), seat=1)
>>> table.label, table.trumps.heading
('Knock-Out Whist table: Bo to play', 'Round 1: 7 cards')
"""

from __future__ import annotations

from ...core.hooks.picture import Badge, PictureHook, Seat, Table, TrumpBox, last_trick
from ...i18n import _, ngettext
from .engine import KnockoutGame, Phase, Status

__all__ = ["KnockoutPicture", "status_name"]

_TONES = {
    Status.ACTIVE: "good",
    Status.DOG: "warn",
    Status.BLIND_DOG: "special",
    Status.OUT: "muted",
}


def status_name(status: Status) -> str:
    """A player's status in words: active, dog, blind dog, out.

    >>> status_name(Status.BLIND_DOG)
    'blind dog'
    """
    return {
        Status.ACTIVE: _("active"),
        Status.DOG: _("dog"),
        Status.BLIND_DOG: _("blind dog"),
        Status.OUT: _("out"),
    }[status]


class KnockoutPicture(PictureHook):
    """The picture hook of Knock-Out Whist."""

    def status(self, game: KnockoutGame) -> str:
        names = game.names
        out = game.outcome()
        if out is not None:
            return _("{name} wins the game").format(name=names[out.winner])
        who = names[game.to_move] if game.to_move is not None else ""
        phase = game.phase
        if phase is Phase.PLAY:
            return _("{name} to play").format(name=who)
        if phase is Phase.CHOOSE_TRUMP:
            return _("{name} chooses trumps").format(name=who)
        if phase is Phase.VOTE:
            return _("{name} votes on trumps").format(name=who)
        if phase is Phase.DECLARE:
            return _("{name} may declare").format(name=who)
        if phase is Phase.CUT:
            return _("A cut decides who chooses trumps")
        return _("Dealing")

    def table(self, game: KnockoutGame, seat: int | None = None, show_all: bool = False) -> Table:
        names = game.names
        log = game.log
        status = self.status(game)
        trumps = TrumpBox(
            heading=ngettext("Round {r}: {h} card", "Round {r}: {h} cards", game.hand_size).format(
                r=game.round + 1, h=game.hand_size
            ),
            trump=game.trump,
            settled=log.trump_settled,
            card=game.turn_up,
            card_caption=_("turn-up"),
            chooser=names[log.trump_chooser] if log.trump_chooser is not None else None,
        )
        view = game.view(seat) if seat is not None and not show_all else None
        seats = []
        for s in range(game.n):
            held = game.hands[s].bit_count()
            if show_all:
                face_up, hidden = game.hand(s), 0
            elif view is not None and s == seat:
                face_up, hidden = view.hand, view.hidden_cards
            else:
                face_up, hidden = [], held
            state = game.status[s]
            badges = [Badge(status_name(state), _TONES[state])]
            if s == game.dealer and not game.is_over():
                badges.append(Badge(_("dealer")))
            seats.append(
                Seat(
                    seat=s,
                    name=names[s],
                    face_up=face_up,
                    hidden=hidden,
                    badges=badges,
                    tricks=game.tricks_won[s],
                    to_move=s == game.to_move,
                    faded=state is Status.OUT and not held,
                )
            )
        tricks = list(log.tricks) if not game.is_over() else list(game.rounds[-1].tricks)
        trick, finished = last_trick(tricks, game.trick)
        return Table(
            label=_("Knock-Out Whist table: {status}").format(status=status),
            status=status,
            trumps=trumps,
            seats=seats,
            layout="ring",
            viewer=seat if seat is not None else 0,
            classes=("kwr-knockout",),
            trick=trick,
            trick_finished=finished,
        )
