"""``kowhist-teach simulate``: many games between bots, wins counted by seat (or by
partnership where seats play in partnerships)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, TextIO

from ..core.errors import SetupError
from ..core.registry import GameSpec, spec
from ..i18n import _, ngettext
from ..i18n.formats import count, decimal, percent
from ..teach.simulate import BOTS, make_bot, simulate

__all__ = [
    "BOTS",
    "simulate",
    "cmd_simulate",
    "parse_rules",
    "default_players",
    "make_bot",
    "TerminalBar",
]


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


class TerminalBar:
    """A one-line progress bar on a terminal stream (no dependency): ``bar(done, total)``
    redraws it in place, at most ten times a second; :meth:`close` ends the line.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = TerminalBar(out, width=10)
    >>> bar(5, 10); bar(10, 10); bar.close()
    >>> out.getvalue().rstrip().endswith('[##########] 10/10 100%')
    True
    """

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self._last = 0.0
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        filled = self.width * done // max(total, 1)
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} {100 * done // max(total, 1)}%")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        """End the bar's line (if one was drawn)."""
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()


def cmd_simulate(args: argparse.Namespace) -> int:
    """``simulate``."""
    game_spec = spec(args.game)
    players = args.players or default_players(game_spec)
    game_spec.cli.check_players(players)
    if args.games < 1:
        raise SetupError(_("--games must be at least 1"))
    bots = args.bots.split(",") if args.bots else None
    rules = parse_rules(args.rules, args.game)
    workers = getattr(args, "workers", None)
    if workers is not None and workers < 1:
        raise SetupError(_("--workers must be at least 1"))
    # The bar only on a terminal, and never with --json (whose stdout is one object).
    bar = TerminalBar(sys.stderr) if not args.json and sys.stderr.isatty() else None
    try:
        result = simulate(
            args.game,
            players,
            args.games,
            args.seed,
            bots,
            rules,
            getattr(args, "match", None),
            workers=workers,
            progress=bar,
        )
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(result))
    else:
        _print_simulation(game_spec, bots or ["random"] * players, result)
    return 0


def _print_simulation(game_spec: GameSpec, bots: list[str], result: dict[str, Any]) -> None:
    """``simulate``'s text: wins by seat, or by partnership in partnership whist and bid
    whist (whose ``wins`` count a partnership's win for both of its seats)."""
    games = result["games"]
    text = ngettext("{games} game in {s} s", "{games} games in {s} s", games)
    print(text.format(games=count(games), s=decimal(result["seconds"], 2)))

    def wins_text(w: int) -> str:
        text = ngettext("{w} win ({pct})", "{w} wins ({pct})", w)
        return text.format(w=count(w), pct=percent(w / games))

    sides = game_spec.partnerships
    if sides is not None:
        for side in range(len(sides.sides)):
            a, b = sides.partners(side)
            print(
                _("{side} (seats {a} and {b}: {bot_a}, {bot_b}): {wins}").format(
                    side=sides.side_name(side),
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
