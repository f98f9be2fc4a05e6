"""The class store's schema: its tables, the rows it hands out, and the check on the id a
page sends (a student's name has :mod:`.names`). :mod:`.store` reads and writes them.

>>> store_url(url="postgres://teacher@/class")
'postgresql+psycopg://teacher@/class'
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import SetupError
from ..i18n import _

__all__ = [
    "CLASS_DB_ENV",
    "CONNECTED_SECONDS",
    "DEFAULT_SETTINGS",
    "SCHEMA_VERSION",
    "STORE_FILE",
    "Deal",
    "GameRow",
    "MoveConflict",
    "MoveRefused",
    "MoveRow",
    "StoreError",
    "Student",
    "checked_browser_id",
    "new_browser_id",
    "replaces_games",
    "store_url",
]

#: The environment variable that carries the class store's URL from the server to its
#: kernels (``kowhist-teach class start`` sets it; the pages read it).
CLASS_DB_ENV = "KOWHIST_CLASS_DB"
#: The schema this code writes; a store with a higher one is refused, one with a lower
#: one is brought up to it when opened (:func:`.store.ClassStore._migrate`).
#: 2: a table's states are ``finished`` and ``abandoned`` (schema 1 said ``done`` for
#: both) and it has ``closed_at``; a student's game replaced before its end is
#: ``abandoned`` (schema 1 left it ``playing``).
SCHEMA_VERSION = 2
#: The database file in a class folder.
STORE_FILE = "class.sqlite"
#: Seconds a SQLite writer waits for another's transaction before giving up.
BUSY_SECONDS = 60.0
#: A student is "connected" while their page has been seen this recently (seconds).
CONNECTED_SECONDS = 15.0
#: The longest name a student may type.
NAME_LENGTH = 40

#: The class settings and their defaults (the console sets them; a student's page reads
#: them). ``game`` and ``rules`` are the game the class plays; ``lang`` the class's
#: language; ``speed`` the bots' pace; ``analysis`` the analysis with every card visible
#: (off, after the deal, on request); ``hints`` whether the hint button works.
DEFAULT_SETTINGS: dict[str, Any] = {
    "game": "knockout",
    "players": 4,
    "rules": {},
    "lang": "en",
    "speed": "normal",
    "analysis": "after",
    "hints": True,
    # Seconds a shared table waits for a student who has left before a bot plays their
    # seat (they take it back on return).
    "bot_after": 30,
}


class StoreError(SetupError):
    """The class store cannot be used: one line saying why."""


class MoveConflict(StoreError):
    """A move whose number is already stored for that game (another kernel was first)."""


class MoveRefused(StoreError):
    """A move a shared table's log does not take (DESIGN §8, "the table's log is the
    law"): not legal for its seat in the game the log describes, not the next number, or
    from a page that does not play that seat. ``number`` and ``seat`` are the move's."""

    def __init__(self, message: str, number: int, seat: int) -> None:
        super().__init__(message)
        self.number = number
        self.seat = seat


@dataclass(frozen=True)
class Student:
    """A student of the class."""

    id: int
    name: str
    browser_id: str
    joined_at: float
    last_seen: float

    def connected(self, now: float | None = None) -> bool:
        """Whether their page was seen in the last :data:`CONNECTED_SECONDS`.

        >>> Student(1, "Ann", "x", 0.0, 100.0).connected(now=110.0)
        True
        """
        now = time.time() if now is None else now
        return now - self.last_seen <= CONNECTED_SECONDS


@dataclass(frozen=True)
class GameRow:
    """A game a student plays (or played), as stored."""

    id: int
    student_id: int
    game: str
    players: int
    rules: dict[str, Any]
    seed: int | None
    deal_id: int | None
    record: dict[str, Any] | None
    status: str
    progress: dict[str, Any]
    started_at: float
    updated_at: float
    moves: int

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.status == "over"

    @property
    def playing(self) -> bool:
        """Whether the game is in progress: neither over nor abandoned (replaced by
        another game of the student's before its end)."""
        return self.status == "playing"


@dataclass(frozen=True)
class MoveRow:
    """One stored move."""

    game_id: int
    number: int
    seat: int
    move: str
    at: float


@dataclass(frozen=True)
class Deal:
    """A deal the teacher sent to the class: a seed, or a record's first deal."""

    id: int
    game: str
    players: int
    rules: dict[str, Any]
    seed: int | None
    record: dict[str, Any] | None
    label: str
    created_at: float


@dataclass
class _Tables:
    meta: Any
    students: Any
    games: Any
    moves: Any
    events: Any
    settings: Any
    deals: Any
    all: Any = None
    #: Shared tables of students and bots (``classroom.tables``): a table, its seats, and
    #: its log of moves numbered per table.
    tables: Any = None
    seats: Any = None
    table_moves: Any = None


#: The settings whose change starts a new game on every student's page (``ClassPage.poll``
#: in :mod:`.join`): the game, its players and rules, and a deal sent to everyone.
REPLACING = ("game", "players", "rules", "deal_id")


def replaces_games(stored: Any, changes: dict[str, Any]) -> bool:
    """Whether ``changes`` to the settings (stored as ``(key, JSON)`` rows) start a new
    game on every page: then every game in progress is abandoned at once (a page closed
    now starts the new game when it comes back; the old one is never counted as played).

    >>> replaces_games([("game", '"german"')], {"game": "german", "speed": "fast"})
    False
    >>> replaces_games([], {"game": "german"}), replaces_games([], {"deal_id": None})
    (True, False)
    """
    before = {**DEFAULT_SETTINGS, **{k: _load(v) for k, v in stored}}
    return any(
        k in changes and changes[k] != before.get(k) and (k != "deal_id" or changes[k])
        for k in REPLACING
    )


