"""The whist family at the table: partnership whist, solo whist and bid whist against
three bots, to play by clicking.

You sit South (seat 0); the bots sit West (1), North (2) and East (3). In the
partnership games North is your partner. The widget holds no rule: it asks the game
(``legal_moves``, ``why_illegal``, ``play``, ``undo``), the teaching layer
(:func:`kowhist_teach.explain.explain_moves`) and the bots for everything, and shows
the answers with the CSS hooks of DESIGN §6 (``kw-card`` with ``kw-legal`` or
``kw-illegal``, ``kw-trick``, ``kw-explain``, ``kw-hint``, ``kw-undo``, ``kw-new-deal``,
``kw-status``; bids, passes and trump choices as ``kw-call`` buttons).

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
import importlib
import random
import re
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import traitlets

from ..cards import Card
from ..errors import IllegalMove, SetupError
from ..explain import explain_moves, explain_trick, suit_name
from ..family import FamilyGame, FamilyPhase
from ..i18n import LANGUAGES, _, get_language, set_language
from ..moves import Call, Move, parse_move
from ..render import card_name, hand_svg, suit_colour, table_svg, trick_svg
from ._common import Guard, big_button, esc, set_classes, style_widget, tag
from .faces import TEXT_FORM, CallFace, CardFace, lines_html
from .table import LANGUAGE_NAMES
from .views import CallBar, HandView

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
    "family_hand_faces",
    "family_status_html",
    "family_table_html",
    "make_family_bot",
    "outcome_text",
    "trick_line",
]

#: The games of the family a table can hold: kind -> (module, class).
FAMILY_GAMES: dict[str, tuple[str, str]] = {
    "whist": ("kowhist_teach.whist", "WhistGame"),
    "solo": ("kowhist_teach.solo", "SoloGame"),
    "bidwhist": ("kowhist_teach.bidwhist", "BidWhistGame"),
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
.kw-family .kw-last-trick svg { max-width: 300px; height: auto; }
.kw-family .kw-status .kw-contract { color: #ffd54f; }
.kw-family .kw-open-hands svg { max-width: 100%; height: auto; }
"""


# ------------------------------------------------------------------ the games
def family_game_class(kind: str) -> type[FamilyGame]:
    """The engine class of a family game, by its record name.

    Raises :class:`SetupError` for an unknown game or one not installed.

    >>> family_game_class('whist').__name__
    'WhistGame'
    """
    if kind not in FAMILY_GAMES:
        raise SetupError(
            _("unknown game {kind!r}: choose from {known}").format(
                kind=kind, known=", ".join(FAMILY_GAMES)
            )
        )
    module, name = FAMILY_GAMES[kind]
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise SetupError(_("{kind} is not available in this version").format(kind=kind)) from None


def available_family_games() -> list[str]:
    """The family games this installation can play, in the order of :data:`FAMILY_GAMES`.

    >>> 'whist' in available_family_games()
    True
    """
    out = []
    for kind in FAMILY_GAMES:
        try:
            family_game_class(kind)
        except SetupError:
            continue
        out.append(kind)
    return out


def family_game_title(kind: str) -> str:
    """The game's name for people, in the chosen language.

    >>> family_game_title('whist')
    'Partnership whist'
    """
    return {
        "whist": _("Partnership whist"),
        "solo": _("Solo whist"),
        "bidwhist": _("Bid whist"),
    }.get(kind, kind)


def _seat_names(by_partnership: bool) -> list[str]:
    """South (the student), West, North, East in the chosen language."""
    north = _("North (partner)") if by_partnership else _("North")
    return [_("South (you)"), _("West"), north, _("East")]


# ------------------------------------------------------------------ words for moves
_BID_WHIST_BID = re.compile(r"([1-9])(L|NT)?")


