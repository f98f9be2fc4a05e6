"""Shared tables: students of a class at one game, bots in the empty seats (issue 22,
DESIGN §8). This module is the store's side of them; the pages that play at them come
next.

- :func:`seat_class` seats the class at tables of ``size`` (the students in a random
  order, a bot in each seat left), each table a game of its own: the game, its rules and
  a seed, so that every seat's kernel deals the same cards;
- :func:`add_move` appends a move to a table's log with its number: the store refuses a
  second move with the same number (:class:`~.schema.MoveConflict`), so two kernels
  racing for one turn can never fork the game — exactly one is kept. The log is the
  law (DESIGN §8): in the same transaction the move is checked against the game the
  log describes, and one that is not legal for its seat now, not the next number, or
  from a page that does not play that seat, is refused (:class:`~.schema.MoveRefused`,
  one log line) and never stored;
- :func:`table_game` rebuilds the game from its log, checking every move with the engine
  (a log that breaks a rule is refused in one line, never played on);
- :func:`seat_view` is what one seat may see of it: the table picture drawn from that
  seat, every other hand face down (the engine's view, so a blind dog's card stays
  hidden too).

It reads games only through the registry.

>>> import tempfile
>>> from kowhist_teach.classroom.store import ClassStore
>>> store = ClassStore.open(tempfile.mkdtemp())
>>> ids = [store.join(c * 32, n).id for c, n in zip("abc", ["Ann", "Ben", "Cleo"])]
>>> [t.seats for t in seat_class(store, size=2, game="knockout", seed=1)]
[(2, 3), (1, None)]
>>> table = tables(store)[0]
>>> game = table_game(store, table.id)
>>> writer = table.seats[game.to_move] or 2  # Cleo's page plays the bot's seat
>>> add_move(store, table.id, 0, game.to_move, game.legal_moves()[0], writer=writer)
>>> len(table_game(store, table.id).moves)
1
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card
from ..core.errors import SetupError
from ..core.record import to_record
from ..core.registry import spec
from ..i18n import _
from .schema import StoreError, _dump, _load
from .store import ClassStore
from .table_law import (
    ABANDONED,
    FINISHED,
    LIVE,
    MIN_BOT_AFTER,
    PAUSED,
    PLAYING,
    _replay,
    add_move,
    bot_wait,
)

__all__ = [
    "ABANDONED",
    "FINISHED",
    "LIVE",
    "MIN_BOT_AFTER",
    "PAUSED",
    "PLAYING",
    "Table",
    "add_move",
    "bot_wait",
    "free_seats",
    "log_lengths",
    "log_since",
    "new_deal",
    "seat_class",
    "seat_of",
    "seat_view",
    "set_seat",
    "open_table",
    "set_status",
    "table_game",
    "table_log",
    "table_names",
    "table_presence",
    "table_so_far",
    "tables",
    "take_back_trick",
    "take_seat",
]


#: The bot that plays a seat no student sits in.
SEAT_BOT = "rules"


@dataclass(frozen=True)
class Table:
    """A table of the class: its game and, seat by seat, the student sitting there
    (``None``: a bot)."""

    id: int
    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    status: str
    seats: tuple[int | None, ...]
    #: Whether the teacher dealt again or seated anew since: gone from every page.
    closed: bool = False
    #: When it was made (a timestamp).
    created_at: float = 0.0


def seat_class(
    store: ClassStore,
    size: int,
    game: str = "knockout",
    *,
    students: list[int] | None = None,
    rules: dict[str, Any] | None = None,
    seed: int | None = None,
    same: bool = False,
) -> list[Table]:
    """Seat ``students`` (default: every student of the class) at new tables of ``size``
    players of ``game``, in a random order (``seed`` makes it repeatable, and deals each
    table; with ``same`` every table gets the same cards); a bot in each seat left. The
    tables they sat at before are over. Raises :class:`SetupError` in one line for a
    size the game does not allow or a class with nobody in it."""
    rules = _checked_setup(game, size, rules)
    chosen = list(students) if students is not None else [s.id for s in store.students()]
    if not chosen:
        raise StoreError(_("nobody has joined the class yet: no table to seat"))
    dice = random.Random(seed)
    dice.shuffle(chosen)
    _end_tables_of(store, chosen)
    shared_seed = dice.randrange(1 << 31)
    made = []
    for start in range(0, len(chosen), size):
        group = chosen[start : start + size]
        sitting: list[int | None] = [*group, *[None] * (size - len(group))]
        deal_seed = shared_seed if same else dice.randrange(1 << 31)
        made.append(_new_table(store, game, size, rules, deal_seed, sitting))
    return made


def _checked_setup(game: str, size: int, rules: dict[str, Any] | None) -> dict[str, Any]:
    """``rules`` as a dict, once the game allows ``size`` players and knows every rule
    option; else :class:`SetupError` in one line."""
    game_spec = spec(game)
    low, high = game_spec.players
    if not low <= size <= high:
        raise SetupError(
            _("{game} is played by {low} to {high} players, not {n}").format(
                game=game_spec.display_name(), low=low, high=high, n=size
            )
        )
    found = dict(rules or {})
    game_spec.rules.from_dict(found)  # an unknown option is refused here, in one line
    return found


def _end_tables_of(store: ClassStore, students: list[int]) -> None:
    """The tables where any of ``students`` sits are closed (they are seated anew):
    one whose game is not over is abandoned, a finished one stays finished."""
    t, sa = store.t, store._sa
    with store._write() as c:
        ids = sa.select(t.seats.c.table_id).where(t.seats.c.student_id.in_(students))
        _close(c, t.tables, t.tables.c.id.in_(ids))


def _close(c: Any, t: Any, *where: Any) -> None:
    """Close the open tables ``where`` says, in the transaction ``c``: those still in
    play are abandoned, the finished ones stay finished."""
    now, is_open = time.time(), t.c.closed_at.is_(None)
    c.execute(t.update().where(*where, is_open, t.c.status.in_(LIVE)).values(status=ABANDONED))
    c.execute(t.update().where(*where, is_open).values(closed_at=now))


def _new_table(
    store: ClassStore,
    game: str,
    players: int,
    rules: dict[str, Any],
    seed: int,
    sitting: list[int | None],
) -> Table:
    t, now = store.t, time.time()
    with store._write() as c:
        table_id = int(
            c.execute(
                t.tables.insert().values(
                    game=game,
                    players=players,
                    rules=_dump(rules),
                    seed=seed,
                    status=PLAYING,
                    created_at=now,
                )
            ).inserted_primary_key[0]
        )
        c.execute(
            t.seats.insert(),
            [
                {"table_id": table_id, "seat": s, "student_id": who, "bot": SEAT_BOT}
                for s, who in enumerate(sitting)
            ],
        )
    return Table(table_id, game, players, rules, seed, PLAYING, tuple(sitting), False, now)


def tables(store: ClassStore, table_id: int | None = None) -> list[Table]:
    """Every table of the class, oldest first, with its seats (only ``table_id``'s,
    when given)."""
    t, sa = store.t, store._sa
    which = sa.select(t.tables).order_by(t.tables.c.id)
    seated = sa.select(t.seats.c.table_id, t.seats.c.seat, t.seats.c.student_id).order_by(
        t.seats.c.table_id, t.seats.c.seat
    )
    if table_id is not None:
        which = which.where(t.tables.c.id == table_id)
        seated = seated.where(t.seats.c.table_id == table_id)
    with store._read() as c:
        rows = c.execute(which).all()
        seats = c.execute(seated).all()
    by_table: dict[int, list[int | None]] = {}
    for table_id, _seat, student_id in seats:
        by_table.setdefault(table_id, []).append(student_id)
    return [
        Table(
            r.id,
            r.game,
            r.players,
            _load(r.rules) or {},
            r.seed,
            r.status,
            tuple(by_table.get(r.id, ())),
            r.closed_at is not None,
            r.created_at,
        )  # fmt: skip
        for r in rows
    ]


def table_log(store: ClassStore, table_id: int) -> list[tuple[int, int, str]]:
    """The table's moves as stored, ``(number, seat, move)`` in order."""
    m, sa = store.t.table_moves, store._sa
    with store._read() as c:
        rows = c.execute(
            sa.select(m.c.number, m.c.seat, m.c.move)
            .where(m.c.table_id == table_id)
            .order_by(m.c.number)
        ).all()
    return [(int(n), int(s), str(mv)) for n, s, mv in rows]


