"""The ``kowhist-teach`` command (DESIGN §4).

::

    kowhist-teach app [--port N] [--no-browser] [--classroom [--address A]]
    kowhist-teach replay FILE [--json]
    kowhist-teach simulate --game knockout|german|whist|solo|bidwhist --players 4 --games 1000
                           --seed 1 --bots random,...
    kowhist-teach play [--game knockout|whist|solo|bidwhist] [--players N] [--seed S]
    kowhist-teach explain FILE [--json] [--analyse] [--at N]

Every command takes ``--lang en|es|fr``, before or after the command's name.

The whist family (partnership whist, solo whist, bid whist) is always four players. In
``simulate --json`` a partnership's win counts for both of its seats, so there
``sum(wins)`` is twice the games won; the text output counts wins by partnership.

``explain --at N`` explains the moment after the record's first N actions, counted over
the whole record (every round or deal in order, cards and calls alike; a negative N
counts back from the end). A cut at the end of a round or deal shows the start of the
next one, if the record holds it.

Every failure is one line on stderr and an exit status; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..core.cards import Card
from ..core.errors import IllegalMove, RecordError, SetupError
from ..core.record import check_record, load_record, replay
from ..games.family.engine import SEATS, FamilyGame, FamilyPhase, partners
from ..games.family.record import FAMILY_GAMES, family_class, family_game_of, not_a_family_record
from ..games.knockout.engine import KnockoutGame, Phase, Rules, Status, status_label
from ..i18n import LANGUAGES, _, get_language, is_plural, set_language
from ..teach.bots import MonteCarloBot, RandomBot, RulesBot

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
        description=_(
            "Learn Knock-Out Whist, German Whist and the whist family: play, replay and simulate."
        ),
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=_("message language"))
    # Every command takes --lang after its name too (it wins over one given before).
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument(
        "--lang", dest="sub_lang", choices=LANGUAGES, default=None, help=_("message language")
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    app = sub.add_parser("app", help=_("start the Voilà app"), parents=[lang])
    app.add_argument("--port", type=int, default=8866)
    app.add_argument("--no-browser", action="store_true")
    app.add_argument(
        "--classroom",
        action="store_true",
        help=_("serve a class: listen on the network, with a join token in the printed address"),
    )
    app.add_argument(
        "--address", default=None, help=_("the address students type (default: this machine's)")
    )
    app.add_argument("--pool-size", type=int, default=None, help=_("kernels kept ready"))
    app.add_argument("--memory-mb", type=int, default=None, help=_("memory cap per kernel, MiB"))

    rep = sub.add_parser("replay", help=_("validate and replay a game record"), parents=[lang])
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help=_("print one JSON object"))

    sim = sub.add_parser(
        "simulate",
        help=_("play many games between bots"),
        description=_(
            "Play many games between bots and count the wins. In partnership whist and bid "
            "whist the text counts wins by partnership, and --json gives wins by seat: a "
            "partnership's win counts for both of its seats."
        ),
        parents=[lang],
    )
    sim.add_argument("--game", choices=["knockout", "german", *FAMILY_GAMES], default="knockout")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default=None, help=_("one bot name per seat, comma-separated"))
    sim.add_argument("--rules", default=None, help=_("rule options as JSON"))
    sim.add_argument(
        "--json",
        action="store_true",
        help=_(
            "print one JSON object: wins by seat (a partnership's win counts for both of "
            "its seats), draws, seconds"
        ),
    )

    exp = sub.add_parser(
        "explain",
        help=_("explain the moves open to the player to move in a record"),
        description=_(
            "Explain every move open to the player to move where the record stops: legal "
            "or not, and why. A finished record has nobody to move at its end: use --at N "
            "to explain an earlier moment."
        ),
        parents=[lang],
    )
    exp.add_argument("file")
    exp.add_argument("--json", action="store_true", help=_("print one JSON object"))
    exp.add_argument(
        "--analyse",
        action="store_true",
        help=_(
            "add perfect-information analysis (Knock-Out Whist and German Whist only: the "
            "solver does not play the whist family)"
        ),
    )
    exp.add_argument(
        "--at",
        type=int,
        default=None,
        metavar="N",
        help=_(
            "explain the moment after the record's first N actions, counted over the whole "
            "record (all rounds or deals, cards and calls alike); a negative N counts back "
            "from the end, so --at -1 is the moment before the last action"
        ),
    )

    play = sub.add_parser(
        "play", help=_("play a game in the terminal against bots"), parents=[lang]
    )
    play.add_argument("--game", choices=["knockout", *FAMILY_GAMES], default="knockout")
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--rules", default=None, help=_("rule options as JSON"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    previous = get_language()
    # The language first, so that --help and every message come out in it.
    early = _Parser(prog="kowhist-teach", add_help=False)
    early.add_argument("--lang", choices=LANGUAGES, default=None)
    known, _rest = early.parse_known_args(argv)
    set_language(known.lang or "en")
    try:
        args = _build_parser().parse_args(argv)
        set_language(getattr(args, "sub_lang", None) or args.lang)
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
            if family_game_of(args.file) is not None:
                shape = not_a_family_record(str(e))
            else:
                shape = {
                    "status": "error",
                    "winner": None,
                    "rounds": [],
                    "error": {"round": None, "action": None, "seat": None, "message": str(e)},
                }
            print(json.dumps(shape, ensure_ascii=False))
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


def _seats_text(seats: list[int]) -> str:
    """ "seat 2" or "seats 0, 3"."""
    text = ", ".join(map(str, seats))
    if is_plural(len(seats)):
        return _("seats {seats}").format(seats=text)
    return _("seat {seat}").format(seat=text)


def _trump_text(code: str | None) -> str:
    """A trump of ``replay --json`` in words: "♦ diamonds", "no trumps", "none"."""
    from ..core.cards import Suit
    from ..teach.explain import suit_name

    if code is None:
        return _("none")
    if code == "NT":
        return _("no trumps")
    suit = Suit.from_code(code)
    return f"{suit.symbol} {suit_name(suit)}"


def _print_replay(file: str, record: dict[str, Any], result: dict[str, Any]) -> None:
    if record["game"] in FAMILY_GAMES:
        _print_family_replay(file, record, result)
        return
    for i, rnd in enumerate(result.get("rounds", [])):
        if "hand_size" in rnd:
            trump = _trump_text(rnd["trump"]) if rnd["trump"] else _("not chosen yet")
            line = _("Round {r}: {h} cards, dealer seat {d}, trumps {t}").format(
                r=i + 1, h=rnd["hand_size"], d=rnd["dealer"], t=trump
            )
            print(line)
            if rnd.get("declare"):
                print("  " + _("seat {seat} declared {call}").format(**rnd["declare"]))
            _print_tricks(rnd["tricks"])
            print(
                "  "
                + _("tricks won: {won}").format(won=_family_side_text(False, rnd["tricks_won"]))
            )
            if rnd["eliminated"]:
                print("  " + _("knocked out: {seats}").format(seats=_seats_text(rnd["eliminated"])))
            if rnd["dogs"]:
                print("  " + _("on a dog's chance: {seats}").format(seats=_seats_text(rnd["dogs"])))
    if "tricks" in result:  # German Whist
        n = len(result["tricks"])
        text = (
            _("{n} tricks played; tricks won: {won}")
            if is_plural(n)
            else _("{n} trick played; tricks won: {won}")
        )
        print(text.format(n=n, won=_family_side_text(False, result["tricks_won"])))
    status = result["status"]
    if status == "over":
        if result.get("winner") is None:
            print(_("The hand is drawn."))
        else:
            print(_("Winner: seat {seat}").format(seat=result["winner"]))
    elif status == "in_progress":
        print(_("The game is still in progress."))
    else:
        _print_replay_error(file, result["error"])


def _print_tricks(tricks: list[dict[str, Any]]) -> None:
    """The tricks of a round or a deal of ``replay --json``, one line each: who played
    which card, and who won."""
    for n, t in enumerate(tricks, 1):
        cards = ", ".join(
            _("seat {seat} {card}").format(seat=seat, card=Card(code).label)
            for seat, code in t["cards"]
        )
        print(
            "  "
            + _("trick {n}: {cards} - won by seat {winner}").format(
                n=n, cards=cards, winner=t["winner"]
            )
        )


def _print_replay_error(file: str, err: dict[str, Any]) -> None:
    where = []
    if err.get("round") is not None:
        where.append(_("round {r}").format(r=err["round"]))
    if err.get("deal") is not None:
        where.append(_("deal {d}").format(d=err["deal"]))
    if err.get("action") is not None:
        where.append(_("action {a}").format(a=err["action"]))
    if err.get("seat") is not None:
        where.append(_("seat {s}").format(s=err["seat"]))
    place = (", ".join(where) + ": ") if where else ""
    print(f"{file}: {place}{err['message']}", file=sys.stderr)


def _family_side_text(by_partnership: bool, values: list[int]) -> str:
    """Tricks or scores by partnership ("seats 0 and 2: 7, seats 1 and 3: 6") or by seat."""
    if by_partnership:
        return ", ".join(
            _("seats {a} and {b}: {v}").format(a=side, b=side + 2, v=v)
            for side, v in enumerate(values)
        )
    return ", ".join(_("seat {s}: {v}").format(s=seat, v=v) for seat, v in enumerate(values))


def _call_words(game_name: str, code: str) -> str:
    """A call of ``replay --json`` in words: "3 uptown", "proposal", "pass", "♠"."""
    from ..core.moves import Call
    from ..pictures.svg import call_words

    try:
        return call_words(Call(code), game_name)
    except (ValueError, KeyError):
        return code


def _contract_line(game_name: str, deal: dict[str, Any]) -> str:
    """The contract of a deal of ``replay --json`` in words, with who plays it and what
    it needs ("contract: 3 uptown by seat 3, who needs 9 books")."""
    from ..core.moves import Call

    contract = Call(deal["contract"])
    words = _call_words(game_name, deal["contract"])
    who = _("seat {seat}").format(seat=deal["declarer"])
    if game_name == "bidwhist":
        from ..games.family.bidwhist.engine import NOTRUMP, bid_parts

        level, kind = bid_parts(contract)
        direction = [code for _seat, code in deal["calls"] if code in ("high", "low")]
        if kind == NOTRUMP and direction:
            words = _("{bid}, {direction}").format(
                bid=words, direction=_call_words(game_name, direction[0])
            )
        return _(
            "contract: {contract} by {who}, who needs {n} books (the kitty's included)"
        ).format(contract=words, who=who, n=6 + level)
    if game_name == "solo":
        from ..games.family.solo.engine import COP, TARGETS

        acceptors = [seat for seat, code in deal["calls"] if code == COP.code]
        if acceptors:
            words = _("proposal and acceptance")
            who = _("seats {a} and {b}").format(a=deal["declarer"], b=acceptors[0])
        target = TARGETS.get(contract)
        if target == 0:
            return _("contract: {contract} by {who}, who must take no trick").format(
                contract=words, who=who
            )
        if target is not None:
            return _("contract: {contract} by {who}, who needs {n} tricks").format(
                contract=words, who=who, n=target
            )
    return _("contract: {contract} by {who}").format(contract=words, who=who)


def _calls_lines(game_name: str, deal: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The calls of a deal of ``replay --json`` in words: the bidding; then the trumps
    (or high or low) named and bid whist's discards."""
    from ..core.moves import Call

    bids, named, discards = [], [], []
    for seat, code in deal["calls"]:
        try:
            call = Call(code)
        except ValueError:  # a card: bid whist's discard
            discards.append((seat, Card(code).label))
            continue
        if call.is_trump:
            named.append(
                _("seat {seat} named trumps: {trumps}").format(seat=seat, trumps=_trump_text(code))
            )
        elif code == "high":
            named.append(_("seat {seat} chose high: high cards win").format(seat=seat))
        elif code == "low":
            named.append(
                _("seat {seat} chose low: low cards win, the ace still highest").format(seat=seat)
            )
        else:
            bids.append(
                _("seat {seat} {call}").format(seat=seat, call=_call_words(game_name, code))
            )
    bidding = [_("bidding: {calls}").format(calls=", ".join(bids))] if bids else []
    lines = named
    if discards:
        lines.append(
            _("seat {seat} discarded {cards} face down (the kitty book)").format(
                seat=discards[0][0], cards=" ".join(label for _seat, label in discards)
            )
        )
    return bidding, lines


