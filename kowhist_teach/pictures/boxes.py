"""The boxes of a table picture: the trump box, the status line, boxes of text (a
contract, the bidding, the scores) and boxes of cards (a stock, a kitty), drawn from
the data a game gives (:mod:`kowhist_teach.core.hooks.picture`) at the place it names.

>>> import xml.etree.ElementTree as ET
>>> svg = ET.Element('svg')
>>> top = text_box(svg, 'kwr-scores', 'Scores', 20, 230, [('Scores', 20, True, INK)], top=10)
>>> top, svg[0].get('class')
(10, 'kwr-scores')
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..core.card_words import card_name
from ..core.hooks.picture import CardBox, TextBox, TrumpBox
from ..i18n import _
from .cards import BOX_H, BOX_W, card_element, empty_slot, suit_colour
from .draw import GOLD, INK, TEXT_FORM, fmt, put_text, wrap
from .tricks import trump_text

__all__ = ["trump_box", "status_line", "status_left", "text_box", "draw_box", "TOP_PLACES", "TONES"]

#: The places of the boxes drawn before the seats (the others come after them).
TOP_PLACES = ("below-trumps", "top-right")

#: A badge's fill and ink, by tone (see :data:`kowhist_teach.core.hooks.picture.TONES`).
TONES = {
    "plain": ("#ffffff", "#111111"),
    "gold": (GOLD, "#111111"),
    "good": ("#e8f5e9", "#0d3b1e"),
    "warn": ("#ffb74d", "#3e2300"),
    "special": ("#ce93d8", "#2a0033"),
    "muted": ("#9e9e9e", "#111111"),
    # Partners share a colour: North–South blue, East–West orange.
    "side0": ("#bbdefb", "#0d2b4f"),
    "side1": ("#ffe0b2", "#4a2600"),
    "neutral": ("#eeeeee", "#111111"),
}

# Each row style of a text box: size, bold, ink.
_ROW_STYLES = {
    "title": (20.0, True, INK),
    "text": (20.0, False, INK),
    "detail": (18.0, False, "#cfe8d6"),
}


def _places(w: float, h: float) -> dict[str, tuple[float, float, float, bool]]:
    """Each place: x, y, width, and whether ``y`` is the top (else the bottom)."""
    return {
        "below-trumps": (20.0, 232.0, 360.0, True),
        "top-right": (w - 360, 80.0, 340.0, True),
        "bottom-left": (20.0, h - 12, 230.0, False),
        "bottom-right": (w - 250, h - 12, 230.0, False),
        "left": (60.0, h / 2 - 90, 260.0, True),
    }


def trump_box(svg: ET.Element, x: float, y: float, box: TrumpBox, four_colour: bool) -> None:
    """Top left: the round, the trump suit (a big symbol) and the card that set it."""
    trump, settled, heading, card = box.trump, box.settled, box.heading, box.card
    card_caption, chooser = box.card_caption, box.chooser
    g = ET.SubElement(svg, "g", {"class": "kwr-trumps"})
    box_h = 200 if card is not None else 150
    width = 260.0
    ET.SubElement(
        g,
        "rect",
        {
            "x": fmt(x),
            "y": fmt(y),
            "width": fmt(width),
            "height": fmt(box_h),
            "rx": "10",
            "fill": "#000000",
            "fill-opacity": "0.28",
        },
    )
    put_text(g, x + 14, y + 30, heading, 20, anchor="start", bold=True)
    # One line, or more while no suit is shown below it ("Trumps: not chosen yet").
    for i, line in enumerate(wrap(trump_text(trump, settled), 20, width - 28)):
        put_text(g, x + 14, y + 60 + 26 * i, line, 20, anchor="start")
    if trump is not None:
        # The trump symbol large, on a white disc so red and black both stand out.
        ET.SubElement(
            g,
            "circle",
            {"cx": fmt(x + 55), "cy": fmt(y + 112), "r": "34", "fill": "#ffffff"},
        )
        put_text(
            g,
            x + 55,
            y + 131,
            trump.symbol + TEXT_FORM,
            54,
            suit_colour(trump, four_colour),
            **{"aria-hidden": "true"},
        )
    if card is not None:
        g.append(
            card_element(
                card,
                x + width - 100,
                y + 74,
                64,
                four_colour=four_colour,
                title=_("Turn-up: {card}").format(card=card_name(card)),
                css_class="kwr-turn-up",
            )
        )
        put_text(g, x + width - 68, y + 190, card_caption, 16)
    elif chooser is not None and trump is not None:
        put_text(g, x + 104, y + 106, _("chosen by"), 17, anchor="start")
        put_text(g, x + 104, y + 130, chooser, 17, anchor="start", bold=True)


def status_left(w: float, text: str) -> float:
    """Where the status line's box begins (its left edge) on a table ``w`` wide.

    >>> status_left(1200, "Ann to play")
    880.0
    """
    return w - max(300.0, 0.6 * 22 * len(text) + 40) - 20


def status_line(svg: ET.Element, w: float, text: str) -> None:
    """Top right: the status line (whose turn, who won)."""
    g = ET.SubElement(svg, "g", {"class": "kwr-status", "role": "status"})
    x = status_left(w, text)
    width = w - 20 - x
    ET.SubElement(
        g,
        "rect",
        {
            "x": fmt(x),
            "y": "20",
            "width": fmt(width),
            "height": "44",
            "rx": "10",
            "fill": "#000000",
            "fill-opacity": "0.28",
        },
    )
    put_text(g, x + width / 2, 50, text, 22, bold=True)


def text_box(
    svg: ET.Element,
    css_class: str,
    label: str,
    x: float,
    width: float,
    rows: Sequence[tuple[str, float, bool, str]],
    *,
    top: float | None = None,
    bottom: float = 0.0,
) -> float:
    """A translucent box ``width`` wide at ``x`` holding ``rows`` of text, each
    ``(text, size, bold, ink)`` wrapped to the box: below ``top``, or else ending at
    ``bottom``. The group has the class ``css_class`` and is spoken as ``label``.
    Returns the top of the box."""
    lines = ET.Element("g")
    y = 8.0
    for text, size, bold, ink in rows:
        if bold and y > 8:
            y += 4  # a little space above a heading
        for line in wrap(text, size, width - 24, bold):
            y += size * 1.3
            put_text(lines, x + 12, y, line, size, ink, anchor="start", bold=bold)
    height = y + 14
    # Laid out from 0, then moved to its place.
    y0 = top if top is not None else bottom - height
    for el in lines:
        el.set("y", fmt(float(el.get("y", "0")) + y0))
    g = ET.SubElement(svg, "g", {"class": css_class, "aria-label": label})
    ET.SubElement(
        g,
        "rect",
        {
            "x": fmt(x),
            "y": fmt(y0),
            "width": fmt(width),
            "height": fmt(height),
            "rx": "10",
            "fill": "#000000",
            "fill-opacity": "0.28",
        },
    )
    g.extend(list(lines))
    return y0


def _family_fan(count: int, size: float, limit: float) -> float:
    """The spread of a fan of ``count`` faces that keeps within ``limit`` pixels."""
    spread = size * 0.55
    if count > 1:
        spread = min(spread, (limit - size) / (count - 1))
    return spread


def joined(items: list[str], size: float, width: float) -> str:
    """Items joined by " · ", with a line break (for :func:`wrap`) rather than a
    "·" at the end of a line."""
    lines: list[str] = []
    for item in items:
        if lines and 0.52 * size * len(lines[-1] + " · " + item) <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    return "\n".join(lines)


def draw_box(
    svg: ET.Element, box: TextBox | CardBox, w: float, h: float, four_colour: bool
) -> None:
    """A game's box at its place on a table ``w`` × ``h``."""
    x, y, width, from_top = _places(w, h)[box.place]
    if isinstance(box, TextBox):
        rows = []
        for row in box.rows:
            size, bold, ink = _ROW_STYLES[row.style]
            words = joined(list(row.parts), size, width - 24) if row.parts else row.text
            rows.append((words, size, bold, ink))
        if from_top:
            text_box(svg, box.css, box.label, x, width, rows, top=y)
        else:
            text_box(svg, box.css, box.label, x, width, rows, bottom=y)
    elif box.place == "left":
        _pile_box(svg, box, x, y, four_colour)
    else:
        _row_box(svg, box, x, y if from_top else y - 56.0 * BOX_H / BOX_W - 40, four_colour)


