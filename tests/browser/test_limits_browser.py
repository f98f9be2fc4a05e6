"""The kernel caps in Chromium (issue 23, point 5): a class server that allows one page
per computer (``kowhist-teach app --classroom --max-kernels-per-client 1``). Reloads
never count twice (the old page's beacon shuts its kernel as the new page is asked
for); a second tab gets the "class is full" page; a tab closed without its beacon (a
crash) does not lock its browser out: the next page of that browser takes its kernel
back. The caps' other cases (per address, in all) are in tests/test_server_limits.py.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from voila_harness import APP_NOTEBOOK, PAGE_LOAD_MS, VoilaServer, free_port, new_context

pytestmark = pytest.mark.browser

LEGAL = ".kw-card.kw-legal"
FULL = "The class is full"


def _wait_for(check: Any, what: str, timeout: float = 300.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"waited {timeout} s for {what}")


def test_reloads_count_once_and_a_second_tab_is_refused(browser: Any, artifacts: Path) -> None:
    port = free_port()
    command = [
        sys.executable,
        "-c",
        "import sys; from kowhist_teach.cli import main; sys.exit(main())",
        "app",
        "--classroom",
        "--address",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-browser",
        "--pool-size",
        "1",
        "--max-kernels-per-client",
        "1",
    ]
    log = artifacts / f"limits-browser{os.environ.get('PYTEST_XDIST_WORKER', '')}.log"
    with VoilaServer(command, APP_NOTEBOOK.parent, port, log_path=log) as server:
        server.wait_ready(timeout=120)
        text = _wait_for(lambda: re.search(r"\?token=(\w+)", server.log_tail(20_000)), "a token")
        url = f"http://127.0.0.1:{port}/?token={text.group(1)}"
        context = new_context(browser, viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            assert page.goto(url, timeout=PAGE_LOAD_MS).status == 200
            page.wait_for_selector(LEGAL, state="visible", timeout=PAGE_LOAD_MS)
            for _i in range(3):  # each reload's beacon gives the old kernel back
                assert page.reload(timeout=PAGE_LOAD_MS).status == 200
                page.wait_for_selector(LEGAL, state="visible", timeout=PAGE_LOAD_MS)
            second = context.new_page()
            answer = second.goto(url, timeout=PAGE_LOAD_MS)
            assert answer.status == 503 and FULL in second.content()
            second.close()
            page.close(run_before_unload=False)  # a crash: no beacon
            third = context.new_page()
            assert third.goto(url, timeout=PAGE_LOAD_MS).status == 200
            third.wait_for_selector(LEGAL, state="visible", timeout=PAGE_LOAD_MS)
        finally:
            context.close()
        written = log.read_text(errors="replace")
    assert "the same browser asked for a new page" in written
    assert "Traceback" not in written
