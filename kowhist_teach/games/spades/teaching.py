"""Spades' teaching hook (:mod:`kowhist_teach.core.hooks.teaching`): what each bid
promises for the side (and what a nil risks), why a spade may not be led yet, what a
card would do to the trick seen from the player's side, what a finished deal came to
for each side (contract, nils, bags), and the tips of the game.

>>> from kowhist_teach.games.spades.engine import SpadesGame
>>> g = SpadesGame(seed=2)
>>> notes = SpadesTeaching().explain_moves(g, g.to_move)
>>> [n.move.code for n in notes][:3], notes[0].legal
(['0', '1', '2'], True)
>>> print(notes[0].reason)
Nil: take no trick at all: your side wins 100 if you do, loses 100 if not.
"""

from __future__ import annotations

from typing import Any

from ...core.cards import SUIT_MASK, Card, Suit
from ...core.hooks.teaching import (
    MoveExplanation,
    PlainTeaching,
    Tip,
    game_end,
    plain_trick,
    scored_deal,
)
from ...core.tricks import Trick, beats
from ...core.words import sentence
from ...i18n import _, ngettext
from .engine import BIDS, SIDES, SpadesGame, SpadesPhase, partner_of

__all__ = ["SpadesTeaching", "DETECTORS"]

_SPADES = SUIT_MASK[Suit.SPADES]


# ------------------------------------------------------------------ tips
def _count_tricks(game: SpadesGame, seat: int) -> Tip | None:
    if game.phase is not SpadesPhase.BID:
        return None
    return Tip(
        "spades-count",
        sentence(
            _(
                "Count your sure tricks: high spades, long spades, side aces and guarded "
                "kings; your side's bids together are its contract"
            )
        ),
    )


def _keep_nil(game: SpadesGame, seat: int) -> Tip | None:
    log = game.log
    if game.phase is not SpadesPhase.PLAY or log is None or log.bids[seat] != 0:
        return None
    return Tip(
        "spades-nil",
        sentence(
            _(
                "You bid nil: play under the winning card every time, and throw your high "
                "cards away when you cannot follow suit"
            )
        ),
    )


def _mind_bags(game: SpadesGame, seat: int) -> Tip | None:
    log = game.log
    if game.phase is not SpadesPhase.PLAY or log is None:
        return None
    side = seat % 2
    contract = log.contracts[side]
    if contract is None or not contract or log.side_tricks[side] < contract:
        return None
    return Tip(
        "spades-bags",
        sentence(
            _(
                "Your side has its contract: every trick more is a bag, and ten bags cost "
                "100 points, so duck when you can"
            )
        ),
    )


#: Spades' tip detectors, in the order their tips are shown.
DETECTORS = (_count_tricks, _keep_nil, _mind_bags)


