"""Issue 25, point 1: numbers, percentages, intervals and lists as each language writes
them (kowhist_teach/i18n/formats.py, Babel's rules), and the places that print them."""

from __future__ import annotations

from typing import Any

import pytest

from kowhist_teach.i18n import set_language
from kowhist_teach.i18n.formats import count, decimal, interval, join, percent, signed

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ("0.3", "+2.8", "-7.2", "22.0%", "1,000", "[+0.6, +5.1]")),
        ("es", ("0,3", "+2,8", "-7,2", f"22,0{NBSP}%", "1.000", "[+0,6; +5,1]")),
        ("fr", ("0,3", "+2,8", "-7,2", f"22,0{NBSP}%", f"1{NNBSP}000", f"[+0,6{NNBSP}; +5,1]")),
    ],
)
def test_numbers_follow_the_language(lang: str, expected: tuple[str, ...]) -> None:
    set_language(lang)
    got = (decimal(0.3), signed(2.8), signed(-7.2), percent(0.22), count(1000),
           interval(0.6, 5.1))  # fmt: skip
    assert got == expected


def test_the_language_is_read_at_each_call_not_cached() -> None:
    set_language("fr")
    assert decimal(1.5) == "1,5"
    set_language("en")
    assert decimal(1.5) == "1.5"


@pytest.mark.parametrize(
    ("lang", "three", "either"),
    [
        ("en", "Ann, Ben, and Cat", "Ann or Ben"),
        ("es", "Ann, Ben y Cat", "Ann o Ben"),
        ("fr", "Ann, Ben et Cat", "Ann ou Ben"),
    ],
)
def test_lists_end_with_the_languages_and(lang: str, three: str, either: str) -> None:
    set_language(lang)
    assert join(["Ann", "Ben", "Cat"]) == three
    assert join(["Ann", "Ben"], style="or") == either
    assert join(["Ann"]) == "Ann" and join([]) == ""
