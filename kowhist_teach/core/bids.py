"""Bids of a number of tricks, 0 to the hand's size: the calls, the bids open to a
bidder, the hook that bars one bid to the last bidder, and why a bid is refused.

Oh Hell bids this way (every player for themselves, with the hook), and so does any
game whose players bid the tricks they will take (Spades: each player 0 to 13, no
hook); the game keeps the bids, and asks here which are open and why one is not.

>>> [bid_value(b) for b in open_bids(3)], bid_value(Call('pass'))
([0, 1, 2, 3], None)
>>> [bid_value(b) for b in open_bids(3, barred=hook_barred(3, [1, 1]))]
[0, 2, 3]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _, ngettext
from .cards import Card
from .moves import Call, Move, parse_move

__all__ = [
    "MAX_BID",
    "BIDS",
    "bid_call",
    "bid_value",
    "open_bids",
    "hook_barred",
    "why_bid_illegal",
    "parse_bid_move",
]

#: The most tricks a bid may name (a hand of 13 cards); bids are ``"0"`` … ``"13"`` in
#: a record.
MAX_BID = 13

#: The bids ``Call('0')`` … ``Call('13')``. Calls are shared by code across the games:
#: bid whist already has ``3`` … ``7`` (its uptown bids), so whichever call holds a code
#: is taken and only the missing ones are defined; a move is read as a bid by its code
#: (:func:`bid_value`), so the objects never need to be the same.
BIDS: tuple[Call, ...] = tuple(
    Call._instances.get(str(n)) or Call._define(str(n), kind="bid") for n in range(MAX_BID + 1)
)


def bid_call(tricks: int) -> Call:
    """The bid of ``tricks`` tricks, as a move.

    >>> bid_call(0), bid_call(13)
    (Call('0'), Call('13'))
    """
    return BIDS[tricks]


def bid_value(move: object) -> int | None:
    """The number of tricks a move bids, or ``None`` if it is no bid of tricks.

    >>> bid_value(Call('2')), bid_value(Call('pass')), bid_value('2')
    (2, None, None)
    """
    if type(move) is not Call:
        return None
    code = move.code  # type: ignore[attr-defined]
    if code.isdigit() and int(code) <= MAX_BID:
        return int(code)
    return None


def open_bids(size: int, barred: int | None = None) -> list[Call]:
    """The bids open in a deal of ``size`` tricks, from 0 up, but ``barred`` (the hook's).

    >>> open_bids(2, barred=1)
    [Call('0'), Call('2')]
    """
    return [BIDS[b] for b in range(size + 1) if b != barred]


def hook_barred(size: int, bids: Sequence[int | None]) -> int:
    """The bid the hook bars to the last bidder: the one that would make the bids add
    up to the deal's ``size`` tricks (so that someone must fail). ``bids`` are the
    others' (``None`` for a seat yet to bid).

    >>> hook_barred(5, [2, None, 1])
    2
    """
    return size - sum(b for b in bids if b is not None)


def why_bid_illegal(move: Move, name: str, size: int) -> str:
    """Why ``name`` may not bid ``move`` in a deal of ``size`` tricks: not a bid, a bid
    over the hand's size, or (any other bid refused) the hook's.

    >>> why_bid_illegal(Call('pass'), 'Ann', 3)
    'pass is not a bid: bid the number of tricks you will take, 0 to 3'
    >>> why_bid_illegal(Call('1'), 'Ann', 2)
    "the dealer may not bid 1: the bids would add up to 2, the deal's tricks (the hook)"
    """
    bid = bid_value(move)
    if bid is None:
        if isinstance(move, Card):
            return _("{name} must bid before the cards are played: a number from 0 to {h}").format(
                name=name, h=size
            )
        return _("{move} is not a bid: bid the number of tricks you will take, 0 to {h}").format(
            move=move.code, h=size
        )
    if bid > size:
        return ngettext(
            "a bid is at most {h}: this deal has {h} trick",
            "a bid is at most {h}: this deal has {h} tricks",
            size,
        ).format(h=size)
    return _(
        "the dealer may not bid {bid}: the bids would add up to {h}, the deal's tricks (the hook)"
    ).format(bid=bid, h=size)


def parse_bid_move(move: Move | str) -> Move:
    """:func:`~kowhist_teach.core.moves.parse_move`, whose message for an unknown move
    offers bids; a bid comes back as the call of :data:`BIDS` for its code.

    >>> parse_bid_move(' 3 ') is BIDS[3], parse_bid_move('10h')
    (True, Card('10H'))
    """
    move = parse_move(move, calls="0, 1 or 2")
    bid = bid_value(move)
    return move if bid is None else BIDS[bid]
