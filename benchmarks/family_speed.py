"""Random-play speed of partnership whist against OpenSpiel's ``bridge`` play phase.

Issue 6 names OpenSpiel's ``bridge`` as the peer of the partnership-whist engine (the
trick winners are checked against it in ``tests/test_openspiel_bridge.py``); this
measures how fast each plays out whole deals at random, in the same process:

* **Engine**: whole rubbers of ``WhistGame(seed=i)``, deal after deal (each deal: dealt,
  trump card turned, 52 cards played, scored; the next deal is dealt at once). Loop:
  ``game.play(rng.choice(game.legal_moves()))``; a new rubber when one ends.
* **Lean, driven** (``games/family/whist/playout.py``, issue 16): the same rubbers on
  the lean core with the same loop, ``game.play(rng.choice(game.legal()))``.
* **Lean, random_game**: whole rubbers by the lean core's
  :func:`~kowhist_teach.games.family.whist.playout.random_game` (its 13 tricks in one
  loop, one ``rng.random()`` draw a card): what a simulation of random play costs.
* **OpenSpiel**: ``bridge`` with ``use_double_dummy_result=False``: the 52 chance
  actions of the deal (sampled with ``rng.choice`` of the outcomes), a fixed auction of
  1NT and three passes (4 actions, not counted as moves: whist has no auction), then 52
  random cards, ``state.apply_action(rng.choice(state.legal_actions()))``.

All count the 52 cards of a deal as moves and pay for their deal (and our lines for the
scoring) inside the timed loop. They are measured in alternating rounds (the order
turns each round); each reports its median rate over the rounds, by wall-clock time
and by this process's CPU time. The CPU-time ratio is the figure to read on a loaded
machine: wall time then also counts the waits for a core, which fall on whichever line
happens to run while the other processes are busy.

    python benchmarks/family_speed.py                # 5 rounds of 2 s each
    python benchmarks/family_speed.py --json

If ``pyspiel`` (pip package ``open_spiel``) is missing, only our rates are measured.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

# Measure the engine in this working tree even when the package is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kowhist_teach.games.family.whist.engine import WhistGame
from kowhist_teach.games.family.whist.playout import WhistPlayout, random_game

# bridge's auction actions: 52 = pass; bids start at 55 (1♣), strain order ♣ ♦ ♥ ♠ NT.
_PASS = 52
_ONE_NT = 55 + 4


@dataclass
class Run:
    """One timed run: cards played, wall-clock seconds and this process's CPU seconds."""

    moves: int
    seconds: float
    cpu_seconds: float

    @property
    def rate(self) -> float:
        return self.moves / self.seconds

    @property
    def cpu_rate(self) -> float:
        """Cards per second of CPU time: fairer than wall time on a loaded machine."""
        return self.moves / self.cpu_seconds


def run_ours(seconds: float, rng: random.Random, first_seed: int) -> Run:
    """Whole deals of partnership whist on the engine for about ``seconds``."""
    moves = 0
    seed = first_seed
    start = time.perf_counter()
    cpu_start = time.process_time()
    end = start + seconds
    choice = rng.choice
    game = WhistGame(seed=seed)
    while time.perf_counter() < end:
        for _deal in range(20):
            if game.outcome() is not None:  # the rubber is over: a new one
                seed += 1
                game = WhistGame(seed=seed)
            for _card in range(52):
                game.play(choice(game.legal_moves()))
            moves += 52
    return Run(moves, time.perf_counter() - start, time.process_time() - cpu_start)


def run_lean(seconds: float, rng: random.Random, first_seed: int) -> Run:
    """As :func:`run_ours` on the lean core, with the same loop."""
    moves = 0
    seed = first_seed
    start = time.perf_counter()
    cpu_start = time.process_time()
    end = start + seconds
    choice = rng.choice
    game = WhistPlayout(seed=seed)
    while time.perf_counter() < end:
        for _deal in range(20):
            if game.to_move < 0:  # the rubber is over: a new one
                seed += 1
                game = WhistPlayout(seed=seed)
            for _card in range(52):
                game.play(choice(game.legal()))
            moves += 52
    return Run(moves, time.perf_counter() - start, time.process_time() - cpu_start)


