"""The card table's moments and the teacher's settings (issue 12, round 2): a blind
dog's card never reaches the browser, the knocked-out moment, the settings panel, the
analysis modes (off / after the deal / on request)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from test_cli import BLIND_DOG_RECORD
from test_widgets import click_something_legal, text

from kowhist_teach.app import SESSION_SETTINGS, build_app
from kowhist_teach.widgets.card_table import SPEEDS
from kowhist_teach.widgets.faces import taken_html
from kowhist_teach.widgets.family_table import FamilyTableWidget
from kowhist_teach.widgets.table import TableWidget


@pytest.fixture(autouse=True)
def _fresh_session_settings() -> Iterator[None]:
    """The teacher's settings are remembered for the session: each test starts afresh."""
    saved = dict(SESSION_SETTINGS)
    yield
    SESSION_SETTINGS.clear()
    SESSION_SETTINGS.update(saved)


# ------------------------------------------------------------- a blind dog
def blind_dog_table() -> TableWidget:
    """Seat 1 (the student) a blind dog holding K♥ face down, to play."""
    table = TableWidget(players=3, seed=1, speed="instant")
    table.analysis = "after"
    table.load(BLIND_DOG_RECORD)
    assert table.game.to_move == 0 and table.game.hands[0]
    return table


HIDDEN = ("KH", "K♥", "king of hearts", "&#9829;K", "K&#9829;")


def browser_side(table: Any) -> str:
    """Everything the browser gets from the table: every synced trait of every widget
    of the view (the card table's frames, hand, feedback and moment, the HTML beside)."""
    import ipywidgets as w

    parts = []
    stack = [table]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        state = widget.get_state()
        parts.append(json.dumps(state, default=str, ensure_ascii=False))
        for value in state.values():
            items = value if isinstance(value, (list, tuple)) else [value]
            stack += [v for v in items if isinstance(v, w.Widget)]
        for name in ("children",):
            stack += list(getattr(widget, name, ()) or ())
    return "\n".join(parts)


def test_a_blind_dogs_card_is_never_sent_to_the_browser() -> None:
    table = blind_dog_table()
    hand = table.card_table.hand
    assert [c["face_down"] for c in hand] == [True]
    assert hand[0]["code"] != "KH" and "KH" not in json.dumps(hand)
    sent = browser_side(table)
    assert table.card_table.frames and "kwr-back" in table.card_table.value
    for needle in HIDDEN:
        assert needle not in sent, f"{needle!r} reaches the browser"
    # The hint (analysis after the deal only) does not name it either.
    table.hint_button.click()
    for needle in HIDDEN:
        assert needle not in browser_side(table), f"{needle!r} in the hint"


def test_the_opaque_id_plays_the_hidden_card() -> None:
    table = blind_dog_table()
    code = table.card_table.hand[0]["code"]
    table.play_card(code)
    assert not table.guard.errors, table.guard.errors
    played = [m for m in table.game.moves if getattr(m, "code", None) == "KH"]
    assert played, "the face-down card was not played"


def test_a_card_code_the_table_did_not_send_plays_nothing() -> None:
    table = blind_dog_table()
    moves = len(table.game.moves)
    table.card_table._message(table.card_table, {"event": "play", "move": "KH"}, [])
    assert len(table.game.moves) == moves


# ------------------------------------------------------------- knocked out
def knocked_out_table() -> TableWidget:
    for seed in range(1, 40):
        table = TableWidget(players=4, seed=seed, speed="instant")
        for _ in range(200):
            if table.game.is_over():
                break
            if table.card_table.moment.get("kind") == "out":
                return table
            click_something_legal(table)
    raise AssertionError("the student was never knocked out")


def test_being_knocked_out_is_a_moment_of_its_own() -> None:
    table = knocked_out_table()
    moment = table.card_table.moment
    n = table.model.out_round
    assert n is not None and f"You are out in round {n}" in moment["title"]
    assert [c["id"] for c in moment["choices"]] == ["watch", "again"]
    assert "kw-trick" in moment["picture"], "the last trick is still to be seen"
    assert not table.game.is_over()
    assert table.card_table.my_turn is False and not table.hand.buttons
    # Nothing happens until the student chooses: the bots wait.
    moves = len(table.game.moves)
    table.render()
    assert len(table.game.moves) == moves


