"""Students at shared tables (issue 22): each student's page (a :class:`ClassPage` as the
class serves it, one per browser id) plays its seat through the app's own table widget,
the table's log in the class store is the game, and the bots of the empty seats are
played by one of the pages. The pages are driven here as the browser drives them (a
card clicked in the card table) and poll the store by hand, in turn.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from kowhist_teach.classroom.join import ClassPage
from kowhist_teach.classroom.seated import SeatPage, still_to_play
from kowhist_teach.classroom.store import ClassStore
from kowhist_teach.classroom.tables import (
    new_deal,
    seat_class,
    set_status,
    table_game,
    table_log,
    take_back_trick,
)
from kowhist_teach.core.card_words import card_name
from kowhist_teach.core.cards import Card
from kowhist_teach.core.registry import specs


def join(store: ClassStore, names: list[str]) -> list[ClassPage]:
    """A page per student, joined as the browser joins (its id, then a name)."""
    pages = []
    for i, name in enumerate(names):
        page = ClassPage(store)
        page.browser.browser_id = f"{i:x}".rjust(32, "a")
        page.name.value = name
        page.join_button.click()
        assert page.student is not None and page.student.name == name
        pages.append(page)
    return pages


def seated(pages: list[ClassPage]) -> list[SeatPage]:
    for page in pages:
        page.poll()
    found = [p.seat_page for p in pages]
    assert all(isinstance(s, SeatPage) for s in found)
    return found  # type: ignore[return-value]


def play_round_robin(seats: list[SeatPage], check: Any = None, limit: int = 3000) -> int:
    """Every page in turn reads the log; the one whose turn it is clicks one of its
    legal cards or calls (chosen by a seeded die). How many moves were clicked."""
    clicks = 0
    dice = random.Random(len(seats))
    for _ in range(limit):
        for s in seats:
            s.poll(force=True)
            # Nothing a page played (its student's move, its bots') waits to be written.
            assert s.known == len(s.model.game.moves)
            if check is not None:
                check(s)
        game = seats[0].model.game
        if game.is_over():
            return clicks
        mover = next((s for s in seats if s.model.game.to_move == s.seat), None)
        if mover is None:
            continue
        click(mover, dice.choice(mover.model.game.legal_moves()))
        clicks += 1
    raise AssertionError("the table did not finish")


def click(seat: SeatPage, move: Any) -> None:
    """Click ``move`` on the seat's page: a card in the card table, a call's button."""
    if isinstance(move, Card):
        seat.view.play_card(move.code)
    else:
        seat.view._play(move)  # what a call's button does


def play_one(seats: list[SeatPage]) -> None:
    """Every page reads the log; the one whose turn it is clicks its first legal move."""
    for s in seats:
        s.poll(force=True)
    mover = next((s for s in seats if s.model.game.to_move == s.seat), None)
    if mover is not None:
        click(mover, mover.model.game.legal_moves()[0])


def test_four_students_play_a_whole_knockout_game_at_one_table(class_store: ClassStore) -> None:
    pages = join(class_store, ["Ann", "Ben", "Cleo", "Dev"])
    seat_class(class_store, 4, "knockout", seed=5)
    seats = seated(pages)
    assert sorted(s.seat for s in seats) == [0, 1, 2, 3]
    assert play_round_robin(seats) > 10
    table = seats[0].table
    stored = table_game(class_store, table.id)
    assert stored.is_over()
    for s in seats:
        assert s.model.game.moves == stored.moves
        assert "The game is over" in s.heading.value
    # Every move in the log came from the seat whose turn it was (checked by the engine
    # in table_game), and the story names the students, not "Player 2".
    names = {p.student.name for p in pages}
    told = " ".join(" ".join(s.model.lines) for s in seats)
    assert any(n in told for n in names) and "Player 2" not in told


def test_the_story_names_who_showed_a_void(class_store: ClassStore) -> None:
    """A student who does not follow suit tells the table they have none of it: every
    page's story says so, by name ("Ben has no hearts.")."""
    pages = join(class_store, ["Ann", "Ben", "Cleo", "Dev"])
    seat_class(class_store, 4, "knockout", seed=5)
    seats = seated(pages)
    heard: list[str] = []
    play_round_robin(seats, check=lambda s: heard.extend(s.model.lines))
    voids = [line for line in heard if " has no " in line]
    assert voids
    assert all(line.split(" has no ")[0] in {"Ann", "Ben", "Cleo", "Dev"} for line in voids)


