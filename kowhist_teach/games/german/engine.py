"""German Whist: two players, a 26-card stock and two phases of 13 tricks (RULES.md §3).

In phase 1 every trick also buys a card: the winner takes the face-up stock card, the
loser the next one, unseen, and the next stock card is turned up.  In phase 2 the hands
built so are played out.  The game is a state machine shaped like
:class:`~kowhist_teach.games.knockout.engine.KnockoutGame`: ``to_move``, ``legal_moves()``,
``play()``, ``undo()``, ``clone()``, ``outcome()``, and an explicit chance event, the
deal (made from a seeded generator, or given with :meth:`GermanGame.deal`).

Where RULES.md §3 and seed 003 are silent, the engine does this:

* **Deal**: the non-dealer gets the 1st, 3rd … 25th card, the dealer the 2nd … 26th;
  the 27th card is ``stock[0]``, turned up: its suit is trump for the whole hand.
* **Drawn hand**: 13–13 under ``all26`` is a draw (``winner`` ``None``, 0 points).
  Under ``last13`` the 13 phase-2 tricks cannot tie.
* **no_trumps** (RULES.md §3: "stock face down, no trump suit"): no card is turned up
  and there is no trump suit. The trick winner takes the top stock card and the loser
  the next, each seen only by its taker. With ``open_stock = k`` ≥ 2 as well, the k
  cards lie face up as in the open-stock game (the two variants combined), still with
  no trump suit.
* **open_stock = k** (1..26): the first k cards of the stock lie face up, in stock
  order.  The trick winner picks any of them (a move; in a record, an action right
  after the trick's second card); the loser takes the first face-down card; when none
  is face down (the last tricks, when k ≥ 2), the face-up card turned up longest ago,
  i.e. the first in line — and, being face up, that card is public.  Then cards are
  turned up from the top to show k again.  Trumps come from ``stock[0]`` alone.
* **race_to = r** (1..13): tricks are counted as the scoring counts them (all of them
  under ``all26``, phase 2 only under ``last13``).  The hand ends the moment a trick
  gives a player r: no stock card is taken after it, and the racer scores 1 point.
  If the 26 tricks end with nobody at r (possible only under ``last13`` with r > 7),
  the scoring rule decides the winner *and* the points as without a race.
* **Seen cards**: a card taken face up is public; one taken face down only its taker
  knows.  :meth:`GermanGame.view` gives the opponent's known cards: the face-up cards
  they took and still hold, and once the stock is empty their whole hand.

>>> import random
>>> game = GermanGame(seed=1)
>>> rng = random.Random(2)
>>> while game.outcome() is None:
...     game.play(rng.choice(game.legal_moves()))
>>> sum(game.outcome().tricks_won), len(game.tricks)
(26, 26)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...core.cards import (
    ALL_CARDS,
    FULL_DECK,
    SUIT_MASK,
    BadCard,
    Card,
    Suit,
    cards_in,
    cards_of_suit,
    mask_of,
    parse_card,
)
from ...core.game import RuleOptions, TrickGame, read_players
from ...core.moves import Call, IllegalMove, Move, SetupError, parse_card_move
from ...core.tricks import Trick
from ...i18n import N_, _

__all__ = [
    "GermanRules",
    "GermanGame",
    "GermanPhase",
    "GermanTermination",
    "GermanOutcome",
    "GermanView",
    "deal_deck",
    "HAND_SIZE",
    "STOCK_SIZE",
]

#: Cards dealt to each player.
HAND_SIZE = 13
#: Cards in the stock after the deal (and tricks in each phase: two stock cards a trick).
STOCK_SIZE = 26
_PHASE_TRICKS = 13
_ALL_TRICKS = 26
_SCORINGS = ("all26", "last13")


@dataclass(frozen=True)
class GermanRules(RuleOptions):
    """The options of German Whist; ``GermanRules()`` is the game of RULES.md §3.

    >>> GermanRules(scoring='last13').to_dict()
    {'scoring': 'last13'}
    >>> GermanRules.from_dict({'race_to': 7}) == GermanRules(race_to=7)
    True
    >>> GermanRules.from_dict({'open_stock': 3}).open_stock
    3
    >>> GermanRules.from_dict({'trumps': 'H'})
    Traceback (most recent call last):
    ...
    kowhist_teach.core.errors.SetupError: unknown rule option 'trumps': known options are \
