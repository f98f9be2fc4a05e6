"""How quickly the Voilà app starts and answers a click, in headless Chromium.

Two figures, with the targets of DESIGN.md §7:

* **launch**: from starting ``kowhist-teach app --port N --no-browser`` (Voilà configured
  by ``kowhist_teach.classroom``: a preheated kernel, the Host check ...) until the first
  card of the human's hand can be clicked (a visible, enabled ``.kw-card.kw-legal``),
  against bare Voilà (``python -m voila NOTEBOOK --port=N --Voila.ip=127.0.0.1
  --theme=light --no-browser``) on a hello-world notebook (one cell, ``print("hello")``)
  until its output shows. Both in the same run, alternating, each in a fresh browser
  context (a first visitor, nothing cached). Target: app ≤ 1.1 × hello.
  Also measured: the "second visitor" (another page on the running server, which needs a
  kernel of its own), and the hello notebook again with Voilà's preheated kernels
  (``--preheat_kernel=True --pool_size=1``: a kernel that has already run the notebook
  waits for the next visitor), as the app always has.
* **click**: from a click on a legal card until the page's DOM first changes in answer
  (timed inside the page: ``performance.now()`` in a capturing click listener, and a
  MutationObserver on the document), over ``--clicks`` clicks (20 by default) of a game
  played by always clicking a legal card. The time to the next animation frame after that
  change (when the change can be on screen) is reported too. Target: median ≤ 100 ms.
* **card on the table** (issue 12): from the same clicks until the card clicked lies in
  the trick of the table picture (``.kw-table-stage .kw-trick[data-card=…]``), median;
  beside it, in the same run, a bare ipywidgets button on plain Voilà (its click writes
  a count into an HTML widget) clicked as often, from click to the count shown.
  Target: median ≤ 50 ms; the table's cost over the bare button is reported too.

Needs Voilà, Playwright and Chromium (``/usr/bin/chromium``, or ``$KOWHIST_CHROMIUM``);
without them it says so and exits 0 (1 with ``KOWHIST_REQUIRE_BROWSER=1``).

Run from the repository root::

    python benchmarks/app_latency.py                 # 3 launches of each, 20 clicks
    python benchmarks/app_latency.py --runs 5 --clicks 30 --json
    python benchmarks/app_latency.py --no-preheat    # skip the preheated-kernel figures
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))

from voila_harness import (  # noqa: E402 - after the path is set
    APP_NOTEBOOK,
    VoilaServer,
    chromium_path,
    cli_app_command,
    free_port,
    launch_chromium,
    voila_command,
    write_hello_notebook,
)

LAUNCH_TARGET = 1.1
CLICK_TARGET_MS = 100.0
#: Issue 12: from a click on a card of the table picture until that card lies in the
#: trick on the table (median), with a bare ipywidgets button measured in the same run.
TABLE_TARGET_MS = 50.0
FIRST_CARD = ".kw-card.kw-legal:not([disabled])"
PREHEAT = ["--preheat_kernel=True", "--pool_size=1"]
SECOND_VISIT_AFTER = 6.0  # seconds between the first visitor's card and the second visit
_clock = time.perf_counter

# Installed once per page: times every click on a card of the hand, and the first DOM
# change after it (and the animation frame after that change).
OBSERVER_JS = """
() => {
  if (window.__kwLatency) return;
  const state = {samples: [], pending: null};
  window.__kwLatency = state;
  document.addEventListener('click', (ev) => {
    const card = ev.target.closest && ev.target.closest('.kw-card');
    if (!card) return;
    state.pending = {click: performance.now(), change: null, frame: null, what: null,
                     code: card.getAttribute('data-card'), table: null};
    state.samples.push(state.pending);
  }, true);
  new MutationObserver((records) => {
    for (const p of state.samples) {
      // The card on the table: the trick in the picture holds the card clicked.
      if (p.table === null && p.code && document.querySelector(
          `.kw-table-stage .kw-trick[data-card="${p.code}"]`)) p.table = performance.now();
    }
    const p = state.pending;
    if (!p || p.change !== null) return;
    p.change = performance.now();
    const r = records[0];
    p.what = r.type + ' ' + (r.target.className || r.target.nodeName || '').toString().slice(0, 60);
    state.pending = null;
    requestAnimationFrame(() => { p.frame = performance.now(); });
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             characterData: true});
}
"""

# The peer: a bare ipywidgets button whose click writes a count into an HTML widget.
PEER_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "peer",
            "metadata": {},
            "outputs": [],
            "source": [
                "import ipywidgets as w\n",
                "button = w.Button(description='peer')\n",
                "button.add_class('peer-button')\n",
                "shown = w.HTML('<span class=\"peer-count\">0</span>')\n",
                "count = [0]\n",
                "def clicked(_b):\n",
                "    count[0] += 1\n",
                "    shown.value = f'<span class=\"peer-count\">{count[0]}</span>'\n",
                "button.on_click(clicked)\n",
                "w.VBox([button, shown])",
            ],
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}

# Times one click on the peer button until its count shows.
PEER_JS = """
(n) => new Promise((done) => {
  const button = document.querySelector('.peer-button');
  const t0 = performance.now();
  const check = () => {
    const c = document.querySelector('.peer-count');
    if (c && c.textContent.trim() === String(n)) { obs.disconnect(); done(performance.now() - t0); }
  };
  const obs = new MutationObserver(check);
  obs.observe(document.body, {subtree: true, childList: true, characterData: true});
  button.click();
})
"""

# Seconds from the request to the last byte of the HTML, and from then until now.
NAV_JS = """
() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const end = nav.responseEnd || performance.now();
  return [(end - nav.requestStart) / 1000, (performance.now() - end) / 1000];
}
"""

# Resolves once the page has not changed for `quiet` ms (or after `limit` ms).
QUIET_JS = """
([quiet, limit]) => new Promise((done) => {
  const start = performance.now();
  let last = start;
  const obs = new MutationObserver(() => { last = performance.now(); });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true,
                              characterData: true});
  const tick = () => {
    const now = performance.now();
    if (now - last >= quiet || now - start >= limit) { obs.disconnect(); done(now - start); }
    else setTimeout(tick, 25);
  };
  setTimeout(tick, 25);
})
"""


class Unavailable(Exception):
    """Voilà, Playwright or Chromium is missing."""


def _median(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def _wait_for_target(page: Any, kind: str, timeout_ms: float) -> None:
    if kind == "app":
        page.wait_for_selector(FIRST_CARD, state="visible", timeout=timeout_ms)
    else:
        page.get_by_text("hello", exact=True).wait_for(state="visible", timeout=timeout_ms)


def _visit(browser: Any, url: str, kind: str, timeout: float) -> float:
    """Open ``url`` in a fresh context; seconds until the target shows."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        t0 = _clock()
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        _wait_for_target(page, kind, timeout * 1000)
        return _clock() - t0
    finally:
        context.close()


