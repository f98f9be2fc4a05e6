"""Spades: four players in two fixed partnerships (seats 0 and 2 against 1 and 3) bid
the tricks they will take, spades always trumps, deal after deal to a target score
(docs/rules.md, "Spades"; OpenSpiel's ``spades`` is the differential peer).

**Deals.** The whole pack, one card at a time from the dealer's left; the deal passes
left each time.

**Bidding.** From the dealer's left each player bids once, ``0`` (nil: no trick at
all) to ``13``; two partners together bid at most 13. A side's contract is its two
bids together.

**Play.** The player left of the dealer leads the first trick; follow suit if you can;
the highest spade, else the highest card of the suit led, wins; the winner leads. A
spade may not be led until spades are *broken* (a spade has been played in the deal)
unless the leader holds nothing but spades (``SpadesRules.spade_lead``).

**Scoring** (:func:`~kowhist_teach.games.spades.rules.side_score`), by side: a contract
made scores 10 a trick bid and 1 a trick over (a bag), every 10 bags cost 100; a
contract not made loses 10 a trick bid; a nil made wins 100, failed loses 100. The game
ends when a side reaches ``target`` (500) or falls to ``mercy`` (-350): the higher
total wins, level totals play on.

>>> import random
>>> game = SpadesGame(seed=3)
>>> game.phase, game.to_move == (game.dealer + 1) % 4, game.trump
(<SpadesPhase.BID: 'bid'>, True, <Suit.SPADES: 0>)
>>> game.legal_moves()[:3]
[Call('0'), Call('1'), Call('2')]
>>> rng = random.Random(1)
>>> while not game.is_over():
...     game.play(rng.choice(game.legal_moves()))
>>> game.outcome().by_partnership, game.outcome().scores == game.scores
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ...core.bids import parse_bid_move
from ...core.cards import ALL_CARDS, SUIT_MASK, BadCard, Card, Suit, cards_in, mask_of, parse_card
from ...core.deals import DealGame
from ...core.game import read_players
from ...core.moves import Move, SetupError
from ...core.partnerships import OPPOSITE
from ...core.tricks import Trick
from ...i18n import N_, _
from .rules import BIDS, MAX_BID, SideScore, SpadesRules, bags_of, bid_value, side_score

__all__ = [
    "SEATS",
    "SpadesRules",
    "SpadesGame",
    "SpadesPhase",
    "SpadesDealLog",
    "SpadesOutcome",
    "SpadesView",
    "SIDES",
    "partner_of",
]

#: Spades is for four players.
SEATS = 4
_SPADES = SUIT_MASK[Suit.SPADES]


#: The sides: partners opposite, seats 0 and 2 against seats 1 and 3 (the spec declares
#: them; the layers above read them there).
SIDES = OPPOSITE
partner_of = SIDES.partner


class SpadesPhase(Enum):
    """What the game waits for."""

    #: Chance: the cards are to be dealt.
    DEAL = "deal"
    #: A bid.
    BID = "bid"
    #: Cards are played to tricks.
    PLAY = "play"
    #: The game has ended.
    OVER = "over"


@dataclass
class SpadesDealLog:
    """One deal as it went: the hands dealt (seat order), the bids by seat (``None``
    until made; ``0`` is nil), the ``(seat, bid)`` calls in order, the tricks, the
    tricks won by seat, and once it is scored, the ``points`` by side and each side's
    :class:`~kowhist_teach.games.spades.rules.SideScore` (``sides``)."""

    number: int
    dealer: int
    hands: list[list[Card]]
    bids: list[int | None]
    trump: Suit = Suit.SPADES
    calls: list[tuple[int, Move]] = field(default_factory=list)
    leader: int | None = None
    tricks: list[Trick] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=lambda: [0] * SEATS)
    broken_at: int | None = None
    points: list[int] | None = None
    sides: list[SideScore] | None = None

    @property
    def extra(self) -> dict[str, Any]:
        """The deal's own part of a record beyond its hands: none."""
        return {}

    @property
    def side_tricks(self) -> list[int]:
        """Tricks won by side (0: seats 0 and 2; 1: seats 1 and 3)."""
        return SIDES.by_side(self.tricks_won)

    @property
    def contracts(self) -> list[int | None]:
        """Each side's contract, its two bids together (``None`` until both are made)."""
        b = self.bids
        return [
            None if b[s] is None or b[s + 2] is None else b[s] + b[s + 2]  # type: ignore[operator]
            for s in (0, 1)
        ]


@dataclass(frozen=True)
class SpadesOutcome:
    """How a game of Spades ended: ``winner`` is a side (0: seats 0 and 2; 1: seats 1
    and 3), ``scores`` the final totals by side, after ``deals`` deals."""

    winner: int | None
    scores: list[int]
    deals: int
    #: The winner is a partnership (the layers above name it as a side).
    by_partnership: bool = True


@dataclass(frozen=True)
class SpadesView:
    """What one seat may see: their own hand and the public state."""

    seat: int
    hand: list[Card]
    hand_sizes: list[int]
    trump: Suit | None
    trump_card: Card | None
    dealer: int
    bids: list[int | None]
    trick: list[tuple[int, Card]]
    played: list[Card]
    spades_broken: bool
    tricks_won: list[int]
    scores: list[int]
    bags: list[int]
    to_move: int | None
    phase: SpadesPhase


