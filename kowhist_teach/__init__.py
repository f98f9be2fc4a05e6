"""kowhist_teach: learn Knock-Out Whist, German Whist and the whist family in Jupyter.

>>> import random
>>> from kowhist_teach import KnockoutGame, Rules
>>> game = KnockoutGame(players=4, rules=Rules(dogs_chance=True), seed=1)
>>> while game.outcome() is None:
...     game.play(random.choice(game.legal_moves()))
>>> game.outcome().winner in range(4)
True
"""

from .cards import BadCard, Card, CardSet, Rank, Suit
from .knockout import KnockoutGame, Outcome, Phase, Rules, Status, Termination
from .moves import PASS, Call, IllegalMove, SetupError

__all__ = [
    "BadCard",
    "Call",
    "Card",
    "CardSet",
    "IllegalMove",
    "KnockoutGame",
    "Outcome",
    "PASS",
    "Phase",
    "Rank",
    "Rules",
    "SetupError",
    "Status",
    "Suit",
    "Termination",
]

__version__ = "0.1.0"
