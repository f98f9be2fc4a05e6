"""A class store of an older schema brought up to :data:`~.schema.SCHEMA_VERSION` when
it is opened (:class:`~.store.ClassStore` calls :func:`migrate` in the transaction that
opens it: on PostgreSQL under the lock that makes the tables, on SQLite the one writer,
so the kernels opening it at once migrate it once).

1 → 2: ``kw_tables`` gains ``closed_at``; a table ``done`` (dealt again or seated anew)
is ``finished`` if its log ends the game, else ``abandoned``, and closed; a table still
``playing`` or ``paused`` whose log ends the game is ``finished``; a student's game left
``playing`` under a newer game of theirs was replaced before its end: ``abandoned``.

>>> _log_ends("knockout", 2, {}, 1, []), _log_ends("nosuchgame", 2, {}, 1, [])
(False, False)
"""

from __future__ import annotations

from typing import Any

from .schema import SCHEMA_VERSION, _load

__all__ = ["migrate"]


def migrate(store: Any, c: Any, found: int) -> int:
    """Bring ``store`` (a :class:`~.store.ClassStore`) of schema ``found`` up to
    :data:`~.schema.SCHEMA_VERSION` in its open write transaction ``c``; ``found``
    (a newer one is left as it is, for the store to refuse)."""
    sa, t = store._sa, store.t
    if found >= SCHEMA_VERSION:
        return found
    if found < 2:
        _to_2(sa, t, c)
    c.execute(
        t.meta.update().where(t.meta.c.key == "schema_version").values(value=str(SCHEMA_VERSION))
    )
    return found


def _to_2(sa: Any, t: Any, c: Any) -> None:
    columns = {col["name"] for col in sa.inspect(c).get_columns("kw_tables")}
    if "closed_at" not in columns:
        c.execute(sa.text("ALTER TABLE kw_tables ADD COLUMN closed_at FLOAT"))
    tables = t.tables
    rows = c.execute(
        sa.select(tables.c.id, tables.c.game, tables.c.players, tables.c.rules, tables.c.seed,
                  tables.c.status, tables.c.created_at)
    ).all()  # fmt: skip
    for table_id, game, players, rules, seed, status, created in rows:
        moves = c.execute(
            sa.select(t.table_moves.c.move, t.table_moves.c.at)
            .where(t.table_moves.c.table_id == table_id)
            .order_by(t.table_moves.c.number)
        ).all()
        over = _log_ends(game, players, _load(rules) or {}, seed, [m for m, _at in moves])
        values: dict[str, Any] = {}
        if status == "done":
            # Closed when its last move was written, or when it was made (nothing else
            # of schema 1 says when the teacher dealt again).
            closed = max([created, *(at for _m, at in moves)])
            values = {"status": "finished" if over else "abandoned", "closed_at": closed}
        elif over:
            values = {"status": "finished"}
        if values:
            c.execute(tables.update().where(tables.c.id == table_id).values(**values))
    g = t.games
    newest = sa.select(sa.func.max(g.c.id)).group_by(g.c.student_id)
    c.execute(
        g.update().where(g.c.status == "playing", g.c.id.not_in(newest)).values(status="abandoned")
    )


def _log_ends(game: str, players: int, rules: dict[str, Any], seed: int, moves: list[str]) -> bool:
    """Whether a shared table's log, played from its seed, ends its game (``False`` for
    a log that breaks a rule or a game this version does not know), asked of the engine
    through the registry."""
    from ..core.registry import spec

    try:
        game_spec = spec(game)
        dealt = game_spec.new_game(
            players=int(players), rules=game_spec.rules.from_dict(rules), seed=seed
        )
        for move in moves:
            dealt.play(move)
        return bool(dealt.is_over())
    except Exception:  # a broken log or an unknown game: not finished, so abandoned
        return False
