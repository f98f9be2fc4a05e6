"""The cards of every 13-bit suit chunk, made once for the lean playout cores.

A hand is a 52-bit set (bit ``13 * suit + rank``, ♠ ♥ ♦ ♣ as the engine numbers them);
``SUIT_CHUNKS[suit][bits]`` lists the cards of ``bits`` (the hand's 13 bits of that suit)
as card ints, high to low: the engine's order. The playouts of Knock-Out, German Whist
and partnership whist read their legal cards from these tables (a tuple lookup instead
of a loop over 13 bits), and share the one copy: 4 × 8,192 small tuples, about 3.5 MB,
built on import in about 50 ms (the app imports them as it starts, in the browser too).

>>> SUIT_CHUNKS[1][0b1000000000101]  # hearts: the ace, the 4 and the 2
(25, 15, 13)
"""

from __future__ import annotations

__all__ = ["SUIT_CHUNKS"]


def _chunks(suit: int) -> tuple[tuple[int, ...], ...]:
    # Each chunk is its highest card before the (already built) chunk without it: 8,192
    # small tuples in one pass, about 4x faster than testing 13 bits of each.
    base = 13 * suit
    table: list[tuple[int, ...]] = [()]
    for chunk in range(1, 1 << 13):
        top = chunk.bit_length() - 1
        table.append((base + top, *table[chunk ^ (1 << top)]))
    return tuple(table)


#: Per suit (0 ♠, 1 ♥, 2 ♦, 3 ♣): the cards of each 13-bit chunk, high to low.
SUIT_CHUNKS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_chunks(s) for s in range(4))
