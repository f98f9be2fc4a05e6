"""Solve times of the perfect-information solver (``kowhist_teach.teach.solver``).

For every player count 2..7 and hand size 1..7 (every one fits a deck: 7 x 7 cards and
the turn-up make 50), ``--deals`` random first-round deals (50 by default) are taken at
the round's first lead, and two things are timed:

* **solve**: ``TrickSolver(hands, trump, team={leader}).value(leader)`` — the tricks the
  leader can guarantee, one search from the first lead;
* **analyse**: ``analyse(game)`` — the value of every legal first lead (what the app's
  "best play if every card were visible" shows).

Each cell reports the median, 95th percentile and maximum of the CPU time (the
machine is shared, so wall time would measure the other users too).  A cell stops early when it
has used ``--budget`` seconds (20 by default; the big rounds for 5-7 players need many
seconds a deal), and one search is abandoned after ``--cap`` seconds (reported as
``>cap``); the number of deals measured is printed beside each cell.

The target (DESIGN.md §7): a solve of any Knock-Out Whist round of at most 7 cards for
at most 4 players in at most 0.5 s — checked against the maximum of each such cell,
for the solve and for the full analysis.

German Whist: ``--german`` hands (30 by default) have their phase 1 played at random;
the 13-card phase 2 is then solved exactly from its first lead (``analyse`` on the
game if the solver supports German Whist, else ``TrickSolver`` on the two hands with
team = {the leader}, plus the value of each legal lead, as ``analyse`` does).

Variants: ``--variants`` 7-card 4-player deals are analysed under each option that
changes how cards may be played (trump breaking, no trumping in on the first trick,
misère).

Reviews: ``--reviews`` first rounds of 7 cards for 4 players (rules bots) are reviewed
for one seat, with the estimate from the seat (target: 2 s a round).

Hints: ``--hints`` positions (40 by default) for each of 4, 6 and 7 players — a card to
play in the first (7-card) round, half of them in its first two tricks (the costly
ones), half anywhere, reached by rules-bot play — get the app's
Knock-Out hint (``hint()`` with the widgets' settings: 16 deals for the estimate, the
hint's own limit ``HINT_SECONDS`` on its thinking as a whole), once with the analysis as
the app shows it by default (``after``: not during play) and once with it on request
(``request``: the exact analysis too, or "too many cards for a quick analysis" where it
would take longer; how often that happened is printed). Median and worst CPU time;
target: 0.3 s.

Run from the repository root::

    python benchmarks/solver_speed.py                    # every cell, one process
    python benchmarks/solver_speed.py --deals 20 --json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# Measure the solver in this working tree even when the package is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kowhist_teach.games.german.engine import GermanGame, GermanPhase
from kowhist_teach.games.knockout.engine import KnockoutGame, Rules
from kowhist_teach.games.knockout.engine import Phase as KnockoutPhase
from kowhist_teach.teach.bots import make_bot
from kowhist_teach.teach.hints import hint
from kowhist_teach.teach.review import review
from kowhist_teach.teach.solver import TrickSolver, analyse

TARGET_SECONDS = 0.5
#: CPU time of this process: the machine is shared (two cores, many users), so wall
#: time measures the other users as much as the solver.
_clock = time.process_time


class _Capped(Exception):
    """One search ran past ``--cap`` seconds."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise _Capped


def _timed(fn: Any, cap: float) -> float:
    """Seconds ``fn()`` takes, or ``inf`` when it runs past ``cap`` seconds."""
    signal.setitimer(signal.ITIMER_PROF, cap)
    start = _clock()
    try:
        fn()
        return _clock() - start
    except _Capped:
        return math.inf
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def _stats(times: list[float]) -> dict[str, Any]:
    ts = sorted(times)
    return {
        "deals": len(ts),
        "median": statistics.median(ts) if ts else None,
        "p95": ts[min(len(ts) - 1, math.ceil(0.95 * len(ts)) - 1)] if ts else None,
        "max": ts[-1] if ts else None,
    }


