"""The trick core that every game here shares (RULES.md §1).

1. The leader may lead any card (unless a variant forbids it).
2. Each other player must follow the led suit if they can; otherwise any card.
3. The highest trump wins; with no trump, the highest card of the led suit.
4. The winner leads the next trick.

>>> t = Trick(leader=1, trump=Suit.DIAMONDS)
>>> for seat, code in [(1, 'AS'), (2, '3S'), (3, '2D'), (0, 'KS')]:
...     t.add(seat, Card(code))
>>> t.winner, t.winning_card
(3, Card('2D'))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SUIT_MASK, Card, Suit

__all__ = ["Trick", "follow_mask", "trick_winner", "beats"]


def follow_mask(hand: int, led_suit: int | None) -> int:
    """The cards of ``hand`` (a card set) that may be played to a trick led in ``led_suit``.

    ``None`` means this card leads: anything goes.

    >>> from .cards import mask_of
    >>> hand = mask_of([Card('9S'), Card('4H')])
    >>> follow_mask(hand, Suit.SPADES) == Card('9S').bit
    True
    >>> follow_mask(hand, Suit.CLUBS) == hand
    True
    """
    if led_suit is None:
        return hand
    suited = hand & SUIT_MASK[led_suit]
    return suited or hand


def beats(card: int, best: int, trump: int | None) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far.

    >>> beats(Card('2D'), Card('AS'), Suit.DIAMONDS), beats(Card('KH'), Card('2S'), None)
    (True, False)
    """
    cs, bs = card // 13, best // 13
    if cs == bs:
        return card > best
    return cs == trump


def trick_winner(cards: list[int], trump: int | None) -> int:
    """The position (0 = the lead) of the card that wins these cards as one trick.

    >>> trick_winner([Card('AS'), Card('3S'), Card('2D'), Card('KS')], Suit.DIAMONDS)
    2
    >>> trick_winner([Card('10H'), Card('AS'), Card('JH')], None)
    2
    """
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats(c, best_card, trump):
            best, best_card = i, c
    return best


@dataclass(slots=True)
class Trick:
    """One trick as it is played: who led, the cards in play order, the winner so far.

    ``plays`` holds ``(seat, card)`` pairs; a dog's pass adds nothing.
    ``winner`` is the seat winning so far (``None`` before the lead).
    """

    leader: int
    trump: Suit | None
    plays: list[tuple[int, Card]] = field(default_factory=list)
    winner: int | None = None
    winning_card: Card | None = None

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, or ``None`` before the lead."""
        return self.plays[0][1].suit if self.plays else None

    def add(self, seat: int, card: Card) -> None:
        """Add a card and update the winner so far."""
        if self.winning_card is None or beats(card, self.winning_card, self.trump):
            self.winner, self.winning_card = seat, card
        self.plays.append((seat, card))

    def cards(self) -> list[Card]:
        """The cards in play order."""
        return [c for _, c in self.plays]
