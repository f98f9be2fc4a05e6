"""The teacher's console (DESIGN §6, §8): one page over the whole class.

- every student in a line (``kw-student``, starting with their name): connected or
  not, their game and round, tricks, knocked out, dog or winner, illegal cards tried,
  hints asked, the quiz, their last activity; read from the class store every second;
- a click on a student: their table as they see it, and the god view (``kw-god``)
  with every hand face up, big enough for a projector; their name, to change
  (``kw-rename``);
- the class settings (``kw-class-settings``) and "Everyone plays this deal"
  (``kw-same-deal``) from :mod:`.console_boxes`;
- the results of the deal the class plays, student by student side by side, the best
  and the worst, and that deal on the projector with every card visible.

``notebooks/console.ipynb`` is one call, ``build_console()``; the store's URL comes
from :data:`~.schema.CLASS_DB_ENV`, which ``kowhist-teach class start`` sets.

>>> import tempfile
>>> store = ClassStore.open(tempfile.mkdtemp())
>>> ann = store.join("a" * 32, "Ann")
>>> console = TeacherConsole(store, poll=False)
>>> [row.description.split(" · ")[0] for row in console.rows.children]
['Ann']
>>> console.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from typing import Any

import ipywidgets as w

from ..core.errors import RecordError, SetupError
from ..core.registry import spec
from ..i18n import LANGUAGES, _, get_language, ngettext, set_language
from ..pictures.table import table_svg
from ..widgets._common import CSS, Guard, LanguageMenu, big_button, esc, set_classes, tag
from ..widgets.quiet import one_line, quiet_kernel
from .console_boxes import ClassSettingsBox, RenameBox, SameDealBox, message_html
from .console_tables import TablesBox
from .console_views import (
    ANALYSIS_SECONDS,
    StudentLine,
    best_and_worst_html,
    deal_analysis,
    deal_game,
    deal_results,
    line_text,
    results_html,
    row_game,
    student_lines,
)
from .kernel import kernel_loop
from .schema import CLASS_DB_ENV, Deal, GameRow, StoreError, store_url
from .store import ClassStore

__all__ = [
    "CONSOLE_CSS",
    "POLL_SECONDS",
    "ConsoleMessage",
    "StudentTable",
    "TeacherConsole",
    "build_console",
]

#: How often the console reads the store (seconds): an event shows within two.
POLL_SECONDS = 1.0
#: The width of a table drawn for the projector (pixels; it shrinks to fit the page).
PROJECTOR_WIDTH = 1000
#: The states a student's line is coloured by.
_STATES = ("out", "dog", "won", "lost", "drawn")

#: The console's own styles, over the shared sheet: big enough to read from the back.
CONSOLE_CSS = """
.kw-console h2 { font-size: 28px; margin: 4px 0; }
.kw-console h3 { font-size: 23px; margin: 16px 0 4px 0; }
.kw-console .widget-label, .kw-console label, .kw-console .widget-html-content {
  font-size: 18px; }
.kw-root.kw-console select, .kw-root.kw-console .widget-text input {
  font-size: 18px; height: 36px; }
