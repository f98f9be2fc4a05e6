"""Uploads are data, never paths (issue 11, DESIGN §6).

Every attack a browser can make through the "Load a record" buttons, sent through the
widgets exactly as the browser sends it (a ``FileUpload`` value): the game on the
table stays as it was, the student reads one line, and no file on the server is opened.
"""

from __future__ import annotations

import builtins
import datetime
import io
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from kowhist_teach.core.errors import RecordError
from kowhist_teach.core.record import MAX_RECORD_BYTES, record_from_data, to_record
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets import StepperWidget, TableWidget, example_records

NOW = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
EXAMPLE = Path(__file__).resolve().parent.parent / "kowhist_teach" / "examples"
A_RECORD_ON_DISK = str(EXAMPLE / "knockout-whole-game.json")

ATTACKS: dict[str, bytes] = {
    "a path to a record on the server": A_RECORD_ON_DISK.encode(),
    "a path with spaces around it": f"  {A_RECORD_ON_DISK}\n".encode(),
    "a path that does not exist": b"/no/such/dir/game.json",
    "a directory": b"/root",
    "an endless device": b"/dev/zero",
    "a file of the kernel": b"/proc/self/environ",
    "a file URL": b"file:///etc/passwd",
    "deep nesting": b"[" * 200_000 + b"]" * 200_000,
    "deep nesting inside a record": (
        b'{"format": "kowhist-record/1", "game": "knockout", "players": '
        + b"[" * 50_000
        + b"]" * 50_000
        + b"}"
    ),
    "a huge integer": b'{"format": "kowhist-record/1", "game": "knockout", "players": '
    + b"9" * 100_000
    + b"}",
    "a huge float": b'{"format": "kowhist-record/1", "game": "knockout", "players": 1e999}',
    "NaN": b'{"format": "kowhist-record/1", "game": "knockout", "players": NaN}',
    "binary": bytes(range(256)),
    "a file too large": b'{"format": "kowhist-record/1", "pad": "' + b"x" * 2_000_000 + b'"}',
}


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


@contextmanager
def no_file_opened() -> Iterator[list[str]]:
    """Fail the test if anything opens a file inside the ``with`` block."""
    opened: list[str] = []
    real_open, real_io_open = builtins.open, io.open

    def spy(real: Any) -> Any:
        def opener(file: Any, *args: Any, **kwargs: Any) -> Any:
            opened.append(os.fspath(file) if not isinstance(file, int) else str(file))
            return real(file, *args, **kwargs)

        return opener

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(builtins, "open", spy(real_open))
        patch.setattr(io, "open", spy(real_io_open))
        patch.setattr(Path, "read_text", lambda *a, **k: opened.append(str(a[0])) or "")
        patch.setattr(Path, "read_bytes", lambda *a, **k: opened.append(str(a[0])) or b"")
        yield opened
    assert opened == [], f"opened {opened}"


def upload(content: bytes) -> tuple[dict[str, Any], ...]:
    """What the browser's FileUpload sends for one file."""
    return (
        {
            "name": "game.json",
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": NOW,
        },
    )


def one_line_message(html: str) -> str:
    assert 'class="kw-message"' in html, html[:300]
    assert "Traceback" not in html and 'File "' not in html
    return html


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_an_upload_to_the_table_is_data_never_a_path(attack: str) -> None:
    table = TableWidget(players=4, seed=13)
    before = to_record(table.game)
    with no_file_opened():
        table.upload.value = upload(ATTACKS[attack])
    assert to_record(table.game) == before, "the game on the table changed"
    assert table.upload.value == ()
    message = one_line_message(table.explain.value)
    # Nothing tells the student which server paths exist.
    for leak in ("no such file", "Is a directory", "Permission denied", "/root", "/dev/zero"):
        assert leak not in message, (attack, leak)


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_an_upload_to_the_stepper_is_data_never_a_path(attack: str) -> None:
    stepper = StepperWidget()
    stepper.menu.value = "german-whist-hand"
    shown = stepper.record
    with no_file_opened():
        stepper.upload.value = upload(ATTACKS[attack])
    assert stepper.record is shown
    one_line_message(stepper.explain.value)


def test_a_path_given_to_load_is_refused_not_opened() -> None:
    table = TableWidget(players=4, seed=13)
    stepper = StepperWidget()
    before = to_record(table.game)
    with no_file_opened():
        with pytest.raises(RecordError, match="not valid JSON"):
            table.load(A_RECORD_ON_DISK)
        with pytest.raises(RecordError, match="not valid JSON"):
            stepper.load(A_RECORD_ON_DISK)
    assert to_record(table.game) == before


def test_too_large_says_so_in_one_line() -> None:
    with pytest.raises(RecordError) as caught:
        record_from_data(b" " * (MAX_RECORD_BYTES + 1))
    assert str(caught.value) == "file too large: 1000 kB, and a record is at most 1000 kB"
    table = TableWidget(players=3, seed=2)
    table.upload.value = upload(ATTACKS["a file too large"])
    assert "file too large" in table.explain.value


@pytest.mark.parametrize(
    ("attack", "words"),
    [
        ("deep nesting", "nested too deep"),
        ("a huge integer", "100000 digits"),
        ("a huge float", "far too large"),
        ("NaN", "NaN is not a number"),
        ("binary", "not UTF-8 text"),
        ("a path to a record on the server", "not valid JSON"),
    ],
)
def test_each_refusal_says_why(attack: str, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        record_from_data(ATTACKS[attack])
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_real_upload_still_loads() -> None:
    record = example_records()["knockout-follow-and-trump"]
    table = TableWidget(players=2, seed=5)
    table.upload.value = upload(json.dumps(record).encode())
    assert "Record loaded" in table.explain.value
    assert table.game.n == 4
