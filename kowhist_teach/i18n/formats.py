"""Numbers, percentages, intervals and lists as the chosen language writes them.

Every number and every list of names a student reads goes through these helpers, never
through ``f"{x:.1f}"``, ``"%"`` or ``", ".join``: Spanish and French write a decimal
comma, a space before the percent sign, "y"/"et" before a list's last name. The language
is the catalogue's (:func:`kowhist_teach.i18n.set_language`); the rules are Babel's
(the Unicode CLDR data), so nothing here is written by hand.

>>> from kowhist_teach.i18n import set_language
>>> set_language('es'); decimal(0.25, 2), percent(0.22), join(['Ann', 'Ben', 'Cat'])
('0,25', '22,0\\xa0%', 'Ann, Ben y Cat')
>>> set_language('en'); signed(2.8), interval(0.6, 5.1)
('+2.8', '[+0.6, +5.1]')
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from functools import cache
from typing import Literal

from babel import Locale
from babel.lists import format_list
from babel.numbers import NumberPattern

from . import _, get_language

__all__ = ["decimal", "signed", "percent", "interval", "count", "join", "locale"]


def locale(lang: str | None = None) -> Locale:
    """Babel's locale of ``lang`` (the catalogue's language when ``None``).

    >>> str(locale('fr'))
    'fr'
    """
    return _parsed(lang or get_language())


@cache
def _parsed(lang: str) -> Locale:
    return Locale.parse(lang)


@cache
def _pattern(lang: str, kind: str, places: int, plus: bool) -> NumberPattern:
    """The locale's own decimal or percent pattern with exactly ``places`` decimals (a
    copy: Babel's are shared), a plus sign in front of positive numbers if asked."""
    loc = locale(lang)
    formats = loc.percent_formats if kind == "percent" else loc.decimal_formats
    pattern = copy.copy(formats[None])
    pattern.frac_prec = (places, places)
    if plus:
        minus = loc.number_symbols.get("latn", loc.number_symbols).get("minusSign", "-")
        plus_sign = loc.number_symbols.get("latn", loc.number_symbols).get("plusSign", "+")
        pattern.prefix = (plus_sign, minus)
    return pattern


def decimal(x: float, places: int = 1) -> str:
    """``x`` with exactly ``places`` decimals (and the locale's grouping of thousands).

    >>> from kowhist_teach.i18n import set_language
    >>> set_language('fr'); decimal(1234.56); set_language('en')
    '1\\u202f234,6'
    """
    return _pattern(get_language(), "decimal", places, False).apply(x, locale())


def signed(x: float, places: int = 1) -> str:
    """``x`` with its sign always written (a difference): ``+1.2``, ``-0.5``, ``+0.0``.

    >>> signed(-0.5), signed(0)
    ('-0.5', '+0.0')
    """
    return _pattern(get_language(), "decimal", places, True).apply(x, locale())


def count(n: int) -> str:
    """A whole number as the locale groups its thousands (``1,000`` / ``1.000`` /
    ``1 000``), for the counts of games and deals.

    >>> count(12000)
    '12,000'
    """
    return _pattern(get_language(), "decimal", 0, False).apply(n, locale())


def percent(fraction: float, places: int = 1) -> str:
    """``fraction`` (0.22 for 22 %) as a percentage with ``places`` decimals, the sign
    and its spacing the locale's (``22.0%``, ``22,0 %``).

    >>> percent(0.22), percent(1, 0)
    ('22.0%', '100%')
    """
    return _pattern(get_language(), "percent", places, False).apply(fraction, locale())


def interval(low: float, high: float, places: int = 1, *, plus: bool = True) -> str:
    """A confidence interval written as the language brackets two numbers (in Spanish
    and French the comma is the decimal mark, so a semicolon separates the ends).

    >>> interval(-0.1, 2.3), interval(1, 2, 0, plus=False)
    ('[-0.1, +2.3]', '[1, 2]')
    """
    form = signed if plus else decimal
    return _("[{low}, {high}]").format(low=form(low, places), high=form(high, places))


def join(items: Iterable[object], style: Literal["and", "or"] = "and") -> str:
    """Names (or any words) as a list of the language: ``Ann, Ben, and Cat``,
    ``Ann, Ben y Cat``, ``Ann, Ben et Cat``; ``style="or"`` for a choice.

    >>> join(['Ann', 'Ben'], style='or'), join(['Ann'])
    ('Ann or Ben', 'Ann')
    """
    words = [str(item) for item in items]
    return format_list(words, style="or" if style == "or" else "standard", locale=locale())
