"""The card table widget's model (issue 12): what the browser may send and what Python
does with it. The browser side (clicks in the picture, keyboard, the frames' pace) is
tested in Chromium by tests/browser/."""

from __future__ import annotations

from typing import Any

from kowhist_teach.widgets.card_table import SPEEDS, CardTable

HAND = [
    {"code": "QS", "label": "queen of spades", "legal": True, "reason": "follows spades"},
    {"code": "4H", "label": "four of hearts", "legal": False, "reason": "you must follow"},
]


def table() -> tuple[CardTable, list[tuple[str, str]], list[Any]]:
    events: list[tuple[str, str]] = []
    sent: list[Any] = []
    t = CardTable(seat=2)
    t.on_play = lambda code: events.append(("play", code))
    t.on_refused = lambda code: events.append(("refused", code))
    t.on_resume = lambda text: events.append(("resume", text))
    t.send = sent.append  # what would go to the browser
    t.show(["<svg>1</svg>", "<svg>2</svg>"], HAND, my_turn=True)
    return t, events, sent


def test_the_module_and_style_ship_in_the_package() -> None:
    t = CardTable()
    assert "export default" in t._esm and "kw-legal" in t._esm and "kw-illegal" in t._esm
    assert "aria-label" in t._esm and "tabindex" in t._esm and "ArrowRight" in t._esm
    assert "http" not in t._esm and "http" not in t._css  # nothing from a CDN
    assert "kw-table" in t._dom_classes
    assert t.speed == "normal" and set(SPEEDS) == {"instant", "normal", "slow"}


def test_a_legal_click_plays_and_an_illegal_one_is_refused() -> None:
    t, events, _ = table()
    assert t.frames == ["<svg>1</svg>", "<svg>2</svg>"] and t.seat == 2
    t.click("QS")
    t.click("4H")
    assert events == [("play", "QS"), ("refused", "4H")]


def test_nothing_is_played_out_of_turn() -> None:
    t, events, _ = table()
    t.show(t.frames, HAND, my_turn=False)
    t._message(t, {"event": "play", "move": "QS"}, [])
    assert events == []


def test_the_browser_can_send_only_cards_of_the_hand_shown() -> None:
    t, events, sent = table()
    for bad in (
        {"event": "play", "move": "AS"},
        {"event": "play", "move": "/etc/passwd"},
        {"event": "exec", "move": "QS"},
        {"event": "play"},
        ["play", "QS"],
        "QS",
        None,
    ):
        t._message(t, bad, [])
    assert events == [] and sent == []


def test_ping_is_answered_so_the_page_knows_the_kernel_lives() -> None:
    t, _, sent = table()
    t._message(t, {"event": "ping"}, [])
    assert sent == [{"event": "pong"}]


def test_a_resumed_record_is_handed_over_as_text() -> None:
    t, events, _ = table()
    t._message(t, {"event": "resume", "record": '{"format": "kowhist-record/1"}'}, [])
    t._message(t, {"event": "resume", "record": 42}, [])
    assert events == [("resume", '{"format": "kowhist-record/1"}')]


def test_say_goes_to_the_browser() -> None:
    t, _, sent = table()
    t.say("Q♠ is not allowed")
    assert sent == [{"event": "say", "text": "Q♠ is not allowed"}]


# ------------------------------------------------ the game kept in the browser (issue 11)
def test_the_table_keeps_its_game_in_the_browser_and_resumes_it() -> None:
    import json

    from kowhist_teach.core.record import to_record
    from kowhist_teach.widgets import TableWidget

    table = TableWidget(players=3, seed=5)
    assert table.card_table.store_key == "" and table.card_table.record == ""
    table.keep_in_browser("knockout")
    assert table.card_table.store_key == "knockout"
    legal = [b for b in table.hand.buttons if "kw-legal" in b._dom_classes]
    legal[0].click()
    kept = table.card_table.record
    assert json.loads(kept) == to_record(table.game)  # kept after every move
    played = json.loads(kept)["rounds"][0]["actions"]
    # A new page (a fresh kernel) gets the kept record back from the browser.
    other = TableWidget(players=3, seed=99)
    other.keep_in_browser("knockout")
    other.card_table._message(other.card_table, {"event": "resume", "record": kept}, [])
    resumed = to_record(other.game)
    assert resumed["rounds"][0]["hands"] == json.loads(kept)["rounds"][0]["hands"]
    assert resumed["rounds"][0]["actions"][: len(played)] == played
    # What the browser sends back is data: a path is refused in one line, the game stays.
    before = to_record(other.game)
    other.card_table._message(other.card_table, {"event": "resume", "record": "/etc/passwd"}, [])
    assert to_record(other.game) == before and "not valid JSON" in other.explain.value


def test_a_finished_game_is_not_offered_back() -> None:
    from test_widgets import play_to_the_end

    from kowhist_teach.widgets import TableWidget

    table = TableWidget(players=2, seed=3)
    table.keep_in_browser("knockout")
    play_to_the_end(table)
    assert table.card_table.record == ""
