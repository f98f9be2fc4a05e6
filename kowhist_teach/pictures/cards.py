"""Cards as SVG: faces (big bold ranks and suits, jokers with stars), backs, empty
slots, and the colours of suits and cards (red and black, or the four-colour deck).

Every card is named in words (a ``<title>`` and an ``aria-label``) for screen readers.

>>> svg = card_svg(Card('QS'))
>>> 'Q' in svg and '♠' in svg and 'queen of spades' in svg
True
"""

from __future__ import annotations

import functools
import math
import xml.etree.ElementTree as ET

from ..core.card_words import BIG_JOKER, card_name, rank_names, suit_names
from ..core.cards import Card, Suit
from ..i18n import _
from .draw import (
    BACK,
    CARD_WIDTH,
    FONT_FAMILY,
    GOLD,
    SVG_NS,
    TEXT_FORM,
    SvgStr,
    finish,
    fmt,
    put_text,
    written_once,
)

__all__ = [
    "card_svg",
    "card_name",
    "rank_names",
    "suit_names",
    "suit_colour",
    "card_colour",
    "card_element",
    "empty_slot",
    "BOX_W",
    "BOX_H",
]

_BLACK = "#111111"
_RED = "#cc0000"
_BLUE = "#0047b3"
_GREEN = "#00702e"
_TWO_COLOURS = (_BLACK, _RED, _RED, _BLACK)
_FOUR_COLOURS = (_BLACK, _RED, _BLUE, _GREEN)

# The jokers of bid whist: two strong colours unlike any suit's and unlike each other.
_BIG_JOKER_INK = "#b0005a"
_LITTLE_JOKER_INK = "#4a2a9a"


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The ink of a suit: red and black, or the four-colour deck (♦ blue, ♣ green).

    >>> suit_colour(Suit.HEARTS), suit_colour(Suit.CLUBS, four_colour=True)
    ('#cc0000', '#00702e')
    """
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[suit]


def card_colour(card: Card, four_colour: bool = False) -> str:
    """The ink of a card: its suit's, or a joker's own (big and little differ).

    >>> card_colour(Card('QD'), four_colour=True), card_colour(Card('BJ'))
    ('#0047b3', '#b0005a')
    """
    if card.is_joker:
        return _BIG_JOKER_INK if card == BIG_JOKER else _LITTLE_JOKER_INK
    return suit_colour(card.suit, four_colour)


# ------------------------------------------------------------------- cards
# A card is drawn in a 90 x 126 box and scaled: a nested <svg> with its own viewBox.
BOX_W, BOX_H = 90.0, 126.0


def _back_pattern() -> str:
    """A diagonal lattice inside the back's frame, as one short path."""
    x0, y0, x1, y1 = 10.0, 10.0, BOX_W - 10.0, BOX_H - 10.0
    parts = []
    step = 9.0
    # Lines y = x + c (falling to the right) and y = -x + c (rising), cut to the frame.
    c = (y0 - x1) + step / 2
    while c < y1 - x0:
        xa, xb = max(x0, y0 - c), min(x1, y1 - c)
        parts.append(f"M{fmt(xa)} {fmt(xa + c)}L{fmt(xb)} {fmt(xb + c)}")
        c += step
    c = (y0 + x0) + step / 2
    while c < y1 + x1:
        xa, xb = max(x0, c - y1), min(x1, c - y0)
        parts.append(f"M{fmt(xa)} {fmt(c - xa)}L{fmt(xb)} {fmt(c - xb)}")
        c += step
    return "".join(parts)


_BACK_PATH = _back_pattern()


