"""The whist family in the Voilà app, in headless Chromium, through the CSS hooks of
DESIGN.md §6: choose partnership whist and play a whole deal by clicking legal cards;
in solo whist and bid whist make a call by clicking and see the status change.

The app is started as a user starts it (``kowhist-teach app``). The tests of this module
share one page, in order (a kernel takes seconds to start).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_check import assert_app_accessible
from test_app_browser import (
    CALL,
    ILLEGAL,
    LEGAL,
    PACE_JS,
    TOP_JS,
    hand,
    open_app,
    settle,
    text_of,
    usual_pace,
)
from test_app_browser import click_and_settle as _click_and_settle
from voila_harness import new_context

pytestmark = pytest.mark.browser

TITLES = {"whist": "Partnership whist", "solo": "Solo whist", "bidwhist": "Bid whist"}
# How long the page must stay unchanged to count as settled. The bots' cards are paced
# in the browser now (the kernel never sleeps), and the pacing marks the table
# ``kw-animating``, which settle() waits out by itself: the usual quiet time will do.
QUIET_MS = 300


# Text of the pictures that the browser draws where it should not: a name by a trick's
# card over a card, a line of a box (trumps, contract, bidding, scores) out of its box.
# Measured in the page, with the fonts the browser really uses.
CLASHES_JS = """
() => {
  const box = (el) => el.getBoundingClientRect();
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
                     && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  for (const area of document.querySelectorAll('.kw-family .kwr-trick-area')) {
    const cards = [...area.querySelectorAll(':scope > svg')].map(box);
    for (const t of area.querySelectorAll(':scope > text'))
      if (cards.some((c) => hit(box(t), c))) out.push('over a card: ' + t.textContent);
  }
  const boxes = '.kwr-trumps, .kwr-contract, .kwr-bidding, .kwr-scores';
  for (const g of document.querySelectorAll('.kw-family :is(' + boxes + ')')) {
    const r = box(g.querySelector(':scope > rect'));
    for (const t of g.querySelectorAll(':scope > text')) {
      const b = box(t);
      if (b.left < r.left - 1 || b.right > r.right + 1)
        out.push('out of its box: ' + t.textContent);
    }
  }
  return out;
}
"""


def no_clashes(page: Any) -> None:
    clashes = page.evaluate(CLASHES_JS)
    assert clashes == [], clashes


def click_and_settle(page: Any, locator: Any) -> None:
    """Click, wait for the view to change, then for the bots to finish."""
    _click_and_settle(page, locator)
    settle(page, QUIET_MS)


@pytest.fixture(scope="module")
def app_page(browser: Any, app_url: str) -> Iterator[Any]:
    """One page of the app for the tests of this module."""
    context = new_context(browser, viewport={"width": 1280, "height": 1000}, locale="en-GB")
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.page_errors = errors  # type: ignore[attr-defined]
    open_app(page, app_url)
    yield page
    context.close()


@pytest.fixture(autouse=True)
def _shot_on_failure(request: pytest.FixtureRequest, artifacts: Path) -> Iterator[None]:
    yield
    report = getattr(request.node, "rep_call", None)
    page = request.node.funcargs.get("app_page")
    if page is not None and report is not None and report.failed:
        page.screenshot(path=str(artifacts / f"failed-{request.node.name}.png"))


def choose_game(page: Any, kind: str) -> None:
    """Click the game's button and wait for its table, the student to move."""
    page.locator(".kw-game-choice button", has_text=TITLES[kind]).first.click()
    page.wait_for_selector(f".kw-family.kw-{kind} .kw-status", state="visible", timeout=60_000)
    page.wait_for_selector(f"{LEGAL}, {CALL}", state="visible")
    settle(page, QUIET_MS)


def deal_number(page: Any) -> int:
    found = re.search(r"\d+", text_of(page, ".kw-status .kw-deal-number"))
    assert found, text_of(page, ".kw-status")
    return int(found.group())


