"""The whist family's bots: decision times, games per second, and strength.

Speed, for each game (partnership whist, solo whist, bid whist):

* the rules bot's median and 95th-percentile decision time (every decision: bids,
  trump calls, discards, cards), and games per second with four rules bots and with
  four random bots (engine included);
* the Monte Carlo bot's median decision time at its defaults (64 samples, 0.5 s),
  over the card decisions with more than one legal card of ``--mc-decisions`` positions.

Strength, ``--games`` games each (200 by default), with Wilson 95% intervals:

* ``whist rules vs random`` — two rules bots as partners against two random bots, one
  game to 5 points (``WhistRules(rubber=False)``); the rules pair alternates between
  the partnerships and the first dealer turns;
* ``bidwhist rules vs random`` — the same in bid whist (a game to ±7);
* ``solo rules vs 3 random`` — one rules bot against three random bots, its seat turning
  from game to game: games won alone on top (a fair share is under 25%: ties for the top
  are common) and its mean score (zero-sum: fair is 0);
* with ``--mc-pairs N``: ``whist montecarlo vs rules`` — N whist deals each played
  twice with the partnerships swapped (a duplicate match), the Monte Carlo bot at
  ``--mc-samples`` samples (16 by default) and no time limit so the figure does not
  depend on the machine's load; reported as tricks gained per deal and the share of
  the deal pairs won.

Run from the repository root::

    python benchmarks/family_bots.py                    # about a minute on 2 cores
    python benchmarks/family_bots.py --games 400 --mc-pairs 100 --json
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# Measure the bots in this working tree even when the package is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kowhist_teach.games.family.bidwhist.engine import BidWhistGame
from kowhist_teach.games.family.bots import FamilyMonteCarloBot, FamilyRulesBot
from kowhist_teach.games.family.engine import FamilyPhase
from kowhist_teach.games.family.solo.engine import SoloGame
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
from kowhist_teach.pictures.charts import wilson
from kowhist_teach.teach.bots import RandomBot

GAMES: dict[str, Any] = {
    "whist": lambda seed, dealer: WhistGame(WhistRules(rubber=False), seed, dealer),
    "solo": lambda seed, dealer: SoloGame(seed=seed, first_dealer=dealer),
    "bidwhist": lambda seed, dealer: BidWhistGame(seed=seed, first_dealer=dealer),
}
CHUNK = 10


# ------------------------------------------------------------------------ speed
def _speed(task: tuple[str, int, int]) -> dict[str, Any]:
    name, games, mc_decisions = task
    clock = time.perf_counter
    times: list[float] = []
    moves = 0
    start = clock()
    for i in range(games):
        game = GAMES[name](1000 + i, i % 4)
        bots = [FamilyRulesBot(i * 4 + s) for s in range(4)]
        while not game.is_over():
            t0 = clock()
            move = bots[game.to_move].choose(game)
            times.append(clock() - t0)
            game.play(move)
            moves += 1
    rules_seconds = clock() - start
    start = clock()
    for i in range(games):
        game = GAMES[name](1000 + i, i % 4)
        bots = [RandomBot(i * 4 + s) for s in range(4)]
        while not game.is_over():
            game.play(bots[game.to_move].choose(game))
    random_seconds = clock() - start
    mc_times: list[float] = []
    mc_samples: list[int] = []
    i = 0
    while len(mc_times) < mc_decisions:
        game = GAMES[name](2000 + i, i % 4)
        rules = FamilyRulesBot(i)
        for _ in range(4 + 7 * (i % 6)):  # positions early, middle and late in a deal
            if game.is_over():
                break
            game.play(rules.choose(game))
        i += 1
        if game.is_over() or game.phase is not FamilyPhase.PLAY or len(game.legal_moves()) < 2:
            continue
        bot = FamilyMonteCarloBot(i)
        t0 = clock()
        bot.choose(game)
        mc_times.append(clock() - t0)
        mc_samples.append(bot.last_samples)
    times.sort()
    return {
        "game": name,
        "games": games,
        "moves": moves,
        "rules_median_us": round(statistics.median(times) * 1e6, 1),
        "rules_p95_us": round(times[int(0.95 * (len(times) - 1))] * 1e6, 1),
        "rules_games_per_s": round(games / rules_seconds, 2),
        "random_games_per_s": round(games / random_seconds, 2),
        "montecarlo_decisions": len(mc_times),
        "montecarlo_median_s": round(statistics.median(mc_times), 3) if mc_times else None,
        "montecarlo_max_s": round(max(mc_times), 3) if mc_times else None,
        "montecarlo_mean_samples": round(statistics.fmean(mc_samples), 1) if mc_samples else None,
    }


# --------------------------------------------------------------------- strength
def _strength(task: tuple[str, int, int]) -> dict[str, Any]:
    """Games ``start .. start + count - 1`` of one pairing of rules against random."""
    name, start, count = task
    wins = 0
    draws = 0
    tied_top = 0
    scores: list[int] = []
    for i in range(start, start + count):
        game = GAMES[name](50_000 + i, i % 4)
        if name == "solo":
            hero = i % 4
            bots = [FamilyRulesBot(i) if s == hero else RandomBot(i * 4 + s) for s in range(4)]
        else:
            hero = i % 2
            bots = [
                FamilyRulesBot(i * 4 + s) if s % 2 == hero else RandomBot(i * 4 + s)
                for s in range(4)
            ]
        while not game.is_over():
            game.play(bots[game.to_move].choose(game))
        outcome = game.outcome()
        if name == "solo":
            # Scores by seat: a tie for the top (the three opponents of a failed
            # soloist, say) is common, so the hero's score is the fairer figure.
            scores.append(outcome.scores[hero])
            top = max(outcome.scores)
            tied_top += outcome.winner is None and outcome.scores[hero] == top
        if outcome.winner is None:
            draws += 1
        elif outcome.winner == hero:
            wins += 1
    return {
        "name": name,
        "games": count,
        "wins": wins,
        "draws": draws,
        "tied_top": tied_top,
        "scores": scores,
    }


def _mc_pair(task: tuple[int, int]) -> float:
    """One whist deal played twice, the Monte Carlo pair on each side in turn: the
    tricks it took in all, less 13 (positive: better than the rules pair)."""
    seed, samples = task
    total = 0
    for mc_side in (0, 1):
        game = WhistGame(WhistRules(drive=True, drive_deals=1), seed=seed)
        bots: list[Any] = [
            FamilyMonteCarloBot(seed * 4 + s, samples=samples, time_limit=None)
            if s % 2 == mc_side
            else FamilyRulesBot(seed * 4 + s)
            for s in range(4)
        ]
        while not game.is_over():
            game.play(bots[game.to_move].choose(game))
        total += game.deals[0].side_tricks[mc_side]
    return total - 13


def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.perf_counter()
    out: dict[str, Any] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "jobs": args.jobs,
        "speed": [],
        "strength": [],
    }
    speed_tasks = [(name, args.speed_games, args.mc_decisions) for name in GAMES]
    strength_tasks = [
        (name, start, min(CHUNK, args.games - start))
        for name in GAMES
        for start in range(0, args.games, CHUNK)
    ]
    mc_tasks = [(700_000 + i, args.mc_samples) for i in range(args.mc_pairs)]
    with multiprocessing.Pool(args.jobs) as pool:
        # Timings run one game at a time in their own processes, beside the rest.
        speed = pool.map_async(_speed, speed_tasks, chunksize=1)
        strength = pool.map_async(_strength, strength_tasks)
        mc = pool.map_async(_mc_pair, mc_tasks) if mc_tasks else None
        out["speed"] = speed.get()
        results = strength.get()
        mc_results = mc.get() if mc is not None else []
    totals: dict[str, dict[str, Any]] = {}
    for r in results:
        t = totals.setdefault(
            r["name"], {"games": 0, "wins": 0, "draws": 0, "tied_top": 0, "scores": []}
        )
        for key in ("games", "wins", "draws", "tied_top", "scores"):
            t[key] += r[key]
    labels = {
        "whist": "whist rules vs random",
        "bidwhist": "bidwhist rules vs random",
        "solo": "solo rules vs 3 random",
    }
    for name, t in totals.items():
        # Whist and bid whist: a draw is half a win. Solo: only a win alone on top counts
        # (its fair share is below 25% since ties are common); its mean score is below.
        score = t["wins"] + (t["draws"] / 2 if name != "solo" else 0)
        low, high = wilson(score, t["games"])
        entry: dict[str, Any] = {
            "pairing": labels[name],
            "games": t["games"],
            "wins": t["wins"],
            "draws": t["draws"],
            "share": round(score / t["games"], 4),
            "ci95": [round(low, 4), round(high, 4)],
            "fair_share": 0.25 if name == "solo" else 0.5,
        }
        if name == "solo":
            sc = t["scores"]
            mean = statistics.fmean(sc)
            se = statistics.stdev(sc) / math.sqrt(len(sc)) if len(sc) > 1 else 0.0
            entry["tied_top"] = t["tied_top"]
            entry["mean_score"] = round(mean, 2)
            entry["mean_score_ci95"] = [round(mean - 1.96 * se, 2), round(mean + 1.96 * se, 2)]
        out["strength"].append(entry)
    if mc_results:
        won = sum(1 for x in mc_results if x > 0) + sum(0.5 for x in mc_results if x == 0)
        low, high = wilson(won, len(mc_results))
        mean = statistics.fmean(mc_results)
        se = statistics.stdev(mc_results) / math.sqrt(len(mc_results)) if len(mc_results) > 1 else 0
        out["strength"].append(
            {
                "pairing": "whist montecarlo vs rules (duplicate deals)",
                "deal_pairs": len(mc_results),
                "samples": args.mc_samples,
                "tricks_gained_per_deal": round(mean / 2, 3),
                "tricks_gained_ci95": [
                    round((mean - 1.96 * se) / 2, 3),
                    round((mean + 1.96 * se) / 2, 3),
                ],
                "deal_pairs_won_share": round(won / len(mc_results), 4),
                "deal_pairs_won_ci95": [round(low, 4), round(high, 4)],
            }
        )
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


def _print(out: dict[str, Any]) -> None:
    print(f"Python {out['python']}, {out['cpus']} CPUs, {out['jobs']} processes")
    print("\nSpeed (rules bot: every decision; Monte Carlo: card choices, defaults)")
    head = f"{'game':9} {'median µs':>10} {'p95 µs':>8} {'rules g/s':>10} {'random g/s':>11}"
    print(head + f" {'MC median s':>12} {'MC max s':>9} {'MC samples':>11}")
    for s in out["speed"]:
        print(
            f"{s['game']:9} {s['rules_median_us']:>10} {s['rules_p95_us']:>8} "
            f"{s['rules_games_per_s']:>10} {s['random_games_per_s']:>11} "
            f"{s['montecarlo_median_s']!s:>12} {s['montecarlo_max_s']!s:>9} "
            f"{s['montecarlo_mean_samples']!s:>11}"
        )
    print("\nStrength (Wilson 95% intervals)")
    for s in out["strength"]:
        if "share" in s:
            lo, hi = s["ci95"]
            print(
                f"  {s['pairing']:28} {s['wins']:>4}/{s['games']:<4} wins "
                f"= {s['share']:.1%}  [{lo:.1%}, {hi:.1%}]  (fair share {s['fair_share']:.0%})"
            )
            if "mean_score" in s:
                mlo, mhi = s["mean_score_ci95"]
                print(
                    f"  {'':28} tied on top {s['tied_top']}; mean score "
                    f"{s['mean_score']:+.2f} [{mlo:+.2f}, {mhi:+.2f}] (fair 0; zero-sum)"
                )
        else:
            lo, hi = s["tricks_gained_ci95"]
            wlo, whi = s["deal_pairs_won_ci95"]
            print(
                f"  {s['pairing']}: {s['deal_pairs']} deal pairs, {s['samples']} samples: "
                f"{s['tricks_gained_per_deal']:+.3f} tricks a deal [{lo:+.3f}, {hi:+.3f}]; "
                f"deal pairs won {s['deal_pairs_won_share']:.1%} [{wlo:.1%}, {whi:.1%}]"
            )
    print(f"\n{out['seconds']} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per strength pairing")
    parser.add_argument("--speed-games", type=int, default=20, help="games per speed figure")
    parser.add_argument("--mc-decisions", type=int, default=10, help="timed Monte Carlo moves")
    parser.add_argument("--mc-pairs", type=int, default=0, help="Monte Carlo duplicate deals")
    parser.add_argument("--mc-samples", type=int, default=16, help="Monte Carlo samples a move")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    out = run(args)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        _print(out)


if __name__ == "__main__":
    main()
