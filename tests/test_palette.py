"""The colours meet WCAG AA contrast: text 4.5:1 against what it is written on (3:1 for
large text is not relied on: a picture is scaled down on a small screen), graphics a
reader needs (bars, a chart's marks) 3:1 against the white they are drawn on.

The ratios are WCAG 2's (relative luminance of sRGB). The colours are read from the
package (the pictures' constants, the style sheet of widgets/_common.py), so a colour
changed later is checked again.
"""

from __future__ import annotations

import re

import pytest

from kowhist_teach.core.cards import BIG_JOKER, LITTLE_JOKER, Suit
from kowhist_teach.pictures import boxes, charts, evidence
from kowhist_teach.pictures.cards import card_colour, suit_colour
from kowhist_teach.pictures.draw import BACK, FELT, FELT_DARK, GOLD, INK
from kowhist_teach.widgets._common import CSS

TEXT, GRAPHICS = 4.5, 3.0
WHITE = "#ffffff"


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of ``#rrggbb`` or ``#rgb``."""
    hex_digits = colour.lstrip("#")
    if len(hex_digits) == 3:
        hex_digits = "".join(c * 2 for c in hex_digits)
    channels = [int(hex_digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio, from 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_matches_wcag_figures() -> None:
    # Black on white is 21:1; the theme's grey tabs were 4.45:1 (axe-core's figure).
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#6d6d6d", "#eeeeee") == pytest.approx(4.45, abs=0.01)
    assert contrast("#777777", "#ffffff") < TEXT < contrast("#767676", "#ffffff")


@pytest.mark.parametrize("four_colour", [False, True], ids=["two-colour", "four-colour"])
def test_suit_inks_on_the_card_face(four_colour: bool) -> None:
    inks = {suit.name: suit_colour(suit, four_colour) for suit in Suit}
    low = {s: round(contrast(ink, WHITE), 2) for s, ink in inks.items()}
    assert min(low.values()) >= TEXT, low
    if four_colour:
        # Four suits, four inks: the point of the deck.
        assert len(set(inks.values())) == 4


def test_jokers_inks_on_the_card_face() -> None:
    for joker in (BIG_JOKER, LITTLE_JOKER):
        assert contrast(card_colour(joker), WHITE) >= TEXT, joker


def test_writing_on_the_table() -> None:
    # Names, scores and labels in white on the felt (and the darker status bar), the
    # trick winner's name in gold, the boxes' small print in pale green.
    assert contrast(INK, FELT) >= TEXT
    assert contrast(INK, FELT_DARK) >= TEXT
    assert contrast(GOLD, FELT) >= TEXT
    assert contrast(GOLD, FELT_DARK) >= TEXT
    detail_ink = boxes._ROW_STYLES["detail"][2]
    assert contrast(detail_ink, FELT) >= TEXT
    # The back of a face-down card against the felt, and its white frame on it.
    assert contrast(INK, BACK) >= GRAPHICS


@pytest.mark.parametrize("tone", sorted(boxes.TONES))
def test_badges_ink_on_their_fill(tone: str) -> None:
    fill, ink = boxes.TONES[tone]
    assert contrast(fill, ink) >= TEXT, (tone, round(contrast(fill, ink), 2))


def test_charts_marks_on_white() -> None:
    for colour in (*charts.PALETTE, *evidence._VERDICT_COLOUR.values()):
        assert contrast(colour, WHITE) >= GRAPHICS, (colour, round(contrast(colour, WHITE), 2))
    # Their axis text and small print.
    for ink in (charts._INK, evidence._INK, evidence._REF, "#555555"):
        assert contrast(ink, WHITE) >= TEXT, ink


# The style sheet: every rule that sets a text colour, against its own background or,
# lacking one, the background it is drawn on (the status bar's for its parts, else the
# white page).
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_COLOUR = re.compile(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})\b")
_BACKGROUND = re.compile(r"background(?:-color)?:\s*(#[0-9a-fA-F]{3,6})\b")
_STATUS_BAR = "#0f4a2b"


def _rules(css: str) -> list[tuple[str, str | None, str | None]]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out = []
    for selector, body in _RULE.findall(css):
        ink = _COLOUR.search(body)
        ground = _BACKGROUND.search(body)
        out.append((" ".join(selector.split()), ink and ink.group(1), ground and ground.group(1)))
    return out


def test_the_style_sheet_is_parsed() -> None:
    rules = _rules(CSS)
    assert len(rules) > 50
    assert (".kw-status", "#fff", "#0f4a2b") in rules


# An illegal card is greyed on purpose: a card that cannot be played is an inactive
# control, which WCAG 1.4.3 leaves out of the contrast requirement (its reason, in the
# tooltip, is white on #222).
_INACTIVE = ("kw-illegal", "kw-call-illegal")


def test_every_text_colour_of_the_style_sheet() -> None:
    low = []
    for selector, ink, ground in _rules(CSS):
        if any(word in selector for word in _INACTIVE) and "::after" not in selector:
            continue
        if ink is None and ground is None:
            continue
        if ground is None:
            ground = _STATUS_BAR if "kw-status" in selector else WHITE
        if ink is None:
            ink = "#111111"  # .kw-root's ink
        ratio = contrast(ink, ground)
        if ratio < TEXT:
            low.append(f"{selector}: {ink} on {ground} is {ratio:.2f}:1")
    assert not low, "\n".join(low)
