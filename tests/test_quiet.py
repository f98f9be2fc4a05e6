"""No traceback and no server path leaves the kernel (issue 11): the Guard keeps its
traceback for the server, and in a kernel (as Voilà runs the app) a widget message that
fails answers on iopub with one line."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from kowhist_teach.widgets._common import Guard
from kowhist_teach.widgets.quiet import one_line, student_line

REPO = Path(__file__).resolve().parent.parent


def test_one_line_hides_server_paths() -> None:
    error = FileNotFoundError(2, "No such file or directory", "/srv/x/app.ipynb")
    assert "/srv" not in one_line(error) and "/srv" not in student_line(error)
    assert one_line(OSError(r"C:\Users\teacher\secret.json is locked")).count("\\") == 0
    assert one_line(ValueError("3/4 of a trick\nsecond line")) == "ValueError: 3/4 of a trick"
    assert "Your game is still here" in student_line(KeyError("x"))


def test_guard_keeps_the_traceback_off_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KOWHIST_DEBUG", raising=False)
    said: list[str] = []
    guard = Guard(said.append)

    def broken() -> None:
        raise RuntimeError(f"cannot open {REPO / 'secret.json'}")

    guard.run(broken)
    assert len(said) == 1 and "RuntimeError" in said[0] and str(REPO) not in said[0]
    assert guard.errors and "Traceback" in guard.errors[0]  # kept for the server
    assert guard.debug.outputs == ()  # the Output widget's contents would reach the page


def test_failing_widget_messages_answer_in_one_line_in_a_kernel() -> None:
    manager = pytest.importorskip("jupyter_client.manager")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
        "VOILA_KERNEL_ID": "test",  # as in a kernel Voilà started
    }
    km, kc = manager.start_new_kernel(kernel_name="python3", env=env)
    try:
        code = (
            "from kowhist_teach.app import build_app\n"
            "app = build_app(seed=1)\n"
            "print(app.game_choice.model_id)"
        )
        out: list[str] = []
        kc.execute_interactive(
            code,
            timeout=120,
            output_hook=lambda m: out.append(m["content"].get("text", "")),
        )
        model_id = "".join(out).split()[0]
        for state in ({"index": 999}, {"layout": "IPY_MODEL_nothing"}):
            data = {"method": "update", "state": state, "buffer_paths": []}
            kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": model_id, "data": data}))
        kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": "no-such-comm", "data": {}}))
        seen: list[dict] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and sum(m["msg_type"] == "error" for m in seen) < 2:
            try:
                seen.append(kc.get_iopub_msg(timeout=2))
            except Exception:  # queue.Empty: nothing yet
                continue
        time.sleep(1.0)
        while True:
            try:
                seen.append(kc.get_iopub_msg(timeout=0.5))
            except Exception:
                break
    finally:
        km.shutdown_kernel(now=True)
    errors = [m["content"] for m in seen if m["msg_type"] == "error"]
    assert len(errors) == 2, [m["msg_type"] for m in seen]
    for content in errors:
        assert len(content["traceback"]) == 1 and "\n" not in content["traceback"][0]
        assert content["ename"] == "TraitError"
    text = repr([m["content"] for m in seen if m["msg_type"] in ("error", "stream")])
    assert "Traceback" not in text
    for path in (str(REPO), sys.prefix, "site-packages"):
        assert path not in text, path
    notices = [
        m["content"]["data"]["state"].get("value", "")
        for m in seen
        if m["msg_type"] == "comm_msg" and "state" in m["content"].get("data", {})
    ]
    assert any("Something went wrong" in v for v in notices)  # the app's notice, one line
