"""The printable rules cards (`make cards`): one page per game and language, in the
words of the source texts."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "notebooks" / "rules_cards.py"
_spec = importlib.util.spec_from_file_location("rules_cards", SCRIPT)
cards = importlib.util.module_from_spec(_spec)
sys.modules["rules_cards"] = cards
_spec.loader.exec_module(cards)  # type: ignore[union-attr]

WORDS = {
    ("knockout", "en"): ["trick", "trumps", "Follow suit", "knocked out"],
    ("knockout", "es"): ["baza", "triunfo", "Sigue el palo", "Oportunidad del perro", "Arcoíris"],
    ("knockout", "fr"): ["pli", "atout", "Fournissez", "Vie de chien", "Arc-en-ciel"],
    ("german", "en"): ["stock", "trumps", "Phase 2"],
    ("german", "es"): ["baza", "triunfo", "mazo"],
    ("german", "fr"): ["pli", "atout", "pioche"],
}


def test_make_cards_writes_every_card(tmp_path: Path) -> None:
    written = cards.build(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{lang}-{game}.html" for game, lang in WORDS)


@pytest.mark.parametrize(
    ("game", "lang"), list(WORDS), ids=[f"{lang}-{game}" for game, lang in WORDS]
)
def test_a_card_is_one_page_in_its_language(game: str, lang: str) -> None:
    page = cards.card_html(game, lang)
    assert f'<html lang="{lang}">' in page
    for word in WORDS[(game, lang)]:
        assert word in page, word
    text = re.sub(r"<[^>]+>", " ", page.split("</style>")[1])
    assert len(text.split()) < 420, "a rules card must fit on one printed page"
    assert "<script" not in page and "http" not in page  # nothing runs, nothing fetched
