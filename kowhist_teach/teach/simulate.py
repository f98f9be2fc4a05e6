"""Many games between bots, on every core: the simulations the course settles questions by.

:func:`simulate` plays ``games`` games of any registered game between named bots and
counts the wins by seat. Game ``i`` is fully fixed by ``seed`` and ``i``: its deal
(``seed * 100003 + i``), its first dealer (``i % players``) and its bots, made afresh
for it with seeds from ``seed``, ``i`` and the seat. So the games can be shared out
among worker processes (``workers=``, default: one per core for 40 games or more) and
the result is the same as in one process — except that a Monte Carlo bot cut short by
its time limit on a busy machine may choose differently, in any process. A game with
a lean playout core (its ``playout`` hook) plays tables of the bots that core knows
there: the same games, move for move (its differential test checks that), faster.

``progress(done, total)`` is called after every finished chunk of games (and once at
the start with ``done == 0``); the command line draws a bar on the terminal with it,
and ``kowhist_teach.widgets.progress`` gives a notebook its ipywidgets bar.

>>> result = simulate(players=3, games=5, seed=2)
>>> result['games'], sum(result['wins']) + result['draws']
(5, 5)
>>> simulate(players=3, games=6, seed=2, workers=2)['wins'] == simulate(
...     players=3, games=6, seed=2, workers=1)['wins']
True
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import SetupError
from ..core.registry import spec
from ..i18n import _, ngettext
from .bots import MonteCarloBot, RandomBot, RulesBot

__all__ = ["BOTS", "simulate", "make_bot", "game_seed", "bot_seed", "default_workers"]

#: Bot factories by name: ``factory(seed) -> choose(game) -> move``.
BOTS: dict[str, Callable[[int], Callable[[Any], Any]]] = {
    "random": RandomBot,
    "rules": RulesBot,
    "montecarlo": MonteCarloBot,
}

#: Games a worker plays between two progress reports.
CHUNK = 10
#: Below this many games one process is faster than starting workers.
MIN_PARALLEL_GAMES = 40

Progress = Callable[[int, int], None]


def make_bot(name: str, seed: int) -> Callable[[Any], Any]:
    """The bot ``name`` (a one-line :class:`SetupError` if there is none)."""
    if name not in BOTS:
        raise SetupError(
            _("unknown bot {name!r}: choose from {known}").format(
                name=name, known=", ".join(sorted(BOTS))
            )
        )
    return BOTS[name](seed)


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i``'s chance (its deals and cuts)."""
    return seed * 100003 + i


def bot_seed(seed: int, i: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for game ``i``."""
    return (seed * 1000 + seat) * 1000003 + i


def default_workers(games: int) -> int:
    """One process per core for ``MIN_PARALLEL_GAMES`` games or more, else one."""
    if games < MIN_PARALLEL_GAMES:
        return 1
    return max(1, min(os.cpu_count() or 1, games // CHUNK))


def _play_games(
    task: tuple[str, int, int, tuple[str, ...], Any, int | None, int, int],
) -> list[tuple]:
    """Games ``lo..hi-1`` of a simulation; each gives (winner, by partnership, move
    times by seat)."""
    game, players, seed, bots, rules, match, lo, hi = task
    game_spec = spec(game)
    clock = time.perf_counter
    out = []
    if match in (None, 1) and game_spec.has("playout") and game_spec.playout.plays(bots):
        # The game's lean core: the same games, move for move, many times faster (a
        # German match of several hands is the engine's alone).
        lean = game_spec.playout
        for i in range(lo, hi):
            times: list[list[float]] = [[] for _s in range(players)]
            seeds = [bot_seed(seed, i, s) for s in range(players)]
            result = lean.play_game(
                players, rules, game_seed(seed, i), i % players, bots, seeds, times
            )
            out.append((result.winner, result.by_partnership, times))
        return out
    for i in range(lo, hi):
        choosers = [make_bot(name, bot_seed(seed, i, s)) for s, name in enumerate(bots)]
        times: list[list[float]] = [[] for _s in range(players)]
        # A German match (``match``) is made by the game's own hook.
        g = game_spec.cli.new_game(
            game_spec,
            match,
            players=players,
            rules=rules,
            seed=game_seed(seed, i),
            first_dealer=i % players,
        )
        while g.outcome() is None:
            seat = g.to_move
            t0 = clock()
            move = choosers[seat](g)
            times[seat].append(clock() - t0)
            g.play(move)
        outcome = g.outcome()
        if game_spec.dummy:  # the winners are a side of any seats: the dummy's dealer's
            out.append((tuple(outcome.winning_seats), False, times))
            continue
        out.append((outcome.winner, game_spec.partnerships is not None, times))
    return out


def _pool_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def simulate(
    game: str = "knockout",
    players: int = 4,
    games: int = 100,
    seed: int = 1,
    bots: Sequence[str] | None = None,
    rules: Any = None,
    match: int | None = None,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play ``games`` games between bots; wins by seat, draws, time, median move time.

    Seats keep their bots; the first dealer turns round the table from game to game.
    In partnership whist and bid whist a win counts for both seats of the partnership.
    ``workers``: processes to use (``None``: :func:`default_workers`); the result does
    not depend on it. ``progress(done, total)`` reports games finished. ``match``: play
    matches of that many hands where the game has them (German Whist: 3 or 5).
    """
    bots = list(bots or ["random"] * players)
    if len(bots) != players:
        text = ngettext(
            "--bots names {k} bot for {n} seats: give one per seat",
            "--bots names {k} bots for {n} seats: give one per seat",
            len(bots),
        )
        raise SetupError(text.format(k=len(bots), n=players))
    game_spec = spec(game)  # an unknown game fails here, before any worker starts
    for name in bots:
        make_bot(name, 0)
    if games < 1:
        raise SetupError(_("--games must be at least 1"))
    # An impossible table or rule set fails here too (the engine's own words), before
    # any worker starts and whichever core then plays the games.
    game_spec.cli.new_game(game_spec, match, players=players, rules=rules, seed=game_seed(seed, 0))
    if workers is None:
        workers = default_workers(games)
    tasks = [
        (game, players, seed, tuple(bots), rules, match, lo, min(lo + CHUNK, games))
        for lo in range(0, games, CHUNK)
    ]
    wins = [0] * players
    draws = 0
    move_times: list[list[float]] = [[] for _ in range(players)]
    start = time.perf_counter()
    done = 0
    if progress is not None:
        progress(0, games)

    def count(results: list[tuple]) -> None:
        nonlocal draws, done
        for winner, by_partnership, times in results:
            if winner is None:
                draws += 1
            elif isinstance(winner, tuple):  # every seat of the winning side
                for seat in winner:
                    wins[seat] += 1
            elif by_partnership:
                for seat in (winner, winner + 2):  # the partnership's seats
                    wins[seat] += 1
            else:
                wins[winner] += 1
            for seat in range(players):
                move_times[seat] += times[seat]
        done += len(results)
        if progress is not None:
            progress(done, games)

    if workers <= 1 or len(tasks) == 1:
        for task in tasks:
            count(_play_games(task))
    else:
        with _pool_context().Pool(min(workers, len(tasks))) as pool:
            for results in pool.imap(_play_games, tasks):
                count(results)
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "seconds": round(time.perf_counter() - start, 6),
        "move_seconds": [statistics.median(t) if t else None for t in move_times],
    }
