"""axe-core, run inside a page the browser tests already have open.

axe-core comes from npm, pinned in ``tests/browser/package.json`` and its lock, and is
installed next to this file by ``npm ci --prefix tests/browser`` (``make test`` does it).
It is injected from that file (never from a CDN: the tests run offline), then
``axe.run(document)`` checks the page as it is drawn at that moment, so a test calls it at
the moments it reaches anyway (a trick's end, a round's end, the game's end, projector
mode) rather than walking the app again.

Without the file the check skips the test, saying how to install it, or fails it under
``KOWHIST_REQUIRE_BROWSER=1`` (conftest's ``unavailable``).

Typical use, in a test holding a Playwright ``page``::

    from axe_check import assert_accessible
    assert_accessible(page, "Knock-Out, trick end")

or, to look at what axe found::

    found = axe_violations(page)
    assert not found, summary(found)

Nothing here imports Playwright: the doctests run on any machine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The pinned axe-core, installed by ``npm ci --prefix tests/browser``.
AXE_JS = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
INSTALL_HINT = "npm ci --prefix tests/browser"

#: What the issue asks for: no violation of these impacts.
SERIOUS = ("serious", "critical")

# Runs axe in the page and returns plain data (Playwright passes JSON back). Only the
# violations are computed in full (``resultTypes``): passes and incomplete items come back
# trimmed, which keeps a run on the app's page around a second. A rule axe marks
# incomplete (it could not decide, e.g. a colour over a background image) is not a
# violation, as in axe's own reports.
_RUN_JS = """
async ([context, options]) => {
  const results = await window.axe.run(context || document, options);
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.map((t) => Array.isArray(t) ? t.join(' >>> ') : String(t)).join(' '),
      impact: n.impact,
      summary: n.failureSummary || '',
      html: n.html,
    })),
  }));
}
"""


@dataclass(frozen=True)
class Node:
    """One element an axe rule failed on: its CSS selector and axe's reason."""

    target: str
    impact: str
    summary: str
    html: str


@dataclass(frozen=True)
class Violation:
    """One failed axe rule with the elements it failed on."""

    rule: str
    impact: str
    help: str
    nodes: tuple[Node, ...]

    def lines(self) -> list[str]:
        """One readable line per element.

        >>> v = Violation("select-name", "critical", "Select element must have an "
        ...               "accessible name", (Node("#ex", "critical",
        ...               "Fix any of the following:\\n  Element has no label", "<select>"),))
        >>> v.lines()
        ['select-name (critical) #ex: Element has no label']
        """
        out = []
        for node in self.nodes:
            # axe's summary is "Fix any of the following:\n  reason\n  reason": the
            # reasons are what a reader needs, on one line.
            reasons = [
                s.strip()
                for s in node.summary.splitlines()
                if s.strip() and not s.strip().startswith("Fix ")
            ]
            why = "; ".join(reasons) or self.help
            out.append(f"{self.rule} ({node.impact or self.impact}) {node.target}: {why}")
        return out


def summary(violations: Iterable[Violation], where: str = "") -> str:
    """The violations as a message for an assertion, one line per element.

    >>> summary([])
    'no accessibility violations'
    >>> v = Violation("region", "moderate", "All content should be in landmarks",
    ...               (Node("div.a", "moderate", "", "<div>"), Node("p", "", "", "<p>")))
    >>> print(summary([v], "the app"))
    2 accessibility violations on the app:
      region (moderate) div.a: All content should be in landmarks
      region (moderate) p: All content should be in landmarks
    """
    lines = [line for v in violations for line in v.lines()]
    if not lines:
        return "no accessibility violations"
    on = f" on {where}" if where else ""
    head = f"{len(lines)} accessibility violation{'s' if len(lines) != 1 else ''}{on}:"
    return "\n".join([head, *("  " + line for line in lines)])


def inject(page: Any) -> None:
    """Load axe-core into ``page`` (once per document; a reload needs it again).

    The script goes in as a ``<script>`` tag from the installed file; a page whose
    Content-Security-Policy forbids inline scripts (the hardened servers') gets it by
    evaluation instead, which the policy does not govern.
    """
    if not AXE_JS.is_file():
        from conftest import unavailable  # the browser tests' conftest, on sys.path

        unavailable(f"axe-core is not installed ({AXE_JS} missing): run `{INSTALL_HINT}`")
    if page.evaluate("() => typeof window.axe === 'object'"):
        return
    try:
        page.add_script_tag(path=str(AXE_JS))
    except Exception:  # refused by the page's CSP: Playwright reports it as an error
        pass
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_JS.read_text(encoding="utf-8") + "\n;undefined")


def axe_violations(
    page: Any,
    *,
    context: str | None = None,
    impacts: Sequence[str] = SERIOUS,
    also: Sequence[str] = (),
    rules: dict[str, bool] | None = None,
) -> list[Violation]:
    """Run axe-core on ``page`` and return its violations of the given ``impacts``.

    ``context``: a CSS selector to check only part of the page (default: the document).
    ``also``: rule ids reported whatever their impact (``region`` is only "moderate").
    ``rules``: rule ids to turn on or off (``{"color-contrast": False}``), for a check
    that has a reason written next to it.
    """
    inject(page)
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if rules:
        options["rules"] = {rule: {"enabled": on} for rule, on in rules.items()}
    raw = page.evaluate(_RUN_JS, [context, options])
    found = []
    for v in raw:
        keep = [
            Node(n["target"], n.get("impact") or "", n["summary"], n["html"])
            for n in v["nodes"]
            if v["id"] in also or (n.get("impact") or v["impact"]) in impacts
        ]
        if keep:
            found.append(Violation(v["id"], v["impact"] or "", v["help"], tuple(keep)))
    return found


def assert_accessible(page: Any, where: str, **kwargs: Any) -> None:
    """Fail the test with one line per element when axe finds a serious or critical
    violation on ``page`` (``where`` names the moment in the message); keyword arguments
    go to :func:`axe_violations`."""
    found = axe_violations(page, **kwargs)
    assert not found, summary(found, where)


#: What the app's pages are held to, beyond serious and critical: every part of the page
#: in a landmark (``region``, "moderate" in axe); a first-level heading naming the page
#: (``page-has-heading-one``, moderate); no empty header cell in a table
#: (``empty-table-header``, minor: the round chart's corner was one); and a control's
#: accessible name holding the words it shows (``label-content-name-mismatch``, an
#: experimental rule axe leaves off unless asked: a card button read "queen of clubs"
#: while showing "Q ♣" failed it).
APP_RULES: dict[str, Any] = {
    "also": ("region", "page-has-heading-one", "empty-table-header"),
    "rules": {"label-content-name-mismatch": True},
}


def assert_app_accessible(page: Any, where: str) -> None:
    """:func:`assert_accessible` with the app's :data:`APP_RULES`: a test of the Voilà app
    calls it at a moment it has reached (a trick's end, the game's end, a tab)."""
    assert_accessible(page, where, **APP_RULES)
