"""Games played deal after deal: the machine the whist family (partnership whist, solo
whist, bid whist) and Oh Hell share, for any number of seats and no partnerships.

What it knows is game-neutral (RULES.md §1 and the chance rule of every game here):

* **chance**: each deal is one chance event, drawn from a generator seeded with the
  game's seed and the deal's number (the same seed, the same deals; undo and clone
  replay the log without generator state), or given by the game's checked ``deal``
  (records, lessons) — a card dealt twice is refused here;
* **phases**: the game's own ``Enum`` (``phases``) with at least ``DEAL`` (chance to
  act), ``PLAY`` (tricks) and ``OVER``; any other phase is a phase of calls (bids,
  trumps named, discards), which the game answers through :meth:`DealGame._call_moves`,
  :meth:`DealGame._apply_call` and :meth:`DealGame._why_call_illegal`;
* **trick play**: follow suit if you can, the highest trump or else the highest card of
  the suit led wins, the winner leads; a game may rank cards its own way (bid whist's
  downtown and jokers) through :meth:`DealGame._beats`, :meth:`DealGame._led_suit`,
  :meth:`DealGame._suit_mask` and :meth:`DealGame._card_mask`;
* a **history of deals** (``deals``, each a log with ``number``, ``dealer``, ``calls``,
  ``trump``, ``leader``, ``tricks``, ``tricks_won`` and ``points``), the running
  ``scores``, the deal passing left, undo and clone.

A game provides ``phases``, ``rules_class``, ``_draw_deal(rng)``, ``_deal_cards(deck)``,
``_start(hands, rest)`` (the deal's log and first player), ``tricks_per_deal()``, ``_score_deal()``,
``_game_outcome()`` and the three call methods; its ``__init__`` reads its players and
rules and ends with :meth:`DealGame._begin`.

>>> from kowhist_teach import OhHellGame
>>> from kowhist_teach.games.family.whist.engine import WhistGame
>>> [isinstance(g, DealGame) for g in (OhHellGame(seed=1), WhistGame(seed=1))]
[True, True]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from typing import Any, ClassVar

from ..i18n import N_, _
from .cards import ALL_CARDS, SUIT_MASK, BadCard, Card, Suit, cards_in
from .errors import SetupError
from .game import TrickGame
from .moves import Call, Move
from .tricks import Trick, beats

__all__ = ["DealGame"]

#: One generator for every game's chance: reseeded for each deal, so it holds no state
#: a game depends on.
_CHANCE_RNG = random.Random()


class DealGame(TrickGame):
    """The base of the games played deal after deal (see the module's docstring)."""

    #: The record's ``"game"`` value.
    game_name: ClassVar[str] = ""
    #: The game's name for people (a catalogue key).
    title: ClassVar[str] = ""
    #: The rules dataclass of the game.
    rules_class: ClassVar[type]
    #: The game's phases: an ``Enum`` with ``DEAL``, ``PLAY`` and ``OVER`` among them.
    phases: ClassVar[type[Enum]]
    # The three phases this class tests, read from ``phases`` when a game sets it.
    _DEAL: ClassVar[Any]
    _PLAY: ClassVar[Any]
    _OVER: ClassVar[Any]
    #: The cards of the pack (bid whist adds the jokers).
    pack: ClassVar[tuple[Card, ...]] = ALL_CARDS
    #: Whether cards rank and follow as RULES.md §1 says (set for each subclass: false
    #: when it has its own ``_beats``, ``_led_suit``, ``_suit_mask`` or ``_card_mask``).
    _plain_ranking: ClassVar[bool] = True

    _waiting_for_chance = N_("no player is to move: the cards must be dealt first")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        hooks = ("_beats", "_led_suit", "_suit_mask", "_card_mask")
        cls._plain_ranking = all(getattr(cls, h) is getattr(DealGame, h) for h in hooks)
        phases = cls.__dict__.get("phases")
        if phases is not None:
            cls._DEAL, cls._PLAY, cls._OVER = phases.DEAL, phases.PLAY, phases.OVER

    # ------------------------------------------------------------------ setup
    def _read_rules(self, rules: Any) -> None:
        """``self.rules``: ``rules``, or the defaults; a :class:`SetupError` if they are
        not the game's rules class."""
        self.rules = rules if rules is not None else self.rules_class()
        if not isinstance(self.rules, self.rules_class):
            raise SetupError(
                _("rules must be a {kind} object").format(kind=self.rules_class.__name__)
            )

    def _begin(self, n: int, seed: int | None, first_dealer: int, auto_chance: bool) -> None:
        """The end of a game's ``__init__`` (its players and rules read): check the first
        dealer, set up chance and deal the first deal (with ``auto_chance``)."""
        if (
            not isinstance(first_dealer, int)
            or isinstance(first_dealer, bool)
            or not 0 <= first_dealer < n
        ):
            raise SetupError(_("first_dealer must be a seat from 0 to {last}").format(last=n - 1))
        self.n = n
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
        self.phase = self._DEAL
        self.to_move: int | None = None
        self.hands: list[int] = [0] * self.n
        self.trump: Suit | None = None
        self.trick: Trick | None = None
        self.deals: list[Any] = []
        self.scores: list[int] = self._new_scores()
        self._outcome: Any = None
        self._reset_game()

    def _new_scores(self) -> list[int]:
        """The scores at the start: one per seat (the family's partnerships: one a side)."""
        return [0] * self.n

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
        return [_("Player {n}").format(n=i + 1) for i in range(self.n)]

    @property
    def players(self) -> int | list[str]:
        """What was passed as ``players``: the count, or the names."""
        return list(self._names) if self._names is not None else self.n

    @property
    def log(self) -> Any:
        """The deal in progress (or the last one), ``None`` before the first deal."""
        return self.deals[-1] if self.deals else None

    @property
    def dealer(self) -> int:
        """The dealer of the deal in progress (or about to be dealt): the deal passes left."""
        done = max(len(self.deals) - (self.phase is not self._DEAL), 0)
        return (self.first_dealer + done) % self.n

    @property
    def tricks(self) -> list[Trick]:
        """The tricks of the deal in progress, the trick in play last."""
        return self.deals[-1].tricks if self.deals else []

    @property
    def tricks_won(self) -> list[int]:
        """Tricks won by seat in the deal in progress."""
        return list(self.deals[-1].tricks_won) if self.deals else [0] * self.n

    @property
    def chance_pending(self) -> str | None:
        """``"deal"`` when the next deal is due (with ``auto_chance=False``), else ``None``."""
        return "deal" if self.phase is self._DEAL and self._outcome is None else None

    def tricks_per_deal(self) -> int:
        """Tricks in the deal in progress."""
        raise NotImplementedError

    # ------------------------------------------------------------------ chance
    def _resolve_chance(self) -> None:
        rng = self._rng
        if rng is None or self.phase is not self._DEAL or self._outcome is not None:
            return
        rng.seed(self._chance_base * 10007 + len(self.deals) + 1)
        hands, rest = self._draw_deal(rng)
        self._log.append(("deal", hands, rest))
        self._start(hands, rest)

    def _draw_deal(self, rng: random.Random) -> tuple[list[list[Card]], Any]:
        """The next deal drawn with ``rng`` (seeded for it): the hands by seat and the
        rest of the deal as the game logs it (a turned-up card, a kitty …)."""
        raise NotImplementedError

    def _deal_cards(self, deck: list[Card]) -> tuple[list[list[Card]], dict[str, Any]]:
        """The game's way to deal from a shuffled pack (or its top): the hands by seat
        and the deal's other part as ``deal`` takes it (``trump_card``, ``kitty`` …)."""
        raise NotImplementedError

    def _check_dealing(self) -> None:
        """A given deal is refused (:class:`SetupError`) unless one is due now."""
        if self.phase is not self._DEAL or self._outcome is not None:
            raise SetupError(_("the cards can be dealt only before a deal starts"))

    def _deal_checked(self, hands: list[list[Card]], rest: Any, loose: Sequence[Card]) -> None:
        """Deal a given deal whose hands and ``rest`` the game has checked: refuse a card
        dealt twice (among the hands and the ``loose`` cards of ``rest``), then log the
        chance event and start the deal."""
        seen = 0
        for card in [c for h in hands for c in h] + list(loose):
            if seen >> card & 1:
                raise SetupError(
                    _("{card} is dealt twice: a pack holds each card once").format(card=card.code)
                )
            seen |= 1 << card
        self._log.append(("deal", hands, rest))
        self._start(hands, rest)

    def _start(self, hands: list[list[Card]], rest: Any) -> None:
        """Start a deal: its log, the hands, the phase and the player to move."""
        raise NotImplementedError

    # ------------------------------------------------------------- the moves
    def legal_moves(self) -> list[Move]:
        """The moves open to the player to move, in a stable order (cards ♠♥♦♣, high
        first; calls in the game's order)."""
        phase = self.phase
        if phase is self._PLAY:
            return self._cards_of(self._card_mask(self.to_move))  # type: ignore[arg-type]
        if phase is self._DEAL or phase is self._OVER:
            return []
        return self._call_moves()

    #: The cards of a card set in display order (bid whist's adds its jokers): the
    #: plain function itself, as a random game asks it at every move.
    _cards_of = staticmethod(cards_in)

    def play(self, move: Move | str, seat: int | None = None) -> None:
        """Make ``move`` for the player to move (or for ``seat``, which must be them).

        Raises :class:`~kowhist_teach.core.errors.IllegalMove` saying why, and leaves
        the game unchanged.
        """
        phase = self.phase
        if type(move) is Card and seat is None and phase is self._PLAY:
            # The hot path (bots, simulations): a card the player to move may play,
            # checked on the bits; anything else takes the checked path below.
            s: int = self.to_move  # type: ignore[assignment]
            if self._card_mask(s) >> move & 1:
                self._log.append(move)
                self._play_card(s, move)
                return
        elif (
            type(move) is Call
            and seat is None
            and self.to_move is not None
            and phase is not self._PLAY
            and phase is not self._DEAL
            and phase is not self._OVER
        ):
            # The calls' hot path: a call open to the player to move (what _check
            # would find, without parsing or the reasons).
            if move in self._call_moves():
                self._log.append(move)
                self._apply(move)
                return
        move = self._check(move, seat)
        self._log.append(move)
        self._apply(move)

    def _apply(self, move: Move) -> None:
        if self.phase is self._PLAY:
            self._play_card(self.to_move, move)  # type: ignore[arg-type]
        else:
            self.deals[-1].calls.append((self.to_move, move))
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
        if self.phase is not self._PLAY:
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

    def _call_moves(self) -> list[Move]:
        """The calls (or discards) open to the player to move outside trick play."""
        raise NotImplementedError

    def _apply_call(self, move: Move) -> None:
        """Make a checked call (or discard), already added to the deal's ``calls``."""
        raise NotImplementedError

    def _why_call_illegal(self, move: Move) -> str:
        """Why a call (or discard) is not legal now."""
        raise NotImplementedError

    # ------------------------------------------------------------- trick play
    def _start_play(self, leader: int) -> None:
        """The calls are over: cards are played, ``leader`` leads the first trick."""
        self.deals[-1].leader = leader
        self.deals[-1].trump = self.trump
        self.phase = self._PLAY
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
        n = self.n
        if len(trick.plays) < n:
            self.to_move = (seat + 1) % n
            return
        log = self.deals[-1]
        winner: int = trick.winner  # type: ignore[assignment]
        log.tricks_won[winner] += 1
        if len(log.tricks) < self.tricks_per_deal() and not self._deal_decided():
            self._start_trick(winner)
            return
        self.to_move = None
        self._end_deal()

    def _deal_decided(self) -> bool:
        """Subclass hook: whether the deal ends before its last trick (a misère lost)."""
        return False

    # ------------------------------------------------------------- a deal's end
    def _end_deal(self) -> None:
        """Score the deal, then end the game or pass the deal to the left."""
        self.deals[-1].points = self._score_deal()
        self._next_deal()

    def _next_deal(self) -> None:
        """The deal is over and scored: end the game, or deal again (the deal passes left)."""
        outcome = self._game_outcome()
        if outcome is not None:
            self.phase = self._OVER
            self.to_move = None
            self._outcome = outcome
            return
        self.phase = self._DEAL
        self.trick = None
        self._resolve_chance()

    def _score_deal(self) -> list[int]:
        """Score the finished deal into ``self.scores``; return this deal's points."""
        raise NotImplementedError

    def _game_outcome(self) -> Any:
        """``None`` while the game goes on (a deal has just been scored), else the
        game's outcome."""
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
