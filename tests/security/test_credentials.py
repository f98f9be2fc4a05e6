"""Red team, issue 32 point 1: one credential per role. Each test replays an attack on
the two servers of a real ``kowhist-teach class start`` and names it in its docstring.

The attack that worked (before): both servers signed their login cookies with one key,
jupyter_server named the login cookie after the request's Host header, and the Host
check ignored the port; so ::

    curl -H 'Host: <address>:<console port>' \\
         'http://<address>:<students port>/api/kernels/0?token=<students token>'

answered with a cookie named and signed as the console's own, which the console took:
every student's figures, every hand, take-back, "Pause all".

One class for the module (SQLite in a temporary folder, no preheated kernel for the
students, at most one kernel for their pages, so that the class is full after one
page), reached at 127.0.0.1 with the Host header a student's browser (or curl) would
send. Whether a server takes a cookie is asked of ``/api/kernels/<a kernel no one
has>``: 404 (logged in, no such kernel) or 403 (not logged in), no kernel started.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import importlib.util
import json
import re
import struct
import sys
import time
import uuid
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from kowhist_teach.core.record import MAX_RECORD_BYTES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from voila_harness import VoilaServer, two_free_ports  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="Voilà is not installed"),
]

#: The address printed for the students (TEST-NET-1: no machine has it; the servers
#: listen on every interface and are reached at 127.0.0.1 with this in the Host).
ADDRESS = "192.0.2.10"
STUDENTS_TOKEN = "students-tok1"
TEACHER_TOKEN = "teacher-tok-2222"
WRONG_HOST = "403: this server does not answer to that host name\n"


@dataclass
class Answer:
    status: int
    body: str
    cookies: dict[str, str] = field(default_factory=dict)
    """The cookies the answer set (name: value as sent)."""


@dataclass
class Class:
    """The module's class: its two ports, requests to either with any Host."""

    server: VoilaServer
    students: int
    console: int

    def host(self, port: int) -> str:
        return f"{ADDRESS}:{port}"

    def request(
        self,
        port: int,
        path: str,
        host: str | None = None,
        cookies: dict[str, str] | None = None,
        method: str = "GET",
        headers: dict[str, str] | None = None,
    ) -> Answer:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        sent = {"Host": host or self.host(port), **(headers or {})}
        if cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        try:
            conn.request(method, path, headers=sent)
            r = conn.getresponse()
            body = r.read().decode("utf-8", "replace")
        finally:
            conn.close()
        got = {}
        for line in r.headers.get_all("Set-Cookie") or []:
            name, _, value = line.split(";")[0].partition("=")
            got[name.strip()] = value.strip()
        return Answer(r.status, body, got)

    def takes(self, port: int, cookies: dict[str, str]) -> bool:
        """Whether the server on ``port`` (asked with its own Host) is logged in by
        ``cookies``."""
        answer = self.request(port, f"/api/kernels/{uuid.uuid4()}", cookies=cookies)
        assert answer.status in (403, 404), (answer.status, answer.body[:300])
        return answer.status == 404

    def names(self, port: int) -> list[str]:
        """Every name a login cookie of the server on ``port`` has or had: its own, and
        jupyter_server's default one (after the Host) for each host a page may use."""
        role = "students" if port == self.students else "console"
        hosts = (self.host(port), f"127.0.0.1:{port}", f"localhost:{port}")
        return [f"kowhist-{role}-{port}"] + [
            "username-" + re.sub(r"[^A-Za-z0-9]", "-", host) for host in hosts
        ]

    def takes_by_any_name(self, port: int, cookies: dict[str, str]) -> list[str]:
        """The cookies (by their name, and under each login cookie name of the server
        on ``port``) that server is logged in by."""
        taken = []
        for name, value in cookies.items():
            for as_name in dict.fromkeys([name, *self.names(port)]):
                if self.takes(port, {as_name: value}):
                    taken.append(f"{name} as {as_name}")
        return taken