def _pile_box(svg: ET.Element, box: CardBox, x: float, y: float, four_colour: bool) -> None:
    """A pile of backs (one sliver per card) with the face-up card(s) beside: the stock."""
    g = ET.SubElement(svg, "g", {"class": box.css, "aria-label": box.label})
    put_text(g, x, y - 12, box.caption, 22, anchor="start", bold=True)
    size = 80.0
    if box.pile > 0:
        layers = min(box.pile, 12)
        for i in range(layers):
            # One sliver per card: the box's label counts them, so a screen reader says
            # the pile once rather than "face-down card" a dozen times.
            back = card_element(None, x + i * 1.5, y + 10 - i * 1.5, size)
            back.set("aria-hidden", "true")
            g.append(back)
    else:
        empty_slot(g, x, y, size)
    fx = x + size + 40
    for i, card in enumerate(box.cards):
        g.append(
            card_element(
                card,
                fx + i * size * 0.6,
                y,
                size,
                four_colour=four_colour,
                title=box.titles[i] if box.titles else None,
                css_class=box.card_css,
            )
        )
    if box.footnote:
        put_text(g, fx, y + size * BOX_H / BOX_W + 26, box.footnote, 17, anchor="start")


def _row_box(svg: ET.Element, box: CardBox, x: float, top: float, four_colour: bool) -> None:
    """A caption over a row of small cards, face up or down: a kitty, discards."""
    size, spread = 56.0, 24.0
    g = ET.SubElement(svg, "g", {"class": box.css, "aria-label": box.label})
    put_text(g, x, top + 22, box.caption, 19, anchor="start", bold=True)
    if not box.cards:
        empty_slot(g, x, top + 36, size)
        return
    for i, card in enumerate(box.cards):
        g.append(
            card_element(
                card,
                x + i * spread,
                top + 36,
                size,
                four_colour=four_colour,
                title=box.titles[i] if box.titles else None,
                css_class=box.card_css,
            )
        )