def test_partnership_whist_a_whole_deal(app_page: Any, artifacts: Path) -> None:
    page = app_page
    choose_game(page, "whist")
    assert page.locator(".kw-table-widget").count() == 1  # one table on the page
    status = text_of(page, ".kw-status")
    assert "Partnership whist" in status and "Deal 1" in status, status
    for hook in (".kw-explain", ".kw-hint", ".kw-undo", ".kw-new-deal", ".kw-status"):
        assert page.locator(hook).count() == 1, f"{hook} missing or repeated"
    assert page.locator(".kw-trick.kw-card").count() == 0
    assert page.locator(".kw-card").count() == 13
    cards = page.locator(".kw-card")
    for i in range(cards.count()):
        classes = cards.nth(i).get_attribute("class").split()
        assert ("kw-legal" in classes) != ("kw-illegal" in classes), classes
    moves = 0
    told_why = False
    seen_last_trick = False
    next_deal = page.locator(".kw-next-deal")
    while not next_deal.is_visible() and moves < 20:
        if not told_why and page.locator(ILLEGAL).count():
            # A dimmed card says why, and a click on it changes nothing.
            card = page.locator(ILLEGAL).first
            reason = (card.get_attribute("title") or "").partition(":")[2].strip()
            assert len(reason) > 10, reason
            before = hand(page)
            click_and_settle(page, card)
            assert hand(page) == before
            words = re.findall(r"\w{5,}", reason)[:4]
            explain = text_of(page, ".kw-explain")
            assert all(w in explain for w in words), (reason, explain)
            told_why = True
        before = (hand(page), text_of(page, ".kw-status"))
        click_and_settle(page, page.locator(LEGAL).first)
        moves += 1
        assert (hand(page), text_of(page, ".kw-status")) != before
        # While a trick is under way (the student does not lead it), the trick before
        # it stays in view beside the table. The deal is random: whether the student
        # leads depends on who won, so look whenever the panel is there.
        last = page.locator(".kw-last-trick")
        if moves >= 2 and moves < 13 and last.is_visible():
            assert last.locator(".kw-trick").count() == 4
            if not seen_last_trick:
                no_clashes(page)
                page.screenshot(path=str(artifacts / "family-whist-mid-deal.png"))
            seen_last_trick = True
    assert moves == 13, f"a deal is 13 cards of yours, not {moves}"
    # Unless the student won eleven tricks in a row playing their first legal card.
    assert seen_last_trick, "the last trick was never shown while a trick was under way"
    summary = text_of(page, ".kw-deal-summary")
    assert "Deal 1 is over" in summary and "Points this deal" in summary, summary
    # The bots wait for "Next deal": the summary can be read first.
    assert "Next deal" in text_of(page, ".kw-status")
    assert page.locator(LEGAL).filter(visible=True).count() == 0
    no_clashes(page)
    page.screenshot(path=str(artifacts / "family-whist-deal-over.png"))
    assert_app_accessible(page, "partnership whist, the deal's end")
    click_and_settle(page, next_deal)
    page.wait_for_selector(LEGAL, state="visible")
    assert "Deal 2" in text_of(page, ".kw-status")
    assert page.locator(".kw-card").count() == 13  # the next deal is dealt
    assert page.page_errors == []


def test_partnership_whist_undo_and_hint(app_page: Any) -> None:
    page = app_page
    before = hand(page)
    click_and_settle(page, page.locator(LEGAL).first)
    assert len(hand(page)) == len(before) - 1
    click_and_settle(page, page.locator(".kw-undo").first)
    assert hand(page) == before
    click_and_settle(page, page.locator(".kw-hint").first)
    assert "The rules bot would play" in text_of(page, ".kw-explain")


