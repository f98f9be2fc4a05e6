"""What every table view shares (:class:`TableView`): the status line, the card table
with the student's hand in it, the calls, the explanation, the tools, the moments over
the table (throw this game away?, the last trick) and the teacher's settings (the
bots' pace, the analysis, the players' names). The trick table
(:mod:`~kowhist_teach.widgets.table`) and the family table
(:mod:`~kowhist_teach.widgets.family_table`) build on it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.errors import IllegalMove
from ..core.game import hand_names
from ..core.record import record_from_data, to_record
from ..i18n import _, set_language
from ..pictures.svg import table_svg, trick_svg
from ._common import Guard, LanguageMenu, big_button, esc, set_classes, tag
from .card_table import CardTable
from .faces import lines_html
from .family_faces import status_html
from .model import checked_analysis, last_finished_trick
from .views import CallBar, TableHand

__all__ = ["REPEAT_SECONDS", "TableView"]

#: Seconds after a deal during which "New deal" repeats the click that dealt it, while the
#: student has not moved: a burst of clicks (300 were once queued in a kernel, leaving it
#: deaf for a minute) deals once. A student who wants other cards clicks again later.
REPEAT_SECONDS = 1.0


class TableView(w.VBox):
    """What every table shares: the status line (``kw-status``), the table picture, the
    hand (``kw-card``, ``kw-legal`` / ``kw-illegal``) and the other moves as buttons,
    the explanation area (``kw-explain``), the tools hint (``kw-hint``), undo
    (``kw-undo``) and new deal (``kw-new-deal``), the language menu and the setup.

    A subclass makes ``self.model`` (a :class:`~kowhist_teach.widgets.model.TableModel`)
    and calls :meth:`_build` before laying the parts out (the status line, then
    :meth:`_action_row` with the moves and the hand, then :meth:`_columns` with the
    picture and the tools); it draws them in ``render`` and says what a hint shows in
    :meth:`_hint_html`.
    """

    model: Any
    setup: Any
    four_colour: Any
    table_width: int
    #: Called with ``(kind, detail)`` when the student does something a teacher may
    #: want to know beyond the moves themselves: ``"illegal"`` (a card or call that may
    #: not be played, ``{"move", "reason"}``), ``"hint"``, ``"undo"``. A class's page
    #: writes them to the class store; nothing here knows of a class.
    on_event: Any = None
    #: Whether the hint button works (a class's teacher may turn hints off).
    hints_allowed = True
    #: The clock of :data:`REPEAT_SECONDS` (a test sets its own).
    _clock: Callable[[], float] = staticmethod(time.monotonic)

    def _emit(self, kind: str, **detail: Any) -> None:
        if self.on_event is not None:
            self.on_event(kind, detail)

    @property
    def analysis(self) -> str:
        """The teacher's setting for the analysis with every card visible: ``off``,
        ``after`` the deal (the default) or on ``request`` — the model's, which the hint
        (teach/hints.py) follows too."""
        return self.model.analysis

    @analysis.setter
    def analysis(self, value: str) -> None:
        self.model.analysis = checked_analysis(value)

    def _build(self, four_colour: bool, language_selector: bool, speed: str = "normal") -> None:
        self.guard = Guard(self._say)
        self._hint: Any = None
        self._hint_key: tuple[int, int] = (0, -1)
        # What a hint click got without a hint (a notice), and the last deal: a click
        # repeated on the same position changes nothing and costs nothing.
        self._hint_asked: tuple[Any, ...] = ()
        self._hint_notice: tuple[Any, ...] = ()
        self._dealt: tuple[Any, int, float] | None = None
        self._confirming = False
        # The frames since the student's last move, each with what a click says while it
        # is up (who is to play) and the status line that goes with it.
        self._frames: list[tuple[str, str, str]] = []
        self._first_sent = False
        self.status = w.HTML()
        set_classes(self.status, "kw-status")
        # The table picture with the student's hand in it, clicked in place (kw-table).
        self.card_table = CardTable(seat=self.model.human, speed=speed)
        self.card_table.layout.width = "100%"
        self.picture = self.card_table
        self.hand = TableHand(
            self.card_table,
            on_play=self.guard.wrap(self._play),
            on_illegal=self.guard.wrap(self._illegal),
            four_colour=four_colour,
        )
        self.card_table.on_moment = self.guard.wrap(self._moment_chosen)
        self.card_table.on_resume = self.guard.wrap(self._resume)
        self.model.on_moved = self._snap
        self.last_trick_button = big_button("", "kw-last-trick-button")
        self.last_trick_button.on_click(self.guard.wrap(lambda _b: self._show_last_trick()))
        self._showing_last = False
        self.calls = CallBar(
            on_play=self.guard.wrap(self._play), on_illegal=self.guard.wrap(self._illegal)
        )
        self.explain = w.HTML()
        set_classes(self.explain, "kw-explain")
        self.explain.layout.width = "100%"
        self.hint_button = big_button("", "kw-hint")
        self.undo_button = big_button("", "kw-undo")
        self.new_button = big_button("", "kw-new-deal")
        self.language = LanguageMenu(self.guard.wrap(self.set_language), language_selector)
        self.side_title = w.HTML()
        self.hint_button.on_click(self.guard.wrap(lambda _b: self._show_hint()))
        self.undo_button.on_click(self.guard.wrap(lambda _b: self._undo()))
        self.new_button.on_click(self.guard.wrap(lambda _b: self._new_deal()))
        self.model.observe(self.guard.wrap(lambda _c: self.render()), names="version")

    def _setup_box(self, make: Callable[[], w.Widget]) -> w.Accordion:
        """The game's setup in a folded box (``kw-setup-box``), made by ``make`` when
        the box is first opened or ``self.setup`` first asked for: the setup is about
        half of a table's widgets, which a student who only plays never opens, and the
        app's first page is ready sooner without them."""
        self._make_setup = make
        self._built_setup: Any = None
        box = w.Accordion(children=[w.VBox()], selected_index=None)
        set_classes(box, "kw-setup-box")
        box.observe(self.guard.wrap(self._setup_opened), names="selected_index")
        return box

    def _setup_opened(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.setup  # noqa: B018 - made now, the first time it is opened

    @property
    def setup(self) -> Any:
        """The game's setup (players, bots, rules), made on first use."""
        if self._built_setup is None:
            self._built_setup = self._make_setup()
            self.setup_box.children = [self._built_setup]
        return self._built_setup

    def _action_row(self, parts: list[w.Widget]) -> w.VBox:
        """What the student acts on besides their cards, as ``self.actions``
        (``kw-actions``): the calls (trumps, bids, pass, declarations) and "next deal".
        It heads the column beside the table, level with the status line's foot, so
        that at 1024×768 it is on screen without scrolling."""
        self.actions = w.VBox(parts, layout=w.Layout(width="100%", overflow="visible"))
        set_classes(self.actions, "kw-actions")
        return self.actions

    def _columns(self, table_width: int, left: list[w.Widget], right: list[w.Widget]) -> w.HBox:
        """The table (with the hand in it) on the left, what the student acts on, the
        tools and what happened on the right: side by side at 1024 pixels wide, so that
        the status line, the hand, the trick and the latest word all fit the window."""
        left_layout = w.Layout(
            width=f"{table_width + 10}px", max_width="64%", flex="0 1 auto", overflow="visible"
        )
        right_layout = w.Layout(flex="1 1 300px", min_width="300px", max_width="560px")
        self.side = w.VBox(right, layout=right_layout)
        set_classes(self.side, "kw-side")
        return w.HBox(
            [w.VBox(left, layout=left_layout), self.side],
            layout=w.Layout(flex_flow="row nowrap", align_items="flex-start"),
        )

    # ------------------------------------------------------------ the table
    def _four(self) -> bool:
        """Whether the four-colour deck is on (a checkbox, or a flag)."""
        return bool(getattr(self.four_colour, "value", self.four_colour))

    def _show_all_now(self) -> bool:
        """Whether the student has turned every hand face up (the teacher allowing)."""
        return False

    def _analysis_open(self) -> bool:
        """Whether every card may be shown now (the teacher's setting)."""
        if self.analysis == "request":
            return True
        return self.analysis == "after" and self.model.game.is_over()

    def _draw_table(self) -> str:
        """The table picture of the game as it is now (every hand face up once the game
        is over, or when the student has asked and the teacher allows it)."""
        game = self.model.game
        return table_svg(
            game,
            seat=self.model.human,
            show_all=self._show_all_now() or game.is_over(),
            four_colour=self._four(),
            width=self.table_width,
            projector=self.card_table.projector,
        )

    def _next_and_replay(self, next_class: str) -> None:
        """The button that goes on after a round's or deal's end (``next_class``:
        ``kw-next-round`` or ``kw-next-deal``) and "Replay this deal" (``kw-replay``:
        the deal in progress of a game played deal after deal, else the whole game)."""
        self.next_button = big_button("", next_class)
        self.next_button.button_style = "primary"
        self.next_button.on_click(self.guard.wrap(lambda _b: self._game_choice("next")))
        self.replay_button = big_button("", "kw-replay")
        self.replay_button.on_click(self.guard.wrap(lambda _b: self._replay()))

    def _replay(self) -> None:
        self._hint = None
        if self.model.by_deal:
            self.model.replay_deal()
        else:
            self.model.replay()

    def _tools(self, *more: w.Widget) -> w.HBox:
        """The row of tools: hint, undo, last trick, new deal, replay, and ``more``."""
        buttons = [self.hint_button, self.undo_button, self.last_trick_button]
        buttons += [self.new_button, self.replay_button, *more]
        return w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))

    def _snap(self) -> None:
        """After each move (the student's, each bot's): one more frame, so that every
        card is seen arriving, with who is to play then. The first frame after the
        student's card goes to the browser at once: their card is on the table while
        the bots think."""
        frame, wait, status = self._draw_table(), self._wait_word(), self._status_html()
        self._frames.append((frame, wait, status))
        if not self._first_sent:
            self._first_sent = True
            with self.card_table.hold_sync():
                self.card_table.my_turn = False
                self.card_table.waits = [wait]
                self.card_table.statuses = [status] if status else []
                self.card_table.frames = [frame]

    def _status_html(self) -> str:
        """The status line now (every game's :func:`status_html`), also for each frame
        of the bots' play, so that it never tells what the picture has not shown yet;
        between two rounds, hands or deals: the one just over, and what to do now."""
        model, game = self.model, self.model.game
        if not model.between_rounds or game.is_over():
            return status_html(game, model.human)
        if model.out_round is not None and not model.watching:  # watch, or start again
            words = _("You are out in round {n}: watch the bots finish, or start again")
            return status_html(game, model.human, words.format(n=model.out_round))
        return status_html(game, model.human, model.between_text())  # "Next round" …

    def _wait_word(self) -> str:
        """What a click on a card says while the student may not play: who is to play
        now (or that the game is over, or that the cards are being dealt).

        >>> from kowhist_teach.widgets.table import TableWidget
        >>> t = TableWidget(players=3, seed=1)
        >>> t.play_card(next(c.code for c in t.hand.buttons if c.face.legal))
        >>> t.card_table.waits  # the trick taken (the student leads next), the table now
        ['One moment, then it is your turn.', '']
        """
        game = self.model.game
        if game.is_over():
            return _("The game is over: deal again or replay this deal.")
        who = game.to_move
        if who is None:
            return _("Wait: the cards are being dealt.")
        if who == self.model.human:
            # A frame before the last one: the table is still catching up with them.
            return _("One moment, then it is your turn.")
        return _("Wait for {name}: it is their turn.").format(name=game.names[who])

    def _final_wait(self, my_turn: bool, moment: dict[str, Any]) -> str:
        """Why the student may not play on the table as it is now (``""``: they may):
        a moment over the table to answer first, else who is to play."""
        if my_turn:
            return ""
        choices = [c["label"] for c in moment.get("choices", ()) if c.get("label")]
        if moment.get("title") and choices:
            return _("First choose over the table: {choices}.").format(choices=" / ".join(choices))
        if self.model.game.to_move == self.model.human and not self.model.game.is_over():
            return ""  # the hand put away: the table's own word (wait for your turn)
        return self._wait_word()

    def _other_hand_word(self, my_turn: bool) -> str:
        """What a click on the student's own cards says while they play another hand
        (the dummy's, as its dealer): which hand to play from (``""``: their own)."""
        seat = self.hand.hand_seat
        if not my_turn or seat < 0:
            return ""
        name = hand_names(self.model.game)[seat]
        return _("Play from the hand of {name} now: click one of its cards.").format(name=name)

    def _show_table(self) -> None:
        """The frames since the student's last move, the table now, the hand."""
        done, self._frames = self._frames, []
        self._first_sent = False
        hand = self.hand
        my_turn = hand.my_turn and not hand.hidden and not self._confirming
        moment = self._moment_now()
        frames = [frame for frame, _wait, _status in done] + [self._draw_table()]
        waits = [wait for _frame, wait, _status in done] + [self._final_wait(my_turn, moment)]
        statuses = [status for _frame, _wait, status in done] + [self.status.value]
        if not all(statuses):
            statuses = []
        # One message to the browser: the table and the moment over it (a round's end)
        # arrive together, never a status saying "click Next round" without the button.
        with self.card_table.hold_sync():
            self.card_table.show(
                frames,
                hand.table_hand(),
                my_turn,
                hand_seat=hand.hand_seat,
                waits=waits,
                statuses=statuses,
                other_word=self._other_hand_word(my_turn),
            )
            self.card_table.feedback = self._feedback()
            self.card_table.moment = moment
        self._keep_in_browser()

    def keep_in_browser(self, key: str) -> None:
        """Keep the game in progress in the browser (localStorage, under ``key``) after
        every move, so that a reload, a lost kernel or a restarted server costs the
        student one click ("Your game was interrupted — continue?")."""
        self.card_table.store_key = key
        self._keep_in_browser()

    def _keep_in_browser(self) -> None:
        if not self.card_table.store_key:
            return
        game = self.model.game
        # A finished game is not offered back: an empty record clears the browser's copy.
        self.card_table.record = "" if game.is_over() else json.dumps(to_record(game))

    def _resume(self, text: str) -> None:
        """The student chose to continue the game their browser kept: read as a record
        (data, never a path), checked like any upload."""
        self.model.load(record_from_data(text))
        self.render()

    def _feedback(self) -> str:
        """The latest word, beside the hand: a refusal, else the hint asked for, else
        the last thing that happened."""
        model = self.model
        if model.message:
            return "⚠ " + model.message
        hint = self._hint if self._hint_key == self._position_key() else None
        if hint is not None:
            return self._hint_line(hint)
        if self._showing_last:
            return ""
        return model.lines[-1] if model.lines else ""

    def _hint_line(self, hint: Any) -> str:
        """The hint in one line, beside the hand (the whole hint is in ``kw-explain``)."""
        return _("Hint: see the explanation beside the table.")

    def _moment_now(self) -> dict[str, Any]:
        """The moment shown over the table, if any (``{}``)."""
        if self._confirming:
            return {
                "kind": "confirm",
                "title": _("Throw this game away?"),
                "lines": [_("A new deal starts a new game: the game in progress is lost.")],
                "choices": [
                    {"id": "throw", "label": _("Yes, deal again")},
                    {"id": "keep", "label": _("No, play on")},
                ],
            }
        if self._showing_last:
            picture = self._last_trick_svg()
            if picture:
                return {
                    "kind": "last-trick",
                    "title": _("Last trick"),
                    "lines": [],
                    "picture": picture,
                    "choices": [{"id": "close", "label": _("Back to the game")}],
                }
        return self._game_moment()

    def _game_moment(self) -> dict[str, Any]:
        """A moment of the game itself (knocked out, a round's end …): none here."""
        return {}

    def _last_trick_svg(self) -> str:
        """The last finished trick, winner marked (``""`` before the first)."""
        trick = last_finished_trick(self.model.game)
        if trick is None:
            return ""
        return trick_svg(
            trick,
            hand_names(self.model.game),
            viewer=self.model.human,
            size=60,
            four_colour=self._four(),
            finished=True,
        )

    def _show_last_trick(self) -> None:
        self._showing_last = not self._showing_last
        self.render()

    def _moment_chosen(self, choice: str) -> None:
        """The student's choice in a moment over the table."""
        if choice == "throw":
            self._confirming = False
            self._hint = None
            self.model.new_deal()
            self._mark_deal()
        elif choice in ("keep", "close"):
            self._confirming = False
            self._showing_last = False
            self.render()
        else:
            self._game_choice(choice)

    def _game_choice(self, choice: str) -> None:
        """A choice in a moment of the game itself: the next round (or hand, or deal),
        watch the bots finish, start again."""
        self._hint = None
        self._frames, self._first_sent = [], False
        if choice == "next":
            self.model.next_round()
        elif choice == "watch":
            self.model.watch()
        elif choice == "again":
            self.model.new_deal()

    def set_names(self, names: list[str]) -> None:
        """The players' names, seat by seat, from the next deal on (``[]``: the
        default names; the student's seat first)."""
        self.model.names = [n for n in names if n]

    def set_speed(self, speed: str) -> None:
        """The bots' pace: ``instant``, ``normal`` or ``slow``."""
        self.card_table.speed = speed

    def confirm(self) -> None:
        """Say yes to "throw this game away?" (what the browser's button does)."""
        self.card_table.choose("throw")

    def play_card(self, code: str) -> None:
        """Click the card ``code`` in the table (legal: play it; illegal: say why)."""
        self.card_table.click(code)

    # ---------------------------------------------------------------- actions
    @property
    def game(self) -> Any:
        """The game in progress (look, but play through the table)."""
        return self.model.game

    def _say(self, message: str) -> None:
        self.model.say(message)

    def _play(self, move: Any) -> None:
        self._hint = None
        self._showing_last = False
        self._frames, self._first_sent = [], False
        self.model.play(move)

    def _illegal(self, face: Any) -> None:
        # A click on an illegal card or call teaches why, and changes nothing.
        self.model.say(face.reason)
        code = getattr(face.move, "code", None) or str(face.move)
        self._emit("illegal", move=code, reason=face.reason)

    def _undo(self) -> None:
        self.model.undo()
        self._emit("undo")

    def _show_hint(self) -> None:
        # A burst of clicks asks once: the hint of a position is worked out once, and a
        # click that would show what the page shows already does nothing at all.
        # (The teacher's settings are part of the question: they change the answer.)
        asked = (self._position_key(), self.model.analysis, self.hints_allowed)
        message = self.model.message
        known = self._hint is not None and self._hint_asked == asked
        if (known and not message) or (message and self._hint_notice == (*asked, message)):
            return
        if not self.hints_allowed:
            self.model.say(_("Hints are off in this class: ask your teacher."))
            self._hint_notice = (*asked, self.model.message)
            return
        self.model.message = ""  # an old warning is not about the hint asked for now
        if not known:
            self._hint = self.model.hint()
            self._hint_key, self._hint_asked = asked[0], asked
        self.render()
        if self._hint is None:
            self._hint_notice = (*asked, self.model.message)
        if not known:
            self._emit("hint")

    def _position_key(self) -> tuple[int, int]:
        game = self.model.game
        return id(game), len(game.moves)

    def _new_deal(self) -> None:
        # A burst of clicks deals once: a click while "throw this game away?" is up, or
        # soon after a deal the student has not touched, repeats one already answered.
        if self._confirming or self._repeats_deal():
            return
        game = self.model.game
        if not game.is_over() and self._student_moved():
            self._confirming = True  # the student says yes or no over the table
            self.render()
            return
        self._hint = None
        self.model.new_deal()
        self._mark_deal()

    def _mark_deal(self) -> None:
        game = self.model.game
        self._dealt = (game, len(game.moves), self._clock())

    def _repeats_deal(self) -> bool:
        """Whether a "New deal" now repeats the last one: less than
        :data:`REPEAT_SECONDS` after it, with no move since."""
        if self._dealt is None:
            return False
        game, moves, when = self._dealt
        same = game is self.model.game and moves == len(game.moves)
        return same and self._clock() - when < REPEAT_SECONDS

    def _student_moved(self) -> bool:
        """Whether the game in progress holds a move of the student's (there is
        something to lose)."""
        trial = self.model.game.clone()
        try:
            while True:
                trial.undo()
                if trial.to_move == self.model.human:
                    return True
        except IllegalMove:
            return False

    def set_language(self, lang: str) -> None:
        """Switch every text (this table's and the package's) to ``lang``."""
        set_language(lang)
        self.language.follow(lang)
        self._hint = None
        self.relabel()
        if self._built_setup is not None:  # one made later speaks the new language
            self._built_setup.relabel()
        self.model.relabel()

    # ----------------------------------------------------------------- drawing
    def relabel(self) -> None:
        """The fixed texts (buttons, headings) in the chosen language."""
        texts = [
            (self.hint_button, _("Hint"), self._hint_tooltip()),
            (self.undo_button, _("Undo"), _("Take back your last move and the bots' replies")),
            (self.new_button, _("New deal"), _("A new game with new cards")),
            (self.last_trick_button, _("Last trick"), _("Look at the last trick again")),
        ]
        for widget, description, tooltip in texts:
            widget.description = description
            widget.tooltip = tooltip
        self.language.relabel()
        self.side_title.value = tag("h3", _("What happened"), "margin:4px 0")

    def _hint_tooltip(self) -> str:
        """What the hint button gives, in its tooltip."""
        raise NotImplementedError

    def render(self) -> None:
        """Draw everything from the model."""
        raise NotImplementedError

    def _hint_html(self, hint: Any) -> str:
        """What the hint the student asked for shows."""
        raise NotImplementedError

    def _placeholder(self) -> str:
        """What the explanation area says when there is nothing else to say."""
        return _("Click a card to play it.")

    def _explain_html(self, extra: str = "") -> str:
        """The explanation area: why the last click did nothing, then the hint asked for
        at this position or what happened, then ``extra``; :meth:`_placeholder` when
        that is nothing at all."""
        model = self.model
        parts = []
        if model.message:
            parts.append(f'<div class="kw-message" role="alert">⚠ {esc(model.message)}</div>')
        hint = self._hint if self._hint_key == self._position_key() else None
        if hint is not None:
            parts.append(self._hint_html(hint))
        elif model.lines:
            parts.append(lines_html(model.lines, "kw-story"))
        if extra:
            parts.append(extra)
        if not parts:
            parts.append(tag("i", self._placeholder()))
        return "".join(parts)
