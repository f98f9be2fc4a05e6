"""``kowhist-teach lab`` / ``make lab`` (issue 25, point 4): the course opens at the
contents page of the student's language, the terminal JupyterLab opens starts in the
course folder, finds ``kowhist-teach`` (whatever the shell's start-up files do to
``PATH``) and speaks the course's language, it starts as root, and a lesson's link to
the app opens the app in the lesson's language."""

from __future__ import annotations

import asyncio
import concurrent.futures
import io
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from kowhist_teach.cli import _build_parser, main
from kowhist_teach.cli.lab import (
    TERMINAL_RC,
    contents_page,
    course_folder,
    default_language,
    lab_command,
    system_language,
    terminal_shell,
)
from kowhist_teach.i18n import get_language, set_language

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"}, "fr"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_system(environ: dict[str, str], lang: str) -> None:
    assert system_language(environ) == lang


def test_each_languages_contents_page_exists() -> None:
    for lang in ("en", "es", "fr"):
        assert (course_folder() / contents_page(lang)).is_file()


def test_the_command_opens_the_course_folder_as_root_with_this_environment_first() -> None:
    folder = course_folder()
    environ = {"PATH": "/usr/bin", "SHELL": "/bin/bash"}
    argv, env = lab_command("es", folder, root=True, environ=environ)
    assert f"--ServerApp.root_dir={folder}" in argv and "--allow-root" in argv
    assert argv[-1] == "es/00_contents.ipynb"
    here = str(Path(sys.executable).parent)
    assert env["PATH"].split(os.pathsep) == [here, "/usr/bin"]
    assert env["KOWHIST_TEACH_BIN"] == here and env["KOWHIST_TEACH_LANG"] == "es"
    # The terminal's shell is named, so JupyterLab does not start a login shell (whose
    # /etc/profile would set PATH anew): a bash reads TERMINAL_RC.
    shell = [a for a in argv if a.startswith("--ServerApp.terminado_settings=shell_command=")]
    assert shell == [
        f"--ServerApp.terminado_settings=shell_command=/bin/bash --rcfile {TERMINAL_RC} -i"
    ]
    argv, _env = lab_command("en", folder, root=False, no_browser=True, port=9999)
    assert "--allow-root" not in argv and "--no-browser" in argv and "--port=9999" in argv


