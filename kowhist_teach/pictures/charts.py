"""Small bar charts as SVG, for the strategy lesson's simulations: pure Python, no
plotting library, so they draw in a notebook, in the Voilà app and in JupyterLite.

A chart is an :class:`~kowhist_teach.pictures.draw.SvgStr`: a notebook shows it as a picture.
Bars run left to right (long labels such as "keeps the ace" read well so), each with
its value written at its end and, if given, a whisker for the margin of error.

>>> svg = bar_chart({'follows the tip': 31.5, 'ignores it': 24.0}, title='Games won', unit='%')
>>> 'follows the tip' in svg and '31.5%' in svg and '<title>Games won' in svg
True
>>> round(margin_of_error(50, 100), 1)  # a 95% margin, in percentage points
9.8
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from ..i18n import _
from ..i18n.formats import decimal, percent
from .draw import FONT_FAMILY, SvgStr, finish

__all__ = ["bar_chart", "margin_of_error", "wilson", "PALETTE"]

_SVG_NS = "http://www.w3.org/2000/svg"
#: Bar colours, in order: strong, colour-blind friendly (blue, orange, green, purple,
#: vermilion, sky blue: Okabe and Ito's, the orange and the sky blue darkened so that
#: every bar stands out from the white at 3:1 at least, WCAG AA for graphics); they
#: cycle when there are more bars.
PALETTE = ("#0072b2", "#b57300", "#009e73", "#7b4fa0", "#d55e00", "#3a8ac4")
_INK = "#222222"
_GRID = "#d0d0d0"


def margin_of_error(successes: int, trials: int) -> float:
    """The 95% margin of error of a rate measured as ``successes`` out of ``trials``,
    in percentage points (about two standard errors; 0 for no trials).

    Two rates whose whiskers overlap a lot may differ only by luck: play more games.

    >>> margin_of_error(0, 0), round(margin_of_error(30, 300), 1)
    (0.0, 3.4)
    """
    if trials <= 0:
        return 0.0
    p = successes / trials
    return 100 * 1.96 * math.sqrt(p * (1 - p) / trials)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% with the default ``z``): sound
    even near 0% or 100%, where the plain margin of error is not. For bot strength.

    >>> [round(x, 3) for x in wilson(40, 100)]
    [0.309, 0.498]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _nice_ceiling(x: float) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten that is at least ``x``.

    >>> _nice_ceiling(1.52), _nice_ceiling(7), _nice_ceiling(0)
    (2.0, 10.0, 1.0)
    """
    if x <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(x))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if step * power >= x - 1e-12:
            return step * power
    return 10.0 * power  # not reached


def _value_text(value: float, unit: str, decimals: int) -> str:
    """A value as the language writes it: a percentage by its rules (``22,0 %``), any
    other unit after the number."""
    if unit == "%":
        return percent(value / 100, decimals)
    return decimal(value, decimals) + unit


