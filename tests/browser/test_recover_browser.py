"""A lost kernel never loses a game (issue 11, point 4), in headless Chromium.

The app is started as a user starts it (``kowhist-teach app``), on a server of this
module's own, so that the tests may kill its kernels and restart it on the same port.
Each test plays a few cards, loses the game server (the page's kernel killed with
SIGKILL; then the whole server stopped and started again), checks that the page says so
in words (``.kw-table-notice .kw-lost``, the table dimmed) rather than freezing, reloads,
clicks ``.kw-resume`` and checks that the same position is back: the same hand on the
page and the same record in the page's localStorage.

Every wait is for something the page shows, with generous limits: a loaded machine makes
this slower, never wrong.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_app_browser import FIRST_LOAD_MS, LEGAL, hand, open_app, play_one, settle
from test_family_browser import QUIET_MS, choose_game
from voila_harness import (
    REPO,
    VoilaServer,
    _descendants,
    cli_app_command,
    free_port,
    new_context,
)

pytestmark = pytest.mark.browser

# The page pings its kernel every 4 s and speaks after 9 s without an answer; on a busy
# machine the timers of a headless page may run late.
LOST_MS = 60_000

# Where the app's Knock-Out table keeps its game (the page is served at "/").
KEY = "kowhist-teach:/:knockout"

# The games the page's localStorage keeps, by key.
KEPT_JS = """
() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith('kowhist-teach:'))
  .map((k) => [k, localStorage.getItem(k)]))
"""


class AppServer:
    """``kowhist-teach app`` on a port of its own, which :meth:`restart` keeps."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.server: VoilaServer | None = None
        self.port = 0

    def start(self, port: int | None = None) -> AppServer:
        last: Exception | None = None
        for _attempt in range(3 if port is None else 20):
            chosen = port or free_port()
            server = VoilaServer(cli_app_command(chosen), REPO, chosen, log_path=self.log)
            server.start()
            try:
                server.wait_ready(timeout=90)
            except RuntimeError as e:  # the port is taken (or still held): try again
                last = e
                server.stop()
                time.sleep(0.5)
                continue
            self.server, self.port = server, chosen
            return self
        raise RuntimeError(f"the app would not start: {last}")

    @property
    def url(self) -> str:
        assert self.server is not None
        return self.server.url

    def restart(self) -> None:
        """Stop the server (its kernels with it) and start it again on the same port."""
        assert self.server is not None
        self.server.stop()
        self.start(self.port)

    def kernel_pids(self, kernel_id: str) -> list[int]:
        """The processes of one kernel: those below the server started with its
        connection file (``kernel-<id>.json``)."""
        assert self.server is not None and self.server.proc is not None
        found = []
        for pid, _started in _descendants(self.server.proc.pid):
            try:
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if any(f"kernel-{kernel_id}.json".encode() in arg for arg in argv):
                found.append(pid)
        return found

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()


@pytest.fixture(scope="module")
def app(artifacts: Path) -> Iterator[AppServer]:
    server = AppServer(artifacts / "voila-recover.log").start()
    yield server
    server.stop()


