"""The class server within bounds (issue 23, point 5): kernels capped per network address
and in all, with a "class is full" page (HTTP 503) past the caps; a reload that does
not count twice; one log line for a websocket closed while its kernel still sends; the
token printed once; ``/logout`` answering.

One real server for the module, started as ``kowhist-teach app --classroom`` starts it
(:func:`~kowhist_teach.classroom.server.serve`, in a subprocess, its log in a file), on a
notebook of one widget: its kernels start in a second, where the app's take several.
Requests come from several loopback addresses (127.0.0.1, .2, …), each a computer of
the class. Each test gives back the kernels it took (the page's beacon), so the tests
do not depend on their order. The caps' arithmetic, the log filters and the CLI
options are checked without a server, below.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import json
import logging
import re
import socket
import struct
import sys
import threading
import time
import uuid
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from kowhist_teach.classroom import limits as limits_module
from kowhist_teach.classroom.limits import KernelLimits, full_page, kernel_caps
from kowhist_teach.classroom.server import ServeOptions
from kowhist_teach.classroom.server_log import QuietClosedStreams, RedactSecrets
from kowhist_teach.cli import _build_parser
from kowhist_teach.cli.app import CONSOLE_ENV, class_servers, console_child

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from voila_harness import VoilaServer, _descendants, free_port  # noqa: E402

TOKEN_RE = re.compile(r"\?token=([a-z0-9]+)")
#: The caps of the module's server: two pages per address, four in all.
PER_CLIENT, TOTAL = 2, 4
NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "big",
            "metadata": {},
            "outputs": [],
            # A widget with a large state: each state request is answered with ~100 KB.
            "source": ["import ipywidgets as w\n", "w.HTML('x' * 100_000)"],
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
SERVE = (
    "import sys\n"
    "from pathlib import Path\n"
    "from kowhist_teach.classroom.server import ServeOptions, serve\n"
    "options = ServeOptions(classroom=True, address='127.0.0.1', port=int(sys.argv[2]),\n"
    f"    open_browser=False, pool_size=1, max_kernels={TOTAL}, max_per_client={PER_CLIENT})\n"
    "sys.exit(serve(Path(sys.argv[1]), options))\n"
)


def wait_for(check: Callable[[], Any], what: str, timeout: float = 90.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited {timeout} s for {what}")


def run_loop(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run`` in a thread of its own: under ``make test`` a browser test on the
    same worker may leave Playwright's event loop running in this thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


@dataclass
class Answer:
    status: int
    body: str
    cookies: dict[str, str] = field(default_factory=dict)
    headers: Any = None

    @property
    def kernel(self) -> str:
        found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', self.body)
        assert found, self.body[-500:]
        return found.group(1)


class Server:
    """The module's server: requests from a given loopback address, its log, its
    kernels."""

    def __init__(self, voila: VoilaServer) -> None:
        self.voila = voila
        self.port = voila.port
        self.origin = f"http://127.0.0.1:{self.port}"
        self.token = ""

    def log(self) -> str:
        return self.voila.log_path.read_text(errors="replace")

    def request(
        self,
        path: str,
        source: str = "127.0.0.1",
        method: str = "GET",
        cookies: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, 120, (source, 0))
        sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        try:
            conn.request(method, path, headers=sent)
            r = conn.getresponse()
            body = r.read().decode("utf-8", "replace")
        finally:
            conn.close()
        got = dict(cookies or {})
        for line in r.headers.get_all("Set-Cookie") or []:
            name, _, value = line.split(";")[0].partition("=")
            got[name.strip()] = value.strip()
        return Answer(r.status, body, got, r.headers)

    def page(self, source: str = "127.0.0.1", cookies: dict[str, str] | None = None) -> Answer:
        return self.request(f"/?token={self.token}", source, cookies=cookies)

    def alive(self, kernel: str) -> bool:
        return self.request(f"/api/kernels/{kernel}?token={self.token}").status == 200

    def close_page(self, kernel: str) -> None:
        """What a page's beacon does when it closes: shut its kernel (same origin)."""
        answer = self.request(
            f"/voila/api/shutdown/{kernel}?token={self.token}",
            method="POST",
            headers={"Origin": self.origin, "Content-Length": "0"},
        )
        assert answer.status == 204, answer

    def give_back(self, kernels: list[str]) -> None:
        for kernel in kernels:
            self.close_page(kernel)
        wait_for(lambda: not any(self.alive(k) for k in kernels), "the kernels to be shut")

    def kernel_processes(self) -> int:
        assert self.voila.proc is not None
        count = 0
        for pid, _start in _descendants(self.voila.proc.pid):
            with contextlib.suppress(OSError):
                count += b"kernelapp" in Path(f"/proc/{pid}/cmdline").read_bytes()
        return count


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    pytest.importorskip("voila")
    folder = tmp_path_factory.mktemp("limits")
    notebook = folder / "big.ipynb"
    notebook.write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    port = free_port()
    command = [sys.executable, "-c", SERVE, str(notebook), str(port)]
    voila = VoilaServer(command, folder, port, log_path=folder / "server.log").start()
    try:
        voila.wait_ready(timeout=120)
        wrapped = Server(voila)
        found = wait_for(lambda: TOKEN_RE.search(wrapped.log()), "the announcement")
        wrapped.token = found.group(1)
        wait_for(lambda: "ready for big.ipynb: 1 of 1" in wrapped.log(), "the pool", 180)
        yield wrapped
    finally:
        voila.stop()


