"""The table's log is the law (issue 32, DESIGN §8): :func:`add_move` keeps a move of a
shared table only if it is legal for its seat in the game the log describes, and only
from a page that plays that seat, checked in the write transaction that stores it.

The game is kept between two writes of a process (:class:`_Known`: a kernel writes to
one table, several times a minute; a class several times a second), and read again
only where the log has changed behind it.

>>> import tempfile
>>> from kowhist_teach.classroom.store import ClassStore
>>> from kowhist_teach.classroom.tables import seat_class, table_game
>>> store = ClassStore.open(tempfile.mkdtemp())
>>> ann = store.join("a" * 32, "Ann").id
>>> table = seat_class(store, 2, seed=1)[0]
>>> game = table_game(store, table.id)
>>> try:
...     add_move(store, table.id, 5, game.to_move, game.legal_moves()[0], writer=ann)
... except MoveRefused as e:
...     print(e)
move 5 of table 1 is refused: the next move is 0
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.registry import spec
from ..i18n import _
from .schema import DEFAULT_SETTINGS, MoveConflict, MoveRefused, StoreError, _load
from .store import ClassStore

__all__ = [
    "ABANDONED",
    "FINISHED",
    "LIVE",
    "MIN_BOT_AFTER",
    "PAUSED",
    "PLAYING",
    "add_move",
    "bot_wait",
]

_log = logging.getLogger("kowhist_teach.classroom.tables")  # the tables' log, one line each

#: A table's states: played, paused by the teacher, its game over (``finished``: its
#: seats still see the end until the teacher deals again), or replaced by the teacher's
#: new deal or seating before its game was over (``abandoned``: not played, gone from
#: every page). Schema 1 stores called both of the last two ``done``.
PLAYING, PAUSED, FINISHED, ABANDONED = "playing", "paused", "finished", "abandoned"
#: The states of a table whose game may still be played.
LIVE = (PLAYING, PAUSED)

#: The fewest seconds a table waits for a student who has left (whatever the setting).
MIN_BOT_AFTER = 10.0


def bot_wait(settings: dict[str, Any]) -> float:
    """Seconds a table waits for a student who has left before a bot plays their seat:
    the teacher's ``bot_after``, at least :data:`MIN_BOT_AFTER`. The pages and the
    store both count who is here with it, so they agree on which page plays the bots.

    >>> bot_wait({"bot_after": 3}), bot_wait({"bot_after": 60})
    (10.0, 60.0)
    """
    return max(float(settings.get("bot_after", DEFAULT_SETTINGS["bot_after"])), MIN_BOT_AFTER)


def add_move(
    store: ClassStore, table_id: int, number: int, seat: int, move: Any, *, writer: int | None
) -> None:
    """Append ``move`` by ``seat`` as the table's move ``number``, written by the page
    of student ``writer`` (``None``: the teacher, or a program holding the store).

    The table's log is the law: in the write transaction (the table's row locked, so
    one write to a table at a time) the move is checked against the game the log
    describes, and refused with :class:`MoveRefused` (one line, logged once) unless

    - the table is not over, and not paused (for a student's page);
    - ``writer`` sits at the table, and ``seat`` is theirs, or a bot's (an empty seat,
      or a student's gone longer than :func:`bot_wait`) when their page is the one
      that plays the bots: no student here sits lower;
    - ``number`` is the log's next, the game is not over, it is ``seat``'s turn and
      ``move`` is legal there.

    The move that ends the game makes the table :data:`FINISHED`, in the same
    transaction. A number already stored is refused with :class:`MoveConflict`: another kernel was
    first, and this one rebuilds from the log instead.
    """
    code = str(getattr(move, "code", None) or move)
    number, seat = int(number), int(seat)
    sa, t = store._sa, store.t
    key = (store.url, int(table_id))
    known: _Known | None = None
    try:
        with store._write() as c:
            row = c.execute(
                sa.select(t.tables).where(t.tables.c.id == table_id).with_for_update()
            ).first()  # PostgreSQL: this table's writes one at a time (SQLite: all are)
            if row is None:
                raise StoreError(
                    _("there is no table {table} in this class").format(table=table_id)
                )
            _check_status(row.status, table_id, number, seat, writer)
            if writer is not None:
                _check_writer(store, c, row, number, seat, writer)
            known = _known_game(store, c, key, row)
            legal = _check_move(known, table_id, number, seat, code)
            at = time.time()
            c.execute(
                t.table_moves.insert().values(
                    table_id=table_id, number=number, seat=seat, move=code, at=at
                )
            )  # fmt: skip
            known.game.play(legal)
            known.length, known.last = number + 1, (seat, code, at)
            if known.game.is_over():
                # The last move: the table is finished in the transaction that wrote
                # it, for every page, the console and the commands.
                c.execute(
                    t.tables.update()
                    .where(t.tables.c.id == table_id, t.tables.c.status.in_(LIVE))
                    .values(status=FINISHED)
                )
    except MoveRefused as e:
        _log.warning("%s", e)  # one line for the teacher's log; the page goes on
        _remember(key, known)  # still the log's game: nothing was written
        raise
    except MoveConflict as e:
        _log.info("%s", e)  # the race of two kernels for one turn (or a forged number)
        _remember(key, known)
        raise
    except sa.exc.IntegrityError as e:
        raise MoveConflict(
            _("move {n} of table {table} is already stored").format(n=number, table=table_id)
        ) from e
    else:
        _remember(key, known)


@dataclass
class _Known:
    """A table's game as its log describes it, kept between two writes of this process:
    the table it is of (``shape``: game, players, rules, seed), the log's length and its
    last row ``(seat, move, at)``. A write finds the log unchanged behind it when that
    row is still there (a take-back deletes the log's end, so a later row would be new),
    and plays the rows written since by the other kernels."""

    shape: tuple[Any, ...]
    game: Any
    length: int
    last: tuple[int, str, float] | None


#: The tables' games known to this process, newest use last (a class writes to a few
#: tables at a time; a kernel to one).
_KNOWN: OrderedDict[tuple[str, int], _Known] = OrderedDict()
_KNOWN_MAX = 64
_KNOWN_LOCK = threading.Lock()


def _remember(key: tuple[str, int], known: _Known | None) -> None:
    if known is None:
        return
    with _KNOWN_LOCK:
        _KNOWN[key] = known
        _KNOWN.move_to_end(key)
        while len(_KNOWN) > _KNOWN_MAX:
            _KNOWN.popitem(last=False)


def _known_game(store: ClassStore, c: Any, key: tuple[str, int], row: Any) -> _Known:
    """The game the table's log describes now, read in the write transaction ``c``:
    the one kept from this process's last write, with the rows written since played
    on, or rebuilt from the table's seed and its whole log."""
    m, sa = store.t.table_moves, store._sa
    shape = (row.game, row.players, row.rules, row.seed)
    with _KNOWN_LOCK:
        known = _KNOWN.pop(key, None)  # taken out: rebuilt or put back whole
    columns = (m.c.number, m.c.seat, m.c.move, m.c.at)
    if known is not None and known.shape == shape:
        first = max(known.length - 1, 0)
        rows = c.execute(
            sa.select(*columns)
            .where(m.c.table_id == row.id, m.c.number >= first)
            .order_by(m.c.number)
        ).all()
        if known.length == 0 or (rows and tuple(rows[0]) == (first, *known.last)):
            news = rows[1:] if known.length else rows
            _replay(known.game, [(n, s, mv) for n, s, mv, _at in news], row.id)
            if news:
                known.length += len(news)
                known.last = (int(news[-1][1]), str(news[-1][2]), float(news[-1][3]))
            return known
    rows = c.execute(sa.select(*columns).where(m.c.table_id == row.id).order_by(m.c.number)).all()
    game_spec = spec(row.game)
    rules = game_spec.rules.from_dict(_load(row.rules) or {})
    game = game_spec.new_game(players=row.players, rules=rules, seed=row.seed)
    _replay(game, [(n, s, mv) for n, s, mv, _at in rows], row.id)
    last = (int(rows[-1][1]), str(rows[-1][2]), float(rows[-1][3])) if rows else None
    return _Known(shape, game, len(rows), last)


def _check_status(status: str, table_id: int, number: int, seat: int, writer: int | None) -> None:
    # A finished table's moves are refused by the game itself (it is over), after the
    # number: the kernel that lost the race for the last move is told it was beaten
    # (MoveConflict), and follows the log, as for any other move.
    if status not in (*LIVE, FINISHED):
        raise MoveRefused(
            _("move {n} of table {table} is refused: the table is over").format(
                n=number, table=table_id
            ),
            number,
            seat,
        )
    if status == PAUSED and writer is not None:
        raise MoveRefused(
            _("move {n} of table {table} is refused: the teacher has paused the table").format(
                n=number, table=table_id
            ),
            number,
            seat,
        )


def _check_writer(store: ClassStore, c: Any, row: Any, number: int, seat: int, writer: int) -> None:
    """Refuse the move unless student ``writer``'s page plays ``seat``: their own, or
    a bot's when theirs is the page that drives the bots (the pages' own rule: the
    student here with the lowest seat; see :mod:`.seated`)."""
    t, sa = store.t, store._sa
    if not 0 <= seat < row.players:
        raise MoveRefused(
            _("table {table} has seats 1 to {n}, not {seat}").format(
                table=row.id, n=row.players, seat=seat + 1
            ),
            number,
            seat,
        )
    sitting = c.execute(
        sa.select(t.seats.c.seat, t.seats.c.student_id, t.students.c.last_seen)
        .select_from(t.seats.outerjoin(t.students, t.students.c.id == t.seats.c.student_id))
        .where(t.seats.c.table_id == row.id)
    ).all()
    mine = {int(s) for s, who, _seen in sitting if who == writer}
    if not mine:
        raise MoveRefused(
            _("move {n} of table {table} is refused: student {writer} does not sit there")
            .format(n=number, table=row.id, writer=writer),
            number,
            seat,
        )  # fmt: skip
    if seat in mine:
        return
    setting = c.execute(
        sa.select(t.settings.c.value).where(t.settings.c.key == "bot_after")
    ).scalar()
    wait = bot_wait({} if setting is None else {"bot_after": _load(setting)})
    now = time.time()
    here = {int(s) for s, who, seen in sitting if who is not None and now - seen <= wait}
    here |= mine
    if seat in here:
        raise MoveRefused(
            _("move {n} of table {table} is refused: seat {seat} is another student's")
            .format(n=number, table=row.id, seat=seat + 1),
            number,
            seat,
        )  # fmt: skip
    driver = min(here)
    if driver not in mine:
        raise MoveRefused(
            _(
                "move {n} of table {table} is refused: the bots are played by the page of "
                "seat {driver}"
            ).format(n=number, table=row.id, driver=driver + 1),
            number,
            seat,
        )


def _check_move(known: _Known, table_id: int, number: int, seat: int, code: str) -> Any:
    """The legal move ``code`` of ``seat`` as the log's next; refused if it is not the
    log's next number, or not legal for ``seat`` in the game the log describes."""
    game = known.game
    if number < known.length:
        raise MoveConflict(
            _("move {n} of table {table} is already stored").format(n=number, table=table_id)
        )
    if number > known.length:
        raise MoveRefused(
            _("move {n} of table {table} is refused: the next move is {next}").format(
                n=number, table=table_id, next=known.length
            ),
            number,
            seat,
        )
    if game.is_over():
        raise MoveRefused(
            _("move {n} of table {table} is refused: the game is over").format(
                n=number, table=table_id
            ),
            number,
            seat,
        )
    if game.to_move != seat:
        raise MoveRefused(
            _("move {n} of table {table} is refused: it is seat {turn}'s turn, not seat {seat}'s")
            .format(n=number, table=table_id, turn=int(game.to_move) + 1, seat=seat + 1),
            number,
            seat,
        )  # fmt: skip
    legal = {_code(m): m for m in game.legal_moves()}
    if code in legal:
        return legal[code]
    try:
        game.clone().play(code)
        why = _("it may not be played now")
    except ValueError as e:  # the engine says why, in plain words
        why = str(e).splitlines()[0] if str(e) else _("it may not be played now")
    # What a page sent is printed in the teacher's log: no control character of it.
    why = "".join(ch if ch.isprintable() else "?" for ch in why[:200])
    raise MoveRefused(
        _("move {n} of table {table} is refused: {move} by seat {seat}: {why}").format(
            n=number, table=table_id, move=repr(code[:20]), seat=seat + 1, why=why
        ),
        number,
        seat,
    )


def _code(move: Any) -> str:
    return str(getattr(move, "code", None) or move)


def _replay(game: Any, rows: Sequence[tuple[int, int, str]], table_id: int) -> None:
    """Play the log's ``rows`` in ``game``, each checked by the engine: a move that is
    not legal there, or a seat that was not to play, is refused with
    :class:`StoreError` in one line."""
    for number, seat, move in rows:
        if game.is_over() or game.to_move != seat:
            raise StoreError(
                _("move {n} of table {table} was not seat {seat}'s to make").format(
                    n=number, table=table_id, seat=seat + 1
                )
            )
        try:
            game.play(move)
        except ValueError as e:
            raise StoreError(
                _("move {n} of table {table} breaks a rule: {why}").format(
                    n=number, table=table_id, why=e
                )
            ) from e
