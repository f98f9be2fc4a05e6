"""ipywidgets views over the engine and the teaching layer: no rules in here.

Layers, as in the jupyter-widgets tutorial: pure functions first (:mod:`.faces`,
:mod:`.family_faces`, and :mod:`kowhist_teach.teach.story`: what to show, what
happened), then one ``traitlets`` model for every game (:class:`GameModel`: the game,
the bots, what to say), then the views (:mod:`.views`, :mod:`.setup`, :mod:`.table`,
:mod:`.family_table`).  The modules import in that order only (``_common`` →
``_games`` → ``faces`` → ``views`` / ``family_faces`` → ``table_model`` → ``model`` →
``setup`` → ``table`` / ``family`` → ``family_table`` → the app).  Every callback runs
inside an ``Output.capture`` guard: an error is one line for the student, never a
traceback, and never silently lost.

No widget asks which game it holds: the games come from the registry
(:mod:`kowhist_teach.core.registry`) and what a table must know beyond the engine
protocol from the game's ``ui`` hook (:mod:`kowhist_teach.core.hooks.ui`).
:class:`FamilyTableWidget` seats the student at the table of a game with partnerships
or an auction (partnership whist, solo whist, bid whist) with bots;
:class:`TableWidget` at any other (Knock-Out Whist; :class:`GermanTableWidget` for a
game with a stock).

The CSS classes of DESIGN §6 are a public contract: ``kw-card`` with ``kw-legal`` or
``kw-illegal`` on the cards of the student's hand, ``kw-trick`` on the cards on the table,
``kw-explain``, ``kw-hint``, ``kw-undo``, ``kw-new-deal`` and ``kw-status``.

>>> table = TableWidget(players=3, seed=1)
>>> sorted({c for b in table.hand.buttons for c in b._dom_classes} - {'kw-illegal'})
['kw-card', 'kw-legal']
"""

from ..teach.story import Step, play_and_tell, record_steps
from .faces import CallFace, CardFace, call_faces, hand_faces, round_chart_html
from .family_faces import status_html
from .family_table import FamilyTableWidget
from .model import GameModel
from .quiz import LegalCardsQuiz, TrickWinnerQuiz, TrumpQuiz
from .stepper import StepperWidget, example_records
from .table import GermanTableWidget, SetupPanel, TableWidget
from .views import CallBar, HandView, TrickView

__all__ = [
    "CallBar",
    "CallFace",
    "CardFace",
    "FamilyTableWidget",
    "GameModel",
    "GermanTableWidget",
    "HandView",
    "LegalCardsQuiz",
    "SetupPanel",
    "Step",
    "StepperWidget",
    "TableWidget",
    "TrickView",
    "TrickWinnerQuiz",
    "TrumpQuiz",
    "call_faces",
    "example_records",
    "hand_faces",
    "play_and_tell",
    "record_steps",
    "round_chart_html",
    "status_html",
]
