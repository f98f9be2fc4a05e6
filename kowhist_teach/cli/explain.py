"""``kowhist-teach explain FILE [--json] [--analyse] [--at N]``: the moves open to the
player to move where a record stops (or after its first N actions)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core.errors import RecordError, SetupError
from ..core.game import hand_names
from ..core.hooks.ui import controlled_hand
from ..core.record import claimed_game, load_record, record_hook
from ..core.registry import spec
from ..i18n import _, ngettext

__all__ = ["cmd_explain", "record_at", "ANALYSIS_SECONDS"]

#: The longest ``explain --analyse`` thinks before it gives up (seven full hands can
#: take minutes in pure Python).
ANALYSIS_SECONDS = 60


def _action_lists(record: dict[str, Any]) -> list[list[Any]]:
    """The actions of each round (Knock-Out Whist) or deal (the whist family) of a
    record, in order; German Whist's one list."""
    return record_hook(record).action_lists(record)


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
    return record_hook(record).record_at(record, at), at, total


class _ExplainError(Exception):
    """What ``explain`` says instead of explaining: a message and an exit status; with
    ``--json``, also an ``error`` object like ``replay --json``'s."""

    def __init__(self, message: str, status: int, error: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.error = error


def cmd_explain(args: argparse.Namespace) -> int:
    """``explain``: 0 when explained, 1 for a record that breaks a rule or has nobody
    to move, 2 for no record or a bad ``--at``."""
    game = claimed_game(args.file)
    place = spec(game).record.error_place if game is not None else "round"
    try:
        return _explain(args)
    except _ExplainError as e:
        if args.json:
            error = e.error or {place: None, "action": None, "seat": None, "message": e.message}
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
    words = spec(record["game"]).cli
    if game.to_move is None:
        why = words.nobody_to_move(game, record)
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
    refusal = words.analyse_refusal(game) if args.analyse else None
    if refusal is not None:
        raise _ExplainError(refusal, 2)
    try:
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
    seat = result["seat"]
    hand = controlled_hand(game, seat)
    if hand == seat:
        print(_("{name} to move.").format(name=game.names[seat]))
    else:  # the seat plays another hand's cards (German Whist's dummy)
        text = _("{name} to move, playing {hand}'s hand.")
        print(text.format(name=game.names[seat], hand=hand_names(game)[hand]))
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
            text = ngettext(
                "{move}: {n} more trick guaranteed, {verdict}",
                "{move}: {n} more tricks guaranteed, {verdict}",
                a["tricks"],
            )
            print("   " + text.format(move=a["move"], n=a["tricks"], verdict=verdict))
    return 0
