"""``kowhist-teach app``: the Voilà app; and the two servers of ``kowhist-teach class
start`` (:func:`run_class`): the students' in this process, the teacher's console in a
child process (:func:`console_child`) that never outlives it."""

from __future__ import annotations

import argparse
import atexit
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import webbrowser
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core.errors import SetupError
from ..i18n import _
from ..i18n.environment import LANG_VARIABLE

__all__ = [
    "CONSOLE_ENV",
    "add_kernel_cap_options",
    "app_notebook",
    "class_servers",
    "console_child",
    "package_notebook",
    "run_class",
]

#: The environment variable that hands the console's settings (its token among them)
#: to the child process: not on its command line, which every user of the machine sees.
CONSOLE_ENV = "KOWHIST_CONSOLE_SERVER"
#: Seconds the console is given to shut its kernels down before it is killed.
STOP_GRACE = 15.0
#: Seconds the teacher's browser waits for the console to answer before it opens.
BROWSER_WAIT = 120.0


def _find_notebook(name: str) -> Path | None:
    here = Path(__file__).resolve().parent.parent  # the package folder
    for candidate in (here.parent / "notebooks" / name, here / "notebooks" / name):
        if candidate.exists():
            return candidate
    return None


def app_notebook() -> Path:
    """The notebook the app serves (``notebooks/app.ipynb`` of a checkout, or the copy
    shipped inside the package)."""
    found = _find_notebook("app.ipynb")
    if found is None:
        raise SetupError(_("the app notebook (notebooks/app.ipynb) is missing from this install"))
    return found


def package_notebook(name: str) -> Path:
    """A notebook a server serves, found as :func:`app_notebook` is: ``app.ipynb``,
    ``class.ipynb`` (the students' page of a class), ``console.ipynb`` (the teacher's).

    >>> package_notebook("class.ipynb").name
    'class.ipynb'
    """
    found = _find_notebook(name)
    if found is None:
        raise SetupError(
            _("the notebook notebooks/{name} is missing from this install").format(name=name)
        )
    return found


def add_kernel_cap_options(parser: argparse.ArgumentParser) -> None:
    """``--max-kernels N`` and ``--max-kernels-per-client N`` (``app`` and ``class
    start``; the defaults and why: :mod:`kowhist_teach.classroom.limits`).

    >>> p = argparse.ArgumentParser(); add_kernel_cap_options(p)
    >>> vars(p.parse_args(["--max-kernels-per-client", "0"]))
    {'max_kernels': None, 'max_per_client': 0}
    """
    parser.add_argument(
        "--max-kernels",
        type=int,
        default=None,
        metavar="N",
        help=_("the most kernels the pages may hold at once (0: no cap; in a class: pool + 10)"),
    )
    parser.add_argument(
        "--max-kernels-per-client",
        dest="max_per_client",
        type=int,
        default=None,
        metavar="N",
        help=_(
            "the most kernels the pages of one network address may hold (in a class: 4; "
            "0: no cap, for a class behind one address)"
        ),
    )


def _cmd_app(args: argparse.Namespace) -> int:
    try:
        from ..classroom.server import skip_slow_format_checker

        skip_slow_format_checker()  # before Voilà's imports
        import voila  # noqa: F401
    except ImportError:
        print(
            _("kowhist-teach: the app needs Voilà: pip install 'kowhist-teach[app]'"),
            file=sys.stderr,
        )
        return 2
    from ..classroom.server import MEMORY_MB, ServeOptions, serve

    if getattr(args, "explicit_lang", None):
        # The app's kernels (started by this process, with its environment) build the
        # app in the language asked for (app.build_app reads it).
        os.environ[LANG_VARIABLE] = args.explicit_lang

    options = ServeOptions(
        port=args.port,
        open_browser=not args.no_browser,
        classroom=args.classroom,
        address=args.address,
        pool_size=args.pool_size,
        memory_mb=MEMORY_MB if args.memory_mb is None else args.memory_mb,
        max_kernels=getattr(args, "max_kernels", None),
        max_per_client=getattr(args, "max_per_client", None),
    )
    return serve(app_notebook(), options)


