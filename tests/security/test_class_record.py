"""Every game in the class's record (issue 32, point 3; DESIGN §4, §8): ``class export``
holds every shared table's record and the same-deal results, ``students.csv`` counts
table games and wins, a game the teacher's change replaced is ``abandoned`` (not
played), a table whose game is over is ``finished`` everywhere, and the anonymous zip
keeps no store id, browser id or exact time.

Each test runs in-process on a class store, on SQLite then on PostgreSQL (the
``class_store`` fixture of tests/class_store_helpers.py). On the main branch before this
work, the zip held no table at all, the winner of a table counted 0 games won, a game
replaced by the teacher's new deal stayed ``playing`` and counted as played, a finished
table stayed ``playing``, and the anonymous zip kept the store's ids and times to the
second."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from kowhist_teach import KnockoutGame
from kowhist_teach import replay as api_replay
from kowhist_teach.classroom.store import ClassStore
from kowhist_teach.classroom.tables import (
    add_move,
    new_deal,
    seat_class,
    set_status,
    table_game,
    table_log,
    tables,
)
from kowhist_teach.cli.class_ import class_status, export_class
from kowhist_teach.core.record import to_record
from kowhist_teach.i18n import set_language

NAMES = ["Ann", "Ben", "Cleo", "Dan"]
#: A short Knock-Out game at the shared tables: two players, three cards.
SHORT = {"start_hand": 3}


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def played(names: list[str], seed: int, steps: int | None = None) -> tuple[Any, list[Any]]:
    """A Knock-Out game between ``names`` played at random (``steps`` moves, or to the
    end), and its moves as the store numbers them."""
    game = KnockoutGame(names, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not game.is_over() and (steps is None or len(moves) < steps):
        seat = game.to_move
        move = rng.choice(game.legal_moves())
        game.play(move)
        moves.append((len(moves), seat, move.code if hasattr(move, "code") else str(move)))
    return game, moves


def solo(store: ClassStore, student: int, name: str, seed: int, steps: int | None = None,
         deal_id: int | None = None) -> tuple[int, Any]:  # fmt: skip
    """A solo game of the student's, stored as their page stores it: its id and game."""
    game, moves = played([name, "Bot 1", "Bot 2", "Bot 3"], seed, steps)
    gid = store.start_game(student, "knockout", players=4, seed=seed, deal_id=deal_id)
    over = game.is_over()
    state = ("won" if game.outcome().winner == 0 else "lost") if over else "playing"
    tricks = [1] * (len(moves) // 8)
    progress = {"round": 1, "tricks_by_round": tricks, "state": state}
    store.play(gid, moves, record=to_record(game), progress=progress, over=over)
    return gid, game


def play_table(store: ClassStore, table_id: int, steps: int | None = None) -> Any:
    """Play the table's game through its log (legal moves, as the seats' kernels write
    them), ``steps`` moves or to the end (the last move makes the table finished)."""
    game = table_game(store, table_id)
    rng = random.Random(table_id)
    done = 0
    while not game.is_over() and (steps is None or done < steps):
        add_move(store, table_id, len(game.moves), game.to_move, rng.choice(game.legal_moves()),
                 writer=None)  # the teacher's program, as `class tables` is
        game = table_game(store, table_id)
        done += 1
    return game


@dataclass
class Class:
    store: ClassStore
    ids: dict[str, int]
    finished: int
    abandoned: int
    in_progress: int
    winner: str
    games: dict[str, list[int]]
    deal: int


@pytest.fixture
def a_class(class_store: ClassStore) -> Class:
    """Ann, Ben, Cleo and Dan: solo games (one over, one replaced by the teacher's deal),
    the teacher's deal for everyone (Ann to the end, Cleo halfway), and shared tables of
    two: one finished, one abandoned by a new deal, the one that replaced it in progress."""
    store = class_store
    ids = {n: store.join(c * 32, n).id for c, n in zip("abcd", NAMES, strict=True)}
    games: dict[str, list[int]] = {n: [] for n in NAMES}
    # Interleaved, so that a game's id in the store is not its number in the zip.
    games["Ann"].append(solo(store, ids["Ann"], "Ann", seed=3)[0])  # over
    games["Ben"].append(solo(store, ids["Ben"], "Ben", seed=4, steps=9)[0])  # replaced below
    deal = store.add_deal("knockout", players=4, seed=11, label="everyone: seed 11")
    games["Ann"].append(solo(store, ids["Ann"], "Ann", seed=11, deal_id=deal.id)[0])
    games["Cleo"].append(solo(store, ids["Cleo"], "Cleo", seed=11, steps=6, deal_id=deal.id)[0])
    first, second = seat_class(store, 2, "knockout", rules=SHORT, seed=5)
    play_table(store, first.id)
    play_table(store, second.id, steps=3)
    (third,) = new_deal(store, [second.id], seed=6)
    play_table(store, third.id, steps=2)
    winner_seat = table_game(store, first.id).outcome().winner
    winner = next(n for n, i in ids.items() if i == first.seats[winner_seat])
    return Class(store, ids, first.id, second.id, third.id, winner, games, deal.id)


def read_zip(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name).decode("utf-8") for name in z.namelist()}


