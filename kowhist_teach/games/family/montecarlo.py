"""The whist family's Monte Carlo search (the ``search`` of the family's bots hook).

It deals the cards the seat cannot see at random, consistently with what it has seen
(card counts, suits a player has shown out of, the turned trump card, open hands),
plays every legal card in each sample and finishes the deal with a fast playout of the
rules of thumb, and chooses the card with the best average result for its side (the
contract made or beaten first, tricks second; in whist tricks and odd tricks), keeping
the rules bot's card unless another is clearly better over the samples.  The playout
policy knows the sampled deal, as a playout in a sampled world may; the bot's own
choice never does.
"""

from __future__ import annotations

import math
import random

from ...core.hooks.bots import Search
from ...core.moves import Move
from .engine import SEATS, FamilyGame
from .seen import _MISERE_CODES, _bits, _contract_code, _Order, _order, _Seen, _teams

__all__ = ["FamilySearch"]


class FamilySearch(Search):
    """One Monte Carlo card decision in a whist-family deal (see the module's
    docstring). ``confidence``: the rules bot's card stands unless another beats it by
    this many standard errors over the samples (0: always the best mean)."""

    def __init__(
        self,
        game: FamilyGame,
        moves: list[Move],
        seed: int,
        confidence: float = 1.0,
        trick_points: bool = False,
    ) -> None:
        self.moves = moves
        self.order = _order(game)
        self.seen = seen = _Seen(game, self.order)
        self.sim = _Simulator(game, seen, trick_points)
        self.confidence = confidence
        me = seen.me
        # One generator per decision: the same seed and position give the same samples.
        self.rng = random.Random(
            ((seed * 1_000_003 + game.log.number) * 1009 + len(game.moves)) * 4 + me
        )
        self.cards = [int(m) for m in moves]

    def deal(self) -> list[int] | None:
        """Every seat's hand: ours, the known cards, and the rest dealt at random."""
        return _sample(self.rng, self.seen)

    def results(self, world: list[int], give_up_at: float) -> list[list[int]]:
        """The tricks each seat takes when the seat plays each card and all play on
        with the fast rules of thumb."""
        play = self.sim.play
        return [play(world, c) for c in self.cards]

    def utility(self, result: list[int]) -> float:
        """The contract made or beaten first, tricks second (whist: tricks and odd
        tricks; misère: made or not)."""
        return self.sim._utility(result)

    def choose(self, scores: list[list[float]], preferred: Move) -> Move:
        """The best mean, unless the rules bot's card is not clearly worse."""
        return _pick(self.moves, scores, preferred, self.order, self.confidence)


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

    def __init__(self, game: FamilyGame, seen: _Seen, trick_points: bool = False) -> None:
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
        self.whist_points = trick_points

    def play(self, hands: list[int], card: int) -> list[int]:
        """The tricks each seat has at the end when the deciding seat plays ``card``
        and all play on greedily."""
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
        return won

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
