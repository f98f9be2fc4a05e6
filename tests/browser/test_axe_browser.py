"""The axe-core check itself (tests/browser/axe_check.py), on a page of our own making:
it must find what it is meant to find, or its silence on the app proves nothing."""

from __future__ import annotations

from typing import Any

import pytest
from axe_check import assert_accessible, axe_violations, summary

pytestmark = pytest.mark.browser

BAD_PAGE = """<!doctype html><html lang="en"><head><title>t</title></head><body>
<main>
  <select id="example"><option>one</option></select>
  <p style="color:#777;background:#fff">grey on white, 4.48:1</p>
  <button id="ok">Fine</button>
</main>
<div id="loose">outside every landmark</div>
</body></html>"""

GOOD_PAGE = """<!doctype html><html lang="en"><head><title>t</title></head><body>
<main><label for="example">Example</label>
  <select id="example"><option>one</option></select>
  <p style="color:#595959;background:#fff">dark grey on white, 7:1</p></main>
</body></html>"""


def test_axe_finds_serious_and_critical_violations(page: Any) -> None:
    page.set_content(BAD_PAGE)
    found = {v.rule: v for v in axe_violations(page)}
    assert set(found) == {"select-name", "color-contrast"}, summary(found.values())
    assert found["select-name"].impact == "critical"
    assert found["select-name"].nodes[0].target == "#example"
    # "region" is moderate: reported only when asked for by name.
    assert "region" in {v.rule for v in axe_violations(page, also=("region",))}
    message = summary(found.values(), "the bad page")
    assert message.startswith("2 accessibility violations on the bad page:")
    assert "select-name (critical) #example: " in message
    # A second run in the same document does not inject axe again, and still works.
    assert {v.rule for v in axe_violations(page)} == set(found)


def test_axe_passes_a_clean_page(page: Any) -> None:
    page.set_content(GOOD_PAGE)
    assert_accessible(page, "the good page", also=("region",))
