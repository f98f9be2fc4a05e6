"""The ``kowhist-teach`` command (DESIGN §4).

::

    kowhist-teach app [--port N] [--no-browser]
    kowhist-teach replay FILE [--json]
    kowhist-teach simulate --game knockout --players 4 --games 1000 --seed 1 --bots random,...
    kowhist-teach play [--players N] [--seed S]

Every failure is one line on stderr and an exit status; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .bots import MonteCarloBot, RandomBot, RulesBot
from .cards import Card
from .errors import IllegalMove, RecordError, SetupError
from .i18n import LANGUAGES, _, get_language, set_language
from .knockout import KnockoutGame, Phase, Rules, Status, status_label
from .record import check_record, load_record, replay

__all__ = ["main"]

#: The longest ``explain --analyse`` thinks before it gives up (seven full hands can
#: take minutes in pure Python).
ANALYSIS_SECONDS = 60


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"kowhist-teach: {message}\n")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="kowhist-teach",
        description=_("Learn Knock-Out Whist and German Whist: play, replay and simulate."),
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=_("message language"))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    app = sub.add_parser("app", help=_("start the Voilà app"))
    app.add_argument("--port", type=int, default=8866)
    app.add_argument("--no-browser", action="store_true")

    rep = sub.add_parser("replay", help=_("validate and replay a game record"))
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help=_("print one JSON object"))

    sim = sub.add_parser("simulate", help=_("play many games between bots"))
    sim.add_argument("--game", choices=["knockout", "german"], default="knockout")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default=None, help=_("one bot name per seat, comma-separated"))
    sim.add_argument("--rules", default=None, help=_("rule options as JSON"))
    sim.add_argument("--json", action="store_true")

    exp = sub.add_parser("explain", help=_("explain the moves at the end of a record"))
    exp.add_argument("file")
    exp.add_argument("--json", action="store_true", help=_("print one JSON object"))
    exp.add_argument("--analyse", action="store_true", help=_("add perfect-information analysis"))
    exp.add_argument("--lang", dest="explain_lang", choices=LANGUAGES, default=None)

    play = sub.add_parser("play", help=_("play a game in the terminal against bots"))
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--rules", default=None, help=_("rule options as JSON"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    previous = get_language()
    # The language first, so that --help and every message come out in it.
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", choices=LANGUAGES, default=None)
    known, _rest = early.parse_known_args(argv)
    set_language(known.lang or "en")
    try:
        args = _build_parser().parse_args(argv)
        set_language(getattr(args, "explain_lang", None) or args.lang)
        return _run(args)
    finally:
        set_language(previous)


def _run(args: argparse.Namespace) -> int:
    try:
        return _COMMANDS[args.command](args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except (RecordError, SetupError, IllegalMove, OSError) as e:
        print(f"kowhist-teach: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # a bug: still one line for the user, the trace on request
        if os.environ.get("KOWHIST_DEBUG"):
            raise
        print(
            _(
                "kowhist-teach: internal error ({kind}: {e}); set KOWHIST_DEBUG=1 to see where"
            ).format(kind=type(e).__name__, e=e),
            file=sys.stderr,
        )
        return 3


# -------------------------------------------------------------------------- replay
def _cmd_replay(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
        check_record(record)
    except RecordError as e:
        if args.json:
            print(
                json.dumps(
                    {
                        "status": "error",
                        "winner": None,
                        "rounds": [],
                        "error": {"round": None, "action": None, "seat": None, "message": str(e)},
                    },
                    ensure_ascii=False,
                )
            )
        else:
            print(
                _("{file}: not a game record: {why}").format(file=args.file, why=e), file=sys.stderr
            )
        return 2
    result = replay(record)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print_replay(args.file, record, result)
    return 1 if result["status"] == "error" else 0


def _print_replay(file: str, record: dict[str, Any], result: dict[str, Any]) -> None:
    for i, rnd in enumerate(result.get("rounds", [])):
        if "hand_size" in rnd:
            trump = rnd["trump"] or "?"
            line = _("Round {r}: {h} cards, dealer seat {d}, trumps {t}").format(
                r=i + 1, h=rnd["hand_size"], d=rnd["dealer"], t=trump
            )
            print(line)
            if rnd.get("declare"):
                print("  " + _("seat {seat} declared {call}").format(**rnd["declare"]))
            for t in rnd["tricks"]:
                cards = " ".join(f"{seat}:{code}" for seat, code in t["cards"])
                print(
                    "  "
                    + _("trick led by seat {leader}: {cards} -> seat {winner}").format(
                        leader=t["leader"], cards=cards, winner=t["winner"]
                    )
                )
            print("  " + _("tricks won: {won}").format(won=rnd["tricks_won"]))
            if rnd["eliminated"]:
                print(
                    "  "
                    + _("knocked out: seats {seats}").format(
                        seats=", ".join(map(str, rnd["eliminated"]))
                    )
                )
            if rnd["dogs"]:
                print(
                    "  "
                    + _("on a dog's chance: seats {seats}").format(
                        seats=", ".join(map(str, rnd["dogs"]))
                    )
                )
    if "tricks" in result:  # German Whist
        print(
            _("{n} tricks played; tricks won {won}").format(
                n=len(result["tricks"]), won=result["tricks_won"]
            )
        )
    status = result["status"]
    if status == "over":
        if result.get("winner") is None:
            print(_("The hand is drawn."))
        else:
            print(_("Winner: seat {seat}").format(seat=result["winner"]))
    elif status == "in_progress":
        print(_("The game is still in progress."))
    else:
        err = result["error"]
        where = []
        if err.get("round") is not None:
            where.append(_("round {r}").format(r=err["round"]))
        if err.get("action") is not None:
            where.append(_("action {a}").format(a=err["action"]))
        if err.get("seat") is not None:
            where.append(_("seat {s}").format(s=err["seat"]))
        place = (", ".join(where) + ": ") if where else ""
        print(f"{file}: {place}{err['message']}", file=sys.stderr)


# ------------------------------------------------------------------------- explain
def _cmd_explain(args: argparse.Namespace) -> int:
    from .explain import explain_position
    from .record import ReplayError, game_from_record
    from .solver import AnalysisTimeout

    try:
        record = load_record(args.file)
    except RecordError as e:
        print(_("{file}: not a game record: {why}").format(file=args.file, why=e), file=sys.stderr)
        return 2
    try:
        game = game_from_record(record)
    except ReplayError as e:
        print(
            _("{file}: the record breaks a rule: {why}").format(file=args.file, why=e),
            file=sys.stderr,
        )
        return 1
    if game.to_move is None:
        why = _("the game is over") if game.is_over() else _("chance (a deal or a cut) is next")
        print(
            _("{file}: nobody is to move: {why}").format(file=args.file, why=why), file=sys.stderr
        )
        return 1
    try:
        result = explain_position(game, analyse=args.analyse, time_limit=ANALYSIS_SECONDS)
    except AnalysisTimeout:
        print(
            _("{file}: the analysis needs more than {s} s here; try it with fewer cards").format(
                file=args.file, s=ANALYSIS_SECONDS
            ),
            file=sys.stderr,
        )
        return 1
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    print(_("{name} to move.").format(name=game.names[result["seat"]]))
    for m in result["moves"]:
        mark = "+" if m["legal"] else "x"
        print(f" {mark} {m['move']:<10} {m['reason']}")
    for tip in result["tips"]:
        print(_("Tip: {tip}").format(tip=tip))
    if args.analyse:
        label = (
            _("best play if every card were visible")
            if len(game.names) == 2
            else _("best play if every card were visible, with all the others against you")
        )
        print(_("Analysis ({label}):").format(label=label))
        for a in result["analysis"]:
            verdict = _("survives") if a["survives"] else _("does not survive")
            print(
                "   "
                + _("{move}: {n} more tricks guaranteed, {verdict}").format(
                    move=a["move"], n=a["tricks"], verdict=verdict
                )
            )
    return 0


# ------------------------------------------------------------------------ simulate
def _random_bot(seed: int) -> Callable[[Any], Any]:
    import random

    rng = random.Random(seed)

    def choose(game: Any) -> Any:
        return rng.choice(game.legal_moves())

    return choose


#: Bot factories by name: ``factory(seed) -> choose(game) -> move``.
BOTS: dict[str, Callable[[int], Callable[[Any], Any]]] = {
    "random": RandomBot,
    "rules": RulesBot,
    "montecarlo": MonteCarloBot,
}


def _parse_rules(text: str | None, game: str) -> Any:
    if not text:
        return None
    try:
        options = json.loads(text)
    except json.JSONDecodeError as e:
        raise SetupError(_("--rules is not valid JSON: {msg}").format(msg=e.msg)) from None
    if game == "german":
        from .german import GermanRules

        return GermanRules.from_dict(options)
    return Rules.from_dict(options)


def _make_game(game: str, players: int, rules: Any, seed: int, dealer: int) -> Any:
    if game == "german":
        from .german import GermanGame

        return GermanGame(rules=rules, seed=seed, first_dealer=dealer)
    return KnockoutGame(players, rules, seed=seed, first_dealer=dealer)


def simulate(
    game: str = "knockout",
    players: int = 4,
    games: int = 100,
    seed: int = 1,
    bots: Sequence[str] | None = None,
    rules: Any = None,
) -> dict[str, Any]:
    """Play ``games`` games between bots; wins by seat, draws, time, median move time.

    Seats keep their bots; the first dealer turns round the table from game to game.

    >>> result = simulate(players=3, games=5, seed=2)
    >>> result['games'], sum(result['wins']) + result['draws']
    (5, 5)
    """
    bots = list(bots or ["random"] * players)
    if len(bots) != players:
        raise SetupError(
            _("--bots names {k} bots for {n} seats: give one per seat").format(
                k=len(bots), n=players
            )
        )
    for name in bots:
        if name not in BOTS:
            raise SetupError(
                _("unknown bot {name!r}: choose from {known}").format(
                    name=name, known=", ".join(sorted(BOTS))
                )
            )
    choosers = [BOTS[name](seed * 1000 + seat) for seat, name in enumerate(bots)]
    wins = [0] * players
    draws = 0
    move_times: list[list[float]] = [[] for _ in range(players)]
    clock = time.perf_counter
    start = clock()
    for i in range(games):
        g = _make_game(game, players, rules, seed * 100003 + i, i % players)
        while g.outcome() is None:
            seat = g.to_move
            t0 = clock()
            move = choosers[seat](g)
            move_times[seat].append(clock() - t0)
            g.play(move)
        winner = g.outcome().winner
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "seconds": round(clock() - start, 6),
        "move_seconds": [statistics.median(t) if t else None for t in move_times],
    }


def _cmd_simulate(args: argparse.Namespace) -> int:
    players = args.players or (2 if args.game == "german" else 4)
    if args.game == "german" and players != 2:
        raise SetupError(_("German Whist is for exactly 2 players"))
    if args.games < 1:
        raise SetupError(_("--games must be at least 1"))
    bots = args.bots.split(",") if args.bots else None
    rules = _parse_rules(args.rules, args.game)
    result = simulate(args.game, players, args.games, args.seed, bots, rules)
    if args.json:
        print(json.dumps(result))
    else:
        names = bots or ["random"] * players
        print(_("{games} games in {s:.2f} s").format(games=result["games"], s=result["seconds"]))
        for seat, (name, w) in enumerate(zip(names, result["wins"], strict=True)):
            print(
                _("seat {seat} ({bot}): {w} wins ({pct:.1f}%)").format(
                    seat=seat, bot=name, w=w, pct=100 * w / result["games"]
                )
            )
        if result["draws"]:
            print(_("draws: {d}").format(d=result["draws"]))
    return 0


# ---------------------------------------------------------------------------- play
def _describe(game: KnockoutGame, seat: int) -> str:
    view = game.view(seat)
    trump = view.trump.symbol if view.trump is not None else _("none")
    lines = [
        _("Round {r}: {h} cards - trumps {t} - dealer {d}").format(
            r=view.round + 1, h=view.hand_size, t=trump, d=game.names[view.dealer]
        )
    ]
    won = ", ".join(
        f"{game.names[s]} {view.tricks_won[s]}"
        + ("" if st is Status.ACTIVE else f" ({status_label(st)})")
        for s, st in enumerate(view.statuses)
    )
    lines.append(_("Tricks: {won}").format(won=won))
    if view.trick:
        lines.append(
            _("On the table: {cards}").format(
                cards=", ".join(f"{game.names[s]} {c.label}" for s, c in view.trick)
            )
        )
    if view.hidden_cards:
        lines.append(_("Your hand: one face-down card (you are a blind dog)"))
    else:
        lines.append(
            _("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-")
        )
    return "\n".join(lines)


def play_terminal(
    players: int = 4,
    seed: int | None = None,
    rules: Rules | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """A game in the terminal: you are seat 0, random bots play the other seats.

    Type a card code (``QS``, ``10h``), ``pass``, a suit to choose trumps, ``undo``,
    ``help`` or ``quit``.
    """
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    names = [_("Player 1 (you)")] + [_("Bot {n}").format(n=i) for i in range(1, players)]
    game = KnockoutGame(names, rules, seed=seed)
    bot = _random_bot(seed if seed is not None else 0)
    human = 0

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(_("Knock-Out Whist: take at least one trick each round or you are out."))
    say(_("Type a card (like QS or 10h), 'undo', 'help' or 'quit'."))
    last_round_seen = -1
    shown_tricks = 0
    while not game.is_over():
        # Tell the story of what the bots did since the human last looked.
        log = game.log
        if game.round != last_round_seen:
            last_round_seen, shown_tricks = game.round, 0
        done = [t for t in log.tricks if t is not game.trick]
        for t in done[shown_tricks:]:
            say(
                _("Trick: {cards} - won by {name}").format(
                    cards=", ".join(f"{game.names[s]} {c.label}" for s, c in t.plays),
                    name=game.names[t.winner],
                )
            )
        shown_tricks = len(done)
        if game.to_move != human:
            game.play(bot(game))
            continue
        say()
        say(_describe(game, human))
        moves = game.legal_moves()
        if game.phase is Phase.CHOOSE_TRUMP:
            prompt = _("Choose trumps ({moves}): ").format(moves=" ".join(m.code for m in moves))
        elif game.phase is Phase.VOTE:
            prompt = _("Vote for trumps ({moves}): ").format(moves=" ".join(m.code for m in moves))
        elif game.phase is Phase.DECLARE:
            prompt = _("Declare? ({moves}): ").format(moves=" ".join(m.code for m in moves))
        elif game.view(human).hidden_cards:  # a blind dog must not see their card
            prompt = _("Your play (card = your face-down card, pass): ")
        else:
            prompt = _("Your play ({moves}): ").format(
                moves=" ".join(m.label if isinstance(m, Card) else m.code for m in moves)
            )
        out.write(prompt)
        out.flush()
        line = stdin.readline()
        if not line:
            say()
            say(_("Goodbye."))
            return 0
        text = line.strip()
        if text.lower() in ("quit", "q", "exit"):
            say(_("Goodbye."))
            return 0
        if text.lower() in ("help", "?"):
            say(_("Play a card by its code: rank then suit, like AS, 10H, QD (T for ten works)."))
            say(_("You must follow the suit led if you can. Trumps beat every other suit."))
            continue
        if text.lower() == "undo":
            try:
                # Take back the bots' replies too, back to your own last move.
                while True:
                    game.undo()
                    if game.to_move == human:
                        break
                shown_tricks = 0
                last_round_seen = -1
            except IllegalMove as e:
                say(str(e))
            continue
        if text.lower() == "card" and game.view(human).hidden_cards:
            text = moves[0].code  # the blind dog plays the card it cannot see
        try:
            game.play(text, seat=human)
        except IllegalMove as e:
            say(_("Not allowed: {why}").format(why=e))
    outcome = game.outcome()
    say()
    say(
        _("{name} won the game ({how}).").format(
            name=game.names[outcome.winner],
            how=_("took every trick of a round")
            if outcome.termination.value == "sweep"
            else _("last player standing"),
        )
    )
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    rules = _parse_rules(args.rules, "knockout")
    return play_terminal(args.players, args.seed, rules)


# ----------------------------------------------------------------------------- app
def app_notebook() -> Path:
    """The notebook the app serves (``notebooks/app.ipynb`` of a checkout, or the copy
    shipped inside the package)."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "notebooks" / "app.ipynb", here / "notebooks" / "app.ipynb"):
        if candidate.exists():
            return candidate
    raise SetupError(_("the app notebook (notebooks/app.ipynb) is missing from this install"))


def _cmd_app(args: argparse.Namespace) -> int:
    try:
        import voila  # noqa: F401
    except ImportError:
        print(
            _("kowhist-teach: the app needs Voilà: pip install 'kowhist-teach[app]'"),
            file=sys.stderr,
        )
        return 2
    notebook = app_notebook()
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(notebook.name),
        f"--port={args.port}",
        "--Voila.ip=127.0.0.1",
        "--theme=light",
    ]
    if args.no_browser:
        cmd.append("--no-browser")
    print(
        _("Starting the app at http://localhost:{port}/ (Ctrl-C stops it)").format(port=args.port),
        flush=True,
    )
    try:
        return subprocess.call(cmd, cwd=notebook.parent)
    except KeyboardInterrupt:
        return 0


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "app": _cmd_app,
    "replay": _cmd_replay,
    "explain": _cmd_explain,
    "simulate": _cmd_simulate,
    "play": _cmd_play,
}


if __name__ == "__main__":
    sys.exit(main())
