"""``kowhist-teach class singleuser`` without a server: the course's copy into a
student's home, and where the console listens. The course profile's server itself runs
from the image's install in tests/test_deploy.py (JupyterLab under a stand-in for the
hub's API: the Spanish lessons, the login, no terminals, nothing from another host); the
app profile in a real JupyterHub in tests/browser/test_hub_browser.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("jupyterhub", reason="JupyterHub is not installed ([hub] extra)")


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
