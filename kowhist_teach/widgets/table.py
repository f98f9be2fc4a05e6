"""The trick table: a game against bots (Knock-Out Whist, German Whist, any registered
game without partnerships or an auction), to play by clicking cards.

>>> table = TableWidget(players=3, seed=1)
>>> legal = [b for b in table.hand.buttons if 'kw-legal' in b._dom_classes]
>>> legal[0].click()
>>> 'kw-explain' in table.explain._dom_classes
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.errors import IllegalMove
from ..i18n import _, get_language, set_language
from ..pictures.svg import hand_svg, table_svg, trick_svg
from ._common import (
    LANGUAGE_NAMES,
    Guard,
    LanguageMenu,
    big_button,
    esc,
    set_classes,
    style_widget,
    tag,
    uploaded_record,
)
from .card_table import CardTable
from .faces import (
    lines_html,
    round_chart_html,
    save_link_html,
    status_html,
    taken_html,
)
from .model import GameModel, last_finished_trick
from .setup import SetupPanel, option_label, option_widget
from .views import CallBar, TableHand

__all__ = [
    "TableWidget",
    "GermanTableWidget",
    "SetupPanel",
    "TableView",
    "LANGUAGE_NAMES",
    "option_label",
    "option_widget",
]


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

    def _build(self, four_colour: bool, language_selector: bool, speed: str = "normal") -> None:
        self.guard = Guard(self._say)
        self._hint: Any = None
        self._hint_key: tuple[int, int] = (0, -1)
        #: The analysis with every card visible: ``off``, ``after`` the deal, or on
        #: ``request`` (the hint shows it).
        self.analysis = "request"
        self._confirming = False
        self._frames: list[str] = []
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
        self.undo_button.on_click(self.guard.wrap(lambda _b: self.model.undo()))
        self.new_button.on_click(self.guard.wrap(lambda _b: self._new_deal()))
        self.model.observe(self.guard.wrap(lambda _c: self.render()), names="version")

    def _setup_box(self) -> w.Accordion:
        """``self.setup`` in a folded box (``kw-setup-box``)."""
        box = w.Accordion(children=[self.setup], selected_index=None)
        set_classes(box, "kw-setup-box")
        return box

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
    def _draw_table(self) -> str:
        """The table picture of the game as it is now."""
        raise NotImplementedError

    def _snap(self) -> None:
        """After each move (the student's, each bot's): one more frame, so that every
        card is seen arriving. The first frame after the student's card goes to the
        browser at once: their card is on the table while the bots think."""
        frame = self._draw_table()
        self._frames.append(frame)
        if not self._first_sent:
            self._first_sent = True
            with self.card_table.hold_sync():
                self.card_table.my_turn = False
                self.card_table.frames = [frame]

    def _show_table(self) -> None:
        """The frames since the student's last move, the table now, the hand."""
        frames, self._frames = [*self._frames, self._draw_table()], []
        self._first_sent = False
        hand = self.hand
        self.card_table.show(
            frames, hand.table_hand(), hand.my_turn and not hand.hidden and not self._confirming
        )
        self.card_table.feedback = self._feedback()
        self.card_table.moment = self._moment_now()

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
        return ""

    def _show_last_trick(self) -> None:
        self._showing_last = not self._showing_last
        self.render()

    def _moment_chosen(self, choice: str) -> None:
        """The student's choice in a moment over the table."""
        if choice == "throw":
            self._confirming = False
            self._hint = None
            self.model.new_deal()
        elif choice in ("keep", "close"):
            self._confirming = False
            self._showing_last = False
            self.render()
        else:
            self._game_choice(choice)

    def _game_choice(self, choice: str) -> None:
        """A choice in a moment of the game itself."""

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

    def _show_hint(self) -> None:
        self.model.message = ""  # an old warning is not about the hint asked for now
        self._hint = self.model.hint()
        self._hint_key = self._position_key()
        self.render()

    def _position_key(self) -> tuple[int, int]:
        game = self.model.game
        return id(game), len(game.moves)

    def _new_deal(self) -> None:
        game = self.model.game
        if not game.is_over() and self._student_moved():
            self._confirming = True  # the student says yes or no over the table
            self.render()
            return
        self._hint = None
        self.model.new_deal()

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
        self.setup.relabel()
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


