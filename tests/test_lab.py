"""``kowhist-teach lab`` / ``make lab`` (issue 25, point 4): the course opens at the
contents page of the student's language, the terminal JupyterLab opens starts in the
course folder and finds ``kowhist-teach``, and it starts as root."""

from __future__ import annotations

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
from kowhist_teach.cli.lab import contents_page, course_folder, lab_command, system_language

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
    argv, env = lab_command("es", folder, root=True, environ={"PATH": "/usr/bin"})
    assert f"--ServerApp.root_dir={folder}" in argv and "--allow-root" in argv
    assert argv[-1] == "es/00_contents.ipynb"
    assert env["PATH"].split(os.pathsep) == [str(Path(sys.executable).parent), "/usr/bin"]
    argv, _env = lab_command("en", folder, root=False, no_browser=True, port=9999)
    assert "--allow-root" not in argv and "--no-browser" in argv and "--port=9999" in argv


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


@pytest.mark.slow
def test_make_lab_serves_the_spanish_course_with_kowhist_teach_on_the_path(
    tmp_path: Path,
) -> None:
    """A real JupyterLab as ``make lab`` starts it (as root here, so ``--allow-root``
    matters): the Spanish contents page is served from the course folder, and the
    server's environment (which its terminals inherit) finds this ``kowhist-teach``."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        **os.environ,
        "LANG": "es_ES.UTF-8",
        "JUPYTER_TOKEN": "labtest1234",
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
    }
    command = [sys.executable, "-c", "import sys; from kowhist_teach.cli import main; "
               "sys.exit(main())", "lab", "--no-browser", "--port", str(port)]  # fmt: skip
    log = (tmp_path / "lab.log").open("wb")
    proc = subprocess.Popen(
        command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        status = 0
        while time.monotonic() < deadline and proc.poll() is None:
            status, body = _get(f"{base}/api/contents/es/00_contents.ipynb?token=labtest1234")
            if status == 200:
                break
            time.sleep(0.5)
        assert status == 200, (tmp_path / "lab.log").read_text(errors="replace")[-3000:]
        assert json.loads(body)["path"] == "es/00_contents.ipynb"
        assert _get(f"{base}/api/contents/records/04_one_round.json?token=labtest1234")[0] == 200
        server = [
            int(p.name) for p in Path("/proc").glob("[0-9]*") if _parent(int(p.name)) == proc.pid
        ]
        pids = server or [proc.pid]
        environ = Path(f"/proc/{pids[0]}/environ").read_bytes().split(b"\0")
        path = next(e for e in environ if e.startswith(b"PATH=")).decode()[5:]
        first = Path(path.split(os.pathsep)[0])
        assert (first / "kowhist-teach").exists() or first == Path(sys.executable).parent
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


def _parent(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None
