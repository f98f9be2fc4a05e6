"""A class playing against one store: N students (default 30) play Knock-Out Whist for
five minutes while the teacher's console follows them, on SQLite and on PostgreSQL
(issue 21).

Each student is a process of its own (spawned: a fresh interpreter, as a kernel is),
driven the way the widgets drive a kernel: it opens the class store by URL, makes the
student's page (:class:`~kowhist_teach.classroom.join.ClassPage`), gives it a browser id
of its own as the browser would, types a name (which joins), then plays its game by
clicks at a student's pace (``--think`` seconds between clicks, jittered ±50 %): a legal
card through ``table.play_card`` (what a click in the browser sends) or a legal call's
button, now and then an illegal card (``--illegal``: 1 click in 8 of those where the
hand holds a card that may not be played) or the hint
(``--hint``, about 1 in 10), "Next round" / "Watch the bots finish" (or, 3 times in 10,
"Start again") at the moments over the table, "New deal" when the game is over. Like a
kernel it calls ``page.poll()`` every second and beats every 5 s. Nobody clicks undo
(it takes moves back from the store, so moves sent and rows stored could not be
compared). Every store write in the process is timed (``play``, ``add_event``,
``start_game``, ``seen``, ``join``: the store's methods are wrapped in that process).

The console (the teacher) is one more process that reads what the console reads
(``event_counts``, ``last_activity``, ``students`` and each student's
``current_game``) every ``--console-every`` seconds (0.5). Its lag is, for each write a
student committed, the time from the commit to the end of the first console read that
shows it (the student's game row updated at or after the write began, a later game, or
the event's count reached).

Reported per backend:

- the store's writes ``play`` + ``add_event``: p50 / p95 / max (target p95 <= 50 ms);
  the other writes and the kernel's time per click beside them;
- the console's lag: p50 / p95 / max (target <= 2 s), and writes it never saw;
- lost rows (target 0): the moves each student's kernel made in each of its games
  against the rows of that game in the moves table, and the events each kernel told of
  (join, illegal, hint) against the rows of ``store.events()``;
- errors in any process (target 0): an exception out of a store method ("database is
  locked" would be one), a line logged at ERROR (a class page logs a write it could not
  make), an error kept by a table's guard, a process that died;
- memory: each student process's resident memory against a bare Python process that
  made one ipywidgets slider, measured in the same run (the added MB per student), the
  PostgreSQL server's added memory (proportional set size of its processes) per student,
  and the store's size on disk;
- CPU: how busy the machine was during the class and how much of it was the class
  (the students' CPU-seconds while playing, the console's, the PostgreSQL server's); a
  write's time split into the time its process ran, waited for a core (the kernel's
  /proc/self/schedstat) and waited for the store (a lock, the disk, the server): on a
  machine shared with other work the first two are not the store's doing.

PostgreSQL: a fresh database is created for the run (and dropped after it) on the server
that ``KOWHIST_POSTGRES_URL`` names (an admin URL, e.g.
``postgresql://root@/postgres?host=/var/run/postgresql``), else on
``postgresql://@/postgres?host=/var/run/postgresql``; without an answer that half is
skipped, saying why. The benchmark reports: it exits 0 unless the run itself broke.

    python benchmarks/class_load.py                         # 30 students, 300 s, both
    python benchmarks/class_load.py --students 6 --seconds 20
    python benchmarks/class_load.py --backend sqlite --json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing as mp
import os
import platform
import queue as queues
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

TARGETS = {"write_p95_ms": 50.0, "lag_s": 2.0, "lost": 0, "errors": 0}
POSTGRES_ENV = "KOWHIST_POSTGRES_URL"
LOCAL_POSTGRES = "postgresql://@/postgres?host=/var/run/postgresql"
#: The store's writes, each timed in the student's process.
WRITES = ("play", "add_event", "start_game", "seen", "join")
#: The writes the target is about: a move and an event.
TARGET_WRITES = ("play", "add_event")
#: The events a student's kernel tells of in this benchmark.
EVENT_KINDS = ("join", "illegal", "hint")
POLL_SECONDS = 1.0  # kowhist_teach.classroom.join.POLL_SECONDS
BEAT_SECONDS = 5.0  # the browser's heartbeat
CONNECT_SECONDS = 3


# ------------------------------------------------------------------ measures
def _rss_mb(pid: int | str = "self") -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _pss_mb(pid: int) -> float:
    """Proportional set size (MB): shared memory counted once over its sharers."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return _rss_mb(pid)


def postgres_sample() -> dict[str, Any]:
    """The PostgreSQL server's processes on this machine: their memory (sum of their
    proportional set sizes, MB), how many, and each one's CPU ticks so far."""
    total, ticks = 0.0, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            comm = (entry / "comm").read_text().strip()
            fields = (entry / "stat").read_text().rsplit(")", 1)[-1].split()
        except OSError:
            continue
        if comm == "postgres" or comm.startswith("postgres:"):
            total += _pss_mb(int(entry.name))
            ticks[int(entry.name)] = int(fields[11]) + int(fields[12])  # utime + stime
    return {"mb": total, "processes": len(ticks), "ticks": ticks}


