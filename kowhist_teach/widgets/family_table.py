"""The whist family at the table: partnership whist, solo whist, bid whist (any game
with partnerships or an auction) against bots, to play by clicking.

The widget holds no rule: it draws what :class:`~kowhist_teach.widgets.model.GameModel`
holds with the CSS hooks of DESIGN §6 (``kw-card`` with ``kw-legal`` or ``kw-illegal``,
``kw-trick``, ``kw-explain``, ``kw-hint``, ``kw-undo``, ``kw-new-deal``, ``kw-status``;
bids, passes and trump choices as ``kw-call`` buttons).

>>> table = FamilyTableWidget('whist', seed=1)
>>> table.game.to_move
0
>>> legal = [b for b in table.hand.buttons if 'kw-legal' in b._dom_classes]
>>> legal[0].click()
>>> len(table.game.hand(0))
12
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.hooks.ui import laid_open
from ..core.registry import spec
from ..i18n import _
from ..pictures.svg import hand_svg, trick_svg
from ._common import Guard, big_button, sentence, set_classes, style_widget, tag
from ._games import spec_ui
from .faces import lines_html
from .family import family_call_faces, family_game_class
from .family_faces import _short, deal_summary, trick_done, turn_text
from .model import GameModel
from .setup import VariantGroup, option_value, relabel_option
from .table import TableView, option_widget

__all__ = ["FamilySetup", "FamilyTableWidget"]

# The family's own classes; the DESIGN §6 hooks come from the shared style sheet.
# The family's own classes; the DESIGN §6 hooks come from the shared style sheet.
_FAMILY_CSS = """
.kw-family .kw-deal-summary { background: #eef6f0; border: 2px solid #17613a;
  border-left-width: 8px; border-radius: 8px; padding: 4px 14px; }
