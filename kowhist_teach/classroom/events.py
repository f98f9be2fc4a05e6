"""The events of a class's store (DESIGN §8): what the teacher reads of each student —
an illegal card tried, a hint asked, a quiz answered, a move taken back — kept at most
:data:`EVENTS_PER_SECOND` a second per student, the rest counted.

:class:`~.store.ClassStore` takes these methods from :class:`ClassEvents`.
"""

from __future__ import annotations

import math
import time
from typing import Any

from .schema import _dump, _load

__all__ = ["DROPPED", "EVENTS_PER_SECOND", "ClassEvents"]

#: The most events of one student's the store keeps in one second: a student clicking
#: fast tries three or four illegal cards a second, a script thousands; the rest are
#: only counted.
EVENTS_PER_SECOND = 10
#: The kind of the event that counts, for one student and one second, those not kept.
DROPPED = "dropped"
#: Events the store writes itself, once per action: never limited.
_UNLIMITED = frozenset({"join"})


class ClassEvents:
    """The store's events (a part of :class:`~.store.ClassStore`, which has the
    database: ``t``, ``_sa``, ``_read`` and ``_write``)."""

    t: Any
    _sa: Any
    _read: Any
    _write: Any

    def add_event(
        self,
        student_id: int,
        game_id: int | None,
        kind: str,
        detail: dict[str, Any] | None = None,
        *,
        when: float | None = None,
    ) -> None:
        """Something the teacher reads: ``kind`` is ``illegal`` (a card tried that may
        not be played), ``hint``, ``quiz`` (``{"quiz": …, "correct": bool}``), ``undo``,
        ``join`` …; the student is seen now (or ``when``).

        At most :data:`EVENTS_PER_SECOND` of a student's events are kept in one second
        (a page, or a script behind it, could send thousands): past that they are
        counted, kind by kind, in one ``dropped`` event of that second, and
        :meth:`event_counts` still gives the true totals.

        >>> from kowhist_teach.classroom.store import ClassStore
        >>> store = ClassStore.open(__import__("tempfile").mkdtemp())
        >>> ann = store.join("a" * 32, "Ann").id
        >>> for _ in range(50):
        ...     store.add_event(ann, None, "hint", when=1000.5)
        >>> len(store.events(ann, "hint")), store.event_counts()[ann]["hint"]
        (10, 50)
        """
        now = time.time() if when is None else when
        s, e = self.t.students, self.t.events
        sa = self._sa
        second = float(math.floor(now))
        with self._write() as c:
            # First: on PostgreSQL the student's row stays locked to the end, so that
            # two kernels of one student count their events one after the other.
            c.execute(s.update().where(s.c.id == student_id).values(last_seen=now))
            if kind not in _UNLIMITED:
                kept = c.execute(
                    sa.select(sa.func.count()).where(
                        e.c.student_id == student_id,
                        e.c.at >= second,
                        e.c.at < second + 1,
                        e.c.kind != DROPPED,
                    )
                ).scalar()
                if kept >= EVENTS_PER_SECOND:
                    self._count_dropped(c, student_id, second, kind, detail or {})
                    return
            c.execute(
                e.insert().values(
                    student_id=student_id,
                    game_id=game_id,
                    kind=kind,
                    detail=_dump(detail or {}),
                    at=now,
                )
            )

    def _count_dropped(
        self, c: Any, student_id: int, second: float, kind: str, detail: dict[str, Any]
    ) -> None:
        """One more of the student's events of ``kind`` not kept in ``second``: counted
        in that second's ``dropped`` event (``{"counts": {kind: n, …}}``)."""
        e = self.t.events
        where = (e.c.student_id == student_id, e.c.kind == DROPPED, e.c.at == second)
        row = c.execute(self._sa.select(e.c.id, e.c.detail).where(*where).limit(1)).first()
        counts: dict[str, int] = dict((_load(row[1]) or {}).get("counts", {})) if row else {}
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "quiz" and detail.get("correct") is True:
            counts["quiz_right"] = counts.get("quiz_right", 0) + 1
        value = _dump({"counts": counts})
        if row is None:
            c.execute(
                e.insert().values(
                    student_id=student_id, game_id=None, kind=DROPPED, detail=value, at=second
                )
            )
        else:
            c.execute(e.update().where(e.c.id == row[0]).values(detail=value))

    def events(self, student_id: int | None = None, kind: str | None = None) -> list[dict]:
        """Events, oldest first: each ``{"student_id", "game_id", "kind", "detail", "at"}``."""
        e = self.t.events
        names = ("student_id", "game_id", "kind", "detail", "at")
        query = self._sa.select(*(e.c[n] for n in names)).order_by(e.c.id)
        for column, value in ((e.c.student_id, student_id), (e.c.kind, kind)):
            query = query if value is None else query.where(column == value)
        with self._read() as c:
            rows = c.execute(query).all()
        return [{**dict(zip(names, r, strict=True)), "detail": _load(r[3])} for r in rows]

    def event_counts(self) -> dict[int, dict[str, int]]:
        """For each student, how many events of each kind (and ``quiz_right``), those
        not kept past the rate limit included; ``dropped``: how many were not kept."""
        e = self.t.events
        sa = self._sa
        with self._read() as c:
            rows = c.execute(
                sa.select(e.c.student_id, e.c.kind, sa.func.count())
                .where(e.c.kind != DROPPED)
                .group_by(e.c.student_id, e.c.kind)
            ).all()
            right = c.execute(
                sa.select(e.c.student_id, sa.func.count())
                .where(e.c.kind == "quiz", e.c.detail.like('%"correct":true%'))
                .group_by(e.c.student_id)
            ).all()
            dropped = c.execute(sa.select(e.c.student_id, e.c.detail).where(e.c.kind == DROPPED))
            dropped = dropped.all()
        counts: dict[int, dict[str, int]] = {}
        for student_id, kind, n in rows:
            counts.setdefault(student_id, {})[kind] = int(n)
        for student_id, n in right:
            counts.setdefault(student_id, {})["quiz_right"] = int(n)
        for student_id, detail in dropped:
            mine = counts.setdefault(student_id, {})
            for kind, n in ((_load(detail) or {}).get("counts") or {}).items():
                mine[kind] = mine.get(kind, 0) + int(n)
                if kind != "quiz_right":
                    mine[DROPPED] = mine.get(DROPPED, 0) + int(n)
        return counts