def cpu_between(before: dict[int, int], after: dict[int, int]) -> float:
    """CPU-seconds the processes of ``after`` used since ``before`` (a process born in
    between counts whole)."""
    ticks = sum(t - before.get(pid, 0) for pid, t in after.items())
    return max(0, ticks) / os.sysconf("SC_CLK_TCK")


def _machine_busy_s() -> float:
    """CPU-seconds the whole machine has been busy since boot (/proc/stat)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except (OSError, IndexError):
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _sched() -> tuple[float, float]:
    """Seconds this process's main thread has run on a core and waited for one, since
    it began (/proc/self/schedstat; zeros where the kernel does not tell)."""
    try:
        ran, waited = Path("/proc/self/schedstat").read_text().split()[:2]
        return int(ran) / 1e9, int(waited) / 1e9
    except (OSError, ValueError):
        return 0.0, 0.0


def _cpu_pressure_s() -> float:
    """Seconds during which some task of this machine waited for a core, since boot
    (/proc/pressure/cpu; 0 where the kernel does not tell)."""
    try:
        line = Path("/proc/pressure/cpu").read_text().splitlines()[0]
        return int(line.rsplit("total=", 1)[1]) / 1e6
    except (OSError, IndexError, ValueError):
        return 0.0


def _cpu_s() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank ``q`` percentile (0 < q <= 100) of ``values``; None if empty.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50), percentile([1.0] * 19 + [9.0], 95)
    (3.0, 1.0)
    """
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def spread(values: list[float], scale: float = 1.0, digits: int = 1) -> dict[str, Any]:
    """``{"n", "p50", "p95", "max"}`` of ``values`` times ``scale``."""

    def r(x: float | None) -> float | None:
        return None if x is None else round(x * scale, digits)

    return {
        "n": len(values),
        "p50": r(percentile(values, 50)),
        "p95": r(percentile(values, 95)),
        "max": r(max(values) if values else None),
    }


def _first_line(e: BaseException) -> str:
    return f"{type(e).__name__}: {(str(e).strip().splitlines() or [''])[0]}"[:300]


# ---------------------------------------------------------------- processes
def bare(out: Any) -> None:
    """A bare widgets process: Python, ipywidgets, one slider; its resident MB."""
    import ipywidgets as w

    slider = w.IntSlider(description="hello")
    out.put(("bare", _rss_mb(), slider.value))


def _classes(widget: Any) -> tuple[str, ...]:
    return tuple(getattr(widget, "_dom_classes", ()))


def click(table: Any, rng: random.Random, illegal_rate: float, hint_rate: float) -> str:
    """One click of a student's on ``table``, as the browser makes it; what it was."""
    moment = table.card_table.moment or {}
    offered = [c.get("id") for c in moment.get("choices", ())]
    if "throw" in offered:  # "Throw this game away?": yes
        table.confirm()
        return "confirm"
    if table.game.is_over():
        table.new_button.click()
        if (table.card_table.moment or {}).get("kind") == "confirm":
            table.confirm()
        return "new deal"
    if "next" in offered:
        table.card_table.choose("next")
        return "next"
    if "watch" in offered:  # knocked out: mostly watch the bots finish, else start again
        choice = "again" if rng.random() < 0.3 else "watch"
        table.card_table.choose(choice)
        return choice
    if rng.random() < hint_rate and not table.hint_button.disabled:
        table.hint_button.click()
        return "hint"
    cards = table.hand.buttons
    illegal = [c for c in cards if "kw-illegal" in _classes(c)]
    if illegal and rng.random() < illegal_rate:
        table.play_card(rng.choice(illegal).code)
        return "illegal"
    legal = [c for c in cards if "kw-legal" in _classes(c)]
    calls = [b for b in table.calls.buttons if "kw-call-legal" in _classes(b)]
    if not legal and not calls:
        return "nothing"
    chosen = rng.choice(legal + calls)
    if chosen in calls:
        chosen.click()  # a call's button: what the browser's click runs
        return "call"
    table.play_card(chosen.code)
    return "card"


