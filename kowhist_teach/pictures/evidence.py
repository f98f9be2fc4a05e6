"""Pictures of the evidence for a strategy tip (lesson 07): the two rates side by side
with the fair share marked, and the differences with their 95 % intervals around zero.

They draw any object shaped like :class:`kowhist_teach.teach.experiments.Comparison`
(``follows_rate``, ``ignores_rate``, ``follows``, ``ignores``, ``fair_share``,
``difference``, ``low``, ``high``, ``verdict``, ``instead_words``, ``measure_words``,
``games``, ``tip``),
so this module needs nothing from the teaching layer.

>>> from types import SimpleNamespace as R
>>> r = R(follows_rate=24.0, ignores_rate=12.0, follows=(120, 500), ignores=(60, 500),
...       fair_share=25.0, difference=12.0, low=8.0, high=16.0, verdict='helps',
...       instead_words='calls any suit', measure_words='games won', games=500,
...       tip='choose_longest_suit')
>>> svg = comparison_chart(r)
>>> 'kwc-fair-share' in svg and '25%' in svg
True
>>> 'kwc-zero' in difference_chart([r])
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from ..i18n import _
from ..i18n.formats import percent, signed
from .charts import PALETTE, margin_of_error
from .draw import FONT_FAMILY, SvgStr

__all__ = ["comparison_chart", "difference_chart"]

_INK = "#222222"
_GRID = "#d0d0d0"
_REF = "#b00020"
_VERDICT_COLOUR = {"helps": "#009e73", "hurts": "#d55e00", "none": "#777777"}


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _places(x: float) -> int:
    """The decimals a scale's number needs: none for a whole number, else one
    (``25``, ``2.5``), as ``_f`` writes coordinates but in the language's digits."""
    return 0 if abs(x - round(x)) < 1e-9 else 1


def _nice(x: float) -> float:
    """A round number at least ``x`` (1, 2, 2.5 or 5 times a power of ten)."""
    if x <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(x))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if step * power >= x - 1e-9:
            return step * power
    return 10.0 * power


def _svg(width: float, height: float, title: str, body: list[str]) -> SvgStr:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
        f'viewBox="0 0 {_f(width)} {_f(height)}" role="img" aria-label="{escape(title)}" '
        f'font-family="{FONT_FAMILY}" class="kwc-chart">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{_f(width)}" height="{_f(height)}" fill="#ffffff"/>'
    )
    return SvgStr(head + "".join(body) + "</svg>")


def _text(
    x: float, y: float, text: str, size: int = 14, anchor: str = "start", **extra: str
) -> str:
    fill = extra.pop("fill", _INK)
    attrs = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in extra.items())
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size}" fill="{fill}" '
        f'text-anchor="{anchor}"{attrs}>{escape(text)}</text>'
    )


