"""The server's configuration for one student or a class (no server started here: the
browser tests start one)."""

from __future__ import annotations

import concurrent.futures
import importlib.util
from collections.abc import Coroutine
from typing import Any

import pytest

from kowhist_teach.classroom import (
    CULL_IDLE_MINUTES,
    ServeOptions,
    allowed_host,
    capped_kernel_argv,
    join_url,
    new_token,
    voila_config,
)
from kowhist_teach.cli import _build_parser


def run_loop(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run`` in a thread of its own: under ``make test`` a browser test on the
    same worker may leave Playwright's event loop running in this thread."""
    import asyncio

    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def test_plain_app_stays_on_loopback_without_token() -> None:
    c = voila_config(ServeOptions(port=9001))
    assert c["Voila"]["ip"] == "127.0.0.1"
    assert c["Voila"]["port"] == 9001
    assert c["Voila"]["token"] == ""
    assert join_url(ServeOptions(port=9001)) == "http://localhost:9001/"


def test_classroom_listens_on_the_network_with_a_token() -> None:
    o = ServeOptions(classroom=True, address="10.0.0.7", token="abcdefgh23")
    c = voila_config(o)
    assert c["Voila"]["ip"] == "0.0.0.0"
    assert c["Voila"]["token"] == "abcdefgh23"
    assert join_url(o) == "http://10.0.0.7:8866/?token=abcdefgh23"


def test_every_mode_culls_preheats_waits_and_hides_tracebacks() -> None:
    for options in (ServeOptions(), ServeOptions(classroom=True, token="x")):
        c = voila_config(options)
        assert c["MappingKernelManager"]["cull_idle_timeout"] == CULL_IDLE_MINUTES * 60
        assert c["MappingKernelManager"]["cull_interval"] > 0
        assert c["VoilaConfiguration"]["preheat_kernel"] is True
        assert c["VoilaConfiguration"]["default_pool_size"] == options.pool_size >= 1
        assert c["VoilaConfiguration"]["show_tracebacks"] is False
        assert c["VoilaExecutor"]["iopub_timeout"] >= 30
        assert c["Voila"]["mathjax_url"] == ""  # no cdnjs
    assert voila_config(ServeOptions(pool_size=0))["VoilaConfiguration"]["preheat_kernel"] is False


@pytest.mark.parametrize(
    ("host", "classroom", "ok"),
    [
        ("localhost", False, True),
        ("127.0.0.1", False, True),
        ("127.8.0.1", False, True),
        ("[::1]", False, True),
        ("LOCALHOST", False, True),
        ("localhost:9000", False, True),  # one student's app: any port (a tunnel)
        ("10.0.0.7", False, False),  # the LAN address only in classroom mode
        ("10.0.0.7:8866", False, False),
        ("10.0.0.7:8866", True, True),
        ("localhost:8866", True, True),
        ("127.0.0.1:8866", True, True),
        ("[::1]:8866", True, True),
        # In a class, only this server's port: never the console's (8867), another, none.
        ("10.0.0.7:8867", True, False),
        ("localhost:8867", True, False),
        ("10.0.0.7", True, False),
        ("10.0.0.7:80", True, False),
        ("10.0.0.7:08866x", True, False),
        ("10.0.0.8:8866", True, False),
        ("rebind.attacker.example", False, False),
        ("rebind.attacker.example:8866", True, False),
        ("localhost.attacker.example:8866", True, False),
    ],
)
def test_host_check(host: str, classroom: bool, ok: bool) -> None:
    options = ServeOptions(classroom=classroom, address="10.0.0.7", port=8866)
    assert allowed_host(host, options) is ok


def test_tokens_are_fresh_and_readable() -> None:
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(len(t) == 10 and not set(t) & set("0o1il") for t in tokens)


def test_kernel_memory_cap() -> None:
    argv = ["/usr/bin/python3", "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    capped = capped_kernel_argv(argv, 256)
    assert capped[0] == "/usr/bin/python3" and capped[1] == "-c"
    assert str(256 * 1024 * 1024) in capped[2] and "RLIMIT_AS" in capped[2]
    assert capped[-2:] == ["-f", "{connection_file}"]
    assert capped_kernel_argv(argv, 0) == argv


def test_kernel_code_caps_memory_in_a_child() -> None:
    """The code the kernel runs first really caps it (where ``resource`` exists)."""
    import subprocess
    import sys

    if importlib.util.find_spec("resource") is None:
        pytest.skip("no resource module on this OS: no cap")
    code = capped_kernel_argv([sys.executable, "-m", "ipykernel_launcher"], 256)[2]
    probe = code.split("if sys.path")[0] + (
        "\ntry:\n    b = bytearray(512 * 1024 * 1024)\n    print('allocated')\n"
        "except MemoryError:\n    print('refused')\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert out.stdout.strip() == "refused", out.stderr


def test_cli_app_options() -> None:
    args = _build_parser().parse_args(["app", "--classroom", "--address", "10.0.0.7"])
    assert args.classroom and args.address == "10.0.0.7" and args.port == 8866
    args = _build_parser().parse_args(["app", "--port", "9000", "--no-browser"])
    assert not args.classroom and args.no_browser and args.port == 9000


class _FakeVoilaPool:
    """What ``gentle_pool`` needs of Voilà's pooling kernel manager."""

    fill_delay = 0.05
    kernel_pools_config = {"default": {"pool_size": 3}}

    def __init__(self, **kwargs: object) -> None:
        import logging

        self.log = logging.getLogger("fake-voila")
        self._pools: dict = {}
        self.fills: list = []
        self.running = self.most = 0
        self.fill_if_needed(delay=0, notebook_name="app.ipynb")

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):  # noqa: ANN001
        import asyncio

        self.fills.append(delay)
        pool = self._pools.setdefault(notebook_name, [])
        for _ in range(3 - len(pool)):
            pool.append(asyncio.get_event_loop().create_task(self._initialize(notebook_name)))

    async def _initialize(self, notebook_path, kernel_id=None, **kwargs):  # noqa: ANN001
        import asyncio

        self.running += 1
        self.most = max(self.most, self.running)

        async def render() -> None:  # the kernel runs the notebook
            await asyncio.sleep(0.02)
            self.running -= 1

        return {"task": asyncio.get_event_loop().create_task(render()), "kernel_id": "k"}


def test_pool_warms_one_kernel_at_a_time_and_refills_once_the_class_is_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncio

    from kowhist_teach.classroom import gentle_pool
    from kowhist_teach.classroom import pool as classroom

    monkeypatch.setattr(classroom, "machine_busy", lambda: False)

    async def scenario() -> tuple:
        manager = gentle_pool(_FakeVoilaPool)()
        pool = manager._pools["app.ipynb"]
        await asyncio.gather(*pool)
        await asyncio.gather(*(item.result()["task"] for item in pool))
        most_at_start = manager.most
        # Three pages take a kernel in quick succession: no refill while they come in.
        for _ in range(3):
            pool.pop(0)
            manager.fill_if_needed(notebook_name="app.ipynb")
        fills_while_arriving = list(manager.fills)
        await asyncio.sleep(0.2)
        return most_at_start, fills_while_arriving, manager.fills, len(pool), manager.most

    most_at_start, arriving, fills, refilled, most = run_loop(scenario())
    assert most_at_start == 1  # one kernel starting and running the notebook at a time
    assert arriving == [0]  # only the start-up fill so far
    assert fills == [0, 0] and refilled == 3  # one refill, after the pages stopped coming
    assert most == 1


def test_pool_refill_waits_while_the_machine_is_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from kowhist_teach.classroom import pool as classroom

    looks: list[bool] = []
    monkeypatch.setattr(classroom, "machine_busy", lambda: looks.append(True) or True)
    monkeypatch.setattr(classroom, "REFILL_MAX_WAIT", 0.2)

    async def scenario() -> tuple:
        manager = classroom.gentle_pool(_FakeVoilaPool)()
        pool = manager._pools["app.ipynb"]
        await asyncio.gather(*pool)
        pool.pop(0)
        manager.fill_if_needed(notebook_name="app.ipynb")
        await asyncio.sleep(0.12)
        waiting = list(manager.fills)
        await asyncio.sleep(0.8)
        return waiting, manager.fills

    waiting, fills = run_loop(scenario())
    assert waiting == [0] and looks  # busy: not refilled yet
    assert fills == [0, 0]  # refilled all the same once the longest wait is over
