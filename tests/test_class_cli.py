"""``kowhist-teach class start|status|export`` (DESIGN §4, §8; issue 21): the status
table and its JSON, the export zip (replayable records, anonymous names), one-line
errors, the owner-only store, the two servers' configuration, and one real start of
both servers (slow)."""

from __future__ import annotations

import contextlib
import csv
import importlib.util
import io
import json
import os
import random
import re
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest
from helpers import one_line, run

from kowhist_teach import KnockoutGame
from kowhist_teach import replay as api_replay
from kowhist_teach.classroom.schema import CLASS_DB_ENV, STORE_FILE, StoreError
from kowhist_teach.classroom.server import (
    CLASSROOM_POOL_SIZE,
    MEMORY_MB,
    ServeOptions,
    join_url,
    voila_config,
)
from kowhist_teach.cli import _build_parser
from kowhist_teach.cli import app as app_cli
from kowhist_teach.cli import class_ as class_cli
from kowhist_teach.cli.app import CONSOLE_ENV, class_servers, console_child
from kowhist_teach.cli.class_ import existing_store, open_store, start_plan
from kowhist_teach.core.errors import SetupError
from kowhist_teach.core.record import replay, to_record
from kowhist_teach.i18n import set_language

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from voila_harness import REPO, VoilaServer, _descendants, _stat, two_free_ports  # noqa: E402

ANN, BO = "a" * 32, "b" * 32


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
        moves.append((len(moves), seat if seat is not None else -1, getattr(move, "code", move)))
    return game, moves


@pytest.fixture
def class_dir(tmp_path: Path) -> Path:
    """A class of two: Ann (connected, a finished game she lost and one she is playing,
    two illegal tries, a hint, three quiz answers, two right) and Bo (gone, one game)."""
    folder = tmp_path / "class"
    store = open_store(folder)
    ann = store.join(ANN, "Ann")
    bo = store.join(BO, "Bo")
    # Sent before their games: a deal sent later would replace Ann's game in progress.
    store.add_deal("knockout", players=4, seed=11, label="everyone: seed 11")
    over, moves = played(["Ann", "Bot 1", "Bot 2", "Bot 3"], seed=3)
    assert over.is_over() and over.outcome().winner != 0
    g1 = store.start_game(ann.id, "knockout", players=4, seed=3)
    progress = {"round": 5, "tricks": 0, "tricks_by_round": [1, 2, 1, 1, 0], "state": "out"}
    store.play(g1, moves, record=to_record(over), progress=progress, over=True)
    now_playing, moves = played(["Ann", "Bot 1", "Bot 2", "Bot 3"], seed=8, steps=9)
    g2 = store.start_game(ann.id, "knockout", players=4, seed=8)
    progress = {"round": 1, "tricks": 2, "tricks_by_round": [2], "state": "playing", "moves": 9}
    store.play(g2, moves, record=to_record(now_playing), progress=progress, over=False)
    bos, moves = played(["Bo", "Bot 1", "Bot 2"], seed=5)
    g3 = store.start_game(bo.id, "knockout", players=3, seed=5)
    state = "won" if bos.outcome().winner == 0 else "out"
    store.play(g3, moves, record=to_record(bos), progress={"round": 4, "state": state}, over=True)
    for kind, detail in [
        ("illegal", {"card": "2H"}),
        ("illegal", {"card": "3H"}),
        ("hint", {}),
        ("quiz", {"correct": True}),
        ("quiz", {"correct": False}),
        ("quiz", {"correct": True}),
    ]:
        store.add_event(ann.id, g2, kind, detail)
    store.left(bo.id)
    store.close()
    return folder


def status_json(capsys: pytest.CaptureFixture[str], *where: str) -> dict[str, Any]:
    code, out, err = run(capsys, "class", "status", *where, "--json")
    assert code == 0 and err == ""
    return json.loads(out)