def test_the_terminals_bash_puts_this_environment_first_after_its_bashrc(
    tmp_path: Path,
) -> None:
    """The terminal's bash, started as JupyterLab starts it (interactive, TERMINAL_RC):
    the user's ~/.bashrc is read (here it sets PATH anew, as /etc/profile does for a
    login shell), then this environment's scripts come first."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".bashrc").write_text("PATH=/usr/bin:/bin\nFROM_BASHRC=yes\n")
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "KOWHIST_TEACH_BIN": "/course/bin"}
    done = subprocess.run(
        terminal_shell("/bin/bash"), input='echo "[$PATH] [$FROM_BASHRC]"\nexit\n',
        env=env, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert "[/course/bin:/usr/bin:/bin] [yes]" in done.stdout, done.stdout + done.stderr
    assert terminal_shell("/usr/bin/zsh") == ["/usr/bin/zsh", "-i"]


def test_kowhist_teach_speaks_the_courses_language_in_its_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = str(course_folder() / "records" / "04_one_round.json")
    assert default_language({}) == "en" and default_language({"KOWHIST_TEACH_LANG": "xx"}) == "en"
    monkeypatch.setenv("KOWHIST_TEACH_LANG", "es")
    assert main(["replay", record]) == 0
    assert capsys.readouterr().out.startswith("Ronda 1: 5 cartas")
    assert main(["--lang", "fr", "replay", record]) == 0  # --lang still wins
    assert capsys.readouterr().out.startswith("Manche 1")
    monkeypatch.delenv("KOWHIST_TEACH_LANG")
    assert main(["replay", record]) == 0
    assert capsys.readouterr().out.startswith("Round 1: 5 cards")


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_lessons_link_to_the_app_opens_it_in_the_lessons_language(lang: str) -> None:
    """Every link to the app in a lesson of ``lang`` leads to ``<lang>/app.ipynb``, whose
    code builds the app in that language (run here as JupyterLab would run it)."""
    import re

    folder = course_folder() / lang
    targets = set()
    for lesson in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]:
            text = "".join(cell["source"])
            targets |= set(re.findall(r"\]\(([^)]*app\.ipynb)\)", text))
    assert targets == {"app.ipynb"}, targets
    page = json.loads((folder / "app.ipynb").read_text(encoding="utf-8"))
    assert page["metadata"]["language"] == lang
    code = "".join(page["cells"][0]["source"])
    assert f'build_app(lang="{lang}")' in code
    before = get_language()
    try:
        scope: dict = {}
        exec(
            compile(code.replace("\nbuild_app(", "\napp = build_app("), "app.ipynb", "exec"), scope
        )
        assert scope["app"].language.value == lang and get_language() == lang
    finally:
        set_language(before)


def test_lang_asked_for_wins_over_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setattr(subprocess, "call", lambda argv, **_k: seen.append(argv) or 0)
    assert main(["lab", "--lang", "es", "--no-browser"]) == 0
    assert main(["--lang", "en", "lab"]) == 0
    assert main(["lab"]) == 0
    assert [argv[-1] for argv in seen] == [
        "es/00_contents.ipynb",
        "00_contents.ipynb",
        "fr/00_contents.ipynb",
    ]
    assert _build_parser().parse_args(["lab", "--port", "9000"]).port == 9000


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except OSError:
        return 0, b""


def _terminal(base: str, token: str, command: str, cwd: str = "") -> str:
    """What a new terminal of the JupyterLab at ``base`` prints for ``command`` (typed
    as a student types it), up to the line ``END`` printed after it. ``cwd``: the
    folder JupyterLab's launcher asks for (its file browser's)."""
    from tornado.websocket import websocket_connect

    request = urllib.request.Request(
        f"{base}/api/terminals",
        data=json.dumps({"cwd": cwd} if cwd else {}).encode(),
        method="POST",
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        name = json.loads(r.read())["name"]

    async def talk() -> str:
        ws_url = base.replace("http", "ws", 1) + f"/terminals/websocket/{name}?token={token}"
        ws = await websocket_connect(ws_url)
        await ws.write_message(json.dumps(["stdin", f"{command}; echo E''ND\r"]))
        out, deadline = "", time.monotonic() + 60
        while "\nEND\r\n" not in out and time.monotonic() < deadline:
            message = await ws.read_message()
            if message is None:
                break
            kind, *data = json.loads(message)
            if kind == "stdout":
                out += data[0]
        ws.close()
        return out

    # In a thread of its own: on an xdist worker that ran a browser test before, this
    # thread already holds Playwright's (sync API) event loop, marked as running, and a
    # second loop cannot run in it ("Cannot run the event loop while another loop is
    # running").
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, talk()).result()


@pytest.mark.slow
def test_make_lab_serves_the_spanish_course_and_its_terminal_runs_the_lessons_commands(
    tmp_path: Path,
) -> None:
    """A real JupyterLab as ``make lab`` starts it (as root here, so ``--allow-root``
    matters; its output to a file, so JupyterLab would start a login shell, whose
    /etc/profile sets PATH anew): the Spanish contents page is served from the course
    folder, and a terminal opens there, finds this ``kowhist-teach`` first on its PATH
    although the server was started without it, and runs lesson 04's command as
    written, in Spanish."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = "labtest1234"
    env = {
        **os.environ,
        "LANG": "es_ES.UTF-8",
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "SHELL": "/bin/bash",
        "JUPYTER_TOKEN": token,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
    }
    env.pop("KOWHIST_TEACH_LANG", None)
    command = [sys.executable, "-c", "import sys; from kowhist_teach.cli import main; "
               "sys.exit(main())", "lab", "--no-browser", "--port", str(port)]  # fmt: skip
    log = (tmp_path / "lab.log").open("wb")
    proc = subprocess.Popen(
        command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        cwd=tmp_path,
    )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        status = 0
        while time.monotonic() < deadline and proc.poll() is None:
            status, body = _get(f"{base}/api/contents/es/00_contents.ipynb?token={token}")
            if status == 200:
                break
            time.sleep(0.5)
        assert status == 200, (tmp_path / "lab.log").read_text(errors="replace")[-3000:]
        assert json.loads(body)["path"] == "es/00_contents.ipynb"
        out = _terminal(
            base,
            token,
            "pwd; command -v kowhist-teach; kowhist-teach replay records/04_one_round.json",
        )
        lines = [line.strip() for line in out.splitlines()]
        assert str(course_folder()) in lines, out
        assert str(Path(sys.executable).parent / "kowhist-teach") in lines, out
        assert "Ronda 1: 5 cartas, repartidor: asiento 0, triunfo: ♥ corazones" in lines, out
        # The launcher's terminal opens where the file browser is: es/, beside the
        # Spanish lessons; the lesson's command works there too.
        out = _terminal(base, token, "pwd; kowhist-teach replay records/04_one_round.json", "es")
        lines = [line.strip() for line in out.splitlines()]
        assert str(course_folder() / "es") in lines, out
        assert "Ronda 1: 5 cartas, repartidor: asiento 0, triunfo: ♥ corazones" in lines, out
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


