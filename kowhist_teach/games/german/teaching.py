"""German Whist's teaching hook: the cards of both phases, taking the face-up card,
and its tips (seed 003): fight for a good face-up card, a 6 or 7 of a side suit
included, lose on purpose for a weak one, count the trumps and lead the long suit in
phase 2.

>>> from kowhist_teach import GermanGame
>>> notes = GermanTeaching().explain_moves(GermanGame(seed=1), 1)
>>> len(notes), notes[0].reason.startswith('You lead')
(13, True)
"""

from __future__ import annotations

from typing import Any

from ...core.cards import SUIT_MASK, Rank
from ...core.hooks.teaching import Detector, MoveExplanation, PlainTeaching, Tip, live_trumps
from ...core.tricks import beats
from ...core.words import sentence
from ...i18n import _
from .engine import GermanPhase

__all__ = ["GermanTeaching"]


def face_up(game: Any, seat: int) -> Tip | None:
    """Phase 1: win the trick for a good face-up card, lose it for a weak one."""
    if game.phase is not GermanPhase.PLAY1 or not game.face_up:
        return None
    card = game.face_up[0]
    trump = game.trump
    trick = game.trick
    if trick.plays and not any(beats(c, trick.winning_card, trump) for c in game.legal_moves()):
        return None  # no legal card can win the trick: nothing to fight for, nor to lose
    if (trump is not None and card.suit == trump) or card.rank >= Rank.JACK:
        return Tip(
            "german_fight",
            _("The face-up {card} is worth having: try to win this trick to take it.").format(
                card=card.label
            ),
        )
    if card.rank in (Rank.SIX, Rank.SEVEN):
        # Seed 003: "a 6 or 7 of a side suit is often a better prize than a high card in
        # a suit where you are already strong" -- so not a card to throw the trick for.
        return Tip(
            "german_side_card",
            _(
                "The face-up {card} is a middling card of a side suit: often a better prize "
                "than another high card in a suit you are already strong in."
            ).format(card=card.label),
        )
    if card.rank <= Rank.FIVE:
        return Tip(
            "german_lose_on_purpose",
            _(
                "The face-up {card} is weak: losing this trick on purpose gets you the unseen "
                "card instead, which may well be better."
            ).format(card=card.label),
        )
    return None


def count_trumps(game: Any, seat: int) -> Tip | None:
    """Phase 2: how many trumps the opponent still holds."""
    if game.phase is not GermanPhase.PLAY2 or game.trump is None:
        return None
    out = live_trumps(game.trump, game.tricks) & ~game.hands[seat]
    if game.trick is not None:
        for _s, c in game.trick.plays:
            out &= ~(1 << c)
    k = out.bit_count()
    if k == 0:
        return Tip(
            "german_trumps_gone",
            _("Your opponent has no trumps left: your long suit now rules the play."),
        )
    return Tip(
        "german_count_trumps",
        _("Only 13 trumps exist: your opponent still holds {k} of them.").format(k=k),
    )


def lead_long_suit(game: Any, seat: int) -> Tip | None:
    """Phase 2, on lead with a suit of four or more: lead it."""
    if game.phase is not GermanPhase.PLAY2 or game.trick.plays:
        return None
    hand = game.hands[seat]
    if max((hand & m).bit_count() for m in SUIT_MASK) < 4:
        return None
    return Tip(
        "german_lead_long_suit",
        _(
            "In phase 2 lead your long suit to draw your opponent's trumps, and keep your "
            "top trumps for the last tricks."
        ),
    )


def _fight_reason(game: Any, move: Any, keys: dict[str, str]) -> str:
    trick = game.trick
    trump = game.trump
    if trick.plays:
        wins = beats(move, trick.winning_card, trump)
        loses = not wins
    else:  # a lead fights with a trump or a high card, and gives up with a low one
        is_trump = trump is not None and move.suit == trump
        wins = is_trump or move.rank >= Rank.JACK
        loses = not is_trump and move.rank <= Rank.SEVEN
    if "german_fight" in keys and wins:
        return keys["german_fight"]
    if "german_side_card" in keys and wins:
        return keys["german_side_card"]
    if "german_lose_on_purpose" in keys and loses:
        return keys["german_lose_on_purpose"]
    return ""


class GermanTeaching(PlainTeaching):
    """German Whist told to a student: two players, plain tricks, and after a won
    trick of phase 1 the face-up card to take."""

    detectors: tuple[Detector, ...] = (face_up, count_trumps, lead_long_suit)

    def suggestion_reason(self, game: Any, seat: int, move: Any, tips: Any) -> str:
        """Phase 1: fight for a good face-up card, lose on purpose for a weak one, as
        the suggested card does."""
        if game.phase is not GermanPhase.PLAY1:
            return ""
        return _fight_reason(game, move, {t.key: t.text for t in tips})

    def explain_moves(self, game: Any, seat: int) -> list[MoveExplanation]:
        if game.phase is GermanPhase.PICK:
            return [
                MoveExplanation(
                    m,
                    True,
                    sentence(
                        _("You won the trick: you may take the face-up {card}").format(card=m.label)
                    ),
                )
                for m in game.legal_moves()
            ]
        return self.explain_cards(game, seat)

    def others_to_play(self, game: Any) -> int:
        return 1 - len(game.trick.plays)
