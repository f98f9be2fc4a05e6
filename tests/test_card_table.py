"""The card table widget's model (issue 12): what the browser may send and what Python
does with it. The browser side (clicks in the picture, keyboard, the frames' pace) is
tested in Chromium by tests/browser/."""

from __future__ import annotations

import re
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


# ------------------------------------------ the hand tells the truth at every frame (24)
def test_each_card_carries_what_it_shows_and_each_frame_who_is_to_play() -> None:
    t, _, _ = table()
    assert [c["text"] for c in t.hand] == ["Q♠", "4♥"]
    t.show(["<svg>1</svg>", "<svg>2</svg>"], HAND, my_turn=False, waits=["Wait for Bot 1", ""])
    assert t.waits == ["Wait for Bot 1", ""]


def test_the_frames_of_the_bots_play_say_who_is_to_play() -> None:
    from kowhist_teach.widgets import TableWidget

    table = TableWidget(players=4, seed=7)
    played = 0
    said: set[str] = set()
    while not table.game.is_over() and played < 12:
        legal = [b for b in table.hand.buttons if "kw-legal" in b._dom_classes]
        if not legal:
            break
        legal[0].click()
        played += 1
        ct = table.card_table
        assert len(ct.waits) == len(ct.frames) >= 1
        # The table now: the student's turn (nothing to wait for), or the reason.
        assert (ct.waits[-1] == "") == ct.my_turn
        # Every frame before it: someone else is to play, named.
        for word in ct.waits[:-1]:
            assert re.fullmatch(
                r"Wait for Bot [123]: it is their turn\.|One moment, then it is your turn\."
                r"|Wait: the cards are being dealt\.",
                word,
            ), word
            said.add(word)
    assert played >= 4 and any(w.startswith("Wait for Bot") for w in said), said


def test_a_moment_over_the_table_is_what_a_click_is_told_to_answer() -> None:
    from kowhist_teach.widgets import TableWidget

    table = TableWidget(players=3, seed=2)
    [b for b in table.hand.buttons if "kw-legal" in b._dom_classes][0].click()
    table._new_deal()  # the student has moved: "throw this game away?" over the table
    assert table.card_table.moment["kind"] == "confirm" and not table.card_table.my_turn
    assert table.card_table.waits[-1] == (
        "First choose over the table: Yes, deal again / No, play on."
    )


def test_the_skip_link_speaks_the_students_language() -> None:
    from kowhist_teach.i18n import set_language
    from kowhist_teach.widgets.card_table import SkipLink

    link = SkipLink()
    assert link.text == "Skip to your cards" and "kw-skip" in link._dom_classes
    assert 'href = "#kw-hand"' in link._esm and "http" not in link._esm + link._css
    try:
        set_language("fr")
        link.relabel()
        assert link.text == "Aller à vos cartes"
        set_language("es")
        link.relabel()
        assert link.text == "Saltar a tus cartas"
    finally:
        set_language("en")


def test_playing_the_dummy_a_click_on_ones_own_cards_says_which_hand_to_play() -> None:
    from kowhist_teach.app import make_table

    table = make_table("germandummy", seed=1)
    assert table.hand.hand_seat == 3 and table.card_table.my_turn
    assert table.card_table.other_word == (
        "Play from the hand of Dummy now: click one of its cards."
    )
    while table.hand.hand_seat == 3 and not table.game.is_over():
        [b for b in table.hand.buttons if "kw-legal" in b._dom_classes][0].click()
    assert table.card_table.other_word == ""  # their own hand: nothing to say
