"""The whist family's table, its games: a game with partnerships or an auction
(partnership whist, solo whist, bid whist, Oh Hell, any game registered so) for one
student against bots, held by the one model of every game
(:class:`~kowhist_teach.widgets.model.GameModel`).

You sit South (seat 0); the bots sit West (1), North (2) and East (3). In the
partnership games North is your partner. The table itself is
:class:`~kowhist_teach.widgets.family_table.FamilyTableWidget`; what it shows, as
strings, is in :mod:`kowhist_teach.widgets.family_faces`.

>>> m = GameModel('whist', seed=1)
>>> m.game.to_move
0
>>> m.play(m.game.legal_moves()[0])
>>> len(m.game.hand(0))
12
"""

from __future__ import annotations

from ..core.errors import SetupError
from ..core.registry import spec
from ..i18n import _
from ._games import table_specs
from .faces import CallFace, call_faces
from .family_faces import (
    call_label,
    deal_summary,
    outcome_text,
    trick_done,
)
from .model import GameModel

__all__ = [
    "available_family_games",
    "call_label",
    "deal_summary",
    "family_call_faces",
    "family_game_class",
    "family_game_title",
    "outcome_text",
    "trick_done",
]


# ------------------------------------------------------------------ the games
def available_family_games() -> list[str]:
    """The games the family's table holds (partnerships or an auction), in the
    registry's order.

    >>> "bidwhist" in available_family_games(), "knockout" in available_family_games()
    (True, False)
    """
    return [s.name for s in table_specs(family=True)]


def family_game_class(kind: str) -> type:
    """The engine class of a game of the family's table, by its record name;
    :class:`SetupError` for an unknown game.

    >>> family_game_class('whist').__name__
    'WhistGame'
    """
    if kind not in available_family_games():
        raise SetupError(
            _("unknown game {kind!r}: choose from {known}").format(
                kind=kind, known=", ".join(available_family_games())
            )
        )
    return spec(kind).game


def family_game_title(kind: str) -> str:
    """The game's name for people, in the chosen language.

    >>> family_game_title('whist')
    'Partnership whist'
    """
    family_game_class(kind)  # an unknown game is refused
    return spec(kind).display_name()


# ------------------------------------------------------------------ what is shown
def family_call_faces(model: GameModel, four_colour: bool = False) -> list[CallFace]:
    """The calls of the student's turn (bids, pass, trump suits, high or low) as
    buttons in rank order, Pass first: the legal ones, and those the teaching layer
    explains as not allowed (dimmed, in their place).

    >>> family_call_faces(GameModel('whist', seed=1))  # whist has no calls
    []
    """
    if model.between_deals:
        return []
    game = model.game
    return call_faces(game, model.human, four_colour, label=lambda m: call_label(m, game))
