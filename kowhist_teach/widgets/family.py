"""The whist family at the table: partnership whist, solo whist and bid whist against
three bots, to play by clicking.

You sit South (seat 0); the bots sit West (1), North (2) and East (3). In the
partnership games North is your partner. The widget holds no rule: it asks the game
(``legal_moves``, ``why_illegal``, ``play``, ``undo``), the teaching layer
(:mod:`kowhist_teach.teach.explain`) and the bots for everything, and shows the answers with
the CSS hooks of DESIGN §6 (``kw-card`` with ``kw-legal`` or ``kw-illegal``,
``kw-trick``, ``kw-explain``, ``kw-hint``, ``kw-undo``, ``kw-new-deal``, ``kw-status``;
bids, passes and trump choices as ``kw-call`` buttons).

>>> table = FamilyTableWidget('whist', seed=1)
>>> table.game.to_move
0
>>> legal = [b for b in table.hand.buttons if 'kw-legal' in b._dom_classes]
>>> legal[0].click()
>>> len(table.game.hand(0))
12
"""

from __future__ import annotations

import dataclasses
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.errors import SetupError
from ..core.moves import Call, Move
from ..games.family.bidwhist.engine import HIGH, NOTRUMP, BidWhistGame, BidWhistView, bid_parts
from ..games.family.engine import SEATS, FamilyGame, FamilyPhase
from ..games.family.solo.engine import SoloGame
from ..games.family.whist.engine import WhistGame, honours_held, single_stake_from
from ..i18n import _
from ..pictures.svg import call_words, hand_svg, table_svg, trick_svg
from ..teach.bots import make_bot
from ..teach.explain import explain_deal, suit_name
from ..teach.story import trick_line
from ..teach.tips import tips_for
from ._common import Guard, big_button, esc, sentence, set_classes, style_widget, tag
from .faces import TEXT_FORM, CallFace, call_faces, lines_html, move_words, trumps_html
from .model import TableModel
from .table import TableView

__all__ = [
    "FAMILY_GAMES",
    "FamilyModel",
    "FamilySetup",
    "FamilyTableWidget",
    "available_family_games",
    "call_label",
    "deal_summary",
    "family_call_faces",
    "family_game_class",
    "family_game_title",
    "family_status_html",
    "outcome_text",
]

_log = logging.getLogger(__name__)

#: The games of the family a table can hold, by their record name.
FAMILY_GAMES: dict[str, type[FamilyGame]] = {
    "whist": WhistGame,
    "solo": SoloGame,
    "bidwhist": BidWhistGame,
}

#: The student's seat: South.
HUMAN = 0

_BID, _TRUMP, _DISCARD, _PLAY = (
    FamilyPhase.BID,
    FamilyPhase.TRUMP,
    FamilyPhase.DISCARD,
    FamilyPhase.PLAY,
)

# The family's own classes; the DESIGN §6 hooks come from the shared style sheet.
_FAMILY_CSS = """
.kw-family .kw-deal-summary { background: #eef6f0; border: 2px solid #17613a;
  border-left-width: 8px; border-radius: 8px; padding: 4px 14px; }
.kw-family .kw-deal-summary .widget-html-content { font-size: 18px; line-height: 1.4; }
.kw-family .kw-last-trick svg { max-width: 360px; height: auto; }
.kw-family .kw-status .kw-contract { color: #ffd54f; }
.kw-family .kw-open-hands svg { max-width: 100%; height: auto; }
"""


# ------------------------------------------------------------------ the games
def family_game_class(kind: str) -> type[FamilyGame]:
    """The engine class of a family game, by its record name; :class:`SetupError` for
    an unknown game.

    >>> family_game_class('whist').__name__
    'WhistGame'
    """
    if kind not in FAMILY_GAMES:
        raise SetupError(
            _("unknown game {kind!r}: choose from {known}").format(
                kind=kind, known=", ".join(FAMILY_GAMES)
            )
        )
    return FAMILY_GAMES[kind]


def available_family_games() -> list[str]:
    """The family games a table can hold, in the order of :data:`FAMILY_GAMES`.

    >>> available_family_games()
    ['whist', 'solo', 'bidwhist']
    """
    return list(FAMILY_GAMES)