def knockout_cell(players: int, hand: int, deals: int, budget: float, cap: float) -> dict:
    """Time the solve and the analysis at the first lead of ``deals`` random deals."""
    solve: list[float] = []
    full: list[float] = []
    spent = 0.0
    for i in range(deals):
        game = KnockoutGame(players, Rules(start_hand=hand), seed=players * 1000 + hand * 100 + i)
        leader = game.to_move
        trump = -1 if game.trump is None else int(game.trump)
        hands = list(game.hands)
        t1 = _timed(lambda h=hands, t=trump, s=leader: TrickSolver(h, t, {s}).value(s), cap)
        t2 = _timed(lambda g=game: analyse(g), cap)
        solve.append(t1)
        full.append(t2)
        spent += min(t1, cap) + min(t2, cap)
        if spent > budget or math.isinf(t1) or math.isinf(t2):
            break
    return {
        "players": players,
        "hand": hand,
        "solve": _stats(solve),
        "analyse": _stats(full),
        "complete": len(solve) == deals,
    }


def german_phase2(hands_count: int, cap: float, seed: int = 1) -> dict[str, Any]:
    """Exact phase-2 solves of German Whist hands whose phase 1 was played at random."""
    rng = random.Random(seed)
    solve: list[float] = []
    per_move: list[float] = []
    method = "analyse(game)"
    for i in range(hands_count):
        game = GermanGame(seed=seed * 10007 + i)
        while game.phase is not GermanPhase.PLAY2:
            game.play(rng.choice(game.legal_moves()))
        me = game.to_move
        trump = -1 if game.trump is None else int(game.trump)
        hands = list(game.hands)
        solve.append(_timed(lambda h=hands, t=trump, s=me: TrickSolver(h, t, {s}).value(s), cap))
        try:
            per_move.append(_timed(lambda g=game: analyse(g), cap))
        except NotImplementedError:
            method = "TrickSolver per legal lead (analyse(game) raises NotImplementedError)"
            per_move.append(_timed(lambda g=game, h=hands, t=trump: _german_leads(g, h, t), cap))
    return {
        "hands": hands_count,
        "solve": _stats(solve),
        "analyse": _stats(per_move),
        "how": method,
    }


def review_round(rounds: int, players: int = 4, hand: int = 7) -> dict[str, Any]:
    """Reviews of one seat's first round (``hand`` cards, ``players`` players, rules-bot
    play), the estimate from the seat included: what the app's review panel and
    ``kowhist-teach review`` do after a round (target: 2 s)."""
    times: list[float] = []
    complete = 0
    for i in range(rounds):
        game = KnockoutGame(players, Rules(start_hand=hand), seed=7000 + i)
        bot = make_bot("rules", seed=i)
        while game.round == 0 and not game.is_over():
            game.play(bot.choose(game))
        seat = i % players
        start = _clock()
        r = review(game, seat, round=0, time_limit=None)
        times.append(_clock() - start)
        complete += r.complete
    return {"rounds": rounds, "players": players, "hand": hand, "review": _stats(times)}


#: The Knock-Out options that change how cards may be played (issue 13): timed apart.
VARIANTS = ("trump_breaking", "no_trump_first_trick", "misere")


def variant_cells(deals: int, cap: float, players: int = 4, hand: int = 7) -> list[dict]:
    """``analyse`` at the first lead of ``deals`` 7-card 4-player deals under each of
    :data:`VARIANTS` (the solver then plays by that rule)."""
    cells = []
    for option in VARIANTS:
        times = []
        for i in range(deals):
            game = KnockoutGame(players, Rules(start_hand=hand, **{option: True}), seed=4000 + i)
            times.append(_timed(lambda g=game: analyse(g), cap))
        cells.append({"option": option, "analyse": _stats(times)})
    return cells


HINT_TARGET = 0.3