def test_partnership_whist_no_click_is_lost_while_the_bots_play(app_page: Any) -> None:
    """Issue 24: the rest of the deal at the bots' usual pace, a card of the hand
    clicked whenever the bots' cards are arriving: the hand lights no card meanwhile and
    every click plays or says why not."""
    from bots_clicks import play_clicking_into_the_bots

    page = app_page
    next_deal = page.locator(".kw-next-deal")
    # The deal's end shows its moment over the table (with its own "Next deal") and the
    # button beside it, two widgets that may come one after the other: either one ends
    # the walk, which must not click the moment's and deal again.
    deal_end = page.locator(".kw-next-deal, .kw-moment-next").filter(visible=True)
    with usual_pace(page):
        clicks = play_clicking_into_the_bots(page, until=lambda: deal_end.count() > 0)
        next_deal.wait_for(state="visible")
    assert page.evaluate(PACE_JS) == "650"  # the bots' cards at a student's pace
    assert next_deal.is_visible(), clicks.summary()
    assert clicks.lost == [], clicks.summary()
    assert clicks.stale() == [], clicks.stale()[:3]
    assert clicks.ahead() == [], clicks.ahead()[:3]  # the status line keeps pace too
    assert len(clicks.during) >= 3 and any(r["played"] for r in clicks.during), clicks.summary()
    print(clicks.summary())
    assert page.page_errors == []


@pytest.mark.parametrize("kind", ["solo", "bidwhist"])
def test_a_call_by_clicking_changes_the_status(app_page: Any, kind: str, artifacts: Path) -> None:
    page = app_page
    choose_game(page, kind)
    for _ in range(3):  # a deal thrown in (everybody passed) deals again: call again
        page.wait_for_selector(CALL, state="visible")
        status = text_of(page, ".kw-status")
        assert TITLES[kind] in status and "Your turn: bid or pass" in status, status
        calls = page.locator(CALL)
        assert calls.count() >= 2
        labels = [" ".join(calls.nth(i).inner_text().split()) for i in range(calls.count())]
        bid = next(i for i, label in enumerate(labels) if label != "Pass")
        click_and_settle(page, calls.nth(bid))
        after = text_of(page, ".kw-status")
        assert after != status
        if page.locator(".kw-next-deal").is_visible():  # thrown in: deal again
            click_and_settle(page, page.locator(".kw-next-deal"))
            continue
        if "Your turn: bid or pass" not in after:
            break
    assert labels[bid].split(" (")[0] in text_of(page, ".kw-explain")
    if page.locator(CALL, has_text="Uptown").count():  # bid whist, after a no-trump bid
        assert "Your turn: choose uptown or downtown" in text_of(page, ".kw-status")
    no_clashes(page)
    page.screenshot(path=str(artifacts / f"family-{kind}-after-a-bid.png"))
    assert_app_accessible(page, f"{kind}, the auction")
    assert page.page_errors == []


# Where the first thing to click is: at a projector's 1024×768, on screen at once.
FIRST_ACTION_JS = """
() => {
  const el = [...document.querySelectorAll('.kw-family .kw-card.kw-legal,'
                                           + ' .kw-family .kw-call.kw-call-legal')]
    .find((e) => e.offsetParent !== null);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return [r.top, r.bottom, window.innerHeight, window.scrollY];
}
"""


@pytest.mark.parametrize("size", [(1024, 768), (1280, 900)])
def test_the_first_move_is_on_screen_at_a_projector_size(
    browser: Any, app_url: str, artifacts: Path, size: tuple[int, int]
) -> None:
    width, height = size
    context = new_context(browser, viewport={"width": width, "height": height}, locale="en-GB")
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        open_app(page, app_url)
        for kind in ("solo", "whist"):
            choose_game(page, kind)
            page.evaluate(TOP_JS)
            found = page.evaluate(FIRST_ACTION_JS)
            assert found is not None, text_of(page, ".kw-status")
            top, bottom, inner, scrolled = found
            assert scrolled == 0 and 0 <= top and bottom <= inner, (kind, found)
            page.screenshot(path=str(artifacts / f"family-{kind}-{width}x{height}.png"))
    finally:
        context.close()