def log_since(store: ClassStore, table_id: int, first: int) -> list[tuple[int, int, str]]:
    """The table's moves numbered ``first`` and after, ``(number, seat, move)`` in
    order: what a seat's kernel reads a few times a second (one indexed query)."""
    m, sa = store.t.table_moves, store._sa
    with store._read() as c:
        rows = c.execute(
            sa.select(m.c.number, m.c.seat, m.c.move)
            .where(m.c.table_id == table_id, m.c.number >= first)
            .order_by(m.c.number)
        ).all()
    return [(int(n), int(s), str(mv)) for n, s, mv in rows]


def log_lengths(store: ClassStore) -> dict[int, tuple[int, float]]:
    """How many moves each table's log holds, and when its newest was written (one
    grouped query): a log taken back and played again to the same length still shows
    as changed."""
    m, sa = store.t.table_moves, store._sa
    with store._read() as c:
        rows = c.execute(
            sa.select(m.c.table_id, sa.func.count(), sa.func.max(m.c.at)).group_by(m.c.table_id)
        ).all()
    return {int(t): (int(n), float(at)) for t, n, at in rows}


def table_presence(store: ClassStore, table_id: int) -> tuple[str, dict[int, float]]:
    """The table's status and, for each seat a student sits in, when their page was
    last seen (a timestamp)."""
    t, sa = store.t, store._sa
    with store._read() as c:
        status = c.execute(
            sa.select(t.tables.c.status).where(t.tables.c.id == table_id)
        ).scalar_one_or_none()
        seen = c.execute(
            sa.select(t.seats.c.seat, t.students.c.last_seen)
            .join(t.students, t.students.c.id == t.seats.c.student_id)
            .where(t.seats.c.table_id == table_id)
        ).all()
    return str(status or ABANDONED), {int(s): float(at) for s, at in seen}


