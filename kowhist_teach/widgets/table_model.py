"""What the table's model rests on (:class:`TableModel`): the traits its views
observe, the student's seat, the bots (a bot's bug never costs the student the game),
the student's moves checked, taken back or refused in one line, and the moves made
elsewhere at a class's shared table. :class:`~kowhist_teach.widgets.model.GameModel`,
the one model of every game, builds on it.
"""

from __future__ import annotations

import logging
from typing import Any, NoReturn

import traitlets

from ..core.errors import IllegalMove, SetupError
from ..core.moves import Move, parse_move
from ..core.registry import spec_of
from ..i18n import _
from ..teach.bots import BOT_NAMES, make_bot
from ..teach.explain import explain_moves
from ..teach.hints import ANALYSIS_SETTINGS
from ._common import sentence
from ._games import family_table

__all__ = ["TableModel", "checked_analysis", "default_names", "last_finished_trick"]

_log = logging.getLogger(__name__)


def last_finished_trick(game: Any) -> Any:
    """The last trick every player has played to (winner known), in any round or deal
    of ``game``; ``None`` before the first.

    >>> from kowhist_teach import KnockoutGame
    >>> last_finished_trick(KnockoutGame(3, seed=1)) is None
    True
    """
    game_spec = spec_of(game)
    if game_spec.rounds:  # the engine keeps its rounds, each with its tricks
        groups = [log.tricks for log in game.rounds]
    elif family_table(game_spec):  # played deal after deal: each deal's tricks
        groups = [log.tricks for log in game.deals]
    else:  # one hand (a hand of a match): its tricks
        groups = [game.tricks]
    for tricks in reversed(groups):
        for trick in reversed(tricks):
            if trick.plays and trick.winner is not None:
                return trick
    return None


def checked_analysis(setting: str) -> str:
    """``setting`` if it is a setting of the hint's analysis, else :class:`SetupError`.

    >>> checked_analysis('request')
    'request'
    """
    if setting not in ANALYSIS_SETTINGS:
        raise SetupError(
            _("unknown analysis setting {name!r}: choose from {known}").format(
                name=setting, known=", ".join(ANALYSIS_SETTINGS)
            )
        )
    return setting


def default_names(n: int) -> list[str]:
    """The student (seat 0) and the bots, in the chosen language.

    >>> default_names(3)
    ['Player 1 (you)', 'Bot 1', 'Bot 2']
    """
    return [_("Player 1 (you)")] + [_("Bot {n}").format(n=i) for i in range(1, n)]


def _phase(game: Any) -> str:
    """The engine's phase by its value: ``bid``, ``trump``, ``discard``, ``play`` …"""
    return getattr(game.phase, "value", str(game.phase))


def _deal_moved(log: Any) -> bool:
    """Whether anyone has moved in the deal ``log`` (a call, or a card played)."""
    return log is not None and bool(log.calls or any(t.plays for t in log.tricks))


