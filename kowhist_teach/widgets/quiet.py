"""Kernel side of "nothing leaks to the browser": one line for the student, the traceback
for the server's log.

In a Voilà kernel, a widget message from the page that fails (a bad value set for a
trait, an unknown model, a callback that raises outside a :class:`~._common.Guard`)
makes ipywidgets call IPython's ``showtraceback``, which sends the whole traceback, with
the server's paths, to the page on iopub; and whatever is written to ``stderr`` (a
logger with no handler, a warning) is forwarded to the page as well. :func:`quiet_kernel`
turns all of these into one line (and, for an error, one line on the app's notice) and
writes the details to the kernel's log, which is the server's log, never the page's.

The app calls it in a Voilà kernel only (``VOILA_KERNEL_ID`` is set): in JupyterLab a
teacher wants to see their own tracebacks.

>>> one_line(FileNotFoundError(2, "No such file or directory", "/srv/class/secret.json"))
"FileNotFoundError: [Errno 2] No such file or directory: '…'"
>>> one_line(ValueError("1/2 is not a card\\nmore"))
'ValueError: 1/2 is not a card'
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Callable
from typing import Any

from ..i18n import _

__all__ = ["one_line", "quiet_kernel", "server_log", "student_line"]

# An absolute path (POSIX or Windows) inside a message: the page must not learn where
# the server keeps its files.
_PATH = re.compile(r"(?<![\w.~])(?:/|[A-Za-z]:\\)[^\s'\",;)]+")

_sayers: list[Callable[[str], None]] = []
_installed: dict[str, Any] = {}


def one_line(error: BaseException) -> str:
    """``Kind: the first line of the message``, with any server path replaced by ``…``."""
    first = (str(error).splitlines() or [""])[0]
    first = _PATH.sub("…", first).strip()
    kind = type(error).__name__
    return f"{kind}: {first}" if first else kind


def student_line(error: BaseException) -> str:
    """What the student reads about an unexpected error: one line, no path."""
    first = (str(error).splitlines() or [""])[0]
    first = _PATH.sub("…", first).strip()
    return _("Something went wrong ({kind}: {e}). Your game is still here.").format(
        kind=type(error).__name__, e=first
    )


def server_log() -> logging.Logger:
    """The kernel's own log, which goes to the server's log and never to the page (in a
    kernel); the ``kowhist_teach`` logger elsewhere."""
    app = _kernel_app()
    log = getattr(app, "log", None)
    return log if isinstance(log, logging.Logger) else logging.getLogger("kowhist_teach")


def _kernel_app() -> Any:
    kernelapp = sys.modules.get("ipykernel.kernelapp")
    if kernelapp is None or not kernelapp.IPKernelApp.initialized():
        return None
    return kernelapp.IPKernelApp.instance()


def quiet_kernel(say: Callable[[str], None] | None = None) -> bool:
    """In an IPython kernel: every traceback IPython would send to the page becomes one
    line (and ``say(line)``, for the app's notice), the traceback goes to the server's
    log; loggers without a handler and warnings write to the server's log too. Whether
    it is installed (False outside a kernel). Calling it again only adds ``say``.

    >>> quiet_kernel()  # not in a kernel here
    False
    """
    if say is not None and say not in _sayers:
        _sayers.append(say)
    if _installed:
        return True
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets brings IPython
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "_showtraceback") or _kernel_app() is None:
        return False
    log = server_log()

    def showtraceback(exc_tuple: Any = None, *args: Any, **kwargs: Any) -> None:
        etype, value, tb = exc_tuple if exc_tuple else sys.exc_info()
        if etype is None or value is None:
            return
        log.error("kowhist_teach: %s", one_line(value), exc_info=(etype, value, tb))
        line = student_line(value)
        shell._showtraceback(etype, one_line(value), [line])
        for tell in list(_sayers):
            try:
                tell(line)
            except Exception:  # the notice itself failing must not loop back here
                log.exception("kowhist_teach: could not show the message")

    def showwarning(message: Any, category: type, filename: str, lineno: int, *a: Any) -> None:
        log.warning("%s: %s (%s:%s)", category.__name__, message, filename, lineno)

    import warnings

    _installed["showtraceback"] = shell.showtraceback
    shell.showtraceback = showtraceback
    warnings.showwarning = showwarning
    # The comm layer logs a failing message with its traceback; with no handler of its
    # own that would go to stderr, which the kernel forwards to the page.
    handlers = list(log.handlers)
    for name in ("Comm", "ipykernel.comm", "traitlets", "kowhist_teach"):
        logger = logging.getLogger(name)
        if handlers and not logger.handlers:
            for handler in handlers:
                logger.addHandler(handler)
            logger.propagate = False
    return True
