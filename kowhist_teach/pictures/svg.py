"""SVG pictures of cards, hands, tricks and whole tables, for notebooks and the app.

Modelled on python-chess's ``chess/svg.py``: every function builds the picture with
:mod:`xml.etree.ElementTree` and returns an :class:`SvgStr`, a ``str`` that Jupyter
shows as a picture (it has ``_repr_svg_``).  Nothing here imports a widget library, so
the pictures work in a notebook, in the Voilà app, in JupyterLite and in a plain file.

The pictures are drawn to be read from the back of a classroom: big bold ranks, big suit
symbols, strong colours, and every card named in words (a ``<title>`` and an
``aria-label``) for screen readers.  Every word passes through :func:`~.i18n._`.

>>> svg = card_svg(Card('QS'))
>>> 'Q' in svg and '♠' in svg and 'queen of spades' in svg
True
>>> print(hand_svg(CardSet('AS 10H')).count('<svg'))
3

Importing this module gives cards, card sets, tricks and games a ``_repr_svg_`` (see
:func:`install_repr_hooks`), so they draw themselves in a notebook.
"""

from __future__ import annotations

import base64
import functools
import html
import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterable, Sequence

from ..core.cards import Card, CardSet, Rank, Suit
from ..core.moves import Call
from ..core.tricks import Trick
from ..games.family.engine import DealLog, FamilyGame, FamilyPhase
from ..games.german.engine import GermanGame, GermanPhase
from ..games.knockout.engine import KnockoutGame, Phase, Status
from ..i18n import _

__all__ = [
    "SvgStr",
    "card_svg",
    "hand_svg",
    "trick_svg",
    "table_svg",
    "card_name",
    "suit_colour",
    "card_colour",
    "call_words",
    "data_uri",
    "html_page",
    "install_repr_hooks",
    "FONT_FAMILY",
    "CARD_WIDTH",
    "CARD_HEIGHT",
]

#: The font stack: DejaVu Sans (Debian's fonts-dejavu-core, JupyterLite's Chromium on
#: Linux), then fonts every other desktop has.  All of them carry ♠ ♥ ♦ ♣.
FONT_FAMILY = "'DejaVu Sans', Verdana, Arial, sans-serif"
#: The default card width and height in pixels (a poker card's 5:7).
CARD_WIDTH = 90
CARD_HEIGHT = 126

_SVG_NS = "http://www.w3.org/2000/svg"
# U+FE0E asks for the text (not emoji) form of a suit symbol, so that the fill colour
# applies on systems whose emoji font would otherwise draw a red ♠.
_TEXT_FORM = "\ufe0e"

_BLACK = "#111111"
_RED = "#cc0000"
_BLUE = "#0047b3"
_GREEN = "#00702e"
_TWO_COLOURS = (_BLACK, _RED, _RED, _BLACK)
_FOUR_COLOURS = (_BLACK, _RED, _BLUE, _GREEN)

# The jokers of bid whist: two strong colours unlike any suit's and unlike each other.
_BIG_JOKER_INK = "#b0005a"
_LITTLE_JOKER_INK = "#4a2a9a"
_BIG_JOKER = 53

_FELT = "#17613a"
_FELT_DARK = "#0f4a2b"
_GOLD = "#f5b301"
_INK = "#ffffff"
_BACK = "#1d4f9c"


class SvgStr(str):
    """An SVG picture as a string; Jupyter draws it (``_repr_svg_``).

    >>> s = SvgStr('<svg xmlns="http://www.w3.org/2000/svg"/>')
    >>> s._repr_svg_() == s, isinstance(s, str)
    (True, True)
    """

    def _repr_svg_(self) -> SvgStr:
        return self


# ------------------------------------------------------------------- words
def _rank_names() -> dict[Rank, str]:
    # Looked up at call time, so that a language chosen later applies.
    return {
        Rank.TWO: _("two"),
        Rank.THREE: _("three"),
        Rank.FOUR: _("four"),
        Rank.FIVE: _("five"),
        Rank.SIX: _("six"),
        Rank.SEVEN: _("seven"),
        Rank.EIGHT: _("eight"),
        Rank.NINE: _("nine"),
        Rank.TEN: _("ten"),
        Rank.JACK: _("jack"),
        Rank.QUEEN: _("queen"),
        Rank.KING: _("king"),
        Rank.ACE: _("ace"),
    }


def _suit_names() -> dict[Suit, str]:
    return {
        Suit.SPADES: _("spades"),
        Suit.HEARTS: _("hearts"),
        Suit.DIAMONDS: _("diamonds"),
        Suit.CLUBS: _("clubs"),
    }


def card_name(card: Card) -> str:
    """The card in words, in the chosen language: ``'queen of spades'``.

    One message per suit (``'{rank} of spades'``), so that a language may inflect the
    suit (French says *dame de pique*, singular).

    >>> card_name(Card('QS')), card_name(Card('10H')), card_name(Card('BJ'))
    ('queen of spades', 'ten of hearts', 'big joker')
    """
    if card.is_joker:
        return _("big joker") if card == _BIG_JOKER else _("little joker")
    rank = _rank_names()[card.rank]
    suit = card.suit
    if suit is Suit.SPADES:
        return _("{rank} of spades").format(rank=rank)
    if suit is Suit.HEARTS:
        return _("{rank} of hearts").format(rank=rank)
    if suit is Suit.DIAMONDS:
        return _("{rank} of diamonds").format(rank=rank)
    return _("{rank} of clubs").format(rank=rank)


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
        return _BIG_JOKER_INK if card == _BIG_JOKER else _LITTLE_JOKER_INK
    return suit_colour(card.suit, four_colour)


# ------------------------------------------------------------- svg helpers
def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _root(width: float, height: float, label: str, role: str = "img") -> ET.Element:
    svg = ET.Element(
        "svg",
        {
            "xmlns": _SVG_NS,
            "width": _fmt(width),
            "height": _fmt(height),
            "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}",
            "role": role,
            "aria-label": label,
            "font-family": FONT_FAMILY,
        },
    )
    ET.SubElement(svg, "title").text = label
    return svg


def _scaled(svg: ET.Element, width: float | None) -> None:
    """Show ``svg`` ``width`` pixels wide (the drawing scales; the viewBox stays)."""
    if width is None:
        return
    w, h = float(svg.get("width", "1")), float(svg.get("height", "1"))
    svg.set("width", _fmt(width))
    svg.set("height", _fmt(h * width / w))


def _done(svg: ET.Element) -> SvgStr:
    return SvgStr(ET.tostring(svg, encoding="unicode"))


def _text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    size: float,
    fill: str = _INK,
    *,
    anchor: str = "middle",
    bold: bool = False,
    **extra: str,
) -> ET.Element:
    attrs = {
        "x": _fmt(x),
        "y": _fmt(y),
        "font-size": _fmt(size),
        "fill": fill,
        "text-anchor": anchor,
    }
    if bold:
        attrs["font-weight"] = "bold"
    attrs.update(extra)
    el = ET.SubElement(parent, "text", attrs)
    el.text = text
    return el


def _pill(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    fill: str,
    ink: str,
    size: float = 17,
    *,
    css_class: str = "",
) -> float:
    """A rounded label centred on ``x`` with its middle at ``y``; returns its width."""
    w = _pill_width(text, size)
    h = size * 1.55
    g = ET.SubElement(parent, "g", {"class": css_class} if css_class else {})
    ET.SubElement(
        g,
        "rect",
        {
            "x": _fmt(x - w / 2),
            "y": _fmt(y - h / 2),
            "width": _fmt(w),
            "height": _fmt(h),
            "rx": _fmt(h / 2),
            "fill": fill,
        },
    )
    _text(g, x, y + size * 0.36, text, size, ink, bold=True)
    return w