no_trumps, open_stock, race_to, scoring
    >>> GermanRules(open_stock=2, no_trumps=True).to_dict()
    {'open_stock': 2, 'no_trumps': True}
    >>> GermanRules().with_options(scoring='last13').scoring
    'last13'
    """

    #: ``"all26"``: tricks of both phases count, 14 or more wins and scores tricks − 13.
    #: ``"last13"``: only the phase-2 tricks count; the winner scores the difference.
    scoring: str = "all26"
    #: How many stock cards lie face up.  1 is the classic game; with more, the trick
    #: winner picks one of them (a move) and the loser takes the first face-down card.
    open_stock: int = 1
    #: Race to this many counted tricks (7 or 9 are usual): the first to get there wins
    #: the hand at once and scores 1.  ``None``: play all 26 tricks.
    race_to: int | None = None
    #: No trump suit; the top stock card is still turned up as the first prize.
    no_trumps: bool = False

    def __post_init__(self) -> None:
        if self.scoring not in _SCORINGS:
            raise SetupError(
                _('scoring must be "all26" or "last13", not {value!r}').format(value=self.scoring)
            )
        k = self.open_stock
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= STOCK_SIZE:
            raise SetupError(
                _("open_stock must be a whole number from 1 to 26, not {value!r}").format(value=k)
            )
        r = self.race_to
        if r is not None and (not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= 13):
            raise SetupError(
                _("race_to must be a whole number from 1 to 13 (or none), not {value!r}").format(
                    value=r
                )
            )
        self._check_bool("no_trumps")


_DEFAULT_RULES = GermanRules()


class GermanPhase(Enum):
    """What the game is waiting for.

    >>> GermanGame(auto_chance=False).phase
    <GermanPhase.DEAL: 'deal'>
    """

    DEAL = "deal"  #: chance: the two hands and the stock
    PLAY1 = "play1"  #: phase 1: tricks that buy stock cards
    PICK = "pick"  #: open stock: the trick winner picks one of the face-up cards
    PLAY2 = "play2"  #: phase 2: the hands as they stand are played out
    OVER = "over"


class GermanTermination(Enum):
    """How a hand ended.

    >>> GermanTermination.RACE.value
    'race'
    """

    ALL_TRICKS = "all_tricks"  #: all 26 tricks were played
    RACE = "race"  #: a player reached ``race_to`` counted tricks


_DEAL = GermanPhase.DEAL
_PLAY1 = GermanPhase.PLAY1
_PICK = GermanPhase.PICK
_PLAY2 = GermanPhase.PLAY2
_OVER = GermanPhase.OVER
# Reseeded before the deal (see GermanGame.__init__), so all games share it.
_CHANCE_RNG = random.Random()


@dataclass(frozen=True)
class GermanOutcome:
    """The end of a hand: who won (``None`` for a drawn hand), the points and the tricks.

    ``tricks_won`` counts the tricks of both phases whatever the scoring; ``phase1_tricks``
    those of phase 1 alone.

    >>> o = GermanOutcome(None, 0, [13, 13], [6, 7], GermanTermination.ALL_TRICKS)
    >>> o.is_draw, o.phase2_tricks
    (True, [7, 6])
    """

    winner: int | None
    points: int
    tricks_won: list[int]
    phase1_tricks: list[int]
    termination: GermanTermination

    @property
    def is_draw(self) -> bool:
        """Whether the hand was drawn (13–13 under ``all26``)."""
        return self.winner is None

    @property
    def phase2_tricks(self) -> list[int]:
        """The tricks each player took in phase 2."""
        return [t - p for t, p in zip(self.tricks_won, self.phase1_tricks, strict=True)]


@dataclass(frozen=True)
class GermanView:
    """What one seat may see: their own hand, the face-up stock, everything played and
    what each player was *seen* to take from the stock.

    A face-up card taken from the stock is public; a face-down one is known only to the
    player who took it (``own_unseen``); the other seat sees only how many
    (``unseen_taken``).  ``opponent_known`` lists the opponent's cards this seat can be
    sure of: the face-up cards they took and still hold — and, once the stock is empty,
    their whole hand (every other card has been seen).

    >>> g = GermanGame(seed=4)
    >>> v = g.view(0)
    >>> len(v.hand), v.face_up == [g.stock[0]], v.stock_size, v.opponent_known
    (13, True, 26, [])
    """

    seat: int
    hand: list[Card]
    hand_sizes: list[int]
    trump: Suit | None
    face_up: list[Card]
    stock_size: int
    dealer: int
    phase: GermanPhase
    to_move: int | None
    trick: list[tuple[int, Card]]
    played: list[Card]
    tricks_won: list[int]
    phase1_tricks: list[int]
    seen_taken: list[list[Card]]
    unseen_taken: list[int]
    own_unseen: list[Card]
    opponent_known: list[Card]


def deal_deck(deck: Sequence[Card], dealer: int = 0) -> tuple[list[list[Card]], list[Card]]:
    """Deal a shuffled deck: 13 cards each, one at a time starting with the non-dealer;
    the other 26 cards are the stock, top first (``stock[0]`` is turned up).

    >>> hands, stock = deal_deck(ALL_CARDS, dealer=0)
    >>> hands[1][:2], hands[0][:2], stock[0], len(stock)
    ([Card('2S'), Card('4S')], [Card('3S'), Card('5S')], Card('2D'), 26)
    """
    if len(deck) != 52:
        raise SetupError(_("a pack has 52 cards, not {n}").format(n=len(deck)))
    hands: list[list[Card]] = [[], []]
    # The non-dealer gets the 1st, 3rd, 5th … card; the dealer the 2nd, 4th … 26th.
    hands[1 - dealer] = list(deck[0 : 2 * HAND_SIZE : 2])
    hands[dealer] = list(deck[1 : 2 * HAND_SIZE : 2])
    return hands, list(deck[2 * HAND_SIZE :])


class GermanGame(TrickGame):
    """A hand of German Whist.

    With a ``seed`` the game deals by itself (the same seed, the same deal); with
    ``auto_chance=False`` it waits for :meth:`deal`.  ``players`` is 2 or a list of two
    names.  Hands are card sets (ints) in ``hands``; ``stock`` lists the cards still in
    the stock, top first, the first ``rules.open_stock`` of them face up; ``dealt_hands``
    and ``dealt_stock`` keep the deal as it was.

    ``tricks`` lists the tricks in order (:class:`~kowhist_teach.core.tricks.Trick`; the last
    one is the trick in play, empty until its lead), ``trick`` is the last of them, and
    ``winner_took[i]`` / ``loser_took[i]`` are the stock cards taken after trick ``i``
    (``None`` in phase 2, and until they are taken).  ``tricks_won`` counts the tricks
    of both phases, ``phase1_tricks`` those of phase 1.

    >>> g = GermanGame(seed=7)
    >>> g.phase, g.to_move, len(g.hand(0)), len(g.stock), g.trump == g.stock[0].suit
    (<GermanPhase.PLAY1: 'play1'>, 1, 13, 26, True)
    """

    _parse_move = staticmethod(parse_card_move)  # cards only: no calls in German Whist
    _waiting_for_chance = N_("no player is to move: the cards must be dealt first")

    def __init__(
        self,
        rules: GermanRules | None = None,
        seed: int | None = None,
        first_dealer: int = 0,
        *,
        auto_chance: bool = True,
        players: int | list[str] = 2,
    ) -> None:
        n, self._names = read_players(players)
        if n != 2:
            raise SetupError(_("German Whist is for exactly 2 players"))
        self.rules = rules if rules is not None else _DEFAULT_RULES
        if not isinstance(self.rules, GermanRules):
            raise SetupError(_("rules must be a GermanRules object"))
        if (
            not isinstance(first_dealer, int)
            or isinstance(first_dealer, bool)
            or first_dealer not in (0, 1)
        ):
            raise SetupError(_("first_dealer must be a seat from 0 to {last}").format(last=1))
        self.n = 2
        self.seed = seed
        self.first_dealer = first_dealer
        self.auto_chance = auto_chance
        # As in KnockoutGame: the deal draws from a generator seeded with (seed, k), so it
        # depends on the seed alone; undo and clone replay the log and need no RNG state.
        self._rng = _CHANCE_RNG if auto_chance else None
        self._chance_base = seed if seed is not None else random.randrange(1 << 62)
        self._log: list[Any] = []  # moves and the deal, for undo and clone
        self._reset()
        self._resolve_chance()

    # ------------------------------------------------------------------ state
    def _reset(self) -> None:
        self.phase = _DEAL
        self.to_move: int | None = None
        self.hands: list[int] = [0, 0]
        self.stock: list[Card] = []
        self.trump: Suit | None = None
        self._trump_int = -1  # the trump suit as an int for the hot path; -1 = none
        self.dealt_hands: list[list[Card]] = []
        self.dealt_stock: list[Card] = []
        self.trick: Trick | None = None
        self.tricks: list[Trick] = []
        self.winner_took: list[Card | None] = []
        self.loser_took: list[Card | None] = []
        self.tricks_won = [0, 0]
        self.phase1_tricks = [0, 0]
        self._outcome: GermanOutcome | None = None
        self._chance_count = 0

    @property
    def names(self) -> list[str]:
        """The players' names ("Player 1", "Player 2" in the chosen language unless named).

        >>> GermanGame(seed=1, players=['Ann', 'Bo']).names
        ['Ann', 'Bo']
        """
        if self._names is not None:
            return list(self._names)
        return [_("Player {n}").format(n=i + 1) for i in range(2)]

    @property
    def players(self) -> int | list[str]:
        """What a record's ``players`` holds: 2, or the two names.

        >>> GermanGame(seed=1).players
        2
        """
        return list(self._names) if self._names is not None else 2

    @property
    def dealer(self) -> int:
        """The dealer of this hand (the non-dealer leads the first trick).

        >>> GermanGame(seed=1, first_dealer=1).dealer
        1
        """
        return self.first_dealer

    @property
    def face_up_count(self) -> int:
        """How many stock cards lie face up: ``open_stock`` (one in the classic game),
        none in the no-trumps game with a closed stock.

        >>> GermanGame(seed=3, rules=GermanRules(no_trumps=True)).face_up_count
        0
        """
        rules = self.rules
        return 0 if rules.no_trumps and rules.open_stock == 1 else rules.open_stock

    def taken_face_up(self, i: int) -> tuple[bool, bool]:
        """Whether the stock cards taken after trick ``i`` lay face up, so both players
        saw them: (the winner's, the loser's). The winner's is face up unless the stock
        is closed (no trumps); trick ``i`` draws from a stock of 26 − 2i cards, and when
        no more than the face-up count are left, the loser's card is face up too.

        >>> GermanGame(seed=1).taken_face_up(0), GermanGame(seed=1).taken_face_up(12)
        ((True, False), (True, False))
        >>> GermanGame(seed=1, rules=GermanRules(open_stock=3)).taken_face_up(12)
        (True, True)
        """
        k = self.face_up_count
        return k > 0, STOCK_SIZE - 2 * i <= k

    @property
    def face_up(self) -> list[Card]:
        """The face-up stock cards, in stock order (one in the classic game, none in the
        no-trumps game).

        >>> g = GermanGame(seed=3, rules=GermanRules(open_stock=3))
        >>> g.face_up == g.stock[:3]
        True
        >>> GermanGame(seed=3, rules=GermanRules(no_trumps=True)).face_up
        []
        """
        return self.stock[: self.face_up_count]

    @property
    def counted_tricks(self) -> list[int]:
        """The tricks that count under the scoring rule (phase 2 only under ``last13``).

        >>> GermanGame(seed=1).counted_tricks
        [0, 0]
        """
        if self.rules.scoring == "all26":
            return list(self.tricks_won)
        return [t - p for t, p in zip(self.tricks_won, self.phase1_tricks, strict=True)]

    @property
    def chance_pending(self) -> tuple[str, list[int]] | None:
        """``('deal', [0, 1])`` while the cards are to be dealt, else ``None``.

        >>> GermanGame(auto_chance=False).chance_pending
        ('deal', [0, 1])
        """
        return ("deal", [0, 1]) if self.phase is _DEAL else None

    def _resolve_chance(self) -> None:
        rng = self._rng
        if rng is None or self.phase is not _DEAL:
            return
        self._chance_count += 1
        rng.seed(self._chance_base * 10007 + self._chance_count)
        rand = rng.random
        keys = [rand() for _i in range(52)]
        deck = sorted(ALL_CARDS, key=keys.__getitem__)  # a shuffle, faster than shuffle()
        hands, stock = deal_deck(deck, self.dealer)
        self._log.append(("deal", hands, stock))
        self._deal(hands, stock)

    def deal(self, hands: Sequence[Sequence[Card | str]], stock: Sequence[Card | str]) -> None:
        """Chance: give each seat its 13 cards and lay out the 26-card stock, top first.

        Raises :class:`IllegalMove` (one line) if the deal is not 13 + 13 + 26 distinct
        cards; the game is unchanged.

        >>> from kowhist_teach.core.cards import card_codes
        >>> g = GermanGame(auto_chance=False)
        >>> g.deal([card_codes(ALL_CARDS[1:26:2]), card_codes(ALL_CARDS[0:26:2])],
        ...        card_codes(ALL_CARDS[26:]))
        >>> g.trump, g.face_up, g.to_move
        (<Suit.DIAMONDS: 2>, [Card('2D')], 1)
        """
        if self.phase is not _DEAL:
            raise IllegalMove(_("no deal is due now"))
        parsed_hands, parsed_stock = self._check_deal(hands, stock)
        self._chance_count += 1
        self._log.append(("deal", parsed_hands, parsed_stock))
        self._deal(parsed_hands, parsed_stock)

    @staticmethod
    def _parse(cards: Sequence[Card | str]) -> list[Card]:
        try:
            # parse_card, not Card(): a record writes cards as text, and Card(5) would
            # quietly read a number as a card index.
            return [c if type(c) is Card else parse_card(c) for c in cards]
        except BadCard as e:
            raise IllegalMove(str(e)) from None

    def _check_deal(
        self, hands: Sequence[Sequence[Card | str]], stock: Sequence[Card | str]
    ) -> tuple[list[list[Card]], list[Card]]:
        if not isinstance(hands, (list, tuple)) or len(hands) != 2:
            raise IllegalMove(_("the deal needs one hand per seat: {n} hands").format(n=2))
        seen = 0
        parsed: list[list[Card]] = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, (list, tuple)):
                raise IllegalMove(
                    _("hand of seat {seat} must be a list of cards").format(seat=seat)
                )
            cards = self._parse(hand)
            if len(cards) != HAND_SIZE:
                raise IllegalMove(
                    _("seat {seat} must be dealt {want} cards, not {got}").format(
                        seat=seat, want=HAND_SIZE, got=len(cards)
                    )
                )
            for c in cards:
                if seen >> c & 1:
                    raise IllegalMove(
                        _("{card} is dealt twice: a pack holds each card once").format(card=c.code)
                    )
                seen |= 1 << c
            parsed.append(cards)
        if not isinstance(stock, (list, tuple)):
            raise IllegalMove(_("the stock must be a list of cards"))
        pile = self._parse(stock)
        if len(pile) != STOCK_SIZE:
            raise IllegalMove(
                _("the stock must hold {want} cards, not {got}").format(
                    want=STOCK_SIZE, got=len(pile)
                )
            )
        for c in pile:
            if seen >> c & 1:
                raise IllegalMove(
                    _("{card} is dealt twice: a pack holds each card once").format(card=c.code)
                )
            seen |= 1 << c
        return parsed, pile

    def _deal(self, hands: list[list[Card]], stock: list[Card]) -> None:
        self.dealt_hands = [list(h) for h in hands]
        self.dealt_stock = list(stock)
        self.hands = [mask_of(h) for h in hands]
        self.stock = list(stock)
        # The first card turned up names trumps for the whole hand (unless no_trumps,
        # where it is only the first prize).
        self.trump = None if self.rules.no_trumps else stock[0].suit
        self._trump_int = -1 if self.trump is None else int(self.trump)
        self.phase = _PLAY1
        self._start_trick(1 - self.dealer)

    # ------------------------------------------------------------------ play
    def _start_trick(self, leader: int) -> None:
        trick = self.trick = Trick(leader, self.trump)
        self.tricks.append(trick)
        self.winner_took.append(None)
        self.loser_took.append(None)
        self.to_move = leader

    def legal_moves(self) -> list[Move]:
        """The moves open to the player to move, in a stable order (♠♥♦♣, high first).

        In a trick these are the cards that may be played; after an open-stock trick,
        the face-up cards the winner may pick.

        >>> moves = GermanGame(seed=3).legal_moves()
        >>> len(moves), moves == sorted(moves, key=lambda c: (c.suit, -c.rank))
        (13, True)
        """
        phase = self.phase
        if phase is _PLAY1 or phase is _PLAY2:
            hand = self.hands[self.to_move]  # type: ignore[index]
            plays = self.trick.plays  # type: ignore[union-attr]
            if plays:
                led = plays[0][1] // 13
                if hand & SUIT_MASK[led]:  # following suit: one table look-up
                    return list(cards_of_suit(hand, led))
            return cards_in(hand)
        if phase is _PICK:
            return cards_in(mask_of(self.stock[: self.rules.open_stock]))
        return []

    def play(self, move: Move | str, seat: int | None = None) -> None:
        """Play a card (or, after an open-stock trick, pick a face-up card) for the player
        to move — or for ``seat``, which must be them.

        Raises :class:`IllegalMove` saying why, and leaves the game unchanged.

        >>> g = GermanGame(seed=3)
        >>> g.play(g.legal_moves()[0])
        >>> g.play('ZZ')
        Traceback (most recent call last):
        ...
        kowhist_teach.core.errors.IllegalMove: unknown card code 'ZZ': write the rank then \
