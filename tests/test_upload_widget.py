"""The record uploader (widgets/upload.py): the browser refuses a file over the record
limit before sending it; what it sends is parsed as a record, never used as a path; it
fits where ``FileUpload`` sits in the tables and the stepper (``value``,
``uploaded_record``, the ``kw-load``/``kw-step-load`` hooks, ``description``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kowhist_teach.core.record import MAX_RECORD_BYTES
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets._common import set_classes, uploaded_record
from kowhist_teach.widgets.upload import RecordUpload

EXAMPLE = Path(__file__).resolve().parent.parent / "kowhist_teach" / "examples"


def _wired() -> tuple[RecordUpload, list[Any], list[str]]:
    """An uploader wired as the tables wire FileUpload."""
    upload = RecordUpload(accept=".json,application/json", multiple=False)
    set_classes(upload, "kw-load")
    records: list[Any] = []
    said: list[str] = []

    def uploaded(change: dict[str, Any]) -> None:
        record = uploaded_record(upload, change, said.append)
        if record is not None:
            records.append(record)

    upload.observe(uploaded, names="value")
    upload.observe(lambda c: c["new"] and said.append(c["new"]), names="error")
    return upload, records, said


def test_a_record_within_the_limit_is_loaded() -> None:
    upload, records, said = _wired()
    data = (EXAMPLE / "knockout-whole-game.json").read_bytes()
    upload.receive({"event": "upload", "name": "game.json", "size": len(data)}, [data])
    assert [r["game"] for r in records] == ["knockout"] and said == []
    assert upload.value == ()  # cleared, as FileUpload is
    assert upload._dom_classes == ("kw-load",)
    assert upload.description == "Load a record"


@pytest.mark.parametrize("text", [b"/etc/passwd", b"/dev/zero", b"/root", b"not json"])
def test_uploaded_text_is_data_never_a_path(text: bytes) -> None:
    upload, records, said = _wired()
    upload.receive({"event": "upload", "name": "x.json", "size": len(text)}, [text])
    assert records == [] and len(said) == 1 and said[0].startswith("That file is not a record")


def test_a_file_over_the_limit_is_refused_in_one_line() -> None:
    upload, records, said = _wired()
    assert upload.max_bytes == MAX_RECORD_BYTES
    size = 12 * 1024 * 1024
    upload.receive({"event": "too_large", "name": "big.json", "size": size}, [])
    upload.receive({"event": "too_large", "name": "big.json", "size": size}, [])
    assert records == [] and upload.value == ()
    expected = f"file too large: {size // 1000} kB, and a record is at most 1000 kB"
    assert said == [expected, expected]  # told each time
    # A page that skips its own check is refused all the same.
    upload.receive({"event": "upload", "name": "big.json", "size": 1}, [b" " * (size // 8)])
    assert records == [] and len(said) == 3 and said[2].startswith("file too large")


def test_the_browser_gets_the_refusal_in_the_student_language() -> None:
    try:
        set_language("fr")
        upload = RecordUpload()
        french = upload.too_large
        assert "{size}" in french and "{limit}" in french
        assert french != "file too large: {size} kB, and a record is at most {limit} kB"
        assert upload.description != "Load a record"
        set_language("en")
        upload.relabel()
        assert upload.too_large.startswith("file too large")
    finally:
        set_language("en")


def test_odd_messages_are_ignored() -> None:
    upload, records, said = _wired()
    upload.receive({"event": "something else"}, [])
    upload.receive("not a dict", [])  # type: ignore[arg-type]
    assert records == [] and said == []
    with pytest.raises(ValueError):
        RecordUpload(multiple=True)