def _score_labels(game_name: str, rules: dict[str, Any] | None) -> tuple[str, str, str]:
    """How a family replay names a deal's ``points`` and the running ``scores``, and a
    line that explains them (``""``: none needed)."""
    if game_name == "whist":
        options = rules or {}
        if options.get("drive"):
            return (
                _("tricks scored this deal: {p}"),
                _("tricks in all: {s}"),
                _("A whist drive: each side scores the tricks it takes."),
            )
        if options.get("rubber", True):
            legend = _(
                "Points are odd tricks and honours, towards a game of {n}; game points are "
                "what the games won are worth (1 to 3 each, and 2 more for the rubber)."
            )
        else:
            legend = _(
                "Points are odd tricks and honours, towards a game of {n}; game points are "
                "what the game won is worth (1 to 3)."
            )
        return (
            _("points towards game this deal: {p}"),
            _("game points so far: {s}"),
            legend.format(n=options.get("game_points", 5)),
        )
    if game_name == "solo":
        return (
            _("payments this deal: {p}"),
            _("scores so far: {s}"),
            "",
        )
    return (
        _("points this deal: {p}"),
        _("scores so far: {s}"),
        _("Only the declaring side scores; a side at +{n} wins, a side at -{n} loses.").format(
            n=(rules or {}).get("target", 7)
        ),
    )


