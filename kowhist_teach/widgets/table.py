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

from ..core.game import hand_names
from ..core.hooks.ui import finished_hand, phase_tricks, stock_took
from ..core.registry import spec_of
from ..i18n import _, get_language
from ..pictures.svg import hand_svg
from ..teach.review import review_lines
from ._common import (
    LANGUAGE_NAMES,
    big_button,
    esc,
    set_classes,
    style_widget,
    tag,
    uploaded_record,
)
from .faces import (
    lines_html,
    match_line,
    round_chart_html,
    save_link_html,
    taken_html,
)
from .model import GameModel
from .setup import SetupPanel, option_label, option_widget
from .table_view import TableView
from .upload import RecordUpload

__all__ = [
    "TableWidget",
    "GermanTableWidget",
    "SetupPanel",
    "TableView",
    "LANGUAGE_NAMES",
    "option_label",
    "option_widget",
]


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
        self._next_and_replay("kw-next-round")
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
        # The coach: "where did my tricks go?" for the round just over (issue 13).
        self.coach_button = big_button("", "kw-coach")
        self.coach = w.HTML()
        set_classes(self.coach, "kw-coach-panel")
        self.save_link = w.HTML()
        set_classes(self.save_link, "kw-save-link")
        self.upload = RecordUpload(accept=".json,application/json", multiple=False)
        set_classes(self.upload, "kw-load")
        self.upload.layout.width = "auto"
        self.setup_box = self._setup_box(
            lambda: SetupPanel(self.kind, self.model, self._new_game, self.guard)
        )
        self.tricks_box = w.Accordion(children=[w.VBox([self.chart])], selected_index=0)
        self.review_button.on_click(self.guard.wrap(lambda _b: self._review()))
        self.coach_button.on_click(self.guard.wrap(lambda _b: self._coach()))
        self.show_all.observe(self.guard.wrap(lambda _c: self.render()), names="value")
        self.four_colour.observe(self.guard.wrap(self._four_colour), names="value")
        self.upload.observe(self.guard.wrap(self._uploaded), names="value")
        # A file refused in the browser (too large) is said here, in one line.
        self.upload.observe(
            self.guard.wrap(lambda c: c["new"] and self.model.say(c["new"])), names="error"
        )

        tools = self._tools(self.show_all, self.coach_button, self.review_button)
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
            self.coach,
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
        self.model.new_game(
            players=players, rules=rules, bots=bots, match=self.setup.match_length()
        )
        self.setup_box.selected_index = None

    def _coach(self) -> None:
        """The review of the student's decisions in the last round that is over — with
        every card visible, so only when the teacher's setting allows it (after the deal
        by default; never with "off")."""
        game = self.game
        done = finished_rounds(game)
        if self.analysis == "off":
            lines = [_("The teacher has turned off the analysis with every card visible.")]
        elif not done:
            lines = [_("The review comes when a round is over: play it to the end first.")]
        else:
            lines = review_lines(game, self.model.human, round=done[-1])
        self.coach.value = tag("h4", _("Where did my tricks go?")) + lines_html(lines)

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
            (
                self.coach_button,
                _("Where did my tricks go?"),
                _("Your decisions in the last round, with every card visible"),
            ),
        ]
        for widget, description, tooltip in texts:
            widget.description = description
            widget.tooltip = tooltip
        self.four_colour.description = _("Four-colour pack")
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
        between = model.between_rounds and not game.is_over()
        self.status.value = self._status_html()
        self.hand.hidden = between
        self.hand.show(game, seat)
        # Between rounds the next round's trump choice waits for "Next round": the bar
        # is never filled to be emptied again (two updates, which a page draws).
        if between:
            self.calls.update([])
        else:
            self.calls.show(game, seat, four)
        self.next_button.layout.display = "" if between else "none"
        # Between two hands of a match the same button deals the next hand.
        self.next_button.description = (
            _("Next hand") if model.finished_hand is not None else _("Next round")
        )
        self.show_all.layout.display = "" if self._analysis_open() else "none"
        self._show_table()
        self.explain.value = self._explain_html()
        self.chart.value = self._chart_html()
        self.extra_update()
        # The review changes once a round: drawn again only then (or in a new language).
        key = (
            id(game),
            len(game.rounds) if spec_of(game).rounds else 0,
            model.finished_hand,
            game.is_over(),
            four,
            get_language(),
        )
        if key != self._review_key:
            self._review_key = key
            self.review.value = self._review_html()
        # At a shared table the record (every hand) waits for the game's end.
        shared_secret = self.model.shared and not game.is_over()
        self.save_link.value = (
            "" if shared_secret else save_link_html(game, f"{self.kind}-whist.json")
        )
        self.undo_button.disabled = False

    def _show_all_now(self) -> bool:
        return self.show_all.value and self._analysis_open()

    def _game_moment(self) -> dict[str, Any]:
        model, game = self.model, self.model.game
        if game.is_over() or model.shared:
            # At a shared table the game never waits for one student: no moment stops
            # it (the status line and the story tell a round's end, or who is out).
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
        if model.between_rounds and model.finished_hand is not None:
            # A hand of a match is over: its result and the match score, then "Next hand".
            return {
                "kind": "hand-end",
                "title": _("Hand {n} is over").format(n=model.finished_hand),
                "lines": [*story, match_line(game)],
                "picture": self._last_trick_svg(),
                "choices": [{"id": "next", "label": _("Next hand")}],
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

    def extra_update(self) -> None:
        """Refresh :meth:`extra_panel` (nothing for Knock-Out Whist)."""

    def _chart_html(self) -> str:
        return round_chart_html(self.game)

    def _hint_html(self, hint: dict[str, list[str]]) -> str:
        # The words are the teaching layer's (teach/hints.py); this only lays them out.
        parts = [tag("h4", _("Hint")) + lines_html(hint["suggestion"])]
        parts.append(tag("h4", _("Your moves")) + lines_html(hint["moves"]))
        if hint["tips"]:
            parts.append(tag("h4", _("Tips")) + lines_html(hint["tips"]))
        for key, heading in (("estimate", _("From your seat")), ("analysis", _("Analysis"))):
            if not hint[key] or (key == "analysis" and not self._analysis_open()):
                continue
            label = (
                hint["estimate_label"][0]
                if key == "estimate"
                else _("best play if every card were visible")
            )
            parts.append(
                f'<h4>{esc(heading)} <span class="kw-label">({esc(label)})</span></h4>'
                + lines_html(hint[key])
            )
        if hint["note"]:
            parts.append(lines_html(hint["note"]))
        return "".join(parts)

    def _review_html(self) -> str:
        """Every hand of the last finished round, as dealt (the hand is over: show all)."""
        game = self.game
        rounds = game.rounds if spec_of(game).rounds else ()
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


def finished_rounds(game: Any) -> list[int]:
    """The rounds (or the one hand) of ``game`` that are over, for the coach's review.

    >>> from kowhist_teach.core.registry import spec
    >>> finished_rounds(spec("knockout").new_game(players=3, seed=1))
    []
    """
    if not spec_of(game).rounds:  # a single hand (German Whist): over or not
        return [0] if game.is_over() else []
    return [i for i, r in enumerate(game.rounds) if r.tricks_won and r.hands]


class GermanTableWidget(TableWidget):
    """German Whist (or any game whose ``ui`` hook says it has a stock) against bots:
    the stock with its face-up card, what each hand took from it, the tricks of the two
    phases, and at the end every card dealt and taken; the same tools and hooks as
    :class:`TableWidget`. The game's ``ui`` hook gives the rows (``stock_taken``,
    ``phase_tricks``, ``stock_took``), so a stock game of any number of hands sits here
    (German Whist for three: four hands, the dummy's too). ``players`` defaults to
    two: a game for a fixed number of players gets its own.

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
        *,
        players: int = 2,
        **options: Any,
    ) -> None:
        super().__init__(players=players, bots=bots, rules=rules, seed=seed, **options)

    def extra_panel(self) -> w.Widget:
        self.taken = w.HTML()
        set_classes(self.taken, "kw-taken")
        return self.taken

    def _panel_game(self) -> Any:
        """The hand the panels tell: between two hands of a match the one just over
        (its moment is on the table), else the hand in play."""
        game, model = self.game, self.model
        if model.between_rounds and model.finished_hand is not None:
            done = finished_hand(game)
            if done is not None:
                return done
        return game

    def extra_update(self) -> None:
        self.taken.value = taken_html(self._panel_game(), self.model.human)

    def _chart_title(self) -> str:
        return _("Tricks won")

    def _chart_html(self) -> str:
        game = self._panel_game()
        rows = "".join(
            f"<tr><th>{esc(row.name)}</th><td>{row.phase1}</td>"
            f"<td>{row.phase2}</td>"
            f"<td><b>{row.total}</b></td></tr>"
            for row in phase_tricks(game)
        )
        # The corner is a plain cell: a header cell says what its column or row holds.
        head = "<td></td>" + "".join(
            f"<th>{esc(t)}</th>" for t in (_("Phase 1"), _("Phase 2"), _("All tricks"))
        )
        return f'<table class="kw-chart-table"><tr>{head}</tr>{rows}</table>'

    def _review_html(self) -> str:
        game = self._panel_game()
        if not game.is_over():
            return ""
        rows = []
        dealt, taken = _("Dealt"), _("Taken from the stock")
        # The hand is over: every card may be shown, the face-down takes too.
        took = stock_took(game)
        four = self.four_colour.value
        for s, name in enumerate(hand_names(game)):
            rows.append(
                f"<tr><th style='text-align:left'>{esc(name)}</th><td>"
                f"{esc(dealt)}<br>{hand_svg(game.dealt_hands[s], size=48, four_colour=four)}"
                f"</td><td>{esc(taken)}<br>"
                f"{hand_svg(took[s], size=48, four_colour=four)}</td></tr>"
            )
        title = _("The hand is over: every card as dealt and taken")
        return f"<h3 style='margin:6px 0'>{esc(title)}</h3><table>{''.join(rows)}</table>"
