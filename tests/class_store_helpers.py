"""The class store's tests on both its databases: SQLite in a class folder, and a real
PostgreSQL.

``class_store_url`` is a fixture parametrised over ``sqlite`` and ``postgres``: a test
that asks for it runs twice, each time with a new, empty store's URL, for
``ClassStore.open(url=…)``:

* ``sqlite``: ``sqlite:///…/class/class.sqlite`` in the test's own ``tmp_path``, the
  folder (owner-only) and the empty file (owner-only) made as ``ClassStore.open(folder)``
  makes them;
* ``postgres``: a database of its own (``kw_test_<random>``: tests run in parallel
  under pytest-xdist), created through the server that ``KOWHIST_POSTGRES_URL`` names
  (any database of it, ``postgresql://root@/postgres?host=/var/run/postgresql`` in CI) by
  a role that may create databases, and dropped after the test. Without that variable,
  the local server of Debian's ``postgresql`` package is tried
  (:data:`LOCAL_POSTGRES`). Without a server the test is skipped, saying why; with
  ``KOWHIST_REQUIRE_POSTGRES=1`` (CI sets it) it fails instead.

``class_store`` is the store itself, open (and closed after the test). tests/conftest.py
imports both, so any test under tests/ just names them::

    def test_something(class_store_url: str) -> None:
        store = ClassStore.open(url=class_store_url)

    def test_another(class_store: ClassStore) -> None:
        ...

The workers of the concurrency tests (:func:`write_a_lot`, :func:`race`, :func:`arrive`,
:func:`table_race`) live here, in a module a ``spawn`` or ``forkserver`` process can
import, and :func:`run_kernels` starts them and gathers what they report.
"""

from __future__ import annotations

import functools
import os
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kowhist_teach.classroom.schema import STORE_FILE, _private_file, _private_folder
from kowhist_teach.classroom.store import ClassStore, MoveConflict, store_url

POSTGRES_ENV = "KOWHIST_POSTGRES_URL"
REQUIRED = os.environ.get("KOWHIST_REQUIRE_POSTGRES") == "1"
#: Debian's PostgreSQL on this machine, as the user running the tests (its socket).
LOCAL_POSTGRES = "postgresql:///postgres?host=/var/run/postgresql"
#: Seconds to wait for a PostgreSQL server to answer before saying there is none.
CONNECT_SECONDS = 2


def _admin_engine(url: str) -> Any:
    import sqlalchemy as sa

    return sa.create_engine(
        store_url(url=url),
        isolation_level="AUTOCOMMIT",  # CREATE and DROP DATABASE refuse a transaction
        poolclass=sa.pool.NullPool,
        connect_args={"connect_timeout": CONNECT_SECONDS},
    )


@functools.lru_cache(maxsize=1)
def postgres_server() -> tuple[str | None, str]:
    """``(admin URL, "")`` of the PostgreSQL server the tests may use, or ``(None, why
    not)``; asked once per process."""
    given = os.environ.get(POSTGRES_ENV, "").strip()
    url = given or LOCAL_POSTGRES
    engine = _admin_engine(url)
    try:
        with engine.connect() as c:
            c.exec_driver_sql("SELECT 1")
    except Exception as e:
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        if given:
            return None, f"PostgreSQL at {POSTGRES_ENV}={shown(given)} does not answer: {first}"
        return None, (
            f"no PostgreSQL: {POSTGRES_ENV} is unset and {LOCAL_POSTGRES} does not answer ({first})"
        )
    finally:
        engine.dispose()
    return url, ""


def shown(url: str) -> str:
    """A URL for a message: its password hidden."""
    import sqlalchemy as sa

    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL at all: nothing in it to hide, nothing to show
        return "(a malformed URL)"