def seat_of(store: ClassStore, student_id: int) -> tuple[Table, int] | None:
    """The table a student plays at now and their seat there, or ``None``: the newest
    one whose game goes on, else the newest finished one (its end stays on their page
    until the teacher deals again); never a closed one."""
    t, sa = store.t, store._sa
    with store._read() as c:
        row = c.execute(
            sa.select(t.seats.c.table_id, t.seats.c.seat)
            .join(t.tables, t.tables.c.id == t.seats.c.table_id)
            .where(t.seats.c.student_id == student_id, t.tables.c.closed_at.is_(None))
            .order_by(sa.case((t.tables.c.status.in_(LIVE), 0), else_=1), t.tables.c.id.desc())
            .limit(1)
        ).first()
    if row is None:
        return None
    return tables(store, int(row[0]))[0], int(row[1])


def table_names(store: ClassStore, table: Table) -> list[str]:
    """The names at ``table``, seat by seat: each student's, and "Bot N" (N: the seat,
    from 1) in the seats nobody sits in."""
    names = {s.id: s.name for s in store.students()}
    return [
        names.get(who, "?") if who is not None else _("Bot {n}").format(n=seat + 1)
        for seat, who in enumerate(table.seats)
    ]


def set_seat(store: ClassStore, table_id: int, seat: int, student_id: int | None) -> None:
    """Seat a student (or a bot: ``None``) at ``seat`` of a table by hand; the student
    leaves any other seat they had at a table whose game goes on (a bot takes it; a
    finished table keeps who played it). The game goes on: the new player plays the
    seat from where it is.

    >>> import tempfile
    >>> store = ClassStore.open(tempfile.mkdtemp())
    >>> ann = store.join("a" * 32, "Ann").id
    >>> t = seat_class(store, 2, seed=1)[0]
    >>> set_seat(store, t.id, 1 - t.seats.index(ann), ann); tables(store)[0].seats.count(ann)
    1
    """
    table = _table(store, table_id)
    if not 0 <= seat < table.players:
        raise StoreError(
            _("table {table} has seats 1 to {n}, not {seat}").format(
                table=table_id, n=table.players, seat=seat + 1
            )
        )
    t = store.t
    with store._write() as c:
        if student_id is not None:
            open_tables = store._sa.select(t.tables.c.id).where(t.tables.c.status.in_(LIVE))
            c.execute(
                t.seats.update()
                .where(t.seats.c.student_id == student_id, t.seats.c.table_id.in_(open_tables))
                .values(student_id=None)
            )
        c.execute(
            t.seats.update()
            .where(t.seats.c.table_id == table_id, t.seats.c.seat == seat)
            .values(student_id=student_id)
        )