def bar_chart(
    bars: Mapping[str, float] | Sequence[tuple[str, float]],
    *,
    title: str = "",
    unit: str = "",
    maximum: float | None = None,
    errors: Sequence[float] | None = None,
    colours: Sequence[str] | None = None,
    decimals: int = 1,
    note: str = "",
    width: float = 640,
) -> SvgStr:
    """A horizontal bar chart: one bar per ``(label, value)``, in the order given.

    ``unit`` follows each value ("%"); ``maximum`` is the value of a full-length bar
    (default: 100 for percentages, else a round number above the largest value plus its
    error); ``errors`` gives
    each bar a whisker of ± that much (see :func:`margin_of_error`); ``colours`` the bar
    colours (default :data:`PALETTE`); ``note`` a line of small print under the bars,
    such as how many games were played.  Values must be 0 or more.

    >>> svg = bar_chart([('A', 2), ('B', 4)], maximum=8, errors=[1, 0.5])
    >>> svg.count('class="kwc-bar"'), svg.count('class="kwc-whisker"')
    (2, 2)
    >>> bar_chart([('A', -1)])
    Traceback (most recent call last):
    ...
    ValueError: bar values must be 0 or more, not -1 (A)
    """
    items = list(bars.items()) if isinstance(bars, Mapping) else [tuple(b) for b in bars]
    if not items:
        raise ValueError(_("a bar chart needs at least one bar"))
    errs = list(errors) if errors is not None else [0.0] * len(items)
    if len(errs) != len(items):
        raise ValueError(
            _("{k} errors given for {n} bars: give one per bar").format(k=len(errs), n=len(items))
        )
    for label, value in items:
        if not isinstance(value, (int, float)) or value < 0 or math.isnan(value):
            raise ValueError(
                _("bar values must be 0 or more, not {value} ({label})").format(
                    value=value, label=label
                )
            )
    palette = list(colours) if colours else list(PALETTE)
    if maximum is None:
        top = max(v + e for (_l, v), e in zip(items, errs, strict=True))
        # Percentages up to 100 keep the scale 0..100 (a whisker past 100 is cut off).
        if unit == "%" and max(v for _l, v in items) <= 100:
            maximum = 100.0
        else:
            maximum = _nice_ceiling(top)
    maximum = maximum if maximum > 0 else 1.0

    label_w = min(260.0, 24 + 8.6 * max(len(str(label)) for label, _v in items))
    value_w = 90.0
    bar_h, gap = 30.0, 14.0
    top_y = 46.0 if title else 14.0
    plot_w = max(120.0, width - label_w - value_w - 16)
    x0 = label_w
    height = top_y + len(items) * (bar_h + gap) + 16.0 + (26.0 if note else 6.0)

    spoken = "; ".join(f"{label}: {_value_text(v, unit, decimals)}" for label, v in items)
    aria = f"{title}. {spoken}" if title else spoken
    svg = ET.Element(
        "svg",
        {
            "xmlns": _SVG_NS,
            "width": _fmt(width),
            "height": _fmt(height),
            "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}",
            "role": "img",
            "aria-label": aria,
            "font-family": FONT_FAMILY,
            "class": "kwc-chart",
        },
    )
    ET.SubElement(svg, "title").text = aria
    ET.SubElement(svg, "rect", {"width": _fmt(width), "height": _fmt(height), "fill": "#ffffff"})
    if title:
        t = ET.SubElement(
            svg,
            "text",
            {"x": "8", "y": "28", "font-size": "19", "font-weight": "bold", "fill": _INK},
        )
        t.text = title
    # Grid lines at quarters of the scale, so bars can be compared by eye.
    for q in range(5):
        x = x0 + plot_w * q / 4
        y_end = top_y + len(items) * (bar_h + gap) - gap / 2
        ET.SubElement(
            svg,
            "line",
            {
                "x1": _fmt(x),
                "y1": _fmt(top_y - 4),
                "x2": _fmt(x),
                "y2": _fmt(y_end),
                "stroke": _GRID,
                "stroke-width": "1",
            },
        )
        tick = ET.SubElement(
            svg,
            "text",
            {
                "class": "kwc-tick",
                "x": _fmt(x),
                "y": _fmt(y_end + 14),
                "font-size": "12",
                "fill": "#555555",
                "text-anchor": "middle",
            },
        )
        tick.text = _value_text(maximum * q / 4, unit, 0 if maximum >= 8 else decimals)
    for i, ((label, value), err) in enumerate(zip(items, errs, strict=True)):
        y = top_y + i * (bar_h + gap)
        w = plot_w * min(value, maximum) / maximum
        lab = ET.SubElement(
            svg,
            "text",
            {
                "x": _fmt(x0 - 8),
                "y": _fmt(y + bar_h * 0.68),
                "font-size": "15",
                "fill": _INK,
                "text-anchor": "end",
            },
        )
        lab.text = str(label)
        ET.SubElement(
            svg,
            "rect",
            {
                "class": "kwc-bar",
                "x": _fmt(x0),
                "y": _fmt(y),
                "width": _fmt(max(w, 1.0)),
                "height": _fmt(bar_h),
                "rx": "3",
                "fill": palette[i % len(palette)],
            },
        )
        end = w
        if err > 0:
            lo = plot_w * max(0.0, min(value - err, maximum)) / maximum
            hi = plot_w * min(value + err, maximum) / maximum
            mid = y + bar_h / 2
            path = (
                f"M{_fmt(x0 + lo)} {_fmt(mid)} H{_fmt(x0 + hi)} "
                f"M{_fmt(x0 + lo)} {_fmt(mid - 7)} V{_fmt(mid + 7)} "
                f"M{_fmt(x0 + hi)} {_fmt(mid - 7)} V{_fmt(mid + 7)}"
            )
            ET.SubElement(
                svg,
                "path",
                {
                    "class": "kwc-whisker",
                    "d": path,
                    "stroke": _INK,
                    "stroke-width": "2",
                    "fill": "none",
                },
            )
            end = max(end, hi)
        val = ET.SubElement(
            svg,
            "text",
            {
                "x": _fmt(x0 + end + 8),
                "y": _fmt(y + bar_h * 0.68),
                "font-size": "15",
                "font-weight": "bold",
                "fill": _INK,
            },
        )
        val.text = _value_text(value, unit, decimals)
    if note:
        n = ET.SubElement(
            svg,
            "text",
            {"x": "8", "y": _fmt(height - 10), "font-size": "13", "fill": "#555555"},
        )
        n.text = note
    return finish(svg)
