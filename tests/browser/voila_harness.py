"""Start Voilà in a subprocess and headless Chromium through Playwright.

Shared by the browser tests (``conftest.py``) and ``benchmarks/app_latency.py``. Nothing
here imports Playwright at module level, so the test collection (and the doctests) work
on a machine without it.

Voilà is started the way ``kowhist-teach app`` starts it (``python -m voila NOTEBOOK
--Voila.ip=127.0.0.1 --theme=light --no-browser``, in the notebook's folder), on a free
port, with ``--Voila.port_retries=0`` so that it fails rather than quietly moving to
another port. Its log goes to a file (a pipe nobody reads could fill up and stall it).
Stopping it sends SIGTERM (Voilà then shuts its kernels down) and, after a grace period,
SIGKILL to it and to every process it started: kernels run in sessions of their own, so
the process group alone would miss them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
APP_NOTEBOOK = REPO / "notebooks" / "app.ipynb"
ARTIFACTS = REPO / "tests" / "artifacts"
#: How long a first page of the app may take: Voilà answers once the notebook has run in
#: a kernel, which on a busy machine takes longer than a navigation's usual 30 s.
PAGE_LOAD_MS = 90_000

#: Flags for Chromium on this network: without the background-networking ones it keeps
#: trying to reach Google's hosts. ``--no-sandbox`` because CI runs as root.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]

HELLO_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "hello",
            "metadata": {},
            "outputs": [],
            "source": ['print("hello")'],
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}


def chromium_path() -> str | None:
    """Debian's Chromium (or ``$KOWHIST_CHROMIUM``), or None when there is none.

    >>> chromium_path() is None or Path(chromium_path()).exists()
    True
    """
    for candidate in (
        os.environ.get("KOWHIST_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now.

    >>> 1024 <= free_port() < 65536
    True
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def two_free_ports() -> int:
    """A port P free with P + 1 free too: a class's students' server and its console.

    >>> p = two_free_ports(); 1024 <= p < 65535
    True
    """
    for _ in range(50):
        port = free_port()
        with socket.socket() as s:
            try:
                s.bind(("0.0.0.0", port + 1))
            except OSError:
                continue
        return port
    raise RuntimeError("no two free ports in a row")


def voila_command(notebook: Path, port: int, extra: Sequence[str] = ()) -> list[str]:
    """The command ``kowhist-teach app`` runs, on ``port``, never opening a browser.

    >>> voila_command(Path('/x/app.ipynb'), 9000)[1:4]
    ['-m', 'voila', 'app.ipynb']
    """
    return [
        sys.executable,
        "-m",
        "voila",
        notebook.name,
        f"--port={port}",
        "--Voila.port_retries=0",
        "--Voila.ip=127.0.0.1",
        "--theme=light",
        "--no-browser",
        *extra,
    ]


def cli_app_command(port: int) -> list[str]:
    """``kowhist-teach app --port N --no-browser`` run by this interpreter."""
    return [
        sys.executable,
        "-c",
        "import sys; from kowhist_teach.cli import main; sys.exit(main())",
        "app",
        "--port",
        str(port),
        "--no-browser",
    ]


def write_hello_notebook(folder: Path) -> Path:
    """A bare Voilà notebook: one cell, ``print("hello")``."""
    import json

    path = folder / "hello.ipynb"
    path.write_text(json.dumps(HELLO_NOTEBOOK, indent=1), encoding="utf-8")
    return path


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent pid, start time) of a process, from /proc; None once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name may hold spaces or brackets: the fields follow the last ')'.
    fields = stat.rsplit(")", 1)[-1].split()
    return int(fields[1]), fields[19]


def _descendants(pid: int) -> list[tuple[int, str]]:
    """Every process below ``pid``, as (pid, start time) (empty without /proc)."""
    parents: dict[int, list[tuple[int, str]]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        st = _stat(int(entry.name))
        if st is not None:
            parents.setdefault(st[0], []).append((int(entry.name), st[1]))
    found: list[tuple[int, str]] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child[0])
    return found


def compile_package() -> None:
    """Compile the checkout's ``kowhist_teach`` to bytecode (``__pycache__``, git-ignored),
    as installing the package does. Python still reads bytecode under
    ``PYTHONDONTWRITEBYTECODE=1`` (set on CI and on the shared machine), it only never
    writes it: without this the server and every kernel would compile the whole package
    from source (about 0.3 s of CPU each, 30 times over for a class), which an installed
    app never does."""
    import compileall

    with contextlib.suppress(OSError):
        compileall.compile_dir(str(REPO / "kowhist_teach"), quiet=2, workers=1)


class VoilaServer:
    """One Voilà process: ``start()``, ``wait_ready()``, ``url``, ``stop()``."""

    def __init__(
        self,
        command: Sequence[str],
        cwd: Path,
        port: int,
        log_path: Path | None = None,
        env: dict[str, str] | None = None,
        repo_on_path: bool = True,
    ) -> None:
        self.command = list(command)
        self.repo_on_path = repo_on_path
        self.cwd = Path(cwd)
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"
        # A log of our own making goes when the server stops; a log asked for stays.
        self._own_log = log_path is None
        if log_path is None:
            fd, name = tempfile.mkstemp(prefix="voila-", suffix=".log")
            os.close(fd)
            log_path = Path(name)
        self.log_path = log_path
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None
        self.started_at = 0.0

    def start(self) -> VoilaServer:
        env = dict(os.environ if self.env is None else self.env)
        # The debugger's frozen-modules warning is noise in the log.
        env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
        # The repository first on the kernel's path, should the package not be installed.
        if self.repo_on_path:
            compile_package()
            env["PYTHONPATH"] = os.pathsep.join(
                p for p in (str(REPO), env.get("PYTHONPATH", "")) if p
            )
        else:  # only what is installed in the server's own environment
            env.pop("PYTHONPATH", None)
        log = open(self.log_path, "wb")  # closed in stop()
        self._log = log
        self.started_at = time.perf_counter()
        self.proc = subprocess.Popen(
            self.command,
            cwd=self.cwd,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        return self

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def wait_ready(self, timeout: float = 60.0, poll: float = 0.02) -> float:
        """Wait until the port accepts connections; the seconds since ``start()``."""
        assert self.proc is not None, "start() first"
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"Voilà exited with status {self.proc.returncode} before answering:\n"
                    + self.log_tail()
                )
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                s.settimeout(0.5)
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return time.perf_counter() - self.started_at
            time.sleep(poll)
        raise TimeoutError(f"Voilà did not answer on {self.url} in {timeout} s:\n{self.log_tail()}")

    def stop(self, grace: float = 6.0) -> None:
        proc = self.proc
        if proc is None:
            return
        self.proc = None
        try:
            if proc.poll() is None:
                family = _descendants(proc.pid)
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)  # Voilà shuts its kernels down
                try:
                    proc.wait(timeout=grace)
                except subprocess.TimeoutExpired:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=10)
                # Kernels live in sessions of their own: kill what is left of them.
                # (Only those still running with the same start time: a pid may be reused.)
                for pid, started in family:
                    st = _stat(pid)
                    if st is not None and st[1] == started:
                        with contextlib.suppress(ProcessLookupError, PermissionError):
                            os.kill(pid, signal.SIGKILL)
        finally:
            self._log.close()
            if self._own_log:
                self.log_path.unlink(missing_ok=True)

    def __enter__(self) -> VoilaServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


#: The bots' pace in the browser tests: each of their frames up for a tenth of the time a
#: student sees (65 ms at the usual pace), so that no test sleeps through a bot's card.
#: card_table.js reads it from the page (``window.KOWHIST_TEST_PACE``, set before the app
#: loads); the frames, ``kw-animating`` and a press held over a frame work as they do for
#: a student. The tests about the pace itself open their pages with ``pace=None``.
TEST_PACE = 0.1


def new_context(browser: Any, *, pace: float | None = TEST_PACE, **options: Any) -> Any:
    """``browser.new_context(**options)`` whose pages show the bots' cards at ``pace``
    (a fraction of the usual time; None: the pace a student sees)."""
    context = browser.new_context(**options)
    if pace is not None:
        context.add_init_script(f"window.KOWHIST_TEST_PACE = {float(pace)!r};")
    return context


def set_pace(page: Any, pace: float | None) -> None:
    """Change the bots' pace of a page already open: the next cards they play come at
    ``pace`` (None: the pace a student sees)."""
    page.evaluate(
        "(p) => { if (p === null) delete window.KOWHIST_TEST_PACE;"
        " else window.KOWHIST_TEST_PACE = p; }",
        pace,
    )


def launch_chromium(playwright: Any, executable: str | None = None) -> Any:
    """Headless Debian Chromium driven by Playwright (its own browsers cannot be
    downloaded here)."""
    return playwright.chromium.launch(
        executable_path=executable or chromium_path(),
        headless=True,
        args=CHROMIUM_ARGS,
    )
