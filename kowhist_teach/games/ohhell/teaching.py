"""Oh Hell's teaching hook (:mod:`kowhist_teach.core.hooks.teaching`): what each bid
promises and why the dealer may not make one (the hook), what a card would do to the
trick and to the player's bid, what a finished deal came to, and the tips of the game
(count your sure tricks; duck once you have your bid; take every trick you still need).

>>> from kowhist_teach.games.ohhell.engine import OhHellGame, OhHellRules
>>> g = OhHellGame(3, OhHellRules(hand_sizes=[2]), auto_chance=False)
>>> g.deal([['AS', 'KS'], ['QS', '2H'], ['3H', '4H']], trump_card='5H')
>>> for bid in ['1', '0']:
...     g.play(bid)
>>> notes = OhHellTeaching().explain_moves(g, 0)
>>> [(n.move.code, n.legal) for n in notes]
[('0', True), ('1', False), ('2', True)]
>>> print(notes[1].reason)
The dealer may not bid 1: the bids would add up to 2, the deal's tricks (the hook).
"""

from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...core.hooks.teaching import MoveExplanation, PlainTeaching, Tip, game_end, scored_deal
from ...core.tricks import beats
from ...core.words import sentence
from ...i18n import _, ngettext
from .engine import BIDS, OhHellGame, OhHellPhase

__all__ = ["OhHellTeaching", "DETECTORS"]


# ------------------------------------------------------------------ tips
def _bid_and_taken(game: OhHellGame, seat: int) -> tuple[int, int, int] | None:
    """During play: ``seat``'s bid, the tricks they have taken, and the tricks left to
    play (the one on the table included)."""
    log = game.log
    if game.phase is not OhHellPhase.PLAY or log is None or log.bids[seat] is None:
        return None
    done = sum(1 for t in log.tricks if len(t.plays) == game.n)
    return log.bids[seat], log.tricks_won[seat], log.hand_size - done  # type: ignore[return-value]


def _count_sure_tricks(game: OhHellGame, seat: int) -> Tip | None:
    if game.phase is not OhHellPhase.BID:
        return None
    return Tip(
        "ohhell-count",
        sentence(
            _(
                "Count the tricks you are sure of: aces, high trumps, a guarded king; "
                "low cards and a short suit help you take none"
            )
        ),
    )


def _duck_when_made(game: OhHellGame, seat: int) -> Tip | None:
    state = _bid_and_taken(game, seat)
    if state is None or state[0] != state[1]:
        return None
    return Tip(
        "ohhell-duck",
        sentence(
            _(
                "You bid {bid} and have {bid}: duck — play under the winning card, and "
                "throw your high cards away when you cannot follow suit"
            ).format(bid=state[0])
        ),
    )


def _need_every_trick(game: OhHellGame, seat: int) -> Tip | None:
    state = _bid_and_taken(game, seat)
    if state is None:
        return None
    bid, took, left = state
    if bid - took <= 0 or bid - took != left:
        return None
    return Tip(
        "ohhell-need-all",
        sentence(
            ngettext(
                "You still need {n} of the {n} trick left: play to win every one",
                "You still need {n} of the {n} tricks left: play to win every one",
                left,
            ).format(n=left)
        ),
    )


#: Oh Hell's tip detectors, in the order their tips are shown.
DETECTORS = (_count_sure_tricks, _duck_when_made, _need_every_trick)


class OhHellTeaching(PlainTeaching):
    """Oh Hell told to a student: the bids and the hook, each card against the bid."""

    detectors = DETECTORS

    # ------------------------------------------------------------------ moves
    def explain_moves(self, game: OhHellGame, seat: int) -> list[MoveExplanation]:
        if game.phase is OhHellPhase.PLAY:
            return self.explain_cards(game, seat)
        return self._bids(game, seat)

    def _bids(self, game: OhHellGame, seat: int) -> list[MoveExplanation]:
        log = game.log
        size = log.hand_size  # type: ignore[union-attr]
        legal = set(game.legal_moves())
        out = []
        for bid in range(size + 1):
            move = BIDS[bid]
            if move in legal:
                reason = ngettext(
                    # Not "You bid 2: …": the button and the hint name the bid.
                    "you promise to take exactly {n} of the {h} trick",
                    "you promise to take exactly {n} of the {h} tricks",
                    size,
                ).format(n=bid, h=size)
                out.append(MoveExplanation(move, True, sentence(reason)))
            else:
                out.append(MoveExplanation(move, False, sentence(game.why_illegal(move))))
        return out

    def legal_reason(self, game: Any, seat: int, card: Card, effect: str) -> tuple[str, str]:
        why, effect = super().legal_reason(game, seat, card, effect)
        state = _bid_and_taken(game, seat)
        trick = game.trick
        if state is None or not trick.plays or self.others_to_play(game) or not effect:
            return why, effect
        # The last card of the trick: whether it wins is settled, and so is the bid's fate.
        bid, took, _left = state
        if beats(card, trick.winning_card, game.trump):
            if took + 1 > bid:
                effect += "; " + _("that is one trick more than your bid of {bid}").format(bid=bid)
            elif took + 1 == bid:
                effect += "; " + _("that makes your bid of {bid} exactly").format(bid=bid)
        return why, effect

    # ------------------------------------------------------------------ deals
    def explain_deal(self, game: OhHellGame, deal: Any = None) -> list[str]:
        """Each player's bid against the tricks taken, with the points it scored, and
        the winner if the deal ended the game."""
        deal = scored_deal(game, deal)
        if deal is None:
            return []
        lines = []
        for s, name in enumerate(game.names):
            bid, took, points = deal.bids[s], deal.tricks_won[s], deal.points[s]
            text = (
                ngettext(
                    "{name} bid {bid} and took {took}: exactly the bid, {points} point",
                    "{name} bid {bid} and took {took}: exactly the bid, {points} points",
                    points,
                )
                if bid == took
                else ngettext(
                    "{name} bid {bid} and took {took}: the bid is lost, {points} point",
                    "{name} bid {bid} and took {took}: the bid is lost, {points} points",
                    points,
                )
            )
            lines.append(sentence(text.format(name=name, bid=bid, took=took, points=points)))
        lines.extend(game_end(game, deal))
        return lines
