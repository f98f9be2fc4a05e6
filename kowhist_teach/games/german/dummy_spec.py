"""German Whist for three with a dummy, registered as its own game (``germandummy``):
the engine (:mod:`.dummy`) and its hooks. Imported by :mod:`kowhist_teach.games` after
the other games, so the registry's order of the older games stays as it was.

>>> from kowhist_teach.core.registry import spec
>>> s = spec("germandummy")
>>> s.players, s.display_name()
((3, 3), 'German Whist for three (with a dummy)')
>>> sorted(s.hooks)
['bots', 'cli', 'picture', 'record', 'story', 'teaching', 'ui']
"""

from ...core.registry import GameSpec, register
from ...i18n import N_
from .dummy import GermanDummyGame
from .dummy_bots import DummyBots
from .dummy_cli import DummyCli
from .dummy_record import DummyRecord
from .dummy_table import DummyPicture, GermanDummyUI
from .dummy_teach import DummyStory, DummyTeaching
from .engine import GermanRules

SPEC = register(
    GameSpec(
        name="germandummy",
        title=N_("German Whist for three (with a dummy)"),
        game=GermanDummyGame,
        rules=GermanRules,
        players=(3, 3),
        stock=True,
        dummy=True,
    ),
    story=DummyStory(),
    picture=DummyPicture(),
    ui=GermanDummyUI(),
    teaching=DummyTeaching(),
    record=DummyRecord(),
    cli=DummyCli(),
    bots=DummyBots(),
)