# ------------------------------------------------ a class: two servers
def class_servers(
    port: int = 8866,
    address: str | None = None,
    token: str | None = None,
    teacher_token: str | None = None,
    pool_size: int | None = None,
    memory_mb: int | None = None,
    max_kernels: int | None = None,
    max_per_client: int | None = None,
) -> tuple[Any, Any]:
    """The two servers of ``kowhist-teach class start``: the students' on ``port`` and
    the teacher's console on ``port + 1``, at the same address, each with its own token
    (new ones unless given; the teacher's longer, as nobody copies it by hand).
    ``max_kernels`` is the students' server's (the console keeps its own default);
    ``max_per_client`` both servers'.

    >>> from kowhist_teach.classroom.server import join_url
    >>> s, t = class_servers(9000, "10.0.0.7", "stud3nts", "t3acher5")
    >>> join_url(s), join_url(t), t.pool_size
    ('http://10.0.0.7:9000/?token=stud3nts', 'http://10.0.0.7:9001/?token=t3acher5', 1)
    """
    from ..classroom.server import (
        CONSOLE_POOL_SIZE,
        MEMORY_MB,
        ServeOptions,
        lan_address,
        new_token,
    )

    students = ServeOptions(
        port=port,
        open_browser=False,
        classroom=True,
        address=address or lan_address(),
        token=token or new_token(),
        pool_size=pool_size,  # None: a class's worth
        memory_mb=MEMORY_MB if memory_mb is None else memory_mb,
        max_kernels=max_kernels,
        max_per_client=max_per_client,
        role="students",
    )
    teacher = teacher_token or new_token(16)
    console = replace(
        students,
        port=port + 1,
        token=teacher,
        pool_size=CONSOLE_POOL_SIZE,
        max_kernels=None,
        role="console",
    )
    return students, console


def console_child(notebook: Path, options: Any) -> tuple[list[str], dict[str, str]]:
    """The command that runs the teacher's console server, and the environment it
    needs besides this one's (its options and token, read and removed by the child).

    >>> from kowhist_teach.classroom.server import ServeOptions
    >>> argv, env = console_child(Path("c.ipynb"), ServeOptions(port=9001, token="t" * 16))
    >>> "t" * 16 in " ".join(argv), json.loads(env[CONSOLE_ENV])["token"] == "t" * 16
    (False, True)
    """
    package_parent = str(Path(__file__).resolve().parents[2])
    code = (
        "import sys\n"
        f"if {package_parent!r} not in sys.path: sys.path.append({package_parent!r})\n"
        "from kowhist_teach.cli.app import _console_main\n"
        "sys.exit(_console_main())\n"
    )
    settings = {
        "notebook": str(notebook),
        "port": options.port,
        "address": options.address,
        "token": options.token,
        "cookie_secret": options.cookie_secret,
        "pool_size": options.pool_size,
        "memory_mb": options.memory_mb,
        "parent": os.getpid(),
    }
    for cap in ("max_kernels", "max_per_client"):  # the caps given (their defaults: the child's)
        if getattr(options, cap, None) is not None:
            settings[cap] = getattr(options, cap)
    return [sys.executable, "-c", code], {CONSOLE_ENV: json.dumps(settings)}


def _console_main() -> int:
    """The console's child process: serve ``console.ipynb``, quietly, until SIGTERM or
    until its parent (``class start``) is gone."""
    from ..classroom.server import ServeOptions, serve

    settings = json.loads(os.environ.pop(CONSOLE_ENV))  # the kernels need not see it
    options = ServeOptions(
        port=settings["port"],
        open_browser=False,
        classroom=True,
        address=settings["address"],
        token=settings["token"],
        cookie_secret=settings.get("cookie_secret"),
        pool_size=settings["pool_size"],
        memory_mb=settings["memory_mb"],
        max_kernels=settings.get("max_kernels"),
        max_per_client=settings.get("max_per_client"),
        role="console",
    )

    def watch(parent: int) -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGTERM)  # Voilà stops and shuts its kernels down

    threading.Thread(target=watch, args=(settings["parent"],), daemon=True).start()
    return serve(Path(settings["notebook"]), options, announce=False)


