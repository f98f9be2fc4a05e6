"""The whist family's shared core: four players, whole hands dealt, an auction or
not, thirteen (or twelve) tricks, and scores kept from deal to deal (RULES.md §4).

Partnership whist (:mod:`~kowhist_teach.games.family.whist.engine`), solo whist
(:mod:`~kowhist_teach.games.family.solo.engine`) and bid whist
(:mod:`~kowhist_teach.games.family.bidwhist.engine`) are subclasses of :class:`FamilyGame`.
What every game played deal after deal has (chance seeded by deal, the deal passing
left, trick play, undo and clone) is :class:`~kowhist_teach.core.deals.DealGame`'s,
shared with Oh Hell. This base adds what the family shares:

* **seats** 0..3, clockwise; partners sit opposite (seats 0 and 2 are partnership 0,
  seats 1 and 3 partnership 1) — core's :data:`~kowhist_teach.core.partnerships.OPPOSITE`;
  scores by partnership or by seat;
* **chance**: the whole pack shuffled for each deal and split by the game
  (``_deal_cards``), or a deal given with :meth:`FamilyGame.deal` (records, lessons)
  with the game's own ``extra`` (a turned-up ``trump_card``, a ``kitty``);
* **phases**: ``DEAL`` (chance to act) → ``BID`` / ``TRUMP`` / ``DISCARD`` (calls and
  discards, each game its own) → ``PLAY`` (tricks) → the next deal, until ``OVER``;
* a **history of deals** (:class:`DealLog`: the auction, declarer, contract and the
  notes of the score), contracts (:meth:`FamilyGame.tricks_needed`), a deal thrown in.

A subclass provides ``_deal_cards(deck)``, ``_check_deal(hands, extra)``,
``_start_deal()``, ``_call_moves()``, ``_apply_call(move)``, ``_why_call_illegal(move)``,
``_score_deal()`` and ``_game_winner()``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from ...core.cards import BadCard, Card, Suit, cards_in, mask_of
from ...core.deals import DealGame
from ...core.game import RuleOptions, read_players
from ...core.moves import Move, SetupError
from ...core.partnerships import OPPOSITE
from ...core.tricks import Trick
from ...i18n import N_, _

__all__ = [
    "SEATS",
    "FamilyPhase",
    "DealLog",
    "FamilyOutcome",
    "FamilyView",
    "FamilyGame",
    "FamilyRules",
]

#: Every game of the family here is for four players.
SEATS = 4


class FamilyRules(RuleOptions):
    """What the rules of every family game share (:class:`~kowhist_teach.core.game.RuleOptions`:
    reading and writing a record's ``rules``, checking option types) and a check of whole
    numbers. Subclasses are frozen dataclasses.
    """

    def _check_int(self, name: str, low: int, high: int, allowed: tuple[int, ...] = ()) -> None:
        value = getattr(self, name)
        ok = isinstance(value, int) and not isinstance(value, bool)
        ok = ok and (value in allowed if allowed else low <= value <= high)
        if not ok:
            if allowed:
                raise SetupError(
                    _("rule option {name} must be one of {allowed}, not {value!r}").format(
                        name=name, allowed=", ".join(map(str, allowed)), value=value
                    )
                )
            raise SetupError(
                _(
                    "rule option {name} must be a whole number from {low} to {high}, not {value!r}"
                ).format(name=name, low=low, high=high, value=value)
            )


class FamilyPhase(Enum):
    """What the game waits for."""

    #: Chance: the cards are to be dealt.
    DEAL = "deal"
    #: A bid or a pass (solo whist, bid whist).
    BID = "bid"
    #: The declarer names trumps, or high or low (abundance, bid whist).
    TRUMP = "trump"
    #: The declarer discards to the kitty (bid whist).
    DISCARD = "discard"
    #: Cards are played to tricks.
    PLAY = "play"
    #: The game has ended.
    OVER = "over"


@dataclass
class DealLog:
    """One deal as it went: the cards dealt, the auction, the tricks and the score.

    ``hands`` are the hands as dealt (seat order); ``extra`` holds what else the deal
    made public or set aside (``trump_card``, ``kitty``). ``calls`` lists ``(seat,
    move)`` for every call (bids, passes, trump named, discards). ``tricks_won`` counts
    by seat. ``points`` is the score this deal gave (by partnership, or by seat in solo
    whist), ``None`` until the deal is scored; ``notes`` are catalogue keys explaining
    the score (honours counted, a contract made or beaten).
    """

    number: int
    dealer: int
    hands: list[list[Card]]
    extra: dict[str, Any] = field(default_factory=dict)
    calls: list[tuple[int, Move]] = field(default_factory=list)
    trump: Suit | None = None
    declarer: int | None = None
    contract: Any = None
    leader: int | None = None
    tricks: list[Trick] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=lambda: [0] * SEATS)
    points: list[int] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def side_tricks(self) -> list[int]:
        """Tricks won by partnership (0: seats 0 and 2; 1: seats 1 and 3)."""
        return OPPOSITE.by_side(self.tricks_won)


@dataclass(frozen=True)
class FamilyOutcome:
    """How a game of the family ended.

    ``winner`` is a partnership (0 or 1) when ``by_partnership``, else a seat (solo
    whist); ``None`` for a tie. ``scores`` are the final scores, by partnership or seat.
    """

    winner: int | None
    scores: list[int]
    by_partnership: bool
    deals: int


@dataclass(frozen=True)
class FamilyView:
    """What one seat may see: their own hand, any hand laid open, and the public state."""

    seat: int
    hand: list[Card]
    open_hands: dict[int, list[Card]]
    hand_sizes: list[int]
    trump: Suit | None
    trump_card: Card | None
    dealer: int
    calls: list[tuple[int, Move]]
    declarer: int | None
    contract: Any
    trick: list[tuple[int, Card]]
    played: list[Card]
    tricks_won: list[int]
    scores: list[int]
    to_move: int | None
    phase: FamilyPhase


#: The first bit above the 52 cards: a card set at or above it holds a joker.
_JOKER_BITS = 1 << 52


class _DeclaredSides:
    """``FamilyGame.by_partnership``: whether the game's spec declares partnerships
    (``GameSpec(partnerships=…)``), read there rather than declared again.

    >>> from kowhist_teach.core.registry import spec
    >>> [spec(name).game.by_partnership for name in ('whist', 'solo')]
    [True, False]
    """

    def __get__(self, game: Any, cls: type | None = None) -> bool:
        owner = cls if cls is not None else type(game)
        return owner.spec.partnerships is not None  # type: ignore[attr-defined]


class FamilyGame(DealGame):
    """The base of the whist family's games (see the module's docstring)."""

    phases = FamilyPhase
    #: The record of one deal (a game may keep more per deal in a subclass).
    deal_log_class: ClassVar[type[DealLog]] = DealLog

    #: Whether scores and results are kept by side (else by seat): read from the
    #: partnerships the game's spec declares, once (on the class and on a game alike).
    by_partnership = _DeclaredSides()

    def __init__(
        self,
        rules: Any = None,
        seed: int | None = None,
        first_dealer: int = 0,
        *,
        auto_chance: bool = True,
        players: int | Sequence[str] = SEATS,
    ) -> None:
        n, self._names = read_players(players)
        if n != SEATS:
            raise SetupError(_("{game} is for exactly 4 players").format(game=_(self.title)))
        self._read_rules(rules)
        self._begin(SEATS, seed, first_dealer, auto_chance)

    # ------------------------------------------------------------------ state
    def _new_scores(self) -> list[int]:
        return [0] * (2 if self.by_partnership else SEATS)

    # ------------------------------------------------------------------ chance
    def _draw_deal(self, rng: random.Random) -> tuple[list[list[Card]], dict[str, Any]]:
        rand = rng.random
        keys = [rand() for _i in range(len(self.pack))]
        deck = [self.pack[i] for i in sorted(range(len(self.pack)), key=keys.__getitem__)]
        return self._deal_cards(deck)

    def deal(self, hands: Sequence[Sequence[Card | str]], **extra: Any) -> None:
        """Deal these hands (seat order) for the next deal; ``extra`` is the game's own
        part of a deal (``trump_card``, ``kitty``). For records and lessons, with
        ``auto_chance=False``. Raises :class:`SetupError` saying what is wrong.
        """
        self._check_dealing()
        if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
            raise SetupError(_("a deal needs one hand for each of the 4 seats"))
        parsed = [self._parse_cards(h) for h in hands]
        extra = self._check_deal(parsed, dict(extra))
        self._deal_checked(parsed, extra, self._extra_cards(extra))

    def _parse_cards(self, cards: Any) -> list[Card]:
        if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
            raise SetupError(_("a hand must be a list of card codes"))
        try:
            out = [c if isinstance(c, Card) else Card(c) for c in cards]
        except BadCard as e:
            raise SetupError(str(e)) from None
        if any(c not in self.pack for c in out):
            bad = next(c for c in out if c not in self.pack)
            raise SetupError(
                _("{card} is not in the pack of {game}").format(card=bad.code, game=_(self.title))
            )
        return out

    def _check_trump_card(
        self, hands: list[list[Card]], extra: dict[str, Any], missing: str
    ) -> dict[str, Any]:
        """A deal's ``extra`` that must be just its ``trump_card``, the dealer's last card
        (whist, solo whist), parsed; ``missing`` is the message when it is not given."""
        if set(extra) != {"trump_card"}:
            raise SetupError(missing)
        card = self._parse_cards([extra["trump_card"]])[0]
        if card not in hands[self.dealer]:
            raise SetupError(
                _("the trump card {card} must be in the dealer's hand ({name})").format(
                    card=card.code, name=self.names[self.dealer]
                )
            )
        return {"trump_card": card}

    def _extra_cards(self, extra: dict[str, Any]) -> list[Card]:
        """Cards in ``extra`` that are not in any hand (the kitty); the duplicate check."""
        return []

    def _start(self, hands: list[list[Card]], extra: dict[str, Any]) -> None:
        masks = [mask_of(h) for h in hands]
        self.deals.append(
            self.deal_log_class(
                number=len(self.deals) + 1,
                dealer=(self.first_dealer + len(self.deals)) % SEATS,
                # Hands in display order: a table look-up unless a hand holds a joker.
                hands=[
                    cards_in(m) if m < _JOKER_BITS else sorted(h, key=_sort_key)
                    for m, h in zip(masks, hands, strict=True)
                ],
                extra=dict(extra),
            )
        )
        self.hands = masks
        self.trump = None
        self.trick = None
        self._start_deal()

    # ------------------------------------------------------------- trick play
    def tricks_per_deal(self) -> int:
        """Tricks in one deal: the cards of a hand when play begins."""
        return 13

    def tricks_needed(self, log: DealLog | None = None) -> int | None:
        """The tricks the declaring side must take in play to make its contract, in a
        deal (the one in progress by default); ``None`` without a contract (partnership
        whist, an auction still on, a deal thrown in). Solo whist: the contract's
        target (0 for a misère: no trick at all); bid whist: 6 + the level bid, less
        the kitty book.

        >>> from kowhist_teach.games.family.solo.engine import SoloGame
        >>> from kowhist_teach.games.family.bidwhist.engine import BidWhistGame
        >>> solo, bid = SoloGame(seed=2), BidWhistGame(seed=1)
        >>> solo.tricks_needed() is None, bid.tricks_needed() is None
        (True, True)
        >>> for move in ['solo', 'pass', 'pass', 'pass']:
        ...     solo.play(move)
        >>> for move in ['pass', '4', 'pass', 'pass']:
        ...     bid.play(move)
        >>> solo.tricks_needed(), bid.tricks_needed()
        (5, 9)
        """
        log = log if log is not None else self.log
        if log is None or log.contract is None:
            return None
        return self._contract_tricks(log.contract)

    def _contract_tricks(self, contract: Any) -> int | None:
        """Subclass hook: the tricks a contract needs in play (``None``: no contracts)."""
        return None

    def _annul_deal(self) -> None:
        """Everybody passed: the deal is thrown in and the next dealer deals."""
        log = self.deals[-1]
        log.points = [0] * len(self.scores)
        log.notes.append(N_("everybody passed: the cards are thrown in"))
        self.to_move = None
        self._next_deal()

    def _game_outcome(self) -> FamilyOutcome | None:
        winner = self._game_winner()
        if winner is None:
            return None
        return FamilyOutcome(winner[0], list(self.scores), self.by_partnership, len(self.deals))

    # ------------------------------------------------------------ subclass hooks
    def _check_deal(self, hands: list[list[Card]], extra: dict[str, Any]) -> dict[str, Any]:
        """Check a given deal; return ``extra`` parsed (cards as :class:`Card`)."""
        raise NotImplementedError

    def _start_deal(self) -> None:
        """Set the phase and the player to move once the cards are dealt."""
        raise NotImplementedError

    def _game_winner(self) -> tuple[int | None] | None:
        """``None`` while the game goes on, else a 1-tuple with the winner (or ``None``
        inside the tuple for a tie)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ views
    def open_seats(self) -> list[int]:
        """Seats whose hand lies face up for everyone (misère ouverte): none by default."""
        return []

    def view(self, seat: int) -> FamilyView:
        """What ``seat`` may see now (see :class:`FamilyView`)."""
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise SetupError(_("seat must be from 0 to {last}").format(last=3))
        log = self.log
        played = [c for t in (log.tricks if log else []) for _s, c in t.plays]
        return FamilyView(
            seat=seat,
            hand=self.hand(seat),
            open_hands={s: self.hand(s) for s in self.open_seats() if s != seat},
            hand_sizes=[h.bit_count() for h in self.hands],
            trump=self.trump,
            trump_card=log.extra.get("trump_card") if log else None,
            dealer=self.dealer,
            calls=list(log.calls) if log else [],
            declarer=log.declarer if log else None,
            contract=log.contract if log else None,
            trick=list(self.trick.plays) if self.trick else [],
            played=played,
            tricks_won=self.tricks_won,
            scores=list(self.scores),
            to_move=self.to_move,
            phase=self.phase,
        )

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} deal {len(self.deals)} {self.phase.value} "
            f"scores {self.scores} to_move={self.to_move}>"
        )


def _sort_key(card: Card) -> tuple[int, int]:
    """♠♥♦♣, high first; jokers (indices 52, 53) first, big joker first."""
    if card >= 52:
        return (-1, -int(card))
    return (card // 13, -(card % 13))
