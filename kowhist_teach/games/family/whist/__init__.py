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

from .bots import WhistBots  # noqa: E402

SPEC.hooks["bots"] = WhistBots()
