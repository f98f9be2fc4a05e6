"""A school's JupyterHub, for real: the single-machine configuration as shipped
(``deploy/single-machine/jupyterhub_config.py``), with only its authenticator swapped for
a test one (passwords; LTI needs a Moodle), run by JupyterHub from PyPI with
configurable-http-proxy from npm, its servers local processes on 127.0.0.1, the class
store a PostgreSQL database of its own.

Three students and a teacher log in at once, each in a Chromium context of their own:

- each student lands on their own app, already in the class under their hub name (no
  name to type), and plays a card;
- the teacher lands on the teachers' console, which lists the three students;
- a student is refused JupyterLab, the contents, kernels and terminals APIs, another
  student's server, the console and the hub's admin page; the teacher is refused the
  admin page too (a teacher is no hub admin);
- a wrong password, and a name the hub does not know, are refused at the login;
- no page asks anything of a host but 127.0.0.1.

Without JupyterHub, configurable-http-proxy, PostgreSQL or Chromium the test skips,
saying which; with ``KOWHIST_REQUIRE_BROWSER=1`` (CI) it fails instead.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from class_store_helpers import postgres_server
from conftest import WORKER, unavailable
from test_app_browser import LEGAL
from voila_harness import free_port

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "deploy" / "single-machine" / "jupyterhub_config.py"
STUDENTS = ("ann", "ben", "cleo")
TEACHER = "tess"
PASSWORDS = {name: f"pw-{name}-{i}x" for i, name in enumerate((*STUDENTS, TEACHER))}
#: A spawn on a loaded CI machine: the hub starts the server, which preheats a kernel
#: that runs the class page before the student's page can take it.
SPAWN_MS = 240_000
#: Seconds for the hub to answer /hub/health after it starts.
HUB_START_SECONDS = 120

# The test's configuration: the shipped file, then another authenticator (JupyterHub's
# own base class, with a password per person: only these four get in).
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


@dataclass
class Hub:
    url: str
    api_port: int
    process: subprocess.Popen[bytes]
    log: Path
    hosts: dict[str, set[str]] = field(default_factory=dict)

    def log_tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status == 200
    except (urllib.error.URLError, OSError):
        return False


def _servers_of(api_port: int) -> list[int]:
    """The processes the hub on ``api_port`` started and left running (its students'
    servers and their kernels: the shipped configuration keeps them over a hub's
    restart), found by the hub's API address in their environment."""
    mark = f"JUPYTERHUB_API_URL=http://127.0.0.1:{api_port}/hub/api".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        with contextlib.suppress(OSError):
            if mark in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
    return found


