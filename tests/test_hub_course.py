"""The course profile of a school's JupyterHub (``kowhist-teach class singleuser --course
--lang es``): JupyterLab with the lessons in the student's language, as the hub starts
it, and nothing a class does not need.

The hub is played by a small stand-in on 127.0.0.1 that answers what
``jupyterhub-singleuser`` asks of its hub (the version, who a token belongs to, activity);
tests/browser/test_hub_browser.py runs a real JupyterHub with the app profile.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("jupyterhub", reason="JupyterHub is not installed ([hub] extra)")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from _hub import course_env, stand_in_hub  # noqa: E402

USER = "ann"
USER_TOKEN = "a-token-of-anns-own-0123456789"
PREFIX = f"/user/{USER}/"
START_SECONDS = 120


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The course profile's server for ``ann`` in Spanish: (its URL, her home)."""
    hub_port, port = _free_port(), _free_port()
    hub = ThreadingHTTPServer(("127.0.0.1", hub_port), stand_in_hub(USER, USER_TOKEN))
    threading.Thread(target=hub.serve_forever, daemon=True).start()
    home = tmp_path_factory.mktemp("home")
    log = home.parent / "course.log"
    env = course_env(USER, port, hub_port, home)
    command = [sys.executable, "-m", "kowhist_teach.cli", "class", "singleuser", "--course"]
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [*command, "--lang", "es"],
            cwd=home,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}{PREFIX}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            if server.poll() is not None:
                pytest.fail(f"the course's server stopped:\n{log.read_text()[-3000:]}")
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            if time.monotonic() > deadline:
                pytest.fail(f"the course's server did not listen:\n{log.read_text()[-3000:]}")
            time.sleep(0.3)
        yield url, home
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=30)
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
        hub.shutdown()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None


def _get(url: str, token: str | None = USER_TOKEN) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url)
    if token:
        request.add_header("Authorization", f"token {token}")
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=30) as r:
            return r.status, dict(r.headers), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode("utf-8", "replace")


def test_the_lessons_are_in_her_home_in_her_language(course: tuple[str, Path]) -> None:
    url, home = course
    folder = home / "kowhist-course"
    lessons = sorted(p.name for p in folder.glob("[0-9][0-9]_*.ipynb"))
    assert lessons[0] == "00_contents.ipynb" and len(lessons) >= 11, lessons
    contents = json.loads((folder / "00_contents.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(cell["source"]) for cell in contents["cells"])
    assert "Lecciones" in text or "lecciones" in text, text[:300]
    # The records the lessons open by a relative path came too.
    assert any((folder / "records").glob("*.json"))
    status, _headers, body = _get(f"{url}api/contents/kowhist-course")
    assert status == 200, body[:300]
    names = {item["name"] for item in json.loads(body)["content"]}
    assert "00_contents.ipynb" in names and "records" in names


def test_jupyterlab_opens_behind_the_hub_login(course: tuple[str, Path]) -> None:
    url, _home = course
    status, headers, _body = _get(f"{url}lab", token=None)
    assert status == 302, status
    assert "/hub/api/oauth2/authorize" in headers.get("Location", ""), headers
    status, _headers, body = _get(f"{url}lab")
    assert status == 200, body[:300]
    # Nothing fetched from elsewhere: every script, stylesheet and font is the server's.
    found = re.findall(r"""(?:src|href)=["']?(https?:)?//[^"' >]+""", body)
    assert not found, found


def test_no_terminals_no_voila_extension(course: tuple[str, Path]) -> None:
    url, _home = course
    status, _headers, _body = _get(f"{url}api/terminals")
    assert status == 404, status
    status, _headers, _body = _get(f"{url}voila/render/kowhist-course/00_contents.ipynb")
    assert status == 404, status


def test_a_saved_lesson_is_never_overwritten(tmp_path: Path) -> None:
    from kowhist_teach.classroom.hub import copy_course
    from kowhist_teach.cli.lab import course_folder

    course = course_folder()
    folder = copy_course(course / "fr", course / "records", tmp_path)
    mine = folder / "01_cards_and_tricks.ipynb"
    mine.write_text("my own notes", encoding="utf-8")
    copy_course(course / "fr", course / "records", tmp_path)
    assert mine.read_text(encoding="utf-8") == "my own notes"


def test_the_console_listens_where_it_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Kubernetes the hub reaches its console service by a name (``http://hub:10101``)
    that the pod cannot listen on: ``--ip`` says where to listen instead."""
    from kowhist_teach.classroom import server
    from kowhist_teach.cli import main

    served: list[Any] = []
    monkeypatch.setattr(server, "serve", lambda page, options, announce: served.append(
        (page.name, options)) or 0)  # fmt: skip
    monkeypatch.setenv("JUPYTERHUB_SERVICE_URL", "http://hub:10101/")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/class-console/")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_NAME", "class-console")
    monkeypatch.setenv("KOWHIST_CLASS_DB", "sqlite:///nowhere.sqlite")
    assert main(["class", "singleuser", "--console", "--ip=0.0.0.0"]) == 0
    ((page, options),) = served
    assert page == "console.ipynb"
    assert (options.hub.ip, options.hub.port, options.hub.prefix) == (
        "0.0.0.0",
        10101,
        "/services/class-console/",
    )