def run_random_game(seconds: float, rng: random.Random, first_seed: int) -> Run:
    """Whole random rubbers by the lean core's ``random_game`` for about ``seconds``."""
    moves = 0
    seed = first_seed
    start = time.perf_counter()
    cpu_start = time.process_time()
    end = start + seconds
    while time.perf_counter() < end:
        for _game in range(5):
            moves += 52 * random_game(seed, None, rng).number
            seed += 1
    return Run(moves, time.perf_counter() - start, time.process_time() - cpu_start)


def run_openspiel(seconds: float, rng: random.Random, game) -> Run:
    """Whole bridge deals (dealt, 1NT passed out, 52 cards) for about ``seconds``."""
    moves = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    end = start + seconds
    choice = rng.choice
    while time.perf_counter() < end:
        for _deal in range(20):
            state = game.new_initial_state()
            while state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            for action in (_ONE_NT, _PASS, _PASS, _PASS):
                state.apply_action(action)
            for _card in range(52):
                state.apply_action(choice(state.legal_actions()))
            moves += 52
    return Run(moves, time.perf_counter() - start, time.process_time() - cpu_start)


#: The lines measured, in the order of the first round.
LINES = ("engine", "lean", "random_game", "openspiel")


def measure(seconds: float, rounds: int) -> dict:
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    bridge = pyspiel.load_game("bridge", {"use_double_dummy_result": False}) if pyspiel else None
    rng = random.Random(0)
    runs: dict[str, list[Run]] = {line: [] for line in LINES}
    for r in range(rounds):
        # Each round starts one line further on, so no line always runs first or last.
        order = LINES[r % len(LINES) :] + LINES[: r % len(LINES)]
        for line in order:
            first_seed = r * 1_000_000
            if line == "engine":
                runs[line].append(run_ours(seconds, rng, first_seed))
            elif line == "lean":
                runs[line].append(run_lean(seconds, rng, first_seed))
            elif line == "random_game":
                runs[line].append(run_random_game(seconds, rng, first_seed))
            elif bridge is not None:
                runs[line].append(run_openspiel(seconds, rng, bridge))
    rates = {
        line: {
            "cards_per_s": statistics.median(x.rate for x in done),
            "cpu_cards_per_s": statistics.median(x.cpu_rate for x in done),
            "round_rates": [x.rate for x in done],
            "round_cpu_rates": [x.cpu_rate for x in done],
        }
        for line, done in runs.items()
        if done
    }
    result: dict = {
        # The first three keys as before this file measured the lean core.
        "ours_cards_per_s": rates["engine"]["cards_per_s"],
        "rounds": rounds,
        "seconds": seconds,
        "lines": rates,
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }
    if "openspiel" in rates:
        peer = rates["openspiel"]
        result["openspiel_bridge_cards_per_s"] = peer["cards_per_s"]
        result["ratio"] = result["ours_cards_per_s"] / peer["cards_per_s"]
        result["ratios"] = {
            line: {
                "wall": rates[line]["cards_per_s"] / peer["cards_per_s"],
                "cpu": rates[line]["cpu_cards_per_s"] / peer["cpu_cards_per_s"],
            }
            for line in ("engine", "lean", "random_game")
        }
    return result


_LABELS = {
    "engine": "engine (WhistGame), driven loop",
    "lean": "lean core, driven loop",
    "random_game": "lean core, random_game",
    "openspiel": "OpenSpiel bridge play phase",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.seconds, args.rounds)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print("partnership whist, random play (median over rounds; cards/s wall, cards/s CPU):")
    for line, rate in result["lines"].items():
        print(
            f"  {_LABELS[line]:<34} {rate['cards_per_s']:>10,.0f} {rate['cpu_cards_per_s']:>10,.0f}"
        )
    if "ratios" in result:
        print("ratio to bridge's play phase (wall, CPU):")
        for line, ratio in result["ratios"].items():
            print(f"  {_LABELS[line]:<34} {ratio['wall']:>9.2f}x {ratio['cpu']:>9.2f}x")
    else:
        print("pyspiel (pip package open_spiel) is not importable: measured our lines only")
    if result["load_average"]:
        print("load average (1, 5, 15 min): {:.1f} {:.1f} {:.1f}".format(*result["load_average"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
