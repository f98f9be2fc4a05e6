"""Names are names (issue 32, deliverable 4) and a student's events are rate-limited
(deliverable 5): what a student types as a name, or a script sends as events, can
neither act on the teacher's terminal or spreadsheet, nor pass for another student,
nor fill the store.

Each attack of the issue is replayed against the store (on SQLite and PostgreSQL), the
join form, the console and the class commands, in this process.
"""

from __future__ import annotations

import csv
import io
import json
import time
import unicodedata
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from helpers import run

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.classroom.console import TeacherConsole
from kowhist_teach.classroom.console_views import deal_results
from kowhist_teach.classroom.join import ClassPage
from kowhist_teach.classroom.names import checked_name, csv_cell, name_key, printable
from kowhist_teach.classroom.schema import NAME_LENGTH, StoreError
from kowhist_teach.classroom.store import DROPPED, EVENTS_PER_SECOND, ClassStore
from kowhist_teach.classroom.tables import seat_class, table_names, tables
from kowhist_teach.core.record import to_record
from kowhist_teach.core.registry import spec
from kowhist_teach.i18n import set_language
from kowhist_teach.pictures.table import table_svg

#: The issue's clipboard attack: OSC 52 writes the terminal's clipboard (short enough
#: to pass the length check: only its characters may refuse it).
CLIPBOARD = "Eve\x1b]52;c;ZXZpbA==\x07"
#: Names that must never be stored, by what they do.
BAD_NAMES = {
    "clipboard escape (ESC, BEL)": CLIPBOARD,
    "hides the line (ESC[2K, CR)": "Ann\x1b[2K\rBen",
    "8-bit CSI": "Ann\x9b2J",
    "NUL": "Ann\x00",
    "newline": "Ann\nBen",
    "tab": "Ann\tBen",
    "carriage return": "Ann\r",
    "DEL": "Ann\x7f",
    "zero-width space": "An\u200bn",
    "zero-width joiner": "Ann\u200d",
    "word joiner": "\u2060Ann",
    "byte order mark": "\ufeffAnn",
    "right-to-left override": "\u202eAnn",
    "left-to-right embedding": "\u202aAnn",
    "right-to-left isolate": "Ann\u2067",
    "right-to-left mark": "Ann\u200f",
    "Arabic letter mark": "Ann\u061c",
    "soft hyphen": "An\xadn",
    "line separator": "Ann\u2028Ben",
    "Hangul filler (looks empty)": "\u3164",
    "tag characters": "Ann\U000e0041",
    "private use": "Ann\ue000",
    "stacked accents": "A" + "\u0301" * 8,
}
#: Attacks that already held: stored as typed, harmless everywhere.
SQL = "Robert'); DROP TABLE kw_students;--"
SCRIPT = "<img src=x onerror=alert(1)>"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def folder_store(tmp_path: Path) -> Iterator[ClassStore]:
    """A class in a folder (SQLite), for the pages and the commands."""
    store = ClassStore.open(tmp_path / "class")
    yield store
    store.close()


def browser(n: int) -> str:
    return f"{n:032x}"


def raw_student(store: ClassStore, browser_id: str, name: str) -> int:
    """A student written straight into the store, name unchecked (as a store written
    before names were checked holds them)."""
    now = time.time()
    with store._write() as c:
        result = c.execute(
            store.t.students.insert().values(
                browser_id=browser_id, name=name, joined_at=now, last_seen=now
            )
        )
        return int(result.inserted_primary_key[0])


def controls(text: str) -> list[str]:
    """The characters of ``text`` a terminal could act on or hide, but its newlines."""
    return [
        c
        for c in text
        if c != "\n" and (unicodedata.category(c)[0] == "C" or unicodedata.category(c) in "ZlZp")
    ]


# ------------------------------------------------------------------ refused names
@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_a_bad_name_is_refused_in_one_line_and_nothing_is_stored(
    class_store: ClassStore, name: str
) -> None:
    with pytest.raises(StoreError) as caught:
        class_store.join(browser(1), name)
    message = str(caught.value)
    assert len(message.splitlines()) == 1 and not controls(message)
    assert class_store.students() == [] and class_store.events() == []


@pytest.mark.parametrize(
    ("name", "why"),
    [("   ", "type your name"), ("\u3000 \xa0", "type your name"),
     ("x" * (NAME_LENGTH + 1), "at most 40 characters")],
)  # fmt: skip
def test_an_empty_or_long_name_is_refused(class_store: ClassStore, name: str, why: str) -> None:
    with pytest.raises(StoreError, match=why):
        class_store.join(browser(1), name)
    assert class_store.students() == []


