"""The ``ui`` hook: what the widgets must know of a game beyond the engine protocol.

The widgets ask the engine (``to_move``, ``legal_moves()``, ``phase``, ``view``,
``is_over()``, ``names``, ``n``) for nearly everything; this hook answers the rest,
as plain data and plain sentences (no ipywidgets, no HTML): which table a game
sits at, the rule options its setup shows, the game's own words for a turn and for the
status line, what the analysis may promise. A game package implements it in
``games/<game>/ui.py`` and attaches it with ``SPEC.hooks["ui"] = …``.

The questions are split by concern. :class:`GameUI` asks what every game answers
(every method has a default, so a new game overrides only what it has); a game opts
into the rest by mixing in the concern's small class, matching the capability its spec
declares (core/registry.py): :class:`StockUI` (``stock``), :class:`MatchUI`
(``matches``), :class:`DummyUI` (``dummy``), :class:`AuctionUI` (``auction``), and
:class:`DealUI`, the status line of the table where games played deal after deal sit
(``partnerships`` or ``auction``). The layers above never probe for a method: they ask
through the functions at the bottom (:func:`controlled_hand`, :func:`match_score` …),
which read the capability on the spec and ask the mixin only when it is declared.

>>> ui = GameUI()
>>> ui.analysis_goal, isinstance(ui, (StockUI, MatchUI, DummyUI, AuctionUI, DealUI))
('survive', False)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ...i18n import _
from ..cards import Card
from ..errors import SetupError
from ..registry import spec_of

__all__ = [
    "GameUI",
    "StockUI",
    "MatchUI",
    "DummyUI",
    "AuctionUI",
    "DealUI",
    "controlled_hand",
    "match_score",
    "finished_hand",
    "stock_taken",
    "stock_took",
    "phase_tricks",
    "trumps_pending",
    "trumps_text",
    "target_text",
    "contract_text",
    "declarer",
    "laid_open",
    "RuleOption",
    "Badge",
    "MatchScore",
    "FinishedRound",
    "StockTaken",
    "PhaseTricks",
    "LaidOpen",
]


@dataclass(frozen=True)
class RuleOption:
    """One rule option a setup shows.

    ``label`` and ``tip`` are catalogue msgids (the widget translates them where shown).
    The widget is a checkbox for a ``True``/``False`` option, a slider when ``low`` and
    ``high`` are given, a menu of ``choices`` otherwise (``None`` in ``choices`` reads
    ``-``); ``choice_labels``, when given, are the menu's words for the ``choices`` in
    the same order (msgids: "rock-paper-scissors" rather than ``rps``).

    >>> RuleOption('honours', 'Honours count').label
    'Honours count'
    """

    #: The field of the game's rules.
    name: str
    #: Its short label (a msgid).
    label: str = ""
    #: What it does (a msgid).
    tip: str = ""
    #: The values a menu offers (the current value is always added).
    choices: tuple[Any, ...] = ()
    #: A slider's range.
    low: int | None = None
    high: int | None = None
    #: The menu's words for ``choices``, in their order (msgids; ``()``: the values).
    choice_labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class Badge:
    """A mark beside a seat's name in the status line: ``kind`` names its CSS class
    (``kw-badge-<kind>``), ``label`` is what it says.

    >>> Badge('dog', 'dog').kind
    'dog'
    """

    kind: str
    label: str


@dataclass(frozen=True)
class MatchScore:
    """Where a match stands: ``length`` hands at most ("best of"), the ``hand`` in
    progress (from 1; the last one once the match is over), the hands ``won`` by each
    seat, and the ``winner`` once the match is over (else ``None``).

    >>> MatchScore(3, 2, (1, 0)).winner is None
    True
    """

    length: int
    hand: int
    won: tuple[int, ...]
    winner: int | None = None


@dataclass(frozen=True)
class FinishedRound:
    """The round (or hand of a match) just over, as the status line tells it while the
    next one waits for the student's "Next round": ``facts`` in words (its number and
    cards, the match score …), its ``trump`` (``None``: it had no trumps) and the
    ``tricks`` each seat took in it.

    >>> FinishedRound(('Round 2: 6 cards',), None, (3, 2, 1)).tricks
    (3, 2, 1)
    """

    facts: tuple[str, ...]
    trump: Any
    tricks: tuple[int, ...]


@dataclass(frozen=True)
class StockTaken:
    """What one hand took from the stock so far, as one seat may know it: ``face_up``,
    the cards it took that everybody saw; ``known``, the cards it took face down that
    the seat knows all the same (its own hand's, or a hand shown to everybody), or
    ``None`` when the seat knows none of them; ``unseen``, how many cards it took that
    the seat never saw. ``name`` is the hand's name.

    >>> StockTaken(1, 'Bot', (Card('AS'),), None, 2).unseen
    2
    """

    hand: int
    name: str
    face_up: tuple[Card, ...]
    known: tuple[Card, ...] | None
    unseen: int


@dataclass(frozen=True)
class PhaseTricks:
    """One row of a stock game's chart of tricks: who (``name``: a player, or a side
    that counts its tricks together) and the tricks won in ``phase1`` (the stock
    phase) and ``phase2`` (the play-out).

    >>> PhaseTricks('Ann', 4, 3).total
    7
    """

    name: str
    phase1: int
    phase2: int

    @property
    def total(self) -> int:
        """The tricks of both phases."""
        return self.phase1 + self.phase2


@dataclass(frozen=True)
class LaidOpen:
    """The cards a seat may see beyond its own hand and the trick, in a game with an
    auction: ``hands`` laid open for everybody (solo whist's misère ouverte), by seat;
    the ``kitty`` once the seat may see it (``None``: hidden, or no kitty); the seat's
    own ``discards`` (``None``: none).

    >>> LaidOpen().hands, LaidOpen().kitty
    ({}, None)
    """

    hands: dict[int, list[Card]] = dataclasses.field(default_factory=dict)
    kitty: list[Card] | None = None
    discards: list[Card] | None = None


class GameUI:
    """What the widgets ask every game; the defaults suit a plain trick-taking game.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class R:
    ...     fast: bool = False
    >>> [o.name for o in GameUI().options(R)]
    ['fast']
    """

    # Which table seats the student (an auction, partnerships, a stock) and whether
    # matches are offered are the game's capabilities, declared on its spec
    # (core/registry.py), not here; what a capability asks is its mixin's.
    #: What the analysis of a move promises: ``"survive"`` (the round) or ``"win"``
    #: (the hand).
    analysis_goal: str = "survive"
    #: What the game asks of the student, in one or two sentences under the app's game
    #: choice (a msgid; ``""`` for the app's own words).
    tagline: str = ""

    def options(self, rules: type) -> list[RuleOption]:
        """The rule options a setup shows, in order (default: every true/false field
        of the rules dataclass, labelled by its name)."""
        out = []
        for f in dataclasses.fields(rules):
            if f.type in (bool, "bool"):
                out.append(RuleOption(f.name))
        return out

    def variant_options(self, rules: type) -> list[RuleOption]:
        """The variants a teacher may also choose (house rules, the source texts'
        alternatives), shown apart from :meth:`options`, which stay the few a player
        changes most; each is one field of the rules dataclass, and its default plays the
        standard game. Default: none."""
        return []

    def new_game(self, game_spec: Any, match: int = 1, **options: Any) -> Any:
        """A new game of ``game_spec`` (``options``: ``players``, ``rules``, ``seed``),
        or a match of ``match`` hands for a game whose spec offers ``matches`` (its
        :class:`MatchUI` starts one). Default: the engine itself, and no matches (a
        :class:`SetupError` for ``match`` > 1)."""
        if match != 1:
            raise SetupError(
                _("{game} is played one game at a time, not in matches").format(
                    game=game_spec.display_name()
                )
            )
        return game_spec.game(**options)

    def turn_text(self, game: Any, seat: int) -> str | None:
        """The game's own words for ``seat``'s turn ("Your turn: choose trumps"), or
        ``None`` for the widget's "Your turn: play a card"."""
        return None

    def status_facts(self, game: Any) -> list[str]:
        """The first facts of the status line, in words (the round and its cards, a
        phase, the stock …)."""
        return []

    def finished_round(self, game: Any) -> FinishedRound | None:
        """The last round (or hand of a match) that is over before the one in play: what
        the status line tells between two of them, while the next one waits. Default:
        ``None``, a game of one hand (the status line tells the game as it is)."""
        return None

    def trump_settled(self, game: Any) -> bool:
        """Whether trumps are decided (``game.trump`` is then the suit, or ``None`` for
        no trumps)."""
        return True

    def seat_badge(self, game: Any, seat: int) -> Badge | None:
        """A mark beside ``seat`` in the status line (out, a dog …), or ``None``."""
        return None

    def is_out(self, game: Any, seat: int) -> bool:
        """Whether ``seat`` is out of the game for good (knocked out) while others play
        on: the table then gives the student a moment of their own."""
        return False

    def hidden_cards(self, game: Any, seat: int) -> int:
        """How many of ``seat``'s own cards it may not see (Knock-Out's blind dog plays
        its one card face down); by default none."""
        return 0

    def analysis_hidden(self, game: Any) -> bool:
        """Whether no analysis is possible yet because chance is hidden from everyone
        (German Whist's stock before phase 2)."""
        return False

    def first_deal(self, record: dict[str, Any]) -> dict[str, Any]:
        """The record cut back to its first deal, before any action (to replay a
        loaded game from its start)."""
        return dict(record)


class StockUI:
    """A game with a stock that trick winners take from (the spec's ``stock``): its
    table shows what each hand took, a chart by phase and, once the hand is over,
    every card dealt (the engine's ``dealt_hands``, by hand) and taken. Mixed into the
    game's :class:`GameUI`; a game answers all three."""

    def stock_taken(self, game: Any, seat: int) -> list[StockTaken]:
        """What each hand took from the stock so far, as ``seat`` may know it: never a
        card ``seat`` has not seen. One entry per hand the table shows a row for, in
        order."""
        raise NotImplementedError

    def stock_took(self, game: Any) -> list[list[Card]]:
        """Every card each hand took from the stock, in the order taken, by the hand
        numbers of ``game.dealt_hands``: for the review once the hand is over, when
        every card may be shown."""
        raise NotImplementedError

    def phase_tricks(self, game: Any) -> list[PhaseTricks]:
        """The chart of tricks by phase, one row per player (or per side, where a side
        counts its tricks together)."""
        raise NotImplementedError


class MatchUI:
    """A game played in matches of several hands (the spec's ``matches``): its
    :meth:`GameUI.new_game` starts one, and these say where it stands."""

    def match_score(self, game: Any) -> MatchScore | None:
        """Where the match ``game`` stands, or ``None`` for a single hand."""
        raise NotImplementedError

    def finished_hand(self, game: Any) -> Any:
        """The game of the hand just over in a match of several hands (what its panels
        show between two hands, while the next one waits), or ``None``: a single
        hand, or none over yet."""
        raise NotImplementedError


class DummyUI:
    """A game with a hand no player holds, played by a seat (the spec's ``dummy``)."""

    def controlled_hand(self, game: Any, seat: int) -> int:
        """The hand whose cards ``seat`` plays now, by the number the table picture
        gives it (``data-seat``): the seat itself, or another hand the seat plays for
        (German Whist with a dummy: the dummy's, while its dealer plays it)."""
        raise NotImplementedError


class AuctionUI:
    """A game whose calls settle trumps or a contract (the spec's ``auction``): what
    its table says while they are not settled, and what a seat must do against the
    contract. The defaults say nothing of their own.

    >>> AuctionUI().trumps_pending(None), AuctionUI().target_text(None, 0)
    (False, '')
    """

    def trumps_text(self, game: Any) -> str | None:
        """Words for trumps while they are not named (solo whist: the preferred suit),
        or ``None`` for the widget's own."""
        return None

    def trumps_pending(self, game: Any) -> bool:
        """While no suit is named: whether one is still to come (else: no trumps)."""
        return False

    def target_text(self, game: Any, seat: int) -> str:
        """What ``seat`` must do against the contract, or its bid (``""`` if nothing)."""
        return ""

    def contract_text(self, game: Any) -> str:
        """The contract of the deal in play in the game's words (during the auction:
        the bid to beat, where the game tells one); ``""``: none to tell."""
        return ""

    def declarer(self, game: Any) -> int | None:
        """The seat whose contract the deal in play is played to, once the auction has
        settled one (``None``: none, or not yet)."""
        return None

    def laid_open(self, game: Any, seat: int) -> LaidOpen:
        """The cards ``seat`` may see beyond its hand: hands laid open, the kitty, its
        discards (:class:`LaidOpen`; by default none)."""
        return LaidOpen()


class DealUI(GameUI):
    """The status line of the table where games played deal after deal sit (a game
    whose spec declares ``partnerships`` or an ``auction``): its scores and what a
    finished deal or game comes to, in the game's own words.

    >>> DealUI().scores_label(None), DealUI().counts_books(None)
    ('', False)
    """

    def counts_books(self, game: Any) -> bool:
        """Whether the status counts books (``game.books(side)``) instead of tricks."""
        return False

    def scores_label(self, game: Any) -> str:
        """What ``game.scores`` are, in words."""
        return ""

    def scores_extra(self, game: Any) -> tuple[str, str] | None:
        """One more score for the status line: (label, value), or ``None``."""
        return None

    def deal_notes(self, game: Any, index: int) -> list[str]:
        """Sentences about a finished deal beyond the teaching layer's (honours held,
        the game won and its stake …)."""
        return []

    def outcome_text(self, game: Any) -> str | None:
        """Who won, in the game's own words, or ``None`` for the widget's."""
        return None


# ---------------------------------------------------------------- asking a concern
# The layers above ask a concern's question here: the spec's capability says whether
# the game has it, and only then is its mixin asked; otherwise the answer is what a
# game without it means (its own hand, no match, nothing taken from a stock).


def controlled_hand(game: Any, seat: int) -> int:
    """The hand ``seat`` plays from now: its own, or (a game with a dummy) the hand the
    game's :class:`DummyUI` names.

    >>> from kowhist_teach.core.registry import spec
    >>> controlled_hand(spec("knockout").new_game(players=3, seed=1), 2)
    2
    """
    game_spec = spec_of(game)
    return game_spec.ui.controlled_hand(game, seat) if game_spec.dummy else seat


def match_score(game: Any) -> MatchScore | None:
    """Where the match ``game`` stands; ``None`` for a game that plays no matches.

    >>> from kowhist_teach.core.registry import spec
    >>> match_score(spec("knockout").new_game(players=3, seed=1)) is None
    True
    """
    game_spec = spec_of(game)
    return game_spec.ui.match_score(game) if game_spec.matches else None


def finished_hand(game: Any) -> Any:
    """The hand of a match just over (its own game), or ``None``."""
    game_spec = spec_of(game)
    return game_spec.ui.finished_hand(game) if game_spec.matches else None


def stock_taken(game: Any, seat: int) -> list[StockTaken]:
    """What each hand took from the stock, as ``seat`` may know it (``[]``: no stock)."""
    game_spec = spec_of(game)
    return game_spec.ui.stock_taken(game, seat) if game_spec.stock else []


def stock_took(game: Any) -> list[list[Card]]:
    """Every card each hand took from the stock (``[]``: no stock)."""
    game_spec = spec_of(game)
    return game_spec.ui.stock_took(game) if game_spec.stock else []


def phase_tricks(game: Any) -> list[PhaseTricks]:
    """The chart of tricks by phase (``[]``: a game without a stock's two phases)."""
    game_spec = spec_of(game)
    return game_spec.ui.phase_tricks(game) if game_spec.stock else []


def trumps_pending(game: Any) -> bool:
    """While no suit is named: whether the auction is still to name one."""
    game_spec = spec_of(game)
    return game_spec.ui.trumps_pending(game) if game_spec.auction else False


def trumps_text(game: Any) -> str | None:
    """The auction's words for trumps not named yet, or ``None``."""
    game_spec = spec_of(game)
    return game_spec.ui.trumps_text(game) if game_spec.auction else None


def target_text(game: Any, seat: int) -> str:
    """What ``seat`` must do against the contract or its bid (``""``: nothing)."""
    game_spec = spec_of(game)
    return game_spec.ui.target_text(game, seat) if game_spec.auction else ""


def contract_text(game: Any) -> str:
    """The contract of the deal in play, in the words of a game with an ``auction``
    (its :class:`AuctionUI`); ``""`` for any other game.

    >>> from kowhist_teach.core.registry import spec
    >>> contract_text(spec("knockout").new_game(players=3, seed=1))
    ''
    """
    game_spec = spec_of(game)
    return game_spec.ui.contract_text(game) if game_spec.auction else ""


def declarer(game: Any) -> int | None:
    """The declarer of the deal in play (a game with an ``auction`` whose calls settle
    a contract), else ``None``.

    >>> from kowhist_teach.core.registry import spec
    >>> declarer(spec("knockout").new_game(players=3, seed=1)) is None
    True
    """
    game_spec = spec_of(game)
    return game_spec.ui.declarer(game) if game_spec.auction else None


def laid_open(game: Any, seat: int) -> LaidOpen:
    """The cards ``seat`` may see beyond its hand (a game with an ``auction``: hands
    laid open, the kitty, its discards); none for any other game.

    >>> from kowhist_teach.core.registry import spec
    >>> laid_open(spec("knockout").new_game(players=3, seed=1), 0)
    LaidOpen(hands={}, kitty=None, discards=None)
    """
    game_spec = spec_of(game)
    return game_spec.ui.laid_open(game, seat) if game_spec.auction else LaidOpen()