def _serves(c: Class, port: int) -> bool:
    """Whether the class's server on ``port`` answers HTTP (not merely a connection: a
    poll from an ephemeral port may connect to itself, or to a process that held the port
    a moment)."""
    try:
        answer = c.request(port, f"/api/kernels/{uuid.uuid4()}")
    except (OSError, http.client.HTTPException):
        return False
    return answer.status == 403


@pytest.fixture(scope="module")
def the_class(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Class]:
    folder = tmp_path_factory.mktemp("credentials")
    port = two_free_ports()
    command = [
        sys.executable, "-c", "import sys; from kowhist_teach.cli import main; sys.exit(main())",
        "class", "start", "--dir", str(folder / "class"), "--port", str(port), "--no-browser",
        "--token", STUDENTS_TOKEN, "--teacher-token", TEACHER_TOKEN, "--address", ADDRESS,
        "--pool-size", "0", "--max-kernels", "1",
    ]  # fmt: skip
    server = VoilaServer(command, folder, port, log_path=folder / "class.log").start()
    the_class = Class(server, port, port + 1)
    try:
        deadline = time.monotonic() + 180
        for each in (port, port + 1):
            while not _serves(the_class, each):
                assert server.proc is not None and server.proc.poll() is None, server.log_tail()
                assert time.monotonic() < deadline, server.log_tail()
                time.sleep(0.1)
        yield the_class
    finally:
        server.stop()


def _login(c: Class, port: int, token: str) -> dict[str, str]:
    answer = c.request(port, f"/api/kernels/{uuid.uuid4()}?token={token}")
    assert answer.status == 404, (answer.status, answer.body[:300])
    return answer.cookies


# ------------------------------------------------------------------ the baseline
def test_each_server_takes_its_own_login_and_names_its_cookie_itself(the_class: Class) -> None:
    """Not an attack: what the attacks are measured against. Each server's token logs a
    page in with a cookie whose name is the server's own (role and port, not the Host's),
    which that server takes."""
    c = the_class
    students = _login(c, c.students, STUDENTS_TOKEN)
    console = _login(c, c.console, TEACHER_TOKEN)
    assert f"kowhist-students-{c.students}" in students, students
    assert f"kowhist-console-{c.console}" in console, console
    assert not any(name.startswith("username-") for name in [*students, *console])
    assert c.takes(c.students, students) and c.takes(c.console, console)
    assert not c.takes(c.students, {}) and not c.takes(c.console, {})


# ------------------------------------------------------------------ forged Host
@pytest.mark.parametrize(
    "path", ["/api/kernels/0", f"/api/kernels/{uuid.UUID(int=0)}", "/", "/voila/static/x.js"]
)
def test_the_consoles_host_on_the_students_server_gets_no_cookie(
    the_class: Class, path: str
) -> None:
    """Attack: ``curl -H 'Host: <address>:<console port>'
    'http://<address>:<students port>/api/kernels/0?token=<students token>'`` (and the
    page itself, a kernel's URL, a static file): the students' server handed out a login
    cookie named and signed as the console's, and the console took it. Now the students'
    server refuses that Host in one line and sets no cookie the console takes."""
    c = the_class
    answer = c.request(c.students, f"{path}?token={STUDENTS_TOKEN}", host=c.host(c.console))
    assert c.takes_by_any_name(c.console, answer.cookies) == []
    assert (answer.status, answer.body) == (403, WRONG_HOST)
    assert answer.cookies == {}


@pytest.mark.parametrize(
    "host",
    [
        "localhost:{console}",
        "127.0.0.1:{console}",
        f"{ADDRESS}:9",
        ADDRESS,
        f"{ADDRESS}:80",
        "[::1]:{console}",
        "localhost:{students}0",
    ],
)
def test_any_other_port_on_the_students_server_is_refused(the_class: Class, host: str) -> None:
    """Attack: the forged Host with the console's port under another of the server's
    names (localhost, 127.0.0.1, [::1]), or any port but the students' server's own (none
    at all, 80, another): each gets the one-line 403 and no cookie."""
    c = the_class
    host = host.format(console=c.console, students=c.students)
    answer = c.request(c.students, f"/api/kernels/0?token={STUDENTS_TOKEN}", host=host)
    assert c.takes_by_any_name(c.console, answer.cookies) == []
    assert (answer.status, answer.body, answer.cookies) == (403, WRONG_HOST, {})


