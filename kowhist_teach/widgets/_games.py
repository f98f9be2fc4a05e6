"""The games the widgets can seat a student at, from the registry: the widgets ask a
game's spec and its ``ui`` hook (:mod:`kowhist_teach.core.hooks.ui`), never which game
it is.

>>> import kowhist_teach
>>> family = [s.name for s in table_specs(family=True)]
>>> "whist" in family, "ohhell" in family, "german" in family
(True, True, False)
"""

from __future__ import annotations

from typing import Any

from ..core.hooks.ui import GameUI
from ..core.registry import GameSpec, spec_of, specs

__all__ = ["ui_of", "spec_ui", "family_table", "table_specs"]

_PLAIN = GameUI()


def spec_ui(game_spec: GameSpec) -> GameUI:
    """The ``ui`` hook of a spec (the plain defaults when the game gives none)."""
    return game_spec.ui if game_spec.has("ui") else _PLAIN


def ui_of(game: Any) -> GameUI:
    """The ``ui`` hook of a game object."""
    return spec_ui(spec_of(game))


def family_table(game_spec: GameSpec) -> bool:
    """Whether the game sits at the family's table (partnerships or an auction) rather
    than the trick table."""
    return bool(game_spec.partnerships or game_spec.auction)


def table_specs(family: bool | None = None) -> list[GameSpec]:
    """Every registered game, in the registry's order (only those of the family's
    table, or only the others, when ``family`` says so)."""
    return [s for s in specs() if family is None or family_table(s) == family]
