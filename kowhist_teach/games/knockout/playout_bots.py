"""Knock-Out Whist's random and rules-of-thumb bots on the lean playout core.

:class:`~kowhist_teach.games.knockout.bots.KnockoutBots` decides on the full engine;
this module makes the same decisions on a
:class:`~kowhist_teach.games.knockout.playout.KnockoutPlayout` (plain ints), for the
simulations that only read results: :func:`bot_game` plays a whole game between
``"random"`` and ``"rules"`` bots (and, for lesson 07's experiments, a rules bot that
ignores one tip). Each bot reads only what its seat may see — its own
hand (not a blind dog's), the cards played this round, the turn-up, each seat's card
count and the suits a player has shown out of — as on the engine, and draws from its
own generator exactly as the engine's bot with the same seed does, so the same seeds
give the same game, move for move. ``tests/test_playout.py`` checks that against
``RulesBot`` and ``RandomBot`` on thousands of games with random variants.

>>> g = bot_game(4, None, seed=3, bots=("rules",) * 4, bot_seeds=(1, 2, 3, 4))
>>> g.winner in range(4), g.to_move
(True, -1)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ...core.cards import FULL_DECK, SUIT_MASK
from ...core.hooks.bots import ABOVE as _ABOVE
from ...core.hooks.bots import RANK_OF as _RANK_OF
from ...core.hooks.bots import SUIT_OF as _SUIT_OF
from ...core.hooks.bots import beats as _beats
from ...core.hooks.bots import low as _low
from ...core.hooks.bots import lowest_in as _lowest_in
from ...core.hooks.bots import masters as _masters
from ...core.hooks.bots import winners as _winners
from ...core.hooks.playout import PlayoutHooks, PlayoutResult, RoundResult
from .bots import _HOPELESS, _JACK, _LIKELY, _TEN, _p_void, _suit_strength
from .engine import Rules
from .playout import BLIND_DOG, CHOOSE, PASS, PLAY, TRUMP, VOTE, KnockoutPlayout

__all__ = ["LeanTable", "bot_game", "rules_move", "LEAN_BOTS", "KnockoutPlayoutHooks"]

#: The bots this module plays, by ``simulate``'s names.
LEAN_BOTS = ("random", "rules")


class LeanTable:
    """What every seat has seen this round, kept up to date as moves are made: the
    cards played, the trick on the table (``(seat, card)`` pairs) and the suits each
    seat has shown out of (bit ``1 << suit``)."""

    __slots__ = ("g", "round", "played", "plays", "voids")

    def __init__(self, g: KnockoutPlayout) -> None:
        self.g = g
        self.round = -1
        self.played = 0
        self.plays: list[tuple[int, int]] = []
        self.voids = [0] * g.n

    def sync(self) -> None:
        """Start afresh when a new round (or a redeal) has begun."""
        g = self.g
        if g.round != self.round:
            self.round = g.round
            self.played = 0
            self.plays = []
            self.voids = [0] * g.n

    def play(self, move: int) -> None:
        """Note move ``move`` of the player to move, then make it."""
        g = self.g
        if g.phase == PLAY and move < 52:
            if g.led < 0:
                self.plays = [(g.to_move, move)]
            else:
                seat = g.to_move
                self.plays.append((seat, move))
                led = g.led
                if _SUIT_OF[move] != led and not g.one_card[seat]:
                    self.voids[seat] |= 1 << led
            self.played |= 1 << move
        g.play(move)


# ------------------------------------------------------------------- rules of thumb
def rules_move(t: LeanTable, rng: random.Random) -> int:
    """The rules bot's move (``KnockoutBots.rules_move``) for the player to move."""
    g = t.g
    if g.phase == PLAY:
        return _play(t)
    moves = g.legal()
    if len(moves) == 1:
        return moves[0]
    me = g.to_move
    hand = 0 if _blind(g, me) else g.hands[me]
    phase = g.phase
    if phase == CHOOSE or phase == VOTE:
        if not hand:
            return rng.choice(moves)
        return max(moves, key=lambda m: _suit_strength(hand, m - TRUMP))
    # Declarations come before "play on": always declare when the hand allows it.
    return moves[0]


def _blind(g: KnockoutPlayout, seat: int) -> bool:
    return g.status[seat] == BLIND_DOG and g.gets[seat] == 1