def card_element(
    card: Card | None,
    x: float,
    y: float,
    width: float,
    *,
    four_colour: bool = False,
    dimmed: bool = False,
    highlight: bool = False,
    title: str | None = None,
    css_class: str = "",
) -> ET.Element:
    """One card (``None``: face down) as a nested ``<svg>`` at ``(x, y)``."""
    face_down = card is None
    label = title if title is not None else (_("face-down card") if face_down else card_name(card))
    classes = ["kwr-back" if face_down else "kwr-card"]
    if dimmed:
        classes.append("kwr-dimmed")
    if highlight:
        classes.append("kwr-highlight")
    if css_class:
        classes.append(css_class)
    attrs = {
        "x": fmt(x),
        "y": fmt(y),
        "width": fmt(width),
        "height": fmt(width * BOX_H / BOX_W),
        "viewBox": f"0 0 {fmt(BOX_W)} {fmt(BOX_H)}",
        "class": " ".join(classes),
        "role": "img",
        "aria-label": label,
    }
    if card is not None:
        attrs["data-card"] = card.code
    svg = ET.Element("svg", attrs)
    ET.SubElement(svg, "title").text = label
    svg.extend(_card_drawing(card, four_colour, dimmed, highlight))
    return svg


@functools.cache
def _card_drawing(
    card: Card | None, four_colour: bool, dimmed: bool, highlight: bool
) -> tuple[ET.Element, ...]:
    """The drawing of a card (``None``: its back) in the 90 x 126 box.

    Made once for each card and look and then shared: a table holds the same elements
    under several parents, which ElementTree allows (they are only ever written out).
    """
    parts: list[ET.Element] = []
    border = GOLD if highlight else "#333333"
    stroke = 6.0 if highlight else 1.5
    inset = stroke / 2
    # A dimmed card stays opaque (a fanned hand must not show through it): its face
    # turns grey and its ink fades.
    face = "#d0d0d0" if dimmed else "#ffffff"
    parts.append(
        ET.Element(
            "rect",
            {
                "x": fmt(inset),
                "y": fmt(inset),
                "width": fmt(BOX_W - 2 * inset),
                "height": fmt(BOX_H - 2 * inset),
                "rx": "8",
                "fill": BACK if card is None else face,
                "stroke": border,
                "stroke-width": fmt(stroke),
            },
        )
    )
    g = ET.Element("g", {"opacity": "0.4"}) if dimmed else None
    if card is None:
        frame = {
            "x": "8",
            "y": "8",
            "width": fmt(BOX_W - 16),
            "height": fmt(BOX_H - 16),
            "rx": "5",
            "fill": "none",
            "stroke": "#ffffff",
            "stroke-width": "2",
        }
        lattice = {"d": _BACK_PATH, "stroke": "#ffffff", "stroke-opacity": "0.5", "fill": "none"}
        drawing = [ET.Element("rect", frame), ET.Element("path", lattice)]
    else:
        # (Inside an element with role="img" the drawing is hidden from screen readers.)
        holder = ET.Element("g")
        if card.is_joker:
            drawing = _joker_drawing(card, holder)
        else:
            drawing = _face_drawing(card, four_colour, holder)
    if g is not None:
        g.extend(drawing)
        parts.append(g)
    else:
        parts.extend(drawing)
    return written_once(tuple(parts))


def _joker_drawing(card: Card, holder: ET.Element) -> list[ET.Element]:
    """A joker: its code (BJ, LJ) and a star in the corners, a big star in the middle;
    the big joker's stars are solid, the little joker's outlined, each in its own ink."""
    big = card == BIG_JOKER
    ink = card_colour(card)
    code = card.code
    squeeze = {"textLength": "40", "lengthAdjust": "spacingAndGlyphs"}
    # Like a suit card's index: the code, then a star below it, within the left 44 units.
    put_text(holder, 23, 37, code, 34, ink, bold=True, **squeeze)
    _star(holder, 23, 59, 13, ink, big)
    turn = {"transform": "rotate(180 45 63)"}
    small = {"textLength": "22", "lengthAdjust": "spacingAndGlyphs"}
    put_text(holder, 13, 21, code, 19, ink, bold=True, **small, **turn)
    _star(holder, 50, 86, 23, ink, big)
    return list(holder)