_BID = SpadesPhase.BID


def _parse_spades_move(move: Move | str) -> Move:
    """Core's :func:`~kowhist_teach.core.bids.parse_bid_move`, and ``nil`` for the bid 0.

    >>> _parse_spades_move(' Nil ') is BIDS[0], _parse_spades_move('10h')
    (True, Card('10H'))
    """
    if isinstance(move, str) and move.strip().lower() == "nil":
        return BIDS[0]
    return parse_bid_move(move)


class SpadesGame(DealGame):
    """A game of Spades (see the module's docstring for the rules).

    ``players`` is 4 or a list of four names. With a ``seed`` the game deals by itself
    (the same seed, the same deals); with ``auto_chance=False`` it waits for
    :meth:`deal`, which is how records replay.

    >>> g = SpadesGame(auto_chance=False)
    >>> hands = [[c for c in ALL_CARDS if c % 4 == s] for s in range(4)]
    >>> g.deal(hands)
    >>> g.to_move, g.legal_moves()[-1]
    (1, Call('13'))
    """

    #: The record's ``"game"`` value.
    game_name = "spades"
    #: The game's name for people (a catalogue key).
    title = N_("Spades")
    #: The rules dataclass of the game.
    rules_class = SpadesRules
    phases = SpadesPhase

    _parse_move = staticmethod(_parse_spades_move)

    def __init__(
        self,
        players: int | Sequence[str] = SEATS,
        rules: SpadesRules | None = None,
        seed: int | None = None,
        first_dealer: int = 0,
        *,
        auto_chance: bool = True,
    ) -> None:
        n, self._names = read_players(players)
        self._read_rules(rules)
        if n != SEATS:
            raise SetupError(_("Spades is for 4 players, not {n}").format(n=n))
        self._begin(n, seed, first_dealer, auto_chance)

    # ------------------------------------------------------------------ state
    def _new_scores(self) -> list[int]:
        return [0, 0]

    @property
    def bids(self) -> list[int | None]:
        """Each seat's bid in the deal in progress (``None`` until made; ``0``: nil)."""
        return list(self.deals[-1].bids) if self.deals else [None] * SEATS

    @property
    def bags(self) -> list[int]:
        """Each side's bags: its overtricks since its last penalty."""
        return [bags_of(s, self.rules.bags) for s in self.scores]

    @property
    def spades_broken(self) -> bool:
        """Whether a spade has been played in the deal in progress."""
        log = self.log
        return log is not None and log.broken_at is not None

    def tricks_per_deal(self) -> int:
        """Thirteen: the whole pack is dealt."""
        return 13

    # ------------------------------------------------------------------ chance
    def _draw_deal(self, rng: random.Random) -> tuple[list[list[Card]], None]:
        hands, _extra = self._deal_cards(rng.sample(ALL_CARDS, len(ALL_CARDS)))
        return hands, None

    def _deal_cards(self, deck: list[Card]) -> tuple[list[list[Card]], dict[str, Any]]:
        """The whole pack dealt one card at a time from the dealer's left."""
        hands: list[list[Card]] = [[] for _s in range(SEATS)]
        for i, card in enumerate(deck[:52]):
            hands[(self.dealer + 1 + i) % SEATS].append(card)
        return hands, {}

    def deal(self, hands: Sequence[Sequence[Card | str]]) -> None:
        """Deal these hands (seat order, 13 cards each) for the next deal: for records
        and lessons, with ``auto_chance=False``. Raises :class:`SetupError` saying what
        is wrong, and leaves the game unchanged."""
        self._check_dealing()
        if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
            raise SetupError(_("a deal needs one hand for each of the {n} seats").format(n=SEATS))
        parsed = [self._parse_cards(h) for h in hands]
        for seat, hand in enumerate(parsed):
            if len(hand) != 13:
                raise SetupError(
                    _("this deal gives {h} cards each: {name} was dealt {got}").format(
                        h=13, name=self.names[seat], got=len(hand)
                    )
                )
        self._deal_checked(parsed, None, [])

    def _parse_cards(self, cards: Any) -> list[Card]:
        if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
            raise SetupError(_("a hand must be a list of card codes"))
        try:
            return [parse_card(c if isinstance(c, str) else Card(c).code) for c in cards]
        except BadCard as e:
            raise SetupError(str(e)) from None

    def _start(self, hands: list[list[Card]], rest: Any) -> None:
        dealer = (self.first_dealer + len(self.deals)) % SEATS
        masks = [mask_of(h) for h in hands]
        self.deals.append(
            SpadesDealLog(
                number=len(self.deals) + 1,
                dealer=dealer,
                hands=[cards_in(m) for m in masks],
                bids=[None] * SEATS,
            )
        )
        self.hands = masks
        self.trump = Suit.SPADES
        self.trick = None
        self.phase = _BID
        self.to_move = (dealer + 1) % SEATS

    # ------------------------------------------------------------- the bids
    def _call_moves(self) -> list[Move]:
        """The bids open to the bidder, nil first: at most what the partner left of 13."""
        partner = self.deals[-1].bids[partner_of(self.to_move)]  # type: ignore[arg-type]
        return list(BIDS[: MAX_BID + 1 - (partner or 0)])

    def _why_call_illegal(self, move: Move) -> str:
        name = self.names[self.to_move]  # type: ignore[index]
        bid = bid_value(move)
        if bid is None:
            if isinstance(move, Card):
                return _("{name} must bid before the cards are played: nil or 1 to 13").format(
                    name=name
                )
            return _("{move} is not a bid: bid nil or the tricks you will take, 1 to 13").format(
                move=move.code
            )
        partner = self.deals[-1].bids[partner_of(self.to_move)] or 0  # type: ignore[arg-type]
        return _(
            "partners bid 13 tricks at most together: your partner bid {partner}, so bid "
            "at most {most}"
        ).format(partner=partner, most=MAX_BID - partner)

    def _apply_call(self, move: Move) -> None:
        log = self.deals[-1]
        seat: int = self.to_move  # type: ignore[assignment]
        log.bids[seat] = bid_value(move)
        if seat == log.dealer:  # the dealer bids last: play begins
            self._start_play((log.dealer + 1) % SEATS)
        else:
            self.to_move = (seat + 1) % SEATS

    # ------------------------------------------------------------- trick play
    def _may_lead_spades(self, hand: int) -> bool:
        """Whether a leader holding ``hand`` may lead a spade now."""
        if not hand & ~_SPADES:
            return True  # nothing but spades
        return self.rules.spade_lead == "standard" and self.deals[-1].broken_at is not None

    def _card_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        plays = self.trick.plays  # type: ignore[union-attr]
        if plays:
            return hand & SUIT_MASK[plays[0][1] // 13] or hand
        return hand if self._may_lead_spades(hand) else hand & ~_SPADES

    def _play_card(self, seat: int, card: Card) -> None:
        log = self.deals[-1]
        if log.broken_at is None and card // 13 == Suit.SPADES:
            log.broken_at = len(log.tricks) - 1
        super()._play_card(seat, card)

    def _why_card_illegal(self, card: Card) -> str:
        if self.trick is not None and not self.trick.plays:
            if self.rules.spade_lead == "openspiel":
                return _("a spade may be led only from a hand of nothing but spades")
            return _(
                "spades are not broken yet: lead another suit while you hold one (no spade "
                "has been played in this deal)"
            )
        return super()._why_card_illegal(card)

    # ------------------------------------------------------------- a deal's end
    def _score_deal(self) -> list[int]:
        log = self.deals[-1]
        bids: list[int] = log.bids  # type: ignore[assignment]
        log.sides = [
            side_score(
                (bids[s], bids[s + 2]),
                (log.tricks_won[s], log.tricks_won[s + 2]),
                self.scores[s],
                self.rules.bags,
            )
            for s in (0, 1)
        ]
        points = [side.points for side in log.sides]
        for s in (0, 1):
            self.scores[s] += points[s]
        self.trick = None
        return points

    def _game_outcome(self) -> SpadesOutcome | None:
        """A side reaching the target, or falling to the mercy score, ends the game: the
        higher total wins (OpenSpiel's reading: one deal's score does, and the side
        that scored more in it wins); level totals play on."""
        rules = self.rules
        log = self.deals[-1]
        judged = log.points if rules.game_end == "openspiel" else self.scores
        assert judged is not None
        ended = False
        for s in (0, 1):
            mine, theirs = judged[s], judged[1 - s]
            if mine >= rules.target and mine > theirs:
                ended = True
            elif rules.mercy is not None and mine <= rules.mercy and mine < theirs:
                ended = True
        if not ended:
            return None
        winner = 0 if judged[0] > judged[1] else 1
        return SpadesOutcome(winner, list(self.scores), len(self.deals))

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> SpadesView:
        """What ``seat`` may see now (see :class:`SpadesView`)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
            raise SetupError(_("seat must be from 0 to {last}").format(last=SEATS - 1))
        log = self.log
        in_deal = self.phase is not SpadesPhase.DEAL and log is not None
        return SpadesView(
            seat=seat,
            hand=self.hand(seat),
            hand_sizes=[h.bit_count() for h in self.hands],
            trump=Suit.SPADES,
            trump_card=None,
            dealer=self.dealer,
            bids=self.bids if in_deal else [None] * SEATS,
            trick=list(self.trick.plays) if self.trick else [],
            played=[c for t in (log.tricks if in_deal and log else []) for _s, c in t.plays],
            spades_broken=self.spades_broken if in_deal else False,
            tricks_won=self.tricks_won if in_deal else [0] * SEATS,
            scores=list(self.scores),
            bags=self.bags,
            to_move=self.to_move,
            phase=self.phase,
        )

    def __repr__(self) -> str:
        return (
            f"<SpadesGame deal {len(self.deals)} {self.phase.value} "
            f"scores {self.scores} to_move={self.to_move}>"
        )
