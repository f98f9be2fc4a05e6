"""Red team, issue 32 point 2: "the table's log is the law". A student at a shared table
tries to play for another seat, or to put into the table's game a move that is not
legal there, from their page's JavaScript (a ``comm_msg`` to one of their kernel's
widget models) and straight through the store's API (what a kernel writes).

Every attack must leave the table as it was: its log in the store, every page's game
(each polled after the attack), and what the teacher's console reads (``table_game``,
whose take-back must still work); a refusal of the store is one log line, no traceback.

The pages are built in-process, as a class's kernels build them (two students, Ann and
Ben, and two bots at a Knock-Out table), and the forged messages are delivered as the
kernel delivers a ``comm_msg``: to the comm manager, by the comm's id, which the page's
JavaScript learned when the kernel opened the widget's comm. A closed widget's comm is
gone: a message to it reaches nothing.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import comm
import ipywidgets as w
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kowhist_teach.classroom.schema import MoveConflict, MoveRefused, StoreError
from kowhist_teach.classroom.seated import _SOLO_ONLY, SeatPage
from kowhist_teach.classroom.store import ClassStore
from kowhist_teach.classroom.tables import (
    ABANDONED,
    FINISHED,
    PLAYING,
    Table,
    add_move,
    new_deal,
    open_table,
    set_status,
    table_game,
    table_log,
    tables,
    take_back_trick,
    take_seat,
)
from kowhist_teach.core.cards import Card
from kowhist_teach.core.record import to_record
from kowhist_teach.widgets._common import widget_tree

LAW_LOG = "kowhist_teach.classroom.tables"
DECK = [Card(f"{rank}{suit}") for suit in "CDHS" for rank in "23456789TJQKA"]


# ---------------------------------------------------------------------- the table
def _table_of_two(store: ClassStore, seed: int = 4) -> tuple[Table, int, int]:
    """A Knock-Out table of four: Ben in seat 1, Ann in seat 2, bots in seats 3 and 4
    (so Ben's page plays the bots: the lowest seat of a student here). The students'
    ids, Ann's first."""
    ann = store.join("a" * 32, "Ann").id
    ben = store.join("b" * 32, "Ben").id
    table = open_table(store, 4, "knockout", seed=seed)
    assert take_seat(store, table.id, 0, ben) and take_seat(store, table.id, 1, ann)
    return tables(store, table.id)[0], ann, ben


def _student_turn(store: ClassStore, table: Table, who: int) -> Any:
    """The table played (by the teacher's hand: ``writer=None``) up to a turn of seat
    ``who``'s, after at least one trick; the game then."""
    dice = random.Random(table.seed)
    game = table_game(store, table.id)
    while len(game.moves) < 5 or game.to_move != who:
        move = dice.choice(game.legal_moves())
        add_move(store, table.id, len(game.moves), game.to_move, move, writer=None)
        game = table_game(store, table.id)
    return game


def _codes(moves: list[Any]) -> list[str]:
    return [str(getattr(m, "code", None) or m) for m in moves]


def _refusals(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == LAW_LOG and r.levelno >= logging.WARNING]


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    tracebacks = [r.getMessage() for r in caplog.records if r.exc_info]
    assert tracebacks == [], tracebacks


def _one_line_refusal(caplog: pytest.LogCaptureFixture, *words: str) -> None:
    found = _refusals(caplog)
    assert len(found) == 1, [r.getMessage() for r in found]
    line = found[0].getMessage()
    assert "\n" not in line and found[0].exc_info is None
    assert all(word in line for word in words), line
    _no_traceback(caplog)


# ------------------------------------------------------------- the store's API
@pytest.fixture
def at_the_table(class_store: ClassStore) -> Iterator[tuple[ClassStore, Table, int, int, Any]]:
    """Ann's turn at the table of two (SQLite and PostgreSQL): the store, the table,
    Ann's and Ben's ids, the game."""
    table, ann, ben = _table_of_two(class_store)
    game = _student_turn(class_store, table, who=1)
    yield class_store, table, ann, ben, game


def _attempt(
    store: ClassStore, table: Table, number: int, seat: int, move: Any, writer: int | None
) -> None:
    """The attack, with the table's log and game before and after compared."""
    before = table_log(store, table.id)
    moves = _codes(table_game(store, table.id).moves)
    with pytest.raises(MoveRefused):
        add_move(store, table.id, number, seat, move, writer=writer)
    assert table_log(store, table.id) == before
    assert _codes(table_game(store, table.id).moves) == moves


def test_a_page_cannot_play_another_students_seat(at_the_table: Any, caplog: Any) -> None:
    """Attack: Ann's kernel writes a legal move for Ben's seat (Ben is here). Refused."""
    store, table, ann, _ben, _game = at_the_table
    game = _student_turn(store, table, who=0)
    _attempt(store, table, len(game.moves), 0, game.legal_moves()[0], writer=ann)
    _one_line_refusal(caplog, "seat 1 is another student's")


def test_a_page_cannot_play_the_bots_it_was_not_given(at_the_table: Any, caplog: Any) -> None:
    """Attack: Ann's kernel writes a bot's move, the bots being Ben's page's to play (he
    sits lower and is here): Ann would choose the bots' cards. Refused."""
    store, table, ann, ben, _game = at_the_table
    game = _student_turn(store, table, who=2)
    _attempt(store, table, len(game.moves), 2, game.legal_moves()[0], writer=ann)
    _one_line_refusal(caplog, "the bots are played by the page of seat 1")
    # Ben's page may: it is his to play the bots.
    add_move(store, table.id, len(game.moves), 2, game.legal_moves()[0], writer=ben)


def test_a_student_gone_leaves_the_bots_to_the_next(at_the_table: Any, caplog: Any) -> None:
    """Not an attack: Ben has left (not seen for longer than the teacher's delay), so
    Ann's page plays the bots and Ben's seat, as the pages' own rule has it; once he is
    back they are his page's again."""
    store, table, ann, ben, game = at_the_table
    store.seen(ben, 1.0)
    for _ in range(6):
        game = table_game(store, table.id)
        add_move(store, table.id, len(game.moves), game.to_move, game.legal_moves()[0], writer=ann)
    assert _refusals(caplog) == []
    store.seen(ben)
    game = _student_turn(store, table, who=3)
    _attempt(store, table, len(game.moves), 3, game.legal_moves()[0], writer=ann)
    _one_line_refusal(caplog, "the bots are played by the page of seat 1")


def test_an_illegal_card_is_refused(at_the_table: Any, caplog: Any) -> None:
    """Attack: Ann's kernel writes, on her turn, a card of another hand (a card she does
    not hold), then a card of her own that does not follow suit when she can."""
    store, table, ann, _ben, game = at_the_table
    other = game.hand(2)[0]
    _attempt(store, table, len(game.moves), 1, other, writer=ann)
    _one_line_refusal(caplog, f"'{other.code}' by seat 2")
    caplog.clear()
    dice = random.Random(1)
    while not set(game.hand(1)) - set(game.legal_moves()):  # a turn where she must follow
        add_move(store, table.id, len(game.moves), game.to_move,
                 dice.choice(game.legal_moves()), writer=None)  # fmt: skip
        game = table_game(store, table.id)
        if game.is_over():
            pytest.skip("this deal never forces Ann to follow suit")
    if game.to_move == 1:
        wrong = sorted(set(game.hand(1)) - set(game.legal_moves()))[0]
        _attempt(store, table, len(game.moves), 1, wrong, writer=ann)
        _one_line_refusal(caplog, f"'{wrong.code}' by seat 2")


def test_a_card_no_one_holds_is_refused(at_the_table: Any, caplog: Any) -> None:
    """Attack: the made-up hands of the issue: Ann's kernel writes a card that was never
    dealt, and one already played. Refused; the teacher's take-back still works."""
    store, table, ann, _ben, game = at_the_table
    dealt = {c for s in range(4) for c in game.hand(s)} | set(game.moves)
    never = next(c for c in DECK if c not in dealt)
    _attempt(store, table, len(game.moves), 1, never, writer=ann)
    _one_line_refusal(caplog, never.code)
    caplog.clear()
    played = next(m for m in game.moves if isinstance(m, Card))
    _attempt(store, table, len(game.moves), 1, played, writer=ann)
    _one_line_refusal(caplog, played.code)
    _attempt(store, table, len(game.moves), 1, "no such card", writer=ann)
    assert take_back_trick(store, table.id) > 0


def test_a_number_already_stored_is_refused(at_the_table: Any, caplog: Any) -> None:
    """Attack: Ann's kernel writes a move with a number already in the log (to rewrite
    a move made). Refused as the race of two kernels is: MoveConflict, nothing kept."""
    store, table, ann, _ben, game = at_the_table
    before = table_log(store, table.id)
    for number in (len(game.moves) - 1, 0):
        with pytest.raises(MoveConflict):
            add_move(store, table.id, number, 1, game.legal_moves()[0], writer=ann)
    assert table_log(store, table.id) == before
    _no_traceback(caplog)


def test_a_number_in_the_future_is_refused(at_the_table: Any, caplog: Any) -> None:
    """Attack: Ann's kernel writes her card as a later move (a hole in the log, which
    no page could follow). Refused."""
    store, table, ann, _ben, game = at_the_table
    _attempt(store, table, len(game.moves) + 3, 1, game.legal_moves()[0], writer=ann)
    _one_line_refusal(caplog, f"the next move is {len(game.moves)}")


def test_a_move_after_the_game_is_over_is_refused(class_store: ClassStore, caplog: Any) -> None:
    """Attack: a move written after the table's game is over (the last move's write
    made the table finished; and once the teacher has dealt again, which keeps it
    finished), then a legal move at a table the teacher dealt again before its end
    (abandoned). Refused."""
    table, ann, ben = _table_of_two(class_store, seed=9)
    game = table_game(class_store, table.id)
    dice = random.Random(2)
    while not game.is_over():
        assert tables(class_store, table.id)[0].status == PLAYING
        move = dice.choice(game.legal_moves())
        add_move(class_store, table.id, len(game.moves), game.to_move, move, writer=None)
        game.play(move)
    assert tables(class_store, table.id)[0].status == FINISHED
    never = DECK[0]
    _attempt(class_store, table, len(game.moves), 1, never, writer=ann)
    _one_line_refusal(caplog, "the game is over")
    caplog.clear()
    fresh = tables(class_store, new_deal(class_store)[0].id)[0]
    first = table_game(class_store, fresh.id)
    mover = fresh.seats[first.to_move] or ben
    _attempt(class_store, table, len(game.moves), 1, never, writer=ann)  # still finished
    _one_line_refusal(caplog, "the game is over")
    caplog.clear()
    add_move(class_store, fresh.id, 0, first.to_move, first.legal_moves()[0], writer=mover)
    new_deal(class_store)  # dealt again before the fresh table's end: it is abandoned
    assert tables(class_store, fresh.id)[0].status == ABANDONED
    after = table_game(class_store, fresh.id)
    seated = fresh.seats[after.to_move] or ben
    _attempt(class_store, fresh, 1, after.to_move, after.legal_moves()[0], writer=seated)
    _one_line_refusal(caplog, "the table is over")


def test_a_paused_table_takes_no_move(at_the_table: Any, caplog: Any) -> None:
    """Attack: Ann's kernel writes her legal card while the teacher has paused the
    table. Refused; once the table plays again, the same move is taken."""
    store, table, ann, _ben, game = at_the_table
    set_status(store, "paused", table.id)
    _attempt(store, table, len(game.moves), 1, game.legal_moves()[0], writer=ann)
    _one_line_refusal(caplog, "paused")
    set_status(store, "playing", table.id)
    add_move(store, table.id, len(game.moves), 1, game.legal_moves()[0], writer=ann)


def test_a_student_from_elsewhere_cannot_write(at_the_table: Any, caplog: Any) -> None:
    """Attack: the kernel of a student who does not sit at the table (or a seat number
    that is not one of its seats) writes a legal move. Refused."""
    store, table, _ann, _ben, game = at_the_table
    eve = store.join("e" * 32, "Eve").id
    _attempt(store, table, len(game.moves), 1, game.legal_moves()[0], writer=eve)
    _one_line_refusal(caplog, f"student {eve} does not sit there")
    caplog.clear()
    with pytest.raises(StoreError, match="no table 99"):
        add_move(store, 99, 0, 0, game.legal_moves()[0], writer=eve)
    _attempt(store, table, len(game.moves), 7, game.legal_moves()[0], writer=_ann)
    _one_line_refusal(caplog, "not 8")


# ---------------------------------------------------------------------- the pages
@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Every widget's comm id as its kernel opens it (``id(widget)`` -> comm id): what
    the page's JavaScript is told, whether the widget is shown or not."""
    ids: dict[int, str] = {}
    original = w.Widget.open

    def spy(self: w.Widget) -> None:
        original(self)
        if self.comm is not None:
            ids[id(self)] = self.comm.comm_id

    monkeypatch.setattr(w.Widget, "open", spy)
    return ids


def forge(comm_id: str, data: dict[str, Any], buffers: list[bytes] | None = None) -> None:
    """A ``comm_msg`` from the page's JavaScript (a websocket to
    ``/api/kernels/<id>/channels``), delivered as the kernel delivers one: to the comm
    manager, by the comm's id."""
    msg = {
        "header": {"msg_type": "comm_msg"},
        "parent_header": {},
        "metadata": {},
        "content": {"comm_id": comm_id, "data": data},
        "buffers": buffers or [],
    }
    comm.get_comm_manager().comm_msg(None, None, msg)  # type: ignore[arg-type]


def click(comm_id: str) -> None:
    forge(comm_id, {"method": "custom", "content": {"event": "click"}})


def upload(comm_id: str, record: dict[str, Any]) -> None:
    data = json.dumps(record).encode()
    content = {"event": "upload", "name": "table.json", "size": len(data)}
    forge(comm_id, {"method": "custom", "content": content}, [data])


@pytest.fixture
def pages(tmp_path: Path, opened: dict[int, str]) -> Iterator[dict[str, Any]]:
    """Ann's and Ben's pages at the table of two (SQLite), Ann to play after a trick."""
    store = ClassStore.open(tmp_path / "class")
    table, ann_id, ben_id = _table_of_two(store)
    ann = SeatPage(store, store.student_by_id(ann_id), table, 1)
    ben = SeatPage(store, store.student_by_id(ben_id), table, 0)
    dice = random.Random(3)
    for _ in range(200):  # played by clicks until Ann's turn, after a trick
        for page in (ann, ben):
            page.poll(force=True)
        game = ann.model.game
        mover = next(p for p in (ann, ben) if p.model.game.to_move == p.seat)
        if mover is ann and len(game.moves) >= 5:
            break
        mover.view.play_card(dice.choice(mover.model.game.legal_moves()).code)
    yield {"store": store, "table": table, "ann": ann, "ben": ben, "opened": opened}
    store.close()


def _the_same(found: dict[str, Any], before: list[tuple[int, int, str]]) -> None:
    """The table unchanged: its log, every page's game (each polled first) and the
    game the console reads; the teacher's take-back works and reaches every page."""
    store, table, pages = found["store"], found["table"], (found["ann"], found["ben"])
    for page in pages:
        page.poll(force=True)
    assert table_log(store, table.id) == before
    moves = _codes(table_game(store, table.id).moves)
    assert moves == [m for _n, _s, m in before]
    for page in pages:
        assert _codes(page.model.game.moves) == moves, page.student.name
    assert take_back_trick(store, table.id) > 0
    for page in pages:
        page.poll(force=True)
        assert _codes(page.model.game.moves) == _codes(table_game(store, table.id).moves)


def _comm_id(found: dict[str, Any], widget: w.Widget) -> str:
    return found["opened"][id(widget)]


def test_what_a_shared_table_does_not_offer_is_not_in_its_page(pages: dict[str, Any]) -> None:
    """Attack surface: "Load a record", "New deal", "Replay this deal", undo, the
    setup (the teacher's settings), the language, show all hands, the record's link
    and the review at a shared table: hidden, each still answered the page's messages.
    Each is out of the page's widgets and closed (no comm), in every page."""
    for who in ("ann", "ben"):
        view = pages[who].view
        inside = {id(x) for x in widget_tree(pages[who])}
        for name in _SOLO_ONLY:
            part = getattr(view, name, None)
            if part is None:
                continue
            assert id(part) not in inside, f"{who}: {name} is still in the page"
            assert part.comm is None, f"{who}: {name} still answers messages"
        assert view._built_setup is None  # the setup is never made at a shared table
        assert all(x.comm is not None for x in widget_tree(pages[who]))  # the page works


def test_the_tables_own_record_plus_three_moves_uploaded(
    pages: dict[str, Any], caplog: Any
) -> None:
    """Attack (issue 32): from Ann's page, a ``comm_msg`` to the hidden upload widget
    with the table's own record plus three moves (Ann's, then the next seats'): on
    main it put ``(25, Ben, J♣)`` into the table's log from Ann's page."""
    store, table, ann = pages["store"], pages["table"], pages["ann"]
    before = table_log(store, table.id)
    game = table_game(store, table.id)
    for _ in range(3):
        game.play(game.legal_moves()[-1])
    upload(_comm_id(pages, ann.view.upload), to_record(game))
    _the_same(pages, before)
    _no_traceback(caplog)


def test_a_record_with_made_up_hands_uploaded(pages: dict[str, Any], caplog: Any) -> None:
    """Attack (issue 32): from Ann's page, a record of the table's deal whose hands are
    made up (Ann holds a card never dealt), with that card played: on main the log took
    a card no one holds, three pages fell back to trick 1, the take-back failed."""
    store, table, ann = pages["store"], pages["table"], pages["ann"]
    before = table_log(store, table.id)
    game = table_game(store, table.id)
    record = to_record(game)
    deal = record["rounds"][0]
    dealt = {c.code for hand in deal["hands"] for c in map(Card, hand)} | {deal.get("turn_up")}
    mine = game.legal_moves()[0].code  # swapped for one of its suit that nobody was dealt
    never = next(c.code for c in DECK if c.code not in dealt and c.code[-1] == mine[-1])
    hand = deal["hands"][1]
    hand[hand.index(mine)] = never
    deal["actions"].append(never)
    upload(_comm_id(pages, ann.view.upload), record)
    _the_same(pages, before)
    _no_traceback(caplog)


@pytest.mark.parametrize("button", ["new_button", "replay_button", "undo_button"])
def test_a_solo_button_clicked_from_the_page(
    pages: dict[str, Any], button: str, caplog: Any
) -> None:
    """Attack: from Ann's page, a click message to the hidden "New deal", "Replay this
    deal" or "Undo" button (on main "New deal" dealt Ann's page another game)."""
    store, table, ann = pages["store"], pages["table"], pages["ann"]
    before = table_log(store, table.id)
    for _ in range(3):  # a burst, past "throw this game away?"
        click(_comm_id(pages, getattr(ann.view, button)))
        ann.view._dealt = None
    forge(_comm_id(pages, ann.view.card_table),
          {"method": "custom", "content": {"event": "moment", "choice": "throw"}})  # fmt: skip
    _the_same(pages, before)
    _no_traceback(caplog)


def test_the_teachers_setup_opened_from_the_page(pages: dict[str, Any], caplog: Any) -> None:
    """Attack: from Ann's page, a state update opening the hidden setup (the game's
    players, bots and rules), then its "new game" button clicked: on main the setup was
    made and answered, and Ann's page played another game than the table's."""
    store, table, ann = pages["store"], pages["table"], pages["ann"]
    before = table_log(store, table.id)
    forge(_comm_id(pages, ann.view.setup_box),
          {"method": "update", "state": {"selected_index": 0}, "buffer_paths": []})  # fmt: skip
    made = ann.view._built_setup
    if made is not None:  # main: the setup answered; its buttons too
        for x in widget_tree(made):
            if isinstance(x, w.Button) and id(x) in pages["opened"]:
                click(_comm_id(pages, x))
    _the_same(pages, before)
    _no_traceback(caplog)


def test_a_forged_play_for_another_seat_or_an_illegal_card(
    pages: dict[str, Any], caplog: Any
) -> None:
    """Attack (held on main too): from Ben's page, a "play" message to his card table
    while it is Ann's turn, and from Ann's page one with a card of Ben's hand."""
    store, table, ann, ben = pages["store"], pages["table"], pages["ann"], pages["ben"]
    before = table_log(store, table.id)
    for page, card in ((ben, ann.model.game.legal_moves()[0]), (ann, ann.model.game.hand(0)[0])):
        content = {"event": "play", "move": card.code}
        forge(_comm_id(pages, page.view.card_table), {"method": "custom", "content": content})
    _the_same(pages, before)
    _no_traceback(caplog)


def test_a_page_whose_move_is_refused_follows_the_log(pages: dict[str, Any], caplog: Any) -> None:
    """Not an attack: the teacher pauses the table between Ann's page's look and her
    click; the store refuses the card in one line, her page goes back to the log and
    tells her; once resumed she plays it and every page follows."""
    store, table, ann, ben = pages["store"], pages["table"], pages["ann"], pages["ben"]
    before = table_log(store, table.id)
    set_status(store, "paused", table.id)
    card = ann.model.game.legal_moves()[0]
    ann.view.play_card(card.code)  # her page has not looked since
    assert table_log(store, table.id) == before
    assert _codes(ann.model.game.moves) == [m for _n, _s, m in before]
    assert "paused" in ann.model.message
    _one_line_refusal(caplog, "paused")
    set_status(store, "playing", table.id)
    ann.poll(force=True)
    ann.view.play_card(card.code)
    ben.poll(force=True)
    assert table_log(store, table.id)[len(before)][2] == card.code
    assert _codes(ben.model.game.moves) == _codes(table_game(store, table.id).moves)


# ------------------------------------------------------------------ the property
@st.composite
def writes(draw: Any) -> list[tuple[str, int, int, int, int]]:
    """A sequence of writes: (kind, writer, seat, number offset, card or move index)."""
    return draw(
        st.lists(
            st.tuples(
                st.sampled_from(["legal", "legal", "legal", "card", "take_back"]),
                st.integers(0, 3),  # writer: Ann, Ben, Eve (not at the table), the teacher
                st.integers(-1, 4),  # seat
                st.sampled_from([0, 0, 0, 0, -1, 1]),  # number: the next, or not
                st.integers(0, 51),
            ),
            min_size=1,
            max_size=30,
        )
    )


def test_the_log_always_replays_as_a_legal_game(tmp_path: Path) -> None:
    """Property: random writes, legal and not, from random writers (Ann, Ben, a student
    from elsewhere, the teacher) for random seats, mixed with the teacher's take-backs
    and written through two processes' caches (two URLs of one store): the log always
    replays as a legal game, every move kept was its writer's to make, and every legal
    move of its writer's is kept."""
    folder = tmp_path / "class"
    store = ClassStore.open(folder)
    other = ClassStore(store.url.replace("/class/", "/class/./"))  # another process's cache
    assert other.url != store.url
    ann = store.join("a" * 32, "Ann").id
    ben = store.join("b" * 32, "Ben").id
    eve = store.join("e" * 32, "Eve").id
    seeds = iter(range(10**6))

    @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
    @given(writes())
    def run(ops: list[tuple[str, int, int, int, int]]) -> None:
        table = open_table(store, 4, "knockout", rules={"start_hand": 4}, seed=next(seeds))
        assert take_seat(store, table.id, 0, ben) and take_seat(store, table.id, 2, ann)
        for here in (ann, ben, eve):  # all here (the run is longer than the bots' delay)
            store.seen(here)
        writers = [ann, ben, eve, None]
        mine = {ann: {2}, ben: {0, 1, 3}, eve: set(), None: {0, 1, 2, 3}}  # Ben drives
        game = table_game(store, table.id)
        for i, (kind, who, seat, offset, pick) in enumerate(ops):
            via = store if i % 2 else other
            if kind == "take_back":
                take_back_trick(store, table.id)
                game = table_game(store, table.id)  # raises if the log breaks a rule
                continue
            if game.is_over():
                move, seat = DECK[pick], max(seat, 0)
            elif kind == "legal":
                legal = game.legal_moves()
                move, seat = legal[pick % len(legal)], game.to_move
            else:
                move = DECK[pick]
            writer = writers[who]
            number = len(game.moves) + offset
            allowed = (
                offset == 0
                and not game.is_over()
                and seat == game.to_move
                and seat in mine[writer]
                and move in game.legal_moves()
            )
            try:
                add_move(via, table.id, number, seat, move, writer=writer)
                kept = True
            except (MoveRefused, MoveConflict):
                kept = False
            assert kept == allowed, (kind, writer, seat, number, move, game.moves)
            if kept:
                game.play(move)
            assert len(table_log(store, table.id)) == len(game.moves)
        log = table_log(store, table.id)
        assert [n for n, _s, _m in log] == list(range(len(log)))
        assert table_game(store, table.id).moves == game.moves  # the log replays, legally

    run()
    other.close()
    store.close()