@pytest.mark.parametrize("token", [STUDENTS_TOKEN, TEACHER_TOKEN])
def test_the_students_port_on_the_console_is_refused(the_class: Class, token: str) -> None:
    """Attack, the other way: ``Host: <address>:<students port>`` sent to the console
    (with either token): the console answered as if it were the students' server,
    handing out a cookie named as the students' server's. Now a one-line 403, no cookie,
    nothing the students' server takes."""
    c = the_class
    answer = c.request(c.console, f"/api/kernels/0?token={token}", host=c.host(c.students))
    assert c.takes_by_any_name(c.students, answer.cookies) == []
    assert (answer.status, answer.body, answer.cookies) == (403, WRONG_HOST, {})


# ------------------------------------------------------------------ tokens, cookies
def test_the_console_refuses_the_students_token(the_class: Class) -> None:
    """Attack: the students' token on the console (its page, its API): refused, and no
    cookie it sets on the way logs anyone in."""
    c = the_class
    api = c.request(c.console, f"/api/kernels/{uuid.uuid4()}?token={STUDENTS_TOKEN}")
    page = c.request(c.console, f"/?token={STUDENTS_TOKEN}")
    assert api.status == 403
    assert page.status in (302, 403) and "widget-view+json" not in page.body
    assert c.takes_by_any_name(c.console, {**api.cookies, **page.cookies}) == []


def test_a_students_cookie_replayed_to_the_console_by_any_name(the_class: Class) -> None:
    """Attack: a student's own login cookies (got with the students' token from the
    students' server, with its right Host) sent to the console under their own name,
    under the console's cookie name and under jupyter_server's Host-made names: none
    logs in; nor does the teacher's cookie open the students' server."""
    c = the_class
    students = _login(c, c.students, STUDENTS_TOKEN)
    console = _login(c, c.console, TEACHER_TOKEN)
    assert c.takes(c.students, students) and c.takes(c.console, console)
    assert c.takes_by_any_name(c.console, students) == []
    assert c.takes_by_any_name(c.students, console) == []


def test_the_full_class_page_gives_no_cookie_for_the_console(the_class: Class) -> None:
    """Attack: the forged Host on the page of a class that is full (its kernel cap
    reached: the page answers "The class is full" and starts no kernel, but logged the
    request in first). Now the forged Host gets the one-line 403; with the right Host
    the full page's cookie opens the students' server only."""
    c = the_class
    first = c.request(c.students, f"/?token={STUDENTS_TOKEN}")  # the one kernel
    assert first.status == 200 and "widget-view+json" in first.body, c.server.log_tail()
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', first.body)
    try:
        forged = c.request(c.students, f"/?token={STUDENTS_TOKEN}", host=c.host(c.console))
        assert c.takes_by_any_name(c.console, forged.cookies) == []
        assert (forged.status, forged.body, forged.cookies) == (403, WRONG_HOST, {})
        full = c.request(c.students, f"/?token={STUDENTS_TOKEN}")
        assert full.status == 503 and "The class is full" in full.body, full.body[:500]
        assert c.takes(c.students, full.cookies)
        assert c.takes_by_any_name(c.console, full.cookies) == []
    finally:
        if kernel is not None:  # the page's beacon: its kernel shut (same origin)
            with contextlib.suppress(OSError):
                c.request(
                    c.students,
                    f"/voila/api/shutdown/{kernel.group(1)}?token={STUDENTS_TOKEN}",
                    method="POST",
                    headers={"Origin": f"http://{c.host(c.students)}", "Content-Length": "0"},
                )


