"""Spades: four players in two partnerships bid the tricks they will take, spades
always trumps, deal after deal to a target score (docs/rules.md, "Spades"). One
package: the engine, its record part, its hooks, its example and its tests; it
registers itself, and the layers above find it through the registry
(docs/architecture.md, "How to add a game")."""

from ...core.partnerships import OPPOSITE
from ...core.registry import GameSpec, register
from ...i18n import N_
from .engine import SpadesGame, SpadesRules

SPEC = register(
    GameSpec(
        name="spades",
        title=N_("Spades"),
        game=SpadesGame,
        rules=SpadesRules,
        players=(4, 4),
        partnerships=OPPOSITE,
        auction=True,
    )
)

# The hooks, each from its own module (they import the engine, so they come after it).
from .bots import SpadesBots  # noqa: E402
from .cli import SpadesCli  # noqa: E402
from .picture import SpadesPicture  # noqa: E402
from .record import SpadesRecord  # noqa: E402
from .story import SpadesStory  # noqa: E402
from .teaching import SpadesTeaching  # noqa: E402
from .ui import SpadesUI  # noqa: E402

SPEC.hooks.update(
    record=SpadesRecord(),
    story=SpadesStory(),
    picture=SpadesPicture(),
    ui=SpadesUI(),
    teaching=SpadesTeaching(),
    cli=SpadesCli(),
    bots=SpadesBots(),
)