def test_watch_the_bots_finish() -> None:
    table = knocked_out_table()
    for _ in range(100):
        if table.game.is_over():
            break
        offered = [c["id"] for c in table.card_table.moment.get("choices", ())]
        assert "watch" in offered or "next" in offered, table.card_table.moment
        table.card_table.choose("watch" if "watch" in offered else "next")
        assert not table.guard.errors, table.guard.errors
    assert table.game.is_over()
    assert table.card_table.moment == {}
    assert "kw-outcome" in table.status.value


def test_start_again_after_being_knocked_out() -> None:
    table = knocked_out_table()
    table.card_table.choose("again")
    assert table.card_table.moment == {}
    assert table.model.out_round is None and table.game.round == 0
    assert table.card_table.my_turn or table.calls.buttons


def test_a_choice_not_offered_is_ignored() -> None:
    table = knocked_out_table()
    moves = len(table.game.moves)
    table.card_table._message(table.card_table, {"event": "moment", "choice": "next"}, [])
    table.card_table._message(table.card_table, {"event": "moment", "choice": "throw"}, [])
    assert len(table.game.moves) == moves and table.card_table.moment["kind"] == "out"


# ------------------------------------------------------------- teacher settings
def test_teacher_settings_reach_the_table_and_are_remembered() -> None:
    app = build_app(seed=3)
    teacher = app.teacher
    assert "kw-teacher" in teacher._dom_classes
    assert app.table.card_table.speed == "normal" and app.table.analysis == "after"
    for speed in SPEEDS:
        teacher.speed.value = speed
        assert app.table.card_table.speed == speed
    teacher.analysis.value = "off"
    assert app.table.analysis == "off"
    teacher.four_colour.value = True
    assert app.table.four_colour.value is True and app.table.hand.four_colour
    teacher.projector.value = True
    assert app.table.card_table.projector and "kw-projector-mode" in app.table._dom_classes
    teacher.names.value = "Ana, Ben, Cy, Di"
    app.table._new_deal()
    if app.table.card_table.moment.get("kind") == "confirm":
        app.table.confirm()
    # The student keeps the mark of their seat under the name the teacher gave.
    assert app.table.game.names == ["Ana (you)", "Ben", "Cy", "Di"]
    # Another game, and another app in the same session, start with them.
    app.game_choice.value = "whist"
    assert app.table.card_table.speed == SPEEDS[-1] and app.table.card_table.projector
    assert app.table.analysis == "off"
    again = build_app(seed=4)
    assert again.teacher.speed.value == SPEEDS[-1] and again.teacher.analysis.value == "off"
    assert again.table.card_table.projector and again.teacher.names.value == "Ana, Ben, Cy, Di"


def test_teacher_settings_survive_a_language_change() -> None:
    app = build_app(seed=3)
    app.teacher.speed.value = "slow"
    app.teacher.analysis.value = "request"
    app.set_language("es")
    try:
        assert app.teacher.speed.value == "slow" and app.teacher.analysis.value == "request"
        assert app.table.card_table.speed == "slow"
        labels = [label for label, _v in app.teacher.speed.options]
        assert "slow" not in labels  # in Spanish
    finally:
        app.set_language("en")


def test_player_names_in_the_family_table_too() -> None:
    app = build_app(game="whist", seed=5)
    app.teacher.names.value = "Ana, Ben, Cy, Di"
    table = app.table
    assert isinstance(table, FamilyTableWidget)
    table._new_deal()
    if table.card_table.moment.get("kind") == "confirm":
        table.confirm()
    assert table.game.names == ["Ana (you)", "Ben", "Cy", "Di"]
    assert "Ana (you)" in table.card_table.value and "Di" in table.card_table.value


# ------------------------------------------------------------- analysis modes
def hint_text(table: Any) -> str:
    table.hint_button.click()
    return text(table.explain.value)


