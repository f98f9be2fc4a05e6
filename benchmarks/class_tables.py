"""Shared tables under load (issue 22): 8 tables of 4 students (32 players) play whole
games of Knock-Out Whist against one class store, on SQLite and on PostgreSQL.

Each student is a process of its own (spawned: a fresh interpreter, as a kernel is),
driven as the widgets drive a kernel: it opens the class store by URL, makes its seat's
page (:class:`~kowhist_teach.classroom.seated.SeatPage`, the app's own table widget),
reads the table's log at the pace a kernel's loop does (``SeatPage.interval``), and when it is
its turn clicks a legal card in the card table (or a call's button) after ``--think``
seconds (jittered ±50 %).

Reported per backend:

- latency from a move's commit to each other seat having it played on its page
  (p50 / p95 / max; the target is p95 <= 0.5 s on loopback);
- CPU per move: the students' CPU-seconds over the moves played;
- an idle kernel's CPU: four more pages at a paused table, polling as a kernel does,
  their CPU-seconds over wall seconds (target <= 1 % of a core); and the real Voilà
  kernels of the Chromium pages once their games are over (each page still polling its
  table), per page;
- desynchronised tables (target 0): every seat's final moves against the table's log,
  and the log replayed by the engine.

Four of the 32 (``--browsers``) are real Chromium pages: ``kowhist-teach class start``
serves the class on the same store, each of the four joins in a browser context of its
own and clicks its cards where they lie (each of those seats played by a real Voilà
kernel); the other seats' processes measure how soon they see those clicks. Without
Chromium (or Playwright) the run says so and plays with 32 processes.

    python benchmarks/class_tables.py                   # both backends
    python benchmarks/class_tables.py --backend sqlite --tables 2 --json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing as mp
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "tests" / "browser"))
from class_load import percentile, postgres_server, postgres_store, sqlite_store  # noqa: E402
from voila_harness import (  # noqa: E402
    CHROMIUM_ARGS,
    VoilaServer,
    _descendants,
    chromium_path,
    free_port,
)

#: A card or call of the student's, playable now, on a real page.
PLAYABLE = ".kw-card.kw-legal, .kw-call.kw-call-legal"
STUDENT_TOKEN, TEACHER_TOKEN = "benchtables22", "benchtablesteacher22"


def _cpu_s() -> float:
    t = os.times()
    return t.user + t.system


def seat(url: str, table_id: int, seat_no: int, student_id: int, think: float, seed: int,
         idle_seconds: float, ready: Any, out: Any) -> None:  # fmt: skip
    """One student's kernel: their seat's page, polled as a kernel polls it; when it is
    their turn a click after ``think`` seconds. Reports what it applied and when."""
    from kowhist_teach.classroom import seated
    from kowhist_teach.classroom.seated import SeatPage
    from kowhist_teach.classroom.store import ClassStore
    from kowhist_teach.classroom.tables import tables
    from kowhist_teach.core.cards import Card

    try:
        store = ClassStore(url)
        table = tables(store, table_id)[0]
        student = next(s for s in store.students() if s.id == student_id)
        applied: list[tuple[int, float]] = []
        page = SeatPage(store, student, table, seat_no)
        original = page._apply

        def timed(rows: list[tuple[int, int, str]], again: bool = True) -> None:
            original(rows, again=again)
            now = time.time()
            applied.extend((n, now) for n, _s, _m in rows)

        page._apply = timed  # type: ignore[method-assign]
        dice = random.Random(seed)
        ready.wait(timeout=600)  # every page made before anyone plays: no start-up backlog
        cpu0, wall0 = _cpu_s(), time.monotonic()
        if idle_seconds:  # a paused table: only the polling
            end = time.monotonic() + idle_seconds
            beat = 0.0
            while time.monotonic() < end:
                if time.monotonic() - beat >= 5:
                    beat = time.monotonic()
                    store.seen(student_id)
                page.poll()
                time.sleep(page.interval())  # a kernel's pace for a paused table
            out.put({"idle_cpu": _cpu_s() - cpu0, "wall": time.monotonic() - wall0})
            return
        due: float | None = None
        beat = 0.0
        while not page.model.game.is_over():
            if time.monotonic() - beat >= 5:  # the browser's heartbeat, as a page has it
                beat = time.monotonic()
                store.seen(student_id)
            page.poll()
            game = page.model.game
            if game.to_move == seat_no and not game.is_over():
                now = time.monotonic()
                if due is None:
                    due = now + think * dice.uniform(0.5, 1.5)
                if now >= due:
                    move = dice.choice(game.legal_moves())
                    if isinstance(move, Card):
                        page.view.play_card(move.code)
                    else:
                        page.view._play(move)
                    due = None
                    continue
            pace = page.interval()  # as a kernel polls: quickly while another seat is to move
            time.sleep(pace if due is None else min(pace, max(0.0, due - time.monotonic())))
        out.put({
            "table": table_id, "seat": seat_no, "applied": applied,
            "moves": [getattr(m, "code", None) or str(m) for m in page.model.game.moves],
            "cpu": _cpu_s() - cpu0, "wall": time.monotonic() - wall0,
            "poll_seconds": seated.POLL_SECONDS,
        })  # fmt: skip
    except Exception as e:  # reported, the run goes on
        import traceback

        where = traceback.format_exc().strip().splitlines()[-12:]
        if os.environ.get("KOWHIST_BENCH_TRACE"):
            from kowhist_teach.classroom.tables import table_log

            log = [m for _n, _s, m in table_log(store, table_id)]
            mine = [getattr(m, "code", None) or str(m) for m in page.model.game.moves]
            where += [f"seat {seat_no} known {page.known} log {log}", f"mine {mine}",
                      f"known_moves {page._known_moves}"]  # fmt: skip
        out.put({"error": f"{type(e).__name__}: {e}", "where": where})


def _is_kernel(pid: int) -> bool:
    try:
        return b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _ticks(pid: int) -> int:
    """A process's CPU so far (user + system), in clock ticks (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