def unavailable(reason: str) -> None:
    """Skip the test, or fail it when PostgreSQL is required."""
    if REQUIRED:
        pytest.fail(
            f"{reason}; KOWHIST_REQUIRE_POSTGRES=1, so the PostgreSQL tests must run",
            pytrace=False,
        )
    pytest.skip(reason)


@functools.lru_cache(maxsize=1)
def _admin(url: str) -> Any:
    return _admin_engine(url)


@pytest.fixture(params=["sqlite", "postgres"])
def class_store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty class store's URL, on SQLite then on PostgreSQL (module docstring)."""
    if request.param == "sqlite":
        folder = tmp_path / "class"
        _private_folder(folder)
        _private_file(folder / STORE_FILE)
        yield store_url(folder)
        return
    admin_url, why = postgres_server()
    if admin_url is None:
        unavailable(why)
    import sqlalchemy as sa

    name = f"kw_test_{secrets.token_hex(8)}"
    admin = _admin(admin_url)
    try:
        with admin.connect() as c:
            c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except Exception as e:
        unavailable(f"cannot create a test database on {shown(admin_url)}: {e}".splitlines()[0])
    url = sa.engine.make_url(store_url(url=admin_url)).set(database=name)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:  # FORCE: a connection left open is closed
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def class_store(class_store_url: str) -> Iterator[ClassStore]:
    """A new class store, open, on each database in turn; closed after the test."""
    store = ClassStore.open(url=class_store_url)
    yield store
    store.close()


