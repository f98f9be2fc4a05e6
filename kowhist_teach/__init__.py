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

# Importing render gives cards, tricks and games their _repr_svg_ in a notebook.
from . import render  # noqa: F401
from .bidwhist import BidWhistGame, BidWhistRules
from .cards import BadCard, Card, CardSet, Rank, Suit
from .errors import IllegalMove, RecordError, SetupError
from .family import FamilyOutcome, FamilyPhase
from .german import GermanGame, GermanOutcome, GermanRules
from .knockout import KnockoutGame, Outcome, Phase, Rules, Status, Termination
from .moves import PASS, Call
from .record import game_from_record, load_record, replay, save_record, to_record
from .solo import SoloGame, SoloRules
from .tricks import Trick
from .whist import WhistGame, WhistRules

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
