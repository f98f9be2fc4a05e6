"""The record uploader in Chromium (issue 11): a 12 MiB file (over the websocket's
10 MiB limit) is refused in the browser with one line, before anything is sent, and the
connection stays up: the next file, a record, loads."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from voila_harness import PAGE_LOAD_MS, REPO

pytestmark = pytest.mark.browser

RECORD = REPO / "kowhist_teach" / "examples" / "knockout-whole-game.json"

# A notebook with just the uploader, wired as the tables wire theirs.
UPLOADER = """\
import ipywidgets as w
from kowhist_teach.widgets._common import set_classes, uploaded_record
from kowhist_teach.widgets.upload import RecordUpload

upload = RecordUpload(accept=".json,application/json", multiple=False)
set_classes(upload, "kw-load")
result = w.HTML("waiting")
result.add_class("kw-result")

def uploaded(change):
    record = uploaded_record(upload, change, lambda m: setattr(result, "value", "said " + m))
    if record is not None:
        result.value = "loaded " + record["game"]

upload.observe(uploaded, names="value")
upload.observe(lambda c: c["new"] and setattr(result, "value", "said " + c["new"]),
               names="error")
w.VBox([upload, result])
"""


def _notebook(folder: Path) -> Path:
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "uploader",
        "metadata": {},
        "outputs": [],
        "source": UPLOADER.splitlines(keepends=True),
    }
    nb = {
        "cells": [cell],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / "uploader.ipynb"
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


def test_a_12_mib_file_is_refused_before_sending(
    page: Any, voila: Callable[..., str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    url = voila(_notebook(tmp_path_factory.mktemp("uploader")))
    sent: list[int] = []
    closed: list[bool] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: sent.append(len(payload)))
        ws.on("close", lambda _ws: closed.append(True))

    page.on("websocket", watch)
    page.goto(url, timeout=PAGE_LOAD_MS)
    result = page.locator(".kw-result")
    result.wait_for(state="visible", timeout=120_000)
    chooser = page.locator(".kw-load input[type=file]")
    big = b"{" + b" " * (12 * 1024 * 1024 - 2) + b"}"
    chooser.set_input_files({"name": "big.json", "mimeType": "application/json", "buffer": big})
    line = page.locator(".kw-load .kw-upload-message")
    line.wait_for(state="visible", timeout=30_000)
    words = line.inner_text().strip()
    assert words == "file too large: 12582 kB, and a record is at most 1000 kB"
    # Python heard the refusal (the connection is up) ...
    page.wait_for_function(
        "() => document.querySelector('.kw-result').innerText.includes('file too large')",
        timeout=30_000,
    )
    # ... and no frame carried the file.
    assert max(sent, default=0) < 100_000, max(sent)
    # The next file, a record, goes through the same connection and loads.
    chooser.set_input_files(str(RECORD))
    page.wait_for_function(
        "() => document.querySelector('.kw-result').innerText.includes('loaded knockout')",
        timeout=60_000,
    )
    assert line.inner_text().strip() == ""
    assert not closed