def family_game_title(kind: str) -> str:
    """The game's name for people, in the chosen language.

    >>> family_game_title('whist')
    'Partnership whist'
    """
    return _(family_game_class(kind).title)


def _seat_names(by_partnership: bool) -> list[str]:
    """South (the student), West, North, East in the chosen language."""
    north = _("North (partner)") if by_partnership else _("North")
    return [_("South (you)"), _("West"), north, _("East")]


# ------------------------------------------------------------------ words for moves
def call_label(move: Call) -> str:
    """The words on a call's button: a bid, a pass, a trump suit, high or low.

    >>> from kowhist_teach.core.moves import PASS, TRUMP_CALLS
    >>> call_label(PASS), call_label(TRUMP_CALLS[1]).replace(TEXT_FORM, '')
    ('Pass', '♥ hearts')
    """
    if move.is_trump and move.suit is not None:
        return f"{move.suit.symbol}{TEXT_FORM} {suit_name(move.suit)}"
    known = {
        "pass": _("Pass"),
        "prop": _("Prop (ask for a partner)"),
        "cop": _("Cop (accept the prop)"),
        "solo": _("Solo (5 tricks)"),
        "misere": _("Misère (no trick)"),
        "abundance": _("Abundance (9 tricks)"),
        "royal-abundance": _("Royal abundance (9, preferred trumps)"),
        "misere-ouverte": _("Misère ouverte (open hand)"),
        "slam": _("Slam (13 tricks)"),
        "high": _("High (uptown: ace high)"),
        "low": _("Low (downtown: ace, 2, 3 high)"),
    }
    # A bid whist bid in the words of the table picture's bidding box.
    return known.get(move.code) or call_words(move, "bidwhist")


def _contract(game: Any) -> str:
    """The contract in one sentence, in the engine's words (solo whist and bid whist;
    partnership whist has none)."""
    words = getattr(game, "contract_text", None)
    return sentence(words()) if words is not None and game.log is not None else ""


