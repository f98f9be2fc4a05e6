"""German Whist for three players with a dummy hand (seed 003's "rare 3-player version
with a dummy hand"; the rules are written in ``docs/rules.md``).

Pagat and the seed give no rules, so this package plays German Whist's stock phase on
the classic three-handed whist table with a dummy:

* **Table**: three players (seats 0..2) and a dummy hand (:data:`DUMMY`, hand 3) sitting
  opposite the dealer. Clockwise from the dealer: the dealer, the player on the dealer's
  left, the dummy, the player on the dealer's right. The dealer plays the dummy's cards:
  dealer and dummy are one side (side 0), the other two players the other (side 1).
* **Deal**: six cards to each of the four hands, one at a time clockwise from the
  dealer's left; the other 28 cards are the stock, face down; its top card is turned up
  and its suit is trump for the whole hand.
* **The dummy's cards** lie face up from the deal: everybody sees them, and the cards it
  takes from the stock (:meth:`GermanDummyGame.view`).
* **Phase 1**: seven tricks, the player on the dealer's left leading the first, every
  hand following suit if it can (RULES.md §1). The trick's winner takes the face-up stock
  card; each of the other three hands, clockwise from the winner, takes the next card,
  face down (the dummy's is shown); the next stock card is turned up and the winner
  leads. Seven tricks empty the stock (4 × 7 = 28).
* **Phase 2**: the last six tricks with the hands as they stand; the winner of the last
  phase-1 trick leads.
* **Result**: the side taking 7 or more of the 13 tricks wins the hand and scores the
  tricks over six; each player on it scores them (the dealer alone for the dealer's
  side). ``scores`` are by seat.

>>> import random
>>> game = GermanDummyGame(seed=3)
>>> rng = random.Random(1)
>>> while game.outcome() is None:
...     game.play(rng.choice(game.legal_moves()))
>>> sum(game.outcome().side_tricks), len(game.tricks)
(13, 13)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import (
    ALL_CARDS,
    SUIT_MASK,
    BadCard,
    Card,
    Suit,
    cards_in,
    mask_of,
    parse_card,
)
from ...core.game import TrickGame, read_players
from ...core.moves import IllegalMove, Move, SetupError, parse_card_move
from ...core.tricks import Trick
from ...i18n import N_, _
from .engine import GermanPhase, GermanRules

__all__ = ["GermanDummyGame", "GermanDummyOutcome", "GermanDummyView", "DUMMY"]

#: The dummy's hand number (seats 0..2 are the players).
DUMMY = 3
_HAND = 6
_STOCK = 28
_PHASE1_TRICKS = 7
_TRICKS = 13


@dataclass(frozen=True)
class GermanDummyOutcome:
    """The end of a hand: the winning side (0: the dealer and the dummy), the points
    (tricks over six), the tricks by side and the scores by seat."""

    winning_side: int
    points: int
    side_tricks: list[int]
    scores: list[int]

    @property
    def winners(self) -> list[int]:
        """The seats on the winning side."""
        return [s for s in range(3) if self.scores[s] > 0]

    @property
    def winning_seats(self) -> tuple[int, ...]:
        """The seats on the winning side, as ``simulate`` counts a win for each (a
        side here is one seat or two, so there is no single ``winner``)."""
        return tuple(self.winners)


@dataclass(frozen=True)
class GermanDummyView:
    """What one seat may see: their own hand, the dummy's hand (face up for everybody),
    the face-up stock card, the trick (as ``(hand, card)``), the tricks by side, and
    ``hand_sizes`` of the four hands."""

    seat: int
    hand: list[Card]
    dummy: list[Card]
    hand_sizes: list[int]
    trump: Suit | None
    face_up: list[Card]
    stock_size: int
    dealer: int
    phase: GermanPhase
    to_move: int | None
    hand_to_play: int | None
    trick: list[tuple[int, Card]]
    played: list[Card]
    side_tricks: list[int]
    own_side: int


class GermanDummyGame(TrickGame):
    """A hand of three-player German Whist with a dummy (see the module's docstring).

    ``hands`` are four card sets (the players', then the dummy's); ``to_move`` is the
    seat who acts (the dealer when the dummy plays) and ``hand_to_play`` the hand whose
    card is played.

    >>> g = GermanDummyGame(seed=2, first_dealer=1)
    >>> g.order, g.to_move, g.hand_to_play, len(g.stock), g.side_of(3), g.side_of(1)
    ([1, 2, 3, 0], 2, 2, 28, 0, 0)
    """

    _parse_move = staticmethod(parse_card_move)
    _waiting_for_chance = N_("no player is to move: the cards must be dealt first")

    def __init__(
        self,
        rules: GermanRules | None = None,
        seed: int | None = None,
        first_dealer: int = 0,
        *,
        auto_chance: bool = True,
        players: int | list[str] = 3,
    ) -> None:
        n, self._names = read_players(players)
        if n != 3:
            raise SetupError(_("German Whist with a dummy is for exactly 3 players"))
        self.rules = rules if rules is not None else GermanRules()
        if self.rules != GermanRules():
            raise SetupError(_("German Whist with a dummy is played with the classic rules only"))
        if not isinstance(first_dealer, int) or first_dealer not in (0, 1, 2):
            raise SetupError(_("first_dealer must be a seat from 0 to {last}").format(last=2))
        self.n = 3
        self.seed = seed
        self.first_dealer = first_dealer
        self.auto_chance = auto_chance
        d = first_dealer
        #: The hands in clockwise order from the dealer: dealer, left, dummy, right.
        self.order = [d, (d + 1) % 3, DUMMY, (d + 2) % 3]
        self._rng = random.Random() if auto_chance else None
        self._chance_base = seed if seed is not None else random.randrange(1 << 62)
        self._log: list[Any] = []
        self._reset()
        self._resolve_chance()

    # ---------------------------------------------------------------- state
    def _reset(self) -> None:
        self.phase = GermanPhase.DEAL
        self.to_move: int | None = None
        self.hand_to_play: int | None = None
        self.hands: list[int] = [0, 0, 0, 0]
        self.stock: list[Card] = []
        self.trump: Suit | None = None
        self.trick: Trick | None = None
        self.tricks: list[Trick] = []
        self.side_tricks = [0, 0]
        self.dealt_hands: list[list[Card]] = []
        self.dealt_stock: list[Card] = []
        self._pos = 0
        self._outcome: GermanDummyOutcome | None = None

    @property
    def names(self) -> list[str]:
        """The players' names ("Player 1" … unless named)."""
        if self._names is not None:
            return list(self._names)
        return [_("Player {n}").format(n=i + 1) for i in range(3)]

    @property
    def players(self) -> int | list[str]:
        """What a record's ``players`` holds: 3, or the three names.

        >>> GermanDummyGame(seed=1).players
        3
        """
        return list(self._names) if self._names is not None else 3

    @property
    def hand_names(self) -> list[str]:
        """The name of every hand that plays cards, by the number a trick's plays use:
        the three players, then "Dummy" (the names :attr:`names` cannot give, as it
        lists the players only).

        >>> GermanDummyGame(seed=1).hand_names[3]
        'Dummy'
        """
        return [*self.names, _("Dummy")]

    @property
    def tricks_won(self) -> list[int]:
        """The tricks won by each seat's side, by seat (the dealer's count includes the
        dummy's tricks; the two opponents share theirs).

        >>> GermanDummyGame(seed=1).tricks_won
        [0, 0, 0]
        """
        return [self.side_tricks[self.side_of(s)] for s in range(3)]

    @property
    def dealer(self) -> int:
        """The dealer, who plays the dummy."""
        return self.first_dealer

    def side_of(self, hand: int) -> int:
        """The side of a hand: 0 for the dealer and the dummy, 1 for the other two."""
        return 0 if hand in (self.dealer, DUMMY) else 1

    def player_of(self, hand: int) -> int:
        """The seat who plays a hand (the dealer plays the dummy)."""
        return self.dealer if hand == DUMMY else hand

    @property
    def face_up(self) -> list[Card]:
        """The face-up stock card (none once the stock is empty)."""
        return self.stock[:1]

    @property
    def chance_pending(self) -> tuple[str, list[int]] | None:
        """``('deal', [0, 1, 2, 3])`` while the cards are to be dealt, else ``None``."""
        return ("deal", [0, 1, 2, DUMMY]) if self.phase is GermanPhase.DEAL else None

    # ---------------------------------------------------------------- chance
    def _resolve_chance(self) -> None:
        rng = self._rng
        if rng is None or self.phase is not GermanPhase.DEAL:
            return
        rng.seed(self._chance_base * 10007 + 3)
        keys = [rng.random() for _i in range(52)]
        deck = sorted(ALL_CARDS, key=keys.__getitem__)
        hands: list[list[Card]] = [[], [], [], []]
        deal_order = self.order[1:] + self.order[:1]  # from the dealer's left
        for i, card in enumerate(deck[: 4 * _HAND]):
            hands[deal_order[i % 4]].append(card)
        stock = deck[4 * _HAND :]
        self._log.append(("deal", hands, stock))
        self._deal(hands, stock)

    def deal(self, hands: Sequence[Sequence[Card | str]], stock: Sequence[Card | str]) -> None:
        """Chance: the four hands of six (the players', then the dummy's) and the
        28-card stock, top first."""
        if self.phase is not GermanPhase.DEAL:
            raise IllegalMove(_("no deal is due now"))
        if not isinstance(hands, (list, tuple)) or len(hands) != 4:
            raise IllegalMove(_("the deal needs one hand per seat: {n} hands").format(n=4))
        try:
            parsed = [[c if type(c) is Card else parse_card(c) for c in h] for h in hands]
            pile = [c if type(c) is Card else parse_card(c) for c in stock]
        except BadCard as e:
            raise IllegalMove(str(e)) from None
        for seat, cards in enumerate(parsed):
            if len(cards) != _HAND:
                raise IllegalMove(
                    _("seat {seat} must be dealt {want} cards, not {got}").format(
                        seat=seat, want=_HAND, got=len(cards)
                    )
                )
        if len(pile) != _STOCK:
            raise IllegalMove(
                _("the stock must hold {want} cards, not {got}").format(want=_STOCK, got=len(pile))
            )
        every = [c for h in parsed for c in h] + pile
        if len(set(every)) != 52:
            twice = next(c for c in every if every.count(c) > 1)
            raise IllegalMove(
                _("{card} is dealt twice: a pack holds each card once").format(card=twice.code)
            )
        self._log.append(("deal", parsed, pile))
        self._deal(parsed, pile)

    def _deal(self, hands: list[list[Card]], stock: list[Card]) -> None:
        self.dealt_hands = [list(h) for h in hands]
        self.dealt_stock = list(stock)
        self.hands = [mask_of(h) for h in hands]
        self.stock = list(stock)
        self.trump = stock[0].suit
        self.phase = GermanPhase.PLAY1
        self._start_trick(self.order[1])

    def _replay_chance(self, event: tuple[Any, ...]) -> None:
        self._deal(event[1], event[2])

    # ---------------------------------------------------------------- play
    def _start_trick(self, leader: int) -> None:
        self.trick = Trick(leader, self.trump)
        self.tricks.append(self.trick)
        i = self.order.index(leader)
        self._trick_order = self.order[i:] + self.order[:i]
        self._pos = 0
        self._to_play(leader)

    def _to_play(self, hand: int) -> None:
        self.hand_to_play = hand
        self.to_move = self.player_of(hand)

    def _legal_mask(self) -> int:
        hand = self.hands[self.hand_to_play]  # type: ignore[index]
        plays = self.trick.plays  # type: ignore[union-attr]
        if plays:
            suited = hand & SUIT_MASK[plays[0][1].suit]
            return suited or hand
        return hand

    def legal_moves(self) -> list[Move]:
        """The cards the hand to play may play, ♠♥♦♣ high first."""
        if self.phase not in (GermanPhase.PLAY1, GermanPhase.PLAY2):
            return []
        return cards_in(self._legal_mask())

    def why_illegal(self, move: Move | str) -> str:
        """A one-line reason why ``move`` is not legal now ("" if it is legal)."""
        try:
            move = parse_card_move(move)
        except BadCard as e:
            return str(e)
        if self._outcome is not None:
            return _("the game is over")
        if self.to_move is None:
            return _(self._waiting_for_chance)
        if move in self.legal_moves():
            return ""
        if not isinstance(move, Card):
            return _("cards are being played now: {move} is not a card").format(move=move.code)
        hand = self.hands[self.hand_to_play]  # type: ignore[index]
        if not hand >> move & 1:
            if self.hand_to_play == DUMMY:
                return _("the dummy does not hold {card}").format(card=move.label)
            name = self.names[self.to_move]
            return _("{name} does not hold {card}").format(name=name, card=move.label)
        led = self.trick.plays[0][1].suit  # type: ignore[union-attr]
        return _("must follow {suit}: you hold {cards}").format(
            suit=led.symbol, cards=" ".join(c.label for c in cards_in(hand & SUIT_MASK[led]))
        )

    def play(self, move: Move | str, seat: int | None = None) -> None:
        """Play a card from the hand to play (the dealer plays the dummy's)."""
        move = self._check(move, seat)
        self._log.append(move)
        self._apply(move)

    def _apply(self, move: Move) -> None:
        hand: int = self.hand_to_play  # type: ignore[assignment]
        card: Card = move  # type: ignore[assignment]
        self.hands[hand] ^= 1 << card
        trick = self.trick
        assert trick is not None
        plays = trick.plays
        if not plays:
            trick.winner, trick.winning_card = hand, card
        else:
            best = trick.winning_card
            assert best is not None
            if card.suit == best.suit:
                if card > best:
                    trick.winner, trick.winning_card = hand, card
            elif card.suit == self.trump:
                trick.winner, trick.winning_card = hand, card
        plays.append((hand, card))
        self._pos += 1
        if self._pos < 4:
            self._to_play(self._trick_order[self._pos])
        else:
            self._trick_done()

    def _trick_done(self) -> None:
        w: int = self.trick.winner  # type: ignore[union-attr, assignment]
        self.side_tricks[self.side_of(w)] += 1
        if self.phase is GermanPhase.PLAY1:
            # The winner takes the face-up card, the others the next cards face down,
            # clockwise from the winner.
            i = self.order.index(w)
            for hand in self.order[i:] + self.order[:i]:
                self.hands[hand] |= 1 << self.stock.pop(0)
            if not self.stock:
                self.phase = GermanPhase.PLAY2
        elif len(self.tricks) == _TRICKS:
            self._finish()
            return
        self._start_trick(w)

    def _finish(self) -> None:
        side = 0 if self.side_tricks[0] >= 7 else 1
        points = self.side_tricks[side] - 6
        scores = [points if self.side_of(s) == side else 0 for s in range(3)]
        self.phase = GermanPhase.OVER
        self.to_move = self.hand_to_play = None
        self._outcome = GermanDummyOutcome(side, points, list(self.side_tricks), scores)

    def stock_takes(self) -> list[tuple[int, Card, bool]]:
        """Every stock card taken so far, in the order taken: ``(hand, card, face_up)``,
        four after each trick of phase 1 (the winner's face-up card first, then one
        face down to each other hand clockwise from the winner).

        >>> g = GermanDummyGame(seed=5)
        >>> for _i in range(4):
        ...     g.play(g.legal_moves()[0])
        >>> takes = g.stock_takes()
        >>> [face_up for _h, _c, face_up in takes], takes[0][0] == g.tricks[0].winner
        ([True, False, False, False], True)
        """
        takes: list[tuple[int, Card, bool]] = []
        for k, trick in enumerate(self.tricks[:_PHASE1_TRICKS]):
            if len(trick.plays) < 4:  # the trick in progress: nothing taken yet
                break
            i = self.order.index(trick.winner)  # type: ignore[arg-type]
            clockwise = self.order[i:] + self.order[:i]
            cards = self.dealt_stock[4 * k : 4 * k + 4]
            takes += [(h, c, h == trick.winner) for h, c in zip(clockwise, cards, strict=True)]
        return takes

    # ---------------------------------------------------------------- views
    def hand(self, seat: int) -> list[Card]:
        """The cards of a hand (0..2 a player's, 3 the dummy's)."""
        return cards_in(self.hands[seat])

    def view(self, seat: int) -> GermanDummyView:
        """What ``seat`` may see: their hand, the dummy's (face up), the table."""
        if seat not in (0, 1, 2):
            raise ValueError(
                _("there is no seat {seat}: the seats are 0, 1 and 2").format(seat=seat)
            )
        return GermanDummyView(
            seat=seat,
            hand=self.hand(seat),
            dummy=self.hand(DUMMY),
            hand_sizes=[h.bit_count() for h in self.hands],
            trump=self.trump,
            face_up=self.face_up,
            stock_size=len(self.stock),
            dealer=self.dealer,
            phase=self.phase,
            to_move=self.to_move,
            hand_to_play=self.hand_to_play,
            trick=list(self.trick.plays) if self.trick is not None else [],
            played=[c for t in self.tricks for _h, c in t.plays],
            side_tricks=list(self.side_tricks),
            own_side=self.side_of(seat),
        )

    def __repr__(self) -> str:
        return f"<GermanDummyGame phase={self.phase.value}, side_tricks={self.side_tricks}>"
