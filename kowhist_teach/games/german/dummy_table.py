"""German Whist with a dummy at the table: the picture (four hands round the table, the
dummy opposite the dealer and face up, the stock with its face-up card) and the
widgets' answers (the status facts, the turn, which hand the student plays now).

>>> from kowhist_teach.games.german.dummy import GermanDummyGame
>>> table = DummyPicture().table(GermanDummyGame(seed=4), seat=0)
>>> [s.name for s in table.seats], table.order, table.layout
(['Player 1', 'Player 2', 'Player 3', 'Dummy'], (0, 1, 3, 2), 'compass')
"""

from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...core.hooks.picture import Badge, PictureHook, Seat, Table, TrumpBox, last_trick
from ...core.hooks.ui import DummyUI, GameUI, PhaseTricks, StockTaken, StockUI
from ...i18n import N_, _, ngettext
from .dummy import _PHASE1_TRICKS, DUMMY, GermanDummyGame
from .dummy_teach import winning_side_text
from .engine import GermanPhase
from .picture import stock_box

__all__ = ["DummyPicture", "GermanDummyUI"]


def _phase_text(game: GermanDummyGame) -> str:
    phase2 = game.phase is GermanPhase.PLAY2 or (game.phase is GermanPhase.OVER and not game.stock)
    return _("Phase {n} of 2").format(n=2 if phase2 else 1)


class DummyPicture(PictureHook):
    """The picture hook of German Whist with a dummy."""

    def status(self, game: GermanDummyGame) -> str:
        out = game.outcome()
        if out is not None:
            text = ngettext("{who} win: {points} point", "{who} win: {points} points", out.points)
            return text.format(who=winning_side_text(game), points=out.points)
        if game.phase is GermanPhase.DEAL:
            return _("Dealing")
        if game.hand_to_play == DUMMY:
            return _("{name} plays from the dummy").format(name=game.names[game.dealer])
        return _("{name} to play").format(name=game.names[game.to_move])

    def table(
        self, game: GermanDummyGame, seat: int | None = None, show_all: bool = False
    ) -> Table:
        names = game.hand_names
        status = self.status(game)
        seats = []
        for hand in range(4):
            held = game.hand(hand)
            # The dummy lies face up for everybody; a player's hand for its owner.
            if show_all or hand == DUMMY or hand == seat:
                face_up, hidden = held, 0
            else:
                face_up, hidden = [], len(held)
            badges = []
            if hand == game.dealer:
                badges.append(Badge(_("dealer"), "side0"))
            elif hand == DUMMY:
                badges.append(Badge(_("dummy, face up"), "side0"))
            else:
                badges.append(Badge(_("against the dealer"), "side1"))
            to_play = game.hand_to_play == hand and not game.is_over()
            seats.append(
                Seat(
                    seat=hand,
                    name=names[hand],
                    face_up=face_up,
                    hidden=hidden,
                    badges=badges,
                    tricks=game.side_tricks[game.side_of(hand)],
                    to_move=to_play,
                    # The dealer plays the dummy: its cards are clicked as their own.
                    controlled=hand == DUMMY and seat == game.dealer,
                )
            )
        trick, finished = last_trick(game.tricks, game.trick)
        return Table(
            label=_("German Whist table with a dummy: {status}").format(status=status),
            status=status,
            trumps=TrumpBox(heading=_phase_text(game), trump=game.trump),
            seats=seats,
            layout="compass",
            viewer=seat if seat is not None else game.dealer,
            classes=("kwr-german", "kwr-germandummy"),
            trick=trick,
            trick_finished=finished or game.is_over(),
            boxes=[stock_box(game, "bottom-left", backs_shown=4)],
            order=tuple(game.order),
        )