def _print_family_replay(file: str, record: dict[str, Any], result: dict[str, Any]) -> None:
    cls = family_class(record["game"])
    name = record["game"]
    pairs = cls.by_partnership
    print(_(cls.title))
    if pairs:
        print(_("Seats 0 and 2 play together, against seats 1 and 3."))
    rules = record.get("rules") if isinstance(record.get("rules"), dict) else None
    points_label, scores_label, legend = _score_labels(name, rules)
    if legend:
        print(legend)
    for deal in result["deals"]:
        print(
            _("Deal {n}: dealer seat {d}, trumps {t}").format(
                n=deal["number"], d=deal["dealer"], t=_trump_text(deal["trump"])
            )
        )
        bidding, after = _calls_lines(name, deal)
        for line in bidding:
            print("  " + line)
        if deal["contract"] is not None:
            print("  " + _contract_line(name, deal))
        for line in after:
            print("  " + line)
        thrown_in = (
            deal["contract"] is None and deal["points"] is not None and not deal["tricks"]
        ) and name != "whist"
        _print_tricks(deal["tricks"])
        if thrown_in:
            print("  " + _("thrown in: everybody passed, no card was played"))
        else:
            won = _family_side_text(pairs, deal["tricks_won"])
            print("  " + _("tricks won: {won}").format(won=won))
        for note in deal["notes"]:
            if thrown_in and note == "everybody passed: the cards are thrown in":
                continue
            print("  " + _(note))
        if deal["points"] is not None and not thrown_in:
            print("  " + points_label.format(p=_family_side_text(pairs, deal["points"])))
        if deal["scores"] is not None:
            print("  " + scores_label.format(s=_family_side_text(pairs, deal["scores"])))
    status = result["status"]
    if status == "over":
        winner = result["winner"]
        if winner is None:
            print(_("The game is drawn."))
        elif pairs:
            print(_("Winners: seats {a} and {b}").format(a=winner, b=winner + 2))
        else:
            print(_("Winner: seat {seat}").format(seat=winner))
    elif status == "in_progress":
        print(_("The game is still in progress."))
    else:
        _print_replay_error(file, result["error"])


