"""The drawing kit the pictures share: :class:`SvgStr`, the font, the colours, and small
helpers that build SVG with :mod:`xml.etree.ElementTree` (a root, text, a pill-shaped
label, text wrapped to a width).

>>> svg = svg_root(100, 50, 'A picture')
>>> _ = put_text(svg, 50, 30, 'Hi', 20, bold=True)
>>> finish(svg)[:4], 'font-weight="bold"' in finish(svg)
('<svg', True)
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from . import _font_widths

__all__ = [
    "SvgStr",
    "FONT_FAMILY",
    "CARD_WIDTH",
    "CARD_HEIGHT",
    "SVG_NS",
    "TEXT_FORM",
    "GOLD",
    "INK",
    "FELT",
    "FELT_DARK",
    "BACK",
    "fmt",
    "svg_root",
    "scaled",
    "finish",
    "put_text",
    "pill",
    "pill_width",
    "text_width",
    "wrap",
    "written_once",
]

#: The font stack: DejaVu Sans (Debian's fonts-dejavu-core, JupyterLite's Chromium on
#: Linux), then fonts every other desktop has.  All of them carry ♠ ♥ ♦ ♣.
FONT_FAMILY = "'DejaVu Sans', Verdana, Arial, sans-serif"
#: The default card width and height in pixels (a poker card's 5:7).
CARD_WIDTH = 90
CARD_HEIGHT = 126

SVG_NS = "http://www.w3.org/2000/svg"
#: U+FE0E asks for the text (not emoji) form of a suit symbol, so that the fill colour
#: applies on systems whose emoji font would otherwise draw a red ♠.
TEXT_FORM = "\ufe0e"

FELT = "#17613a"
FELT_DARK = "#0f4a2b"
#: The trick winner's name is written in it on the felt: 4.6:1 there (WCAG AA).
GOLD = "#ffc107"
INK = "#ffffff"
BACK = "#1d4f9c"


class SvgStr(str):
    """An SVG picture as a string; Jupyter draws it (``_repr_svg_``).

    >>> s = SvgStr('<svg xmlns="http://www.w3.org/2000/svg"/>')
    >>> s._repr_svg_() == s, isinstance(s, str)
    (True, True)
    """

    def _repr_svg_(self) -> SvgStr:
        return self


def fmt(x: float) -> str:
    """A number as SVG writes it: one decimal at most, no trailing zeros."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def svg_root(width: float, height: float, label: str, role: str = "img") -> ET.Element:
    """An ``<svg>`` root ``width`` × ``height``, spoken as ``label`` (and titled so)."""
    svg = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "width": fmt(width),
            "height": fmt(height),
            "viewBox": f"0 0 {fmt(width)} {fmt(height)}",
            "role": role,
            "aria-label": label,
            "font-family": FONT_FAMILY,
        },
    )
    ET.SubElement(svg, "title").text = label
    return svg


def scaled(svg: ET.Element, width: float | None) -> None:
    """Show ``svg`` ``width`` pixels wide (the drawing scales; the viewBox stays)."""
    if width is None:
        return
    w, h = float(svg.get("width", "1")), float(svg.get("height", "1"))
    svg.set("width", fmt(width))
    svg.set("height", fmt(h * width / w))


def finish(svg: ET.Element) -> SvgStr:
    """The finished picture as an :class:`SvgStr`: what ``ET.tostring(svg,
    encoding="unicode")`` writes, written three to four times sooner.

    >>> svg = svg_root(10, 10, 'Q & A')
    >>> finish(svg) == ET.tostring(svg, encoding='unicode')
    True
    """
    out: list[str] = []
    try:
        _write(svg, out)
    except (AttributeError, TypeError, ValueError):
        # What the pictures never make (a namespaced tag, a comment, a value that is not
        # a string): ElementTree writes it, or says why it cannot.
        return SvgStr(ET.tostring(svg, encoding="unicode"))
    return SvgStr("".join(out))


# ElementTree's escapes (Python 3.11's _escape_cdata and _escape_attrib), each value
# escaped once: a table's numbers, colours and words come back at every card, and
# str.translate costs a microsecond a value.
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE_ESCAPES = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\r": "&#13;",
        "\n": "&#10;",
        "\t": "&#09;",
    }
)
_escaped_attributes: dict[str, str] = {}
_escaped_texts: dict[str, str] = {}
#: How many escaped values each memo keeps before it starts again.
_MEMO_SIZE = 8192
#: Parts of pictures drawn once and shared (a card's face: :func:`written_once`), each
#: with its XML, by ``id``.
_written: dict[int, tuple[ET.Element, str]] = {}


def _escaped(value: str, memo: dict[str, str], escapes: dict[int, str]) -> str:
    """``value`` with ``escapes`` applied, kept in ``memo`` (started again when full)."""
    escaped = memo.get(value)
    if escaped is None:
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        escaped = memo[value] = value.translate(escapes)
    return escaped


