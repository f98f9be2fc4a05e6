"""The static JupyterLite site (``make lite`` -> ``build/lite/``) in headless Chromium, offline.

The site is served from 127.0.0.1 as ``make lite-serve`` serves it, and Chromium resolves
no other host name (``--host-resolver-rules``): every request that leaves the host fails,
and each one is recorded and fails the test. In it, Python runs in the page (Pyodide):

- the landing page speaks the visitor's browser language (en, es, fr; English otherwise)
  and its links lead to the app and to each language's lessons;
- the app, opened by its "Play" at 800 x 600, shows a note while Python starts, then the
  app only (no prompt, no input line), at its top, and plays three legal cards with the
  feedback never over a card;
- every lesson of every language (``en``, ``es/``, ``fr/``) runs top to bottom with no
  error output, and its checked cells (``# NBVAL_CHECK_OUTPUT``) show exactly their golden
  text of ``tests/lesson_outputs/`` — the same files ``tests/test_lesson_outputs.py``
  compares under CPython. One of them (``GREETED``) runs in the lesson page a visitor
  opens rather than in the lab, which checks that page on the way: the loading note, the
  link to the app, axe-core;
- the site's files: the students' list holds the lessons only, the lessons say how to run
  them on the site, ``favicon.ico``; ``lite/build.py``'s finishing step outside the
  checkout.

``make test-lite`` runs this module (CI runs it after ``make test``), and must fit CI's
budget: the lessons run on two pages at once (``KOWHIST_LITE_PAGES``), each page the
JupyterLite lab, which opens one lesson after the other in the same tab, each with a new
kernel (a Pyodide of its own, as a visitor's), closed once its last cell has answered.
``KOWHIST_LITE_LANGUAGES=en`` (or ``es,fr``…) runs a subset, locally; the default is all.
``KOWHIST_LITE_LESSONS`` (comma-separated patterns of the lessons' site paths, as
``fnmatch`` reads them: ``[0-9]*`` is every English lesson, ``fr/06_*`` one French one)
runs those lessons only; the default is every lesson of the languages. CI names every
English lesson and one Spanish one (see ``.ci/run``): the lessons are the
same code in three languages, each of them runs under CPython in ``make test``
(``tests/test_lesson_outputs.py``: every language, every checked cell), and here the
whole course took 330 of CI's 1,200 s.

Without a built site these tests skip (fail under ``KOWHIST_REQUIRE_BROWSER=1``, as CI
runs them).
"""

from __future__ import annotations

import ast
import fnmatch
import importlib.util
import json
import os
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from axe_check import APP_RULES, axe_violations, summary
from conftest import unavailable
from voila_harness import ARTIFACTS, CHROMIUM_ARGS, REPO, chromium_path

pytestmark = pytest.mark.browser

SITE = REPO / "build" / "lite"
NOTEBOOKS = REPO / "notebooks"
GOLDEN_DIR = REPO / "tests" / "lesson_outputs"
# The lessons' languages: English at the top of notebooks/, the others in a folder each.
LANGUAGE_DIRS = {"en": NOTEBOOKS, "es": NOTEBOOKS / "es", "fr": NOTEBOOKS / "fr"}
_ASKED = os.environ.get("KOWHIST_LITE_LANGUAGES", "all").strip() or "all"
LANGUAGES = list(LANGUAGE_DIRS) if _ASKED == "all" else [x.strip() for x in _ASKED.split(",")]
if unknown := [lang for lang in LANGUAGES if lang not in LANGUAGE_DIRS]:
    raise pytest.UsageError(f"KOWHIST_LITE_LANGUAGES: no lessons in {unknown} (all, en, es, fr)")
_PATTERNS = [
    x.strip() for x in os.environ.get("KOWHIST_LITE_LESSONS", "*").split(",") if x.strip()
] or ["*"]
LESSONS = [
    path
    for lang in LANGUAGES
    for path in sorted(LANGUAGE_DIRS[lang].glob("*.ipynb"))
    # The app has tests of its own; a class's pages need a class server, not on the site.
    if path.name not in ("app.ipynb", "class.ipynb", "console.ipynb")
    and any(fnmatch.fnmatchcase(path.relative_to(NOTEBOOKS).as_posix(), p) for p in _PATTERNS)
]
if not LESSONS:
    raise pytest.UsageError(f"KOWHIST_LITE_LESSONS: no lesson matches {_PATTERNS}")
