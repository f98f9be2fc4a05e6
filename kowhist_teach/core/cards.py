"""Cards, suits, ranks and card sets.

A card is a small int (0..51) wrapped in :class:`Card`, so it hashes and compares as
fast as an int while printing as ``Q♠`` and pasting back as ``Card('QS')``.  The index
is ``suit * 13 + (rank - 2)``: bit ``1 << index`` stands for the card in a *card set*,
an ``int`` used inside the engine for hands (one int per hand, see :class:`CardSet`).

Bid whist adds two jokers: ``Card(52)``, the little joker ``LJ``, and ``Card(53)``, the
big joker ``BJ``. They have no suit and no rank (``None``). Everything else here is the
52-card pack: :data:`ALL_CARDS`, :data:`FULL_DECK`, :func:`cards_in`,
:func:`shuffled_deck` and :class:`CardSet` leave the jokers out, and :func:`parse_card`
reads ``LJ`` / ``BJ`` only when asked (``jokers=True``), so the games played without
jokers refuse them in their deals.

>>> Card('QS'), str(Card('10h')), Card('A♠').suit
(Card('QS'), '10♥', <Suit.SPADES: 0>)
>>> Card('BJ'), BIG_JOKER.is_joker, BIG_JOKER.suit, Card('AS').is_joker
(Card('BJ'), True, None, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from enum import IntEnum

from ..i18n import _

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "BadCard",
    "ALL_CARDS",
    "FULL_DECK",
    "JOKERS",
    "JOKER_MASK",
    "LITTLE_JOKER",
    "BIG_JOKER",
    "SUIT_MASK",
    "parse_cards",
    "cards_in",
    "cards_of_suit",
    "card_codes",
    "mask_of",
    "shuffled_deck",
]


class BadCard(ValueError):
    """A card code that names no card, or a list of cards that breaks a rule.

    >>> try:
    ...     Card('1Z')
    ... except BadCard as e:
    ...     print(e)
    unknown card code '1Z': write the rank then the suit, like AS, 10H or QD
    """


class Suit(IntEnum):
    """The four suits, in the order the engine sorts them: ♠ ♥ ♦ ♣.

    >>> Suit.from_code('h'), Suit.HEARTS.symbol, Suit.HEARTS.code
    (<Suit.HEARTS: 1>, '♥', 'H')
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def code(self) -> str:
        """The one-letter code used in records: ``S``, ``H``, ``D``, ``C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♥``, ``♦``, ``♣``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_code(cls, text: str) -> Suit:
        """Parse ``S``/``H``/``D``/``C`` (any case) or a suit symbol."""
        key = text.strip().upper()
        if key in _SUIT_BY_TEXT:
            return _SUIT_BY_TEXT[key]
        raise BadCard(_("unknown suit {text!r}: write S, H, D or C (or ♠ ♥ ♦ ♣)").format(text=text))

    def __str__(self) -> str:
        return self.symbol


_SUIT_BY_TEXT = {s.code: s for s in Suit} | {s.symbol: s for s in Suit}
# The white-suit symbols are accepted on input too.
_SUIT_BY_TEXT |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}


class Rank(IntEnum):
    """Ranks from two (low) to ace (high); the value is the pip count, ace = 14.

    >>> Rank.from_code('T'), Rank.QUEEN.code, Rank.TEN.code
    (<Rank.TEN: 10>, 'Q', '10')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        """``2``..``10``, ``J``, ``Q``, ``K``, ``A`` — ten is always ``10``, never ``T``."""
        return _RANK_CODES[self - 2]

    @property
    def is_picture(self) -> bool:
        """Jack, queen, king and ace count as pictures ("no picture, no play")."""
        return self >= Rank.JACK

    @classmethod
    def from_code(cls, text: str) -> Rank:
        """Parse a rank code (``T`` and ``10`` both mean ten)."""
        key = text.strip().upper()
        if key in _RANK_BY_TEXT:
            return _RANK_BY_TEXT[key]
        raise BadCard(_("unknown rank {text!r}: write 2-10, J, Q, K or A").format(text=text))

    def __str__(self) -> str:
        return self.code


