"""kowhist_teach: learn Knock-Out Whist, German Whist and the whist family (partnership
whist, solo whist, bid whist) in Jupyter.

>>> import random
>>> from kowhist_teach import KnockoutGame, Rules
>>> game = KnockoutGame(players=4, rules=Rules(dogs_chance=True), seed=1)
>>> while game.outcome() is None:
...     game.play(random.choice(game.legal_moves()))
>>> game.outcome().winner in range(4)
True
"""

# isort: off
# The games first: each registers itself (core.registry) before any layer asks for it.
from . import games  # noqa: F401

# isort: on
from .core.cards import BadCard, Card, CardSet, Rank, Suit
from .core.errors import IllegalMove, RecordError, SetupError
from .core.moves import PASS, Call
from .core.record import game_from_record, load_record, replay, save_record, to_record
from .core.tricks import Trick
from .games.family.bidwhist.engine import BidWhistGame, BidWhistRules
from .games.family.engine import FamilyOutcome, FamilyPhase
from .games.family.solo.engine import SoloGame, SoloRules
from .games.family.whist.engine import WhistGame, WhistRules
from .games.german.engine import GermanGame, GermanOutcome, GermanRules
from .games.knockout.engine import KnockoutGame, Outcome, Phase, Rules, Status, Termination
from .games.ohhell.engine import OhHellGame, OhHellRules

# Importing the pictures gives cards, tricks and games their _repr_svg_ in a notebook.
from .pictures import svg  # noqa: F401

__all__ = [
    "BadCard",
    "BidWhistGame",
    "BidWhistRules",
    "Call",
    "Card",
    "CardSet",
    "FamilyOutcome",
    "FamilyPhase",
    "GermanGame",
    "GermanOutcome",
    "GermanRules",
    "IllegalMove",
    "KnockoutGame",
    "OhHellGame",
    "OhHellRules",
    "Outcome",
    "PASS",
    "Phase",
    "Rank",
    "RecordError",
    "Rules",
    "SetupError",
    "SoloGame",
    "SoloRules",
    "Status",
    "Suit",
    "Termination",
    "Trick",
    "WhistGame",
    "WhistRules",
    "game_from_record",
    "load_record",
    "replay",
    "save_record",
    "to_record",
]

__version__ = "0.1.0"