class GermanDummyUI(StockUI, DummyUI, GameUI):
    """Three players and a dummy; the student deals first, so plays the dummy too."""

    tagline = N_(
        "German Whist for three: you deal, so you play your own cards and the dummy's, "
        "face up opposite you, against two bots. Win good cards from the stock, then "
        "take 7 of the 13 tricks with the dummy. Click a card to play it."
    )
    analysis_goal = "win"

    def options(self, rules: type) -> list[Any]:
        return []  # the classic rules only (docs/rules.md)

    def turn_text(self, game: Any, seat: int) -> str | None:
        if game.to_move == seat and game.hand_to_play == DUMMY:
            return _("Your turn — play from the dummy")
        return None

    def status_facts(self, game: Any) -> list[str]:
        facts = [_phase_text(game)]
        if game.stock:
            facts.append(_("Stock: {n}").format(n=len(game.stock)))
        facts.append(_("{name} deals and plays the dummy").format(name=game.names[game.dealer]))
        return facts

    def analysis_hidden(self, game: Any) -> bool:
        return True  # no analysis: the bots hook has none for this game

    def first_deal(self, record: dict[str, Any]) -> dict[str, Any]:
        return {**record, "actions": []}

    def stock_taken(self, game: Any, seat: int) -> list[StockTaken]:
        """One row per hand, the dummy's too (a stock card goes into a hand, and the
        dealer may play the dummy's only from the dummy): the winner's face-up cards
        for all to see; the face-down ones named for the dummy (shown to everybody) and
        for ``seat``'s own hand, only counted for the other two.

        >>> from kowhist_teach.games.german.dummy import GermanDummyGame
        >>> [t.name for t in GermanDummyUI().stock_taken(GermanDummyGame(seed=1), 0)]
        ['Player 1', 'Player 2', 'Player 3', 'Dummy']
        """
        face_up: list[list[Card]] = [[], [], [], []]
        face_down: list[list[Card]] = [[], [], [], []]
        for hand, card, up in game.stock_takes():
            (face_up if up else face_down)[hand].append(card)
        rows = []
        for hand, name in enumerate(game.hand_names):
            known = hand in (seat, DUMMY)
            rows.append(
                StockTaken(
                    hand,
                    name,
                    tuple(face_up[hand]),
                    tuple(face_down[hand]) if known else None,
                    0 if known else len(face_down[hand]),
                )
            )
        return rows

    def stock_took(self, game: Any) -> list[list[Card]]:
        """Every hand's stock cards, the dummy's last, in the order taken."""
        took: list[list[Card]] = [[], [], [], []]
        for hand, card, _up in game.stock_takes():
            took[hand].append(card)
        return took

    def phase_tricks(self, game: Any) -> list[PhaseTricks]:
        """One row per side, as the hand is won (the dealer with the dummy, the other
        two players together): tricks of the stock phase, then of the last six.

        >>> from kowhist_teach.games.german.dummy import GermanDummyGame
        >>> [r.name for r in GermanDummyUI().phase_tricks(GermanDummyGame(seed=1, first_dealer=1))]
        ['Player 2 and the dummy', 'Player 1 and Player 3']
        """
        won = [[0, 0], [0, 0]]
        for k, trick in enumerate(game.tricks):
            if len(trick.plays) == 4:  # a finished trick (a lead already names a winner)
                won[game.side_of(trick.winner)][0 if k < _PHASE1_TRICKS else 1] += 1
        names, dealer = game.names, game.dealer
        others = [s for s in range(3) if s != dealer]
        labels = [
            _("{name} and the dummy").format(name=names[dealer]),
            _("{a} and {b}").format(a=names[others[0]], b=names[others[1]]),
        ]
        return [PhaseTricks(label, p1, p2) for label, (p1, p2) in zip(labels, won, strict=True)]

    def controlled_hand(self, game: Any, seat: int) -> int:
        """The dummy's hand (3) while ``seat`` is the dealer and the dummy is to play."""
        if not game.is_over() and game.to_move == seat and game.hand_to_play == DUMMY:
            return DUMMY
        return seat
