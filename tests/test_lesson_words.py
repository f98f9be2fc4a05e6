"""Issue 25, points 1–2 and 6 of the lessons' side: what the lessons print says what
happened, in the reader's language (a cut after a tie is not "the most tricks"; the
solver's label goes through the catalogue)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kowhist_teach import game_from_record, load_record
from kowhist_teach.i18n import set_language
from kowhist_teach.teach.explain import explain_round
from kowhist_teach.teach.solver import LABEL, LABEL_AGAINST_ALL, label

RECORDS = Path(__file__).resolve().parents[1] / "notebooks" / "records"


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("lang", "most"),
    [("en", "took the most tricks"), ("es", "más bazas que nadie"), ("fr", "le plus de plis (")],
)
def test_after_a_tie_the_cut_not_the_count_names_the_chooser(lang: str, most: str) -> None:
    # Lesson 06's blind dog: in round 2 Ann, Ben and Cat take a trick each, Cat wins the cut.
    set_language(lang)
    game = game_from_record(load_record(RECORDS / "06_blind_dog.json"))
    lines = explain_round(game, 1)
    tie = next(i for i, line in enumerate(lines) if "Cat" in line and "(1" in line)
    after = lines[tie + 1 :]
    assert after and all("Cat" in line for line in after[:1])
    assert not any(most in line for line in after), after
    # Without a tie the count is still the reason (round 1: Cat alone took three).
    assert any(most in line for line in explain_round(game, 0))


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_solvers_label_is_in_the_readers_language(lang: str) -> None:
    set_language(lang)
    assert label() != LABEL and label().strip()
    assert label(against_all=True) not in {LABEL_AGAINST_ALL, label()}
    set_language("en")
    assert label() == LABEL
