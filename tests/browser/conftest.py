"""Fixtures for the browser tests: Voilà in a subprocess, headless Chromium via Playwright.

Without Chromium, Playwright or Voilà these tests skip themselves, saying what is missing,
unless ``KOWHIST_REQUIRE_BROWSER=1`` is set (CI sets it): then they fail instead, loudly.
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
    voila_command,
)

REQUIRED = os.environ.get("KOWHIST_REQUIRE_BROWSER") == "1"


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
            log = artifacts / f"voila-{notebook.stem}.log"
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
def browser(playwright: Any) -> Iterator[Any]:
    """Headless Debian Chromium (``/usr/bin/chromium``) driven by Playwright."""
    executable = chromium_path()
    if executable is None:
        unavailable("Chromium is not installed (apt-get install chromium)")
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
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
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
