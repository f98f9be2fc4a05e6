"""A class on one server, in Chromium: six students at once, the network cable out, the
Host check and the page-close shutdown (issue 11). The 30-student version is
``benchmarks/classroom_load.py``; this one shares its code."""

from __future__ import annotations

import asyncio
import sys
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest
from voila_harness import (
    APP_NOTEBOOK,
    PAGE_LOAD_MS,
    REPO,
    VoilaServer,
    cli_app_command,
    free_port,
    new_context,
)

pytestmark = pytest.mark.browser

sys.path.insert(0, str(REPO / "benchmarks"))
import classroom_load  # noqa: E402 - after the path is set

FIRST_CARD = ".kw-card.kw-legal:not([disabled])"


def _get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


WRONG_HOST = "does not answer to that host name"


def test_host_header_is_checked(app_url: str) -> None:
    port = app_url.rstrip("/").rsplit(":", 1)[1]
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"):
        status, body = _get(app_url + "voila/static/no-such-file.js", host)
        assert WRONG_HOST not in body, (host, status)
    for host in (f"rebind.attacker.example:{port}", f"192.168.1.50:{port}", "example.com"):
        for path in ("", "api/kernels", "voila/static/voila.js"):
            status, body = _get(app_url + path, host)
            assert status == 403 and WRONG_HOST in body, (host, path, status)
            assert "Traceback" not in body


def test_app_works_with_the_network_cable_out(browser: Any, app_url: str) -> None:
    """Every request to anything but loopback is blocked; the app still deals and
    plays, and it never even asked for anything outside."""
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    outside: list[str] = []

    def route(r: Any) -> None:
        host = r.request.url.split("/")[2].split(":")[0] if "://" in r.request.url else ""
        if r.request.url.startswith(("http", "ws")) and host not in ("127.0.0.1", "localhost"):
            outside.append(r.request.url)
            r.abort()
        else:
            r.continue_()

    context.route("**/*", route)
    try:
        page = context.new_page()
        page.goto(app_url, timeout=PAGE_LOAD_MS)
        card = page.locator(FIRST_CARD).first
        card.wait_for(state="visible", timeout=60_000)
        before = page.locator(".kw-card").count()
        card.click()
        page.wait_for_function(
            "n => document.querySelectorAll('.kw-card').length < n", arg=before, timeout=30_000
        )
    finally:
        context.close()
    assert outside == [], f"the app asked the Internet for {outside}"


@pytest.mark.alone  # timed: `make test` runs it after the parallel browser tests
def test_six_students_at_once_and_kernels_freed(chromium: str, voila: Any) -> None:
    """Six pages opened together on a fresh server with six preheated kernels: each gets
    a card to click within the time limit, and closing the pages frees their kernels.
    (``chromium`` and ``voila``: skipped, or failed under KOWHIST_REQUIRE_BROWSER=1,
    where either is missing, as the other browser tests are.)"""
    pytest.importorskip("playwright.async_api")
    port = free_port()
    command = [*cli_app_command(port), "--pool-size", "6"]
    with VoilaServer(command, APP_NOTEBOOK.parent, port) as server:
        server.wait_ready(timeout=60)
        # The class comes in once the six kernels have run the app and are idle (on a
        # loaded machine that can take a while: the wait is generous, the class's is not).
        filled = classroom_load.pool_ready(server, 6, timeout=300)
        assert filled is not None, server.log_tail()
        base = classroom_load.kernels(server)
        assert len(base) == 6
        result: dict[str, Any] = {"bare_kernel_mb": 1.0}
        # In a thread of its own: the sync Playwright of the other tests holds a loop here.
        lesson = classroom_load._lesson(server, base, 6, 120.0, result, lambda *a: None)
        worker = threading.Thread(target=asyncio.run, args=(lesson,))
        worker.start()
        worker.join()
    assert result["failures"] == []
    assert result["slowest_s"] <= 60, result  # 30 s is the 30-student target; CI shares
    assert result["outside_requests"] == []
    assert result["after"]["seconds_to_baseline"] is not None, result["after"]