def call_label(move: Move) -> str:
    """The words on a call's button: a bid, a pass, a trump suit, high or low.

    >>> from kowhist_teach.moves import PASS, TRUMP_CALLS
    >>> call_label(PASS), call_label(TRUMP_CALLS[1]).replace(TEXT_FORM, '')
    ('Pass', '♥ hearts')
    """
    if isinstance(move, Card):
        return _card_label(move)
    code = move.code
    if getattr(move, "is_trump", False) and move.suit is not None:
        return f"{move.suit.symbol}{TEXT_FORM} {suit_name(move.suit)}"
    known = {
        "pass": _("Pass"),
        "NT": _("No trumps"),
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
    if code in known:
        return known[code]
    m = _BID_WHIST_BID.fullmatch(code)
    if m:
        level, kind = m.group(1), m.group(2)
        # The same words as the table picture's bidding box.
        if kind == "L":
            return _("{level} downtown").format(level=level)
        if kind == "NT":
            return _("{level} no trump").format(level=level)
        return _("{level} uptown").format(level=level)
    return code


def _is_joker(card: Card) -> bool:
    return int(card) >= 52


def _card_label(card: Card) -> str:
    """A card's short label (``Q♠``; jokers by their code)."""
    if _is_joker(card):
        return getattr(card, "label", None) or _joker_code(card)
    return card.label


def _joker_code(card: Card) -> str:
    return "BJ" if int(card) == 53 else "LJ"


def _card_words(card: Card) -> str:
    """A card in words, for its tooltip ("queen of spades", "big joker")."""
    if _is_joker(card):
        try:
            return card_name(card)
        except Exception:  # a render without jokers: say it plainly
            return _("big joker") if int(card) == 53 else _("little joker")
    return card_name(card)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _contract_label(contract: Any) -> str:
    if contract is None:
        return ""
    if isinstance(contract, (Call, Card)):
        return call_label(contract)
    if isinstance(contract, str):
        try:
            return call_label(parse_move(contract))
        except ValueError:
            return contract
    return str(getattr(contract, "code", contract))


# ------------------------------------------------------------------ bots
def make_family_bot(name: str, seed: int | None, **options: Any) -> Any:
    """A bot for the family games: from :mod:`kowhist_teach.family_bots` when that module
    offers one, else from :func:`kowhist_teach.bots.make_bot`.

    >>> hasattr(make_family_bot('random', 1), 'choose')
    True
    """
    try:
        family_bots = importlib.import_module("kowhist_teach.family_bots")
    except ImportError:
        family_bots = None
    for attr in ("make_family_bot", "make_bot"):
        factory = getattr(family_bots, attr, None) if family_bots is not None else None
        if factory is not None:
            try:
                return factory(name, seed, **options)
            except (KeyError, TypeError, ValueError):
                break
    from ..bots import make_bot

    return make_bot(name, seed, **options)


# ------------------------------------------------------------------ the model
class FamilyModel(traitlets.HasTraits):
    """A family game for one student in seat 0 against three bots.

    Like :class:`~kowhist_teach.widgets.GameModel`: ``version`` is bumped after every
    change, ``lines`` says what happened since the student last acted, ``message`` why
    the last click did nothing. Every method that could go wrong leaves the game as it
    was and raises a ``ValueError`` saying why in one line.

    >>> m = FamilyModel('whist', seed=2)
    >>> m.game.to_move == m.human
    True
    """

    version = traitlets.Int(0)
    lines = traitlets.List(traitlets.Unicode())
    message = traitlets.Unicode("")

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
        self.game: Any = None
        self._bots: list[Any] = []
        #: Moves a bot got wrong (it raised or chose an illegal move): a bug to report.
        self.bot_errors: list[str] = []
        #: Called after each move when a bot is to move next (a view pauses there).
        self.pause: Callable[[], None] | None = None
        #: Deals finished since the student last acted (their numbers, 1 …).
        self.finished_deals: list[int] = []
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
        self._bots = [None] + [
            make_family_bot(
                name, seed * 100 + s, **(self.bot_options if name == "montecarlo" else {})
            )
            for s, name in enumerate(self.bot_names, start=1)
        ]
        self.message = ""
        self.finished_deals = []
        lines = [self._deal_text()]
        self._run_bots(lines)
        self.lines = [x for x in lines if x]
        self._bump()

    def new_deal(self) -> None:
        """A new game with the same rules and new cards."""
        self.new_game()

    # ------------------------------------------------------------------ moves
    def _bump(self) -> None:
        self.version += 1

    def _refuse(self, why: str) -> None:
        self.message = why
        self._bump()
        raise IllegalMove(why)

    def play(self, move: Move | str) -> None:
        """The student's move; then the bots play up to the student's next turn.

        An illegal move changes nothing: ``message`` says why (and
        :class:`IllegalMove` is raised with the same words).
        """
        game = self.game
        if game.is_over():
            self._refuse(_("The game is over: start a new one."))
        if game.to_move != self.human:
            self._refuse(_("It is not your turn."))
        try:
            move = parse_move(move)
        except ValueError as e:
            self._refuse(_sentence(str(e)))
        if move not in game.legal_moves():
            self._refuse(self.reason(move))
        self.message = ""
        self.finished_deals = []
        lines: list[str] = []
        try:
            self._tell(move, lines)
            self._run_bots(lines)
        finally:
            self.lines = [x for x in lines if x]
            self._bump()

    def reason(self, move: Move) -> str:
        """Why ``move`` may (or may not) be made now, in one sentence: the teaching
        layer's words, else the engine's."""
        note = self.notes().get(move)
        if note is not None:
            return note.reason
        why = self.game.why_illegal(move)
        if why:
            return _sentence(why)
        return _sentence(_("You may make this move now"))

    def notes(self) -> dict[Any, Any]:
        """The teaching layer's explanation of each move open to the student now."""
        game = self.game
        if game.is_over() or game.to_move != self.human:
            return {}
        try:
            return {e.move: e for e in explain_moves(game, self.human)}
        except Exception:  # the teaching layer may not know this game yet
            return {}

    def _run_bots(self, lines: list[str]) -> None:
        """The bots move until it is the student's turn or the game is over; what
        happened is added to ``lines``."""
        game = self.game
        while not game.is_over() and game.to_move is not None and game.to_move != self.human:
            if self.pause is not None:
                self.pause()
            self._tell(self._bot_move(), lines)

    def _bot_move(self) -> Move:
        game = self.game
        seat = game.to_move
        legal = game.legal_moves()
        try:
            move = self._bots[seat].choose(game)
        except Exception as e:  # never leave the student stuck behind a broken bot
            self.bot_errors.append(f"{type(e).__name__}: {e}")
            return legal[0]
        if move not in legal:
            self.bot_errors.append(f"illegal bot move {move!r}")
            return legal[0]
        return move

    def _tell(self, move: Move, story: list[str]) -> None:
        """Make ``move`` and add to ``story`` what it led to."""
        game = self.game
        seat = game.to_move
        phase = game.phase
        deals = len(game.deals)
        log = game.log
        before = (log.declarer, _contract_label(log.contract), game.trump)
        trick = game.trick
        kitty_seen = getattr(game.view(self.human), "kitty", None) is not None
        game.play(move)
        lines: list[str] = []
        name = game.names[seat]
        if phase is _BID or phase is _TRUMP:
            if getattr(move, "is_pass", False):
                lines.append(_sentence(_("{name} passes").format(name=name)))
            elif getattr(move, "is_trump", False) and phase is _TRUMP:
                lines.append(
                    _sentence(_("{name} names {what}").format(name=name, what=call_label(move)))
                )
            else:
                lines.append(
                    _sentence(_("{name} calls {what}").format(name=name, what=call_label(move)))
                )
        elif phase is _DISCARD and game.phase is not _DISCARD and seat != self.human:
            lines.append(_sentence(_("{name} has discarded to the kitty").format(name=name)))
        kitty = getattr(game.view(self.human), "kitty", None) if game.log is log else None
        if kitty and not kitty_seen and seat != self.human:
            lines.append(
                _sentence(
                    _("{name} takes the kitty, shown to everybody: {cards}").format(
                        name=name, cards=" ".join(_card_label(c) for c in kitty)
                    )
                )
            )
        if len(game.deals) == deals and game.log is log:
            after = (log.declarer, _contract_label(log.contract), game.trump)
            if after != before and log.declarer is not None and game.phase is _PLAY:
                lines.append(self._contract_text(log))
        if phase is _PLAY and trick is not None and (game.trick is not trick or trick_done(trick)):
            number = log.tricks.index(trick) + 1
            lines.append(trick_line(game, trick, number))
        if len(game.deals) > deals or log.points is not None:
            if log.points is not None and log.number not in self.finished_deals:
                self.finished_deals.append(log.number)
                lines.extend(deal_summary(game, log.number - 1))
            if len(game.deals) > deals:
                lines.append(self._deal_text())
        if game.is_over():
            lines.append(outcome_text(game))
        story.extend(lines)
        if self.pause is not None and not game.is_over() and game.to_move != self.human:
            # Bots play next, one move at a time: show this move and the story so far.
            self.lines = [x for x in story if x]
            self._bump()

    def _contract_text(self, log: Any) -> str:
        game = self.game
        words = getattr(game, "contract_text", None)
        if callable(words):
            return _sentence(words())  # the engine's own sentence for the contract
        text = _("{name} plays {contract}").format(
            name=game.names[log.declarer], contract=_contract_label(log.contract) or "-"
        )
        if game.trump is not None:
            text += "; " + _("trumps: {suit}").format(suit=suit_name(game.trump))
        return _sentence(text)

    def _deal_text(self) -> str:
        game = self.game
        log = game.log
        if log is None or game.is_over():
            return ""
        text = _("Deal {n}: {name} deals").format(n=log.number, name=game.names[log.dealer])
        card = log.extra.get("trump_card")
        if card is not None:
            text += "; " + _("the turned-up card is {card}").format(card=_card_label(card))
        if game.phase is _PLAY and game.trump is not None:
            text += "; " + _("trumps: {suit}").format(suit=suit_name(game.trump))
        elif game.phase is _PLAY and log.declarer is None:
            text += "; " + _("no trumps")
        return _sentence(text)

    def undo(self) -> None:
        """Take back the student's last move and the bots' replies after it."""
        trial = self.game.clone()
        try:
            while True:
                trial.undo()
                if trial.to_move == self.human:
                    break
        except IllegalMove:
            self._refuse(_("There is no move of yours to take back."))
        self.game = trial
        self.message = ""
        self.finished_deals = []
        self.lines = [_("Your last move and the bots' replies are taken back.")]
        self._bump()

    def say(self, message: str) -> None:
        """Show a one-line message (why something did not happen)."""
        self.message = message
        self._bump()

    def hint(self) -> list[str]:
        """On request: the move the rules bot would make for the student, and why."""
        game = self.game
        if game.is_over() or game.to_move != self.human:
            return [_("Hints are for your turn.")]
        bot = make_family_bot("rules", self.seed)
        try:
            move = bot.choose(game.clone())
        except Exception as e:
            self.bot_errors.append(f"hint: {type(e).__name__}: {e}")
            move = None
        if move not in game.legal_moves():
            move = game.legal_moves()[0]
        lines = [
            _sentence(
                _("The rules bot would play {move}: {reason}").format(
                    move=_move_words(move), reason=self.reason(move)
                )
            )
        ]
        why = _bot_reason(bot, game, move)
        if why:
            lines.append(_sentence(why))
        legal = [m for m in game.legal_moves() if m != move]
        if legal:
            lines.append(
                _sentence(
                    _("Other moves open to you: {moves}").format(
                        moves=", ".join(_move_words(m) for m in legal)
                    )
                )
            )
        return lines

    # -------------------------------------------------------------- languages
    def relabel(self) -> None:
        """After a language change: the seat names in the new language (the game is
        replayed move for move, so nothing else changes)."""
        game = self._fresh(self.seed, self.game.rules)
        for move in self.game.moves:
            game.play(move)
        self.game = game
        self.message = ""
        self.lines = []
        self._bump()


def _bot_reason(bot: Any, game: Any, move: Move) -> str:
    """The bot's own words for its choice, when it has any."""
    for attr in ("reason", "explain"):
        fn = getattr(bot, attr, None)
        if callable(fn):
            try:
                text = fn(game) if attr == "explain" else fn(game, move)
            except Exception:
                return ""
            return text if isinstance(text, str) else ""
    return ""


def _move_words(move: Move) -> str:
    if isinstance(move, Card):
        return f"{_card_label(move)} ({_card_words(move)})"
    return call_label(move)


def trick_done(trick: Any) -> bool:
    """Whether every seat has played to ``trick``."""
    return len(trick.plays) == 4


def trick_line(game: Any, trick: Any, number: int) -> str:
    """A finished trick in one line: the cards, then who won it and why.

    >>> from kowhist_teach.whist import WhistGame
    >>> g = WhistGame(seed=1)
    >>> for _i in range(4):
    ...     g.play(g.legal_moves()[0])
    >>> trick_line(g, g.log.tricks[0], 1).startswith('Trick 1: ')
    True
    """
    cards = ", ".join(f"{game.names[s]} {_card_label(c)}" for s, c in trick.plays)
    try:
        why = explain_trick(game, trick)
    except Exception:  # a trick the teaching layer cannot read (jokers, downtown)
        why = ""
    if not why or trick.winner is None:
        why = _sentence(
            _("{name} won the trick").format(
                name=game.names[trick.winner] if trick.winner is not None else "?"
            )
        )
    return _("Trick {n}: {cards}. {why}").format(n=number, cards=cards, why=why)


def _side_name(game: Any, side: int) -> str:
    """A partnership by compass points, as the table picture names it (the student,
    seat 0, sits South)."""
    return _("North–South") if side == 0 else _("East–West")


def _short(name: str) -> str:
    # "South (you)" -> "South": the side's name reads better without the notes.
    return name.split(" (")[0]


def _score_owners(game: Any) -> list[str]:
    if game.by_partnership:
        return [_side_name(game, side) for side in (0, 1)]
    return list(game.names)


def deal_summary(game: Any, index: int) -> list[str]:
    """What a finished deal came to: the contract, the tricks, the points and why, the
    scores after it. The teaching layer's words when it has them (``explain_deal``).

    >>> from kowhist_teach.whist import WhistGame
    >>> g = WhistGame(seed=4)
    >>> while len(g.deals) < 2:
    ...     g.play(g.legal_moves()[0])
    >>> any(line.startswith('Deal 1 is over') for line in deal_summary(g, 0))
    True
    """
    from .. import explain

    log = game.deals[index]
    names = game.names
    owners = _score_owners(game)
    scores = _sentence(
        _("Scores: {list}").format(
            list=", ".join(f"{o} {p}" for o, p in zip(owners, game.scores, strict=False))
        )
    )
    teach = getattr(explain, "explain_deal", None)
    if callable(teach):
        try:
            taught = [str(x) for x in teach(game, log)]
        except Exception:  # the teaching layer may not know this game yet
            taught = []
        if taught:
            head = [_sentence(_("Deal {n} is over").format(n=log.number))]
            return head + taught + [scores]
    lines = [_sentence(_("Deal {n} is over").format(n=log.number))]
    if log.declarer is not None:
        lines.append(
            _sentence(
                _("{name} played {contract}").format(
                    name=names[log.declarer], contract=_contract_label(log.contract) or "-"
                )
            )
        )
    if log.tricks:
        if game.by_partnership:
            won = log.side_tricks
            lines.append(
                _sentence(
                    _("{a} took {x} tricks, {b} {y}").format(
                        a=_side_name(game, 0), x=won[0], b=_side_name(game, 1), y=won[1]
                    )
                )
            )
        else:
            lines.append(
                _sentence(
                    _("Tricks: {list}").format(
                        list=", ".join(f"{_short(names[s])} {log.tricks_won[s]}" for s in range(4))
                    )
                )
            )
    for note in log.notes:
        lines.append(_sentence(_(note)))
    if log.points is not None:
        lines.append(
            _sentence(
                _("Points this deal: {list}").format(
                    list=", ".join(f"{o} {p:+d}" for o, p in zip(owners, log.points, strict=False))
                )
            )
        )
    lines.append(scores)
    return lines


def outcome_text(game: Any) -> str:
    """Who won the game; ``""`` while it goes on.

    >>> from kowhist_teach.whist import WhistGame
    >>> outcome_text(WhistGame(seed=1))
    ''
    """
    out = game.outcome()
    if out is None:
        return ""
    if out.winner is None:
        return _sentence(_("The game is over: a tie"))
    who = _side_name(game, out.winner) if out.by_partnership else game.names[out.winner]
    return _sentence(_("The game is over: {who} won").format(who=who))


# ------------------------------------------------------------------ what is shown
def family_hand_faces(model: FamilyModel, four_colour: bool = False) -> list[CardFace]:
    """The student's cards as the buttons show them, legal or not and why.

    >>> m = FamilyModel('whist', seed=1)
    >>> faces = family_hand_faces(m)
    >>> len(faces), any(f.legal for f in faces)
    (13, True)
    """
    game = model.game
    seat = model.human
    view = game.view(seat)
    mine = game.to_move == seat and not game.is_over()
    legal = set(game.legal_moves()) if mine else set()
    notes = model.notes() if mine else {}
    faces = []
    for card in view.hand:
        note = notes.get(card)
        if note is not None:
            ok, reason = note.legal, note.reason
        elif mine:
            ok = card in legal
            reason = model.reason(card) if not ok else _legal_card_reason(game)
        else:
            ok, reason = False, _not_your_turn(game)
        if _is_joker(card):
            text = "★\n" + _joker_code(card)
            colour = "#cc0000" if int(card) == 53 else "#111111"
        else:
            text = f"{card.rank.code}\n{card.suit.symbol}{TEXT_FORM}"
            colour = suit_colour(card.suit, four_colour)
        faces.append(CardFace(card, text, colour, ok, reason, _card_words(card)))
    return faces


def _legal_card_reason(game: Any) -> str:
    if game.phase is _DISCARD:
        return _sentence(_("Click to discard this card to the kitty"))
    return _sentence(_("You may play this card"))


def _not_your_turn(game: Any) -> str:
    if game.is_over():
        return _sentence(_("The game is over"))
    if game.to_move is None:
        return _sentence(_("Wait: the cards are being dealt"))
    return _sentence(
        _("It is not your turn: {name} is to move").format(name=game.names[game.to_move])
    )


def family_call_faces(model: FamilyModel) -> list[CallFace]:
    """The calls open to the student now (bids, pass, trump suits, high or low) as
    buttons, with any the teaching layer explains as not allowed.

    >>> family_call_faces(FamilyModel('whist', seed=1))  # whist has no calls
    []
    """
    game = model.game
    if game.is_over() or game.to_move != model.human or game.phase in (_PLAY, _DISCARD):
        return []
    legal = [m for m in game.legal_moves() if not isinstance(m, Card)]
    notes = model.notes()
    moves = list(legal)
    for move in notes:  # calls the teaching layer lists as not allowed, in its order
        if not isinstance(move, Card) and move not in moves:
            moves.append(move)
    out = []
    for move in moves:
        note = notes.get(move)
        ok = move in legal
        reason = note.reason if note is not None else model.reason(move)
        colour = "#111111"
        if getattr(move, "is_trump", False) and move.suit is not None:
            colour = suit_colour(move.suit)
        out.append(CallFace(move, call_label(move), ok, reason, colour))
    return out


def _turn_text(game: Any, seat: int) -> str:
    who = game.to_move
    if who is None:
        return _("Dealing")
    if who != seat:
        return _("{name} to move").format(name=game.names[who])
    phase = game.phase
    if phase is _BID:
        return _("Your turn: bid or pass")
    if phase is _TRUMP:
        return _("Your turn: name trumps")
    if phase is _DISCARD:
        left = len(game.hand(seat)) - game.tricks_per_deal()
        return _("Your turn: discard {n} more cards").format(n=left)
    return _("Your turn: play a card")


def family_status_html(game: Any, seat: int = HUMAN) -> str:
    """The status line: game and deal, dealer, trumps, contract, whose turn, tricks
    (by side or by player) and scores.

    >>> from kowhist_teach.whist import WhistGame
    >>> s = family_status_html(WhistGame(seed=1))
    >>> 'Deal 1' in s and 'Trumps' in s and 'Scores' in s
    True
    """
    log = game.log
    names = game.names
    parts = [esc(_(game.title))]
    if log is not None:
        parts.append(
            f'<span class="kw-deal-number">{esc(_("Deal {n}").format(n=log.number))}</span>'
        )
        parts.append(esc(_("Dealer: {name}").format(name=_short(names[log.dealer]))))
    trump = game.trump
    if trump is not None:
        suit = (
            f'<span class="kw-suit" style="color:{suit_colour(trump)}">'
            f"{trump.symbol}{TEXT_FORM}</span> {esc(suit_name(trump))}"
        )
        parts.append(esc(_("Trumps: {suit}")).format(suit=suit))
    elif game.phase is _PLAY:
        parts.append(esc(_("No trumps")))
    else:
        parts.append(esc(_("Trumps: not named yet")))
    contract = ""
    words = getattr(game, "contract_text", None)
    if callable(words) and log is not None:
        contract = _sentence(words())  # the engine's own sentence, auction included
    elif log is not None and log.declarer is not None:
        contract = _("Contract: {name}, {contract}").format(
            name=_short(names[log.declarer]), contract=_contract_label(log.contract) or "-"
        )
    if contract:
        parts.append(f'<span class="kw-contract">{esc(contract)}</span>')
    top = " · ".join(parts)
    if game.is_over():
        lead = f'<span class="kw-outcome">{esc(outcome_text(game))}</span>'
    else:
        lead = f'<span class="kw-turn">{esc(_turn_text(game, seat))}</span>'
    won = game.tricks_won
    if game.by_partnership:
        counts = [(_side_name(game, s), won[s] + won[s + 2], s == seat % 2) for s in (0, 1)]
    else:
        counts = [(_short(names[s]), won[s], s == seat) for s in range(4)]
    mine = ' class="kw-me"'
    tricks = " · ".join(
        f"<span{mine if me else ''}>{esc(who)}: <b>{n}</b></span>" for who, n, me in counts
    )
    owners = _score_owners(game)
    scores = " · ".join(f"{esc(o)}: <b>{p}</b>" for o, p in zip(owners, game.scores, strict=False))
    extra = ""
    points = getattr(game, "points", None)
    if game.game_name == "whist" and isinstance(points, list) and not game.rules.drive:
        extra = " · " + esc(_("this game: {a}–{b}").format(a=points[0], b=points[1]))
    return (
        f'<div class="kw-status-top">{top} — {lead}</div>'
        f'<div class="kw-status-tricks">{esc(_("Tricks"))}: {tricks}</div>'
        f'<div class="kw-status-scores">{esc(_("Scores"))}: {scores}{extra}</div>'
    )


def _last_finished_trick(game: Any) -> tuple[Any, bool]:
    """The trick to show on the table: the one in play if it has cards, else the last
    finished one (of this deal, or the deal before)."""
    trick = game.trick
    if trick is not None and trick.plays:
        return trick, trick_done(trick)
    for log in reversed(game.deals):
        done = [t for t in log.tricks if trick_done(t)]
        if done:
            return done[-1], True
    return trick, False


def family_table_html(game: Any, seat: int = HUMAN, width: float = 760) -> str:
    """The table as a picture: the seats with their names and tricks, the trick in play
    (its cards ``kw-trick``), trumps and the contract (:func:`kowhist_teach.render.table_svg`);
    every hand is shown once the game is over. Where the pictures cannot draw the game,
    the trick alone, each card before the seat that played it.

    >>> from kowhist_teach.whist import WhistGame
    >>> html = family_table_html(WhistGame(seed=1))
    >>> html.startswith('<svg') and 'kw-card' not in html
    True
    """
    try:
        return table_svg(game, seat=seat, show_all=game.is_over(), width=width)
    except Exception:  # a render that does not draw this game: the trick alone
        return _trick_html(game, seat, size=width / 9)


def _trick_html(game: Any, seat: int, size: float) -> str:
    trick, finished = _last_finished_trick(game)
    if trick is None:
        return tag("i", _("No cards on the table."))
    try:
        return trick_svg(trick, game.names, viewer=seat, size=size, finished=finished)
    except Exception:  # a card the pictures cannot draw: say it in words
        cards = ", ".join(f"{game.names[s]}: {_card_label(c)}" for s, c in trick.plays)
        return f'<div class="kw-trick">{esc(cards)}</div>'


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
class FamilyTableWidget(w.VBox):
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
        self.guard = Guard(self._say)
        self.four_colour = four_colour
        self.table_width = table_width
        self.step_delay = step_delay
        self._hint: list[str] | None = None
        self._hint_key: tuple[int, int] = (0, -1)
        self._quiet = False
        self.status = w.HTML()
        set_classes(self.status, "kw-status")
        self.picture = w.HTML()
        set_classes(self.picture, "kw-table")
        self.hand = HandView(
            on_play=self.guard.wrap(self._play),
            on_illegal=self.guard.wrap(self._illegal),
            four_colour=four_colour,
        )
        self.calls = CallBar(
            on_play=self.guard.wrap(self._play), on_illegal=self.guard.wrap(self._illegal)
        )
        self.explain = w.HTML()
        set_classes(self.explain, "kw-explain")
        self.explain.layout.width = "100%"
        self.summary = w.HTML()
        set_classes(self.summary, "kw-deal-summary")
        self.last_trick = w.HTML()
        set_classes(self.last_trick, "kw-last-trick")
        self.open_hands = w.HTML()
        set_classes(self.open_hands, "kw-open-hands")
        self.hint_button = big_button("", "kw-hint")
        self.undo_button = big_button("", "kw-undo")
        self.new_button = big_button("", "kw-new-deal")
        self.language = w.Dropdown(
            options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=get_language()
        )
        set_classes(self.language, "kw-language")
        if not language_selector:
            self.language.layout.display = "none"
        self.setup = FamilySetup(game, rules, self._new_game, self.guard)
        self.setup_box = w.Accordion(children=[self.setup], selected_index=None)
        set_classes(self.setup_box, "kw-setup-box")
        self.side_title = w.HTML()

        self.hint_button.on_click(self.guard.wrap(lambda _b: self._show_hint()))
        self.undo_button.on_click(self.guard.wrap(lambda _b: self._undo()))
        self.new_button.on_click(self.guard.wrap(lambda _b: self._new_deal()))
        self.language.observe(self.guard.wrap(self._language), names="value")
        self.model.observe(self.guard.wrap(lambda _c: self.render()), names="version")
        if step_delay > 0:
            self.model.pause = self._pause

        tools = w.HBox(
            [self.hint_button, self.undo_button, self.new_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        left = w.VBox(
            [self.picture, self.open_hands, self.calls, self.hand],
            layout=w.Layout(width=f"{table_width + 10}px", max_width="100%"),
        )
        right = w.VBox(
            [tools, self.side_title, self.explain, self.summary, self.last_trick],
            layout=w.Layout(flex="1 1 360px", min_width="320px"),
        )
        self.children = (
            style_widget(),
            _family_style(),
            self.status,
            w.HBox([left, right], layout=w.Layout(flex_flow="row wrap")),
            self.language,
            self.setup_box,
            self.guard.debug,
        )
        self.relabel()
        self.render()

    # ---------------------------------------------------------------- actions
    @property
    def game(self) -> Any:
        """The game in progress (look, but play through the table)."""
        return self.model.game

    def _say(self, message: str) -> None:
        self.model.say(message)

    def _play(self, move: Any) -> None:
        self._hint = None
        self.model.play(move)

    def _illegal(self, face: CardFace | CallFace) -> None:
        # A click on an illegal card or call teaches why, and changes nothing.
        self.model.say(face.reason)

    def _undo(self) -> None:
        self._hint = None
        self.model.undo()

    def _new_deal(self) -> None:
        self._hint = None
        self.model.new_deal()

    def _new_game(self, rules: Any) -> None:
        self._hint = None
        self.model.new_game(rules=rules)
        self.setup.base = self.model.game.rules
        self.setup_box.selected_index = None

    def _show_hint(self) -> None:
        self._hint = self.model.hint()
        self._hint_key = self._position_key()
        self.render()

    def _position_key(self) -> tuple[int, int]:
        game = self.model.game
        return id(game), len(game.moves)

    def _pause(self) -> None:
        # The view is redrawn after each move; a short wait lets each card be seen
        # landing, and a longer one the whole trick before the next is led.
        trick = self.model.game.trick
        trick_over = trick is None or not trick.plays
        time.sleep(self.step_delay * (3 if trick_over else 1))

    def _language(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.set_language(change["new"])

    def set_language(self, lang: str) -> None:
        """Switch every text (this table's and the package's) to ``lang``."""
        set_language(lang)
        self._quiet = True  # the menu follows; that is not a second switch
        try:
            self.language.value = lang
        finally:
            self._quiet = False
        self._hint = None
        self.relabel()
        self.setup.relabel()
        self.model.relabel()

    # ----------------------------------------------------------------- drawing
    def relabel(self) -> None:
        """The fixed texts (buttons, headings) in the chosen language."""
        texts = [
            (self.hint_button, _("Hint"), _("The move the rules bot would make, and why")),
            (self.undo_button, _("Undo"), _("Take back your last move and the bots' replies")),
            (self.new_button, _("New deal"), _("A new game with new cards")),
        ]
        for widget, description, tooltip in texts:
            widget.description = description
            widget.tooltip = tooltip
        self.language.description = _("Language")
        self.language.style.description_width = "initial"
        self.setup_box.set_title(0, _("Game setup: rules"))
        self.side_title.value = tag("h3", _("What happened"), "margin:4px 0")

    def render(self) -> None:
        """Draw everything from the model."""
        model = self.model
        game = model.game
        self.status.value = family_status_html(game, model.human)
        self.picture.value = family_table_html(game, model.human, width=self.table_width)
        self.hand.update(family_hand_faces(model, self.four_colour))
        self.calls.update(family_call_faces(model))
        self.explain.value = self._explain_html()
        for box, html in (
            (self.summary, self._summary_html()),
            (self.last_trick, self._last_trick_html()),
            (self.open_hands, self._open_hands_html()),
        ):
            box.value = html
            box.layout.display = "" if html else "none"  # no empty frame

    def _explain_html(self) -> str:
        model = self.model
        parts = []
        if model.message:
            parts.append(f'<div class="kw-message" role="alert">⚠ {esc(model.message)}</div>')
        hint = self._hint if self._hint_key == self._position_key() else None
        if hint is not None:
            parts.append(tag("h4", _("Hint")) + lines_html(hint))
        elif model.lines:
            parts.append(lines_html(model.lines, "kw-story"))
        game = model.game
        if hint is None and game.to_move == model.human and game.phase is _DISCARD:
            parts.append(tag("i", _turn_text(game, model.human)))
        elif not parts:
            parts.append(tag("i", _("Click a card to play it, or a call to make it.")))
        return "".join(parts)

    def _summary_html(self) -> str:
        game = self.model.game
        done = [i for i, log in enumerate(game.deals) if log.points is not None]
        if not done:
            return ""
        lines = deal_summary(game, done[-1])
        return tag("h4", _("The last deal")) + lines_html(lines)

    def _last_trick_html(self) -> str:
        # While the next trick is being played, the one before stays in view here (the
        # table itself shows the last trick until the next one is led).
        game = self.model.game
        trick = game.trick
        if trick is None or not trick.plays or trick_done(trick):
            return ""
        done = [t for log in game.deals[-2:] for t in log.tricks if trick_done(t)]
        if not done:
            return ""
        try:
            picture = trick_svg(
                done[-1], game.names, viewer=self.model.human, size=48, finished=True
            )
        except Exception:  # a card the pictures cannot draw: the trick line says it all
            return ""
        return tag("h4", _("Last trick")) + picture

    def _open_hands_html(self) -> str:
        """Cards the student may see beyond their hand: a hand laid open (misère
        ouverte), the kitty once shown or taken, the student's own discards."""
        game = self.model.game
        view = game.view(self.model.human)
        rows = []
        for seat, cards in sorted(view.open_hands.items()):
            title = _("{name}'s hand lies open").format(name=_short(game.names[seat]))
            rows.append(self._cards_row(title, cards))
        kitty = getattr(view, "kitty", None)
        if kitty:
            rows.append(self._cards_row(_("The kitty"), kitty))
        discards = getattr(view, "discards", None)
        if discards:
            rows.append(self._cards_row(_("Your discards (the kitty book)"), discards))
        return "".join(rows)

    def _cards_row(self, title: str, cards: list[Card]) -> str:
        try:
            picture = hand_svg(cards, size=46, four_colour=self.four_colour)
        except Exception:  # a card the pictures cannot draw: the codes will do
            picture = esc(" ".join(_card_label(c) for c in cards))
        return f"<div>{tag('b', title)}<br>{picture}</div>"


def _family_style() -> w.HTML:
    box = w.HTML(f"<style>{_FAMILY_CSS}</style>")
    box.add_class("kw-style")
    box.layout.display = "none"
    return box