# ------------------------------------------------------------------ under a hub
def test_under_a_hub_the_console_and_a_students_server_share_no_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Attack, under JupyterHub: a student's login to their own server replayed to the
    teachers' console service. The two are separate processes each with a key drawn at
    its start (none kept, none shared), and the login is the hub's (its cookie named
    after each server's OAuth client and holding a hub token whose scopes the hub
    checks), never a cookie named after the Host."""
    pytest.importorskip("jupyterhub", reason="JupyterHub is not installed ([hub] extra)")
    from jupyterhub.singleuser.extension import JupyterHubIdentityProvider

    from kowhist_teach.classroom import server
    from kowhist_teach.classroom.server import _server_classes, server_config
    from kowhist_teach.cli import main

    served: list[Any] = []
    monkeypatch.setattr(server, "serve", lambda page, options, announce: served.append(
        (page.name, options)) or 0)  # fmt: skip
    monkeypatch.setenv("KOWHIST_CLASS_DB", "sqlite:///nowhere.sqlite")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101/")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/class-console/")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_NAME", "class-console")
    assert main(["class", "singleuser", "--console"]) == 0
    monkeypatch.delenv("JUPYTERHUB_SERVICE_NAME")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:41234/user/ann/")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/ann/")
    monkeypatch.setenv("JUPYTERHUB_USER", "ann")
    assert main(["class", "singleuser"]) == 0
    (console_page, console), (student_page, student) = served
    assert (console_page, student_page) == ("console.ipynb", "class.ipynb")
    voila = _server_classes()[0]
    keys = []
    for options in (console, student):
        assert options.cookie_secret is None
        config = server_config(options)
        assert config.Voila.identity_provider_class is JupyterHubIdentityProvider
        assert "cookie_secret" not in config.Voila and "cookie_name" not in config.IdentityProvider
        keys += [voila(config=config).cookie_secret, voila(config=config).cookie_secret]
    assert len(set(keys)) == 4 and all(len(k) == 32 for k in keys)


# ------------------------------------------------------------------ the upload's size
def _v1_message(msg_type: str, content: dict[str, Any], buffers: list[bytes]) -> bytes:
    """A kernel message as a page sends it (websocket protocol v1, binary)."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "teacher",
        "session": uuid.uuid4().hex,
        "version": "5.3",
        "date": "2026-01-01T00:00:00Z",
    }
    parts = [b"shell", *(json.dumps(x).encode() for x in (header, {}, {}, content)), *buffers]
    offsets, at = [], 8 * (len(parts) + 2)
    for part in parts:
        offsets.append(at)
        at += len(part)
    offsets.append(at)
    head = struct.pack("<Q", len(parts) + 1) + b"".join(struct.pack("<Q", o) for o in offsets)
    return head + b"".join(parts)


#: What :func:`_upload` says when the kernel answered.
ANSWERED = "answered"