@pytest.mark.parametrize("game_spec", specs(), ids=lambda s: s.name)
def test_no_page_ever_receives_a_hidden_card(tmp_path: Any, game_spec: Any) -> None:
    """Two students and bots at a table of every game, played to its end (or 400
    moves): after every poll, every widget state each page holds and every message it
    sent is read for the cards that seat may not see."""
    store = ClassStore.open(tmp_path)
    pages = join(store, ["Ann", "Ben"])
    low, high = game_spec.players
    size = 4 if low <= 4 <= high else low
    seat_class(store, size, game_spec.name, seed=11)
    sent: list[tuple[int, str]] = []
    original = w.Widget.send

    def spy(self: w.Widget, content: Any, buffers: Any = None) -> None:
        sent.append((id(self), json.dumps(content, default=str)))
        return original(self, content, buffers)

    w.Widget.send = spy  # type: ignore[method-assign]
    try:
        seats = seated(pages)
        checked = [0]
        ever: dict[int, set[Card]] = {}

        def check(s: SeatPage) -> None:
            secret = _never_shown(s, ever.setdefault(s.seat, set()))
            if not secret:
                return
            text = "\n".join(_states(s)) + "\n".join(c for i, c in sent if i in _ids(s))
            for card in secret:
                for shown in _renderings(card):
                    assert shown not in text, f"seat {s.seat} received {card.code} ({shown})"
            checked[0] += 1

        try:
            play_round_robin(seats, check, limit=400)
        except AssertionError as e:
            if "did not finish" not in str(e):
                raise
    finally:
        w.Widget.send = original  # type: ignore[method-assign]
    assert checked[0] >= 5
    for s in seats:  # nothing of the whole game leaves the kernel before its end
        assert s.view.card_table.record == ""
        if hasattr(s.view, "save_link") and not s.model.game.is_over():
            assert s.view.save_link.value == ""


def _never_shown(s: SeatPage, seen: set[Card]) -> list[Card]:
    """The cards ``s``'s seat may not see now and has never seen in this game: in
    another seat's hand or the stock, never played, never shown by the engine's view of
    the seat (the dummy, a face-up stock card, a kitty taken up). ``seen`` gathers what
    the seat has seen so far."""
    game = s.model.game
    played = {m for m in game.moves if isinstance(m, Card)}
    seen |= set(_cards_in(game.view(s.seat))) | set(game.hand(s.seat)) | played
    for deal in _deals(game):  # every card the seat held in an earlier round
        seen |= set(_cards_in(deal))
    hidden: set[Card] = set()
    for other in range(game.n):
        if other != s.seat:
            hidden |= set(game.hand(other))
    for name in ("stock", "kitty", "dog_cards"):
        hidden |= set(_cards_in(getattr(game, name, None)))
    return sorted(hidden - seen)


def _deals(game: Any) -> list[Any]:
    logs = getattr(game, "rounds", None) or getattr(game, "deals", None) or []
    return [log.hands for log in logs[:-1] if getattr(log, "hands", None)]


def _cards_in(thing: Any, depth: int = 0) -> list[Card]:
    """Every card in ``thing`` (a view, a list, a dict …), looked for a few levels down."""
    if thing is None or depth > 4:
        return []
    if isinstance(thing, Card):
        return [thing]
    if isinstance(thing, str | bytes | int | float):
        return []
    if isinstance(thing, dict):
        return [c for v in thing.values() for c in _cards_in(v, depth + 1)]
    if isinstance(thing, list | tuple | set | frozenset):
        return [c for v in thing for c in _cards_in(v, depth + 1)]
    fields = getattr(thing, "__dataclass_fields__", None)
    if fields:
        return [c for f in fields for c in _cards_in(getattr(thing, f), depth + 1)]
    return []


