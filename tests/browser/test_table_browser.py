"""The card table in the Voilà app, in headless Chromium (issue 12, round 2).

* At 1024×768 and at 1280×800, in every game of the app's list, at every turn of the
  first deal: the status line, the student's hand, the trick on the table and the
  latest word (the feedback beside the hand, a moment over the table, the top of the
  explanation) are inside the window, without scrolling. Each game's deal is played
  once, on one page whose window takes both sizes at every turn (two tests, half of the
  games each).
* A whole Knock-Out game played by keyboard alone (Tab, arrows, Enter) with a visible
  focus ring; the knocked-out moment, and watching the bots finish.
* Projector mode still fits 1024×768, its table's words at least 18 pixels high and the
  student's cards at least 90 (issue 24).
* The overlap walk (issue 24): in every game, at 800×600, 1024×768 and 1280×800 (the
  same page resized), projector mode on and off, nothing of the table covers another
  part (a seat, a box, a card of the trick or its name), the feedback covers no seat
  and no card, no text runs out of its box, the table is wholly in the window and no
  button's words are cut.

Every wait is on a condition of the page (the view changed, the bots' frames ended,
the page is quiet), never a fixed sleep: the machine may be loaded.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_check import assert_app_accessible
from test_app_browser import (
    CALL,
    FIRST_LOAD_MS,
    LEGAL,
    PACE_JS,
    TOP_JS,
    VIEW_JS,
    click_and_settle,
    game_over,
    open_app,
    settle,
    teacher,
    text_of,
    wait_for_one_of,
)
from voila_harness import new_context

pytestmark = pytest.mark.browser

SIZES = [(1024, 768), (1280, 800)]

# What must be in the window, each as [name, left, top, right, bottom]: the status line,
# every card of the hand, every card of the trick on the table, the feedback beside the
# hand and a moment over the table (when shown), the first lines of the explanation.
ON_SCREEN_JS = """
() => {
  const root = document.querySelector('.kw-table-widget');
  if (!root) return {missing: ['the table']};
  const seen = (el) => el && el.getClientRects().length > 0
    && getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility !== 'hidden';
  const box = (name, el, clip) => {
    const r = el.getBoundingClientRect();
    return [name, r.left, r.top, r.right, clip ? Math.min(r.bottom, r.top + clip) : r.bottom];
  };
  const out = [], missing = [];
  const status = root.querySelector('.kw-status');
  if (seen(status)) out.push(box('status', status)); else missing.push('status');
  const table = root.querySelector('.kw-table');
  for (const c of table.querySelectorAll('.kw-card')) out.push(box('hand card', c));
  for (const c of table.querySelectorAll('.kw-table-stage .kw-trick')) out.push(box('trick', c));
  for (const sel of ['.kw-table-feedback', '.kw-moment']) {
    const el = table.querySelector(sel);
    if (seen(el) && el.textContent.trim()) out.push(box(sel, el));
  }
  // A moment (a round's or deal's end) shows the last trick without scrolling: inside
  // the moment's box and above its buttons.
  const moment = table.querySelector('.kw-moment');
  const pic = seen(moment) ? moment.querySelector('.kw-moment-picture svg') : null;
  if (pic) {
    out.push(box('last trick in the moment', pic));
    const m = moment.getBoundingClientRect(), p = pic.getBoundingClientRect();
    const row = moment.querySelector('.kw-moment-choices');
    const floor = row ? Math.min(m.bottom, row.getBoundingClientRect().top) : m.bottom;
    if (p.top < m.top - 1 || p.bottom > floor + 1) {
      missing.push('the last trick hidden in the moment');
    }
  }
  const explain = root.querySelector('.kw-explain');
  if (seen(explain)) out.push(box('explanation', explain, 60)); else missing.push('explain');
  for (const c of root.querySelectorAll('.kw-call.kw-call-legal')) out.push(box('call', c));
  // The feedback is beside the hand, never over a card of it.
  const feedback = table.querySelector('.kw-table-feedback');
  if (seen(feedback) && feedback.textContent.trim()) {
    const f = feedback.getBoundingClientRect();
    for (const c of table.querySelectorAll('.kw-card, .kw-table-stage .kw-trick')) {
      const r = c.getBoundingClientRect();
      if (f.left < r.right - 2 && r.left < f.right - 2 && f.top < r.bottom - 2
          && r.top < f.bottom - 2) missing.push('feedback over ' + c.getAttribute('aria-label'));
    }
  }
  return {boxes: out, missing, w: window.innerWidth, h: window.innerHeight,
          hand: table.querySelectorAll('.kw-card').length};
}
"""


def off_screen(page: Any) -> list[Any]:
    """What of the four things is outside the window now (``[]``: all on screen)."""
    found = page.evaluate(ON_SCREEN_JS)
    problems: list[Any] = [f"not shown: {m}" for m in found.get("missing", [])]
    w, h = found.get("w", 0), found.get("h", 0)
    for name, left, top, right, bottom in found.get("boxes", []):
        if left < -1 or top < -1 or right > w + 1 or bottom > h + 1:
            problems.append((name, round(left), round(top), round(right), round(bottom), w, h))
    return problems


# The overlap walk's look at the table (issue 24): each part of the picture (a seat, a
# box, each card of the trick and its name) against the others, inside the picture, its
# text inside its frame; the feedback over no seat and no card of the trick; the picture
# in the window; no button's words cut. Also the smallest word of the picture (the
# indices drawn on its cards aside: the cards are measured themselves) and the smallest
# of the student's cards, in pixels on screen.
LAYOUT_JS = r"""
() => {
  const root = document.querySelector('.kw-table-widget');
  const svg = root && root.querySelector('.kw-table-stage > svg');
  if (!svg) return {problems: ['no table picture'], small: 0, card: 0};
  const problems = [];
  const seen = (el) => el && el.getClientRects().length > 0
    && getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => (el.getAttribute('class') || el.tagName).split(' ')[0] + ' '
    + (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
  const meets = (a, b, slack = 1) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;
  const inside = (a, b, slack = 1) => a.left >= b.left - slack && a.top >= b.top - slack
    && a.right <= b.right + slack && a.bottom <= b.bottom + slack;
  const pic = svg.getBoundingClientRect();
  const view = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  if (!inside(pic, view)) problems.push('the table is not wholly in the window');
  // The parts of the picture: each seat, each box, each card of the trick and its name.
  const parts = [];
  for (const g of svg.children) {
    if (g.tagName.toLowerCase() !== 'g') continue;
    const pieces = g.classList.contains('kwr-trick-area') ? [...g.children] : [g];
    for (const p of pieces) if (p.getBoundingClientRect().width) parts.push(p);
  }
  for (let i = 0; i < parts.length; i++) {
    const a = parts[i].getBoundingClientRect();
    if (!inside(a, pic)) problems.push('cut by the table edge: ' + name(parts[i]));
    for (let j = i + 1; j < parts.length; j++) {
      if (meets(a, parts[j].getBoundingClientRect(), 2)) {
        problems.push('overlap: ' + name(parts[i]) + ' / ' + name(parts[j]));
      }
    }
    // Text stays inside its box (the panel's or the box's frame, drawn first).
    const frame = parts[i].firstElementChild;
    if (frame && frame.tagName.toLowerCase() === 'rect') {
      const f = frame.getBoundingClientRect();
      for (const t of parts[i].querySelectorAll(':scope > text, :scope > g > text')) {
        const r = t.getBoundingClientRect();
        if (!inside(r, f, 2)) problems.push('text out of its box: ' + name(t));
      }
    }
  }
  const table = root.querySelector('.kw-table');
  const feedback = table.querySelector('.kw-table-feedback');
  if (seen(feedback) && feedback.textContent.trim()) {
    const f = feedback.getBoundingClientRect();
    for (const p of parts) {
      const hard = p.classList.contains('kwr-seat') || p.closest('.kwr-trick-area');
      if (hard && meets(f, p.getBoundingClientRect(), 2)) problems.push('feedback over ' + name(p));
    }
    if (!inside(f, view)) problems.push('feedback out of the window');
  }
  // Words cut short in the table's buttons.
  for (const b of root.querySelectorAll('button, .jupyter-button')) {
    if (seen(b) && b.scrollWidth > b.clientWidth + 2) problems.push('button text cut: ' + name(b));
  }
  // The smallest text of the picture and the student's cards, in pixels on screen.
  let small = 1e9;
  for (const t of svg.querySelectorAll('text')) {
    // The words of the table, not the indices drawn on its cards (the cards' own size
    // is measured below).
    if (t.ownerSVGElement !== svg) continue;
    if (!t.getBoundingClientRect().width || !t.textContent.trim()) continue;
    const m = t.getScreenCTM();
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (size < small) small = size;
  }
  const cards = [...table.querySelectorAll('.kw-card')]
    .map((c) => c.getBoundingClientRect().height);
  return {problems, small, card: cards.length ? Math.min(...cards) : 0};
}
"""


def layout_problems(page: Any) -> list[str]:
    """What overlaps or is cut on the table now, the page at its top (``[]``: nothing)."""
    page.evaluate(TOP_JS)
    return list(page.evaluate(LAYOUT_JS)["problems"])


def overlaps_at(page: Any, sizes: list[tuple[int, int]], back: tuple[int, int]) -> list[Any]:
    """:func:`layout_problems` with the window at each of ``sizes`` in turn (the same
    page: the table redraws itself to the new width), then the window at ``back``."""
    found: list[Any] = []
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        found += [(f"{width}x{height}", p) for p in layout_problems(page)]
    page.set_viewport_size({"width": back[0], "height": back[1]})
    settle(page)
    return found


def header_rows(page: Any) -> float:
    """How high the header's games and language menu are (the tagline under them)."""
    return float(
        page.evaluate(
            "() => { const h = document.querySelector('.kw-app-header').getBoundingClientRect();"
            " const parts = [...document.querySelectorAll("
            "'.kw-app-header .kw-game-choice, .kw-app-header .kw-language')];"
            " return Math.max(...parts.map((e) => e.getBoundingClientRect().bottom)) - h.top; }"
        )
    )


def tagline_cut(page: Any) -> str:
    """'' if the chosen game's tagline is shown whole in the window, else why not."""
    return str(
        page.evaluate(
            "() => { const t = document.querySelector('.kw-app-header .kw-tagline');"
            " if (!t || !t.getClientRects().length) return 'not shown';"
            " const c = t.querySelector('.widget-html-content') || t;"
            " const r = t.getBoundingClientRect();"
            " if (!c.textContent.trim()) return 'empty';"
            " if (c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1)"
            " return 'cut';"
            " return r.right <= innerWidth + 1 && r.bottom <= innerHeight ? '' : 'outside'; }"
        )
    )


def header_outside(page: Any, width: int) -> list[str]:
    """The parts of the app's header (each game's button, the language menu) that are
    not wholly inside the window's width."""
    parts = page.eval_on_selector_all(
        ".kw-game-choice button, .kw-language select",
        "els => els.map((e) => { const r = e.getBoundingClientRect();"
        " return [e.textContent.trim() || e.tagName, r.left, r.right]; })",
    )
    return [name for name, left, right in parts if left < -1 or right > width + 1]


def choose_game(page: Any, title: str, kind_class: str | None = None) -> None:
    """Click the game's button and wait for its table, the student to act."""
    # The button turns active at the click, in the browser; the table changes when the
    # kernel has answered. Until then the old table is on the page, a "Next deal" of its
    # own showing: wait for it to leave (the app shows one table at a time).
    active = (
        "(t) => { const b = [...document.querySelectorAll('.kw-game-choice button')]"
        ".find((x) => x.textContent.trim() === t);"
        " return !!b && b.classList.contains('mod-active'); }"
    )
    old = None if page.evaluate(active, title) else page.query_selector(".kw-table-widget")
    page.locator(".kw-game-choice button", has_text=title).first.click()
    page.wait_for_function(active, arg=title)
    if old is not None:
        page.wait_for_function("(old) => !old.isConnected", arg=old, timeout=60_000)
    page.wait_for_selector(f"{LEGAL}, {CALL}, .kw-moment-choice", state="visible", timeout=60_000)
    settle(page)


def game_titles(page: Any) -> list[str]:
    return [
        " ".join(t.split())
        for t in page.eval_on_selector_all(
            ".kw-game-choice button", "els => els.map((e) => e.textContent)"
        )
    ]


# Which of the step's choices to take, in one look at the page: the first button (of
# ``buttons``) whose first element is shown (as Playwright's is_visible has it: a box
# of some size, its visibility 'visible'), else the first of ``others`` on the page.
CHOICE_JS = """([buttons, others]) => {
  const shown = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible'; };
  const button = buttons.find((s) => { const el = document.querySelector(s);
    return el !== null && shown(el); });
  return button || others.find((s) => document.querySelector(s) !== null) || '';
}"""


# The place among the legal cards of the lowest of them (by rank, whatever the suit).
LOWEST_JS = """(selector) => {
  const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  const rank = (card) => ranks.indexOf((card.dataset.code || '').slice(0, -1));
  const cards = [...document.querySelectorAll(selector)];
  return cards.reduce((low, card, i) => (rank(card) < rank(cards[low]) ? i : low), 0);
}"""


def step(page: Any, lowest: bool = False) -> str:
    """One thing the student does: go on at a moment, else a legal card (the first, or
    the ``lowest``), else a legal call. What was done ('' for nothing)."""
    buttons = (".kw-moment-next", ".kw-moment-watch", ".kw-next-deal", ".kw-next-round")
    if not wait_for_one_of(page, (*buttons, LEGAL, CALL, ".kw-status .kw-outcome")):
        return ""
    choice = page.evaluate(CHOICE_JS, [list(buttons), [LEGAL, CALL]])
    if choice == LEGAL and lowest:
        click_and_settle(page, page.locator(LEGAL).nth(page.evaluate(LOWEST_JS, LEGAL)))
    elif choice:
        click_and_settle(page, page.locator(choice).first)
    return choice


def deal_ended(page: Any) -> bool:
    return page.evaluate(
        "() => !!document.querySelector('.kw-moment-next, .kw-next-deal:not(.widget-hidden)')"
        " && [...document.querySelectorAll('.kw-moment-next, .kw-next-deal')]"
        ".some((e) => e.offsetParent !== null)"
    )


@contextlib.contextmanager
def app_at(
    browser: Any, app_url: str, size: tuple[int, int], shot: Path
) -> Iterator[tuple[Any, list[str]]]:
    """A new page of the app at ``size`` (its own kernel) and the page's script
    errors; a screenshot to ``shot`` if the test fails in it."""
    context = new_context(browser, viewport={"width": size[0], "height": size[1]}, locale="en-GB")
    context.set_default_timeout(45_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_app(page, app_url)
        yield page, errors
    except BaseException:
        with contextlib.suppress(Exception):
            page.screenshot(path=str(shot))
        raise
    finally:
        context.close()


def at_size(page: Any, size: tuple[int, int]) -> str:
    """The window at ``size`` (the page's table fits itself to it), the page quiet; the
    size as ``'1024x768'``."""
    width, height = size
    if page.viewport_size != {"width": width, "height": height}:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
    return f"{width}x{height}"


@pytest.mark.parametrize("half", [0, 1], ids=["games-1-3-5", "games-2-4-6"])
def test_nothing_important_below_the_fold_in_any_game(
    browser: Any, app_url: str, artifacts: Path, half: int
) -> None:
    """Every game of the app's list (the half of them this test takes) played through
    its first deal once, the window at 1024x768 and at 1280x800 at every turn."""
    first = SIZES[0]
    shot = artifacts / f"failed-fit-{half + 1}.png"
    with app_at(browser, app_url, first, shot) as (page, errors):
        teacher(page, speed="instant")
        titles = game_titles(page)
        assert len(titles) >= 6, titles
        # The header is compact (at most two rows: at 1024 pixels the games' buttons
        # wrap rather than push the language menu out of the window) and every part of
        # it, each game's button and the language menu, is inside the window.
        for size in SIZES:
            at = at_size(page, size)
            assert header_rows(page) <= 80, at
            assert header_outside(page, size[0]) == [], at
        for title in titles[half::2]:
            at_size(page, first)
            if title != titles[0]:
                choose_game(page, title)
            # The game's tagline (what it asks of the student) whole, under the header.
            for size in SIZES:
                assert tagline_cut(page) == "", (title, at_size(page, size))
            turns = 0
            for _ in range(40):
                for size in SIZES:
                    at = at_size(page, size)
                    page.evaluate(TOP_JS)
                    problems = off_screen(page)
                    assert problems == [], (title, turns, at, problems)
                    assert layout_problems(page) == [], (title, turns, at)
                    if turns == 3 and title == titles[0]:  # docs/app.png: the 1280x800 one
                        page.screenshot(path=str(artifacts / f"app-{at}.png"))
                at = at_size(page, first)
                # The overlap walk: here, and at 800x600 once a game on the same page.
                if turns == 1:
                    assert overlaps_at(page, [(800, 600)], first) == [], (title, turns)
                if game_over(page) or (deal_ended(page) and turns >= 3):
                    break
                if title == titles[0] and turns in (1, 2):
                    # Knock-Out's first tricks: a trick's end, the feedback shown.
                    assert_app_accessible(page, f"{title} at {at}, turn {turns}")
                if not step(page):
                    break
                turns += 1
            assert turns >= 3, (title, turns, text_of(page, ".kw-status"))
            # Every game at its first deal's end (a round's end).
            assert_app_accessible(page, f"{title} at {at_size(page, first)}, the deal's end")
            name = title.lower().replace(" ", "-")
            for size in SIZES:
                at = at_size(page, size)
                page.screenshot(path=str(artifacts / f"fit-{name}-{at}.png"))
        # The stepper's table within the window (its foot was at 837 px at 1024x768).
        page.locator(".kw-tabs .lm-TabBar-tab", has_text="Step through").first.click()
        page.wait_for_selector(".kw-step-table svg", state="visible")
        settle(page)
        for size in SIZES:
            at = at_size(page, size)
            page.evaluate(TOP_JS)
            foot = page.evaluate(
                "() => document.querySelector('.kw-step-table svg').getBoundingClientRect().bottom"
            )
            assert foot <= size[1], (at, foot)
            page.screenshot(path=str(artifacts / f"stepper-{at}.png"))
        assert errors == []


def test_projector_mode_fits_1024x768(browser: Any, app_url: str, artifacts: Path) -> None:
    """Issue 24: in projector mode at 1024x768, in every game, the table fits the window
    with its smallest word at least 18 pixels high and the student's cards at least 90;
    and the overlap walk in projector mode, at 800x600 and 1280x800 too."""
    shot = artifacts / "failed-projector.png"
    with app_at(browser, app_url, (1024, 768), shot) as (page, errors):
        teacher(page, speed="instant", projector=True)
        page.wait_for_selector(".kw-table.kw-projector")
        titles = game_titles(page)
        smallest, cards = [], []
        for title in titles:
            if title != titles[0]:
                choose_game(page, title)
            for turn in range(3):
                page.evaluate(TOP_JS)
                assert off_screen(page) == [], title
                assert layout_problems(page) == [], (title, turn)
                found = page.evaluate(LAYOUT_JS)
                smallest.append(found["small"])
                assert found["small"] >= 18, (title, turn, found["small"])
                if found["card"]:  # none while a moment stands over an empty hand
                    cards.append(found["card"])
                    assert found["card"] >= 90, (title, turn, found["card"])
                if turn == 1:  # and once a game at the other two sizes
                    sizes = [(800, 600), (1280, 800)]
                    assert overlaps_at(page, sizes, (1024, 768)) == [], (title, turn)
                if title == titles[0] and turn == 1:  # docs/projector-1024x768.png
                    page.screenshot(path=str(artifacts / "projector-1024x768.png"))
                if not step(page):
                    break
            assert_app_accessible(page, f"{title} in projector mode at 1024x768")
            page.screenshot(path=str(artifacts / f"projector-{title.split()[0]}-1024x768.png"))
        print(
            f"projector 1024x768: smallest word {min(smallest):.1f} px, cards {min(cards):.1f} px"
        )
        assert errors == []


@pytest.mark.parametrize("language", ["es", "fr"])
def test_the_header_fits_1024x768_in_every_language(
    browser: Any, app_url: str, artifacts: Path, language: str
) -> None:
    """The games' names are longer in Spanish and French: their buttons wrap, and the
    language menu (how a class gets back to its language) stays inside the window, as
    do the status, the hand, the trick and the latest word."""
    from kowhist_teach.i18n import LANGUAGES

    shot = artifacts / f"failed-header-{language}.png"
    with app_at(browser, app_url, (1024, 768), shot) as (page, errors):
        assert header_outside(page, 1024) == []
        page.locator(".kw-language select").first.select_option(index=LANGUAGES.index(language))
        page.wait_for_function(
            "(t) => [...document.querySelectorAll('.kw-tabs .lm-TabBar-tab')]"
            ".some((e) => e.textContent.trim() === t)",
            arg={"es": "Jugar", "fr": "Jouer"}[language],
        )
        settle(page)
        page.evaluate(TOP_JS)
        assert header_outside(page, 1024) == []
        assert header_rows(page) <= 80
        assert tagline_cut(page) == ""
        assert off_screen(page) == []
        page.screenshot(path=str(artifacts / f"header-{language}-1024x768.png"))
        assert errors == []


# ------------------------------------------------------------------ keyboard alone
FOCUS_JS = """
() => {
  const a = document.activeElement;
  if (!a) return null;
  const s = getComputedStyle(a);
  const rect = a.querySelector(':scope > rect');
  return {cls: (a.getAttribute('class') || '') + '', tag: a.tagName,
          label: a.getAttribute('aria-label') || a.textContent.trim().slice(0, 40),
          outline: s.outlineStyle + ' ' + s.outlineWidth,
          edge: rect ? getComputedStyle(rect).strokeWidth : ''};
}
"""


def focused(page: Any) -> dict[str, Any]:
    return page.evaluate(FOCUS_JS) or {}


def tab_to(page: Any, wanted: tuple[str, ...], limit: int = 80) -> dict[str, Any]:
    """Press Tab until the focus is on an element with one of the ``wanted`` classes."""
    for _ in range(limit):
        now = focused(page)
        if any(c in now.get("cls", "").split() for c in wanted):
            return now
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {wanted}; the focus is on {focused(page)}")


def key_and_settle(page: Any, key: str) -> None:
    before = page.evaluate(VIEW_JS)
    page.keyboard.press(key)
    page.wait_for_function(f"(before) => ({VIEW_JS})() !== before", arg=before)
    settle(page)


def keyboard_move(page: Any) -> str:
    """One move by keyboard alone: Enter on a moment's first choice; else arrows to a
    legal card of the table and Enter; else Tab to a legal call and Enter."""
    moment = page.locator(".kw-moment-choice")
    if moment.count() and moment.first.is_visible():
        for wanted in ("kw-moment-next", "kw-moment-watch"):
            if page.locator(f".{wanted}").count():
                tab_to(page, (wanted,))
                key_and_settle(page, "Enter")
                return wanted
    if page.locator(LEGAL).count():
        now = focused(page)
        if "kw-card" not in now.get("cls", "").split():
            now = tab_to(page, ("kw-card",))
        for _ in range(20):
            if "kw-legal" in now.get("cls", "").split():
                break
            page.keyboard.press("ArrowRight")
            now = focused(page)
        assert "kw-legal" in now["cls"], now
        key_and_settle(page, "Enter")
        return now["label"]
    if page.locator(CALL).count():
        tab_to(page, ("kw-call-legal",))
        key_and_settle(page, "Enter")
        return "call"
    return ""


def test_a_whole_knockout_game_by_keyboard_alone(
    browser: Any, app_url: str, artifacts: Path
) -> None:
    shot = artifacts / "failed-keyboard.png"
    with app_at(browser, app_url, (1024, 768), shot) as (page, errors):
        page.locator("body").click(position={"x": 2, "y": 2})
        # The page's first Tab stop is the skip link to the hand (out of sight until
        # then); Enter puts the keyboard on a card of it.
        page.keyboard.press("Tab")
        skip = focused(page)
        assert "kw-skip-link" in skip.get("cls", "").split(), skip
        assert skip["label"] == "Skip to your cards" and page.locator(".kw-skip-link").is_visible()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.classList.contains('kw-card')")
        first = focused(page)
        # A visible focus ring, and words a screen reader says.
        page.wait_for_function(
            "() => document.activeElement.matches(':focus-visible')", timeout=5_000
        )
        ring = focused(page)
        assert ring["outline"].startswith("solid") or float(ring["edge"].rstrip("px") or 0) >= 4
        assert "legal" in first["label"] or "not allowed" in first["label"], first
        page.screenshot(path=str(artifacts / "keyboard-focus-1024x768.png"))
        moves = 0
        for _ in range(250):
            if game_over(page):
                break
            assert keyboard_move(page), text_of(page, ".kw-status")
            moves += 1
        assert game_over(page), f"not over after {moves} keyboard moves"
        assert moves >= 7
        assert page.evaluate(PACE_JS) == "65"  # the bots' frames shown, at the tests' pace
        page.screenshot(path=str(artifacts / "keyboard-game-over.png"))
        assert errors == []


def test_the_knocked_out_moment(browser: Any, app_url: str, artifacts: Path) -> None:
    """Play games (the lowest legal card each time, the quickest way to take no trick,
    at instant speed) until the student is knocked out: a moment of its own, then watch
    the bots finish."""
    shot = artifacts / "failed-knocked-out.png"
    with app_at(browser, app_url, (1024, 768), shot) as (page, errors):
        teacher(page, speed="instant")
        out = page.locator('.kw-moment[data-kind="out"]')
        for _game in range(6):
            for _ in range(200):
                if out.is_visible() or game_over(page):
                    break
                assert step(page, lowest=True), text_of(page, ".kw-status")
            if out.is_visible():
                break
            click_and_settle(page, page.locator(".kw-new-deal").first)
            page.wait_for_selector(LEGAL, state="visible", timeout=FIRST_LOAD_MS)
            settle(page)
        else:
            pytest.skip("the student was never knocked out in six games")
        title = text_of(page, ".kw-moment h3")
        assert title.startswith("You are out in round"), title
        assert page.locator(".kw-moment .kw-moment-watch").is_visible()
        assert page.locator(".kw-moment .kw-moment-again").is_visible()
        assert page.locator(".kw-moment .kw-trick").count() >= 1  # the last trick
        assert off_screen(page) == []
        assert_app_accessible(page, "the knocked-out moment")
        page.screenshot(path=str(artifacts / "knocked-out-1024x768.png"))
        click_and_settle(page, page.locator(".kw-moment-watch").first)
        for _ in range(60):
            if game_over(page):
                break
            button = page.locator(".kw-moment-next, .kw-moment-watch")
            assert button.count(), text_of(page, ".kw-status")
            click_and_settle(page, button.first)
        assert game_over(page)
        assert page.locator(LEGAL).count() == 0
        assert_app_accessible(page, "the game's end, watched after being knocked out")
        assert errors == []


ACCORDION_TITLE = ".lm-AccordionPanel-title, .jupyter-widget-Collapse-header, .p-Collapse-header"


def to_top(page: Any) -> None:
    """Back to the top of the page, as the student sees it after a new game: unfolding
    the setup (at the foot of the page) scrolled the page's scrolling box too."""
    page.evaluate(TOP_JS)
    settle(page)


def open_setup(page: Any, kind: str) -> Any:
    """Unfold the setup of the table of ``kind`` (as a teacher would); its locator."""
    box = page.locator(f".kw-table-widget.kw-{kind} .kw-setup-box").first
    box.locator(ACCORDION_TITLE).first.click()
    page.wait_for_selector(f".kw-{kind} .kw-new-game", state="visible")
    settle(page)
    return box


def test_a_german_match_in_the_app(browser: Any, app_url: str, artifacts: Path) -> None:
    """Issue 14: choose "Best of 3" in German Whist's setup, start it, see the match
    score on the table, play the first hand to its end: the "Next hand" moment tells
    the hand's result and the match score, and the second hand starts."""
    shot = artifacts / "failed-german-match.png"
    with app_at(browser, app_url, (1024, 768), shot) as (page, errors):
        teacher(page, speed="instant")
        choose_game(page, "German Whist")
        open_setup(page, "german")
        match = page.locator(".kw-german .kw-match select").first
        box = match.bounding_box()
        assert box and box["width"] <= 300, box  # as wide as its words (was ~970 px)
        match.select_option(label="Best of 3")
        settle(page)
        click_and_settle(page, page.locator(".kw-german .kw-new-game").first)
        page.wait_for_function(
            "() => document.querySelector('.kw-german .kw-status')"
            ".textContent.includes('of a match')"
        )
        status = text_of(page, ".kw-german .kw-status")
        assert "Hand 1 of a match, best of 3 — hands won: Player 1 (you): 0 · Bot 1: 0" in status
        score = page.locator(".kw-german .kw-table .kwr-match").first
        assert score.is_visible()
        assert "Match: best of 3" in " ".join(score.text_content().split())
        to_top(page)
        page.screenshot(path=str(artifacts / "german-match-1024x768.png"))
        hand_end = page.locator('.kw-moment[data-kind="hand-end"]')
        for _ in range(120):
            wait_for_one_of(
                page, ('.kw-moment[data-kind="hand-end"]', LEGAL, CALL, ".kw-status .kw-outcome")
            )
            if hand_end.is_visible() or game_over(page):
                break
            for selector in (LEGAL, CALL):
                found = page.locator(selector)
                if found.count():
                    click_and_settle(page, found.first)
                    break
            else:
                pytest.fail(text_of(page, ".kw-status"))
        assert hand_end.is_visible(), text_of(page, ".kw-status")
        said = " ".join(hand_end.inner_text().split())
        assert "Hand 1 is over" in said and "best of 3" in said, said
        # One hand won (or none, after a drawn hand): the score of the match so far.
        assert re.search(r"Match, best of 3 — Player 1 \(you\): [01] · Bot 1: [01]", said), said
        to_top(page)
        assert off_screen(page) == []
        page.screenshot(path=str(artifacts / "german-match-hand-end-1024x768.png"))
        assert_app_accessible(page, "German Whist, a match's hand end")
        click_and_settle(page, page.locator(".kw-moment-next").first)
        page.wait_for_selector(LEGAL, state="visible")
        assert "Hand 2 of a match, best of 3" in text_of(page, ".kw-german .kw-status")
        assert errors == []


def test_the_variants_group_reads_at_1024x768(browser: Any, app_url: str, artifacts: Path) -> None:
    """Issue 14: bid whist's setup shows its main options and, unfolded, "More rules
    (variants)": each variant's label and its one-line help inside the window's width,
    in a font a projector shows."""
    shot = artifacts / "failed-variants.png"
    with app_at(browser, app_url, (1024, 768), shot) as (page, errors):
        choose_game(page, "Bid whist")
        setup = open_setup(page, "bidwhist")
        group = setup.locator(".kw-variants").first
        group.locator(ACCORDION_TITLE).first.click()
        page.wait_for_selector(".kw-bidwhist .kw-option-help", state="visible")
        settle(page)
        assert "More rules (variants)" in group.inner_text()
        helps = page.locator(".kw-bidwhist .kw-option-help")
        assert helps.count() == 6
        width = page.evaluate("() => window.innerWidth")
        for i in range(helps.count()):
            help_line = helps.nth(i)
            help_line.scroll_into_view_if_needed()
            box = help_line.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
            size = help_line.evaluate(
                "(e) => parseFloat(getComputedStyle("
                "e.querySelector('.widget-html-content') || e).fontSize)"
            )
            assert size >= 15, size
        for name in ("joker-count", "kitty", "joker-swap", "equal-bids"):
            option = page.locator(f".kw-bidwhist .kw-option-{name}").first
            assert option.is_visible(), name
        group.screenshot(path=str(artifacts / "variants-bidwhist-1024x768.png"))
        assert errors == []
