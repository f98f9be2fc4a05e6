"""``kowhist-teach class tables``: seat the class at tables of students, bots in the
empty seats (issue 22; :mod:`kowhist_teach.classroom.tables`), the tables as ``class
status --json`` lists them, and the store a command reads (one that exists)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..classroom.names import printable, printable_json
from ..core.errors import SetupError
from ..core.registry import game_names
from ..i18n import N_, _

__all__ = ["TABLE_STATES", "existing_store", "tables_status"]

#: A shared table's states in words (``class tables``, ``class status``).
TABLE_STATES = {
    "playing": N_("playing"),
    "paused": N_("paused"),
    "finished": N_("finished"),
    "abandoned": N_("abandoned (the teacher dealt again before its end)"),
}


def existing_store(folder: str | None = None, url: str | None = None) -> Any:
    """The class store if it exists (``status``, ``export``); a one-line
    :class:`SetupError` if not."""
    from ..classroom.schema import STORE_FILE, StoreError
    from ..classroom.store import ClassStore

    if url:
        path = url.split("///", 1)[1] if url.startswith("sqlite:///") else None
        if path is not None and not Path(path).is_file():
            raise StoreError(_("no class store at {url}").format(url=url))
        return ClassStore(url)
    place = Path(folder if folder is not None else "class")
    if not (place / STORE_FILE).is_file():
        raise StoreError(
            _("no class store in {folder}: start a class with kowhist-teach class start").format(
                folder=place
            )
        )
    return ClassStore.open(place)


def tables_status(store: Any) -> list[dict[str, Any]]:
    """The class's tables for ``status --json``: game, status (``playing``, ``paused``,
    ``finished`` once its game is over, ``abandoned`` when the teacher dealt again or
    seated anew before its end), whether it is closed (gone from every page), its moves,
    seats (a student's id and name, or a bot; each seat's state: ``playing``, ``out``,
    ``won``, ``lost``…) and the record so far. A log that breaks a rule gives the record
    up to the move that broke it, and an ``error`` saying which; only a table that
    cannot be dealt at all (a game this version does not know) has a ``null`` record."""
    from ..classroom.progress import progress
    from ..classroom.schema import StoreError
    from ..classroom.tables import FINISHED, LIVE, table_so_far, tables
    from ..core.record import to_record

    names = {s.id: s.name for s in store.students()}
    found = []
    for table in tables(store):
        entry: dict[str, Any] = {
            "id": table.id,
            "game": table.game,
            "players": table.players,
            "rules": table.rules,
            "seed": table.seed,
            "status": table.status,
            "closed": table.closed,
            "created_at": table.created_at,
            "moves": 0,
            "seats": [
                {
                    "seat": n,
                    "student_id": who,
                    "name": names.get(who) if who else None,
                    "bot": who is None,
                    "state": None,
                }
                for n, who in enumerate(table.seats)
            ],  # fmt: skip
        }
        try:
            game, error = table_so_far(store, table.id)
        except (StoreError, SetupError) as e:
            entry["record"], entry["error"] = None, str(e)
            found.append(entry)
            continue
        if game.is_over() and table.status in LIVE:
            # The kernel that wrote the last move marks it; until then, the log says it.
            entry["status"] = FINISHED
        entry["moves"] = len(game.moves)
        entry["record"] = to_record(game)
        for seat in entry["seats"]:
            seat["state"] = progress(game, seat["seat"])["state"]
        if error:
            entry["error"] = error
        found.append(entry)
    return found


def _cmd_tables(args: argparse.Namespace) -> int:
    from ..classroom.tables import seat_class, tables

    if args.game not in game_names():
        raise SetupError(
            _("unknown game {kind!r}: choose from {known}").format(
                kind=args.game, known=", ".join(game_names())
            )
        )
    store = existing_store(args.dir, args.db)
    try:
        was_open = {t.id for t in tables(store) if not t.closed}
        made = seat_class(store, args.size, args.game, seed=args.seed)
        names = {s.id: s.name for s in store.students()}
        every = tables_status(store)
    finally:
        store.close()
    status = [t for t in every if t["id"] in {m.id for m in made}]
    closed = [t for t in every if t["id"] in was_open and t["closed"]]
    if args.json:
        print(printable_json(json.dumps({"tables": status, "closed": closed}, ensure_ascii=False)))
        return 0
    for table in closed:
        # The tables this seating replaced: finished (their game was over) or abandoned.
        print(_("Table {n}: {state}").format(n=table["id"], state=_(TABLE_STATES[table["status"]])))
    for table in made:
        # A name as a terminal may print it (one stored raw before names were checked).
        seated = [printable(names.get(who, "?")) if who else _("a bot") for who in table.seats]
        print(_("Table {n}: {seats}").format(n=table.id, seats=", ".join(seated)))
    return 0