# ------------------------------------------------------------------------- explain
def _action_lists(record: dict[str, Any]) -> list[list[Any]]:
    """The actions of each round (Knock-Out Whist) or deal (the whist family) of a
    record, in order; German Whist's one list."""
    if record["game"] == "german":
        return [record.get("actions", [])]
    key = "rounds" if record["game"] == "knockout" else "deals"
    return [part.get("actions", []) for part in record.get(key, [])]


def record_at(record: dict[str, Any], n: int) -> tuple[dict[str, Any], int, int]:
    """The record cut after its first ``n`` actions, counted over the whole record (a
    negative ``n`` counts back from the end); with ``n`` itself made positive and the
    record's number of actions. A cut at the end of a round (or deal) keeps the next
    one, if any, with no action yet: the moment after the Nth action is the start of
    the next round, where somebody is to move. :class:`SetupError` if the record holds
    fewer than ``n`` actions.

    >>> rec = {"format": "kowhist-record/1", "game": "german", "players": 2,
    ...        "actions": ["AS", "KS", "QS"]}
    >>> record_at(rec, 2)[0]["actions"], record_at(rec, -1)[1:]
    (['AS', 'KS'], (2, 3))
    """
    total = sum(len(actions) for actions in _action_lists(record))
    at = n + total if n < 0 else n
    if not 0 <= at <= total:
        raise SetupError(
            _("--at {n}: this record has {total} actions; give N from 0 to {total}").format(
                n=n, total=total
            )
        )
    cut = copy.deepcopy(record)
    if record["game"] == "german":
        cut["actions"] = cut.get("actions", [])[:at]
        return cut, at, total
    key = "rounds" if record["game"] == "knockout" else "deals"
    kept: list[dict[str, Any]] = []
    left = at
    for part in cut.get(key, []):
        actions = part.get("actions", [])
        if left < len(actions):
            kept.append({**part, "actions": actions[:left]})
            break
        kept.append(part)
        left -= len(actions)
    if key in cut:
        cut[key] = kept
    return cut, at, total


def _nobody_to_move(game: Any, record: dict[str, Any]) -> str:
    """Why nobody is to move where a record stops, in a few words."""
    if game.is_over():
        return _("the game is over")
    parts = record.get("rounds" if record["game"] == "knockout" else "deals")
    if record["game"] != "german" and not parts:
        return _("nothing has been dealt yet")
    if isinstance(game, FamilyGame):
        return _("the deal is over, and the record holds no next deal")
    return _("the round is over, and the record holds no next round")


