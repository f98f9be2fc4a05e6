"""The state behind a table: a game, the student's seat, the bots, and what to say.

A :class:`GameModel` is a ``traitlets.HasTraits`` object with no widget in it (the
jupyter-widgets tutorial's middle layer), and the one model of every registered game:
the views observe ``version`` (bumped after every change of the game), ``lines`` (what
happened since the student last acted, or a hint) and ``message`` (one line: why a
click did nothing).  Every method that could go wrong leaves the game as it was and
raises a ``ValueError`` saying why in one line.

>>> model = GameModel('knockout', players=3, seed=1)
>>> game = model.game
>>> game.to_move == model.human  # the bots have played up to the student's turn
True
>>> card = next(m for m in game.legal_moves())
>>> model.play(card)
>>> model.undo(); model.game.to_move == model.human
True
"""

from __future__ import annotations

import random
from typing import Any

from ..core.cards import Card
from ..core.errors import RecordError, SetupError
from ..core.hooks.ui import declarer, laid_open, match_score
from ..core.moves import Move
from ..core.record import game_from_record, record_from_data, to_record
from ..core.registry import spec
from ..i18n import _
from ..pictures.svg import call_words
from ..teach.bots import make_bot
from ..teach.explain import suit_name
from ..teach.hints import hint
from ..teach.solver import LABEL
from ..teach.story import (
    deal_text,
    play_and_tell,
    said_to_the_student,
    settle_chance,
    trick_line,
    void_line,
)
from ._common import sentence
from ._games import family_table, spec_ui, table_specs
from .faces import move_words
from .family_faces import (
    _contract,
    call_label,
    deal_summary,
    move_label,
    outcome_text,
    seat_names,
    trick_done,
)
from .table_model import (
    TableModel,
    _deal_moved,
    _phase,
    checked_analysis,
    default_names,
    last_finished_trick,
)

__all__ = [
    "GameModel",
    "TableModel",
    "checked_analysis",
    "default_names",
    "last_finished_trick",
    "trick_table_games",
]


def trick_table_games() -> list[str]:
    """The games played at the trick table (no partnerships, no auction); a
    :class:`GameModel` holds these and every other registered game.

    >>> "knockout" in trick_table_games(), "whist" in trick_table_games()
    (True, False)
    """
    return [s.name for s in table_specs(family=False)]