def written_once(parts: tuple[ET.Element, ...]) -> tuple[ET.Element, ...]:
    """``parts`` (elements that are never changed again), each written out now and its
    XML kept: :func:`finish` copies it wherever they appear rather than writing them
    again. For the drawings a picture shares between many of its parts (each card's
    face).

    >>> dot = ET.Element('circle', {'r': '1'})
    >>> written_once((dot,)) == (dot,), finish(dot)
    (True, '<circle r="1" />')
    """
    for part in parts:
        out: list[str] = []
        _write(part, out)
        _written[id(part)] = (part, "".join(out))
    return parts


def _write(element: ET.Element, out: list[str]) -> None:
    """Append ``element`` written as XML to ``out``, as ElementTree writes it.

    Why not ElementTree itself: a table is redrawn at every card, and its general
    writer (namespaces looked for in every tag and attribute of the tree first, each
    value escaped anew) took two thirds of the time a table took to draw. A tag that is
    not a plain name, a comment for instance, raises ValueError (:func:`finish` then
    leaves it to ElementTree); a value that is not a string raises AttributeError or
    TypeError (and ElementTree then says why it cannot write it).
    """
    known = _written.get(id(element))
    if known is not None and known[0] is element:
        out.append(known[1])
        return
    tag = element.tag
    if not isinstance(tag, str) or tag[:1] == "{":
        raise ValueError(tag)
    head = "<" + tag
    for name, value in element.items():
        if name[:1] == "{":
            raise ValueError(name)
        head += f' {name}="{_escaped(value, _escaped_attributes, _ATTRIBUTE_ESCAPES)}"'
    text = element.text
    if text or len(element):
        out.append(head + ">")
        if text:
            out.append(_escaped(text, _escaped_texts, _TEXT_ESCAPES))
        for child in element:
            _write(child, out)
        out.append("</" + tag + ">")
    else:
        out.append(head + " />")
    if element.tail:
        out.append(_escaped(element.tail, _escaped_texts, _TEXT_ESCAPES))


def put_text(
    parent: ET.Element,
    x: float,
    y: float,
    words: str,
    size: float,
    fill: str = INK,
    *,
    anchor: str = "middle",
    bold: bool = False,
    **extra: str,
) -> ET.Element:
    """A line of text at ``(x, y)`` (the baseline), ``size`` pixels high."""
    attrs = {
        "x": fmt(x),
        "y": fmt(y),
        "font-size": fmt(size),
        "fill": fill,
        "text-anchor": anchor,
    }
    if bold:
        attrs["font-weight"] = "bold"
    attrs.update(extra)
    el = ET.SubElement(parent, "text", attrs)
    el.text = words
    return el


def pill_width(words: str, size: float) -> float:
    """How wide a :func:`pill` holding ``words`` is."""
    # DejaVu Sans Bold averages ~0.62 em per character: wide enough for the text.
    return 0.64 * size * max(len(words), 2) + size


def pill(
    parent: ET.Element,
    x: float,
    y: float,
    words: str,
    fill: str,
    ink: str,
    size: float = 17,
    *,
    css_class: str = "",
) -> float:
    """A rounded label centred on ``x`` with its middle at ``y``; returns its width."""
    w = pill_width(words, size)
    h = size * 1.55
    g = ET.SubElement(parent, "g", {"class": css_class} if css_class else {})
    ET.SubElement(
        g,
        "rect",
        {
            "x": fmt(x - w / 2),
            "y": fmt(y - h / 2),
            "width": fmt(w),
            "height": fmt(h),
            "rx": fmt(h / 2),
            "fill": fill,
        },
    )
    put_text(g, x, y + size * 0.36, words, size, ink, bold=True)
    return w


def text_width(words: str, size: float, bold: bool = False) -> float:
    """How wide ``words`` are drawn at ``size`` in DejaVu Sans (each character's own
    width, from the font; an unknown one counts as a wide letter).

    >>> round(text_width('West bid 3 downtown', 34))
    368
    """
    table = _font_widths.BOLD if bold else _font_widths.REGULAR
    unknown = 0.78 if bold else 0.7
    return size * sum(table.get(ch, unknown) for ch in words)


def wrap(words: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``words`` in lines of at most ``width`` pixels (and at each newline).

    >>> wrap('one two three four', 20, 100)
    ['one two', 'three', 'four']
    >>> wrap('West bid 3 downtown', 34, 340)
    ['West bid 3', 'downtown']
    """
    # At most as many characters a line as DejaVu Sans's average allows (about 0.52 em
    # a character, 0.6 in bold), and a line of wide letters (W, m, w) broken sooner:
    # each line is measured as the browser will draw it, and may reach 0.3 em into the
    # margin that every box keeps on its right (12 pixels or more), never past it.
    per_line = max(int(width / ((0.6 if bold else 0.52) * size)), 8)
    lines: list[str] = []
    for given in words.split("\n"):
        for line in textwrap.wrap(given, per_line):
            lines += _measured(line, size, width, bold)
    return lines


def _measured(line: str, size: float, width: float, bold: bool) -> list[str]:
    """``line`` broken between words where it is wider than ``width`` (a single word
    wider than that stays whole: it is never cut)."""
    out: list[str] = []
    for word in line.split(" "):
        if out and text_width(f"{out[-1]} {word}", size, bold) <= width + 0.3 * size:
            out[-1] += f" {word}"
        else:
            out.append(word)
    return out
