"""Issue 14's options for the app's rule setup: Knock-Out's house rules are among its
setup's options; bid whist's and whist's variants are the ui hook's ``variant_options()``
(the setup's main options stay the few a player changes most)."""

from __future__ import annotations

import random

import pytest

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.core.registry import spec
from kowhist_teach.widgets import TableWidget

#: Options a variant needs beside itself (bid whist without a kitty has no jokers).
COMPANIONS = {"kitty": {"joker_count": 0}}


@pytest.mark.parametrize(
    ("game", "names"),
    [
        (
            "bidwhist",
            {"joker_count", "boston_points", "kitty", "equal_bids", "opponents_score"}
            | {"joker_swap"},
        ),
        ("whist", {"honours_rule"}),
    ],
)
def test_the_ui_hook_offers_each_variant_and_each_value_plays(game: str, names: set) -> None:
    game_spec = spec(game)
    variants = game_spec.ui.variant_options(game_spec.rules)
    assert {o.name for o in variants} == names
    defaults = game_spec.rules()
    for option in variants:
        assert option.label and option.tip
        default = getattr(defaults, option.name)
        values = [not default] if isinstance(default, bool) else option.choices
        for value in values:
            if value == default:
                continue
            rules = game_spec.rules(**{**COMPANIONS.get(option.name, {}), option.name: value})
            played = game_spec.new_game(rules=rules, seed=3)
            rng = random.Random(3)
            while not played.is_over() and len(played.deals) < 2:
                played.play(rng.choice(played.legal_moves()))
            assert getattr(played.rules, option.name) == value


def test_the_setups_main_options_stay_few() -> None:
    assert len(spec("bidwhist").ui.options(spec("bidwhist").rules)) <= 4
    assert spec("knockout").ui.variant_options(spec("knockout").rules) == []


def test_knockout_setup_offers_the_house_rules() -> None:
    table = TableWidget(players=4, seed=1)
    options = table.setup.options
    options["misere"].value = True
    options["no_trump_first_trick"].value = True
    options["tie_break"].value = "rps"
    table.setup.start.click()
    rules = table.game.rules
    assert rules.misere and rules.no_trump_first_trick and rules.tie_break == "rps"
