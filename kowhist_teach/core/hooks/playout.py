"""The playout hook: a game's lean core, for simulations that read only results.

A game whose package has a lean playout core (plain ints, no records, no explanation
objects) attaches a :class:`PlayoutHooks` object to its spec
(``SPEC.hooks["playout"] = KnockoutPlayoutHooks()``). :mod:`kowhist_teach.teach.simulate`
and :mod:`kowhist_teach.teach.experiments` ask ``spec.has("playout")`` and, when every
bot of a table is one the hook plays (:attr:`PlayoutHooks.bots`), play the game there
instead of on the full engine. The hook promises the *same* game: the same deals from
the same seed, and bots that choose exactly as the engine's bots of the same names and
seeds (its package's differential test checks that), so a result never depends on
which core played it.

>>> import kowhist_teach
>>> from kowhist_teach.core.registry import spec
>>> spec("knockout").playout.bots
('random', 'rules')
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["LazyPlayout", "PlayoutHooks", "PlayoutResult", "RoundResult", "play_random"]


@dataclass(frozen=True)
class RoundResult:
    """One round played to its end (not a redealt one): the cards dealt to each seat (a
    card set, bit ``1 << card index``), the round's hand size, trumps (a suit index, -1
    for none) and the tricks each seat won."""

    dealt: list[int]
    hand_size: int
    trump: int
    tricks_won: list[int]


@dataclass(frozen=True)
class PlayoutResult:
    """A finished lean game: the winner (``None`` for a draw), whether the win is a
    partnership's, and its rounds (:class:`RoundResult`, in order)."""

    winner: int | None
    by_partnership: bool = False
    rounds: list[RoundResult] = field(default_factory=list)


class PlayoutHooks(ABC):
    """A game's lean playout core (one object per game, on ``spec.hooks["playout"]``)."""

    #: The bot names (as ``simulate`` knows them) the lean core plays.
    bots: tuple[str, ...] = ()

    def plays(self, bots: Sequence[str]) -> bool:
        """Whether every one of ``bots`` is a bot the lean core plays."""
        return all(name in self.bots for name in bots)

    @abstractmethod
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
        """One whole game between ``bots`` (one name per seat, seeded with
        ``bot_seeds``), dealt from ``seed`` as ``spec.new_game(players=..., rules=...,
        seed=seed, first_dealer=first_dealer)`` deals it: the same game the engine
        plays with these bots. ``times``, if given, receives each seat's move times."""


class LazyPlayout:
    """A game's playout hook, imported on first use: ``LazyPlayout(module, name)`` stands
    on the spec for the class ``name`` of ``module`` and becomes it when asked anything.
    A lean core brings its suit tables with it (``core/suit_chunks.py``, 3 MB); the app,
    which plays on the engine, never asks for one, so a kernel serving a student does
    without.

    >>> hook = LazyPlayout("kowhist_teach.games.german.playout", "GermanPlayoutHooks")
    >>> hook.bots
    ('random',)
    """

    def __init__(self, module: str, name: str) -> None:
        self._where = (module, name)
        self._hook: PlayoutHooks | None = None

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("_"):  # never the hook's own privates (nor copy's probes)
            raise AttributeError(attribute)
        if self._hook is None:
            import importlib

            module, name = self._where
            self._hook = getattr(importlib.import_module(module), name)()
        return getattr(self._hook, attribute)


def play_random(
    game: Any,
    bot_seeds: Sequence[int],
    times: list[list[float]] | None = None,
    after_move: Callable[[], None] | None = None,
) -> None:
    """Play a lean core's ``game`` (``to_move``, -1 once over; ``legal()``;
    ``play(move)``) to its end between random bots, each drawing ``rng.choice(legal)``
    from ``random.Random(its seed)`` as :class:`~kowhist_teach.teach.bots.RandomBot`
    does on the engine. ``times``, if given, receives each seat's move times;
    ``after_move`` is called after every move (to note a finished round)."""
    choices = [random.Random(s).choice for s in bot_seeds]
    legal, play = game.legal, game.play
    clock = time.perf_counter
    while game.to_move >= 0:
        seat = game.to_move
        if times is not None:
            t0 = clock()
            move = choices[seat](legal())
            times[seat].append(clock() - t0)
        else:
            move = choices[seat](legal())
        play(move)
        if after_move is not None:
            after_move()
