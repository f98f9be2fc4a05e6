"""The state behind a table: a game, the student's seat, the bots, and what to say.

A :class:`GameModel` is a ``traitlets.HasTraits`` object with no widget in it (the
jupyter-widgets tutorial's middle layer): the views observe ``version`` (bumped after
every change of the game), ``lines`` (what happened since the student last acted, or
a hint) and ``message`` (one line: why a click did nothing).  Every method that could
go wrong leaves the game as it was and raises a ``ValueError`` saying why in one line.

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
from ..core.hooks.ui import match_score
from ..core.moves import Move
from ..core.record import game_from_record, record_from_data, to_record
from ..core.registry import spec, spec_of
from ..i18n import _
from ..teach.bots import BOT_NAMES
from ..teach.hints import ANALYSIS_SETTINGS, hint
from ..teach.solver import LABEL
from ..teach.story import deal_text, play_and_tell, settle_chance, void_line
from ._common import sentence
from ._games import spec_ui, table_specs
from .faces import move_words
from .table_model import TableModel

__all__ = [
    "GameModel",
    "TableModel",
    "checked_analysis",
    "default_names",
    "last_finished_trick",
    "trick_table_games",
]


def last_finished_trick(game: Any) -> Any:
    """The last trick every player has played to (winner known), in any round or deal
    of ``game``; ``None`` before the first.

    >>> from kowhist_teach import KnockoutGame
    >>> last_finished_trick(KnockoutGame(3, seed=1)) is None
    True
    """
    logs = game.rounds if spec_of(game).rounds else getattr(game, "deals", None) or ()
    groups = [log.tricks for log in logs] or [getattr(game, "tricks", ())]
    for tricks in reversed(groups):
        for trick in reversed(tricks):
            if trick.plays and trick.winner is not None:
                return trick
    return None


def trick_table_games() -> list[str]:
    """The games a :class:`GameModel` can hold: every registered game that is not
    played at the family's table (no partnerships, no auction).

    >>> "knockout" in trick_table_games(), "whist" in trick_table_games()
    (True, False)
    """
    return [s.name for s in table_specs(family=False)]


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


class GameModel(TableModel):
    """A game against bots for one student, who sits in seat 0.

    ``kind`` is the record name of a game of the trick table (``"knockout"``,
    ``"german"``: see :func:`trick_table_games`); ``bots`` names a bot (``random``,
    ``rules``, ``montecarlo``) for each seat but the student's; ``rules`` is the game's
    rules object (its spec's ``rules``).
    The same ``seed`` deals the same cards and gives the bots the same dice.
    ``analysis`` is the teacher's setting for the analysis with every card visible in
    the hint: ``"off"``, ``"after"`` (the default: once the deal is over) or
    ``"request"`` (with every hint). ``match`` is the hands of a match ("best of"), for
    a game whose ``ui`` hook offers matches (German Whist: 1, 3 or 5); with
    :attr:`pause_rounds` the bots wait after each hand of a match for :meth:`next_round`.

    >>> m = GameModel('german', seed=2, match=3)
    >>> match_score(m.game)
    MatchScore(length=3, hand=1, won=(0, 0), winner=None)
    """

    def __init__(
        self,
        kind: str = "knockout",
        players: int = 4,
        rules: Any = None,
        bots: list[str] | None = None,
        seed: int | None = None,
        *,
        bot_options: dict[str, Any] | None = None,
        analysis: str = "after",
        match: int = 1,
    ) -> None:
        super().__init__()
        self.analysis = checked_analysis(analysis)
        if kind not in trick_table_games():
            raise SetupError(
                _("unknown game {kind!r}: choose from {known}").format(
                    kind=kind, known=", ".join(trick_table_games())
                )
            )
        self.spec = spec(kind)
        self.ui = spec_ui(self.spec)
        self.kind = kind
        self.bot_options = dict(bot_options or {})
        self._seeds = random.Random(seed)
        #: Stop at the end of each round, until :meth:`next_round` (a table that shows
        #: the round's end as a moment of its own sets this).
        self.pause_rounds = False
        #: The players' names the teacher chose, seat by seat (the rest: default names).
        self.names: list[str] = []
        #: The round has ended and the bots wait for :meth:`next_round`.
        self.between_rounds = False
        #: The round that has just ended (1 …).
        self.finished_round = 0
        #: The hand of a match that has just ended (1 …) while the bots wait for
        #: :meth:`next_round`, else ``None``.
        self.finished_hand: int | None = None
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
        self._chance = random.Random(0)
        self._default_named = True
        self.players = self._fit_players(players)
        self.rules = rules
        self.bot_names = self._fit_bots(bots, self.players)
        self._bots: list[Any] = []
        self.new_game(seed=seed if seed is not None else self._seeds.randrange(1 << 31))

    # ------------------------------------------------------------------ setup
    def _fit_players(self, n: int) -> int:
        """``n``, or the game's own count for a game of a fixed number of players; the
        engine refuses a count out of range."""
        low, high = self.spec.players
        return low if low == high else n

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

    def _fresh(self, seed: int, names: list[str] | None = None) -> Any:
        # The teacher's names where given, the default ones for the other seats.
        chosen = (self.names + default_names(self.players)[len(self.names) :])[: self.players]
        names = names or chosen
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
        self.lines = [deal_text(game), *self._run_bots()]
        self._bump()

    def new_deal(self) -> None:
        """A new game with the same settings and new cards."""
        self.new_game()

    def replay(self) -> None:
        """The same game again from its first deal: the same cards, the same bots."""
        if self.seed is not None:
            self._start(self._fresh(self.seed), seed=self.seed, start_record=None)
        else:
            assert self._start_record is not None
            game = game_from_record(self._start_record)
            self._start(game, seed=None, start_record=self._start_record, keep_chance=True)
        first = [_("The same deal again, from the start."), deal_text(self.game)]
        self.lines = first + self._run_bots()
        self._bump()

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
        self._default_named = start_record is None
        self.between_rounds = False
        self.finished_hand = None
        self.watching = False
        self.out_round = None
        if not keep_chance:
            self._chance_seed = self._seeds.randrange(1 << 31)
        self._chance = random.Random(self._chance_seed)
        self._make_bots(seed if seed is not None else self._chance_seed)
        self._story()
        settle_chance(game, self._chance)

    def load(self, source: str | bytes | dict[str, Any]) -> None:
        """Play on from a record (JSON text, its bytes or a dict — never a file name):
        the student takes seat 0.

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
        self.lines = first + self._run_bots()
        self._bump()

    def record(self) -> dict[str, Any]:
        """The game so far as a ``kowhist-record/1`` record."""
        return to_record(self.game)

    # ------------------------------------------------------------------ moves
    def _hand_number(self) -> int:
        """The hand of a match in progress (0 for a game that is no match)."""
        score = match_score(self.game)
        return score.hand if score is not None else 0

    def _tell(self, move: Move) -> list[str]:
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
            if self.pause_rounds and not self.shared:
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

    def _run_bots(self) -> list[str]:
        """The bots play until it is the student's turn or the game is over."""
        game = self.game
        lines: list[str] = []
        while (
            not game.is_over()
            and self._bots_move(game.to_move)
            and not self.between_rounds
            and (self.out_round is None or self.watching or not self.pause_rounds)
        ):
            bot = self._bots[game.to_move]
            lines += self._tell(bot.choose(game))
        return lines

    def _told(self, move: Any) -> list[str]:
        return self._tell(move)

    def _bots_lines(self) -> list[str]:
        return self._run_bots()

    def play(self, move: Move | str) -> None:
        """The student's move; then the bots play up to the student's next turn.

        An illegal move changes nothing: ``message`` says why (and
        :class:`IllegalMove` is raised with the same words).
        """
        if self.between_rounds and not self.game.is_over():
            self._refuse(self.between_text())
        move = self._checked(move, _("The game is over: deal again or replay this deal."))
        self._story()
        lines = self._tell(move)
        try:
            lines += self._run_bots()
        finally:
            self.lines = lines
            self._bump()

    # ---------------------------------------------------------- the moments
    def between_text(self) -> str:
        """What to do between two rounds (or two hands of a match)."""
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

    def next_round(self) -> None:
        """After a round has ended (with :attr:`pause_rounds`): the bots play the next
        round up to the student's turn (or, once the student is out and watching, on)."""
        if not self.between_rounds:
            self._refuse(_("The round is still in progress: play on."))
        self.between_rounds = False
        self.finished_hand = None
        self._story()
        lines = [deal_text(self.game)]
        try:
            lines += self._run_bots()
        finally:
            self.lines = lines
            self._bump()

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

    # -------------------------------------------------------------- languages
    def relabel(self) -> None:
        """After a language change: the default names in the new language (the game is
        replayed move for move, so nothing else changes)."""
        self.message = ""
        if not self._default_named or self.seed is None:
            self._bump()
            return
        self._replay_into(self._fresh(self.seed))
        self._bump()

    # -------------------------------------------------------------- teaching
    def hint(self) -> dict[str, list[str]] | None:
        """What a hint shows, on request only (worked out by
        :func:`kowhist_teach.teach.hints.hint`): the move to make and why, every legal
        move explained, the tips that apply, the estimate from the student's seat, and
        the analysis with every card visible as the teacher's setting ``analysis``
        allows (labelled so; by default only once the deal is over).

        After the game, or out of turn, ``message`` says so, the story stays, and the
        answer is ``None``.

        >>> m = GameModel('knockout', players=3, seed=1)
        >>> sorted(m.hint())
        ['analysis', 'estimate', 'estimate_label', 'moves', 'note', 'suggestion', 'tips']
        """
        h = hint(
            self.game,
            self.human,
            analysis=self.analysis,
            label=move_words,
            seed=self.seed or self._chance_seed,
            estimate_samples=self.estimate_samples,
        )
        if h.notice:
            self.say(h.notice)
            return None
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
