"""German Whist: two players, a stock phase then a play phase."""

from ...core.registry import GameSpec, register
from ...i18n import N_
from .engine import GermanGame, GermanRules

SPEC = register(
    GameSpec(
        name="german", title=N_("German Whist"), game=GermanGame, rules=GermanRules, players=(2, 2)
    )
)

from .bots import GermanBots  # noqa: E402

SPEC.hooks["bots"] = GermanBots()
