"""What a seat of a whist-family deal knows, for the family's bots: how the cards rank
in the deal being played (learned from the engine itself: its ``_suit_mask`` and
``_beats`` hooks, so bid whist's jokers and downtown order need no special case), who is
on whose side, and what each other seat may hold — from ``game.view(seat)`` plus the
tricks played so far in ``game.log``, never another player's hidden cards.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from typing import Any

from ...core.cards import Suit
from ...core.moves import Call
from ...core.tricks import Trick
from .engine import SEATS, FamilyGame

# What a seat is playing for this deal.
_NORMAL = 0  # tricks for its side
_MISERE_DECLARER = 1  # to lose every trick
_MISERE_DEFENDER = 2  # to make the misère declarer win a trick

_MISERE_CODES = frozenset({"misere", "misere-ouverte"})


# ------------------------------------------------------------------- small helpers
def _bits(mask: int) -> Iterator[int]:
    """The card indices of a card set, lowest index first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _code(move: Any) -> str | None:
    """A call's (or contract's) code, whatever object the engine keeps it in."""
    if move is None:
        return None
    code = getattr(move, "code", None)
    if isinstance(code, str):
        return code
    return str(move)


# ------------------------------------------------------------ how cards rank now
class _Order:
    """How the cards rank in the deal being played, learned from the engine.

    ``group[c]`` is the suit a card follows as (bid whist's jokers follow trumps; -1 for
    a card of no suit), ``key[c]`` its strength within the group (0 = lowest),
    ``higher[c]`` the cards of its group that beat it, ``lower[c]`` those it beats.
    """

    __slots__ = ("group", "key", "higher", "lower", "gmask", "trump", "seq", "pack")

    def __init__(self, game: FamilyGame) -> None:
        pack = {int(c): c for c in game.pack}
        size = max(pack) + 1
        pack_mask = _mask(list(pack))
        self.pack = pack_mask
        trump = -1 if game.trump is None else int(game.trump)
        self.trump = trump
        group = [-1] * size
        for s in range(4):
            for c in _bits(game._suit_mask(Suit(s)) & pack_mask):
                if group[c] < 0 or s == trump:
                    group[c] = s
        gmask = [0] * 5  # index 4 (also -1): cards of no suit
        for c in pack:
            gmask[group[c]] |= 1 << c
        self.group = group
        self.gmask = gmask

        def cmp(a: int, b: int) -> int:
            # Does ``a`` beat ``b`` when ``b`` leads (and so is winning)? The engine says.
            t = Trick(0, game.trump)
            t.plays.append((0, pack[b]))
            t.winner, t.winning_card = 0, pack[b]
            return 1 if game._beats(pack[a], pack[b], t) else -1

        key = [0] * size
        higher = [0] * size
        lower = [0] * size
        seq: list[list[int]] = []
        for g in range(5):
            cards = sorted(_bits(gmask[g]), key=functools.cmp_to_key(cmp))
            seq.append(cards)
            below = 0
            for i, c in enumerate(cards):
                key[c] = i
                lower[c] = below
                below |= 1 << c
            for c in cards:
                higher[c] = gmask[g] & ~lower[c] & ~(1 << c)
        self.key = key
        self.higher = higher
        self.lower = lower
        self.seq = seq

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` beats ``best``, the card winning the trick.

        A card of no suit (a joker at no trump) never wins a trick, and any card of a
        suit beats it when it leads."""
        g, gb = self.group[card], self.group[best]
        if gb < 0:
            return g >= 0
        if g == gb:
            return self.key[card] > self.key[best]
        return g == self.trump >= 0

    def winners(self, mask: int, best: int) -> int:
        """The cards of ``mask`` that beat ``best``."""
        gb = self.group[best]
        if gb < 0:
            return mask & ~self.gmask[4]
        w = mask & self.higher[best]
        t = self.trump
        if t >= 0 and gb != t:
            w |= mask & self.gmask[t]
        return w

    def lowest(self, mask: int) -> int:
        """The weakest card of a card set (within its group; across groups the one
        lowest in its own group)."""
        key = self.key
        return min(_bits(mask), key=lambda c: (key[c], c))

    def highest(self, mask: int) -> int:
        key = self.key
        return max(_bits(mask), key=lambda c: (key[c], -c))


_ORDER_CACHE: dict[Any, _Order] = {}


def _order(game: FamilyGame) -> _Order:
    """The card order of the deal in play (cached: it depends on the rules and calls)."""
    log = game.log
    calls = tuple(_code(m) for _s, m in (log.calls if log else ()) if not _is_card(m))
    key = (type(game), game.rules, game.trump, calls, _code(log.contract if log else None))
    order = _ORDER_CACHE.get(key)
    if order is None:
        if len(_ORDER_CACHE) > 512:
            _ORDER_CACHE.clear()
        order = _ORDER_CACHE[key] = _Order(game)
    return order


def _is_card(move: Any) -> bool:
    return not isinstance(move, Call)


# ----------------------------------------------------------------- sides and goals
def _contract_code(game: FamilyGame) -> str | None:
    log = game.log
    return _code(log.contract) if log is not None else None


def _teams(game: FamilyGame) -> list[frozenset[int]]:
    """Who is on whose side this deal: ``teams[seat]`` is the seat's side (with itself).

    Whist and bid whist: the partnerships.  Solo whist: the proposer and the player
    who accepted (prop and cop), or a lone declarer against the three others.
    """
    if game.by_partnership:
        return [frozenset({s, (s + 2) % SEATS}) for s in range(SEATS)]
    side = frozenset(game.declarer_side())  # type: ignore[attr-defined]
    if not side:
        return [frozenset({s}) for s in range(SEATS)]
    others = frozenset(s for s in range(SEATS) if s not in side)
    return [side if s in side else others for s in range(SEATS)]


def _goal(game: FamilyGame, seat: int) -> int:
    if _contract_code(game) in _MISERE_CODES:
        return _MISERE_DECLARER if game.log.declarer == seat else _MISERE_DEFENDER
    return _NORMAL


# ------------------------------------------------------------ what a seat may know
class _Seen:
    """What ``seat`` knows at a card decision: its hand, the cards gone, the cards each
    other seat may hold (``poss``), known cards (open hands, the turned trump card),
    and the suits each seat has shown out of."""

    def __init__(self, game: FamilyGame, order: _Order, seat: int | None = None) -> None:
        me = game.to_move if seat is None else seat
        view = game.view(me)
        log = game.log
        self.me = me
        self.view = view
        self.order = order
        self.hand = _mask(view.hand)
        self.played = _mask(view.played)
        gone = self.played
        # Cards this seat set aside itself (bid whist's discards) are out of play.
        for s, m in view.calls:
            if s == me and _is_card(m):
                gone |= 1 << int(m)
        self.gone = gone
        known = [0] * SEATS
        for s, cards in view.open_hands.items():
            known[s] = _mask(cards)
        tc = view.trump_card
        dealer = log.dealer if log is not None else view.dealer
        if tc is not None and dealer != me and not gone >> int(tc) & 1:
            known[dealer] |= 1 << int(tc)
        self.known = known
        # Cards some other seat (or the kitty) may hold.
        self.pool = order.pack & ~self.hand & ~gone
        self.sizes = list(view.hand_sizes)
        voids = [0] * SEATS
        group = order.group
        for trick in log.tricks if log is not None else ():
            if len(trick.plays) < 2:
                continue
            led = game._led_suit(trick)
            if led is None:
                continue
            lg = int(led)
            for s, c in trick.plays[1:]:
                if group[int(c)] != lg:
                    voids[s] |= 1 << lg
        self.voids = voids
        all_known = 0
        for s in range(SEATS):
            if s != me:
                all_known |= known[s]
        poss = [0] * SEATS
        for s in range(SEATS):
            if s == me:
                poss[s] = self.hand
                continue
            if s in view.open_hands:
                poss[s] = known[s]
                continue
            m = self.pool & ~all_known
            for g in range(4):
                if voids[s] >> g & 1:
                    m &= ~order.gmask[g]
            poss[s] = m | known[s]
        self.poss = poss
        self.open = set(view.open_hands)

    def p_none(self, seat: int, cards: int) -> float:
        """The chance that ``seat`` holds none of ``cards`` (a random draw from what it
        may hold, its known cards apart)."""
        if seat == self.me:
            return 0.0 if self.hand & cards else 1.0
        known = self.known[seat]
        if cards & known:
            return 0.0
        if seat in self.open:
            return 1.0
        free = self.poss[seat] & ~known
        k = (cards & free).bit_count()
        if not k:
            return 1.0
        n = self.sizes[seat] - known.bit_count()
        total = free.bit_count()
        if n <= 0:
            return 1.0
        if n > total - k:
            return 0.0
        return math.comb(total - k, n) / math.comb(total, n)

    def p_beat(self, seat: int, card: int, led: int) -> float:
        """The chance that ``seat``, still to play, beats ``card`` (winning now)."""
        o = self.order
        t = o.trump
        poss = self.poss[seat]
        over = o.higher[card] & poss
        g = o.group[card]
        if g < 0:
            return 1.0  # a card of no suit never holds a trick
        led_cards = o.gmask[led] & poss if led >= 0 else 0
        trumps = o.gmask[t] & poss if t >= 0 else 0
        if g == led:
            p = 1.0 - self.p_none(seat, over) if over else 0.0
            if t >= 0 and led != t and trumps:
                p += self.p_none(seat, led_cards) * (1.0 - self.p_none(seat, trumps))
            return min(p, 1.0)
        if g == t >= 0:
            if not over:
                return 0.0
            return self.p_none(seat, led_cards) * (1.0 - self.p_none(seat, over))
        return 1.0

    def p_hold(self, card: int, led: int, seats: Sequence[int]) -> float:
        """The chance that ``card`` is not beaten by any of ``seats``."""
        p = 1.0
        for s in seats:
            p *= 1.0 - self.p_beat(s, card, led)
        return p

    def outstanding_above(self, card: int) -> int:
        """How many cards others may hold that beat ``card`` in its group."""
        return (self.pool & self.order.higher[card]).bit_count()
