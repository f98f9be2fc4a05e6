"""Bots for the whist family: partnership whist, solo whist and bid whist.

The bots are generic over :class:`~kowhist_teach.games.family.engine.FamilyGame`: they learn how
cards rank in the deal being played from the engine itself (its ``_suit_mask`` and
``_beats`` hooks, so bid whist's jokers and downtown order need no special case), and
they decide only from what their seat may see — ``game.view(seat)`` (its own hand, any
hand laid open, the turned trump card, the calls, the trick on the table) plus the
tricks played so far in ``game.log``.  No bot reads another player's hidden cards.

* :class:`FamilyRulesBot` plays rules of thumb, like a careful club player:

  - **card play** — second hand low, third hand high (the bottom of a sequence), win
    as cheaply as possible, never overtake a partner whose card will hold, lead a card
    that will hold or from the longest suit (top of a sequence), return a partner's
    suit, draw trumps with a long trump suit, trump in when void and an opponent is
    winning, and otherwise discard the lowest card of the weakest suit.  Who is a
    partner depends on the contract: the partnership in whist and bid whist; in solo
    whist the proposer and the player who accepted, or the three opponents of a lone
    declarer.  In misère the declarer plays the highest card that still loses, and the
    others lead low and play under the declarer to make them win a trick.
  - **bidding** — solo whist: tricks are counted (top cards, trump length, short
    suits) to choose pass, prop, cop, solo, abundance or slam, and misère on a hand of
    low cards; bid whist: likely books for uptown, downtown and no trump (jokers count
    in a trump suit), plus a partner's share and the kitty; trumps are the longest strong
    suit, no trump is played high or low where the hand is stronger, and the discard
    keeps long and strong suits.

* :class:`FamilyMonteCarloBot` plays cards by determinized Monte Carlo: it deals the
  cards it cannot see at random, consistently with what its seat has seen (card counts,
  suits a player has shown out of, the turned trump card, open hands), plays every
  legal card in each sample and finishes the deal with a fast playout of the rules of
  thumb, and chooses the card with the best average result for its side (the contract
  made or beaten first, tricks second; in whist tricks and odd tricks), keeping the
  rules bot's card unless another is clearly better over the samples.  The playout
  policy knows the sampled deal, as a playout in a sampled world may; the bot's own
  choice never does.  It stops at its time limit (0.5 s a move by default).  Its
  calls, trump choice and discards are the rules bot's.

:class:`~kowhist_teach.teach.bots.RulesBot`, :class:`~kowhist_teach.teach.bots.MonteCarloBot` and
``make_bot`` hand a family game to these classes, so one bot object plays every game.

>>> from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
>>> game = WhistGame(WhistRules(rubber=False), seed=4)
>>> bots = [FamilyRulesBot(seed=s) for s in range(4)]
>>> while not game.is_over():
...     game.play(bots[game.to_move].choose(game))
>>> game.outcome().winner in (0, 1)
True
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any

from ...core.cards import Suit
from ...core.moves import Call, Move
from ...core.tricks import Trick
from .engine import SEATS, FamilyGame, FamilyPhase

__all__ = [
    "FamilyRulesBot",
    "FamilyMonteCarloBot",
    "hand_tricks",
    "misere_hand",
    "misere_risk",
    "bidwhist_max_level",
]

_clock = time.perf_counter

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


# ------------------------------------------------------------- hand evaluation
def _suit_tricks(values: Sequence[int], top: int, trump: bool, extra_above: int = 0) -> float:
    """Likely tricks from one suit: ``values`` are the held cards' strengths, high
    first, ``top`` the strength of the best card of the suit, ``extra_above`` cards
    above ``top`` that are not held (bid whist's jokers over a trump suit)."""
    length = len(values)
    tricks = 0.0
    for i, v in enumerate(values):
        missing = top - v - i + extra_above
        if missing <= 0:
            tricks += 1.0
        elif missing == 1 and length >= 2:
            tricks += 0.5
        elif missing == 2 and length >= 3:
            tricks += 0.25
    if trump:
        tricks += max(0, length - 3)
    else:
        tricks = min(tricks, 3.0)
    return tricks


def hand_tricks(
    cards: Sequence[int],
    trump: int | None,
    *,
    low: bool = False,
    jokers: bool = False,
    no_trump_length: bool = True,
) -> float:
    """About how many tricks a hand takes with ``trump`` (a suit index or ``None``).

    Top cards count (a king guarded half a trick, a queen guarded twice a quarter), trump
    length beyond three counts, and short side suits count when trumps can ruff.  With
    ``low`` the order is bid whist's downtown (ace, two, three … king); with ``jokers``
    the pack has bid whist's two jokers (52 and 53) as the top trumps.

    >>> from kowhist_teach.core.cards import parse_cards
    >>> hand = parse_cards('AS KS QS 7S 3S AH KH 4H 2D 5C 6C 8C 9C')
    >>> hand_tricks(hand, 0)  # A K Q and two long trumps, A K of hearts, a ruff
    7.5
    """

    def strength(c: int) -> int:
        r = c % 13
        if not low:
            return r
        return 12 if r == 12 else 11 - r

    held_jokers = sorted((c for c in cards if c >= 52), reverse=True)
    suits: list[list[int]] = [[], [], [], []]
    for c in cards:
        if c < 52:
            suits[c // 13].append(strength(c))
    total = 0.0
    for s in range(4):
        vals = sorted(suits[s], reverse=True)
        if s == trump:
            n_j = len(held_jokers) if jokers else 0
            # The jokers rank above the trump suit: held ones win, missing ones are above.
            extra = (2 - n_j) if jokers else 0
            total += n_j
            total += _suit_tricks(vals, 12, True, extra)
        else:
            t = _suit_tricks(vals, 12, False)
            if trump is None and no_trump_length and len(vals) >= 5 and t >= 1:
                t += 0.7 * (len(vals) - 4)
            total += t
    if trump is not None:
        n_trumps = len(suits[trump]) + (len(held_jokers) if jokers else 0)
        spare = max(0, n_trumps - 3)
        for s in range(4):
            if s != trump and spare:
                ruffs = min(spare, max(0, 2 - len(suits[s])))
                total += 0.5 * ruffs
                spare -= ruffs
    return total


def misere_hand(cards: Sequence[int], strict: bool = False) -> bool:
    """Whether a hand is low enough for misère.

    Each card risks a trick by how far it stands above a safe ladder: in every suit the
    ``i``-th lowest card (from 0) is safe up to rank index ``2i + 2`` (a two is 0), so
    4-6-8 is safe and so is a long suit climbing by twos.  A misère needs a total risk of
    at most 2 (about two in three such hands made in play between the rules bots); an
    open misère (``strict``), whose hand the opponents see, a ladder one rank lower and
    no risk at all.

    >>> from kowhist_teach.core.cards import parse_cards
    >>> misere_hand(parse_cards('2S 4S 6S 3H 5H 2D 4D 7D 9D 3C 5C 8C 10C'))
    True
    >>> misere_hand(parse_cards('2S 4S AS 3H 5H 2D 4D 7D 9D 3C 5C 8C 10C'))
    False
    """
    return misere_risk(cards, 1 if strict else 2) <= (0 if strict else 2)


def misere_risk(cards: Sequence[int], ladder: int = 2) -> int:
    """How far a hand's cards stand above the safe misère ladder (see
    :func:`misere_hand`); 0 is a perfect misère hand.

    >>> from kowhist_teach.core.cards import parse_cards
    >>> misere_risk(parse_cards('2S 4S 6S 3H 5H 2D 4D 7D 9D 3C 5C 8C 10C'))
    0
    >>> misere_risk(parse_cards('AS 2H'))
    10
    """
    total = 0
    for s in range(4):
        ranks = sorted(c % 13 for c in cards if c < 52 and c // 13 == s)
        for i, r in enumerate(ranks):
            total += max(0, r - (2 * i + ladder))
    return total


# --------------------------------------------------------------- the rules bot
class FamilyRulesBot:
    """Rules of thumb for whist, solo whist and bid whist (see the module's docstring).

    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> g = WhistGame(seed=2)
    >>> FamilyRulesBot(seed=1).choose(g) in g.legal_moves()
    True
    """

    name = "rules"

    #: Solo whist: the estimated tricks (:func:`hand_tricks`) a bid needs.
    solo_thresholds: dict[str, float] = {"prop": 3.5, "cop": 3.0, "solo": 5.25, "abundance": 9.5}
    #: Bid whist: bid the cheapest level that beats the bid so far, or the most the hand
    #: is worth ("max").
    bidwhist_style = "cheapest"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"FamilyRulesBot(seed={self.seed!r})"

    def choose(self, game: FamilyGame) -> Move:
        """The rule-of-thumb move for the player to move."""
        moves = game.legal_moves()
        if len(moves) <= 1:
            return moves[0]
        phase = game.phase
        if phase is FamilyPhase.PLAY:
            return self._card(game, moves)
        if phase is FamilyPhase.BID:
            if game.game_name == "bidwhist":
                return self._bid_bidwhist(game, moves)
            return self._bid_solo(game, moves)
        if phase is FamilyPhase.TRUMP:
            return self._name_trump(game, moves)
        if phase is FamilyPhase.DISCARD:
            return self._discard(game, moves)
        return moves[0]

    __call__ = choose

    # ------------------------------------------------------------- card play
    def _card(self, game: FamilyGame, moves: list[Move]) -> Move:
        by_index = {int(m): m for m in moves}
        order = _order(game)
        seen = _Seen(game, order)
        card = _CardPlayer(game, seen, _mask(list(by_index))).choose()
        return by_index[card]

    # --------------------------------------------------------------- bidding
    def _bid_solo(self, game: FamilyGame, moves: list[Move]) -> Move:
        view = game.view(game.to_move)
        hand = [int(c) for c in view.hand]
        codes = {_code(m): m for m in moves}
        tc = view.trump_card
        turned = int(tc.suit) if tc is not None else None
        t_turned = hand_tricks(hand, turned) if turned is not None else 0.0
        t_best = max(hand_tricks(hand, s) for s in range(4))
        t_none = hand_tricks(hand, None)
        th = self.solo_thresholds
        low = misere_hand(hand)
        wants: list[tuple[str, bool]] = [
            ("slam", t_none >= 12.5),  # a slam is played at no trump
            ("misere-ouverte", misere_hand(hand, strict=True)),
            ("royal-abundance", t_turned >= th["abundance"]),
            ("abundance", t_best >= th["abundance"]),
            ("misere", low),
            ("solo", t_turned >= th["solo"]),
            ("cop", t_turned >= th["cop"]),
            ("prop", t_turned >= th["prop"]),
        ]
        for code, ok in wants:
            if ok and code in codes:
                return codes[code]
        if "pass" in codes:
            return codes["pass"]
        return moves[0]

    def _bid_bidwhist(self, game: FamilyGame, moves: list[Move]) -> Move:
        me = game.to_move
        view = game.view(me)
        hand = [int(c) for c in view.hand]
        estimates = _bidwhist_estimates(hand)
        # A partner who bid holds strength.
        partner_bid = any(
            s == (me + 2) % SEATS and not getattr(m, "is_pass", False) for s, m in view.calls
        )
        bonus = 1.0 if partner_bid else 0.0
        most = {k: bidwhist_max_level(v + bonus, k) for k, v in estimates.items()}
        forced = not any(getattr(m, "is_pass", False) for m in moves)
        best: tuple[tuple[float, ...], Move] | None = None
        for m in moves:
            parsed = _parse_bid(_code(m))
            if parsed is None:
                continue
            level, kind = parsed
            if level > most[kind] and not forced:
                continue
            # The strongest kind first; then the cheapest bid (or, bidding "max", the
            # highest the hand is worth) — there is one chance to speak.
            cheap = -level if self.bidwhist_style == "cheapest" else level
            key = (most[kind], estimates[kind], cheap)
            if best is None or key > best[0]:
                best = (key, m)
        if best is not None:
            return best[1]
        for m in moves:
            if getattr(m, "is_pass", False):
                return m
        return moves[0]

    # ------------------------------------------------------------ naming trumps
    def _name_trump(self, game: FamilyGame, moves: list[Move]) -> Move:
        view = game.view(game.to_move)
        hand = [int(c) for c in view.hand]
        low = _contract_is_low(game)
        jokers = max(int(c) for c in game.pack) >= 52
        best: tuple[float, Move] | None = None
        for m in moves:
            code = (_code(m) or "").lower()
            suit = getattr(m, "suit", None)
            if suit is not None:
                value = hand_tricks(hand, int(suit), low=low, jokers=jokers)
                length = sum(1 for c in hand if c < 52 and c // 13 == int(suit))
                value += 0.01 * length
            elif code in ("high", "low"):
                value = hand_tricks(hand, None, low=code == "low")
            else:
                value = -1.0
            if best is None or value > best[0]:
                best = (value, m)
        return best[1] if best is not None else moves[0]

    # --------------------------------------------------------------- discarding
    def _discard(self, game: FamilyGame, moves: list[Move]) -> Move:
        me = game.to_move
        view = game.view(me)
        hand = [int(c) for c in view.hand]
        trump = None if game.trump is None else int(game.trump)
        low = getattr(game, "low", None)
        if not isinstance(low, bool):
            low = _contract_is_low(game) or _no_trump_low(game)
        keep = _keep_values(hand, trump, low)
        cards = [m for m in moves if _is_card(m)]
        if not cards:
            return moves[0]
        return min(cards, key=lambda m: (keep.get(int(m), 0.0), int(m)))


# ------------------------------------------------------------- bid whist helpers
def _parse_bid(code: str | None) -> tuple[int, str] | None:
    """``'4L'`` -> (4, 'L'); ``'5NT'`` -> (5, 'NT'); ``'3'`` -> (3, 'U'); else ``None``."""
    if not code:
        return None
    text = code.upper()
    for suffix, kind in (("NT", "NT"), ("L", "L")):
        if text.endswith(suffix) and text[: -len(suffix)].isdigit():
            return int(text[: -len(suffix)]), kind
    if text.isdigit():
        return int(text), "U"
    return None


def _bidwhist_estimates(hand: Sequence[int]) -> dict[str, float]:
    """Likely tricks (for the declarer's own hand) of each kind of bid whist contract."""
    up = max(hand_tricks(hand, s, jokers=True) for s in range(4))
    down = max(hand_tricks(hand, s, low=True, jokers=True) for s in range(4))
    nt = max(hand_tricks(hand, None), hand_tricks(hand, None, low=True))
    # No trump is riskier: a long suit of the opponents' runs; jokers are worth nothing.
    return {"U": up, "L": down, "NT": nt - 0.5}


def bidwhist_max_level(estimate: float, kind: str) -> int:
    """The highest bid whist level (books over six) to bid on a hand whose own likely
    tricks are ``estimate`` (:func:`hand_tricks`) for a kind of contract (``"U"``
    uptown, ``"L"`` downtown, ``"NT"``); 0: pass.

    Measured between the rules bots: with the kitty and a partner's share the declaring
    side makes nine books about half the time from an estimate of 2, ten from 4, eleven
    from 6.5; no trump needs two tricks more (and doubles the loss).

    >>> [bidwhist_max_level(e, 'U') for e in (1, 2, 4, 6.5, 12)]
    [0, 3, 4, 5, 7]
    >>> bidwhist_max_level(4, 'NT')
    3
    """
    if kind == "NT":
        estimate -= 2.0
    return (
        sum(1 for need in (2.0, 4.0, 6.5, 8.0, 9.5) if estimate >= need) + 2
        if estimate >= 2.0
        else 0
    )


def _contract_is_low(game: FamilyGame) -> bool:
    code = (_contract_code(game) or "").upper()
    return code.endswith("L") and code[:-1].isdigit()


def _no_trump_low(game: FamilyGame) -> bool:
    log = game.log
    if log is None:
        return False
    return any((_code(m) or "").lower() == "low" for _s, m in log.calls)


def _keep_values(hand: Sequence[int], trump: int | None, low: bool) -> dict[int, float]:
    """How much each card is worth keeping after the kitty: trumps and jokers most,
    then cards likely to win, cards of long suits, and least a low card of a short
    side suit (discarding it makes a void to trump into)."""

    def strength(c: int) -> int:
        r = c % 13
        if not low:
            return r
        return 12 if r == 12 else 11 - r

    values: dict[int, float] = {}
    suits: list[list[int]] = [[], [], [], []]
    for c in hand:
        if c < 52:
            suits[c // 13].append(c)
    for c in hand:
        if c >= 52:
            values[c] = 100.0 + c if trump is not None else -1.0 + c / 100
            continue
        s = c // 13
        mine = sorted((strength(x) for x in suits[s]), reverse=True)
        v = strength(c)
        above_missing = 12 - v - mine.index(v)
        win = 1.0 if above_missing <= 0 else 0.5 if above_missing == 1 else 0.0
        value = 3.0 * win + 0.1 * v + 0.4 * len(suits[s])
        if s == trump:
            value += 50.0
        values[c] = value
    return values


# ------------------------------------------------------------------ card player
# Chances (that a card keeps the trick against the opponents still to play) the card
# play acts on; tuned in self-play between variants of the rules bot (whist deals
# played twice with the seats swapped).
_P_CASH = 0.3  # lead a card no card out can beat unless a ruff is likelier than this
_P_SAFE = 0.6  # a partner's winning card this safe is not overtaken
_P_WIN = 0.5  # play to win (second or third hand) with a card this safe
_P_RUFF = 0.6  # trump in with the cheapest trump this safe
_HONOUR_KEY = 9  # a card this high in its suit (a jack of 2…A) or higher is an honour


class _CardPlayer:
    """One card decision of the rules bot."""

    def __init__(self, game: FamilyGame, seen: _Seen, legal: int) -> None:
        self.game = game
        self.seen = seen
        self.o = seen.order
        self.legal = legal
        self.me = me = seen.me
        teams = _teams(game)
        self.team = teams[me]
        self.goal = _goal(game, me)
        trick = game.trick
        self.plays = [(s, int(c)) for s, c in trick.plays]
        led = game._led_suit(trick) if self.plays else None
        self.led = -1 if led is None else int(led)
        self.best = -1 if trick.winning_card is None else int(trick.winning_card)
        self.winner = trick.winner
        n_after = SEATS - len(self.plays) - 1
        self.later = [(me + i) % SEATS for i in range(1, n_after + 1)]
        self.later_opps = [s for s in self.later if s not in self.team]
        self.later_mates = [s for s in self.later if s in self.team]
        self.opps = [s for s in range(SEATS) if s not in self.team]
        self.tricks_left = seen.hand.bit_count()

    def choose(self) -> int:
        if self.goal == _MISERE_DECLARER:
            return self._misere_declarer()
        if self.goal == _MISERE_DEFENDER:
            return self._misere_defender()
        if not self.plays or self.led < 0:
            # Leading — or playing after a joker led at no trump: our card sets the suit.
            return self._lead()
        return self._follow()

    # ------------------------------------------------------------- helpers
    def _trumps(self, mask: int) -> int:
        t = self.o.trump
        return mask & self.o.gmask[t] if t >= 0 else 0

    def _master(self, card: int) -> bool:
        return not self.seen.pool & self.o.higher[card]

    def _bottom_of_top(self, mask: int) -> int:
        """The cheapest card equal to the highest of ``mask``: down a run of our cards
        with no card in between that another seat may hold (K from K Q: the queen)."""
        o = self.o
        card = o.highest(mask)
        pool = self.seen.pool
        while True:
            below = mask & o.lower[card]
            if not below:
                return card
            nxt = o.highest(below)
            between = o.higher[nxt] & o.lower[card]
            if between & pool:
                return card
            card = nxt

    def _top_of_sequence(self, mask: int) -> int:
        """The card to lead from a suit: the top of a run headed by a card at most one
        outstanding card from the top (K Q …), else the lowest card."""
        o = self.o
        top = o.highest(mask)
        if self.seen.outstanding_above(top) <= 1:
            below = mask & o.lower[top]
            if below:
                nxt = o.highest(below)
                if not (o.higher[nxt] & o.lower[top] & self.seen.pool):
                    return top
        return o.lowest(mask)

    def _low(self) -> int:
        """Play low: the lowest card of the led suit, or a discard."""
        legal = self.legal
        if self.led >= 0 and legal & self.o.gmask[self.led]:
            return self.o.lowest(legal & self.o.gmask[self.led])
        return self._discard_card(legal)

    def _discard_card(self, legal: int) -> int:
        """The lowest card of the weakest suit; never a trump while another card will do.
        Ties go to the shorter suit (a void to trump into)."""
        o = self.o
        side = legal & ~self._trumps(legal) or legal
        hand = self.seen.hand
        best_key: tuple[float, int, int] | None = None
        best_card = -1
        for g in (0, 1, 2, 3, 4):
            cards = side & o.gmask[g]
            if not cards:
                continue
            value = 0.0
            for c in _bits(hand & o.gmask[g]):
                above = self.seen.outstanding_above(c)
                value += max(0, 3 - above)
            if g == 4:
                value = -1.0  # cards of no suit (no-trump jokers) never win: shed them
            low = o.lowest(cards)
            key = (value, (hand & o.gmask[g]).bit_count(), o.key[low])
            if best_key is None or key < best_key:
                best_key, best_card = key, low
        return best_card

    # ------------------------------------------------------------- leading
    def _lead(self) -> int:
        o, seen = self.o, self.seen
        legal = self.legal
        t = o.trump
        trumps = self._trumps(legal)
        opps = self.opps
        opp_trumps = any(seen.poss[s] & o.gmask[t] for s in opps) if t >= 0 else False
        side = legal & ~trumps
        # 1. Draw trumps with a long or commanding trump holding.
        if trumps and opp_trumps and self._draw_trumps(trumps):
            top = o.highest(trumps)
            if self._master(top):
                return top
            return self._top_of_sequence(trumps)
        # 2. A side card that will hold (no card out beats it; a ruff is unlikely): cash
        #    it, from the suit the others hold most of.
        best: tuple[float, int] | None = None
        for g in range(5):
            cards = side & o.gmask[g]
            if not cards:
                continue
            top = o.highest(cards)
            if not self._master(top):
                continue
            p = seen.p_hold(top, g, opps)
            if p >= _P_CASH:
                score = p + 0.01 * (seen.pool & o.gmask[g]).bit_count()
                if best is None or score > best[0]:
                    best = (score, top)
        if best is not None:
            return best[1]
        # 3. Return a partner's suit — one they led low from length (an honour led was a
        #    trick cashed, not a suit to return).
        log = self.game.log
        for trick in log.tricks[:-1]:
            if trick.leader in self.team and trick.leader != self.me and trick.plays:
                g = o.group[int(trick.plays[0][1])]
                if o.key[int(trick.plays[0][1])] >= _HONOUR_KEY:
                    continue
                cards = side & o.gmask[g]
                if cards and g != t:
                    n = (seen.hand & o.gmask[g]).bit_count()
                    return o.highest(cards) if n <= 2 else self._top_of_sequence(cards)
        # 4. A singleton (to trump the suit later) or the longest side suit, avoiding
        #    one an opponent will trump.
        if side:
            choices = []
            for g in range(5):
                cards = side & o.gmask[g]
                if not cards or (g == 4 and side & ~o.gmask[4]):
                    continue  # a joker at no trump is led only when nothing else is left
                ruff = 0.0
                if t >= 0 and g != t:
                    for s in opps:
                        if seen.poss[s] & o.gmask[t]:
                            p_void = seen.p_none(s, seen.pool & o.gmask[g])
                            ruff = max(ruff, p_void)
                strength = sum(max(0, 3 - seen.outstanding_above(c)) for c in _bits(cards))
                length = (seen.hand & o.gmask[g]).bit_count()
                short = length == 1 and bool(trumps) and strength == 0 and g != t
                choices.append((ruff > 0.5, not short, -length, -strength, g))
            g = min(choices)[-1]
            return self._top_of_sequence(side & o.gmask[g])
        return self._top_of_sequence(trumps or legal)

    def _draw_trumps(self, trumps: int) -> bool:
        """Lead trumps with five or more, or as the declaring side holding the top
        trump and at least as many trumps as the opponents may have."""
        n = trumps.bit_count()
        if n >= 5:
            return True
        outstanding = (self.seen.pool & self.o.gmask[self.o.trump]).bit_count()
        declaring = self.game.log.declarer in self.team
        if declaring and n >= 3 and self._master(self.o.highest(trumps)):
            return True
        return n >= 3 and n > outstanding

    # ------------------------------------------------------------- following
    def _follow(self) -> int:
        o, seen = self.o, self.seen
        legal, best, led = self.legal, self.best, self.led
        wins = o.winners(legal, best)
        if self.winner in self.team:
            # Our side is winning: don't overtake unless its card is in danger and ours
            # would clearly hold better.
            p = seen.p_hold(best, led, self.later_opps) if self.later_opps else 1.0
            if p >= _P_SAFE or not wins:
                return self._low()
            for c in sorted(_bits(wins), key=lambda c: (o.group[c] == o.trump, o.key[c])):
                if seen.p_hold(c, led, self.later_opps) >= max(0.8, p + 0.3):
                    return c
            return self._low()
        if not wins:
            return self._low()
        suited = wins & o.gmask[led] if led >= 0 else 0
        if not self.later_opps:
            # Last of the opponents' side to play: win as cheaply as possible.
            return o.lowest(suited) if suited else o.lowest(wins)
        if suited:
            holding = [
                c
                for c in sorted(_bits(suited), key=o.key.__getitem__)
                if seen.p_hold(c, led, self.later_opps) >= _P_WIN
            ]
            if len(self.plays) == 1 and self.later_mates:
                # Second hand low — unless covering an honour, or late in the deal,
                # with a card that will hold.
                honour = seen.outstanding_above(best) + (seen.hand & o.higher[best]).bit_count()
                if holding and (honour <= 3 or self.tricks_left <= 3):
                    return holding[0]
                return self._low()
            if holding:
                return holding[0]
            # Third hand high: force out their higher card with the bottom of our top run.
            return self._bottom_of_top(suited)
        # Void in the led suit and an opponent is winning: trump in, as cheaply as will hold.
        ruffs = sorted(_bits(wins), key=o.key.__getitem__)
        for c in ruffs:
            if seen.p_hold(c, led, self.later_opps) >= _P_RUFF:
                return c
        if self.later_mates and len(self.plays) == 1:
            # Second hand, no ruff that will hold: keep the trump, the partner plays
            # after us (measured: better than trumping in here).
            return self._low()
        return ruffs[0]

    # ------------------------------------------------------------- misère
    def _misere_declarer(self) -> int:
        """Lose every trick: the highest card that still loses; lead where the others
        must go over us."""
        o, seen, legal = self.o, self.seen, self.legal
        if not self.plays:
            best: tuple[tuple[int, int, int], int] | None = None
            for g in range(5):
                cards = legal & o.gmask[g]
                if not cards:
                    continue
                c = o.lowest(cards)
                out = seen.pool & o.gmask[g]
                below = (out & o.lower[c]).bit_count()
                # A suit nobody else holds is won by its leader: lead it last.
                key = (0 if out else 1, below, -out.bit_count())
                if best is None or key < best[0]:
                    best = (key, c)
            return best[1]  # type: ignore[index]
        wins = o.winners(legal, self.best)
        under = legal & ~wins
        if under:
            return self._most_dangerous(under)
        if self.later:
            return o.lowest(legal)  # a later card may still go over it
        return o.highest(legal)  # the trick is ours anyway: shed the highest card

    def _most_dangerous(self, cards: int) -> int:
        """The card most likely to win a trick later (the fewest cards out above it)."""
        o, seen = self.o, self.seen
        return min(
            _bits(cards),
            key=lambda c: (seen.outstanding_above(c), -(seen.pool & o.lower[c]).bit_count(), c),
        )

    def _misere_defender(self) -> int:
        """Make the declarer win a trick: lead low into them, play under their card,
        shed high cards when the declarer is already beaten."""
        o, seen, legal = self.o, self.seen, self.legal
        declarer = self.game.log.declarer
        if not self.plays:
            poss = seen.poss[declarer]
            best: tuple[tuple[int, int], int] | None = None
            for g in range(5):
                cards = legal & o.gmask[g]
                if not cards or not poss & o.gmask[g]:
                    continue
                c = o.lowest(cards)
                below = (poss & o.lower[c]).bit_count()  # the declarer's ways to duck
                key = (below, o.key[c])
                if best is None or key < best[0]:
                    best = (key, c)
            if best is not None:
                return best[1]
            return o.lowest(legal)
        played = {s for s, _c in self.plays}
        wins = o.winners(legal, self.best)
        under = legal & ~wins
        if declarer in played:
            if self.winner == declarer and under:
                return self._shed(under)  # keep the declarer on top
            return self._shed(legal)  # the declarer is beaten anyway: shed a high card
        # The declarer plays later: keep the card to beat as low as possible.
        if under:
            return self._shed(under)
        return o.lowest(legal)

    def _shed(self, cards: int) -> int:
        """The highest card (within the led suit if we follow): a misère defender keeps
        low cards to lead later."""
        o = self.o
        if self.led >= 0 and cards & o.gmask[self.led]:
            return o.highest(cards & o.gmask[self.led])
        return self._most_dangerous(cards)


# --------------------------------------------------------------- Monte Carlo
class _SamplingBot:
    """What the Monte Carlo bots share (this one and
    :class:`~kowhist_teach.teach.bots.MonteCarloBot`): the seed, the sampling budget, what
    the last decision did, and the ``repr``."""

    name = "montecarlo"

    def __init__(
        self, seed: int | None = None, samples: int = 64, time_limit: float | None = 0.5
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.samples = samples
        self.time_limit = time_limit
        self.last_samples = 0  #: how many samples the last decision played out (or solved)
        self.last_timed_out = False  #: whether the time limit cut the last decision short

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(seed={self.seed!r}, samples={self.samples!r}, "
            f"time_limit={self.time_limit!r})"
        )


class FamilyMonteCarloBot(_SamplingBot):
    """Determinized Monte Carlo for the whist family's card play (see the module's
    docstring); bids, trump choices and discards are :class:`FamilyRulesBot`'s.

    ``samples`` caps the deals sampled per decision, ``time_limit`` (seconds, ``None``
    for none) cuts it short; with no sample done it plays the rules bot's card.  Every
    legal card is played out on the same samples, and the rules bot's card stands
    unless another does better by more than ``confidence`` standard errors of the paired
    differences (1 by default; 0 takes the best mean): with a few samples the means are
    noisy, and the rules bot is a sound default.  The same seed gives the same choices
    as long as the time limit does not cut in.

    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> g = WhistGame(seed=8)
    >>> bot = FamilyMonteCarloBot(seed=1, samples=4, time_limit=None)
    >>> bot(g) in g.legal_moves() and bot(g) == FamilyMonteCarloBot(1, 4, None)(g)
    True
    """

    def __init__(
        self, seed: int | None = None, samples: int = 64, time_limit: float | None = 0.5
    ) -> None:
        super().__init__(seed, samples, time_limit)
        self.rules = FamilyRulesBot(seed)
        #: The rules bot's card stands unless another card beats it by this many
        #: standard errors over the samples (0: always the best mean).
        self.confidence = 1.0

    def choose(self, game: FamilyGame) -> Move:
        """The card with the best average over sampled deals (else the rules bot's move)."""
        start = _clock()
        self.last_samples = 0
        self.last_timed_out = False
        moves = game.legal_moves()
        rules_move = self.rules.choose(game)
        if game.phase is not FamilyPhase.PLAY or len(moves) == 1:
            return rules_move
        deadline = start + self.time_limit - 0.02 if self.time_limit is not None else math.inf
        order = _order(game)
        seen = _Seen(game, order)
        sim = _Simulator(game, seen)
        me = seen.me
        log = game.log
        # One generator per decision: the same seed and position give the same samples.
        rng = random.Random(
            ((self.seed * 1_000_003 + log.number) * 1009 + len(game.moves)) * 4 + me
        )
        cards = [int(m) for m in moves]
        values: list[list[float]] = [[] for _c in cards]
        for _i in range(self.samples):
            if _clock() > deadline:
                self.last_timed_out = True
                break
            hands = _sample(rng, seen)
            if hands is None:
                break
            for j, c in enumerate(cards):
                values[j].append(sim.value(hands, c))
            self.last_samples += 1
        if not self.last_samples:
            return rules_move
        return _pick(moves, values, rules_move, order, self.confidence)

    __call__ = choose


def _pick(
    moves: list[Move], values: list[list[float]], preferred: Move, order: _Order, z: float
) -> Move:
    """The move with the best mean over the samples — but the rules bot's move
    (``preferred``) stands unless the best beats it by ``z`` standard errors of the
    paired differences (every move saw the same samples): a few samples are noisy."""
    n = len(values[0])
    means = [sum(v) / n for v in values]
    top = max(means)
    tied = [m for m, v in zip(moves, means, strict=True) if v >= top - 1e-9]
    if preferred in tied:
        return preferred
    best = min(tied, key=lambda m: (order.key[int(m)], int(m)))
    if preferred not in moves or z <= 0:
        return best
    ref = values[moves.index(preferred)]
    diffs = [a - b for a, b in zip(values[moves.index(best)], ref, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return best if z <= 0 else preferred
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    se = math.sqrt(var / n)
    return best if mean > z * se else preferred


def _sample(rng: random.Random, seen: _Seen) -> list[int] | None:
    """Deal the cards ``seen.me`` cannot see to the other seats at random, keeping each
    seat's card count, known cards and voids; the rest is set aside (a kitty)."""
    me = seen.me
    need = {}
    known_all = 0
    for s in range(SEATS):
        if s != me:
            known_all |= seen.known[s]
    pool = [c for c in _bits(seen.pool & ~known_all)]
    hands = [0] * SEATS
    hands[me] = seen.hand
    for s in range(SEATS):
        if s == me:
            continue
        hands[s] = seen.known[s]
        need[s] = seen.sizes[s] - seen.known[s].bit_count()
    order = seen.order
    void_masks = {}
    for s in need:
        m = 0
        for g in range(4):
            if seen.voids[s] >> g & 1:
                m |= order.gmask[g]
        void_masks[s] = m
    # The most constrained seats first.
    seats = sorted(need, key=lambda s: sum(1 for c in pool if not void_masks[s] >> c & 1) - need[s])
    for attempt in range(20):
        strict = attempt < 16
        taken = 0
        out = list(hands)
        ok = True
        for s in seats:
            avoid = void_masks[s] if strict else 0
            cands = [c for c in pool if not (taken >> c & 1) and not (avoid >> c & 1)]
            if len(cands) < need[s]:
                ok = False
                break
            h = 0
            for c in rng.sample(cands, need[s]):
                h |= 1 << c
            taken |= h
            out[s] |= h
        if ok:
            return out
    return None


class _Simulator:
    """Plays a sampled deal to its end with a fast greedy form of the rules of thumb
    (every hand visible inside the sample) and scores it for the deciding seat."""

    def __init__(self, game: FamilyGame, seen: _Seen) -> None:
        self.o = seen.order
        self.me = me = seen.me
        self.teams = _teams(game)
        log = game.log
        self.declarer = log.declarer
        self.misere = _contract_code(game) in _MISERE_CODES
        self.target = game.tricks_needed()
        trick = game.trick
        self.plays = [(s, int(c)) for s, c in trick.plays]
        self.won = list(game.tricks_won)
        self.side = self.teams[me]
        self.declaring = self.declarer is not None and self.declarer in self.side
        self.whist_points = game.game_name == "whist"

    def value(self, hands: list[int], card: int) -> float:
        """The deciding seat's result when it plays ``card`` and all play on greedily."""
        hands = list(hands)
        won = list(self.won)
        plays = list(self.plays)
        o = self.o
        seat = self.me
        hands[seat] &= ~(1 << card)
        plays.append((seat, card))
        group, gmask = o.group, o.gmask
        teams = self.teams
        declarer = self.declarer
        misere = self.misere
        beats = o.beats
        while True:
            if len(plays) == SEATS:
                best_seat, best = plays[0]
                for s, c in plays[1:]:
                    if beats(c, best):
                        best_seat, best = s, c
                won[best_seat] += 1
                if misere and best_seat == declarer:
                    break  # the misère is lost: the deal ends
                if not hands[best_seat]:
                    break
                plays = []
                seat = best_seat
            else:
                seat = (plays[-1][0] + 1) % SEATS
            hand = hands[seat]
            # The suit to follow: the first card's, or (after a no-trump joker) the
            # first card of a suit's.
            led = -1
            for _s, c in plays:
                if group[c] >= 0:
                    led = group[c]
                    break
            legal = hand & gmask[led] or hand if led >= 0 else hand
            c = self._policy(hands, seat, legal, plays, led, teams, declarer, misere)
            hands[seat] = hand & ~(1 << c)
            plays.append((seat, c))
        return self._utility(won)

    def _policy(
        self,
        hands: list[int],
        seat: int,
        legal: int,
        plays: list[tuple[int, int]],
        led: int,
        teams: list[frozenset[int]],
        declarer: int | None,
        misere: bool,
    ) -> int:
        o = self.o
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        key, higher, gmask, trump = o.key, o.higher, o.gmask, o.trump
        live = hands[0] | hands[1] | hands[2] | hands[3]
        if not plays:
            if misere:
                if seat == declarer:
                    return o.lowest(legal)
                return o.lowest(legal & _any_group(o, hands[declarer]) or legal)
            team = teams[seat]
            opp_trumps = 0
            if trump >= 0:
                for s in range(SEATS):
                    if s not in team:
                        opp_trumps |= hands[s] & gmask[trump]
            for c in _bits(legal):
                if not live & higher[c] and (o.group[c] == trump or not opp_trumps):
                    return c
            side = legal & ~gmask[trump] if trump >= 0 else legal
            if side:
                g = max(
                    (g for g in range(5) if side & gmask[g]),
                    key=lambda g: (hands[seat] & gmask[g]).bit_count(),
                )
                return o.lowest(side & gmask[g])
            return o.lowest(legal)
        best_seat, best = plays[0]
        for s, c in plays[1:]:
            if o.beats(c, best):
                best_seat, best = s, c
        n_after = SEATS - len(plays) - 1
        later = [(seat + i) % SEATS for i in range(1, n_after + 1)]
        if misere:
            wins = o.winners(legal, best)
            under = legal & ~wins
            if seat == declarer:
                if under:
                    return o.highest(under)
                return o.lowest(legal) if later else o.highest(legal)
            if best_seat == declarer or declarer not in later:
                pool = under if best_seat == declarer and under else legal
                return o.highest(pool)
            return o.highest(under) if under else o.lowest(legal)
        team = teams[seat]
        following = led >= 0 and legal & gmask[led]

        def holds(card: int) -> bool:
            lg = led if led >= 0 else o.group[card]
            for s in later:
                if s in team:
                    continue
                h = hands[s]
                their = h & gmask[lg] or h if lg >= 0 else h
                if o.winners(their, card):
                    return False
            return True

        if best_seat in team and holds(best):
            return o.lowest(legal) if following else _shed_low(o, legal)
        wins = o.winners(legal, best)
        for c in sorted(_bits(wins), key=key.__getitem__):
            if holds(c):
                return c
        return o.lowest(legal) if following else _shed_low(o, legal)

    def _utility(self, won: list[int]) -> float:
        side = self.side
        ours = sum(won[s] for s in side)
        if self.misere:
            lost = won[self.declarer] > 0
            made = not lost
            return float(made if self.declaring else not made)
        if self.target is None:
            if self.whist_points:
                theirs = sum(won) - ours
                return ours + 0.5 * (max(0, ours - 6) - max(0, theirs - 6))
            return float(ours)
        decl_side = self.teams[self.declarer]
        decl_tricks = sum(won[s] for s in decl_side)
        made = decl_tricks >= self.target
        win = made if self.declaring else not made
        return 10.0 * win + ours * 0.1


def _any_group(o: _Order, hand: int) -> int:
    """The cards of every group in which ``hand`` holds a card."""
    m = 0
    for g in range(5):
        if hand & o.gmask[g]:
            m |= o.gmask[g]
    return m


def _shed_low(o: _Order, legal: int) -> int:
    """A discard: the lowest side card (a trump only when nothing else is left)."""
    t = o.trump
    side = legal & ~o.gmask[t] if t >= 0 else legal
    return o.lowest(side or legal)