def _play(t: LeanTable) -> int:
    g = t.g
    me = g.to_move
    hands = g.hands
    if g.one_card[me]:
        blind = _blind(g, me)
        hand = 0 if blind else hands[me]
    else:
        legal = g.legal_mask()
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        hand = hands[me]
    trump = g.trump
    unseen = FULL_DECK & ~hand & ~t.played
    if g.turn_up >= 0:
        unseen &= ~(1 << g.turn_up)
    order, pos = g.order, g.pos
    later = [s for s in order[pos + 1 :] if hands[s]]
    tricks_left = g.hand_size - g.tricks_done
    if g.one_card[me]:
        return _dog(t, blind, trump, unseen, later, tricks_left)
    return _card(t, me, hand, legal, trump, unseen, later, tricks_left)


def _p_holds(
    g: KnockoutPlayout,
    card: int,
    led: int,
    trump: int,
    unseen: int,
    later: list[int],
    voids: list[int],
) -> float:
    """As ``bots._p_holds``: the chance ``card`` still wins after the later players."""
    if not later:
        return 1.0
    n_unseen = unseen.bit_count()
    n_led = (unseen & SUIT_MASK[led]).bit_count()
    n_above = (unseen & _ABOVE[card]).bit_count()
    if _SUIT_OF[card] == trump:
        n_ruff = n_above if led != trump else 0
        n_over = n_above if led == trump else 0
    else:
        n_ruff = (unseen & SUIT_MASK[trump]).bit_count() if trump >= 0 else 0
        n_over = n_above
    p = 1.0
    hands = g.hands
    for s in later:
        k = hands[s].bit_count()
        if voids[s] >> led & 1:
            beat = 1.0 - _p_void(k, n_ruff, n_unseen - n_led) if n_ruff else 0.0
        else:
            beat = 1.0 - _p_void(k, n_over, n_unseen) if n_over else 0.0
            if n_ruff:
                void = _p_void(k, n_led, n_unseen)
                beat += void * (1.0 - _p_void(k, n_ruff, n_unseen - n_led))
        p *= max(0.0, 1.0 - beat)
    return p


def _card(
    t: LeanTable,
    me: int,
    hand: int,
    legal: int,
    trump: int,
    unseen: int,
    later: list[int],
    tricks_left: int,
) -> int:
    g = t.g
    safe = g.tricks_won[me] > 0
    tmask = SUIT_MASK[trump] if trump >= 0 else 0
    insurance = 0
    if trump >= 0 and not safe:
        top = _masters(hand, unseen, trump)
        if top:
            insurance = 1 << (top.bit_length() - 1)
    if g.led < 0:
        return _lead(hand, legal, trump, tmask, unseen, safe, insurance, tricks_left)
    led = g.led
    wins = _winners(legal, g.best, trump)
    following = bool(legal & SUIT_MASK[led])
    low = _low(legal, hand, avoid=tmask if not following else 0)
    if not wins:
        return low
    cheapest = _low(wins)
    if safe:
        if not later and _SUIT_OF[cheapest] != trump and _RANK_OF[cheapest] <= _TEN:
            return cheapest
        return low
    if tricks_left > 1:
        wins &= ~insurance
    if not wins:
        return low
    if not later:
        return _low(wins)
    voids = t.voids
    best_card, best_p = -1, -1.0
    rest = wins
    while rest:
        c = _low(rest)
        rest ^= 1 << c
        p = _p_holds(g, c, led, trump, unseen, later, voids)
        if p >= _LIKELY:
            return c
        if p > best_p:
            best_card, best_p = c, p
    return low if insurance or best_p < _HOPELESS else best_card


def _lead(
    hand: int,
    legal: int,
    trump: int,
    tmask: int,
    unseen: int,
    safe: bool,
    insurance: int,
    tricks_left: int,
) -> int:
    side = legal & ~tmask
    if safe:
        return _low(legal, hand, avoid=tmask)
    if insurance and tricks_left <= 2 and legal & insurance:
        return insurance.bit_length() - 1
    best_master, best_key = -1, -1
    for s in range(4):
        if s == trump:
            continue
        m = _masters(side, unseen, s)
        if m:
            key = (unseen & SUIT_MASK[s]).bit_count()
            if key > best_key:
                best_master, best_key = _lowest_in(m), key
    if best_master >= 0 and best_key >= 3:
        return best_master
    if insurance:
        return _low(legal, hand, avoid=tmask | insurance)
    if side and trump >= 0 and hand & tmask and tricks_left > 2:
        for s in range(4):
            suit = side & SUIT_MASK[s]
            if suit and suit.bit_count() == 1 and (hand & SUIT_MASK[s]) == suit:
                if _RANK_OF[suit.bit_length() - 1] < _JACK:
                    return suit.bit_length() - 1
    if side:
        longest = max(
            (s for s in range(4) if side & SUIT_MASK[s]),
            key=lambda s: (hand & SUIT_MASK[s]).bit_count(),
        )
        return _lowest_in(side & SUIT_MASK[longest])
    return _low(legal)


