"""The teaching hook: what a game answers so the teaching layer can explain it.

Each game package gives its spec one :class:`Teaching` object
(``SPEC.hooks["teaching"] = KnockoutTeaching()``); :mod:`kowhist_teach.teach.explain`
and :mod:`kowhist_teach.teach.tips` check whose turn it is, then ask
``spec_of(game).teaching`` and never which game they hold.  A game overrides what it
tells differently, as a python-chess variant overrides a board's hooks:

- :meth:`Teaching.explain_moves`: every move open to the player to move, legal or not,
  each with a one-sentence reason (a :class:`MoveExplanation`);
- :meth:`Teaching.explain_trick`: why a finished trick went to its winner;
- :meth:`Teaching.explain_round` / :meth:`Teaching.explain_deal`: what the end of a
  round (Knock-Out Whist) or of a deal (the whist family) means;
- :meth:`Teaching.tips` (from :attr:`Teaching.detectors`): the strategy tips that
  apply now, as :class:`Tip` objects;
- :meth:`Teaching.hidden_move` and :meth:`Teaching.estimate_tricks`, for the hint of
  :mod:`kowhist_teach.teach.hints`: a move that may not be named (a blind dog's card),
  and the tricks a sampled deal gives the student.

:class:`PlainTeaching` explains the cards of a plain whist trick (follow suit if you
can; the highest trump, else the highest card of the suit led, wins), for the games
whose tricks are just that (Knock-Out Whist, German Whist).

>>> from kowhist_teach.core.cards import Card, Suit
>>> from kowhist_teach.core.tricks import Trick
>>> t = Trick(leader=0, trump=Suit.HEARTS)
>>> for seat, code in [(0, 'KS'), (1, 'AS')]:
...     t.add(seat, Card(code))
>>> plain_trick(t, ['Ann', 'Ben'])
'Ben won with A♠: the highest card of the suit led, and no trump was played.'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...i18n import _
from ..cards import SUIT_MASK, Card, Suit, cards_in
from ..tricks import Trick, beats
from ..words import sentence, suit_name, upper_first

__all__ = [
    "MoveExplanation",
    "Tip",
    "Detector",
    "Teaching",
    "PlainTeaching",
    "plain_trick",
    "trumped",
    "card_effect",
    "live_trumps",
    "scored_deal",
    "game_end",
]


@dataclass(frozen=True)
class MoveExplanation:
    """One move of the player to move: legal or not, and why, in one sentence.

    ``effect`` is what a legal card would do now ("beats the J♠ on the table"); it is
    already part of ``reason``.

    >>> from kowhist_teach.core.moves import PASS
    >>> MoveExplanation(PASS, True, 'You may pass.').to_dict()
    {'move': 'pass', 'legal': True, 'reason': 'You may pass.'}
    """

    move: Any
    legal: bool
    reason: str
    effect: str = ""
    #: A card nobody may see yet (a blind dog's face-down card): written ``"??"``.
    hidden: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The entry of ``moves`` in ``kowhist-teach explain --json``."""
        code = "??" if self.hidden else self.move.code
        return {"move": code, "legal": self.legal, "reason": self.reason}


@dataclass(frozen=True)
class Tip:
    """A piece of advice that applies now: a stable ``key`` and the ``text``."""

    key: str
    text: str


#: A tip detector: looks at a game and the seat to move, and returns the tip that
#: applies there (or ``None``).  It only uses what that seat may see.
Detector = Callable[[Any, int], "Tip | None"]