def measure_launch(
    browser: Any, notebook: Path, kind: str, extra: list[str], timeout: float
) -> dict[str, float]:
    """Start Voilà on ``notebook``: seconds until the port answers, until the first
    visitor sees the target (``launch``), and for a second visitor on the running server."""
    port = free_port()
    # The app is launched as a teacher launches it (``kowhist-teach app``: its preheated
    # pool and the rest of kowhist_teach.classroom); the bare notebook by plain Voilà.
    command = cli_app_command(port) if kind == "app" else voila_command(notebook, port, extra)
    server = VoilaServer(command, notebook.parent, port).start()
    try:
        ready = server.wait_ready(timeout=timeout, poll=0.01)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.goto(server.url, wait_until="commit", timeout=timeout * 1000)
            _wait_for_target(page, kind, timeout * 1000)
            launch = _clock() - server.started_at
            # Where the page's time went: the HTML (Voilà runs the notebook in a new
            # kernel before it sends the last of it), then the browser drawing the widgets.
            html_s, drawn_s = page.evaluate(NAV_JS)
        except Exception as e:
            raise RuntimeError(
                f"{kind}: the page never showed its target ({e}); Voilà's log:\n"
                + server.log_tail(2000)
            ) from None
        finally:
            context.close()
        if kind == "app" or "--preheat_kernel=True" in extra:
            time.sleep(2.0)  # let the pool refill, as it would between two visitors
        second = _visit(browser, server.url, kind, timeout)
    finally:
        server.stop()
    return {
        "ready": ready,
        "launch": launch,
        "page": launch - ready,
        "html": html_s,
        "drawn": drawn_s,
        "second_visit": second,
    }


def _settle(page: Any, quiet_ms: int = 300, limit_ms: int = 15_000) -> None:
    page.evaluate(QUIET_JS, [quiet_ms, limit_ms])


