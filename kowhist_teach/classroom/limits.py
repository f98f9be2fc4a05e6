"""What keeps a class server within bounds: kernels capped, a page's websocket quiet
once the page is gone, a logout that answers (the log: :mod:`.server_log`).

**Kernels are capped.** Voilà gives every page of the app a kernel of its own (about
62 MB), kept for 15 minutes (``cull_idle_timeout``) when the page never says goodbye,
and anyone with the link may ask for pages: a dozen scripted GETs once took a class
server from 30 kernels to 41 (2.5 GB). In classroom mode (``--classroom`` and both
servers of ``class start``) the server therefore holds at most:

- :data:`MAX_PER_CLIENT` kernels for pages of one network address (``max_per_client``,
  ``--max-kernels-per-client N``). Four: a student's page, a reload whose old kernel is
  not yet gone, a second tab, a teacher trying the link on the student's machine. A
  whole class behind one address (a school's NAT, a proxy) would share these four:
  there, give ``0`` (no cap per address) and rely on the cap in total;
- ``max_kernels`` kernels for pages in all (``--max-kernels N``), by default the pool's
  size (which is the class's size: one kernel per student) plus :data:`SPARE_KERNELS`
  (reloads, late students, the teacher's own page), at least :data:`MIN_KERNELS`. The
  preheated pool comes on top, so the server runs at most ``max_kernels + pool_size``
  kernels: ``kowhist-teach app --classroom`` 40 + 30, about 4.4 GB at the worst.

A page asked for over a cap first waits up to :data:`RELOAD_WAIT` seconds for a kernel
to be shut (a reload: the old page's beacon shuts its kernel as the new page is asked
for, so a reload never counts twice); then the same browser (a signed cookie of this
server) gets back a kernel of its own that no page is connected to; only then does the
page answer HTTP 503 with a short page, in the class's language: the class is full,
close your other tabs, or ask your teacher. A page's kernel whose page never connects
within :data:`CONNECT_GRACE` seconds (a script, a tab closed while loading) is shut, and
so is the kernel of a page whose visitor left before it arrived. Without
``--classroom`` (one student on their own machine) nothing is capped unless asked.

**The kernel's websocket logs one line** when its page goes while the kernel still
sends, not a traceback per message (tornado's ``WebSocketClosedError`` of every write
nobody waited for, which asyncio logged: 1,104 of them once).

**``/logout`` answers** with a one-line page (jupyter_server's own needs templates a
Voilà server lacks, and answered 500).

>>> kernel_caps(_Options(classroom=True, pool_size=30))
(40, 4)
>>> kernel_caps(_Options(classroom=False, pool_size=1))
(0, 0)
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import html
import logging
import os
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..i18n import _, get_language, set_language

__all__ = [
    "CONNECT_GRACE",
    "MAX_PER_CLIENT",
    "MIN_KERNELS",
    "RELOAD_WAIT",
    "SPARE_KERNELS",
    "KernelLimits",
    "full_page",
    "harden_handlers",
    "kernel_caps",
    "logged_out_page",
    "tracking",
]

#: Kernels the pages of one network address may hold (classroom mode).
MAX_PER_CLIENT = 4
#: Kernels for pages beyond the pool's size (classroom mode), and the least in all.
SPARE_KERNELS = 10
MIN_KERNELS = 8
#: Kernels one person's server under a JupyterHub may give its pages (the app in a tab,
#: a reload, a second tab, one more): a script asking for page after page must not
#: take the school server's memory, one capped kernel at a time. Not per address: every
#: request comes from the hub's proxy.
HUB_KERNELS = 4
#: Seconds a page over a cap waits for a kernel being shut before it is refused.
RELOAD_WAIT = 3.0
#: Seconds after its page arrived before a kernel that no page ever connected to may be
#: taken back for the same browser, and before it is shut anyway.
RECLAIM_AFTER = 30.0
CONNECT_GRACE = 120.0
#: Seconds between two looks for kernels whose page never connected.
REAP_EVERY = 15.0
#: The browser's own cookie (signed): which kernels a reload may take back.
BROWSER_COOKIE = "kowhist-browser"

# The page being rendered: the kernel manager writes the kernel it hands out into it.
_CLAIM: contextvars.ContextVar[Claim | None] = contextvars.ContextVar("kowhist_claim", default=None)


@dataclass
class _Options:  # a stand-in for ServeOptions in the examples
    classroom: bool = False
    pool_size: int = 1
    max_kernels: int | None = None
    max_per_client: int | None = None
    hub: Any = None


def kernel_caps(options: Any) -> tuple[int, int]:
    """``(max_kernels, max_per_client)`` for a server's options (0: no cap): those given,
    else the defaults above in classroom mode, :data:`HUB_KERNELS` in all for one
    person's server under a hub, none otherwise.

    >>> kernel_caps(_Options(classroom=True, pool_size=1, max_per_client=0))
    (11, 0)
    >>> kernel_caps(_Options(hub="a hub's place"))
    (4, 0)
    """
    most = getattr(options, "max_kernels", None)
    per_client = getattr(options, "max_per_client", None)
    if getattr(options, "classroom", False):
        pool = getattr(options, "pool_size", 0) or 0
        most = max(pool + SPARE_KERNELS, MIN_KERNELS) if most is None else most
        per_client = MAX_PER_CLIENT if per_client is None else per_client
    elif getattr(options, "hub", None) is not None:
        most = HUB_KERNELS if most is None else most
    return max(most or 0, 0), max(per_client or 0, 0)


# --------------------------------------------------------------------- kernels
@dataclass
class Claim:
    """A kernel given (or about to be given) to a page."""

    client: str
    """The page's network address."""
    browser: str = ""
    """The browser's own id (its cookie), ``""`` when unknown."""
    kernel_id: str | None = None
    sent_at: float | None = None
    """When the page was sent (None while it renders)."""
    sockets: int = 0
    """The page's websockets open to the kernel now."""
    connected: bool = False
    """Whether any page ever connected to the kernel."""


