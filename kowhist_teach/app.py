"""The Voilà app, assembled from the widgets: play, step through a game, practise.

``notebooks/app.ipynb`` is one call, ``build_app()``; ``kowhist-teach app`` serves it
with Voilà.  Nothing here knows a rule: the widgets ask the engine and the teaching
layer for everything.

>>> app = build_app(seed=1)
>>> app.table.kind, [app.tabs.get_title(i) for i in range(3)]
('knockout', ['Play', 'Step through a game', 'Practice'])
>>> app.game_choice.value = 'whist'
>>> app.table.kind, app.table.game.game_name
('whist', 'whist')
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

import ipywidgets as w

from .core.registry import spec
from .i18n import _, get_language, set_language
from .i18n.environment import environment_language
from .widgets._common import Guard, Landmarks, LanguageMenu, esc, set_classes, style_widget, tag
from .widgets._games import family_table, spec_ui, table_specs
from .widgets.card_table import SkipLink
from .widgets.family_table import FamilyTableWidget
from .widgets.quiet import quiet_kernel
from .widgets.table import GermanTableWidget, TableWidget

__all__ = [
    "build_app",
    "give_back_memory",
    "KowhistApp",
    "make_table",
    "TeacherSettings",
    "SESSION_SETTINGS",
    "student_first",
]

_PLAY, _STEPS, _PRACTICE = 0, 1, 2

#: The teacher's settings, remembered for the session (this kernel): a new app, a new
#: table or another game starts with them.
SESSION_SETTINGS: dict[str, Any] = {
    "speed": "normal",
    "analysis": "after",
    "names": "",
    "four_colour": False,
    "projector": False,
}


#: The app's own rules. After a dead kernel ipywidgets marks every widget
#: ``jupyter-widgets-disconnected`` and draws a red broken-chain icon before each one:
#: dozens of them over the page. The card table says so once, in words (its "lost"
#: notice, with what to do), so the icons are hidden here.
APP_CSS = """
.kw-app .jupyter-widgets-disconnected::before,
.kw-app.jupyter-widgets-disconnected::before { content: none !important; display: none !important; }
.kw-teacher .kw-names-note { color: #444; font-size: 0.95em; margin: -2px 0 6px 0; }
.kw-app .kw-page-heading {
  position: absolute !important; width: 1px !important; height: 1px !important;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; margin: 0; padding: 0;
}
"""


class TeacherSettings(w.VBox):
    """The teacher's settings (``kw-teacher``): the bots' pace (``kw-speed``), the
    analysis with every card visible (``kw-analysis``: off, after the deal, on request),
    the players' names (``kw-names``), the four-colour deck (``kw-four-colour-deck``)
    and a projector mode (``kw-projector``). ``on_change(settings)`` gets them all.

    >>> seen = []
    >>> box = TeacherSettings(dict(SESSION_SETTINGS), seen.append)
    >>> box.speed.value = 'slow'; seen[-1]['speed']
    'slow'
    """

    def __init__(self, settings: dict[str, Any], on_change: Any) -> None:
        super().__init__()
        set_classes(self, "kw-teacher")
        self.settings = settings
        self.on_change = on_change
        self._quiet = False
        self.speed = w.Dropdown(value=settings["speed"], options=["instant", "normal", "slow"])
        self.analysis = w.Dropdown(value=settings["analysis"], options=["off", "after", "request"])
        self.names = w.Text(value=settings["names"])
        #: Under the names: when they are used (the game in progress keeps its names).
        self.names_note = w.HTML()
        set_classes(self.names_note, "kw-names-note")
        self.names_note.layout.max_width = "640px"
        self.four_colour = w.Checkbox(value=settings["four_colour"], indent=False)
        self.projector = w.Checkbox(value=settings["projector"], indent=False)
        parts = {
            "speed": self.speed,
            "analysis": self.analysis,
            "names": self.names,
            "four_colour": self.four_colour,
            "projector": self.projector,
        }
        for name, widget in parts.items():
            set_classes(
                widget,
                f"kw-{name.replace('_', '-')}" if name != "four_colour" else "kw-four-colour-deck",
            )
            widget.style.description_width = "initial"
            widget.observe(lambda c, name=name: self._changed(name, c["new"]), names="value")
        for widget in (self.speed, self.analysis, self.names):
            # ipywidgets' 300 px would leave the menu or the box a sliver beside a long
            # label ("Analysis with every card visible" showed "af"): the label and a
            # control of a readable size, not stretched across the page either.
            widget.layout.width, widget.layout.max_width = "auto", "640px"
        self.names.layout.min_width = "min(100%, 420px)"
        self.children = (
            self.speed,
            self.analysis,
            self.names,
            self.names_note,
            self.four_colour,
            self.projector,
        )
        self.relabel()

    def _changed(self, name: str, value: Any) -> None:
        if self._quiet or self.settings.get(name) == value:
            return
        self.settings[name] = value
        self.on_change(self.settings)

    def relabel(self) -> None:
        """The labels in the chosen language (the values stay)."""
        self._quiet = True
        try:
            self._relabel()
        finally:
            self._quiet = False
        self.speed.value, self.analysis.value = self.settings["speed"], self.settings["analysis"]

    def _relabel(self) -> None:
        self.speed.description = _("Bots' speed")
        self.speed.options = [
            (_("instant"), "instant"),
            (_("normal"), "normal"),
            (_("slow"), "slow"),
        ]
        self.analysis.description = _("Analysis with every card visible")
        self.analysis.options = [
            (_("off"), "off"),
            (_("after the deal"), "after"),
            (_("on request"), "request"),
        ]
        self.names.description = _("Player names (comma-separated)")
        self.names.placeholder = _("Ann, Bob, Cy, Dee")
        self.names_note.value = tag(
            "span",
            _(
                "The first name is the student's. The names are used from the next new "
                "game on; the game in progress keeps its names."
            ),
        )
        self.four_colour.description = _("Four-colour pack")
        self.projector.description = _("Projector (bigger)")


class KowhistApp(w.VBox):
    """The whole app: a title, the language and the game (every registered game:
    Knock-Out Whist, German Whist, the whist family …; see
    :func:`~kowhist_teach.core.registry.specs`), then
    three tabs: the table to play at (with its setup, save and load), the stepper
    with the example games, and the quizzes.  The stepper and the quizzes are built the
    first time their tab is opened, so the table is ready to click sooner.
    """

    def __init__(
        self,
        game: str = "knockout",
        players: int = 4,
        bots: list[str] | None = None,
        seed: int | None = None,
        lang: str | None = None,
        four_colour: bool = False,
        table_width: int = 760,
        *,
        keep_in_browser: bool = True,
        teacher_settings: bool = True,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-root", "kw-app")
        #: Whether the browser keeps each game in progress (localStorage) and offers it
        #: back after a lost kernel; a class's page leaves that to the class store.
        self.keep_in_browser = keep_in_browser
        #: Called with each table as it is made (a class's page follows its moves).
        self.on_table: Any = None
        if lang is not None:
            set_language(lang)
        self.options: dict[str, Any] = {
            "seed": seed,
            "four_colour": four_colour,
            "table_width": table_width,
            "language_selector": False,
            "on_review": self._review,
            "bot_options": {"time_limit": 0.5},
        }
        self.guard = Guard(self._say)
        self.settings = dict(SESSION_SETTINGS)
        if four_colour:
            self.settings["four_colour"] = True
        self.teacher = TeacherSettings(self.settings, self.guard.wrap(self._settings_changed))
        self.teacher_box = w.Accordion(children=[self.teacher], selected_index=None)
        set_classes(self.teacher_box, "kw-teacher-box")
        if not teacher_settings:
            # In a class the settings come from the teacher's console, not the page.
            self.teacher_box.layout.display = "none"
        if os.environ.get("VOILA_KERNEL_ID"):
            # Served by Voilà: a failing message from the page gets one line, never a
            # traceback (widgets/quiet.py).
            quiet_kernel(self._say)
        self.title = w.HTML()
        set_classes(self.title, "kw-tagline")
        # The page's one heading, for a screen reader (axe: page-has-heading-one): the
        # game chosen, out of sight (the game buttons show it), even in projector mode.
        self.heading = w.HTML()
        set_classes(self.heading, "kw-page-heading")
        self.language = LanguageMenu(self.guard.wrap(self.set_language))
        self.language.layout = w.Layout(width="auto", flex="0 0 auto")
        # Every registered game, in the registry's order: a new game shows up here.
        self.games = [s.name for s in table_specs()]
        self.game_choice = w.ToggleButtons(options=[("", g) for g in self.games], value=game)
        set_classes(self.game_choice, "kw-game-choice")
        self.notice = w.HTML()
        self._quiet = False
        self.tables: dict[str, TableWidget | FamilyTableWidget] = {}
        self._players, self._bots = players, bots
        self.play_box = w.VBox()
        self.steps_box = w.VBox()
        self.practice_box = w.VBox()
        self.stepper: Any = None
        self.quizzes: list[Any] = []
        self.tabs = w.Tab(children=[self.play_box, self.steps_box, self.practice_box])
        set_classes(self.tabs, "kw-tabs")
        self._show_game(game)
        self.game_choice.observe(self.guard.wrap(self._game_chosen), names="value")
        self.tabs.observe(self.guard.wrap(self._tab), names="selected_index")
        # One compact line (kw-app-header): the games, what the chosen one asks of the
        # student (cut short when narrow, whole in its tooltip), the language; so that
        # at 1024×768 the table below is big enough for a projector. Where the games'
        # names do not fit beside the language menu (1024 pixels, Spanish or French
        # names), their buttons wrap onto a second line: the menu never leaves the window.
        self.title.layout = w.Layout(flex="1 1 0", min_width="0")
        header = w.HBox(
            [self.heading, self.game_choice, self.title, self.language],
            layout=w.Layout(align_items="center", flex_flow="row nowrap", width="100%"),
        )
        set_classes(header, "kw-app-header")
        # The page's landmarks (ARIA roles ipywidgets cannot give): a screen reader's
        # user jumps to the games, the tab shown or the teacher's settings, and every
        # part of the app lies in one of them. Named in relabel().
        self.landmarks = Landmarks()
        # The first Tab on the page: straight to the student's cards.
        self.skip = SkipLink()
        self.children = (
            self.skip,
            style_widget(),
            style_widget(APP_CSS),
            self.landmarks,
            header,
            self.notice,
            self.tabs,
            self.teacher_box,
            self.guard.debug,
        )
        self.relabel()

    # ------------------------------------------------------------------ parts
    @property
    def table(self) -> TableWidget | FamilyTableWidget:
        """The table shown now."""
        return self.tables[self.game_choice.value]

    def _table(self, kind: str) -> TableWidget | FamilyTableWidget:
        if kind not in self.tables:
            self.tables[kind] = make_table(kind, self._players, self._bots, **self.options)
            self._apply(self.tables[kind])
            if self.keep_in_browser:
                # The browser keeps each game in progress: a lost kernel costs one click.
                self.tables[kind].keep_in_browser(kind)
            if self.on_table is not None:
                self.on_table(self.tables[kind])
        return self.tables[kind]

    def _apply(self, table: Any) -> None:
        """The teacher's settings on ``table``."""
        settings = self.settings
        table.set_speed(settings["speed"])
        table.analysis = settings["analysis"]
        table.card_table.projector = bool(settings["projector"])
        set_classes(
            table, *table._dom_classes, "kw-projector-mode" if settings["projector"] else ""
        )
        if hasattr(table, "set_names"):
            table.set_names(student_first(settings["names"]))
        four = bool(settings["four_colour"])
        if isinstance(table.four_colour, w.Checkbox):
            table.four_colour.value = four
        else:
            table.four_colour = table.hand.four_colour = four
        table.render()

    def _settings_changed(self, settings: dict[str, Any]) -> None:
        SESSION_SETTINGS.update(settings)
        for table in self.tables.values():
            self._apply(table)

    def _show_game(self, kind: str) -> None:
        # One table on the page at a time (their CSS hooks must stay unique); the other
        # keeps its game in progress for when it comes back.
        self.play_box.children = (self._table(kind),)
        self.tabs.selected_index = _PLAY
        self._tagline()

    def _ensure_stepper(self) -> Any:
        if self.stepper is None:
            from .widgets.stepper import StepperWidget

            self.stepper = StepperWidget(table_width=self.options["table_width"])
            self.steps_box.children = (self.stepper,)
        return self.stepper

    def _ensure_quizzes(self) -> None:
        if not self.quizzes:
            from .widgets.quiz import LegalCardsQuiz, TrickWinnerQuiz, TrumpQuiz

            seed = self.options["seed"]
            self.quizzes = [LegalCardsQuiz(seed), TrickWinnerQuiz(seed), TrumpQuiz(seed)]
            self.practice_box.children = tuple(self.quizzes)
            for quiz in self.quizzes:
                quiz.layout.margin = "0 0 24px 0"

    def _tab(self, change: dict[str, Any]) -> None:
        if change["new"] == _STEPS:
            self._ensure_stepper()
        elif change["new"] == _PRACTICE:
            self._ensure_quizzes()
        self.skip.relabel(self._skip_words())

    def _skip_words(self) -> str:
        """Where the page's skip link leads on the tab shown: the cards, the steps of a
        game, the questions."""
        if self.tabs.selected_index == _STEPS:
            return _("Skip to the steps")
        if self.tabs.selected_index == _PRACTICE:
            return _("Skip to the questions")
        return _("Skip to your cards")

    def _review(self, record: dict[str, Any]) -> None:
        stepper = self._ensure_stepper()
        stepper.load(record)
        self.tabs.selected_index = _STEPS

    def _say(self, message: str) -> None:
        self.notice.value = f'<div class="kw-message" role="alert">⚠ {esc(message)}</div>'

    # -------------------------------------------------------------- languages
    def set_language(self, lang: str) -> None:
        """Every text of the app in ``lang`` (``en``, ``es``, ``fr``)."""
        set_language(lang)
        self.language.follow(lang)
        for table in self.tables.values():
            table.set_language(lang)
            if self.settings["names"].strip() and hasattr(table, "set_names"):
                # The student's "(you)" in the new language, from the next game on.
                table.set_names(student_first(self.settings["names"]))
        if self.stepper is not None:
            self.stepper.rebuild()
        for quiz in self.quizzes:
            quiz.relabel()
        self.relabel()

    def _tagline(self) -> None:
        """The line under the game choice: what the chosen game asks of the student."""
        tagline = spec_ui(spec(self.game_choice.value)).tagline
        words = esc(_(tagline) if tagline else _("Click a card to play it."))
        self.title.value = f'<span title="{words}">{words}</span>'
        self.heading.value = f"<h1>{esc(spec(self.game_choice.value).display_name())}</h1>"

    def relabel(self) -> None:
        """The app's own texts in the chosen language."""
        self._tagline()
        self.skip.relabel(self._skip_words())
        self.language.relabel()
        self.teacher.relabel()
        self.teacher_box.set_title(0, _("Teacher settings"))
        labels = [(spec(g).display_name(), g) for g in self.games]
        if [t for t, _v in self.game_choice.options] != [t for t, _v in labels]:
            value = self.game_choice.value
            self._quiet_options(labels, value)
        for i, title in enumerate((_("Play"), _("Step through a game"), _("Practice"))):
            self.tabs.set_title(i, title)
        self.landmarks.marks = {
            # The app's words are in the chosen language: a screen reader reads them so.
            ":scope": {"lang": get_language()},
            ":scope > .kw-app-header": {
                "role": "navigation",
                "aria-label": _("Games and language"),
            },
            ":scope > .kw-tabs": {"role": "main"},
            ":scope > .kw-teacher-box": {"role": "region", "aria-label": _("Teacher settings")},
            # The explanation beside the table scrolls (it is kept to the window's height):
            # a keyboard must be able to reach it to scroll it.
            ".kw-side .kw-explain": {
                "tabindex": "0",
                "role": "region",
                "aria-label": _("Explanation"),
            },
            # So does the box of the score table when it is wider than its column
            # (German Whist's in projector mode).
            ".widget-vbox:has(> .kw-chart)": {
                "tabindex": "0",
                "role": "region",
                "aria-label": _("Score table"),
            },
        }
        self.notice.value = ""

    def _quiet_options(self, labels: list[tuple[str, str]], value: str) -> None:
        # New option labels must not count as the user switching games.
        self._quiet = True
        try:
            self.game_choice.options = labels
            self.game_choice.value = value
        finally:
            self._quiet = False

    def _game_chosen(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None:
            self._show_game(change["new"])


def student_first(names: str) -> list[str]:
    """The teacher's comma-separated names, seat by seat, the student's (the first)
    marked "(you)" as the default name "Player 1 (you)" is: naming the players must not
    cost the student the mark of their own seat.

    >>> student_first(" Ann, Bob ,, Cy"), student_first(" , ")
    (['Ann (you)', 'Bob', 'Cy'], [])
    """
    # Empty names are left out, as the tables do: the first name given sits in seat 1.
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    if not chosen:
        return []
    return [_("{name} (you)").format(name=chosen[0]), *chosen[1:]]


def make_table(
    kind: str,
    players: int = 4,
    bots: list[str] | None = None,
    *,
    seed: int | None = None,
    four_colour: bool = False,
    table_width: int = 760,
    bot_options: dict[str, Any] | None = None,
    **options: Any,
) -> TableWidget | FamilyTableWidget:
    """The table the app seats a student at for the game ``kind`` (any registered
    game), chosen by what its spec declares: the family's table for partnerships or an
    auction, the table with a stock, else the trick table. ``options`` go to the trick
    tables (``on_review``, ``language_selector``).

    >>> type(make_table("german", seed=1)).__name__
    'GermanTableWidget'
    """
    game_spec = spec(kind)
    if family_table(game_spec):
        # Partnerships or an auction: the family's table, with calls as buttons.
        return FamilyTableWidget(
            kind,
            seed=seed,
            four_colour=four_colour,
            table_width=table_width,
            language_selector=False,
            bot_options=bot_options,
        )
    common = dict(seed=seed, four_colour=four_colour, table_width=table_width,
                  bot_options=bot_options, **options)  # fmt: skip
    if game_spec.stock:
        return GermanTableWidget(bots=bots, game=kind, players=players, **common)
    return TableWidget(players, bots, game=kind, **common)


def build_app(
    game: str = "knockout",
    players: int = 4,
    bots: list[str] | None = None,
    seed: int | None = None,
    lang: str | None = None,
    four_colour: bool = False,
    table_width: int = 760,
) -> KowhistApp:
    """The app as one widget: display it in a notebook, or let Voilà serve the notebook.

    ``game`` is the record name of any registered game (``"knockout"``, ``"german"``,
    ``"whist"``, ``"solo"``, ``"bidwhist"`` …); ``bots`` names the bot in each other
    seat (``random``, ``rules``, ``montecarlo``; default: rules of thumb); ``seed``
    makes the deals repeatable; ``lang`` is ``en``, ``es`` or ``fr`` (without it: the
    language ``kowhist-teach --lang … app`` or ``kowhist-teach lab`` asked for, through
    ``KOWHIST_TEACH_LANG``; else the one chosen so far, English at first).

    >>> app = build_app(players=3, seed=2)
    >>> len(app.table.game.names)
    3
    """
    lang = lang or environment_language()
    app = KowhistApp(game, players, bots, seed, lang, four_colour, table_width)
    give_back_memory()
    return app


def give_back_memory() -> bool:
    """Hand the memory freed while importing and building the app back to the OS
    (glibc's ``malloc_trim``; nothing elsewhere): about 2 MB less per app kernel, which
    a class multiplies by the number of students. Whether it could.

    >>> give_back_memory() in (True, False)
    True
    """
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
        return True
    return False
