"""How strong the bots are: win shares with 95% confidence intervals.

Pairings (each ``--games`` games, 400 by default):

* ``knockout rules vs 3 random`` — 4-player Knock-Out Whist with the default rules;
  target: the rules bot wins at least 40% (a fair share is 25%).
* ``knockout montecarlo vs 3 rules`` — target: the Monte Carlo bot wins at least 30%.
* ``german rules vs random`` and ``german montecarlo vs rules`` — German Whist, one
  hand each game; target: better than even (> 50%).

The bot under test changes seat from game to game (game ``i`` puts it in seat
``i % players``) and the first dealer turns too, so neither seat nor deal order favours
it; in German Whist it is therefore the dealer in half the games.  Game ``i`` of a
pairing always has the same deal, so the figures are reproducible (apart from Monte
Carlo moves cut short by the time limit on a busy machine).

The share is wins / games; a German Whist draw (13–13) counts as half a win.  The
interval is Wilson's score interval at 95%.  A target is *met* when the share reaches
it, and *clearly met* when the whole interval does.

To finish in a few minutes the Monte Carlo bot samples ``--samples`` deals per move
(8 by default, against 64 for the bot's own default) within its usual 0.5 s limit;
more samples did not make it measurably stronger here (see the project's notes).
Its seconds per move (median, 95th percentile, max) are printed too, counting only
the decisions it sampled (trump choices and single legal moves are instant).

``--readme`` also times the README's example, exactly as written there (1,000 games of
4-player Knock-Out Whist, one Monte Carlo bot against three rules bots, on every core):
wall time (target: one minute), the CPU seconds of all its processes (what load from
other users does not change much), the load average around it, and the Monte Carlo
seat's wins.

Run from the repository root::

    python benchmarks/bot_strength.py                 # 400 games per pairing, 2 processes
    python benchmarks/bot_strength.py --games 100 --json
    python benchmarks/bot_strength.py --only montecarlo,knockout --readme
"""

from __future__ import annotations

import argparse
import json
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

from kowhist_teach.games.german.engine import GermanGame
from kowhist_teach.games.knockout.engine import KnockoutGame
from kowhist_teach.pictures.charts import wilson
from kowhist_teach.teach.bots import MonteCarloBot, RandomBot, RulesBot

#: name -> (game, players, bot under test, opponents' bot, target share, strict)
PAIRINGS: dict[str, tuple[str, int, str, str, float, bool]] = {
    "knockout rules vs 3 random": ("knockout", 4, "rules", "random", 0.40, False),
    "knockout montecarlo vs 3 rules": ("knockout", 4, "montecarlo", "rules", 0.30, False),
    "german rules vs random": ("german", 2, "rules", "random", 0.50, True),
    "german montecarlo vs rules": ("german", 2, "montecarlo", "rules", 0.50, True),
}
CHUNK = 10  # games per task handed to a worker process


def _bot(kind: str, seed: int, settings: dict[str, Any]) -> Any:
    if kind == "random":
        return RandomBot(seed)
    if kind == "rules":
        return RulesBot(seed)
    return MonteCarloBot(
        seed,
        samples=settings["samples"],
        time_limit=settings["time_limit"],
        stop_early=settings.get("stop_early", True),
    )


def _run_chunk(task: tuple[str, int, int, dict[str, Any]]) -> dict[str, Any]:
    """Play games ``start .. start + count - 1`` of one pairing."""
    name, start, count, settings = task
    game_kind, players, hero_kind, other_kind, _target, _strict = PAIRINGS[name]
    wins = draws = 0
    move_seconds: list[float] = []
    samples: list[int] = []
    timed_out = 0
    for i in range(start, start + count):
        hero = i % players
        dealer = (i // players) % players
        seed = settings["seed"] * 1_000_003 + i
        bots = [
            _bot(hero_kind if s == hero else other_kind, seed * 10 + s, settings)
            for s in range(players)
        ]
        if game_kind == "german":
            game: Any = GermanGame(seed=seed, first_dealer=dealer)
        else:
            game = KnockoutGame(players, seed=seed, first_dealer=dealer)
        while not game.is_over():
            seat = game.to_move
            bot = bots[seat]
            t0 = time.perf_counter()
            move = bot.choose(game)
            dt = time.perf_counter() - t0
            if seat == hero and isinstance(bot, MonteCarloBot):
                timed_out += bot.last_timed_out
                if bot.last_samples:
                    move_seconds.append(dt)
                    samples.append(bot.last_samples)
            game.play(move)
        winner = game.outcome().winner
        if winner is None:
            draws += 1
        elif winner == hero:
            wins += 1
    return {
        "name": name,
        "games": count,
        "wins": wins,
        "draws": draws,
        "move_seconds": move_seconds,
        "samples": samples,
        "timed_out": timed_out,
    }


def run(games: int, settings: dict[str, Any], jobs: int, names: list[str]) -> dict[str, Any]:
    """Play every pairing in ``names``; returns the figures (what ``--json`` prints)."""
    tasks = [
        (name, start, min(CHUNK, games - start), settings)
        for name in names
        for start in range(0, games, CHUNK)
    ]
    # The slow pairings first, so the two processes finish together.
    tasks.sort(key=lambda t: "montecarlo" not in t[0])
    totals: dict[str, dict[str, Any]] = {
        name: {"games": 0, "wins": 0, "draws": 0, "timed_out": 0, "move_seconds": [], "samples": []}
        for name in names
    }
    started = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = list(pool.imap_unordered(_run_chunk, tasks))
    else:
        results = [_run_chunk(t) for t in tasks]
    seconds = time.perf_counter() - started
    out: dict[str, Any] = {
        "games_per_pairing": games,
        "settings": settings,
        "jobs": jobs,
        "seconds": round(seconds, 1),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "pairings": [],
    }
    for r in results:
        t = totals[r["name"]]
        for key in ("games", "wins", "draws", "timed_out"):
            t[key] += r[key]
        t["move_seconds"] += r["move_seconds"]
        t["samples"] += r["samples"]
    for name in names:
        t = totals[name]
        _g, players, hero, other, target, strict = PAIRINGS[name]
        score = t["wins"] + t["draws"] / 2
        share = score / t["games"]
        low, high = wilson(score, t["games"])
        met = share > target if strict else share >= target
        clearly = low > target if strict else low >= target
        entry = {
            "pairing": name,
            "games": t["games"],
            "wins": t["wins"],
            "draws": t["draws"],
            "share": round(share, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "fair_share": round(1 / players, 4),
            "target": target,
            "target_met": met,
            "target_clearly_met": clearly,
        }
        ms = sorted(t["move_seconds"])
        if ms:
            entry["montecarlo_move_seconds"] = {
                "moves": len(ms),
                "median": round(statistics.median(ms), 4),
                "p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 4),
                "max": round(ms[-1], 4),
                "over_0_5s": sum(1 for x in ms if x > 0.5),
                "mean_samples": round(statistics.fmean(t["samples"]), 1),
                "cut_short_by_time_limit": t["timed_out"],
            }
        out["pairings"].append(entry)
    return out


#: The README's example command (README.md, "Command line").
README_COMMAND = [
    "simulate",
    "--game",
    "knockout",
    "--players",
    "4",
    "--games",
    "1000",
    "--seed",
    "1",
    "--bots",
    "montecarlo,rules,rules,rules",
    "--json",
]
README_TARGET_SECONDS = 60.0


def readme_example() -> dict[str, Any]:
    """Run the README's example as a user would and time it."""
    import resource
    import subprocess

    repo = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(repo))
    load_before = os.getloadavg()
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "kowhist_teach.cli", *README_COMMAND],
        env=env,
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - start
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    out = json.loads(done.stdout)
    return {
        "command": "kowhist-teach " + " ".join(README_COMMAND),
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(cpu, 1),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "montecarlo_wins": out["wins"][0],
        "games": out["games"],
        "target_seconds": README_TARGET_SECONDS,
        "target_met": wall <= README_TARGET_SECONDS,
    }