def test_the_app_starts_in_the_language_asked_for_on_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``kowhist-teach --lang es app``: the app's kernels, started by this process with
    its environment, build the app in Spanish (``build_app()`` without a language reads
    KOWHIST_TEACH_LANG, as in the lab's kernels); without --lang nothing is set."""
    import kowhist_teach.classroom.server as server
    from kowhist_teach.app import build_app

    seen: list[str | None] = []
    monkeypatch.setattr(
        server, "serve", lambda *_a, **_k: seen.append(os.environ.get("KOWHIST_TEACH_LANG")) or 0
    )
    monkeypatch.setenv("KOWHIST_TEACH_LANG", "")  # restored (unset) after the test
    assert main(["app", "--no-browser"]) == 0
    assert main(["app", "--lang", "es", "--no-browser"]) == 0
    assert seen == ["", "es"]
    before = get_language()
    try:
        assert build_app(players=3, seed=1).language.value == "es"
        monkeypatch.setenv("KOWHIST_TEACH_LANG", "fr")
        assert build_app(players=3, seed=1, lang="en").language.value == "en"  # lang wins
        assert build_app(players=3, seed=1).language.value == "fr"
    finally:
        set_language(before)


def test_a_lessons_record_is_found_from_any_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a folder without ``records/`` (a terminal opened in es/, or anywhere), the
    lessons' commands find the course's record; a file that is there wins, and a name
    found nowhere is still "no such file", as typed."""
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "records/04_one_round.json"]) == 0
    assert capsys.readouterr().out.startswith("Round 1: 5 cards")
    assert main(["review", "records/04_one_round.json", "--seat", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reviews"] is not None
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "04_one_round.json").write_text("{}", encoding="utf-8")
    assert main(["replay", "records/04_one_round.json"]) == 2  # this folder's own file
    assert "records/04_one_round.json: not a game record" in capsys.readouterr().err
    assert main(["replay", "records/none.json"]) == 2
    assert "no such file: records/none.json" in capsys.readouterr().err


def test_output_to_a_reader_that_stopped_reading_is_no_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``kowhist-teach replay … | head -1`` in the terminal: when the reader has gone
    (every write finds a broken pipe), the command says nothing and exits 0, rather than
    "kowhist-teach: [Errno 32] Broken pipe"."""

    class Gone(io.StringIO):
        def write(self, _text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    record = str(course_folder() / "records" / "04_one_round.json")
    monkeypatch.setattr(sys, "stdout", Gone())
    assert main(["replay", record]) == 0
    monkeypatch.undo()
    assert capsys.readouterr().err == ""