# ------------------------------------------------------------------ the model
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
    ) -> None:
        super().__init__()
        self.kind = kind
        self.game_class = family_game_class(kind)
        self.human = HUMAN
        self.rules = rules
        self.bot_names = list(bots or ["rules"] * 3)[:3]
        self.bot_names += ["rules"] * (3 - len(self.bot_names))
        self.bot_options = dict(bot_options or {})
        self._seeds = random.Random(seed)
        self.seed: int = 0
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
        names = _seat_names(cls.by_partnership)
        return cls(rules if rules is not None else self.rules, seed=seed, players=names)

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
        self.between_deals = False
        self._make_bots(seed)
        self._story()
        lines = [self._deal_text()]
        self._run_bots(lines)
        self.lines = [x for x in lines if x]
        self._bump()

    def new_deal(self) -> None:
        """Start again: a new game (or rubber, or drive) with the same rules and new
        cards; the scores go back to 0. (:meth:`next_deal` goes on to the next deal of
        the game in progress.)"""
        self.new_game()

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
        keep = list(self.lines) if self.game.phase is _DISCARD else []
        self._story()
        lines: list[str] = []
        try:
            self._tell(move, lines)
            self._run_bots(lines)
        finally:
            self.lines = keep + [x for x in lines if x]
            self._bump()

    def _between_text(self) -> str:
        done = self.finished_deals[-1] if self.finished_deals else len(self.game.deals) - 1
        return sentence(
            _("Deal {n} is over: read its summary, then click “Next deal”").format(n=done)
        )

    def _undone(self) -> None:
        self.between_deals = False

    def _run_bots(self, lines: list[str]) -> None:
        """The bots move until it is the student's turn or the game is over; what
        happened is added to ``lines``."""
        game = self.game
        while (
            not self.between_deals
            and not game.is_over()
            and game.to_move is not None
            and game.to_move != self.human
        ):
            if self.pause is not None:
                self.pause()
            seat = game.to_move
            move, problem = self._choose(self._bots[seat], game)
            if problem:
                lines.append(
                    sentence(
                        _("{name}'s bot went wrong ({problem}): it plays {move} instead").format(
                            name=game.names[seat], problem=problem, move=_move_words(move)
                        )
                    )
                )
            self._tell(move, lines)

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
        return view.kitty if isinstance(view, BidWhistView) else None

    def _tell(self, move: Move, story: list[str]) -> None:
        """Make ``move`` and add to ``story`` what it led to."""
        game = self.game
        seat = game.to_move
        phase = game.phase
        deals = len(game.deals)
        log = game.log
        trick = game.trick
        kitty_seen = self._kitty() is not None
        game.play(move)
        lines: list[str] = []
        name = game.names[seat]
        if phase is _BID or phase is _TRUMP:
            if move.is_pass:
                text = _("{name} passes").format(name=name)
            elif move.is_trump and phase is _TRUMP:
                text = _("{name} names {what}").format(name=name, what=call_label(move))
            else:
                text = _("{name} calls {what}").format(name=name, what=call_label(move))
            lines.append(sentence(text))
        elif phase is _DISCARD and game.phase is not _DISCARD and seat != self.human:
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
            and phase is not _PLAY
            and game.phase is _PLAY
            and log.declarer is not None
        ):
            lines.append(_contract(game))  # the auction is over: what is to be made
        if phase is _PLAY and trick is not None and (game.trick is not trick or trick_done(trick)):
            lines.append(trick_line(game, trick, log.tricks.index(trick) + 1))
        if len(game.deals) > deals or log.points is not None:
            if log.points is not None and log.number not in self.finished_deals:
                self.finished_deals.append(log.number)
                lines.extend(deal_summary(game, log.number - 1))
            if len(game.deals) > deals and not game.is_over():
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
        if game.phase is _PLAY and game.trump is not None:
            text += "; " + _("trumps: {suit}").format(suit=suit_name(game.trump))
        elif game.phase is _PLAY and log.declarer is None:
            text += "; " + _("no trumps")
        return sentence(text)

    def hint(self) -> list[str]:
        """On request: the move the rules bot would make for the student, and why, then
        the strategy tips that apply."""
        game = self.game
        if self.between_deals and not game.is_over():
            return [self._between_text()]
        if game.is_over() or game.to_move != self.human:
            return [_("Hints are for your turn.")]
        move, problem = self._choose(make_bot("rules", self.seed), game.clone())
        if problem:
            text = _("The rules bot went wrong ({problem}), so it has no hint for you")
            lines = [sentence(text.format(problem=problem))]
            others = game.legal_moves()
        else:
            text = _("The rules bot would play {move}: {reason}")
            lines = [sentence(text.format(move=_move_words(move), reason=self.reason(move)))]
            others = [m for m in game.legal_moves() if m != move]
        if others:
            lines.append(
                sentence(
                    _("Other moves open to you: {moves}").format(
                        moves=", ".join(_move_words(m) for m in others)
                    )
                )
            )
        # The strategy tips that apply now (the teaching layer decides which).
        lines.extend(t.text for t in tips_for(game))
        return lines

    # -------------------------------------------------------------- languages
    def relabel(self) -> None:
        """After a language change: the seat names in the new language (the game is
        replayed move for move, so nothing else changes), and what happened since the
        student last acted told again, in the new language."""
        moves = list(self.game.moves)
        between, pause = self.between_deals, self.pause
        self.pause = None  # no redrawing while the game is replayed
        self.game = self._fresh(self.seed, self.game.rules)
        try:
            self.between_deals = False
            story = [self._deal_text()]
            for move in moves:
                if self.game.to_move == self.human and self.game.phase is not _DISCARD:
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


def _move_words(move: Move) -> str:
    return move_words(move, call_label)


def trick_done(trick: Any) -> bool:
    """Whether every seat has played to ``trick``."""
    return len(trick.plays) == SEATS


def _side_name(side: int) -> str:
    """A partnership by compass points, as the table picture names it (the student,
    seat 0, sits South)."""
    return _("North–South") if side == 0 else _("East–West")


def _short(name: str) -> str:
    # "South (you)" -> "South": the side's name reads better without the notes.
    return name.split(" (")[0]


