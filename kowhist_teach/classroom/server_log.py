"""The server's log: short, and free of secrets (``kowhist-teach app`` and both servers
of ``class start``; :func:`guard_logs` is called by :func:`~.server.serve`).

- **One line for a connection closed under the server's feet.** A page closed while its
  kernel was still sending once left 1,104 tracebacks (about 15,000 lines) in the
  teacher's terminal: tornado's ``WebSocketClosedError`` of every write nobody waited
  for, logged by asyncio ("Task exception was never retrieved"). The kernel's websocket
  (:mod:`.limits`) now retrieves those errors and logs one line; any other traceback of
  a closed connection (``StreamClosedError``, ``WebSocketClosedError``) becomes one line
  here (:class:`QuietClosedStreams`), and more in the next :data:`QUIET_SECONDS`
  seconds none.
- **The token is printed once**, in the announcement: every log line after writes
  ``token=[secret]`` (:class:`RedactSecrets`), tornado's access log and tracebacks
  included.

>>> RedactSecrets(["k7m2p9x4qd"]).clean("503 GET /?token=k7m2p9x4qd (10.0.0.9)")
'503 GET /?token=[secret] (10.0.0.9)'
"""

from __future__ import annotations

import contextlib
import logging
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["QUIET_SECONDS", "SECRET", "QuietClosedStreams", "RedactSecrets", "guard_logs"]

#: Seconds during which more closed-connection tracebacks are left out of the log.
QUIET_SECONDS = 30.0
SECRET = "[secret]"
_TOKEN_PARAM = re.compile(r"(?i)(token(?:=|%3D))[^&\s'\"#;,)<>]+")


class RedactSecrets(logging.Filter):
    """A log handler's filter: ``token=…`` (in any URL) and the given secrets become
    ``[secret]``, in the message and in its traceback.

    >>> RedactSecrets().clean("GET /login?next=%2F%3Ftoken%3Dabcdefgh23")
    'GET /login?next=%2F%3Ftoken%3D[secret]'
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def clean(self, text: str) -> str:
        text = _TOKEN_PARAM.sub(rf"\g<1>{SECRET}", text)
        for secret in self.secrets:
            text = text.replace(secret, SECRET)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        with contextlib.suppress(Exception):  # a record that cannot be formatted stays
            text = record.getMessage()
            clean = self.clean(text)
            if clean != text:
                record.msg, record.args = clean, None
            if record.exc_info and not record.exc_text:
                record.exc_text = logging.Formatter().formatException(record.exc_info)
            if record.exc_text:
                record.exc_text = self.clean(record.exc_text)
        return True


def _closed_stream(error: BaseException | None) -> bool:
    seen = 0
    while error is not None and seen < 5:  # the error, or what it was raised from
        if type(error).__name__ in ("StreamClosedError", "WebSocketClosedError"):
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


class QuietClosedStreams(logging.Filter):
    """A log handler's filter: a traceback of a connection closed under the server's
    feet becomes one line, and more of them in the next :data:`QUIET_SECONDS` seconds
    none.

    >>> f = QuietClosedStreams()
    >>> class StreamClosedError(OSError): pass
    >>> def record():
    ...     return logging.LogRecord("x", 40, "", 0, "Task exception was never retrieved",
    ...                              None, (StreamClosedError, StreamClosedError(), None))
    >>> first, second = record(), record()
    >>> f.filter(first), first.exc_info, f.filter(second)
    (True, None, False)
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self._last = -1e9

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not _closed_stream(error):
            return True
        now = self.clock()
        if now - self._last < QUIET_SECONDS:
            return False
        self._last = now
        record.msg = (
            "A page's connection closed while the server was still writing to it (%s); "
            "more like it in the next %d s are left out of the log"
        )
        record.args = (type(error).__name__, int(QUIET_SECONDS))
        record.exc_info, record.exc_text = None, None
        return True


def guard_logs(app: Any, options: Any) -> None:
    """Put :class:`QuietClosedStreams` and :class:`RedactSecrets` (with the server's
    token) on the server's log handlers: the app's own and the root logger's, where
    tornado's access log and asyncio's errors go (given one here if it has none, which
    prints what Python's last-resort handler would: warnings and errors, bare)."""
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setLevel(logging.WARNING)
        handler.setFormatter(logging.Formatter("%(message)s"))
        root.addHandler(handler)
    filters = [QuietClosedStreams(), RedactSecrets([getattr(options, "token", None) or ""])]
    for handler in {*root.handlers, *getattr(getattr(app, "log", None), "handlers", ())}:
        for one in filters:
            handler.addFilter(one)
