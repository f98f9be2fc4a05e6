"""Lesson 07's evidence: compare() measures a tip against its alternative on the same
deals, and every claim it prints follows from the interval it prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kowhist_teach.i18n import set_language
from kowhist_teach.pictures.evidence import comparison_chart, difference_chart
from kowhist_teach.teach.experiments import Comparison, compare

GOLDEN = Path(__file__).resolve().parent / "lesson_outputs"
NUMBER = r"([+-]?\d+(?:[.,]\d+)?)"


def _result(low: float, high: float) -> Comparison:
    return Comparison(
        "choose_longest_suit",
        "any_suit",
        "games_won",
        100,
        4,
        (25, 100),
        (20, 100),
        (low + high) / 2,
        low,
        high,
    )


@pytest.mark.parametrize(
    ("low", "high", "verdict"),
    [(0.1, 5, "helps"), (-5, -0.1, "hurts"), (-1, 1, "none"), (0.0, 3, "none"), (-3, 0.0, "none")],
)
def test_the_verdict_follows_the_interval(low: float, high: float, verdict: str) -> None:
    assert _result(low, high).verdict == verdict


def _verdict_words() -> dict[str, dict[str, str]]:
    words = {}
    for lang in ("en", "es", "fr"):
        set_language(lang)
        words[lang] = {
            v: _result(*iv).verdict_text()
            for v, iv in (("helps", (1, 2)), ("hurts", (-2, -1)), ("none", (-1, 1)))
        }
    set_language("en")
    return words


def _claims(text: str, lang: str) -> list[tuple[float, float, str]]:
    """(low, high, verdict) for every interval-and-verdict the text prints."""
    words = _verdict_words()[lang]
    found = []
    for line in text.splitlines():
        numbers = re.findall(NUMBER, line)
        said = [v for v, w in words.items() if w in line]
        if not said:
            continue
        # The interval is the last two numbers printed before the verdict.
        before = line[: line.index(words[said[0]])]
        nums = [float(n.replace(",", ".")) for n in re.findall(NUMBER, before)]
        assert len(nums) >= 2, line
        found.append((nums[-2], nums[-1], said[0]))
        assert numbers
    return found


def _check(low: float, high: float, verdict: str) -> None:
    if verdict == "helps":
        assert low > 0, (low, high, verdict)
    elif verdict == "hurts":
        assert high < 0, (low, high, verdict)
    else:
        assert low <= 0 <= high, (low, high, verdict)


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_every_claim_printed_in_lesson_07_follows_from_its_interval(lang: str) -> None:
    folder = GOLDEN / ("" if lang == "en" else lang) / "07_strategy"
    files = sorted(folder.glob("*.txt"))
    assert files, f"no golden outputs for lesson 07 ({lang})"
    claims = [c for f in files for c in _claims(f.read_text(encoding="utf-8"), lang)]
    assert len(claims) >= 10, claims  # six tests, each printed twice
    for claim in claims:
        _check(*claim)


def test_compare_plays_the_same_deals_and_words_follow() -> None:
    result = compare("choose_longest_suit", "any_suit", games=30)
    again = compare("choose_longest_suit", "any_suit", games=30)
    assert result == again  # seeded: the same deals, the same numbers
    assert result.follows[1] == result.ignores[1] == 30  # one game each per deal
    _check(result.low, result.high, result.verdict)
    text = str(result)
    assert result.verdict_text() in text
    assert result.fair_share == 25.0
    assert "kwc-fair-share" in comparison_chart(result)
    assert "kwc-zero" in difference_chart([result], ["longest suit"])


def test_compare_refuses_an_unknown_alternative() -> None:
    with pytest.raises(ValueError, match="shortest_suit"):
        compare("choose_longest_suit", "longest", games=2)


def test_the_lean_core_gives_the_engines_evidence(monkeypatch) -> None:
    """The all-rules-bots baseline, the random tester, the testers that ignore one tip
    and best_trump_survival play on the lean core (the playout hook); the full engine
    gives the very same counts."""
    from kowhist_teach.core.registry import spec
    from kowhist_teach.teach import experiments

    ko = spec("knockout")
    rules = ko.rules(dogs_chance=True)
    arms = [("all", None), ("all", "random")] + [
        (tip, instead)
        for tip, instead in (
            ("one_trick_enough", "highest"),
            ("safe_save_high", "highest"),
            ("keep_top_trump", "highest"),
            ("keep_top_trump", "lowest"),
            ("choose_longest_suit", "any_suit"),
            ("choose_longest_suit", "shortest_suit"),
            ("dog_wait", "play_now"),
        )
    ]
    for tip, instead in arms[2:]:
        assert ko.playout.plays([f"rules/{tip}/{instead}"])
    lean = [experiments._play(tip, instead, 60, 4, rules) for tip, instead in arms]
    survival = experiments.best_trump_survival(deals=60)
    with monkeypatch.context() as m:
        m.delitem(ko.hooks, "playout")
        assert [experiments._play(tip, i, 60, 4, rules) for tip, i in arms] == lean
        assert experiments.best_trump_survival(deals=60) == survival
    assert all(arm != lean[0] for arm in lean[1:])  # every tester did deviate
    assert any(counts["dogs_back"][1] for counts in lean[0])
