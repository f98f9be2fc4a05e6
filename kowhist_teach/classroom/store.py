"""The class store: everything a teacher needs, written as it happens (DESIGN §8).

One code path through SQLAlchemy Core for both databases:

- **SQLite** in a class folder by default (``class.sqlite``: one file, nothing to
  start), in WAL mode (readers never wait), every write transaction taken with ``BEGIN
  IMMEDIATE`` and a long busy timeout: 30 kernels writing at once queue for a few
  milliseconds instead of failing with "database is locked". Owner-only folder and files.
- **PostgreSQL** given a URL (``postgresql://…``, through psycopg), for a class spread
  over many machines (a JupyterHub); locks give what SQLite's one writer gives: one
  kernel creates the tables, one settings change and one write to a game at a time.

What it holds:

- ``students``: the name typed on joining, the id the browser keeps (so a reload is
  the same student);
- ``games``: each game played (game, players, rules, seed, deal, record, progress);
- ``moves``: each move of each game, numbered; a second move with the same number is
  refused (:class:`MoveConflict`), so two kernels can never fork a game;
- ``events``: an illegal card tried, a hint, a quiz answer, a move taken back;
- ``settings`` and ``deals``: the class settings the console sets (with a version the
  pages follow) and the deals it sent ("everyone plays this deal");
- ``meta``: the schema version (a newer one is refused in one line: :class:`StoreError`)
  and the class's secrets (its links' tokens, its login cookies' key).

>>> import tempfile
>>> store = ClassStore.open(tempfile.mkdtemp())
>>> ann = store.join("b" * 32, "Ann")
>>> ann.name, store.student("b" * 32).id == ann.id
('Ann', True)
>>> g = store.start_game(ann.id, "knockout", players=4, rules={}, seed=7)
>>> store.play(g, [(0, 0, "AS"), (1, 1, "2S")], record={}, progress={}, over=False)
>>> store.play(g, [(1, 1, "3S")], record={}, progress={}, over=False)
Traceback (most recent call last):
...
kowhist_teach.classroom.schema.MoveConflict: move 1 of game 1 is already stored
>>> [m.move for m in store.moves(g)]
['AS', '2S']
>>> store.close()
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..i18n import _
from .events import DROPPED, EVENTS_PER_SECOND, ClassEvents
from .migrate import migrate
from .names import checked_name, name_key, taken_keys, tell_apart, unique_name
from .schema import (
    BUSY_SECONDS,
    CONNECTED_SECONDS,
    DEFAULT_SETTINGS,
    SCHEMA_VERSION,
    STORE_FILE,
    Deal,
    GameRow,
    MoveConflict,
    MoveRow,
    StoreError,
    Student,
    _dump,
    _first_line,
    _load,
    _private_file,
    _private_folder,
    _tables,
    abandon_games,
    abandon_replaced,
    checked_browser_id,
    new_browser_id,
    store_url,
)

__all__ = [
    "DROPPED",
    "EVENTS_PER_SECOND",
    "SCHEMA_VERSION",
    "STORE_FILE",
    "ClassStore",
    "Deal",
    "GameRow",
    "MoveConflict",
    "MoveRow",
    "StoreError",
    "Student",
    "new_browser_id",
    "store_url",
]


class ClassStore(ClassEvents):
    """A class's database. Open it with :meth:`open`; every method is one transaction,
    safe to call from many processes at once.
    """

    def __init__(self, url: str) -> None:
        try:
            import sqlalchemy as sa
        except ImportError as e:  # pragma: no cover - the app extra brings it
            raise StoreError(
                _("the class store needs SQLAlchemy: pip install 'kowhist-teach[app]'")
            ) from e
        self._sa = sa
        self.url = url
        self.sqlite = url.startswith("sqlite")
        self.t = _tables(sa)
        try:
            self.engine = self._engine(url, immediate=True)
            self.reader = self._engine(url, immediate=False) if self.sqlite else self.engine
            self._create()
        except StoreError:
            raise
        except Exception as e:
            raise StoreError(
                _("cannot open the class store {where}: {why}").format(
                    where=self.where, why=_first_line(e)
                )
            ) from e

    # ----------------------------------------------------------------- opening
    @classmethod
    def open(
        cls, folder: str | os.PathLike[str] | None = None, url: str | None = None
    ) -> ClassStore:
        """The store of the class in ``folder`` (created, owner-only, if missing), or the
        database at ``url``."""
        if not url:
            path = Path(folder if folder is not None else "class").resolve()
            _private_folder(path)
            _private_file(path / STORE_FILE)
        return cls(store_url(folder, url))

    @property
    def where(self) -> str:
        """The store's place, without a password: for messages."""
        if self.sqlite:
            return self.url.split("///", 1)[-1]
        return re.sub(r"//([^:/@]+):[^@/]*@", r"//\1:***@", self.url)

    def _engine(self, url: str, immediate: bool) -> Any:
        sa = self._sa
        if self.sqlite:
            engine = sa.create_engine(
                url,
                connect_args={"timeout": BUSY_SECONDS, "isolation_level": None},
                pool_size=2,  # connections kept: their pragmas run once, not every write
            )

            @sa.event.listens_for(engine, "connect")
            def _pragmas(dbapi: Any, _record: Any) -> None:
                cursor = dbapi.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.close()

            @sa.event.listens_for(engine, "begin")
            def _begin(connection: Any) -> None:
                # A writer takes the write lock at the start: a deferred transaction
                # that reads, then writes, can fail at once with "database is locked"
                # when another writer came in between; an immediate one waits its turn.
                # A reader's transaction stays deferred: in WAL it never waits.
                connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

            return engine
        # No commit waits for the server's log to reach the disk (30 kernels' waits
        # queued: a write's p95 86 ms, 6 without): only a crash of the database server
        # itself could lose the last 0.2 s of writes; a killed app loses nothing.
        options = {"options": "-c synchronous_commit=off"}
        return sa.create_engine(url, pool_pre_ping=True, pool_size=2, connect_args=options)

    def _create(self) -> None:
        sa = self._sa
        with self._write() as c:
            if not self.sqlite:  # kernels opening a new store at once: one creates it
                c.execute(sa.text("SELECT pg_advisory_xact_lock(2012117)"))
            self.t.all.create_all(c, checkfirst=True)
            row = c.execute(
                sa.select(self.t.meta.c.value).where(self.t.meta.c.key == "schema_version")
            ).first()
            if row is None:
                c.execute(
                    self.t.meta.insert().values(key="schema_version", value=str(SCHEMA_VERSION))
                )
                c.execute(self.t.meta.insert().values(key="settings_version", value="0"))
                c.execute(self.t.meta.insert().values(key="created_at", value=str(time.time())))
                return
            found = migrate(self, c, int(row[0]))  # an older store brought up to date
            if found <= SCHEMA_VERSION:
                tell_apart(self, c)
        if found > SCHEMA_VERSION:
            raise StoreError(
                _(
                    "the class store {where} was made by a newer kowhist-teach (schema "
                    "{found}; this one reads up to {known}): upgrade kowhist-teach"
                ).format(where=self.where, found=found, known=SCHEMA_VERSION)
            )

    @contextlib.contextmanager
    def _write(self) -> Iterator[Any]:
        with self.engine.begin() as connection:
            yield connection

    @contextlib.contextmanager
    def _read(self) -> Iterator[Any]:
        with self.reader.begin() as connection:
            yield connection

    def close(self) -> None:
        """Let go of the database's connections."""
        self.engine.dispose()
        self.reader.dispose()

    def schema_version(self) -> int:
        """The schema version written in the store."""
        with self._read() as c:
            return int(self._meta(c, "schema_version"))

    def _meta(self, c: Any, key: str, lock: bool = False) -> str:
        query = self._sa.select(self.t.meta.c.value).where(self.t.meta.c.key == key)
        return c.execute(query.with_for_update() if lock else query).scalar()

    def _rows(
        self, kind: type, table: Any, *where: Any, order: Any = None, limit: int = 0, c: Any = None
    ) -> list[Any]:
        """The rows of ``table`` as ``kind`` (a dataclass whose fields are the columns),
        in ``order`` (default: by id); the JSON columns read."""
        names = [f.name for f in dataclasses.fields(kind)]
        query = self._sa.select(*(table.c[n] for n in names)).where(*where)
        query = query.order_by(order if order is not None else table.c.id).limit(limit or None)
        if c is None:
            with self._read() as c:
                return self._rows(kind, table, *where, order=order, limit=limit, c=c)
        return [
            kind(**{n: _column(n, v) for n, v in zip(names, row, strict=True)})
            for row in c.execute(query).all()
        ]

    # ---------------------------------------------------------------- students
    def join(self, browser_id: str, name: str) -> Student:
        """The student whose browser keeps ``browser_id``, joined now as ``name`` (a
        student who joined before keeps their row and takes the new name). The name is
        checked (:func:`~.names.checked_name`: :class:`StoreError` in one line) and
        told apart from the other students' ("Ana (2)" for a second "Ana")."""
        browser_id = checked_browser_id(browser_id)
        name = checked_name(name)
        from sqlalchemy.dialects import postgresql, sqlite

        now = time.time()
        s = self.t.students
        dialect = sqlite if self.sqlite else postgresql
        with self._write() as c:
            taken = taken_keys(self, c, s.c.browser_id != browser_id)
            name = unique_name(name, taken)
            # One statement: two tabs of one browser joining at once make one student.
            insert = dialect.insert(s).values(
                browser_id=browser_id, name=name, joined_at=now, last_seen=now
            )
            c.execute(
                insert.on_conflict_do_update(
                    index_elements=[s.c.browser_id], set_={"name": name, "last_seen": now}
                )
            )
            student = self._rows(Student, s, s.c.browser_id == browser_id, c=c)[0]
        self.add_event(student.id, None, "join", {"name": name})
        return student

    def rename(self, student_id: int, name: str) -> Student:
        """Give a student another name (the teacher's console does): checked as a name
        typed on joining, and refused in one line (:class:`StoreError`) when another
        student has it already. The pages follow at their next look (the settings
        version moves on).

        >>> store = ClassStore.open(__import__("tempfile").mkdtemp())
        >>> ana, other = store.join("a" * 32, "Ana"), store.join("b" * 32, "ana")
        >>> other.name, store.rename(other.id, "Ana B").name
        ('ana (2)', 'Ana B')
        """
        name = checked_name(name)
        s, meta = self.t.students, self.t.meta
        with self._write() as c:
            if name_key(name) in taken_keys(self, c, s.c.id != student_id):
                raise StoreError(
                    _("another student is already called {name}: choose another name").format(
                        name=name
                    )
                )
            if not c.execute(s.update().where(s.c.id == student_id).values(name=name)).rowcount:
                raise StoreError(_("there is no student {id} in this class").format(id=student_id))
            version = int(self._meta(c, "settings_version", lock=True)) + 1
            c.execute(
                meta.update().where(meta.c.key == "settings_version").values(value=str(version))
            )
            return self._rows(Student, s, s.c.id == student_id, c=c)[0]

    def student(self, browser_id: str) -> Student | None:
        """The student whose browser keeps ``browser_id``, if they have joined."""
        try:
            browser_id = checked_browser_id(browser_id)
        except StoreError:
            return None
        rows = self._rows(Student, self.t.students, self.t.students.c.browser_id == browser_id)
        return rows[0] if rows else None

    def student_by_id(self, student_id: int) -> Student | None:
        """The student with this id."""
        rows = self._rows(Student, self.t.students, self.t.students.c.id == student_id)
        return rows[0] if rows else None

    def students(self) -> list[Student]:
        """Every student, in the order they joined."""
        return self._rows(Student, self.t.students)

    def seen(self, student_id: int, when: float | None = None) -> None:
        """The student's page is open now (a heartbeat)."""
        s = self.t.students
        with self._write() as c:
            c.execute(s.update().where(s.c.id == student_id).values(last_seen=when or time.time()))

    def left(self, student_id: int) -> None:  # the student's page has closed
        self.seen(student_id, time.time() - CONNECTED_SECONDS - 1)

    # ------------------------------------------------------------------- games
    def start_game(
        self,
        student_id: int,
        game: str,
        *,
        players: int,
        rules: dict[str, Any] | None = None,
        seed: int | None = None,
        deal_id: int | None = None,
        record: dict[str, Any] | None = None,
        progress: dict[str, Any] | None = None,
    ) -> int:
        """A new game of the student's; its id. The one it replaces is abandoned."""
        now, g = time.time(), self.t.games
        with self._write() as c:
            abandon_games(c, g, g.c.student_id == student_id)
            result = c.execute(
                self.t.games.insert().values(
                    student_id=student_id,
                    game=game,
                    players=int(players),
                    rules=_dump(rules or {}),
                    seed=seed,
                    deal_id=deal_id,
                    record=_dump(record) if record is not None else None,
                    status="playing",
                    progress=_dump(progress or {}),
                    started_at=now,
                    updated_at=now,
                    moves=0,
                )
            )
            return int(result.inserted_primary_key[0])

    def take_back(self, game_id: int, keep: int) -> list[MoveRow]:
        """Take back the game's moves numbered ``keep`` and after (an undo): they are
        removed from the log and returned (the caller records them as an event)."""
        m = self.t.moves
        where = (m.c.game_id == game_id, m.c.number >= keep)
        with self._write() as c:
            self._lock_game(c, game_id)
            rows = self._rows(MoveRow, m, *where, order=m.c.number, c=c)
            c.execute(m.delete().where(*where))
        return rows

    def moves(self, game_id: int) -> list[MoveRow]:
        """The game's moves, in order."""
        m = self.t.moves
        return self._rows(MoveRow, m, m.c.game_id == game_id, order=m.c.number)

    def _lock_game(self, c: Any, game_id: int) -> None:
        # PostgreSQL: one writer of a game at a time, as SQLite has one writer at all, so
        # that the count of its moves is never one transaction late.
        g = self.t.games
        c.execute(self._sa.select(g.c.id).where(g.c.id == game_id).with_for_update())

    def play(
        self,
        game_id: int,
        moves: Sequence[tuple[int, int, str]],
        *,
        record: dict[str, Any],
        progress: dict[str, Any],
        over: bool,
    ) -> None:
        """New moves and the game as it is after them, in one transaction: the log and
        the record never disagree. A number already stored is refused
        (:class:`MoveConflict`) and nothing is kept; an abandoned game stays so."""
        rows = [
            {"game_id": game_id, "number": int(n), "seat": int(s), "move": str(m), "at": 0.0}
            for n, s, m in moves
        ]
        now = time.time()
        for row in rows:
            row["at"] = now
        g, sa = self.t.games, self._sa
        kept = sa.case((g.c.status == "abandoned", "abandoned"), else_="playing")
        try:
            with self._write() as c:
                self._lock_game(c, game_id)
                if rows:
                    c.execute(self.t.moves.insert(), rows)
                count = c.execute(
                    sa.select(sa.func.count()).where(self.t.moves.c.game_id == game_id)
                ).scalar()
                c.execute(
                    g.update()
                    .where(g.c.id == game_id)
                    .values(
                        record=_dump(record),
                        progress=_dump(progress),
                        status="over" if over else kept,
                        updated_at=now,
                        moves=int(count),
                    )
                )
        except sa.exc.IntegrityError as e:
            raise MoveConflict(
                _("move {n} of game {game} is already stored").format(
                    n=rows[0]["number"] if rows else 0, game=game_id
                )
            ) from e

    def game(self, game_id: int) -> GameRow | None:
        """One game."""
        rows = self._games(self.t.games.c.id == game_id)
        return rows[0] if rows else None

    def games(self, student_id: int | None = None, deal_id: int | None = None) -> list[GameRow]:
        """The games of a student, of a deal, or of the whole class, oldest first."""
        g = self.t.games
        conditions = []
        if student_id is not None:
            conditions.append(g.c.student_id == student_id)
        if deal_id is not None:
            conditions.append(g.c.deal_id == deal_id)
        return self._games(*conditions)

    def current_game(self, student_id: int) -> GameRow | None:
        """The student's latest game (finished or not)."""
        g = self.t.games
        rows = self._games(g.c.student_id == student_id, order=g.c.id.desc(), limit=1)
        return rows[0] if rows else None

    def _games(self, *conditions: Any, order: Any = None, limit: int = 0) -> list[GameRow]:
        return self._rows(GameRow, self.t.games, *conditions, order=order, limit=limit)

    def last_activity(self) -> dict[int, float]:
        """For each student, the time of their last move, event or heartbeat."""
        sa = self._sa
        g, s = self.t.games, self.t.students
        with self._read() as c:
            seen = dict(c.execute(sa.select(s.c.id, s.c.last_seen)).all())
            played = dict(
                c.execute(
                    sa.select(g.c.student_id, sa.func.max(g.c.updated_at)).group_by(g.c.student_id)
                ).all()
            )
        return {k: max(v, played.get(k) or 0.0) for k, v in seen.items()}

    # ---------------------------------------------------------------- settings
    def settings(self) -> dict[str, Any]:
        """The class settings (defaults for those never set)."""
        st = self.t.settings
        with self._read() as c:
            rows = c.execute(self._sa.select(st.c.key, st.c.value)).all()
        found = dict(DEFAULT_SETTINGS)
        found.update({k: _load(v) for k, v in rows})
        return found

    def settings_version(self) -> int:
        """A number that grows with every change of the settings or of the deal sent."""
        with self._read() as c:
            return int(self._meta(c, "settings_version"))

    def set_settings(self, changes: dict[str, Any]) -> int:
        """Change some class settings; the new version (:func:`.schema.abandon_replaced`)."""
        unknown = sorted(set(changes) - set(DEFAULT_SETTINGS) - {"deal_id"})
        if unknown:
            raise StoreError(_("unknown class setting {name!r}").format(name=unknown[0]))
        st, meta = self.t.settings, self.t.meta
        with self._write() as c:
            # The version's row locked first: on PostgreSQL, one change at a time.
            version = int(self._meta(c, "settings_version", lock=True)) + 1
            abandon_replaced(c, self.t, changes)
            for key, value in changes.items():
                c.execute(st.delete().where(st.c.key == key))
                c.execute(st.insert().values(key=key, value=_dump(value)))
            c.execute(
                meta.update().where(meta.c.key == "settings_version").values(value=str(version))
            )
        return version

    # ------------------------------------------------------------------- deals
    def add_deal(
        self,
        game: str,
        *,
        players: int,
        rules: dict[str, Any] | None = None,
        seed: int | None = None,
        record: dict[str, Any] | None = None,
        label: str = "",
    ) -> Deal:
        """A deal for everyone, stored and made the class's current deal (the settings
        version moves on, so every page starts it)."""
        if seed is None and record is None:
            raise StoreError(_("a deal needs a seed or a record"))
        now = time.time()
        with self._write() as c:
            result = c.execute(
                self.t.deals.insert().values(
                    game=game,
                    players=int(players),
                    rules=_dump(rules or {}),
                    seed=seed,
                    record=_dump(record) if record is not None else None,
                    label=label[:200],
                    created_at=now,
                )
            )
            deal_id = int(result.inserted_primary_key[0])
        self.set_settings({"deal_id": deal_id})
        deal = self.deal(deal_id)
        assert deal is not None
        return deal

    def deal(self, deal_id: int) -> Deal | None:
        """One deal sent to the class."""
        rows = self._deals(self.t.deals.c.id == deal_id)
        return rows[0] if rows else None

    def deals(self) -> list[Deal]:
        """Every deal sent to the class, oldest first."""
        return self._deals()

    def current_deal(self) -> Deal | None:
        """The deal the class plays now (the last one sent), if any."""
        deal_id = self.settings().get("deal_id")
        return self.deal(int(deal_id)) if deal_id else None

    def _deals(self, *conditions: Any) -> list[Deal]:
        return self._rows(Deal, self.t.deals, *conditions)

    # ----------------------------------------------------------------- secrets
    def secret(self, name: str, make: Callable[[], str]) -> str:
        """The class's secret ``name`` (a link's token, the login cookies' key), made by
        ``make`` the first time: started again, a class keeps its links and logins.

        >>> s = ClassStore.open(__import__("tempfile").mkdtemp())
        >>> s.secret("token", lambda: "abc") == s.secret("token", lambda: "xyz")
        True
        """
        from sqlalchemy.dialects import postgresql, sqlite

        key = f"secret:{name}"
        meta, dialect = self.t.meta, sqlite if self.sqlite else postgresql
        with self._write() as c:  # one statement: two starts at once keep one secret
            c.execute(
                dialect.insert(meta)
                .values(key=key, value=make())
                .on_conflict_do_nothing(index_elements=[meta.c.key])
            )
            return str(self._meta(c, key))


def _column(name: str, value: Any) -> Any:
    """A column's value as a row holds it: the JSON columns read (``{}`` for none)."""
    if name in ("rules", "progress"):
        return _load(value) or {}
    return _load(value) if name == "record" else value