# Pages (each its own browser context and its own Pyodide at a time) running lessons at once.
PAGES = max(1, int(os.environ.get("KOWHIST_LITE_PAGES", "2")))
MARKER = "NBVAL_CHECK_OUTPUT"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
LEGAL = ".kw-card.kw-legal"
CALL = ".kw-call.kw-call-legal"
FIRST_LOAD_MS = 120_000  # Pyodide starting on a busy machine (a few seconds when quiet)
# One lesson, from opening it (its kernel starts: Pyodide) until its kernel is idle after
# the last cell: the page's first load and the run had 120 + 240 s when each had its own.
LESSON_S = 360.0
# The lesson that runs in the page a visitor opens (notebooks/index.html?path=...), not
# in the lab: Spanish when it runs, to check that the page speaks the lesson's language.
GREETED = ("es/" if "es" in LANGUAGES else "" if "en" in LANGUAGES else "fr/") + "00_contents.ipynb"
# The app page's and a lesson page's loading note (lite/site.js) is over.
LOADED_JS = "() => !!(window.__kwLoading && window.__kwLoading.done)"
# The cards the feedback bubble covers (their labels), from the rectangles of the bubble
# and of every card on the table; null while no bubble is shown.
COVERED_JS = """
() => {
  const bubble = document.querySelector('.kw-table-feedback');
  const b = bubble && bubble.getBoundingClientRect();
  if (!b || !b.width || !b.height || getComputedStyle(bubble).display === 'none') return null;
  return [...document.querySelectorAll('.kw-card, .kw-trick')].filter((c) => {
    const r = c.getBoundingClientRect();
    return r.width && r.left < b.right - 1 && r.right > b.left + 1 &&
      r.top < b.bottom - 1 && r.bottom > b.top + 1;
  }).map((c) => c.getAttribute('aria-label') || c.getAttribute('class'));
}
"""
# Whatever the REPL shows around the app: prompts, the input line, the code.
AROUND_APP = (
    ".jp-CodeConsole-promptCell:visible, .jp-InputPrompt:visible, .jp-OutputPrompt:visible, "
    ".jp-CodeConsole-input:visible, .jp-CodeConsole-content .jp-InputArea:visible, "
    ".cm-editor:visible"
)

# Chromium resolves 127.0.0.1 only: nothing can leave the host, whatever asks.
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

# What the student sees change when a move is taken (as in test_app_browser.py).
VIEW_JS = """
() => [...document.querySelectorAll('.kw-status, .kw-card, .kw-call, .kw-explain')]
  .map((el) => el.className + ' ' + el.textContent).join(' | ')
"""

# The lab of the site, up (JupyterLite exposes the app object: `exposeAppInBrowser` in the
# site's jupyter-lite.json).
LAB_JS = "() => !!(window.jupyterapp && window.jupyterapp.shell)"
# Open a lesson in the lab (a new kernel starts for it) and run all its cells. Returns at
# once: the progress is in `window.__kwRun`, polled by STATE_JS, so that the other page's
# lesson is watched meanwhile. `notebook:run-all-cells` resolves once every cell has run
# and its outputs are in (or once a cell fails: the cells after it are not run).
OPEN_JS = """
(path) => {
  const run = {path, done: false, ok: null, error: null};
  window.__kwRun = run;
  (async () => {
    const app = window.jupyterapp;
    await app.restored;
    const panel = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
    run.panel = panel;
    await panel.context.ready;
    await panel.sessionContext.ready;
    app.shell.activateById(panel.id);
    run.ok = await app.commands.execute('notebook:run-all-cells');
  })().then(() => { run.done = true; },
            (err) => { run.error = String(err); run.done = true; });
}
"""
# The same in the lesson page a visitor opens (GREETED): the lesson is already its page.
OPEN_HERE_JS = """
() => {
  const run = {done: false, ok: null, error: null};
  window.__kwRun = run;
  (async () => {
    const app = window.jupyterapp;
    await app.restored;
    while (!(app.shell.currentWidget && app.shell.currentWidget.sessionContext)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const panel = app.shell.currentWidget;
    run.panel = panel;
    await panel.context.ready;
    await panel.sessionContext.ready;
    run.ok = await app.commands.execute('notebook:run-all-cells');
  })().then(() => { run.done = true; },
            (err) => { run.error = String(err); run.done = true; });
}
"""
# Finished: the run-all promise has settled and the kernel is idle (no output still to come).
STATE_JS = """
() => {
  const run = window.__kwRun;
  if (!run || !run.done) return null;
  const kernel = run.panel && run.panel.sessionContext.session &&
    run.panel.sessionContext.session.kernel;
  if (!run.error && kernel && kernel.status !== 'idle') return null;
  return {ok: run.ok, error: run.error};
}
"""
# The lesson's cells, then its kernel shut down (its Pyodide worker ends) and the tab
# closed without saving: the next lesson opens in the same page.
CLOSE_JS = """
async () => {
  const panel = window.__kwRun.panel;
  const model = panel.content.model.toJSON();
  await panel.sessionContext.shutdown();
  panel.context.model.dirty = false;
  panel.dispose();
  return model;
}
"""


