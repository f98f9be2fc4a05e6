"""The whist family's table, its model: a game with partnerships or an auction
(partnership whist, solo whist, bid whist, any game registered so) for one student
against bots.

You sit South (seat 0); the bots sit West (1), North (2) and East (3). In the
partnership games North is your partner. The model holds no rule: it asks the game
(``legal_moves``, ``why_illegal``, ``play``, ``undo``), the teaching layer
(:mod:`kowhist_teach.teach.explain`) and the bots for everything. The table itself is
:class:`~kowhist_teach.widgets.family_table.FamilyTableWidget`; what it shows, as
strings, is in :mod:`kowhist_teach.widgets.family_faces`.

>>> m = FamilyModel('whist', seed=1)
>>> m.game.to_move
0
>>> m.play(m.game.legal_moves()[0])
>>> len(m.game.hand(0))
12
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from ..core.cards import Card
from ..core.errors import RecordError, SetupError
from ..core.moves import Move
from ..core.record import game_from_record, record_from_data
from ..core.registry import spec, spec_of
from ..i18n import _
from ..pictures.svg import call_words
from ..teach.bots import make_bot
from ..teach.explain import suit_name
from ..teach.hints import hint
from ..teach.story import settle_chance, trick_line, void_line
from ._common import sentence
from ._games import table_specs
from .faces import CallFace, call_faces
from .family_faces import (
    HUMAN,
    _contract,
    call_label,
    deal_summary,
    family_status_html,
    move_label,
    outcome_text,
    seat_names,
    trick_done,
)
from .model import TableModel, checked_analysis, last_finished_trick

__all__ = [
    "FamilyModel",
    "available_family_games",
    "call_label",
    "deal_summary",
    "family_call_faces",
    "family_game_class",
    "family_game_title",
    "family_status_html",
    "outcome_text",
    "trick_done",
]

_log = logging.getLogger(__name__)


# ------------------------------------------------------------------ the games
def available_family_games() -> list[str]:
    """The games the family's table holds (partnerships or an auction), in the
    registry's order.

    >>> "bidwhist" in available_family_games(), "knockout" in available_family_games()
    (True, False)
    """
    return [s.name for s in table_specs(family=True)]


def family_game_class(kind: str) -> type:
    """The engine class of a game of the family's table, by its record name;
    :class:`SetupError` for an unknown game.

    >>> family_game_class('whist').__name__
    'WhistGame'
    """
    if kind not in available_family_games():
        raise SetupError(
            _("unknown game {kind!r}: choose from {known}").format(
                kind=kind, known=", ".join(available_family_games())
            )
        )
    return spec(kind).game


def family_game_title(kind: str) -> str:
    """The game's name for people, in the chosen language.

    >>> family_game_title('whist')
    'Partnership whist'
    """
    family_game_class(kind)  # an unknown game is refused
    return spec(kind).display_name()


def _deal_moved(log: Any) -> bool:
    """Whether anyone has moved in the deal ``log`` (a call, or a card played)."""
    return log is not None and bool(log.calls or any(t.plays for t in log.tricks))


def _phase(game: Any) -> str:
    """The engine's phase by its value: ``bid``, ``trump``, ``discard``, ``play`` …"""
    return getattr(game.phase, "value", str(game.phase))