# ------------------------------------------------------------------- cards
# A card is drawn in a 90 x 126 box and scaled: a nested <svg> with its own viewBox.
_W, _H = 90.0, 126.0


def _back_pattern() -> str:
    """A diagonal lattice inside the back's frame, as one short path."""
    x0, y0, x1, y1 = 10.0, 10.0, _W - 10.0, _H - 10.0
    parts = []
    step = 9.0
    # Lines y = x + c (falling to the right) and y = -x + c (rising), cut to the frame.
    c = (y0 - x1) + step / 2
    while c < y1 - x0:
        xa, xb = max(x0, y0 - c), min(x1, y1 - c)
        parts.append(f"M{_fmt(xa)} {_fmt(xa + c)}L{_fmt(xb)} {_fmt(xb + c)}")
        c += step
    c = (y0 + x0) + step / 2
    while c < y1 + x1:
        xa, xb = max(x0, c - y1), min(x1, c - y0)
        parts.append(f"M{_fmt(xa)} {_fmt(c - xa)}L{_fmt(xb)} {_fmt(c - xb)}")
        c += step
    return "".join(parts)


_BACK_PATH = _back_pattern()


def _card_element(
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
        "x": _fmt(x),
        "y": _fmt(y),
        "width": _fmt(width),
        "height": _fmt(width * _H / _W),
        "viewBox": f"0 0 {_fmt(_W)} {_fmt(_H)}",
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
    border = _GOLD if highlight else "#333333"
    stroke = 6.0 if highlight else 1.5
    inset = stroke / 2
    # A dimmed card stays opaque (a fanned hand must not show through it): its face
    # turns grey and its ink fades.
    face = "#d0d0d0" if dimmed else "#ffffff"
    parts.append(
        ET.Element(
            "rect",
            {
                "x": _fmt(inset),
                "y": _fmt(inset),
                "width": _fmt(_W - 2 * inset),
                "height": _fmt(_H - 2 * inset),
                "rx": "8",
                "fill": _BACK if card is None else face,
                "stroke": border,
                "stroke-width": _fmt(stroke),
            },
        )
    )
    g = ET.Element("g", {"opacity": "0.4"}) if dimmed else None
    if card is None:
        frame = {
            "x": "8",
            "y": "8",
            "width": _fmt(_W - 16),
            "height": _fmt(_H - 16),
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
    return tuple(parts)


def _joker_drawing(card: Card, holder: ET.Element) -> list[ET.Element]:
    """A joker: its code (BJ, LJ) and a star in the corners, a big star in the middle;
    the big joker's stars are solid, the little joker's outlined, each in its own ink."""
    big = card == _BIG_JOKER
    ink = card_colour(card)
    code = card.code
    squeeze = {"textLength": "40", "lengthAdjust": "spacingAndGlyphs"}
    # Like a suit card's index: the code, then a star below it, within the left 44 units.
    _text(holder, 23, 37, code, 34, ink, bold=True, **squeeze)
    _star(holder, 23, 59, 13, ink, big)
    turn = {"transform": "rotate(180 45 63)"}
    small = {"textLength": "22", "lengthAdjust": "spacingAndGlyphs"}
    _text(holder, 13, 21, code, 19, ink, bold=True, **small, **turn)
    _star(holder, 50, 86, 23, ink, big)
    return list(holder)


def _star(parent: ET.Element, cx: float, cy: float, r: float, ink: str, solid: bool) -> None:
    """A five-pointed star as a path (no font needed), solid or outlined."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        a = -math.pi / 2 + i * math.pi / 5
        points.append(f"{_fmt(cx + radius * math.cos(a))} {_fmt(cy + radius * math.sin(a))}")
    ET.SubElement(
        parent,
        "path",
        {
            "d": "M" + "L".join(points) + "Z",
            "fill": ink if solid else "#ffffff",
            "stroke": ink,
            "stroke-width": _fmt(max(r / 8, 2)),
            "stroke-linejoin": "round",
        },
    )


def _face_drawing(card: Card, four_colour: bool, holder: ET.Element) -> list[ET.Element]:
    """A card of a suit: rank and suit in the corners, the suit large in the middle."""
    ink = suit_colour(card.suit, four_colour)
    rank, symbol = card.rank.code, card.suit.symbol + _TEXT_FORM
    # The index in the top-left corner is what shows in a fanned hand: it keeps within
    # the left 44 units.  "10" is squeezed to the width of one wide letter.
    squeeze = {"textLength": "40", "lengthAdjust": "spacingAndGlyphs"} if rank == "10" else {}
    _text(holder, 23, 37, rank, 38, ink, bold=True, **squeeze)
    _text(holder, 23, 70, symbol, 34, ink)
    # The small index turned upside down in the opposite corner, as on a real card.
    turn = {"transform": "rotate(180 45 63)"}
    small = {"textLength": "22", "lengthAdjust": "spacingAndGlyphs"} if rank == "10" else {}
    _text(holder, 13, 21, rank, 19, ink, bold=True, **small, **turn)
    _text(holder, 13, 38, symbol, 17, ink, **turn)
    # The big suit symbol in the middle, clear of both indices.
    _text(holder, 52, 96, symbol, 50, ink)
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
    el = _card_element(
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
    root = ET.Element("svg", {"xmlns": _SVG_NS})
    for k, v in el.attrib.items():
        if k not in ("x", "y"):
            root.set(k, v)
    root.set("font-family", FONT_FAMILY)
    root.extend(list(el))
    return _done(root)


# ------------------------------------------------------------------- hands
def _hand_group(
    cards: Sequence[Card],
    x: float,
    y: float,
    size: float,
    spread: float,
    *,
    hidden: int = 0,
    four_colour: bool = False,
    face_down: bool = False,
    dimmed: Collection[Card] = (),
    highlight: Collection[Card] = (),
    titles: dict[Card, str] | None = None,
    label: str = "",
    seat: int | None = None,
    hidden_spread: float | None = None,
) -> ET.Element:
    attrs = {"class": "kwr-hand"}
    if seat is not None:
        attrs["data-seat"] = str(seat)
    if label:
        attrs["aria-label"] = label
    g = ET.Element("g", attrs)
    pos = x
    for card in cards:
        g.append(
            _card_element(
                None if face_down else card,
                pos,
                y,
                size,
                four_colour=four_colour,
                dimmed=card in dimmed,
                highlight=card in highlight,
                title=None if face_down or titles is None else titles.get(card),
            )
        )
        pos += spread
    # Backs may lie closer together (nothing to read on them); the last face keeps
    # its full ``spread`` so that its index shows.
    for _i in range(hidden):
        g.append(_card_element(None, pos, y, size))
        pos += hidden_spread if hidden_spread is not None else spread
    return g


def _hand_width(
    count: int, size: float, spread: float, hidden: int = 0, hidden_spread: float | None = None
) -> float:
    """The width of a fan of ``count`` cards, the last ``hidden`` of them backs."""
    if hidden_spread is None or hidden == 0:
        return size + max(count - 1, 0) * spread
    faces = count - hidden
    return size + faces * spread + (hidden - 1) * hidden_spread


def hand_svg(
    cards: Iterable[Card | str] | CardSet,
    *,
    size: float = CARD_WIDTH,
    spread: float | None = None,
    four_colour: bool = False,
    face_down: bool = False,
    hidden: int = 0,
    dimmed: Collection[Card] = (),
    highlight: Collection[Card] = (),
    titles: dict[Card, str] | None = None,
    label: str | None = None,
) -> SvgStr:
    """A hand fanned left to right, each card ``spread`` pixels after the one before.

    The default spread leaves each card's corner index in view.  ``hidden`` adds that
    many face-down cards; ``face_down`` turns the given cards over.  Cards in
    ``dimmed`` are faded (illegal plays), cards in ``highlight`` get a gold border;
    ``titles`` gives some cards a spoken text of their own (why a card is illegal).

    >>> svg = hand_svg(['AS', 'KS', '3H'], dimmed={Card('3H')})
    >>> svg.count('class="kwr-card'), 'opacity="0.4"' in svg
    (3, True)
    >>> hand_svg([], hidden=2).count('kwr-back')
    2
    """
    cards = [c if isinstance(c, Card) else Card(c) for c in cards]
    spread = spread if spread is not None else size * 0.55
    count = len(cards) + hidden
    width = _hand_width(count, size, spread)
    height = size * _H / _W
    if label is None:
        shown = [] if face_down else [card_name(c) for c in cards]
        hidden_total = hidden + (len(cards) if face_down else 0)
        if hidden_total:
            shown.append(_("{n} face-down cards").format(n=hidden_total))
        label = _("Hand: {cards}").format(cards=", ".join(shown) or _("no cards"))
    svg = _root(width, height, label)
    if not count:
        _empty_slot(svg, 0, 0, size)
        return _done(svg)
    svg.append(
        _hand_group(
            cards,
            0,
            0,
            size,
            spread,
            hidden=hidden,
            four_colour=four_colour,
            face_down=face_down,
            dimmed=dimmed,
            highlight=highlight,
            titles=titles,
        )
    )
    return _done(svg)


def _empty_slot(parent: ET.Element, x: float, y: float, size: float) -> None:
    """A dashed outline where a card would lie."""
    ET.SubElement(
        parent,
        "rect",
        {
            "x": _fmt(x + 2),
            "y": _fmt(y + 2),
            "width": _fmt(size - 4),
            "height": _fmt(size * _H / _W - 4),
            "rx": "8",
            "fill": "none",
            "stroke": "#9bbfa8",
            "stroke-width": "2",
            "stroke-dasharray": "8 6",
        },
    )


# ------------------------------------------------------------------ tricks
def _seat_angle(seat: int, viewer: int, n: int) -> float:
    """Where a seat sits, in radians: the viewer at the bottom, play going clockwise
    (the next player on the viewer's left, the left of the picture)."""
    return math.pi / 2 + 2 * math.pi * ((seat - viewer) % n) / n


def _trick_radii(n: int, size: float) -> tuple[float, float]:
    """How far from the centre the trick's cards lie, so that no two overlap."""
    h = size * _H / _W
    if n <= 2:
        return 0.0, h * 0.8
    if n <= 4:
        return size * 1.2, h * 0.75
    return size * 2.8, h * 1.9


def _trick_group(
    plays: Sequence[tuple[int, Card]],
    leader: int | None,
    winning_card: Card | None,
    names: Sequence[str],
    cx: float,
    cy: float,
    size: float,
    viewer: int,
    *,
    four_colour: bool = False,
    finished: bool = False,
    angles: Sequence[float] | None = None,
    radii: tuple[float, float] | None = None,
) -> ET.Element:
    """The cards of a trick round ``(cx, cy)``, each towards its seat: at ``angles[seat]``
    (radians), or evenly round the table with ``viewer`` at the bottom; ``radii`` are
    the horizontal and vertical distances from the centre (by default from the size)."""
    n = len(names)
    rx, ry = radii if radii is not None else _trick_radii(n, size)
    h = size * _H / _W
    g = ET.Element("g", {"class": "kwr-trick-area"})
    label_size = max(14.0, size * 0.2)
    for seat, card in plays:
        a = angles[seat] if angles is not None else _seat_angle(seat, viewer, n)
        x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
        wins = card == winning_card
        name = names[seat]
        words = [_("{name}: {card}").format(name=name, card=card_name(card))]
        if seat == leader:
            words.append(_("led"))
        if wins:
            words.append(_("won the trick") if finished else _("winning"))
        spoken = ", ".join(words)
        g.append(
            _card_element(
                card,
                x - size / 2,
                y - h / 2,
                size,
                four_colour=four_colour,
                highlight=wins,
                title=spoken,
                css_class="kw-trick",
            )
        )
        text = f"★ {name}" if wins else name
        if seat == leader:
            text = _("{name} led").format(name=text)
        # Under the card, but above the one at the top, whose name would run into the
        # cards on either side.
        above = n > 2 and math.sin(a) < -0.9
        _text(
            g,
            x,
            y - h / 2 - label_size * 0.45 if above else y + h / 2 + label_size * 1.15,
            text,
            label_size,
            _GOLD if wins else _INK,
            bold=wins,
            **{"aria-hidden": "true"},
        )
    return g


def trick_svg(
    trick: Trick,
    names: Sequence[str] | None = None,
    *,
    viewer: int = 0,
    size: float = 80,
    four_colour: bool = False,
    finished: bool = False,
) -> SvgStr:
    """A trick on the felt: each card in front of the seat that played it (``viewer``
    at the bottom, play going clockwise), the winning card in gold with a ★, the leader
    marked "led".  ``names`` gives the players (and how many there are); without it
    the seats are "Player 1", "Player 2" ….  ``finished`` says "won" for "winning".

    >>> t = Trick(leader=1, trump=Suit.DIAMONDS)
    >>> for seat, code in [(1, 'AS'), (2, '3S'), (3, '2D'), (0, 'KS')]:
    ...     t.add(seat, Card(code))
    >>> svg = trick_svg(t, ['Ann', 'Bo', 'Cy', 'Di'])
    >>> svg.count('kw-trick'), 'Bo led' in svg, '★ Di' in svg
    (4, True, True)
    """
    if names is None:
        seats = [s for s, _c in trick.plays] + [trick.leader, viewer]
        names = [_("Player {n}").format(n=i + 1) for i in range(max(seats) + 1)]
    n = len(names)
    rx, ry = _trick_radii(n, size)
    h = size * _H / _W
    label_size = max(14.0, size * 0.2)
    # The names of the seats at the sides (with "★" and "led") stay clear of the
    # cards at the top and the bottom.
    angles = [_seat_angle(s, viewer, n) for s in range(n)]
    sides = [_label_width(names[s], label_size) for s in range(n) if abs(math.cos(angles[s])) > 0.5]
    if sides:
        rx = max(rx, size / 2 + max(sides) / 2 + 8)
    width = max(2 * rx + size + 120, 2 * rx + max(sides, default=0) + 20, 280.0)
    top = 40.0 if trick.trump is not None else 10.0  # room for the trump line
    # Room above the top card for its name (see _trick_group), and under the lowest.
    above = label_size * 1.3 if n > 2 and n % 2 == 0 else 0.0
    centre_y = top + 6 + above + ry + h / 2
    height = centre_y + ry + h / 2 + label_size * 1.5 + 8
    cards = ", ".join(
        _("{name}: {card}").format(name=names[s], card=card_name(c)) for s, c in trick.plays
    )
    label = _("Trick: {cards}").format(cards=cards or _("no cards yet"))
    svg = _root(width, height, label)
    ET.SubElement(
        svg,
        "rect",
        {"width": _fmt(width), "height": _fmt(height), "rx": "14", "fill": _FELT},
    )
    if trick.trump is not None:
        _text(svg, 12, 28, _trump_text(trick.trump, True), 18, anchor="start", bold=True)
    svg.append(
        _trick_group(
            trick.plays,
            trick.leader,
            trick.winning_card,
            names,
            width / 2,
            centre_y,
            size,
            viewer,
            four_colour=four_colour,
            finished=finished,
            radii=(rx, ry),
        )
    )
    return _done(svg)


def _label_width(name: str, size: float) -> float:
    """About how wide a seat's name under a trick card is, "★" and "led" included."""
    # DejaVu Sans averages about 0.6 em a character (bold, for the winner's name).
    return 0.62 * size * (len(name) + 6)


# ------------------------------------------------------------------ tables
_TABLE_W, _TABLE_H, _TABLE_H_TALL = 1200.0, 840.0, 1000.0


def _felt(svg: ET.Element, w: float, h: float) -> None:
    ET.SubElement(svg, "rect", {"width": _fmt(w), "height": _fmt(h), "rx": "18", "fill": _FELT})
    ET.SubElement(
        svg,
        "ellipse",
        {
            "cx": _fmt(w / 2),
            "cy": _fmt(h / 2 - 20),
            "rx": _fmt(w * 0.3),
            "ry": _fmt(h * 0.26),
            "fill": _FELT_DARK,
            "stroke": "#2e7d50",
            "stroke-width": "3",
        },
    )


def _trump_text(trump: Suit | None, settled: bool) -> str:
    if trump is not None:
        return _("Trumps: {suit}").format(suit=_suit_names()[trump])
    return _("No trumps") if settled else _("Trumps: not chosen yet")


def _trump_box(
    svg: ET.Element,
    x: float,
    y: float,
    trump: Suit | None,
    settled: bool,
    heading: str,
    card: Card | None,
    card_caption: str,
    four_colour: bool,
    chooser: str | None = None,
) -> None:
    """Top left: the round, the trump suit (a big symbol) and the card that set it."""
    g = ET.SubElement(svg, "g", {"class": "kwr-trumps"})
    box_h = 200 if card is not None else 150
    width = 260.0
    ET.SubElement(
        g,
        "rect",
        {
            "x": _fmt(x),
            "y": _fmt(y),
            "width": _fmt(width),
            "height": _fmt(box_h),
            "rx": "10",
            "fill": "#000000",
            "fill-opacity": "0.28",
        },
    )
    _text(g, x + 14, y + 30, heading, 20, anchor="start", bold=True)
    # One line, or more while no suit is shown below it ("Trumps: not chosen yet").
    for i, line in enumerate(_wrap(_trump_text(trump, settled), 20, width - 28)):
        _text(g, x + 14, y + 60 + 26 * i, line, 20, anchor="start")
    if trump is not None:
        # The trump symbol large, on a white disc so red and black both stand out.
        ET.SubElement(
            g,
            "circle",
            {"cx": _fmt(x + 55), "cy": _fmt(y + 112), "r": "34", "fill": "#ffffff"},
        )
        _text(
            g,
            x + 55,
            y + 131,
            trump.symbol + _TEXT_FORM,
            54,
            suit_colour(trump, four_colour),
            **{"aria-hidden": "true"},
        )
    if card is not None:
        g.append(
            _card_element(
                card,
                x + width - 100,
                y + 74,
                64,
                four_colour=four_colour,
                title=_("Turn-up: {card}").format(card=card_name(card)),
                css_class="kwr-turn-up",
            )
        )
        _text(g, x + width - 68, y + 190, card_caption, 16)
    elif chooser is not None and trump is not None:
        _text(g, x + 104, y + 106, _("chosen by"), 17, anchor="start")
        _text(g, x + 104, y + 130, chooser, 17, anchor="start", bold=True)


def _pill_width(text: str, size: float) -> float:
    # DejaVu Sans Bold averages ~0.62 em per character: wide enough for the text.
    return 0.64 * size * max(len(text), 2) + size


def _status_name(status: Status) -> str:
    # Looked up here, through this module's catalogue function, like every word drawn.
    return {
        Status.ACTIVE: _("active"),
        Status.DOG: _("dog"),
        Status.BLIND_DOG: _("blind dog"),
        Status.OUT: _("out"),
    }[status]


def _seat_panel_height(size: float, badge_row: bool = False) -> float:
    """The height of a seat's panel holding cards ``size`` wide (see :func:`_seat_panel`)."""
    return (64.0 if badge_row else 34.0) + size * _H / _W + 14


def _seat_panel(
    svg: ET.Element,
    cx: float,
    top: float,
    seat: int,
    name: str,
    *,
    face_up: Sequence[Card],
    hidden: int,
    size: float,
    spread: float,
    badges: list[tuple[str, str, str]],
    tricks: int,
    to_move: bool,
    faded: bool,
    four_colour: bool,
    canvas_width: float = 1200.0,
    back_spread: float | None = None,
    badge_row: bool = False,
    badge_size: float = 15.0,
) -> None:
    """One player: the name and the tricks won on the top line, the badges (status,
    dealer …) after the name or, with ``badge_row``, on a line of their own, and the
    hand below (faces, then ``hidden`` backs ``back_spread`` apart)."""
    count = len(face_up) + hidden
    back_spread = size * 0.3 if back_spread is None else back_spread
    hand_w = _hand_width(max(count, 1), size, spread, hidden, back_spread)
    height = _seat_panel_height(size, badge_row)
    tricks_text = _("Tricks: {n}").format(n=tricks)
    # Estimated text widths (DejaVu Sans Bold averages about 0.65 em a character).
    name_w = 0.68 * 22 * len(name)
    header_w = name_w + 0.65 * 20 * len(tricks_text) + 34
    badge_ws = [_pill_width(text, badge_size) for text, _fill, _ink in badges]
    badges_w = sum(bw + 6 for bw in badge_ws)
    if badge_row:
        width = max(hand_w + 20, header_w + 6, badges_w + 18)
    else:
        width = max(hand_w + 20, header_w + badges_w)
    x0 = min(max(cx - width / 2, 10.0), canvas_width - width - 10)
    words = [name] + [b[0] for b in badges] + [tricks_text]
    if to_move:
        words.append(_("to move"))
    attrs = {
        "class": "kwr-seat" + (" kwr-to-move" if to_move else ""),
        "data-seat": str(seat),
        "aria-label": ", ".join(words),
    }
    if faded:
        attrs["opacity"] = "0.55"
    g = ET.SubElement(svg, "g", attrs)
    ET.SubElement(
        g,
        "rect",
        {
            "x": _fmt(x0),
            "y": _fmt(top),
            "width": _fmt(width),
            "height": _fmt(height),
            "rx": "12",
            "fill": "#000000",
            "fill-opacity": "0.25",
            "stroke": _GOLD if to_move else "none",
            "stroke-width": "4",
        },
    )
    # Name (left) and tricks won (right) on the top line; the badges follow the name
    # or sit on the line below.
    _text(g, x0 + 12, top + 25, name, 22, anchor="start", bold=True)
    _text(
        g,
        x0 + width - 12,
        top + 25,
        tricks_text,
        20,
        anchor="end",
        bold=True,
        **{"class": "kwr-tricks"},
    )
    bx, by = (x0 + 12, top + 48) if badge_row else (x0 + 20 + name_w, top + 18)
    for (text, fill, ink), bw in zip(badges, badge_ws, strict=True):
        _pill(g, bx + bw / 2, by, text, fill, ink, badge_size, css_class="kwr-badge")
        bx += bw + 6
    hx = x0 + width / 2 - hand_w / 2
    hy = top + height - size * _H / _W - 14
    if count:
        spoken = [card_name(c) for c in face_up]
        if hidden:
            spoken.append(_("{n} face-down cards").format(n=hidden))
        g.append(
            _hand_group(
                face_up,
                hx,
                hy,
                size,
                spread,
                hidden=hidden,
                four_colour=four_colour,
                label=_("Hand of {name}: {cards}").format(name=name, cards=", ".join(spoken)),
                seat=seat,
                hidden_spread=back_spread,
            )
        )
    else:
        _empty_slot(g, hx, hy, size)


# Where each seat's panel goes, by the number of players: the middle of the panel as
# fractions of the table's width and height, for the seat k places after the viewer
# (who sits at the bottom); play goes clockwise, up the left side.  A panel is then
# pushed inside the table.  Tables for five or more players are taller.
_KO_SEATS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 1.0), (0.5, 0.0)],
    3: [(0.5, 1.0), (0.167, 0.39), (0.833, 0.39)],
    4: [(0.5, 1.0), (0.154, 0.5), (0.5, 0.0), (0.846, 0.5)],
    5: [(0.5, 1.0), (0.158, 0.66), (0.375, 0.15), (0.7, 0.15), (0.842, 0.66)],
    6: [(0.5, 1.0), (0.163, 0.72), (0.163, 0.39), (0.5, 0.15), (0.837, 0.39), (0.837, 0.72)],
    7: [
        (0.5, 1.0),
        (0.171, 0.745),
        (0.146, 0.43),
        (0.367, 0.15),
        (0.7, 0.15),
        (0.854, 0.43),
        (0.829, 0.745),
    ],
}