.kw-family .kw-deal-summary .widget-html-content { font-size: 18px; line-height: 1.4; }
.kw-family .kw-last-trick svg { max-width: 360px; height: auto; }
.kw-family .kw-status .kw-contract { color: #ffd54f; }
.kw-family .kw-open-hands svg { max-width: 100%; height: auto; }
"""


class FamilySetup(w.VBox):
    """A small setup: the rule options that matter most, the game's variants in a
    folded group (``variants``, a :class:`~kowhist_teach.widgets.setup.VariantGroup`),
    and a "new game" button (``kw-new-game``). ``on_start(rules)`` gets the rules
    chosen; the engine checks them (a refusal is one line, the game in progress stays).

    >>> chosen = []
    >>> setup = FamilySetup('whist', None, chosen.append, Guard(print))
    >>> setup.options['game_points'].value = 7
    >>> setup.start.click()
    >>> chosen[0].game_points, chosen[0].honours
    (7, True)
    """

    def __init__(
        self,
        kind: str,
        rules: Any,
        on_start: Callable[[Any], None],
        guard: Guard,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-setup", "kw-family-setup")
        self.kind = kind
        self.on_start = on_start
        self.guard = guard
        family_game_class(kind)  # an unknown game is refused
        game_spec = spec(kind)
        self.rules_class = game_spec.rules
        rules = rules if rules is not None else self.rules_class()
        self.base = rules
        fields = {f.name for f in dataclasses.fields(self.rules_class)}
        self.rule_options = {
            o.name: o for o in spec_ui(game_spec).options(self.rules_class) if o.name in fields
        }
        variants = [
            o
            for o in spec_ui(game_spec).variant_options(self.rules_class)
            if o.name in fields and o.name not in self.rule_options
        ]
        self.variants = VariantGroup(variants, {o.name: getattr(rules, o.name) for o in variants})
        self.options: dict[str, w.Widget] = {}
        for name, option in self.rule_options.items():
            widget = option_widget(option, getattr(rules, name))
            set_classes(widget, "kw-option", f"kw-option-{name.replace('_', '-')}")
            widget.layout.width = "auto"
            self.options[name] = widget
        self.start = big_button("", "kw-new-game")
        self.start.on_click(self.guard.wrap(lambda _b: self._start()))
        self.children = (*self.options.values(), self.variants, self.start)
        self.relabel()

    def relabel(self) -> None:
        """Every label in the chosen language."""
        for name, widget in self.options.items():
            relabel_option(widget, self.rule_options[name])
        self.variants.relabel()
        self.start.description = _("Start a new game with these rules")
        self.start.tooltip = self.start.description

    def rules(self) -> Any:
        """The rules chosen (options not shown keep their values)."""
        values = {name: option_value(widget) for name, widget in self.options.items()}
        return dataclasses.replace(self.base, **values, **self.variants.values())

    def _start(self) -> None:
        self.on_start(self.rules())


# ------------------------------------------------------------------ the table
class FamilyTableWidget(TableView):
    """A game of the whist family against three bots: you are South (seat 0).

    ``game`` is ``"whist"`` (partnership whist or a whist drive), ``"solo"`` or
    ``"bidwhist"``; ``rules`` the game's rules object; ``bots`` the bot of each other
    seat (``rules`` by default); ``seed`` makes the deals and the bots repeatable.
    ``speed`` (``instant``, ``normal``, ``slow``) paces the bots' cards in the browser:
    each card is seen arriving on the table (``step_delay`` is accepted for old
    callers and does nothing: the kernel never sleeps).

    What it shows: the status line (``kw-status``), the trick on the table (its cards
    ``kw-trick``), the calls open to you (``kw-call``), your hand (``kw-card``), what
    happened (``kw-explain``), the last deal's summary (``kw-deal-summary``), and the
    tools: hint (``kw-hint``), undo (``kw-undo``), new deal (``kw-new-deal``), the
    language and a small setup with "new game" (``kw-new-game``).

    >>> table = FamilyTableWidget('solo', seed=6)
    >>> 'Your turn: bid or pass' in table.status.value
    True
    >>> table.calls.buttons[0].description, table.calls.buttons[0]._dom_classes[:2]
    ('Pass', ('kw-call', 'kw-call-legal'))
    """

    def __init__(
        self,
        game: str = "whist",
        rules: Any = None,
        seed: int | None = None,
        bots: list[str] | None = None,
        *,
        four_colour: bool = False,
        table_width: int = 760,
        language_selector: bool = True,
        bot_options: dict[str, Any] | None = None,
        step_delay: float = 0.0,
        players: int | None = None,
        speed: str = "normal",
    ) -> None:
        super().__init__()
        self.kind = game
        set_classes(self, "kw-root", "kw-table-widget", "kw-family", f"kw-{game}")
        family_game_class(game)  # a game of the trick table is refused here
        # The one model of every game; the bots wait after each deal for "Next deal",
        # so that its summary can be read first.
        self.model = GameModel(
            game,
            players,
            rules,
            bots,
            seed,
            bot_options=bot_options,
            pause_rounds=True,
        )
        self._build(four_colour, language_selector, speed)
        self.four_colour = four_colour
        self.table_width = table_width
        #: Kept for old callers: the browser paces the bots now (``speed``).
        self.step_delay = step_delay
        #: Every hand face up (the teacher's analysis setting allowing).
        self.show_all_now = False
        self.summary = w.HTML()
        set_classes(self.summary, "kw-deal-summary")
        self.last_trick = w.HTML()
        set_classes(self.last_trick, "kw-last-trick")
        self.open_hands = w.HTML()
        set_classes(self.open_hands, "kw-open-hands")
        # Made when first opened, from the rules of the game then on the table.
        self.setup_box = self._setup_box(
            lambda: FamilySetup(game, self.model.game.rules, self._new_game, self.guard)
        )
        # Every game at this table is played deal after deal (its model keeps
        # ``deals``): the deal in progress, or the one just over, can be played again
        # with the same cards, as the trick table's "Replay this deal" does.
        self._next_and_replay("kw-next-deal")
        tools = self._tools()
        # Beside the table (the hand is in its picture): the calls or "Next deal", the
        # tools, what happened: see TableView._columns.
        self.children = (
            style_widget(),
            style_widget(_FAMILY_CSS),
            self.status,
            self._columns(
                table_width,
                [self.picture],
                [
                    self._action_row([self.calls, self.next_button]),
                    tools,
                    self.explain,
                    self.side_title,
                    self.summary,
                    self.last_trick,
                    self.open_hands,
                ],
            ),
            self.language,
            self.setup_box,
            self.guard.debug,
        )
        self.relabel()
        self.render()

    # ---------------------------------------------------------------- actions
    def _new_game(self, rules: Any) -> None:
        self._hint = None
        self.model.new_game(rules=rules)
        self.setup.base = self.model.game.rules
        self.setup_box.selected_index = None

    # ----------------------------------------------------------------- drawing
    def _hint_tooltip(self) -> str:
        return _("The move the rules bot would make, and why")

    def relabel(self) -> None:
        """The fixed texts (buttons, headings) in the chosen language."""
        super().relabel()
        # "kw-new-deal" starts the game (or rubber) again: its words say so.
        self.new_button.description = _("Restart: new game")
        self.new_button.tooltip = _(
            "Start again from the first deal with new cards: the scores go back to 0"
        )
        self.replay_button.description = _("Replay this deal")
        self.replay_button.tooltip = _(
            "The same cards of this deal again, from its first call; the scores as before it"
        )
        self.next_button.description = _("Next deal")
        self.next_button.tooltip = _("The deal is over: deal the next one and play on")
        self.setup_box.set_title(0, _("Game setup: rules"))

    def render(self) -> None:
        """Draw everything from the model."""
        model = self.model
        game = model.game
        seat = model.human
        self.status.value = self._status_html()
        between = model.between_deals and not game.is_over()
        self.hand.hidden = between
        self.hand.show(game, seat)
        self.next_button.layout.display = "" if between else "none"
        self.calls.update(family_call_faces(model, self.four_colour))
        discarding = game.to_move == seat and game.phase.value == "discard" and not between
        self.explain.value = self._explain_html(
            tag("i", turn_text(game, seat)) if discarding else ""
        )
        for box, html in (
            (self.summary, self._summary_html()),
            (self.last_trick, self._last_trick_html()),
            (self.open_hands, self._open_hands_html()),
        ):
            box.value = html
            box.layout.display = "" if html else "none"  # no empty frame
        self._show_table()

    def _show_all_now(self) -> bool:
        return self.analysis == "request" and self.show_all_now

    def _game_moment(self) -> dict[str, Any]:
        model, game = self.model, self.model.game
        if not model.between_deals or game.is_over():
            return {}
        done = [i for i, log in enumerate(game.deals) if log.points is not None]
        lines = deal_summary(game, done[-1]) if done else []
        # A short title (the button beside it says what to do), as a round's end has;
        # the summary's own "Deal N is over." would only say it twice.
        title = _("Deal {n} is over").format(n=model.finished_deal)
        return {
            "kind": "deal-end",
            "title": title,
            "lines": [x for x in lines if x and x != sentence(title)],
            "picture": self._last_trick_svg(),
            "choices": [{"id": "next", "label": _("Next deal")}],
        }

    def _placeholder(self) -> str:
        return _("Click a card to play it, or a call to make it.")

    def _hint_html(self, hint: list[str]) -> str:
        return tag("h4", _("Hint")) + lines_html(hint)

    def _summary_html(self) -> str:
        game = self.model.game
        done = [i for i, log in enumerate(game.deals) if log.points is not None]
        if not done:
            return ""
        return tag("h4", _("The last deal")) + lines_html(deal_summary(game, done[-1]))

    def _last_trick_html(self) -> str:
        # While the next trick is being played, the one before stays in view here (the
        # table itself shows the last trick until the next one is led).
        game = self.model.game
        trick = game.trick
        if trick is None or not trick.plays or trick_done(trick, game.n):
            return ""
        # This deal's tricks only: after a new deal, the last deal's trick is gone.
        done = [t for t in game.log.tricks if trick_done(t, game.n)]
        if not done:
            return ""
        picture = trick_svg(
            done[-1],
            game.names,
            viewer=self.model.human,
            size=56,
            four_colour=self.four_colour,
            finished=True,
        )
        return tag("h4", _("Last trick")) + picture

    def _open_hands_html(self) -> str:
        """Cards the student may see beyond their hand: a hand laid open (misère
        ouverte), the kitty once shown or taken, the student's own discards."""
        game = self.model.game
        shown = laid_open(game, self.model.human)
        rows = [
            (_("{name}'s hand lies open").format(name=_short(game.names[seat])), cards)
            for seat, cards in sorted(shown.hands.items())
        ]
        # An auction's kitty and the student's discards, when the game has them.
        rows.append((_("The kitty"), shown.kitty))
        rows.append((_("Your discards (the kitty book)"), shown.discards))
        return "".join(
            f"<div>{tag('b', title)}<br>"
            f"{hand_svg(cards, size=46, four_colour=self.four_colour)}</div>"
            for title, cards in rows
            if cards
        )
