"""Perfect-information analysis: best play *if every card were visible*.

For the player to move it finds, for each legal move, how many of the remaining tricks
of the round they can **guarantee** when all other players play against them (with two
players this is plain minimax).  The search is the generic
:class:`~kowhist_teach.core.trick_solver.TrickSolver`; each game's bots hook
(:meth:`~kowhist_teach.core.hooks.bots.BotHooks.analyse`) says which moves are in
question and what "surviving" means there.

This is a teaching tool, so it is labelled honestly everywhere it is shown: "best play
if every card were visible" — a real player cannot see the other hands.

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(3, seed=5)
>>> [(a.move.code, a.tricks) for a in analyse(game)][:2]  # doctest: +SKIP
[('AS', 3), ('9S', 2)]
>>> all(0 <= a.tricks <= 7 for a in analyse(game))
True
"""

from __future__ import annotations

import time
from typing import Any

from ..core.cards import Card
from ..core.registry import GameSpec, spec_of
from ..core.trick_solver import AnalysisTimeout, MoveAnalysis, TrickSolver
from ..i18n import _

__all__ = [
    "AnalysisTimeout",
    "MoveAnalysis",
    "TrickSolver",
    "analyse",
    "guaranteed_tricks",
    "LABEL",
    "label",
]

#: How every analysis must be labelled when shown to a student (in the catalogue).
LABEL = "best play if every card were visible"
#: The label with three or more players, where "guarantee" means against all the others.
LABEL_AGAINST_ALL = "best play if every card were visible, with all the others against you"


def label(against_all: bool = False) -> str:
    """The analysis' label in the student's language (``LABEL`` is its catalogue key).

    >>> from kowhist_teach.i18n import set_language
    >>> set_language("en")
    >>> label()
    'best play if every card were visible'
    """
    return _(LABEL_AGAINST_ALL) if against_all else _(LABEL)


def analyse(
    game: Any, seat: int | None = None, time_limit: float | None = None
) -> list[MoveAnalysis]:
    """Every legal move of the player to move, with the tricks they can guarantee.

    The game's bots hook analyses: Knock-Out Whist in its play phase (or choosing
    trumps, or a dog deciding to pass), German Whist in phase 2; it returns ``[]``
    where no card play is in question, and a game without an analysis raises
    ``TypeError``.  With ``time_limit`` (seconds) it raises
    :class:`AnalysisTimeout` rather than run longer — an app should always set one,
    since seven players with seven cards each can take minutes.
    """
    give_up_at = float("inf") if time_limit is None else time.perf_counter() + time_limit
    if not has_analysis(game):
        raise TypeError(f"analyse() has no analysis for {type(game).__name__}")
    me = game.to_move if seat is None else seat
    return spec_of(game).bots.analyse(game, me, give_up_at)


def has_analysis(game: Any) -> bool:
    """Whether :func:`analyse` has an analysis for ``game``'s kind of game (its spec
    declares ``analysis``), without running it; ``False`` for what is no game.

    >>> from kowhist_teach import KnockoutGame
    >>> from kowhist_teach.core.registry import spec
    >>> has_analysis(KnockoutGame(3, seed=1)), has_analysis(spec("whist").new_game(seed=1))
    (True, False)
    """
    game_spec = getattr(type(game), "spec", None)  # not every object is a game
    return isinstance(game_spec, GameSpec) and game_spec.analysis


def guaranteed_tricks(game: Any, seat: int | None = None) -> int:
    """The most tricks ``seat`` (default: the player to move) can guarantee from here."""
    moves = analyse(game, seat)
    return max((a.tricks for a in moves), default=0)


def card_of(index: int) -> Card:
    """The :class:`Card` for a search index."""
    return Card(index)