def student(
    index: int, url: str, options: dict[str, Any], go: Any, start_at: Any, leave: Any, out: Any
) -> None:
    """One student's kernel: join, then play by clicks until the class is over; the
    figures go to ``out`` as ``("result", index, {...})``."""
    import logging

    result: dict[str, Any] = {"index": index, "pid": os.getpid(), "errors": []}
    errors: list[str] = result["errors"]

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                text += " - " + _first_line(record.exc_info[1])
            errors.append(f"logged by {record.name}: {text}"[:300])

    logging.getLogger().addHandler(Catch(level=logging.ERROR))
    store: Any = None
    try:
        from kowhist_teach.classroom.join import ClassPage
        from kowhist_teach.classroom.store import ClassStore

        store = ClassStore.open(url=url)
        timings: dict[str, list[float]] = {k: [] for k in WRITES}
        # Of each write's time: on a core in this process, waiting for a core.
        ran: dict[str, list[float]] = {k: [] for k in WRITES}
        queued: dict[str, list[float]] = {k: [] for k in WRITES}
        commits: list[tuple[Any, ...]] = []  # what the console should come to see
        acked = Counter()  # moves and events the store took

        def timed(name: str) -> None:
            method = getattr(store, name)

            def call(*args: Any, **kwargs: Any) -> Any:
                began = time.time()
                r0, q0 = _sched()
                t0 = time.perf_counter()
                try:
                    value = method(*args, **kwargs)
                except Exception as e:
                    errors.append(f"store.{name}: {_first_line(e)}")
                    raise
                timings[name].append(time.perf_counter() - t0)
                r1, q1 = _sched()
                ran[name].append(r1 - r0)
                queued[name].append(q1 - q0)
                done = time.time()
                if name == "play":
                    commits.append(("game", args[0], began, done))
                    acked["moves"] += len(args[1])
                elif name == "start_game":
                    commits.append(("game", value, began, done))
                elif name == "add_event":
                    kind = kwargs["kind"] if "kind" in kwargs else args[2]
                    commits.append(("event", kind, began, done))
                    acked[kind] += 1
                return value

            setattr(store, name, call)  # the instance's: join's own add_event is timed too

        for name in WRITES:
            timed(name)
        rng = random.Random(options["seed"] * 100_003 + index)
        page = ClassPage(store)
        page.browser.browser_id = secrets.token_hex(16)  # what the browser sends
        out.put(("ready", index, os.getpid()))
        if not go.wait(timeout=options["ready_timeout"]):
            raise RuntimeError("the class never started")
        start = start_at.value
        end = start + options["seconds"]
        cpu_go = _cpu_s()
        time.sleep(max(0.0, start + rng.uniform(0.0, options["stagger"]) - time.time()))
        page.name.value = f"Student {index + 1:02d}"  # typing the name joins
        if page.student is None:
            raise RuntimeError(f"could not join: {page.message.value}")
        result["student_id"] = page.student.id
        table = page.app.table
        link = page.links[id(table)]
        told = Counter({"join": 1})  # what the kernel told the store of
        was_told = table.on_event

        def tell(kind: str, detail: dict[str, Any]) -> None:
            told[kind] += 1
            was_told(kind, detail)

        table.on_event = tell
        made: dict[int, int] = {}  # game id -> moves the kernel made in it

        def note() -> None:
            if link.game_id is not None:
                made[link.game_id] = len(table.model.game.moves)

        note()
        clicks: Counter[str] = Counter()
        click_s: list[float] = []
        poll_s: list[float] = []
        stuck = 0

        def pause() -> float:
            return options["think"] * rng.uniform(0.5, 1.5)

        now = time.time()
        next_click, next_poll, next_beat = now + pause(), now + POLL_SECONDS, now + BEAT_SECONDS
        while True:
            now = time.time()
            if now >= end:
                break
            wake = min(next_click, next_poll, next_beat, end)
            if wake > now:
                time.sleep(wake - now)
                continue
            try:
                if now >= next_poll:
                    t0 = time.perf_counter()
                    page.poll()
                    poll_s.append(time.perf_counter() - t0)
                    next_poll = time.time() + POLL_SECONDS
                if now >= next_beat:
                    page.browser.beat += 1  # the browser's heartbeat
                    next_beat = time.time() + BEAT_SECONDS
                if now >= next_click:
                    t0 = time.perf_counter()
                    what = click(table, rng, options["illegal"], options["hint"])
                    click_s.append(time.perf_counter() - t0)
                    clicks[what] += 1
                    note()
                    stuck = stuck + 1 if what == "nothing" else 0
                    if stuck == 20:
                        errors.append(f"nothing to click 20 times: {table.status.value[:200]}")
                    next_click = time.time() + pause()
            except Exception as e:  # a driver's failure is a figure; the class goes on
                errors.append(f"driving the page: {_first_line(e)}")
                if len(errors) > 50:
                    raise
                next_click = time.time() + pause()
        note()
        for guard in (table.guard, page.app.guard):
            errors.extend(
                "guard: " + (tb.strip().splitlines() or ["?"])[-1][:300] for tb in guard.errors
            )
        result.update(
            made_moves=made,
            told=dict(told),
            acked=dict(acked),
            timings=timings,
            ran=ran,
            queued=queued,
            commits=commits,
            clicks=dict(clicks),
            click_s=click_s,
            poll_s=poll_s,
            rss_mb=_rss_mb(),
            cpu_s=_cpu_s(),
            cpu_play_s=_cpu_s() - cpu_go,
        )
    except BaseException as e:
        errors.append(f"student {index + 1} crashed: {_first_line(e)}")
        errors.append(traceback.format_exc()[-1500:])
        result["crashed"] = True
    out.put(("result", index, result))
    leave.wait(timeout=600)
    if store is not None:
        with contextlib.suppress(Exception):
            store.close()