class TableModel(traitlets.HasTraits):
    """What the table's model rests on: the traits its views observe, the student's
    seat (0), the bots, and the student's moves: checked, taken back, or refused in
    one line. :class:`~kowhist_teach.widgets.model.GameModel` makes the games.
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
    #: Moves a bot got wrong (it raised or chose an illegal move): a bug to report.
    bot_errors: list[str]
    #: Seats whose moves are made elsewhere and told with :meth:`play_from`: at a
    #: class's shared table, the other students' seats and the bots another kernel
    #: plays. No bot here moves for them.
    remote: frozenset[int] = frozenset()
    #: A table shared with other students (a class's): the game does not wait between
    #: rounds or deals for this student, and nobody takes a move back alone.
    shared = False
    #: Why nobody may move now (the teacher has paused the table), or ``""``.
    held = ""
    #: The game is played deal after deal at the family's table (told deal by deal).
    by_deal = False
    #: Stop at the end of each round, hand of a match or deal until :meth:`next_round`.
    pause_rounds = False
    #: The round (or deal) has ended and the bots wait for :meth:`next_round`.
    between_rounds = False
    finished_round = 0
    finished_hand: int | None = None
    finished_deals: list[int]
    out_round: int | None = None
    watching = False
    ui: Any

    def _fit_bots(self, bots: list[str] | None, n: int) -> list[str]:
        names = list(bots or [])
        for name in names:
            if name not in BOT_NAMES:
                raise SetupError(
                    _("unknown bot {name!r}: choose from {known}").format(
                        name=name, known=", ".join(BOT_NAMES)
                    )
                )
        names = names[: n - 1]
        return names + ["rules"] * (n - 1 - len(names))

    def _run_bots(self) -> list[str]:
        """The bots play until it is the student's turn or the game is over (or a
        round's end waits for the student, or the student, out, is not watching)."""
        game = self.game
        lines: list[str] = []
        while (
            not game.is_over()
            and self._bots_move(game.to_move)
            and not self.between_rounds
            and (self.out_round is None or self.watching or not self.pause_rounds)
        ):
            seat = game.to_move
            move, problem = self._choose(self._bots[seat], game)
            if problem:
                lines.append(
                    sentence(
                        _("{name}'s bot went wrong ({problem}): it plays {move} instead").format(
                            name=game.names[seat], problem=problem, move=self.move_label(move)
                        )
                    )
                )
            lines += self._tell(move)
        return lines

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
                lines += self._tell(legal[text])
            lines += self._run_bots()
        finally:
            self.lines = [x for x in lines if x] or list(self.lines)
            self._bump()

    def run_bots(self) -> None:
        """Let the bots of this model play now (a seat has become theirs)."""
        made = len(self.game.moves)
        lines = self._run_bots()
        if len(self.game.moves) != made:  # a card alone may tell no line: still news
            self._story()
            self.lines = [x for x in lines if x] or list(self.lines)
            self._bump()

    def _tell(self, move: Any) -> list[str]:
        """Make ``move`` (checked already) and say what it did."""
        raise NotImplementedError

    def _deal_words(self) -> str:
        """What a fresh deal (or round) means, in the chosen language."""
        raise NotImplementedError

    def move_label(self, move: Move) -> str:
        """A move in this table's words."""
        raise NotImplementedError

    # ---------------------------------------------------------- the moments
    @property
    def between_deals(self) -> bool:
        """A deal has ended and the bots wait for the student's "Next deal"
        (:attr:`between_rounds`, in the words of a game played deal after deal)."""
        return self.between_rounds

    @between_deals.setter
    def between_deals(self, value: bool) -> None:
        self.between_rounds = value

    @property
    def finished_deal(self) -> int:
        """The number of the deal just over (between two deals: the one to read)."""
        return self.finished_deals[-1] if self.finished_deals else len(self.game.deals) - 1

    def between_text(self) -> str:
        """What to do between two rounds (or two hands of a match, or two deals)."""
        if self.by_deal:
            return sentence(
                _("Deal {n} is over: read its summary, then click “Next deal”").format(
                    n=self.finished_deal
                )
            )
        if self.finished_hand is not None:
            return sentence(
                _("Hand {n} is over: read what happened, then click “Next hand”").format(
                    n=self.finished_hand
                )
            )
        return sentence(
            _("Round {n} is over: read what happened, then click “Next round”").format(
                n=self.finished_round
            )
        )

    _between_text = between_text

    def next_round(self) -> None:
        """After a round (or deal) has ended (with :attr:`pause_rounds`): the bots play
        the next one up to the student's turn (or, once the student is out and
        watching, on). Raises ``ValueError`` (and changes nothing) while it is in
        progress."""
        if not self.between_rounds:
            if self.by_deal:
                self._refuse(_("The deal is still in progress: play on."))
            self._refuse(_("The round is still in progress: play on."))
        self.between_rounds = False
        self.finished_hand = None
        self._story()
        lines = [self._deal_words()]
        try:
            lines += self._run_bots()
        finally:
            self.lines = [x for x in lines if x]
            self._bump()

    next_deal = next_round

    def watch(self) -> None:
        """The student is out: the bots play on (a round at a time)."""
        self.watching = True
        if self.between_rounds:
            self.next_round()
            return
        self._story()
        try:
            self.lines = self._run_bots()
        finally:
            self._bump()

    def _undone(self) -> None:
        self.between_rounds = False
        self.finished_hand = None
        self.watching = False
        if self.out_round is not None and not self.ui.is_out(self.game, self.human):
            self.out_round = None

    def _choose(self, bot: Any, game: Any) -> tuple[Move, str]:
        """``bot``'s move in ``game``, and ``""``. A bot that raises or chooses an
        illegal move has a bug, which must not cost the student the game: the first
        legal move stands in, the error is logged and kept in ``bot_errors``, and the
        second value names it."""
        legal = game.legal_moves()
        try:
            move = bot.choose(game)
        except Exception as e:  # any bug at all in a bot: logged and said, never lost
            _log.exception("%r failed to choose a move in %r", bot, game)
            problem = f"{type(e).__name__}: {e}"
        else:
            if move in legal:
                return move, ""
            _log.error("%r chose the illegal move %r in %r", bot, move, game)
            problem = f"illegal move {move!r}"  # for a bug report, like the error above
        self.bot_errors.append(problem)
        return legal[0], problem

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

    def _replay_into(self, game: Any) -> None:
        """After a language change: ``game`` (the same deal with names in the new
        language) takes every move made so far, and becomes the game."""
        for move in self.game.moves:
            game.play(move)
        self.game = game
        self.lines = []