class Browsers:
    """``count`` students in real Chromium pages of a class server on the store (its
    folder, or its URL for PostgreSQL)."""

    def __init__(self, count: int, folder: Path | None, url: str, log: Path) -> None:
        self.count, self.pages, self.contexts = count, [], []
        self.server = self.playwright = self.browser = None
        self.why = ""
        if count <= 0:
            return
        executable = chromium_path()
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            self.why = "Playwright is not installed"
            return
        if executable is None:
            self.why = "Chromium is not installed"
            return
        port = free_port()
        place = ["--dir", str(folder)] if folder is not None else ["--db", url]
        command = [sys.executable, "-c", "import sys; from kowhist_teach.cli import main; "
                   "sys.exit(main())", "class", "start", *place, "--port", str(port),
                   "--address", "127.0.0.1", "--no-browser", "--pool-size", str(count),
                   "--token", STUDENT_TOKEN, "--teacher-token", TEACHER_TOKEN]  # fmt: skip
        self.server = VoilaServer(command, REPO, port, log_path=log)
        self.server.start()
        self.server.wait_ready(timeout=180)
        self.url = f"http://127.0.0.1:{port}/?token={STUDENT_TOKEN}"
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )

    @property
    def live(self) -> bool:
        return self.browser is not None

    def join(self) -> None:
        """Each page joins the class by name, as a student types it."""
        for i in range(self.count if self.live else 0):
            context = self.browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(self.url, timeout=180_000)
            field = page.locator(".kw-join-name input")
            field.wait_for(state="visible", timeout=180_000)
            field.fill(f"Browser {i + 1}")
            page.locator(".kw-join").click()
            page.wait_for_selector(".kw-card", timeout=180_000)
            self.contexts.append(context)
            self.pages.append(page)

    def play(self, seconds: float) -> int:
        """Click on each page whatever is playable until every page's table is over (or
        ``seconds``); the clicks made."""
        clicks, end = 0, time.monotonic() + seconds
        while self.pages and time.monotonic() < end:
            over = 0
            for page in self.pages:
                status = page.locator(".kw-seat-status")
                if status.count() and "The game is over" in status.inner_text():
                    over += 1
                    continue
                found = page.locator(PLAYABLE)
                if found.count():
                    with contextlib.suppress(Exception):  # redrawn under the click
                        found.first.click(timeout=2000)
                        clicks += 1
            if over == len(self.pages):
                break
            self.pages[0].wait_for_timeout(100)
        return clicks

    def idle_kernels(self, seconds: float) -> list[float] | None:
        """Each kernel of the class (the students' server and the console's, pages and
        preheated pool alike) while the pages stay open on their finished games (each
        seat page still reads its table's log, each class page the settings, each
        browser beats): % of one core over ``seconds``, highest first."""
        if self.server is None or self.server.proc is None or not self.pages:
            return None
        pids = [p for p, _start in _descendants(self.server.proc.pid) if _is_kernel(p)]
        tick = os.sysconf("SC_CLK_TCK")
        before = {p: _ticks(p) for p in pids}
        time.sleep(seconds)
        used = [(_ticks(p) - before[p]) / tick for p in pids]
        return sorted((round(100 * u / seconds, 2) for u in used), reverse=True)

    def over(self) -> int:
        return sum(
            "The game is over" in (p.locator(".kw-seat-status").inner_text() or "")
            for p in self.pages
        )

    def close(self) -> None:
        for context in self.contexts:
            with contextlib.suppress(Exception):
                context.close()
        if self.browser is not None:
            self.browser.close()
        if self.playwright is not None:
            self.playwright.stop()
        if self.server is not None:
            self.server.stop(grace=20)