def console(url: str, every: float, go: Any, stop: Any, out: Any) -> None:
    """The teacher's console: what it reads, every ``every`` seconds, until ``stop``;
    each student's state as the console saw it change goes to ``out``."""
    result: dict[str, Any] = {"errors": []}
    store: Any = None
    try:
        from kowhist_teach.classroom.store import ClassStore

        store = ClassStore.open(url=url)
        out.put(("ready", "console", os.getpid()))
        go.wait(timeout=3600)
        seen: dict[int, list[tuple[Any, ...]]] = {}
        last: dict[int, tuple[Any, ...]] = {}
        took: list[float] = []
        while not stop.is_set():
            t0 = time.perf_counter()
            try:
                counts = store.event_counts()
                store.last_activity()
                states = {}
                for s in store.students():
                    game = store.current_game(s.id)
                    c = counts.get(s.id, {})
                    states[s.id] = (
                        game.id if game is not None else 0,
                        game.updated_at if game is not None else 0.0,
                        *(c.get(kind, 0) for kind in EVENT_KINDS),
                    )
            except Exception as e:
                result["errors"].append(f"console: {_first_line(e)}")
                states = {}
            at = time.time()
            took.append(time.perf_counter() - t0)
            for sid, state in states.items():
                if last.get(sid) != state:
                    last[sid] = state
                    seen.setdefault(sid, []).append((at, *state))
            stop.wait(max(0.0, every - (time.perf_counter() - t0)))
        result.update(seen=seen, took=took, cpu_s=_cpu_s(), rss_mb=_rss_mb())
    except BaseException as e:
        result["errors"].append(f"console crashed: {_first_line(e)}")
    out.put(("console", None, result))
    if store is not None:
        with contextlib.suppress(Exception):
            store.close()


# -------------------------------------------------------------------- figures
def lags(commits: list[tuple[Any, ...]], seen: list[tuple[Any, ...]]) -> tuple[list[float], int]:
    """For each write a student committed, the seconds from its commit until the first
    console read that showed it; and how many no read showed. ``seen`` holds the
    console's views of that student, ``(at, game id, updated_at, joins, illegal,
    hints)``, oldest first; ``commits`` the student's writes, ``("game", game id, began,
    done)`` or ``("event", kind, began, done)``, in the order they were made.

    >>> views = [(10.0, 1, 5.0, 1, 0, 0), (11.0, 1, 9.5, 1, 1, 0), (12.0, 2, 11.0, 1, 1, 0)]
    >>> lags([("event", "join", 4.0, 4.5), ("game", 1, 9.0, 9.2), ("event", "illegal", 9.3,
    ...       9.4), ("game", 2, 10.9, 11.5), ("event", "hint", 11.6, 11.7)], views)
    ([5.5, 1.8, 1.6, 0.5], 1)
    """
    found: list[float] = []
    missed = 0
    slot = {kind: 3 + i for i, kind in enumerate(EVENT_KINDS)}
    count: Counter[str] = Counter()
    # The views only grow (a later game, a later update, more events), and so do the
    # writes of one kind: one pointer per kind walks the views once.
    at: dict[str, int] = {}
    for what, key, _began, done in commits:
        if what == "game":
            pointer = "game"

            def shows(v: tuple[Any, ...], gid: Any = key, began: float = _began) -> bool:
                return v[1] > gid or (v[1] == gid and v[2] >= began)

        elif key in slot:
            count[key] += 1
            pointer = key

            def shows(v: tuple[Any, ...], i: int = slot[key], n: int = count[key]) -> bool:
                return v[i] >= n

        else:
            continue
        i = at.get(pointer, 0)
        while i < len(seen) and not shows(seen[i]):
            i += 1
        at[pointer] = i
        if i == len(seen):
            missed += 1
        else:
            found.append(round(max(0.0, seen[i][0] - done), 6))
    return found, missed


def count_rows(url: str) -> dict[str, Any]:
    """What the store holds: events by student and kind, moves by game."""
    from kowhist_teach.classroom.store import ClassStore

    store = ClassStore.open(url=url)
    try:
        events: Counter[tuple[int, str]] = Counter(
            (e["student_id"], e["kind"]) for e in store.events()
        )
        games = store.games()
        moves = {g.id: len(store.moves(g.id)) for g in games}
        column = {g.id: g.moves for g in games}
        size = None
        if not store.sqlite:
            with store._read() as c:
                size = c.exec_driver_sql("SELECT pg_database_size(current_database())").scalar()
    finally:
        store.close()
    return {"events": events, "moves": moves, "moves_column": column, "db_bytes": size}


