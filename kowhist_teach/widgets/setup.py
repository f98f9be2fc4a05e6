"""The setups of the tables: the rule options a game's ``ui`` hook lists
(:meth:`~kowhist_teach.core.hooks.ui.GameUI.options`), as checkboxes, sliders and menus,
then its variants (:meth:`~kowhist_teach.core.hooks.ui.GameUI.variant_options`) in a
folded "More rules (variants)" group (:class:`VariantGroup`), each with its one-line
help; players and bots for the trick table, and the length of a match for a game that
plays matches.

>>> from kowhist_teach.widgets.model import GameModel
>>> panel = SetupPanel('knockout', GameModel('knockout', players=3, seed=1), print)
>>> panel.settings()[0], 'dogs_chance' in panel.options
(3, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..core.hooks.ui import RuleOption
from ..i18n import _
from ..teach.bots import BOT_NAMES
from ._common import Guard, big_button, set_classes, tag
from ._games import spec_ui

if TYPE_CHECKING:  # the model imports nothing of the views
    from .model import GameModel

__all__ = [
    "SetupPanel",
    "VariantGroup",
    "choice_words",
    "option_label",
    "option_value",
    "option_widget",
    "relabel_option",
]


def _bot_label(name: str) -> str:
    return {
        "random": _("random (plays any legal card)"),
        "rules": _("rules of thumb"),
        "montecarlo": _("Monte Carlo (strongest, slower)"),
    }[name]


def _match_label(n: int) -> str:
    return _("Single hand") if n == 1 else _("Best of {n}").format(n=n)


#: What a menu holds for a rule's ``None`` ("no race"): ipywidgets reads a menu's value
#: ``None`` as "nothing chosen" and draws the menu blank (German Whist's "Race to" showed
#: nothing), so the widget holds this stand-in and :func:`option_value` gives ``None`` back.
NO_VALUE = "-"


def option_value(widget: w.Widget) -> Any:
    """An option widget's value for the rules (``None`` for a menu's :data:`NO_VALUE`).

    >>> option_value(option_widget(RuleOption('race', choices=(None, 7)), None)) is None
    True
    """
    value = widget.value
    return None if isinstance(widget, w.Dropdown) and value == NO_VALUE else value


def option_widget(option: RuleOption, value: Any) -> w.Widget:
    """The widget of one rule option (its label set by the caller): a checkbox for a
    true/false option, a slider for a range, a menu of choices otherwise.

    >>> option_widget(RuleOption('x', low=1, high=3), 2).max
    3
    """
    if isinstance(value, bool):
        return w.Checkbox(value=value, indent=False)
    if option.low is not None and option.high is not None:
        return w.IntSlider(value=value, min=option.low, max=option.high, continuous_update=False)
    choices = list(option.choices)
    if value not in choices:
        choices.append(value)
    if all(isinstance(c, int) for c in choices):
        # Numbers read in order; words keep the option's own order (the usual first).
        choices.sort()
    return w.Dropdown(
        options=choice_words(option, choices), value=NO_VALUE if value is None else value
    )


def choice_words(option: RuleOption, choices: list[Any]) -> list[tuple[str, Any]]:
    """A menu's (words, value) pairs in the chosen language: the option's
    ``choice_labels`` where it has them, else the values themselves; ``None`` is held
    as :data:`NO_VALUE` (see :func:`option_value`).

    >>> choice_words(RuleOption('x', choices=(1, None)), [1, None])
    [('1', 1), ('-', '-')]
    """
    named = dict(zip(option.choices, option.choice_labels, strict=False))
    pairs = []
    for c in choices:
        value = None if c == NO_VALUE else c
        words = _(named[value]) if value in named else "-" if value is None else str(value)
        pairs.append((words, NO_VALUE if value is None else value))
    return pairs


def option_label(option: RuleOption) -> tuple[str, str]:
    """An option's label and tip in the chosen language."""
    label = _(option.label) if option.label else option.name.replace("_", " ")
    return label, _(option.tip) if option.tip else ""