class SpadesTeaching(PlainTeaching):
    """Spades told to a student: bids and nils, the spade lead, cards seen from the
    side, and a deal's score by side."""

    detectors = DETECTORS

    # ------------------------------------------------------------------ moves
    def explain_moves(self, game: SpadesGame, seat: int) -> list[MoveExplanation]:
        if game.phase is SpadesPhase.PLAY:
            return self.explain_cards(game, seat)
        return self._bids(game, seat)

    def _bids(self, game: SpadesGame, seat: int) -> list[MoveExplanation]:
        partner = game.log.bids[partner_of(seat)]  # type: ignore[union-attr]
        legal = set(game.legal_moves())
        out = []
        for bid, move in enumerate(BIDS):
            if move not in legal:
                out.append(MoveExplanation(move, False, sentence(game.why_illegal(move))))
                continue
            if bid == 0:
                reason = _(
                    "Nil: take no trick at all: your side wins 100 if you do, loses 100 if not"
                )
            elif partner is None:
                reason = ngettext(
                    "you promise {n} trick for your side; your partner's bid is added to it",
                    "you promise {n} tricks for your side; your partner's bid is added to it",
                    bid,
                ).format(n=bid)
            else:
                reason = ngettext(
                    "with your partner's {p}, your side promises {n} trick: 10 points a trick "
                    "if it takes them, minus 10 a trick if not",
                    "with your partner's {p}, your side promises {n} tricks: 10 points a trick "
                    "if it takes them, minus 10 a trick if not",
                    bid + partner,
                ).format(p=partner, n=bid + partner)
            out.append(MoveExplanation(move, True, sentence(reason)))
        return out

    def legal_reason(self, game: Any, seat: int, card: Card, effect: str) -> tuple[str, str]:
        trick: Trick = game.trick
        if not trick.plays:
            if card.suit is not Suit.SPADES:
                return _("You lead this trick: any suit but spades may be led"), effect
            if not game.hands[seat] & ~_SPADES:
                return _("You hold nothing but spades, so you may lead one"), effect
            return _("Spades are broken (one has been played), so you may lead one"), effect
        why, effect = super().legal_reason(game, seat, card, effect)
        winner = trick.winner
        if winner == partner_of(seat) and effect:
            wins = beats(card, trick.winning_card, game.trump)
            last = self.others_to_play(game) == 0
            effect = _ally(wins, last).format(card=card.label, best=trick.winning_card.label)
        return why, effect

    # ------------------------------------------------------------------ tricks
    def explain_trick(self, game: Any, trick: Trick, names: Any = None) -> str:
        """Why a trick went to its winner, and the side that takes it."""
        names = list(names) if names is not None else game.names
        text = plain_trick(trick, names)[:-1]  # without its full stop
        side = SIDES.players(SIDES.side_of(trick.winner), names)
        return sentence(_("{text}; a trick for {side}").format(text=text, side=side))

    # ------------------------------------------------------------------ deals
    def explain_deal(self, game: SpadesGame, deal: Any = None) -> list[str]:
        """Each side's contract against its tricks, its nils, its bags and points, and
        the winner if the deal ended the game."""
        deal = scored_deal(game, deal)
        if deal is None:
            return []
        lines = []
        for s in (0, 1):
            score = deal.sides[s]
            who = SIDES.players(s, game.names)
            if score.made:
                text = ngettext(
                    "{side} bid {bid} and took {took}: made, {score} points and {n} bag",
                    "{side} bid {bid} and took {took}: made, {score} points and {n} bags",
                    score.overtricks,
                ).format(
                    side=who, bid=score.contract, took=score.took, score=10 * score.contract,
                    n=score.overtricks,
                )  # fmt: skip
            else:
                text = _("{side} bid {bid} and took {took}: set, minus {score} points").format(
                    side=who, bid=score.contract, took=score.took, score=10 * score.contract
                )
            lines.append(sentence(text))
            for i, made in score.nils:
                name = game.names[s + 2 * i]
                nil = (
                    _("{name}'s nil made: 100 points")
                    if made
                    else _("{name}'s nil failed: minus 100 points")
                )
                lines.append(sentence(nil.format(name=name)))
            if score.penalty:
                lines.append(
                    sentence(_("{side} reach ten bags: minus 100 points").format(side=who))
                )
            if score.nils or score.penalty:
                lines.append(
                    sentence(
                        _("{side} score {points} this deal").format(side=who, points=score.points)
                    )
                )
        lines.extend(game_end(game, deal, lambda side: SIDES.players(side, game.names)))
        return lines

    def estimate_tricks(self, game: Any, seat: int, result: Any) -> int:
        """The tricks ``seat``'s side takes from now on in a sampled deal."""
        side = seat % 2
        return sum(int(result[s]) - int(game.tricks_won[s]) for s in (side, side + 2))


def _ally(wins: bool, last: bool) -> str:
    """A card played while the partner's card is winning the trick."""
    if wins and last:
        return _("{card} overtakes your partner's {best}: the trick is your side's either way")
    if wins:
        return _("{card} overtakes your partner's {best}: it wins unless someone goes higher")
    if last:
        return _("your partner's {best} wins the trick anyway: no need to beat it")
    return _("your partner's {best} is winning: no need to beat it")