# ------------------------------------------------------------------ status
def test_status_table(class_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "class", "status", "--dir", str(class_dir))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"Class store: {class_dir.resolve() / STORE_FILE}"
    assert lines[1] == "2 students, 1 connected"
    header, ann, bo = lines[3:6]
    assert header.split() == [
        "Name", "Connected", "Game", "Round", "Tricks", "State", "Illegal", "tries", "Hints",
        "Quiz", "right", "Last", "activity",
    ]  # fmt: skip
    # Ann's row: her current game (the one she plays), her tries, hints and quiz.
    assert re.fullmatch(
        r"Ann\s+yes\s+Knock-Out Whist\s+1\s+2\s+playing\s+2\s+1\s+2/3\s+\d+ s ago", ann
    ), ann
    assert re.fullmatch(r"Bo\s+no\s+Knock-Out Whist\s+4\s+-\s+(won|out)\s+0\s+0\s+0/0\s+.+", bo)
    # Aligned: each column starts at the same place on every line.
    for title in ("Connected", "Game", "State", "Last activity"):
        at = header.index(title)
        assert ann[at - 2 : at] == "  " and ann[at] != " ", title
        assert bo[at - 2 : at] == "  " and bo[at] != " ", title


def test_status_with_no_student_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    open_store(tmp_path / "empty").close()
    code, out, _err = run(capsys, "class", "status", "--dir", str(tmp_path / "empty"))
    assert code == 0 and out.splitlines()[1] == "0 students, 0 connected"


