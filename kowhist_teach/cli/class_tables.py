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
from ..i18n import _

__all__ = ["existing_store", "tables_status"]


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
    """The class's tables for ``status --json``: game, seats (a student's id and name,
    or a bot) and the record so far (``null`` with an ``error`` if its log is broken)."""
    from ..classroom.schema import StoreError
    from ..classroom.tables import table_record, tables

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
            "seats": [
                {
                    "seat": n,
                    "student_id": who,
                    "name": names.get(who) if who else None,
                    "bot": who is None,
                }
                for n, who in enumerate(table.seats)
            ],  # fmt: skip
        }
        try:
            entry["record"] = table_record(store, table.id)
        except StoreError as e:
            entry["record"], entry["error"] = None, str(e)
        found.append(entry)
    return found


def _cmd_tables(args: argparse.Namespace) -> int:
    from ..classroom.tables import seat_class

    if args.game not in game_names():
        raise SetupError(
            _("unknown game {kind!r}: choose from {known}").format(
                kind=args.game, known=", ".join(game_names())
            )
        )
    store = existing_store(args.dir, args.db)
    try:
        made = seat_class(store, args.size, args.game, seed=args.seed)
        names = {s.id: s.name for s in store.students()}
        status = [t for t in tables_status(store) if t["id"] in {m.id for m in made}]
    finally:
        store.close()
    if args.json:
        print(printable_json(json.dumps({"tables": status}, ensure_ascii=False)))
        return 0
    for table in made:
        # A name as a terminal may print it (one stored raw before names were checked).
        seated = [printable(names.get(who, "?")) if who else _("a bot") for who in table.seats]
        print(_("Table {n}: {seats}").format(n=table.id, seats=", ".join(seated)))
    return 0