_RANK_CODES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_BY_TEXT = {code: Rank(i + 2) for i, code in enumerate(_RANK_CODES)} | {"T": Rank.TEN}

#: The bits of one suit in a card set.
SUIT_MASK: tuple[int, int, int, int] = tuple(0x1FFF << (13 * s) for s in range(4))  # type: ignore[assignment]
#: All 52 cards as a card set (no jokers).
FULL_DECK = (1 << 52) - 1
#: The two jokers as a card set (bits 52 and 53).
JOKER_MASK = 3 << 52


class Card(int):
    """One playing card; an ``int`` 0..51 underneath (``suit * 13 + rank - 2``), or
    52 / 53 for the little and big jokers of bid whist.

    ``Card`` accepts a code (``'QS'``, ``'10H'``, ``'TH'``, ``'q♠'``, ``'BJ'``), an
    index, or another card, and always returns the one shared instance for that card.

    >>> c = Card('10H')
    >>> c.rank, c.suit, c.code, c.bit == 1 << int(c)
    (<Rank.TEN: 10>, <Suit.HEARTS: 1>, '10H', True)
    >>> Card('TH') is c, Card(53) is Card('bj'), Card('LJ').code
    (True, True, 'LJ')
    """

    __slots__ = ()

    def __new__(cls, value: str | int) -> Card:
        if isinstance(value, str):
            # Card('BJ') must work: the repr of a joker pastes back.
            return parse_card(value, jokers=True)
        if type(value) is Card:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 54:
            return _EVERY_CARD[value]
        raise BadCard(
            _("unknown card {value!r}: write the rank then the suit, like AS, 10H or QD").format(
                value=value
            )
        )

    @classmethod
    def _make(cls, index: int) -> Card:
        return int.__new__(cls, index)

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of this rank and suit.

        >>> Card.of(Rank.ACE, Suit.SPADES)
        Card('AS')
        """
        return ALL_CARDS[int(suit) * 13 + int(rank) - 2]

    @property
    def suit(self) -> Suit | None:
        """The card's suit (``None`` for a joker)."""
        return _SUITS[self // 13]

    @property
    def rank(self) -> Rank | None:
        """The card's rank (``None`` for a joker)."""
        return _RANK_OF[self]

    @property
    def is_joker(self) -> bool:
        """Whether this is one of bid whist's two jokers."""
        return self >= 52

    @property
    def bit(self) -> int:
        """This card as a one-card set."""
        return 1 << self

    @property
    def code(self) -> str:
        """The record code, ``AS``, ``10H``, ``QD``."""
        return _CODES[self]

    @property
    def label(self) -> str:
        """The code with a suit symbol, ``A♠``, ``10♥`` — for people. A joker has no
        rank or suit to show, so people read its name, in their language (``Big Joker``,
        ``Comodín Mayor``, ``Grand Joker``; issue 25: not its code ``BJ``, which stays
        for records and typing).

        >>> Card('AS').label, Card('BJ').label, Card('LJ').code
        ('A♠', 'Big Joker', 'LJ')
        """
        if self >= 52:
            return _("Big Joker") if self == 53 else _("Little Joker")
        return _LABELS[self]

    def __repr__(self) -> str:
        return f"Card('{_CODES[self]}')"

    def __str__(self) -> str:
        return self.label

    def __reduce__(self):  # pickling and deepcopy keep the shared instances
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self


#: All 52 cards of the ordinary pack, in index order (no jokers).
ALL_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))
#: The little joker of bid whist, ``Card(52)``, code ``LJ``.
LITTLE_JOKER: Card = Card._make(52)
#: The big joker of bid whist, ``Card(53)``, code ``BJ``; it beats the little joker.
BIG_JOKER: Card = Card._make(53)
#: The two jokers, little then big (index order, like :data:`ALL_CARDS`).
JOKERS: tuple[Card, Card] = (LITTLE_JOKER, BIG_JOKER)
_EVERY_CARD = ALL_CARDS + JOKERS
# Index 52 // 13 == 53 // 13 == 4: the jokers' "suit" is None.
_SUITS: tuple[Suit | None, ...] = (*Suit, None)
# One look-up per card (54 entries): 52 % 13 would read a joker as a two.
_RANK_OF: tuple[Rank | None, ...] = tuple(Rank(i % 13 + 2) for i in range(52)) + (None, None)
_CODES = tuple(_RANK_CODES[i % 13] + "SHDC"[i // 13] for i in range(52)) + ("LJ", "BJ")
# Jokers are labelled by their plain codes: short, and legible on a projector.
_LABELS = tuple(_RANK_CODES[i % 13] + "♠♥♦♣"[i // 13] for i in range(52)) + ("LJ", "BJ")
_CARD_BY_TEXT: dict[str, Card] = {}
for _c in ALL_CARDS:
    for _r in (_RANK_CODES[_c % 13],) + (("T",) if _c % 13 == 8 else ()):
        for _s in [k for k, v in _SUIT_BY_TEXT.items() if v == _c // 13]:
            _CARD_BY_TEXT[_r + _s] = _c
_JOKER_BY_TEXT = {"LJ": LITTLE_JOKER, "BJ": BIG_JOKER}


def parse_card(text: str, *, jokers: bool = False) -> Card:
    """Parse one card code: rank then suit, any case, ``T`` or ``10``, letter or symbol.

    The jokers ``LJ`` and ``BJ`` (any case) are read only with ``jokers=True`` (bid
    whist): every other game here is played without them, and says so.

    >>> parse_card(' 10♥ '), parse_card('th'), parse_card('As'), parse_card('bj', jokers=True)
    (Card('10H'), Card('10H'), Card('AS'), Card('BJ'))
    >>> parse_card('BJ')
    Traceback (most recent call last):
    ...
    kowhist_teach.core.cards.BadCard: 'BJ' is a joker: this game is played without jokers
    """
    if not isinstance(text, str):
        raise BadCard(_("a card is written as text like 'AS', not {text!r}").format(text=text))
    key = text.strip().upper()
    card = _CARD_BY_TEXT.get(key)
    if card is None:
        joker = _JOKER_BY_TEXT.get(key)
        if joker is not None:
            if jokers:
                return joker
            raise BadCard(
                _("{text!r} is a joker: this game is played without jokers").format(text=text)
            )
        raise BadCard(
            _(
                "unknown card code {text!r}: write the rank then the suit, like AS, 10H or QD"
            ).format(text=text)
        )
    return card


def parse_cards(codes: Iterable[str] | str, *, jokers: bool = False) -> list[Card]:
    """Parse several card codes (a list, or one string split on spaces and commas);
    ``jokers=True`` reads ``LJ`` and ``BJ`` too.

    Duplicates are an error, since a pack holds each card once.

    >>> parse_cards('AS 10h, QD'), parse_cards('BJ 2c', jokers=True)
    ([Card('AS'), Card('10H'), Card('QD')], [Card('BJ'), Card('2C')])
    """
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    cards = [parse_card(c, jokers=jokers) if not isinstance(c, Card) else c for c in codes]
    seen = 0
    for card in cards:
        if seen >> card & 1:
            raise BadCard(
                _("{card} appears twice: a pack holds each card once").format(card=card.code)
            )
        seen |= 1 << card
    return cards


# The cards of each 13-bit suit chunk, highest rank first, so that listing a hand is
# four index look-ups and a concatenation. Lists (as fast to index as tuples) filled as
# chunks are met, not all 4 x 8,192 at import: a student's kernel meets a few hundred of
# them and keeps 3 MB less (it counts, 30 kernels to a class). ``None``: not made yet.
_CHUNK_CARDS: tuple[list[tuple[Card, ...] | None], ...] = tuple(
    [(), *[None] * 8191] for _suit in range(4)
)
_S, _H, _D, _C = _CHUNK_CARDS


def _chunk(suit: int, chunk: int) -> tuple[Card, ...]:
    """The cards of ``chunk`` (13 bits of ``suit``), made and kept if new."""
    table = _CHUNK_CARDS[suit]
    cards = table[chunk]
    if cards is None:
        top = chunk.bit_length() - 1  # the highest rank comes first
        cards = table[chunk] = (ALL_CARDS[13 * suit + top], *_chunk(suit, chunk ^ (1 << top)))
    return cards


def cards_in(mask: int) -> list[Card]:
    """The cards of a card set, sorted ♠ ♥ ♦ ♣ and, within a suit, high to low
    (jokers, bits 52 and 53, are left out: bid whist lists them itself).

    >>> cards_in(Card('2S').bit | Card('AS').bit | Card('KH').bit)
    [Card('AS'), Card('2S'), Card('KH')]
    """
    try:
        return [
            *_S[mask & 0x1FFF],
            *_H[mask >> 13 & 0x1FFF],
            *_D[mask >> 26 & 0x1FFF],
            *_C[mask >> 39 & 0x1FFF],
        ]
    except TypeError:  # a chunk not met before (None): made once, then looked up
        return [*(card for suit in range(4) for card in _chunk(suit, mask >> 13 * suit & 0x1FFF))]


def cards_of_suit(mask: int, suit: int) -> tuple[Card, ...]:
    """The cards of one suit in a card set, high to low.

    >>> cards_of_suit(Card('2S').bit | Card('AS').bit | Card('KH').bit, Suit.SPADES)
    (Card('AS'), Card('2S'))
    """
    return _chunk(suit, mask >> (13 * suit) & 0x1FFF)


def card_codes(cards: Iterable[int]) -> list[str]:
    """Record codes of some cards.

    >>> card_codes([Card('AS'), Card('10H')])
    ['AS', '10H']
    """
    return [_CODES[c] for c in cards]


def mask_of(cards: Iterable[int]) -> int:
    """The card set holding these cards.

    >>> mask_of([Card('2S'), Card('3S')]) == 0b11
    True
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


class CardSet:
    """A read-only set of cards over a bit mask, for people and tests.

    The engine keeps plain ints; this wrapper makes them pleasant to look at.

    >>> hand = CardSet.parse('AS KS 3H')
    >>> len(hand), Card('KS') in hand, str(hand)
    (3, True, 'A♠ K♠ 3♥')
    >>> hand.of_suit(Suit.SPADES)
    CardSet('AS KS')
    >>> CardSet('AS KS') == hand.of_suit(Suit.SPADES)
    True
    """

    __slots__ = ("mask",)

    def __init__(self, cards: int | str | Iterable[int | str] = 0) -> None:
        if isinstance(cards, int):
            self.mask = cards
        elif isinstance(cards, str):
            self.mask = mask_of(parse_cards(cards))
        else:
            self.mask = mask_of(c if isinstance(c, Card) else Card(c) for c in cards)

    @classmethod
    def parse(cls, codes: Iterable[str] | str) -> CardSet:
        """A set from card codes."""
        return cls(mask_of(parse_cards(codes)))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_in(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def of_suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASK[suit])

    def __repr__(self) -> str:
        return f"CardSet('{' '.join(card_codes(self))}')"

    def __str__(self) -> str:
        return " ".join(_LABELS[c] for c in self)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """All 52 cards in a random order drawn from ``rng`` (same seed, same order).

    >>> shuffled_deck(random.Random(1))[:3] == shuffled_deck(random.Random(1))[:3]
    True
    """
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    return deck
