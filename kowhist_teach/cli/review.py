"""``kowhist-teach review FILE [--seat N] [--round R] [--json] [--time-limit S]``: where
did the tricks go?

Each of the seat's decisions where another legal move would have taken more tricks (or
kept them in the game) with every card visible, with the estimate from the seat's own
view beside it (see :mod:`kowhist_teach.teach.review`). Exit codes as ``replay``'s: 0
reviewed, 1 a record that breaks a rule, 2 no record (or no such seat)."""

from __future__ import annotations

import argparse
import json
import sys

from ..core.errors import RecordError
from ..core.record import check_record, load_record, not_a_record, replay
from ..i18n import _

__all__ = ["cmd_review"]


def cmd_review(args: argparse.Namespace) -> int:
    """``review``: 0 reviewed, 1 for a record that breaks a rule, 2 for no record."""
    from ..teach.review import lines_of, review

    try:
        record = load_record(args.file)
        check_record(record)
    except RecordError as e:
        if args.json:
            print(json.dumps(not_a_record(args.file, str(e)), ensure_ascii=False))
        else:
            print(
                _("{file}: not a game record: {why}").format(file=args.file, why=e), file=sys.stderr
            )
        return 2
    result = replay(record)
    if result["status"] == "error":
        if args.json:
            print(json.dumps(result, ensure_ascii=False))
        else:
            error = result.get("error")
            why = error.get("message", "") if isinstance(error, dict) else str(error)
            print(
                _("{file}: the record breaks a rule: {why}").format(file=args.file, why=why),
                file=sys.stderr,
            )
        return 1
    players = record.get("players", 0)
    players = players if isinstance(players, int) else len(players)
    if args.seat is not None and players and not 0 <= args.seat < players:
        print(
            _("{file}: there is no seat {seat} (seats 0 to {last})").format(
                file=args.file, seat=args.seat, last=players - 1
            ),
            file=sys.stderr,
        )
        return 2
    r = review(record, args.seat, time_limit=args.time_limit, round=args.round)
    if args.json:
        print(json.dumps(r.to_dict(), ensure_ascii=False))
    else:
        for line in lines_of(r):
            print(line)
    return 0