def _table_height(n: int) -> float:
    return _TABLE_H if n <= 4 else _TABLE_H_TALL


def _last_trick(tricks: Sequence[Trick], current: Trick | None) -> tuple[Trick | None, bool]:
    """The trick to show: the one in play, or else the last one finished (``True``)."""
    if current is not None and current.plays:
        return current, False
    for t in reversed(tricks):
        if t is not current and t.plays:
            return t, True
    return None, False


def _status_line(svg: ET.Element, w: float, text: str) -> None:
    g = ET.SubElement(svg, "g", {"class": "kwr-status", "role": "status"})
    width = max(300.0, 0.6 * 22 * len(text) + 40)
    x = w - width - 20
    ET.SubElement(
        g,
        "rect",
        {
            "x": _fmt(x),
            "y": "20",
            "width": _fmt(width),
            "height": "44",
            "rx": "10",
            "fill": "#000000",
            "fill-opacity": "0.28",
        },
    )
    _text(g, x + width / 2, 50, text, 22, bold=True)


def _knockout_status(game: KnockoutGame) -> str:
    names = game.names
    out = game.outcome()
    if out is not None:
        return _("{name} wins the game").format(name=names[out.winner])
    who = names[game.to_move] if game.to_move is not None else ""
    phase = game.phase
    if phase is Phase.PLAY:
        return _("{name} to play").format(name=who)
    if phase is Phase.CHOOSE_TRUMP:
        return _("{name} chooses trumps").format(name=who)
    if phase is Phase.VOTE:
        return _("{name} votes on trumps").format(name=who)
    if phase is Phase.DECLARE:
        return _("{name} may declare").format(name=who)
    if phase is Phase.CUT:
        return _("A cut decides who chooses trumps")
    return _("Dealing")


