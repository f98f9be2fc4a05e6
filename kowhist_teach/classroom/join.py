"""A student's page in a class: a name, then the app bound to the class.

``notebooks/class.ipynb`` is one call, :func:`build_class_page`, which ``kowhist-teach
class start`` serves to the students. The page:

1. learns the id the student's browser keeps (:class:`BrowserId`: 128 random bits in
   localStorage, made on the first visit; the page's heartbeat too);
2. finds the student in the class store by that id, or asks for a name (one field
   ``kw-join-name``, one button ``kw-join``) and writes them in; on a school's JupyterHub
   the student is the hub's user (:mod:`.hub`): no name to type;
3. shows the app with the class's settings (game, rules, language, the bots' pace, the
   analysis, hints on or off; no "Teacher settings" box) and the student's game from
   the store: a reload, a killed kernel or a restarted server brings back the same game;
4. writes every move (numbered: the store refuses a number twice), every illegal card
   tried, every hint asked and every quiz answer to the store as it happens
   (:class:`ClassLink`), and follows the console: a new setting or a deal sent to
   everyone reaches the page within a second (:meth:`ClassPage.poll`).

The page reads and writes only its own student's rows: a student's page can never read
another student's data.

>>> import tempfile
>>> from kowhist_teach.classroom.store import ClassStore
>>> store = ClassStore.open(tempfile.mkdtemp())
>>> page = ClassPage(store)
>>> page.browser.browser_id = "a" * 32     # what the browser sends
>>> page.name.value = "Ann"; page.join_button.click()
>>> page.app.table.game.names[0], store.students()[0].name
('Ann', 'Ann')
>>> store.current_game(page.student.id).status
'playing'
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import os
import random
import time
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from ..core.record import to_record
from ..core.registry import spec, spec_of
from ..i18n import LANGUAGES, _, get_language, set_language
from ..widgets._common import big_button, esc, set_classes, style_widget
from ..widgets._games import spec_ui
from .kernel import kernel_loop
from .names import with_student_name
from .progress import progress, seats_of
from .schema import CLASS_DB_ENV, MoveConflict, StoreError, Student
from .store import ClassStore

__all__ = [
    "BrowserId",
    "ClassLink",
    "ClassPage",
    "build_class_page",
    "kernel_loop",
    "progress",
]

_log = logging.getLogger(__name__)

#: Seconds between two looks at the class settings (the console's changes reach the
#: page within this, plus the store's write).
POLL_SECONDS = 1.0
#: Seconds between two heartbeats written to the store: under the browser's 5 s beat,
#: so that every beat is written even when one comes a little early. At 5.0 a beat
#: arriving 4.99 s after the last write was skipped, leaving 10 s between two writes:
#: at the teacher's shortest delay before a bot plays (10 s) a student sitting at the
#: table looked gone for a moment, and a bot could take their turn.
SEEN_EVERY = 4.0

_HERE = Path(__file__).resolve().parent


class BrowserId(anywidget.AnyWidget):
    """The id this browser keeps for the class (localStorage, made on the first visit)
    and a heartbeat (``beat`` counts up every 5 s while the page is open)."""

    _esm = _HERE / "browser_id.js"
    browser_id = traitlets.Unicode("").tag(sync=True)
    beat = traitlets.Int(0).tag(sync=True)


class ClassLink:
    """Follows one table of a student's app and writes what happens to the class store:
    each move (numbered from 0 in the game's order; a number stored twice is refused by
    the store), the record and progress after it, and the events the table tells of
    (an illegal card tried, a hint, an undo). A new deal or another game starts a new
    game in the store; an undo takes the moves back from its log.
    """

    def __init__(self, store: ClassStore, student: Student, table: Any) -> None:
        self.store = store
        self.student = student
        self.table = table
        self.game_id: int | None = None
        #: The teacher's deal the next new game plays (set by ``ClassPage._start``); it
        #: goes to that one game only: a new deal the student asks for after it is not
        #: the teacher's deal, and must not count among its results.
        self.deal_id: int | None = None
        #: The teacher's deal the current game plays, if any.
        self.game_deal: int | None = None
        self._stored: list[str] = []
        table.on_event = self._event
        table.model.observe(self._changed, names="version")

    def adopt(self, game_id: int, moves: list[str], deal_id: int | None = None) -> None:
        """Follow a game already in the store (restored after a reload), which plays the
        teacher's deal ``deal_id`` if any."""
        self.game_id, self._stored = game_id, list(moves)
        self.game_deal, self.deal_id = deal_id, None

    def _moves(self) -> list[str]:
        # As a record writes them: card codes (AS, 10H), calls by name.
        return [getattr(m, "code", None) or str(m) for m in self.table.model.game.moves]

    def _changed(self, _change: Any = None) -> None:
        try:
            self.sync()
        except Exception:  # the student's game goes on; the teacher's log misses a line
            _log.exception("could not write a move to the class store")

    def sync(self) -> None:
        """Write what changed since the last call (called after every change)."""
        game = self.table.model.game
        moves = self._moves()
        stored = self._stored
        undoing = getattr(self.table.model, "undoing", False)
        if self.game_id is not None and undoing and stored[: len(moves)] == moves:
            self.store.take_back(self.game_id, len(moves))
            stored = moves
        elif self.game_id is None or moves[: len(stored)] != stored:
            self._new_game(game)
            stored = []
        try:
            self._write(game, moves, len(stored))
        except MoveConflict:
            # Another kernel of this student's (an older page) was first: go on from
            # here in a game of its own (of the same deal).
            self.deal_id = self.game_deal
            self._new_game(game)
            self._write(game, moves, 0)

    def _write(self, game: Any, moves: list[str], start: int) -> None:
        """The moves from number ``start`` on, and the game as it is after them."""
        seats = seats_of(game, start) if len(moves) > start else []
        assert self.game_id is not None
        self.store.play(
            self.game_id,
            [(start + i, seats[i], m) for i, m in enumerate(moves[start:])],
            record=to_record(game),
            progress=progress(game, self.table.model.human),
            over=game.is_over(),
        )
        self._stored = moves

    def _new_game(self, game: Any) -> None:
        # Its record and progress follow at once, with its moves (:meth:`_write`).
        rules = game.rules.to_dict() if hasattr(game.rules, "to_dict") else {}
        self.game_id = self.store.start_game(
            self.student.id,
            spec_of(game).name,
            players=game.n,
            rules=rules,
            seed=getattr(self.table.model, "seed", None),
            deal_id=self.deal_id,
        )
        self.game_deal, self.deal_id = self.deal_id, None

    def _event(self, kind: str, detail: dict[str, Any]) -> None:
        try:
            self.store.add_event(self.student.id, self.game_id, kind, detail)
        except Exception:
            _log.exception("could not write an event to the class store")