def _load_serve_module() -> Any:
    spec = importlib.util.spec_from_file_location("lite_serve", REPO / "lite" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """The built site, served on a free port of 127.0.0.1 by lite/serve.py."""
    if not (SITE / "index.html").exists():
        unavailable(f"no static site in {SITE.relative_to(REPO)}: run `make lite` first")
    server = _load_serve_module().serve(SITE, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def offline_browser(playwright: Any) -> Iterator[Any]:
    """Headless Debian Chromium that can reach 127.0.0.1 and nothing else (launched from
    the session's one Playwright: a second sync Playwright in the same thread fails)."""
    executable = chromium_path()
    if executable is None:
        unavailable("Chromium is not installed (apt-get install chromium)")
    browser = playwright.chromium.launch(
        executable_path=executable, headless=True, args=OFFLINE_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def lite_page(offline_browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (its own kernel) that records every request for another host."""
    context = offline_browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.outside = []  # type: ignore[attr-defined]
    page.errors = []  # type: ignore[attr-defined]
    page.missing = []  # type: ignore[attr-defined]

    def record(req: Any) -> None:
        if urlsplit(req.url).hostname not in ("127.0.0.1", None) and req.url.startswith("http"):
            page.outside.append(req.url)

    context.on("request", record)
    # Every file the site's pages ask for is there (favicon.ico was not).
    context.on("response", lambda r: r.status >= 400 and page.missing.append(f"{r.status} {r.url}"))
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        try:
            page.screenshot(path=str(ARTIFACTS / f"failed-{request.node.name}.png"))
        except Exception:  # a screenshot is a courtesy
            pass
    context.close()


def _click_and_wait(page: Any, locator: Any) -> None:
    before = page.evaluate(VIEW_JS)
    locator.click()
    page.wait_for_function(f"(before) => ({VIEW_JS})() !== before", arg=before)


def _site_words() -> dict[str, dict[str, str]]:
    from kowhist_teach.i18n.site import site_words

    return site_words()


def test_app_from_the_landing_page_plays_three_cards_offline(lite_page: Any, site_url: str) -> None:
    page = lite_page
    page.set_viewport_size({"width": 800, "height": 600})
    page.goto(site_url)
    words = _site_words()["en"]
    with page.expect_navigation():
        page.get_by_role("link", name=words["play"]).click()
    assert "/repl/index.html?" in page.url and "lang%3D%22en%22" in page.url, page.url
    # A note says what is happening while Python starts, from the page's first paint
    # until the app is drawn; then it is gone.
    page.wait_for_function(LOADED_JS, timeout=FIRST_LOAD_MS)
    loading = page.evaluate("() => window.__kwLoading")
    assert loading["shown"], loading
    assert loading["stages"][0] == "page" and "python" in loading["stages"], loading
    assert words["loading_python"] in " ".join(loading["said"]), loading
    assert all(words["loading_time"] in said for said in loading["said"]), loading
    assert page.locator("#kw-loading").count() == 0
    page.wait_for_selector(LEGAL, state="visible")
    assert page.locator(".kw-card").count() >= 7  # a Knock-Out hand of 7
    assert page.title() == words["title"]
    # The app only: no prompt, no input line, no code, and the app the page's whole width.
    assert page.locator(AROUND_APP).count() == 0
    app_box = page.locator(".kw-status").first.bounding_box()
    assert app_box is not None and app_box["x"] < 40 and app_box["width"] > 700, app_box
    played, bubbles = [], 0
    while len(played) < 3:
        page.wait_for_selector(f"{LEGAL}, {CALL}", state="visible")
        # Opened at the app's top, and kept there: the console does not follow its output.
        top = page.evaluate("() => document.querySelector('.jp-CodeConsole-split').scrollTop")
        status = page.locator(".kw-status").first.bounding_box()
        assert top == 0 and status is not None and 0 <= status["y"] < 600, (top, status)
        cards = page.locator(LEGAL)
        if cards.count():
            # The cards are drawn in the table's SVG picture: named by their label.
            played.append(cards.first.get_attribute("aria-label") or "")
            _click_and_wait(page, cards.first)
        else:  # a trump suit to choose between rounds: not a card, but the game goes on
            _click_and_wait(page, page.locator(CALL).first)
        covered = page.evaluate(COVERED_JS)
        bubbles += covered is not None
        assert not covered, f"the feedback covers {covered} at 800 x 600"
    assert bubbles, "no feedback was shown: nothing checked its place"
    # What the Voilà app is held to (tests/browser/axe_check.py), here too: the site's page
    # around it is the REPL's, kept out of sight but the app.
    found = axe_violations(page, **APP_RULES)
    assert not found, summary(found, "the site's app after three cards")
    assert not page.errors, page.errors
    assert not page.outside, f"requests left the host: {page.outside}"
    assert not page.missing, f"the site lacks {page.missing}"


@pytest.mark.parametrize(
    ("locale", "lang"), [("en-GB", "en"), ("es-ES", "es"), ("fr-FR", "fr"), ("de-DE", "en")]
)
def test_landing_page_speaks_the_visitors_language(
    offline_browser: Any, site_url: str, locale: str, lang: str
) -> None:
    words, autonyms = _site_words(), {"en": "English", "es": "Español", "fr": "Français"}
    context = offline_browser.new_context(viewport={"width": 1024, "height": 768}, locale=locale)
    try:
        page = context.new_page()
        missing: list[str] = []
        page.on("response", lambda r: r.status >= 400 and missing.append(f"{r.status} {r.url}"))
        page.goto(site_url)
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert page.title() == words[lang]["title"]
        assert page.locator("h1").inner_text() == words[lang]["title"]
        play = page.get_by_role("link", name=words[lang]["play"], exact=True)
        assert play.count() == 1
        href = play.get_attribute("href") or ""
        assert href.startswith("repl/index.html?") and f"lang%3D%22{lang}%22" in href, href
        # "Lessons": one entry per language, the visitor's first, each its contents page.
        assert page.get_by_role("heading", name=words[lang]["lessons"]).count() == 1
        links = page.locator("#kw-lesson-list a")
        names = [links.nth(i).inner_text() for i in range(links.count())]
        assert sorted(names) == sorted(autonyms.values()) and names[0] == autonyms[lang], names
        for i in range(links.count()):
            target = links.nth(i).get_attribute("href") or ""
            path = target.split("?path=", 1)[1]
            assert target.startswith("notebooks/index.html?path=") and path.endswith(
                "00_contents.ipynb"
            ), target
            assert (SITE / "files" / path).is_file(), f"{target}: no lesson {path} on the site"
            assert page.request.get(site_url + target).status == 200, target
        assert page.request.get(site_url + href).status == 200, href
        icon = page.request.get(site_url + "favicon.ico")
        assert icon.status == 200 and icon.body()[:4] == b"\0\0\1\0"
        found = axe_violations(page)
        assert not found, summary(found, f"the landing page ({locale})")
        assert not missing, f"the site lacks {missing}"
    finally:
        context.close()


@dataclass
class LessonRun:
    """What one lesson gave: its cells (the notebook model after the run) or why not."""

    cells: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    failure: str | None = None
    outside: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    greeting: dict[str, Any] | None = None  # what GREETED's page showed (see _Page.greet)


class _Page:
    """One page of the lab in its own browser context, running one lesson at a time."""

    def __init__(self, browser: Any, url: str) -> None:
        self.url = url
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(60_000)
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", self._record)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.lesson: Path | None = None
        self.started = 0.0
        self.marks = (0, 0)
        self.in_lab = False
        self.load()

    def _record(self, req: Any) -> None:
        if req.url.startswith("http") and urlsplit(req.url).hostname != "127.0.0.1":
            self.outside.append(req.url)

    def load(self) -> None:
        """The lab, with an empty workspace (`reset`: no tab of an earlier load reopens)."""
        self.page.goto(f"{self.url}lab/index.html?reset")
        self.page.wait_for_function(LAB_JS, timeout=FIRST_LOAD_MS)
        self.in_lab = True

    def start(self, lesson: Path) -> None:
        self.lesson, self.started = lesson, time.perf_counter()
        self.marks = (len(self.outside), len(self.errors))
        if _name(lesson) == GREETED:  # the lesson page a visitor opens
            self.in_lab = False
            self.page.goto(f"{self.url}notebooks/index.html?path={GREETED}")
            self.page.wait_for_function(LAB_JS, timeout=FIRST_LOAD_MS)
            self.page.evaluate(OPEN_HERE_JS)
            return
        if not self.in_lab:
            self.load()
        self.page.evaluate(OPEN_JS, _name(lesson))

    def greet(self) -> dict[str, Any]:
        """What GREETED's page showed, once its cells have run: its loading note, the page
        its link to the app opened, its text, and axe-core's serious and critical findings."""
        seen: dict[str, Any] = {"loading": self.page.evaluate("() => window.__kwLoading")}
        seen["note_left"] = self.page.locator("#kw-loading").count()
        # Back to the lesson's top, where its first cell links to the app (the notebook
        # draws only the cells near the view).
        self.page.evaluate(
            """async () => {
              const notebook = window.__kwRun.panel.content;
              notebook.activeCellIndex = 0;
              if (notebook.scrollToItem) await notebook.scrollToItem(0, 'start');
            }"""
        )
        seen["text"] = self.page.locator(".jp-Notebook").inner_text()
        link = self.page.locator(".jp-RenderedMarkdown a[href$='app.ipynb']").first
        with self.context.expect_page() as opened:
            link.click()
        seen["app_page"] = opened.value.url
        opened.value.close()  # its Pyodide is not needed: the app's own test runs one
        seen["axe"] = summary(axe_violations(self.page), f"the lesson page {GREETED}")
        return seen

    def poll(self) -> LessonRun | None:
        """The lesson's run once it is over (or has taken too long), else None."""
        state = self.page.evaluate(STATE_JS)
        seconds = time.perf_counter() - self.started
        if state is None and seconds < LESSON_S:
            return None
        if state is None:
            run = LessonRun(failure=f"not finished after {LESSON_S:.0f} s")
        elif state["error"]:
            run = LessonRun(failure=f"the lab could not run it: {state['error']}")
        else:
            try:
                greeting = self.greet() if _name(self.lesson) == GREETED else None
                run = LessonRun(cells=self.page.evaluate(CLOSE_JS)["cells"], greeting=greeting)
            except Exception as e:  # the page went wrong: this lesson fails, not the others
                run = LessonRun(failure=f"its cells could not be read: {e}")
        run.seconds = seconds
        run.outside = self.outside[self.marks[0] :]
        run.page_errors = self.errors[self.marks[1] :]
        if run.failure:
            self.screenshot()
            self.load()  # a page in an unknown state: the next lesson gets a fresh one
        self.lesson = None
        return run

    def screenshot(self) -> None:
        assert self.lesson is not None
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = _name(self.lesson).replace("/", "-").removesuffix(".ipynb")
        try:
            self.page.screenshot(path=str(ARTIFACTS / f"failed-lite-{name}.png"))
        except Exception:  # a screenshot is a courtesy
            pass


def _heaviest_first(lessons: list[Path]) -> list[Path]:
    """The later lessons run longest (06-10 take two to four times as long as 00_contents):
    starting them first lets the pages finish close together."""
    return sorted(lessons, key=lambda p: (p.stem, _name(p)), reverse=True)


def run_lessons(browser: Any, url: str, lessons: list[Path], pages: int) -> dict[str, LessonRun]:
    """Run ``lessons`` on ``pages`` pages at once; lesson name -> its run."""
    queue = _heaviest_first(lessons)
    runs: dict[str, LessonRun] = {}
    workers = [_Page(browser, url) for _ in range(min(pages, len(queue)))]
    try:
        while queue or any(w.lesson for w in workers):
            for worker in workers:
                if worker.lesson is not None:
                    lesson, run = worker.lesson, worker.poll()
                    if run is None:
                        continue
                    runs[_name(lesson)] = run
                if queue:
                    worker.start(queue.pop(0))
            time.sleep(0.2)  # a poll is a short evaluate in each page
    finally:
        for worker in workers:
            worker.context.close()
    return runs


def _marked(path: Path) -> list[tuple[int, str]]:
    """(position, golden key) of each checked cell, as tests/test_lesson_outputs.py reads them."""
    marked, code_index = [], 0
    for position, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] != "code":
            continue
        lines = "".join(cell["source"]).splitlines()
        if any(ln.strip().startswith("#") and ln.strip().lstrip("#").strip() == MARKER
               for ln in lines):  # fmt: skip
            marked.append((position, cell.get("id") or f"code{code_index:02d}"))
        code_index += 1
    return marked


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def _is_picture(data: dict[str, Any]) -> bool:
    """A picture, or a value whose plain text is only its SVG source, quoted."""
    if any(mime.startswith("image/") for mime in data) and "image/svg+xml" not in data:
        return True
    if "image/svg+xml" not in data:
        return False
    try:
        return ast.literal_eval(_text(data.get("text/plain", ""))) == _text(data["image/svg+xml"])
    except (ValueError, SyntaxError):
        return False


def _plain_text(cell: dict[str, Any]) -> str:
    """stdout and the text/plain of displayed values, as in tests/test_lesson_outputs.py."""
    parts = []
    for output in cell["outputs"]:
        if output["output_type"] == "stream" and output["name"] == "stdout":
            parts.append(_text(output["text"]))
        elif output["output_type"] in ("execute_result", "display_data"):
            data = output.get("data", {})
            if WIDGET_VIEW in data or _is_picture(data) or "text/plain" not in data:
                continue
            text = _text(data["text/plain"])
            parts.append(text if text.endswith("\n") else text + "\n")
    return "".join(parts)


def _name(path: Path) -> str:
    """A lesson's path in the site's contents (``es/06_variants.ipynb``)."""
    return path.relative_to(NOTEBOOKS).as_posix()


@pytest.fixture(scope="module")
def lesson_runs(
    offline_browser: Any, site_url: str, request: pytest.FixtureRequest
) -> dict[str, LessonRun]:
    """Every selected lesson, run once on ``PAGES`` pages at once (the tests below only
    read the results); the times go to the terminal."""
    items = request.session.items
    selected = [
        item.callspec.params["lesson"]
        for item in items
        if getattr(item, "originalname", "") == "test_lesson_runs_offline"
        and hasattr(item, "callspec")
    ]
    greeted = NOTEBOOKS / GREETED
    if greeted not in selected and any(
        i.name == "test_lesson_page_greets_the_visitor" for i in items
    ):
        selected.append(greeted)
    started = time.perf_counter()
    runs = run_lessons(offline_browser, site_url, selected, PAGES)
    wall = time.perf_counter() - started
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        busy = sum(run.seconds for run in runs.values())
        with capture.global_and_fixture_disabled():  # shown even when every test passes
            reporter.write_line(
                f"\ntest_lite: {len(runs)} lessons in {wall:.0f} s on {PAGES} pages "
                f"({busy:.0f} s of lesson time; load average {os.getloadavg()[0]:.1f})"
            )
            for name, run in sorted(runs.items(), key=lambda kv: -kv[1].seconds):
                reporter.write_line(f"  {run.seconds:5.1f} s  {name}")
    return runs


@pytest.mark.parametrize("lesson", LESSONS, ids=[_name(p).removesuffix(".ipynb") for p in LESSONS])
def test_lesson_runs_offline(lesson_runs: dict[str, LessonRun], lesson: Path) -> None:
    run = lesson_runs[_name(lesson)]
    assert run.failure is None, f"{_name(lesson)} ({run.seconds:.0f} s): {run.failure}"
    cells = run.cells

    errors = []
    for position, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            if output["output_type"] == "error":
                errors.append(f"cell {position}: {output['ename']}: {output['evalue']}")
            elif output["output_type"] == "stream" and output["name"] == "stderr":
                errors.append(f"cell {position} wrote to stderr: {_text(output['text'])[:300]}")
    assert not errors, f"{_name(lesson)} ({run.seconds:.0f} s): " + "; ".join(errors)
    # Every code cell ran (run-all stops at a failing cell; none may be skipped either).
    not_run = [
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "code" and c.get("execution_count") is None
    ]
    assert not not_run, f"{_name(lesson)}: cells {not_run} did not run"

    differ = []
    for position, key in _marked(lesson):
        golden = GOLDEN_DIR / _name(lesson).removesuffix(".ipynb") / f"{key}.txt"
        if _plain_text(cells[position]) != golden.read_text(encoding="utf-8"):
            differ.append(key)
    assert not differ, f"{_name(lesson)}: cells {differ} differ from tests/lesson_outputs"
    assert not run.page_errors, run.page_errors
    assert not run.outside, f"requests left the host: {run.outside}"


def test_lesson_page_greets_the_visitor(lesson_runs: dict[str, LessonRun]) -> None:
    """GREETED ran in the page a visitor opens: a note in the lesson's language while
    Python started, then none; its link to app.ipynb opened the site's app page in that
    language; the site's text about running the course there; axe-core found nothing
    serious or critical (after the lesson ran: with its pictures)."""
    run = lesson_runs[GREETED]
    assert run.failure is None, run.failure
    seen = run.greeting
    assert seen is not None
    lang = GREETED.split("/")[0] if "/" in GREETED else "en"
    words = _site_words()[lang]
    loading = seen["loading"]
    assert loading["shown"] and loading["done"] and loading["lang"] == lang, loading
    assert loading["stages"][0] == "page" and "python" in loading["stages"], loading
    assert words["loading_python"] in " ".join(loading["said"]), loading
    assert all(words["loading_lesson"] in said for said in loading["said"]), loading
    assert seen["note_left"] == 0
    app = urlsplit(seen["app_page"])
    assert app.path.endswith("/repl/index.html") and f"lang%3D%22{lang}%22" in app.query, app
    # The lesson as the page held it: the site's cells, nothing about make.
    cells = {cell.get("id"): "".join(cell["source"]) for cell in run.cells}
    site = _notebooks_build().Translation.read(
        NOTEBOOKS / "text" / "site" / lang / "00_contents.md"
    )
    assert cells["00-00"] == site.cells["00-00"][1], cells["00-00"]
    assert "make lab" not in json.dumps(run.cells) and "make app" not in json.dumps(run.cells)
    assert "make lab" not in seen["text"] and "make app" not in seen["text"]
    assert seen["axe"] == "no accessibility violations", seen["axe"]


# --------------------------------------------------------------- the site's files


def _notebooks_build() -> Any:
    spec = importlib.util.spec_from_file_location("notebooks_build", NOTEBOOKS / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def _lite_build() -> Any:
    spec = importlib.util.spec_from_file_location("lite_build", REPO / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built_site() -> Path:
    if not (SITE / "index.html").exists():
        unavailable(f"no static site in {SITE.relative_to(REPO)}: run `make lite` first")
    return SITE


def _listing(site: Path, folder: str = "") -> list[dict[str, Any]]:
    """A folder of the students' file list, as JupyterLite serves it."""
    path = site / "api" / "contents" / folder / "all.json"
    return json.loads(path.read_text(encoding="utf-8"))["content"]


def test_students_file_list_holds_the_lessons_only(built_site: Path) -> None:
    build = _notebooks_build()
    lessons = {p.name for p in build.lessons()}
    top = {item["name"] for item in _listing(built_site)}
    # The lessons, their languages' folders, and what the lessons open.
    assert top == lessons | {"es", "fr", "records", "glossary.md", "teacher_guide.md"}, top
    for lang in build.LANGS:
        names = {item["name"] for item in _listing(built_site, lang)}
        assert lessons <= names, f"{lang}/ lacks {lessons - names}"
        assert all(n.endswith((".ipynb", ".md")) for n in names), names
    for folder in ("", *build.LANGS):
        names = {item["name"] for item in _listing(built_site, folder)}
        assert not {n for n in names if n.endswith(".py")} | ({"app.ipynb", "text"} & names)


def test_site_lessons_say_how_to_run_them_on_the_site(built_site: Path) -> None:
    """Each lesson of the site is the lesson with the site's cells (notebooks/text/site/),
    while the notebooks for JupyterLab and Binder keep their own text."""
    build = _notebooks_build()
    for english in build.lessons():
        for lang in ("en", *build.LANGS):
            folder = "" if lang == "en" else f"{lang}/"
            source = NOTEBOOKS / folder / english.name
            nb = json.loads(source.read_text(encoding="utf-8"))
            expected, problems = build.site_version(nb, english, lang)
            assert not problems, problems
            served = json.loads((built_site / "files" / folder / english.name).read_text())
            assert [c["source"] for c in served["cells"]] == [
                c["source"] for c in expected["cells"]
            ], f"{folder}{english.name} on the site is not its site version"
            text = json.dumps(served)
            assert "make lab" not in text and "make app" not in text, f"{folder}{english.name}"
    assert "make lab" in (NOTEBOOKS / "00_contents.ipynb").read_text(encoding="utf-8")


def test_favicon_is_an_icon(built_site: Path) -> None:
    icon = (built_site / "favicon.ico").read_bytes()
    assert icon[:6] == b"\0\0\1\0\1\0" and icon[22:30] == b"\x89PNG\r\n\x1a\n"


def test_the_site_carries_babels_data_for_the_course_languages_only(built_site: Path) -> None:
    """Babel's data of ~1,100 locales made its wheel 11 MB, more than every other
    package of the site together, downloaded by each visitor and unpacked at each kernel
    start; the site keeps ``root`` and the course's languages (lite/pycompile.py), which
    the Spanish and French lessons above format their numbers and lists with."""
    from kowhist_teach.i18n import LANGUAGES

    (wheel,) = (built_site / "static" / "pyodide").glob("babel-*.whl")
    with zipfile.ZipFile(wheel) as served:
        names = served.namelist()
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        listed = {line.split(",")[0] for line in served.read(record).decode().splitlines()}
    data = {n.removeprefix("babel/locale-data/") for n in names if n.endswith(".dat")} - {
        "babel/global.dat"
    }
    assert data == {f"{name}.dat" for name in ("root", *LANGUAGES)}, sorted(data)[:8]
    assert "babel/global.dat" in names  # likely subtags, plural rules: every locale's
    assert "babel/locale-data/LICENSE.unicode" in names  # the data's licence goes along
    assert listed == set(names), "RECORD does not list the wheel's files"
    assert wheel.stat().st_size < 3_000_000, wheel.stat().st_size


def test_finishing_a_site_outside_the_checkout(tmp_path: Path) -> None:
    """``lite/build.py --out DIR`` anywhere: the site's own pages are added to the pages
    ``jupyter lite build`` made there, and the build reports where it is (it failed on
    ``relative_to`` after building everything)."""
    build = _lite_build()
    out = tmp_path / "site"
    for app in ("repl", "notebooks", "tree"):
        (out / app).mkdir(parents=True)
        (out / app / "index.html").write_text(
            "<html><head><title>REPLite</title><script id='jupyter-config-data' "
            'data-jupyter-lite-root="..">{}</script></head><body></body></html>'
        )
    build.finish_site(out)
    build.finish_site(out)  # again, on a finished site: nothing added twice
    assert build.shown(out) == str(out)
    assert build.shown(REPO / "build" / "lite") == "build/lite"
    landing = (out / "index.html").read_text(encoding="utf-8")
    assert 'data-jupyter-lite-root="."' in landing and "repl/index.html?" in landing
    assert "notebooks/index.html?path=fr/00_contents.ipynb" in landing
    words = (out / "kowhist" / "words.js").read_text(encoding="utf-8")
    assert words.startswith("window.KOWHIST_SITE = ") and "Jugar" in words
    for app in ("repl", "notebooks", "tree"):
        page = (out / app / "index.html").read_text(encoding="utf-8")
        assert page.count('id="kw-loading"') == 1 and page.count("kowhist/site.js") == 1
        assert '<link rel="icon" href="../favicon.ico">' in page
    assert "<title>REPLite</title>" not in (out / "repl" / "index.html").read_text()
    assert (out / "favicon.ico").read_bytes() == build.favicon()
    assert (out / "kowhist" / "site.css").is_file()


def test_pages_workflow_tests_the_site_before_publishing() -> None:
    import yaml

    flow = yaml.safe_load((REPO / ".github" / "workflows" / "pages.yml").read_text())
    assert flow["concurrency"]["cancel-in-progress"] is False
    steps = flow["jobs"]["build"]["steps"]
    runs = [str(step.get("run", "")) + str(step.get("uses", "")) for step in steps]
    tested = next(i for i, r in enumerate(runs) if "make test-lite" in r)
    uploaded = next(i for i, r in enumerate(runs) if "upload-pages-artifact" in r)
    assert tested < uploaded, runs