def _score_owners(game: Any) -> list[str]:
    if game.by_partnership:
        return [_side_name(side) for side in (0, 1)]
    return list(game.names)


def _whist_classic(game: Any) -> bool:
    """Partnership whist played for games and a rubber (not a drive)."""
    return game.game_name == "whist" and not game.rules.drive


def _whist_lines(game: Any, index: int) -> list[str]:
    """Partnership whist, after a deal: the honours each side held, and the game in
    progress, or the game won, its stake and why (and the rubber)."""
    log = game.deals[index]
    rules = game.rules
    goal = rules.game_points
    lines = []
    if rules.honours and log.trump is not None:
        held = honours_held(log.hands, log.trump)
        lines.append(
            sentence(
                _("Honours (trump A K Q J) held: {a} {x}, {b} {y}").format(
                    a=_side_name(0), x=held[0], b=_side_name(1), y=held[1]
                )
            )
        )
    points = log.game_points
    if points is None:
        return lines
    if log.game_won is None:
        lines.append(
            sentence(
                _("This game (to {n}): {a} {x}, {b} {y}").format(
                    n=goal, a=_side_name(0), x=points[0], b=_side_name(1), y=points[1]
                )
            )
        )
        return lines
    side, won = log.game_won
    lost = points[1 - side]
    names = {1: _("single"), 2: _("double"), 3: _("treble")}
    lines.append(
        sentence(
            _("{winner} win the game: {stake}, {n} game points").format(
                winner=_side_name(side), stake=names.get(won, str(won)), n=won
            )
        )
    )
    lines.append(
        sentence(
            _(
                "{loser} had {p} points: single if the losers have {k} or more, "
                "double if 1 or more, treble if none"
            ).format(loser=_side_name(1 - side), p=lost, k=single_stake_from(goal))
        )
    )
    if log.rubber_won:
        lines.append(sentence(_("{winner} win the rubber").format(winner=_side_name(side))))
    return lines


def _scores_label(game: Any) -> str:
    """What the game's ``scores`` are: game points (whist), tricks (a whist drive),
    points (solo whist, bid whist)."""
    if game.game_name == "whist":
        if game.rules.drive:
            return _("Tricks so far")
        return _("Game points (rubber)") if game.rules.rubber else _("Game points")
    return _("Scores")


def deal_summary(game: Any, index: int) -> list[str]:
    """What a finished deal came to, in the teaching layer's words
    (:func:`~kowhist_teach.teach.explain.explain_deal`), then (partnership whist) the honours
    held and the game in progress or won, and the scores after it.

    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> g = WhistGame(seed=4)
    >>> while len(g.deals) < 2:
    ...     g.play(g.legal_moves()[0])
    >>> lines = deal_summary(g, 0)
    >>> lines[0], lines[-1].startswith('Game points (rubber): ')
    ('Deal 1 is over.', True)
    """
    log = game.deals[index]
    scores = ", ".join(f"{o} {p}" for o, p in zip(_score_owners(game), game.scores, strict=True))
    extra = _whist_lines(game, index) if _whist_classic(game) else []
    return [
        sentence(_("Deal {n} is over").format(n=log.number)),
        *explain_deal(game, log),
        *extra,
        sentence(_("{label}: {list}").format(label=_scores_label(game), list=scores)),
    ]


def outcome_text(game: Any) -> str:
    """Who won the game (and, in bid whist, how); ``""`` while it goes on.

    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> outcome_text(WhistGame(seed=1))
    ''
    """
    out = game.outcome()
    if out is None:
        return ""
    if out.winner is None:
        return sentence(_("The game is over: a tie"))
    who = _side_name(out.winner) if out.by_partnership else game.names[out.winner]
    if isinstance(game, BidWhistGame):
        target = game.rules.target
        loser = 1 - out.winner
        if game.scores[loser] <= -target:
            return sentence(
                _("The game is over: {loser} reached −{n}, so {who} win").format(
                    loser=_side_name(loser), n=target, who=who
                )
            )
        return sentence(_("The game is over: {who} reached {n} and win").format(who=who, n=target))
    return sentence(_("The game is over: {who} won").format(who=who))


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
    return call_faces(model.game, model.human, four_colour, label=call_label)