@pytest.fixture
def fresh(browser: Any) -> Iterator[Any]:
    """A page with a localStorage of its own (a context of its own)."""
    context = new_context(browser, viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.page_errors = errors  # type: ignore[attr-defined]
    yield page
    context.close()


def kernel_id(page: Any) -> str:
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


def kept(page: Any) -> dict[str, Any]:
    """The games the page's localStorage holds, parsed."""
    return {k: json.loads(v) for k, v in page.evaluate(KEPT_JS).items()}


def actions(record: dict[str, Any]) -> int:
    """The moves a record holds (Knock-Out has rounds, the whist family deals)."""
    return sum(len(part["actions"]) for part in record.get("rounds", record.get("deals", [])))


def play_some(
    page: Any, cards: int = 3, key: str = KEY, quiet_ms: int = 300
) -> tuple[list[tuple[str, str]], dict[str, Any]]:
    """Play ``cards`` moves; the hand then and the game kept in the browser (waiting for
    the record of the last move to arrive)."""
    for _i in range(cards):
        assert play_one(page), "nothing to play"
        settle(page, quiet_ms)
    page.wait_for_selector(LEGAL, state="visible")
    settle(page, quiet_ms)
    records = kept(page)
    assert list(records) == [key], records
    record = records[key]
    assert actions(record) >= cards
    return hand(page), record


#: The widgets showing ipywidgets' "disconnected" icon (a ``::before`` with content).
DISCONNECTED_ICONS_JS = """() => [...document.querySelectorAll('.jupyter-widgets-disconnected')]
  .filter((e) => !['none', 'normal'].includes(getComputedStyle(e, '::before').content))
  .length"""


def lost_is_said(page: Any) -> None:
    """The page says in words that the game server is gone, and dims the table."""
    page.wait_for_selector(".kw-table-notice .kw-lost", state="visible", timeout=LOST_MS)
    words = " ".join(page.locator(".kw-table-notice .kw-lost").inner_text().split())
    assert "not answering" in words and "Reload the page" in words, words
    assert page.locator(".kw-table.kw-lost-kernel").count() >= 1


def resume(
    page: Any,
    url: str,
    before: list[tuple[str, str]],
    record: dict[str, Any],
    key: str = KEY,
    game: str = "",
) -> None:
    """Reload (choose ``game``), click "Continue my game" and find the same position."""
    page.goto(url, timeout=FIRST_LOAD_MS)
    if game:
        page.wait_for_selector(LEGAL, state="visible", timeout=FIRST_LOAD_MS)
        choose_game(page, game)
    page.wait_for_selector(".kw-resume", state="visible", timeout=FIRST_LOAD_MS)
    notice = " ".join(page.locator(".kw-table-notice").first.inner_text().split())
    assert "Your game was interrupted" in notice, notice
    assert page.locator(".kw-lost").count() == 0  # a new kernel answers
    page.locator(".kw-resume").click()
    page.wait_for_function(
        "([key, want]) => { try { const r = JSON.parse(localStorage.getItem(key));"
        " return JSON.stringify(r.rounds || r.deals) === want; }"
        " catch (e) { return false; } }",
        arg=[key, json.dumps(record.get("rounds", record.get("deals")), separators=(",", ":"))],
        timeout=60_000,
    )
    page.wait_for_selector(LEGAL, state="visible")
    settle(page)
    assert page.locator(".kw-table-notice").first.is_hidden()
    assert hand(page) == before
    assert kept(page)[key] == record
    assert page.locator(".kw-lost-kernel").count() == 0
    assert page.page_errors == []  # type: ignore[attr-defined]


def test_a_killed_kernel_costs_one_click(fresh: Any, app: AppServer) -> None:
    page = fresh
    open_app(page, app.url)
    before, record = play_some(page)
    pids = app.kernel_pids(kernel_id(page))
    assert pids, "the page's kernel was not found among the server's processes"
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    lost_is_said(page)
    # ipywidgets marks every widget disconnected, with a red icon each: the app hides
    # them (its own notice says it once, in words).
    page.wait_for_function(
        "() => document.querySelectorAll('.jupyter-widgets-disconnected').length > 0"
    )
    assert page.evaluate(DISCONNECTED_ICONS_JS) == 0
    # Nothing was lost meanwhile: the browser still holds the game as it was.
    assert kept(page) == {KEY: record}
    resume(page, app.url, before, record)
    # And the game plays on from there.
    assert play_one(page)


def test_a_restarted_server_costs_one_click(fresh: Any, app: AppServer) -> None:
    page = fresh
    open_app(page, app.url)
    before, record = play_some(page, cards=2)
    app.restart()
    lost_is_said(page)
    assert kept(page) == {KEY: record}
    resume(page, app.url, before, record)
    assert play_one(page)


def test_a_kernel_that_was_only_slow_gives_the_table_back(fresh: Any, app: AppServer) -> None:
    """A kernel that stops answering for a while (a loaded machine: here it is stopped
    with SIGSTOP) is said to be lost; once it answers again the notice goes and the table
    plays on, without a reload."""
    page = fresh
    open_app(page, app.url)
    before, record = play_some(page, cards=1)
    pids = app.kernel_pids(kernel_id(page))
    assert pids, "the page's kernel was not found among the server's processes"
    try:
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        lost_is_said(page)
    finally:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
    page.wait_for_selector(".kw-table-notice .kw-lost", state="detached", timeout=LOST_MS)
    assert page.locator(".kw-lost-kernel").count() == 0
    assert page.locator(".kw-table-notice").first.is_hidden()
    assert hand(page) == before and kept(page) == {KEY: record}
    assert play_one(page)


def test_a_family_game_comes_back_too(fresh: Any, app: AppServer) -> None:
    """Partnership whist (the family's table) is kept and resumed the same way."""
    page = fresh
    open_app(page, app.url)
    choose_game(page, "whist")
    key = "kowhist-teach:/:whist"
    before, record = play_some(page, cards=2, key=key, quiet_ms=QUIET_MS)
    pids = app.kernel_pids(kernel_id(page))
    assert pids, "the page's kernel was not found among the server's processes"
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    lost_is_said(page)
    resume(page, app.url, before, record, key=key, game="whist")