def rows(files: dict[str, str], name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(files[name])))


def export(store: ClassStore, tmp_path: Path, anonymous: bool = False) -> dict[str, str]:
    out = tmp_path / ("anon.zip" if anonymous else "class.zip")
    export_class(class_status(store), out, anonymous=anonymous)
    return read_zip(out)


# ------------------------------------------------------------------ the tables
def test_every_shared_table_is_in_the_zip_and_replays(a_class: Class, tmp_path: Path) -> None:
    store = a_class.store
    files = export(store, tmp_path)
    names = sorted(n for n in files if n.startswith("tables/"))
    assert names == [f"tables/{t.id}-knockout.json" for t in tables(store)]
    expected = {a_class.finished: "over", a_class.abandoned: "in_progress",
                a_class.in_progress: "in_progress"}  # fmt: skip
    students = {i: n for n, i in a_class.ids.items()}
    for table in tables(store):
        record = json.loads(files[f"tables/{table.id}-knockout.json"])
        out = api_replay(record)
        assert out["status"] == expected[table.id], (table.id, out.get("error"))
        # Every move of the table's log is in its record, in order.
        assert record == to_record(table_game(store, table.id))
        log = [m for _n, _s, m in table_log(store, table.id)]
        actions = [a for r in record["rounds"] for a in r.get("actions", [])]
        assert actions == log
        # Seats named: the students by name, the bots by seat.
        assert record["players"] == [
            students[who] if who is not None else f"Bot {seat + 1}"
            for seat, who in enumerate(table.seats)
        ]


