"""A student's page in a class (kowhist_teach/classroom/join.py), driven as the browser
drives it: the browser's id arrives, a name joins, cards are clicked. Everything it
writes is read back from a real class store (SQLite in a temporary folder)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kowhist_teach.classroom.join import ClassPage, build_class_page, progress, seats_of
from kowhist_teach.classroom.schema import CLASS_DB_ENV
from kowhist_teach.classroom.store import ClassStore
from kowhist_teach.core.record import game_from_record, to_record


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = ClassStore.open(tmp_path / "class")
    yield s
    s.close()


def joined(store: ClassStore, name: str, browser_id: str) -> ClassPage:
    page = ClassPage(store)
    page.browser.browser_id = browser_id
    assert page.form.layout.display != "none"  # a new browser is asked for a name
    page.name.value = name
    assert page.student is not None and page.student.name == name.strip()
    return page


def play_one(page: ClassPage) -> None:
    table = page.app.table
    card = next(m for m in table.game.legal_moves() if hasattr(m, "code"))
    table.play_card(card.code)


def test_join_writes_the_student_and_a_game(store: ClassStore) -> None:
    page = joined(store, "  Ann  ", "a" * 32)
    assert [s.name for s in store.students()] == ["Ann"]
    row = store.current_game(page.student.id)
    assert row is not None and row.game == "knockout" and row.status == "playing"
    assert page.app.table.game.names[0] == "Ann"
    # The class's page has no Teacher settings box and no game switch for the student.
    assert page.app.teacher_box.layout.display == "none"
    assert page.app.game_choice.disabled


def test_every_move_is_stored_with_its_number_and_seat(store: ClassStore) -> None:
    page = joined(store, "Ann", "a" * 32)
    for _ in range(3):
        play_one(page)
    game = page.app.table.game
    row = store.current_game(page.student.id)
    stored = store.moves(row.id)
    assert [m.number for m in stored] == list(range(len(game.moves)))
    assert [m.move for m in stored] == [m.code for m in game.moves]
    assert [m.seat for m in stored] == seats_of(game, 0)
    assert 0 in {m.seat for m in stored} and {m.seat for m in stored} <= {0, 1, 2, 3}
    # The stored record is the game itself: rebuilt from it, the same moves.
    assert [m.code for m in game_from_record(row.record).moves] == [m.code for m in game.moves]
    assert row.moves == len(game.moves) and row.progress["moves"] == len(game.moves)


def test_illegal_cards_hints_undo_and_quiz_answers_are_events(store: ClassStore) -> None:
    page = joined(store, "Ann", "a" * 32)
    table = page.app.table
    game = table.game
    legal = set(game.legal_moves())
    illegal = [c for c in game.hand(0) if c not in legal]
    table.hint_button.click()
    if illegal:
        table.play_card(illegal[0].code)
    play_one(page)
    before = store.current_game(page.student.id)
    table.undo_button.click()
    after = store.current_game(page.student.id)
    # The same game, its log taken back to the student's last turn (not a new game).
    assert after.id == before.id and after.moves < before.moves
    assert len(store.moves(after.id)) == after.moves == len(table.game.moves)
    assert len(store.games(page.student.id)) == 1
    page.app.tabs.selected_index = 2  # the quizzes
    quiz = page.app.quizzes[1]
    quiz.choose(quiz.trick.winner)
    counts = store.event_counts()[page.student.id]
    assert counts["hint"] == 1 and counts["undo"] == 1
    assert counts["quiz"] == 1 and counts["quiz_right"] == 1
    assert counts.get("illegal", 0) == (1 if illegal else 0)
    if illegal:
        event = store.events(page.student.id, "illegal")[0]
        assert event["detail"]["move"] == illegal[0].code and event["detail"]["reason"]


def test_a_reload_brings_the_same_student_and_game_back(store: ClassStore) -> None:
    page = joined(store, "Ann", "a" * 32)
    for _ in range(2):
        play_one(page)
    moves = [m.code for m in page.app.table.game.moves]
    # A new kernel (reload, killed kernel, restarted server): the same browser id.
    again = ClassPage(store)
    again.browser.browser_id = "a" * 32
    assert again.student is not None and again.student.id == page.student.id
    assert again.form.layout.display == "none"  # not asked for a name again
    assert [m.code for m in again.app.table.game.moves] == moves
    assert len(store.games(page.student.id)) == 1  # the same game, not a new one
    play_one(again)
    assert store.current_game(page.student.id).moves == len(again.app.table.game.moves)


def test_the_console_settings_reach_the_page(store: ClassStore) -> None:
    page = joined(store, "Ann", "a" * 32)
    assert page.poll() is False  # nothing changed
    store.set_settings({"speed": "slow", "analysis": "off", "hints": False, "lang": "es"})
    assert page.poll() is True
    table = page.app.table
    assert table.card_table.speed == "slow" and table.analysis == "off"
    assert table.hint_button.disabled and not table.hints_allowed
    table.hint_button.click()
    assert "hint" not in store.event_counts()[page.student.id]
    assert table.hint_button.description == "Pista"
    store.set_settings({"game": "german", "lang": "en"})
    page.poll()
    assert page.app.game_choice.value == "german" and page.app.table.game.n == 2
    assert store.current_game(page.student.id).game == "german"


def test_everyone_plays_the_same_deal(store: ClassStore) -> None:
    ann = joined(store, "Ann", "a" * 32)
    ben = joined(store, "Ben", "b" * 32)
    deal = store.add_deal("knockout", players=3, rules={"start_hand": 5}, seed=99)
    for page in (ann, ben):
        assert page.poll()
        assert page.app.table.game.n == 3
    hands = [[p.app.table.game.hand(s) for s in range(3)] for p in (ann, ben)]
    assert hands[0] == hands[1] and len(hands[0][0]) == 5
    # The same bots: the same clicks give the same game.
    for _ in range(3):
        for page in (ann, ben):
            play_one(page)
    assert [m.code for m in ann.app.table.game.moves] == [m.code for m in ben.app.table.game.moves]
    rows = store.games(deal_id=deal.id)
    assert sorted(r.student_id for r in rows) == sorted([ann.student.id, ben.student.id])


def test_a_deal_from_a_record_starts_at_its_first_deal(store: ClassStore) -> None:
    from kowhist_teach.core.record import load_record

    examples = Path(__file__).resolve().parent.parent / "kowhist_teach" / "examples"
    record = load_record(examples / "knockout-dogs-chance.json")
    page = joined(store, "Zoe", "a" * 32)
    store.add_deal("knockout", players=3, record=record, label="dogs")
    page.poll()
    game = page.app.table.game
    first = to_record(game)["rounds"][0]
    assert first["hands"] == record["rounds"][0]["hands"]
    assert first["turn_up"] == record["rounds"][0]["turn_up"]
    # Only the bots' moves up to the student's first turn, not the record's own.
    assert len(first.get("actions", [])) < len(record["rounds"][0]["actions"])
    assert store.current_game(page.student.id).deal_id == store.current_deal().id
    assert game.names[0] == "Zoe" and game.names[1:] == record["players"][1:]


def test_progress_reads_any_game() -> None:
    from kowhist_teach.core.registry import game_names, spec

    for name in game_names():
        game_spec = spec(name)
        low, high = game_spec.players
        game = game_spec.new_game(players=low if low == high else 4, seed=3)
        while not game.is_over():
            game.play(game.legal_moves()[0])
        p = progress(game)
        assert p["state"] in ("won", "lost", "drawn"), (name, p)
        assert p["moves"] == len(game.moves) and p["round"] >= 1
        assert (p["winner"] is None) == (p["state"] == "drawn")


def test_a_page_without_a_class_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(CLASS_DB_ENV, raising=False)
    assert "kowhist-teach class start" in build_class_page().value
    broken = build_class_page(f"sqlite:///{tmp_path}/missing/folder/class.sqlite")
    assert "cannot open the class store" in broken.value and "Traceback" not in broken.value


def test_a_bad_name_or_id_gets_one_line(store: ClassStore) -> None:
    page = ClassPage(store)
    page.browser.browser_id = "c" * 32
    page.name.value = "x" * 80
    assert page.student is None and "at most" in page.message.value
    forged = ClassPage(store)
    forged.browser.browser_id = "../../etc/passwd"
    forged.name.value = "Eve"
    assert forged.student is None and "malformed" in forged.message.value
    assert [s.name for s in store.students()] == []


def test_every_heartbeat_of_the_browser_is_written(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser beats every 5 s, some beats a little early on a busy machine: each
    is written, so a student at the table is never seen as gone for 10 s (the
    teacher's shortest delay before a bot plays their seat)."""
    import time

    page = joined(store, "Ann", "a" * 32)
    clock = [time.time()]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    written = []
    for _ in range(6):
        clock[0] += 4.98  # the browser's 5 s, a little early
        page.browser.beat += 1
        written.append(next(s.last_seen for s in store.students() if s.name == "Ann"))
    gaps = [round(b - a, 2) for a, b in zip(written, written[1:], strict=False)]
    assert gaps == [4.98] * 5, gaps