def relabel_option(widget: w.Widget, option: RuleOption) -> None:
    """Set an option widget's label, tooltip and menu words in the chosen language
    (the value chosen stays)."""
    label, tip = option_label(option)
    widget.description = label
    widget.tooltip = tip
    widget.style.description_width = "initial"
    if option.choice_labels and isinstance(widget, w.Dropdown):
        chosen = widget.value
        widget.options = choice_words(option, [value for _words, value in widget.options])
        widget.value = chosen


class VariantGroup(w.Accordion):
    """The variants of a game's rules (house rules, the source texts' alternatives) in a
    folded group titled "More rules (variants)" (``kw-variants``): each option's widget
    with its label, and under it its one-line help in plain sight (``kw-option-help``),
    not only in a tooltip, so that it reads on a projector. Hidden when the game has no
    variants. ``widgets`` maps each option's name to its widget.

    >>> group = VariantGroup([RuleOption('fast', 'Fast', 'Play fast')], {'fast': False})
    >>> group.widgets['fast'].description, group.helps['fast'].value
    ('Fast', '<span>Play fast</span>')
    """

    def __init__(self, options: list[RuleOption], values: dict[str, Any]) -> None:
        self.rule_options = {o.name: o for o in options}
        self.widgets: dict[str, w.Widget] = {}
        self.helps: dict[str, w.HTML] = {}
        rows = []
        for name, option in self.rule_options.items():
            widget = option_widget(option, values[name])
            set_classes(widget, "kw-option", "kw-variant", f"kw-option-{name.replace('_', '-')}")
            widget.layout.width = "auto"
            widget.layout.max_width = "560px"  # a menu not stretched across the page
            widget.style.description_width = "initial"
            help_line = w.HTML()
            set_classes(help_line, "kw-option-help")
            self.widgets[name], self.helps[name] = widget, help_line
            rows.append(w.VBox([widget, help_line]))
        super().__init__(children=[w.VBox(rows)], selected_index=None)
        set_classes(self, "kw-variants")
        if not options:
            self.layout.display = "none"
        self.relabel()

    def relabel(self) -> None:
        """Every label and help line in the chosen language."""
        self.set_title(0, _("More rules (variants)"))
        for name, widget in self.widgets.items():
            relabel_option(widget, self.rule_options[name])
            self.helps[name].value = tag("span", option_label(self.rule_options[name])[1])

    def values(self) -> dict[str, Any]:
        """Each variant's chosen value, by option name."""
        return {name: option_value(widget) for name, widget in self.widgets.items()}