def _stop(pids: list[int], sig: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[Hub]:
    """The shipped single-machine hub, with the test's authenticator, on free ports."""
    if importlib_missing("jupyterhub"):
        unavailable("JupyterHub is not installed (pip install 'kowhist-teach[hub]')")
    proxy = shutil.which("configurable-http-proxy")
    if proxy is None:
        unavailable(
            "configurable-http-proxy is not installed (npm install -g configurable-http-proxy)"
        )
    admin_url, why = postgres_server()
    if admin_url is None:
        unavailable(why)
    import sqlalchemy as sa
    from class_store_helpers import _admin

    name = f"kw_test_hub_{os.getpid()}_{int(time.time())}"
    with _admin(admin_url).connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    class_db = sa.engine.make_url(admin_url).set(database=name).render_as_string(False)
    folder = tmp_path_factory.mktemp("hub")
    config = folder / "test_config.py"
    config.write_text(TEST_CONFIG.format(shipped=str(SHIPPED), passwords=PASSWORDS))
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
        "KOWHIST_TEACHERS": TEACHER,
    }
    log = artifacts / (f"hub-{WORKER}.log" if WORKER else "hub.log")
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
    running = Hub(f"http://127.0.0.1:{port}", api_port, process, log)
    try:
        deadline = time.monotonic() + HUB_START_SECONDS
        while not _answers(f"{running.url}/hub/health"):
            if process.poll() is not None:
                pytest.fail(f"JupyterHub stopped at its start:\n{running.log_tail()}")
            if time.monotonic() > deadline:
                pytest.fail(
                    f"JupyterHub did not answer in {HUB_START_SECONDS} s:\n{running.log_tail()}"
                )
            time.sleep(0.5)
        yield running
    finally:
        process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=60)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        # The servers the hub leaves running (as shipped: a hub restart keeps them).
        _stop(_servers_of(api_port), signal.SIGTERM)
        deadline = time.monotonic() + 30
        while _servers_of(api_port) and time.monotonic() < deadline:
            time.sleep(0.5)
        _stop(_servers_of(api_port), signal.SIGKILL)
        with _admin(admin_url).connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def importlib_missing(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is None


def _person(browser: Any, hub: Hub, name: str) -> Any:
    """A browser context of ``name``'s own, every host it asks recorded."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(60_000)
    hosts = hub.hosts.setdefault(name, set())
    context.on("request", lambda request: hosts.add(request.url.split("/")[2]))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.page_errors = errors  # type: ignore[attr-defined]
    return page


def _log_in(page: Any, hub: Hub, name: str, password: str) -> None:
    page.goto(f"{hub.url}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit", no_wait_after=True)


def _status(page: Any, url: str) -> int:
    """The status of GET ``url`` with the page's cookies, redirects followed."""
    return page.request.get(url, max_redirects=10).status


def test_three_students_and_a_teacher_at_once(browser: Any, hub: Hub, artifacts: Path) -> None:
    pages = {name: _person(browser, hub, name) for name in (*STUDENTS, TEACHER)}
    # Everyone logs in at once: the hub starts the students' servers side by side.
    for name, page in pages.items():
        _log_in(page, hub, name, PASSWORDS[name])
    try:
        for name in STUDENTS:
            page = pages[name]
            page.wait_for_selector(LEGAL, state="visible", timeout=SPAWN_MS)
            assert page.url.startswith(f"{hub.url}/user/{name}/"), page.url
            # The hub's login is the student's name: the class asks for none.
            assert page.locator(".kw-join-name input").filter(visible=True).count() == 0
            assert name in page.locator(".kw-class-page").inner_text()
            hand = page.locator(".kw-card").count()
            page.locator(LEGAL).first.click()
            page.wait_for_function(
                f"() => document.querySelectorAll('.kw-card').length < {hand}", timeout=60_000
            )
        console = pages[TEACHER]
        console.wait_for_selector(".kw-student", timeout=SPAWN_MS)
        assert console.url.startswith(f"{hub.url}/services/class-console/"), console.url
        console.wait_for_function(
            """(names) => names.every((n) => [...document.querySelectorAll('.kw-student')]
                   .some((row) => row.textContent.trim().startsWith(n + ' ')))""",
            arg=list(STUDENTS),
            timeout=60_000,
        )
        console.screenshot(path=str(artifacts / "hub-console.png"))
        pages["ann"].screenshot(path=str(artifacts / "hub-student.png"))

        # What a student may not reach: no JupyterLab, no contents, kernels or terminals
        # API, nobody else's server, not the console, not the hub's admin.
        ann = pages["ann"]
        for path in ("lab", "tree", "api/contents", "api/kernels", "api/terminals", "api/sessions"):
            status = _status(ann, f"{hub.url}/user/ann/{path}")
            assert status in (403, 404), f"/user/ann/{path} answered {status}"
        assert _status(ann, f"{hub.url}/user/ben/") == 403
        assert _status(ann, f"{hub.url}/services/class-console/") == 403
        assert _status(ann, f"{hub.url}/hub/admin") == 403
        # A teacher is no hub admin either.
        assert _status(console, f"{hub.url}/hub/admin") == 403
        for name, page in pages.items():
            assert page.page_errors == [], (name, page.page_errors)
    finally:
        for page in pages.values():
            page.context.close()
    assert {host for hosts in hub.hosts.values() for host in hosts} == {hub.url.split("/")[2]}, (
        hub.hosts
    )


@pytest.mark.parametrize(
    ("name", "password"),
    [("ann", "not-her-password"), ("mallory", "pw-mallory"), ("tess", "")],
    ids=["wrong-password", "unknown-name", "no-password"],
)
def test_other_logins_are_refused(browser: Any, hub: Hub, name: str, password: str) -> None:
    page = _person(browser, hub, f"refused-{name}")
    try:
        _log_in(page, hub, name, password)
        page.wait_for_selector(".login_error, .alert-danger, #login_error", timeout=60_000)
        assert "/hub/login" in page.url, page.url
        # Still nobody: the hub's own pages send such a browser back to the login.
        assert page.request.get(f"{hub.url}/hub/home", max_redirects=0).status == 302
    finally:
        page.context.close()