class KernelLimits:
    """The kernels the pages hold, by network address, and the caps on them.

    >>> limits = KernelLimits(max_kernels=3, max_per_client=2)
    >>> a = limits.take("10.0.0.1"); b = limits.take("10.0.0.1")
    >>> limits.over("10.0.0.1"), limits.over("10.0.0.2")
    ('client', None)
    >>> c = limits.take("10.0.0.2"); limits.over("10.0.0.3")
    'total'
    """

    def __init__(
        self,
        max_kernels: int = 0,
        max_per_client: int = 0,
        connect_grace: float = 0.0,
        log: logging.Logger | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_kernels = max_kernels
        self.max_per_client = max_per_client
        self.connect_grace = connect_grace
        self.log = log or logging.getLogger("kowhist_teach.server")
        self.clock = clock
        self.claims: list[Claim] = []
        self.manager: Any = None  # the kernel manager, once a page has been asked for
        self._changed: asyncio.Event | None = None
        self._reaping = False
        self._told: dict[tuple[str, str], float] = {}
        self._shutting: set[asyncio.Task[None]] = set()

    @classmethod
    def for_options(cls, options: Any, log: logging.Logger | None = None) -> KernelLimits:
        """The limits of a server with these options (:func:`kernel_caps`)."""
        most, per_client = kernel_caps(options)
        grace = CONNECT_GRACE if getattr(options, "classroom", False) else 0.0
        return cls(most, per_client, grace, log)

    @property
    def active(self) -> bool:
        return bool(self.max_kernels or self.max_per_client or self.connect_grace)

    def _alive(self, claim: Claim) -> bool:
        if claim.kernel_id is None or self.manager is None:
            return True
        try:
            return claim.kernel_id in self.manager
        except Exception:  # noqa: BLE001 - a manager shutting down: count it
            return True

    def held(self, client: str | None = None) -> list[Claim]:
        """The claims that count (of ``client``, or all): a kernel shut or dead is gone."""
        self.claims = [c for c in self.claims if self._alive(c)]
        return [c for c in self.claims if client is None or c.client == client]

    def over(self, client: str) -> str | None:
        """``"client"`` or ``"total"`` when one more page of ``client`` would break a
        cap, else None."""
        if self.max_per_client and len(self.held(client)) >= self.max_per_client:
            return "client"
        if self.max_kernels and len(self.held()) >= self.max_kernels:
            return "total"
        return None

    def take(self, client: str, browser: str = "") -> Claim:
        """Count a page of ``client`` now (its kernel comes later: :func:`tracking`)."""
        claim = Claim(client, browser)
        self.claims.append(claim)
        self._start_reaping()
        return claim

    async def admit(self, client: str, browser: str = "") -> Claim | str:
        """A claim for a new page of ``client``, or why not (``"client"``, ``"total"``)
        once :data:`RELOAD_WAIT` seconds have brought no kernel back."""
        deadline = self.clock() + RELOAD_WAIT
        while True:
            why = self.over(client)
            if why is None:
                return self.take(client, browser)
            if self._reclaim(browser):
                continue
            left = deadline - self.clock()
            if left <= 0:
                self._refused(client, why)
                return why
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._event().wait(), min(left, 0.5))

    def _event(self) -> asyncio.Event:
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    def _notify(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = None

    def gone(self, kernel_id: str) -> None:
        """The kernel is being shut (a beacon, the culler, this module): it no longer
        counts, and a page waiting for room may go on."""
        before = len(self.claims)
        self.claims = [c for c in self.claims if c.kernel_id != kernel_id]
        if len(self.claims) != before:
            self._notify()

    def socket(self, kernel_id: str, opened: bool) -> None:
        """A page's websocket to the kernel opened or closed."""
        for claim in self.claims:
            if claim.kernel_id == kernel_id:
                claim.sockets = max(0, claim.sockets + (1 if opened else -1))
                claim.connected = claim.connected or opened

    def page_sent(self, claim: Claim, left: bool) -> None:
        """The page's answer is over; ``left``: its visitor went before it arrived."""
        claim.sent_at = self.clock()
        if claim.kernel_id is None:  # no kernel taken (an error, a redirect)
            self.claims = [c for c in self.claims if c is not claim]
            self._notify()
        elif left:
            self._shut(claim, "its page was closed before it arrived")

    def _reclaim(self, browser: str) -> bool:
        """Shut the kernels of this browser that no page is connected to (a page it
        closed or reloaded without a beacon); whether there were any."""
        now = self.clock()
        mine = [
            c
            for c in self.claims
            if browser
            and c.browser == browser
            and c.kernel_id is not None
            and c.sent_at is not None
            and c.sockets == 0
            and (c.connected or now - c.sent_at >= RECLAIM_AFTER)
        ]
        for claim in mine:
            self._shut(claim, "the same browser asked for a new page")
        return bool(mine)

    def _shut(self, claim: Claim, why: str) -> None:
        kernel_id = claim.kernel_id
        self.gone(kernel_id or "")
        if kernel_id is None or self.manager is None:
            return
        self.log.info("Shutting kernel %s of %s down: %s", kernel_id, claim.client, why)

        async def shut() -> None:
            with contextlib.suppress(Exception):
                result = self.manager.shutdown_kernel(kernel_id)
                if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
                    await result

        with contextlib.suppress(RuntimeError):  # no loop running: the server is gone
            task = asyncio.get_running_loop().create_task(shut())
            self._shutting.add(task)  # kept until done (a task only weakly held may vanish)
            task.add_done_callback(self._shutting.discard)

    def _start_reaping(self) -> None:
        if self._reaping or not self.connect_grace:
            return
        with contextlib.suppress(RuntimeError):  # no loop: nothing to reap
            asyncio.get_running_loop().call_later(REAP_EVERY, self.reap)
            self._reaping = True

    def reap(self) -> None:
        """Shut the kernels whose page never connected in :data:`CONNECT_GRACE` s."""
        self._reaping = False
        now = self.clock()
        for claim in list(self.claims):
            if (
                claim.sent_at is not None
                and not claim.connected
                and now - claim.sent_at >= self.connect_grace
            ):
                self._shut(claim, f"its page never connected in {self.connect_grace:.0f} s")
        if self.claims:
            self._start_reaping()

    def _refused(self, client: str, why: str) -> None:
        now = self.clock()
        if now - self._told.get((client, why), -1e9) < 60:
            return
        self._told[(client, why)] = now
        cap = self.max_per_client if why == "client" else self.max_kernels
        where = "for this address" if why == "client" else "in all"
        self.log.warning(
            "The class is full: a page for %s refused (%s kernels %s, the cap; more "
            "refusals left out of the log for a minute)",
            client,
            cap,
            where,
        )


def tracking(base: type) -> type:
    """The kernel manager class ``base`` telling the server's :class:`KernelLimits`
    which kernel each page took and which kernels are shut."""
    from jupyter_core.utils import ensure_async

    def claimed(kernel_id: str) -> None:
        claim = _CLAIM.get()
        if claim is not None and claim.kernel_id is None:
            claim.kernel_id = kernel_id

    class TrackedKernelManager(base):  # type: ignore[misc,valid-type]
        async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
            found = await super().get_rendered_notebook(*args, **kwargs)
            claimed(found[2])  # (render task, rendered cells, kernel id)
            return found

        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
            # Only a page's own kernel comes here: Voilà's pool starts its kernels
            # through the manager below this class.
            kernel_id = await ensure_async(super().start_kernel(*args, **kwargs))
            claimed(kernel_id)
            return kernel_id

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
            limits = getattr(self.parent, "kowhist_limits", None)
            if limits is not None:
                limits.gone(kernel_id)
            return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))

    return TrackedKernelManager


