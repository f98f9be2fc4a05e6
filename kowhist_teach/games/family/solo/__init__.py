"""Solo whist (seed 004): the bidding ladder from prop and cop to slam."""

from ....core.registry import GameSpec, register
from .engine import SoloGame, SoloRules

SPEC = register(
    GameSpec(
        name="solo",
        title=SoloGame.title,
        game=SoloGame,
        rules=SoloRules,
        players=(4, 4),
        auction=True,
    )
)

from ..story import FamilyStory  # noqa: E402

SPEC.hooks["story"] = FamilyStory()
from .picture import SoloPicture  # noqa: E402

SPEC.hooks["picture"] = SoloPicture()
from .ui import SoloUI  # noqa: E402

SPEC.hooks["ui"] = SoloUI()
from .teaching import SoloTeaching  # noqa: E402

SPEC.hooks["teaching"] = SoloTeaching()
from ..record import FamilyRecord  # noqa: E402

SPEC.hooks["record"] = FamilyRecord()

from .cli import SoloCli  # noqa: E402

SPEC.hooks["cli"] = SoloCli()
from .bots import SoloBots  # noqa: E402

SPEC.hooks["bots"] = SoloBots()
