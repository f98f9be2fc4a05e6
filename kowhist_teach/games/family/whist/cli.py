"""Partnership whist on the command line: its score words (:class:`WhistCli`)."""

from __future__ import annotations

from typing import Any

from ....i18n import _
from ..cli import FamilyCli
from .engine import WhistGame

__all__ = ["WhistCli"]


class WhistCli(FamilyCli):
    """Partnership whist's ``cli`` hook: points towards game, games towards the rubber."""

    title = WhistGame.title

    def score_labels(self, rules: dict[str, Any] | None) -> tuple[str, str, str]:
        options = rules or {}
        if options.get("drive"):
            return (
                _("tricks scored this deal: {p}"),
                _("tricks in all: {s}"),
                _("A whist drive: each side scores the tricks it takes."),
            )
        if options.get("rubber", True):
            legend = _(
                "Points are odd tricks and honours, towards a game of {n}; game points are "
                "what the games won are worth (1 to 3 each, and 2 more for the rubber)."
            )
        else:
            legend = _(
                "Points are odd tricks and honours, towards a game of {n}; game points are "
                "what the game won is worth (1 to 3)."
            )
        return (
            _("points towards game this deal: {p}"),
            _("game points so far: {s}"),
            legend.format(n=options.get("game_points", 5)),
        )

    def points_lines(self, game: Any) -> list[str]:
        if game.rules.drive:
            return []
        # Classic whist: points make games, games make the rubber (the scores).
        return [_("Points towards game: {points}").format(points=self.seat_list(game, game.points))]