class SetupPanel(w.VBox):
    """The settings of the next game: players, the bot in each seat, the main rule
    options, the variants in a folded group (``variants``, a :class:`VariantGroup`).

    ``on_start(players, rules, bots)`` is called by the "new game" button; settings
    the engine refuses are reported through ``guard`` in one line (the game in
    progress stays).
    """

    def __init__(
        self,
        kind: str,
        model: GameModel,
        on_start: Callable[[int, Any, list[str]], None],
        guard: Guard | None = None,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-setup")
        self.guard = guard or Guard(model.say)
        self.kind = kind
        self.on_start = on_start
        self.spec = model.spec
        low, high = self.spec.players
        self._fixed = low if low == high else None
        self.players = w.IntSlider(value=model.players, min=low, max=high, continuous_update=False)
        set_classes(self.players, "kw-players")
        if self._fixed is not None:
            self.players.layout.display = "none"
        self.bots = [
            w.Dropdown(options=[(n, n) for n in BOT_NAMES], value="rules")
            for _s in range(max(high - 1, 1))
        ]
        for seat, (dropdown, name) in enumerate(zip(self.bots, model.bot_names, strict=False)):
            dropdown.value = name
            set_classes(dropdown, "kw-bot", f"kw-bot-{seat + 1}")
        self.options: dict[str, w.Widget] = {}
        rules_class = self.spec.rules
        rules = model.rules or rules_class()
        ui = spec_ui(self.spec)
        self.rule_options = {o.name: o for o in ui.options(rules_class)}
        variants = [o for o in ui.variant_options(rules_class) if o.name not in self.rule_options]
        self.variants = VariantGroup(variants, {o.name: getattr(rules, o.name) for o in variants})
        for name, option in self.rule_options.items():
            self.options[name] = option_widget(option, getattr(rules, name))
        for name, widget in self.options.items():
            set_classes(widget, "kw-option", f"kw-option-{name.replace('_', '-')}")
            if isinstance(widget, w.IntSlider):
                widget.layout.width = "480px"
            elif isinstance(widget, w.Checkbox):
                widget.layout.width = "auto"
            else:  # a menu: its label and its words in full, not stretched across the page
                widget.layout.width, widget.layout.max_width = "auto", "560px"
        self.players.layout.width = "480px"
        # A single game or a match (German Whist: a single hand, best of 3, best of 5).
        self.match_choices = self.spec.matches
        self.match = w.Dropdown(
            options=[(str(n), n) for n in self.match_choices] or [("1", 1)],
            value=model.match if model.match in self.match_choices else 1,
        )
        set_classes(self.match, "kw-option", "kw-match")
        self.match.layout.width, self.match.layout.max_width = "auto", "560px"
        if not self.match_choices:
            self.match.layout.display = "none"
        self.start = big_button("", "kw-new-game")
        self.start.on_click(self.guard.wrap(lambda _b: self._start()))
        self.players.observe(lambda _c: self._show_bots(), names="value")
        self.bots_label = w.HTML()
        self.rules_label = w.HTML()
        checks = [x for x in self.options.values() if isinstance(x, w.Checkbox)]
        others = [x for x in self.options.values() if not isinstance(x, w.Checkbox)]
        grid = w.GridBox(checks, layout=w.Layout(grid_template_columns="repeat(2, 1fr)"))
        self.children = (
            self.players,
            self.match,
            self.bots_label,
            w.HBox(self.bots, layout=w.Layout(flex_flow="row wrap")),
            self.rules_label,
            *others,
            grid,
            self.variants,
            self.start,
        )
        self.relabel()
        self._show_bots()

    def relabel(self) -> None:
        """Set every label in the chosen language."""
        self.players.description = _("Players")
        for seat, dropdown in enumerate(self.bots, start=1):
            dropdown.description = _("Seat {n}").format(n=seat + 1)
            chosen = dropdown.value
            dropdown.options = [(_bot_label(n), n) for n in BOT_NAMES]
            dropdown.value = chosen  # new labels, the same bot
            dropdown.style.description_width = "initial"
        self.players.style.description_width = "initial"
        chosen = self.match.value
        self.match.options = [(_match_label(n), n) for n in self.match_choices] or [("1", 1)]
        self.match.value = chosen  # new labels, the same length
        self.match.description = _("Match")
        self.match.tooltip = _("One hand, or a match: the first to win most of the hands")
        self.match.style.description_width = "initial"
        for name, widget in self.options.items():
            relabel_option(widget, self.rule_options[name])
        self.start.description = _("Start a new game with these settings")
        self.start.tooltip = self.start.description
        self.bots_label.value = tag("b", _("Bots"))
        self.rules_label.value = tag("b", _("Rules"))
        self.variants.relabel()

    def _show_bots(self) -> None:
        n = self._count()
        for seat, dropdown in enumerate(self.bots, start=1):
            dropdown.layout.display = "" if seat < n else "none"

    def settings(self) -> tuple[int, Any, list[str]]:
        """The players, rules and bots chosen (the engine checks them)."""
        n = self._count()
        values = {name: option_value(widget) for name, widget in self.options.items()}
        rules: Any = self.spec.rules(**values, **self.variants.values())
        return n, rules, [d.value for d in self.bots[: n - 1]]

    def match_length(self) -> int:
        """The hands of the match chosen (1: a single game)."""
        return int(self.match.value)

    def _count(self) -> int:
        return self._fixed if self._fixed is not None else self.players.value

    def _start(self) -> None:
        self.on_start(*self.settings())
