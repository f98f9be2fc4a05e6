"""Oh Hell: 3 to 7 players bid the exact number of tricks they will take, deal by deal
(RULES.md §5). One package: the engine, its record part, and (as they land) its hooks."""

from ...core.registry import GameSpec, register
from ...i18n import N_
from .engine import OhHellGame, OhHellRules

SPEC = register(
    GameSpec(
        name="ohhell",
        title=N_("Oh Hell"),
        game=OhHellGame,
        rules=OhHellRules,
        players=(3, 7),
        auction=True,
    )
)

from .story import OhHellStory  # noqa: E402

SPEC.hooks["story"] = OhHellStory()
from .picture import OhHellPicture  # noqa: E402

SPEC.hooks["picture"] = OhHellPicture()
from .ui import OhHellUI  # noqa: E402

SPEC.hooks["ui"] = OhHellUI()
from .teaching import OhHellTeaching  # noqa: E402

SPEC.hooks["teaching"] = OhHellTeaching()
from .record import OhHellRecord  # noqa: E402

SPEC.hooks["record"] = OhHellRecord()
from .cli import OhHellCli  # noqa: E402

SPEC.hooks["cli"] = OhHellCli()
from .bots import OhHellBots  # noqa: E402

SPEC.hooks["bots"] = OhHellBots()
