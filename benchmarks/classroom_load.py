"""A class at once: N students (default 30) open the app together on one server.

One ``kowhist-teach app`` on 127.0.0.1 (as a teacher starts it, with a preheated pool of
N kernels, started before the class arrives: the class comes in once every pool kernel
has run the app notebook and is idle); N headless Chromium pages opened at once,
each waiting for a legal card (``.kw-card.kw-legal``) and clicking it. Reported:

- failures (a page with no clickable card, or whose click put nothing on the table);
- the median and the slowest time from opening the page to the first clickable card;
- memory per app kernel (resident, MB) against a bare ipywidgets kernel measured in the
  same run (one slider in a Voilà notebook);
- the server's kernels and memory before the class, with the class, and after the pages
  close (each close fires Voilà's shutdown beacon), polled until they are back to the
  baseline or the cull interval has passed.

Targets (issue 11): 0 failures, slowest ≤ 30 s, median ≤ 10 s, memory per kernel
≤ 1.2× bare, back to baseline within the cull interval. Every request goes to
127.0.0.1. Needs Voilà, Playwright and Chromium; without them it says so and exits 0
(1 with ``KOWHIST_REQUIRE_BROWSER=1``).

    python benchmarks/classroom_load.py                 # 30 students
    python benchmarks/classroom_load.py --students 6 --json
    python benchmarks/classroom_load.py --no-browsers   # the server's side alone

It also reports the CPU-seconds the browsers, the kernels, Voilà and the machine's other
users spent during the class: on one 2-core machine the 30 browsers cost far more than
the server (docs/deploy.md has the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))

from voila_harness import (  # noqa: E402 - after the path is set
    APP_NOTEBOOK,
    CHROMIUM_ARGS,
    VoilaServer,
    _descendants,
    chromium_path,
    cli_app_command,
    free_port,
    voila_command,
)

FIRST_CARD = ".kw-card.kw-legal:not([disabled])"
CULL_INTERVAL = 60.0  # kowhist_teach.classroom.CULL_INTERVAL_SECONDS
TARGETS = {"slowest_s": 30.0, "median_s": 10.0, "memory_ratio": 1.2}

WIDGET_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "slider",
            "metadata": {},
            "outputs": [],
            "source": ["import ipywidgets\n", "ipywidgets.IntSlider(description='hello')"],
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _is_kernel(pid: int) -> bool:
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"kernelapp" in cmd or b"ipykernel" in cmd


def kernels(server: VoilaServer) -> dict[int, float]:
    """The server's kernel processes: pid -> resident MB."""
    assert server.proc is not None
    return {pid: _rss_mb(pid) for pid, _start in _descendants(server.proc.pid) if _is_kernel(pid)}


def server_memory(server: VoilaServer) -> float:
    """Resident MB of the server and every process under it."""
    assert server.proc is not None
    pids = [server.proc.pid, *(pid for pid, _s in _descendants(server.proc.pid))]
    return sum(_rss_mb(p) for p in pids)


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime + stime