def _dog(
    t: LeanTable, blind: bool, trump: int, unseen: int, later: list[int], tricks_left: int
) -> int:
    g = t.g
    card = g.hands[g.to_move].bit_length() - 1
    if tricks_left <= 1 or g.led < 0:
        return card
    best = g.best
    if blind:
        if later:
            return PASS
        n = unseen.bit_count()
        beating = _winners(unseen, best, trump).bit_count()
        return card if n and beating / n >= 0.35 else PASS
    if not _beats(card, best, trump):
        return PASS
    if not later:
        return card
    p = _p_holds(g, card, g.led, trump, unseen, later, t.voids)
    return card if p >= _LIKELY else PASS


# --------------------------------------------------------------------------- games
def _random_chooser(seed: int) -> Callable[[LeanTable], int]:
    choice = random.Random(seed).choice
    return lambda t: choice(t.g.legal())


def _rules_chooser(seed: int) -> Callable[[LeanTable], int]:
    rng = random.Random(seed)
    return lambda t: rules_move(t, rng)


# ------------------------------------------------- a rules bot that ignores one tip
# Lesson 07's experiments (``teach/experiments.py``) pit the rules bot against one that
# plays another way whenever one tip applies: ``"rules/<tip>/<instead>"``. The tips are
# the teaching hook's detectors (``tips.py``), read here on the lean table; ``instead``
# names the experiments' alternatives.
_HIGH = sum(1 << c for c in range(52) if c % 13 >= 11)  # kings and aces


def _full_play(g: KnockoutPlayout, seat: int) -> bool:
    return g.phase == PLAY and not g.one_card[seat]


def _tip_applies(t: LeanTable, tip: str) -> bool:
    """Whether ``tip`` (a key of ``tips.DETECTORS``' tips) fires for the player to move."""
    g = t.g
    me = g.to_move
    if tip == "safe_save_high":
        return _full_play(g, me) and g.tricks_won[me] > 0
    if tip == "one_trick_enough":
        return (
            _full_play(g, me)
            and not g.tricks_won[me]
            and g.hand_size - g.tricks_done >= 3
            and bool(g.hands[me] & _HIGH)
        )
    if tip == "keep_top_trump":
        if not _full_play(g, me) or g.tricks_won[me] or g.hand_size - g.tricks_done < 2:
            return False
        live = SUIT_MASK[g.trump] & ~t.played if g.trump >= 0 else 0
        return bool(live) and bool(g.hands[me] >> (live.bit_length() - 1) & 1)
    if tip == "choose_longest_suit":
        return g.phase == CHOOSE and not g.votes
    if tip == "dog_wait":
        if g.phase != PLAY or not g.one_card[me] or g.status[me] == BLIND_DOG or g.led < 0:
            return False
        return not _beats(g.hands[me].bit_length() - 1, g.best, g.trump)
    raise KeyError(tip)


#: The tips :func:`_tip_applies` reads, and the alternatives played instead.
LEAN_TIPS = (
    "safe_save_high",
    "one_trick_enough",
    "keep_top_trump",
    "choose_longest_suit",
    "dog_wait",
)


def _card_key(g: KnockoutPlayout) -> Callable[[int], tuple[bool, int]]:
    trump = g.trump
    return lambda c: (_SUIT_OF[c] == trump, c % 13)


def _suit_count(g: KnockoutPlayout) -> Callable[[int], int]:
    hand = g.hands[g.to_move]
    return lambda call: (hand & SUIT_MASK[call - TRUMP]).bit_count()


