"""Partnership whist and the whist drive (seed 004)."""

from ....core.registry import GameSpec, register
from .engine import WhistGame, WhistRules

SPEC = register(
    GameSpec(
        name="whist",
        title=WhistGame.title,
        game=WhistGame,
        rules=WhistRules,
        players=(4, 4),
        partnerships=True,
    )
)

from ..record import FamilyRecord  # noqa: E402

SPEC.hooks["record"] = FamilyRecord()

from .cli import WhistCli  # noqa: E402

SPEC.hooks["cli"] = WhistCli()