def _knockout_table(
    game: KnockoutGame,
    seat: int | None,
    show_all: bool,
    four_colour: bool,
) -> ET.Element:
    n = game.n
    w, h = _TABLE_W, _table_height(n)
    names = game.names
    viewer = seat if seat is not None else 0
    label = _("Knock-Out Whist table: {status}").format(status=_knockout_status(game))
    svg = _root(w, h, label, role="group")
    svg.set("class", "kwr-table kwr-knockout")
    _felt(svg, w, h)
    log = game.log
    heading = _("Round {r}: {h} cards").format(r=game.round + 1, h=game.hand_size)
    _trump_box(
        svg,
        20,
        20,
        game.trump,
        log.trump_settled,
        heading,
        game.turn_up,
        _("turn-up"),
        four_colour,
        names[log.trump_chooser] if log.trump_chooser is not None else None,
    )
    _status_line(svg, w, _knockout_status(game))
    view = game.view(seat) if seat is not None and not show_all else None
    centres: list[tuple[float, float]] = [(0.0, 0.0)] * n
    for k, (fx, fy) in enumerate(_KO_SEATS[n]):
        centres[(viewer + k) % n] = (fx * w, fy * h)
    for s in range(n):
        held = game.hands[s].bit_count()
        if show_all:
            face_up, hidden = game.hand(s), 0
        elif view is not None and s == seat:
            face_up, hidden = view.hand, view.hidden_cards
        else:
            face_up, hidden = [], held
        mine = s == viewer
        size = 90.0 if mine else 60.0
        spread = size * 0.55
        status = game.status[s]
        badges: list[tuple[str, str, str]] = []
        colours = {
            Status.ACTIVE: ("#e8f5e9", "#0d3b1e"),
            Status.DOG: ("#ffb74d", "#3e2300"),
            Status.BLIND_DOG: ("#ce93d8", "#2a0033"),
            Status.OUT: ("#9e9e9e", "#111111"),
        }[status]
        badges.append((_status_name(status), *colours))
        if s == game.dealer and not game.is_over():
            badges.append((_("dealer"), "#ffffff", "#111111"))
        cx, cy = centres[s]
        panel_h = _seat_panel_height(size)
        top = min(max(cy - panel_h / 2, 20.0), h - panel_h - 12)
        _seat_panel(
            svg,
            cx,
            top,
            s,
            names[s],
            face_up=face_up,
            hidden=hidden,
            size=size,
            spread=spread,
            badges=badges,
            tricks=game.tricks_won[s],
            to_move=s == game.to_move,
            faded=status is Status.OUT and not held,
            four_colour=four_colour,
            canvas_width=w,
        )
    tricks = list(game.log.tricks) if not game.is_over() else list(game.rounds[-1].tricks)
    trick, finished = _last_trick(tricks, game.trick)
    if trick is not None:
        cx, cy = w / 2, h / 2 - 20
        angles = [math.atan2(y - cy, x - cx) for x, y in centres]
        _trick_on_table(svg, trick, finished, names, viewer, w, h, four_colour, angles)
    return svg


