"""Issue 14 in the app's setup: every game's setup shows its main rule options and, in
a folded "More rules (variants)" group, its variants, each with its label and one-line
help in the chosen language; choosing one starts a game with it; a combination the
engine refuses is said in the engine's one line and the game in progress stays."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from kowhist_teach.app import build_app
from kowhist_teach.core.errors import SetupError
from kowhist_teach.core.registry import spec, specs
from kowhist_teach.i18n import _, set_language
from kowhist_teach.widgets._common import esc

#: Options a variant needs beside itself (bid whist without a kitty has no jokers).
COMPANIONS = {"kitty": {"joker_count": 0}, "joker_swap": {"joker_count": 2}}


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def table_of(game: str) -> Any:
    """The table the app seats a student at for ``game``."""
    app = build_app(game=game, seed=5)
    return app.table


def all_values(option: Any, default: Any) -> list[Any]:
    """The values other than ``default`` a setup offers for ``option``."""
    if isinstance(default, bool):
        return [not default]
    return [c for c in option.choices if c != default]


def variant_cases() -> list[tuple[str, str, Any]]:
    out = []
    for game_spec in specs():
        defaults = game_spec.rules()
        for option in game_spec.ui.variant_options(game_spec.rules):
            for value in all_values(option, getattr(defaults, option.name)):
                out.append((game_spec.name, option.name, value))
    return out


def test_the_variants_of_the_source_texts_are_offered() -> None:
    offered = {(g, name) for g, name, _v in variant_cases()}
    assert {("whist", "honours_rule"), ("bidwhist", "kitty"), ("bidwhist", "joker_swap")} <= (
        offered
    )
    assert {name for g, name in offered if g == "bidwhist"} == {
        "joker_count",
        "boston_points",
        "kitty",
        "equal_bids",
        "opponents_score",
        "joker_swap",
    }


@pytest.mark.parametrize("game", [s.name for s in specs()])
def test_each_setup_shows_every_option_and_variant_with_its_help(game: str) -> None:
    table = table_of(game)
    setup = table.setup
    game_spec = spec(game)
    main = [o.name for o in game_spec.ui.options(game_spec.rules)]
    variants = [o for o in game_spec.ui.variant_options(game_spec.rules)]
    # The main options stay in sight; the variants are in the group, folded at first.
    assert set(main) <= set(setup.options)
    assert set(setup.variants.widgets) == {o.name for o in variants}
    assert setup.variants in setup.children
    assert setup.variants.selected_index is None
    if variants:
        assert setup.variants.layout.display != "none"
        assert setup.variants.get_title(0) == "More rules (variants)"
    for option in variants:
        widget = setup.variants.widgets[option.name]
        assert widget.description == option.label
        assert option.tip and esc(option.tip) in setup.variants.helps[option.name].value
        assert "kw-variant" in widget._dom_classes


def test_knockout_house_rules_are_in_its_setup() -> None:
    setup = table_of("knockout").setup
    for name in ("tie_break", "no_trump_first_trick", "misere"):
        assert setup.options[name].description
        assert setup.options[name].tooltip
    words = (("a cut of the cards", "cut"), ("rock-paper-scissors", "rps"))
    assert setup.options["tie_break"].options == words


@pytest.mark.parametrize(("game", "name", "value"), variant_cases())
def test_choosing_a_variant_starts_a_game_with_it(game: str, name: str, value: Any) -> None:
    table = table_of(game)
    setup = table.setup
    for other, companion in COMPANIONS.get(name, {}).items():
        setup.variants.widgets[other].value = companion
    setup.variants.widgets[name].value = value
    setup.start.click()
    assert not table.guard.errors and not table.model.message
    assert getattr(table.game.rules, name) == value
    assert table.game.legal_moves()  # a game under way, the student to move


def test_a_refused_combination_says_the_engines_line_and_keeps_the_game() -> None:
    table = table_of("bidwhist")
    game, moves, rules = table.game, list(table.game.moves), table.game.rules
    setup = table.setup
    setup.variants.widgets["kitty"].value = False  # two jokers and no kitty
    with pytest.raises(SetupError) as refused:
        dataclasses.replace(rules, kitty=False)
    setup.start.click()
    assert table.model.message == str(refused.value)
    assert "\n" not in table.model.message and not table.guard.errors
    assert table.game is game and table.game.moves == moves and table.game.rules == rules
    assert str(refused.value) in table.explain.value


def test_the_trick_tables_refusal_keeps_the_game_too() -> None:
    table = table_of("knockout")
    game, moves = table.game, list(table.game.moves)
    table.setup.options["misere"].value = True
    table.setup.options["rainbow"].value = True
    with pytest.raises(SetupError) as refused:
        spec("knockout").rules(misere=True, rainbow=True)
    table.setup.start.click()
    assert table.model.message == str(refused.value) and not table.guard.errors
    assert table.game is game and table.game.moves == moves


def test_the_group_and_its_help_speak_spanish_and_french() -> None:
    table = table_of("bidwhist")
    options = spec("bidwhist").ui.variant_options(spec("bidwhist").rules)
    for lang in ("es", "fr"):
        table.set_language(lang)
        group = table.setup.variants
        assert group.get_title(0) == _("More rules (variants)") != "More rules (variants)"
        for option in options:
            assert group.widgets[option.name].description == _(option.label)
            assert esc(_(option.tip)) in group.helps[option.name].value
        assert any(group.helps[o.name].value != f"<span>{esc(o.tip)}</span>" for o in options)


def test_a_menus_words_follow_the_language_and_keep_the_choice() -> None:
    table = table_of("knockout")
    tie_break = table.setup.options["tie_break"]
    tie_break.value = "rps"
    table.set_language("es")
    assert tie_break.options == (
        ("un corte de la baraja", "cut"),
        ("piedra, papel o tijera", "rps"),
    )
    assert tie_break.value == "rps"
    table.setup.start.click()
    assert table.game.rules.tie_break == "rps" and not table.model.message


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["honours never win the game", "the Laws of Short Whist"]),
        ("es", ["los honores nunca ganan la partida", "las Leyes del whist corto"]),
        ("fr", ["les honneurs ne gagnent jamais la partie", "les Lois du Whist court"]),
    ],
)
def test_a_menu_of_readings_speaks_words_not_record_values(language: str, words: list) -> None:
    """Whist's honours rule: the menu says what each reading does, in the chosen
    language; the values behind the words stay the record's (``seed``, ``laws``)."""
    set_language(language)
    menu = table_of("whist").setup.variants.widgets["honours_rule"]
    assert [label for label, _value in menu.options] == words
    assert [value for _label, value in menu.options] == ["seed", "laws"]
