"""``kowhist-teach simulate``: many games between bots, wins counted by seat (or by
partnership where seats play in partnerships)."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import SetupError
from ..core.registry import GameSpec, spec
from ..i18n import _, is_plural
from ..teach.bots import MonteCarloBot, RandomBot, RulesBot

__all__ = ["BOTS", "simulate", "cmd_simulate", "parse_rules", "default_players", "make_bot"]

#: Bot factories by name: ``factory(seed) -> choose(game) -> move``.
BOTS: dict[str, Callable[[int], Callable[[Any], Any]]] = {
    "random": RandomBot,
    "rules": RulesBot,
    "montecarlo": MonteCarloBot,
}


def make_bot(name: str, seed: int) -> Callable[[Any], Any]:
    """The bot ``name`` (a one-line :class:`SetupError` if there is none). The same bots
    play every game."""
    if name not in BOTS:
        raise SetupError(
            _("unknown bot {name!r}: choose from {known}").format(
                name=name, known=", ".join(sorted(BOTS))
            )
        )
    return BOTS[name](seed)


def default_players(game_spec: GameSpec) -> int:
    """The players a game has when ``--players`` is not given (as ``new_game``)."""
    low, high = game_spec.players
    return low if low == high else max(low, min(4, high))


def parse_rules(text: str | None, game: str) -> Any:
    """``--rules``: the game's rule options from JSON text (``None`` if not given)."""
    if not text:
        return None
    try:
        options = json.loads(text)
    except json.JSONDecodeError as e:
        raise SetupError(_("--rules is not valid JSON: {msg}").format(msg=e.msg)) from None
    return spec(game).rules.from_dict(options)


def simulate(
    game: str = "knockout",
    players: int = 4,
    games: int = 100,
    seed: int = 1,
    bots: Sequence[str] | None = None,
    rules: Any = None,
    match: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games between bots; wins by seat, draws, time, median move time.

    Seats keep their bots; the first dealer turns round the table from game to game.
    In partnership whist and bid whist a win counts for both seats of the partnership.

    >>> result = simulate(players=3, games=5, seed=2)
    >>> result['games'], sum(result['wins']) + result['draws']
    (5, 5)
    """
    bots = list(bots or ["random"] * players)
    if len(bots) != players:
        text = (
            _("--bots names {k} bots for {n} seats: give one per seat")
            if is_plural(len(bots))
            else _("--bots names {k} bot for {n} seats: give one per seat")
        )
        raise SetupError(text.format(k=len(bots), n=players))
    game_spec = spec(game)
    choosers = [make_bot(name, seed * 1000 + seat) for seat, name in enumerate(bots)]
    wins = [0] * players
    draws = 0
    move_times: list[list[float]] = [[] for _ in range(players)]
    clock = time.perf_counter
    start = clock()
    for i in range(games):
        g = game_spec.cli.new_game(
            game_spec,
            match,
            players=players,
            rules=rules,
            seed=seed * 100003 + i,
            first_dealer=i % players,
        )
        while g.outcome() is None:
            seat = g.to_move
            t0 = clock()
            move = choosers[seat](g)
            move_times[seat].append(clock() - t0)
            g.play(move)
        outcome = g.outcome()
        if outcome.winner is None:
            draws += 1
        elif getattr(outcome, "by_partnership", False):
            for seat in (outcome.winner, outcome.winner + 2):  # the partnership's seats
                wins[seat] += 1
        else:
            wins[outcome.winner] += 1
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "seconds": round(clock() - start, 6),
        "move_seconds": [statistics.median(t) if t else None for t in move_times],
    }


def cmd_simulate(args: argparse.Namespace) -> int:
    """``simulate``."""
    game_spec = spec(args.game)
    players = args.players or default_players(game_spec)
    game_spec.cli.check_players(players)
    if args.games < 1:
        raise SetupError(_("--games must be at least 1"))
    bots = args.bots.split(",") if args.bots else None
    rules = parse_rules(args.rules, args.game)
    result = simulate(args.game, players, args.games, args.seed, bots, rules, args.match)
    if args.json:
        print(json.dumps(result))
    else:
        _print_simulation(game_spec, bots or ["random"] * players, result)
    return 0


def _print_simulation(game_spec: GameSpec, bots: list[str], result: dict[str, Any]) -> None:
    """``simulate``'s text: wins by seat, or by partnership in partnership whist and bid
    whist (whose ``wins`` count a partnership's win for both of its seats)."""
    games = result["games"]
    if is_plural(games):
        print(_("{games} games in {s:.2f} s").format(games=games, s=result["seconds"]))
    else:
        print(_("{games} game in {s:.2f} s").format(games=games, s=result["seconds"]))

    def wins_text(w: int) -> str:
        text = _("{w} wins ({pct:.1f}%)") if is_plural(w) else _("{w} win ({pct:.1f}%)")
        return text.format(w=w, pct=100 * w / games)

    if game_spec.partnerships:
        for side in (0, 1):
            a, b = side, side + 2
            print(
                _("{side} (seats {a} and {b}: {bot_a}, {bot_b}): {wins}").format(
                    side=_("North–South") if side == 0 else _("East–West"),
                    a=a,
                    b=b,
                    bot_a=bots[a],
                    bot_b=bots[b],
                    wins=wins_text(result["wins"][a]),
                )
            )
    else:
        for seat, (name, w) in enumerate(zip(bots, result["wins"], strict=True)):
            print(_("seat {seat} ({bot}): {wins}").format(seat=seat, bot=name, wins=wins_text(w)))
    if result["draws"]:
        print(_("draws: {d}").format(d=result["draws"]))
