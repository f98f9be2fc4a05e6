"""The widgets read a game's capabilities on its spec (core/registry.py) and ask the
``ui`` hook's concern functions (core/hooks/ui.py): they never probe the engine, its
view or its deal log for what a game has (``getattr(game, "contract_text", None)``,
``getattr(view, "kitty", None)`` …). What a spec does not declare, a table does not
show, whatever the engine holds."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import kowhist_teach
from kowhist_teach.core.cards import Card
from kowhist_teach.core.hooks.ui import contract_text, declarer, laid_open
from kowhist_teach.core.registry import spec, specs
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets.family_faces import status_html
from kowhist_teach.widgets.model import GameModel, last_finished_trick

WIDGETS = Path(kowhist_teach.__file__).parent / "widgets"

#: A probe of a game object, its view or its deal log for an attribute by name.
_PROBE = re.compile(
    r"\b(?:getattr|hasattr)\(\s*(?:self\.)?(?:model\.)?"
    r"(game|view|log|trial|finished|done)\s*,\s*[\"'](\w+)[\"']"
)

#: Probes that ask no capability, with the reason (none today).
ALLOWED: dict[tuple[str, str], str] = {}


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def test_no_widget_probes_a_game_its_view_or_its_log_by_name() -> None:
    found = []
    for path in sorted(WIDGETS.glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            for m in _PROBE.finditer(code):
                if (path.name, m.group(2)) not in ALLOWED:
                    found.append(f"widgets/{path.name}:{n}: {line.strip()}")
    assert not found, "read the spec's capabilities (core/hooks/ui.py):\n" + "\n".join(found)


def _play_to_the_cards(model: GameModel) -> None:
    """The bots and the student (first legal move) play until the cards are played."""
    while model.game.phase.value != "play" and not model.game.is_over():
        model.play(model.game.legal_moves()[0])


def test_a_contract_shows_where_the_spec_declares_an_auction() -> None:
    model = GameModel("bidwhist", seed=3)
    _play_to_the_cards(model)
    assert declarer(model.game) is not None and contract_text(model.game)
    assert "kw-contract" in status_html(model.game, model.human)


def test_what_the_spec_does_not_declare_the_table_does_not_show(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bid whist with its auction masked on the spec: its engine still keeps a
    declarer, a contract and a kitty, but the widgets, reading the spec, tell none."""
    masked = spec("bidwhist")
    monkeypatch.setattr(masked, "auction", False)
    model = GameModel("bidwhist", seed=3)
    _play_to_the_cards(model)
    game = model.game
    assert game.log.declarer is not None and game.contract_text()  # the engine has them
    assert declarer(game) is None and contract_text(game) == ""
    assert laid_open(game, model.human).kitty is None
    assert "kw-contract" not in status_html(game, model.human)
    story = " ".join(model.lines)
    assert "takes the kitty" not in story and "needs" not in story


@pytest.mark.parametrize("s", specs(), ids=lambda s: s.name)
def test_the_last_trick_is_found_by_what_the_spec_declares(s: Any) -> None:
    """Rounds (``rounds``), deals (a game with partnerships or an auction) or the one
    hand's tricks: the last finished trick of any registered game, with its winner."""
    game = s.new_game(seed=5)
    assert last_finished_trick(game) is None
    dice = random.Random(5)
    while not game.is_over() and last_finished_trick(game) is None:
        legal = game.legal_moves()
        # A card where there is one, else a call at random (first moves only might throw
        # every deal in).
        cards = [m for m in legal if isinstance(m, Card)]
        game.play(cards[0] if cards else dice.choice(legal))
    trick = last_finished_trick(game)
    assert trick is not None and trick.winner is not None, s.name
