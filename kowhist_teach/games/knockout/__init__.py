"""Knock-Out Whist: 2 to 7 players, 7 cards down to 1; take no trick and you are out."""

from ...core.registry import GameSpec, register
from ...i18n import N_
from .engine import KnockoutGame, Rules

SPEC = register(
    GameSpec(
        name="knockout",
        title=N_("Knock-Out Whist"),
        game=KnockoutGame,
        rules=Rules,
        players=(2, 7),
        rounds=True,
        analysis=True,
    )
)

from .story import KnockoutStory  # noqa: E402

SPEC.hooks["story"] = KnockoutStory()
from .picture import KnockoutPicture  # noqa: E402

SPEC.hooks["picture"] = KnockoutPicture()
from .ui import KnockoutUI  # noqa: E402

SPEC.hooks["ui"] = KnockoutUI()
from .teaching import KnockoutTeaching  # noqa: E402

SPEC.hooks["teaching"] = KnockoutTeaching()
from .record import KnockoutRecord  # noqa: E402

SPEC.hooks["record"] = KnockoutRecord()

from .cli import KnockoutCli  # noqa: E402

SPEC.hooks["cli"] = KnockoutCli()
from .bots import KnockoutBots  # noqa: E402

SPEC.hooks["bots"] = KnockoutBots()
from ...core.hooks.playout import LazyPlayout  # noqa: E402

# The lean core is imported when a simulation first asks for it (not by the app).
SPEC.hooks["playout"] = LazyPlayout(f"{__name__}.playout_bots", "KnockoutPlayoutHooks")
