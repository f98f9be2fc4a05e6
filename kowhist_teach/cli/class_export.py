"""``kowhist-teach class export``: the whole class's record in a zip (DESIGN §4, §8;
issue 32): each student's games, each shared table's, the deals sent to everyone and
their results, and a row per student with their figures; anonymous on request.
:func:`export_class` says what the zip holds; docs/deploy.md tells every column.
"""

from __future__ import annotations

import csv
import io
import os
import re
import tempfile
import zipfile
from datetime import datetime
from pathlib import Path
from typing import Any

from ..classroom.names import csv_cell
from ..core.errors import SetupError
from ..i18n import _

__all__ = ["export_class"]


def _checked_out(out: str) -> Path:
    path = Path(out)
    if path.suffix.lower() != ".zip":
        raise SetupError(_("--out takes a .zip file name, not {out}").format(out=out))
    if not path.resolve().parent.is_dir():
        raise SetupError(
            _("cannot write {out}: the folder {folder} does not exist").format(
                out=out, folder=path.resolve().parent
            )
        )
    if path.is_dir():
        raise SetupError(_("cannot write {out}: it is a folder").format(out=out))
    return path


def _when(t: float | None, minute: bool = False) -> str:
    """A time as ISO 8601 in local time, to the second (to the minute with ``minute``:
    the anonymous export keeps no exact time).

    >>> _when(None), len(_when(0.5)), len(_when(1e9, minute=True))
    ('', 19, 16)
    """
    if not t:
        return ""
    return datetime.fromtimestamp(t).isoformat(timespec="minutes" if minute else "seconds")


def _csv(header: list[str], rows: list[list[Any]]) -> str:
    """A CSV file's text whose every cell a spreadsheet reads as text, never as a
    formula (a name typed as ``=HYPERLINK(…)``: :func:`~.names.csv_cell`).

    >>> _csv(["name"], [["=1+2"], ["Ann"]])
    "name\\n'=1+2\\nAnn\\n"
    """
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow([csv_cell(c) for c in header])
    writer.writerows([csv_cell(c) for c in row] for row in rows)
    return text.getvalue()


