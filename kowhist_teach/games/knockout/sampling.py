"""Pieces of the Knock-Out Monte Carlo search that need no game: dealing the hidden
cards consistently with the suits each seat has shown out of, and what a result is
worth.

>>> import random
>>> hands = deal_hidden(random.Random(1), [0, 1, 13, 14], {1: 2, 2: 2}, [0, 1, 0])
>>> all(h.bit_count() == 2 for h in hands.values()) and hands[1] >> 13 & 3 == 3
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core.hooks.bots import SUIT_OF as _SUIT_OF
from ...core.hooks.bots import deal_hidden_in_order

__all__ = ["deal_hidden", "ko_utility"]


def ko_utility(v: int, taken: int, most: int, hand_size: int) -> float:
    """What ``v`` more tricks are worth: surviving first, then tricks, a sweep most.

    >>> ko_utility(1, 0, 7, 7)  # the trick that keeps a player in
    11.0
    """
    u = float(v)
    if taken == 0 and v >= 1:
        u += 10.0
    if taken + v == hand_size and most == hand_size:
        u += 20.0
    return u


def deal_hidden(
    rng: random.Random, pool: list[int], need: dict[int, int], voids: Sequence[int]
) -> dict[int, int]:
    """Deal ``need[seat]`` cards of ``pool`` to each seat at random, giving no seat a
    card of a suit it has shown out of (when that cannot be met, voids are dropped).

    >>> deal_hidden(random.Random(2), [5, 6], {0: 1, 1: 1}, [0, 0]).keys()
    dict_keys([0, 1])
    """
    # The most constrained seats first, so they are not left without cards.
    room = {s: sum(1 for c in pool if not voids[s] >> _SUIT_OF[c] & 1) - need[s] for s in need}
    out = deal_hidden_in_order(rng, pool, need, voids, sorted(need, key=room.__getitem__))
    if out is not None:
        return out
    raise AssertionError("the hidden cards cannot be dealt")  # pool too small: a bug
