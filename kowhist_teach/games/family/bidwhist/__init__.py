"""Bid whist (seed 004): jokers, a kitty, uptown, downtown and no trump."""

from ....core.partnerships import OPPOSITE
from ....core.registry import GameSpec, register
from .engine import BidWhistGame, BidWhistRules

SPEC = register(
    GameSpec(
        name="bidwhist",
        title=BidWhistGame.title,
        game=BidWhistGame,
        rules=BidWhistRules,
        players=(4, 4),
        partnerships=OPPOSITE,
        auction=True,
    )
)

from .story import BidWhistStory  # noqa: E402

SPEC.hooks["story"] = BidWhistStory()
from .picture import BidWhistPicture  # noqa: E402

SPEC.hooks["picture"] = BidWhistPicture()
from .ui import BidWhistUI  # noqa: E402

SPEC.hooks["ui"] = BidWhistUI()
from .teaching import BidWhistTeaching  # noqa: E402

SPEC.hooks["teaching"] = BidWhistTeaching()
from ..record import FamilyRecord  # noqa: E402

SPEC.hooks["record"] = FamilyRecord()

from .cli import BidWhistCli  # noqa: E402

SPEC.hooks["cli"] = BidWhistCli()
from .bots import BidWhistBots  # noqa: E402

SPEC.hooks["bots"] = BidWhistBots()
