"""Bursts of clicks (issue 23, point 5): hundreds of "New deal" or "Hint" clicks queued
in a student's kernel do the work of one, so the kernel answers the next card at once.

Each click goes through the button's own message handler, as the browser's comm message
does (``Widget._handle_msg`` with a ``custom`` ``click``), and the tests count the work
done (deals dealt, hints worked out, tables drawn), never the time it took: the clock
of "soon after a deal" is the table's own (``TableView._clock``), set here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import kowhist_teach.widgets.model as model_module
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets import FamilyTableWidget, TableWidget
from kowhist_teach.widgets.table_view import REPEAT_SECONDS

CLICK = {"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []}


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


class Clock:
    """The table's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def burst(button: Any, clicks: int) -> None:
    """``clicks`` clicks, one after the other, as a kernel takes queued messages."""
    for _i in range(clicks):
        button._handle_msg(CLICK)


def counted(table: Any, monkeypatch: pytest.MonkeyPatch, module: Any) -> dict[str, int]:
    """Count the deals, the hints worked out, the tables drawn and the hint events."""
    work = {"deals": 0, "hints": 0, "renders": 0, "hint_events": 0}
    deal, render, hint = table.model.new_game, table.render, module.hint

    def counting(key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            work[key] += 1
            return fn(*args, **kwargs)

        return call

    table.model.new_game = counting("deals", deal)
    table.render = counting("renders", render)
    monkeypatch.setattr(module, "hint", counting("hints", hint))

    def event(kind: str, _detail: Any) -> None:
        work["hint_events"] += kind == "hint"

    table.on_event = event
    return work


def legal_card(table: Any) -> str | None:
    hand = table.card_table.hand
    return next((c["code"] for c in hand if c.get("legal")), None)


def play_something(table: Any) -> None:
    """The student's move: a legal card, else a legal call (trumps, a pass)."""
    assert table.game.to_move == table.model.human
    code = legal_card(table)
    if code:
        table.play_card(code)
    else:
        next(b for b in table.calls.buttons if "kw-call-legal" in b._dom_classes).click()


def students_turn(make: Callable[[int], Any]) -> Any:
    """A table whose student has a card to play (a few seeds tried)."""
    for seed in range(1, 60):
        table = make(seed)
        if table.game.to_move == table.model.human and legal_card(table):
            return table
    raise AssertionError("no seed gives the student a card to play")


TABLES = [
    pytest.param(lambda seed: TableWidget(players=4, seed=seed), model_module, id="knockout"),
    pytest.param(lambda seed: FamilyTableWidget("whist", seed=seed), model_module, id="whist"),
]


@pytest.mark.parametrize(("make", "module"), TABLES)
def test_300_new_deal_clicks_deal_once(make: Any, module: Any, monkeypatch: Any) -> None:
    table = students_turn(make)
    clock = Clock()
    table._clock = clock
    work = counted(table, monkeypatch, module)
    burst(table.new_button, 300)
    assert work["deals"] == 1, work
    # Later (past the repeat window) a click deals again: a student may want other cards.
    clock.now += REPEAT_SECONDS + 0.1
    burst(table.new_button, 300)
    assert work["deals"] == 2, work
    assert work["renders"] <= 4, work  # a table drawn per deal (and no more)
    # The kernel answers: the student plays on the new deal at once.
    moves = len(table.game.moves)
    play_something(table)
    assert len(table.game.moves) > moves
    assert not table.guard.errors


@pytest.mark.parametrize(("make", "module"), TABLES)
def test_new_deal_burst_after_a_move_asks_once_then_deals_once(
    make: Any, module: Any, monkeypatch: Any
) -> None:
    table = students_turn(make)
    table._clock = Clock()
    table.play_card(legal_card(table))
    moves = len(table.game.moves)
    work = counted(table, monkeypatch, module)
    burst(table.new_button, 300)
    # "Throw this game away?" is asked once; the game is untouched.
    assert table.card_table.moment["kind"] == "confirm"
    assert work == {"deals": 0, "hints": 0, "renders": 1, "hint_events": 0}
    assert len(table.game.moves) == moves
    table.confirm()
    burst(table.new_button, 300)  # the same burst again, on the new deal
    assert work["deals"] == 1, work
    assert not table.guard.errors


@pytest.mark.parametrize(("make", "module"), TABLES)
def test_200_hint_clicks_work_out_one_hint_and_the_card_still_plays(
    make: Any, module: Any, monkeypatch: Any
) -> None:
    table = students_turn(make)
    work = counted(table, monkeypatch, module)
    burst(table.hint_button, 200)
    assert work == {"deals": 0, "hints": 1, "renders": 1, "hint_events": 1}
    assert "Hint" in table.card_table.feedback
    # The kernel answers the next card at once: it is played.
    moves = len(table.game.moves)
    table.play_card(legal_card(table))
    assert len(table.game.moves) > moves
    # A new position asks anew (once, however many clicks).
    if legal_card(table) and table.game.to_move == table.model.human:
        burst(table.hint_button, 200)
        assert work["hints"] == 2 and work["hint_events"] == 2, work
    assert not table.guard.errors


def test_a_warning_over_the_hint_is_cleared_without_working_it_out_again(
    monkeypatch: Any,
) -> None:
    table = students_turn(lambda seed: TableWidget(players=4, seed=seed))
    work = counted(table, monkeypatch, model_module)
    table.hint_button.click()
    illegal = next(c["code"] for c in table.card_table.hand if not c.get("legal"))
    table.play_card(illegal)  # a warning now stands over the hint
    assert table.model.message
    burst(table.hint_button, 50)
    assert not table.model.message
    assert "Hint" in table.card_table.feedback
    assert work["hints"] == 1 and work["hint_events"] == 1, work


def test_hints_off_says_so_once_and_on_again_gives_the_hint(monkeypatch: Any) -> None:
    table = students_turn(lambda seed: TableWidget(players=4, seed=seed))
    work = counted(table, monkeypatch, model_module)
    table.hints_allowed = False
    burst(table.hint_button, 200)
    assert "Hints are off" in table.model.message
    assert work["hints"] == 0 and work["renders"] <= 2, work
    table.hints_allowed = True  # the teacher turns them back on: the next click answers
    burst(table.hint_button, 200)
    assert work["hints"] == 1 and work["hint_events"] == 1, work


def test_a_changed_analysis_setting_works_the_hint_out_again(monkeypatch: Any) -> None:
    table = students_turn(lambda seed: TableWidget(players=4, seed=seed))
    work = counted(table, monkeypatch, model_module)
    table.hint_button.click()
    table.analysis = "request"  # the teacher's setting changes what a hint shows
    burst(table.hint_button, 20)
    assert work["hints"] == 2, work
    assert "every card were visible" in table.explain.value