def _trick_on_table(
    svg: ET.Element,
    trick: Trick,
    finished: bool,
    names: Sequence[str],
    viewer: int,
    w: float,
    h: float,
    four_colour: bool,
    angles: Sequence[float] | None = None,
    radii: tuple[float, float] | None = None,
    cy: float | None = None,
) -> None:
    size = 70.0 if len(names) > 4 else 86.0
    cy = h / 2 - 20 if cy is None else cy
    if finished:
        # In the middle of the cards; beside them when two cards lie one above the other.
        x, anchor = (w / 2 + size * 0.5 + 16, "start") if len(names) == 2 else (w / 2, "middle")
        _text(svg, x, cy + 6, _("Last trick"), 18, "#cfe8d6", anchor=anchor, bold=True)
    svg.append(
        _trick_group(
            trick.plays,
            trick.leader,
            trick.winning_card,
            names,
            w / 2,
            cy,
            size,
            viewer,
            four_colour=four_colour,
            finished=finished,
            angles=angles,
            radii=radii,
        )
    )


def _german_status(game: GermanGame) -> str:
    names = game.names
    out = game.outcome()
    if out is not None:
        if out.winner is None:
            return _("A drawn hand")
        return _("{name} wins: {points} points").format(name=names[out.winner], points=out.points)
    who = names[game.to_move] if game.to_move is not None else ""
    if game.phase is GermanPhase.PICK:
        return _("{name} picks a face-up card").format(name=who)
    if game.phase is GermanPhase.DEAL:
        return _("Dealing")
    return _("{name} to play").format(name=who)