def comparison_chart(result: Any, width: float = 640) -> SvgStr:
    """Two bars, the tip-follower's rate and the other bot's, each with its 95 %
    margin, on a scale that fits them (not 0–100 %), and a dashed line at the fair
    share of games won (25 % with four players) when that is what was counted."""
    rates = [
        (_("follows the tip"), result.follows_rate, margin_of_error(*result.follows)),
        (result.instead_words, result.ignores_rate, margin_of_error(*result.ignores)),
    ]
    fair = result.fair_share
    top = max(v + e for _l, v, e in rates)
    maximum = min(100.0, _nice(max(top, fair or 0) * 1.1))
    title = _("{measure}, {games} deals each").format(
        measure=result.measure_words.capitalize(), games=result.games
    )
    label_w, value_w, bar_h, gap, top_y = 230.0, 80.0, 30.0, 16.0, 44.0
    plot_w = width - label_w - value_w
    bottom = top_y + 2 * (bar_h + gap)
    height = bottom + 46
    body = [_text(8, 26, title, 18, font_weight="bold")]
    for q in range(5):
        x = label_w + plot_w * q / 4
        body.append(
            f'<line x1="{_f(x)}" y1="{_f(top_y - 6)}" x2="{_f(x)}" y2="{_f(bottom)}" '
            f'stroke="{_GRID}"/>'
        )
        body.append(
            _text(
                x,
                bottom + 16,
                percent(maximum * q / 400, _places(maximum * q / 4)),
                12,
                "middle",
                fill="#555555",
            )
        )
    for i, (label, value, err) in enumerate(rates):
        y = top_y + i * (bar_h + gap)
        w = plot_w * min(value, maximum) / maximum
        body.append(_text(label_w - 8, y + bar_h * 0.68, label, 14, "end"))
        body.append(
            f'<rect class="kwc-bar" x="{_f(label_w)}" y="{_f(y)}" width="{_f(max(w, 1))}" '
            f'height="{_f(bar_h)}" rx="3" fill="{PALETTE[i]}"/>'
        )
        lo = label_w + plot_w * max(0.0, value - err) / maximum
        hi = label_w + plot_w * min(maximum, value + err) / maximum
        mid = y + bar_h / 2
        body.append(
            f'<path class="kwc-whisker" d="M{_f(lo)} {_f(mid)}H{_f(hi)}M{_f(lo)} {_f(mid - 7)}'
            f'V{_f(mid + 7)}M{_f(hi)} {_f(mid - 7)}V{_f(mid + 7)}" stroke="{_INK}" '
            'stroke-width="2" fill="none"/>'
        )
        body.append(_text(label_w + plot_w + 8, y + bar_h * 0.68, percent(value / 100), 14))
    if fair is not None:
        x = label_w + plot_w * fair / maximum
        body.append(
            f'<line class="kwc-fair-share" x1="{_f(x)}" y1="{_f(top_y - 10)}" x2="{_f(x)}" '
            f'y2="{_f(bottom)}" stroke="{_REF}" stroke-width="2" stroke-dasharray="6 4"/>'
        )
        body.append(
            _text(
                x,
                top_y - 12,
                _("fair share {share}").format(share=percent(fair / 100, _places(fair))),
                12,
                "middle",
                fill=_REF,
            )
        )
    body.append(_text(8, height - 8, _("whiskers: 95% margin of error"), 12, fill="#555555"))
    return _svg(width, height, title, body)


def difference_chart(
    results: Sequence[Any], labels: Sequence[str] | None = None, width: float = 640
) -> SvgStr:
    """One row per comparison: the difference (tip − other way, in points) as a dot
    with its 95 % interval, around a line at zero.  An interval clear of the zero line
    is a difference the games can see; one across it is not."""
    labels = list(labels) if labels is not None else [r.tip for r in results]
    span = max([1.0] + [max(abs(r.low), abs(r.high)) for r in results])
    span = _nice(span * 1.05)
    title = _("Difference made by each tip, in points (95% interval)")
    label_w, row_h, top_y = 210.0, 34.0, 44.0
    plot_w = width - label_w - 20
    zero = label_w + plot_w / 2
    bottom = top_y + row_h * len(results)
    height = bottom + 40

    def x_of(v: float) -> float:
        return zero + plot_w / 2 * v / span

    body = [_text(8, 26, title, 16, font_weight="bold")]
    for q in (-1, -0.5, 0.5, 1):
        x = x_of(q * span)
        body.append(
            f'<line x1="{_f(x)}" y1="{_f(top_y - 4)}" x2="{_f(x)}" y2="{_f(bottom)}" '
            f'stroke="{_GRID}"/>'
        )
        body.append(
            _text(x, bottom + 16, signed(q * span, _places(q * span)), 12, "middle", fill="#555555")
        )
    body.append(
        f'<line class="kwc-zero" x1="{_f(zero)}" y1="{_f(top_y - 8)}" x2="{_f(zero)}" '
        f'y2="{_f(bottom)}" stroke="{_INK}" stroke-width="2"/>'
    )
    body.append(_text(zero, bottom + 16, "0", 12, "middle"))
    for i, (r, label) in enumerate(zip(results, labels, strict=True)):
        mid = top_y + i * row_h + row_h / 2
        colour = _VERDICT_COLOUR.get(r.verdict, _INK)
        body.append(_text(label_w - 8, mid + 5, label, 14, "end"))
        body.append(
            f'<path class="kwc-interval" d="M{_f(x_of(r.low))} {_f(mid)}H{_f(x_of(r.high))}" '
            f'stroke="{colour}" stroke-width="4"/>'
        )
        body.append(f'<circle cx="{_f(x_of(r.difference))}" cy="{_f(mid)}" r="6" fill="{colour}"/>')
    return _svg(width, height, title, body)