def hint_positions(players: int, count: int, seed: int = 1) -> list[KnockoutGame]:
    """``count`` positions of the first round where the player to move has a choice of
    card, at a random point of the round (rules-bot play up to there)."""
    rng = random.Random(seed * 1000 + players)
    out: list[KnockoutGame] = []
    i = 0
    while len(out) < count:
        i += 1
        game = KnockoutGame(players, seed=seed * 100_000 + players * 1000 + i)
        bot = make_bot("rules", seed=i)
        # Half the positions in the first two tricks (the costly ones), half anywhere
        # in the round.
        stop = rng.randrange(players * (2 if len(out) % 2 else 7))
        plays = 0
        while not game.is_over() and game.round == 0:
            if game.phase is KnockoutPhase.PLAY:
                if plays >= stop and len(game.legal_moves()) > 1:
                    out.append(game)
                    break
                plays += 1
            game.play(bot.choose(game))
    return out


def hint_cells(count: int, players: tuple[int, ...] = (4, 6, 7)) -> list[dict[str, Any]]:
    """The app's hint (16 deals, its own time limit) at ``count`` positions per player
    count, with the analysis as shown by default (``after``) and on request (and how
    many of those were too big for a quick analysis)."""
    cells = []
    hint(hint_positions(4, 1)[0], seed=1)  # warm up: first-use costs are not the hint's
    for n in players:
        games = hint_positions(n, count)
        cell: dict[str, Any] = {"players": n}
        for analysis in ("after", "request"):
            times = []
            too_big = 0
            for game in games:
                start = _clock()
                h = hint(game, analysis=analysis, seed=1, estimate_samples=16)
                times.append(_clock() - start)
                too_big += analysis == "request" and not h.analysis_label
            cell[analysis] = _stats(times)
        cell["too_big"] = too_big
        cells.append(cell)
    return cells


def _german_leads(game: GermanGame, hands: list[int], trump: int) -> list[int]:
    """The value of each legal lead, one solver sharing its table (as ``analyse`` does)."""
    me = game.to_move
    solver = TrickSolver(hands, trump, {me})
    order = [me, 1 - me]
    values = []
    for card in game.legal_moves():
        solver.hands[me] ^= 1 << card
        values.append(solver.value_mid_trick(order, 1, [(me, int(card))], 13))
        solver.hands[me] ^= 1 << card
    return values


def _finite(obj: Any) -> Any:
    """The result with every search past the cap (``inf``) written as ``null``."""
    if isinstance(obj, float) and math.isinf(obj):
        return None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_finite(v) for v in obj]
    return obj