def _print(result: dict[str, Any]) -> None:
    s = result["settings"]
    print(
        f"Bot strength: {result['games_per_pairing']} games per pairing, "
        f"Monte Carlo {s['samples']} samples / {s['time_limit']} s per move"
        f"{'' if s.get('stop_early', True) else ' (no early stop)'}, "
        f"{result['jobs']} processes, {result['seconds']:.0f} s"
    )
    for e in result["pairings"]:
        low, high = e["ci95"]
        verdict = (
            "clearly met" if e["target_clearly_met"] else ("met" if e["target_met"] else "NOT met")
        )
        draws = f", {e['draws']} draws" if e["draws"] else ""
        op = ">" if PAIRINGS[e["pairing"]][5] else ">="
        print(
            f"  {e['pairing']:<32} {e['wins']:>4}/{e['games']} wins{draws}: "
            f"{100 * e['share']:5.1f}%  [95% CI {100 * low:4.1f}-{100 * high:4.1f}%]  "
            f"fair {100 * e['fair_share']:.0f}%  target {op} {100 * e['target']:.0f}%: {verdict}"
        )
        m = e.get("montecarlo_move_seconds")
        if m:
            print(
                f"  {'':<32} Monte Carlo move: median {m['median']:.3f} s, "
                f"p95 {m['p95']:.3f} s, max {m['max']:.3f} s over {m['moves']} sampled moves "
                f"({m['over_0_5s']} over 0.5 s); {m['mean_samples']} samples on average; "
                f"{m['cut_short_by_time_limit']} moves cut short by the time limit"
            )


def _print_readme(r: dict[str, Any]) -> None:
    lb, la = r["load_average_before"][0], r["load_average_after"][0]
    print(
        f"README example ({r['command']}): {r['wall_seconds']:.0f} s wall, "
        f"{r['cpu_seconds']:.0f} s CPU in all processes, load average {lb:.1f} before, "
        f"{la:.1f} after (2 cores: load above 2 means sharing them); Monte Carlo seat "
        f"won {r['montecarlo_wins']}/{r['games']}; target <= {r['target_seconds']:.0f} s: "
        f"{'met' if r['target_met'] else 'NOT met'}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing (400)")
    parser.add_argument("--samples", type=int, default=8, help="Monte Carlo samples (8)")
    parser.add_argument("--time-limit", type=float, default=0.5, help="seconds per move (0.5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-stop-early",
        action="store_true",
        help="Monte Carlo samples to its budget (no sequential test, no work budget)",
    )
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument(
        "--only", default=None, help="comma-separated words; run the pairings containing all"
    )
    parser.add_argument(
        "--readme", action="store_true", help="also time the README's 1,000-game example"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    names = list(PAIRINGS)
    if args.only:
        words = args.only.split(",")
        names = [n for n in names if all(w in n for w in words)]
    settings = {
        "samples": args.samples,
        "time_limit": args.time_limit,
        "seed": args.seed,
        "stop_early": not args.no_stop_early,
    }
    result = run(args.games, settings, max(1, args.jobs), names)
    if args.readme:
        result["readme_example"] = readme_example()
    if args.json:
        print(json.dumps(result))
    else:
        _print(result)
        if args.readme:
            _print_readme(result["readme_example"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