def run_tables(url: str, args: Any, folder: Path | None = None) -> dict[str, Any]:
    """One class of ``args.tables`` × 4 students on the store at ``url`` (its folder for
    SQLite, which the class server of the Chromium pages opens)."""
    from kowhist_teach.classroom.store import ClassStore
    from kowhist_teach.classroom.tables import seat_class, set_status, table_game, table_log

    store = ClassStore.open(url=url)  # the tables made, as the teacher's server makes them
    n = args.tables * 4
    log = Path(tempfile.mkdtemp(prefix="kowhist-tables-")) / "class.log"
    browsers = Browsers(getattr(args, "browsers", 0), folder, url, log)
    try:
        return _run(store, url, args, n, browsers, seat_class, set_status, table_game, table_log)
    finally:
        browsers.close()
        store.close()


def _run(store: Any, url: str, args: Any, n: int, browsers: Browsers, seat_class: Any,
         set_status: Any, table_game: Any, table_log: Any) -> dict[str, Any]:  # fmt: skip
    browsers.join()
    in_browser = {s.id for s in store.students()}
    for i in range(n + 4 - len(in_browser)):
        store.join(f"{i:032x}", f"Student {i + 1}")
    students = [s.id for s in store.students()]
    made = seat_class(store, 4, "knockout", students=students[:n], seed=args.seed)
    idle = seat_class(store, 4, "knockout", students=students[n:], seed=args.seed + 1)[0]
    set_status(store, "paused", idle.id)
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    ready = ctx.Barrier(n - len(in_browser) + len(idle.seats))
    jobs = [(t.id, s, who, args.think, args.seed + i * 4 + s, 0.0)
            for i, t in enumerate(made) for s, who in enumerate(t.seats)
            if who not in in_browser]  # fmt: skip
    jobs += [(idle.id, s, who, 0.0, 0, args.idle_seconds) for s, who in enumerate(idle.seats)]
    procs = [ctx.Process(target=seat, args=(url, *job, ready, out)) for job in jobs]
    start = time.monotonic()
    for p in procs:
        p.start()
    clicks = browsers.play(args.timeout)
    reports = [out.get(timeout=args.timeout) for _ in procs]
    real_idle = browsers.idle_kernels(args.idle_seconds)
    for p in procs:
        p.join(timeout=30)
    wall = time.monotonic() - start
    errors = [r["error"] for r in reports if "error" in r]
    for r in reports:
        if "where" in r and os.environ.get("KOWHIST_BENCH_TRACE"):
            print("\n".join(r["where"]), file=sys.stderr)
    players = [r for r in reports if "applied" in r]
    idlers = [r for r in reports if "idle_cpu" in r]
    commits: dict[tuple[int, int], float] = {}
    sa = store._sa
    m = store.t.table_moves
    with store._read() as c:
        for table_id, number, at in c.execute(sa.select(m.c.table_id, m.c.number, m.c.at)):
            commits[(int(table_id), int(number))] = float(at)
    latency = []
    for r in players:
        own = {i for i, (_n, s, _m) in enumerate(table_log(store, r["table"])) if s == r["seat"]}
        for number, when in r["applied"]:
            if number not in own and (r["table"], number) in commits:
                latency.append(when - commits[(r["table"], number)])
    desync = 0
    moves = 0
    for t in made:
        log = [mv for _n, _s, mv in table_log(store, t.id)]
        moves += len(log)
        game = table_game(store, t.id)  # the engine replays the log, or refuses it
        seats = [r for r in players if r["table"] == t.id]
        real = sum(who in in_browser for who in t.seats)
        if not game.is_over() or len(seats) + real != 4 or any(r["moves"] != log for r in seats):
            desync += 1
    cpu = sum(r["cpu"] for r in players)
    return {
        "browsers": len(browsers.pages),
        "browsers_over": browsers.over(),
        "browser_clicks": clicks,
        "browsers_why_not": browsers.why,
        "real_kernel_idle_cpu_percent": real_idle,
        "players": n,
        "tables": len(made),
        "moves": moves,
        "wall_s": round(wall, 1),
        "latency_ms": {
            "p50": _ms(percentile(latency, 50)),
            "p95": _ms(percentile(latency, 95)),
            "max": _ms(max(latency, default=None)),
            "n": len(latency),
        },  # fmt: skip
        "cpu_ms_per_move": round(1000 * cpu / max(moves, 1), 1),
        "idle_kernel_cpu_percent": round(
            100 * sum(r["idle_cpu"] for r in idlers) / max(sum(r["wall"] for r in idlers), 1e-9), 2
        ),
        "desynchronised_tables": desync,
        "errors": errors,
    }


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(1000 * seconds, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--think", type=float, default=0.5, help="seconds before a click")
    parser.add_argument("--idle-seconds", type=float, default=20.0)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--browsers", type=int, default=4, help="real Chromium pages")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    if args.backend in ("sqlite", "both"):
        with sqlite_store() as (url, folder):
            results["sqlite"] = run_tables(url, args, folder)
    if args.backend in ("postgres", "both"):
        admin, why = postgres_server()
        if admin is None:
            results["postgres"] = {"skipped": why}
        else:
            with postgres_store(admin) as (url, _none):
                results["postgres"] = run_tables(url, args)
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    for name, r in results.items():
        if "skipped" in r:
            print(f"{name}: skipped: {r['skipped']}")
            continue
        lat = r["latency_ms"]
        print(
            f"{name}: {r['players']} players at {r['tables']} tables, {r['moves']} moves in "
            f"{r['wall_s']} s; move to the other seats p50 {lat['p50']} ms, p95 {lat['p95']} ms "
            f"(target 500), max {lat['max']} ms over {lat['n']}; CPU {r['cpu_ms_per_move']} ms "
            f"per move; an idle kernel {r['idle_kernel_cpu_percent']} % of a core (target 1); "
            f"desynchronised tables {r['desynchronised_tables']} (target 0); "
            f"errors {len(r['errors'])}"
        )
        if r["browsers"]:
            print(f"  {r['browsers']} of them real Chromium pages: {r['browser_clicks']} "
                  f"clicks, {r['browsers_over']} saw their game to its end; the class's "
                  "kernels (pages and pools) with the games over, % of a core each: "
                  f"{r['real_kernel_idle_cpu_percent']}")  # fmt: skip
        elif r["browsers_why_not"]:
            print(f"  no Chromium pages: {r['browsers_why_not']}")
        for e in r["errors"][:5]:
            print("  error:", e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
