"""The app and the tables ask the registry: its games are the app's games, and a game
registered later shows up without editing the widgets."""

from __future__ import annotations

from typing import Any

import pytest

from kowhist_teach import KnockoutGame, Rules
from kowhist_teach.app import build_app
from kowhist_teach.core import registry
from kowhist_teach.core.hooks.ui import GameUI
from kowhist_teach.core.registry import GameSpec, game_names, spec, specs
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets import FamilyTableWidget, GermanTableWidget, TableWidget
from kowhist_teach.widgets.family import available_family_games


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def test_every_registered_game_gives_the_ui_hook() -> None:
    for s in specs():
        assert s.has("ui") and isinstance(s.ui, GameUI), s.name
        assert s.ui.tagline, s.name


def test_the_app_lists_exactly_the_registry_games_in_order() -> None:
    app = build_app(seed=1)
    assert app.games == game_names()
    assert [v for _t, v in app.game_choice.options] == game_names()
    assert [t for t, _v in app.game_choice.options] == [s.display_name() for s in specs()]
    set_language("fr")
    app.set_language("fr")
    assert [t for t, _v in app.game_choice.options] == [s.display_name() for s in specs()]


def test_the_table_follows_what_the_spec_says() -> None:
    app = build_app(seed=3)
    for s in specs():
        app.game_choice.value = s.name
        table = app.table
        assert table.kind == s.name and table.game.spec is s
        family = s.partnerships is not None or s.auction
        assert isinstance(table, FamilyTableWidget) == family, s.name
        if not family:
            assert isinstance(table, GermanTableWidget) == s.stock, s.name
    assert available_family_games() == [s.name for s in specs() if s.partnerships or s.auction]


class _ToyGame(KnockoutGame):
    """A variant registered by a test only: the widgets never heard of it."""


def test_a_newly_registered_game_plays_in_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its engine is Knock-Out's, so its spec declares what that engine does (rounds,
    # the analysis): the widgets read the capabilities there and never probe the engine.
    toy = GameSpec(
        name="toy",
        title="Toy whist",
        game=_ToyGame,
        rules=Rules,
        players=(2, 7),
        rounds=True,
        analysis=True,
    )
    # The toy plays as Knock-Out Whist (its story, teaching, record …) with the plain ui.
    toy.hooks.update(spec("knockout").hooks)
    toy.hooks["ui"] = GameUI()
    monkeypatch.setitem(registry._SPECS, "toy", toy)
    monkeypatch.setattr(_ToyGame, "spec", toy, raising=False)
    app = build_app(seed=2, players=3)
    assert "toy" in [v for _t, v in app.game_choice.options]
    app.game_choice.value = "toy"
    table = app.table
    assert type(table) is TableWidget and isinstance(table.game, _ToyGame)
    assert sorted(table.setup.options) == sorted(
        f for f, v in vars(Rules()).items() if isinstance(v, bool)
    )
    legal = [b for b in table.hand.buttons if "kw-legal" in b._dom_classes]
    if legal:
        legal[0].click()
    assert not table.guard.errors
    assert "Click a card to play it." in app.title.value