def in_parallel(*calls: Callable[[], Answer]) -> list[Answer]:
    found: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        found[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return found


# ------------------------------------------------------------------ the caps
def test_pages_past_the_caps_get_the_class_is_full_page(server: Server) -> None:
    taken: list[str] = []
    try:
        # One computer: its two pages, then "full" (however many more it asks for).
        first = [server.page("127.0.0.1") for _i in range(PER_CLIENT)]
        assert [a.status for a in first] == [200] * PER_CLIENT
        taken += [a.kernel for a in first]
        refused = in_parallel(*[lambda: server.page("127.0.0.1")] * 3)
        assert [a.status for a in refused] == [503] * 3
        page = refused[0]
        assert "The class is full" in page.body and "as one computer may have" in page.body
        assert "ask your teacher" in page.body and page.headers["Retry-After"]
        assert "kernelId" not in page.body
        # Other computers fill the server up to its cap in all, then "full" for anyone.
        second = in_parallel(*[lambda: server.page("127.0.0.2")] * 3)
        assert sorted(a.status for a in second) == [200, 200, 503]
        taken += [a.kernel for a in second if a.status == 200]
        third = server.page("127.0.0.3")
        assert third.status == 503 and "already runs as many games as it can" in third.body
        assert len(set(taken)) == TOTAL and all(server.alive(k) for k in taken)
        # The server runs the pages' kernels and at most its pool (1) besides.
        assert TOTAL <= server.kernel_processes() <= TOTAL + 1
        # A page closed (its beacon) makes room at once, even as the next page is asked
        # for a moment before the beacon arrives (a reload).
        reload = threading.Thread(target=lambda: taken.append(server.page("127.0.0.1").kernel))
        reload.start()
        server.close_page(taken.pop(0))
        reload.join()
        assert len(set(taken)) == TOTAL and all(server.alive(k) for k in taken)
        assert server.page("127.0.0.3").status == 503
    finally:
        server.give_back(taken)
    again = server.page("127.0.0.3")  # the kernels given back make room
    assert again.status == 200
    server.give_back([again.kernel])
    assert "Traceback" not in server.log()


def test_the_same_browser_takes_back_its_kernel_no_page_is_connected_to(server: Server) -> None:
    """A reload without a beacon (a crashed tab): at its cap, the same browser (its
    cookie) gets back its kernel whose page has gone, and no other."""
    first = server.page("127.0.0.4")
    cookies = first.cookies
    assert "kowhist-browser" in cookies
    run_loop(_connect_and_close(server, first.kernel))  # its page came and went
    second = server.page("127.0.0.4", cookies)
    assert first.status == second.status == 200
    third = server.page("127.0.0.4", cookies)  # at the cap: the first kernel comes back
    assert third.status == 200
    wait_for(lambda: not server.alive(first.kernel), "the page-less kernel to be shut")
    assert server.alive(second.kernel) and server.alive(third.kernel)
    # Another browser at the same address has nothing of its own to take back.
    assert server.page("127.0.0.4").status == 503
    server.give_back([second.kernel, third.kernel])


def test_a_page_whose_visitor_left_before_it_arrived_gives_its_kernel_back(
    server: Server,
) -> None:
    """A script that asks for the page and hangs up (or a tab closed while loading)."""
    first = server.page("127.0.0.7")  # the pool's kernel, if it has one: the next starts
    assert first.status == 200
    with socket.create_connection(("127.0.0.1", server.port), 30, ("127.0.0.7", 0)) as sock:
        sock.sendall(
            f"GET /?token={server.token} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
        )
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    said = "of 127.0.0.7 down: its page was closed before it arrived"
    wait_for(lambda: said in server.log(), "the kernel of the page nobody got to be shut")
    second = server.page("127.0.0.7")  # the hung-up page does not count: room for one
    assert second.status == 200
    server.give_back([first.kernel, second.kernel])


# ---------------------------------------------------------- the websocket
def _message(msg_type: str, content: dict[str, Any], session: str) -> bytes:
    """A kernel message in the websocket protocol browsers speak (v1, binary)."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "student",
        "session": session,
        "version": "5.3",
        "date": "2026-01-01T00:00:00Z",
    }
    metadata = {"version": "1.0.0"} if msg_type == "comm_open" else {}
    parts = [json.dumps(x).encode() for x in (header, {}, metadata, content)]
    parts.insert(0, b"shell")
    offsets, at = [], 8 * (len(parts) + 2)
    for part in parts:
        offsets.append(at)
        at += len(part)
    offsets.append(at)
    head = struct.pack("<Q", len(parts) + 1) + b"".join(struct.pack("<Q", o) for o in offsets)
    return head + b"".join(parts)


def _socket_url(server: Server, kernel: str) -> str:
    session = uuid.uuid4().hex
    return (
        f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
        f"?session_id={session}&token={server.token}"
    )


async def _connect_and_close(server: Server, kernel: str) -> None:
    from tornado.websocket import websocket_connect

    ws = await websocket_connect(_socket_url(server, kernel))
    ws.close()
    await asyncio.sleep(0)


async def _flood_and_vanish(server: Server, kernel: str, requests: int) -> None:
    """Ask the kernel for its widgets' state ``requests`` times (about 100 KB each), read
    nothing, and once the kernel has answered them all (far more than the sockets hold:
    the server keeps the rest waiting to be written), vanish: a reset, as a tab of a
    laptop whose lid closes."""
    from tornado.websocket import websocket_connect

    protocol = "v1.kernel.websocket.jupyter.org"
    ws = await websocket_connect(_socket_url(server, kernel), subprotocols=[protocol])
    assert ws.selected_subprotocol == protocol
    session, control = uuid.uuid4().hex, uuid.uuid4().hex
    target = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
    ws.write_message(_message("comm_open", target, session), binary=True)
    ask = {"comm_id": control, "data": {"method": "request_states"}}
    for _i in range(requests):
        ws.write_message(_message("comm_msg", ask, session), binary=True)
    await _kernel_info(server, kernel)
    sock = ws.protocol.stream.socket
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    ws.protocol.stream.close()


async def _kernel_info(server: Server, kernel: str) -> None:
    """A kernel_info request on a new connection, answered: the kernel has answered
    every message sent to it before (it takes them in order)."""
    from tornado.websocket import websocket_connect

    ws = await websocket_connect(_socket_url(server, kernel))
    header = {"msg_id": uuid.uuid4().hex, "msg_type": "kernel_info_request", "session": "x"}
    message = {"header": header, "parent_header": {}, "metadata": {}, "content": {}}
    ws.write_message(json.dumps({**message, "channel": "shell", "buffers": []}))
    while True:
        raw = await asyncio.wait_for(ws.read_message(), 120)
        assert raw is not None, "the kernel's websocket closed"
        if isinstance(raw, str) and json.loads(raw)["header"]["msg_type"] == "kernel_info_reply":
            break
    ws.close()


def test_a_websocket_closed_while_the_kernel_sends_logs_one_line(server: Server) -> None:
    page = server.page("127.0.0.5")
    assert page.status == 200
    before = len(server.log())
    try:
        run_loop(_flood_and_vanish(server, page.kernel, requests=300))
        said = f"Kernel {page.kernel}: its page's connection closed"
        wait_for(lambda: said in server.log()[before:], "the one line")
        written = server.log()[before:]
    finally:
        server.give_back([page.kernel])
    assert written.count(said) == 1
    for noise in ("Traceback", "WebSocketClosedError", "StreamClosedError", "never retrieved"):
        assert noise not in written, written[:3000]
    assert len(written.splitlines()) < 40, written[:3000]  # (it was thousands)


# ---------------------------------------------------------- logout, token
def test_logout_answers_with_a_page_and_clears_the_login(server: Server) -> None:
    page = server.page("127.0.0.6")
    assert page.status == 200
    server.give_back([page.kernel])
    login = [name for name in page.cookies if name == f"kowhist-app-{server.port}"]
    assert login, page.cookies
    answer = server.request("/logout", "127.0.0.6", cookies=page.cookies)
    assert answer.status == 200, answer.body[:500]
    assert "You are logged out" in answer.body
    assert answer.cookies[login[0]] in ('""', "")
    assert "Uncaught exception" not in server.log()


def test_the_token_is_printed_once(server: Server) -> None:
    # Requests with the token (or a wrong one) in their URL, which the log reports.
    assert server.request(f"/voila/static/missing.js?token={server.token}").status in (403, 404)
    assert server.request("/login?next=%2F%3Ftoken%3Dwrongtoken1234").status == 403
    wait_for(lambda: "missing.js" in server.log() and "login" in server.log(), "the log lines")
    log = server.log()
    assert log.count(server.token) == 1, [line for line in log.splitlines() if server.token in line]
    assert "Classroom mode: students on this network open" in log.split(server.token)[0]
    assert "missing.js?token=[secret]" in log
    assert "token%3D[secret]" in log and "wrongtoken1234" not in log


# --------------------------------------------------------- without a server
def test_the_caps_by_default() -> None:
    assert kernel_caps(ServeOptions(classroom=True)) == (40, 4)  # a class of 30 + 10
    assert kernel_caps(ServeOptions(classroom=True, pool_size=60)) == (70, 4)
    assert kernel_caps(ServeOptions()) == (0, 0)  # one student on their own machine
    assert kernel_caps(ServeOptions(classroom=True, max_per_client=0, max_kernels=12)) == (12, 0)
    students, console = class_servers(9000, "10.0.0.7", max_kernels=50, max_per_client=0)
    assert kernel_caps(students) == (50, 0)
    assert kernel_caps(console) == (11, 0)  # the console keeps its own: one teacher


def test_the_cap_options_reach_the_servers(tmp_path: Path) -> None:
    args = _build_parser().parse_args(["app", "--max-kernels", "12"])
    assert (args.max_kernels, args.max_per_client) == (12, None)
    args = _build_parser().parse_args(
        ["class", "start", "--max-kernels", "50", "--max-kernels-per-client", "0"]
    )
    assert (args.max_kernels, args.max_per_client) == (50, 0)
    _students, console = class_servers(9000, "10.0.0.7", max_per_client=0)
    _argv, env = console_child(tmp_path / "console.ipynb", console)
    settings = json.loads(env[CONSOLE_ENV])
    assert settings["max_per_client"] == 0 and "max_kernels" not in settings


class FakeManager:
    """What :class:`KernelLimits` asks of a kernel manager."""

    def __init__(self) -> None:
        self.kernels: set[str] = set()
        self.shut: list[str] = []

    def __contains__(self, kernel: str) -> bool:
        return kernel in self.kernels

    async def shutdown_kernel(self, kernel: str) -> None:
        self.shut.append(kernel)
        self.kernels.discard(kernel)


def _limits(clock: list[float], **caps: Any) -> tuple[KernelLimits, FakeManager]:
    limits = KernelLimits(clock=lambda: clock[0], **caps)
    limits.manager = FakeManager()
    return limits, limits.manager


def _page(
    limits: KernelLimits, manager: FakeManager, kernel: str, client: str, browser: str
) -> Any:
    claim = limits.take(client, browser)
    claim.kernel_id = kernel
    manager.kernels.add(kernel)
    limits.page_sent(claim, left=False)
    return claim


def test_a_page_over_the_cap_waits_for_a_kernel_being_shut(monkeypatch: Any) -> None:
    limits = KernelLimits(max_per_client=1)  # the real clock: admit() waits in real time
    manager = limits.manager = FakeManager()

    async def scenario() -> tuple[Any, Any]:
        _page(limits, manager, "k1", "10.0.0.1", "b1")
        monkeypatch.setattr(limits_module, "RELOAD_WAIT", 0.1)
        refused = await limits.admit("10.0.0.1", "b2")  # nothing comes back: refused
        monkeypatch.setattr(limits_module, "RELOAD_WAIT", 60.0)
        waiting = asyncio.ensure_future(limits.admit("10.0.0.1", "b2"))
        await asyncio.sleep(0)
        assert not waiting.done()
        limits.gone("k1")  # the old page's beacon arrives while the new one waits
        return refused, await waiting

    refused, admitted = run_loop(scenario())
    assert refused == "client"
    assert not isinstance(admitted, str) and admitted.browser == "b2"


def test_the_same_browser_takes_back_only_its_page_less_kernels() -> None:
    clock = [0.0]
    limits, manager = _limits(clock, max_per_client=2)

    async def scenario() -> None:
        _page(limits, manager, "k1", "10.0.0.1", "b1")
        limits.socket("k1", opened=True)
        fresh = _page(limits, manager, "k2", "10.0.0.1", "b1")  # its page still loading
        assert limits.over("10.0.0.1") == "client"
        assert not limits._reclaim("b1")  # one page connected, the other just sent
        limits.socket("k1", opened=False)
        assert not limits._reclaim("b3")  # not this browser's
        assert limits._reclaim("b1") and limits.over("10.0.0.1") is None
        await asyncio.sleep(0)
        assert manager.shut == ["k1"] and [c.kernel_id for c in limits.claims] == ["k2"]
        clock[0] = fresh.sent_at + limits_module.RECLAIM_AFTER  # never connected since
        assert limits._reclaim("b1")

    run_loop(scenario())


def test_a_page_that_never_connects_gives_its_kernel_back() -> None:
    clock = [0.0]
    limits, manager = _limits(clock, max_kernels=10, connect_grace=120)

    async def scenario() -> None:
        quiet = _page(limits, manager, "k1", "10.0.0.1", "b1")
        _page(limits, manager, "k2", "10.0.0.2", "b2")
        limits.socket("k2", opened=True)
        clock[0] = 60.0
        limits.reap()
        assert manager.shut == []
        clock[0] = 121.0
        limits.reap()
        await asyncio.sleep(0)
        assert manager.shut == ["k1"] and quiet not in limits.claims
        assert [c.kernel_id for c in limits.claims] == ["k2"]

    run_loop(scenario())


def test_the_full_page_speaks_the_class_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kowhist_teach.classroom.schema import CLASS_DB_ENV
    from kowhist_teach.classroom.store import ClassStore

    store = ClassStore.open(tmp_path / "class")
    store.set_settings({"lang": "fr"})
    monkeypatch.setenv(CLASS_DB_ENV, store.url)
    monkeypatch.setattr(limits_module, "_stores", {})
    assert limits_module.class_language() == "fr"
    page = full_page("total", limits_module.class_language())
    assert '<html lang="fr">' in page and "<h1>" in page
    monkeypatch.delenv(CLASS_DB_ENV)
    assert limits_module.class_language() == "en"
    store.close()


def test_the_log_filters() -> None:
    redact = RedactSecrets(["k7m2p9x4qd"])
    try:
        raise ValueError("GET /?token=k7m2p9x4qd failed")
    except ValueError:
        record = logging.LogRecord(
            "tornado.application",
            logging.ERROR,
            "",
            0,
            "Uncaught %s",
            ("GET /?token=x",),
            sys.exc_info(),
        )
    assert redact.filter(record)
    shown = logging.Formatter().format(record)
    assert "k7m2p9x4qd" not in shown and "token=[secret]" in shown and "Traceback" in shown
    now = [0.0]
    quiet = QuietClosedStreams(clock=lambda: now[0])
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    def closed() -> logging.LogRecord:
        try:
            try:
                raise StreamClosedError()
            except StreamClosedError:
                raise WebSocketClosedError() from None
        except WebSocketClosedError:
            return logging.LogRecord("asyncio", 40, "", 0, "Task exception", None, sys.exc_info())

    records = [closed() for _i in range(1000)]
    kept = [r for r in records if quiet.filter(r)]
    assert len(kept) == 1 and kept[0].exc_info is None
    now[0] = 31.0  # a while later: one line again
    assert quiet.filter(closed())
