"""Bid whist (seed 004): jokers, a kitty, uptown, downtown and no trump."""

from ....core.registry import GameSpec, register
from .engine import BidWhistGame, BidWhistRules

SPEC = register(
    GameSpec(
        name="bidwhist",
        title=BidWhistGame.title,
        game=BidWhistGame,
        rules=BidWhistRules,
        players=(4, 4),
        partnerships=True,
    )
)

from .bots import BidWhistBots  # noqa: E402

SPEC.hooks["bots"] = BidWhistBots()