@pytest.mark.parametrize("mode", ["off", "after", "request"])
def test_analysis_modes_during_the_deal(mode: str) -> None:
    table = TableWidget(players=3, seed=2, speed="instant", bots=["rules", "rules"])
    table.analysis = mode
    table.render()
    hint = hint_text(table)
    shown = "Analysis" in hint and "every card were visible" in hint
    assert shown == (mode == "request"), (mode, hint)
    # "Show all hands" is offered only when the analysis is open.
    assert (table.show_all.layout.display != "none") == (mode == "request")
    if mode != "request":
        table.show_all.value = True  # even if set, no hidden card is drawn
        assert table.card_table.value.count('class="kwr-back') > 0


@pytest.mark.parametrize("mode", ["off", "after", "request"])
def test_analysis_modes_after_the_game(mode: str) -> None:
    table = TableWidget(players=3, seed=2, speed="instant")
    table.analysis = mode
    for _ in range(400):
        if table.game.is_over():
            break
        click_something_legal(table)
    assert table.game.is_over()
    assert (table.show_all.layout.display != "none") == (mode != "off")


# ------------------------------------------------------- the coach (issue 13, point 5)
def test_where_did_my_tricks_go_reviews_the_round_just_over() -> None:
    from test_widgets import click_something_legal

    from kowhist_teach.widgets import TableWidget
    from kowhist_teach.widgets.table import finished_rounds

    table = TableWidget(players=3, seed=21)
    table.coach_button.click()
    assert "play it to the end first" in table.coach.value
    clicks = 0
    while not finished_rounds(table.game) and clicks < 200:
        click_something_legal(table, clicks)
        clicks += 1
    assert finished_rounds(table.game) == [0]
    table.coach_button.click()
    assert "Review, with every card visible" in table.coach.value
    assert "decision" in table.coach.value
    table.analysis = "off"
    table.coach_button.click()
    assert "turned off" in table.coach.value and "Review" not in table.coach.value


# ------------------------------------ the status between two rounds (issue 12, point 4)
def status_text(table: Any) -> str:
    return " ".join(text(table.status.value).split())


def wait_for_moment(table: Any, kind: str, limit: int = 400) -> None:
    """Click on until the table shows the moment ``kind``."""
    for _ in range(limit):
        assert not table.game.is_over(), f"the game ended before a {kind!r} moment"
        if table.card_table.moment.get("kind") == kind:
            return
        click_something_legal(table)
    raise AssertionError(f"no {kind!r} moment")


def seat_tricks(table: Any, tricks: Any) -> list[str]:
    return [f"{name}: {won}" for name, won in zip(table.game.names, tricks, strict=True)]


def test_between_two_rounds_the_status_tells_the_round_just_over() -> None:
    from kowhist_teach.teach.explain import suit_name

    table = TableWidget(players=3, seed=1, speed="instant")
    wait_for_moment(table, "round-end")
    game = table.game
    assert len(game.rounds) == 2  # round 2 is dealt already, and waits
    over = game.rounds[0]
    status = status_text(table)
    assert "Round 1: 7 cards" in status and "Round 2" not in status, status
    assert over.trump is not None and f"Trumps: {over.trump.symbol}" in status
    assert suit_name(over.trump) in status and "not chosen yet" not in status
    for part in seat_tricks(table, over.tricks_won):
        assert part in status, (part, status)
    assert sum(over.tricks_won) == 7
    assert "Round 1 is over: read what happened, then click “Next round”" in status
    assert "kw-between-rounds" in table.status.value
    assert "to move" not in status and "Your turn" not in status
    # "Next round": the status shows the new round, tricks from nought.
    table.next_button.click()
    assert not table.guard.errors, table.guard.errors
    status = status_text(table)
    assert "Round 2: 6 cards" in status and "Round 1" not in status, status
    assert "is over" not in status and "kw-between-rounds" not in table.status.value
    for part in seat_tricks(table, game.tricks_won):
        assert part in status
    assert ("Your turn" in status) == (game.to_move == table.model.human)
    assert ("to move" in status) == (game.to_move != table.model.human)