def _renderings(card: Card) -> list[str]:
    return [f'data-card="{card.code}"', f'"{card.code}"', card_name(card), card.label]


def _ids(s: SeatPage) -> set[int]:
    return {id(x) for x in _widgets(s)}


def _widgets(root: w.Widget) -> list[w.Widget]:
    found, todo, seen = [], [root], set()
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        found.append(x)
        for value in x.get_state().values():
            for ref in re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(value, default=str)):
                child = _instances.get(ref)
                if child is not None:
                    todo.append(child)
    return found


def _states(root: w.Widget) -> list[str]:
    return [json.dumps(x.get_state(), default=str) for x in _widgets(root)]


def test_two_kernels_racing_for_one_turn_keep_one_move_and_agree(class_store: ClassStore) -> None:
    pages = join(class_store, ["Ann", "Ben"])
    table = seat_class(class_store, 2, "knockout", seed=3)[0]
    ann = pages[0].student
    # Ann's page twice (two tabs, two kernels): each clicks a different card for her turn.
    seat = table.seats.index(ann.id)
    tabs = [SeatPage(class_store, ann, table, seat) for _ in range(2)]
    other = SeatPage(class_store, pages[1].student, table, 1 - seat)
    if tabs[0].model.game.to_move != seat:
        other.view.play_card(other.model.game.legal_moves()[0].code)
        for t in tabs:
            t.poll(force=True)
    legal = tabs[0].model.game.legal_moves()
    assert len(legal) >= 2
    tabs[0].view.play_card(legal[0].code)
    tabs[1].view.play_card(legal[1].code)  # too late: the store keeps the first
    log = table_log(class_store, table.id)
    assert [m for _n, _s, m in log].count(legal[0].code) == 1
    assert legal[1].code not in [m for _n, _s, m in log]
    for t in [*tabs, other]:
        t.poll(force=True)
    assert tabs[0].model.game.moves == tabs[1].model.game.moves == other.model.game.moves
    assert tabs[1].model.game.moves == table_game(class_store, table.id).moves


def test_a_student_who_leaves_is_played_by_a_bot_and_comes_back(class_store: ClassStore) -> None:
    pages = join(class_store, ["Ann", "Ben", "Cleo"])
    class_store.set_settings({"bot_after": 10})
    seat_class(class_store, 3, "knockout", seed=8)
    seats = seated(pages)
    by_name = {p.student.name: s for p, s in zip(pages, seats, strict=True)}
    cleo = pages[2].student
    # Cleo's page closes: she is not seen for longer than the teacher's delay.
    class_store.seen(cleo.id, time.time() - 60)
    gone = by_name["Cleo"]
    present = [s for s in seats if s is not gone]
    for s in present:
        s.poll(force=True)
    assert all(gone.seat not in s.present for s in present)
    assert any("Cleo has left the table" in " ".join(s.model.lines) for s in present)
    before = len(table_log(class_store, gone.table.id))
    for _ in range(60):  # the other two play on; a bot plays Cleo's cards
        play_one(present)
    log = table_log(class_store, gone.table.id)
    assert any(seat == gone.seat for n, seat, _m in log if n >= before)
    # Cleo comes back (a reload: a new page for the same browser), at the same table.
    class_store.seen(cleo.id)
    back = ClassPage(class_store)
    back.browser.browser_id = pages[2].browser.browser_id
    assert back.seat_page is not None and back.seat_page.seat == gone.seat
    assert back.seat_page.model.game.moves == table_game(class_store, gone.table.id).moves
    for s in present:
        s.poll(force=True)
    assert all(gone.seat in s.present for s in present)
    assert any("Cleo is back" in " ".join(s.model.lines) for s in present)