class TableWidget(TableView):
    """Knock-Out Whist against bots: you are seat 1, the bots play their turns at once.

    The status line (``kw-status``), the table, your hand as card buttons (``kw-card``
    with ``kw-legal`` or ``kw-illegal``), the other moves as buttons (trumps, pass,
    declarations), the explanation area (``kw-explain``) that says after each trick
    why it was won and after each round what it means, and the tools: hint
    (``kw-hint``, on request only), undo (``kw-undo``), new deal (``kw-new-deal``),
    replay this deal (``kw-replay``), show all hands (``kw-show-all``), a chart of
    tricks by round, save (a download link) and load (a record file), the language,
    and the settings of the next game.

    ``bots`` names the bot in each other seat (``random``, ``rules``, ``montecarlo``);
    ``seed`` makes the deals and the bots repeatable; ``game`` is the record name of
    any registered game of the trick table (Knock-Out Whist by default).
    """

    kind = "knockout"

    def __init__(
        self,
        players: int = 4,
        bots: list[str] | None = None,
        rules: Any = None,
        seed: int | None = None,
        *,
        four_colour: bool = False,
        table_width: int = 760,
        language_selector: bool = True,
        bot_options: dict[str, Any] | None = None,
        on_review: Callable[[dict[str, Any]], None] | None = None,
        game: str | None = None,
        speed: str = "normal",
    ) -> None:
        super().__init__()
        if game is not None:
            self.kind = game
        set_classes(self, "kw-root", "kw-table-widget", f"kw-{self.kind}")
        self.model = GameModel(self.kind, players, rules, bots, seed, bot_options=bot_options)
        self.model.pause_rounds = True  # a round's end is a moment over the table
        self._build(four_colour, language_selector, speed)
        self.table_width = table_width
        self.on_review = on_review
        self._review_key: tuple[Any, ...] = ()
        self.replay_button = big_button("", "kw-replay")
        self.review_button = big_button("", "kw-review-game")
        if on_review is None:
            self.review_button.layout.display = "none"
        self.show_all = w.ToggleButton(value=False)
        set_classes(self.show_all, "kw-tool", "kw-show-all")
        self.show_all.layout.width = "auto"
        self.four_colour = w.Checkbox(value=four_colour, indent=False)
        set_classes(self.four_colour, "kw-four-colour")
        self.chart = w.HTML()
        set_classes(self.chart, "kw-chart")
        self.review = w.HTML()
        set_classes(self.review, "kw-review")
        self.save_link = w.HTML()
        set_classes(self.save_link, "kw-save-link")
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False)
        set_classes(self.upload, "kw-load")
        self.upload.layout.width = "auto"
        self.setup = SetupPanel(self.kind, self.model, self._new_game, self.guard)
        self.setup_box = self._setup_box()
        self.tricks_box = w.Accordion(children=[w.VBox([self.chart])], selected_index=0)
        self.replay_button.on_click(self.guard.wrap(lambda _b: self.model.replay()))
        self.review_button.on_click(self.guard.wrap(lambda _b: self._review()))
        self.show_all.observe(self.guard.wrap(lambda _c: self.render()), names="value")
        self.four_colour.observe(self.guard.wrap(self._four_colour), names="value")
        self.upload.observe(self.guard.wrap(self._uploaded), names="value")

        self.next_button = big_button("", "kw-next-round")
        self.next_button.button_style = "primary"
        self.next_button.on_click(self.guard.wrap(lambda _b: self._game_choice("next")))
        tools = w.HBox(
            [
                self.hint_button,
                self.undo_button,
                self.last_trick_button,
                self.new_button,
                self.replay_button,
                self.show_all,
                self.review_button,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        files = w.HBox(
            [self.save_link, self.upload, self.four_colour, self.language],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        # Beside the table: what to act on besides the cards (trumps, declarations,
        # pass, next round), the tools, then the explanation: all on screen at once.
        right = [
            self._action_row([self.calls, self.next_button]),
            tools,
            self.explain,
            self.side_title,
            self.extra_panel(),
            self.review,
            self.tricks_box,
        ]
        self.children = (
            style_widget(),
            self.status,
            self._columns(table_width, [self.picture], right),
            files,
            self.setup_box,
            self.guard.debug,
        )
        self.relabel()
        self.render()

    # ------------------------------------------------------------- overridable
    def extra_panel(self) -> w.Widget:
        """A panel under the explanation (German Whist: the cards taken)."""
        return w.HTML(layout=w.Layout(display="none"))

    # ---------------------------------------------------------------- actions
    def _new_game(self, players: int, rules: Any, bots: list[str]) -> None:
        self._hint = None
        self.model.new_game(players=players, rules=rules, bots=bots)
        self.setup_box.selected_index = None

    def _review(self) -> None:
        if self.on_review is not None:
            self.on_review(self.model.record())

    def _four_colour(self, _change: Any) -> None:
        self.hand.four_colour = self.four_colour.value
        self.render()

    def _uploaded(self, change: dict[str, Any]) -> None:
        record = uploaded_record(self.upload, change, self.model.say)
        if record is not None:
            self.load(record)

    def load(self, record: str | bytes | dict[str, Any]) -> None:
        """Play on from a record (JSON text, its bytes or a dict — never a file name); a
        bad record changes nothing."""
        self._hint = None
        self.model.load(record)

    # ----------------------------------------------------------------- drawing
    def _hint_tooltip(self) -> str:
        return _("Why each move is allowed, tips, and analysis")

    def relabel(self) -> None:
        """The fixed texts (buttons, headings) in the chosen language."""
        super().relabel()
        texts = [
            (self.replay_button, _("Replay this deal"), _("The same cards again, from the start")),
            (self.show_all, _("Show all hands"), _("Turn every hand face up")),
            (self.next_button, _("Next round"), _("Deal the next round and play on")),
            (self.review_button, _("Step through this game"), _("Replay it move by move")),
        ]
        for widget, description, tooltip in texts:
            widget.description = description
            widget.tooltip = tooltip
        self.four_colour.description = _("Four-colour deck")
        self.upload.description = _("Load a record")
        self.setup_box.set_title(0, _("Game setup: players, bots, rules"))
        self.tricks_box.set_title(0, self._chart_title())

    def _chart_title(self) -> str:
        return _("Tricks by round")

    def render(self) -> None:
        """Draw everything from the model."""
        model = self.model
        game = model.game
        seat = model.human
        four = self.four_colour.value
        self.status.value = status_html(game, seat)
        between = model.between_rounds and not game.is_over()
        self.hand.hidden = between
        self.hand.show(game, seat)
        self.calls.show(game, seat, four)
        if between:
            self.calls.update([])
        self.next_button.layout.display = "" if between else "none"
        self.show_all.layout.display = "" if self._analysis_open() else "none"
        self._show_table()
        self.explain.value = self._explain_html()
        self.chart.value = self._chart_html()
        self.extra_update()
        # The review changes once a round: drawn again only then (or in a new language).
        key = (id(game), len(getattr(game, "rounds", ())), game.is_over(), four, get_language())
        if key != self._review_key:
            self._review_key = key
            self.review.value = self._review_html()
        self.save_link.value = save_link_html(game, f"{self.kind}-whist.json")
        self.undo_button.disabled = False

    def _draw_table(self) -> str:
        game = self.model.game
        return table_svg(
            game,
            seat=self.model.human,
            show_all=(self.show_all.value and self._analysis_open()) or game.is_over(),
            four_colour=self.four_colour.value,
            width=self.table_width,
        )

    def _analysis_open(self) -> bool:
        """Whether every card may be shown now (the teacher's setting)."""
        if self.analysis == "request":
            return True
        return self.analysis == "after" and self.model.game.is_over()

    def _last_trick_svg(self) -> str:
        trick = last_finished_trick(self.model.game)
        if trick is None:
            return ""
        return trick_svg(
            trick,
            self.model.game.names,
            viewer=self.model.human,
            size=60,
            four_colour=self.four_colour.value,
            finished=True,
        )

    def _game_moment(self) -> dict[str, Any]:
        model, game = self.model, self.model.game
        if game.is_over():
            return {}
        story = [x for x in model.lines if x][-4:]
        if model.out_round is not None and not model.watching:
            return {
                "kind": "out",
                "title": _(
                    "You are out in round {n}: watch the bots finish, or start again"
                ).format(n=model.out_round),
                "lines": story,
                "picture": self._last_trick_svg(),
                "choices": [
                    {"id": "watch", "label": _("Watch the bots finish")},
                    {"id": "again", "label": _("Start again")},
                ],
            }
        if model.between_rounds:
            return {
                "kind": "round-end",
                "title": _("Round {n} is over").format(n=model.finished_round),
                "lines": story,
                "picture": self._last_trick_svg(),
                "choices": [{"id": "next", "label": _("Next round")}],
            }
        return {}

    def _game_choice(self, choice: str) -> None:
        self._hint = None
        self._frames, self._first_sent = [], False
        if choice == "next":
            self.model.next_round()
        elif choice == "watch":
            self.model.watch()
        elif choice == "again":
            self.model.new_deal()

    def extra_update(self) -> None:
        """Refresh :meth:`extra_panel` (nothing for Knock-Out Whist)."""

    def _chart_html(self) -> str:
        return round_chart_html(self.game)

    def _hint_html(self, hint: dict[str, list[str]]) -> str:
        parts = [tag("h4", _("Your moves")) + lines_html(hint["moves"])]
        if hint["tips"]:
            parts.append(tag("h4", _("Tips")) + lines_html(hint["tips"]))
        if hint["analysis"] and self._analysis_open():
            label = _("best play if every card were visible")
            heading = _("Analysis")
            parts.append(
                f'<h4>{esc(heading)} <span class="kw-label">({esc(label)})</span></h4>'
                + lines_html(hint["analysis"])
            )
        return "".join(parts)

    def _review_html(self) -> str:
        """Every hand of the last finished round, as dealt (the hand is over: show all)."""
        game = self.game
        rounds = getattr(game, "rounds", ())
        done = [(i, r) for i, r in enumerate(rounds) if r.tricks_won and r.hands]
        if not done:
            return ""
        i, log = done[-1]
        rows = []
        for s, name in enumerate(game.names):
            cards = log.hands[s]
            if not cards:
                continue
            picture = hand_svg(cards, size=54, four_colour=self.four_colour.value)
            won = _("Tricks: {n}").format(n=log.tricks_won[s])
            rows.append(
                f"<tr><th style='text-align:left;padding-right:10px'>{esc(name)}<br>"
                f"<span style='font-weight:normal'>{esc(won)}</span></th><td>{picture}</td></tr>"
            )
        title = _("Round {r}: every hand as it was dealt").format(r=i + 1)
        return f"<h3 style='margin:6px 0'>{esc(title)}</h3><table>{''.join(rows)}</table>"


class GermanTableWidget(TableWidget):
    """German Whist (or any game whose ``ui`` hook says it has a stock) against a bot:
    the stock with its face-up card, what each player took from it, the two phases; the
    same tools and hooks as :class:`TableWidget`.

    >>> table = GermanTableWidget(seed=2)
    >>> len(table.hand.buttons)
    13
    """

    kind = "german"

    def __init__(
        self,
        bots: list[str] | None = None,
        rules: Any = None,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__(players=2, bots=bots, rules=rules, seed=seed, **options)

    def extra_panel(self) -> w.Widget:
        self.taken = w.HTML()
        set_classes(self.taken, "kw-taken")
        return self.taken

    def extra_update(self) -> None:
        self.taken.value = taken_html(self.game, self.model.human)

    def _chart_title(self) -> str:
        return _("Tricks won")

    def _chart_html(self) -> str:
        game = self.game
        rows = "".join(
            f"<tr><th>{esc(name)}</th><td>{game.phase1_tricks[s]}</td>"
            f"<td>{game.tricks_won[s] - game.phase1_tricks[s]}</td>"
            f"<td><b>{game.tricks_won[s]}</b></td></tr>"
            for s, name in enumerate(game.names)
        )
        head = "".join(
            f"<th>{esc(t)}</th>" for t in ("", _("Phase 1"), _("Phase 2"), _("All tricks"))
        )
        return f'<table class="kw-chart-table"><tr>{head}</tr>{rows}</table>'

    def _review_html(self) -> str:
        game = self.game
        if not game.is_over():
            return ""
        rows = []
        dealt, taken = _("Dealt"), _("Taken from the stock")
        for s, name in enumerate(game.names):
            took = [
                c
                for i, t in enumerate(game.tricks)
                for c in (game.winner_took[i] if t.winner == s else game.loser_took[i],)
                if c is not None
            ]
            four = self.four_colour.value
            rows.append(
                f"<tr><th style='text-align:left'>{esc(name)}</th><td>"
                f"{esc(dealt)}<br>{hand_svg(game.dealt_hands[s], size=48, four_colour=four)}"
                f"</td><td>{esc(taken)}<br>"
                f"{hand_svg(took, size=48, four_colour=four)}</td></tr>"
            )
        title = _("The hand is over: every card as dealt and taken")
        return f"<h3 style='margin:6px 0'>{esc(title)}</h3><table>{''.join(rows)}</table>"
