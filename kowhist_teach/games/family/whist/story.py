"""Partnership whist's story: the family's, with the points of the game in progress
after the scores (classic whist; a whist drive has no games)."""

from __future__ import annotations

from typing import Any

from ....core.hooks.story import story_sentence
from ....i18n import _
from ..story import FamilyStory

__all__ = ["WhistStory"]


class WhistStory(FamilyStory):
    """The story hook of partnership whist."""

    def scores_text(self, game: Any, log: Any) -> str:
        """The scores, then (classic whist) this game's points: the scores are game
        points there, and the points of the game go on.

        >>> from kowhist_teach.games.family.whist.engine import WhistGame
        >>> WhistStory().scores_text(WhistGame(seed=1), None)
        'Scores: Player 1 and Player 3 0, Player 2 and Player 4 0; this game: 0–0.'
        """
        text = self.scores_words(game)
        points = getattr(game, "points", None)
        if isinstance(points, list) and not game.rules.drive:
            text += "; " + _("this game: {a}–{b}").format(a=points[0], b=points[1])
        return story_sentence(text)