# ----------------------------------------------------------- concurrent workers
def write_a_lot(
    url: str, index: int, moves: int, events: int, start: Any, errors: Any, done: Any
) -> None:
    """A student's kernel at full speed: join, start a game, then ``moves`` moves, one
    :meth:`ClassStore.play` each, and ``events`` hints among them. Every exception goes
    to ``errors``; ``done`` gets ``(index, game id)`` at the end."""
    try:
        store = ClassStore.open(url=url)
        start.wait(timeout=120)
        student = store.join(f"{index:032x}", f"Student {index}")
        game = store.start_game(student.id, "knockout", players=4, seed=index)
        every = max(1, moves // max(1, events))
        sent = 0
        for n in range(moves):
            store.play(
                game,
                [(n, n % 4, f"m{index}.{n}")],
                record={"index": index, "moves": n + 1},
                progress={"trick": n // 4},
                over=n == moves - 1,
            )
            if sent < events and n % every == every - 1:
                store.add_event(student.id, game, "hint", {"n": n})
                sent += 1
        for _ in range(events - sent):
            store.add_event(student.id, game, "hint", {"n": -1})
        store.close()
        done.put((index, game))
    except BaseException as e:  # everything, for the test to report
        start.abort()
        errors.put(f"writer {index}: {type(e).__name__}: {e}")


def race(url: str, game: int, index: int, rounds: int, start: Any, errors: Any, done: Any) -> None:
    """One of two kernels sending move ``r`` of the same game at the same moment, for
    each round ``r``, then moves of their own numbers (``rounds + 2k + index``) at once:
    ``done`` gets ``(index, [True if kept, False if refused, …])``."""
    try:
        store = ClassStore.open(url=url)
        kept: list[bool] = []
        for r in range(rounds):
            start.wait(timeout=60)
            try:
                store.play(
                    game, [(r, index, f"p{index}")], record={"by": index}, progress={}, over=False
                )
                kept.append(True)
            except MoveConflict:
                kept.append(False)
        start.wait(timeout=60)
        for k in range(rounds):
            n = rounds + 2 * k + index
            store.play(game, [(n, index, f"p{index}")], record={"n": n}, progress={}, over=False)
        store.close()
        done.put((index, kept))
    except BaseException as e:
        start.abort()
        errors.put(f"racer {index}: {type(e).__name__}: {e}")


def arrive(
    url: str, index: int, joins: int, changes: int, start: Any, errors: Any, done: Any
) -> None:
    """A kernel of a class arriving at once: it opens a new store as the others do, joins
    as the same browsers as the others (two tabs, reloads), then changes the settings as
    the others do (a console open twice)."""
    try:
        start.wait(timeout=60)
        store = ClassStore.open(url=url)
        start.wait(timeout=60)
        for k in range(joins):
            store.join(f"{k:032x}", f"tab {index}")
        start.wait(timeout=60)
        for k in range(changes):
            store.set_settings({"speed": f"{index}.{k}", "lang": "fr"})
        store.close()
        done.put(index)
    except BaseException as e:
        start.abort()
        errors.put(f"kernel {index}: {type(e).__name__}: {e}")


def drain(queue: Any, deadline: float) -> list[Any]:
    """Everything in ``queue`` until it stays empty (or ``deadline``)."""
    import queue as queues

    items = []
    while time.monotonic() < deadline:
        try:
            items.append(queue.get(timeout=0.2))
        except queues.Empty:
            break
    return items


def table_race(url: str, table: int, index: int, start: Any, errors: Any, done: Any) -> None:
    """One of two kernels at a shared table, each playing the turn that comes up — the
    same turn, with the same move number — until the game is over (or 60 turns): each
    rebuilds the game from the table's log, then sends a legal move of its own choosing
    (``index`` picks which). ``done`` gets ``(index, [True if kept, …], final record)``."""
    from kowhist_teach.classroom.tables import add_move, table_game, table_record

    try:
        store = ClassStore.open(url=url)
        kept: list[bool] = []
        for _turn in range(60):
            start.wait(timeout=60)
            game = table_game(store, table)
            if game.is_over():
                break
            legal = game.legal_moves()
            move = legal[index % len(legal)]
            start.wait(timeout=60)  # both have read the same game: now both send
            try:
                add_move(store, table, len(game.moves), game.to_move, move, writer=None)
                kept.append(True)
            except MoveConflict:
                kept.append(False)
        start.wait(timeout=60)
        done.put((index, kept, table_record(store, table)))
        store.close()
    except BaseException as e:
        start.abort()
        errors.put(f"kernel {index}: {type(e).__name__}: {e}")


#: What the forkserver imports once for all the processes it starts (a second each).
PRELOAD = [
    "sqlalchemy",
    "sqlalchemy.dialects.sqlite.pysqlite",
    "sqlalchemy.dialects.postgresql.psycopg",
    "kowhist_teach.classroom.store",
    "pytest",
]


def context() -> Any:
    """Processes as a class has them, each its own kernel: none a fork of this process
    and its connections, but forks of a server that imported the store once."""
    import multiprocessing

    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx


def run_kernels(
    target: Any, arguments: list[tuple[Any, ...]], seconds: float
) -> tuple[list[Any], list[str], list[int | None]]:
    """Start one kernel per ``arguments`` running ``target(*arguments, start, errors,
    done)`` (``start`` a barrier for all of them), wait for each to report on ``done``
    (at most ``seconds``; not past the first error), then for each to end (killed if it
    does not). What they reported, the errors, and their exit codes."""
    ctx = context()
    start, errors, done = ctx.Barrier(len(arguments)), ctx.Queue(), ctx.Queue()
    kernels = [ctx.Process(target=target, args=(*a, start, errors, done)) for a in arguments]
    for k in kernels:
        k.start()
    deadline = time.monotonic() + seconds
    reported: list[Any] = []
    # Their reports are read before they are joined: a process does not end until what
    # it put on a queue has been taken.
    while len(reported) < len(kernels) and time.monotonic() < deadline:
        reported += drain(done, deadline)
        if not errors.empty() or all(not k.is_alive() for k in kernels):
            reported += drain(done, deadline)
            break
    for k in kernels:
        k.join(max(0.1, deadline - time.monotonic()))
        if k.is_alive():
            k.kill()
    return reported, drain(errors, time.monotonic() + 1), [k.exitcode for k in kernels]
