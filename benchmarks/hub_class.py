"""A class on a school's JupyterHub: N students (default 12) and a teacher log in at once.

The shipped single-machine hub (``deploy/single-machine/jupyterhub_config.py``, only its
authenticator swapped for passwords, benchmarks/_hub.py) on 127.0.0.1, the class store a
PostgreSQL database of its own; N + 1 headless Chromium contexts log in together. Each
student waits for a clickable card and plays it; the teacher waits for the console to
list every student. Reported:

- login → first clickable card, median / 95th percentile / slowest, and failures;
- login → the console lists every student;
- memory per student: the resident size of their server and its kernels (summed over
  the processes whose environment names them), against **the peer**: a JupyterLab
  single-user server (``jupyterhub-singleuser``, what a hub gives each student without
  this package, and the course profile) with one kernel, measured in the same run;
- the CPU-seconds of the students' servers and kernels while the class arrives, and
  their share of a core once the class sits with its pages open (30 s);
- from those: students per GB and per core.

The browsers run on the same machine (on a real class, each on the student's own), so
the login times include their CPU. Needs JupyterHub, configurable-http-proxy, PostgreSQL
(``KOWHIST_POSTGRES_URL`` or Debian's on its socket), Playwright and Chromium.

    python benchmarks/hub_class.py                 # 12 students
    python benchmarks/hub_class.py --students 4 --json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "benchmarks"))

from _hub import course_env, free_port, hub_processes, running_hub, stand_in_hub  # noqa: E402
from voila_harness import CHROMIUM_ARGS, chromium_path  # noqa: E402

LEGAL = ".kw-card.kw-legal"
LOCAL_POSTGRES = "postgresql:///postgres?host=/var/run/postgresql"
IDLE_SECONDS = 30.0
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def _is_kernel(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return b"kernelapp" in Path(f"/proc/{pid}/cmdline").read_bytes()
    return False


def _user_of(pid: int) -> str:
    with contextlib.suppress(OSError):
        for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
            if item.startswith(b"JUPYTERHUB_USER="):
                return item.split(b"=", 1)[1].decode()
    return ""


def _memory_by_user(api_port: int) -> dict[str, float]:
    by_user: dict[str, float] = {}
    for pid in hub_processes(api_port):
        user = _user_of(pid)
        by_user[user] = by_user.get(user, 0.0) + _rss_mb(pid)
    return by_user


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _class_db() -> tuple[str, Any, str]:
    import sqlalchemy as sa

    admin_url = os.environ.get("KOWHIST_POSTGRES_URL") or LOCAL_POSTGRES
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    name = f"kw_bench_hub_{os.getpid()}"
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = sa.engine.make_url(admin_url).set(database=name).render_as_string(False)
    return url, admin, name


def measure_peer(folder: Path) -> dict[str, float]:
    """A JupyterLab single-user server with one kernel (the peer): its memory, MB."""
    user, token = "peer", "a-token-of-the-peers-own-0123"
    hub_port, port = free_port(), free_port()
    hub = ThreadingHTTPServer(("127.0.0.1", hub_port), stand_in_hub({token: user}))
    threading.Thread(target=hub.serve_forever, daemon=True).start()
    home = folder / "peer-home"
    home.mkdir()
    env = course_env(user, port, hub_port, home)
    argv = [str(Path(sys.executable).parent / "jupyterhub-singleuser")]
    if os.geteuid() == 0:
        argv.append("--allow-root")
    server = subprocess.Popen(
        argv,
        cwd=home,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("the peer's JupyterLab server did not start")
            time.sleep(0.3)
        base = f"http://127.0.0.1:{port}/user/{user}/"
        headers = {"Authorization": f"token {token}", "Content-Type": "application/json"}
        # What a student's first notebook does: a kernel, and JupyterLab's page.
        urllib.request.urlopen(urllib.request.Request(base + "lab", headers=headers), timeout=60)
        made = urllib.request.Request(
            base + "api/kernels", data=b"{}", headers=headers, method="POST"
        )
        kernel = json.load(urllib.request.urlopen(made, timeout=60))["id"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the kernel has started when it is idle
            got = urllib.request.Request(base + f"api/kernels/{kernel}", headers=headers)
            if json.load(urllib.request.urlopen(got, timeout=30)).get("execution_state") == "idle":
                break
            time.sleep(0.5)
        time.sleep(3)
        pids = [server.pid, *_children(server.pid)]
        return {"memory_mb": sum(_rss_mb(p) for p in pids), "processes": len(pids)}
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, 15)
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=30)
        hub.shutdown()


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(stat[1]) == pid:
                    found += [int(entry.name), *_children(int(entry.name))]
    return found


def run(students: int, folder: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    names = [f"s{i:02d}" for i in range(students)]
    passwords = {n: f"pw-{n}-0x" for n in [*names, "teacher"]}
    class_db, admin, db_name = _class_db()
    load_before = os.getloadavg()[0]
    try:
        with (
            running_hub(folder, class_db, passwords, ["teacher"], folder / "hub.log") as hub,
            sync_playwright() as pw,
        ):
            browser = pw.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            hosts: set[str] = set()
            pages = {}
            for name in [*names, "teacher"]:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                context.set_default_timeout(300_000)
                context.on("request", lambda r: hosts.add(r.url.split("/")[2]))
                pages[name] = context.new_page()
            for page in pages.values():
                page.goto(f"{hub.url}/hub/login")
            cpu_start = _cpu_seconds(hub_processes(hub.api_port))
            started: dict[str, float] = {}
            for name, page in pages.items():  # everyone clicks "Sign in" together
                page.fill("#username_input", name)
                page.fill("#password_input", passwords[name])
                started[name] = time.monotonic()
                page.click("#login_submit", no_wait_after=True)
            card_s: dict[str, float] = {}
            failures = []
            for name in names:
                try:
                    pages[name].wait_for_selector(LEGAL, state="visible")
                    card_s[name] = time.monotonic() - started[name]
                except Exception as e:  # a failure is a figure here
                    failures.append(f"{name}: {type(e).__name__}")
            for name in card_s:
                page = pages[name]
                hand = page.locator(".kw-card").count()
                page.locator(LEGAL).first.click()
                try:
                    page.wait_for_function(
                        f"() => document.querySelectorAll('.kw-card').length < {hand}"
                    )
                except Exception as e:
                    failures.append(f"{name} (click): {type(e).__name__}")
            console = pages["teacher"]
            console.wait_for_function(
                f"() => document.querySelectorAll('.kw-student').length >= {students}"
            )
            console_s = time.monotonic() - started["teacher"]
            arrival_cpu = _cpu_seconds(hub_processes(hub.api_port)) - cpu_start
            everyone = hub_processes(hub.api_port)
            kernels_cpu = _cpu_seconds([p for p in everyone if _is_kernel(p)])
            servers_cpu = _cpu_seconds([p for p in everyone if not _is_kernel(p)])
            hub_cpu = _cpu_seconds([hub.process.pid])
            time.sleep(5)
            memory = _memory_by_user(hub.api_port)
            idle_start = _cpu_seconds(hub_processes(hub.api_port))
            time.sleep(IDLE_SECONDS)
            idle_cpu = _cpu_seconds(hub_processes(hub.api_port)) - idle_start
            browser.close()
    finally:
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{db_name}" WITH (FORCE)')
    per_student = [memory.get(n, 0.0) for n in names if n in memory]
    peer = measure_peer(folder)
    times = list(card_s.values())
    mb = statistics.median(per_student) if per_student else 0.0
    idle_share = idle_cpu / IDLE_SECONDS / max(1, students)
    return {
        "students": students,
        "load_average_before": round(load_before, 1),
        "failures": failures,
        "first_card_s": {
            "median": round(statistics.median(times), 1) if times else None,
            "p95": round(_percentile(times, 0.95), 1) if times else None,
            "slowest": round(max(times), 1) if times else None,
        },
        "console_lists_everyone_s": round(console_s, 1),
        "memory_per_student_mb": round(mb, 1),
        "peer_jupyterlab_mb": round(peer["memory_mb"], 1),
        "ratio_to_peer": round(mb / peer["memory_mb"], 2) if peer["memory_mb"] else None,
        "students_per_gb": round(1024 / mb, 1) if mb else None,
        "arrival_cpu_seconds_per_student": round(arrival_cpu / max(1, students), 2),
        "arrival_cpu_split_per_student": {
            "servers": round(servers_cpu / max(1, students), 2),
            "kernels": round(kernels_cpu / max(1, students), 2),
            "hub": round(hub_cpu / max(1, students), 2),
        },
        "idle_core_share_per_student": round(idle_share, 4),
        "students_per_core_idle": round(1 / idle_share) if idle_share else None,
        "hosts_asked": sorted(hosts),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kowhist-hub-bench-") as folder:
        result = run(args.students, Path(folder))
    if args.json:
        print(json.dumps(result, indent=2))
        return 1 if result["failures"] else 0
    r = result
    print(f"{r['students']} students and a teacher log in at once to the shipped hub")
    print(f"  load average before: {r['load_average_before']}")
    print(f"  failures: {len(r['failures'])} {r['failures'] or ''}")
    fc = r["first_card_s"]
    print(
        f"  login -> first clickable card: median {fc['median']} s, p95 {fc['p95']} s, "
        f"slowest {fc['slowest']} s (the browsers on the same cores)"
    )
    print(f"  login -> the console lists everyone: {r['console_lists_everyone_s']} s")
    print(
        f"  memory per student (server + kernel): {r['memory_per_student_mb']} MB; "
        f"peer, a JupyterLab server with one kernel: {r['peer_jupyterlab_mb']} MB; "
        f"ratio {r['ratio_to_peer']}x"
    )
    print(f"  students per GB: {r['students_per_gb']}")
    print(
        f"  CPU while the class arrives: {r['arrival_cpu_seconds_per_student']} CPU-s per "
        f"student; sitting with pages open: {100 * r['idle_core_share_per_student']:.2f} % "
        f"of a core each (about {r['students_per_core_idle']} per core)"
    )
    split = r["arrival_cpu_split_per_student"]
    print(
        f"  of which, per student: servers {split['servers']} CPU-s, kernels "
        f"{split['kernels']} CPU-s (and the hub itself {split['hub']} CPU-s)"
    )
    print(f"  hosts the browsers asked: {', '.join(r['hosts_asked'])}")
    return 1 if r["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