def _file_part(game: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", game)


#: The columns of the export's files (docs/deploy.md tells what each holds).
STUDENT_COLUMNS = [
    "id", "name", "joined", "last_activity", "games_played", "games_won",
    "games_in_progress", "games_abandoned", "table_games_played", "table_games_won",
    "illegal_tries", "hints", "quiz_answered", "quiz_right",
]  # fmt: skip
GAME_COLUMNS = [
    "file", "student_id", "student", "game", "deal", "status", "state", "moves", "started",
    "updated",
]  # fmt: skip
TABLE_COLUMNS = [
    "file", "table", "game", "status", "moves", "created", "seat", "player", "student_id",
    "result", "error",
]  # fmt: skip
SAME_DEAL_COLUMNS = [
    "deal", "label", "game", "student_id", "student", "file", "status", "result", "tricks",
]  # fmt: skip


def export_class(status: dict[str, Any], out: Path, anonymous: bool = False) -> tuple[int, int]:
    """Write the class (a :func:`class_status` object) to the zip ``out``, owner-only;
    (students, game records) written.

    The zip holds ``students.csv`` (a row per student, their solo and table games
    counted), ``games.csv`` and ``games/<n>-<game>.json`` (each student's own games),
    ``tables.csv`` and ``tables/<n>-<game>.json`` (each shared table's record so far,
    every seat named), and ``same_deal.csv`` (each game of a deal the teacher sent to
    everyone, with its result). Every record replays with ``kowhist-teach replay``.
    With ``anonymous``: "Student 1", "Student 2"… (in the order they joined) for the
    names, games, tables and deals numbered in the zip's own order instead of by their
    ids in the store, and times to the minute."""
    from ..core.record import dumps

    students = status["students"]
    number = {s["id"]: i for i, s in enumerate(students, 1)}
    pseudonym = {i: _("Student {n}").format(n=n) for i, n in number.items()}
    shown = {s["id"]: pseudonym[s["id"]] if anonymous else s["name"] for s in students}
    who = {s["id"]: number[s["id"]] if anonymous else s["id"] for s in students}
    by_name: dict[str, str] = {}
    for s in students:
        by_name.setdefault(s["name"], pseudonym[s["id"]])
    deals = {d["id"]: d for d in status.get("deals", [])}
    deal_no = {d: i if anonymous else d for i, d in enumerate(deals, 1)}
    files: dict[str, str] = {}
    game_rows: list[list[Any]] = []
    deal_rows: list[list[Any]] = []
    files_of: dict[int, str] = {}
    n_game = 0
    for s in students:
        for g in s["games"]:
            n_game += 1
            name = f"games/{n_game if anonymous else g['id']}-{_file_part(g['game'])}.json"
            record = g["record"]
            if record is not None:
                if anonymous:
                    record = _hide_names(record, s["name"], pseudonym[s["id"]], by_name)
                files[name] = dumps(record) + "\n"
                files_of[g["id"]] = name
            state = _result(g)
            game_rows.append(
                [
                    files_of.get(g["id"], ""),
                    who[s["id"]],
                    shown[s["id"]],
                    g["game"],
                    deal_no.get(g["deal_id"], ""),
                    g["status"],
                    state,
                    g["moves"],
                    _when(g["started_at"], anonymous),
                    _when(g["updated_at"], anonymous),
                ]
            )
            deal = deals.get(g["deal_id"])
            if deal is not None:
                tricks = g["progress"].get("tricks_by_round")
                deal_rows.append(
                    [
                        deal_no[deal["id"]],
                        deal["label"],
                        g["game"],
                        who[s["id"]],
                        shown[s["id"]],
                        files_of.get(g["id"], ""),
                        g["status"],
                        state,
                        sum(t for t in tricks if isinstance(t, int))
                        if isinstance(tricks, list) else "",
                    ]
                )  # fmt: skip
    table_rows: list[list[Any]] = []
    played: dict[int, int] = {}
    won: dict[int, int] = {}
    for n_table, t in enumerate(status.get("tables", []), 1):
        players = [
            (shown[seat["student_id"]] if seat["student_id"] in shown else seat["name"] or "?")
            if not seat["bot"] else _("Bot {n}").format(n=seat["seat"] + 1)
            for seat in t["seats"]
        ]  # fmt: skip
        name = ""
        if t["record"] is not None:
            name = f"tables/{n_table if anonymous else t['id']}-{_file_part(t['game'])}.json"
            files[name] = dumps({**t["record"], "players": players}) + "\n"
        for seat, player in zip(t["seats"], players, strict=True):
            student = seat["student_id"] if not seat["bot"] else None
            if t["status"] == "finished" and student in who:
                played[student] = played.get(student, 0) + 1
                won[student] = won.get(student, 0) + (seat["state"] == "won")
            table_rows.append(
                [
                    name,
                    n_table if anonymous else t["id"],
                    t["game"],
                    t["status"],
                    t["moves"],
                    _when(t.get("created_at"), anonymous),
                    seat["seat"] + 1,
                    player,
                    who.get(student, "") if student is not None else "",
                    seat["state"] or "",
                    t.get("error", ""),
                ]
            )
    student_rows = []
    for s in students:
        games = s["games"]
        student_rows.append(
            [
                who[s["id"]],
                shown[s["id"]],
                _when(s["joined"], anonymous),
                _when(s["last_activity"], anonymous),
                sum(1 for g in games if g["status"] == "over"),
                sum(1 for g in games if g["status"] == "over" and _result(g) == "won"),
                sum(1 for g in games if g["status"] == "playing"),
                sum(1 for g in games if g["status"] == "abandoned"),
                played.get(s["id"], 0),
                won.get(s["id"], 0),
                s["illegal"],
                s["hints"],
                s["quiz"]["answered"],
                s["quiz"]["right"],
            ]
        )
    fd, temporary = tempfile.mkstemp(prefix=".kowhist-export-", suffix=".zip", dir=out.parent)
    os.close(fd)  # mkstemp made it owner-only
    try:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("students.csv", _csv(STUDENT_COLUMNS, student_rows))
            z.writestr("games.csv", _csv(GAME_COLUMNS, game_rows))
            z.writestr("tables.csv", _csv(TABLE_COLUMNS, table_rows))
            z.writestr("same_deal.csv", _csv(SAME_DEAL_COLUMNS, deal_rows))
            for name, text in files.items():
                z.writestr(name, text)
        os.replace(temporary, out)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return len(students), len(files)


def _result(game: dict[str, Any]) -> str:
    """How a student's game stands: ``abandoned`` when it was replaced before its end,
    else what their page last said (``won``, ``lost``, ``out``, ``playing``…).

    >>> _result({"status": "abandoned", "progress": {"state": "playing"}})
    'abandoned'
    """
    if game["status"] == "abandoned":
        return "abandoned"
    state = game["progress"].get("state")
    return state if isinstance(state, str) else ""


def _hide_names(
    record: dict[str, Any], name: str, pseudonym: str, by_name: dict[str, str]
) -> dict[str, Any]:
    """The record with the student's name in ``players`` replaced by their pseudonym
    (and any other student's name of the class by theirs).

    >>> _hide_names({"players": ["Ann", "Bo", "Bot 1"]}, "Ann", "Student 1",
    ...             {"Ann": "Student 1", "Bo": "Student 2"})["players"]
    ['Student 1', 'Student 2', 'Bot 1']
    """
    players = record.get("players")
    if not isinstance(players, list):
        return record
    hidden = [
        pseudonym if p == name else by_name.get(p, p) if isinstance(p, str) else p for p in players
    ]
    return {**record, "players": hidden}