def test_the_zip_replays_through_the_command(
    a_class: Class, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from helpers import run

    files = export(a_class.store, tmp_path)
    records = [n for n in files if n.endswith(".json")]
    assert len(records) == 3 + 3 + 1  # three tables, Ann's two games, Ben's and Cleo's
    for name in records:
        path = tmp_path / name.replace("/", "-")
        path.write_text(files[name], encoding="utf-8")
        code, text, err = run(capsys, "replay", str(path), "--json")
        assert code == 0 and err == "", (name, text)
        assert json.loads(text)["status"] in ("over", "in_progress")


def test_tables_csv_says_finished_abandoned_and_playing(a_class: Class, tmp_path: Path) -> None:
    files = export(a_class.store, tmp_path)
    table_rows = rows(files, "tables.csv")
    status = {int(r["table"]): r["status"] for r in table_rows}
    assert status == {a_class.finished: "finished", a_class.abandoned: "abandoned",
                      a_class.in_progress: "playing"}  # fmt: skip
    finished = [r for r in table_rows if int(r["table"]) == a_class.finished]
    assert [r["result"] for r in finished if r["player"] == a_class.winner] == ["won"]
    assert sorted(r["result"] for r in finished) == ["lost", "won"]
    assert all(r["file"] == f"tables/{r['table']}-knockout.json" for r in table_rows)


def test_status_json_gives_every_table_its_record_and_state(a_class: Class) -> None:
    status = class_status(a_class.store)
    found = {t["id"]: t for t in status["tables"]}
    assert {i: t["status"] for i, t in found.items()} == {
        a_class.finished: "finished", a_class.abandoned: "abandoned",
        a_class.in_progress: "playing",
    }  # fmt: skip
    for table in found.values():
        assert table["record"] is not None and "error" not in table
        assert api_replay(table["record"])["status"] in ("over", "in_progress")
        assert table["moves"] == len(table_log(a_class.store, table["id"]))
    assert found[a_class.abandoned]["closed"] and not found[a_class.in_progress]["closed"]
    assert sorted(s["state"] for s in found[a_class.finished]["seats"]) == ["lost", "won"]
    # Pausing everything leaves a finished or abandoned table as it was.
    set_status(a_class.store, "paused")
    after = {t.id: t.status for t in tables(a_class.store)}
    assert after == {a_class.finished: "finished", a_class.abandoned: "abandoned",
                     a_class.in_progress: "paused"}  # fmt: skip


def test_a_broken_log_still_has_its_record_so_far(a_class: Class) -> None:
    """A move the rules refuse (written straight to the store) stops the record there,
    with an error, instead of a null record."""
    store = a_class.store
    log = table_log(store, a_class.in_progress)
    game = table_game(store, a_class.in_progress)
    held = {c.code for c in game.legal_moves()}
    stranger = next(c for c in ("AS", "KH", "2C", "7D", "QS") if c not in held)
    with store._write() as c:  # as a forged write would: no check at all
        c.execute(
            store.t.table_moves.insert().values(
                table_id=a_class.in_progress, number=len(log), seat=game.to_move,
                move=stranger, at=0.0,
            )
        )  # fmt: skip
    table = next(t for t in class_status(store)["tables"] if t["id"] == a_class.in_progress)
    assert table["record"] is not None and table["moves"] == len(log)
    assert f"move {len(log)} of table {a_class.in_progress}" in table["error"]
    assert api_replay(table["record"])["status"] == "in_progress"


# ------------------------------------------------------------------ the counts
def test_students_csv_counts_solo_and_table_games(a_class: Class, tmp_path: Path) -> None:
    store = a_class.store
    files = export(store, tmp_path)
    by_name = {r["name"]: r for r in rows(files, "students.csv")}
    ann_games = store.games(a_class.ids["Ann"])
    ann_won = sum(1 for g in ann_games if g.progress.get("state") == "won")
    counts = {
        n: (r["games_played"], r["games_won"], r["games_in_progress"], r["games_abandoned"],
            r["table_games_played"], r["table_games_won"])
        for n, r in by_name.items()
    }  # fmt: skip
    finished = next(t for t in tables(store) if t.id == a_class.finished)
    at_finished = {n for n, i in a_class.ids.items() if i in finished.seats}
    for name in NAMES:
        table_played = "1" if name in at_finished else "0"
        table_won = "1" if name == a_class.winner else "0"
        solo_counts = {
            "Ann": ("2", str(ann_won), "0", "0"),  # her game and the teacher's deal, both over
            "Ben": ("0", "0", "0", "1"),  # replaced by the teacher's deal before its end
            "Cleo": ("0", "0", "1", "0"),  # the teacher's deal, halfway
            "Dan": ("0", "0", "0", "0"),
        }[name]
        assert counts[name] == (*solo_counts, table_played, table_won), name
    # The header, as docs/deploy.md tells it.
    assert list(rows(files, "students.csv")[0]) == [
        "id", "name", "joined", "last_activity", "games_played", "games_won",
        "games_in_progress", "games_abandoned", "table_games_played", "table_games_won",
        "illegal_tries", "hints", "quiz_answered", "quiz_right",
    ]  # fmt: skip


def test_same_deal_results(a_class: Class, tmp_path: Path) -> None:
    files = export(a_class.store, tmp_path)
    found = rows(files, "same_deal.csv")
    assert [(r["student"], r["status"]) for r in found] == [("Ann", "over"), ("Cleo", "playing")]
    assert all(r["deal"] == str(a_class.deal) and r["label"] == "everyone: seed 11" for r in found)
    ann = found[0]
    assert ann["result"] in ("won", "lost") and ann["file"].startswith("games/")
    assert api_replay(json.loads(files[ann["file"]]))["status"] == "over"
    deals = [r for r in rows(files, "games.csv") if r["deal"]]
    assert [r["student"] for r in deals] == ["Ann", "Cleo"]


def test_the_teachers_change_abandons_games_in_progress(class_store: ClassStore) -> None:
    """A new game in the settings, or a deal for everyone, replaces every game in
    progress: abandoned, never counted; a finished game is counted once."""
    store = class_store
    ann = store.join("a" * 32, "Ann").id
    ben = store.join("b" * 32, "Ben").id
    over, _ = solo(store, ann, "Ann", seed=3)
    halfway, _ = solo(store, ben, "Ben", seed=4, steps=5)
    store.set_settings({"speed": "fast"})  # not a new game: nothing replaced
    assert store.game(halfway).status == "playing"
    store.set_settings({"game": "german", "players": 2})
    assert (store.game(over).status, store.game(halfway).status) == ("over", "abandoned")
    # A page that had not seen the change yet writes one more move: still abandoned.
    game, moves = played(["Ben", "Bot 1", "Bot 2", "Bot 3"], seed=4, steps=6)
    store.play(halfway, moves[5:], record=to_record(game), progress={}, over=False)
    assert store.game(halfway).status == "abandoned"
    again, _ = solo(store, ben, "Ben", seed=9, steps=5)
    store.add_deal("knockout", players=4, seed=11)
    assert store.game(again).status == "abandoned"
    # A student's own next game replaces theirs in progress too.
    third, _ = solo(store, ann, "Ann", seed=12, steps=3)
    fourth, _ = solo(store, ann, "Ann", seed=13, steps=3)
    assert (store.game(third).status, store.game(fourth).status) == ("abandoned", "playing")
    status = class_status(store)
    played_counts = {
        s["name"]: sum(1 for g in s["games"] if g["status"] == "over") for s in status["students"]
    }
    assert played_counts == {"Ann": 1, "Ben": 0}


def test_a_class_page_follows_the_teachers_deal_into_a_new_game(class_store: ClassStore) -> None:
    """Through the student's page: the game in progress when the teacher sends a deal is
    abandoned, the deal's game is a new one tagged with the deal, and a reload comes
    back to it (never to the abandoned one)."""
    from kowhist_teach.classroom.join import ClassPage

    store = class_store
    page = ClassPage(store)
    page.browser.browser_id = "a" * 32
    page.name.value = "Ann"
    table = page.app.table
    for _ in range(2):
        table.play_card(next(m for m in table.game.legal_moves() if hasattr(m, "code")).code)
    first = store.current_game(page.student.id)
    assert first is not None and first.moves > 0 and first.deal_id is None
    deal = store.add_deal("knockout", players=4, seed=11)
    assert store.game(first.id).status == "abandoned"  # at once, for a page closed now too
    assert page.poll()
    now = store.current_game(page.student.id)
    assert now.id != first.id and now.deal_id == deal.id and now.status == "playing"
    assert store.game(first.id).status == "abandoned"
    again = ClassPage(store)
    again.browser.browser_id = "a" * 32
    assert store.current_game(page.student.id).id == now.id
    assert again.links[id(again.app.table)].game_id in (now.id, None)


def test_a_finished_table_says_so_everywhere(class_store: ClassStore) -> None:
    """Played to the end from the seats' pages: the store says finished, and so do
    status --json, the console's list of tables and the student's page."""
    from kowhist_teach.classroom.console_tables import TablesBox
    from kowhist_teach.classroom.seated import SeatPage

    store = class_store
    ann, ben = store.join("a" * 32, "Ann"), store.join("b" * 32, "Ben")
    table = seat_class(store, 2, "knockout", rules=SHORT, seed=1)[0]
    pages = [SeatPage(store, s, table, table.seats.index(s.id)) for s in (ann, ben)]
    for _turn in range(40):
        if all(p.model.game.is_over() for p in pages):
            break
        for p in pages:
            p.poll(force=True)
            game = p.model.game
            if not game.is_over() and game.to_move == p.seat:
                p.view.play_card(game.legal_moves()[0].code)
    assert all(p.model.game.is_over() for p in pages)
    assert tables(store)[0].status == "finished"
    assert class_status(store)["tables"][0]["status"] == "finished"
    box = TablesBox(store)
    assert "finished" in box.rows.children[0].children[0].value
    assert any("The game is over" in p.heading.value for p in pages)


# ------------------------------------------------------------------ anonymous
def test_the_anonymous_zip_keeps_no_ids_and_no_exact_times(a_class: Class, tmp_path: Path) -> None:
    store = a_class.store
    files = export(store, tmp_path, anonymous=True)
    assert set(files) >= {"students.csv", "games.csv", "tables.csv", "same_deal.csv"}
    students = rows(files, "students.csv")
    assert [(r["id"], r["name"]) for r in students] == [
        (str(n), f"Student {n}") for n in range(1, 5)
    ]
    # Games numbered in the zip's order (student by student), not by their store ids.
    game_rows = rows(files, "games.csv")
    assert [r["file"].split("-")[0] for r in game_rows] == [f"games/{n}" for n in range(1, 5)]
    assert [r["student"] for r in game_rows] == ["Student 1", "Student 1", "Student 2",
                                                  "Student 3"]  # fmt: skip
    assert [g.id for g in store.games(a_class.ids["Ann"])] != [1, 2]  # the store's differ
    tables_rows = rows(files, "tables.csv")
    assert {r["player"] for r in tables_rows} <= {f"Student {n}" for n in range(1, 5)} | {
        "Bot 1", "Bot 2",
    }  # fmt: skip
    browser_ids = [c * 32 for c in "abcd"]
    exact = re.compile(r"\d{2}:\d{2}:\d{2}")
    epoch = re.compile(r"\b1[6-9]\d{8}(\.\d+)?\b")
    for name, text in files.items():
        for n in NAMES:
            assert n not in text, (name, n)
        assert not any(b in text for b in browser_ids), name
        assert store.where not in text, name
        assert not exact.search(text), (name, exact.search(text))
        assert not epoch.search(text), name
    for r in students:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d", r["joined"]), r["joined"]
    for r in game_rows:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d", r["started"]), r["started"]
    # Every record of the anonymous zip replays, its seats numbered as the csv files say.
    for name, text in files.items():
        if name.endswith(".json"):
            record = json.loads(text)
            assert api_replay(record)["status"] in ("over", "in_progress"), name
            assert all(p.startswith(("Student ", "Bot ")) for p in record["players"]), name
    finished = next(t for t in tables(store) if t.id == a_class.finished)
    number = {i: n for n, i in enumerate(a_class.ids.values(), 1)}
    record = json.loads(files[f"tables/{a_class.finished}-knockout.json"])
    assert record["players"] == [
        f"Student {number[who]}" if who is not None else f"Bot {s + 1}"
        for s, who in enumerate(finished.seats)
    ]


# ------------------------------------------------------------------ older stores
def test_a_schema_1_store_is_migrated_once(class_store_url: str) -> None:
    """A store written before tables were finished or abandoned (schema 1: ``done`` for
    both, no ``closed_at``, a replaced game left ``playing``) opens, migrated: each
    ``done`` table finished or abandoned by its log, a table whose log ends its game
    finished, a replaced game abandoned; a second open changes nothing."""
    from kowhist_teach.classroom.schema import SCHEMA_VERSION

    store = ClassStore.open(url=class_store_url)
    ann = store.join("a" * 32, "Ann").id
    ben = store.join("b" * 32, "Ben").id
    old_game, _ = solo(store, ann, "Ann", seed=4, steps=5)
    newest, _ = solo(store, ann, "Ann", seed=5, steps=5)
    made = []
    for seed, steps in ((2, None), (3, 2), (4, None)):  # each seating closes the one before
        (table,) = seat_class(store, 2, "knockout", students=[ann, ben], rules=SHORT, seed=seed)
        play_table(store, table.id, steps)
        made.append(table)
    done_over, done_halfway, over_but_playing = made
    t, g = store.t, store.t.games
    with store._write() as c:  # what schema 1 wrote
        c.execute(t.tables.update().where(t.tables.c.id.in_([done_over.id, done_halfway.id]))
                  .values(status="done"))  # fmt: skip
        c.execute(t.tables.update().where(t.tables.c.id == over_but_playing.id)
                  .values(status="playing"))  # fmt: skip
        c.execute(g.update().where(g.c.id == old_game).values(status="playing"))
        c.execute(t.meta.update().where(t.meta.c.key == "schema_version").values(value="1"))
        c.exec_driver_sql("ALTER TABLE kw_tables DROP COLUMN closed_at")
    store.close()
    for _open in range(2):
        store = ClassStore(class_store_url)
        assert store.schema_version() == SCHEMA_VERSION == 2
        found = {x.id: (x.status, x.closed) for x in tables(store)}
        assert found == {
            done_over.id: ("finished", True),
            done_halfway.id: ("abandoned", True),
            over_but_playing.id: ("finished", False),
        }
        assert (store.game(old_game).status, store.game(newest).status) == (
            "abandoned", "playing",
        )  # fmt: skip
        store.close()


def test_the_commands_say_finished_and_abandoned(
    a_class: Class, capsys: pytest.CaptureFixture[str]
) -> None:
    """``class status`` lists the open tables with their state; ``class tables`` says
    which tables its new seating closed, finished or abandoned."""
    from helpers import run

    url = a_class.store.url
    code, out, err = run(capsys, "class", "status", "--db", url)
    assert code == 0 and err == "", err
    lines = [line for line in out.splitlines() if line.startswith("Table ")]
    assert [line.rsplit(" · ", 1)[1] for line in lines] == ["finished", "playing"]
    assert lines[0].startswith(f"Table {a_class.finished} · Knock-Out Whist · ")
    code, out, err = run(capsys, "class", "tables", "--db", url, "--size", "4", "--seed", "1")
    assert code == 0 and err == "", err
    assert out.splitlines()[:2] == [
        f"Table {a_class.finished}: finished",
        f"Table {a_class.in_progress}: abandoned (the teacher dealt again before its end)",
    ]
    states = {t.id: (t.status, t.closed) for t in tables(a_class.store)}
    assert states[a_class.finished] == ("finished", True)
    assert states[a_class.in_progress] == ("abandoned", True)