def free_seats(store: ClassStore) -> list[tuple[Table, int]]:
    """The seats a bot plays at the tables whose game goes on, which a student may
    take: ``(table, seat)`` in order."""
    return [
        (t, s)
        for t in tables(store)
        if t.status in LIVE
        for s, who in enumerate(t.seats)
        if who is None
    ]


def take_seat(store: ClassStore, table_id: int, seat: int, student_id: int) -> bool:
    """A student takes a free seat (one a bot plays). Whether they got it: ``False`` if
    another student was first (the seat is taken once, whoever clicks together)."""
    t = store.t
    with store._write() as c:
        taken = c.execute(
            t.seats.update()
            .where(t.seats.c.table_id == table_id, t.seats.c.seat == seat,
                   t.seats.c.student_id.is_(None))
            .values(student_id=student_id)
        ).rowcount  # fmt: skip
    return bool(taken)


def open_table(store: ClassStore, size: int, game: str = "knockout", *,
               rules: dict[str, Any] | None = None, seed: int | None = None) -> Table:  # fmt: skip
    """A new table of ``size`` with every seat free: students take the seats, bots play
    those left once someone sits (nobody plays at an empty table)."""
    rules = _checked_setup(game, size, rules)
    deal_seed = random.Random(seed).randrange(1 << 31)
    return _new_table(store, game, size, rules, deal_seed, [None] * size)


def set_status(store: ClassStore, status: str, table_id: int | None = None) -> None:
    """Pause (:data:`PAUSED`) or resume (:data:`PLAYING`) one table, or every table
    whose game goes on when ``table_id`` is ``None`` (a finished or abandoned table
    keeps its state)."""
    if status not in LIVE:
        raise StoreError(_("a table is playing or paused, not {status!r}").format(status=status))
    t = store.t.tables
    with store._write() as c:
        query = t.update().where(t.c.status.in_(LIVE)).values(status=status)
        if table_id is not None:
            query = query.where(t.c.id == table_id)
        c.execute(query)


def take_back_trick(store: ClassStore, table_id: int) -> int:
    """Take back the table's last finished trick (and the cards of a trick begun after
    it), for a discussion: the seats' kernels see the shorter log and play on from
    there. How many moves were taken back (``0`` before the first trick is over)."""
    from ..widgets.model import last_finished_trick

    table = _table(store, table_id)
    t, sa = store.t, store._sa
    m = t.table_moves
    with store._write() as c:
        # The table's row locked, as a move's write locks it: no move is written
        # between reading the log and cutting it (a hole in the log's numbers).
        c.execute(sa.select(t.tables.c.id).where(t.tables.c.id == table_id).with_for_update())
        log = c.execute(
            sa.select(m.c.number, m.c.seat, m.c.move)
            .where(m.c.table_id == table_id)
            .order_by(m.c.number)
        ).all()
        game = _dealt(table)
        starts: list[int] = []
        before: list[Any] | None = None
        for i, (_n, _seat, move) in enumerate(log):
            game.play(move)
            if isinstance(game.moves[-1], Card):
                now = list(last_finished_trick(game).plays)
                if before is None or now[:-1] != before:
                    starts.append(i)  # this card led a new trick
                before = now
        finished = starts if trick_finished(game) else starts[:-1]
        if not finished:
            return 0
        keep = finished[-1]
        c.execute(m.delete().where(m.c.table_id == table_id, m.c.number >= keep))
        # A finished game taken back is a game in progress again.
        tt = t.tables
        c.execute(
            tt.update()
            .where(tt.c.id == table_id, tt.c.status == FINISHED, tt.c.closed_at.is_(None))
            .values(status=PLAYING)
        )
    return len(game.moves) - keep