def _german_table(
    game: GermanGame,
    seat: int | None,
    show_all: bool,
    four_colour: bool,
) -> ET.Element:
    w, h = _TABLE_W, _TABLE_H
    names = game.names
    viewer = seat if seat is not None else 0
    label = _("German Whist table: {status}").format(status=_german_status(game))
    svg = _root(w, h, label, role="group")
    svg.set("class", "kwr-table kwr-german")
    _felt(svg, w, h)
    phase2 = game.phase is GermanPhase.PLAY2 or (game.phase is GermanPhase.OVER and not game.stock)
    heading = _("Phase {n} of 2").format(n=2 if phase2 else 1)
    _trump_box(svg, 20, 20, game.trump, True, heading, None, "", four_colour)
    _status_line(svg, w, _german_status(game))
    view = game.view(seat) if seat is not None and not show_all else None
    for s in (0, 1):
        held = game.hand(s)
        if show_all or (view is not None and s == seat):
            face_up, hidden = held, 0
        elif view is not None:
            # Cards seen taken face up from the stock are public: show them.
            known = set(view.opponent_known)
            face_up = [c for c in held if c in known]
            hidden = len(held) - len(face_up)
        else:
            face_up, hidden = [], len(held)
        mine = s == viewer
        size = 90.0 if mine or face_up else 60.0
        if not mine and face_up:
            size = 70.0
        spread = size * 0.55
        badges = []
        if s == game.dealer:
            badges.append((_("dealer"), "#ffffff", "#111111"))
        panel_h = _seat_panel_height(size)
        top = h - panel_h - 12 if mine else 84.0  # below the status line
        _seat_panel(
            svg,
            w / 2,
            top,
            s,
            names[s],
            face_up=face_up,
            hidden=hidden,
            size=size,
            spread=spread,
            badges=badges,
            tricks=game.tricks_won[s],
            to_move=s == game.to_move,
            faded=False,
            four_colour=four_colour,
        )
    _stock(svg, game, 60, h / 2 - 90, four_colour)
    trick, finished = _last_trick(game.tricks, game.trick)
    if trick is not None:
        finished = finished or game.is_over()  # the hand's last trick stays in play
        _trick_on_table(svg, trick, finished, names, viewer, w, h, four_colour)
    return svg


def _stock(svg: ET.Element, game: GermanGame, x: float, y: float, four_colour: bool) -> None:
    """The stock: a pile of backs (one sliver per card) with the face-up card(s) beside."""
    count = len(game.stock)
    face_up = game.face_up if count else []
    g = ET.SubElement(
        svg,
        "g",
        {
            "class": "kwr-stock",
            "aria-label": _("Stock: {n} cards; face up: {cards}").format(
                n=count, cards=", ".join(card_name(c) for c in face_up) or "-"
            ),
        },
    )
    _text(g, x, y - 12, _("Stock: {n}").format(n=count), 22, anchor="start", bold=True)
    down = count - len(face_up)
    size = 80.0
    if down > 0:
        layers = min(down, 12)
        for i in range(layers):
            g.append(_card_element(None, x + i * 1.5, y + 10 - i * 1.5, size))
    else:
        _empty_slot(g, x, y, size)
    fx = x + size + 40
    for i, card in enumerate(face_up):
        g.append(
            _card_element(
                card,
                fx + i * size * 0.6,
                y,
                size,
                four_colour=four_colour,
                title=_("Face up: {card}").format(card=card_name(card)),
                css_class="kwr-face-up",
            )
        )
    if face_up:
        caption = _("the trick winner takes it") if len(face_up) == 1 else _("the winner picks one")
        _text(g, fx, y + size * _H / _W + 26, caption, 17, anchor="start")


# -------------------------------------------------------------- whist family
# Seats by compass point: seat 0 South, then clockwise West, North, East, so that
# partners (seats 0 and 2, 1 and 3) sit opposite as North–South and East–West.
_SIDE_COLOURS = (("#bbdefb", "#0d2b4f"), ("#ffe0b2", "#4a2600"))
_SOLO_COLOURS = ("#eeeeee", "#111111")


def _compass(seat: int) -> str:
    return (_("South"), _("West"), _("North"), _("East"))[seat]


def _side_label(side: int) -> str:
    """A partnership by compass points: seats 0 and 2 are North–South."""
    return _("North–South") if side == 0 else _("East–West")


def call_words(call: Call, game_name: str) -> str:
    """A call of a whist-family game (``game_name``) as the table's bidding box shows
    it: a bid's name, "pass", a suit's symbol, bid whist's "high" or "low".

    >>> from kowhist_teach.games.family.bidwhist.engine import bid_call, DOWNTOWN
    >>> call_words(bid_call(4, DOWNTOWN), 'bidwhist')
    '4 downtown'
    """
    if call.is_pass:
        return _("pass")
    if call.suit is not None:
        return call.suit.symbol
    if game_name == "solo":
        from ..games.family.solo.engine import bid_name

        return bid_name(call)
    if game_name != "bidwhist":
        return call.code
    from ..games.family.bidwhist.engine import bid_name

    return bid_name(call)


def _high_or_low(game: FamilyGame) -> bool:
    """Whether the call to make now is bid whist's high or low (after a no-trump bid)
    rather than a trump suit."""
    from ..games.family.bidwhist.engine import HIGH

    return game.phase is FamilyPhase.TRUMP and HIGH in game.legal_moves()


def _family_status(game: FamilyGame) -> str:
    names = game.names
    out = game.outcome()
    if out is not None:
        if out.winner is None:
            return _("The game is a tie")
        if out.by_partnership:
            return _("{side} win the game").format(side=_side_label(out.winner))
        return _("{name} wins the game").format(name=names[out.winner])
    who = names[game.to_move] if game.to_move is not None else ""
    phase = game.phase
    if phase is FamilyPhase.PLAY:
        return _("{name} to play").format(name=who)
    if phase is FamilyPhase.BID:
        return _("{name} to bid").format(name=who)
    if phase is FamilyPhase.TRUMP:
        if _high_or_low(game):
            return _("{name} chooses high or low").format(name=who)
        return _("{name} chooses trumps").format(name=who)
    if phase is FamilyPhase.DISCARD:
        return _("{name} discards").format(name=who)
    return _("Dealing")


