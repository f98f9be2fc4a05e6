"""How long lesson 07's experiments take at a decisive sample size (issue 16).

Lesson 07 settles strategy questions by experiment: ``compare(tip, instead, games=N)``
plays the same ``N`` deals twice (the rules bot following a tip, and playing something
else instead) on the lean Knock-Out core, on every core; ``best_trump_survival`` deals
``N`` hands. This times every experiment of the lesson at ``--games`` (2,000 by default,
where the lesson's claims are decided) one after the other, as the lesson runs them.
Goal: all of them in ≤ 10 s on this 2-core machine. The README's 1,000-game Monte Carlo
simulation is timed by ``benchmarks/bot_strength.py --readme``.

    python benchmarks/simulation_speed.py [--games 2000] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

# Measure the package in this working tree even when it is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kowhist_teach.teach.experiments import best_trump_survival, compare

#: Lesson 07's comparisons, in its order: (tip, what is played instead).
LESSON_07 = (
    ("all", "random"),
    ("one_trick_enough", "highest"),
    ("safe_save_high", "highest"),
    ("keep_top_trump", "highest"),
    ("choose_longest_suit", "any_suit"),
    ("dog_wait", "play_now"),
)
GOAL_SECONDS = 10.0


def run(games: int) -> dict[str, object]:
    """Wall seconds of each of lesson 07's experiments at ``games`` games, and in all."""
    times: dict[str, float] = {}
    start = time.perf_counter()
    for tip, instead in LESSON_07:
        t0 = time.perf_counter()
        compare(tip, instead, games=games)
        times[f"{tip} vs {instead}"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    best_trump_survival(deals=games)
    times["best trump survival"] = time.perf_counter() - t0
    total = time.perf_counter() - start
    return {
        "games": games,
        "seconds": {name: round(s, 3) for name, s in times.items()},
        "total_seconds": round(total, 3),
        "goal_seconds": GOAL_SECONDS,
        "met": total <= GOAL_SECONDS,
        "load_average": list(os.getloadavg()),
        "cpus": os.cpu_count(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per experiment (2000)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = run(args.games)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Lesson 07's experiments at {args.games} games each:")
    for name, seconds in result["seconds"].items():  # type: ignore[union-attr]
        print(f"  {name:<34} {seconds:6.2f} s")
    verdict = "met" if result["met"] else "NOT met"
    total = result["total_seconds"]
    print(f"  {'all of them':<34} {total:6.2f} s  (goal ≤ {GOAL_SECONDS:.0f} s: {verdict})")
    load = result["load_average"]
    print(f"  load average {load[0]:.1f} on {result['cpus']} CPUs")  # type: ignore[index]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