def port_taken(port: int) -> bool:
    """Whether a server could not listen on ``port`` on every interface now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("0.0.0.0", port))
        except OSError:
            return True
    return False


def run_class(
    student_page: Path, console_page: Path, students: Any, console: Any, open_browser: bool
) -> int:
    """Serve the class: the console in a child process, the students' server here, until
    Ctrl-C or SIGTERM; the child never outlives this call (nor this process)."""
    from ..classroom.server import join_url, serve

    argv, extra = console_child(console_page, console)
    previous = signal.getsignal(signal.SIGTERM)
    if threading.current_thread() is threading.main_thread():
        # Until Voilà takes SIGTERM over: stop through the `finally` below.
        signal.signal(signal.SIGTERM, _interrupt)
    child = subprocess.Popen(
        argv, env={**os.environ, **extra}, stdin=subprocess.DEVNULL, start_new_session=True
    )
    stopping = threading.Event()

    def stop() -> None:
        stopping.set()
        _stop_child(child)

    atexit.register(stop)
    threading.Thread(target=_watch_console, args=(child, stopping), daemon=True).start()
    if open_browser:
        threading.Thread(
            target=_open_when_ready, args=(join_url(console), console.port), daemon=True
        ).start()
    try:
        return serve(student_page, students, announce=False)
    finally:
        stop()
        atexit.unregister(stop)
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)


def _interrupt(_signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def _watch_console(child: subprocess.Popen[bytes], stopping: threading.Event) -> None:
    code = child.wait()
    if not stopping.is_set():
        print(
            _(
                "kowhist-teach: the teacher's console stopped (exit status {code}); the "
                "students' server goes on"
            ).format(code=code),
            file=sys.stderr,
            flush=True,
        )


def _stop_child(child: subprocess.Popen[bytes], grace: float = STOP_GRACE) -> None:
    """SIGTERM to the child's process group (Voilà then shuts its kernels down), SIGKILL
    after ``grace`` seconds, and then to whatever it started (kernels run in sessions of
    their own)."""
    if child.poll() is not None:
        return
    family = _descendants(child.pid)
    kill = getattr(signal, "SIGKILL", signal.SIGTERM)
    _signal_group(child, signal.SIGTERM)
    try:
        child.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        _signal_group(child, kill)
        child.wait(timeout=10)
    for pid, started in family:
        if started is not None and _started(pid) == started:  # not a reused pid
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, kill)


def _signal_group(child: subprocess.Popen[bytes], signum: int) -> None:
    """``signum`` to the child's process group (the child alone where there are none)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if hasattr(os, "killpg"):
            os.killpg(child.pid, signum)
        else:  # pragma: no cover - Windows
            child.send_signal(signum)


def _started(pid: int) -> str | None:
    """A process's start time (``/proc``), None once it is gone (or without ``/proc``)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[19]
    except (OSError, IndexError):
        return None


def _descendants(pid: int) -> list[tuple[int, str | None]]:
    """Every process below ``pid``, with its start time (empty without ``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = (entry / "stat").read_text().rsplit(")", 1)[-1].split()
            children.setdefault(int(stat[1]), []).append(int(entry.name))
    found: list[tuple[int, str | None]] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append((child, _started(child)))
            todo.append(child)
    return found


def _open_when_ready(url: str, port: int) -> None:
    """Open the teacher's console in this machine's browser once it answers, through an
    owner-only file, so that the token is on no command line."""
    deadline = time.monotonic() + BROWSER_WAIT
    while time.monotonic() < deadline:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(0.5)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.5)
    else:
        return
    fd, name = tempfile.mkstemp(prefix="kowhist-console-", suffix=".html")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(f'<meta http-equiv="refresh" content="0;url={url}">\n')
    atexit.register(lambda: Path(name).unlink(missing_ok=True))
    with contextlib.suppress(webbrowser.Error):
        webbrowser.open(Path(name).as_uri())