def figures(
    students: list[dict[str, Any]], view: dict[str, Any], rows: dict[str, Any]
) -> dict[str, Any]:
    """The run's figures from the students' reports, the console's and the store's."""
    timings: dict[str, list[float]] = {k: [] for k in WRITES}
    ran: dict[str, list[float]] = {k: [] for k in WRITES}
    queued: dict[str, list[float]] = {k: [] for k in WRITES}
    click_s, poll_s, lag_s = [], [], []
    clicks: Counter[str] = Counter()
    missed = 0
    sent_moves = stored_moves = lost_moves = extra_moves = 0
    sent_events: Counter[str] = Counter()
    stored_events: Counter[str] = Counter()
    lost_events = extra_events = 0
    ours: set[int] = set()
    seen_by = view.get("seen", {})
    for s in students:
        for k in WRITES:
            timings[k] += s.get("timings", {}).get(k, [])
            for part, into in (("ran", ran), ("queued", queued)):
                got = s.get(part, {}).get(k, [])
                into[k] += got or [0.0] * len(s.get("timings", {}).get(k, []))
        click_s += s.get("click_s", [])
        poll_s += s.get("poll_s", [])
        clicks.update(s.get("clicks", {}))
        sid = s.get("student_id")
        if sid is None:
            continue
        found, never = lags(s.get("commits", []), seen_by.get(sid, []))
        lag_s += found
        missed += never
        for gid, n in s.get("made_moves", {}).items():
            ours.add(gid)
            stored = rows["moves"].get(gid, 0)
            sent_moves += n
            stored_moves += stored
            lost_moves += max(0, n - stored)
            extra_moves += max(0, stored - n)
        for kind in EVENT_KINDS:
            n = s.get("told", {}).get(kind, 0)
            stored = rows["events"].get((sid, kind), 0)
            sent_events[kind] += n
            stored_events[kind] += stored
            lost_events += max(0, n - stored)
            extra_events += max(0, stored - n)
    strays = sorted(set(rows["moves"]) - ours)  # games no kernel says it played
    extra_moves += sum(rows["moves"][g] for g in strays)
    disagree = [g for g, n in rows["moves"].items() if rows["moves_column"].get(g) != n]
    targeted = [t for k in TARGET_WRITES for t in timings[k]]
    on_core = [x for k in TARGET_WRITES for x in ran[k]]
    waited = [x for k in TARGET_WRITES for x in queued[k]]
    # A write's time less its process's time on a core and waiting for one: what it
    # waited for the store itself (a lock, the disk, the server's answer).
    blocked = [max(0.0, t - r - q) for t, r, q in zip(targeted, on_core, waited, strict=True)]
    return {
        "clicks": dict(clicks),
        "click_ms": spread(click_s, 1000),
        "page_poll_ms": spread(poll_s, 1000),
        "writes_ms": spread(targeted, 1000),
        "writes_by_kind_ms": {k: spread(v, 1000) for k, v in timings.items()},
        "writes_on_a_core_ms": spread(on_core, 1000),
        "writes_waiting_for_a_core_ms": spread(waited, 1000),
        "writes_waiting_for_the_store_ms": spread(blocked, 1000),
        "lag_s": spread(lag_s, 1.0, 2),
        "unseen_writes": missed,
        "console_read_ms": spread(view.get("took", []), 1000),
        "moves": {
            "sent": sent_moves,
            "stored": stored_moves,
            "lost": lost_moves,
            "extra": extra_moves,
            "acknowledged": sum(s.get("acked", {}).get("moves", 0) for s in students),
            "games": len(rows["moves"]),
            "games_count_disagrees": len(disagree),
        },
        "events": {
            "sent": dict(sent_events),
            "stored": dict(stored_events),
            "lost": lost_events,
            "extra": extra_events,
        },
    }


# ---------------------------------------------------------------------- runs
def _admin_engine(url: str) -> Any:
    import sqlalchemy as sa

    from kowhist_teach.classroom.store import store_url

    return sa.create_engine(
        store_url(url=url),
        isolation_level="AUTOCOMMIT",  # CREATE and DROP DATABASE refuse a transaction
        poolclass=sa.pool.NullPool,
        connect_args={"connect_timeout": CONNECT_SECONDS},
    )


def postgres_server() -> tuple[str | None, str]:
    """``(admin URL, "")`` of the PostgreSQL server to use, or ``(None, why not)``."""
    given = os.environ.get(POSTGRES_ENV, "").strip()
    url = given or LOCAL_POSTGRES
    engine = _admin_engine(url)
    try:
        with engine.connect() as c:
            c.exec_driver_sql("SELECT 1")
    except Exception as e:
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        if given:
            return None, f"PostgreSQL at {POSTGRES_ENV}={given} does not answer: {first}"
        return None, f"{POSTGRES_ENV} is unset and {LOCAL_POSTGRES} does not answer ({first})"
    finally:
        engine.dispose()
    return url, ""


