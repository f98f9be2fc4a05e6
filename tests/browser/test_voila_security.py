"""What the Voilà app must never allow: code sent from the browser, the notebook's source.

Voilà (0.5) starts its kernels through a kernel manager whose ``allowed_message_types``
lists only the comm and info messages (``comm_open``, ``comm_msg``, ``comm_close``,
``comm_info_request``, ``kernel_info_request``, ``shutdown_request``); jupyter_server's
kernel websocket drops every other message with a warning ('Received message of type
"execute_request", which is not allowed. Ignoring.'). Widgets still work, since they talk
through comms. Sources are stripped from the page (``strip_sources``), and files are served
only through ``/voila/files/`` with ``*.ipynb`` and ``*.py`` on its deny list.
"""

from __future__ import annotations

import html
import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from voila_harness import APP_NOTEBOOK, PAGE_LOAD_MS

pytestmark = pytest.mark.browser

# Sent from inside the Voilà page, over a websocket of its own to the page's kernel: an
# execute_request (the attack), then a kernel_info_request (the control: proves that the
# socket and the message format work, and, as the kernel answers shell requests in order,
# that an execute_reply would have come back first had the code been run).
ATTACK_JS = """
async ({kernelId, code}) => {
  const uid = () => Math.random().toString(16).slice(2) + Date.now().toString(16);
  const base = location.origin.replace(/^http/, 'ws');
  const ws = new WebSocket(`${base}/api/kernels/${kernelId}/channels?session_id=${uid()}`);
  await new Promise((ok, fail) => {
    ws.onopen = ok;
    ws.onerror = () => fail(new Error('the kernel websocket would not open'));
  });
  const got = [];
  let infoReply = null;
  const done = new Promise((ok) => {
    ws.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      const m = JSON.parse(ev.data);
      got.push({type: m.header.msg_type, parent: (m.parent_header || {}).msg_id || null});
      if (m.header.msg_type === 'kernel_info_reply') { infoReply = m; ok(); }
    };
    setTimeout(ok, 15000);
  });
  const message = (type, content) => ({
    header: {msg_id: uid(), username: 'attacker', session: uid(), msg_type: type,
             version: '5.3', date: new Date().toISOString()},
    parent_header: {}, metadata: {}, content, channel: 'shell', buffers: [],
  });
  const execute = message('execute_request', {
    code, silent: false, store_history: false, user_expressions: {},
    allow_stdin: false, stop_on_error: true});
  const info = message('kernel_info_request', {});
  ws.send(JSON.stringify(execute));
  ws.send(JSON.stringify(info));
  await done;
  await new Promise((ok) => setTimeout(ok, 500));
  ws.close();
  return {got, executeId: execute.header.msg_id, infoId: info.header.msg_id,
          answered: infoReply !== null};
}
"""


def _kernel_id(page: Any) -> str:
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    return config["kernelId"]


def test_browser_cannot_execute_code(page: Any, app_url: str, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    page.goto(app_url, wait_until="domcontentloaded", timeout=PAGE_LOAD_MS)
    page.wait_for_selector("#jupyter-config-data", state="attached")
    code = f"open({str(marker)!r}, 'w').write('code ran')"
    result = page.evaluate(ATTACK_JS, {"kernelId": _kernel_id(page), "code": code})
    assert result["answered"], f"the kernel never answered kernel_info_request: {result}"
    replies = [m for m in result["got"] if m["parent"] == result["executeId"]]
    assert replies == [], f"the kernel answered the execute_request: {replies}"
    time.sleep(0.5)
    assert not marker.exists(), "code sent from the browser ran in the kernel"


def _code_lines(notebook: Path) -> list[str]:
    """The lines of the notebook's code cells worth looking for in a page."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    lines = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        lines += [line.strip() for line in source.splitlines() if len(line.strip()) >= 8]
    return lines


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def _leaks(body: str, lines: list[str]) -> list[str]:
    return [line for line in lines if line in body or html.escape(line, quote=True) in body]


def test_notebook_source_is_not_served(app_url: str) -> None:
    """Neither the app's code nor that of the lessons beside it, by any path."""
    app_lines = _code_lines(APP_NOTEBOOK)
    assert app_lines, "the app notebook has no code to look for"
    status, body = _get(app_url)  # the app itself: its outputs, not its inputs
    assert status == 200 and "jupyter-config-data" in body, f"GET / answered {status}"
    assert not _leaks(body, app_lines), f"the app page shows its code: {_leaks(body, app_lines)}"
    folder = APP_NOTEBOOK.parent
    for notebook in sorted(folder.glob("*.ipynb")):
        lines = _code_lines(notebook)
        name = notebook.name
        for path in (
            name,
            f"voila/render/{name}",
            f"voila/files/{name}",
            f"voila/files/{folder.name}/{name}",
            f"voila/tree/{name}",
            f"files/{name}",
            f"notebooks/{name}",
            f"lab/tree/{name}",
            f"api/contents/{name}",
            f"api/contents/{name}?content=1",
            f"voila/api/contents/{name}",
        ):
            status, body = _get(app_url + path)
            assert not _leaks(body, lines), f"GET /{path} ({status}) shows {name}'s code"
            assert '"cell_type"' not in body, f"GET /{path} ({status}) returns {name}"
    for path in ("api/contents", "voila/api/contents", "voila/tree", "tree"):
        status, body = _get(app_url + path)
        assert "app.ipynb" not in body or "jupyter-config-data" in body, (
            f"GET /{path} ({status}) lists the notebooks"
        )
    # The package's own source, by a path that climbs out of the notebooks' folder.
    for path in ("voila/files/..%2Fkowhist_teach%2Fapp.py", "voila/files/../kowhist_teach/app.py"):
        status, body = _get(app_url + path)
        assert "def build_app" not in body, f"GET /{path} ({status}) returns the package source"


def test_no_new_kernels_or_sessions_from_outside(app_url: str) -> None:
    """The REST calls that start a kernel or a session (and so a console), or change a
    file, are not there: asked with a forged XSRF pair (a client outside a browser can
    set both the cookie and the header), the answer is still a refusal, not a kernel."""
    body = json.dumps({"name": "python3", "path": "x.ipynb", "type": "notebook"}).encode()
    for method, path in (
        ("POST", "api/kernels"),
        ("POST", "api/sessions"),
        ("POST", "api/terminals"),
        ("PUT", "api/contents/x.ipynb"),
        ("POST", "api/contents"),
    ):
        request = urllib.request.Request(
            app_url + path,
            data=body,
            headers={
                "Content-Type": "application/json",
                "Cookie": "_xsrf=forged",
                "X-XSRFToken": "forged",
            },
            method=method,
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                status = r.status
        except urllib.error.HTTPError as e:
            status = e.code
        assert status >= 400, f"{method} /{path} answered {status}"
    assert not (APP_NOTEBOOK.parent / "x.ipynb").exists()