def _turn_text(game: Any, seat: int) -> str:
    who = game.to_move
    if who is None:
        return _("Dealing")
    if who != seat:
        return _("{name} to move").format(name=game.names[who])
    phase = game.phase
    if phase is _BID:
        return _("Your turn: bid or pass")
    if phase is _TRUMP and HIGH in game.legal_moves():
        return _("Your turn: choose high or low")  # bid whist, after a no-trump bid
    if phase is _TRUMP:
        return _("Your turn: name trumps")
    if phase is _DISCARD:
        left = len(game.hand(seat)) - game.tricks_per_deal()
        return _("Your turn: discard {n} more cards").format(n=left)
    trick = game.trick
    if trick is None or not trick.plays:
        return _("Your turn: you lead")
    return _("Your turn: play a card")


def _no_trump_contract(game: Any) -> bool:
    """Bid whist: the contract is a no-trump bid (high or low, no suit to name)."""
    log = game.log
    if not isinstance(game, BidWhistGame) or log is None or log.contract is None:
        return False
    return bid_parts(log.contract)[1] == NOTRUMP


def _trumps_part(game: Any) -> str:
    """Trumps as the status shows them: the suit as soon as it is named (the last
    deal's at the end), no trumps once that is decided, the preferred suit of solo
    whist during its auction."""
    log = game.log
    phase = game.phase
    trump = game.trump
    if trump is None and phase is FamilyPhase.OVER and log is not None:
        trump = log.trump
    if trump is not None:
        return trumps_html(trump)
    if phase is _BID or (phase is _TRUMP and not _no_trump_contract(game)):
        card = log.extra.get("trump_card") if log is not None else None
        if isinstance(game, SoloGame) and card is not None and phase is _BID:
            return esc(
                _("Preferred suit: {suit} (the turned-up {card})").format(
                    suit=suit_name(card.suit), card=card.label
                )
            )
        return esc(_("Trumps: not named yet"))
    return esc(_("No trumps"))


def _defenders_text(game: Any, seat: int) -> str:
    """Solo whist: what the student must do against a contract of the others."""
    if not isinstance(game, SoloGame) or game.phase is not _PLAY or game.log is None:
        return ""
    needed = game.tricks_needed()
    side = game.declarer_side()
    if needed is None or not side or seat in side:
        return ""
    if needed == 0:
        return _("The declarer must take no trick: you beat the misère by making them take one")
    beat = game.tricks_per_deal() - needed + 1
    return _("The declarer needs {n} tricks: you beat it with {k}").format(n=needed, k=beat)


def family_status_html(game: Any, seat: int = HUMAN, waiting: str = "") -> str:
    """The status line: game and deal, dealer, trumps, contract, whose turn (or
    ``waiting``, between deals), tricks (by side or by player, books in bid whist) and
    scores (game points and this game's points in partnership whist).

    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> s = family_status_html(WhistGame(seed=1))
    >>> 'Deal 1' in s and 'Trumps' in s and 'Game points (rubber)' in s
    True
    """
    log = game.log
    names = game.names
    parts = [esc(_(game.title))]
    if log is not None:
        deal = _("Deal {n}").format(n=log.number)
        parts.append(f'<span class="kw-deal-number">{esc(deal)}</span>')
        parts.append(esc(_("Dealer: {name}").format(name=_short(names[log.dealer]))))
    parts.append(_trumps_part(game))
    contract = _contract(game)
    if contract:
        parts.append(f'<span class="kw-contract">{esc(contract)}</span>')
    defend = _defenders_text(game, seat)
    if defend:
        parts.append(f'<span class="kw-target">{esc(sentence(defend))}</span>')
    top = " · ".join(parts)
    if game.is_over():
        lead = f'<span class="kw-outcome">{esc(outcome_text(game))}</span>'
    elif waiting:
        lead = f'<span class="kw-turn kw-between-deals">{esc(waiting)}</span>'
    else:
        lead = f'<span class="kw-turn">{esc(_turn_text(game, seat))}</span>'
    books = isinstance(game, BidWhistGame)
    if books:  # the kitty book counts for the declaring side from the discard on
        counts = [(_side_name(s), game.books(s), s == seat % 2) for s in (0, 1)]
    elif game.by_partnership:
        won = game.tricks_won
        counts = [(_side_name(s), won[s] + won[s + 2], s == seat % 2) for s in (0, 1)]
    else:
        won = game.tricks_won
        counts = [(_short(names[s]), won[s], s == seat) for s in range(SEATS)]
    mine = ' class="kw-me"'
    tricks = " · ".join(
        f"<span{mine if me else ''}>{esc(who)}: <b>{n}</b></span>" for who, n, me in counts
    )
    owners = _score_owners(game)
    scores = " · ".join(f"{esc(o)}: <b>{p}</b>" for o, p in zip(owners, game.scores, strict=True))
    if _whist_classic(game):
        this_game = _("This game (to {n})").format(n=game.rules.game_points)
        scores += f" · {esc(this_game)}: <b>{game.points[0]}–{game.points[1]}</b>"
    heading = _("Books") if books else _("Tricks")
    return (
        f'<div class="kw-status-top">{top} — {lead}</div>'
        f'<div class="kw-status-tricks">{esc(heading)}: {tricks}</div>'
        f'<div class="kw-status-scores">{esc(_scores_label(game))}: {scores}</div>'
    )


