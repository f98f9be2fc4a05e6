"""Nothing leaks to the browser (issue 11): widget messages that fail in the kernel (a
bad value set from the page, a comm that does not exist) answer with one line, never a
traceback or a server path, on the page or in any websocket frame.

(Only values the page's own views survive are sent: ipywidgets echoes an update to the
page before the kernel validates it, so a bad ``layout`` reference would break the
page's views, which is the page's own doing, not a leak.)"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from voila_harness import PAGE_LOAD_MS, REPO

pytestmark = pytest.mark.browser

FIRST_CARD = ".kw-card.kw-legal:not([disabled])"

# In the page: a second connection to the page's own kernel (as a script on the page
# could open), asking for the widget models and sending each of them an index out of
# range (a TraitError in every selection widget: the game choice, the menus).
PROVOKE = """
async () => {
  const cfg = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const url = location.origin.replace(/^http/, 'ws') + cfg.baseUrl.replace(/\\/$/, '') +
    '/api/kernels/' + cfg.kernelId + '/channels?session_id=provoke';
  const ws = new WebSocket(url);
  await new Promise((ok, bad) => { ws.onopen = ok; ws.onerror = bad; });
  let n = 0;
  const send = (msg_type, content) => ws.send(JSON.stringify({
    header: {msg_id: 'provoke-' + (n++), msg_type, username: '', session: 'provoke',
             version: '5.3', date: new Date().toISOString()},
    parent_header: {}, metadata: {}, content, channel: 'shell', buffers: []}));
  const comms = await new Promise((ok) => {
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.msg_type === 'comm_info_reply') ok(Object.keys(msg.content.comms));
    };
    send('comm_info_request', {target_name: 'jupyter.widget'});
  });
  // Done when the kernel has dealt with every message sent: its status goes idle for
  // each, after all it had to say about it (one iopub stream, in order). No fixed wait.
  const waiting = new Set();
  const answered = new Promise((ok) => {
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const msg = JSON.parse(event.data);
      if (msg.msg_type === 'status' && msg.content.execution_state === 'idle') {
        waiting.delete((msg.parent_header || {}).msg_id);
        if (waiting.size === 0) ok(true);
      }
    };
    setTimeout(() => ok(false), 60000);
  });
  const update = (comm_id, state) => {
    waiting.add('provoke-' + n);
    send('comm_msg', {comm_id, data: {method: 'update', state, buffer_paths: []}});
  };
  for (const id of comms) update(id, {index: 999});
  update('no-such-comm', {});
  const done = await answered;
  ws.close();
  return {comms: comms.length, answered: done};
}
"""


def _server_paths() -> list[str]:
    paths = {str(REPO), sys.prefix, sys.base_prefix, "site-packages", "/root/"}
    return sorted(p for p in paths if p and p != "/")


def test_failing_widget_messages_answer_in_one_line(page: Any, app_url: str) -> None:
    frames: list[str] = []

    def watch(ws: Any) -> None:
        for event in ("framereceived", "framesent"):
            ws.on(event, lambda payload: frames.append(_text(payload)))

    page.on("websocket", watch)
    page.goto(app_url, timeout=PAGE_LOAD_MS)
    page.locator(FIRST_CARD).first.wait_for(state="visible", timeout=120_000)
    sent = page.evaluate(PROVOKE)
    assert sent["comms"] > 50  # the app's widget models, each sent a bad index
    assert sent["answered"], "the kernel did not go idle after the bad messages in 60 s"
    notice = page.locator(".kw-message").first
    notice.wait_for(state="visible", timeout=30_000)
    assert "Something went wrong" in notice.inner_text()
    assert "\n" not in notice.inner_text().strip()
    received = "\n".join(frames)
    assert "TraitError" in received  # the kernel did answer ...
    assert "Traceback" not in received  # ... in one line
    content = page.content()
    assert "Traceback" not in content
    for path in _server_paths():
        assert path not in received, path
        assert path not in content, path
    # The game goes on: a card can still be played.
    card = page.locator(FIRST_CARD).first
    before = page.locator(".kw-card").count()
    card.click()
    page.wait_for_function(
        "n => document.querySelectorAll('.kw-card').length < n", arg=before, timeout=60_000
    )


def _text(payload: Any) -> str:
    if isinstance(payload, bytes):
        return payload.decode("utf-8", "replace")
    return payload if isinstance(payload, str) else json.dumps(payload)
