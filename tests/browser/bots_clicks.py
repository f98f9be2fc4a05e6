"""Clicks into the bots' play: a walk through a game that clicks the student's cards
while the bots' cards arrive (issue 24, point 1), and counts what each click did.

Every click on a card of the student's hand must either play it (the card is sent:
``kw-chosen``) or say something beside the hand (the feedback: why not, who is to play);
never nothing. The page records each click itself, in the same event as the table's
own handler (a listener on ``window``, which the click reaches after the card), so a
click the table lost is seen as lost however fast the page changes afterwards.

While the bots' cards arrive (``kw-animating``) the hand must tell the truth: no card
lit as playable (``kw-legal``) and no reason of the turn before on a card, only who is
to play.

Typical use, in a test holding a page of the app at the bots' usual pace::

    clicks = play_clicking_into_the_bots(page, until=game_over)
    assert clicks.lost == [], clicks.lost
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# Installed once per page: for each click on a card of the student's hand (own seat or
# the hand they play for), what the table did in the same event. The feedback is
# emptied as the click comes in (capture, before the table's handler) so that only
# what the handler says counts.
RECORDER_JS = """
() => {
  if (window.__kwClicks) return;
  const log = window.__kwClicks = [];
  // The student's hand: the lowest hand of the table's picture (they sit at the bottom),
  // whatever the table has marked in it.
  window.__kwMine = (table) => {
    const hands = [...table.querySelectorAll('.kw-table-stage g.kwr-hand')]
      .filter((g) => g.querySelector('svg[data-card], svg.kwr-back'));
    hands.sort((a, b) => b.getBoundingClientRect().top - a.getBoundingClientRect().top);
    return hands[0] || null;
  };
  const handOf = (target) => {
    const card = target.closest && target.closest('svg[data-card], svg.kwr-back');
    const table = card && card.closest('.kw-table');
    return table && window.__kwMine(table) === card.closest('g.kwr-hand') ? card : null;
  };
  let pending = null;
  window.addEventListener('click', (e) => {
    const card = handOf(e.target);
    if (!card) return;
    const table = card.closest('.kw-table');
    const feedback = table.querySelector('.kw-table-feedback');
    if (feedback) feedback.textContent = '';
    pending = {card: card.getAttribute('data-card') || 'back', table,
               animating: table.classList.contains('kw-animating'),
               waiting: table.classList.contains('kw-waiting')};
  }, true);
  window.addEventListener('click', () => {
    if (!pending) return;
    const {table, ...click} = pending;
    const feedback = table.querySelector('.kw-table-feedback');
    const said = feedback && feedback.style.display !== 'none'
      ? feedback.textContent.trim() : '';
    const chosen = !!table.querySelector('.kw-chosen');
    log.push({...click, said, played: chosen});
    pending = null;
  });
}
"""

# A card of the student's hand to click now, while the bots' cards arrive: its centre,
# and what the hand shows meanwhile (the classes and words of every card of it).
PICK_JS = """
(pick) => {
  const table = document.querySelector('.kw-table.kw-animating');
  const mine = table && window.__kwMine(table);
  if (!mine) return null;
  const faces = [...mine.querySelectorAll('svg[data-card]')];
  if (!faces.length) return null;
  const card = faces[Math.floor(pick * faces.length)];
  const r = card.getBoundingClientRect();
  const view = table.closest('.kw-table-widget');
  const status = view && view.querySelector('.kw-status');
  const seat = table.querySelector('.kw-table-stage g.kwr-seat.kwr-to-move');
  return {x: r.left + Math.min(12, r.width / 2), y: r.top + r.height / 2,
          marked: faces.filter((c) => c.classList.contains('kw-card')).length,
          faces: faces.length, lit: table.querySelectorAll('.kw-legal').length,
          words: faces.map((c) => c.getAttribute('aria-label') || ''),
          status: status ? status.innerText.replace(/\\s+/g, ' ') : '',
          to_move: seat ? (seat.getAttribute('aria-label') || '').split(', ')[0] : '',
          mine: !!seat && seat.contains(mine)};
}
"""

# A legal card to play (the student's turn): a point of it that the student sees (the
# cards of a hand overlap: the point is one where the page finds this card on top).
LEGAL_JS = """
(pick) => {
  const cards = [...document.querySelectorAll('.kw-table:not(.kw-waiting) .kw-card.kw-legal')]
    .filter((c) => c.getClientRects().length);
  const start = Math.floor(pick * cards.length);
  for (let k = 0; k < cards.length; k++) {
    const card = cards[(start + k) % cards.length];
    const r = card.getBoundingClientRect();
    for (const fy of [0.5, 0.3, 0.7]) {
      for (let x = r.left + 3; x < r.right - 2; x += 4) {
        const y = r.top + r.height * fy;
        const at = document.elementFromPoint(x, y);
        if (at && at.closest('.kw-card') === card) return {x, y, card: card.dataset.code};
      }
    }
  }
  return null;
}
"""

# What the walk waits on when there is nothing to do yet (a deal's end before its "Next
# deal" button comes): any change of the table, its words or its buttons.
STATE_JS = """() => [...document.querySelectorAll('.kw-table, .kw-status, .kw-card, .kw-call, '
  + '.kw-moment, .kw-moment-next, .kw-moment-watch, .kw-next-deal, .kw-next-round')]
  .map((el) => (el.className.baseVal ?? el.className) + (el.offsetParent ? '+' : '-')
       + el.textContent).join(' | ')"""

# What goes on at a moment (a round's end, knocked out: watch), or after a deal.
GO_ON = ".kw-moment-next, .kw-moment-watch, .kw-next-deal, .kw-next-round"

# Something for the walk to do: the bots' cards arriving, a card or call of the
# student's, a moment's button, or the end.
READY_JS = """(extra) => !!document.querySelector('.kw-table.kw-animating')
  || [...document.querySelectorAll('.kw-card.kw-legal, .kw-call.kw-call-legal, '
       + '.kw-moment-next, .kw-moment-watch, .kw-next-deal, .kw-next-round, '
       + '.kw-status .kw-outcome, ' + extra)]
     .some((n) => n.offsetParent !== null)"""


@dataclass
class Clicks:
    """What the clicks did: each ``{"card", "animating", "waiting", "said", "played"}``."""

    records: list[dict[str, Any]] = field(default_factory=list)
    #: Each look at the table while the bots' cards arrived: the hand's ``faces``, those
    #: ``marked`` as cards to click (kw-card), those ``lit`` as playable (kw-legal), their
    #: ``words``; the ``status`` line's text, the picture's seat ``to_move`` (its name)
    #: and whether that seat is the student's (``mine``).
    looks: list[dict[str, Any]] = field(default_factory=list)

    def stale(self) -> list[dict[str, Any]]:
        """The looks at which the hand did not tell the truth: a card unmarked (a click
        on it would go unanswered), a card lit, or a card with a word of a turn of the
        student's (legal, not allowed) rather than who is to play."""
        return [
            look
            for look in self.looks
            if look["marked"] != look["faces"]
            or look["lit"]
            or any(", legal:" in w or ", not allowed:" in w for w in look["words"])
        ]

    def ahead(self) -> list[dict[str, Any]]:
        """The looks at which the status line told another turn than the picture's
        (it ran ahead of the bots' cards)."""
        return [
            look
            for look in self.looks
            if look["to_move"]
            and not (
                "Your turn" in look["status"]
                if look["mine"]
                else f"{look['to_move']} to move" in look["status"]
            )
        ]

    @property
    def lost(self) -> list[dict[str, Any]]:
        """The clicks that neither played nor said anything."""
        return [r for r in self.records if not r["played"] and not r["said"]]

    @property
    def during(self) -> list[dict[str, Any]]:
        """The clicks that came while the bots' cards were arriving."""
        return [r for r in self.records if r["animating"]]

    def summary(self) -> str:
        """One line: how many clicks, during the bots' play, played, said why."""
        played = sum(r["played"] for r in self.records)
        said = sum(bool(r["said"]) and not r["played"] for r in self.records)
        return (
            f"{len(self.records)} clicks on cards, {len(self.during)} while the bots' cards "
            f"arrived: {played} played, {said} answered in words, {len(self.lost)} lost"
        )


