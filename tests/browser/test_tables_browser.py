"""Shared tables in Chromium (issue 22): ``kowhist-teach class start`` as a teacher runs
it, each student in a browser context of their own (their own localStorage, as their
own machines would have), the teacher at the console.

1. Four students at one Knock-Out table play a whole game by clicks, each on their own
   page; the teacher watches every hand from the console; no page ever shows a face of
   another student's hand.
2. Two students play a hand of German Whist; one closes their page, a bot takes the
   seat after the teacher's delay and the other plays on; the student comes back (the
   same browser) to the same seat, the other's page says so, and the two play the hand
   to its end.

Every wait is for something a page shows, with generous limits.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from test_app_browser import FIRST_LOAD_MS
from test_class_browser import CONSOLE_MS, ClassServer, open_student
from test_class_browser import classroom as classroom  # noqa: F401 - the fixture
from voila_harness import new_context

from kowhist_teach.classroom.store import ClassStore
from kowhist_teach.classroom.tables import table_game, tables

pytestmark = pytest.mark.browser

#: A card or call of the student's, playable now.
PLAYABLE = ".kw-card.kw-legal, .kw-call.kw-call-legal"
#: Faces of another seat's hand on the table: none may be on a student's page before the
#: game's end (a finished round's hands, all played, are shown in its review).
OTHERS_FACES_JS = """(seat) => [
  ...document.querySelectorAll('.kw-seat-page .kw-table-stage g.kwr-hand')]
  .filter(g => g.dataset.seat !== String(seat))
  .flatMap(g => [...g.querySelectorAll('[data-card]')]).length"""
STATUS = ".kw-seat-status"
#: The seat a page plays: the card table's own seat.
SEAT_JS = """() => {
  const m = (document.querySelector('.kw-seat-status') || {}).innerText || '';
  const found = m.match(/seat (\\d+)/); return found ? Number(found[1]) - 1 : -1; }"""


def seat_pages(pages: dict[str, Any]) -> None:
    for name, page in pages.items():
        page.wait_for_selector(".kw-seat-page " + STATUS, timeout=CONSOLE_MS)
        page.wait_for_function(f"({SEAT_JS})() >= 0", timeout=CONSOLE_MS)
        assert "seat" in page.locator(STATUS).inner_text(), name


#: What may be played on a page now: each playable card's or call's markup.
PLAYABLE_NOW_JS = """(selector) => [...document.querySelectorAll(selector)]
  .map((e) => e.outerHTML).join('|')"""


def play_click(page: Any) -> bool:
    """Click one playable card or call on ``page`` if it has one. Whether it did.

    It waits until the click is taken, what may be played on the page changed (a card
    at once: the table waits for its answer, no card lit; a call once the kernel
    answers), rather than for a quiet page: the other seats' pages are not kept waiting
    meanwhile. On a loaded machine it gives up waiting after 5 s, as the quiet page's
    wait did: the next look at the page clicks what is playable then."""
    found = page.locator(PLAYABLE)
    if not found.count():
        return False
    before = page.evaluate(PLAYABLE_NOW_JS, PLAYABLE)
    try:
        found.first.click(timeout=2000)
    except Exception:  # the page redrew under the click (another seat's card arrived)
        return False
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function(
            f"([selector, before]) => ({PLAYABLE_NOW_JS})(selector) !== before",
            arg=[PLAYABLE, before],
            timeout=5000,
        )
    return True


def play_until(pages: dict[str, Any], done: Any, limit_s: float = 420, faces: bool = True) -> int:
    """Each page in turn clicks when it can, until ``done()``. How many clicks. With
    ``faces``, no page may show a face in another seat's hand (Knock-Out Whist: no
    rule shows one; in German Whist a face-up stock card taken stays known, which
    tests/test_shared_tables.py checks card by card)."""
    clicks, deadline = 0, time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if done():
            return clicks
        moved = False
        for page in pages.values():
            if faces:
                seat = page.evaluate(SEAT_JS)
                shown = page.evaluate(OTHERS_FACES_JS, seat)
                assert shown == 0 or over(page), f"seat {seat} shows {shown} hidden cards"
            if play_click(page):
                clicks, moved = clicks + 1, True
        if not moved:
            next(iter(pages.values())).wait_for_timeout(150)
    raise AssertionError("the table did not get there in time")


def over(page: Any) -> bool:
    return "The game is over" in page.locator(STATUS).inner_text()


def open_console(browser: Any, classroom: ClassServer) -> tuple[Any, Any]:
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    console = context.new_page()
    console.goto(classroom.console_url, timeout=FIRST_LOAD_MS)
    console.wait_for_selector(".kw-class-tables", timeout=FIRST_LOAD_MS)
    return context, console


def test_four_students_play_knockout_at_one_table(
    browser: Any, classroom: ClassServer, artifacts: Path
) -> None:
    teacher, console = open_console(browser, classroom)
    students: dict[str, tuple[Any, Any]] = {}
    try:
        for name in ("Ann", "Ben", "Cleo", "Dev"):
            students[name] = open_student(browser, classroom.students_url, name)
        console.locator(".kw-table-size input").fill("4")
        console.locator(".kw-seat-tables").click()
        console.wait_for_selector(".kw-class-table", timeout=CONSOLE_MS)
        pages = {name: page for name, (_c, page) in students.items()}
        seat_pages(pages)
        seats = sorted(p.evaluate(SEAT_JS) for p in pages.values())
        assert seats == [0, 1, 2, 3]
        # The teacher watches the table: every hand face up.
        console.locator(".kw-watch-table").first.click()
        console.wait_for_selector(".kw-table-god g.kwr-hand [data-card]", timeout=CONSOLE_MS)
        store = ClassStore.open(classroom.folder)
        try:
            table = tables(store)[-1]
            clicks = play_until(pages, lambda: all(over(p) for p in pages.values()))
            game = table_game(store, table.id)
        finally:
            store.close()
        assert game.is_over() and clicks >= 10
        for name, page in pages.items():
            page.screenshot(path=str(artifacts / f"tables-over-{name}.png"))
        console.screenshot(path=str(artifacts / "tables-console.png"), full_page=True)
    finally:
        for context, _page in students.values():
            context.close()
        teacher.close()


def test_german_whist_for_two_a_student_leaves_and_comes_back(
    browser: Any, classroom: ClassServer, artifacts: Path
) -> None:
    store = ClassStore.open(classroom.folder)
    students: dict[str, tuple[Any, Any]] = {}
    try:
        # The teacher's settings: German Whist, a bot after 10 s away.
        store.set_settings({"game": "german", "players": 2, "bot_after": 10})
        for name in ("Ann", "Ben"):
            students[name] = open_student(browser, classroom.students_url, name)
        teacher, console = open_console(browser, classroom)
        try:
            console.locator(".kw-table-size input").fill("2")
            console.locator(".kw-seat-tables").click()
            console.wait_for_selector(".kw-class-table", timeout=CONSOLE_MS)
        finally:
            teacher.close()
        pages = {name: page for name, (_c, page) in students.items()}
        seat_pages(pages)
        table = tables(store)[-1]
        play_until(pages, lambda: len(table_game(store, table.id).moves) >= 6, faces=False)
        # Ben's page closes (his kernel is shut down with it): after the delay a bot
        # plays his cards, and Ann plays on.
        ben_context, ben_page = students["Ben"]
        ben_page.close()
        ann = pages["Ann"]
        ann.wait_for_function(
            "() => (document.querySelector('.kw-explain') || {}).innerText"
            ".includes('Ben has left the table')",
            timeout=CONSOLE_MS,
        )
        played = len(table_game(store, table.id).moves)
        play_until(
            {"Ann": ann}, lambda: len(table_game(store, table.id).moves) >= played + 4, faces=False
        )
        ben_seat = table.seats.index(next(s.id for s in store.students() if s.name == "Ben"))
        log = [m for m in store_log(store, table.id)[played:]]
        assert any(seat == ben_seat for seat in log), "no bot played Ben's seat"
        # Ben comes back in the same browser: the same seat, without typing his name.
        back = ben_context.new_page()
        back.goto(classroom.students_url, timeout=FIRST_LOAD_MS)
        back.wait_for_selector(".kw-seat-page " + STATUS, timeout=FIRST_LOAD_MS)
        assert back.evaluate(SEAT_JS) == ben_seat
        try:
            ann.wait_for_function(
                "() => (document.querySelector('.kw-explain') || {}).innerText"
                ".includes('Ben is back')",
                timeout=CONSOLE_MS,
            )
        except PlaywrightError as e:
            raise AssertionError(_what_ann_saw(ann, store, table.id, played)) from e
        back.screenshot(path=str(artifacts / "tables-ben-back.png"))
        ann.screenshot(path=str(artifacts / "tables-ann.png"))
        # The two play the hand to its end, and agree with the log.
        both = {"Ann": ann, "Ben": back}
        play_until(both, lambda: all(over(p) for p in both.values()), faces=False)
        game = table_game(store, table.id)
        assert game.is_over()
        final = [p.locator(STATUS).inner_text() for p in both.values()]
        assert all("The game is over" in text for text in final), final
    finally:
        for context, _page in students.values():
            context.close()
        store.close()


def _what_ann_saw(page: Any, store: ClassStore, table_id: int, played: int) -> str:
    """Why "Ben is back" was not seen: Ann's page (its story and status), the moves of
    the log since Ben left, with their seats, and when each seat was last seen."""
    from kowhist_teach.classroom.tables import table_log, table_presence

    said = page.evaluate(
        "() => [...document.querySelectorAll('.kw-explain, .kw-seat-status')]"
        ".map((n) => n.innerText.replace(/\\s+/g, ' '))"
    )
    status, seen = table_presence(store, table_id)
    ages = {seat: round(time.time() - at, 1) for seat, at in seen.items()}
    moves = [(n, seat, move) for n, seat, move in table_log(store, table_id)][played:]
    return f"Ann's page: {said}; table {status}, seconds since seen {ages}; moves since: {moves}"


def store_log(store: ClassStore, table_id: int) -> list[int]:
    """The seat of each move of the table's log, in order."""
    from kowhist_teach.classroom.tables import table_log

    return [seat for _n, seat, _m in table_log(store, table_id)]