class ClassPage(w.VBox):
    """A student's page in a class (``kw-class-page``): the join form, then the app.
    ``store`` is the class store; the browser's id arrives from :class:`BrowserId`."""

    def __init__(
        self, store: ClassStore, table_width: int = 760, hub_user: str | None = None
    ) -> None:
        super().__init__()
        #: On a school's JupyterHub, the hub's user this page serves: the student is who
        #: logged in (no name to type, the same game from any browser).
        self.hub_user = hub_user or None
        set_classes(self, "kw-root", "kw-class-page")
        self.store = store
        self.table_width = table_width
        self.student: Student | None = None
        self.app: Any = None
        self.links: dict[int, ClassLink] = {}
        #: The shared table the student sits at (:class:`~.seated.SeatPage`), if any.
        self.seat_page: Any = None
        self.free_box = w.HBox(layout=w.Layout(display="none", flex_flow="row wrap",
                                                align_items="center"))  # fmt: skip
        set_classes(self.free_box, "kw-free-seats")
        self._free_key: Any = None
        self.free_message = w.HTML()
        self._settings_version = -1
        self._settings: dict[str, Any] = store.settings()
        self._last_seen = 0.0
        self._polling: Any = None
        self.browser = BrowserId()
        self.heading = w.HTML()
        self.name = w.Text(placeholder="", continuous_update=False)
        set_classes(self.name, "kw-join-name")
        self.join_button = w.Button(button_style="primary")
        set_classes(self.join_button, "kw-join")
        self.message = w.HTML()
        self.form = w.VBox([self.heading, w.HBox([self.name, self.join_button]), self.message])
        set_classes(self.form, "kw-join-form")
        self.form.layout.display = "none"
        self.waiting = w.HTML()
        self.join_button.on_click(lambda _b: self._join())
        self.name.observe(lambda _c: self._join(), names="value")
        self.browser.observe(self._browser_known, names="browser_id")
        self.browser.observe(self._beat, names="beat")
        self.children = (style_widget(), self.browser, self.waiting, self.form)
        self._apply_language(self._settings.get("lang", "en"))
        self._relabel()

    # ------------------------------------------------------------------ joining
    def _relabel(self) -> None:
        # The words outside the f-strings: the catalogue's extraction cannot see inside.
        title, how = esc(_("Join the class")), esc(_("Type your name, then click Join."))
        self.heading.value = (
            f'<h2 style="font-size:28px;margin:8px 0">{title}</h2>'
            f'<p style="font-size:20px">{how}</p>'
        )
        self.name.placeholder = _("Your name")
        self.name.description = _("Name")
        self.join_button.description = _("Join")
        opening = esc(_("Opening your page…"))
        self.waiting.value = f"<p><i>{opening}</i></p>"

    def _browser_known(self, change: dict[str, Any]) -> None:
        self._guarded(self._find_student)

    def _find_student(self) -> None:
        if self.student is not None:
            return
        if self.hub_user:
            from .hub import hub_student_id

            key = hub_student_id(self.hub_user)
            self.enter(self.store.student(key) or self.store.join(key, self.hub_user))
            return
        found = self.store.student(self.browser.browser_id)
        if found is not None:
            self.enter(found)
        else:
            self.waiting.layout.display = "none"
            self.form.layout.display = ""

    def _join(self) -> None:
        if self.student is not None:
            return
        if not self.name.value.strip():
            self._say(_("type your name to join the class"))
            return
        if not self.browser.browser_id:
            self._say(_("Your page is still opening: try again in a moment."))
            return
        self._guarded(lambda: self.enter(self.store.join(self.browser.browser_id, self.name.value)))

    def _guarded(self, action: Any) -> None:
        try:
            action()
        except StoreError as e:
            self._say(str(e))
        except Exception as e:  # never a traceback on the page
            _log.exception("class page")
            self._say(
                _("Something went wrong ({kind}); ask your teacher.").format(kind=type(e).__name__)
            )

    def _say(self, text: str) -> None:
        self.message.value = f'<div class="kw-message" role="alert">⚠ {esc(text)}</div>'

    # ------------------------------------------------------------------ the app
    def enter(self, student: Student) -> None:
        """Show the app to ``student``, with their game from the store if they have one
        in progress, else a new one as the class settings say."""
        from ..app import KowhistApp

        self.student = student
        settings = self._settings = self.store.settings()
        self._settings_version = self.store.settings_version()
        game = settings.get("game", "knockout")
        stored = self.store.current_game(student.id)
        # A game in progress comes back; one over, or abandoned for the teacher's new
        # game or deal while the page was closed, gives way to a new one.
        if stored is not None and not stored.playing:
            stored = None
        if stored is not None and stored.record is not None:
            game = stored.game
        self.app = KowhistApp(
            game=game,
            players=int(settings.get("players", 4)),
            lang=settings.get("lang"),
            table_width=self.table_width,
            keep_in_browser=False,
            teacher_settings=False,
        )
        # The class plays the game the teacher set: the menu shows it, the student
        # cannot switch.
        self.app.game_choice.disabled = True
        self.app.on_table = self._follow
        self.app.tabs.observe(self._quizzes, names="selected_index")
        for table in self.app.tables.values():
            self._follow(table)
        self._apply_settings(settings)
        table = self.app.table
        link = self.links[id(table)]
        if stored is not None and stored.record is not None:
            link.adopt(stored.id, [m.move for m in self.store.moves(stored.id)], stored.deal_id)
            # Under the student's name now (the teacher may have renamed them since).
            table.model.load(with_student_name(stored.record, student.name))
        else:
            self._start(settings, self.store.current_deal())
        self.form.layout.display = "none"
        self.waiting.layout.display = "none"
        self.children = (style_widget(), self.browser, self.free_box, self.app)
        self.store.seen(student.id)
        self.follow_seat()
        self._start_polling()

    # ------------------------------------------------------------ a shared table
    def follow_seat(self) -> bool:
        """Show the shared table the teacher has seated the student at (the newest one
        not over), or the student's own game when they sit at none. Whether the page
        changed."""
        from .seated import SeatPage
        from .tables import seat_of

        if self.student is None:
            return False
        found = seat_of(self.store, self.student.id)
        now = self.seat_page
        if found is None:
            self._offer_free_seats()
            if now is None:
                return False
            now.stop()
            self.seat_page = None
            self.children = (style_widget(), self.browser, self.free_box, self.app)
            return True
        table, seat = found
        if now is not None and (now.table.id, now.seat) == (table.id, seat):
            return False
        if now is not None:
            now.stop()
        page = SeatPage(self.store, self.student, table, seat, settings=self._settings,
                        table_width=self.table_width)  # fmt: skip
        page.view.on_event = self._seat_event
        self.seat_page = page
        self.children = (style_widget(), self.browser, page)
        page.start_polling()
        return True

    def _offer_free_seats(self) -> None:
        """Above the student's own game: the free seats at the class's shared tables
        (``kw-free-seats``), one button each (``kw-take-seat``)."""
        from .tables import free_seats, table_names

        free = free_seats(self.store)
        key = tuple((t.id, s, t.seats) for t, s in free)
        if key == self._free_key:
            return
        self._free_key = key
        buttons = []
        for table, seat in free:
            names = ", ".join(table_names(self.store, table))
            words = _("Table {n}, seat {seat} ({names})").format(
                n=table.id, seat=seat + 1, names=names
            )
            button = big_button(words, "kw-take-seat")
            button.tooltip = _("Sit at this table")
            button.on_click(lambda _b, t=table.id, s=seat: self._take_clicked(t, s))
            buttons.append(button)
        words = esc(_("Free seats at a shared table:"))
        heading = w.HTML(f"<b>{words}</b>")
        self.free_box.children = [heading, *buttons, self.free_message] if buttons else []
        self.free_box.layout.display = "" if buttons else "none"

    def _take_clicked(self, table_id: int, seat: int) -> None:
        try:
            self.take(table_id, seat)
        except StoreError as e:
            self.free_message.value = f'<div class="kw-message" role="alert">⚠ {esc(str(e))}</div>'
        except Exception as e:  # never a traceback on the page
            _log.exception("class page: taking a seat")
            self.free_message.value = esc(
                _("Something went wrong ({kind}); ask your teacher.").format(kind=type(e).__name__)
            )

    def take(self, table_id: int, seat: int) -> None:
        """Take a free seat at a shared table (what its button does)."""
        from .tables import take_seat

        assert self.student is not None
        if not take_seat(self.store, table_id, seat, self.student.id):
            self._free_key = None
            self._offer_free_seats()
            raise StoreError(_("Another student took that seat first: choose another."))
        self.follow_seat()

    def _seat_event(self, kind: str, detail: dict[str, Any]) -> None:
        page = self.seat_page
        assert self.student is not None
        detail = {**detail, "table": page.table.id if page is not None else None}
        with contextlib.suppress(Exception):
            self.store.add_event(self.student.id, None, kind, detail)

    def _follow(self, table: Any) -> None:
        if id(table) in self.links or self.student is None:
            return
        if hasattr(table, "set_names"):
            table.set_names([self.student.name])
        self.links[id(table)] = ClassLink(self.store, self.student, table)

    def _quizzes(self, _change: Any = None) -> None:
        for quiz in getattr(self.app, "quizzes", ()):
            quiz.on_answer = self._answered

    def _answered(self, quiz: str, right: bool) -> None:
        assert self.student is not None
        with contextlib.suppress(Exception):
            self.store.add_event(self.student.id, None, "quiz", {"quiz": quiz, "correct": right})

    def _start(self, settings: dict[str, Any], deal: Any) -> None:
        """A new game as the class settings say, or the deal the teacher sent."""
        table = self.app.table
        link = self.links[id(table)]
        game = settings.get("game", "knockout")
        players = int(settings.get("players", 4))
        rules = settings.get("rules") or {}
        seed: int | None = None
        record = None
        if deal is not None:
            game, players, rules = deal.game, deal.players, deal.rules
            seed, record = deal.seed, deal.record
        if self.app.game_choice.value != game:
            self.app.game_choice.value = game
            table = self.app.table
            link = self.links[id(table)]
        link.deal_id = deal.id if deal is not None else None
        # Always a game of its own in the store, even when the old one had no move yet
        # (its row would otherwise take the new cards under the old seed and deal).
        link.game_id = None
        model = table.model
        if deal is not None and hasattr(model, "_seeds"):
            # The same bots for everyone: every die the model rolls comes from the deal.
            model._seeds = random.Random(deal.seed if deal.seed is not None else deal.id)
        if record is not None:
            first = dict(spec_ui(spec(game)).first_deal(record))
            if isinstance(first.get("players"), list) and self.student is not None:
                # The student sits in seat 0 under their own name, not the record's.
                first["players"] = [self.student.name, *first["players"][1:]]
            model.load(first)
            return
        options: dict[str, Any] = {"rules": spec(game).rules.from_dict(rules), "seed": seed}
        if "players" in inspect.signature(model.new_game).parameters:
            options["players"] = players
        model.new_game(**options)

    # --------------------------------------------------------------- the console
    def _apply_language(self, lang: str) -> None:
        if lang in LANGUAGES and lang != get_language():
            set_language(lang)

    def _apply_settings(self, settings: dict[str, Any]) -> None:
        app = self.app
        lang = settings.get("lang", "en")
        if lang in LANGUAGES and lang != get_language():
            app.set_language(lang)
        app.settings.update(speed=settings.get("speed", "normal"))
        app.settings.update(analysis=settings.get("analysis", "after"))
        for table in app.tables.values():
            table.set_speed(app.settings["speed"])
            table.analysis = app.settings["analysis"]
            table.hints_allowed = bool(settings.get("hints", True))
            table.hint_button.disabled = not table.hints_allowed
            table.render()

    def poll(self) -> bool:
        """Look at the class settings once: apply what the console changed (a new game
        or deal starts at once). Whether anything changed."""
        if self.app is None or self.student is None:
            return False
        seated = self.follow_seat()
        version = self.store.settings_version()
        if version == self._settings_version:
            return seated
        old = self._settings
        settings = self.store.settings()
        self._settings, self._settings_version = settings, version
        self._apply_settings(settings)
        self._follow_name()
        if self.seat_page is not None:
            self.seat_page.follow_names()  # a student at the table renamed
            self.seat_page.settings = dict(settings)
            self.seat_page._shared_view()
            self.seat_page.view.render()
        new_deal = settings.get("deal_id") and settings.get("deal_id") != old.get("deal_id")
        new_game = any(settings.get(k) != old.get(k) for k in ("game", "players", "rules"))
        if new_deal:
            self._start(settings, self.store.current_deal())
        elif new_game:
            self._start(settings, None)
        return True

    def _follow_name(self) -> None:
        """The teacher renamed the student (the settings version moved on): the new
        name on their table from now on, in the game in progress too."""
        assert self.student is not None
        found = self.store.student_by_id(self.student.id)
        if found is None or found.name == self.student.name:
            return
        self.student = found
        for link in self.links.values():
            link.student = found
        for table in self.app.tables.values():
            if hasattr(table, "set_names"):
                table.set_names([found.name])
        table = self.app.table
        record = to_record(table.model.game)
        if isinstance(record.get("players"), list):
            # The game goes on where it is, under the new name (its record reloaded:
            # every game's names are read through the registry this way).
            table.model.load(with_student_name(record, found.name))

    def _beat(self, _change: Any) -> None:
        now = time.time()
        if self.student is not None and now - self._last_seen >= SEEN_EVERY:
            self._last_seen = now
            with contextlib.suppress(Exception):
                self.store.seen(self.student.id)

    def _start_polling(self) -> None:
        """Poll the store every :data:`POLL_SECONDS` on the kernel's event loop (in a
        kernel the loop runs between messages; elsewhere, as in the doctests, nothing is
        scheduled and :meth:`poll` is called by hand)."""
        loop = kernel_loop()
        if self._polling is not None or loop is None:
            return

        def tick() -> None:
            self._polling = None
            if getattr(self, "comm", None) is None:  # the page is gone: stop reading
                return
            try:
                self.poll()
            except Exception:
                _log.exception("class page: polling the store")
            self._polling = loop.call_later(POLL_SECONDS, tick)

        self._polling = loop.call_later(POLL_SECONDS, tick)


def build_class_page(url: str | None = None) -> w.Widget:
    """A student's page for the class whose store is at ``url`` (default: the URL that
    ``kowhist-teach class start`` hands its kernels in ``KOWHIST_CLASS_DB``)."""
    url = url or os.environ.get(CLASS_DB_ENV)
    if not url:
        return _notice(_("This page belongs to a class: start it with kowhist-teach class start."))
    try:
        store = ClassStore(url)
    except StoreError as e:
        return _notice(str(e))
    from .hub import HUB_USER_ENV

    return ClassPage(store, hub_user=os.environ.get(HUB_USER_ENV))


def _notice(text: str) -> w.HTML:
    box = w.HTML(f'<div class="kw-message" role="alert">⚠ {esc(text)}</div>')
    set_classes(box, "kw-root")
    return box
