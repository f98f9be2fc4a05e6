"""Cards in words, in the chosen language: ``'queen of spades'``, ``'big joker'``.

Every layer names cards this way (a game describing its table, the teaching layer, the
pictures' spoken titles), so it lives in the core. Each word is looked up when it is
used, so that a language chosen later applies.

>>> card_name(Card('QS')), suit_names()[Suit.CLUBS]
('queen of spades', 'clubs')
"""

from __future__ import annotations

from ..i18n import _
from .cards import Card, Rank, Suit

__all__ = ["card_name", "rank_names", "suit_names", "BIG_JOKER"]

#: The big joker's card number (the little joker is the other joker).
BIG_JOKER = 53


def rank_names() -> dict[Rank, str]:
    """Each rank in words: ``two`` … ``ace``."""
    return {
        Rank.TWO: _("two"),
        Rank.THREE: _("three"),
        Rank.FOUR: _("four"),
        Rank.FIVE: _("five"),
        Rank.SIX: _("six"),
        Rank.SEVEN: _("seven"),
        Rank.EIGHT: _("eight"),
        Rank.NINE: _("nine"),
        Rank.TEN: _("ten"),
        Rank.JACK: _("jack"),
        Rank.QUEEN: _("queen"),
        Rank.KING: _("king"),
        Rank.ACE: _("ace"),
    }


def suit_names() -> dict[Suit, str]:
    """Each suit in words, plural: ``spades`` … ``clubs``."""
    return {
        Suit.SPADES: _("spades"),
        Suit.HEARTS: _("hearts"),
        Suit.DIAMONDS: _("diamonds"),
        Suit.CLUBS: _("clubs"),
    }


def card_name(card: Card) -> str:
    """The card in words, in the chosen language: ``'queen of spades'``.

    One message per suit (``'{rank} of spades'``), so that a language may inflect the
    suit (French says *dame de pique*, singular).

    >>> card_name(Card('QS')), card_name(Card('10H')), card_name(Card('BJ'))
    ('queen of spades', 'ten of hearts', 'big joker')
    """
    if card.is_joker:
        return _("big joker") if card == BIG_JOKER else _("little joker")
    rank = rank_names()[card.rank]
    suit = card.suit
    if suit is Suit.SPADES:
        return _("{rank} of spades").format(rank=rank)
    if suit is Suit.HEARTS:
        return _("{rank} of hearts").format(rank=rank)
    if suit is Suit.DIAMONDS:
        return _("{rank} of diamonds").format(rank=rank)
    return _("{rank} of clubs").format(rank=rank)