the suit, like AS, 10H or QD
        """
        if type(move) is Card and seat is None:
            phase = self.phase
            if phase is _PLAY1 or phase is _PLAY2:
                # The hot path: a legal card from the player to move, checked on the bits.
                s = self.to_move
                hand = self.hands[s]  # type: ignore[index]
                if hand >> move & 1:
                    plays = self.trick.plays  # type: ignore[union-attr]
                    if plays:
                        led = SUIT_MASK[plays[0][1] // 13]
                        ok = led >> move & 1 or not hand & led
                    else:
                        ok = True
                    if ok:
                        self._log.append(move)
                        self._play_card(s, move)  # type: ignore[arg-type]
                        return
        move = self._check(move, seat)
        self._log.append(move)
        self._apply(move)

    def why_illegal(self, move: Move | str) -> str:
        """A one-line reason why ``move`` is not legal now ("" if it is legal).

        >>> g = GermanGame(seed=3)
        >>> held = g.hand(g.to_move)
        >>> g.why_illegal(held[0])
        ''
        >>> other = next(c for c in ALL_CARDS if c not in held)
        >>> g.why_illegal(other) == f'Player 2 does not hold {other.label}'
        True
        """
        try:
            move = parse_card_move(move)
        except BadCard as e:
            return str(e)
        if self._outcome is not None:
            return _("the game is over")
        if self.to_move is None:
            return _("no player is to move: the cards must be dealt first")
        if move in self.legal_moves():
            return ""
        name = self.names[self.to_move]
        if self.phase is _PICK:
            return _(
                "{name} won the trick and must take one of the face-up stock cards: {cards}"
            ).format(name=name, cards=" ".join(c.label for c in self.legal_moves()))
        if isinstance(move, Call):
            return _("cards are being played now: {move} is not a card").format(move=move.code)
        hand = self.hands[self.to_move]
        if not hand >> move & 1:
            return _("{name} does not hold {card}").format(name=name, card=move.label)
        led = self.trick.plays[0][1].suit  # type: ignore[union-attr]
        held = cards_in(hand & SUIT_MASK[led])
        return _("must follow {suit}: you hold {cards}").format(
            suit=led.symbol, cards=" ".join(c.label for c in held)
        )

    def _apply(self, move: Move) -> None:
        if self.phase is _PICK:
            self._take(self.stock.index(move))  # type: ignore[arg-type]
        else:
            self._play_card(self.to_move, move)  # type: ignore[arg-type]

    def _play_card(self, seat: int, card: Card) -> None:
        # The engine's innermost step, kept flat: random play and search live here.
        self.hands[seat] ^= 1 << card
        trick = self.trick
        plays = trick.plays  # type: ignore[union-attr]
        plays.append((seat, card))
        if len(plays) == 1:
            trick.winner = seat  # type: ignore[union-attr]
            trick.winning_card = card  # type: ignore[union-attr]
            self.to_move = 1 - seat
            return
        best = trick.winning_card  # type: ignore[union-attr]
        cs = card // 13
        if cs == best // 13:  # type: ignore[operator]
            if card > best:  # type: ignore[operator]
                trick.winner = seat  # type: ignore[union-attr]
                trick.winning_card = card  # type: ignore[union-attr]
        elif cs == self._trump_int:
            trick.winner = seat  # type: ignore[union-attr]
            trick.winning_card = card  # type: ignore[union-attr]
        self._trick_done()

    def _trick_done(self) -> None:
        w: int = self.trick.winner  # type: ignore[union-attr, assignment]
        self.tricks_won[w] += 1
        phase1 = self.phase is _PLAY1
        if phase1:
            self.phase1_tricks[w] += 1
        race = self.rules.race_to
        if race is not None:
            won = self.tricks_won[w]
            if self.rules.scoring == "last13":  # phase-1 tricks do not count
                won -= self.phase1_tricks[w]
            if won >= race:
                # The hand ends at once: no stock card is taken after the deciding trick.
                self._finish(w, 1, GermanTermination.RACE)
                return
        if phase1:
            if self.rules.open_stock > 1 and len(self.stock) > 1:
                self.phase = _PICK  # the winner chooses among the face-up cards
                self.to_move = w
            else:
                self._take(0)
        elif len(self.tricks) == _ALL_TRICKS:
            self._finish_by_score()
        else:
            self._start_trick(w)

    def _take(self, index: int) -> None:
        """The trick winner takes ``stock[index]`` (face up); the loser takes the next."""
        w: int = self.trick.winner  # type: ignore[union-attr, assignment]
        stock = self.stock
        won = stock.pop(index)
        k = self.rules.open_stock
        # The loser takes the first face-down card; when every card left is face up (open
        # stock near the end), the one turned up longest ago, which is the first in line.
        lost = stock.pop(k - 1 if len(stock) >= k else 0)
        self.hands[w] |= 1 << won
        self.hands[1 - w] |= 1 << lost
        self.winner_took[-1] = won
        self.loser_took[-1] = lost
        self.phase = _PLAY1 if stock else _PLAY2
        # The winner leads the next trick — in phase 2 too, for the last phase-1 trick.
        self._start_trick(w)

    def _finish_by_score(self) -> None:
        c = self.counted_tricks
        if c[0] == c[1]:
            self._finish(None, 0, GermanTermination.ALL_TRICKS)
            return
        w = 0 if c[0] > c[1] else 1
        points = c[w] - 13 if self.rules.scoring == "all26" else c[w] - c[1 - w]
        self._finish(w, points, GermanTermination.ALL_TRICKS)

    def _finish(self, winner: int | None, points: int, how: GermanTermination) -> None:
        self.phase = _OVER
        self.to_move = None
        self._outcome = GermanOutcome(
            winner, points, list(self.tricks_won), list(self.phase1_tricks), how
        )

    # ------------------------------------------------------- undo and clone
    def _replay_chance(self, event: tuple[Any, ...]) -> None:
        self._chance_count += 1
        self._deal(event[1], event[2])

    # ------------------------------------------------------------------ views
    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (the full state: both hands are visible here).

        >>> len(GermanGame(seed=1).hand(0))
        13
        """
        return cards_in(self.hands[seat])

    def view(self, seat: int) -> GermanView:
        """What ``seat`` may see now (see :class:`GermanView`).

        >>> g = GermanGame(seed=4)
        >>> g.view(1).hand == g.hand(1), g.view(1).trump == g.trump
        (True, True)
        """
        if seat not in (0, 1):
            raise ValueError(_("there is no seat {seat}: the seats are 0 and 1").format(seat=seat))
        seen: list[list[Card]] = [[], []]
        unseen = [0, 0]
        own_unseen: list[Card] = []
        for i, won in enumerate(self.winner_took):
            if won is None:
                continue
            w = self.tricks[i].winner
            assert w is not None
            won_public, lost_public = self.taken_face_up(i)
            if won_public:
                seen[w].append(won)
            else:  # a closed stock (no trumps): only the winner saw their card
                unseen[w] += 1
                if w == seat:
                    own_unseen.append(won)
            lost = self.loser_took[i]
            assert lost is not None
            if lost_public:
                seen[1 - w].append(lost)
            else:
                unseen[1 - w] += 1
                if 1 - w == seat:
                    own_unseen.append(lost)
        played = [c for t in self.tricks for _s, c in t.plays]
        opp = 1 - seat
        if self.phase is _DEAL:
            known = 0
        elif not self.stock:
            # Every card not in one's own hand, not played, not in the stock is theirs.
            known = FULL_DECK & ~self.hands[seat] & ~mask_of(played)
        else:
            known = mask_of(seen[opp]) & ~mask_of(played)
        return GermanView(
            seat=seat,
            hand=self.hand(seat),
            hand_sizes=[h.bit_count() for h in self.hands],
            trump=self.trump,
            face_up=self.face_up,
            stock_size=len(self.stock),
            dealer=self.dealer,
            phase=self.phase,
            to_move=self.to_move,
            trick=list(self.trick.plays) if self.trick is not None else [],
            played=played,
            tricks_won=list(self.tricks_won),
            phase1_tricks=list(self.phase1_tricks),
            seen_taken=seen,
            unseen_taken=unseen,
            own_unseen=own_unseen,
            opponent_known=cards_in(known),
        )

    def __repr__(self) -> str:
        if self._outcome is not None:
            state = f"winner={self._outcome.winner}, points={self._outcome.points}"
        else:
            state = f"phase={self.phase.value}, to_move={self.to_move}"
        return f"<GermanGame {state}, tricks_won={self.tricks_won}>"

    def __str__(self) -> str:
        lines = [
            _("German Whist: dealer {d}, trumps {t}, stock {s}, face up {up}").format(
                d=self.names[self.dealer],
                t=self.trump.symbol if self.trump is not None else _("none"),
                s=len(self.stock),
                up=" ".join(c.label for c in self.face_up) or "-",
            )
        ]
        tricks_word = _("tricks")
        for s in range(2):
            mark = "*" if s == self.to_move else " "
            cards = " ".join(c.label for c in self.hand(s)) or "-"
            lines.append(
                f"{mark} {self.names[s]:<10} {tricks_word} {self.tricks_won[s]:>2}  {cards}"
            )
        if self.trick is not None and self.trick.plays:
            lines.append(
                _("On the table: {cards}").format(
                    cards=" ".join(c.label for _s, c in self.trick.plays)
                )
            )
        return "\n".join(lines)
