"""The bots hook: how a game's bots decide.

Every game package attaches one :class:`BotHooks` object to its spec
(``SPEC.hooks["bots"] = KnockoutBots()``); the generic bots of
:mod:`kowhist_teach.teach.bots` (``RulesBot``, ``MonteCarloBot``) and the analysis of
:mod:`kowhist_teach.teach.solver` ask it and never which game they hold — as
OpenSpiel's MCTS and solvers use the State API alone.

A game answers four questions:

* **rules of thumb** — :meth:`BotHooks.rules_move`: the move a careful person would
  make, from what the seat to move may see;
* **Monte Carlo** — :meth:`BotHooks.search` returns a :class:`Search` for one decision:
  :meth:`Search.deal` deals the hidden cards consistently with what the seat has seen,
  :meth:`Search.results` gives each legal move's perfect-information result in that
  deal (solved with :class:`~kowhist_teach.core.trick_solver.TrickSolver`, or played
  out), :meth:`Search.utility` says what a result is worth, and :meth:`Search.choose`
  picks the move from the scores.  :meth:`BotHooks.search_move` runs that loop within
  the bot's sample budget and time limit; a game whose every card is known may
  override it to solve exactly;
* **analysis** — :meth:`BotHooks.analyse`: every legal move with the tricks the player
  can guarantee if every card were visible.

The card-set helpers at the bottom (``low``, ``masters``, ``winners`` …) are the
vocabulary the games' rules of thumb share.

>>> import kowhist_teach
>>> from kowhist_teach.core.registry import specs
>>> all(isinstance(s.bots, BotHooks) for s in specs())
True
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from ..cards import SUIT_MASK, Card
from ..errors import SetupError
from ..moves import Move
from ..trick_solver import AnalysisTimeout, MoveAnalysis

__all__ = [
    "BotHooks",
    "Search",
    "SamplingBot",
    "bots_of",
    "best_of",
    "clearly_decided",
    "deal_hidden_in_order",
]

_clock = time.perf_counter


def bots_of(game: Any) -> BotHooks:
    """The bots hook of a game object (one dictionary look-up: bots call it per move)."""
    try:
        return type(game).spec.hooks["bots"]
    except (AttributeError, KeyError):
        raise SetupError(f"{type(game).__name__} has no bots hook") from None


class Search(ABC):
    """One Monte Carlo decision of one seat, built by :meth:`BotHooks.search`.

    It holds what the seat knows at this decision (worked out once), its own
    generator (seeded from the bot's seed and the position, so the same seed gives
    the same samples), and ``moves``, the legal moves to score.
    """

    #: The legal moves being compared, in the engine's order.
    moves: list[Move]

    @abstractmethod
    def deal(self) -> Any | None:
        """A deal of the cards the seat cannot see, consistent with everything it has
        seen (its hand, the cards played, card counts, suits shown out of, open cards);
        ``None`` when no such deal can be made (the search then stops)."""

    @abstractmethod
    def results(self, world: Any, give_up_at: float) -> list[Any]:
        """The perfect-information result of each of ``moves`` in the dealt ``world``
        (e.g. the tricks the seat's side then takes with best play); may raise
        :class:`~kowhist_teach.core.trick_solver.AnalysisTimeout` after ``give_up_at``
        (a ``time.perf_counter()`` value)."""

    @abstractmethod
    def utility(self, result: Any) -> float:
        """What a result is worth to the seat (surviving, making the contract, tricks)."""

    #: Samples before :meth:`decided` is first asked (0: never, sample to the budget).
    min_samples = 0

    #: The solver work (nodes) all samples together may do, or ``None``: a search that
    #: counts its work (see :meth:`work`) abandons the sample that would pass it with
    #: :class:`~kowhist_teach.core.trick_solver.AnalysisTimeout`, as at its time limit.
    node_limit: int | None = None

    def work(self) -> int:
        """The work the samples so far have cost, in solver nodes (``0`` for a search
        that does not count it)."""
        return 0

    def decided(self, scores: list[list[float]]) -> bool:
        """Whether the samples so far settle the choice, so sampling may stop before
        the budget (``scores[j]``: ``moves[j]``'s utilities, one per sample, all of the
        same length). Default: :func:`clearly_decided`."""
        return clearly_decided(scores)

    def choose(self, scores: list[list[float]], preferred: Move) -> Move:
        """The move to play from its utilities over the samples (``scores[j]`` for
        ``moves[j]``); ``preferred`` is the rules bot's move. Default: the best total,
        ties going to ``preferred`` (see :func:`best_of`)."""
        totals = []
        for row in scores:
            t = 0.0
            for v in row:
                t += v
            totals.append(t)
        return best_of(self.moves, totals, preferred)


class SamplingBot:
    """What a Monte Carlo bot carries into :meth:`BotHooks.search_move`: the seed, the
    sampling budget, what the last decision did, per-game memory, and its rules bot
    (``rules.choose(game)``, the fallback and the tie-break)."""

    name = "montecarlo"
    #: The rules bot consulted for the fallback move (set by subclasses).
    rules: Any

    def __init__(
        self,
        seed: int | None = None,
        samples: int = 64,
        time_limit: float | None = 0.5,
        stop_early: bool = True,
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.samples = samples
        self.time_limit = time_limit
        #: Stop sampling once the choice is settled (a sequential test, see
        #: :meth:`Search.decided`); ``False`` always samples to the budget.
        self.stop_early = stop_early
        self.last_samples = 0  #: how many samples the last decision played out (or solved)
        self.last_timed_out = False  #: whether the time limit cut the last decision short
        #: What a game's hook keeps from one decision to the next (e.g. a solver's table).
        self.memory: dict[str, Any] = {}

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(seed={self.seed!r}, samples={self.samples!r}, "
            f"time_limit={self.time_limit!r})"
        )


class BotHooks(ABC):
    """How a game's bots decide (one object per game, on ``spec.hooks["bots"]``).

    Every method decides only from what the seat to move may see — ``game.view(seat)``
    plus the public history; no hook reads another player's hidden cards, except a
    search inside a *sampled* deal.
    """

    # Whether analyse() answers for this game is declared on its spec (``analysis``,
    # core/registry.py), which the command line's --analyse, review and the hint read.

    @abstractmethod
    def rules_move(self, game: Any, rng: random.Random) -> Move:
        """The rule-of-thumb move for the player to move (``RulesBot``).

        ``rng`` is the calling bot's own seeded generator, for the choices the rules
        leave open; a hook uses it only there, so the same seed gives the same game.
        """

    def search(self, game: Any, bot: SamplingBot) -> Search | None:
        """The Monte Carlo search for this decision, or ``None`` where the rules move
        is played as it is (bids, trump choices, a single legal move …). Default: none."""
        return None

    def search_move(self, game: Any, bot: SamplingBot) -> Move:
        """The Monte Carlo bot's move: the rules move, unless :meth:`search` gives a
        search; then up to ``bot.samples`` deals are sampled and scored until
        ``bot.time_limit`` (less 20 ms of slack) is up — or, from the search's
        ``min_samples`` on, until :meth:`Search.decided` says the choice is settled
        (when ``bot.stop_early``) — and :meth:`Search.choose` decides. Sets
        ``bot.last_samples`` and ``bot.last_timed_out``."""
        start = _clock()
        bot.last_samples = 0
        bot.last_timed_out = False
        rules_move = bot.rules.choose(game)
        search = self.search(game, bot)
        if search is None:
            return rules_move
        limit = bot.time_limit
        deadline = start + limit - 0.02 if limit is not None else float("inf")
        scores: list[list[float]] = [[] for _m in search.moves]
        utility = search.utility
        early = search.min_samples if bot.stop_early else 0
        for _i in range(bot.samples):
            if _clock() > deadline:
                bot.last_timed_out = True
                break
            world = search.deal()
            if world is None:
                break
            try:
                results = search.results(world, deadline)
            except AnalysisTimeout:
                bot.last_timed_out = True
                break
            for row, result in zip(scores, results, strict=True):
                row.append(utility(result))
            bot.last_samples += 1
            if early and bot.last_samples >= early and search.decided(scores):
                break
        if not bot.last_samples:
            return rules_move
        return search.choose(scores, rules_move)

    def analyse(self, game: Any, seat: int, give_up_at: float) -> list[MoveAnalysis]:
        """Every legal move of ``seat`` (the player to move) with the tricks it can
        still guarantee if every card were visible (``[]`` where no card play is in
        question); raises :class:`~kowhist_teach.core.trick_solver.AnalysisTimeout`
        after ``give_up_at``; answered where the spec declares ``analysis``. Default: the
        game has no such analysis (a ``TypeError``)."""
        raise TypeError(f"analyse() has no analysis for {type(game).__name__}")


def best_of(moves: Sequence[Move], totals: Sequence[float], preferred: Move) -> Move:
    """The move with the best total; among equals ``preferred``, else the cheapest
    card (lowest rank), else the first."""
    top = max(totals)
    tied = [m for m, t in zip(moves, totals, strict=True) if t >= top - 1e-9]
    if preferred in tied:
        return preferred
    cards = [m for m in tied if isinstance(m, Card)]
    if cards:
        return min(cards, key=lambda c: (RANK_OF[c], c))  # the cheapest of equals
    return tied[0]


#: How sure :func:`clearly_decided` must be: the leader's paired advantage over each
#: other move must lie this many standard errors above zero (about 99 % one-sided) …
DECIDED_Z = 2.5
#: … or the two must be a practical tie: the whole interval within this much utility
#: of zero (a fraction of one trick: picking either costs at most that on average).
TIE_MARGIN = 0.25


def clearly_decided(scores: list[list[float]], z: float = DECIDED_Z) -> bool:
    """A sequential test on paired samples: whether the move with the best total is
    either clearly better than every other (its mean advantage over it, sample by
    sample, at least ``z`` standard errors above zero) or practically tied with it
    (the whole ``z``-interval of the advantage within :data:`TIE_MARGIN`), so more
    samples would not change the choice by anything that matters.

    >>> clearly_decided([[1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0]])
    True
    >>> clearly_decided([[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]])
    False
    """
    k = len(scores[0])
    if k < 2:
        return False
    totals = [sum(row) for row in scores]
    best = scores[max(range(len(scores)), key=totals.__getitem__)]
    for row in scores:
        if row is best:
            continue
        d = [a - b for a, b in zip(best, row, strict=True)]
        mean = sum(d) / k
        var = sum((x - mean) ** 2 for x in d) / (k - 1)
        half = z * (var / k) ** 0.5
        if mean - half > 0:
            continue  # clearly worse than the leader
        if mean + half <= TIE_MARGIN and mean - half >= -TIE_MARGIN:
            continue  # a practical tie
        return False
    return True


# ------------------------------------------------------------------ card-set helpers
#: Suit and rank (0 = two … 12 = ace) of each card index of the 52-card pack.
SUIT_OF = tuple(i // 13 for i in range(52))
RANK_OF = tuple(i % 13 for i in range(52))
#: The cards of the same suit ranked above each card.
ABOVE = tuple(SUIT_MASK[i // 13] & ~((2 << i) - 1) for i in range(52))


def mask(cards: Sequence[int]) -> int:
    """The card set of some card indices."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def low(cards: int, hand: int = 0, avoid: int = 0) -> int:
    """The lowest-ranked card of ``cards`` (outside ``avoid`` if possible); ties go to
    the suit with the fewest cards in ``hand`` (discarding from it makes a void)."""
    pool = cards & ~avoid or cards
    best, key = -1, (99, 99)
    for s in range(4):
        chunk = pool & SUIT_MASK[s]
        if chunk:
            c = (chunk & -chunk).bit_length() - 1
            k = (RANK_OF[c], (hand & SUIT_MASK[s]).bit_count())
            if k < key:
                best, key = c, k
    return best


def lowest_in(cards: int) -> int:
    """The lowest card of a set that lies within one suit."""
    return (cards & -cards).bit_length() - 1


def masters(hand: int, unseen: int, suit: int) -> int:
    """Our cards of ``suit`` that no unseen card of the suit can beat."""
    mine = hand & SUIT_MASK[suit]
    others = unseen & SUIT_MASK[suit]
    if not others:
        return mine
    return mine & ~((2 << (others.bit_length() - 1)) - 1)


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick (``trump``: a suit
    index or -1)."""
    cs, bs = SUIT_OF[card], SUIT_OF[best]
    if cs == bs:
        return card > best
    return cs == trump


def winners(legal: int, best: int, trump: int) -> int:
    """The cards of ``legal`` that beat ``best``."""
    bs = SUIT_OF[best]
    w = legal & ABOVE[best]
    if trump >= 0 and bs != trump:
        w |= legal & SUIT_MASK[trump]
    return w


def deal_hidden_in_order(
    rng: random.Random,
    pool: Sequence[int],
    need: dict[int, int],
    voids: Sequence[int],
    seats: Sequence[int],
) -> dict[int, int] | None:
    """Deal ``need[seat]`` cards of ``pool`` to each of ``seats`` in that order, at
    random, giving no seat a card of a suit it has shown out of (``voids``: a suit bit
    set per seat); after ten failed tries the voids are dropped; ``None`` if even that
    fails. The games choose the order (the most constrained seats first).

    >>> import random
    >>> hands = deal_hidden_in_order(random.Random(1), [0, 13], {1: 1, 2: 1}, [0, 1, 0], [1, 2])
    >>> hands[1] == 1 << 13 and hands[2] == 1
    True
    """
    for attempt in range(12):
        strict = attempt < 10
        taken = 0
        out: dict[int, int] = {}
        for s in seats:
            v = voids[s] if strict else 0
            cands = [c for c in pool if not (taken >> c & 1) and not (v >> SUIT_OF[c] & 1)]
            if len(cands) < need[s]:
                break
            hand = 0
            for c in rng.sample(cands, need[s]):
                hand |= 1 << c
            taken |= hand
            out[s] = hand
        else:
            return out
    return None
