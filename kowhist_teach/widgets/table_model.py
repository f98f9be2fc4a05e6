"""What every table's model has (:class:`TableModel`): the traits its views observe,
the student's seat, the bots, the student's moves checked, taken back or refused in one
line, and the moves made elsewhere at a class's shared table. :mod:`.model` and
:mod:`.family` make the games.
"""

from __future__ import annotations

from typing import Any, NoReturn

import traitlets

from ..core.errors import IllegalMove
from ..core.moves import Move, parse_move
from ..i18n import _
from ..teach.bots import make_bot
from ..teach.explain import explain_moves
from ._common import sentence

__all__ = ["TableModel"]


class TableModel(traitlets.HasTraits):
    """What every table's model has: the traits its views observe, the student's seat
    (0), the bots, and the student's moves: checked, taken back, or refused in one
    line. Subclasses make the games (:class:`GameModel`, and
    :class:`~kowhist_teach.widgets.family.FamilyModel` for the whist family).
    """

    #: Bumped after every change of the game.
    version = traitlets.Int(0)
    #: What happened since the student last acted (or the hint they asked for).
    lines = traitlets.List(traitlets.Unicode())
    #: One line: why the last click changed nothing (an illegal card, a bad file …).
    message = traitlets.Unicode("")
    #: ``"hint"`` while ``lines`` holds a hint, ``"story"`` otherwise.
    lines_kind = traitlets.Unicode("story")

    #: The student's seat.
    human = 0
    #: True while the views are told of an undo (during the ``version`` bump).
    undoing = False
    #: The teacher's setting for the hint's analysis with every card visible: "off",
    #: "after" (once the deal is over) or "request" (see teach/hints.py).
    analysis = "after"
    #: How many deals of the hidden cards the hint's estimate samples (0: none).
    estimate_samples = 16
    game: Any = None
    #: Called after every move (the student's, each bot's): a view draws a frame there,
    #: so that each card is seen arriving.
    on_moved: Any = None
    bot_names: list[str]
    bot_options: dict[str, Any]
    #: Seats whose moves are made elsewhere and told with :meth:`play_from`: at a
    #: class's shared table, the other students' seats and the bots another kernel
    #: plays. No bot here moves for them.
    remote: frozenset[int] = frozenset()
    #: A table shared with other students (a class's): the game does not wait between
    #: rounds or deals for this student, and nobody takes a move back alone.
    shared = False
    #: Why nobody may move now (the teacher has paused the table), or ``""``.
    held = ""

    def _bots_move(self, seat: int | None) -> bool:
        """Whether a bot of this model is to move for ``seat`` now."""
        return seat is not None and seat != self.human and seat not in self.remote and not self.held

    def _bump(self) -> None:
        self.version += 1

    def _refuse(self, why: str) -> NoReturn:
        self.message = why
        self._bump()
        raise IllegalMove(why)

    def _story(self) -> None:
        """Before the lines of a new move: no message, and lines that tell a story."""
        self.message = ""
        self.lines_kind = "story"

    def say(self, message: str) -> None:
        """Show a one-line message (why something did not happen)."""
        self.message = message
        self._bump()

    def reason(self, move: Move) -> str:
        """Why ``move`` may (or may not) be made now, in one sentence: the teaching
        layer's words, else the engine's."""
        notes = {e.move: e.reason for e in explain_moves(self.game, self.human)}
        return notes.get(move) or sentence(self.game.why_illegal(move))

    def _checked(self, move: Move | str, over: str) -> Move:
        """``move``, if the student may make it now; otherwise ``message`` says why
        (``over`` once the game is over) and :class:`IllegalMove` is raised."""
        game = self.game
        if game.is_over():
            self._refuse(over)
        if self.held:
            self._refuse(self.held)
        if game.to_move != self.human:
            self._refuse(_("It is not your turn."))
        try:
            move = parse_move(move)
        except ValueError as e:
            self._refuse(sentence(str(e)))
        if move not in game.legal_moves():
            self._refuse(self.reason(move))
        return move

    def _make_bots(self, seed: int) -> None:
        # A bot for every seat but the student's, in seat order (the student is seat 0
        # except at a class's shared table).
        others = [s for s in range(self.game.n if self.game is not None else 0) if s != self.human]
        others = others or list(range(1, len(self.bot_names) + 1))
        self._bots = [None] * (max(others, default=0) + 1)
        for s, name in zip(others, self.bot_names, strict=False):
            options = self.bot_options if name == "montecarlo" else {}
            self._bots[s] = make_bot(name, seed * 100 + s, **options)

    def play_from(self, moves: list[Any]) -> None:
        """Moves made elsewhere, in order (at a shared table: another student's, or a
        bot's that another kernel plays), each checked by the engine; then the bots of
        this model play on. A move that is not legal raises ``ValueError`` in one line
        and leaves the game as it was before it.

        >>> from kowhist_teach.widgets import GameModel
        >>> model = GameModel('knockout', players=3, seed=1)
        >>> model.remote = frozenset({1, 2})
        >>> other = model.game.clone(); other.play(other.legal_moves()[0])
        >>> model.play_from([other.moves[-1].code])
        >>> model.game.moves == other.moves   # the bots here wait for seats 1 and 2
        True
        """
        self._story()
        lines: list[str] = []
        try:
            for made in moves:
                # Matched against the legal moves as a record writes them (a card's
                # code, a call's name): what is not among them is refused.
                legal = {str(getattr(m, "code", None) or m): m for m in self.game.legal_moves()}
                text = str(getattr(made, "code", None) or made)
                if self.game.is_over() or text not in legal:
                    raise IllegalMove(_("{move} may not be played now").format(move=text))
                lines += self._told(legal[text])
            lines += self._bots_lines()
        finally:
            self.lines = [x for x in lines if x] or list(self.lines)
            self._bump()

    def run_bots(self) -> None:
        """Let the bots of this model play now (a seat has become theirs)."""
        made = len(self.game.moves)
        lines = self._bots_lines()
        if len(self.game.moves) != made:  # a card alone may tell no line: still news
            self._story()
            self.lines = [x for x in lines if x] or list(self.lines)
            self._bump()

    def _told(self, move: Any) -> list[str]:
        """Make ``move`` (checked already) and say what it did."""
        raise NotImplementedError

    def _bots_lines(self) -> list[str]:
        """The bots play as far as they may; what they did."""
        raise NotImplementedError

    def undo(self) -> None:
        """Take back the student's last move and the bots' replies after it."""
        if self.shared:
            self._refuse(_("At a shared table only the teacher takes moves back."))
        trial = self.game.clone()
        try:
            while True:
                trial.undo()
                if trial.to_move == self.human:
                    break
        except IllegalMove:
            self._refuse(_("There is no move of yours to take back."))
        self.game = trial
        self._undone()
        self._story()
        self.lines = [_("Your last move and the bots' replies are taken back.")]
        # Those who follow ``version`` can tell a move taken back from a new game
        # that happens to start the same way (a class's page keeps its log by it).
        self.undoing = True
        try:
            self._bump()
        finally:
            self.undoing = False

    def _undone(self) -> None:
        """After an undo, before the views are told: a subclass forgets a state the
        game no longer is in (nothing here)."""

    def _replay_into(self, game: Any) -> None:
        """After a language change: ``game`` (the same deal with names in the new
        language) takes every move made so far, and becomes the game."""
        for move in self.game.moves:
            game.play(move)
        self.game = game
        self.lines = []
