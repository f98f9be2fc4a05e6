"""Bots for every registered game: random, rules of thumb, Monte Carlo.

A bot is called with a game whose turn it is and returns a legal move for the player to
move.  It decides only from what that seat may see — exactly what ``game.view(seat)``
shows plus the public history (its own hand, not even that for a blind dog in
Knock-Out Whist; the cards played and who played them; each seat's card count …).  No
bot reads another player's hidden cards.

These bots are generic: how a game's bots decide lives in that game's package, in the
bots hook of its spec (:class:`~kowhist_teach.core.hooks.bots.BotHooks`), which the
bots ask — never which game they hold.

* :class:`RandomBot` picks any legal move.
* :class:`RulesBot` plays the game's rules of thumb, like a careful person (Knock-Out
  Whist: one trick is enough to survive, so win one cheaply and then stop spending high
  cards; no wasted aces, no pointless over-trumping; keep the top trump as insurance).
* :class:`MonteCarloBot` deals the hidden cards at random many times, consistently with
  everything its seat has seen, scores every legal move on each deal with every card
  visible (solved with :class:`~kowhist_teach.core.trick_solver.TrickSolver`, or in
  the whist family played out with fast rules of thumb) and plays the move that did
  best, within a time limit per move.  Where every card is known (German Whist's phase
  2) it solves exactly; its bids, trump choices and declarations are the rules bot's.

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(4, seed=3)
>>> bots = [RulesBot(seed=s) for s in range(4)]
>>> while not game.is_over():
...     game.play(bots[game.to_move](game))
>>> game.outcome().winner in range(4)
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from ..core.hooks.bots import SamplingBot, bots_of
from ..core.moves import Move

__all__ = ["Bot", "RandomBot", "RulesBot", "MonteCarloBot", "make_bot", "BOT_NAMES"]


@runtime_checkable
class Bot(Protocol):
    """What every bot offers: a ``name`` and ``choose(game) -> move``.

    Bots are also callable (``bot(game)`` is ``bot.choose(game)``), so a bot class
    is a factory ``seed -> choose`` as ``kowhist-teach simulate`` expects.

    >>> isinstance(RulesBot(1), Bot), RulesBot(1).name
    (True, 'rules')
    """

    name: str

    def choose(self, game: Any) -> Move:
        """A legal move for the player to move in ``game``."""
        ...


# ------------------------------------------------------------------------ random bot
class RandomBot:
    """Plays a legal move chosen at random (seeded: the same seed, the same game).

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(3, seed=1)
    >>> RandomBot(seed=5)(g) in g.legal_moves()
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Any) -> Move:
        """Any legal move, at random."""
        return self._rng.choice(game.legal_moves())

    __call__ = choose

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


# ------------------------------------------------------------------------- rules bot
class RulesBot:
    """The rules of thumb of the game it is given (its bots hook's ``rules_move``),
    played like a careful person.

    Knock-Out Whist: one trick is enough to survive, so before that win a trick as
    cheaply as it can be won, and once safe play low and discard low; never waste an
    ace, never over-trump for nothing; keep the top trump as insurance.  German Whist:
    fight for a good face-up card and lose on purpose under a weak one; then draw
    trumps with long suits.  The whist family: second hand low, third hand high, and
    bids counted from the hand.  Each game's package documents its own rules.

    >>> from kowhist_teach import GermanGame
    >>> g = GermanGame(seed=2)
    >>> RulesBot(seed=1).choose(g) in g.legal_moves()
    True
    """

    name = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RulesBot(seed={self.seed!r})"

    def choose(self, game: Any) -> Move:
        """The rule-of-thumb move for the player to move."""
        return bots_of(game).rules_move(game, self._rng)

    __call__ = choose


# --------------------------------------------------------------------- Monte Carlo
class MonteCarloBot(SamplingBot):
    """Samples the hidden cards and scores each move with every card visible.

    For a card to play (or a dog's play-or-pass) it deals the cards it cannot see at
    random, consistently with all its seat has seen — its own hand, the cards played,
    the turn-up, each seat's card count, and the suits a player has shown out of (a
    player who did not follow a led suit holds none of it) — then scores every legal
    move on that deal (Knock-Out Whist: solved with
    :class:`~kowhist_teach.core.trick_solver.TrickSolver` for its seat against all the
    others; the whist family: played out with fast rules of thumb) and plays the best
    (ties: the :class:`RulesBot` move).  In Knock-Out Whist, before its first trick a
    move that surely survives is worth far more than an extra trick; taking every trick
    (a sweep, which wins the game) is worth more still.

    German Whist: in phase 1 (the stock unseen) it plays as :class:`RulesBot`; in phase
    2 both hands are known, so it solves exactly.  Trump choices, votes, bids and
    declarations are the rules bot's.

    It stops sampling when ``time_limit`` seconds are up (and falls back to the rules
    bot if not one sample was solved).  The same seed gives the same choices as long as
    the time limit does not cut the sampling short; ``time_limit=None`` makes it exact.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(4, seed=8)
    >>> bot = MonteCarloBot(seed=1, samples=4, time_limit=None)
    >>> bot(g) in g.legal_moves() and bot(g) == MonteCarloBot(1, 4, None)(g)
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        samples: int = 64,
        time_limit: float | None = 0.5,
        stop_early: bool = True,
    ) -> None:
        super().__init__(seed, samples, time_limit, stop_early)
        self.rules = RulesBot(seed)

    def choose(self, game: Any) -> Move:
        """The move with the best score over sampled deals of the hidden cards."""
        return bots_of(game).search_move(game, self)

    __call__ = choose


# ------------------------------------------------------------------------ registry
#: The bot names ``kowhist-teach simulate --bots`` accepts.
BOT_NAMES = ("random", "rules", "montecarlo")


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name: ``random``, ``rules`` or ``montecarlo`` (options go to its class).

    >>> make_bot('montecarlo', 3, samples=10).samples
    10
    """
    cls = {"random": RandomBot, "rules": RulesBot, "montecarlo": MonteCarloBot}[name]
    return cls(seed, **options)