_INSTEAD: dict[str, Callable[[KnockoutPlayout, list[int], random.Random], int]] = {
    "highest": lambda g, moves, rng: max(moves, key=_card_key(g)),
    "lowest": lambda g, moves, rng: min(moves, key=_card_key(g)),
    "any_suit": lambda g, moves, rng: rng.choice(moves),
    "random": lambda g, moves, rng: rng.choice(moves),
    "shortest_suit": lambda g, moves, rng: min(moves, key=_suit_count(g)),
    "play_now": lambda g, moves, rng: moves[0],
}


def _ignoring_chooser(tip: str, instead: str, seed: int) -> Callable[[LeanTable], int]:
    rng, rules_rng = random.Random(seed), random.Random(seed)
    other = _INSTEAD[instead]

    def choose(t: LeanTable) -> int:
        moves = t.g.legal()
        if len(moves) > 1 and _tip_applies(t, tip):
            return other(t.g, moves, rng)
        return rules_move(t, rules_rng)

    return choose


def _chooser(name: str, seed: int) -> Callable[[LeanTable], int]:
    if name in _CHOOSERS:
        return _CHOOSERS[name](seed)
    _rules, tip, instead = name.split("/")
    return _ignoring_chooser(tip, instead, seed)


def _lean_name(name: str) -> bool:
    if name in LEAN_BOTS:
        return True
    parts = name.split("/")
    return (
        len(parts) == 3 and parts[0] == "rules" and parts[1] in LEAN_TIPS and parts[2] in _INSTEAD
    )


_CHOOSERS = {"random": _random_chooser, "rules": _rules_chooser}


def bot_game(
    players: int,
    rules: Rules | None,
    seed: int,
    bots: Sequence[str],
    bot_seeds: Sequence[int],
    first_dealer: int = 0,
    times: list[list[float]] | None = None,
    game: Callable[..., Any] = KnockoutPlayout,
) -> Any:
    """A whole game between the lean ``bots`` (names of :data:`LEAN_BOTS`, one per
    seat, seeded with ``bot_seeds``); the same game, move for move, as the engine
    played by ``RandomBot``/``RulesBot`` with these seeds. Returns the finished game
    (made by ``game``, a :class:`KnockoutPlayout` class); ``times``, if given,
    receives each seat's move times in seconds."""
    g = game(players, rules, seed, first_dealer)
    t = LeanTable(g)
    choosers = [_chooser(name, s) for name, s in zip(bots, bot_seeds, strict=True)]
    clock = time.perf_counter
    while g.to_move >= 0:
        t.sync()
        seat = g.to_move
        if times is not None:
            t0 = clock()
            move = choosers[seat](t)
            times[seat].append(clock() - t0)
        else:
            move = choosers[seat](t)
        t.play(move)
    return g


class _RoundsPlayout(KnockoutPlayout):
    """A lean game that keeps each finished round's deal and tricks."""

    __slots__ = ("dealt", "ended")

    def __init__(self, *args: Any) -> None:
        self.dealt: list[int] = []
        self.ended: list[RoundResult] = []
        super().__init__(*args)

    def _deal(self, rng: random.Random) -> None:
        super()._deal(rng)
        self.dealt = list(self.hands)

    def _end_round(self, rainbow: bool = False) -> None:
        self.ended.append(
            RoundResult(self.dealt, self.hand_size, self.trump, list(self.tricks_won))
        )
        super()._end_round(rainbow)


class KnockoutPlayoutHooks(PlayoutHooks):
    """The playout hook of Knock-Out Whist (``spec("knockout").playout``)."""

    bots = LEAN_BOTS

    def plays(self, bots: Sequence[str]) -> bool:
        """The random and rules bots, and ``"rules/<tip>/<instead>"``: a rules bot that
        plays ``instead`` (a name of lesson 07's alternatives) whenever ``tip`` (one of
        :data:`LEAN_TIPS`) applies and it has a choice."""
        return all(_lean_name(name) for name in bots)

    def play_game(
        self,
        players: int,
        rules: Any,
        seed: int,
        first_dealer: int,
        bots: Sequence[str],
        bot_seeds: Sequence[int],
        times: list[list[float]] | None = None,
    ) -> PlayoutResult:
        """One whole game between lean bots (see :func:`bot_game`)."""
        g = bot_game(players, rules, seed, bots, bot_seeds, first_dealer, times, _RoundsPlayout)
        return PlayoutResult(g.winner, False, g.ended)
