"""Partnership whist's table picture: the family's, with each side's points and games
(a rubber; a whist drive counts tricks only)."""

from __future__ import annotations

from ....i18n import _
from ..picture import FamilyPicture
from .engine import WhistGame

__all__ = ["WhistPicture"]


class WhistPicture(FamilyPicture):
    """The picture hook of partnership whist and the whist drive."""

    def side_details(self, game: WhistGame, side: int) -> list[str]:
        detail = super().side_details(game, side)
        if not game.rules.drive:
            detail.append(_("Points: {n}").format(n=game.points[side]))
            detail.append(_("Games: {n}").format(n=game.games_won[side]))
        return detail
