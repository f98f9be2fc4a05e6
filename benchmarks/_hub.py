"""A real JupyterHub running the shipped single-machine configuration, for the hub's test
(tests/browser/test_hub_browser.py) and its benchmark (benchmarks/hub_class.py).

:func:`running_hub` starts ``jupyterhub -f`` a configuration that loads
``deploy/single-machine/jupyterhub_config.py`` as shipped and swaps only its authenticator
for :data:`TEST_AUTHENTICATOR` (a password per person: LTI needs a Moodle), on free ports
of 127.0.0.1, with configurable-http-proxy from the PATH. It stops the hub afterwards, and
the servers it leaves running (as shipped, a hub's restart keeps the students' servers).

:func:`hub_processes` finds a hub's students' servers and their kernels (by the hub's
API address in their environment), for memory and CPU figures.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "deploy" / "single-machine" / "jupyterhub_config.py"
#: Seconds for the hub to answer /hub/health after it starts (a loaded CI machine).
HUB_START_SECONDS = 120

# The test's configuration: the shipped file, then another authenticator (JupyterHub's
# own base class, with a password per person: only those get in).
TEST_CONFIG = """\
c = get_config()  # noqa: F821
load_subconfig({shipped!r})  # noqa: F821

from jupyterhub.auth import Authenticator


class Passwords(Authenticator):
    passwords = {passwords!r}

    async def authenticate(self, handler, data):
        name = data.get("username", "")
        if name in self.passwords and data.get("password") == self.passwords[name]:
            return name
        return None


c.JupyterHub.authenticator_class = Passwords
"""


class _StandInHub(BaseHTTPRequestHandler):
    """What jupyterhub-singleuser asks its hub, answered as JupyterHub 5.5 would."""

    users: dict[str, str] = {}  # the hub's users, by the token each one holds

    def _json(self, status: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("X-JupyterHub-Version", "5.5.4")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path.rstrip("/") == "/hub/api":
            self._json(200, {"version": "5.5.4"})
        elif self.path.startswith("/hub/api/user"):
            token = self.headers.get("Authorization", "").partition(" ")[2]
            user = self.users.get(token)
            if user:
                self._json(
                    200,
                    {
                        "kind": "user",
                        "name": user,
                        "admin": False,
                        "groups": [],
                        "scopes": [f"access:servers!server={user}/", f"access:servers!user={user}"],
                        "session_id": "",
                    },
                )
            else:
                self._json(403, {"status": 403, "message": "no such token"})
        else:
            self._json(404, {"status": 404})

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self._json(200, {})

    def log_message(self, *args: Any) -> None:  # quiet
        pass


def stand_in_hub(users: dict[str, str]) -> type[BaseHTTPRequestHandler]:
    """A stand-in for JupyterHub's API (a ``ThreadingHTTPServer`` handler): what a
    single-user server asks its hub (the version, who a token belongs to, by ``users``:
    token → user name; activity), answered as JupyterHub 5.5 would, without a hub."""
    return type("StandInHub", (_StandInHub,), {"users": dict(users)})


def course_env(user: str, port: int, hub_port: int, home: Path) -> dict[str, str]:
    """The environment a hub gives ``user``'s server on ``port`` (its API on ``hub_port``)."""
    prefix = f"/user/{user}/"
    env = {
        **os.environ,
        "HOME": str(home),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}{prefix}",
        "JUPYTERHUB_SERVICE_PREFIX": prefix,
        "JUPYTERHUB_BASE_URL": "/",
        "JUPYTERHUB_API_URL": f"http://127.0.0.1:{hub_port}/hub/api",
        "JUPYTERHUB_API_TOKEN": "the-servers-own-token-0123456789",
        "JUPYTERHUB_CLIENT_ID": f"jupyterhub-user-{user}",
        "JUPYTERHUB_USER": user,
        "JUPYTERHUB_SERVER_NAME": "",
        "JUPYTERHUB_OAUTH_CALLBACK_URL": f"{prefix}oauth_callback",
        "JUPYTERHUB_OAUTH_ACCESS_SCOPES": json.dumps(
            [f"access:servers!server={user}/", f"access:servers!user={user}"]
        ),
        "JUPYTERHUB_OAUTH_SCOPES": "[]",
        "JUPYTERHUB_ACTIVITY_URL": f"http://127.0.0.1:{hub_port}/hub/api/users/{user}/activity",
    }
    for name in ("JUPYTERHUB_HOST", "JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR"):
        env.pop(name, None)
    return env


class HubError(RuntimeError):
    """The hub would not start; the message ends with its log's last lines."""


@dataclass
class Hub:
    """A running hub: its public URL, its API port, its process and log."""

    url: str
    api_port: int
    process: subprocess.Popen[bytes]
    log: Path

    def log_tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status == 200
    except (urllib.error.URLError, OSError):
        return False


def hub_processes(api_port: int, services: bool = False) -> list[int]:
    """The processes the hub on ``api_port`` started that are still running: its
    students' servers and their kernels (and, with ``services``, its services and
    theirs), found by the hub's API address in their environment (root, or the hub's
    own user, may read it)."""
    mark = f"JUPYTERHUB_API_URL=http://127.0.0.1:{api_port}/hub/api".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        with contextlib.suppress(OSError):
            env = (entry / "environ").read_bytes().split(b"\0")
            service = any(e.startswith(b"JUPYTERHUB_SERVICE_NAME=") for e in env)
            if mark in env and (services or not service):
                found.append(int(entry.name))
    return found


def _signal_all(pids: list[int], sig: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)


@contextlib.contextmanager
def running_hub(
    folder: Path, class_db: str, passwords: dict[str, str], teachers: list[str], log: Path
) -> Iterator[Hub]:
    """The shipped single-machine hub with the test's authenticator, its files in
    ``folder``, the class store at ``class_db``; stopped, with its servers, on exit."""
    config = folder / "test_config.py"
    config.write_text(TEST_CONFIG.format(shipped=str(SHIPPED), passwords=passwords))
    port, api_port, proxy_port, console_port = (free_port() for _ in range(4))
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "KOWHIST_HUB_URL": f"http://127.0.0.1:{port}",
        "KOWHIST_HUB_API_PORT": str(api_port),
        "KOWHIST_PROXY_API_PORT": str(proxy_port),
        "KOWHIST_CONSOLE_PORT": str(console_port),
        "KOWHIST_HUB_DATA": str(folder / "data"),
        "KOWHIST_CLASS_DB": class_db,
        "KOWHIST_TEACHERS": ",".join(teachers),
    }
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    hub = Hub(f"http://127.0.0.1:{port}", api_port, process, log)
    try:
        deadline = time.monotonic() + HUB_START_SECONDS
        while not _answers(f"{hub.url}/hub/health"):
            if process.poll() is not None:
                raise HubError(f"JupyterHub stopped at its start:\n{hub.log_tail()}")
            if time.monotonic() > deadline:
                raise HubError(
                    f"JupyterHub did not answer in {HUB_START_SECONDS} s:\n{hub.log_tail()}"
                )
            time.sleep(0.5)
        yield hub
    finally:
        process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=60)
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        # The servers the hub leaves running (and its services, had it been killed):
        # SIGTERM lets each shut its kernels down.
        _signal_all(hub_processes(api_port, services=True), signal.SIGTERM)
        deadline = time.monotonic() + 30
        while hub_processes(api_port, services=True) and time.monotonic() < deadline:
            time.sleep(0.5)
        _signal_all(hub_processes(api_port, services=True), signal.SIGKILL)
