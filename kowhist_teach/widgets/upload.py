"""The record uploader: a small ``anywidget`` (``upload.js``; no build step, no CDN) in
place of ipywidgets' ``FileUpload``, which sends any file whole over the websocket: one
over its 10 MiB limit drops the connection without a word.

Here the browser reads the file and refuses one over
:data:`~kowhist_teach.core.record.MAX_RECORD_BYTES` with the one-line "file too large"
message before anything is sent; a file within the limit is sent as bytes. The Python
side is used as ``FileUpload`` is by the tables and the stepper: observe ``value`` (a
tuple of one ``{"name", "type", "size", "content", "last_modified"}`` dict), hand it to
:func:`~._common.uploaded_record` (which parses the bytes as a record, never as a path,
and clears ``value``); give it the CSS hook with ``set_classes(upload, "kw-load")`` and
its words with ``upload.description``. A refused file sets ``error`` (observe it to put
the line on the app's notice too).

>>> upload = RecordUpload(accept=".json,application/json", multiple=False)
>>> got = []
>>> upload.observe(lambda change: got.append(change["new"][0]["name"]), names="value")
>>> upload.receive({"event": "upload", "name": "game.json", "size": 2}, [b"{}"])
>>> got
['game.json']
>>> upload.receive({"event": "too_large", "name": "big.json", "size": 12_582_912}, [])
>>> upload.error
'file too large: 12582 kB, and a record is at most 1000 kB'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.record import MAX_RECORD_BYTES
from ..i18n import _

__all__ = ["RecordUpload"]


def _too_large_words() -> str:
    # The msgid of core.record's refusal, byte for byte (one translation for both).
    return _("file too large: {size} kB, and a record is at most {limit} kB")


class RecordUpload(anywidget.AnyWidget):
    """A "Load a record" button that sends a file's bytes only when they can be a
    record (at most :data:`~kowhist_teach.core.record.MAX_RECORD_BYTES`)."""

    _esm = Path(__file__).with_name("upload.js")
    _css = Path(__file__).with_name("upload.css")

    #: The button's words.
    description = traitlets.Unicode("").tag(sync=True)
    #: The file types offered by the browser's file chooser.
    accept = traitlets.Unicode(".json,application/json").tag(sync=True)
    #: Whether the button is greyed out.
    disabled = traitlets.Bool(False).tag(sync=True)
    #: Files larger than this are refused in the browser, before sending.
    max_bytes = traitlets.Int(MAX_RECORD_BYTES).tag(sync=True)
    #: The one-line refusal, with ``{size}`` and ``{limit}`` (kB) for the browser to fill.
    too_large = traitlets.Unicode().tag(sync=True)
    #: The file just received (as ``FileUpload.value``); ``()`` once handled.
    value = traitlets.Tuple()
    #: The last refusal, in one line ("" when the last file was accepted).
    error = traitlets.Unicode("")

    def __init__(
        self, accept: str = ".json,application/json", multiple: bool = False, **kwargs: Any
    ) -> None:
        if multiple:
            raise ValueError("RecordUpload takes one file at a time")
        super().__init__(accept=accept, too_large=_too_large_words(), **kwargs)
        self.description = self.description or _("Load a record")
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    def relabel(self) -> None:
        """The refusal in the language chosen now (set ``description`` as before)."""
        self.too_large = _too_large_words()

    def receive(self, content: dict[str, Any], buffers: Sequence[Any]) -> None:
        """Handle a message from the browser: a file's bytes, or a refusal."""
        if not isinstance(content, dict):
            return
        event = content.get("event")
        size = content.get("size")
        size = size if isinstance(size, int) and size >= 0 else 0
        if event == "too_large":
            self._refuse(size)
        elif event == "upload":
            data = bytes(buffers[0]) if buffers else b""
            if len(data) > self.max_bytes:  # a page that skipped its own check
                self._refuse(len(data))
                return
            self.error = ""
            name = content.get("name")
            self.value = (
                {
                    "name": name if isinstance(name, str) else "",
                    "type": str(content.get("type") or ""),
                    "size": len(data),
                    "content": data,
                    "last_modified": content.get("last_modified"),
                },
            )

    def _refuse(self, size: int) -> None:
        message = _too_large_words().format(size=size // 1000, limit=self.max_bytes // 1000)
        # A second refusal of the same size must still be heard by observers.
        self.error = ""
        self.error = message