def play_clicking_into_the_bots(
    page: Any,
    until: Callable[[], bool],
    limit: int = 300,
    seed: int = 24,
    extra_ready: str = ".kw-no-such-thing",
) -> Clicks:
    """Play on (a legal card, else a legal call, else a moment's first button) until
    ``until()``; whenever the bots' cards are arriving, click a card of the hand, any
    (chosen at random: legal or not at the end), with the mouse, at once. Returns what
    every click on a card did (the page's own record)."""
    from playwright.sync_api import Error as PlaywrightError

    page.evaluate(RECORDER_JS)
    chooser = random.Random(seed)
    clicks = Clicks()
    for _ in range(limit):
        if until():
            break
        page.wait_for_function(READY_JS, arg=extra_ready, timeout=60_000)
        if until():
            break
        state = page.evaluate(STATE_JS)
        found = page.evaluate(PICK_JS, chooser.random())
        if found is not None:
            # The bots' cards are arriving: the hand says so, and a click is answered.
            clicks.looks.append(found)
            page.mouse.click(found["x"], found["y"])
            continue
        moment = page.locator(GO_ON).filter(visible=True)
        calls = page.locator(".kw-call.kw-call-legal").filter(visible=True)
        if moment.count():
            if until():  # the end came while looking: its button is not ours to click
                break
            # Go on, then wait for that button to go (a moment is drawn afresh as it
            # changes: a button found now may be gone already, then look again).
            try:
                button = moment.first.element_handle(timeout=5_000)
                button.click(timeout=10_000)
            except PlaywrightError:
                continue
            button.wait_for_element_state("hidden", timeout=60_000)
            continue
        # A legal card of the student's turn (found and clicked in one go: the page
        # may change between two looks).
        box = page.evaluate(LEGAL_JS, chooser.random())
        if box is not None:
            # The page records the click in the click's own event (played, or answered
            # in words): wait for that record, not for the lit cards to go, which a
            # test process held up a moment on a busy machine could miss altogether
            # (the bots' cards come and the student's next turn is lit again).
            count = page.evaluate("() => window.__kwClicks.length")
            page.mouse.click(box["x"], box["y"])
            try:
                page.wait_for_function(
                    "(n) => window.__kwClicks.length > n", arg=count, timeout=10_000
                )
            except PlaywrightError as e:
                raise AssertionError(_what_the_page_shows(page, box)) from e
        elif calls.count():
            before = page.evaluate(_VIEW_JS)
            calls.first.click()
            page.wait_for_function(f"(b) => ({_VIEW_JS})() !== b", arg=before)
        else:
            # Nothing to do yet (the deal's result is told, its "Next deal" not yet
            # there): wait for the page to change rather than spend the walk's steps.
            try:
                page.wait_for_function(f"(s) => ({STATE_JS})() !== s", arg=state, timeout=60_000)
            except PlaywrightError as e:
                raise AssertionError(f"the walk stood still: {page.evaluate(_READY_WHY_JS)}") from e
    else:
        if not until():
            raise AssertionError(f"{limit} steps did not reach the walk's end: {clicks.summary()}")
    clicks.records = page.evaluate("() => window.__kwClicks.splice(0)")
    return clicks


