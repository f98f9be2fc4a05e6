"""Partnership whist and the whist drive (seed 004)."""

from ....core.partnerships import OPPOSITE
from ....core.registry import GameSpec, register
from .engine import WhistGame, WhistRules

SPEC = register(
    GameSpec(
        name="whist",
        title=WhistGame.title,
        game=WhistGame,
        rules=WhistRules,
        players=(4, 4),
        partnerships=OPPOSITE,
    )
)

from .story import WhistStory  # noqa: E402

SPEC.hooks["story"] = WhistStory()
from .picture import WhistPicture  # noqa: E402

SPEC.hooks["picture"] = WhistPicture()
from .ui import WhistUI  # noqa: E402

SPEC.hooks["ui"] = WhistUI()
from .teaching import WhistTeaching  # noqa: E402

SPEC.hooks["teaching"] = WhistTeaching()
from ..record import FamilyRecord  # noqa: E402

SPEC.hooks["record"] = FamilyRecord()

from .cli import WhistCli  # noqa: E402

SPEC.hooks["cli"] = WhistCli()
from .bots import WhistBots  # noqa: E402

SPEC.hooks["bots"] = WhistBots()
from ....core.hooks.playout import LazyPlayout  # noqa: E402

# The lean core is imported when a simulation first asks for it (not by the app).
SPEC.hooks["playout"] = LazyPlayout(f"{__name__}.playout", "WhistPlayoutHooks")