.kw-student-list { gap: 6px; }
.kw-root .jupyter-button.kw-student { width: 100%; height: auto; min-height: 48px;
  margin: 0; padding: 6px 14px; text-align: left; white-space: normal; overflow: visible;
  text-overflow: clip; font-size: 20px; line-height: 1.35; background: #fff;
  border: 2px solid #bbb; border-left: 10px solid #9e9e9e; border-radius: 10px; }
.kw-root .jupyter-button.kw-student.kw-student-connected { border-left-color: #17613a; }
.kw-root .jupyter-button.kw-student.kw-student-dog { background: #fff3e0; }
.kw-root .jupyter-button.kw-student.kw-student-out { background: #e6e6e6; color: #444; }
.kw-root .jupyter-button.kw-student.kw-student-won { background: #e8f5e9; }
.kw-root .jupyter-button.kw-student.kw-student-selected { box-shadow: 0 0 0 4px #f5b301; }
.kw-console-table svg.kwr-table, .kw-deal-picture svg.kwr-table { max-width: 100%;
  height: auto; }
.kw-root.kw-console .widget-toggle-button { font-size: 17px; height: 38px; width: auto;
  padding: 0 12px; }
.kw-class-settings, .kw-same-deal-box { border: 2px solid #c8c8c8; border-radius: 12px;
  padding: 6px 16px 12px 16px; gap: 6px; flex: 1 1 420px; }
/* A long label ("Seconds before a bot plays for a student gone", longer in Spanish and
   French) left its menu 31 px wide at 1024x768: the menu goes under it instead. */
.kw-class-settings .widget-dropdown { flex-wrap: wrap; row-gap: 2px; height: auto; }
.kw-class-settings .widget-dropdown > .widget-label { max-width: 100%; white-space: normal; }
.kw-class-settings .widget-dropdown > select { flex: 1 1 180px; min-width: 180px; }
.kw-root .jupyter-button.kw-god.mod-active,
.kw-root .jupyter-button.kw-projector.mod-active { background: #5e2a84; color: #fff; }
.kw-root .jupyter-button.kw-same-deal { background: #17613a; color: #fff; font-weight: bold; }
.kw-results-table { border-collapse: collapse; font-size: 19px; }
.kw-results-table th, .kw-results-table td { border: 1px solid #bbb; padding: 4px 12px;
  text-align: center; }
.kw-console .kw-analysis .widget-html-content { font-size: 20px; line-height: 1.4; }
"""


def _style() -> w.HTML:
    box = w.HTML(f"<style>{CSS}{CONSOLE_CSS}</style>")
    box.add_class("kw-style")
    box.layout.display = "none"
    return box


class StudentTable(w.VBox):
    """A student's table as they see it (``kw-console-table``; the student sits in seat
    0), and the god view (``kw-god``): every hand face up. It redraws only when their
    game or the switch changed.

    >>> view = StudentTable()
    >>> view.show("Ann", None); "Ann" in view.picture.value
    True
    """

    def __init__(self, guard: Guard | None = None) -> None:
        super().__init__()
        set_classes(self, "kw-student-table")
        self.heading = w.HTML()
        self.god = w.ToggleButton(value=False, icon="eye")
        set_classes(self.god, "kw-tool", "kw-god")
        self.god.layout.width = "auto"
        self.close_button = big_button("✕", "kw-close-table")
        self.picture = w.HTML()
        set_classes(self.picture, "kw-console-table")
        self.picture.layout.width = "100%"
        self._name = ""
        self._row: GameRow | None = None
        self._key: tuple[Any, ...] | None = None
        self.god.observe((guard or Guard(self._say)).wrap(lambda _c: self.draw()), names="value")
        self.children = (
            w.HBox(
                [self.heading, self.god, self.close_button], layout=w.Layout(align_items="center")
            ),
            self.picture,
        )
        self.relabel()

    def show(self, name: str, row: GameRow | None) -> None:
        """Show ``name``'s game ``row`` (their latest), unless it is already shown."""
        self._name, self._row = name, row
        if self._wanted() != self._key:
            self.draw()

    def _wanted(self) -> tuple[Any, ...]:
        """What the picture shows: whose game, how far, which view, in which language."""
        row = self._row
        game = (row.id, row.updated_at, row.moves) if row is not None else None
        return (self._name, game, self.god.value, get_language())

    def _say(self, message: str) -> None:
        self.picture.value = message_html(message)

    def draw(self) -> None:
        """Draw the game shown, with every hand or as the student sees it."""
        row, name = self._row, self._name
        self._key = self._wanted()
        if self.god.value:
            heading = _("{name}'s table, every hand face up").format(name=name)
        else:
            heading = _("{name}'s table, as they see it").format(name=name)
        self.heading.value = tag("h3", heading)
        if row is None:
            self.picture.value = tag("p", _("{name} has no game yet.").format(name=name))
            return
        try:
            game = row_game(row)
            svg = table_svg(game, seat=0, show_all=self.god.value, width=PROJECTOR_WIDTH)
        except (RecordError, SetupError, ValueError) as e:
            self._say((str(e).splitlines() or [""])[0])
            return
        self.picture.value = str(svg)

    def relabel(self) -> None:
        """The texts in the chosen language (and the picture again: its words too)."""
        self.god.description = _("Show every hand")
        self.god.tooltip = _("The teacher's view: every hand face up")
        self.close_button.tooltip = _("Close")
        if self._name:
            self.draw()


class TeacherConsole(w.VBox):
    """The teacher's page over a class store (see the module's docstring).

    ``poll`` reads the store every :data:`POLL_SECONDS` on the kernel's event loop;
    without it (or outside a kernel) call :meth:`refresh`. The console speaks the
    class's language, and has a language menu of its own.
    """

    #: The longest the analysis of a deal's first position may take before a note says
    #: so (:func:`~.console_views.deal_analysis`).
    analysis_seconds = ANALYSIS_SECONDS

    def __init__(self, store: ClassStore, *, poll: bool = True, interval: float = POLL_SECONDS):
        super().__init__()
        set_classes(self, "kw-root", "kw-console")
        self.store = store
        self.interval = interval
        self.guard = Guard(self._say)
        self.notice = w.HTML()
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self._failing = False
        settings = store.settings()
        self._version = store.settings_version()
        self._class_lang = settings.get("lang")
        if self._class_lang in LANGUAGES:
            set_language(self._class_lang)
        self.title = w.HTML()
        self.language = LanguageMenu(self.guard.wrap(self.set_language))
        self.language.layout = w.Layout(width="auto", flex="0 0 auto")
        self.list_heading = w.HTML()
        self.rows = w.VBox()
        set_classes(self.rows, "kw-student-list")
        self._buttons: dict[int, w.Button] = {}
        self._shown: dict[int, tuple[str, tuple[str, ...]]] = {}
        self.lines: list[StudentLine] = []
        #: Each student's latest game, with their last activity when it was read.
        self._games: dict[int, tuple[float | None, GameRow | None]] = {}
        self.selected: int | None = None
        self.table = StudentTable(self.guard)
        self.table.layout.display = "none"
        #: The selected student's name, to change (two students with one name, a typo).
        self.rename = RenameBox(store, lambda _student: self.refresh())
        self.rename.layout.display = "none"
        self.table.close_button.on_click(self.guard.wrap(lambda _b: self.select(None)))
        self.settings_box = ClassSettingsBox(store, self._setting_changed)
        self.same_deal = SameDealBox(store, self._deal_sent)
        self.deal_heading = w.HTML()
        self.results = w.HTML()
        set_classes(self.results, "kw-deal-results")
        self.projector = w.ToggleButton(value=False, icon="television")
        set_classes(self.projector, "kw-tool", "kw-projector")
        self.projector.layout = w.Layout(width="auto", align_self="flex-start")
        self.deal_picture = w.HTML()
        set_classes(self.deal_picture, "kw-deal-picture")
        self.analysis = w.HTML()
        set_classes(self.analysis, "kw-analysis")
        self.projector_box = w.VBox([self.deal_picture, self.analysis])
        set_classes(self.projector_box, "kw-projector-box")
        self.projector.observe(self.guard.wrap(lambda _c: self._draw_projector()), names="value")
        self._deal: Deal | None = None
        self._deal_version: int | None = None
        self._deal_key: tuple[Any, ...] | None = None
        self._projected: tuple[Any, ...] | None = None
        header = w.HBox(
            [self.title, self.language],
            layout=w.Layout(align_items="center", justify_content="space-between", width="100%"),
        )
        boxes = w.HBox([self.settings_box, self.same_deal], layout=w.Layout(flex_flow="row wrap"))
        self.tables_box = TablesBox(store)
        self.children = (
            _style(),
            header,
            self.notice,
            self.list_heading,
            self.rows,
            self.rename,
            self.table,
            boxes,
            self.tables_box,
            self.deal_heading,
            self.results,
            self.projector,
            self.projector_box,
            self.guard.debug,
        )
        self.relabel()
        if poll:
            self.start_polling(interval)

    # ------------------------------------------------------------------ polling
    def start_polling(self, interval: float = POLL_SECONDS) -> bool:
        """Read the store every ``interval`` seconds on the kernel's event loop (it runs
        once the cell is done, in Voilà as in a notebook). Whether it could: not outside
        a kernel with no running loop (call :meth:`refresh` there)."""
        loop = kernel_loop()
        if loop is None or self._closed:
            return False
        self.stop_polling()
        self.interval, self._loop = interval, loop
        self._timer = loop.call_later(interval, self._tick)
        return True

    def stop_polling(self) -> None:
        """No more reading of the store."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @property
    def polling(self) -> bool:
        """Whether the console reads the store by itself."""
        return self._timer is not None

    def _tick(self) -> None:
        self._timer = None
        # A console closed, or whose page is gone (its widget closed), stops reading.
        if self._closed or self._loop is None or getattr(self, "comm", None) is None:
            return
        try:
            if not self._failing:
                self._failing = not self.guard.run(self._refreshed)
            else:
                # Said once already (and logged): try again quietly each second, so
                # that a store gone away does not fill the server's log.
                with contextlib.suppress(Exception):
                    self.refresh()
                    self._failing = False
                    self.notice.value = ""
        finally:
            if not self._closed:
                self._timer = self._loop.call_later(self.interval, self._tick)

    def _refreshed(self) -> bool:
        self.refresh()
        return True

    def close(self) -> None:
        """Stop reading the store, let go of it, and close the widgets."""
        self._closed = True
        self.stop_polling()
        self.store.close()
        super().close()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Read the store and redraw what changed (nothing is sent when nothing did)."""
        version = self.store.settings_version()
        if version != self._version:
            # Settings changed elsewhere (another console, the command line): show them.
            self._version = version
            settings = self.store.settings()
            self.settings_box.show(settings)
            lang = settings.get("lang")
            if lang in LANGUAGES and lang != self._class_lang:
                self._class_lang = lang
                self.set_language(lang)
                return  # set_language redrew everything
        if version != self._deal_version:
            # The deal sent moves the settings version on: read it only then.
            self._deal_version, self._deal = version, self.store.current_deal()
        self.lines = student_lines(self.store, games=self._games)
        self._draw_rows()
        self._draw_table()
        self._draw_deal()
        self.tables_box.refresh()

    def _draw_rows(self) -> None:
        buttons = []
        for line in self.lines:
            button = self._buttons.get(line.id)
            if button is None:
                button = w.Button(layout=w.Layout(width="100%", height="auto"))
                button.on_click(self.guard.wrap(lambda _b, sid=line.id: self.select(sid)))
                self._buttons[line.id] = button
            classes = (
                "kw-student",
                "kw-student-connected" if line.connected else "kw-student-away",
                f"kw-student-{line.state}" if line.state in _STATES else "",
                "kw-student-selected" if line.id == self.selected else "",
            )
            shown = (line_text(line), classes)
            if self._shown.get(line.id) != shown:
                button.description = shown[0]
                button.tooltip = _("Show {name}'s table").format(name=line.name)
                set_classes(button, *classes)
                self._shown[line.id] = shown
            buttons.append(button)
        if tuple(buttons) != self.rows.children:
            self.rows.children = tuple(buttons)
        count = len(self.lines)
        heading = _students_heading(count)
        if self.list_heading.value != heading:
            self.list_heading.value = heading

    def select(self, student_id: int | None) -> None:
        """Show this student's table (``None``: none)."""
        self.selected = student_id
        self._draw_rows()
        self._draw_table()

    def _draw_table(self) -> None:
        line = next((s for s in self.lines if s.id == self.selected), None)
        if line is None:
            self.table.layout.display = self.rename.layout.display = "none"
            return
        self.rename.show(line.id, line.name)
        self.table.show(line.name, self._games.get(line.id, (None, None))[1])
        self.table.layout.display = self.rename.layout.display = ""

    def _draw_deal(self) -> None:
        deal = self._deal
        games = tuple((s.id, s.game_id, s.updated) for s in self.lines)
        key = (deal.id if deal else None, games, get_language())
        if key == self._deal_key:
            return
        self._deal_key = key
        if deal is None:
            self.deal_heading.value = tag("h3", _("No deal sent to the class yet."))
            self.results.value = ""
            self.projector.layout.display = "none"
            self.projector_box.layout.display = "none"
            return
        title = _("The deal everyone plays: {label} ({game})").format(
            label=deal.label, game=spec(deal.game).display_name()
        )
        self.deal_heading.value = tag("h3", title)
        results = deal_results(self.store, deal)
        self.results.value = results_html(results, deal.game) + best_and_worst_html(results)
        self.projector.layout.display = ""
        self._draw_projector()

    def _draw_projector(self) -> None:
        deal = self._deal
        if deal is None or not self.projector.value:
            self.projector_box.layout.display = "none"
            return
        self.projector_box.layout.display = ""
        key = (deal.id, get_language())
        if key == self._projected:
            return
        self._projected = key
        game = deal_game(deal)
        self.deal_picture.value = str(table_svg(game, seat=0, show_all=True, width=PROJECTOR_WIDTH))
        label, lines = deal_analysis(game, self.analysis_seconds)
        items = "".join(f"<li>{esc(line)}</li>" for line in lines)
        head = tag("h4", label.capitalize()) if label else ""
        self.analysis.value = f"{head}<ul>{items}</ul>"

    # ---------------------------------------------------------------- changes
    def _setting_changed(self, key: str, value: Any) -> None:
        if key == "lang":
            # The console speaks the class's language.
            self._class_lang = value
            self.set_language(value)

    def _deal_sent(self, _deal: Deal) -> None:
        self._deal_key = self._deal_version = None
        self.refresh()

    def _say(self, message: str) -> None:
        self.notice.value = message_html(message)

    # -------------------------------------------------------------- languages
    def set_language(self, lang: str) -> None:
        """Every text of the console in ``lang`` (``en``, ``es``, ``fr``)."""
        set_language(lang)
        self.language.follow(lang)
        self.relabel()

    def relabel(self) -> None:
        """The console's texts in the chosen language, everything drawn again."""
        self.title.value = tag("h2", _("Teacher's console"))
        self.language.relabel()
        self.settings_box.relabel()
        self.same_deal.relabel()
        self.table.relabel()
        self.rename.relabel()
        self.tables_box.relabel()
        self.projector.description = _("Show on the projector")
        self.projector.tooltip = _("The deal's first position with every card visible")
        self._shown.clear()
        self._deal_key = self._projected = None
        self.notice.value = ""
        self.refresh()


def _students_heading(count: int) -> str:
    """The list's heading: how many students have joined."""
    if not count:
        return tag("h3", _("No student has joined yet."))
    return tag("h3", ngettext("{n} student", "{n} students", count).format(n=count))


class ConsoleMessage(w.VBox):
    """What the console's page shows when it has no class store: one line.

    >>> ConsoleMessage("no store").text
    'no store'
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        set_classes(self, "kw-root", "kw-console", "kw-console-message")
        self.text = text
        self.children = (_style(), w.HTML(message_html(text)))


def build_console(url: str | None = None, *, poll: bool = True) -> w.VBox:
    """The teacher's console over the class store at ``url`` (default: the URL in
    :data:`~.schema.CLASS_DB_ENV`), or a one-line message when there is no store or it
    cannot be opened.

    >>> build_console("").text.startswith("No class store")
    True
    """
    url = os.environ.get(CLASS_DB_ENV, "") if url is None else url
    if not url.strip():
        return ConsoleMessage(
            _(
                "No class store is set up: start the class with “kowhist-teach class "
                "start”, which serves this console."
            )
        )
    try:
        store = ClassStore(store_url(url=url.strip()))
    except StoreError as e:
        return ConsoleMessage((str(e).splitlines() or [""])[0])
    except Exception as e:  # a URL SQLAlchemy cannot even read
        return ConsoleMessage(_("cannot open the class store: {why}").format(why=one_line(e)))
    try:
        console = TeacherConsole(store, poll=poll)
    except Exception as e:  # the store opened but cannot be read: one line, not a trace
        store.close()
        return ConsoleMessage(_("cannot read the class store: {why}").format(why=one_line(e)))
    if os.environ.get("VOILA_KERNEL_ID"):
        # Served by Voilà: a failing message from the page gets one line, never a trace.
        quiet_kernel(console._say)
    return console
