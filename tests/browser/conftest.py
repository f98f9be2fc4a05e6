"""Fixtures for the browser tests: Voilà in a subprocess, headless Chromium via Playwright.

Without Chromium, Playwright or Voilà these tests skip themselves, saying what is missing,
unless ``KOWHIST_REQUIRE_BROWSER=1`` is set (CI sets it): then they fail instead, loudly.

``make test`` runs them in parallel (``pytest -n 4 --dist loadscope
--no-loadscope-reorder``): each pytest-xdist worker has its own Playwright, browser and
Voilà servers (on free ports), and its own log files. The tests of a module that share
something of the module's (a page played in order, a server they restart) go to one
worker together (``TOGETHER`` in tests/conftest.py, which hands the work out); the others
go one by one to whichever worker is free. They are handed out slowest first
(:data:`SLOWEST_FIRST`), so that the last to start is a short one. Most of the time of
these tests is waiting (for a kernel to start, for the bots' cards, for a page to be
quiet), so more workers than cores pay. Every page shows the bots' cards at a tenth of a
student's pace (``voila_harness.new_context``, ``TEST_PACE``); the tests about that pace
itself (no click lost while the bots play, a long press) switch their page back to it.
One Chromium (:func:`browser`) and one app server (:func:`app_url`) serve every test of a
worker, each test on a page of its own (and so a kernel of its own); a test that needs a
server of its own (a class, the limits, a hub, a server it kills) starts one. A test marked
``alone`` runs by itself after them (``-m alone``): it measures how fast a class gets its
cards, which the other workers' CPU would skew.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from voila_harness import (
    APP_NOTEBOOK,
    ARTIFACTS,
    VoilaServer,
    chromium_path,
    cli_app_command,
    free_port,
    launch_chromium,
    new_context,
    voila_command,
)

REQUIRED = os.environ.get("KOWHIST_REQUIRE_BROWSER") == "1"

#: How often ``page.wait_for_function`` looks again, in ms, when a test does not say.
#: Playwright's own default looks at every animation frame, which keeps the page drawing
#: sixty frames a second for as long as a test waits: ten times the CPU of looking every
#: 50 ms (measured: 1.0 s against 0.2 s of Chromium's CPU in ten seconds of waiting), on a
#: machine whose two cores the tests already fill.
WAIT_POLL_MS = 50


def _poll_gently() -> None:
    """Every ``wait_for_function`` of the browser tests polls every :data:`WAIT_POLL_MS`
    unless it asks for another ``polling`` itself."""
    try:
        from playwright.sync_api import Page
    except ImportError:  # no Playwright: the tests skip (or fail) saying so
        return
    if getattr(Page.wait_for_function, "polls_gently", False):
        return
    wait = Page.wait_for_function

    def wait_for_function(self: Any, expression: str, **options: Any) -> Any:
        if options.get("polling") is None:
            options["polling"] = WAIT_POLL_MS
        return wait(self, expression, **options)

    wait_for_function.polls_gently = True  # type: ignore[attr-defined]
    Page.wait_for_function = wait_for_function  # type: ignore[method-assign]


_poll_gently()

#: The pytest-xdist worker ("gw0", "gw1", …), "" in a run without workers: it names the
#: log files, which two workers would otherwise both write.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")

#: The modules by how long their longest piece of work takes (a test, or a group of them
#: that stays on one worker), the longest first, measured on 2 cores; a module not listed
#: goes after these. xdist deals the work out in this order (with
#: ``--no-loadscope-reorder``), each piece to the first worker free.
SLOWEST_FIRST = (
    "test_binder.py",  # a virtual environment built as Binder builds it: ~2-3 min
    "test_recover_browser.py",  # one piece: a server, killed and restarted
    "test_class_browser.py",  # a class of three and a console, killed and restarted
    "test_tables_browser.py",  # four students at one table, then two at German Whist
    "test_app_browser.py",  # one piece: a page, played in order
    "test_family_browser.py",  # one piece: a page, played in order
    "test_table_browser.py",  # whole games and deals, a minute or two each
    "test_upload_browser.py",
    "test_classroom_browser.py",
    "test_voila_security.py",
    "test_no_leak_browser.py",
)


def unavailable(reason: str) -> None:
    """Skip the test for a missing tool, or fail it when browser tests are required."""
    if REQUIRED:
        pytest.fail(
            f"{reason}; KOWHIST_REQUIRE_BROWSER=1, so the browser tests must run", pytrace=False
        )
    pytest.skip(reason)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)

    def rank(item: pytest.Item) -> int:
        if here not in item.path.parents:
            # Other tests after these, in their order: the browser tests mostly wait
            # (kernels, animations), so they start first and the rest fill the cores.
            return len(SLOWEST_FIRST) + 1
        name = item.path.name
        return SLOWEST_FIRST.index(name) if name in SLOWEST_FIRST else len(SLOWEST_FIRST)

    # A stable sort: the tests of a module keep their order (some share one page, in order).
    items[:] = sorted(items, key=rank)


def log_name(stem: str) -> str:
    """A server log's file name, the worker's own: ``voila-app-gw1.log``.

    >>> log_name("app") in ("voila-app.log", f"voila-app-{WORKER}.log")
    True
    """
    return f"voila-{stem}-{WORKER}.log" if WORKER else f"voila-{stem}.log"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """tests/artifacts/ (git-ignored): screenshots and server logs."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def voila(artifacts: Path) -> Iterator[Callable[..., str]]:
    """``voila(notebook, via_cli=False) -> url``: Voilà serving ``notebook`` on a free
    port of 127.0.0.1. ``via_cli=True`` starts it through ``kowhist-teach app`` (for the
    app notebook only). Every server is stopped at the end of the session."""
    if importlib.util.find_spec("voila") is None:
        unavailable("Voilà is not installed (pip install 'kowhist-teach[app]')")
    servers: list[VoilaServer] = []

    def start(notebook: Path, via_cli: bool = False, timeout: float = 60.0) -> str:
        notebook = Path(notebook)
        last_error: Exception | None = None
        for _attempt in range(3):  # a free port can be taken before Voilà binds it
            port = free_port()
            command = cli_app_command(port) if via_cli else voila_command(notebook, port)
            log = artifacts / log_name(notebook.stem)
            server = VoilaServer(command, notebook.parent, port, log_path=log).start()
            servers.append(server)
            try:
                server.wait_ready(timeout=timeout)
                return server.url
            except RuntimeError as e:  # exited early: most likely the port was taken
                last_error = e
                server.stop()
        raise RuntimeError(f"Voilà would not start: {last_error}")

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def app_url(voila: Callable[..., str]) -> str:
    """The app, started as a user starts it: ``kowhist-teach app --port N --no-browser``."""
    return voila(APP_NOTEBOOK, via_cli=True)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """The one Playwright of the session: its sync API runs one event loop per thread,
    so every browser of the tests (the shared one, the offline one of test_lite) is
    launched from it."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if sync_playwright is None:  # (outside the except: no chained traceback)
        unavailable("Playwright is not installed (pip install playwright)")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def chromium() -> str:
    """The path of Chromium (``/usr/bin/chromium``): for a test that launches browsers of
    its own (the class of six), which then skips, or fails, as the others do."""
    executable = chromium_path()
    if executable is None:
        unavailable("Chromium is not installed (apt-get install chromium)")
    return executable


@pytest.fixture(scope="session")
def browser(playwright: Any, chromium: str) -> Iterator[Any]:
    """Headless Debian Chromium (``/usr/bin/chromium``) driven by Playwright."""
    executable = chromium
    try:
        browser = launch_chromium(playwright, executable)
    except Exception as e:  # any launch failure means no browser
        browser, why = None, f"Chromium at {executable} would not start: {e}"
    if browser is None:
        unavailable(why)
    yield browser
    browser.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest, artifacts: Path) -> Iterator[Any]:
    """A fresh page (its own context); on failure a screenshot goes to tests/artifacts/."""
    context = new_context(browser, viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.page_errors = errors  # type: ignore[attr-defined]
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        try:
            page.screenshot(path=str(artifacts / f"failed-{request.node.name}.png"))
        except Exception:  # a screenshot is a courtesy
            pass
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