def test_a_name_is_normalised_and_its_spaces_collapsed() -> None:
    # "é" typed as e + a combining accent is the one character é (NFC); other spaces
    # (no-break, ideographic) are spaces.
    assert checked_name("  Zoe\u0301\xa0\xa0 Lee\u3000") == "Zoé Lee"
    assert checked_name("Ngọc Ánh") == "Ngọc Ánh" and checked_name("李小龍") == "李小龍"
    assert checked_name("Ana ❤️") == "Ana ❤️"  # an emoji keeps its picture style


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_join_form_refuses_a_bad_name_in_the_class_language(
    folder_store: ClassStore, lang: str
) -> None:
    folder_store.set_settings({"lang": lang})
    page = ClassPage(folder_store)
    page.browser.browser_id = browser(1)
    for name in (CLIPBOARD, "\u202eAnn", "   "):
        page.name.value = name
        page.join_button.click()
        message = page.message.value
        assert 'role="alert"' in message and message.count("<div") == 1
        assert "\x1b" not in message and "\u202e" not in message
        # In the class's language, not in English.
        assert "one line" not in message and "type your name" not in message
        # The page stays on the join form; nobody joined.
        assert page.student is None and page.form.layout.display != "none"
        assert folder_store.students() == []
    page.name.value = "Ann"
    page.join_button.click()
    assert page.student is not None and page.student.name == "Ann"


# ------------------------------------------------------------ attacks that held
def test_sql_and_script_in_a_name_are_only_text(class_store: ClassStore) -> None:
    bobby = class_store.join(browser(1), SQL)
    script = class_store.join(browser(2), SCRIPT)
    assert [s.name for s in class_store.students()] == [SQL, SCRIPT]
    assert class_store.student(browser(1)).id == bobby.id
    assert class_store.student(browser(2)).id == script.id
    # The students' table is still there, and nothing else was run.
    class_store.join(browser(3), "Cleo")
    assert len(class_store.students()) == 3


def test_a_script_in_a_name_is_escaped_in_the_console_and_at_the_table(
    folder_store: ClassStore,
) -> None:
    ann = folder_store.join(browser(1), SCRIPT)
    folder_store.join(browser(2), "Ben")
    deal = folder_store.add_deal("knockout", players=4, seed=5, label="seed 5")
    game = spec("knockout").new_game(players=[SCRIPT, "Bot 1", "Bot 2", "Bot 3"], seed=5)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    gid = folder_store.start_game(ann.id, "knockout", players=4, seed=5, deal_id=deal.id)
    folder_store.play(gid, [], record=to_record(game), progress={"tricks_by_round": [1]},
                      over=False)  # fmt: skip
    seat_class(folder_store, 2, "knockout", seed=1)
    console = TeacherConsole(folder_store, poll=False)
    try:
        console.select(ann.id)
        html = [console.results.value, console.table.heading.value, console.table.picture.value,
                console.tables_box.results.value,
                *(getattr(r, "value", "") for r in _descendants(console.tables_box)
                  if isinstance(r, w.HTML))]  # fmt: skip
        joined = "\n".join(html)
        assert "&lt;img src=x onerror=alert(1)&gt;" in joined
        assert "<img" not in joined
        # A student's row is a button's words: plain text that starts with the name.
        assert console.rows.children[0].description.startswith(SCRIPT)
    finally:
        console.close()
    table = tables(folder_store)[0]
    assert SCRIPT in table_names(folder_store, table)
    page = ClassPage(folder_store)
    page.browser.browser_id = browser(1)
    seat = page.seat_page
    assert seat is not None
    seen = seat.heading.value + str(table_svg(seat.model.game, seat=seat.seat))
    assert "&lt;img" in seen and "<img" not in seen


def _descendants(widget: Any) -> Iterator[Any]:
    for child in getattr(widget, "children", ()):
        yield child
        yield from _descendants(child)