async def _upload(c: Class, kernel: str, cookies: dict[str, str], size: int) -> str | int | None:
    """Send the console's kernel an upload of ``size`` bytes as the upload widget's
    page does (a ``comm_msg`` whose buffer is the file), then a kernel_info request:
    :data:`ANSWERED` once the kernel answered it, else the code the server closed the
    socket with (None when the close frame was lost: see the test)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    protocol = "v1.kernel.websocket.jupyter.org"
    request = HTTPRequest(
        f"ws://127.0.0.1:{c.console}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}",
        headers={
            "Host": c.host(c.console),
            "Origin": f"http://{c.host(c.console)}",
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
        },
    )
    ws = await websocket_connect(request, subprotocols=[protocol])
    try:
        content = {
            "comm_id": uuid.uuid4().hex,  # no widget of the page: nothing else changes
            "data": {"method": "custom", "content": {"event": "upload", "name": "deal.json"}},
        }
        for message in (
            _v1_message("comm_msg", content, [b" " * size]),
            _v1_message("kernel_info_request", {}, []),
        ):
            # A write the server cut short fails its future: retrieved here (unlogged);
            # what the server did is read below.
            sent = ws.write_message(message, binary=True)
            sent.add_done_callback(lambda done: done.cancelled() or done.exception())
        while True:
            raw = await asyncio.wait_for(ws.read_message(), 120)
            if raw is None:
                return ws.close_code
            if isinstance(raw, bytes) and b'"kernel_info_reply"' in raw:
                return ANSWERED
    finally:
        ws.close()


def _run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def test_an_upload_over_the_limit_never_reaches_the_consoles_kernel(the_class: Class) -> None:
    """Attack: the console's "Everyone plays this deal" upload (a student's "Load a
    record" alike) sent from the page's JavaScript with a file far over the limit, the
    page's own size check skipped: up to 10 MiB (tornado's default) reached the kernel,
    which only then looked at the size. Now the server closes the socket (1009, "message
    too big") as soon as the frame's length says it is over the limit and a message's
    envelope; an upload within the limit still reaches the kernel, which answers."""
    c = the_class
    cookies = _login(c, c.console, TEACHER_TOKEN)
    page = c.request(c.console, "/", cookies=cookies)
    assert page.status == 200 and "widget-view+json" in page.body, c.server.log_tail()
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page.body)
    assert kernel is not None
    assert _run(_upload(c, kernel.group(1), cookies, 2_000)) == ANSWERED
    # Closed unread. Tornado sends its close frame (1009) and drops the connection at
    # once, while this client is still sending the rest of the frame: the server's
    # socket closes with unread bytes, so its TCP stack answers with a reset, which may
    # discard the close frame before this client reads it (no close code). Either way
    # the kernel never answers.
    assert _run(_upload(c, kernel.group(1), cookies, MAX_RECORD_BYTES + 100_000)) in (1009, None)
    assert _run(_upload(c, kernel.group(1), cookies, MAX_RECORD_BYTES)) == ANSWERED


async def _channels_status(c: Class, kernel: str, cookies: dict[str, str], origin: str) -> int:
    """The HTTP status with which the console answers a websocket to ``kernel``'s
    channels opened with the teacher's ``cookies`` from a page of ``origin`` (101: open)."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    request = HTTPRequest(
        f"ws://127.0.0.1:{c.console}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}",
        headers={
            "Host": c.host(c.console),
            "Origin": origin,
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
        },
    )
    try:
        ws = await websocket_connect(request, subprotocols=["v1.kernel.websocket.jupyter.org"])
    except HTTPClientError as e:
        return e.code
    ws.close()
    return 101


def test_a_page_of_another_origin_cannot_reach_the_consoles_kernel(the_class: Class) -> None:
    """Attack (held before, kept): a page of another site, open in the teacher's browser
    (whose console cookie it sends along), talks to the console's kernel, or shuts it
    down with the page-closed beacon. Both are refused for any Origin but the console's
    own; the console's own Origin opens the channels, and its kernel is still there."""
    c = the_class
    cookies = _login(c, c.console, TEACHER_TOKEN)
    page = c.request(c.console, "/", cookies=cookies)
    assert page.status == 200, c.server.log_tail()
    found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page.body)
    assert found is not None
    kernel = found.group(1)
    foreign = (
        "http://evil.example",
        f"http://{c.host(c.students)}",  # the students' server: another origin
        f"http://{ADDRESS}.evil.example:{c.console}",
    )
    for origin in foreign:
        assert _run(_channels_status(c, kernel, cookies, origin)) == 403, origin
        beacon = c.request(
            c.console, f"/voila/api/shutdown/{kernel}", cookies=cookies, method="POST",
            headers={"Origin": origin, "Content-Length": "0"},
        )  # fmt: skip
        assert beacon.status == 403, (origin, beacon.status, beacon.body[:200])
    assert _run(_channels_status(c, kernel, cookies, f"http://{c.host(c.console)}")) == 101
    assert c.request(c.console, f"/api/kernels/{kernel}", cookies=cookies).status == 200
