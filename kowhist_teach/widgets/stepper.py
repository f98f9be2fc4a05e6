"""Step through a game record, event by event, forward and back.

>>> from kowhist_teach import KnockoutGame, to_record
>>> game = KnockoutGame(3, seed=1)
>>> for _i in range(3):
...     game.play(game.legal_moves()[0])
>>> stepper = StepperWidget(to_record(game))
>>> stepper.slider.max, stepper.slider.value
(3, 0)
>>> stepper.next_button.click(); stepper.slider.value
1
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as w

from ..core.record import EXAMPLES_DIR, example_paths, record_from_data
from ..core.registry import game_names, spec
from ..i18n import _
from ..pictures.svg import table_svg
from ..teach.story import Step, record_steps
from ._common import (
    Guard,
    Landmarks,
    big_button,
    esc,
    set_classes,
    style_widget,
    tag,
    uploaded_record,
)
from .faces import lines_html
from .upload import RecordUpload

__all__ = ["StepperWidget", "example_records", "EXAMPLES_DIR"]

_ORDER = (
    "knockout-follow-and-trump",
    "knockout-dogs-chance",
    "knockout-whole-game",
    "german-whist-hand",
    "germandummy",
    "whist",
    "solo",
    "bidwhist",
)


def example_records() -> dict[str, dict[str, Any]]:
    """The example records (:func:`~kowhist_teach.core.record.example_paths`: the
    package's and each game's own) by file name.

    >>> 'knockout-follow-and-trump' in example_records()
    True
    """
    paths = example_paths()
    # The lesson order: a first round, a dog's chance, a whole game, then German Whist,
    # then the whist family (partnership whist, solo whist, bid whist).
    first = {name: i for i, name in enumerate(_ORDER)}
    paths.sort(key=lambda p: (first.get(p.stem, len(first)), p.stem))
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in paths}


def _example_title(name: str, record: dict[str, Any]) -> str:
    """The menu's title of a shipped example: its own, else its game's name."""
    titles = {
        "knockout-follow-and-trump": _("Knock-Out Whist: following suit and trumping in"),
        "knockout-dogs-chance": _("Knock-Out Whist: a dog's chance"),
        "german-whist-hand": _("German Whist: a whole hand"),
        "knockout-whole-game": _("Knock-Out Whist: a whole game between four bots"),
        "whist": _("Partnership whist: a whole deal, trumps turned up"),
        "solo": _("Solo whist: the auction and a solo"),
        "bidwhist": _("Bid whist: the auction, the kitty and a whole deal"),
    }
    if name in titles:
        return titles[name]
    # Any other example is named by its game, as the registry knows it.
    game = record.get("game")
    return spec(game).display_name() if game in game_names() else name


class StepperWidget(w.VBox):
    """Any record (Knock-Out Whist, German Whist, partnership whist, solo whist, bid
    whist), one event at a time: a slider and previous/next buttons, the table at that
    moment (every hand face up, bid whist's kitty and discards too) and what the event
    means.

    ``examples`` (default: the shipped examples) fill a menu, each under its name in
    ``examples`` (a lesson names its own in the reader's language); a record file can
    be loaded too.  Classes: ``kw-stepper``, ``kw-step-prev``, ``kw-step-next``,
    ``kw-step-slider``, ``kw-step-explain``, ``kw-step-table``.
    """

    def __init__(
        self,
        record: dict[str, Any] | str | None = None,
        examples: dict[str, dict[str, Any]] | None = None,
        *,
        table_width: int = 760,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-root", "kw-stepper")
        self.examples = example_records() if examples is None else dict(examples)
        # The shipped examples get their titles from the catalogue; examples passed in
        # are titled by the names they were given (lesson 06 names its eight records).
        self._own_names = examples is not None
        self.table_width = table_width
        self.steps: list[Step] = []
        self.record: dict[str, Any] | None = None
        self.message = ""
        self._quiet = False
        self.guard = Guard(self._say)
        self.menu = w.Dropdown()
        set_classes(self.menu, "kw-step-examples")
        self.upload = RecordUpload(accept=".json,application/json", multiple=False)
        set_classes(self.upload, "kw-step-load")
        self.upload.layout.width = "auto"
        self.prev_button = big_button("◀", "kw-step-prev")
        self.next_button = big_button("▶", "kw-step-next")
        self.slider = w.IntSlider(value=0, min=0, max=0, continuous_update=True, readout=False)
        set_classes(self.slider, "kw-step-slider")
        self.slider.layout.width = "420px"
        self.where = w.HTML()
        set_classes(self.where, "kw-step-where")
        self.picture = w.HTML()
        set_classes(self.picture, "kw-step-table")
        self.explain = w.HTML()
        set_classes(self.explain, "kw-step-explain")
        self.explain.layout.width = "100%"
        self.heading = w.HTML()
        self.prev_button.on_click(self.guard.wrap(lambda _b: self.go(self.slider.value - 1)))
        self.next_button.on_click(self.guard.wrap(lambda _b: self.go(self.slider.value + 1)))
        self.slider.observe(self.guard.wrap(lambda _c: self.render()), names="value")
        self.menu.observe(self.guard.wrap(self._chosen), names="value")
        self.upload.observe(self.guard.wrap(self._uploaded), names="value")
        # A file refused in the browser (too large) is said here, in one line.
        self.upload.observe(
            self.guard.wrap(lambda c: c["new"] and self._say(c["new"])), names="error"
        )
        controls = w.HBox(
            [self.prev_button, self.slider, self.next_button, self.where],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )
        sources = w.HBox([self.menu, self.upload], layout=w.Layout(flex_flow="row wrap"))
        # Names for the example menu and the slider's handle, which ipywidgets leaves
        # unnamed for a screen reader (the menu's label is hidden, the handle has none).
        self.labels = Landmarks()
        self.children = (
            style_widget(),
            self.labels,
            self.heading,
            sources,
            controls,
            w.HBox(
                [
                    self.picture,
                    w.VBox([self.explain], layout=w.Layout(flex="1 1 320px", min_width="300px")),
                ],
                layout=w.Layout(flex_flow="row wrap"),
            ),
            self.guard.debug,
        )
        self.relabel()
        if record is not None:
            self.load(record)
        elif self.examples:
            self.menu.value = next(iter(self.examples))
        else:
            self.render()

    # ---------------------------------------------------------------- records
    def load(self, record: dict[str, Any] | str | bytes) -> None:
        """Show a record (a dict, JSON text or its bytes — never a file name) from its
        first event.

        A bad record is reported in one line and the record shown stays.
        """
        data = record_from_data(record)
        steps = record_steps(data)
        if not steps:
            raise ValueError(_("this record has nothing dealt yet: there is nothing to show"))
        self.record, self.steps, self.message = data, steps, ""
        with self.slider.hold_trait_notifications():
            self.slider.max = len(steps) - 1
            self.slider.value = 0
        self.render()

    def _chosen(self, change: dict[str, Any]) -> None:
        name = change["new"]
        if name in self.examples and not self._quiet:
            self.load(self.examples[name])

    def _uploaded(self, change: dict[str, Any]) -> None:
        record = uploaded_record(self.upload, change, self._say)
        if record is not None:
            self.load(record)

    def _say(self, message: str) -> None:
        self.message = message
        self.render()

    # ---------------------------------------------------------------- moving
    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the record)."""
        self.message = ""
        self.slider.value = max(0, min(index, self.slider.max))

    @property
    def step(self) -> Step | None:
        """The step shown now."""
        if not self.steps:
            return None
        return self.steps[self.slider.value]

    # ---------------------------------------------------------------- drawing
    def relabel(self) -> None:
        """The fixed texts in the chosen language."""
        self.heading.value = tag("h3", _("Step through a game"), "margin:4px 0")
        self.prev_button.tooltip = _("Previous step")
        self.next_button.tooltip = _("Next step")
        self.upload.description = _("Load a record")
        current = self.menu.value
        options = [(_("Choose an example…"), "")] + [
            (name if self._own_names else _example_title(name, rec), name)
            for name, rec in self.examples.items()
        ]
        self._quiet = True  # a new list of titles is not a choice of example
        try:
            self.menu.options = options
            self.menu.value = current if current in {v for _t, v in options} else ""
        finally:
            self._quiet = False
        self.menu.layout.width = "460px"
        self.labels.marks = {
            ".kw-step-examples select": {"aria-label": _("Example game")},
            ".kw-step-slider .noUi-handle": {"aria-label": _("Step of the game")},
        }
        self.render()

    def rebuild(self) -> None:
        """After a language change: the explanations again, in the new language."""
        index = self.slider.value
        self.relabel()
        if self.record is not None:
            self.steps = record_steps(self.record)
            self.slider.value = min(index, len(self.steps) - 1)
            self.render()

    def render(self) -> None:
        """Draw the step shown."""
        step = self.step
        parts = []
        if self.message:
            parts.append(f'<div class="kw-message" role="alert">⚠ {esc(self.message)}</div>')
        if step is None:
            self.picture.value = ""
            self.where.value = ""
            parts.append(tag("i", _("Choose an example or load a record.")))
            self.explain.value = "".join(parts)
            return
        k, n = self.slider.value, len(self.steps)
        self.where.value = tag("b", _("Step {k} of {n}").format(k=k + 1, n=n))
        self.prev_button.disabled = k == 0
        self.next_button.disabled = k == n - 1
        self.picture.value = table_svg(step.game, show_all=True, width=self.table_width)
        parts.append(lines_html(list(step.lines), "kw-story"))
        self.explain.value = "".join(parts)