def _wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` in lines of at most ``width`` pixels (and at each newline)."""
    # DejaVu Sans averages about 0.52 em a character (0.6 in bold).
    per_line = max(int(width / ((0.6 if bold else 0.52) * size)), 8)
    return [part for given in text.split("\n") for part in textwrap.wrap(given, per_line)]


def _text_box(
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
        for line in _wrap(text, size, width - 24, bold):
            y += size * 1.3
            _text(lines, x + 12, y, line, size, ink, anchor="start", bold=bold)
    height = y + 14
    # Laid out from 0, then moved to its place.
    y0 = top if top is not None else bottom - height
    for el in lines:
        el.set("y", _fmt(float(el.get("y", "0")) + y0))
    g = ET.SubElement(svg, "g", {"class": css_class, "aria-label": label})
    ET.SubElement(
        g,
        "rect",
        {
            "x": _fmt(x),
            "y": _fmt(y0),
            "width": _fmt(width),
            "height": _fmt(height),
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


def _family_seat(
    svg: ET.Element,
    game: FamilyGame,
    seat: int,
    cx: float,
    cy: float,
    place: int,
    face_up: Sequence[Card],
    hidden: int,
    four_colour: bool,
    width_limit: float,
) -> None:
    """One player: name and tricks, then badges (compass point, dealer, declarer), then
    the hand. ``place`` is 0 at the bottom, 1 left, 2 top, 3 right."""
    mine = place == 0
    size = 90.0 if mine else 56.0
    if mine and len(face_up) > 13:
        size = 84.0  # a bid-whist declarer holding the kitty: 18 cards
    spread = _family_fan(len(face_up) + hidden, size, width_limit)
    log = game.log
    fill, ink = _SIDE_COLOURS[seat % 2] if game.by_partnership else _SOLO_COLOURS
    badges = [(_compass(seat), fill, ink)]
    if log is not None and seat == log.dealer:
        badges.append((_("dealer"), "#ffffff", "#111111"))
    if log is not None and log.declarer is not None and seat in _declarers(game, log):
        badges.append((_("declarer"), _GOLD, "#111111"))
    height = _seat_panel_height(size, badge_row=True)
    if place == 0:
        top = _TABLE_H - height - 12
    elif place == 2:
        top = 80.0  # below the status line
    else:
        # Below the middle: room above for the contract under the trump box.
        top = cy - height / 2 + 40
    _seat_panel(
        svg,
        cx,
        top,
        seat,
        game.names[seat],
        face_up=face_up,
        hidden=hidden,
        size=size,
        spread=spread,
        badges=badges,
        tricks=game.tricks_won[seat],
        to_move=seat == game.to_move,
        faded=False,
        four_colour=four_colour,
        canvas_width=_TABLE_W,
        back_spread=min(size * 0.3, spread),
        badge_row=True,
        badge_size=17.0,
    )


def _declarers(game: FamilyGame, log: DealLog) -> list[int]:
    """The declarer, and in solo whist's prop and cop the partner who accepted."""
    partner = getattr(log, "partner", None)
    return [log.declarer] + ([partner] if partner is not None else [])  # type: ignore[list-item]


def _family_contract(svg: ET.Element, game: FamilyGame, x: float, y: float) -> None:
    """Under the trump box: the contract and its declarer, in words (solo whist and bid
    whist; partnership whist has no contract)."""
    contract_text = getattr(game, "contract_text", None)
    text = contract_text() if contract_text is not None and game.log is not None else ""
    if text:
        _text_box(svg, "kwr-contract", text, x, 360, [(text, 20, False, _INK)], top=y)


def _family_scores(svg: ET.Element, game: FamilyGame, x: float, y: float) -> None:
    """Bottom left, up from ``y``: the scores by partnership (or by seat), with this
    deal's tricks (bid whist: books, the kitty book included)."""
    rows: list[tuple[str, str]] = []
    log = game.log
    if game.by_partnership:
        won = log.side_tricks if log is not None else [0, 0]
        for side in (0, 1):
            if game.game_name == "bidwhist":
                detail = [_("Books: {n}").format(n=game.books(side))]
            else:
                detail = [_("Tricks: {n}").format(n=won[side])]
            if game.game_name == "whist" and not game.rules.drive:
                detail.append(_("Points: {n}").format(n=game.points[side]))
                detail.append(_("Games: {n}").format(n=game.games_won[side]))
            head = _("{name}: {score}").format(name=_side_label(side), score=game.scores[side])
            rows.append((head, _joined(detail, 18, 206)))
    else:
        for seat in range(4):
            score = game.scores[seat]
            shown = f"{score:+d}" if score else "0"
            rows.append((_("{name}: {score}").format(name=game.names[seat], score=shown), ""))
    spoken = "; ".join(f"{a} {b}".replace("\n", " · ").strip() for a, b in rows)
    lines: list[tuple[str, float, bool, str]] = [(_("Scores"), 20, True, _INK)]
    for head, detail in rows:
        lines.append((head, 20, True, _INK))
        if detail:
            lines.append((detail, 18, False, "#cfe8d6"))
    label = _("Scores: {scores}").format(scores=spoken)
    _text_box(svg, "kwr-scores", label, x, 230, lines, bottom=y)


def _joined(items: list[str], size: float, width: float) -> str:
    """Items joined by " · ", with a line break (for :func:`_wrap`) rather than a
    "·" at the end of a line."""
    lines: list[str] = []
    for item in items:
        if lines and 0.52 * size * len(lines[-1] + " · " + item) <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    return "\n".join(lines)


def _family_bidding(svg: ET.Element, game: FamilyGame, x: float, y: float) -> None:
    """Top right, below ``y``: the last calls of the deal while the bidding goes on."""
    log = game.log
    if log is None or game.phase not in (FamilyPhase.BID, FamilyPhase.TRUMP):
        return
    calls = [(s, m) for s, m in log.calls if isinstance(m, Call)][-6:]
    lines = [
        _("{name}: {call}").format(name=game.names[s], call=call_words(m, game.game_name))
        for s, m in calls
    ]
    label = _("Bidding: {calls}").format(calls=", ".join(lines) or "-")
    rows = [(_("Bidding"), 20, True, _INK)]
    rows += [(line, 20, False, _INK) for line in lines or [_("no bid yet")]]
    _text_box(svg, "kwr-bidding", label, x, 340, rows, top=y)


def _family_kitty(
    svg: ET.Element,
    game: FamilyGame,
    x: float,
    y: float,
    seat: int | None,
    show_all: bool,
    four_colour: bool,
) -> None:
    """Bid whist, above ``y`` on the right: the kitty (face down until the declarer
    takes it) and then the declarer's discards, face down but to the declarer."""
    log = game.log
    if game.game_name != "bidwhist" or log is None:
        return
    before = game.phase in (FamilyPhase.BID, FamilyPhase.TRUMP)
    if before:
        cards = list(log.extra["kitty"])
        caption = _("Kitty: {n} cards").format(n=len(cards))
    else:
        cards = list(game.discards)
        caption = _("Discards: {n}").format(n=len(cards))
    face_up = show_all or (not before and seat is not None and seat == log.declarer)
    size, spread = 56.0, 24.0
    card_h = size * _H / _W
    top = y - card_h - 40
    spoken = ", ".join(card_name(c) for c in cards) if face_up else ""
    g = ET.SubElement(
        svg,
        "g",
        {"class": "kwr-kitty", "aria-label": f"{caption}: {spoken}" if spoken else caption},
    )
    _text(g, x, top + 22, caption, 19, anchor="start", bold=True)
    if not cards:
        _empty_slot(g, x, top + 36, size)
        return
    for i, card in enumerate(cards):
        g.append(
            _card_element(
                card if face_up else None, x + i * spread, top + 36, size, four_colour=four_colour
            )
        )


def _family_table(
    game: FamilyGame,
    seat: int | None,
    show_all: bool,
    four_colour: bool,
) -> ET.Element:
    w, h = _TABLE_W, _TABLE_H
    names = game.names
    viewer = seat if seat is not None else 0
    status = _family_status(game)
    label = _("{game} table: {status}").format(game=_(game.title), status=status)
    svg = _root(w, h, label, role="group")
    svg.set("class", f"kwr-table kwr-family kwr-{game.game_name}")
    _felt(svg, w, h)
    log = game.log
    heading = _("Deal {n}").format(n=len(game.deals)) if log is not None else _(game.title)
    settled = game.phase in (FamilyPhase.PLAY, FamilyPhase.OVER, FamilyPhase.DISCARD)
    trump_card = log.extra.get("trump_card") if log is not None else None
    _trump_box(svg, 20, 20, game.trump, settled, heading, trump_card, _("turn-up"), four_colour)
    _status_line(svg, w, status)
    _family_contract(svg, game, 20, 232)
    _family_bidding(svg, game, w - 360, 80)
    view = game.view(seat) if seat is not None and not show_all else None
    centres: list[tuple[float, float]] = [(0.0, 0.0)] * 4
    # The widest each hand may fan: at the bottom between the score and kitty boxes,
    # at the sides clear of the trick in the middle and the names by its cards.
    limits = (640.0, 360.0, 400.0, 360.0)
    for k, (fx, fy) in enumerate(_KO_SEATS[4]):
        centres[(viewer + k) % 4] = (fx * w, fy * h)
    for s in range(4):
        held = game.hand(s)
        if show_all:
            face_up, hidden = held, 0
        elif view is not None and s == seat:
            face_up, hidden = view.hand, 0
        elif view is not None and s in view.open_hands:
            face_up, hidden = view.open_hands[s], 0
        else:
            face_up, hidden = [], len(held)
        place = (s - viewer) % 4
        cx, cy = centres[s]
        _family_seat(svg, game, s, cx, cy, place, face_up, hidden, four_colour, limits[place])
    _family_scores(svg, game, 20, h - 12)
    _family_kitty(svg, game, w - 250, h - 12, seat, show_all, four_colour)
    trick, finished = _last_trick(game.tricks, game.trick)
    if trick is not None:
        finished = finished or game.is_over()
        # Wider apart than a knock-out trick, and a little lower: the names by the
        # cards stay clear of the other cards and of North's hand.
        cx, cy = w / 2, h / 2 + 4
        angles = [math.atan2(y - cy, x - cx) for x, y in centres]
        _trick_on_table(
            svg, trick, finished, names, viewer, w, h, four_colour, angles, (130.0, 90.0), cy
        )
    return svg


def table_svg(
    game: KnockoutGame | GermanGame | FamilyGame,
    seat: int | None = None,
    show_all: bool = False,
    *,
    four_colour: bool = False,
    width: float | None = None,
) -> SvgStr:
    """The whole table: every seat with name, status and tricks won, the hands, the trick
    on the table (or the last one finished), the trump suit and its turn-up card (Knock-
    Out Whist) or the stock with its face-up card (German Whist), and whose turn it is.

    ``seat`` sits at the bottom and sees their own hand (as :meth:`view` allows: not a
    blind dog's card); ``show_all`` turns every hand face up.  Other hands show as backs,
    as many as the cards held (in German Whist, cards seen taken from the stock show face
    up).  ``width`` scales the picture (it is drawn 1200 × 840).

    A whist-family game (partnership whist, solo whist, bid whist) sits its four players
    by compass points, partners opposite (seat 0 South, then West, North, East), with
    the trump box and turned card, the contract, the bidding while it goes on, the
    scores by partnership (or by seat in solo whist), bid whist's kitty and discards,
    and any hand laid open (misère ouverte).

    >>> game = KnockoutGame(players=4, seed=1)
    >>> svg = table_svg(game, seat=0)
    >>> svg.count('class="kwr-card'), svg.count('class="kwr-back')  # the turn-up too
    (8, 21)
    >>> table_svg(game, show_all=True).count('class="kwr-card')
    29
    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> table_svg(WhistGame(seed=1), seat=2).count('class="kwr-card')  # 13 and the turn-up
    14
    """
    if isinstance(game, FamilyGame):
        svg = _family_table(game, seat, show_all, four_colour)
    elif isinstance(game, GermanGame):
        svg = _german_table(game, seat, show_all, four_colour)
    elif isinstance(game, KnockoutGame):
        svg = _knockout_table(game, seat, show_all, four_colour)
    else:
        raise TypeError(
            "table_svg draws a KnockoutGame, a GermanGame or a whist-family game, "
            f"not {type(game)!r}"
        )
    _scaled(svg, width)
    return _done(svg)


# ------------------------------------------------------------------- html
def data_uri(svg: str) -> str:
    """The picture as a ``data:`` URI, for an ``<img src>`` or a CSS ``background-image``.

    >>> data_uri(card_svg('AS'))[:26]
    'data:image/svg+xml;base64,'
    """
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def html_page(*parts: str, title: str = "kowhist_teach", background: str = "#ffffff") -> str:
    """A complete HTML page holding these SVG pictures (or HTML snippets), one per line:
    for a file to open in a browser, a screenshot or a printout.

    >>> page = html_page(card_svg('AS'), title='Ace')
    >>> page.startswith('<!DOCTYPE html>'), '<title>Ace</title>' in page
    (True, True)
    """
    body = "\n".join(f"<div>{p}</div>" for p in parts)
    return (
        "<!DOCTYPE html>\n"
        '<html><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>"
        f"<style>body{{margin:16px;background:{background};font-family:{FONT_FAMILY}}}"
        "div{margin:0 0 12px 0}</style>"
        f"</head><body>\n{body}\n</body></html>\n"
    )


# ------------------------------------------------------------ repr hooks
def _card_repr_svg(self: Card) -> SvgStr:
    return card_svg(self)


def _cardset_repr_svg(self: CardSet) -> SvgStr:
    return hand_svg(self)


def _trick_repr_svg(self: Trick) -> SvgStr:
    return trick_svg(self)


def _game_repr_svg(self: KnockoutGame | GermanGame | FamilyGame) -> SvgStr:
    # In a notebook the teacher sees the whole deal, as ``str(game)`` shows it.
    return table_svg(self, show_all=True, width=900)


def install_repr_hooks() -> None:
    """Give cards, card sets, tricks and games a ``_repr_svg_``, so that a notebook
    draws them.  Done when this module is imported; calling it again does no harm.

    The engine modules stay free of drawing code: the hooks are set on their classes
    from here (a class attribute is allowed even on the slotted ``Card`` and ``Trick``).

    >>> install_repr_hooks()
    >>> Card('AS')._repr_svg_().startswith('<svg')
    True
    """
    Card._repr_svg_ = _card_repr_svg  # type: ignore[attr-defined]
    CardSet._repr_svg_ = _cardset_repr_svg  # type: ignore[attr-defined]
    Trick._repr_svg_ = _trick_repr_svg  # type: ignore[attr-defined]
    KnockoutGame._repr_svg_ = _game_repr_svg  # type: ignore[attr-defined]
    GermanGame._repr_svg_ = _game_repr_svg  # type: ignore[attr-defined]
    FamilyGame._repr_svg_ = _game_repr_svg  # type: ignore[attr-defined]


install_repr_hooks()
