"""One ``kowhist-teach class start`` per class store: the store's holder.

Two ``class start`` on one store would serve it side by side without a word (two
students' servers, two consoles, each believing it runs the class). The first one holds
the store for as long as it runs; a second is refused in one line that says which
process holds it (and on which machine, when it is another). The hold goes with its
process, however that ends (Ctrl-C, a crash, ``kill -9``): a lock left behind never
blocks the next start.

- **SQLite**: a lock (``flock``; ``msvcrt.locking`` on Windows) on the file
  ``<store file>.lock`` beside the store (owner-only), which also holds the holder's pid
  and host. The operating system lets go of the lock when the process ends; the file
  stays, and is taken over by the next start.
- **PostgreSQL**: a session advisory lock (``pg_try_advisory_lock``) on a connection of
  its own, kept for the server's life, and the holder's pid and host in the store's
  ``kw_meta`` row ``holder``. PostgreSQL lets go of the lock when that connection ends
  (its process gone, its socket closed; a machine that vanished without a word is
  noticed by TCP keepalives within about :data:`KEEPALIVE_SECONDS` seconds).

The students' page and the console's kernels, and a class under a JupyterHub (many
servers on one store, by design), never take it: only ``class start`` does.

>>> import tempfile
>>> from pathlib import Path
>>> url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'class.sqlite'}"
>>> first = hold_store(url, "class.sqlite")
>>> try:
...     hold_store(url, "class.sqlite")
... except StoreError as e:
...     print(str(e).split(":")[0])
the class store class.sqlite is in use
>>> first.release(); hold_store(url, "class.sqlite").release()
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from .schema import StoreError

__all__ = ["ADVISORY_KEY", "HOLDER_KEY", "StoreHold", "hold_store"]

#: The ``kw_meta`` row naming a PostgreSQL store's holder.
HOLDER_KEY = "holder"
#: The advisory lock's key (a store is a database: advisory locks are per database).
ADVISORY_KEY = 2012118
#: Seconds, about, before PostgreSQL drops the lock of a machine gone without a word.
KEEPALIVE_SECONDS = 90


@dataclass
class StoreHold:
    """This process's hold on a class store; :meth:`release` lets go of it (its end
    does too)."""

    where: str
    fd: int | None = None
    connection: Any = None
    engine: Any = None

    def release(self) -> None:
        """Let go of the store (idempotent)."""
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)  # the lock goes with its file description
            self.fd = None
        if self.connection is not None:
            with contextlib.suppress(Exception):
                self.connection.exec_driver_sql(
                    f"DELETE FROM kw_meta WHERE key = '{HOLDER_KEY}'"  # noqa: S608 - constants
                )
                self.connection.commit()
            with contextlib.suppress(Exception):
                self.connection.close()  # the session, and its advisory lock, end
            self.connection = None
        if self.engine is not None:
            self.engine.dispose()
            self.engine = None


def _holder_line() -> str:
    return json.dumps({"pid": os.getpid(), "host": socket.gethostname()})


def _in_use(where: str, holder: str | None) -> StoreError:
    """The one line of a refused start: who holds the store, if it said."""
    try:
        found = json.loads(holder or "")
        pid, host = int(found["pid"]), str(found["host"])[:100]
    except (ValueError, TypeError, KeyError):
        return StoreError(
            _(
                "the class store {where} is in use by another kowhist-teach class start: "
                "stop that one first"
            ).format(where=where)
        )
    if host == socket.gethostname():
        return StoreError(
            _(
                "the class store {where} is in use: process {pid} serves it (another "
                "kowhist-teach class start): stop that one first"
            ).format(where=where, pid=pid)
        )
    return StoreError(
        _(
            "the class store {where} is in use: process {pid} on {host} serves it "
            "(another kowhist-teach class start): stop that one first"
        ).format(where=where, pid=pid, host=host)
    )


def hold_store(url: str, where: str) -> StoreHold:
    """Hold the class store at ``url`` (``where``: its place, for messages) for this
    process, or :class:`~.schema.StoreError` in one line naming its holder."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1].split("?", 1)[0]
        if not path or path == ":memory:" or url in ("sqlite://", "sqlite:///"):
            return StoreHold(where)  # a store in memory: nobody else can serve it
        return _hold_file(path + ".lock", where)
    return _hold_database(url, where)


# ------------------------------------------------------------------ SQLite
# The lock is on byte 0; the holder's line comes after it (Windows' locks are
# mandatory: a locked byte cannot even be read by another process).
def _hold_file(lock_path: str, where: str) -> StoreHold:
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as e:
        raise StoreError(
            _("cannot use the class store {where}: {why}").format(where=where, why=e.strerror or e)
        ) from None
    try:
        locked = _lock(fd)
        if not locked:
            raise _in_use(where, _read_holder(fd))
        line = ("\n" + _holder_line() + "\n").encode()
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, line)
    except BaseException:
        os.close(fd)
        raise
    return StoreHold(where, fd=fd)


def _lock(fd: int) -> bool:
    """Lock ``fd``'s file for this process without waiting; whether it was free."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # EWOULDBLOCK: another process holds it
        return False
    return True


def _read_holder(fd: int) -> str | None:
    with contextlib.suppress(OSError):
        os.lseek(fd, 1, os.SEEK_SET)
        return os.read(fd, 400).decode("utf-8", "replace").strip()
    return None


# ------------------------------------------------------------------ PostgreSQL
def _hold_database(url: str, where: str) -> StoreHold:
    import sqlalchemy as sa

    keepalive = "-c tcp_keepalives_idle=60 -c tcp_keepalives_interval=10 -c tcp_keepalives_count=3"
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool, connect_args={"options": keepalive})
    connection = None
    try:
        connection = engine.connect()
        got = connection.execute(
            sa.text("SELECT pg_try_advisory_lock(:key)"), {"key": ADVISORY_KEY}
        ).scalar()
        if not got:
            holder = connection.execute(
                sa.text("SELECT value FROM kw_meta WHERE key = :key"), {"key": HOLDER_KEY}
            ).scalar()
            raise _in_use(where, holder)
        connection.execute(
            sa.text(
                "INSERT INTO kw_meta (key, value) VALUES (:key, :value) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
            ),
            {"key": HOLDER_KEY, "value": _holder_line()},
        )
        connection.commit()  # the lock is the session's: it outlives the transaction
    except StoreError:
        _close(connection, engine)
        raise
    except Exception as e:
        _close(connection, engine)
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        raise StoreError(
            _("cannot open the class store {where}: {why}").format(where=where, why=first)
        ) from None
    return StoreHold(where, connection=connection, engine=engine)


def _close(connection: Any, engine: Any) -> None:
    if connection is not None:
        with contextlib.suppress(Exception):
            connection.close()
    engine.dispose()
