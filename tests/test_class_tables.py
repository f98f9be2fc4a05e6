"""Shared tables in the class store (kowhist_teach/classroom/tables.py; issue 22, point 2
and the race test), on SQLite and on a real PostgreSQL: the class seated at tables with
bots in the empty seats, one game per table in a log numbered per table, rebuilt and
checked by the engine, two kernels racing for one turn never forking it, and each seat
seeing only what it may."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from class_store_helpers import run_kernels, table_race

from kowhist_teach.classroom.schema import MoveRefused, StoreError
from kowhist_teach.classroom.store import ClassStore
from kowhist_teach.classroom.tables import (
    add_move,
    seat_class,
    seat_view,
    table_game,
    table_log,
    table_names,
    tables,
)
from kowhist_teach.cli import main
from kowhist_teach.core.errors import SetupError
from kowhist_teach.core.record import to_record
from kowhist_teach.core.registry import game_names, spec

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]


def class_of(store: ClassStore, names: list[str] = NAMES) -> list[int]:
    return [store.join(f"{i:032x}", name).id for i, name in enumerate(names, start=1)]


def test_the_class_is_seated_with_bots_in_the_empty_seats(class_store: ClassStore) -> None:
    ids = class_of(class_store)
    made = seat_class(class_store, size=4, game="knockout", seed=7)
    assert [t.players for t in made] == [4, 4]
    seated = [who for t in made for who in t.seats if who is not None]
    assert sorted(seated) == sorted(ids)  # everyone seated, once
    assert sum(who is None for t in made for who in t.seats) == 3  # bots fill the rest
    assert tables(class_store) == made
    # The same seed seats and deals the same way; another seed deals other cards.
    again = seat_class(class_store, size=4, game="knockout", seed=7)
    assert [t.seats for t in again] == [t.seats for t in made]
    assert [t.seed for t in again] == [t.seed for t in made]
    assert table_game(class_store, made[0].id).hands == table_game(class_store, again[0].id).hands


def test_bad_tables_are_refused_in_one_line(class_store: ClassStore) -> None:
    with pytest.raises(StoreError, match="nobody has joined"):
        seat_class(class_store, size=4)
    class_of(class_store)
    with pytest.raises(SetupError, match="2 to 2 players, not 4"):
        seat_class(class_store, size=4, game="german")
    with pytest.raises(SetupError, match="unknown rule option"):
        seat_class(class_store, size=4, rules={"no_such_rule": True})
    with pytest.raises(StoreError, match="no table 99"):
        table_game(class_store, 99)
    assert tables(class_store) == []


@pytest.mark.parametrize("game", game_names())
def test_a_whole_game_through_the_log_is_the_engines_own(
    class_store: ClassStore, game: str
) -> None:
    """Every seat's kernel plays through the log: the game rebuilt from it after every
    move is the game the engine plays from the same seed."""
    class_of(class_store, NAMES[:2])
    low, high = spec(game).players
    table = seat_class(class_store, size=low if low == high else 4, game=game, seed=3)[0]
    # The table's game carries the names at the table (the students', "Bot N").
    names = table_names(class_store, table)
    assert all(n.startswith("Bot ") for n, who in zip(names, table.seats, strict=True) if not who)
    assert set(NAMES[:2]) <= set(names)
    direct = spec(game).new_game(players=names, seed=table.seed)
    dice = random.Random(5)
    while not direct.is_over():
        rebuilt = table_game(class_store, table.id)
        assert rebuilt.to_move == direct.to_move and rebuilt.legal_moves() == direct.legal_moves()
        move = dice.choice(direct.legal_moves())
        add_move(class_store, table.id, len(direct.moves), direct.to_move, move, writer=None)
        direct.play(move)
    final = table_game(class_store, table.id)
    assert final.is_over() and to_record(final) == to_record(direct)
    assert [n for n, _s, _m in table_log(class_store, table.id)] == list(range(len(direct.moves)))


def test_a_log_that_breaks_a_rule_is_refused(class_store: ClassStore) -> None:
    """The store's API never writes a move out of turn (tests/security/test_table_law.py);
    a log that holds one all the same (written straight into the database, or by an
    older kowhist-teach) is refused in one line when it is read, never played on."""
    class_of(class_store, NAMES[:1])
    table = seat_class(class_store, size=3, seed=1)[0]
    game = table_game(class_store, table.id)
    wrong_seat = (game.to_move + 1) % 3
    with pytest.raises(MoveRefused, match="turn"):
        add_move(class_store, table.id, 0, wrong_seat, game.legal_moves()[0], writer=None)
    with class_store._write() as c:
        c.execute(
            class_store.t.table_moves.insert().values(
                table_id=table.id, number=0, seat=wrong_seat, move=game.legal_moves()[0].code,
                at=0.0,
            )
        )  # fmt: skip
    with pytest.raises(StoreError, match="was not seat"):
        table_game(class_store, table.id)
    for number in (0, 1):  # nothing is written over it, nor played on it
        with pytest.raises(StoreError, match="was not seat"):
            add_move(class_store, table.id, number, game.to_move, game.legal_moves()[0],
                     writer=None)  # fmt: skip
    assert len(table_log(class_store, table.id)) == 1


def test_two_kernels_racing_for_each_turn_never_fork_the_game(class_store_url: str) -> None:
    """Two kernels at one table send a move for the same turn, with the same number, at
    the same moment, turn after turn (each its own choice of card): each time exactly
    one is kept, and both rebuild the same game from the log afterwards."""
    store = ClassStore.open(url=class_store_url)
    class_of(store, NAMES[:2])
    table = seat_class(store, size=3, game="knockout", rules={"start_hand": 4}, seed=2)[0]
    arguments = [(class_store_url, table.id, i) for i in (0, 1)]
    reported, problems, _exits = run_kernels(table_race, arguments, 120)
    assert problems == [], "\n".join(problems)
    results = {i: (kept, record) for i, kept, record in reported}
    (kept0, record0), (kept1, record1) = results[0], results[1]
    assert len(kept0) == len(kept1) >= 9
    assert all(a != b for a, b in zip(kept0, kept1, strict=True)), (kept0, kept1)
    assert record0 == record1 == to_record(table_game(store, table.id))
    assert table_game(store, table.id).is_over()
    store.close()


def test_each_seat_sees_only_its_own_hand(class_store: ClassStore) -> None:
    class_of(class_store, NAMES[:4])
    table = seat_class(class_store, size=4, seed=4)[0]
    game = table_game(class_store, table.id)
    for seat in range(4):
        view = seat_view(game, seat)
        others = sum(len(game.hand(s)) for s in range(4) if s != seat)
        # Its own cards and the turned-up card face up; every other card a back.
        assert view.count('class="kwr-back') == others
        assert view.count('class="kwr-card') == len(game.hand(seat)) + 1


def test_class_tables_and_status_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "class"
    store = ClassStore.open(folder)
    class_of(store)
    store.close()
    assert main(["class", "tables", "--dir", str(folder), "--size", "3", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("Table 1: ") and "a bot" in lines[1]
    assert main(["class", "status", "--dir", str(folder), "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert [len(t["seats"]) for t in status["tables"]] == [3, 3]
    seated = [s["name"] for t in status["tables"] for s in t["seats"] if not s["bot"]]
    assert sorted(seated) == sorted(NAMES)
    assert all(t["record"]["game"] == "knockout" for t in status["tables"])
    code = main(["class", "tables", "--dir", str(folder), "--size", "9"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.count("\n") == 0 and "not 9" in err and "Traceback" not in err
