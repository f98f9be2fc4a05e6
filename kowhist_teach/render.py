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
import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterable, Sequence

from .cards import Card, CardSet, Rank, Suit
from .german import GermanGame, GermanPhase
from .i18n import _
from .knockout import KnockoutGame, Phase, Status
from .tricks import Trick

__all__ = [
    "SvgStr",
    "card_svg",
    "hand_svg",
    "trick_svg",
    "table_svg",
    "card_name",
    "suit_colour",
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

    >>> card_name(Card('QS')), card_name(Card('10H'))
    ('queen of spades', 'ten of hearts')
    """
    rank = _rank_names()[card.rank]
    suit = card.suit
    if suit is Suit.SPADES:
        return _("{rank} of spades").format(rank=rank)
    if suit is Suit.HEARTS:
        return _("{rank} of hearts").format(rank=rank)
    if suit is Suit.DIAMONDS:
        return _("{rank} of diamonds").format(rank=rank)
    return _("{rank} of clubs").format(rank=rank)


def _status_name(status: Status) -> str:
    return {
        Status.ACTIVE: _("active"),
        Status.DOG: _("dog"),
        Status.BLIND_DOG: _("blind dog"),
        Status.OUT: _("out"),
    }[status]


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The ink of a suit: red and black, or the four-colour deck (♦ blue, ♣ green).

    >>> suit_colour(Suit.HEARTS), suit_colour(Suit.CLUBS, four_colour=True)
    ('#cc0000', '#00702e')
    """
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[suit]


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
    # DejaVu Sans Bold averages ~0.62 em per character: wide enough for the text.
    w = 0.64 * size * max(len(text), 2) + size
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
        drawing = list(holder)
    if g is not None:
        g.extend(drawing)
        parts.append(g)
    else:
        parts.extend(drawing)
    return tuple(parts)


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
) -> ET.Element:
    """The cards of a trick round ``(cx, cy)``, each towards its seat: at ``angles[seat]``
    (radians), or evenly round the table with ``viewer`` at the bottom."""
    n = len(names)
    rx, ry = _trick_radii(n, size)
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
        _text(
            g,
            x,
            y + h / 2 + label_size * 1.15,
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
    width = max(2 * rx + size + 120, 280.0)
    top = 40.0 if trick.trump is not None else 10.0  # room for the trump line
    height = top + 2 * ry + h + 2 * label_size + 20
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
            top + (height - top) / 2 - label_size / 2,
            size,
            viewer,
            four_colour=four_colour,
            finished=finished,
        )
    )
    return _done(svg)


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
    ET.SubElement(
        g,
        "rect",
        {
            "x": _fmt(x),
            "y": _fmt(y),
            "width": "230",
            "height": _fmt(box_h),
            "rx": "10",
            "fill": "#000000",
            "fill-opacity": "0.28",
        },
    )
    _text(g, x + 14, y + 30, heading, 20, anchor="start", bold=True)
    _text(g, x + 14, y + 60, _trump_text(trump, settled), 20, anchor="start")
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
                x + 140,
                y + 74,
                64,
                four_colour=four_colour,
                title=_("Turn-up: {card}").format(card=card_name(card)),
                css_class="kwr-turn-up",
            )
        )
        _text(g, x + 172, y + 190, card_caption, 16)
    elif chooser is not None and trump is not None:
        _text(g, x + 104, y + 106, _("chosen by"), 17, anchor="start")
        _text(g, x + 104, y + 130, chooser, 17, anchor="start", bold=True)


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
) -> None:
    """One player: name, badges (status, dealer), tricks won, and the hand below."""
    count = len(face_up) + hidden
    back_spread = size * 0.3
    hand_w = _hand_width(max(count, 1), size, spread, hidden, back_spread)
    card_h = size * _H / _W
    head = 34.0
    tricks_text = _("Tricks: {n}").format(n=tricks)
    # Estimated text widths (DejaVu Sans Bold averages about 0.65 em a character).
    header_w = 0.68 * 22 * len(name) + 0.65 * 20 * len(tricks_text) + 34
    header_w += sum(0.64 * 15 * max(len(b[0]), 2) + 21 for b in badges)
    width = max(hand_w + 20, header_w)
    height = head + card_h + 14
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
    # Name (left), badges, then tricks won (right), all on one line.
    _text(g, x0 + 12, top + 25, name, 22, anchor="start", bold=True)
    bx = x0 + 12 + 0.68 * 22 * len(name) + 8
    for text, fill, ink in badges:
        w = 0.64 * 15 * max(len(text), 2) + 15
        _pill(g, bx + w / 2, top + 18, text, fill, ink, 15, css_class="kwr-badge")
        bx += w + 6
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
    hx = x0 + width / 2 - hand_w / 2
    if count:
        spoken = [card_name(c) for c in face_up]
        if hidden:
            spoken.append(_("{n} face-down cards").format(n=hidden))
        g.append(
            _hand_group(
                face_up,
                hx,
                top + head,
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
        _empty_slot(g, hx, top + head, size)


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
        card_h = size * _H / _W
        panel_h = 34 + card_h + 14
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
) -> None:
    size = 70.0 if len(names) > 4 else 86.0
    cy = h / 2 - 20
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
        card_h = size * _H / _W
        panel_h = 34 + card_h + 14
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


def table_svg(
    game: KnockoutGame | GermanGame,
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

    >>> game = KnockoutGame(players=4, seed=1)
    >>> svg = table_svg(game, seat=0)
    >>> svg.count('class="kwr-card'), svg.count('class="kwr-back')  # the turn-up too
    (8, 21)
    >>> table_svg(game, show_all=True).count('class="kwr-card')
    29
    """
    if isinstance(game, GermanGame):
        svg = _german_table(game, seat, show_all, four_colour)
    elif isinstance(game, KnockoutGame):
        svg = _knockout_table(game, seat, show_all, four_colour)
    else:
        raise TypeError(f"table_svg draws a KnockoutGame or a GermanGame, not {type(game)!r}")
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


def _game_repr_svg(self: KnockoutGame | GermanGame) -> SvgStr:
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


install_repr_hooks()