# ------------------------------------------------------------------ the setup
def _option_labels() -> dict[str, tuple[str, str]]:
    """Rule options shown in the setup: a label and what it does."""
    return {
        "game_points": (_("Points for game"), _("5: British short whist; 7: American")),
        "honours": (_("Honours count"), _("Three or four of A K Q J of trumps score 2 or 4")),
        "rubber": (_("Play a rubber"), _("The best of three games")),
        "drive": (_("Whist drive"), _("Trumps rotate; every trick counts; no honours")),
        "deals": (_("Deals in a game"), _("Everybody deals equally often")),
        "overtricks": (_("Pay over- and undertricks"), _("An extra stake per trick over or short")),
        "min_bid": (_("Lowest bid"), _("3: nine books; 4: ten books")),
        "sport_kitty": (
            _("Show the kitty"),
            _("In a trump contract the declarer shows the kitty to everybody"),
        ),
        "target": (_("Points for game"), _("A side reaching this many wins")),
    }


#: The options each game's setup shows (the others keep their values), with the
#: choices of the options that are not true or false.
_SETUP_OPTIONS: dict[str, dict[str, tuple[int, ...]]] = {
    "whist": {"game_points": (5, 7), "honours": (), "rubber": (), "drive": ()},
    "solo": {"deals": (4, 8, 12), "overtricks": ()},
    "bidwhist": {"min_bid": (3, 4), "target": (7, 11, 21), "sport_kitty": ()},
}