class _ExplainError(Exception):
    """What ``explain`` says instead of explaining: a message and an exit status; with
    ``--json``, also an ``error`` object like ``replay --json``'s."""

    def __init__(self, message: str, status: int, error: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.error = error


def _cmd_explain(args: argparse.Namespace) -> int:
    family = family_game_of(args.file) is not None
    try:
        return _explain(args)
    except _ExplainError as e:
        if args.json:
            error = e.error or {
                "deal" if family else "round": None,
                "action": None,
                "seat": None,
                "message": e.message,
            }
            print(
                json.dumps(
                    {"seat": None, "moves": [], "tips": [], "error": error}, ensure_ascii=False
                )
            )
        else:
            print(f"{args.file}: {e.message}", file=sys.stderr)
        return e.status


def _explain(args: argparse.Namespace) -> int:
    """``explain``; every refusal is an :class:`_ExplainError`."""
    from ..core.record import ReplayError, game_from_record
    from ..teach.explain import explain_position
    from ..teach.solver import AnalysisTimeout

    try:
        record = load_record(args.file)
    except RecordError as e:
        raise _ExplainError(_("not a game record: {why}").format(why=e), 2) from None
    total = sum(len(actions) for actions in _action_lists(record))
    at = None
    if args.at is not None:
        try:
            record, at, total = record_at(record, args.at)
        except SetupError as e:
            raise _ExplainError(str(e), 2) from None
    try:
        game = game_from_record(record)
    except ReplayError as e:
        raise _ExplainError(
            _("the record breaks a rule: {why}").format(why=e), 1, e.to_dict()
        ) from None
    family = isinstance(game, FamilyGame)
    if game.to_move is None:
        why = _nobody_to_move(game, record)
        if at is not None:
            message = _(
                "nobody is to move after {n} of the record's {total} actions ({why}); "
                "give --at a smaller N"
            ).format(n=at, total=total, why=why)
        elif total:
            message = _(
                "nobody is to move where this record stops ({why}); explain describes that "
                "moment, so use --at N to pick an earlier one: the moment after the first N "
                "of its {total} actions"
            ).format(why=why, total=total)
        else:
            message = _("nobody is to move: {why}").format(why=why)
        raise _ExplainError(message, 1)
    if family and args.analyse:
        raise _ExplainError(
            _(
                "--analyse works only for Knock-Out Whist and German Whist: its solver counts "
                "the tricks one player can guarantee, and knows nothing of the contracts, "
                "bids and partners of {game}"
            ).format(game=_(game.title)),
            2,
        )
    try:
        # The whist family's moves come from explain_moves too (explain.py knows them).
        result = explain_position(game, analyse=args.analyse, time_limit=ANALYSIS_SECONDS)
    except AnalysisTimeout:
        raise _ExplainError(
            _("the analysis needs more than {s} s here; try it with fewer cards").format(
                s=ANALYSIS_SECONDS
            ),
            1,
        ) from None
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    if at is not None:
        print(_("The moment after {n} of the record's {total} actions:").format(n=at, total=total))
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
            if is_plural(a["tricks"]):
                text = _("{move}: {n} more tricks guaranteed, {verdict}")
            else:
                text = _("{move}: {n} more trick guaranteed, {verdict}")
            print("   " + text.format(move=a["move"], n=a["tricks"], verdict=verdict))
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


def _bot(game: str, name: str, seed: int) -> Callable[[Any], Any]:
    """The bot ``name`` (a one-line :class:`SetupError` if there is none). The same bots
    play every game: given a whist-family game, ``rules`` and ``montecarlo`` hand it to
    :mod:`kowhist_teach.games.family.bots`."""
    if name not in BOTS:
        raise SetupError(
            _("unknown bot {name!r}: choose from {known}").format(
                name=name, known=", ".join(sorted(BOTS))
            )
        )
    return BOTS[name](seed)


def _parse_rules(text: str | None, game: str) -> Any:
    if not text:
        return None
    try:
        options = json.loads(text)
    except json.JSONDecodeError as e:
        raise SetupError(_("--rules is not valid JSON: {msg}").format(msg=e.msg)) from None
    if game in FAMILY_GAMES:
        return family_class(game).rules_class.from_dict(options)
    if game == "german":
        from ..games.german.engine import GermanRules

        return GermanRules.from_dict(options)
    return Rules.from_dict(options)


def _make_game(game: str, players: int, rules: Any, seed: int, dealer: int) -> Any:
    if game in FAMILY_GAMES:
        return family_class(game)(rules, seed=seed, first_dealer=dealer, players=players)
    if game == "german":
        from ..games.german.engine import GermanGame

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
    choosers = [_bot(game, name, seed * 1000 + seat) for seat, name in enumerate(bots)]
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
        outcome = g.outcome()
        if outcome.winner is None:
            draws += 1
        elif getattr(outcome, "by_partnership", False):
            for seat in partners(outcome.winner):
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


def _cmd_simulate(args: argparse.Namespace) -> int:
    players = args.players or (2 if args.game == "german" else 4)
    if args.game == "german" and players != 2:
        raise SetupError(_("German Whist is for exactly 2 players"))
    _check_family_players(args.game, players)
    if args.games < 1:
        raise SetupError(_("--games must be at least 1"))
    bots = args.bots.split(",") if args.bots else None
    rules = _parse_rules(args.rules, args.game)
    result = simulate(args.game, players, args.games, args.seed, bots, rules)
    if args.json:
        print(json.dumps(result))
    else:
        _print_simulation(args.game, bots or ["random"] * players, result)
    return 0


def _print_simulation(game: str, bots: list[str], result: dict[str, Any]) -> None:
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

    if game in FAMILY_GAMES and family_class(game).by_partnership:
        for side in (0, 1):
            a, b = partners(side)
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


def _check_family_players(game: str, players: int | None) -> None:
    """The whist family is for four: anything else is a one-line error."""
    if game in FAMILY_GAMES and players not in (None, SEATS):
        raise SetupError(
            _("{game} is for exactly 4 players").format(game=_(family_class(game).title))
        )


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
        lines.append(_("On the table: {cards}").format(cards=_plays_text(game, view.trick)))
    if view.hidden_cards:
        lines.append(_("Your hand: one face-down card (you are a blind dog)"))
    else:
        lines.append(
            _("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-")
        )
    return "\n".join(lines)


def _plays_text(game: Any, plays: list[tuple[int, Card]]) -> str:
    """Cards played, each with its player: "Ann K♠, Bo 2♠"."""
    return ", ".join(f"{game.names[s]} {c.label}" for s, c in plays)


def _trick_text(game: Any, trick: Any) -> str:
    return _("Trick: {cards} - won by {name}").format(
        cards=_plays_text(game, trick.plays), name=game.names[trick.winner]
    )


def _card_help(say: Callable[[str], None]) -> None:
    say(_("Play a card by its code: rank then suit, like AS, 10H, QD (T for ten works)."))
    say(_("You must follow the suit led if you can. Trumps beat every other suit."))


#: What :func:`_ask` returns when the player quits, and after an undo.
_QUIT = object()
_UNDONE = object()


def _ask(
    game: Any,
    human: int,
    prompt: str,
    stdin: TextIO,
    out: TextIO,
    say: Callable[..., None],
    show_help: Callable[[], None],
) -> str | object | None:
    """The human's turn at the terminal: the text typed (a move to try), or what was
    done here instead — ``_QUIT`` (end of input or quit: goodbye said), ``_UNDONE``
    (the last move of theirs and the bots' replies taken back), ``None`` (help shown,
    or nothing to undo: ask again)."""
    out.write(prompt)
    out.flush()
    line = stdin.readline()
    if not line:
        say()
        say(_("Goodbye."))
        return _QUIT
    text = line.strip()
    if text.lower() in ("quit", "q", "exit"):
        say(_("Goodbye."))
        return _QUIT
    if text.lower() in ("help", "?"):
        show_help()
        return None
    if text.lower() == "undo":
        try:
            # Take back the bots' replies too, back to your own last move.
            while True:
                game.undo()
                if game.to_move == human:
                    break
        except IllegalMove as e:
            say(str(e))
            return None
        return _UNDONE
    return text


def play_terminal(
    players: int = 4,
    seed: int | None = None,
    rules: Rules | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    game: str = "knockout",
) -> int:
    """A game in the terminal: you are seat 0, bots play the other seats (random bots
    in Knock-Out Whist, rule-of-thumb bots in the whist family).

    Type a card code (``QS``, ``10h``), ``pass``, a suit to choose trumps, ``undo``,
    ``help`` or ``quit``. ``game`` is ``knockout`` or a game of the whist family
    (``whist``, ``solo``, ``bidwhist``: four players, see :func:`play_family_terminal`).
    """
    if game in FAMILY_GAMES:
        _check_family_players(game, players)
        return play_family_terminal(game, seed, rules, stdin=stdin, stdout=stdout)
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
            say(_trick_text(game, t))
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
        text = _ask(game, human, prompt, stdin, out, say, lambda: _card_help(say))
        if text is _QUIT:
            return 0
        if text is _UNDONE:
            shown_tricks = 0
            last_round_seen = -1
        if not isinstance(text, str):
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
    _check_family_players(args.game, args.players)
    rules = _parse_rules(args.rules, args.game)
    return play_terminal(args.players or 4, args.seed, rules, game=args.game)


# ------------------------------------------------------------- play: whist family
def _card_text(move: Any) -> str:
    return move.label if isinstance(move, Card) else move.code


def _move_words(game: FamilyGame, move: Any) -> str:
    """A move of a family game in words: a card's label, a bid's name ("3 uptown",
    "proposal"), "pass", a trump suit's symbol."""
    if isinstance(move, Card):
        return move.label
    from ..pictures.svg import call_words

    return call_words(move, game.game_name)


def _seat_list(game: FamilyGame, values: list[int]) -> str:
    """Scores or tricks by partnership ("Ann and Cy 3, Bo and Di 2") or by seat."""
    if len(values) == 2:
        return ", ".join(
            _("{a} and {b} {v}").format(a=game.names[a], b=game.names[b], v=v)
            for (a, b), v in zip((partners(0), partners(1)), values, strict=True)
        )
    return ", ".join(f"{game.names[s]} {v}" for s, v in enumerate(values))


def _describe_family(game: FamilyGame, seat: int) -> str:
    view = game.view(seat)
    log = game.log
    assert log is not None
    if view.trump is not None:
        trump = view.trump.symbol
    elif view.phase in (FamilyPhase.BID, FamilyPhase.TRUMP):
        trump = _("not settled yet")
    else:
        trump = _("none")
    lines = [
        _("Deal {n} - dealer {d} - trumps {t}").format(
            n=log.number, d=game.names[view.dealer], t=trump
        )
    ]
    if view.trump_card is not None:
        lines.append(_("Turned up: {card}").format(card=view.trump_card.label))
    # Discards (cards among the calls) go face down: the auction is what is public.
    calls = [(s, m) for s, m in view.calls if not isinstance(m, Card)]
    if calls and view.phase is not FamilyPhase.PLAY:
        lines.append(
            _("Calls: {calls}").format(
                calls=", ".join(f"{game.names[s]} {_move_words(game, m)}" for s, m in calls)
            )
        )
    contract_text = getattr(game, "contract_text", None)
    if contract_text is not None:
        if text := contract_text():
            lines.append(text)
    elif view.contract is not None and view.declarer is not None:
        lines.append(
            _("Contract: {contract} by {name}").format(
                contract=getattr(view.contract, "code", view.contract),
                name=game.names[view.declarer],
            )
        )
    if view.phase is FamilyPhase.PLAY:
        books = getattr(game, "books", None)
        if books is not None:  # bid whist: the kitty counts as the declarers' first book
            won = [books(0), books(1)]
            lines.append(_("Books: {won}").format(won=_seat_list(game, won)))
        else:
            won = log.side_tricks if game.by_partnership else view.tricks_won
            lines.append(_("Tricks: {won}").format(won=_seat_list(game, won)))
    if game.game_name == "whist" and not game.rules.drive:
        # Classic whist: points make games, games make the rubber (the scores).
        lines.append(
            _("Points towards game: {points}").format(points=_seat_list(game, game.points))
        )
    lines.append(_("Scores: {scores}").format(scores=_seat_list(game, view.scores)))
    if view.trick:
        lines.append(_("On the table: {cards}").format(cards=_plays_text(game, view.trick)))
    # Bid whist's view adds the kitty (once this seat has seen it) and the discards.
    kitty = getattr(view, "kitty", None)
    if kitty:
        lines.append(_("The kitty: {cards}").format(cards=" ".join(c.label for c in kitty)))
    discards = getattr(view, "discards", None)
    if discards:
        lines.append(_("Your discards: {cards}").format(cards=" ".join(c.label for c in discards)))
    for s, cards in view.open_hands.items():
        lines.append(
            _("{name}'s hand, face up: {cards}").format(
                name=game.names[s], cards=" ".join(c.label for c in cards) or "-"
            )
        )
    lines.append(_("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-"))
    return "\n".join(lines)


def _family_prompt(game: FamilyGame) -> str:
    legal = game.legal_moves()
    moves = " ".join(_card_text(m) for m in legal)
    if game.phase is FamilyPhase.BID:
        return _("Your bid ({moves}): ").format(moves=moves)
    if game.phase is FamilyPhase.TRUMP:
        if any(getattr(m, "code", "") == "high" for m in legal):  # bid whist at no trump
            return _("No trumps: do high cards win, or low ones? ({moves}): ").format(moves=moves)
        return _("Name trumps ({moves}): ").format(moves=moves)
    if game.phase is FamilyPhase.DISCARD:
        return _("Discard a card ({moves}): ").format(moves=moves)
    return _("Your play ({moves}): ").format(moves=moves)


class _Story:
    """What the table has seen: the calls, tricks and scores told so far, so that each
    is told once (and again after an undo)."""

    def __init__(self, game: FamilyGame, say: Callable[[str], None], human: int) -> None:
        self.game = game
        self.say = say
        self.human = human
        self.deal = -1
        self.calls = 0
        self.tricks = 0
        self.scored = False

    def rewind(self) -> None:
        """After an undo: tell the deal in progress again from its start."""
        self.calls = self.tricks = 0
        self.scored = False
        self.deal = min(self.deal, len(self.game.deals) - 1)

    def tell(self) -> None:
        game, say = self.game, self.say
        while self.deal < len(game.deals):
            if self.deal < 0 or (self.scored and self.deal + 1 < len(game.deals)):
                self.deal += 1
                self.calls = self.tricks = 0
                self.scored = False
                log = game.deals[self.deal]
                say()
                say(_("Deal {n}: {name} deals.").format(n=log.number, name=game.names[log.dealer]))
            log = game.deals[self.deal]
            for seat, move in log.calls[self.calls :]:
                if isinstance(move, Card) and seat != self.human:  # a discard, face down
                    say(_("{name} discards a card face down.").format(name=game.names[seat]))
                else:
                    say(
                        _("{name}: {call}").format(
                            name=game.names[seat], call=_move_words(game, move)
                        )
                    )
            self.calls = len(log.calls)
            done = [t for t in log.tricks if len(t.plays) == SEATS]
            for t in done[self.tricks :]:
                say(_trick_text(game, t))
            self.tricks = len(done)
            if log.points is None or self.scored:
                return
            self.scored = True
            won = log.side_tricks if game.by_partnership else log.tricks_won
            if not any(t.plays for t in log.tricks):  # thrown in: no card was played
                say(_("Deal {n} is over: no card was played.").format(n=log.number))
            else:
                say(
                    _("Deal {n} is over. Tricks: {won}. Points: {points}.").format(
                        n=log.number,
                        won=_seat_list(game, won),
                        points=_seat_list(game, log.points),
                    )
                )
            for note in log.notes:
                say("  " + _(note))
            if self.deal + 1 == len(game.deals):
                return


def play_family_terminal(
    game_name: str,
    seed: int | None = None,
    rules: Any = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """A game of the whist family in the terminal: you are seat 0, bots the others.

    Type a card (``QS``, ``10h``), a call as the prompt lists it (``pass``, a bid, a
    suit), ``undo``, ``help`` (every move open to you, with the reason) or ``quit``.
    """
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    cls = family_class(game_name)
    names = [_("Player 1 (you)")] + [_("Bot {n}").format(n=i) for i in range(1, SEATS)]
    game = cls(rules, seed=seed, players=names)
    base = seed if seed is not None else 0
    # Rule-of-thumb bots: a partner worth having, opponents worth beating.
    bots = {seat: _bot(game_name, "rules", base * 1000 + seat) for seat in range(1, SEATS)}
    human = 0

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(_(cls.title))
    if cls.by_partnership:
        say(
            _("You and {partner} are partners, against {a} and {b}.").format(
                partner=names[2], a=names[1], b=names[3]
            )
        )
    else:
        say(_("Every player for themselves."))
    say(_("Type a card (like QS or 10h) or a call, 'undo', 'help' or 'quit'."))
    story = _Story(game, say, human)
    while not game.is_over():
        story.tell()
        if game.to_move != human:
            game.play(bots[game.to_move](game))
            continue
        say()
        say(_describe_family(game, human))
        text = _ask(
            game, human, _family_prompt(game), stdin, out, say, lambda: _family_help(game, say)
        )
        if text is _QUIT:
            return 0
        if text is _UNDONE:
            story.rewind()
        if not isinstance(text, str):
            continue
        try:
            game.play(text, seat=human)
        except IllegalMove as e:
            say(_("Not allowed: {why}").format(why=e))
    story.tell()
    outcome = game.outcome()
    say()
    say(_("Final scores: {scores}").format(scores=_seat_list(game, outcome.scores)))
    if outcome.winner is None:
        say(_("The game is drawn."))
    elif outcome.by_partnership:
        a, b = partners(outcome.winner)
        say(_("{a} and {b} won the game.").format(a=names[a], b=names[b]))
    else:
        say(_("{name} won the game.").format(name=names[outcome.winner]))
    return 0


def _family_help(game: FamilyGame, say: Callable[[str], None]) -> None:
    from ..teach.explain import explain_moves

    _card_help(say)
    say(_("Make a call by its code, as the prompt lists them: pass, a bid, a suit."))
    say(_("'undo' takes back your last move; 'quit' stops the game."))
    for m in explain_moves(game):
        mark = "+" if m.legal else "x"
        say(f" {mark} {_card_text(m.move):<6} {m.reason}")


# ----------------------------------------------------------------------------- app
def app_notebook() -> Path:
    """The notebook the app serves (``notebooks/app.ipynb`` of a checkout, or the copy
    shipped inside the package)."""
    here = Path(__file__).resolve().parent.parent  # the package folder
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
    from ..classroom import MEMORY_MB, ServeOptions, serve

    options = ServeOptions(
        port=args.port,
        open_browser=not args.no_browser,
        classroom=args.classroom,
        address=args.address,
        pool_size=args.pool_size,
        memory_mb=MEMORY_MB if args.memory_mb is None else args.memory_mb,
    )
    return serve(app_notebook(), options)


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "app": _cmd_app,
    "replay": _cmd_replay,
    "explain": _cmd_explain,
    "simulate": _cmd_simulate,
    "play": _cmd_play,
}
