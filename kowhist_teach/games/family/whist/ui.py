"""Partnership whist's answers to the widgets: game points, honours, the rubber.

>>> from kowhist_teach.games.family.whist.engine import WhistGame
>>> WhistUI().scores_label(WhistGame(seed=1))
'Game points (rubber)'
"""

from __future__ import annotations

from typing import Any

from ....core.hooks.ui import RuleOption
from ....core.partnerships import OPPOSITE
from ....core.words import full_stop, score_list
from ....i18n import N_, _, ngettext
from ..ui import FamilyUI
from .engine import honours_held, single_stake_from

__all__ = ["WhistUI"]


def _classic(game: Any) -> bool:
    """Played for games and a rubber (not a drive)."""
    return not game.rules.drive


class WhistUI(FamilyUI):
    """Partnership whist and the whist drive."""

    tagline = N_(
        "You sit South, partnered with North against two bots: the side that takes "
        "more than six tricks scores. Click a card to play it."
    )

    def options(self, rules: type) -> list[RuleOption]:
        return [
            RuleOption(
                "game_points",
                N_("Points for game"),
                N_("5: British short whist; 7: American"),
                choices=(5, 7),
            ),
            RuleOption(
                "honours",
                N_("Honours count"),
                N_("Three or four of A K Q J of trumps score 2 or 4"),
            ),
            RuleOption("rubber", N_("Play a rubber"), N_("The best of three games")),
            RuleOption(
                "drive", N_("Whist drive"), N_("Trumps rotate; every trick counts; no honours")
            ),
        ]

    def variant_options(self, rules: type) -> list[RuleOption]:
        """The second reading of the honours rule (issue 14)."""
        return [
            RuleOption(
                "honours_rule",
                N_("Honours rule"),
                N_(
                    "Either honours never score the last point of a game (the source "
                    "text), or the Laws of Short Whist: tricks score first, and honours may "
                    "carry a side to game unless it stood one point short"
                ),
                choices=("seed", "laws"),
                # The menu's words: the values are the record's and the engine's.
                choice_labels=(N_("honours never win the game"), N_("the Laws of Short Whist")),
            ),
        ]

    def scores_label(self, game: Any) -> str:
        if game.rules.drive:
            return _("Tricks so far")
        return _("Game points (rubber)") if game.rules.rubber else _("Game points")

    def scores_extra(self, game: Any) -> tuple[str, str] | None:
        """The points of the game in progress; once a deal has won a game, until the
        next game scores, the game just won (a new game's "0–0" alone would read as if
        nobody had scored).

        >>> from kowhist_teach.games.family.whist.engine import WhistGame
        >>> WhistUI().scores_extra(WhistGame(seed=1))
        ('This game (to 5)', '0–0')
        """
        if not _classic(game):
            return None
        goal = game.rules.game_points
        done = [log for log in game.deals if log.points is not None]
        last = done[-1] if done else None
        if last is not None and last.game_won is not None and not any(game.points):
            a, b = last.game_points
            label = _("Game won by {side} (to {n})").format(
                side=OPPOSITE.side_name(last.game_won[0]), n=goal
            )
            if game.is_over():
                return label, f"{a}–{b}"
            return label, _("{a}–{b}; a new game starts at 0–0").format(a=a, b=b)
        return _("This game (to {n})").format(n=goal), f"{game.points[0]}–{game.points[1]}"

    def deal_notes(self, game: Any, index: int) -> list[str]:
        """The honours each side held, and the game in progress, or the game won, its
        stake and why (and the rubber)."""
        if not _classic(game):
            return []
        log = game.deals[index]
        rules = game.rules
        goal = rules.game_points
        lines = []
        if rules.honours and log.trump is not None:
            held = honours_held(log.hands, log.trump)
            lines.append(
                full_stop(
                    _("Honours (trump A K Q J) held: {list}").format(
                        list=score_list([OPPOSITE.side_name(0), OPPOSITE.side_name(1)], held)
                    )
                )
            )
        points = log.game_points
        if points is None:
            return lines
        if log.game_won is None:
            lines.append(
                full_stop(
                    _("This game (to {n}): {list}").format(
                        n=goal,
                        list=score_list([OPPOSITE.side_name(0), OPPOSITE.side_name(1)], points),
                    )
                )
            )
            return lines
        side, won = log.game_won
        lost = points[1 - side]
        names = {1: _("single"), 2: _("double"), 3: _("treble")}
        lines.append(
            full_stop(
                ngettext(
                    "{winner} win the game: {stake}, {n} game point",
                    "{winner} win the game: {stake}, {n} game points",
                    won,
                ).format(winner=OPPOSITE.side_name(side), stake=names.get(won, str(won)), n=won)
            )
        )
        lines.append(
            full_stop(
                ngettext(
                    "{loser} had {p} point: single if the losers have {k} or more, "
                    "double if 1 or more, treble if none",
                    "{loser} had {p} points: single if the losers have {k} or more, "
                    "double if 1 or more, treble if none",
                    lost,
                ).format(loser=OPPOSITE.side_name(1 - side), p=lost, k=single_stake_from(goal))
            )
        )
        if log.rubber_won:
            lines.append(
                full_stop(_("{winner} win the rubber").format(winner=OPPOSITE.side_name(side)))
            )
        return lines