class Teaching(ABC):
    """What a game tells a student.  The teaching layer calls these only for a game of
    this kind, and :meth:`explain_moves` and :meth:`tips` only for the seat to move of
    a game not over.

    A subclass must say what each move means (:meth:`explain_moves`); the rest has
    defaults: a trick told by the plain rules, no round or deal summary, and the tips
    of :attr:`detectors`.

    >>> class CardsOnly(Teaching):
    ...     def explain_moves(self, game, seat):
    ...         return [MoveExplanation(m, True, 'You may play it.') for m in game.legal_moves()]
    >>> CardsOnly().explain_round(None), CardsOnly().detectors
    ([], ())
    """

    #: The tip detectors, in the order their tips are shown.
    detectors: tuple[Detector, ...] = ()

    @abstractmethod
    def explain_moves(self, game: Any, seat: int) -> list[MoveExplanation]:
        """Every card in ``seat``'s hand and every other move open to them (a bid, a
        trump to name, a pass …), each legal or not with a one-sentence reason."""

    def explain_trick(self, game: Any, trick: Trick, names: Sequence[str] | None = None) -> str:
        """Why a finished trick of ``game`` went to its winner, in one sentence
        (``names``, when given, name the seats instead of the game's players)."""
        return plain_trick(trick, names if names is not None else game.names)

    def explain_round(self, game: Any, round_index: int | None = None) -> list[str]:
        """What the end of round ``round_index`` (the last one played by default)
        means, in a few sentences; ``[]`` when the game has no such thing to say."""
        return []

    def explain_deal(self, game: Any, deal: Any = None) -> list[str]:
        """What the end of ``deal`` (a deal's log; the last one scored by default)
        means, in a few sentences; ``[]`` when the game has no such thing to say."""
        return []

    def tips(self, game: Any, seat: int) -> list[Tip]:
        """The tips that apply now for ``seat`` (the player to move)."""
        return [tip for tip in (d(game, seat) for d in self.detectors) if tip is not None]

    def hidden_move(self, game: Any, seat: int, move: Any) -> bool:
        """Whether naming ``move`` to ``seat`` would show a card they may not see (a
        blind dog's face-down card): the hint then says "your face-down card".
        Default: every move may be named."""
        return False

    def suggestion_reason(self, game: Any, seat: int, move: Any, tips: Sequence[Tip]) -> str:
        """Why the hint suggests ``move``, in one sentence, when one of ``tips`` (those
        that apply now) is the reason for it; ``""`` to give the move's own
        explanation instead (the default)."""
        return ""

    def estimate_tricks(self, game: Any, seat: int, result: Any) -> int:
        """The tricks ``seat`` (its side, in a partnership game) takes from now on in
        one sampled deal's ``result`` (what the bots hook's ``Search.results`` gives
        for one move). Default: an ``int`` is that count already; a list holds each
        seat's tricks at the end of the deal."""
        if isinstance(result, int):
            return result
        return int(result[seat]) - int(game.tricks_won[seat])


# ------------------------------------------------------------- plain tricks
def trumped(trumps: Sequence[Card]) -> str:
    """Why a trick went to a trump played on another suit (``{who}``, ``{card}`` still
    to fill in), given the trumps played to it."""
    if len(trumps) == 1:
        return _("{who} won with {card}: the only trump, and a trump beats every other suit")
    return _("{who} won with {card}: the highest of the trumps played")


def plain_trick(trick: Trick, names: Sequence[str]) -> str:
    """Why a finished trick of plain whist rules went to its winner, in one sentence."""
    card = trick.winning_card
    who = names[trick.winner]
    led = trick.led_suit
    trump = trick.trump
    trumps = [c for _s, c in trick.plays if trump is not None and c.suit == trump]
    if trump is not None and card.suit == trump and led != trump:
        text = trumped(trumps)
    elif len(trick.plays) == 1:
        text = _("{who} won with {card}: nobody else played to the trick")
    elif trump is not None and led == trump:
        text = _("{who} won with {card}: the highest trump, and trumps were led")
    else:
        text = _("{who} won with {card}: the highest card of the suit led, and no trump was played")
    return sentence(text.format(who=who, card=card.label, suit=suit_name(led)))


def card_effect(card: Card, trick: Trick, trump: Suit | None, others_to_play: int) -> str:
    """What playing ``card`` now would do to ``trick`` under plain rules, with
    ``others_to_play`` players still to play after it.

    >>> card_effect(Card('QS'), Trick(leader=0, trump=None), None, 2)
    'Q♠ leads spades: the others must follow suit if they can'
    """
    if not trick.plays:
        if trump is not None and card.suit == trump:
            return _("{card} leads trumps: the others must follow with a trump if they can").format(
                card=card.label
            )
        return _("{card} leads {suit}: the others must follow suit if they can").format(
            card=card.label, suit=suit_name(card.suit)
        )
    best = trick.winning_card
    led = trick.led_suit
    last = others_to_play == 0
    if beats(card, best, trump):
        if card.suit != best.suit:  # a trump on a trick without one yet
            if last:
                return _("{card} trumps in and wins the trick").format(card=card.label)
            return _("{card} trumps in: it wins unless someone over-trumps").format(card=card.label)
        if trump is not None and card.suit == trump and led != trump:
            if last:
                return _("{card} over-trumps the {best} and wins the trick").format(
                    card=card.label, best=best.label
                )
            return _("{card} over-trumps the {best}: it wins unless someone goes higher").format(
                card=card.label, best=best.label
            )
        if last:
            return _("{card} beats the {best} on the table and wins the trick").format(
                card=card.label, best=best.label
            )
        return _("{card} beats the {best} on the table").format(card=card.label, best=best.label)
    if card.suit != led and (trump is None or card.suit != trump):
        return _("{card} is a discard: a card of a third suit never wins").format(card=card.label)
    if trump is not None and card.suit == trump:
        return _("{card} is too low to over-trump the {best}").format(
            card=card.label, best=best.label
        )
    return _("{card} cannot beat the {best} on the table").format(card=card.label, best=best.label)


