"""Shared tables: students of a class at one game, bots in the empty seats (issue 22,
DESIGN §8). This module is the store's side of them; the pages that play at them come
next.

- :func:`seat_class` seats the class at tables of ``size`` (the students in a random
  order, a bot in each seat left), each table a game of its own: the game, its rules and
  a seed, so that every seat's kernel deals the same cards;
- :func:`add_move` appends a move to a table's log with its number: the store refuses a
  second move with the same number (:class:`~.schema.MoveConflict`), so two kernels
  racing for one turn can never fork the game — exactly one is kept;
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
>>> add_move(store, table.id, 0, game.to_move, game.legal_moves()[0])
>>> len(table_game(store, table.id).moves)
1
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..core.errors import SetupError
from ..core.record import to_record
from ..core.registry import spec
from ..i18n import _
from .schema import MoveConflict, StoreError, _dump, _load
from .store import ClassStore

__all__ = ["Table", "add_move", "seat_class", "seat_view", "table_game", "table_log", "tables"]

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


def seat_class(
    store: ClassStore,
    size: int,
    game: str = "knockout",
    *,
    students: list[int] | None = None,
    rules: dict[str, Any] | None = None,
    seed: int | None = None,
) -> list[Table]:
    """Seat ``students`` (default: every student of the class) at new tables of ``size``
    players of ``game``, in a random order (``seed`` makes it repeatable, and deals each
    table); a bot in each seat left. Raises :class:`SetupError` in one line for a size
    the game does not allow or a class with nobody in it."""
    game_spec = spec(game)
    low, high = game_spec.players
    if not low <= size <= high:
        raise SetupError(
            _("{game} is played by {low} to {high} players, not {n}").format(
                game=game_spec.display_name(), low=low, high=high, n=size
            )
        )
    rules = dict(rules or {})
    game_spec.rules.from_dict(rules)  # an unknown option is refused here, in one line
    chosen = list(students) if students is not None else [s.id for s in store.students()]
    if not chosen:
        raise StoreError(_("nobody has joined the class yet: no table to seat"))
    dice = random.Random(seed)
    dice.shuffle(chosen)
    made = []
    for start in range(0, len(chosen), size):
        group = chosen[start : start + size]
        sitting: list[int | None] = [*group, *[None] * (size - len(group))]
        made.append(_new_table(store, game, size, rules, dice.randrange(1 << 31), sitting))
    return made


def _new_table(
    store: ClassStore,
    game: str,
    players: int,
    rules: dict[str, Any],
    seed: int,
    sitting: list[int | None],
) -> Table:
    t = store.t
    with store._write() as c:
        table_id = int(
            c.execute(
                t.tables.insert().values(
                    game=game,
                    players=players,
                    rules=_dump(rules),
                    seed=seed,
                    status="playing",
                    created_at=time.time(),
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
    return Table(table_id, game, players, rules, seed, "playing", tuple(sitting))


def tables(store: ClassStore) -> list[Table]:
    """Every table of the class, oldest first, with its seats."""
    t, sa = store.t, store._sa
    with store._read() as c:
        rows = c.execute(sa.select(t.tables).order_by(t.tables.c.id)).all()
        seats = c.execute(
            sa.select(t.seats.c.table_id, t.seats.c.seat, t.seats.c.student_id).order_by(
                t.seats.c.table_id, t.seats.c.seat
            )
        ).all()
    by_table: dict[int, list[int | None]] = {}
    for table_id, _seat, student_id in seats:
        by_table.setdefault(table_id, []).append(student_id)
    return [
        Table(r.id, r.game, r.players, _load(r.rules) or {}, r.seed, r.status,
              tuple(by_table.get(r.id, ())))  # fmt: skip
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


def add_move(store: ClassStore, table_id: int, number: int, seat: int, move: Any) -> None:
    """Append ``move`` by ``seat`` as the table's move ``number``. A number already
    stored is refused (:class:`MoveConflict`): another kernel was first, and this one
    rebuilds from the log instead."""
    code = getattr(move, "code", None) or str(move)
    sa = store._sa
    try:
        with store._write() as c:
            c.execute(
                store.t.table_moves.insert().values(
                    table_id=table_id, number=int(number), seat=int(seat), move=code,
                    at=time.time(),
                )
            )  # fmt: skip
    except sa.exc.IntegrityError as e:
        raise MoveConflict(
            _("move {n} of table {table} is already stored").format(n=number, table=table_id)
        ) from e


def table_game(store: ClassStore, table_id: int) -> Any:
    """The table's game, rebuilt from its log: dealt from the table's seed and every
    move checked by the engine (a move that is not legal there, or a seat that was not
    to play, is refused with :class:`StoreError` in one line)."""
    found = [t for t in tables(store) if t.id == table_id]
    if not found:
        raise StoreError(_("there is no table {table} in this class").format(table=table_id))
    table = found[0]
    game_spec = spec(table.game)
    game = game_spec.new_game(
        players=table.players, rules=game_spec.rules.from_dict(table.rules), seed=table.seed
    )
    for number, seat, move in table_log(store, table_id):
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
    return game


def seat_view(game: Any, seat: int, width: float | None = None) -> str:
    """What ``seat`` may see of the table: the picture drawn from that seat (its own
    hand face up, the others face down unless the rules show them)."""
    from ..pictures.table import table_svg

    return str(table_svg(game, seat=seat, show_all=False, width=width))


def table_record(store: ClassStore, table_id: int) -> dict[str, Any]:
    """The table's game so far as a ``kowhist-record/1`` record."""
    return to_record(table_game(store, table_id))
