"""Solo whist (seed 004): the bidding ladder from prop and cop to slam."""

from ....core.registry import GameSpec, register
from .engine import SoloGame, SoloRules

SPEC = register(
    GameSpec(name="solo", title=SoloGame.title, game=SoloGame, rules=SoloRules, players=(4, 4))
)

from ..record import FamilyRecord  # noqa: E402

SPEC.hooks["record"] = FamilyRecord()

from .cli import SoloCli  # noqa: E402

SPEC.hooks["cli"] = SoloCli()