class FamilySetup(w.VBox):
    """A small setup: the rule options that matter most, and a "new game" button
    (``kw-new-game``). ``on_start(rules)`` gets the rules chosen; the engine checks them.

    >>> chosen = []
    >>> setup = FamilySetup('whist', None, chosen.append, Guard(print))
    >>> setup.options['game_points'].value = 7
    >>> setup.start.click()
    >>> chosen[0].game_points, chosen[0].honours
    (7, True)
    """

    def __init__(
        self,
        kind: str,
        rules: Any,
        on_start: Callable[[Any], None],
        guard: Guard,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-setup", "kw-family-setup")
        self.kind = kind
        self.on_start = on_start
        self.guard = guard
        self.rules_class = family_game_class(kind).rules_class
        rules = rules if rules is not None else self.rules_class()
        self.base = rules
        fields = {f.name for f in dataclasses.fields(self.rules_class)}
        self.options: dict[str, w.Widget] = {}
        for name, choices in _SETUP_OPTIONS.get(kind, {}).items():
            if name not in fields:
                continue
            value = getattr(rules, name)
            if isinstance(value, bool):
                widget: w.Widget = w.Checkbox(value=value, indent=False)
            else:
                options = [(str(c), c) for c in sorted({*choices, value})]
                widget = w.Dropdown(options=options, value=value)
            set_classes(widget, "kw-option", f"kw-option-{name.replace('_', '-')}")
            widget.layout.width = "auto"
            self.options[name] = widget
        self.start = big_button("", "kw-new-game")
        self.start.on_click(self.guard.wrap(lambda _b: self._start()))
        self.children = (*self.options.values(), self.start)
        self.relabel()

    def relabel(self) -> None:
        """Every label in the chosen language."""
        labels = _option_labels()
        for name, widget in self.options.items():
            label, tip = labels.get(name, (name.replace("_", " ").capitalize(), ""))
            widget.description = label
            widget.tooltip = tip
            widget.style.description_width = "initial"
        self.start.description = _("Start a new game with these rules")
        self.start.tooltip = self.start.description

    def rules(self) -> Any:
        """The rules chosen (options not shown keep their values)."""
        values = {name: widget.value for name, widget in self.options.items()}
        return dataclasses.replace(self.base, **values)

    def _start(self) -> None:
        self.on_start(self.rules())


# ------------------------------------------------------------------ the table
class FamilyTableWidget(TableView):
    """A game of the whist family against three bots: you are South (seat 0).

    ``game`` is ``"whist"`` (partnership whist or a whist drive), ``"solo"`` or
    ``"bidwhist"``; ``rules`` the game's rules object; ``bots`` the bot of each other
    seat (``rules`` by default); ``seed`` makes the deals and the bots repeatable.
    ``step_delay`` (seconds) pauses after each move while bots play, so that each card
    can be seen arriving on the table.

    What it shows: the status line (``kw-status``), the trick on the table (its cards
    ``kw-trick``), the calls open to you (``kw-call``), your hand (``kw-card``), what
    happened (``kw-explain``), the last deal's summary (``kw-deal-summary``), and the
    tools: hint (``kw-hint``), undo (``kw-undo``), new deal (``kw-new-deal``), the
    language and a small setup with "new game" (``kw-new-game``).

    >>> table = FamilyTableWidget('solo', seed=6)
    >>> 'Your turn: bid or pass' in table.status.value
    True
    >>> table.calls.buttons[0].description, table.calls.buttons[0]._dom_classes[:2]
    ('Pass', ('kw-call', 'kw-call-legal'))
    """

    def __init__(
        self,
        game: str = "whist",
        rules: Any = None,
        seed: int | None = None,
        bots: list[str] | None = None,
        *,
        four_colour: bool = False,
        table_width: int = 760,
        language_selector: bool = True,
        bot_options: dict[str, Any] | None = None,
        step_delay: float = 0.0,
    ) -> None:
        super().__init__()
        self.kind = game
        set_classes(self, "kw-root", "kw-table-widget", "kw-family", f"kw-{game}")
        self.model = FamilyModel(game, rules, seed, bots, bot_options=bot_options)
        self._build(four_colour, language_selector)
        self.four_colour = four_colour
        self.table_width = table_width
        self.step_delay = step_delay
        self.summary = w.HTML()
        set_classes(self.summary, "kw-deal-summary")
        self.last_trick = w.HTML()
        set_classes(self.last_trick, "kw-last-trick")
        self.open_hands = w.HTML()
        set_classes(self.open_hands, "kw-open-hands")
        self.setup = FamilySetup(game, rules, self._new_game, self.guard)
        self.setup_box = self._setup_box()
        if step_delay > 0:
            self.model.pause = self._pause
        self.next_button = big_button("", "kw-next-deal")
        self.next_button.button_style = "primary"
        self.next_button.on_click(self.guard.wrap(lambda _b: self._next_deal()))
        tools = w.HBox(
            [self.hint_button, self.undo_button, self.new_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        # What the student acts on comes first (the calls, the hand, or "Next deal"
        # between deals), right under the status line: see TableView._action_row.
        self.children = (
            style_widget(),
            style_widget(_FAMILY_CSS),
            self.status,
            self._action_row([self.calls, self.next_button, self.hand]),
            self._columns(
                table_width,
                [self.picture, self.open_hands],
                [tools, self.side_title, self.explain, self.summary, self.last_trick],
            ),
            self.language,
            self.setup_box,
            self.guard.debug,
        )
        self.relabel()
        self.render()

    # ---------------------------------------------------------------- actions
    def _next_deal(self) -> None:
        self._hint = None
        self.model.next_deal()

    def _new_game(self, rules: Any) -> None:
        self._hint = None
        self.model.new_game(rules=rules)
        self.setup.base = self.model.game.rules
        self.setup_box.selected_index = None

    def _pause(self) -> None:
        # The view is redrawn after each move; a short wait lets each card be seen
        # landing, and a longer one the whole trick before the next is led.
        trick = self.model.game.trick
        trick_over = trick is None or not trick.plays
        time.sleep(self.step_delay * (3 if trick_over else 1))

    # ----------------------------------------------------------------- drawing
    def _hint_tooltip(self) -> str:
        return _("The move the rules bot would make, and why")

    def relabel(self) -> None:
        """The fixed texts (buttons, headings) in the chosen language."""
        super().relabel()
        # "kw-new-deal" starts the game (or rubber) again: its words say so.
        self.new_button.description = _("Restart: new game")
        self.new_button.tooltip = _(
            "Start again from the first deal with new cards: the scores go back to 0"
        )
        self.next_button.description = _("Next deal")
        self.next_button.tooltip = _("The deal is over: deal the next one and play on")
        self.setup_box.set_title(0, _("Game setup: rules"))

    def render(self) -> None:
        """Draw everything from the model."""
        model = self.model
        game = model.game
        seat = model.human
        self.status.value = family_status_html(
            game, seat, model._between_text() if model.between_deals else ""
        )
        self.picture.value = table_svg(
            game,
            seat=seat,
            show_all=game.is_over(),
            four_colour=self.four_colour,
            width=self.table_width,
        )
        between = model.between_deals and not game.is_over()
        self.hand.show(game, seat)
        self.hand.layout.display = "none" if between else ""
        self.next_button.layout.display = "" if between else "none"
        self.calls.update(family_call_faces(model, self.four_colour))
        discarding = game.to_move == seat and game.phase is _DISCARD and not between
        self.explain.value = self._explain_html(
            tag("i", _turn_text(game, seat)) if discarding else ""
        )
        for box, html in (
            (self.summary, self._summary_html()),
            (self.last_trick, self._last_trick_html()),
            (self.open_hands, self._open_hands_html()),
        ):
            box.value = html
            box.layout.display = "" if html else "none"  # no empty frame

    def _placeholder(self) -> str:
        return _("Click a card to play it, or a call to make it.")

    def _hint_html(self, hint: list[str]) -> str:
        return tag("h4", _("Hint")) + lines_html(hint)

    def _summary_html(self) -> str:
        game = self.model.game
        done = [i for i, log in enumerate(game.deals) if log.points is not None]
        if not done:
            return ""
        return tag("h4", _("The last deal")) + lines_html(deal_summary(game, done[-1]))

    def _last_trick_html(self) -> str:
        # While the next trick is being played, the one before stays in view here (the
        # table itself shows the last trick until the next one is led).
        game = self.model.game
        trick = game.trick
        if trick is None or not trick.plays or trick_done(trick):
            return ""
        # This deal's tricks only: after a new deal, the last deal's trick is gone.
        done = [t for t in game.log.tricks if trick_done(t)]
        if not done:
            return ""
        picture = trick_svg(
            done[-1],
            game.names,
            viewer=self.model.human,
            size=56,
            four_colour=self.four_colour,
            finished=True,
        )
        return tag("h4", _("Last trick")) + picture

    def _open_hands_html(self) -> str:
        """Cards the student may see beyond their hand: a hand laid open (misère
        ouverte), the kitty once shown or taken, the student's own discards."""
        game = self.model.game
        view = game.view(self.model.human)
        rows = [
            (_("{name}'s hand lies open").format(name=_short(game.names[seat])), cards)
            for seat, cards in sorted(view.open_hands.items())
        ]
        if isinstance(view, BidWhistView):
            rows.append((_("The kitty"), view.kitty))
            rows.append((_("Your discards (the kitty book)"), view.discards))
        return "".join(
            f"<div>{tag('b', title)}<br>"
            f"{hand_svg(cards, size=46, four_colour=self.four_colour)}</div>"
            for title, cards in rows
            if cards
        )