def test_status_json(class_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = status_json(capsys, "--dir", str(class_dir))
    assert set(data) >= {"students", "tables", "deals", "settings"}
    assert data["tables"] == []
    ann, bo = data["students"]
    assert (ann["name"], ann["connected"], bo["name"], bo["connected"]) == (
        "Ann",
        True,
        "Bo",
        False,
    )
    assert ann["illegal"] == 2 and ann["hints"] == 1
    assert ann["quiz"] == {"answered": 3, "right": 2}
    assert bo["illegal"] == 0 and bo["quiz"] == {"answered": 0, "right": 0}
    assert time.time() - ann["last_activity"] < 60
    first, second = ann["games"]
    for game in (first, second, bo["games"][0]):
        assert set(game) >= {
            "id", "game", "players", "rules", "seed", "deal_id", "status", "progress",
            "record", "moves",
        }  # fmt: skip
        assert game["record"]["format"] == "kowhist-record/1"
        assert replay(game["record"])["status"] in ("over", "in_progress")
    assert (first["status"], first["progress"]["state"], first["seed"]) == ("over", "out", 3)
    assert (second["status"], second["moves"], second["progress"]["tricks"]) == ("playing", 9, 2)
    assert first["record"]["players"] == ["Ann", "Bot 1", "Bot 2", "Bot 3"]
    assert [d["seed"] for d in data["deals"]] == [11]
    assert data["settings"]["game"] == "knockout"
    assert data["settings"]["deal_id"] == data["deals"][0]["id"]


def test_status_by_database_url(class_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    by_url = status_json(capsys, "--db", f"sqlite:///{class_dir / STORE_FILE}")
    by_dir = status_json(capsys, "--dir", str(class_dir))
    assert [s["name"] for s in by_url["students"]] == ["Ann", "Bo"]
    assert by_url["students"][0]["games"] == by_dir["students"][0]["games"]


def test_status_in_spanish_keeps_the_table(
    class_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(capsys, "class", "status", "--dir", str(class_dir), "--lang", "es")
    assert code == 0 and len(out.splitlines()) == 6


# ------------------------------------------------------------------ export
def read_zip(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name).decode("utf-8") for name in z.namelist()}


def test_export_zip_holds_students_and_replayable_records(
    class_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "class.zip"
    code, out, err = run(capsys, "class", "export", "--dir", str(class_dir), "--out", str(out_file))
    assert code == 0 and err == ""
    assert one_line(out) == f"Wrote {out_file}: 2 students, 3 game records."
    assert stat.S_IMODE(out_file.stat().st_mode) == 0o600  # names of children: private
    files = read_zip(out_file)
    games = sorted(n for n in files if n.startswith("games/"))
    assert games == ["games/1-knockout.json", "games/2-knockout.json", "games/3-knockout.json"]
    rows = list(csv.DictReader(io.StringIO(files["students.csv"])))
    assert [r["name"] for r in rows] == ["Ann", "Bo"]
    assert list(rows[0]) == [
        "id", "name", "joined", "last_activity", "games_played", "games_won",
        "games_in_progress", "games_abandoned", "table_games_played", "table_games_won",
        "illegal_tries", "hints", "quiz_answered", "quiz_right",
    ]  # fmt: skip
    ann = rows[0]
    # Played: her finished game only (the one in progress is not played yet).
    assert (ann["games_played"], ann["games_won"], ann["games_in_progress"]) == ("1", "0", "1")
    assert (ann["illegal_tries"], ann["hints"]) == ("2", "1")
    assert (ann["quiz_answered"], ann["quiz_right"]) == ("3", "2")
    index = list(csv.DictReader(io.StringIO(files["games.csv"])))
    assert [(g["file"], g["student"]) for g in index] == [
        ("games/1-knockout.json", "Ann"),
        ("games/2-knockout.json", "Ann"),
        ("games/3-knockout.json", "Bo"),
    ]
    # Each record is the stored one, and replays without an error: in this process, and
    # through `kowhist-teach replay`.
    stored = status_json(capsys, "--dir", str(class_dir))
    records = [g["record"] for s in stored["students"] for g in s["games"]]
    for name, record in zip(games, records, strict=True):
        assert json.loads(files[name]) == record
        assert api_replay(json.loads(files[name]))["status"] in ("over", "in_progress")
        path = tmp_path / name.replace("/", "-")
        path.write_text(files[name], encoding="utf-8")
        code, text, err = run(capsys, "replay", str(path), "--json")
        assert code == 0 and err == "", text
        assert json.loads(text)["status"] in ("over", "in_progress")


def test_export_anonymous_hides_every_name(
    class_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "anon.zip"
    code, _out, _err = run(
        capsys, "class", "export", "--dir", str(class_dir), "--out", str(out_file), "--anonymous"
    )
    assert code == 0
    files = read_zip(out_file)
    for name, text in files.items():
        assert "Ann" not in text and "Bo" not in text.replace("Bot", ""), name
    rows = list(csv.DictReader(io.StringIO(files["students.csv"])))
    assert [r["name"] for r in rows] == ["Student 1", "Student 2"]  # in the order they joined
    first = json.loads(files["games/1-knockout.json"])
    assert first["players"] == ["Student 1", "Bot 1", "Bot 2", "Bot 3"]
    assert json.loads(files["games/3-knockout.json"])["players"] == ["Student 2", "Bot 1", "Bot 2"]
    for name in files:
        if name.startswith("games/"):
            assert replay(json.loads(files[name]))["status"] in ("over", "in_progress")


# ------------------------------------------------------------------ errors
def one_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line of a failed command (a usage error exits through argparse)."""
    try:
        code, out, err = run(capsys, *argv)
    except SystemExit as e:
        code = e.code
        out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    return one_line(err)


def test_a_missing_store_is_an_error_and_is_not_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere"
    for command in (["status"], ["status", "--json"], ["export", "--out", str(tmp_path / "x.zip")]):
        line = one_error(capsys, "class", *command, "--dir", str(missing))
        assert line == (
            f"kowhist-teach: no class store in {missing}: start a class with "
            "kowhist-teach class start"
        )
    assert not missing.exists() and not (tmp_path / "x.zip").exists()
    line = one_error(capsys, "class", "status", "--db", f"sqlite:///{missing}/class.sqlite")
    assert "no class store" in line and not missing.exists()


def test_dir_and_db_together_are_refused(
    class_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in (["status"], ["export", "--out", "x.zip"], ["start"]):
        line = one_error(capsys, "class", *command, "--dir", str(class_dir), "--db", "sqlite://")
        assert "not allowed with" in line


def test_bad_out_is_refused(
    class_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_error(
        capsys, "class", "export", "--dir", str(class_dir), "--out", str(tmp_path / "c.csv")
    )
    assert "--out takes a .zip file name" in line
    line = one_error(
        capsys, "class", "export", "--dir", str(class_dir), "--out", str(tmp_path / "no/c.zip")
    )
    assert "does not exist" in line
    assert one_error(capsys, "class", "export", "--dir", str(class_dir))  # --out is required
    assert list(tmp_path.glob("*.zip")) == []


def test_a_bad_store_url_or_a_newer_store_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_error(capsys, "class", "status", "--db", "nosuchdb://x")
    assert line.startswith("kowhist-teach: cannot open the class store")
    store = open_store(tmp_path / "newer")
    with store.engine.begin() as c:
        c.execute(
            store.t.meta.update().values(value="99").where(store.t.meta.c.key == "schema_version")
        )
    store.close()
    line = one_error(capsys, "class", "status", "--dir", str(tmp_path / "newer"))
    assert "made by a newer kowhist-teach" in line


def test_the_store_is_private(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "class"
    open_store(folder).close()  # what `class start` opens
    code, _out, _err = run(capsys, "class", "status", "--dir", str(folder))
    assert code == 0
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for file in folder.iterdir():  # the database, and its WAL files if any
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file.name
    assert (folder / STORE_FILE).exists()


def test_existing_store_never_makes_one(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        existing_store(tmp_path / "c")
    assert not (tmp_path / "c").exists()


# ------------------------------------------------------------------ start: configuration
def start_args(*argv: str) -> Any:
    return _build_parser().parse_args(["class", "start", *argv])


def test_start_options() -> None:
    args = start_args(
        "--dir", "/tmp/c", "--port", "9000", "--address", "10.0.0.7", "--no-browser",
        "--pool-size", "4", "--memory-mb", "512", "--token", "students1", "--teacher-token",
        "teacher-22",
    )  # fmt: skip
    assert (args.command, args.class_command, args.dir, args.db) == (
        "class",
        "start",
        "/tmp/c",
        None,
    )
    assert args.no_browser and args.pool_size == 4 and args.memory_mb == 512
    students, console = start_plan(args)
    assert join_url(students) == "http://10.0.0.7:9000/?token=students1"
    assert join_url(console) == "http://10.0.0.7:9001/?token=teacher-22"
    assert (students.pool_size, console.pool_size) == (4, 1)
    assert students.memory_mb == console.memory_mb == 512
    for options in (students, console):
        assert options.classroom and not options.open_browser  # the CLI opens the console
        c = voila_config(options)
        assert c["Voila"]["ip"] == "0.0.0.0" and c["Voila"]["token"] == options.token
        assert c["MappingKernelManager"]["cull_idle_timeout"] > 0
        assert c["VoilaConfiguration"]["show_tracebacks"] is False
        assert c["Voila"]["mathjax_url"] == ""


def test_start_defaults_make_two_different_tokens() -> None:
    args = start_args()
    assert (args.port, args.dir, args.db, args.no_browser) == (8866, None, None, False)
    students, console = start_plan(args)
    assert (students.port, console.port) == (8866, 8867)
    assert students.pool_size == CLASSROOM_POOL_SIZE and console.pool_size == 1
    assert students.memory_mb == console.memory_mb == MEMORY_MB
    assert students.token and console.token and students.token != console.token
    assert len(console.token) > len(students.token)
    assert students.address == console.address
    again = class_servers()
    assert {again[0].token, again[1].token}.isdisjoint({students.token, console.token})


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--token", "same-token", "--teacher-token", "same-token"], "must not be the students'"),
        (["--token", "short"], "--token takes 8 to 64"),
        (["--teacher-token", "has space in it"], "--teacher-token takes 8 to 64"),
        (["--port", "65535"], "--port takes a port"),
    ],
)
def test_start_refuses_bad_options(argv: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        start_plan(start_args(*argv))


def test_console_child_keeps_the_token_off_its_command_line(tmp_path: Path) -> None:
    options = ServeOptions(
        port=9001, classroom=True, address="10.0.0.7", token="teacher-token-1", pool_size=1
    )
    argv, env = console_child(tmp_path / "console.ipynb", options)
    assert argv[:2] == [sys.executable, "-c"] and "_console_main" in argv[2]
    assert "teacher-token-1" not in " ".join(argv)
    settings = json.loads(env[CONSOLE_ENV])
    assert settings == {
        "notebook": str(tmp_path / "console.ipynb"),
        "port": 9001,
        "address": "10.0.0.7",
        "token": "teacher-token-1",
        "cookie_secret": None,
        "pool_size": 1,
        "memory_mb": MEMORY_MB,
        "parent": os.getpid(),
    }


def test_start_opens_the_store_sets_the_environment_and_prints_one_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CLASS_DB_ENV, "left over")  # restored after the test
    seen: dict[str, Any] = {}

    def fake_run(student_page: Path, console_page: Path, students: Any, console: Any, **kw: Any):
        seen.update(
            env=os.environ[CLASS_DB_ENV], pages=(student_page.name, console_page.name), **kw
        )
        seen["options"] = (students, console)
        return 0

    monkeypatch.setattr(class_cli, "run_class", fake_run)
    monkeypatch.setattr(class_cli, "port_taken", lambda port: False)
    folder = tmp_path / "class"
    code, out, err = run(
        capsys, "class", "start", "--dir", str(folder), "--port", "9100", "--address",
        "10.0.0.7", "--token", "students1", "--teacher-token", "teacher-22",
    )  # fmt: skip
    assert code == 0 and err == ""
    assert seen["env"] == f"sqlite:///{folder.resolve() / STORE_FILE}"
    assert seen["pages"] == ("class.ipynb", "console.ipynb")
    assert seen["open_browser"] is True
    assert [o.port for o in seen["options"]] == [9100, 9101]
    assert out.count("http://10.0.0.7:9100/?token=students1") == 1
    assert out.count("http://10.0.0.7:9101/?token=teacher-22") == 1
    assert out.count(str(folder.resolve() / STORE_FILE)) == 1
    assert len(out.strip().splitlines()) == 4
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / STORE_FILE).stat().st_mode) == 0o600


def test_a_class_started_again_keeps_its_links_and_cookie_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started again on the same folder, a class keeps its two tokens (the link on the
    board still works) and the key that signs its pages' login cookies (a page open
    before the restart is still logged in); a token given on the command line wins."""
    monkeypatch.setenv(CLASS_DB_ENV, "left over")
    starts: list[tuple[Any, Any]] = []
    monkeypatch.setattr(
        class_cli,
        "run_class",
        lambda _s, _c, students, console, **_k: starts.append((students, console)) or 0,
    )
    monkeypatch.setattr(class_cli, "port_taken", lambda port: False)
    folder = str(tmp_path / "class")
    for extra in ([], [], ["--token", "given-token"]):
        code, _out, err = run(capsys, "class", "start", "--dir", folder, "--no-browser", *extra)
        assert code == 0 and err == ""
    (first, first_console), (again, again_console), (given, given_console) = starts
    assert again.token == first.token and again_console.token == first_console.token
    assert first.token != first_console.token and len(first_console.token) == 16
    # One key kept, one derived from it per server: the same at every start, never
    # the students' server's and the console's alike (issue 32).
    assert first.cookie_secret == again.cookie_secret
    assert first_console.cookie_secret == again_console.cookie_secret
    assert first.cookie_secret != first_console.cookie_secret
    assert len(bytes.fromhex(first.cookie_secret)) == 32
    assert given.token == "given-token" and given_console.token == first_console.token
    config = voila_config(first)
    assert config["Voila"]["cookie_secret"] == bytes.fromhex(first.cookie_secret)
    assert (
        config["IdentityProvider"]["cookie_name"]
        != voila_config(first_console)["IdentityProvider"]["cookie_name"]
    )


def test_start_refuses_a_port_in_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(class_cli, "run_class", lambda *a, **k: pytest.fail("started"))
    real_check = class_cli.port_taken
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        # The console's port (the students' + 1) is checked for real; the students' own,
        # port - 1, is said to be free: another test's server may hold it just now.
        monkeypatch.setattr(class_cli, "port_taken", lambda p: p == port and real_check(p))
        line = one_error(
            capsys, "class", "start", "--dir", str(tmp_path / "c"), "--port", str(port - 1)
        )
    assert line == f"kowhist-teach: port {port} is in use: choose another with --port"


def test_start_needs_both_notebooks() -> None:
    for name in ("class.ipynb", "console.ipynb"):
        notebook = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
        assert len(notebook["cells"]) == 1 and notebook["cells"][0]["outputs"] == []
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    for name in ("class.ipynb", "console.ipynb"):
        assert f'"notebooks/{name}" = "kowhist_teach/notebooks/{name}"' in pyproject


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie waiting to be reaped does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


SLEEPER = "import time; time.sleep(600)"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the processes in /proc")
def test_stopping_the_console_kills_it_and_what_it_started() -> None:
    """A console that ignores SIGTERM is killed after the grace, and so is a process it
    started in a session of its own (as kernels are)."""
    code = (
        "import signal, subprocess, sys, time\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        f"subprocess.Popen([sys.executable, '-c', {SLEEPER!r}], start_new_session=True)\n"
        "time.sleep(600)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while not app_cli._descendants(child.pid):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        (grandchild, _started), *_ = app_cli._descendants(child.pid)
        app_cli._stop_child(child, grace=0.5)
        assert child.poll() is not None
        deadline = time.monotonic() + 10
        while _alive(grandchild):
            assert time.monotonic() < deadline, "the console's kernel outlived it"
            time.sleep(0.05)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the processes in /proc")
def test_run_class_never_leaves_the_console_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever ends the students' server (here a Ctrl-C), the console child goes too."""
    seen: dict[str, Any] = {}

    def fake_serve(notebook: Path, options: Any, announce: bool = True) -> int:
        assert announce is False and notebook.name == "class.ipynb"
        deadline = time.monotonic() + 30
        while not seen.get("children"):
            assert time.monotonic() < deadline
            seen["children"] = [
                pid for pid, _ in app_cli._descendants(os.getpid()) if SLEEPER in _cmdline(pid)
            ]
            time.sleep(0.05)
        raise KeyboardInterrupt

    monkeypatch.setattr("kowhist_teach.classroom.server.serve", fake_serve)
    monkeypatch.setattr(app_cli, "console_child", lambda *a: ([sys.executable, "-c", SLEEPER], {}))
    students, console = class_servers(9200, "127.0.0.1", "students1", "teacher-22")
    with pytest.raises(KeyboardInterrupt):
        app_cli.run_class(
            tmp_path / "class.ipynb", tmp_path / "console.ipynb", students, console, False
        )
    assert len(seen["children"]) == 1 and not _alive(seen["children"][0])


# ------------------------------------------------------------------ start: for real
def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def _answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""


def _environ(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/environ").read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="Voilà is not installed")
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="checks the processes left in /proc")
def test_class_start_serves_both_pages_and_stops_both(tmp_path: Path) -> None:
    port = two_free_ports()
    student, teacher = "student-tok1", "teacher-tok-22"
    command = [
        sys.executable, "-c", "import sys; from kowhist_teach.cli import main; sys.exit(main())",
        "class", "start", "--dir", str(tmp_path / "class"), "--port", str(port), "--no-browser",
        "--token", student, "--teacher-token", teacher, "--address", "127.0.0.1",
        "--pool-size", "1",
    ]  # fmt: skip
    server = VoilaServer(command, tmp_path, port).start()
    family: list[tuple[int, str]] = []
    try:
        server.wait_ready(timeout=120)
        deadline = time.monotonic() + 120
        while not _answers(port + 1):
            assert time.monotonic() < deadline, server.log_tail()
            time.sleep(0.2)
        students_page = f"http://127.0.0.1:{port}/"
        console_page = f"http://127.0.0.1:{port + 1}/"
        status, body = _get(f"{students_page}?token={student}")
        assert status == 200 and "widget-view+json" in body, server.log_tail()
        assert _get(f"{console_page}?token={student}")[0] == 403  # another server, token
        assert _get(students_page)[0] == 403 and _get(console_page)[0] == 403
        status, body = _get(f"{console_page}?token={teacher}")
        assert status == 200 and "widget-view+json" in body, server.log_tail()
        family = _descendants(server.proc.pid)
        # Every kernel of both servers finds the store; none sees the console's token.
        kernels = [pid for pid, _ in family if "kernelapp" in _cmdline(pid)]
        assert len(kernels) >= 2, family  # at least one for each server
        store = f"{CLASS_DB_ENV}=sqlite:///{(tmp_path / 'class').resolve() / STORE_FILE}"
        for pid in kernels:
            environ = _environ(pid).split("\0")
            assert store in environ and not any(e.startswith(CONSOLE_ENV) for e in environ)
        os.kill(server.proc.pid, signal.SIGTERM)
        assert server.proc.wait(timeout=90) == 0, server.log_tail()
        deadline = time.monotonic() + 20
        while any(_stat(pid) is not None and _stat(pid)[1] == started for pid, started in family):
            assert time.monotonic() < deadline, "a process of the class outlived it"
            time.sleep(0.2)
        assert not _answers(port) and not _answers(port + 1)
        log = server.log_path.read_text(errors="replace")
        assert log.count("The class is open") == 1
        assert log.count(teacher) == 1 and log.count(f"?token={student}") == 1
        assert "Traceback" not in log
    finally:
        server.stop()
        for pid, started in family:
            st = _stat(pid)
            if st is not None and st[1] == started:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