def _star(parent: ET.Element, cx: float, cy: float, r: float, ink: str, solid: bool) -> None:
    """A five-pointed star as a path (no font needed), solid or outlined."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        a = -math.pi / 2 + i * math.pi / 5
        points.append(f"{fmt(cx + radius * math.cos(a))} {fmt(cy + radius * math.sin(a))}")
    ET.SubElement(
        parent,
        "path",
        {
            "d": "M" + "L".join(points) + "Z",
            "fill": ink if solid else "#ffffff",
            "stroke": ink,
            "stroke-width": fmt(max(r / 8, 2)),
            "stroke-linejoin": "round",
        },
    )


def _face_drawing(card: Card, four_colour: bool, holder: ET.Element) -> list[ET.Element]:
    """A card of a suit: rank and suit in the corners, the suit large in the middle."""
    ink = suit_colour(card.suit, four_colour)
    rank, symbol = card.rank.code, card.suit.symbol + TEXT_FORM
    # The index in the top-left corner is what shows in a fanned hand: it keeps within
    # the left 44 units.  "10" is squeezed to the width of one wide letter.
    squeeze = {"textLength": "40", "lengthAdjust": "spacingAndGlyphs"} if rank == "10" else {}
    put_text(holder, 23, 37, rank, 38, ink, bold=True, **squeeze)
    put_text(holder, 23, 70, symbol, 34, ink)
    # The small index turned upside down in the opposite corner, as on a real card.
    turn = {"transform": "rotate(180 45 63)"}
    small = {"textLength": "22", "lengthAdjust": "spacingAndGlyphs"} if rank == "10" else {}
    put_text(holder, 13, 21, rank, 19, ink, bold=True, **small, **turn)
    put_text(holder, 13, 38, symbol, 17, ink, **turn)
    # The big suit symbol in the middle, clear of both indices.
    put_text(holder, 52, 96, symbol, 50, ink)
    return list(holder)


def card_svg(
    card: Card | str,
    *,
    size: float = CARD_WIDTH,
    four_colour: bool = False,
    face_down: bool = False,
    dimmed: bool = False,
    highlight: bool = False,
    title: str | None = None,
    css_class: str = "",
) -> SvgStr:
    """A card as an SVG picture ``size`` pixels wide (and 1.4 times as high).

    ``four_colour`` draws the colour-blind friendly deck (♠ black, ♥ red, ♦ blue,
    ♣ green); ``face_down`` shows the back (and no rank or suit, not even in the title);
    ``dimmed`` fades the card (an illegal play); ``highlight`` gives it a gold border (the
    winning card).  ``title`` replaces the spoken name (say, to add why a card is
    illegal); ``css_class`` adds classes to the ``<svg>`` element.

    >>> svg = card_svg(Card('10H'))
    >>> '10' in svg, '♥' in svg, '#cc0000' in svg, 'ten of hearts' in svg
    (True, True, True, True)
    >>> 'diamond' in card_svg('2D', face_down=True)
    False
    """
    card = card if isinstance(card, Card) else Card(card)
    el = card_element(
        None if face_down else card,
        0,
        0,
        size,
        four_colour=four_colour,
        dimmed=dimmed,
        highlight=highlight,
        title=title,
        css_class=css_class,
    )
    # The root <svg> is the card itself, placed at the origin.
    root = ET.Element("svg", {"xmlns": SVG_NS})
    for k, v in el.attrib.items():
        if k not in ("x", "y"):
            root.set(k, v)
    root.set("font-family", FONT_FAMILY)
    root.extend(list(el))
    return finish(root)


def empty_slot(parent: ET.Element, x: float, y: float, size: float) -> None:
    """A dashed outline where a card would lie."""
    ET.SubElement(
        parent,
        "rect",
        {
            "x": fmt(x + 2),
            "y": fmt(y + 2),
            "width": fmt(size - 4),
            "height": fmt(size * BOX_H / BOX_W - 4),
            "rx": "8",
            "fill": "none",
            "stroke": "#9bbfa8",
            "stroke-width": "2",
            "stroke-dasharray": "8 6",
        },
    )