# ----------------------------------------------------------- what the terminal shows
def test_class_status_and_tables_escape_a_name_stored_raw(
    class_store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    store = ClassStore.open(url=class_store_url)
    raw = [CLIPBOARD, "\u202eNNA", "Ann\x01\u200b", "Back\\slash"]
    ids = [raw_student(store, browser(i), name) for i, name in enumerate(raw)]
    store.close()

    code, out, err = run(capsys, "class", "status", "--db", class_store_url)
    assert code == 0, err
    assert controls(out) == [], [hex(ord(c)) for c in controls(out)]
    # Visible, escaped: the teacher sees something odd was typed.
    assert "Eve\\x1b]52;c;ZXZpbA==\\x07" in out
    assert "\\u202eNNA" in out and "Ann\\x01\\u200b" in out and "Back\\\\slash" in out

    code, out, err = run(capsys, "class", "status", "--db", class_store_url, "--json")
    assert code == 0 and controls(out) == []
    # The JSON still reads back as the names stored.
    assert [s["name"] for s in json.loads(out)["students"]] == raw

    code, out, err = run(capsys, "class", "tables", "--db", class_store_url, "--size", "4",
                         "--seed", "1")  # fmt: skip
    assert code == 0, err
    assert controls(out) == [] and "Eve\\x1b]52" in out and "\\u202eNNA" in out
    code, out, err = run(capsys, "class", "tables", "--db", class_store_url, "--size", "4",
                         "--json")  # fmt: skip
    assert code == 0 and controls(out) == []
    seats = json.loads(out)["tables"][0]["seats"]
    assert {s["name"] for s in seats if not s["bot"]} == set(raw)
    assert {s["student_id"] for s in seats if not s["bot"]} == set(ids)


def test_printable_escapes_every_hidden_character() -> None:
    for name in BAD_NAMES.values():
        shown = printable(name)
        assert controls(shown) == [] and "\u3164" not in shown, repr(shown)
    assert printable("Zoé 李") == "Zoé 李"


# ------------------------------------------------------------------ CSV formulas
FORMULAS = ["=HYPERLINK(\"http://evil.example\",\"x\")", "+1+2", "-2+3", "@SUM(A1)"]


def test_the_export_neutralises_formulas_in_every_csv(
    folder_store: ClassStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for i, name in enumerate(FORMULAS):
        student = folder_store.join(browser(i), name)
        folder_store.start_game(student.id, "knockout", players=4, seed=i)
    # Stored raw before names were checked: a tab and a carriage return first.
    raw_student(folder_store, browser(10), "\t=1+1")
    raw_student(folder_store, browser(11), "\r=2+2")
    folder_store.close()
    out = tmp_path / "class.zip"
    code, _out, err = run(capsys, "class", "export", "--dir", str(tmp_path / "class"), "--out",
                          str(out))  # fmt: skip
    assert code == 0, err
    with zipfile.ZipFile(out) as z:
        sheets = {n: z.read(n).decode() for n in z.namelist() if n.endswith(".csv")}
    assert {"students.csv", "games.csv"} <= set(sheets)
    for name, text in sheets.items():
        for row in csv.reader(io.StringIO(text, newline="")):
            for cell in row:
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), (name, cell)
    students = list(csv.DictReader(io.StringIO(sheets["students.csv"], newline="")))
    assert [r["name"] for r in students] == [
        *("'" + f for f in FORMULAS), "'\\x09=1+1", "'\\x0d=2+2"
    ]
    assert csv_cell(-3) == -3 and csv_cell("Ann") == "Ann"


# ---------------------------------------------------------- two students, one name
def test_two_students_with_one_name_are_told_apart(folder_store: ClassStore) -> None:
    typed = ["Ana", "ana", "ＡＮＡ", "Ana (2)", "Ana"]
    got = [folder_store.join(browser(i), n).name for i, n in enumerate(typed)]
    assert got == ["Ana", "ana (2)", "ＡＮＡ (3)", "Ana (2) (2)", "Ana (4)"]
    assert len({name_key(n) for n in got}) == len(got)
    # The same browser joining again keeps its name, and is not told apart from itself.
    assert folder_store.join(browser(1), "ana").name == "ana (2)"
    students = folder_store.students()
    assert len(students) == 5

    # The console's rows, each starting with its student's name.
    console = TeacherConsole(folder_store, poll=False)
    try:
        rows = [r.description for r in console.rows.children]
        assert [r.split(" · ")[0] for r in rows] == got
    finally:
        console.close()
    # The results of a deal, side by side.
    deal = folder_store.add_deal("knockout", players=4, seed=3, label="seed 3")
    for s in students[:2]:
        folder_store.start_game(s.id, "knockout", players=4, seed=3, deal_id=deal.id)
    assert [r.name for r in deal_results(folder_store, deal)] == got[:2]
    # The seats at a table.
    table = seat_class(folder_store, 5, "knockout", seed=2)[0]
    assert sorted(table_names(folder_store, table)) == sorted(got)


def test_names_stored_alike_before_are_told_apart_on_opening(class_store_url: str) -> None:
    store = ClassStore.open(url=class_store_url)
    for i, name in enumerate(["Ann", "Ann", "ANN", "An\u200bn", "Ben"]):
        raw_student(store, browser(i), name)
    store.close()
    store = ClassStore.open(url=class_store_url)  # what any page or command does first
    try:
        names = [s.name for s in store.students()]
        assert names == ["Ann", "Ann (2)", "ANN (3)", "An\u200bn (4)", "Ben"]
    finally:
        store.close()


# -------------------------------------------------------------------- renaming
def test_the_teacher_renames_a_student_and_their_page_follows(folder_store: ClassStore) -> None:
    pages = []
    for i, name in enumerate(["Ana", "Ana", "Ben"]):
        page = ClassPage(folder_store)
        page.browser.browser_id = browser(i)
        page.name.value = name
        page.join_button.click()
        pages.append(page)
    ana, ana2, ben = (p.student for p in pages)
    assert (ana.name, ana2.name) == ("Ana", "Ana (2)")
    second = pages[1]
    table = second.app.table
    table.play_card(next(m for m in table.game.legal_moves() if hasattr(m, "code")).code)
    moves = [m.code for m in table.game.moves if hasattr(m, "code")]
    assert table.game.names[0] == "Ana (2)"

    console = TeacherConsole(folder_store, poll=False)
    try:
        console.rows.children[1].click()
        box = console.rename
        assert box.layout.display != "none" and box.name.value == "Ana (2)"
        # Refused in one line, nothing changed: another student's name (any case), a
        # bad name, an empty one.
        for bad in ("ana", "BEN", "Ana\u202e", "\x1b[2J", "  "):
            box.name.value = bad
            box.button.click()
            assert 'role="alert"' in box.status.value, bad
            assert [s.name for s in folder_store.students()] == ["Ana", "Ana (2)", "Ben"]
        box.name.value = "  Ana   Lopez "
        box.button.click()
        assert [s.name for s in folder_store.students()] == ["Ana", "Ana Lopez", "Ben"]
        assert console.rows.children[1].description.startswith("Ana Lopez · ")
    finally:
        console.close()

    # The student's own page, at its next look at the store: the new name on the table,
    # the game in progress going on (same moves), and the store's game too.
    assert second.poll()
    table = second.app.table
    assert second.student.name == "Ana Lopez" and table.game.names[0] == "Ana Lopez"
    assert [m.code for m in table.game.moves if hasattr(m, "code")][: len(moves)] == moves
    row = folder_store.current_game(ana2.id)
    assert row.record["players"][0] == "Ana Lopez"
    assert pages[0].student.name == "Ana"  # the other Ana is still Ana
    # Renamed while their page was closed: the page opened again shows the new name.
    folder_store.rename(ben.id, "Benjamin")
    again = ClassPage(folder_store)
    again.browser.browser_id = browser(2)
    assert again.student.name == "Benjamin" and again.app.table.game.names[0] == "Benjamin"


def test_a_rename_reaches_every_seat_of_a_shared_table(folder_store: ClassStore) -> None:
    pages = []
    for i, name in enumerate(["Ann", "Ben"]):
        page = ClassPage(folder_store)
        page.browser.browser_id = browser(i)
        page.name.value = name
        page.join_button.click()
        pages.append(page)
    seat_class(folder_store, 2, "knockout", seed=4)
    for page in pages:
        page.poll()
    assert all(p.seat_page is not None for p in pages)
    ben = pages[1].student
    folder_store.rename(ben.id, "Benito")
    for page in pages:
        page.poll()
        assert "Benito" in page.seat_page.names and "Ben" not in page.seat_page.names
        assert "Benito" in page.seat_page.model.game.names
    assert "Benito" in pages[1].seat_page.heading.value


# ----------------------------------------------------------------- event flood
def test_a_burst_of_events_stores_the_limit_and_one_count(class_store: ClassStore) -> None:
    ann = class_store.join(browser(1), "Ann").id
    ben = class_store.join(browser(2), "Ben").id
    at = 1_000_000.25
    for i in range(200):
        class_store.add_event(ann, None, "hint" if i % 4 else "illegal", {"i": i}, when=at)
    class_store.add_event(ben, None, "hint", when=at)  # another student is not held back
    mine = [e for e in class_store.events(student_id=ann) if e["kind"] != "join"]
    assert len(mine) == EVENTS_PER_SECOND + 1
    assert [e["kind"] for e in mine].count(DROPPED) == 1
    assert sum(mine[-1]["detail"]["counts"].values()) == 200 - EVENTS_PER_SECOND
    counts = class_store.event_counts()
    assert counts[ann]["hint"] == 150 and counts[ann]["illegal"] == 50
    assert counts[ann][DROPPED] == 200 - EVENTS_PER_SECOND
    assert counts[ben] == {"join": 1, "hint": 1}
    # The next second keeps events again.
    class_store.add_event(ann, None, "hint", when=at + 1)
    assert len(class_store.events(student_id=ann, kind="hint")) == sum(
        1 for e in mine if e["kind"] == "hint"
    ) + 1


def test_a_burst_in_real_time_is_bounded_and_fully_counted(class_store: ClassStore) -> None:
    ann = class_store.join(browser(1), "Ann").id
    started = time.time()
    for _ in range(200):
        class_store.add_event(ann, None, "illegal", {"card": "2H"})
    seconds = int(time.time()) - int(started) + 1
    stored = [e for e in class_store.events(student_id=ann) if e["kind"] != "join"]
    assert len(stored) <= seconds * (EVENTS_PER_SECOND + 1)
    assert class_store.event_counts()[ann]["illegal"] == 200
