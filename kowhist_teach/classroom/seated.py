"""A student's seat at a shared table (issue 22, DESIGN §8): the game of the table
(:mod:`.tables`) played through the app's own table widget, each seat in its own
student's kernel.

How a table stays one game across its kernels:

- the table's log in the class store is the game: every seat's kernel builds the game
  from the table's seed and plays the log's moves through the engine (a move that
  breaks a rule is refused, never played on);
- a seat's kernel writes its student's moves, numbered; the store refuses a number
  twice, so when two kernels race for one turn exactly one move is kept, and the
  loser rebuilds from the log. The store keeps a move only if it is legal for its seat
  in the game the log describes and this page plays that seat (its student's, or the
  bots it drives: :func:`~.tables.add_move`); a page whose move is refused looks again
  at who is here and follows the log;
- the bots of the empty seats (and of a student who has left, after the teacher's
  delay, ``bot_after`` seconds) are played by one kernel: the present student with the
  lowest seat (its *driver*). Should two kernels think they drive, the log decides;
- each kernel reads the log a few times a second while another seat is to move
  (:data:`POLL_SECONDS`: one indexed query; :data:`QUIET_POLL_SECONDS` otherwise), and
  who is present and whether the teacher has paused the table every
  :data:`PRESENCE_SECONDS`.

A seat's page receives only what that seat may see: the table widget draws the table
from the seat (other hands face down, as the engine's view of the seat has them), no
record of the game while it is being played, and no analysis with every card visible
before the game is over.

>>> import tempfile
>>> from kowhist_teach.classroom.store import ClassStore
>>> from kowhist_teach.classroom.tables import seat_class
>>> store = ClassStore.open(tempfile.mkdtemp())
>>> ann, ben = (store.join(c * 32, n) for c, n in (("a", "Ann"), ("b", "Ben")))
>>> table = seat_class(store, 2, "german", seed=3)[0]
>>> pages = [SeatPage(store, s, table, table.seats.index(s.id)) for s in (ann, ben)]
>>> first = next(p for p in pages if p.model.game.to_move == p.seat)
>>> first.view.play_card(first.model.game.legal_moves()[0].code)
>>> other = next(p for p in pages if p is not first)
>>> _ = other.poll(); other.model.game.moves == first.model.game.moves
True
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import time
from typing import Any

import ipywidgets as w

from ..core.cards import Card
from ..core.errors import IllegalMove
from ..core.registry import spec
from ..i18n import _
from ..i18n.formats import join
from ..widgets._common import drop_parts, esc, set_classes, style_widget
from ..widgets.model import last_finished_trick
from .kernel import kernel_loop
from .schema import MoveConflict, MoveRefused, Student
from .store import ClassStore
from .tables import (
    MIN_BOT_AFTER,
    PAUSED,
    Table,
    add_move,
    bot_wait,
    log_since,
    table_names,
    table_presence,
    tables,
    trick_finished,
)

__all__ = ["MIN_BOT_AFTER", "SeatPage", "still_to_play"]  # MIN_BOT_AFTER: tables.py's

_log = logging.getLogger(__name__)

#: Seconds between two looks at the table's log while another seat is to move (another
#: student's card reaches this page within this, plus drawing it).
POLL_SECONDS = 0.2
#: Seconds between two looks when nothing is expected from the others: this student's
#: own turn, a paused table, a game over (a kernel's every wake-up costs CPU).
QUIET_POLL_SECONDS = 1.0
#: Seconds between two looks at who is present and whether the table is paused.
PRESENCE_SECONDS = 1.0
#: The widgets of the app's table that a shared table does without: a student alone
#: does not deal again, replay, take back, load or set up the table's game. They are
#: not in its page at all (closed, not hidden: a hidden widget still answers the page's
#: messages, and a forged one loaded a record into a table).
_SOLO_ONLY = (
    "new_button",
    "replay_button",
    "undo_button",
    "setup_box",
    "upload",
    "save_link",
    "review_button",
    "language",
    "show_all",
)


def still_to_play(game: Any) -> list[int]:
    """The seats still to play to the trick in progress (or, between two tricks, to the
    next one), in order; ``[]`` outside the play of the cards. Found by playing on in a
    copy of the game with any legal cards until the trick is finished.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(players=3, seed=1)
    >>> still_to_play(g) == [g.to_move, (g.to_move + 1) % 3, (g.to_move + 2) % 3]
    True
    """
    if game.is_over() or game.to_move is None:
        return []
    trial = game.clone()
    current = _plays(last_finished_trick(trial))
    if current is not None and trick_finished(trial):
        current = None  # the next card leads a new trick
    seats: list[int] = []
    while not trial.is_over() and len(seats) < game.n:
        moves = trial.legal_moves()
        if not moves or not isinstance(moves[0], Card):
            break
        seat = int(trial.to_move)
        trial.play(moves[0])
        after = _plays(last_finished_trick(trial)) or []
        if current is not None and after[:-1] != current:
            break  # that card led the next trick: this one is over
        seats.append(seat)
        current = after
    return seats


def _movers(game: Any, last: int) -> list[int]:
    """Who made each of ``game``'s ``last`` moves, in order: a copy takes them back one
    by one and asks whose turn it was."""
    trial = game.clone()
    seats = []
    for _step in range(last):
        trial.undo()
        seats.append(int(trial.to_move))
    return seats[::-1]


def _plays(trick: Any) -> list[Any] | None:
    return None if trick is None else list(trick.plays)


class SeatPage(w.VBox):
    """One student's seat at a shared table (``kw-seat-page``): who sits where and
    whose turn it is (``kw-seat-status``), then the app's table for the game, drawn
    from the student's seat. :meth:`poll` follows the table's log (a kernel calls it
    every :data:`POLL_SECONDS`; tests call it by hand)."""

    def __init__(
        self,
        store: ClassStore,
        student: Student,
        table: Table,
        seat: int,
        *,
        settings: dict[str, Any] | None = None,
        table_width: int = 760,
    ) -> None:
        from ..app import make_table

        super().__init__()
        set_classes(self, "kw-root", "kw-seat-page")
        self.store = store
        self.student = student
        self.table = table
        self.seat = seat
        self.settings = dict(settings if settings is not None else store.settings())
        self.names = table_names(store, table)
        #: The seats of students who are here (seen within the teacher's delay).
        self.present: set[int] = {seat}
        #: How many of the log's moves this page has (all played in :attr:`model`).
        self.known = 0
        self._known_moves: list[str] = []
        self._writing = False
        self._last_presence = 0.0
        self._looked = False
        self._polling: Any = None
        self._loop: Any = None
        self._due = 0.0
        self.paused = False
        self.view = make_table(table.game, table.players, table_width=table_width)
        self.model = self.view.model
        self.heading = w.HTML()
        set_classes(self.heading, "kw-seat-status")
        self._shared_view()
        self._deal()
        self.model.observe(self._changed, names="version")
        self.children = (style_widget(), self.heading, self.view)
        self.poll(force=True)

    # ------------------------------------------------------------------ setup
    def _shared_view(self) -> None:
        view, model = self.view, self.model
        drop_parts(view, *_SOLO_ONLY)
        if view.card_table.on_moment != self._moment:
            self._view_moment = view.card_table.on_moment
            view.card_table.on_moment = self._moment
        model.human = self.seat
        model.shared = True
        model.pause_rounds = False
        model.names = list(self.names)
        view.card_table.seat = self.seat
        view.set_speed(self.settings.get("speed", "normal"))
        # An analysis with every card visible would tell of the other students' hands:
        # at a shared table it comes once the game is over, never on request.
        analysis = self.settings.get("analysis", "after")
        view.analysis = "after" if analysis == "request" else analysis
        view.hints_allowed = bool(self.settings.get("hints", True))
        view.hint_button.disabled = not view.hints_allowed

    def _moment(self, choice: str) -> None:
        """A choice over the table, from the page: never "throw this game away" nor "start
        again" (a shared table's game is the table's: no page deals it again)."""
        if choice not in ("throw", "again"):
            self._view_moment(choice)

    def _deal(self) -> None:
        """The table's game from its first card: dealt from its seed, nobody moved yet
        (every other seat waits for the log)."""
        table, model = self.table, self.model
        model.remote = frozenset(s for s in range(table.players) if s != self.seat)
        rules = spec(table.game).rules.from_dict(table.rules)
        options: dict[str, Any] = {"rules": rules, "seed": table.seed}
        if "players" in inspect.signature(model.new_game).parameters:
            options["players"] = table.players
        else:
            model.players = table.players
        self._writing = True  # nothing of this is a new move for the log
        try:
            model.new_game(**options)
        finally:
            self._writing = False
        self.known, self._known_moves = 0, []

    # ------------------------------------------------------------------ the log
    def poll(self, force: bool = False) -> bool:
        """Read the table's new moves (and, every :data:`PRESENCE_SECONDS`, who is here
        and whether it is paused) and play them here. Whether anything changed."""
        changed = False
        news: list[str] = []
        now = time.monotonic()
        if force or now - self._last_presence >= PRESENCE_SECONDS:
            self._last_presence = now
            changed, news = self._look_around()
        moves = len(self.model.game.moves)
        first = max(self.known - 1, 0)
        rows = log_since(self.store, self.table.id, first)
        if self.known and (not rows or rows[0][0] != first or rows[0][2] != self._known_moves[-1]):
            # The log is shorter than ours or differs (the teacher took a trick back):
            # start again from it.
            self._rebuild()
            changed = True
        elif new := [r for r in rows if r[0] >= self.known]:
            self._apply(new)
            changed = True
        else:
            self._bots_here()  # a seat may have become a bot's of this page's
        if news:
            # Who came or went, told with what happened since (one redraw for both, so
            # that the news stays on the page until the next move).
            moved = len(self.model.game.moves) != moves
            self.model.lines = [*news, *self.model.lines] if moved else [*self.model.lines, *news]
            self.model._bump()
        return changed

    def _apply(self, rows: list[tuple[int, int, str]], again: bool = True) -> None:
        moves = [m for _n, _s, m in rows]
        before = (self.known, list(self._known_moves))
        self.known += len(moves)
        self._known_moves += moves
        try:
            self.model.play_from(moves)  # the bots of this page play on, and are written
        except IllegalMove:
            # The game here ran ahead of the log (a move of this page's that another
            # kernel beat): the log decides, the game here is made again from it.
            self.known, self._known_moves = before
            if not again:
                raise
            _log.info("shared table %s: seat %s follows the log again", self.table.id, self.seat)
            self._rebuild()

    def _rebuild(self) -> None:
        self._deal()
        rows = log_since(self.store, self.table.id, 0)
        if rows:
            self._apply(rows, again=False)
        else:
            self._bots_here()
            self.model._bump()

    def follow_names(self) -> bool:
        """The names at the table as the store has them now (the teacher renamed a
        student): the game again from the log under them. Whether they changed."""
        names = table_names(self.store, self.table)
        if names == self.names:
            return False
        self.names = names
        self.model.names = list(names)
        self._rebuild()
        self._status()
        return True

    def _bots_here(self) -> None:
        """The bots this page drives play now, if it is their turn."""
        if not self.model.remote >= set(range(self.table.players)) - {self.seat}:
            self.model.run_bots()

    def _changed(self, _change: Any = None) -> None:
        """After every change of the game here: write the moves made here (the
        student's, and those of the bots this page drives) to the table's log."""
        if self._writing:
            return
        self._writing = True
        try:
            for _attempt in range(8):
                try:
                    if self._write_new():
                        break
                except MoveRefused as e:
                    # The store refused a move of this page's (logged there, in one
                    # line): the table was paused or ended just now, or a student came
                    # back whose seat or bots this page played. The log is the law.
                    self._refused(e)
                    continue
                # Another seat's kernel was first: the log decides, this page follows
                # it (and writes what its bots then play).
                self._rebuild()
        except Exception:
            # The store could not take the move (it is away, or too busy): the game here
            # goes back to the log, so that it never runs ahead of the table; the
            # student plays the card again.
            _log.exception("shared table: writing a move")
            with contextlib.suppress(Exception):
                self._rebuild()
            self.model.say(_("Your move did not reach the table: play it again."))
        finally:
            self._writing = False
        self._status()
        self._hurry()

    def _refused(self, refusal: MoveRefused) -> None:
        """After the store refused a move of this page's: look again at who is here (so
        that this page plays only what is its own now) and follow the log; the student
        whose own move was refused is told to play it again."""
        _changed, news = self._look_around()
        self._rebuild()
        if news:
            self.model.lines = [*news, *self.model.lines]
        if refusal.seat == self.seat:
            self.model.say(
                self.model.held or _("Your move did not reach the table: play it again.")
            )
        elif news:
            self.model._bump()

    def _write_new(self) -> bool:
        """Write the moves made here since the log's last; ``False`` if another kernel
        wrote one of those numbers first."""
        moves = [getattr(m, "code", None) or str(m) for m in self.model.game.moves]
        if len(moves) <= self.known or moves[: self.known] != self._known_moves:
            return True
        start = self.known
        seats = _movers(self.model.game, len(moves) - start)
        try:
            for number in range(start, len(moves)):
                add_move(self.store, self.table.id, number, seats[number - start],
                         moves[number], writer=self.student.id)  # fmt: skip
                self.known += 1
                self._known_moves.append(moves[number])
        except MoveConflict:
            return False
        return True

    # ------------------------------------------------------------ who is here
    def _look_around(self) -> tuple[bool, list[str]]:
        """Who is at the table and whether it is paused; which seats this page plays.
        Whether that changed, and the news to tell (who sat down, left, came back)."""
        status, seen = table_presence(self.store, self.table.id)
        joined: list[str] = []
        if set(seen) != {s for s, who in enumerate(self.table.seats) if who is not None}:
            # Someone sat down (a free seat taken, or seated by the teacher) or left their
            # seat to a bot: the names at the table change.
            before = self.table.seats
            self.table = tables(self.store, self.table.id)[0]
            self.names = table_names(self.store, self.table)
            self.model.names = list(self.names)
            newcomers = {s for s, who in enumerate(self.table.seats) if who is not None
                         and who != before[s]}  # fmt: skip
            self.present = (self.present & (set(seen) | {self.seat})) | newcomers
            joined = [self.names[s] for s in sorted(newcomers - {self.seat})]
            self._rebuild()  # the game again from the log, under the new names
        wait = bot_wait(self.settings)
        now = time.time()
        present = {s for s, at in seen.items() if now - at <= wait} | {self.seat}
        lines = [_("{name} sits down at the table.").format(name=n) for n in joined]
        if self._looked:  # the first look finds the table as it is: nothing to tell
            for s in sorted(present - self.present):
                lines.append(_("{name} is back and plays again.").format(name=self.names[s]))
            for s in sorted(self.present - present):
                lines.append(
                    _("{name} has left the table: a bot plays for them until they are back.")
                    .format(name=self.names[s])
                )  # fmt: skip
        self._looked = True
        paused = status == PAUSED
        changed = present != self.present or paused != self.paused
        self.present, self.paused = present, paused
        humans = set(seen)
        driver = min(present)
        if paused:
            remote = set(range(self.table.players)) - {self.seat}
        elif driver == self.seat:
            # This page plays the bots: the empty seats and those of students not here.
            remote = (humans & present) - {self.seat}
        else:
            remote = set(range(self.table.players)) - {self.seat}
        self.model.remote = frozenset(remote)
        self.model.held = (
            _("The teacher has paused this table: wait for the game to go on.") if paused else ""
        )
        if changed:
            self._status()
        return changed, lines

    def _status(self) -> None:
        game = self.model.game
        me = self.names[self.seat]
        seated = ", ".join(
            f"{esc(n)}{'' if s in self.present or self._bot(s) else ' ⌛'}"
            for s, n in enumerate(self.names)
        )
        parts = [
            esc(_("Table {n}").format(n=self.table.id)),
            esc(_("You are {name}, seat {seat}").format(name=me, seat=self.seat + 1)),
        ]
        if self.paused:
            parts.append(esc(_("Paused by the teacher")))
        elif game.is_over():
            parts.append(esc(_("The game is over")))
        elif game.to_move == self.seat:
            parts.append("<b>" + esc(_("Your turn")) + "</b>")
        elif game.to_move is not None:
            parts.append(esc(_("{name} to play").format(name=self.names[game.to_move])))
        waiting = [self.names[s] for s in still_to_play(game)]
        if waiting and not self.paused:
            parts.append(esc(_("still to play in this trick: {names}").format(
                names=join(waiting))))  # fmt: skip
        self.heading.value = (
            f'<div style="font-size:18px;margin:4px 0">{" · ".join(parts)}</div>'
            f'<div style="font-size:15px;color:#444">{seated}</div>'
        )

    def _bot(self, seat: int) -> bool:
        return self.table.seats[seat] is None

    # --------------------------------------------------------------- polling
    def interval(self) -> float:
        """Seconds to the next look at the log: :data:`POLL_SECONDS` while another seat
        is to move, :data:`QUIET_POLL_SECONDS` when nothing is expected from the others."""
        game = self.model.game
        waiting = not self.paused and not game.is_over() and game.to_move != self.seat
        return POLL_SECONDS if waiting else QUIET_POLL_SECONDS

    def start_polling(self) -> None:
        """Poll the table on the kernel's event loop, every :meth:`interval` (outside a
        kernel nothing is scheduled: :meth:`poll` is called by hand)."""
        loop = kernel_loop()
        if self._polling is not None or loop is None:
            return
        self._loop = loop
        self._schedule(self.interval())

    def _schedule(self, seconds: float) -> None:
        self._polling = self._loop.call_later(seconds, self._tick)
        self._due = time.monotonic() + seconds

    def _tick(self) -> None:
        self._polling = None
        if getattr(self, "comm", None) is None:  # the page is gone: stop reading
            return
        try:
            self.poll()
        except Exception:
            _log.exception("shared table: reading the log")
        self._schedule(self.interval())

    def _hurry(self) -> None:
        """After this page's own move the others are to play: look again soon, not at
        the quiet pace."""
        if self._polling is None or self._loop is None:
            return
        soon = time.monotonic() + self.interval()
        if soon < self._due - 0.01:
            self._polling.cancel()
            self._schedule(self.interval())

    def stop(self) -> None:
        """Stop following the table (the student moved to another one)."""
        if self._polling is not None:
            with contextlib.suppress(Exception):
                self._polling.cancel()
            self._polling = None