# ------------------------------------------------------------------- the pages
def class_language() -> str:
    """The class's language (its store's setting, when this server serves a class),
    else the server's own (``--lang``)."""
    from .schema import CLASS_DB_ENV

    url = os.environ.get(CLASS_DB_ENV)
    if url:
        try:
            return str(_store(url).settings().get("lang") or get_language())
        except Exception:  # noqa: BLE001 - the page still says it, in the server's language
            pass
    return get_language()


_stores: dict[str, Any] = {}


def _store(url: str) -> Any:
    if url not in _stores:
        from .store import ClassStore

        _stores[url] = ClassStore(url)
    return _stores[url]


@contextlib.contextmanager
def _speaking(lang: str) -> Any:
    before = get_language()
    with contextlib.suppress(ValueError):
        set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def _page(lang: str, title: str, lines: Iterable[str], link: str = "") -> str:
    body = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
    if link:
        body += f'<p><a href="">{html.escape(link)}</a></p>'
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title></head>"
        '<body style="font-family: sans-serif; font-size: 20px; max-width: 36em; '
        'margin: 3em auto; padding: 0 1em; line-height: 1.5">'
        f"<h1>{html.escape(title)}</h1>{body}</body></html>\n"
    )


def full_page(why: str, lang: str = "en") -> str:
    """The page answered (HTTP 503) when a cap is reached: ``why`` is ``"client"``
    (this computer has its share) or ``"total"`` (the server has its most).

    >>> "The class is full" in full_page("client")
    True
    """
    with _speaking(lang):
        title = _("The class is full")
        first = (
            _("This computer already has as many games open as one computer may have.")
            if why == "client"
            else _("The server already runs as many games as it can.")
        )
        then = _(
            "Close the app in your other tabs and windows, then reload this page. "
            "If it is still full, ask your teacher."
        )
        return _page(lang, title, [first, then], _("Reload this page"))


