"""German Whist: two players, a stock phase then a play phase."""

from ...core.registry import GameSpec, register
from ...i18n import N_
from .engine import GermanGame, GermanRules
from .match import MATCH_LENGTHS

SPEC = register(
    GameSpec(
        name="german",
        title=N_("German Whist"),
        game=GermanGame,
        rules=GermanRules,
        players=(2, 2),
        stock=True,
        matches=MATCH_LENGTHS,
        analysis=True,
    )
)

from .story import GermanStory  # noqa: E402

SPEC.hooks["story"] = GermanStory()
from .picture import GermanPicture  # noqa: E402

SPEC.hooks["picture"] = GermanPicture()
from .ui import GermanUI  # noqa: E402

SPEC.hooks["ui"] = GermanUI()
from .teaching import GermanTeaching  # noqa: E402

SPEC.hooks["teaching"] = GermanTeaching()
from .record import GermanRecord  # noqa: E402

SPEC.hooks["record"] = GermanRecord()

from .cli import GermanCli  # noqa: E402

SPEC.hooks["cli"] = GermanCli()
from .bots import GermanBots  # noqa: E402

SPEC.hooks["bots"] = GermanBots()
from .match import GermanMatch  # noqa: E402

GermanMatch.spec = SPEC  # a match answers to the same spec (and hooks) as one hand
from ...core.hooks.playout import LazyPlayout  # noqa: E402

# The lean core is imported when a simulation first asks for it (not by the app).
SPEC.hooks["playout"] = LazyPlayout(f"{__name__}.playout", "GermanPlayoutHooks")
