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

from ..i18n import _, get_language, set_language
from ..pictures.svg import hand_svg, table_svg
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
from .faces import (
    lines_html,
    round_chart_html,
    save_link_html,
    status_html,
    taken_html,
)
from .model import GameModel
from .setup import SetupPanel, option_label, option_widget
from .views import CallBar, HandView

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

    def _build(self, four_colour: bool, language_selector: bool) -> None:
        self.guard = Guard(self._say)
        self._hint: Any = None
        self._hint_key: tuple[int, int] = (0, -1)
        self.status = w.HTML()
        set_classes(self.status, "kw-status")
        self.picture = w.HTML()
        set_classes(self.picture, "kw-table")
        self.hand = HandView(
            on_play=self.guard.wrap(self._play),
            on_illegal=self.guard.wrap(self._illegal),
            four_colour=four_colour,
        )
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
        """What the student acts on, as ``self.actions`` (``kw-actions``): the calls,
        then the hand. It goes right under the status line, above the table's picture,
        so that on a projector (1024×768) the buttons are on screen without scrolling.
        It does not clip: a card's "why not" tooltip may reach over what is below."""
        self.actions = w.VBox(parts, layout=w.Layout(width="100%", overflow="visible"))
        set_classes(self.actions, "kw-actions")
        return self.actions

    @staticmethod
    def _columns(table_width: int, left: list[w.Widget], right: list[w.Widget]) -> w.HBox:
        """The table on the left, the tools and what happened on the right (below the
        table on a narrow screen). The left column does not clip: a card's "why not"
        tooltip may reach over the right one."""
        left_layout = w.Layout(width=f"{table_width + 10}px", max_width="100%", overflow="visible")
        return w.HBox(
            [
                w.VBox(left, layout=left_layout),
                w.VBox(right, layout=w.Layout(flex="1 1 360px", min_width="320px")),
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )

    # ---------------------------------------------------------------- actions
    @property
    def game(self) -> Any:
        """The game in progress (look, but play through the table)."""
        return self.model.game

    def _say(self, message: str) -> None:
        self.model.say(message)

    def _play(self, move: Any) -> None:
        self._hint = None
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
        self._hint = None
        self.model.new_deal()

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
    ) -> None:
        super().__init__()
        if game is not None:
            self.kind = game
        set_classes(self, "kw-root", "kw-table-widget", f"kw-{self.kind}")
        self.model = GameModel(self.kind, players, rules, bots, seed, bot_options=bot_options)
        self._build(four_colour, language_selector)
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

        tools = w.HBox(
            [
                self.hint_button,
                self.undo_button,
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
        right = [tools, self.side_title, self.explain, self.extra_panel(), self.review]
        # The calls (trumps, declarations, pass) and the hand come first, right under
        # the status line, then the table's picture: on screen without scrolling.
        self.children = (
            style_widget(),
            self.status,
            self._action_row([self.calls, self.hand]),
            self._columns(table_width, [self.picture], [*right, self.tricks_box]),
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
        over = game.is_over()
        self.picture.value = table_svg(
            game,
            seat=seat,
            show_all=self.show_all.value or over,
            four_colour=four,
            width=self.table_width,
        )
        self.hand.show(game, seat)
        self.calls.show(game, seat, four)
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
            if not hint[key]:
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
