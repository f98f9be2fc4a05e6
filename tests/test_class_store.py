"""The class store (kowhist_teach/classroom/store.py) on SQLite and on a real PostgreSQL.

Every test that takes ``class_store_url`` or ``class_store`` (fixtures of
tests/class_store_helpers.py, which tests/conftest.py brings) runs on both databases:
on PostgreSQL it skips without a server, and fails without one under
``KOWHIST_REQUIRE_POSTGRES=1``. The concurrency tests run processes, not
threads, as a class runs one kernel per student.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import stat
import time
from pathlib import Path
from typing import Any

import pytest
from class_store_helpers import arrive, race, run_kernels, write_a_lot

from kowhist_teach.classroom.schema import DEFAULT_SETTINGS, NAME_LENGTH
from kowhist_teach.classroom.store import (
    DROPPED,
    SCHEMA_VERSION,
    STORE_FILE,
    ClassStore,
    MoveConflict,
    StoreError,
    new_browser_id,
)

ANN, BOB = "a" * 32, "b" * 32


def one_line(e: BaseException) -> str:
    text = str(e)
    assert text and "\n" not in text and "Traceback" not in text, repr(text)
    return text


# ------------------------------------------------------------------ students
def test_join_and_rejoin(class_store: ClassStore) -> None:
    ann = class_store.join(ANN, "Ann")
    assert (ann.name, ann.browser_id) == ("Ann", ANN)
    assert ann.connected()
    bob = class_store.join(BOB, "  Bob   Smith ")
    assert bob.name == "Bob Smith" and bob.id != ann.id
    # The same browser again (a reload, a new kernel): the same student, the new name.
    again = class_store.join(ANN, "Annie")
    assert (again.id, again.name, again.joined_at) == (ann.id, "Annie", ann.joined_at)
    assert again.last_seen >= ann.last_seen
    assert [(s.id, s.name) for s in class_store.students()] == [
        (ann.id, "Annie"),
        (bob.id, "Bob Smith"),
    ]
    assert (class_store.student(ANN).id, class_store.student(ANN).name) == (ann.id, "Annie")
    assert class_store.student_by_id(bob.id).browser_id == BOB
    assert class_store.student("c" * 32) is None
    assert class_store.student("not an id") is None
    assert class_store.student_by_id(9999) is None
    joins = class_store.events(kind="join")
    assert [(e["student_id"], e["detail"]) for e in joins] == [
        (ann.id, {"name": "Ann"}),
        (bob.id, {"name": "Bob Smith"}),
        (ann.id, {"name": "Annie"}),
    ]
    class_store.left(bob.id)
    assert not class_store.student_by_id(bob.id).connected()
    class_store.seen(bob.id)
    assert class_store.student_by_id(bob.id).connected()


@pytest.mark.parametrize(
    "browser_id",
    ["", "a" * 31, "a" * 33, "A" * 32, "g" * 32, "a" * 31 + "\n", " " + "a" * 31, None, 12],
)
def test_a_malformed_browser_id_is_refused(class_store: ClassStore, browser_id: Any) -> None:
    with pytest.raises(StoreError) as caught:
        class_store.join(browser_id, "Ann")
    assert "malformed" in one_line(caught.value)
    assert class_store.students() == [] and class_store.events() == []


@pytest.mark.parametrize("name", ["", "   ", "\n\t", "x" * (NAME_LENGTH + 1)])
def test_an_empty_or_too_long_name_is_refused(class_store: ClassStore, name: str) -> None:
    with pytest.raises(StoreError) as caught:
        class_store.join(ANN, name)
    one_line(caught.value)
    assert class_store.students() == [] and class_store.events() == []


def test_the_longest_name_and_any_letters_are_kept(class_store: ClassStore) -> None:
    name = "É" * (NAME_LENGTH - 4) + " 中文字"
    assert class_store.join(new_browser_id(), name).name == name
    assert class_store.students()[0].name == name


# --------------------------------------------------------------------- games
def test_games_and_play_keep_the_log_and_the_record_together(class_store: ClassStore) -> None:
    ann = class_store.join(ANN, "Ann")
    bob = class_store.join(BOB, "Bob")
    g = class_store.start_game(
        ann.id, "knockout", players=4, rules={"trumps": "cut"}, seed=2**40, progress={"t": 0}
    )
    other = class_store.start_game(bob.id, "german", players=2, seed=3)
    row = class_store.game(g)
    assert (row.student_id, row.game, row.players, row.rules, row.seed) == (
        ann.id,
        "knockout",
        4,
        {"trumps": "cut"},
        2**40,
    )
    assert (row.record, row.status, row.progress, row.moves, row.over) == (
        None,
        "playing",
        {"t": 0},
        0,
        False,
    )
    class_store.play(
        g,
        [(0, 1, "AS"), (1, 2, "2S")],
        record={"moves": ["AS", "2S"]},
        progress={"t": 1},
        over=False,
    )
    class_store.play(
        g, [(2, 3, "KS")], record={"moves": ["AS", "2S", "KS"]}, progress={}, over=True
    )
    moves = class_store.moves(g)
    assert [(m.game_id, m.number, m.seat, m.move) for m in moves] == [
        (g, 0, 1, "AS"),
        (g, 1, 2, "2S"),
        (g, 2, 3, "KS"),
    ]
    assert moves[0].at <= moves[2].at
    row = class_store.game(g)
    assert (row.record, row.status, row.over, row.moves, row.progress) == (
        {"moves": ["AS", "2S", "KS"]},
        "over",
        True,
        3,
        {},
    )
    assert row.updated_at >= row.started_at
    assert class_store.moves(other) == []
    assert [x.id for x in class_store.games()] == [g, other]
    assert [x.id for x in class_store.games(student_id=bob.id)] == [other]
    assert class_store.game(9999) is None
    later = class_store.start_game(ann.id, "knockout", players=3)
    assert class_store.current_game(ann.id).id == later
    assert class_store.current_game(9999) is None
    assert set(class_store.last_activity()) == {ann.id, bob.id}


def test_a_duplicate_move_number_is_refused_and_nothing_of_that_call_kept(
    class_store: ClassStore,
) -> None:
    ann = class_store.join(ANN, "Ann")
    g = class_store.start_game(ann.id, "knockout", players=4, seed=1)
    class_store.play(
        g, [(0, 0, "AS"), (1, 1, "2S")], record={"n": 2}, progress={"p": 2}, over=False
    )
    before = class_store.game(g)
    # A new move and a number already stored, in one call: neither is kept.
    with pytest.raises(MoveConflict) as caught:
        class_store.play(g, [(2, 2, "3S"), (1, 1, "4S")], record={"n": 3}, progress={}, over=True)
    assert isinstance(caught.value, StoreError)
    assert f"game {g}" in one_line(caught.value)
    # The same number twice in one call.
    with pytest.raises(MoveConflict):
        class_store.play(g, [(2, 2, "3S"), (2, 2, "3S")], record={"n": 9}, progress={}, over=False)
    assert [(m.number, m.move) for m in class_store.moves(g)] == [(0, "AS"), (1, "2S")]
    assert class_store.game(g) == before
    # The game goes on from where it was.
    class_store.play(g, [(2, 2, "3S")], record={"n": 3}, progress={}, over=False)
    assert class_store.game(g).moves == 3


def test_take_back(class_store: ClassStore) -> None:
    ann = class_store.join(ANN, "Ann")
    g = class_store.start_game(ann.id, "knockout", players=4, seed=1)
    cards = ["AS", "2S", "3S", "4S", "5H", "6H"]
    class_store.play(
        g, [(n, n % 4, c) for n, c in enumerate(cards)], record={}, progress={}, over=False
    )
    taken = class_store.take_back(g, 3)
    assert [(m.game_id, m.number, m.seat, m.move) for m in taken] == [
        (g, 3, 3, "4S"),
        (g, 4, 0, "5H"),
        (g, 5, 1, "6H"),
    ]
    assert [m.move for m in class_store.moves(g)] == cards[:3]
    assert class_store.take_back(g, 10) == []
    # The numbers taken back are free again; the game's count follows the log.
    class_store.play(g, [(3, 3, "KD")], record={"n": 4}, progress={}, over=False)
    assert [m.move for m in class_store.moves(g)] == [*cards[:3], "KD"]
    assert class_store.game(g).moves == 4


# -------------------------------------------------------------------- events
def test_events_and_their_counts(class_store: ClassStore) -> None:
    ann = class_store.join(ANN, "Ann")
    bob = class_store.join(BOB, "Bob")
    g = class_store.start_game(ann.id, "knockout", players=4)
    class_store.add_event(ann.id, g, "illegal", {"card": "AS"})
    class_store.add_event(ann.id, g, "hint")
    class_store.add_event(ann.id, g, "hint", {"asked": 2})
    class_store.add_event(ann.id, None, "quiz", {"quiz": "q1", "correct": True})
    class_store.add_event(ann.id, None, "quiz", {"quiz": "q2", "correct": False})
    class_store.add_event(ann.id, None, "quiz", {"quiz": "q3", "correct": True, "tries": 2})
    class_store.add_event(bob.id, None, "quiz", {"quiz": "q1", "correct": False})
    class_store.add_event(bob.id, None, "undo", {"moves": ["AS"]})
    assert class_store.event_counts() == {
        ann.id: {"join": 1, "illegal": 1, "hint": 2, "quiz": 3, "quiz_right": 2},
        bob.id: {"join": 1, "quiz": 1, "undo": 1},
    }
    hints = class_store.events(student_id=ann.id, kind="hint")
    assert [(e["game_id"], e["kind"], e["detail"]) for e in hints] == [
        (g, "hint", {}),
        (g, "hint", {"asked": 2}),
    ]
    assert [e["kind"] for e in class_store.events(student_id=bob.id)] == ["join", "quiz", "undo"]
    assert len(class_store.events()) == 10
    assert [e["detail"]["quiz"] for e in class_store.events(kind="quiz")] == [
        "q1",
        "q2",
        "q3",
        "q1",
    ]
    at = [e["at"] for e in class_store.events()]
    assert at == sorted(at)
    assert class_store.student_by_id(bob.id).last_seen >= at[-1]


# ------------------------------------------------------------------ settings
def test_settings(class_store: ClassStore) -> None:
    assert class_store.settings() == DEFAULT_SETTINGS
    assert class_store.settings_version() == 0
    assert class_store.set_settings({"speed": "fast", "hints": False}) == 1
    assert class_store.settings_version() == 1
    assert class_store.set_settings({"speed": "slow", "rules": {"trumps": "cut"}}) == 2
    expected = {**DEFAULT_SETTINGS, "speed": "slow", "hints": False, "rules": {"trumps": "cut"}}
    assert class_store.settings() == expected
    with pytest.raises(StoreError) as caught:
        class_store.set_settings({"lang": "fr", "colour": "red"})
    assert "'colour'" in one_line(caught.value)
    assert class_store.settings() == expected  # nothing of a refused change is kept
    assert class_store.settings_version() == 2
    assert class_store.set_settings({}) == 3


def test_deals(class_store: ClassStore) -> None:
    with pytest.raises(StoreError) as caught:
        class_store.add_deal("knockout", players=4)
    one_line(caught.value)
    assert class_store.deals() == [] and class_store.current_deal() is None
    assert class_store.settings_version() == 0
    first = class_store.add_deal("knockout", players=4, seed=42, rules={"x": 1}, label="Deal 1")
    assert (first.game, first.players, first.rules, first.seed, first.record, first.label) == (
        "knockout",
        4,
        {"x": 1},
        42,
        None,
        "Deal 1",
    )
    assert class_store.current_deal() == first
    assert class_store.settings()["deal_id"] == first.id
    assert class_store.settings_version() == 1
    record = {"game": "german", "deal": [["AS"], ["2S"]]}
    second = class_store.add_deal("german", players=2, record=record, label="L" * 300)
    assert second.record == record and second.seed is None and len(second.label) == 200
    assert class_store.current_deal() == second
    assert class_store.settings_version() == 2
    assert class_store.deals() == [first, second]
    assert class_store.deal(first.id) == first and class_store.deal(9999) is None
    ann = class_store.join(ANN, "Ann")
    g = class_store.start_game(ann.id, "german", players=2, deal_id=second.id, record=record)
    class_store.start_game(ann.id, "knockout", players=4)
    assert [x.id for x in class_store.games(deal_id=second.id)] == [g]
    assert class_store.game(g).record == record


# -------------------------------------------------------------------- schema
def test_a_store_of_a_newer_schema_is_refused(class_store_url: str) -> None:
    import sqlalchemy as sa

    store = ClassStore.open(url=class_store_url)
    assert store.schema_version() == SCHEMA_VERSION
    store.join(ANN, "Ann")
    with store.engine.begin() as c:
        meta = store.t.meta
        c.execute(
            meta.update()
            .where(meta.c.key == "schema_version")
            .values(value=str(SCHEMA_VERSION + 1))
        )
    store.close()
    with pytest.raises(StoreError) as caught:
        ClassStore.open(url=class_store_url)
    text = one_line(caught.value)
    assert f"schema {SCHEMA_VERSION + 1}" in text and f"up to {SCHEMA_VERSION}" in text
    # Opening it again changed nothing: it is still the newer store, whole.
    engine = sa.create_engine(sa.engine.make_url(store.url), poolclass=sa.pool.NullPool)
    with engine.connect() as c:
        found = c.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version"))
        assert found.scalar() == str(SCHEMA_VERSION + 1)
        assert c.execute(sa.select(sa.func.count()).select_from(store.t.students)).scalar() == 1
    engine.dispose()


def test_reopening_a_store_keeps_everything(class_store_url: str) -> None:
    store = ClassStore.open(url=class_store_url)
    ann = store.join(ANN, "Ann")
    g = store.start_game(ann.id, "knockout", players=4)
    store.play(g, [(0, 0, "AS")], record={"r": 1}, progress={}, over=False)
    store.set_settings({"lang": "fr"})
    store.close()
    again = ClassStore.open(url=class_store_url)
    assert (again.student(ANN).id, again.student(ANN).name) == (ann.id, "Ann")
    assert [m.move for m in again.moves(g)] == ["AS"] and again.game(g).record == {"r": 1}
    assert again.settings()["lang"] == "fr" and again.settings_version() == 1
    assert again.schema_version() == SCHEMA_VERSION
    again.close()


# ------------------------------------------------------------- SQLite files
def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_sqlite_files_are_the_owners_only(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    old = os.umask(0)  # whatever the umask, the store's files are private
    try:
        store = ClassStore.open(folder)
        db = folder / STORE_FILE
        assert (mode(folder), mode(db)) == (0o700, 0o600)
        # A connection held open keeps the WAL and shared-memory files there.
        holder = sqlite3.connect(db)
        holder.execute("SELECT count(*) FROM kw_students").fetchall()
        store.join(ANN, "Ann")
        wal, shm = Path(f"{db}-wal"), Path(f"{db}-shm")
        assert wal.exists() and shm.exists()
        assert (mode(wal), mode(shm)) == (0o600, 0o600)
        holder.close()
        store.close()
    finally:
        os.umask(old)


def test_an_existing_class_folder_is_made_private(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir(mode=0o755)
    (folder / STORE_FILE).touch(mode=0o644)
    os.chmod(folder, 0o755)
    os.chmod(folder / STORE_FILE, 0o644)
    ClassStore.open(folder).close()
    assert (mode(folder), mode(folder / STORE_FILE)) == (0o700, 0o600)


# ----------------------------------------------------------- cannot open
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(
    "where",
    [
        "postgres",  # a PostgreSQL URL where nothing listens
        "under a file",  # a class folder under a file
        "missing folder",  # a SQLite URL in a folder that is not there
        "not a database",  # a class folder whose class.sqlite is something else
        "unknown scheme",
    ],
)
def test_a_store_that_cannot_be_opened_is_one_line(tmp_path: Path, where: str) -> None:
    folder, url = None, None
    if where == "postgres":
        url = f"postgresql://teacher:secret@127.0.0.1:{free_port()}/class?connect_timeout=3"
    elif where == "under a file":
        (tmp_path / "file").write_text("x")
        folder = tmp_path / "file" / "class"
    elif where == "missing folder":
        url = f"sqlite:///{tmp_path}/nowhere/{STORE_FILE}"
    elif where == "not a database":
        folder = tmp_path / "class"
        folder.mkdir()
        (folder / STORE_FILE).write_bytes(b"not a database, " * 200)
    else:
        url = "nosuchdb://x/y"
    started = time.monotonic()
    with pytest.raises(StoreError) as caught:
        ClassStore.open(folder, url=url)
    text = one_line(caught.value)
    assert "secret" not in text
    assert time.monotonic() - started < 10


# --------------------------------------------------------------- concurrency
WRITERS, MOVES, EVENTS = 30, 40, 20


def test_a_class_writing_at_once_loses_nothing(class_store_url: str) -> None:
    """30 kernels, each a student joining and playing as fast as it can: every move and
    every event is stored, and no kernel saw an error ("database is locked" …)."""
    store = ClassStore.open(url=class_store_url)
    arguments = [(class_store_url, i, MOVES, EVENTS) for i in range(WRITERS)]
    finished, problems, exits = run_kernels(write_a_lot, arguments, 120)
    assert problems == [], "\n".join(problems)
    assert exits == [0] * WRITERS
    assert len(finished) == WRITERS

    students = store.students()
    assert sorted(s.browser_id for s in students) == [f"{i:032x}" for i in range(WRITERS)]
    # Every event counted: those past the rate limit (a writer at full speed may send
    # more than EVENTS_PER_SECOND in a second) in a "dropped" event of their second.
    counts = store.event_counts()
    dropped = {s.id: counts[s.id].pop(DROPPED, 0) for s in students}
    assert counts == {s.id: {"join": 1, "hint": EVENTS} for s in students}
    sent_events = WRITERS * (EVENTS + 1)
    stored = store.events()
    kept = [e for e in stored if e["kind"] != DROPPED]
    assert len(kept) + sum(dropped.values()) == sent_events
    assert sum(sum(e["detail"]["counts"].values()) for e in stored if e not in kept) == sum(
        dropped.values()
    )
    for index, game in finished:
        moves = store.moves(game)
        assert [(m.number, m.move) for m in moves] == [(n, f"m{index}.{n}") for n in range(MOVES)]
        row = store.game(game)
        assert (row.moves, row.over, row.record) == (MOVES, True, {"index": index, "moves": MOVES})
    assert sum(g.moves for g in store.games()) == WRITERS * MOVES
    store.close()


ROUNDS = 40


def test_two_kernels_racing_for_a_move_number_one_wins(class_store_url: str) -> None:
    """Two kernels sending the same move of the same game at the same moment, many
    times: each time exactly one is kept and the other is refused (MoveConflict)."""
    store = ClassStore.open(url=class_store_url)
    ann = store.join(ANN, "Ann")
    game = store.start_game(ann.id, "knockout", players=4)
    arguments = [(class_store_url, game, i, ROUNDS) for i in (0, 1)]
    reported, problems, _exits = run_kernels(race, arguments, 90)
    assert problems == [], "\n".join(problems)
    results = dict(reported)
    assert sorted(results) == [0, 1]
    winners = []
    for r in range(ROUNDS):
        kept = [results[0][r], results[1][r]]
        assert sorted(kept) == [False, True], f"round {r}: {kept}"
        winners.append(f"p{kept.index(True)}")
    moves = store.moves(game)
    assert [m.move for m in moves[:ROUNDS]] == winners
    assert [m.seat for m in moves[:ROUNDS]] == [int(w[1]) for w in winners]
    # Then both at once, each with numbers of its own: every move kept, and counted.
    assert [m.number for m in moves] == list(range(3 * ROUNDS))
    assert [m.move for m in moves[ROUNDS:]] == ["p0", "p1"] * ROUNDS
    assert store.game(game).moves == 3 * ROUNDS
    store.close()


KERNELS, JOINS, CHANGES = 8, 10, 10


def test_a_class_arriving_at_once_on_a_new_store(class_store_url: str) -> None:
    """Kernels opening a new store at the same moment (one creates it), joining as the
    same browsers at once (one student each), changing the settings at once (every
    change counted in the settings version)."""
    arguments = [(class_store_url, i, JOINS, CHANGES) for i in range(KERNELS)]
    reported, problems, _exits = run_kernels(arrive, arguments, 90)
    assert problems == [], "\n".join(problems)
    assert sorted(reported) == list(range(KERNELS))
    store = ClassStore.open(url=class_store_url)
    assert store.schema_version() == SCHEMA_VERSION
    assert [s.browser_id for s in store.students()] == [f"{k:032x}" for k in range(JOINS)]
    assert len(store.events(kind="join")) == KERNELS * JOINS
    assert store.settings_version() == KERNELS * CHANGES
    assert store.settings()["lang"] == "fr"
    store.close()