def measure_clicks(browser: Any, clicks: int, timeout: float) -> dict[str, Any]:
    """Play by clicking legal cards (a new deal when none is left) until ``clicks``
    clicks have been timed."""
    port = free_port()
    server = VoilaServer(voila_command(APP_NOTEBOOK, port), APP_NOTEBOOK.parent, port).start()
    context = None
    try:
        server.wait_ready(timeout=timeout)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(server.url, timeout=timeout * 1000)
        page.wait_for_selector(FIRST_CARD, state="visible", timeout=timeout * 1000)
        page.evaluate(OBSERVER_JS)
        stuck = 0
        while page.evaluate("window.__kwLatency.samples.length") < clicks:
            _settle(page)
            legal = page.locator(FIRST_CARD)
            if legal.count() == 0:
                stuck += 1
                if stuck > 3:
                    raise RuntimeError("no legal card to click, and a new deal gave none")
                page.locator(".kw-new-deal").first.click()
                _settle(page)
                continue
            stuck = 0
            legal.first.click()
            page.wait_for_function(
                "window.__kwLatency.samples.at(-1).frame !== null", timeout=timeout * 1000
            )
            with contextlib.suppress(Exception):  # a refused card never reaches the table
                page.wait_for_function(
                    "window.__kwLatency.samples.at(-1).table !== null", timeout=5_000
                )
        samples = page.evaluate("window.__kwLatency.samples")
    finally:
        if context is not None:
            context.close()
        server.stop()
    done = [s for s in samples if s["change"] is not None]
    change = [s["change"] - s["click"] for s in done]
    frame = [s["frame"] - s["click"] for s in done if s["frame"] is not None]
    table = [s["table"] - s["click"] for s in samples if s.get("table") is not None]
    return {
        "to_table_ms": [round(x, 1) for x in table],
        "table_median_ms": round(statistics.median(table), 1) if table else None,
        "clicks": len(done),
        "change_ms": [round(x, 1) for x in change],
        "median_ms": round(statistics.median(change), 1),
        "p90_ms": round(sorted(change)[int(0.9 * (len(change) - 1))], 1),
        "max_ms": round(max(change), 1),
        "median_to_frame_ms": round(statistics.median(frame), 1) if frame else None,
        "first_changes": sorted({s["what"] for s in done})[:5],
    }


def measure_peer(browser: Any, folder: Path, clicks: int, timeout: float) -> dict[str, Any]:
    """A bare ipywidgets button on plain Voilà: click until its count shows, ``clicks``
    times (the same machine, the same run, the same browser)."""
    notebook = folder / "peer.ipynb"
    notebook.write_text(json.dumps(PEER_NOTEBOOK), encoding="utf-8")
    port = free_port()
    server = VoilaServer(voila_command(notebook, port), folder, port).start()
    context = None
    try:
        server.wait_ready(timeout=timeout)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(server.url, timeout=timeout * 1000)
        page.wait_for_selector(".peer-button", state="visible", timeout=timeout * 1000)
        times = []
        for i in range(1, clicks + 1):
            times.append(page.evaluate(PEER_JS, i))
            _settle(page, 100, 2_000)
    finally:
        if context is not None:
            context.close()
        server.stop()
    return {
        "clicks": len(times),
        "median_ms": round(statistics.median(times), 1),
        "runs_ms": [round(x, 1) for x in times],
    }


def _check_tools() -> None:
    try:
        import voila  # noqa: F401
    except ImportError:
        raise Unavailable("Voilà is not installed (pip install 'kowhist-teach[app]')") from None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        raise Unavailable("Playwright is not installed (pip install playwright)") from None
    if chromium_path() is None:
        raise Unavailable("Chromium is not installed (apt-get install chromium)")


