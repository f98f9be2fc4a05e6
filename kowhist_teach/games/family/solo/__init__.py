"""Solo whist (seed 004): the bidding ladder from prop and cop to slam."""

from ....core.registry import GameSpec, register
from .engine import SoloGame, SoloRules

SPEC = register(
    GameSpec(name="solo", title=SoloGame.title, game=SoloGame, rules=SoloRules, players=(4, 4))
)

from .bots import SoloBots  # noqa: E402

SPEC.hooks["bots"] = SoloBots()