def test_the_teacher_pauses_takes_a_trick_back_and_deals_again(class_store: ClassStore) -> None:
    pages = join(class_store, ["Ann", "Ben"])
    seat_class(class_store, 4, "knockout", seed=2)
    seats = seated(pages)
    table = seats[0].table
    while len(table_log(class_store, table.id)) < 9:
        play_one(seats)
    set_status(class_store, "paused")
    for s in seats:
        s.poll(force=True)
    mover = next((s for s in seats if s.model.game.to_move == s.seat), None)
    if mover is not None:
        moves = len(mover.model.game.moves)
        mover.view.play_card(mover.model.game.legal_moves()[0].code)
        assert len(mover.model.game.moves) == moves
        assert "paused" in mover.model.message
    assert all("Paused by the teacher" in s.heading.value for s in seats)
    set_status(class_store, "playing")
    length = len(table_log(class_store, table.id))
    taken = take_back_trick(class_store, table.id)
    assert 1 <= taken <= length
    for s in seats:
        s.poll(force=True)
    played = len(table_log(class_store, table.id))
    assert all(len(s.model.game.moves) >= played - 0 for s in seats)
    assert seats[0].model.game.moves[:played] == seats[1].model.game.moves[:played]
    made = new_deal(class_store)
    for p in pages:
        p.poll()
    assert all(p.seat_page.table.id == made[0].id for p in pages)


def test_still_to_play_names_the_seats_of_the_trick() -> None:
    from kowhist_teach import KnockoutGame

    g = KnockoutGame(players=4, seed=3)
    first = still_to_play(g)
    assert len(first) == 4 and first[0] == g.to_move
    g.play(g.legal_moves()[0])
    assert still_to_play(g) == first[1:]


def test_the_console_seats_watches_and_compares_the_tables(class_store: ClassStore) -> None:
    from kowhist_teach.classroom.console import TeacherConsole

    pages = join(class_store, ["Ann", "Ben", "Cleo", "Dev"])
    console = TeacherConsole(class_store, poll=False)
    box = console.tables_box
    box.size.value, box.same.value = 2, True
    box.seat_button.click()
    assert "Tables seated: 2." in box.message.value
    rows = box.rows.children
    assert len(rows) == 2 and all("kw-class-table" in r._dom_classes for r in rows)
    seats = seated(pages)
    for _ in range(6):
        play_one(seats)
    console.refresh()
    # The god view: every hand face up, the students' hidden cards included.
    table = seats[0].table
    row = next(r for r in box.rows.children if f"Table {table.id}<" in r.children[0].value)
    row.children[1].click()  # Watch
    game = table_game(class_store, table.id)
    assert all(f'data-card="{c.code}"' in box.god.value for s in range(2) for c in game.hand(s))
    # The same cards at both tables: compared side by side.
    assert "The same cards at every table" in box.results.value
    assert all(n in box.results.value for n in ("Ann", "Ben", "Cleo", "Dev"))
    box.pause_all.click()
    for s in seats:
        s.poll(force=True)
    assert all(s.paused for s in seats)
    box.resume_all.click()
    box.next_all.click()
    for p in pages:
        p.poll()
    assert all(p.seat_page.table.id > table.id for p in pages)
    assert len({p.seat_page.table.seed for p in pages}) == 1  # the same cards again


def test_two_pages_that_both_play_the_bots_still_agree(class_store: ClassStore) -> None:
    """Should two pages both think they drive the bots (each thinks the other student
    gone), every bot's move is raced for: the log keeps one, both pages follow it."""
    pages = join(class_store, ["Ann", "Ben"])
    class_store.set_settings({"bot_after": 10})
    seat_class(class_store, 4, "knockout", seed=21)
    seats = seated(pages)
    ann, ben = (p.student for p in pages)
    for _ in range(40):
        for s in seats:  # each page sees the other student gone: both play the bots
            class_store.seen(ann.id if s.student.id == ben.id else ben.id, time.time() - 60)
            class_store.seen(s.student.id)
            s.poll(force=True)
        mover = next((s for s in seats if s.model.game.to_move == s.seat), None)
        if mover is not None:
            click(mover, mover.model.game.legal_moves()[-1])
    for s in seats:
        s.poll(force=True)
    stored = table_game(class_store, seats[0].table.id).moves
    assert len(stored) > 20
    assert seats[0].model.game.moves[: len(stored)] == seats[1].model.game.moves[: len(stored)]
    assert seats[0].model.game.moves[: len(stored)] == stored