def run(runs: int, clicks: int, preheat: bool, timeout: float, log: Any) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    variants: dict[str, list[str]] = {"default": []} if runs > 0 else {}
    if preheat and runs > 0:
        variants["preheat"] = PREHEAT
    result: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}",
        "runs": runs,
        "launch": {},
    }
    with tempfile.TemporaryDirectory(prefix="kowhist-hello-") as folder, sync_playwright() as pw:
        hello = write_hello_notebook(Path(folder))
        browser = launch_chromium(pw)
        try:
            result["chromium"] = browser.version
            for name, extra in variants.items():
                times: dict[str, list[dict[str, float]]] = {"hello": [], "app": []}
                for i in range(runs):
                    order = ("hello", "app") if i % 2 == 0 else ("app", "hello")
                    for kind in order:
                        nb = hello if kind == "hello" else APP_NOTEBOOK
                        m = measure_launch(browser, nb, kind, extra, timeout)
                        times[kind].append(m)
                        print(
                            f"  [{name}] run {i + 1} {kind:5}: port {m['ready']:.2f} s, "
                            f"clickable {m['launch']:.2f} s, "
                            f"second visitor {m['second_visit']:.2f} s",
                            file=log,
                            flush=True,
                        )
                summary: dict[str, Any] = {}
                for kind in ("hello", "app"):
                    summary[kind] = {
                        key: round(_median([m[key] for m in times[kind]]), 3)
                        for key in ("ready", "launch", "page", "html", "drawn", "second_visit")
                    }
                    summary[kind]["launch_runs"] = [round(m["launch"], 3) for m in times[kind]]
                summary["ratio"] = round(summary["app"]["launch"] / summary["hello"]["launch"], 3)
                summary["page_ratio"] = round(summary["app"]["page"] / summary["hello"]["page"], 3)
                summary["second_visit_ratio"] = round(
                    summary["app"]["second_visit"] / summary["hello"]["second_visit"], 3
                )
                summary["target"] = LAUNCH_TARGET
                summary["met"] = summary["ratio"] <= LAUNCH_TARGET
                result["launch"][name] = summary
            if clicks > 0:
                print(f"  clicking {clicks} legal cards ...", file=log, flush=True)
                c = measure_clicks(browser, clicks, timeout)
                c["target_ms"] = CLICK_TARGET_MS
                c["met"] = c["median_ms"] <= CLICK_TARGET_MS
                print(f"  clicking a bare ipywidgets button {clicks} times ...", file=log)
                peer = measure_peer(browser, Path(folder), clicks, timeout)
                c["peer"] = peer
                c["table_target_ms"] = TABLE_TARGET_MS
                table = c["table_median_ms"]
                c["table_met"] = table is not None and table <= TABLE_TARGET_MS
                c["table_over_peer_ms"] = (
                    round(table - peer["median_ms"], 1) if table is not None else None
                )
                result["click"] = c
        finally:
            browser.close()
    return result


def report(r: dict[str, Any]) -> None:
    print(f"machine: {r['machine']}; Chromium {r.get('chromium', '?')}")
    for name, s in r["launch"].items():
        label = (
            "Voilà defaults"
            if name == "default"
            else "preheated kernels (" + " ".join(PREHEAT) + ")"
        )
        print(f"launch until clickable, median of {r['runs']} ({label}):")
        for kind in ("hello", "app"):
            k = s[kind]
            runs = ", ".join(f"{x:.2f}" for x in k["launch_runs"])
            print(
                f"  {kind:5}  {k['launch']:.2f} s  (runs {runs}; the port answers at "
                f"{k['ready']:.2f} s, the page takes {k['page']:.2f} s more: HTML "
                f"{k['html']:.2f} s, then drawn in {k['drawn']:.2f} s; "
                f"second visitor {k['second_visit']:.2f} s)"
            )
        verdict = "met" if s["met"] else "NOT met"
        print(
            f"  ratio app/hello {s['ratio']:.2f}x (target <= {s['target']}x): {verdict}; "
            f"the page alone {s['page_ratio']:.2f}x; second visitor "
            f"{s['second_visit_ratio']:.2f}x"
        )
    c = r.get("click")
    if c:
        verdict = "met" if c["met"] else "NOT met"
        print(
            f"click until the view changes, {c['clicks']} clicks: median {c['median_ms']:.1f} ms "
            f"(p90 {c['p90_ms']:.1f}, max {c['max_ms']:.1f}; next frame "
            f"{c['median_to_frame_ms']} ms); target <= {c['target_ms']:.0f} ms: {verdict}"
        )
        print(f"  first changes seen: {'; '.join(c['first_changes'])}")
        verdict = "met" if c["table_met"] else "NOT met"
        print(
            f"click until the card lies on the table: median {c['table_median_ms']} ms "
            f"(target <= {c['table_target_ms']:.0f} ms: {verdict}); a bare ipywidgets "
            f"button, same run: median {c['peer']['median_ms']} ms; the table's cost over "
            f"the bare button: {c['table_over_peer_ms']} ms"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--runs", type=int, default=3, help="launches of each notebook (3 or more; 0: none)"
    )
    parser.add_argument("--clicks", type=int, default=20, help="clicks to time (0: none)")
    parser.add_argument("--no-preheat", action="store_true", help="skip the preheat figures")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per wait")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        _check_tools()
    except Unavailable as e:
        print(f"app_latency: skipped: {e}", file=sys.stderr)
        return 1 if os.environ.get("KOWHIST_REQUIRE_BROWSER") == "1" else 0
    log = sys.stderr if args.json else sys.stdout
    result = run(max(0, args.runs), args.clicks, not args.no_preheat, args.timeout, log)
    if args.json:
        print(json.dumps(result))
    else:
        report(result)
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
