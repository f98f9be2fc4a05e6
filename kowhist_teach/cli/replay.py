"""``kowhist-teach replay FILE [--json]``: validate and replay a record. The shared
wording of the text (trumps, seats, tricks, the error line) is here; each game's own
part comes from its ``cli`` hook (:class:`~kowhist_teach.core.hooks.cli.CliHook`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core.cards import Card, Suit
from ..core.errors import RecordError
from ..core.partnerships import Partnerships
from ..core.record import check_record, load_record, not_a_record, replay
from ..core.registry import spec
from ..i18n import _, ngettext

__all__ = ["cmd_replay", "ReplayWords"]


def cmd_replay(args: argparse.Namespace) -> int:
    """``replay``: 0 for a valid record, 1 for one that breaks a rule, 2 for no record."""
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
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        spec(record["game"]).cli.print_replay(record, result, ReplayWords(args.file))
    return 1 if result["status"] == "error" else 0


class ReplayWords:
    """The shared wording of ``replay``'s text
    (:class:`~kowhist_teach.core.hooks.cli.ReplayText`) for the record in ``file``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def say(self, line: str = "") -> None:
        print(line)

    def trump(self, code: str | None) -> str:
        if code is None:
            return _("none")
        if code == "NT":
            return _("no trumps")
        from ..teach.explain import suit_name

        suit = Suit.from_code(code)
        return f"{suit.symbol} {suit_name(suit)}"

    def seats(self, seats: list[int]) -> str:
        text = ", ".join(map(str, seats))
        return ngettext("seat {seats}", "seats {seats}", len(seats)).format(seats=text)

    def sides(self, partnerships: Partnerships | None, values: list[int]) -> str:
        if partnerships is not None:
            return partnerships.replay_list(values)
        return ", ".join(_("seat {s}: {v}").format(s=seat, v=v) for seat, v in enumerate(values))

    def tricks(self, tricks: list[dict[str, Any]]) -> None:
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

    def outcome(self, result: dict[str, Any]) -> None:
        status = result["status"]
        if status == "over":
            if result.get("winner") is None:
                print(_("The hand is drawn."))
            else:
                print(_("Winner: seat {seat}").format(seat=result["winner"]))
        elif status == "in_progress":
            print(_("The game is still in progress."))
        else:
            self.error(result["error"])

    def error(self, err: dict[str, Any]) -> None:
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
        print(f"{self.file}: {place}{err['message']}", file=sys.stderr)
