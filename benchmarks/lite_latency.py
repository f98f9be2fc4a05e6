"""The static JupyterLite site against Voilà: size, first card, click, in headless Chromium.

Figures, with the goals of issue 17:

* **size**: the bytes of ``build/lite/`` (``make lite``) — what a host stores and, at most,
  what a first visitor downloads. Goal: ≤ 40 MiB.
* **first card**: from navigation to the site's first page until the first card of the
  hand can be clicked (a visible ``.kw-card.kw-legal``), each in a fresh browser context
  (a first visitor, nothing cached): Pyodide starts, loads the packages, runs the app, all
  in the page. Against the same for the same notebook served by a running Voilà (its
  "second visitor": the server is up, a kernel starts for the page). Goal: lite ≤ 10 s.
* **click**: from a click on a legal card until the page's DOM first changes in answer
  (the timing of ``benchmarks/app_latency.py``), over ``--clicks`` clicks. Goal: lite
  median ≤ 100 ms. The Voilà figure of the same run is beside it. And **card on table**:
  until the card lies in the trick on the table, after the move has gone through Python.

The site is served from 127.0.0.1 by ``lite/serve.py`` and Chromium resolves no other host
(as in ``tests/browser/test_lite.py``): the site must send no request elsewhere (the
script exits 1 if it does; Voilà's requests for its CDN icon font are reported apart).

Needs a built site, Voilà, Playwright and Chromium; without them it says so and exits 0
(1 with ``KOWHIST_REQUIRE_BROWSER=1``). From the repository root::

    python benchmarks/lite_latency.py [--runs 3] [--clicks 20] [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_latency import FIRST_CARD, OBSERVER_JS, QUIET_JS  # noqa: E402
from voila_harness import (  # noqa: E402 - after the path is set
    APP_NOTEBOOK,
    CHROMIUM_ARGS,
    VoilaServer,
    chromium_path,
    free_port,
    voila_command,
)

SITE = REPO / "build" / "lite"
SIZE_GOAL_MIB = 40.0
FIRST_CARD_GOAL_S = 10.0
CLICK_GOAL_MS = 100.0
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


class Unavailable(Exception):
    """No site, Voilà, Playwright or Chromium."""


def site_size(site: Path = SITE) -> tuple[int, int]:
    """(bytes, files) of the built site."""
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def _serve_site() -> tuple[Any, str]:
    spec = importlib.util.spec_from_file_location("lite_serve", REPO / "lite" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    server = module.serve(SITE, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    # The site's first page greets the visitor; its "Play" opens the app page measured here.
    spec = importlib.util.spec_from_file_location("lite_build", REPO / "lite" / "build.py")
    build = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(build)
    return server, f"http://{host}:{port}/{build.app_url('en')}"


def _context(browser: Any, outside: list[str]) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def record(req: Any) -> None:
        if req.url.startswith("http") and urlsplit(req.url).hostname != "127.0.0.1":
            outside.append(req.url)

    context.on("request", record)
    return context


def first_card(browser: Any, url: str, timeout: float, outside: list[str]) -> float:
    """Seconds from navigation to a clickable first card, in a fresh context."""
    context = _context(browser, outside)
    try:
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        page.wait_for_selector(FIRST_CARD, state="visible", timeout=timeout * 1000)
        return time.perf_counter() - t0
    finally:
        context.close()


def clicks(
    browser: Any, url: str, n: int, timeout: float, outside: list[str]
) -> tuple[list[float], list[float]]:
    """Milliseconds from each of ``n`` clicks on a legal card to the first DOM change (the
    table answers the click at once, in the page), and to the card lying in the trick on
    the table (the move has gone through Python and back)."""
    context = _context(browser, outside)
    try:
        page = context.new_page()
        page.goto(url, timeout=timeout * 1000)
        page.wait_for_selector(FIRST_CARD, state="visible", timeout=timeout * 1000)
        page.evaluate(OBSERVER_JS)
        stuck = 0
        while page.evaluate("window.__kwLatency.samples.length") < n:
            page.evaluate(QUIET_JS, [300, 15_000])
            legal = page.locator(FIRST_CARD)
            if legal.count() == 0:
                stuck += 1
                if stuck > 3:
                    raise RuntimeError("no legal card to click, and a new deal gave none")
                page.locator(".kw-new-deal").first.click()
                continue
            stuck = 0
            legal.first.click()
            page.wait_for_function(
                "window.__kwLatency.samples.at(-1).change !== null", timeout=timeout * 1000
            )
        page.evaluate(QUIET_JS, [300, 15_000])  # the last card reaches the table
        samples = page.evaluate("window.__kwLatency.samples")
    finally:
        context.close()
    change = [round(s["change"] - s["click"], 1) for s in samples if s["change"] is not None]
    table = [round(s["table"] - s["click"], 1) for s in samples if s["table"] is not None]
    return change, table


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 1) if values else None


def run(runs: int, n_clicks: int, timeout: float) -> dict[str, Any]:
    if not (SITE / "index.html").exists():
        raise Unavailable(f"no site in {SITE.relative_to(REPO)}: run `make lite` first")
    if importlib.util.find_spec("voila") is None:
        raise Unavailable("Voilà is not installed (pip install 'kowhist-teach[app]')")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise Unavailable("Playwright is not installed") from None
    executable = chromium_path()
    if executable is None:
        raise Unavailable("Chromium is not installed (apt-get install chromium)")

    load_before = round(os.getloadavg()[0], 1)
    size, files = site_size()
    outside: list[str] = []  # the site's: must stay empty
    voila_outside: list[str] = []  # Voilà's page asks a CDN for its icon font: reported
    lite_server, lite_url = _serve_site()
    port = free_port()
    voila = VoilaServer(voila_command(APP_NOTEBOOK, port), APP_NOTEBOOK.parent, port).start()
    try:
        voila.wait_ready(timeout=timeout)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=executable, headless=True, args=OFFLINE_ARGS
            )
            lite_first, voila_first = [], []
            for _ in range(runs):  # alternating, so both see the same machine
                lite_first.append(first_card(browser, lite_url, timeout, outside))
                voila_first.append(first_card(browser, voila.url, timeout, voila_outside))
            lite_clicks, lite_table = clicks(browser, lite_url, n_clicks, timeout, outside)
            voila_clicks, voila_table = clicks(browser, voila.url, n_clicks, timeout, voila_outside)
            browser.close()
    finally:
        voila.stop()
        lite_server.shutdown()
        lite_server.server_close()
    return {
        "site_mib": round(size / 2**20, 1),
        "site_files": files,
        "lite_first_card_s": [round(x, 2) for x in lite_first],
        "voila_first_card_s": [round(x, 2) for x in voila_first],
        "lite_first_card_median_s": round(statistics.median(lite_first), 2),
        "voila_first_card_median_s": round(statistics.median(voila_first), 2),
        "lite_click_median_ms": round(statistics.median(lite_clicks), 1),
        "voila_click_median_ms": round(statistics.median(voila_clicks), 1),
        "lite_table_median_ms": _median(lite_table),
        "voila_table_median_ms": _median(voila_table),
        "lite_click_ms": lite_clicks,
        "voila_click_ms": voila_clicks,
        "requests_outside": outside,
        "voila_requests_outside": sorted(set(voila_outside)),
        "cpus": os.cpu_count(),
        # The machine's load while measuring (1-minute average, at the start and the end):
        # the figures of a shared machine are read against it.
        "load_average": [load_before, round(os.getloadavg()[0], 1)],
    }


def report(r: dict[str, Any]) -> None:
    def mark(ok: bool) -> str:
        return "ok" if ok else "OVER GOAL"

    print(f"site size      {r['site_mib']:6.1f} MiB in {r['site_files']} files "
          f"(goal ≤ {SIZE_GOAL_MIB:.0f}: {mark(r['site_mib'] <= SIZE_GOAL_MIB)})")  # fmt: skip
    lite, voila = r["lite_first_card_median_s"], r["voila_first_card_median_s"]
    print(f"first card     lite {lite:6.2f} s   Voilà {voila:6.2f} s  (median of "
          f"{len(r['lite_first_card_s'])}; goal lite ≤ {FIRST_CARD_GOAL_S:.0f} s: "
          f"{mark(lite <= FIRST_CARD_GOAL_S)})")  # fmt: skip
    lite, voila = r["lite_click_median_ms"], r["voila_click_median_ms"]
    print(f"click -> view  lite {lite:6.1f} ms  Voilà {voila:6.1f} ms (median of "
          f"{len(r['lite_click_ms'])}; goal lite ≤ {CLICK_GOAL_MS:.0f} ms: "
          f"{mark(lite <= CLICK_GOAL_MS)})")  # fmt: skip
    lite, voila = r["lite_table_median_ms"], r["voila_table_median_ms"]
    print(f"card on table  lite {lite} ms  Voilà {voila} ms (median; the move through Python)")
    before, after = r["load_average"]
    print(f"load average   {before} at the start, {after} at the end, on {r['cpus']} CPUs")
    print(
        f"requests that left 127.0.0.1: lite {len(r['requests_outside'])}, "
        f"Voilà {len(r['voila_requests_outside'])} (blocked: {r['voila_requests_outside']})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="first-card visits of each")
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per wait")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        result = run(args.runs, args.clicks, args.timeout)
    except Unavailable as e:
        print(f"lite_latency: skipped: {e}")
        return 1 if os.environ.get("KOWHIST_REQUIRE_BROWSER") == "1" else 0
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        report(result)
    return 1 if result["requests_outside"] else 0


if __name__ == "__main__":
    sys.exit(main())