def _machine_busy_s() -> float:
    """CPU-seconds the whole machine has been busy since boot (/proc/stat)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except (OSError, IndexError):
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def cpu_sample(server: VoilaServer) -> dict[str, Any]:
    """Who has used how much CPU so far: per process (pid -> ticks) of the server, its
    kernels and the browsers (everything else this benchmark started), and the machine."""
    assert server.proc is not None
    under_server = {pid for pid, _s in _descendants(server.proc.pid)}
    mine = {pid for pid, _s in _descendants(os.getpid())} - under_server - {server.proc.pid}
    return {
        "server": {server.proc.pid: _cpu_ticks(server.proc.pid)},
        "kernels": {p: _cpu_ticks(p) for p in under_server if _is_kernel(p)},
        "browsers": {p: _cpu_ticks(p) for p in mine},
        "machine": _machine_busy_s(),
    }


def cpu_split(before: dict[str, Any], after: dict[str, Any], seconds: float) -> dict[str, Any]:
    """CPU-seconds used between two samples by the server, the kernels, the browsers (and
    the benchmark's Playwright) and everything else on the machine (other users), and
    what the machine could give in that time (cores x seconds)."""
    hz = os.sysconf("SC_CLK_TCK")
    used: dict[str, Any] = {}
    for group in ("server", "kernels", "browsers"):
        ticks = sum(t - before[group].get(p, 0) for p, t in after[group].items())
        used[group] = round(ticks / hz, 1)
    total = after["machine"] - before["machine"]
    used["others"] = round(max(total - sum(used.values()), 0.0), 1)
    used["available"] = round((os.cpu_count() or 1) * seconds, 1)
    return used


def pool_ready(
    server: VoilaServer, size: int, timeout: float, quiet_s: float = 3.0
) -> float | None:
    """Seconds until the server's preheated pool is ready for a class: its ``size``
    kernels have run the app notebook to the end (the server logs ``Preheated kernels
    ready for app.ipynb: N of N``) and are idle (on average under 1 % of a core each
    over ``quiet_s`` seconds). None after ``timeout``."""
    t0 = time.perf_counter()
    line = f": {size} of {size}"
    if wait_for(lambda: line in server.log_tail(20_000), timeout) is None:
        return None
    hz = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def idle() -> bool:
        pids = list(kernels(server))
        before = sum(_cpu_ticks(p) for p in pids)
        time.sleep(quiet_s)
        used = (sum(_cpu_ticks(p) for p in pids) - before) / hz
        return len(pids) >= size and used < 0.01 * quiet_s * size

    left = max(timeout - (time.perf_counter() - t0), quiet_s)
    if wait_for(idle, left, poll=0.0) is None:
        return None
    return time.perf_counter() - t0


def wait_for(predicate: Any, timeout: float, poll: float = 0.5) -> float | None:
    """Seconds until ``predicate()`` holds, or None after ``timeout``."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if predicate():
            return time.perf_counter() - t0
        time.sleep(poll)
    return None


def _note_outside(url: str, result: dict[str, Any]) -> None:
    host = urlsplit(url).hostname or ""
    if url.startswith(("http:", "https:", "ws:", "wss:")) and host not in (
        "127.0.0.1",
        "localhost",
    ):
        result["outside"].append(url)


async def _student(browser: Any, url: str, timeout: float) -> dict[str, Any]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    result: dict[str, Any] = {"ok": False, "first_card_s": None, "error": None, "outside": []}
    page = await context.new_page()
    # Watched, not intercepted: an intercepted request would hold up the beacon a page
    # sends as it closes.
    page.on("request", lambda req: _note_outside(req.url, result))
    t0 = time.perf_counter()
    result["page"] = page
    try:
        await page.goto(url, wait_until="commit", timeout=timeout * 1000)
        card = page.locator(FIRST_CARD).first
        await card.wait_for(state="visible", timeout=timeout * 1000)
        result["first_card_s"] = time.perf_counter() - t0
        before = await page.locator(".kw-card").count()
        await card.click(timeout=timeout * 1000)
        await page.wait_for_function(  # the card left the hand for the table
            "n => document.querySelectorAll('.kw-card').length < n",
            arg=before,
            timeout=timeout * 1000,
        )
        result["ok"] = True
    except Exception as e:  # a student's failure is a figure, not a crash
        result["error"] = str(e).splitlines()[0][:200]
    result["context"] = context
    return result


def _kernel_message(
    msg_type: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None
) -> str:
    import datetime
    import uuid

    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "student",
        "session": session,
        "version": "5.3",
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
    }
    message = {
        "header": header,
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
    }
    return json.dumps({**message, "channel": "shell", "buffers": []})