def trick_finished(game: Any) -> bool:
    """Whether the trick last played to is finished (the next card, if any, leads a new
    one): tried in a copy of the game.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(players=2, seed=1)
    >>> g.play(g.legal_moves()[0]); trick_finished(g)
    False
    >>> g.play(g.legal_moves()[0]); trick_finished(g)
    True
    """
    from ..widgets.model import last_finished_trick

    last = last_finished_trick(game)
    if last is None:
        return False
    if game.is_over():
        return True
    trial = game.clone()
    moves = trial.legal_moves()
    if not moves or not isinstance(moves[0], Card):
        return True  # the cards are over: a deal's end, its calls next
    trial.play(moves[0])
    return list(last_finished_trick(trial).plays)[:-1] != list(last.plays)


def new_deal(store: ClassStore, table_ids: list[int] | None = None, *, same: bool = False,
             seed: int | None = None) -> list[Table]:  # fmt: skip
    """The next deal at every open table (or those of ``table_ids``): each gets a new
    table with the same game and seats and new cards (the same cards at every table
    with ``same``: "everyone plays this deal"). The old ones close: one whose game was
    over stays finished, one still in play is abandoned."""
    dice = random.Random(seed)
    shared_seed = dice.randrange(1 << 31)
    made = []
    for table in tables(store):
        if table.closed or (table_ids is not None and table.id not in table_ids):
            continue
        t = store.t.tables
        with store._write() as c:
            _close(c, t, t.c.id == table.id)
        deal_seed = shared_seed if same else dice.randrange(1 << 31)
        made.append(
            _new_table(
                store, table.game, table.players, table.rules, deal_seed, list(table.seats)
            )  # fmt: skip
        )
    return made


def table_game(store: ClassStore, table_id: int) -> Any:
    """The table's game, rebuilt from its log: dealt from the table's seed and every
    move checked by the engine (a move that is not legal there, or a seat that was not
    to play, is refused with :class:`StoreError` in one line)."""
    table = _table(store, table_id)
    game = _dealt(table, table_names(store, table))
    _replay(game, table_log(store, table_id), table_id)
    return game


def table_so_far(store: ClassStore, table_id: int) -> tuple[Any, str | None]:
    """The table's game as far as its log goes by the rules, and why it stops there
    (``None`` when every move of the log was played): a log that breaks a rule still
    has a record up to the move that broke it (``class status``, ``class export``).

    >>> import tempfile
    >>> store = ClassStore.open(tempfile.mkdtemp())
    >>> _ = store.join("a" * 32, "Ann")
    >>> t = seat_class(store, 2, seed=1)[0]
    >>> game, why = table_so_far(store, t.id); (len(game.moves), why)
    (0, None)
    """
    table = _table(store, table_id)
    game = _dealt(table, table_names(store, table))
    for number, seat, move in table_log(store, table_id):
        if game.is_over() or game.to_move != seat:
            return game, _("move {n} of table {table} was not seat {seat}'s to make").format(
                n=number, table=table_id, seat=seat + 1
            )
        try:
            game.play(move)
        except ValueError as e:
            return game, _("move {n} of table {table} breaks a rule: {why}").format(
                n=number, table=table_id, why=e
            )
    return game, None


def _table(store: ClassStore, table_id: int) -> Table:
    found = tables(store, table_id)
    if not found:
        raise StoreError(_("there is no table {table} in this class").format(table=table_id))
    return found[0]


def _dealt(table: Table, names: list[str] | None = None) -> Any:
    """The table's game before its first move, dealt from its seed (with ``names``,
    seat by seat, when given)."""
    game_spec = spec(table.game)
    return game_spec.new_game(
        players=names or table.players,
        rules=game_spec.rules.from_dict(table.rules),
        seed=table.seed,
    )


def seat_view(game: Any, seat: int, width: float | None = None) -> str:
    """What ``seat`` may see of the table: the picture drawn from that seat (its own
    hand face up, the others face down unless the rules show them)."""
    from ..pictures.table import table_svg

    return str(table_svg(game, seat=seat, show_all=False, width=width))


def table_record(store: ClassStore, table_id: int) -> dict[str, Any]:
    """The table's game so far as a ``kowhist-record/1`` record."""
    return to_record(table_game(store, table_id))