def _fmt(x: float | None) -> str:
    if x is None:
        return "-"
    if math.isinf(x):
        return ">cap"
    if x < 0.001:
        return f"{x * 1e6:.0f}us"
    if x < 1:
        return f"{x * 1e3:.1f}ms"
    return f"{x:.2f}s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=50, help="deals per cell (50)")
    parser.add_argument("--players", default="2-7", help="a range like 2-7, or one count")
    parser.add_argument("--max-hand", type=int, default=7)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per cell (20)")
    parser.add_argument("--cap", type=float, default=30.0, help="seconds per search (30)")
    parser.add_argument("--german", type=int, default=30, help="German Whist hands (30)")
    parser.add_argument("--reviews", type=int, default=20, help="7-card 4-player rounds reviewed")
    parser.add_argument("--variants", type=int, default=30, help="deals per variant (30)")
    parser.add_argument("--hints", type=int, default=40, help="hint positions per count (40)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    lo, _sep, hi = args.players.partition("-")
    player_counts = range(int(lo), int(hi or lo) + 1)
    signal.signal(signal.SIGPROF, _on_alarm)

    started = _clock()
    cells = []
    for n in player_counts:
        for h in range(1, args.max_hand + 1):
            if n * h + 1 > 52:
                continue
            cells.append(knockout_cell(n, h, args.deals, args.budget, args.cap))
            if not args.json:
                c = cells[-1]
                s, a = c["solve"], c["analyse"]
                print(
                    f"{n} players, {h} cards ({s['deals']:>2} deals): solve median "
                    f"{_fmt(s['median']):>8} p95 {_fmt(s['p95']):>8} max {_fmt(s['max']):>8} | "
                    f"analyse median {_fmt(a['median']):>8} p95 {_fmt(a['p95']):>8} "
                    f"max {_fmt(a['max']):>8}",
                    flush=True,
                )
    small = [c for c in cells if c["players"] <= 4 and c["hand"] <= 7]
    worst_solve = max((c["solve"]["max"] for c in small), default=0.0)
    worst_analyse = max((c["analyse"]["max"] for c in small), default=0.0)
    german = german_phase2(args.german, args.cap) if args.german else None
    reviews = review_round(args.reviews) if args.reviews else None
    variants = variant_cells(args.variants, args.cap) if args.variants else []
    hints = hint_cells(args.hints) if args.hints else []
    result = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "deals_per_cell": args.deals,
        "budget_per_cell": args.budget,
        "cap": args.cap,
        "knockout": cells,
        "target": {
            "seconds": TARGET_SECONDS,
            "worst_solve_le4_players": worst_solve,
            "worst_analyse_le4_players": worst_analyse,
            "solve_met": worst_solve <= TARGET_SECONDS,
            "analyse_met": worst_analyse <= TARGET_SECONDS,
        },
        "german_phase2": german,
        "review": reviews,
        "variants": variants,
        "hints": hints,
        "seconds": round(_clock() - started, 1),
    }
    if args.json:
        print(json.dumps(_finite(result)))
        return 0
    t = result["target"]
    print(
        f"target: a round of <= 7 cards for <= 4 players in <= {TARGET_SECONDS} s: "
        f"worst solve {_fmt(worst_solve)} ({'met' if t['solve_met'] else 'NOT met'}), "
        f"worst analyse {_fmt(worst_analyse)} ({'met' if t['analyse_met'] else 'NOT met'})"
    )
    if german:
        s, a = german["solve"], german["analyse"]
        print(
            f"German Whist phase 2, 13 cards ({german['hands']} hands): solve median "
            f"{_fmt(s['median'])} p95 {_fmt(s['p95'])} max {_fmt(s['max'])} | every lead "
            f"median {_fmt(a['median'])} p95 {_fmt(a['p95'])} max {_fmt(a['max'])} "
            f"[{german['how']}] (target {TARGET_SECONDS} s: "
            f"{'met' if a['max'] <= TARGET_SECONDS else 'NOT met'})"
        )
    for cell in variants:
        a = cell["analyse"]
        print(
            f"4 players, 7 cards, {cell['option']} ({a['deals']} deals): analyse median "
            f"{_fmt(a['median'])} p95 {_fmt(a['p95'])} max {_fmt(a['max'])}"
        )
    for cell in hints:
        a, r = cell["after"], cell["request"]
        print(
            f"hint at {cell['players']} players ({a['deals']} positions of the first round): "
            f"median {_fmt(a['median'])} worst {_fmt(a['max'])} "
            f"(target {HINT_TARGET} s: {'met' if a['max'] <= HINT_TARGET else 'NOT met'}) | "
            f"with the exact analysis on request median {_fmt(r['median'])} worst "
            f"{_fmt(r['max'])} ({'met' if r['max'] <= HINT_TARGET else 'NOT met'}; "
            f"{cell['too_big']} of {r['deals']} too big for a quick analysis)"
        )
    if reviews:
        s = reviews["review"]
        print(
            f"review of a 7-card 4-player round ({reviews['rounds']} rounds): median "
            f"{_fmt(s['median'])} p95 {_fmt(s['p95'])} max {_fmt(s['max'])} "
            f"(target 2 s: {'met' if s['max'] <= 2.0 else 'NOT met'})"
        )
    print(f"{result['seconds']:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