def live_trumps(trump: Suit | None, tricks: Sequence[Trick]) -> int:
    """The trumps (a bit set) not played to ``tricks``: in any hand, or still undealt.

    >>> t = Trick(leader=0, trump=Suit.SPADES)
    >>> t.add(0, Card('AS'))
    >>> live_trumps(Suit.SPADES, [t]).bit_count(), live_trumps(None, [t])
    (12, 0)
    """
    if trump is None:
        return 0
    played = 0
    for trick in tricks:
        for _s, c in trick.plays:
            played |= 1 << c
    return SUIT_MASK[trump] & ~played


class PlainTeaching(Teaching):
    """Explains the cards of a plain whist trick: lead anything, follow suit if you
    can, otherwise play any card; the card's effect on the trick is told too.

    A game adjusts it with :meth:`others_to_play`, :meth:`legal_reason` and
    :meth:`why_not`, and calls :meth:`explain_cards` from its :meth:`explain_moves`.
    """

    def others_to_play(self, game: Any) -> int:
        """How many players still play to the trick on the table after the one to move."""
        return len(game.names) - 1 - len(game.trick.plays)

    def legal_reason(self, game: Any, seat: int, card: Card, effect: str) -> tuple[str, str]:
        """Why ``card`` may be played (the clause before the effect), and the effect
        to tell after it (``effect`` as given, or ``""`` to tell none)."""
        trick: Trick = game.trick
        if not trick.plays:
            return _("You lead this trick, so any card may be led"), effect
        if game.hands[seat] & SUIT_MASK[trick.led_suit]:
            why = upper_first(
                _("{suit} were led and you hold some, so you must play one").format(
                    suit=suit_name(trick.led_suit)
                )
            )
        else:
            why = _("You have no {suit}, so you may play any card").format(
                suit=suit_name(trick.led_suit)
            )
        return why, effect

    def why_not(self, game: Any, seat: int, card: Card) -> str:
        """Why ``card`` may not be played now (a clause)."""
        trick: Trick = game.trick
        if trick.plays:
            led = trick.led_suit
            held = " ".join(c.label for c in cards_in(game.hands[seat] & SUIT_MASK[led]))
            return upper_first(
                _("{suit} were led and you hold {held}: you must follow suit").format(
                    suit=suit_name(led), held=held
                )
            )
        return game.why_illegal(card)

    def explain_cards(self, game: Any, seat: int) -> list[MoveExplanation]:
        """Every card of ``seat``'s hand, legal or not, with its reason (and, when
        legal, its effect)."""
        trick: Trick = game.trick
        legal = {m for m in game.legal_moves() if isinstance(m, Card)}
        others = self.others_to_play(game)
        out: list[MoveExplanation] = []
        for card in cards_in(game.hands[seat]):
            if card in legal:
                why, effect = self.legal_reason(
                    game, seat, card, card_effect(card, trick, game.trump, others)
                )
                reason = sentence(
                    _("{why}; {effect}").format(why=why, effect=effect) if effect else why
                )
                out.append(MoveExplanation(card, True, reason, effect))
            else:
                out.append(MoveExplanation(card, False, sentence(self.why_not(game, seat, card))))
        return out


def scored_deal(game: Any, deal: Any = None) -> Any:
    """The deal a game played deal after deal explains: ``deal`` if it is scored, by
    default the last deal scored; ``None`` when there is none.

    >>> from kowhist_teach import OhHellGame
    >>> scored_deal(OhHellGame(3, seed=1)) is None
    True
    """
    if deal is None:
        scored = [d for d in game.deals if d.points is not None]
        if not scored:
            return None
        deal = scored[-1]
    return deal if deal.points is not None else None


def game_end(game: Any, deal: Any, side: Callable[[int], str] | None = None) -> list[str]:
    """The game's end in a sentence, if ``deal`` was its last: a tie, or who won — a
    player, or with ``side`` (a partnership's name) the partnership of an outcome
    ``by_partnership``. Empty otherwise.

    >>> from kowhist_teach import OhHellGame
    >>> game_end(OhHellGame(3, seed=1), None)
    []
    """
    outcome = game.outcome()
    if outcome is None or deal is not game.deals[-1]:
        return []
    if outcome.winner is None:
        return [sentence(_("The game ends in a tie"))]
    if side is not None and outcome.by_partnership:
        return [sentence(_("{side} win the game").format(side=side(outcome.winner)))]
    return [sentence(_("{name} wins the game").format(name=game.names[outcome.winner]))]