class FamilyModel(TableModel):
    """A family game for one student in seat 0 against three bots.

    Like :class:`~kowhist_teach.widgets.GameModel`: ``version`` is bumped after every
    change, ``lines`` says what happened since the student last acted, ``message`` why
    the last click did nothing. Every method that could go wrong leaves the game as it
    was and raises a ``ValueError`` saying why in one line.

    >>> m = FamilyModel('whist', seed=2)
    >>> m.game.to_move == m.human
    True
    """

    def __init__(
        self,
        kind: str = "whist",
        rules: Any = None,
        seed: int | None = None,
        bots: list[str] | None = None,
        *,
        bot_options: dict[str, Any] | None = None,
        players: int | None = None,
        analysis: str = "after",
    ) -> None:
        super().__init__()
        self.analysis = checked_analysis(analysis)
        self.kind = kind
        self.game_class = family_game_class(kind)
        self.spec = spec(kind)
        low, high = self.spec.players
        #: The number of seats (four, North and South against East and West, when the
        #: game allows it and ``players`` does not say otherwise; the engine checks it).
        self.players = players if players is not None else 4 if low <= 4 <= high else low
        self.human = HUMAN
        self.rules = rules
        #: The players' names the teacher chose, seat by seat (the rest: the compass
        #: points, or the student and numbered bots).
        self.names: list[str] = []
        others = self.players - 1
        self.bot_names = list(bots or ["rules"] * others)[:others]
        self.bot_names += ["rules"] * (others - len(self.bot_names))
        self.bot_options = dict(bot_options or {})
        self._seeds = random.Random(seed)
        self.seed: int = 0
        #: Deals the engine cannot make itself (a game read from a record) come from here.
        self._chance = random.Random(0)
        #: Whether the game in progress was read from a record (:meth:`load`): its deals
        #: are the record's, not the seed's.
        self.loaded = False
        #: Moves a bot got wrong (it raised or chose an illegal move): a bug to report.
        self.bot_errors: list[str] = []
        #: Called after each move when a bot is to move next (a view pauses there).
        self.pause: Callable[[], None] | None = None
        #: Deals finished since the student last acted (their numbers, 1 …).
        self.finished_deals: list[int] = []
        #: A deal has just ended: the bots wait for :meth:`next_deal` (the student's
        #: "Next deal" click), so that the deal's summary can be read first.
        self.between_deals = False
        self.new_game(rules, seed if seed is not None else self._seeds.randrange(1 << 31))

    # ------------------------------------------------------------------ setup
    def _fresh(self, seed: int, rules: Any = None) -> Any:
        cls = self.game_class
        defaults = seat_names(self.players, self.spec.partnerships)
        names = (self.names + defaults[len(self.names) :])[: self.players]
        # By keyword, as the registry's engines all take them (GameSpec.game).
        return cls(rules=rules if rules is not None else self.rules, seed=seed, players=names)

    def new_game(self, rules: Any = None, seed: int | None = None) -> None:
        """A new game (new cards unless ``seed`` is given); ``rules`` left out stay.
        Raises :class:`SetupError` (and keeps the game in progress) for rules the game
        refuses."""
        seed = self._seeds.randrange(1 << 31) if seed is None else seed
        game = self._fresh(seed, rules)  # raises before anything changes
        if rules is not None:
            self.rules = rules
        self.game = game
        self.seed = seed
        self.loaded = False
        self.between_deals = False
        self._make_bots(seed)
        self._story()
        lines = [self._deal_text()]
        self._run_bots(lines)
        self.lines = [x for x in lines if x]
        self._bump()

    def load(self, source: str | bytes | dict[str, Any]) -> None:
        """Play on from a record of this table's game (JSON text, its bytes or a dict —
        never a file name): the student takes seat 0, the bots play up to their turn.

        Raises :class:`RecordError` or :class:`~kowhist_teach.core.record.ReplayError`
        (one line) and keeps the game in progress if the record is no good.
        """
        record = record_from_data(source)
        if record["game"] != self.kind:
            raise RecordError(
                _("this is a record of {other}, not of {this}").format(
                    other=spec(record["game"]).display_name(), this=self.spec.display_name()
                )
            )
        game = game_from_record(record)  # raises before anything changes
        seed = self._seeds.randrange(1 << 31)
        self.game = game
        self.rules = game.rules
        self.seed = seed
        self.loaded = True
        self.between_deals = False
        self._chance = random.Random(seed)
        self._make_bots(seed)
        self._story()
        settle_chance(game, self._chance)  # a record that stops between two deals
        lines = [_("Record loaded: you play seat 1, {name}.").format(name=game.names[0])]
        self._run_bots(lines)
        self.lines = [x for x in lines if x]
        self._bump()

    def new_deal(self) -> None:
        """Start again: a new game (or rubber, or drive) with the same rules and new
        cards; the scores go back to 0. (:meth:`next_deal` goes on to the next deal of
        the game in progress.)"""
        self.new_game()

    def replay_deal(self) -> None:
        """The same cards again: the deal in progress (between two deals, the one just
        over; once the game is over, its last deal) from its first call, the scores as
        they were before it, the same bots. The deal's chance event stays in the game's
        log, so a record's deal is replayed as well as a seeded one. Raises
        ``ValueError`` (and changes nothing) at a shared table.

        >>> m = FamilyModel('whist', seed=3)
        >>> first, bots = [m.game.hand(s) for s in range(4)], m.game.moves
        >>> m.play(m.game.legal_moves()[0]); m.replay_deal()
        >>> [m.game.hand(s) for s in range(4)] == first, m.game.moves == bots
        (True, True)
        """
        if self.shared:
            self._refuse(_("At a shared table only the teacher takes moves back."))
        game = self.game
        number = self.finished_deal if self.between_deals else len(game.deals)
        trial = game.clone()
        # Back to the deal's first move: its chance event (the cards) stays in the log.
        while trial.moves and (len(trial.deals) > number or _deal_moved(trial.log)):
            trial.undo()
        self.game = trial
        self.between_deals = False
        self._story()
        self.finished_deals = []
        self._make_bots(self.seed)
        lines = [_("The same deal again, from the start."), self._deal_text()]
        self._run_bots(lines)
        self.lines = [x for x in lines if x]
        self._bump()

    def next_deal(self) -> None:
        """After a deal has ended: the bots play the next deal up to the student's
        turn. Raises ``ValueError`` (and changes nothing) while a deal is in progress."""
        if not self.between_deals:
            self._refuse(_("The deal is still in progress: play on."))
        self.between_deals = False
        self._story()
        lines = [self._deal_text()]
        try:
            self._run_bots(lines)
        finally:
            self.lines = [x for x in lines if x]
            self._bump()

    # ------------------------------------------------------------------ moves
    def _story(self) -> None:
        super()._story()
        self.finished_deals = []

    def play(self, move: Move | str) -> None:
        """The student's move; then the bots play up to the student's next turn.

        An illegal move changes nothing: ``message`` says why (and
        :class:`IllegalMove` is raised with the same words).
        """
        if self.between_deals and not self.game.is_over():
            self._refuse(self._between_text())
        move = self._checked(move, _("The game is over: start a new one."))
        # Discarding is several clicks of one turn: what happened before stays shown.
        keep = list(self.lines) if _phase(self.game) == "discard" else []
        self._story()
        lines: list[str] = []
        try:
            self._tell(move, lines)
            self._run_bots(lines)
        finally:
            self.lines = keep + [x for x in lines if x]
            self._bump()

    @property
    def finished_deal(self) -> int:
        """The number of the deal just over (between two deals: the one to read)."""
        return self.finished_deals[-1] if self.finished_deals else len(self.game.deals) - 1

    def _between_text(self) -> str:
        return sentence(
            _("Deal {n} is over: read its summary, then click “Next deal”").format(
                n=self.finished_deal
            )
        )

    def _undone(self) -> None:
        self.between_deals = False

    def _run_bots(self, lines: list[str]) -> None:
        """The bots move until it is the student's turn or the game is over; what
        happened is added to ``lines``."""
        game = self.game
        while not self.between_deals and not game.is_over() and self._bots_move(game.to_move):
            if self.pause is not None:
                self.pause()
            seat = game.to_move
            move, problem = self._choose(self._bots[seat], game)
            if problem:
                lines.append(
                    sentence(
                        _("{name}'s bot went wrong ({problem}): it plays {move} instead").format(
                            name=game.names[seat], problem=problem, move=move_label(move, game)
                        )
                    )
                )
            self._tell(move, lines)

    def _told(self, move: Any) -> list[str]:
        story: list[str] = []
        self._tell(move, story)
        return story

    def _bots_lines(self) -> list[str]:
        story: list[str] = []
        self._run_bots(story)
        return story

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

    def _kitty(self) -> list[Any] | None:
        """The bid-whist kitty as the student may see it (``None`` while hidden)."""
        view = self.game.view(self.human)
        return getattr(view, "kitty", None)

    def _tell(self, move: Move, story: list[str]) -> None:
        """Make ``move`` and add to ``story`` what it led to."""
        game = self.game
        seat = game.to_move
        phase = _phase(game)
        deals = len(game.deals)
        log = game.log
        trick = game.trick
        kitty_seen = self._kitty() is not None
        game.play(move)
        if not game.is_over() and game.chance_pending is not None:
            settle_chance(game, self._chance)  # a record's game deals from ours
        if self.on_moved is not None:
            self.on_moved()
        lines: list[str] = []
        name = game.names[seat]
        if phase == "play" and isinstance(move, Card):
            # A card off the suit led tells the table of a void.
            lines.append(void_line(game, last_finished_trick(game), move))
        if phase in ("bid", "trump"):
            if move.is_pass:
                text = _("{name} passes").format(name=name)
            elif move.is_trump and phase == "trump":
                text = _("{name} names {what}").format(name=name, what=call_label(move, game))
            elif phase == "trump":
                # Bid whist's uptown or downtown after a no-trump bid, in its bids' words.
                text = _("{name} chooses {what}").format(
                    name=name, what=call_words(move, spec_of(game).name)
                )
            else:
                text = _("{name} calls {what}").format(name=name, what=call_label(move, game))
            lines.append(sentence(text))
        elif phase == "discard" and _phase(game) != "discard" and seat != self.human:
            lines.append(sentence(_("{name} has discarded to the kitty").format(name=name)))
        kitty = self._kitty() if game.log is log else None
        if kitty and not kitty_seen and seat != self.human:
            lines.append(
                sentence(
                    _("{name} takes the kitty, shown to everybody: {cards}").format(
                        name=name, cards=" ".join(c.label for c in kitty)
                    )
                )
            )
        if (
            game.log is log
            and phase != "play"
            and _phase(game) == "play"
            and getattr(log, "declarer", None) is not None  # a game with contracts
        ):
            lines.append(_contract(game))  # the auction is over: what is to be made
        if (
            phase == "play"
            and trick is not None
            and (game.trick is not trick or trick_done(trick, game.n))
        ):
            lines.append(trick_line(game, trick, log.tricks.index(trick) + 1))
        if len(game.deals) > deals or log.points is not None:
            if log.points is not None and log.number not in self.finished_deals:
                self.finished_deals.append(log.number)
                lines.extend(deal_summary(game, log.number - 1))
            if len(game.deals) > deals and not game.is_over() and not self.shared:
                # The next deal waits for the student's "Next deal" click.
                self.between_deals = True
        if game.is_over():
            lines.append(outcome_text(game))
        story.extend(lines)
        if (
            self.pause is not None
            and not self.between_deals
            and not game.is_over()
            and game.to_move != self.human
        ):
            # Bots play next, one move at a time: show this move and the story so far.
            self.lines = [x for x in story if x]
            self._bump()

    def _deal_text(self) -> str:
        game = self.game
        log = game.log
        if log is None or game.is_over():
            return ""
        text = _("Deal {n}: {name} deals").format(n=log.number, name=game.names[log.dealer])
        card = log.extra.get("trump_card")
        if card is not None:
            text += "; " + _("the turned-up card is {card}").format(card=card.label)
        if _phase(game) == "play" and game.trump is not None:
            text += "; " + _("trumps: {suit}").format(suit=suit_name(game.trump))
        elif _phase(game) == "play" and getattr(log, "declarer", None) is None:
            text += "; " + _("no trumps")
        return sentence(text)

    def hint(self) -> list[str] | None:
        """On request: the move the rules bot would make for the student, and why, the
        other moves, the estimate from the student's seat, then the strategy tips that
        apply (:func:`kowhist_teach.teach.hints.hint`). After the game, or out of turn,
        ``message`` says so, the story stays, and the answer is ``None``."""
        game = self.game
        if self.between_deals and not game.is_over():
            return [self._between_text()]
        h = hint(
            game,
            self.human,
            analysis=self.analysis,
            label=lambda m: move_label(m, game),
            choose=lambda g: self._choose(make_bot("rules", self.seed), g.clone()),
            seed=self.seed or 0,
            estimate_samples=self.estimate_samples,
        )
        if h.notice:
            self.say(h.notice)
            return None
        return h.lines()

    # -------------------------------------------------------------- languages
    def relabel(self) -> None:
        """After a language change: the seat names in the new language (the game is
        replayed move for move, so nothing else changes), and what happened since the
        student last acted told again, in the new language."""
        if self.loaded:
            # A record's deals are not the seed's: the game stays as it is.
            self.message = ""
            self._bump()
            return
        moves = list(self.game.moves)
        between, pause = self.between_deals, self.pause
        self.pause = None  # no redrawing while the game is replayed
        self.game = self._fresh(self.seed, self.game.rules)
        try:
            self.between_deals = False
            story = [self._deal_text()]
            for move in moves:
                if self.game.to_move == self.human and _phase(self.game) != "discard":
                    story, self.finished_deals = [], []
                if self.between_deals:  # the student clicked "Next deal" here
                    self.between_deals = False
                    story.append(self._deal_text())
                self._tell(move, story)
        finally:
            self.pause = pause
            self.between_deals = between
        self.lines = [x for x in story if x]
        self.message = ""
        self._bump()


# ------------------------------------------------------------------ what is shown
def family_call_faces(model: FamilyModel, four_colour: bool = False) -> list[CallFace]:
    """The calls of the student's turn (bids, pass, trump suits, high or low) as
    buttons in rank order, Pass first: the legal ones, and those the teaching layer
    explains as not allowed (dimmed, in their place).

    >>> family_call_faces(FamilyModel('whist', seed=1))  # whist has no calls
    []
    """
    if model.between_deals:
        return []
    game = model.game
    return call_faces(game, model.human, four_colour, label=lambda m: call_label(m, game))