def test_the_teacher_seats_a_student_by_hand(class_store: ClassStore) -> None:
    from kowhist_teach.classroom.console import TeacherConsole

    pages = join(class_store, ["Ann", "Ben", "Cleo"])
    cleo = pages[2].student
    seat_class(class_store, 3, "knockout", students=[p.student.id for p in pages[:2]], seed=4)
    seats = seated(pages[:2])
    pages[2].poll()
    assert pages[2].seat_page is None  # Cleo plays alone for now
    for _ in range(5):
        play_one(seats)
    console = TeacherConsole(class_store, poll=False)
    box = console.tables_box
    table = seats[0].table
    bot_seat = table.seats.index(None)
    box.hand_table.value = table.id
    box.hand_seat.value = bot_seat
    box.hand_student.value = cleo.id
    box.sit_button.click()
    pages[2].poll()
    assert pages[2].seat_page is not None and pages[2].seat_page.seat == bot_seat
    for s in seats:
        s.poll(force=True)
    assert all(s.names[bot_seat] == "Cleo" for s in seats)
    assert all(s.model.game.names[bot_seat] == "Cleo" for s in seats)
    moves = table_game(class_store, table.id).moves
    assert pages[2].seat_page.model.game.moves == moves  # she plays on from where it is
    assert all(s.model.game.moves == moves for s in seats)


def test_students_take_the_free_seats_of_an_open_table(class_store: ClassStore) -> None:
    from kowhist_teach.classroom.console import TeacherConsole

    pages = join(class_store, ["Ann", "Ben", "Cleo"])
    console = TeacherConsole(class_store, poll=False)
    box = console.tables_box
    box.size.value = 2
    box.open_button.click()
    for p in pages:
        p.poll()
    offers = [[b for b in p.free_box.children if "kw-take-seat" in b._dom_classes] for p in pages]
    assert all(len(o) == 2 for o in offers)  # two free seats, offered to everyone
    offers[0][0].click()  # Ann takes seat 1
    offers[1][0].click()  # Ben clicks the same seat: too late
    assert "Another student took that seat first" in pages[1].free_message.value
    assert pages[0].seat_page is not None and pages[1].seat_page is None
    pages[1].poll()
    later = [b for b in pages[1].free_box.children if "kw-take-seat" in b._dom_classes]
    assert len(later) == 1
    later[0].click()
    pages[2].poll()  # the table is full: Cleo is offered nothing
    assert not [b for b in pages[2].free_box.children if "kw-take-seat" in b._dom_classes]
    seats = [pages[0].seat_page, pages[1].seat_page]
    assert sorted(s.seat for s in seats) == [0, 1]
    for _ in range(8):
        play_one(seats)
    assert len(table_game(class_store, seats[0].table.id).moves) >= 4


def test_the_bots_moves_reach_the_log_at_once(class_store: ClassStore) -> None:
    """A table whose first move is a bot's: the page that drives the bots plays them on
    its first look, and writes them then (not with its student's next card)."""
    pages = join(class_store, ["Ann"])
    ann = pages[0].student
    for seed in range(50):
        table = seat_class(class_store, 4, "knockout", seed=seed)[0]
        if table_game(class_store, table.id).to_move != table.seats.index(ann.id):
            break
    page = SeatPage(class_store, ann, table, table.seats.index(ann.id))
    page.poll(force=True)
    game = page.model.game
    assert game.to_move == page.seat and len(game.moves) > 0
    assert len(table_log(class_store, table.id)) == len(game.moves) == page.known