@contextlib.contextmanager
def sqlite_store() -> Any:
    from kowhist_teach.classroom.store import ClassStore

    folder = Path(tempfile.mkdtemp(prefix="kowhist-class-load-")) / "class"
    try:
        ClassStore.open(folder).close()  # as the teacher's server makes it
        yield ClassStore.open(folder).url, folder
    finally:
        shutil.rmtree(folder.parent, ignore_errors=True)


@contextlib.contextmanager
def postgres_store(admin_url: str) -> Any:
    import sqlalchemy as sa

    from kowhist_teach.classroom.store import ClassStore, store_url

    name = f"kw_bench_{secrets.token_hex(6)}"
    admin = _admin_engine(admin_url)
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = sa.engine.make_url(store_url(url=admin_url)).set(database=name)
    text = url.render_as_string(hide_password=False)
    try:
        ClassStore.open(url=text).close()  # the tables, made once before the class
        yield text, None
    finally:
        with admin.connect() as c:  # FORCE: a connection left open is closed
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


def _get(out: Any, deadline: float) -> Any:
    try:
        return out.get(timeout=max(0.1, min(1.0, deadline - time.monotonic())))
    except queues.Empty:
        return None


def run_class(url: str, folder: Path | None, postgres: bool, args: Any, say: Any) -> dict[str, Any]:
    """One class on the store at ``url``."""
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    go, stop, leave = ctx.Event(), ctx.Event(), ctx.Event()
    start_at = ctx.Value("d", 0.0)
    n = args.students
    result: dict[str, Any] = {"students": n, "seconds": args.seconds, "think_s": args.think}
    errors: list[str] = []

    say("  a bare ipywidgets process ...")
    p = ctx.Process(target=bare, args=(out,), daemon=True)
    p.start()
    got = _get(out, time.monotonic() + 120)
    deadline = time.monotonic() + 120
    while got is None and time.monotonic() < deadline and p.is_alive():
        got = _get(out, deadline)
    p.join(timeout=30)
    result["bare_mb"] = round(got[1], 1) if got else None
    server_before = postgres_sample() if postgres else {}

    options = {
        "seconds": args.seconds,
        "think": args.think,
        "illegal": args.illegal,
        "hint": args.hint,
        "seed": args.seed,
        "stagger": min(5.0, args.seconds / 4),
        "ready_timeout": 60.0 + 10.0 * n,
    }
    procs = [ctx.Process(target=console, args=(url, args.console_every, go, stop, out))]
    procs += [
        ctx.Process(target=student, args=(i, url, options, go, start_at, leave, out))
        for i in range(n)
    ]
    say(f"  {n} student processes and the console start ...")
    t_spawn = time.monotonic()
    for proc in procs:
        proc.start()
    students: dict[int, dict[str, Any]] = {}
    view: dict[str, Any] = {}
    try:
        ready: set[Any] = set()
        deadline = time.monotonic() + options["ready_timeout"]
        while len(ready) < n + 1 and time.monotonic() < deadline:
            msg = _get(out, deadline)
            if msg is None:
                if any(pr.exitcode is not None for pr in procs):
                    break
                continue
            if msg[0] == "ready":
                ready.add(msg[1])
            elif msg[0] == "result":  # a student that failed before the class
                students[msg[1]] = msg[2]
                ready.add(msg[1])
        result["ready_s"] = round(time.monotonic() - t_spawn, 1)
        if len(ready) < n + 1:
            errors.append(f"only {len(ready)} of {n + 1} processes were ready")
        say(f"  ready in {result['ready_s']} s; the class plays for {args.seconds:g} s ...")
        busy0, wall0, pressure0 = _machine_busy_s(), time.time(), _cpu_pressure_s()
        server_go = postgres_sample() if postgres else {}
        load0 = os.getloadavg()
        start_at.value = time.time() + 0.5
        go.set()
        deadline = time.monotonic() + args.seconds + 120 + 2.0 * n
        while len(students) < n and time.monotonic() < deadline:
            msg = _get(out, deadline)
            if msg is None:
                if all(pr.exitcode is not None for pr in procs[1:]):
                    break
                continue
            if msg[0] == "result":
                students[msg[1]] = msg[2]
            elif msg[0] == "console":
                view = msg[2]
        busy1, wall1, pressure1 = _machine_busy_s(), time.time(), _cpu_pressure_s()
        result["load_average"] = [round(x, 2) for x in (*load0, *os.getloadavg())]
        if postgres:  # every student still connected
            server_during = postgres_sample()
            result["postgres"] = {
                "mb_before": round(server_before["mb"], 1),
                "mb_with_class": round(server_during["mb"], 1),
                "processes": [server_before["processes"], server_during["processes"]],
                "mb_per_student": round((server_during["mb"] - server_before["mb"]) / n, 1),
                "cpu_s": round(cpu_between(server_go["ticks"], server_during["ticks"]), 1),
            }
        for i in range(n):
            if i not in students:
                errors.append(f"student {i + 1} never reported (exit code {procs[i + 1].exitcode})")
        time.sleep(2 * args.console_every + 1.0)  # the console's last look
        stop.set()
        deadline = time.monotonic() + 60
        while not view and time.monotonic() < deadline:
            msg = _get(out, deadline)
            if msg is not None and msg[0] == "console":
                view = msg[2]
        if not view:
            errors.append("the console never reported")
    finally:
        go.set()
        stop.set()
        leave.set()
        for proc in procs:
            proc.join(timeout=30)
        for proc in procs:  # only ours, one by one
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=10)
        for i, proc in enumerate(procs):
            if proc.exitcode not in (0, None):
                who = "the console" if i == 0 else f"student {i}"
                errors.append(f"{who} exited with code {proc.exitcode}")

    wall = max(wall1 - wall0, 1e-9)
    cores = os.cpu_count() or 1
    reports = [students[i] for i in sorted(students)]
    for s in reports:
        errors += s.get("errors", [])
    errors += view.get("errors", [])
    rows = count_rows(url)
    result.update(figures(reports, view, rows))
    rss = [s["rss_mb"] for s in reports if s.get("rss_mb")]
    student_mb = statistics.median(rss) if rss else None
    result["student_mb"] = round(student_mb, 1) if student_mb else None
    result["added_mb_per_student"] = (
        round(student_mb - result["bare_mb"], 1) if student_mb and result["bare_mb"] else None
    )
    if folder is not None:
        size = sum(f.stat().st_size for f in folder.iterdir() if f.is_file())
    else:
        size = rows["db_bytes"] or 0
    result["store_mb"] = round(size / 2**20, 2)
    result["cpu"] = {
        "machine_busy_pct": round(100 * (busy1 - busy0) / (cores * wall), 1),
        # The share of the time some task was ready to run and had no core (PSI).
        "waiting_for_a_core_pct": round(100 * (pressure1 - pressure0) / wall, 1),
        "cores": cores,
        "wall_s": round(wall, 1),
        "students_cpu_s": round(sum(s.get("cpu_s", 0.0) for s in reports), 1),
        "students_playing_cpu_s": round(sum(s.get("cpu_play_s", 0.0) for s in reports), 1),
        "console_cpu_s": round(view.get("cpu_s", 0.0), 1),
    }
    ours = sum(s.get("cpu_play_s", 0.0) for s in reports) + view.get("cpu_s", 0.0)
    ours += result.get("postgres", {}).get("cpu_s", 0.0)
    result["cpu"]["class_pct"] = round(100 * ours / (cores * wall), 1)
    counts = Counter(errors)
    result["errors"] = [f"{k} (x{v})" if v > 1 else k for k, v in counts.items()]
    writes_p95 = result["writes_ms"]["p95"]
    lag_max = result["lag_s"]["max"]
    result["met"] = {
        "writes_p95": writes_p95 is not None and writes_p95 <= TARGETS["write_p95_ms"],
        "lag": lag_max is not None and lag_max <= TARGETS["lag_s"] and result["unseen_writes"] == 0,
        "lost": result["moves"]["lost"] + result["events"]["lost"] == TARGETS["lost"],
        "errors": len(errors) == TARGETS["errors"],
    }
    return result


