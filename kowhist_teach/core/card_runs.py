"""Runs of equivalent cards and card-set orderings, for the trick solver's search.

Cards of one suit in one hand with no live card between them (live: in a hand or on
the table) play alike, so a search tries one card of each run; the orderings list a
card set's cards lowest (or highest) first, cached because a search asks for the same
few sets again and again.

>>> from kowhist_teach.core.cards import mask_of, parse_cards
>>> low_first(mask_of(parse_cards('KH 2S 10H')))
(0, 21, 24)
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_MASK

__all__ = [
    "REPS",
    "equivalent_cards",
    "high_first",
    "low_first",
    "representatives",
    "squeeze",
]


def equivalent_cards(hand: int, live: int) -> dict[int, int]:
    """Each card of ``hand`` mapped to the highest card of its run: cards of one suit
    with no other ``live`` card between them (``live``: every card still in a hand or on
    the table) play alike, so one search answers for the whole run.

    >>> from kowhist_teach.core.cards import mask_of, parse_cards
    >>> hand = mask_of(parse_cards('KH QH 10H'))
    >>> sorted(equivalent_cards(hand, hand | mask_of(parse_cards('JH'))).items())
    [(21, 21), (23, 24), (24, 24)]
    """
    out: dict[int, int] = {}
    for suit in range(4):
        mine = hand & SUIT_MASK[suit]
        prev = -1
        while mine:
            card = mine.bit_length() - 1
            mine ^= 1 << card
            # The live cards strictly between this card and our card above it.
            if prev >= 0 and not live & ((1 << prev) - 1) & ~((2 << card) - 1):
                out[card] = out[prev]
            else:
                out[card] = card
            prev = card
    return out


#: :func:`representatives` by ``mine << 13 | live`` (at most 3**13 keys: bounded).
REPS: dict[int, int] = {}


def representatives(mine: int, live: int) -> int:
    """Of our cards in one suit (13-bit chunks), keep one per run of cards with no
    other live card between them: those runs play alike.

    >>> bin(representatives(0b1101, 0b1111))  # 5 4 2 of a suit, 3 live elsewhere
    '0b1001'
    """
    key = mine << 13 | live
    reps = REPS.get(key)
    if reps is None:
        reps, prev_mine, bit = 0, False, 1 << 12
        while bit:
            if live & bit:
                is_mine = bool(mine & bit)
                if is_mine and not prev_mine:
                    reps |= bit
                prev_mine = is_mine
            bit >>= 1
        REPS[key] = reps
    return reps


#: Cached orderings of card sets (the search asks for the same few sets again and
#: again); cleared when large, so a long simulation does not grow it without end.
_LOW: dict[int, tuple[int, ...]] = {}
_HIGH: dict[int, tuple[int, ...]] = {}
_CACHE_MAX = 200_000


def low_first(mask: int) -> tuple[int, ...]:
    """The cards of ``mask``, lowest index first (a tuple: do not change it).

    >>> low_first(0b1011)
    (0, 1, 3)
    """
    out = _LOW.get(mask)
    if out is None:
        cards = []
        rest = mask
        while rest:
            low = rest & -rest
            cards.append(low.bit_length() - 1)
            rest ^= low
        if len(_LOW) > _CACHE_MAX:
            _LOW.clear()
        out = _LOW[mask] = tuple(cards)
    return out


def high_first(mask: int) -> tuple[int, ...]:
    """The cards of ``mask``, highest index first (a tuple: do not change it).

    >>> high_first(0b1011)
    (3, 1, 0)
    """
    out = _HIGH.get(mask)
    if out is None:
        if len(_HIGH) > _CACHE_MAX:
            _HIGH.clear()
        out = _HIGH[mask] = low_first(mask)[::-1]
    return out


#: :func:`squeeze`'s shape of one suit by the seats' cards in it.
_SHAPES: dict[tuple[int, ...], int] = {}


def squeeze(hands: Sequence[int]) -> tuple[int, int, int, int]:
    """The hands with the gaps left by played cards squeezed out: for each suit, which
    seat holds each live card, highest first (3 bits a card). Only the order of the
    cards in a suit decides tricks, so hands with the same shapes play alike.

    >>> from kowhist_teach.core.cards import mask_of, parse_cards
    >>> a = [mask_of(parse_cards('AS 9S')), mask_of(parse_cards('KS'))]
    >>> b = [mask_of(parse_cards('AS 2S')), mask_of(parse_cards('10S'))]  # J..3 played
    >>> squeeze(a) == squeeze(b), squeeze(a) == squeeze(b[::-1])
    (True, False)
    """
    out = []
    for shift in (0, 13, 26, 39):
        chunks = tuple([h >> shift & 0x1FFF for h in hands])
        shape = _SHAPES.get(chunks)
        if shape is None:
            live = 0
            for c in chunks:
                live |= c
            shape = 0
            while live:
                bit = 1 << (live.bit_length() - 1)
                live ^= bit
                for seat, c in enumerate(chunks):
                    if c & bit:
                        shape = shape << 3 | (seat + 1)
                        break
            if len(_SHAPES) > _CACHE_MAX:
                _SHAPES.clear()
            _SHAPES[chunks] = shape
        out.append(shape)
    return tuple(out)