def abandon_replaced(c: Any, t: _Tables, changes: dict[str, Any]) -> None:
    """In the transaction ``c`` that changes the settings: when ``changes`` start a new
    game on every page (:func:`replaces_games`), every game in progress is abandoned."""
    stored = [(row.key, row.value) for row in c.execute(t.settings.select()).all()]
    if replaces_games(stored, changes):
        abandon_games(c, t.games)


def abandon_games(c: Any, games: Any, *where: Any) -> None:
    """In the transaction ``c``: the games in progress (of those ``where`` says) are
    abandoned: replaced before their end, not played."""
    c.execute(games.update().where(games.c.status == "playing", *where).values(status="abandoned"))


def new_browser_id() -> str:
    """An id for a browser to keep: 32 hex digits (128 bits), unguessable.

    >>> len(new_browser_id()), new_browser_id() != new_browser_id()
    (32, True)
    """
    return secrets.token_hex(16)


_BROWSER_ID = re.compile(r"[0-9a-f]{32}")


def checked_browser_id(browser_id: str) -> str:
    """``browser_id`` if it is one :func:`new_browser_id` made, else :class:`StoreError`.

    >>> checked_browser_id("0" * 32) == "0" * 32
    True
    """
    if not isinstance(browser_id, str) or not _BROWSER_ID.fullmatch(browser_id):
        raise StoreError(_("this page's student id is malformed: reload the page"))
    return browser_id


def store_url(folder: str | os.PathLike[str] | None = None, url: str | None = None) -> str:
    """The database URL of a class: ``url`` as given (``postgresql://`` is read through
    psycopg), else the SQLite file in ``folder`` (default: ``./class``).

    >>> store_url(url="postgresql://teacher@/class")
    'postgresql+psycopg://teacher@/class'
    >>> store_url("/tmp/c").endswith("/tmp/c/class.sqlite")
    True
    """
    if url:
        for plain in ("postgresql://", "postgres://"):
            if url.startswith(plain):
                return "postgresql+psycopg://" + url[len(plain) :]
        return url
    path = Path(folder if folder is not None else "class").resolve() / STORE_FILE
    return f"sqlite:///{path}"


def _tables(sa: Any) -> _Tables:
    metadata = sa.MetaData()
    text = sa.Text
    meta = sa.Table(
        "kw_meta",
        metadata,
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", text, nullable=False),
    )
    students = sa.Table(
        "kw_students",
        metadata,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("browser_id", sa.String(32), nullable=False, unique=True),
        sa.Column("name", sa.String(NAME_LENGTH * 4), nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
    )
    games = sa.Table(
        "kw_games",
        metadata,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("kw_students.id"), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rules", text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=True),
        sa.Column("deal_id", sa.Integer, nullable=True),
        sa.Column("record", text, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("progress", text, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Index("kw_games_student", "student_id"),
    )
    moves = sa.Table(
        "kw_moves",
        metadata,
        sa.Column("game_id", sa.Integer, sa.ForeignKey("kw_games.id"), primary_key=True),
        # The number is the key's second half: a second move with the same number is
        # refused by the database itself, whichever kernel sends it.
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    events = sa.Table(
        "kw_events",
        metadata,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("kw_students.id"), nullable=False),
        sa.Column("game_id", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("detail", text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Index("kw_events_student", "student_id", "kind"),
    )
    settings = sa.Table(
        "kw_settings",
        metadata,
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", text, nullable=False),
    )
    deals = sa.Table(
        "kw_deals",
        metadata,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rules", text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=True),
        sa.Column("record", text, nullable=True),
        sa.Column("label", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    tables = sa.Table(
        "kw_tables",
        metadata,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rules", text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        # When the teacher dealt again or seated the class anew: the table is gone from
        # every page (finished or abandoned); null while it is shown.
        sa.Column("closed_at", sa.Float, nullable=True),
    )
    seats = sa.Table(
        "kw_seats",
        metadata,
        sa.Column("table_id", sa.Integer, sa.ForeignKey("kw_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        # No student: a bot plays the seat.
        sa.Column("student_id", sa.Integer, sa.ForeignKey("kw_students.id"), nullable=True),
        sa.Column("bot", sa.String(16), nullable=False),
    )
    table_moves = sa.Table(
        "kw_table_moves",
        metadata,
        sa.Column("table_id", sa.Integer, sa.ForeignKey("kw_tables.id"), primary_key=True),
        # As for a student's game: a second move with the same number is refused by the
        # database, so two kernels racing for one turn can never fork the table's game.
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    return _Tables(
        meta, students, games, moves, events, settings, deals, metadata, tables, seats,
        table_moves,
    )  # fmt: skip


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


def _private_folder(path: Path) -> None:
    """Make the class folder if missing, readable by its owner only."""
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        path.chmod(0o700)
    except OSError as e:
        raise StoreError(
            _("cannot use the class folder {where}: {why}").format(where=path, why=e.strerror or e)
        ) from e


def _private_file(path: Path) -> None:
    """Create the database file owner-only before SQLite does (its WAL and shared-memory
    files take the same mode)."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
        os.close(fd)
        path.chmod(0o600)
    except OSError as e:
        raise StoreError(
            _("cannot use the class store {where}: {why}").format(where=path, why=e.strerror or e)
        ) from e
