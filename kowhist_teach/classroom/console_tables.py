"""The teacher at the shared tables (``kw-class-tables``, issue 22): seat the class at
tables of N (students in a random order, bots in the seats left; the same cards at
every table if asked), then, table by table (``kw-class-table``): watch it with every
hand face up (the god view, at projector size: ``kw-table-god``), pause and resume it,
take back its last trick for a discussion; for all at once: pause, resume, the next
deal everywhere. Tables dealt the same cards are compared side by side
(``kw-table-results``). :mod:`.console` puts the box on the page.

>>> import tempfile
>>> store = ClassStore.open(tempfile.mkdtemp())
>>> for c, n in zip("abc", ["Ann", "Ben", "Cleo"]): _ = store.join(c * 32, n)
>>> box = TablesBox(store)
>>> box.size.value = 2; box.seat_button.click()
>>> [len(t.seats) for t in tables(store)]
[2, 2]
>>> box.watch(tables(store)[0].id); 'kwr-hand' in box.god.value
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.registry import spec
from ..i18n import _
from ..pictures.table import table_svg
from ..widgets._common import Guard, big_button, esc, set_classes, tag
from .schema import StoreError
from .store import ClassStore
from .tables import (
    FINISHED,
    PAUSED,
    PLAYING,
    Table,
    log_lengths,
    new_deal,
    open_table,
    seat_class,
    set_seat,
    set_status,
    table_game,
    table_names,
    tables,
    take_back_trick,
)

__all__ = ["TablesBox", "table_results"]

#: "A bot" in the menu of who sits where (a menu's value cannot be None).
_BOT = -1
#: The god view's width: the console's projector size.
GOD_WIDTH = 1000


def table_results(store: ClassStore, shown: list[Table]) -> list[dict[str, Any]]:
    """For each table of ``shown``: its names and each seat's tricks (by round or deal,
    as its replay tells them), and the winner once the game is over."""
    from ..core.record import replay, to_record

    found = []
    for table in shown:
        try:
            game = table_game(store, table.id)
        except StoreError:
            continue
        out = replay(to_record(game))
        parts = out.get("rounds") or out.get("deals") or [out]
        won = [list(p.get("tricks_won") or p.get("side_tricks") or []) for p in parts]
        totals = [sum(r[s] for r in won if s < len(r)) for s in range(game.n)]
        winner = out.get("winner")
        found.append(
            {
                "table": table.id,
                "names": table_names(store, table),
                "tricks": totals,
                "over": game.is_over(),
                "winner": game.names[winner] if isinstance(winner, int) and game.is_over()
                and winner < game.n else None,
            }
        )  # fmt: skip
    return found


class TablesBox(w.VBox):
    """The console's shared tables (see the module's docstring). ``on_change`` is
    called after the teacher changes something (the console redraws)."""

    def __init__(self, store: ClassStore, on_change: Callable[[], None] | None = None) -> None:
        super().__init__()
        set_classes(self, "kw-class-tables")
        self.store = store
        self.on_change = on_change or (lambda: None)
        self.guard = Guard(self._say)
        self.heading = w.HTML()
        settings = store.settings()
        self.size = w.BoundedIntText(value=int(settings.get("players", 4)), min=2, max=7,
                                     layout=w.Layout(width="200px"))  # fmt: skip
        set_classes(self.size, "kw-table-size")
        self.size.style.description_width = "initial"
        self.same = w.Checkbox(value=False, indent=False)
        set_classes(self.same, "kw-same-cards")
        self.seat_button = big_button("", "kw-seat-tables")
        self.seat_button.button_style = "primary"
        self.open_button = big_button("", "kw-open-table")
        self.pause_all = big_button("", "kw-pause-all")
        self.resume_all = big_button("", "kw-resume-all")
        self.next_all = big_button("", "kw-next-deal-all")
        self.message = w.HTML()
        # Seating by hand: a table, a seat, a student (or a bot), then "Sit".
        self.hand_table = w.Dropdown(options=[], layout=w.Layout(width="200px"))
        set_classes(self.hand_table, "kw-hand-table")
        self.hand_seat = w.Dropdown(options=[], layout=w.Layout(width="260px"))
        set_classes(self.hand_seat, "kw-hand-seat")
        self.hand_student = w.Dropdown(options=[], layout=w.Layout(width="260px"))
        set_classes(self.hand_student, "kw-hand-student")
        self.sit_button = big_button("", "kw-sit")
        self.hand_table.observe(self.guard.wrap(lambda _c: self._seat_options()), names="value")
        self.sit_button.on_click(self.guard.wrap(lambda _b: self.sit()))
        self.by_hand = w.HBox(
            [self.hand_table, self.hand_seat, self.hand_student, self.sit_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        set_classes(self.by_hand, "kw-seat-by-hand")
        self.rows = w.VBox()
        set_classes(self.rows, "kw-table-list")
        self.god = w.HTML()
        set_classes(self.god, "kw-table-god")
        self.results = w.HTML()
        set_classes(self.results, "kw-table-results")
        self.watching: int | None = None
        #: Each table's game as last replayed, with its log's length and seats then.
        self._games: dict[int, tuple[Any, Any]] = {}
        self._drawn: tuple[Any, ...] = ()
        self._god_key: tuple[Any, ...] = ()
        wrap = self.guard.wrap
        self.seat_button.on_click(wrap(lambda _b: self.seat()))
        self.open_button.on_click(wrap(lambda _b: self.open_free_table()))
        self.pause_all.on_click(wrap(lambda _b: self._status(PAUSED, None)))
        self.resume_all.on_click(wrap(lambda _b: self._status(PLAYING, None)))
        self.next_all.on_click(wrap(lambda _b: self._next_deal(None)))
        controls = w.HBox(
            [self.size, self.same, self.seat_button, self.open_button, self.pause_all,
             self.resume_all, self.next_all],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )  # fmt: skip
        self.children = (self.heading, controls, self.message, self.rows, self.by_hand,
                         self.results, self.god)  # fmt: skip
        self.relabel()
        self.refresh()

    # ------------------------------------------------------------------ actions
    def seat(self) -> None:
        """Seat every student of the class at tables of :attr:`size`, the class's game."""
        game = self.store.settings().get("game", "knockout")
        rules = self.store.settings().get("rules") or {}
        made = seat_class(self.store, int(self.size.value), game, rules=rules,
                          same=bool(self.same.value))  # fmt: skip
        self.message.value = esc(
            _("Tables seated: {n}. The students' pages show them within a second.").format(
                n=len(made)
            )
        )
        self._changed()

    def open_free_table(self) -> None:
        """A table of :attr:`size` with every seat free: students take the seats from
        their pages; bots play those left once someone sits."""
        settings = self.store.settings()
        table = open_table(self.store, int(self.size.value), settings.get("game", "knockout"),
                           rules=settings.get("rules") or {})  # fmt: skip
        self.message.value = esc(
            _("Table {n} is open: students take its seats from their pages.").format(n=table.id)
        )
        self._changed()

    def sit(self) -> None:
        """Seat the chosen student (or a bot) at the chosen table and seat, by hand."""
        if self.hand_table.value is None or self.hand_seat.value is None:
            return
        who = self.hand_student.value
        set_seat(self.store, self.hand_table.value, self.hand_seat.value,
                 None if who in (None, _BOT) else who)  # fmt: skip
        self._changed()

    def _hand_options(self, shown: list[Table]) -> None:
        """The tables, seats and students the seating by hand offers."""
        self.by_hand.layout.display = "" if shown else "none"
        tables_now = [(_("Table {n}").format(n=t.id), t.id) for t in shown]
        if list(self.hand_table.options) != tables_now:
            keep = self.hand_table.value
            self.hand_table.options = tables_now
            if keep in [v for _l, v in tables_now]:
                self.hand_table.value = keep
        if self.hand_table.value is None and tables_now:
            self.hand_table.value = tables_now[0][1]
        students = [(_("a bot"), _BOT)] + [(s.name, s.id) for s in self.store.students()]
        if list(self.hand_student.options) != students:
            keep = self.hand_student.value
            self.hand_student.options = students
            self.hand_student.value = keep if keep in [v for _l, v in students] else _BOT
        self._seat_options()

    def _seat_options(self) -> None:
        found = tables(self.store, self.hand_table.value) if self.hand_table.value else []
        if not found:
            self.hand_seat.options = []
            return
        names = table_names(self.store, found[0])
        seats = [(_("Seat {n}: {name}").format(n=s + 1, name=n), s) for s, n in enumerate(names)]
        if list(self.hand_seat.options) != seats:
            keep = self.hand_seat.value
            self.hand_seat.options = seats
            self.hand_seat.value = keep if keep in [v for _l, v in seats] else seats[0][1]

    def _status(self, status: str, table_id: int | None) -> None:
        set_status(self.store, status, table_id)
        self._changed()

    def _next_deal(self, table_id: int | None) -> None:
        made = new_deal(self.store, None if table_id is None else [table_id],
                        same=bool(self.same.value))  # fmt: skip
        if self.watching is not None and made and table_id in (None, self.watching):
            self.watching = made[0].id if table_id is not None else self.watching
        self._changed()

    def take_back(self, table_id: int) -> None:
        """Take back the table's last trick (for a discussion)."""
        taken = take_back_trick(self.store, table_id)
        self.message.value = esc(
            _("Table {n}: the last trick is taken back.").format(n=table_id)
            if taken
            else _("Table {n}: no trick is over yet.").format(n=table_id)
        )
        self._changed()

    def watch(self, table_id: int | None) -> None:
        """Show table ``table_id`` with every hand face up (``None``: none)."""
        self.watching = None if table_id == self.watching else table_id
        self._god_key = ()
        self.refresh()

    def _changed(self) -> None:
        self._drawn = ()
        self.refresh()
        self.on_change()

    def _say(self, text: str) -> None:
        self.message.value = f'<div class="kw-message" role="alert">⚠ {esc(text)}</div>'

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Read the tables and redraw what changed."""
        shown = [t for t in tables(self.store) if not t.closed]
        lengths = log_lengths(self.store)
        # The names too: a student renamed shows under the new name at once.
        students = tuple((s.id, s.name) for s in self.store.students())
        games = {}
        for t in shown:
            # A table's game is replayed only when its log changed (the console reads
            # every second; most seconds at most tables nothing happened).
            seen = (lengths.get(t.id, (0, 0.0)), t.seats, students)
            cached = self._games.get(t.id)
            if cached is not None and cached[0] == seen:
                games[t.id] = cached[1]
                continue
            try:
                games[t.id] = table_game(self.store, t.id)
            except StoreError as e:
                games[t.id] = e
            self._games[t.id] = (seen, games[t.id])
        key = tuple(
            (t.id, t.status, t.seats, len(g.moves) if not isinstance(g, Exception) else -1)
            for t, g in ((t, games[t.id]) for t in shown)
        ) + students
        if key != self._drawn:
            self._drawn = key
            self.rows.children = [self._row(t, games[t.id]) for t in shown]
            self.results.value = self._results_html(shown)
            self._hand_options(shown)
        self._draw_god(games)

    def _row(self, table: Table, game: Any) -> w.Widget:
        names = table_names(self.store, table)
        words = [tag("b", _("Table {n}").format(n=table.id)), esc(spec(table.game).display_name()),
                 esc(", ".join(names))]  # fmt: skip
        if isinstance(game, Exception):
            words.append(esc(str(game)))
        elif game.is_over() or table.status == FINISHED:
            words.append(esc(_("finished")))
        elif table.status == PAUSED:
            words.append(esc(_("paused")))
        elif game.to_move is not None:
            words.append(esc(_("{name} to play").format(name=names[game.to_move])))
        line = w.HTML(" · ".join(words), layout=w.Layout(flex="1 1 auto"))
        watch = big_button(_("Watch"), "kw-watch-table")
        watch.tooltip = _("Every hand face up, at projector size")
        paused = table.status == PAUSED
        pause = big_button(_("Resume") if paused else _("Pause"), "kw-pause-table")
        back = big_button(_("Take back the last trick"), "kw-take-back")
        wrap = self.guard.wrap
        watch.on_click(wrap(lambda _b, t=table.id: self.watch(t)))
        pause.on_click(wrap(lambda _b, t=table.id, p=paused: self._status(
            PLAYING if p else PAUSED, t)))  # fmt: skip
        back.on_click(wrap(lambda _b, t=table.id: self.take_back(t)))
        row = w.HBox([line, watch, pause, back],
                     layout=w.Layout(align_items="center", flex_flow="row wrap"))  # fmt: skip
        set_classes(row, "kw-class-table")
        return row

    def _draw_god(self, games: dict[int, Any]) -> None:
        game = games.get(self.watching) if self.watching is not None else None
        if game is None or isinstance(game, Exception):
            if self._god_key != ("none",):
                self._god_key = ("none",)
                self.god.value = ""
            return
        key = (self.watching, len(game.moves))
        if key == self._god_key:
            return
        self._god_key = key
        title = tag("h3", _("Table {n}: every hand").format(n=self.watching))
        self.god.value = title + str(table_svg(game, seat=0, show_all=True, width=GOD_WIDTH))

    def _results_html(self, shown: list[Table]) -> str:
        """The tables dealt the same cards, side by side: each seat's tricks."""
        by_seed: dict[tuple[str, int], list[Table]] = {}
        for t in shown:
            by_seed.setdefault((t.game, t.seed), []).append(t)
        groups = [g for g in by_seed.values() if len(g) > 1]
        if not groups:
            return ""
        parts = [tag("h3", _("The same cards at every table"))]
        for group in groups:
            rows = []
            for r in table_results(self.store, group):
                cells = "".join(
                    f"<td style='padding:2px 10px'>{esc(n)}: {t}</td>"
                    for n, t in zip(r["names"], r["tricks"], strict=False)
                )
                end = esc(_("won by {name}").format(name=r["winner"])) if r["winner"] else ""
                name = esc(_("Table {n}").format(n=r["table"]))
                rows.append(
                    f"<tr><th style='text-align:left'>{name}</th>{cells}<td>{end}</td></tr>"
                )
            parts.append(f"<table style='font-size:18px'>{''.join(rows)}</table>")
        return "".join(parts)

    def relabel(self) -> None:
        """The fixed words in the chosen language."""
        self.heading.value = tag("h2", _("Shared tables"))
        self.size.description = _("Tables of")
        self.same.description = _("The same cards at every table")
        texts = [
            (self.seat_button, _("Seat the class"), _("Students at tables, bots in empty seats")),
            (self.pause_all, _("Pause all"), _("Every table waits")),
            (self.resume_all, _("Resume all"), _("Every table plays on")),
            (self.next_all, _("Next deal everywhere"), _("New cards at every table")),
        ]
        for widget, words, tip in texts:
            widget.description, widget.tooltip = words, tip
        self.open_button.description = _("Open a table")
        self.open_button.tooltip = _("A table whose seats the students take themselves")
        self.sit_button.description = _("Sit")
        for widget, words in ((self.hand_table, _("Table")), (self.hand_seat, _("Seat")),
                              (self.hand_student, _("Student"))):  # fmt: skip
            widget.description = words
            widget.style.description_width = "initial"
        self.sit_button.tooltip = _("Seat this student (or a bot) here, by hand")
        self._drawn = ()
