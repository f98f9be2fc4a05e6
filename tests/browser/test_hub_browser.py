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
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from class_store_helpers import _admin, postgres_server
from conftest import WORKER, unavailable
from test_app_browser import LEGAL
from voila_harness import new_context

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from _hub import Hub, HubError, hub_processes, running_hub  # noqa: E402

from kowhist_teach.classroom.limits import HUB_KERNELS  # noqa: E402

# By itself, after the parallel tests (``make test``'s ``-m alone`` step): a hub starting
# four servers at once, under the other workers' load, overran JupyterHub's ten seconds
# for its managed console service to answer and anywidget's two seconds for a model's
# script to load in a page (then the widget never shows): once in CI, twice in four runs
# beside other browser tests here. Alone, it sees the class as a school's server does.
pytestmark = pytest.mark.alone

STUDENTS = ("ann", "ben", "cleo")
TEACHER = "tess"
PASSWORDS = {name: f"pw-{name}-{i}x" for i, name in enumerate((*STUDENTS, TEACHER))}
#: A spawn on a loaded CI machine: the hub starts the server, which preheats a kernel
#: that runs the class page before the student's page can take it.
SPAWN_MS = 240_000
#: The hosts each person's browser asked anything of.
HOSTS: dict[str, set[str]] = {}


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[Hub]:
    """The shipped single-machine hub, with the test's authenticator, on free ports, its
    class store a PostgreSQL database of its own."""
    import importlib.util

    if importlib.util.find_spec("jupyterhub") is None:
        unavailable("JupyterHub is not installed (pip install 'kowhist-teach[hub]')")
    if shutil.which("configurable-http-proxy") is None:
        unavailable(
            "configurable-http-proxy is not installed (npm install -g configurable-http-proxy)"
        )
    admin_url, why = postgres_server()
    if admin_url is None:
        unavailable(why)
    import sqlalchemy as sa

    name = f"kw_test_hub_{os.getpid()}_{int(time.time())}"
    with _admin(admin_url).connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    class_db = sa.engine.make_url(admin_url).set(database=name).render_as_string(False)
    log = artifacts / (f"hub-{WORKER}.log" if WORKER else "hub.log")
    try:
        with running_hub(
            tmp_path_factory.mktemp("hub"), class_db, PASSWORDS, [TEACHER], log
        ) as running:
            yield running
    except HubError as e:
        pytest.fail(str(e), pytrace=False)
    finally:
        with _admin(admin_url).connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _person(browser: Any, hub: Hub, name: str) -> Any:
    """A browser context of ``name``'s own, every host it asks recorded."""
    context = new_context(browser, viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(60_000)
    hosts = HOSTS.setdefault(name, set())
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


def _kernels_of(hub: Hub, user: str) -> list[int]:
    """The kernels of ``user``'s server (by the hub's environment they inherit)."""
    mark = f"JUPYTERHUB_USER={user}".encode()
    found = []
    for pid in hub_processes(hub.api_port):
        with contextlib.suppress(OSError):
            proc = Path(f"/proc/{pid}")
            if mark in (proc / "environ").read_bytes().split(b"\0") and (
                b"kernelapp" in (proc / "cmdline").read_bytes()
            ):
                found.append(pid)
    return found


def _status(page: Any, url: str) -> int:
    """The status of GET ``url`` with the page's cookies, redirects followed."""
    return page.request.get(url, max_redirects=10).status


def _keep_the_pages(pages: dict[str, Any], artifacts: Path) -> None:
    """After a failure, what each page showed: a screenshot (failed-hub-NAME.png) and
    its address, words and script errors (failed-hub.txt)."""
    lines = []
    for name, page in pages.items():
        with contextlib.suppress(Exception):
            page.screenshot(path=str(artifacts / f"failed-hub-{name}.png"))
        try:
            words = " ".join(page.locator("body").inner_text(timeout=5_000).split())[:2000]
        except Exception as e:  # the page itself may be what failed
            words = f"(no words: {e})"
        errors = getattr(page, "page_errors", [])
        lines.append(f"{name}: {page.url}\n  errors: {errors}\n  words: {words}\n")
    (artifacts / "failed-hub.txt").write_text("\n".join(lines), encoding="utf-8")


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

        # A script asking Ann's server for page after page (each page a kernel) gets no
        # more than HUB_KERNELS of them: past that, her own unused ones come back, or
        # "The class is full".
        answers = [_status(ann, f"{hub.url}/user/ann/") for _ in range(HUB_KERNELS + 1)]
        assert set(answers) <= {200, 503}, answers
        assert len(_kernels_of(hub, "ann")) <= HUB_KERNELS, answers
        for name, page in pages.items():
            assert page.page_errors == [], (name, page.page_errors)
    except BaseException:
        _keep_the_pages(pages, artifacts)
        raise
    finally:
        for page in pages.values():
            page.context.close()
    asked = {host for hosts in HOSTS.values() for host in hosts}
    assert asked == {hub.url.split("/")[2]}, HOSTS


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