def _what_the_page_shows(page: Any, box: dict[str, Any]) -> str:
    """Why a click on a legal card went unrecorded: what lies at the point clicked, the
    table's classes, the status line and the page's last clicks (and a screenshot in
    tests/artifacts)."""
    from pathlib import Path

    shot = Path(__file__).resolve().parents[1] / "artifacts" / "bots-clicks-stuck.png"
    shot.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(shot))
    seen = page.evaluate(
        """(b) => {
          const at = document.elementFromPoint(b.x, b.y);
          const table = document.querySelector('.kw-table');
          const status = document.querySelector('.kw-status');
          return {at: at ? at.outerHTML.slice(0, 300) : null,
                  table: table ? table.className.baseVal || table.className : null,
                  status: status ? status.innerText : null,
                  clicks: (window.__kwClicks || []).slice(-3)};
        }""",
        box,
    )
    return f"a click on a legal card at {box} was not answered: {seen} (screenshot {shot})"


# Why the walk thought there was something to do: each of READY_JS's reasons found, and
# where it is.
_READY_WHY_JS = """() => {
  const found = [...document.querySelectorAll('.kw-table.kw-animating, .kw-card.kw-legal, '
      + '.kw-call.kw-call-legal, .kw-moment-next, .kw-moment-watch, .kw-next-deal, '
      + '.kw-next-round, .kw-status .kw-outcome')]
    .map((n) => {
      const r = n.getBoundingClientRect();
      return `${n.className.baseVal ?? n.className} visible=${n.offsetParent !== null} `
        + `at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x`
        + `${Math.round(r.height)} display=${getComputedStyle(n).display}`;
    });
  const status = [...document.querySelectorAll('.kw-status')].map((n) => n.innerText);
  return JSON.stringify({found, status});
}"""


_VIEW_JS = """() => [...document.querySelectorAll('.kw-status, .kw-card, .kw-call, .kw-moment')]
  .map((el) => el.className + ' ' + el.textContent).join(' | ')"""


# --------------------------------------------------------- what Chromium says
def accessible(page: Any, selector: str) -> list[dict[str, Any]]:
    """Chromium's own accessibility node of each element matching ``selector`` (what
    a screen reader is told): ``{"role", "name", "ignored"}``, through the DevTools
    protocol."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]["nodeId"]
        ids = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
        out = []
        for node_id in ids:
            backend = cdp.send("DOM.describeNode", {"nodeId": node_id})["node"]["backendNodeId"]
            ax = cdp.send(
                "Accessibility.getPartialAXTree",
                {"backendNodeId": backend, "fetchRelatives": False},
            )["nodes"][0]
            out.append(
                {
                    "role": ax.get("role", {}).get("value", ""),
                    "name": ax.get("name", {}).get("value", ""),
                    "ignored": ax.get("ignored", False),
                }
            )
        return out
    finally:
        cdp.detach()