async def _light_student(url: str, timeout: float) -> dict[str, Any]:
    """One student without a browser: the page, the kernel's websocket, the widgets'
    states (what a browser needs to draw the table), then a click on a legal card,
    answered when the kernel sends the table's next state. The server's side alone."""
    import re
    import uuid

    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect

    result: dict[str, Any] = {"ok": False, "first_card_s": None, "error": None, "outside": []}
    t0 = time.perf_counter()
    try:
        page = await AsyncHTTPClient().fetch(url, request_timeout=timeout)
        html = page.body.decode("utf-8")
        found = re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S)
        config = json.loads(found.group(1)) if found else {}
        kernel = config["kernelId"]
        ws_url = url.replace("http", "ws", 1).rstrip("/") + f"/api/kernels/{kernel}/channels"
        session = uuid.uuid4().hex
        ws = await websocket_connect(f"{ws_url}?session_id={session}")
        control = uuid.uuid4().hex
        ws.write_message(
            _kernel_message(
                "comm_open",
                {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                session,
                {"version": "1.0.0"},  # ipywidgets' control protocol
            )
        )
        ws.write_message(
            _kernel_message(
                "comm_msg",
                {"comm_id": control, "data": {"method": "request_states"}},
                session,
            )
        )
        states: dict[str, Any] = {}
        while not states:
            raw = await asyncio.wait_for(ws.read_message(), timeout)
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            if isinstance(raw, bytes):
                continue
            msg = json.loads(raw)
            data = msg.get("content", {}).get("data", {})
            if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                states = data["states"]
        cards = [
            model_id
            for model_id, st in states.items()
            if {"kw-card", "kw-legal"} <= set(st.get("state", {}).get("_dom_classes", ()))
            and not st.get("state", {}).get("disabled")
        ]
        if not cards:
            raise RuntimeError("no legal card among the widgets")
        result["first_card_s"] = time.perf_counter() - t0
        ws.write_message(
            _kernel_message(
                "comm_msg",
                {
                    "comm_id": cards[0],
                    "data": {"method": "custom", "content": {"event": "click"}},
                },
                session,
            )
        )
        clicked = time.perf_counter()
        while True:  # the table answers: the first widget update after the click
            raw = await asyncio.wait_for(ws.read_message(), timeout)
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            if isinstance(raw, bytes):
                break
            msg = json.loads(raw)
            method = msg.get("content", {}).get("data", {}).get("method")
            if msg.get("msg_type") == "comm_msg" and method in ("update", "echo_update"):
                break
        result["click_s"] = time.perf_counter() - clicked
        result["ok"] = True
        result["kernel"] = kernel
        ws.close()
    except Exception as e:  # a student's failure is a figure, not a crash
        result["error"] = (str(e).splitlines() or [type(e).__name__])[0][:200]
    return result


async def _light_lesson(
    server: VoilaServer,
    base: dict[int, float],
    students: int,
    timeout: float,
    result: dict[str, Any],
) -> None:
    """The class with small clients instead of browsers (``--no-browsers``)."""
    from tornado.httpclient import AsyncHTTPClient

    t0 = time.perf_counter()
    cpu_before = cpu_sample(server)
    results = await asyncio.gather(*(_light_student(server.url, timeout) for _ in range(students)))
    result["wall_s"] = round(time.perf_counter() - t0, 1)
    result["cpu_s"] = cpu_split(cpu_before, cpu_sample(server), result["wall_s"])
    during = kernels(server)
    result["with_class"] = {"kernels": len(during), "memory_mb": round(server_memory(server))}
    client = AsyncHTTPClient()
    for r in results:  # the students leave: as the page's beacon does on close
        if r.get("kernel"):
            with contextlib.suppress(Exception):
                await client.fetch(
                    f"{server.url}voila/api/shutdown/{r['kernel']}",
                    method="POST",
                    body=b"",
                    headers={"Origin": server.url.rstrip("/")},
                )
    result["app_kernel_mb"] = 0.0
    result["memory_ratio"] = 0.0
    times = [r["first_card_s"] for r in results if r["first_card_s"] is not None]
    result["failures"] = [r["error"] or "no answer to the click" for r in results if not r["ok"]]
    result["outside_requests"] = []
    result["median_s"] = round(statistics.median(times), 2) if times else None
    result["slowest_s"] = round(max(times), 2) if times else None
    clicks = [r["click_s"] for r in results if r.get("click_s") is not None]
    result["click_median_s"] = round(statistics.median(clicks), 3) if clicks else None
    back = wait_for(
        lambda: not set(base) & set(kernels(server)) and len(kernels(server)) <= len(base),
        CULL_INTERVAL + 60.0,
    )
    result["after"] = {
        "seconds_to_baseline": None if back is None else round(back, 1),
        "kernels": len(kernels(server)),
        "memory_mb": round(server_memory(server)),
    }


async def _class(url: str, students: int, timeout: float) -> tuple[list[dict[str, Any]], Any]:
    from playwright.async_api import async_playwright

    pw = await async_playwright().start()
    browser = await pw.chromium.launch(
        executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
    )
    results = await asyncio.gather(*(_student(browser, url, timeout) for _ in range(students)))
    return list(results), (pw, browser)


async def _close_all(results: list[dict[str, Any]], handles: Any) -> None:
    pw, browser = handles
    for r in results:  # as students leave: the page's beforeunload sends the beacon
        with contextlib.suppress(Exception):
            await r["page"].close(run_before_unload=True)
    await asyncio.sleep(2.0)
    for r in results:
        with contextlib.suppress(Exception):
            await r["context"].close()
    await browser.close()
    await pw.stop()


def bare_widget_kernel_mb(timeout: float) -> float:
    """Resident MB of a kernel that has shown one ipywidgets slider in Voilà."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="kowhist-bare-") as folder:
        nb = Path(folder) / "slider.ipynb"
        nb.write_text(json.dumps(WIDGET_NOTEBOOK), encoding="utf-8")
        port = free_port()
        with VoilaServer(voila_command(nb, port), nb.parent, port) as server:
            server.wait_ready(timeout=timeout)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
                )
                page = browser.new_page()
                page.goto(server.url, timeout=timeout * 1000)
                page.get_by_text("hello").first.wait_for(timeout=timeout * 1000)
                time.sleep(1.0)
                sizes = list(kernels(server).values())
                browser.close()
    return max(sizes) if sizes else 0.0


async def _lesson(
    server: VoilaServer,
    base: dict[int, float],
    students: int,
    timeout: float,
    result: dict[str, Any],
    say: Any,
) -> None:
    """The class arrives, plays a card, and leaves (one event loop for Playwright)."""
    t0 = time.perf_counter()
    cpu_before = cpu_sample(server)
    results, handles = await _class(server.url, students, timeout)
    result["wall_s"] = round(time.perf_counter() - t0, 1)
    result["cpu_s"] = cpu_split(cpu_before, cpu_sample(server), result["wall_s"])
    during = kernels(server)
    result["with_class"] = {"kernels": len(during), "memory_mb": round(server_memory(server))}
    used = [mb for pid, mb in during.items() if pid in base]  # the pool's, now in use
    app_kernel = statistics.median(used or list(during.values()) or [0.0])
    result["app_kernel_mb"] = round(app_kernel, 1)
    result["memory_ratio"] = round(app_kernel / result["bare_kernel_mb"], 2)
    times = [r["first_card_s"] for r in results if r["first_card_s"] is not None]
    result["failures"] = [r["error"] or "no card on the table" for r in results if not r["ok"]]
    result["outside_requests"] = sorted({u for r in results for u in r["outside"]})
    result["median_s"] = round(statistics.median(times), 2) if times else None
    result["slowest_s"] = round(max(times), 2) if times else None
    say("  the students leave ...")
    await _close_all(results, handles)
    t1 = time.perf_counter()
    # Back to baseline: every kernel the class used is gone, and the server holds no
    # more kernels than before the class (its pool, refilled).
    back = None
    while time.perf_counter() - t1 < CULL_INTERVAL + 60.0:
        now = kernels(server)
        if not set(base) & set(now) and len(now) <= len(base):
            back = time.perf_counter() - t1
            break
        await asyncio.sleep(0.5)
    result["after"] = {
        "seconds_to_baseline": None if back is None else round(back, 1),
        "kernels": len(kernels(server)),
        "memory_mb": round(server_memory(server)),
    }


def run(
    students: int, timeout: float, settle: float, log: Any, browsers: bool = True
) -> dict[str, Any]:
    say = (lambda *a: print(*a, file=log, flush=True)) if log else (lambda *a: None)
    result: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}",
        "load_before": os.getloadavg(),
        "students": students,
        "browsers": browsers,
    }
    say("  a bare ipywidgets kernel ...")
    result["bare_kernel_mb"] = round(bare_widget_kernel_mb(timeout), 1) if browsers else 1.0
    port = free_port()
    command = [*cli_app_command(port), "--pool-size", str(students)]
    with VoilaServer(command, APP_NOTEBOOK.parent, port) as server:
        server.wait_ready(timeout=timeout)
        say(f"  server up; waiting for {students} preheated kernels to run the app ...")
        filled = pool_ready(server, students, timeout=max(timeout, 15.0 * students))
        result["pool_filled_s"] = None if filled is None else round(filled, 1)
        time.sleep(settle)
        base = kernels(server)
        result["baseline"] = {"kernels": len(base), "memory_mb": round(server_memory(server))}
        say(f"  baseline: {len(base)} kernels; {students} students open the app at once ...")
        if browsers:
            asyncio.run(_lesson(server, base, students, timeout, result, say))
        else:
            asyncio.run(_light_lesson(server, base, students, timeout, result))
        result["load_after"] = os.getloadavg()
    met = {
        "failures": not result["failures"],
        "slowest": result["slowest_s"] is not None and result["slowest_s"] <= TARGETS["slowest_s"],
        "median": result["median_s"] is not None and result["median_s"] <= TARGETS["median_s"],
        "memory": result["memory_ratio"] <= TARGETS["memory_ratio"] if browsers else None,
        "baseline": result["after"]["seconds_to_baseline"] is not None,
    }
    result["met"] = met
    return result


def report(r: dict[str, Any]) -> None:
    print(f"machine: {r['machine']}; load average before {r['load_before']}")
    print(
        f"{r['students']} students at once, preheated pool ready (run and idle) in "
        f"{r['pool_filled_s']} s "
        f"(baseline {r['baseline']['kernels']} kernels, {r['baseline']['memory_mb']} MB)"
    )
    print(
        f"  failures: {len(r['failures'])}"
        + ("" if not r["failures"] else " - " + "; ".join(sorted(set(r["failures"]))[:3]))
    )
    print(
        f"  first clickable card: median {r['median_s']} s (target <= "
        f"{TARGETS['median_s']}), slowest {r['slowest_s']} s (target <= "
        f"{TARGETS['slowest_s']}); all {r['students']} done in {r['wall_s']} s"
    )
    if not r.get("browsers", True):
        print("  (no browsers: the first card is the widgets' states received; a click is")
        print(f"   answered by the table's first update: median {r.get('click_median_s')} s)")
    print(
        f"  memory per app kernel {r['app_kernel_mb']} MB vs bare ipywidgets kernel "
        f"{r['bare_kernel_mb']} MB: {r['memory_ratio']}x (target <= {TARGETS['memory_ratio']})"
    )
    print(
        f"  with the class: {r['with_class']['kernels']} kernels, "
        f"{r['with_class']['memory_mb']} MB; after the pages closed: "
        f"{r['after']['kernels']} kernels, {r['after']['memory_mb']} MB, back to baseline in "
        f"{r['after']['seconds_to_baseline']} s (cull interval {CULL_INTERVAL:.0f} s)"
    )
    cpu = r.get("cpu_s", {})
    print(
        f"  CPU-seconds during the class: browsers {cpu.get('browsers')}, kernels "
        f"{cpu.get('kernels')}, server {cpu.get('server')}, others on the machine "
        f"{cpu.get('others')} (the machine had {cpu.get('available')})"
    )
    print(f"  requests to anywhere but 127.0.0.1: {len(r['outside_requests'])}")
    print(f"  load average after {r['load_after']}; targets met: {r['met']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per wait")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before the class")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--no-browsers",
        action="store_true",
        help="small clients instead of Chromium: the page, the kernel's websocket, the "
        "widgets' states and one card click (the server's side alone)",
    )
    args = parser.parse_args(argv)
    missing = None
    if importlib_missing("voila"):
        missing = "Voilà is not installed (pip install 'kowhist-teach[app]')"
    elif importlib_missing("playwright"):
        missing = "Playwright is not installed (pip install playwright)"
    elif chromium_path() is None:
        missing = "Chromium is not installed (apt-get install chromium)"
    if missing:
        print(f"classroom_load: skipped: {missing}", file=sys.stderr)
        return 1 if os.environ.get("KOWHIST_REQUIRE_BROWSER") == "1" else 0
    log = sys.stderr if args.json else sys.stdout
    r = run(args.students, args.timeout, args.settle, log, browsers=not args.no_browsers)
    if args.json:
        print(json.dumps(r))
    else:
        report(r)
    return 0


def importlib_missing(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is None


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