def run(backend: str, args: Any, say: Any) -> dict[str, Any]:
    """One backend's class: its figures, or ``{"skipped": why}``."""
    if backend == "sqlite":
        with sqlite_store() as (url, folder):
            say(f"SQLite: {url}")
            r = run_class(url, folder, False, args, say)
            r["store"] = "sqlite"
            return r
    admin, why = postgres_server()
    if admin is None:
        return {"skipped": why}
    with postgres_store(admin) as (url, _none):
        import sqlalchemy as sa

        shown = sa.engine.make_url(url).render_as_string(hide_password=True)
        say(f"PostgreSQL: {shown}")
        r = run_class(url, None, True, args, say)
        r["store"] = shown
        return r


def _fmt(s: dict[str, Any], unit: str) -> str:
    return f"p50 {s['p50']} {unit}, p95 {s['p95']} {unit}, max {s['max']} {unit}"


def report(name: str, r: dict[str, Any]) -> None:
    print(f"{name}:")
    if "skipped" in r:
        print(f"  skipped: {r['skipped']}")
        return
    ok = {True: "ok", False: "MISSED"}
    met = r["met"]
    print(
        f"  {r['students']} students for {r['seconds']:g} s (think {r['think_s']:g} s), "
        f"store {r['store']}; processes ready in {r['ready_s']} s"
    )
    clicks = r["clicks"]
    print(
        f"  clicks {sum(clicks.values())}: "
        + ", ".join(f"{k} {v}" for k, v in sorted(clicks.items(), key=lambda kv: -kv[1]))
    )
    print(f"  kernel time per click: {_fmt(r['click_ms'], 'ms')} (the bots' moves and writes)")
    w = r["writes_ms"]
    print(
        f"  writes (play + add_event) {w['n']}: {_fmt(w, 'ms')} "
        f"(target p95 <= {TARGETS['write_p95_ms']:g} ms) {ok[met['writes_p95']]}"
    )
    print(
        "    "
        + "; ".join(
            f"{k} {v['n']}: p95 {v['p95']} max {v['max']}"
            for k, v in r["writes_by_kind_ms"].items()
        )
        + " (ms)"
    )
    print(
        f"    of a write's time: on a core {_fmt(r['writes_on_a_core_ms'], 'ms')}; waiting "
        f"for a core {_fmt(r['writes_waiting_for_a_core_ms'], 'ms')}; waiting for the "
        f"store (locks, disk, server) {_fmt(r['writes_waiting_for_the_store_ms'], 'ms')}"
    )
    lag = r["lag_s"]
    print(
        f"  console lag over {lag['n']} writes: {_fmt(lag, 's')} (target <= "
        f"{TARGETS['lag_s']:g} s) {ok[met['lag']]}; never seen {r['unseen_writes']}; "
        f"a console read {_fmt(r['console_read_ms'], 'ms')}"
    )
    m, e = r["moves"], r["events"]
    print(
        f"  lost rows: moves {m['lost']} (sent {m['sent']}, stored {m['stored']}, extra "
        f"{m['extra']}, {m['games']} games), events {e['lost']} (sent "
        + ", ".join(f"{k} {v}" for k, v in e["sent"].items())
        + "; stored "
        + ", ".join(f"{k} {v}" for k, v in e["stored"].items())
        + f"; extra {e['extra']}) (target 0) {ok[met['lost']]}"
    )
    if m["games_count_disagrees"]:
        print(f"    games whose move count disagrees with their rows: {m['games_count_disagrees']}")
    print(f"  errors: {len(r['errors'])} (target 0) {ok[met['errors']]}")
    for line in r["errors"][:8]:
        print(f"    {line}")
    print(
        f"  memory: a student's process {r['student_mb']} MB vs a bare ipywidgets process "
        f"{r['bare_mb']} MB: +{r['added_mb_per_student']} MB per student; store on disk "
        f"{r['store_mb']} MB"
    )
    if "postgres" in r:
        pg = r["postgres"]
        print(
            f"  PostgreSQL server: {pg['mb_before']} MB ({pg['processes'][0]} processes) "
            f"before, {pg['mb_with_class']} MB ({pg['processes'][1]}) with the class: "
            f"+{pg['mb_per_student']} MB per student; {pg['cpu_s']} CPU-s during the class"
        )
    cpu = r["cpu"]
    print(
        f"  CPU: machine {cpu['machine_busy_pct']} % busy, this class {cpu['class_pct']} % "
        f"({cpu['cores']} cores, {cpu['wall_s']} s), some task waiting for a core "
        f"{cpu['waiting_for_a_core_pct']} % of the time; students "
        f"{cpu['students_playing_cpu_s']} CPU-s playing "
        f"({cpu['students_cpu_s']} with starting), console "
        f"{cpu['console_cpu_s']} CPU-s; page.poll {_fmt(r['page_poll_ms'], 'ms')}; "
        f"load average {r['load_average'][:3]} -> {r['load_average'][3:]}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=300.0, help="how long they play")
    parser.add_argument("--think", type=float, default=1.0, help="seconds between clicks")
    parser.add_argument("--illegal", type=float, default=1 / 8, help="illegal clicks' share")
    parser.add_argument("--hint", type=float, default=1 / 10, help="hint clicks' share")
    parser.add_argument("--console-every", type=float, default=0.5, help="console's period")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    log = sys.stderr if args.json else sys.stdout

    def say(*a: Any) -> None:
        print(*a, file=log, flush=True)

    backends = ("sqlite", "postgres") if args.backend == "both" else (args.backend,)
    out: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}",
        "targets": TARGETS,
    }
    broke = False
    for backend in backends:
        try:
            out[backend] = run(backend, args, say)
        except Exception as e:
            broke = True
            traceback.print_exc(file=sys.stderr)
            out[backend] = {"broke": _first_line(e)}
    if args.json:
        print(json.dumps(out))
        return 1 if broke else 0
    print(f"machine: {out['machine']}")
    for backend in backends:
        r = out[backend]
        if "broke" in r:
            print(f"{backend}: the run broke: {r['broke']}")
        else:
            report("SQLite" if backend == "sqlite" else "PostgreSQL", r)
    return 1 if broke else 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