class GameModel(TableModel):
    """Any registered game against bots for one student, who sits in seat 0: the one
    model of every table.

    ``kind`` is the game's record name (``"knockout"``, ``"german"``, ``"whist"`` …:
    every game of :func:`~kowhist_teach.core.registry.specs`); ``bots`` names a bot
    (``random``, ``rules``, ``montecarlo``) for each seat but the student's; ``rules``
    is the game's rules object (its spec's ``rules``); ``players`` the seats (a game
    for a fixed number gets its own; by default four where the game allows it).
    The same ``seed`` deals the same cards and gives the bots the same dice.
    ``analysis`` is the teacher's setting for the analysis with every card visible in
    the hint: ``"off"``, ``"after"`` (the default: once the deal is over) or
    ``"request"`` (with every hint). ``match`` is the hands of a match ("best of"), for
    a game whose ``ui`` hook offers matches (German Whist: 1, 3 or 5); with
    :attr:`pause_rounds` the bots wait after each round, hand or deal for
    :meth:`next_round`.

    What differs from game to game is read from the game's spec and hooks, never from
    its name: a game played deal after deal at the family's table (partnerships or an
    auction: :attr:`by_deal`) sits the student South among the compass points and
    tells each deal as it goes (calls, the contract, the kitty, the deal's summary);
    any other game is told by its story hook round by round.

    >>> m = GameModel('german', seed=2, match=3)
    >>> match_score(m.game)
    MatchScore(length=3, hand=1, won=(0, 0), winner=None)
    >>> w = GameModel('whist', seed=1)
    >>> w.by_deal, w.game.names[2]
    (True, 'North (partner)')
    """

    def __init__(
        self,
        kind: str = "knockout",
        players: int | None = None,
        rules: Any = None,
        bots: list[str] | None = None,
        seed: int | None = None,
        *,
        bot_options: dict[str, Any] | None = None,
        analysis: str = "after",
        match: int = 1,
        pause_rounds: bool = False,
    ) -> None:
        super().__init__()
        self.analysis = checked_analysis(analysis)
        known = [s.name for s in table_specs()]
        if kind not in known:
            raise SetupError(
                _("unknown game {kind!r}: choose from {known}").format(
                    kind=kind, known=", ".join(known)
                )
            )
        self.spec = spec(kind)
        self.ui = spec_ui(self.spec)
        self.kind = kind
        #: The game is played deal after deal at the family's table (its spec declares
        #: partnerships or an auction): told deal by deal, seats by the compass points.
        self.by_deal = family_table(self.spec)
        self.bot_options = dict(bot_options or {})
        self.bot_errors = []
        self._seeds = random.Random(seed)
        #: Stop at the end of each round (hand of a match, deal), until
        #: :meth:`next_round` (a table that shows the round's end as a moment of its
        #: own sets this).
        self.pause_rounds = pause_rounds
        #: The players' names the teacher chose, seat by seat (the rest: default names).
        self.names: list[str] = []
        #: The round (or deal) has ended and the bots wait for :meth:`next_round`.
        self.between_rounds = False
        #: The round that has just ended (1 …).
        self.finished_round = 0
        #: The hand of a match that has just ended (1 …) while the bots wait for
        #: :meth:`next_round`, else ``None``.
        self.finished_hand: int | None = None
        #: Deals finished since the student last acted (their numbers, 1 …).
        self.finished_deals: list[int] = []
        #: The hands of a match ("best of"; 1: a single game).
        self.match = match
        #: The round in which the student was knocked out (1 …), or ``None``.
        self.out_round: int | None = None
        #: The student, out, watches the bots finish.
        self.watching = False
        self.game: Any = None
        self.seed: int | None = None
        self._start_record: dict[str, Any] | None = None
        self._chance_seed = 0
        #: Deals the engine cannot make itself (a game read from a record) come from here.
        self._chance = random.Random(0)
        self.players = self._fit_players(players)
        self.rules = rules
        self.bot_names = self._fit_bots(bots, self.players)
        self._bots: list[Any] = []
        self.new_game(seed=seed if seed is not None else self._seeds.randrange(1 << 31))

    # ------------------------------------------------------------------ setup
    def _fit_players(self, n: int | None) -> int:
        """``n``, or the game's own count for a game of a fixed number of players (by
        default four where the game allows it); the engine refuses a count out of
        range."""
        low, high = self.spec.players
        if low == high:
            return low
        if n is None:
            return 4 if low <= 4 <= high else low
        return n

    @property
    def loaded(self) -> bool:
        """Whether the game in progress was read from a record (:meth:`load`): its
        deals are the record's, not the seed's."""
        return self._start_record is not None

    def _fresh(self, seed: int) -> Any:
        # The teacher's names where given, the default ones for the other seats.
        if self.by_deal:
            defaults = seat_names(self.players, self.spec.partnerships is not None)
        else:
            defaults = default_names(self.players)
        names = (self.names + defaults[len(self.names) :])[: self.players]
        # Through the ui hook: one game, or a match of self.match hands.
        return self.ui.new_game(self.spec, self.match, players=names, rules=self.rules, seed=seed)

    def new_game(
        self,
        players: int | None = None,
        rules: Any = None,
        bots: list[str] | None = None,
        seed: int | None = None,
        match: int | None = None,
    ) -> None:
        """Deal a new game (settings left out stay as they were); a new random deal
        unless ``seed`` is given; ``match``: the hands of a match, for a game that plays
        matches.  Raises :class:`SetupError` (and keeps the game in progress) for
        settings that do not make a game."""
        n = self.players if players is None else self._fit_players(players)
        new_rules = self.rules if rules is None else rules
        new_bots = self._fit_bots(bots if bots is not None else self.bot_names, n)
        seed = self._seeds.randrange(1 << 31) if seed is None else seed
        old = (self.players, self.rules, self.bot_names, self.match)
        self.players, self.rules, self.bot_names = n, new_rules, new_bots
        self.match = self.match if match is None else match
        try:
            game = self._fresh(seed)
        except SetupError:
            self.players, self.rules, self.bot_names, self.match = old
            raise
        self._start(game, seed=seed, start_record=None)
        self.lines = [x for x in [self._deal_words(), *self._run_bots()] if x]
        self._bump()

    def new_deal(self) -> None:
        """Start again: a new game with the same settings and new cards (the scores go
        back to 0; :meth:`next_round` goes on to the next round or deal of the game in
        progress)."""
        self.new_game()

    def replay(self) -> None:
        """The same game again from its first deal: the same cards, the same bots."""
        if self.seed is not None:
            self._start(self._fresh(self.seed), seed=self.seed, start_record=None)
        else:
            assert self._start_record is not None
            game = game_from_record(self._start_record)
            self._start(game, seed=None, start_record=self._start_record, keep_chance=True)
        first = [_("The same deal again, from the start."), self._deal_words()]
        self.lines = [x for x in first + self._run_bots() if x]
        self._bump()

    def replay_deal(self) -> None:
        """For a game played deal after deal: the same cards again, the deal in
        progress (between two deals, the one just over; once the game is over, its
        last deal) from its first call, the scores as they were before it, the same
        bots. The deal's chance event stays in the game's log, so a record's deal is
        replayed as well as a seeded one. Raises ``ValueError`` (and changes nothing) at
        a shared table.

        >>> m = GameModel('whist', seed=3)
        >>> first, bots = [m.game.hand(s) for s in range(4)], m.game.moves
        >>> m.play(m.game.legal_moves()[0]); m.replay_deal()
        >>> [m.game.hand(s) for s in range(4)] == first, m.game.moves == bots
        (True, True)
        """
        if self.shared:
            self._refuse(_("At a shared table only the teacher takes moves back."))
        game = self.game
        number = self.finished_deal if self.between_rounds else len(game.deals)
        trial = game.clone()
        # Back to the deal's first move: its chance event (the cards) stays in the log.
        while trial.moves and (len(trial.deals) > number or _deal_moved(trial.log)):
            trial.undo()
        self.game = trial
        self.between_rounds = False
        self._story()
        self._make_bots(self._bot_seed())
        lines = [_("The same deal again, from the start."), self._deal_words()]
        self.lines = [x for x in lines + self._run_bots() if x]
        self._bump()

    def _bot_seed(self) -> int:
        return self.seed if self.seed is not None else self._chance_seed

    def _start(
        self,
        game: Any,
        seed: int | None,
        start_record: dict[str, Any] | None,
        keep_chance: bool = False,
    ) -> None:
        self.game = game
        self.seed = seed
        self._start_record = start_record
        self.between_rounds = False
        self.finished_hand = None
        self.watching = False
        self.out_round = None
        if not keep_chance:
            self._chance_seed = self._seeds.randrange(1 << 31)
        self._chance = random.Random(self._chance_seed)
        self._make_bots(self._bot_seed())
        self._story()
        settle_chance(game, self._chance)

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
        game = game_from_record(record)
        start = self.ui.first_deal(record)
        self.players = game.n
        self.rules = game.rules
        score = match_score(game)  # a match's record plays on as a match
        self.match = score.length if score is not None else 1
        self.bot_names = self._fit_bots(self.bot_names, game.n)
        self._start(game, seed=None, start_record=start)
        first = [_("Record loaded: you play seat 1, {name}.").format(name=game.names[0])]
        self.lines = [x for x in first + self._run_bots() if x]
        self._bump()

    def record(self) -> dict[str, Any]:
        """The game so far as a ``kowhist-record/1`` record."""
        return to_record(self.game)

    # ------------------------------------------------------------------ moves
    def move_label(self, move: Move) -> str:
        """A move in this table's words (a card by its name, a call as its button
        says it)."""
        return move_label(move, self.game) if self.by_deal else move_words(move)

    def _story(self) -> None:
        super()._story()
        self.finished_deals = []

    def _hand_number(self) -> int:
        """The hand of a match in progress (0 for a game that is no match)."""
        score = match_score(self.game)
        return score.hand if score is not None else 0

    def _tell(self, move: Move) -> list[str]:
        """Make ``move`` (checked already) and say what it led to."""
        lines = self._tell_deal(move) if self.by_deal else self._tell_round(move)
        # What the student did is told to them: "You won with Q♠", not "Player 1 (you) …".
        return [said_to_the_student(self.game, self.human, x) for x in lines if x]

    def _tell_round(self, move: Move) -> list[str]:
        """A move of a game told round by round, in its story hook's words."""
        game = self.game
        rounds = self.spec.rounds  # a game played in rounds tells a round's end
        before = game.round if rounds else 0
        hand = self._hand_number()
        lines = play_and_tell(game, move, viewer=self.human)
        if isinstance(move, Card):  # a card off the suit led tells the table of a void
            lines[:0] = [x for x in [void_line(game, last_finished_trick(game), move)] if x]
        if self.on_moved is not None:
            self.on_moved()
        pausing = self.pause_rounds and not self.shared
        if self._hand_number() != hand and not game.is_over() and pausing:
            # A hand of a match is over: its result is a moment of its own, and the
            # bots wait for "Next hand".
            self.between_rounds = True
            self.finished_hand = hand
        if rounds and game.round != before and not game.is_over():
            if pausing:
                # The round's end is a moment of its own: the bots wait for "Next round".
                self.between_rounds = True
                self.finished_round = before + 1
            if self.out_round is None and self.ui.is_out(game, self.human):
                self.out_round = before + 1
        if not game.is_over() and game.chance_pending is not None:
            lines += settle_chance(game, self._chance)  # a record's game deals from ours
        if rounds and game.round != before and not game.is_over():
            # A new round the engine dealt itself: say what it means.
            if game.log.hands and game.auto_chance:
                lines.append(deal_text(game))
        return lines

    def _kitty(self) -> list[Any] | None:
        """The kitty as the student may see it (``None`` while hidden, or none)."""
        return laid_open(self.game, self.human).kitty

    def _tell_deal(self, move: Move) -> list[str]:
        """A move of a game played deal after deal: its calls, the kitty, the
        contract, a trick's winner, the deal's summary, the outcome."""
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
                    name=name, what=call_words(move, self.kind)
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
            and declarer(game) is not None  # a game with contracts
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
            if len(game.deals) > deals and not game.is_over():
                if self.pause_rounds and not self.shared:
                    # The next deal waits for the student's "Next deal" click.
                    self.between_rounds = True
        if game.is_over():
            lines.append(outcome_text(game))
        return lines

    def play(self, move: Move | str) -> None:
        """The student's move; then the bots play up to the student's next turn.

        An illegal move changes nothing: ``message`` says why (and
        :class:`IllegalMove` is raised with the same words).
        """
        if self.between_rounds and not self.game.is_over():
            self._refuse(self.between_text())
        if self.by_deal:
            over = _("The game is over: start a new one.")
        else:
            over = _("The game is over: deal again or replay this deal.")
        move = self._checked(move, over)
        # Discarding is several clicks of one turn: what happened before stays shown.
        keep = list(self.lines) if _phase(self.game) == "discard" else []
        self._story()
        lines: list[str] = []
        try:
            lines += self._tell(move)
            lines += self._run_bots()
        finally:
            self.lines = keep + lines
            self._bump()

    def _deal_words(self) -> str:
        """What a fresh deal (or round) means, in the chosen language."""
        game = self.game
        if not self.by_deal:
            return deal_text(game)
        log = game.log
        if log is None or game.is_over():
            return ""
        text = _("Deal {n}: {name} deals").format(n=log.number, name=game.names[log.dealer])
        card = log.extra.get("trump_card")
        if card is not None:
            text += "; " + _("the turned-up card is {card}").format(card=card.label)
        if _phase(game) == "play" and game.trump is not None:
            text += "; " + _("trumps: {suit}").format(suit=suit_name(game.trump))
        elif _phase(game) == "play" and declarer(game) is None:
            text += "; " + _("no trumps")
        return sentence(text)

    # -------------------------------------------------------------- languages
    def relabel(self) -> None:
        """After a language change: the default names in the new language (the game is
        replayed move for move, so nothing else changes); a game played deal after deal
        tells again what happened since the student last acted, in the new language."""
        self.message = ""
        if self.loaded or self.seed is None:
            # A record's deals are not the seed's: the game stays as it is.
            self._bump()
            return
        if not self.by_deal:
            self._replay_into(self._fresh(self.seed))
            self._bump()
            return
        moves = list(self.game.moves)
        between = self.between_rounds
        self.game = self._fresh(self.seed)
        try:
            self.between_rounds = False
            story = [self._deal_words()]
            for move in moves:
                if self.game.to_move == self.human and _phase(self.game) != "discard":
                    story, self.finished_deals = [], []
                if self.between_rounds:  # the student clicked "Next deal" here
                    self.between_rounds = False
                    story.append(self._deal_words())
                story += self._tell(move)
        finally:
            self.between_rounds = between
        self.lines = [x for x in story if x]
        self._bump()

    # -------------------------------------------------------------- teaching
    def hint(self) -> dict[str, list[str]] | list[str] | None:
        """What a hint shows, on request only (worked out by
        :func:`kowhist_teach.teach.hints.hint`): the move to make and why, every legal
        move explained, the tips that apply, the estimate from the student's seat, and
        the analysis with every card visible as the teacher's setting ``analysis``
        allows (labelled so; by default only once the deal is over). A game played
        deal after deal has it as lines (between two deals: what to do).

        After the game, or out of turn, ``message`` says so, the story stays, and the
        answer is ``None``.

        >>> m = GameModel('knockout', players=3, seed=1)
        >>> sorted(m.hint())
        ['analysis', 'estimate', 'estimate_label', 'moves', 'note', 'suggestion', 'tips']
        """
        if self.by_deal and self.between_rounds and not self.game.is_over():
            return [self.between_text()]
        seed = self.seed or self._chance_seed
        h = hint(
            self.game,
            self.human,
            analysis=self.analysis,
            label=self.move_label,
            # The rules bot's suggestion, guarded as the bots' moves are (a bug is
            # said in one line and kept in bot_errors).
            choose=lambda g: self._choose(make_bot("rules", seed), g.clone()),
            seed=seed,
            estimate_samples=self.estimate_samples,
        )
        if h.notice:
            self.say(h.notice)
            return None
        if self.by_deal:
            return h.lines()
        self.lines_kind = "hint"
        return {
            "suggestion": [h.suggestion],
            "moves": h.moves,
            "tips": h.tips,
            "estimate": h.estimate,
            "estimate_label": [h.estimate_label] if h.estimate_label else [],
            "analysis": h.analysis,
            "note": [h.analysis_note] if h.analysis_note else [],
        }

    @staticmethod
    def analysis_label() -> str:
        """The honest label of the analysis, in the chosen language."""
        return _(LABEL)
