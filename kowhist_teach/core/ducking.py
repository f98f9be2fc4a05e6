"""Misère: when a seat can surely take no more tricks, for the trick solver's bounds.

In misère the team wants the fewest tricks and everyone else plays to give it tricks.
A search that proves "the team can keep to at most ``k``" must otherwise follow every
line of the others to the end of the round; :func:`ducks_rest` ends such a line as
soon as the team's cards can duck every trick left whatever the others do, and
:func:`beaten_leads` finds the leads someone must beat (the team's safe leads, tried
first). The cards are card sets as in :mod:`kowhist_teach.core.trick_solver`: one int
per hand, bit ``i`` = card ``i``, suits in 13-bit blocks.

>>> from kowhist_teach.core.cards import mask_of, parse_cards
>>> hands = [mask_of(parse_cards('2H 3C')), mask_of(parse_cards('5H 9C')),
...          mask_of(parse_cards('KH QC'))]
>>> live = hands[0] | hands[1] | hands[2]
>>> ducks_rest(hands, 0, 1, live, trumps=0)  # 2♥ and 3♣ go under anything led
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_MASK

__all__ = ["beaten_leads", "ducks_rest", "ducks_under"]

#: :func:`ducks_under` by ``mine << 13 | theirs`` (at most 3**13 keys: bounded).
_DUCKS: dict[int, bool] = {}


def ducks_under(mine: int, theirs: int) -> bool:
    """Whether, in one suit (13-bit chunks), a hand can always play under whatever the
    others lead: sorted lowest first, each of our cards is below their card of the same
    place (as far as both go). Then answering each lead with our highest card under it
    keeps this true (the others' cards only go, which keeps it true too), so we never
    have to win a trick of this suit that we do not lead.

    >>> ducks_under(0b0101, 0b1010)  # 4 2 against 5 3: under 3 with the 2, under 5 with the 4
    True
    >>> ducks_under(0b0110, 0b1001)  # 4 3 against 5 2: the 2 led wins a trick for us
    False
    """
    key = mine << 13 | theirs
    out = _DUCKS.get(key)
    if out is None:
        # Going up the ranks, at their j-th card (j up to our count) we need j of ours
        # below it already.
        ours = mine.bit_count()
        seen_mine = seen_theirs = 0
        out = True
        bit = 1
        while bit < 0x2000 and seen_theirs < ours:
            if mine & bit:
                seen_mine += 1
            elif theirs & bit:
                seen_theirs += 1
                if seen_mine < seen_theirs:
                    out = False
                    break
            bit <<= 1
        _DUCKS[key] = out
    return out


def beaten_leads(hands: Sequence[int], seat: int, cards: int) -> int:
    """The cards of ``cards`` that someone must beat if ``seat`` leads them: a player
    who holds cards of that suit, every one of them higher.

    >>> from kowhist_teach.core.cards import mask_of, parse_cards
    >>> hands = [mask_of(parse_cards('4H 9H')), mask_of(parse_cards('5H 8H'))]
    >>> beaten_leads(hands, 0, hands[0]) == mask_of(parse_cards('4H'))
    True
    """
    out = 0
    for suit in range(4):
        sm = SUIT_MASK[suit]
        mine = cards & sm
        if not mine:
            continue
        # The highest of the others' lowest cards in the suit: below it, beaten.
        must_beat = 0
        for s, h in enumerate(hands):
            theirs = h & sm
            if s != seat and theirs:
                low = theirs & -theirs
                if low > must_beat:
                    must_beat = low
        if must_beat:
            out |= mine & (must_beat - 1)
    return out


def ducks_rest(hands: Sequence[int], me: int, leader: int, live: int, trumps: int) -> bool:
    """At a trick start with ``leader`` to lead, whether ``me`` can take no more tricks
    whatever the others do (``live``: every card in a hand; ``trumps``: the trump
    suit's mask, ``0`` without trumps). True is sure; false may only mean "not obvious".
    Every seat with cards plays to every trick (no one may pass).

    ``me`` holds no trump, so it wins a trick only with a card of the suit led that
    nobody beats. While it wins none it never leads, so the others lead every trick; a
    suit is safe when :func:`ducks_under` holds for its cards against the others' —
    whatever they lead there, its highest card under the lead keeps the suit safe —
    and on a suit it lacks it throws the top card of any suit, which keeps that suit
    safe too (it holds no trump that could be forced to win). On its own lead it needs
    a card someone must beat (:func:`beaten_leads`), the suit's other cards staying safe.
    Rules that only restrict the others' leads or discards (trump breaking, no trumping
    in on the first trick) leave this true.

    >>> from kowhist_teach.core.cards import mask_of, parse_cards
    >>> hands = [mask_of(parse_cards('9H 3C')), mask_of(parse_cards('5H 9C'))]
    >>> live = hands[0] | hands[1]
    >>> ducks_rest(hands, 0, 1, live, trumps=0)  # 5♥ led: the 9♥ must win
    False
    >>> hands = [mask_of(parse_cards('4H 3C')), mask_of(parse_cards('5H 9C'))]
    >>> ducks_rest(hands, 0, 0, hands[0] | hands[1], trumps=0)  # 3♣ led, 9♣ must beat it
    True
    """
    hand = hands[me]
    if hand & trumps:
        return False  # a trump may be forced to win a trick of a suit it lacks
    others = live & ~hand
    spare = -1  # a suit in which its own lead is beaten: checked without that card
    if leader == me:
        beaten = beaten_leads(hands, me, hand)
        for suit in range(4):
            shift = 13 * suit
            under = beaten >> shift & 0x1FFF
            if under:
                # Lead the highest such card: the suit's other cards must stay safe.
                rest = (hand >> shift & 0x1FFF) ^ (1 << under.bit_length() - 1)
                if ducks_under(rest, others >> shift & 0x1FFF):
                    spare = suit
                    break
        if spare < 0:
            return False
    for suit in range(4):
        shift = 13 * suit
        mine = hand >> shift & 0x1FFF
        if mine and suit != spare and not ducks_under(mine, others >> shift & 0x1FFF):
            return False
    return True