def logged_out_page(lang: str = "en") -> str:
    """The page of ``/logout``: one line.

    >>> "logged out" in logged_out_page()
    True
    """
    with _speaking(lang):
        line = _("You are logged out. Open the class link again to come back.")
        return _page(lang, line, [])


def harden_handlers(handlers: list[Any], app: Any) -> list[Any]:
    """Voilà's handlers with the app's page capped, the kernel's websocket quiet when
    its page is gone, and a ``/logout`` that answers; the server's
    :class:`KernelLimits` made and kept as ``app.kowhist_limits``."""
    from jupyter_server.auth.logout import LogoutHandler
    from jupyter_server.utils import url_path_join
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    limits = KernelLimits.for_options(getattr(app, "kowhist_options", None), app.log)
    app.kowhist_limits = limits
    page, socket, logout = _handler_classes(limits)
    swap = {TornadoVoilaHandler: page, VoilaKernelWebsocketHandler: socket, LogoutHandler: logout}
    hardened = [(path, swap.get(handler, handler), *rest) for path, handler, *rest in handlers]
    if not any(str(path).endswith("/logout") for path, *_rest in hardened):
        hardened.insert(0, (url_path_join(app.server_url or "/", "/logout"), logout))
    return hardened


def _handler_classes(limits: KernelLimits) -> tuple[type, type, type]:
    import tornado.web
    from jupyter_server.auth.decorator import allow_unauthenticated
    from jupyter_server.auth.logout import LogoutHandler
    from tornado.websocket import WebSocketClosedError
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    class CappedPageHandler(TornadoVoilaHandler):
        """The app's page, within the caps (a 503 page past them)."""

        _claim: Claim | None = None
        _left = False

        @tornado.web.authenticated
        async def get(self, path: str | None = None) -> None:
            if not limits.active or (self.notebook_path and path):  # no kernel taken
                await super().get(path)
                return
            limits.manager = self.kernel_manager
            admitted = await limits.admit(self.request.remote_ip or "", self._browser())
            if isinstance(admitted, str):
                self.set_status(503)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                self.set_header("Retry-After", "30")
                self.finish(full_page(admitted, class_language()))
                return
            self._claim = admitted
            mark = _CLAIM.set(admitted)
            try:
                await super().get(path)
            finally:
                _CLAIM.reset(mark)
                stream = getattr(self.request.connection, "stream", None)
                limits.page_sent(admitted, self._left or bool(stream and stream.closed()))

        def _browser(self) -> str:
            """This browser's id: a signed cookie of this server's, made the first time
            (a script without cookies is a new browser at every request)."""
            try:
                known = self.get_signed_cookie(BROWSER_COOKIE, max_age_days=1)
                browser = known.decode("ascii", "replace") if known else secrets.token_hex(8)
                if not known:
                    self.set_signed_cookie(
                        BROWSER_COOKIE, browser, expires_days=None, httponly=True, samesite="Strict"
                    )
            except Exception:  # noqa: BLE001 - no cookie secret: no browser known
                return ""
            return browser

        def on_connection_close(self) -> None:
            self._left = True
            super().on_connection_close()

    class QuietKernelWebsocket(VoilaKernelWebsocketHandler):
        """The kernel's websocket: one log line, not a traceback per message, when the
        page goes while the kernel still sends (each write nobody waited for failed
        with ``WebSocketClosedError``, logged by asyncio with its traceback)."""

        _counted = False
        _told = False

        async def open(self, kernel_id: str) -> None:  # type: ignore[override]
            limits.socket(kernel_id, opened=True)
            self._counted = True
            await super().open(kernel_id)

        def on_close(self) -> None:
            if self._counted:
                self._counted = False
                limits.socket(self.kernel_id, opened=False)
            super().on_close()

        def write_message(self, message: Any, binary: bool = False) -> Any:
            try:
                sent = super().write_message(message, binary)
            except WebSocketClosedError:
                self._lost()
                return None
            if isinstance(sent, asyncio.Future):
                sent.add_done_callback(self._written)
            return sent

        def _written(self, sent: asyncio.Future[Any]) -> None:
            if not sent.cancelled() and sent.exception() is not None:  # retrieved: no log
                self._lost()

        def _lost(self) -> None:
            if not self._told:
                self._told = True
                self.log.warning(
                    "Kernel %s: its page's connection closed while the kernel was still "
                    "sending; the rest is dropped",
                    getattr(self, "kernel_id", "?"),
                )

    class LoggedOutHandler(LogoutHandler):
        """``/logout``: the login cookie cleared, a one-line page."""

        @allow_unauthenticated
        def get(self) -> None:
            self.identity_provider.clear_login_cookie(self)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(logged_out_page(class_language()))

    return CappedPageHandler, QuietKernelWebsocket, LoggedOutHandler
