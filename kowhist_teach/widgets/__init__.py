"""ipywidgets views over the engine and the teaching layer: no rules in here.

Layers, as in the jupyter-widgets tutorial: pure functions first (:mod:`.faces` and
:mod:`.story`: what to show, what happened), then a ``traitlets`` model
(:class:`GameModel`: the game, the bots, what to say), then the views.  Every callback
runs inside an ``Output.capture`` guard: an error is one line for the student, never a
traceback, and never silently lost.

:class:`FamilyTableWidget` seats the student at the whist family's table (partnership
whist, solo whist, bid whist) with three bots.

The CSS classes of DESIGN §6 are a public contract: ``kw-card`` with ``kw-legal`` or
``kw-illegal`` on the cards of the student's hand, ``kw-trick`` on the cards on the table,
``kw-explain``, ``kw-hint``, ``kw-undo``, ``kw-new-deal`` and ``kw-status``.

>>> table = TableWidget(players=3, seed=1)
>>> sorted({c for b in table.hand.buttons for c in b._dom_classes} - {'kw-illegal'})
['kw-card', 'kw-legal']
"""

from ..teach.story import Step, play_and_tell, record_steps
from .faces import CallFace, CardFace, call_faces, hand_faces, round_chart_html, status_html
from .family import FamilyModel
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
    "FamilyModel",
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
