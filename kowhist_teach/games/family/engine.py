"""The whist family's shared core: four players, whole hands dealt, an auction or
not, thirteen (or twelve) tricks, and scores kept from deal to deal (RULES.md §4).

Partnership whist (:mod:`~kowhist_teach.games.family.whist.engine`), solo whist
(:mod:`~kowhist_teach.games.family.solo.engine`) and bid whist
(:mod:`~kowhist_teach.games.family.bidwhist.engine`) are subclasses of :class:`FamilyGame`.
The base holds what they share:

* **seats** 0..3, clockwise; partners sit opposite (seats 0 and 2 are partnership 0,
  seats 1 and 3 partnership 1) — :func:`partnership`;
* **chance**: each deal is one chance event, drawn from a generator seeded with the
  game's seed and the deal's number (the same seed, the same deals), or given with
  :meth:`FamilyGame.deal` (records, lessons);
* **phases**: ``DEAL`` (chance to act) → ``BID`` / ``TRUMP`` / ``DISCARD`` (calls and
  discards, each game its own) → ``PLAY`` (tricks) → the next deal, until ``OVER``;
* **trick play**: follow suit if you can (RULES.md §1), the winner leads; a subclass may
  rank cards its own way (bid whist's downtown and jokers) through :meth:`_beats`,
  :meth:`_led_suit` and :meth:`_card_mask`;
* a **history of deals** (:class:`DealLog`), the running ``scores``, undo and clone.

A subclass provides ``_deal_cards(deck)``, ``_check_deal(hands, extra)``,
``_start_deal()``, ``_call_moves()``, ``_apply_call(move)``, ``_why_call_illegal(move)``
and ``_score_deal()``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from ...core.cards import ALL_CARDS, SUIT_MASK, BadCard, Card, Suit, cards_in, mask_of
from ...core.game import RuleOptions, TrickGame, read_players
from ...core.moves import Call, Move, SetupError
from ...core.tricks import Trick, beats
from ...i18n import N_, _

__all__ = [
    "SEATS",
    "FamilyPhase",
    "DealLog",
    "FamilyOutcome",
    "FamilyView",
    "FamilyGame",
    "FamilyRules",
    "partnership",
    "partners",
]

#: Every game of the family here is for four players.
SEATS = 4


def partnership(seat: int) -> int:
    """The partnership of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3.

    >>> [partnership(s) for s in range(4)]
    [0, 1, 0, 1]
    """
    return seat % 2


def partners(side: int) -> tuple[int, int]:
    """The two seats of a partnership.

    >>> partners(1)
    (1, 3)
    """
    return (side, side + 2)


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
        w = self.tricks_won
        return [w[0] + w[2], w[1] + w[3]]


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


_DEAL = FamilyPhase.DEAL
_PLAY = FamilyPhase.PLAY
_OVER = FamilyPhase.OVER
_CHANCE_RNG = random.Random()
#: The first bit above the 52 cards: a card set at or above it holds a joker.
_JOKER_BITS = 1 << 52


class FamilyGame(TrickGame):
    """The base of the whist family's games (see the module's docstring)."""

    #: The record's ``"game"`` value.
    game_name: ClassVar[str] = ""
    #: The game's name for people (a catalogue key).
    title: ClassVar[str] = ""
    #: The rules dataclass of the game.
    rules_class: ClassVar[type]
    #: Whether scores are kept by partnership (else by seat).
    by_partnership: ClassVar[bool] = True
    #: Whether cards rank and follow as RULES.md §1 says (set for each subclass: false
    #: when it has its own ``_beats``, ``_led_suit`` or ``_suit_mask``, as bid whist).
    _plain_ranking: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        hooks = ("_beats", "_led_suit", "_suit_mask", "_card_mask")
        cls._plain_ranking = all(getattr(cls, h) is getattr(FamilyGame, h) for h in hooks)

    #: The record of one deal (a game may keep more per deal in a subclass).
    deal_log_class: ClassVar[type[DealLog]] = DealLog
    #: The cards of the pack (bid whist adds the jokers).
    pack: ClassVar[tuple[Card, ...]] = ALL_CARDS

    _waiting_for_chance = N_("no player is to move: the cards must be dealt first")

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
        self.rules = rules if rules is not None else self.rules_class()
        if not isinstance(self.rules, self.rules_class):
            raise SetupError(
                _("rules must be a {kind} object").format(kind=self.rules_class.__name__)
            )
        if (
            not isinstance(first_dealer, int)
            or isinstance(first_dealer, bool)
            or not 0 <= first_dealer < SEATS
        ):
            raise SetupError(_("first_dealer must be a seat from 0 to {last}").format(last=3))
        self.n = SEATS
        self.seed = seed
        self.first_dealer = first_dealer
        self.auto_chance = auto_chance
        # Each deal draws from a generator seeded with (seed, deal number): the deals
        # depend on the seed alone, so undo and clone replay the log without RNG state.
        self._rng = _CHANCE_RNG if auto_chance else None
        self._chance_base = seed if seed is not None else random.randrange(1 << 62)
        self._log: list[Any] = []
        self._reset()
        self._resolve_chance()

    # ------------------------------------------------------------------ state
    def _reset(self) -> None:
        self.phase = _DEAL
        self.to_move: int | None = None
        self.hands: list[int] = [0] * SEATS
        self.trump: Suit | None = None
        self.trick: Trick | None = None
        self.deals: list[DealLog] = []
        self.scores: list[int] = [0] * (2 if self.by_partnership else SEATS)
        self._outcome: FamilyOutcome | None = None
        self._reset_game()

    def _reset_game(self) -> None:
        """Subclass hook: reset the state a game keeps beyond the base (rubbers …)."""

    @property
    def names(self) -> list[str]:
        """The players' names ("Player 1" … in the chosen language unless named).

        >>> from kowhist_teach.games.family.whist.engine import WhistGame
        >>> WhistGame(seed=1, players=['Ann', 'Bo', 'Cy', 'Di']).names[2]
        'Cy'
        """
        if self._names is not None:
            return list(self._names)
        return [_("Player {n}").format(n=i + 1) for i in range(SEATS)]

    @property
    def players(self) -> int | list[str]:
        """What was passed as ``players``: 4, or the names."""
        return list(self._names) if self._names is not None else SEATS

    @property
    def log(self) -> DealLog | None:
        """The deal in progress (or the last one), ``None`` before the first deal."""
        return self.deals[-1] if self.deals else None

    @property
    def dealer(self) -> int:
        """The dealer of the deal in progress (or about to be dealt): the deal passes left."""
        return (self.first_dealer + max(len(self.deals) - (self.phase is not _DEAL), 0)) % SEATS

    @property
    def tricks(self) -> list[Trick]:
        """The tricks of the deal in progress, the trick in play last."""
        return self.deals[-1].tricks if self.deals else []

    @property
    def tricks_won(self) -> list[int]:
        """Tricks won by seat in the deal in progress."""
        return list(self.deals[-1].tricks_won) if self.deals else [0] * SEATS

    @property
    def chance_pending(self) -> str | None:
        """``"deal"`` when the next deal is due (with ``auto_chance=False``), else ``None``."""
        return "deal" if self.phase is _DEAL and self._outcome is None else None

    # ------------------------------------------------------------------ chance
    def _resolve_chance(self) -> None:
        rng = self._rng
        if rng is None or self.phase is not _DEAL or self._outcome is not None:
            return
        rng.seed(self._chance_base * 10007 + len(self.deals) + 1)
        rand = rng.random
        keys = [rand() for _i in range(len(self.pack))]
        deck = [self.pack[i] for i in sorted(range(len(self.pack)), key=keys.__getitem__)]
        hands, extra = self._deal_cards(deck)
        self._log.append(("deal", hands, extra))
        self._start(hands, extra)

    def deal(self, hands: Sequence[Sequence[Card | str]], **extra: Any) -> None:
        """Deal these hands (seat order) for the next deal; ``extra`` is the game's own
        part of a deal (``trump_card``, ``kitty``). For records and lessons, with
        ``auto_chance=False``. Raises :class:`SetupError` saying what is wrong.
        """
        if self.phase is not _DEAL or self._outcome is not None:
            raise SetupError(_("the cards can be dealt only before a deal starts"))
        if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
            raise SetupError(_("a deal needs one hand for each of the 4 seats"))
        parsed = [self._parse_cards(h) for h in hands]
        extra = self._check_deal(parsed, dict(extra))
        seen = 0
        for card in [c for h in parsed for c in h] + self._extra_cards(extra):
            if seen >> card & 1:
                raise SetupError(
                    _("{card} is dealt twice: a deck holds each card once").format(card=card.code)
                )
            seen |= 1 << card
        self._log.append(("deal", parsed, extra))
        self._start(parsed, extra)

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

    # ------------------------------------------------------------- the moves
    def legal_moves(self) -> list[Move]:
        """The moves open to the player to move, in a stable order (cards ♠♥♦♣, high
        first; calls in the order of the auction)."""
        if self.phase is _PLAY:
            return self._cards_of(self._card_mask(self.to_move))  # type: ignore[arg-type]
        if self.phase is _DEAL or self.phase is _OVER:
            return []
        return self._call_moves()

    def _cards_of(self, mask: int) -> list[Card]:
        """The cards of a card set in display order (a subclass adds its jokers)."""
        return cards_in(mask)

    def play(self, move: Move | str, seat: int | None = None) -> None:
        """Make ``move`` for the player to move (or for ``seat``, which must be them).

        Raises :class:`IllegalMove` saying why, and leaves the game unchanged.
        """
        if type(move) is Card and seat is None and self.phase is _PLAY:
            # The hot path (bots, simulations): a card the player to move may play,
            # checked on the bits; anything else takes the checked path below.
            s: int = self.to_move  # type: ignore[assignment]
            if self._card_mask(s) >> move & 1:
                self._log.append(move)
                self._play_card(s, move)
                return
        move = self._check(move, seat)
        self._log.append(move)
        self._apply(move)

    def _apply(self, move: Move) -> None:
        if self.phase is _PLAY:
            self._play_card(self.to_move, move)  # type: ignore[arg-type]
        else:
            self.deals[-1].calls.append((self.to_move, move))  # type: ignore[arg-type]
            self._apply_call(move)

    def why_illegal(self, move: Move | str) -> str:
        """A one-line reason why ``move`` is not legal now (``""`` if it is legal)."""
        try:
            move = self._parse_move(move)
        except BadCard as e:
            return str(e)
        if self._outcome is not None:
            return _("the game is over")
        if self.to_move is None:
            return _(self._waiting_for_chance)
        if move in self.legal_moves():
            return ""
        if self.phase is not _PLAY:
            return self._why_call_illegal(move)
        name = self.names[self.to_move]
        if isinstance(move, Call):
            return _("cards are being played now: {move} is not a card").format(move=move.code)
        hand = self.hands[self.to_move]
        if not hand >> move & 1:
            return _("{name} does not hold {card}").format(name=name, card=move.label)
        return self._why_card_illegal(move)

    def _why_card_illegal(self, card: Card) -> str:
        """Why a held card may not be played now: it does not follow suit."""
        led = self._led_suit(self.trick)  # type: ignore[arg-type]
        held = self._cards_of(self._suit_mask(led) & self.hands[self.to_move])  # type: ignore[index]
        return _("must follow {suit}: you hold {cards}").format(
            suit=led.symbol if led is not None else "", cards=" ".join(c.label for c in held)
        )

    # ------------------------------------------------------------- trick play
    def _start_play(self, leader: int) -> None:
        """The auction is over: cards are played, ``leader`` leads the first trick."""
        self.deals[-1].leader = leader
        self.deals[-1].trump = self.trump
        self.phase = _PLAY
        self._start_trick(leader)

    def _start_trick(self, leader: int) -> None:
        trick = self.trick = Trick(leader, self.trump)
        self.deals[-1].tricks.append(trick)
        self.to_move = leader

    def _led_suit(self, trick: Trick) -> Suit | None:
        """The suit the others must follow (``None`` before the lead)."""
        return trick.plays[0][1].suit if trick.plays else None

    def _suit_mask(self, suit: Suit | None) -> int:
        """The cards that count as ``suit`` for following (bid whist adds jokers to trumps)."""
        return SUIT_MASK[suit] if suit is not None else 0

    def _card_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now: the led suit if they hold it, else any."""
        hand = self.hands[seat]
        if self._plain_ranking:  # the led suit straight from the first card's bits
            plays = self.trick.plays  # type: ignore[union-attr]
            return hand & SUIT_MASK[plays[0][1] // 13] or hand if plays else hand
        led = self._led_suit(self.trick)  # type: ignore[arg-type]
        if led is None:
            return hand
        return hand & self._suit_mask(led) or hand

    def _beats(self, card: Card, best: Card, trick: Trick) -> bool:
        """Whether ``card`` beats ``best``, the card winning ``trick`` so far."""
        return beats(card, best, self.trump)

    def tricks_per_deal(self) -> int:
        """Tricks in one deal: the cards of a hand when play begins."""
        return 13

    def _play_card(self, seat: int, card: Card) -> None:
        self.hands[seat] ^= 1 << card
        trick: Trick = self.trick  # type: ignore[assignment]
        best = trick.winning_card
        if best is None:
            trick.winner, trick.winning_card = seat, card
        elif self._plain_ranking:
            # RULES.md §1 inline (as tricks.beats): the same suit and higher, or a trump.
            if (card // 13 == best // 13 and card > best) or (
                card // 13 != best // 13 and card // 13 == self.trump
            ):
                trick.winner, trick.winning_card = seat, card
        elif self._beats(card, best, trick):
            trick.winner, trick.winning_card = seat, card
        trick.plays.append((seat, card))
        if len(trick.plays) < SEATS:
            self.to_move = (seat + 1) % SEATS
            return
        log = self.deals[-1]
        winner: int = trick.winner  # type: ignore[assignment]
        log.tricks_won[winner] += 1
        if len(log.tricks) < self.tricks_per_deal() and not self._deal_decided():
            self._start_trick(winner)
            return
        self.to_move = None
        self._end_deal()

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

    def _deal_decided(self) -> bool:
        """Subclass hook: whether the deal ends before its last trick (a misère lost)."""
        return False

    def _end_deal(self) -> None:
        """Score the deal, then end the game or pass the deal to the left."""
        self.deals[-1].points = self._score_deal()
        self._next_deal()

    def _annul_deal(self) -> None:
        """Everybody passed: the deal is thrown in and the next dealer deals."""
        log = self.deals[-1]
        log.points = [0] * len(self.scores)
        log.notes.append(N_("everybody passed: the cards are thrown in"))
        self.to_move = None
        self._next_deal()

    def _next_deal(self) -> None:
        """The deal is over and scored: end the game, or deal again (the deal passes left)."""
        winner = self._game_winner()
        if winner is not None:
            self._finish(winner[0])
            return
        self.phase = _DEAL
        self.trick = None
        self._resolve_chance()

    def _finish(self, winner: int | None) -> None:
        self.phase = _OVER
        self.to_move = None
        self._outcome = FamilyOutcome(
            winner, list(self.scores), self.by_partnership, len(self.deals)
        )

    # ------------------------------------------------------------ subclass hooks
    def _deal_cards(self, deck: list[Card]) -> tuple[list[list[Card]], dict[str, Any]]:
        """Split a shuffled pack into four hands and the deal's ``extra``."""
        raise NotImplementedError

    def _check_deal(self, hands: list[list[Card]], extra: dict[str, Any]) -> dict[str, Any]:
        """Check a given deal; return ``extra`` parsed (cards as :class:`Card`)."""
        raise NotImplementedError

    def _start_deal(self) -> None:
        """Set the phase and the player to move once the cards are dealt."""
        raise NotImplementedError

    def _call_moves(self) -> list[Move]:
        """The calls (or discards) open to the player to move outside trick play."""
        raise NotImplementedError

    def _apply_call(self, move: Move) -> None:
        """Make a checked call (or discard)."""
        raise NotImplementedError

    def _why_call_illegal(self, move: Move) -> str:
        """Why a call (or discard) is not legal now."""
        raise NotImplementedError

    def _score_deal(self) -> list[int]:
        """Score the finished deal into ``self.scores``; return this deal's points."""
        raise NotImplementedError

    def _game_winner(self) -> tuple[int | None] | None:
        """``None`` while the game goes on, else a 1-tuple with the winner (or ``None``
        inside the tuple for a tie)."""
        raise NotImplementedError

    # ------------------------------------------------------- undo and clone
    def _replay_chance(self, event: tuple[Any, ...]) -> None:
        self._start(event[1], event[2])

    def _rebuild(self, events: list[Any]) -> None:
        super()._rebuild(events)
        self._resolve_chance()

    # ------------------------------------------------------------------ views
    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (the full state: every hand is visible here)."""
        return self._cards_of(self.hands[seat])

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
