"""The pieces of work ``make test`` hands out to its workers (tests/conftest.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _scheduling():
    # Loaded under a name of its own: "conftest" is tests/browser's too.
    spec = importlib.util.spec_from_file_location(
        "kowhist_tests_conftest", REPO / "tests" / "conftest.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("nodeid", "unit"),
    [
        ("tests/test_cards.py::test_deck[3]", "tests/test_cards.py"),
        ("kowhist_teach/cards.py::kowhist_teach.cards.Card", "kowhist_teach/cards.py"),
        (
            "tests/test_lesson_outputs.py::test_marked_cell_output[fr/07_strategy/07-11]",
            "tests/test_lesson_outputs.py::fr/07_strategy",
        ),
        (
            "tests/test_lesson_outputs.py::test_runs_to_the_end[fr/07_strategy]",
            "tests/test_lesson_outputs.py::fr/07_strategy",
        ),
        (
            "tests/test_lesson_outputs.py::test_marked_cell_output[03_trumps/03-04]",
            "tests/test_lesson_outputs.py::03_trumps",
        ),
        (
            "tests/test_lesson_outputs.py::test_no_stale_golden_files",
            "tests/test_lesson_outputs.py",
        ),
        (
            "tests/browser/test_table_browser.py::test_projector_mode_fits_1024x768",
            "tests/browser/test_table_browser.py::test_projector_mode_fits_1024x768",
        ),
        ("tests/browser/test_app_browser.py::test_spanish", "tests/browser/test_app_browser.py"),
        (
            "tests/browser/voila_harness.py::voila_harness.free_port",
            "tests/browser/voila_harness.py",
        ),
    ],
)
def test_work_unit(nodeid: str, unit: str) -> None:
    assert _scheduling().work_unit(nodeid) == unit


def test_every_browser_module_with_shared_fixtures_stays_together() -> None:
    """The modules listed exist (a renamed one would quietly be split up)."""
    browser = REPO / "tests" / "browser"
    for name in _scheduling().TOGETHER:
        assert (browser / name).is_file(), name