def test_the_knocked_out_student_reads_the_round_that_did_it() -> None:
    table = knocked_out_table()
    n = table.model.out_round
    game = table.game
    status = status_text(table)
    assert f"Round {n}: " in status and f"Round {n + 1}:" not in status, status
    assert f"You are out in round {n}: watch the bots finish, or start again" in status
    for part in seat_tricks(table, game.rounds[n - 1].tricks_won):
        assert part in status, (part, status)
    assert "to move" not in status and "Your turn" not in status
    assert "kw-badge-out" in table.status.value  # the round's outcome: the student is out
    table.card_table.choose("watch")
    status = status_text(table)
    if not table.game.is_over() and table.card_table.moment.get("kind") == "round-end":
        # Watching, the next round's end is told the same way.
        assert f"Round {n + 1} is over" in status and f"Round {n + 1}: " in status
        assert "to move" not in status


def test_between_two_hands_of_a_match_the_status_tells_the_hand_just_over() -> None:
    from kowhist_teach.widgets import GermanTableWidget

    table = GermanTableWidget(seed=4, speed="instant")
    table.setup.match.value = 3
    table.setup.start.click()
    wait_for_moment(table, "hand-end")
    match = table.game
    assert match.hand_number == 2  # hand 2 is dealt already, and waits
    hand = match.games[0]
    won = " · ".join(f"{name}: {w}" for name, w in zip(match.names, match.hands_won, strict=True))
    status = status_text(table)
    assert f"Hand 1 of a match, best of 3 — hands won: {won}" in status, status
    assert "Hand 2 of a match" not in status and sum(match.hands_won) <= 1
    assert "Phase 2 of 2" in status and "Stock" not in status
    trump = hand.trump
    assert trump is None or f"Trumps: {trump.symbol}" in status
    for part in seat_tricks(table, hand.tricks_won):
        assert part in status, (part, status)
    assert sum(hand.tricks_won) == 26 and max(hand.tricks_won) > 0
    assert "Hand 1 is over: read what happened, then click “Next hand”" in status
    assert "to move" not in status and "Your turn" not in status
    # The panels beside the table tell the hand just over too: its tricks by phase,
    # what each took (the stock is gone), every card as dealt and taken.
    chart = " ".join(text(table.chart.value).split())
    for seat, name in enumerate(match.names):
        one, all_ = hand.phase1_tricks[seat], hand.tricks_won[seat]
        assert f"{name} {one} {all_ - one} {all_}" in chart, chart
    assert "The hand is over: every card as dealt and taken" in text(table.review.value)
    assert table.taken.value == taken_html(hand, table.model.human)
    table.next_button.click()
    assert not table.guard.errors, table.guard.errors
    status = status_text(table)
    assert "Hand 2 of a match, best of 3" in status and "Hand 1 of" not in status, status
    assert "Phase 1 of 2" in status and "Stock: " in status and "is over" not in status
    for part in seat_tricks(table, match.tricks_won):
        assert part in status
    assert "Your turn" in status or "to move" in status
    # The new hand's panels: nothing taken, no trick yet, no review.
    assert table.review.value == "" and table.taken.value == taken_html(match, table.model.human)
    chart = " ".join(text(table.chart.value).split())
    assert all(f"{name} 0 0 0" in chart for name in match.names), chart


def test_no_round_over_no_round_told() -> None:
    from kowhist_teach.core.registry import spec
    from kowhist_teach.widgets.family_faces import status_html

    # A single hand of German Whist, the dummy game (which plays no matches) and a
    # Knock-Out game in its first round have no round just over: the facts, trumps and
    # tricks are the game's as it is, whatever the table says instead of the turn.
    for name, options in (("german", {}), ("germandummy", {}), ("knockout", {"players": 3})):
        game_spec = spec(name)
        game = game_spec.new_game(seed=1, **options)
        assert game_spec.ui.finished_round(game) is None, name
        plain = text(status_html(game, 0))
        waiting = text(status_html(game, 0, "Wait."))
        assert waiting.split(" — ")[0] == plain.split(" — ")[0], name
        assert "Wait." in waiting and "Wait." not in plain
        assert waiting.split("Tricks:")[-1] == plain.split("Tricks:")[-1], name
