"""Random-play speed of partnership whist against OpenSpiel's ``bridge`` play phase.

Issue 6 names OpenSpiel's ``bridge`` as the peer of the partnership-whist engine (the
trick winners are checked against it in ``tests/test_openspiel_bridge.py``); this
measures how fast each plays out whole deals at random, in the same process:

* **Ours**: whole rubbers of ``WhistGame(seed=i)``, deal after deal (each deal: dealt,
  trump card turned, 52 cards played, scored; the next deal is dealt at once). Loop:
  ``game.play(rng.choice(game.legal_moves()))``; a new rubber when one ends.
* **OpenSpiel**: ``bridge`` with ``use_double_dummy_result=False``: the 52 chance
  actions of the deal (sampled with ``rng.choice`` of the outcomes), a fixed auction of
  1NT and three passes (4 actions, not counted as moves: whist has no auction), then 52
  random cards, ``state.apply_action(rng.choice(state.legal_actions()))``.

Both count the 52 cards of a deal as moves and pay for their deal inside the timed loop.
The two are measured in alternating rounds; each reports its median rate.

    python benchmarks/family_speed.py                # 5 rounds of 2 s each
    python benchmarks/family_speed.py --json

If ``pyspiel`` (pip package ``open_spiel``) is missing, only our rate is measured.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

# Measure the engine in this working tree even when the package is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kowhist_teach.games.family.whist.engine import WhistGame

# bridge's auction actions: 52 = pass; bids start at 55 (1♣), strain order ♣ ♦ ♥ ♠ NT.
_PASS = 52
_ONE_NT = 55 + 4


def run_ours(seconds: float, rng: random.Random, first_seed: int) -> tuple[int, float]:
    """Whole deals of partnership whist for about ``seconds``: (cards played, seconds)."""
    moves = 0
    seed = first_seed
    start = time.perf_counter()
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
    return moves, time.perf_counter() - start


def run_openspiel(seconds: float, rng: random.Random, game) -> tuple[int, float]:
    """Whole bridge deals (dealt, 1NT passed out, 52 cards): (cards played, seconds)."""
    moves = 0
    start = time.perf_counter()
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
    return moves, time.perf_counter() - start


def measure(seconds: float, rounds: int) -> dict:
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    bridge = pyspiel.load_game("bridge", {"use_double_dummy_result": False}) if pyspiel else None
    rng = random.Random(0)
    ours: list[float] = []
    theirs: list[float] = []
    for r in range(rounds):
        sides = ["ours", "openspiel"] if r % 2 == 0 else ["openspiel", "ours"]
        for side in sides:
            if side == "ours":
                moves, took = run_ours(seconds, rng, first_seed=r * 1_000_000)
                ours.append(moves / took)
            elif bridge is not None:
                moves, took = run_openspiel(seconds, rng, bridge)
                theirs.append(moves / took)
    result = {"ours_cards_per_s": statistics.median(ours), "rounds": rounds, "seconds": seconds}
    if theirs:
        result["openspiel_bridge_cards_per_s"] = statistics.median(theirs)
        result["ratio"] = result["ours_cards_per_s"] / result["openspiel_bridge_cards_per_s"]
    return result


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
    print(f"partnership whist, random play: {result['ours_cards_per_s']:,.0f} cards/s")
    if "ratio" in result:
        print(
            f"OpenSpiel bridge play phase:    {result['openspiel_bridge_cards_per_s']:,.0f} cards/s"
        )
        print(f"ratio (ours / OpenSpiel):       {result['ratio']:.2f}x")
    else:
        print("pyspiel (pip package open_spiel) is not importable: measured our engine only")
    return 0


if __name__ == "__main__":
    sys.exit(main())
