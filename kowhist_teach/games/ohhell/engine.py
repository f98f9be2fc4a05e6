"""Oh Hell: 3 to 7 players, each for themselves; every deal each player bids the exact
number of tricks they will take (RULES.md §5, Pagat's rules; OpenSpiel's ``oh_hell``
is the differential peer).

**Deals.** The hand sizes follow ``OhHellRules.hand_sizes`` (by default 7 down to 1 and
back up to 7: 13 deals). The deal passes left each time. The cards are dealt one at a
time from the dealer's left; the next card of the pack is turned face up and its suit
is trumps. When the hands use up the pack (4 players with 13 cards) no card is left to
turn and the deal is played at no trumps.

**Bidding.** From the dealer's left, each player bids once, from 0 to the hand size
(the bids are calls ``Call('0')`` … ``Call('13')``). Under the *hook* rule (on by
default) the dealer, who bids last, may not make the bids add up to the number of
tricks, so that someone must fail.

**Play.** The player left of the dealer leads the first trick; RULES.md §1 (follow suit
if you can, the highest trump or else the highest card of the led suit wins, the winner
leads).

**Scoring.** ``scoring="pagat"`` (the default): an exact bid scores 10 + the bid, any
other result 0. ``scoring="openspiel"``: one point per trick taken, plus 10 for an exact
bid (OpenSpiel's ``oh_hell`` with its default options). After the last deal the highest
total wins; players level at the top share the win.

>>> import random
>>> game = OhHellGame(players=4, seed=3)
>>> game.phase, game.hand_size, game.to_move == (game.dealer + 1) % 4
(<OhHellPhase.BID: 'bid'>, 7, True)
>>> game.legal_moves()[:3]
[Call('0'), Call('1'), Call('2')]
>>> rng = random.Random(1)
>>> while not game.is_over():
...     game.play(rng.choice(game.legal_moves()))
>>> len(game.deals), game.outcome().scores == game.scores
(13, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ...core.bids import hook_barred, open_bids, parse_bid_move, why_bid_illegal
from ...core.cards import ALL_CARDS, BadCard, Card, Suit, cards_in, mask_of, parse_card
from ...core.deals import DealGame
from ...core.game import read_players
from ...core.moves import Move, SetupError
from ...core.tricks import Trick
from ...i18n import N_, _
from .rules import BIDS, MAX_HAND, SCORINGS, OhHellRules, bid_call, bid_value, deal_points

__all__ = [
    "OhHellRules",
    "OhHellGame",
    "OhHellPhase",
    "OhHellDealLog",
    "OhHellOutcome",
    "OhHellView",
    "SCORINGS",
    "MAX_HAND",
    "BIDS",
    "bid_call",
    "bid_value",
    "deal_points",
]


class OhHellPhase(Enum):
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
class OhHellDealLog:
    """One deal as it went: the cards dealt, the bids, the tricks and the score.

    ``hands`` are the hands as dealt (seat order); ``trump_card`` the card turned up
    (``None`` when the hands used up the pack); ``bids`` by seat (``None`` until made);
    ``calls`` the ``(seat, bid)`` moves in order; ``points`` what each seat scored this
    deal, ``None`` until the deal is over.
    """

    number: int
    dealer: int
    hand_size: int
    hands: list[list[Card]]
    trump_card: Card | None
    trump: Suit | None
    bids: list[int | None]
    calls: list[tuple[int, Move]] = field(default_factory=list)
    leader: int | None = None
    tricks: list[Trick] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    points: list[int] | None = None

    @property
    def extra(self) -> dict[str, Any]:
        """The deal's own part of a record: the turned-up card (as the family's logs)."""
        return {"trump_card": self.trump_card}


@dataclass(frozen=True)
class OhHellOutcome:
    """How a game of Oh Hell ended: the final ``scores`` by seat, the ``winners`` (all
    seats level on the highest total) and ``winner``, the one winner or ``None`` when
    the win is shared."""

    winner: int | None
    winners: tuple[int, ...]
    scores: list[int]
    deals: int


@dataclass(frozen=True)
class OhHellView:
    """What one seat may see: their own hand and the public state (the bids, the
    turned-up card, the cards played, the tricks and the scores)."""

    seat: int
    hand: list[Card]
    hand_sizes: list[int]
    hand_size: int
    deal: int
    trump: Suit | None
    trump_card: Card | None
    dealer: int
    bids: list[int | None]
    trick: list[tuple[int, Card]]
    played: list[Card]
    tricks_won: list[int]
    scores: list[int]
    to_move: int | None
    phase: OhHellPhase


_BID = OhHellPhase.BID


class OhHellGame(DealGame):
    """A game of Oh Hell (see the module's docstring for the rules).

    ``players`` is a count (3..7) or a list of names. With a ``seed`` the game deals by
    itself (the same seed, the same deals); with ``auto_chance=False`` it waits for
    :meth:`deal`, which is how records replay.

    >>> g = OhHellGame(players=3, rules=OhHellRules(hand_sizes=[2]), auto_chance=False)
    >>> g.deal([['AS', 'KS'], ['QS', '2H'], ['3H', '4H']], trump_card='5H')
    >>> g.to_move, [m.code for m in g.legal_moves()]
    (1, ['0', '1', '2'])
    >>> for bid in ['1', '0']:
    ...     g.play(bid)
    >>> g.why_illegal('1')
    "the dealer may not bid 1: the bids would add up to 2, the deal's tricks (the hook)"
    """

    #: The record's ``"game"`` value.
    game_name = "ohhell"
    #: The game's name for people (a catalogue key).
    title = N_("Oh Hell")
    #: The rules dataclass of the game.
    rules_class = OhHellRules
    phases = OhHellPhase

    _parse_move = staticmethod(parse_bid_move)

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        rules: OhHellRules | None = None,
        seed: int | None = None,
        first_dealer: int = 0,
        *,
        auto_chance: bool = True,
    ) -> None:
        n, self._names = read_players(players)
        self._read_rules(rules)
        if not 3 <= n <= 7:
            raise SetupError(_("Oh Hell is for 3 to 7 players, not {n}").format(n=n))
        biggest = max(self.rules.hand_sizes)
        if n * biggest > 52:
            raise SetupError(
                _("{n} players with {h} cards each need {need} cards, but a pack has 52").format(
                    n=n, h=biggest, need=n * biggest
                )
            )
        self._begin(n, seed, first_dealer, auto_chance)

    # ------------------------------------------------------------------ state
    @property
    def eldest(self) -> int:
        """The player left of the dealer: first to bid and to lead."""
        return (self.dealer + 1) % self.n

    @property
    def hand_size(self) -> int:
        """Cards per hand in the deal in progress (or about to be dealt)."""
        sizes = self.rules.hand_sizes
        done = max(len(self.deals) - (self.phase is not OhHellPhase.DEAL), 0)
        return sizes[min(done, len(sizes) - 1)]

    @property
    def bids(self) -> list[int | None]:
        """Each seat's bid in the deal in progress (``None`` until made)."""
        return list(self.deals[-1].bids) if self.deals else [None] * self.n

    def tricks_per_deal(self) -> int:
        """Tricks in the deal in progress: the hand size."""
        if self.phase is OhHellPhase.PLAY:  # asked after every trick: the deal's own
            return self.deals[-1].hand_size
        return self.hand_size

    # ------------------------------------------------------------------ chance
    def _draw_deal(self, rng: random.Random) -> tuple[list[list[Card]], Card | None]:
        # The top of a shuffled pack: the hands, then the card to turn (if one is left).
        deck = rng.sample(ALL_CARDS, min(self.n * self.hand_size + 1, len(ALL_CARDS)))
        hands, extra = self._deal_cards(deck)
        return hands, extra["trump_card"]

    def _deal_cards(self, deck: list[Card]) -> tuple[list[list[Card]], dict[str, Any]]:
        """The deal from the top of a shuffled pack: one card at a time from the
        dealer's left, then the next card is turned up (if one is left)."""
        n, size, dealer = self.n, self.hand_size, self.dealer
        hands: list[list[Card]] = [[] for _s in range(n)]
        for i in range(n * size):
            hands[(dealer + 1 + i) % n].append(deck[i])
        return hands, {"trump_card": deck[n * size] if n * size < len(deck) else None}

    def deal(
        self, hands: Sequence[Sequence[Card | str]], trump_card: Card | str | None = None
    ) -> None:
        """Deal these hands (seat order) and turn up ``trump_card`` for the next deal:
        for records and lessons, with ``auto_chance=False``. ``trump_card`` is ``None``
        only when the hands use up the pack. Raises :class:`SetupError` saying what is
        wrong, and leaves the game unchanged.
        """
        self._check_dealing()
        n, size = self.n, self.hand_size
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise SetupError(_("a deal needs one hand for each of the {n} seats").format(n=n))
        parsed = [self._parse_cards(h) for h in hands]
        for seat, hand in enumerate(parsed):
            if len(hand) != size:
                raise SetupError(
                    _("this deal gives {h} cards each: {name} was dealt {got}").format(
                        h=size, name=self.names[seat], got=len(hand)
                    )
                )
        turned = None
        if trump_card is not None:
            turned = self._parse_cards([trump_card])[0]
        if turned is None and n * size < 52:
            raise SetupError(_("a card is left after the deal: give the trump_card turned up"))
        if turned is not None and n * size == 52:
            raise SetupError(
                _("the hands use up the pack: no card is left to turn up (trump_card null)")
            )
        self._deal_checked(parsed, turned, [turned] if turned is not None else [])

    def _parse_cards(self, cards: Any) -> list[Card]:
        if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
            raise SetupError(_("a hand must be a list of card codes"))
        try:
            # Strings read as codes and cards by their code: a joker is refused either way.
            return [parse_card(c if isinstance(c, str) else Card(c).code) for c in cards]
        except BadCard as e:
            raise SetupError(str(e)) from None

    def _start(self, hands: list[list[Card]], trump_card: Card | None) -> None:
        n = self.n
        dealer = (self.first_dealer + len(self.deals)) % n
        trump = trump_card.suit if trump_card is not None else None
        masks = [mask_of(h) for h in hands]
        self.deals.append(
            OhHellDealLog(
                number=len(self.deals) + 1,
                dealer=dealer,
                hand_size=self.rules.hand_sizes[len(self.deals)],
                hands=[cards_in(m) for m in masks],
                trump_card=trump_card,
                trump=trump,
                bids=[None] * n,
                tricks_won=[0] * n,
            )
        )
        self.hands = masks
        self.trump = trump
        self.trick = None
        self.phase = _BID
        self.to_move = (dealer + 1) % n

    # ------------------------------------------------------------- the bids
    def _call_moves(self) -> list[Move]:
        """The bids open to the bidder, from 0 up (the hook may bar one for the dealer)."""
        log = self.deals[-1]
        size = log.hand_size
        if self.rules.hook and self.to_move == log.dealer:
            return open_bids(size, barred=hook_barred(size, log.bids))
        return open_bids(size)

    def _why_call_illegal(self, move: Move) -> str:
        name = self.names[self.to_move]  # type: ignore[index]
        return why_bid_illegal(move, name, self.deals[-1].hand_size)

    def _apply_call(self, move: Move) -> None:
        log = self.deals[-1]
        seat: int = self.to_move  # type: ignore[assignment]
        log.bids[seat] = bid_value(move)
        if seat == log.dealer:  # the dealer bids last: play begins
            self._start_play((log.dealer + 1) % self.n)
        else:
            self.to_move = (seat + 1) % self.n

    # ------------------------------------------------------------- a deal's end
    def _score_deal(self) -> list[int]:
        log = self.deals[-1]
        scoring = self.rules.scoring
        points = [
            deal_points(bid, won, scoring)  # type: ignore[arg-type]
            for bid, won in zip(log.bids, log.tricks_won, strict=True)
        ]
        for s, p in enumerate(points):
            self.scores[s] += p
        self.trick = None
        return points

    def _game_outcome(self) -> OhHellOutcome | None:
        """After the last deal the highest total wins; players level at the top share."""
        if len(self.deals) != len(self.rules.hand_sizes):
            return None
        top = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == top)
        return OhHellOutcome(
            winners[0] if len(winners) == 1 else None,
            winners,
            list(self.scores),
            len(self.deals),
        )

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> OhHellView:
        """What ``seat`` may see now (see :class:`OhHellView`)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise SetupError(_("seat must be from 0 to {last}").format(last=self.n - 1))
        log = self.log
        in_deal = self.phase is not OhHellPhase.DEAL and log is not None
        return OhHellView(
            seat=seat,
            hand=self.hand(seat),
            hand_sizes=[h.bit_count() for h in self.hands],
            hand_size=self.hand_size,
            deal=len(self.deals) - 1 if in_deal else len(self.deals),
            trump=self.trump if in_deal else None,
            trump_card=log.trump_card if in_deal and log else None,
            dealer=self.dealer,
            bids=self.bids if in_deal else [None] * self.n,
            trick=list(self.trick.plays) if self.trick else [],
            played=[c for t in (log.tricks if in_deal and log else []) for _s, c in t.plays],
            tricks_won=self.tricks_won if in_deal else [0] * self.n,
            scores=list(self.scores),
            to_move=self.to_move,
            phase=self.phase,
        )

    def __repr__(self) -> str:
        return (
            f"<OhHellGame players={self.n} deal {len(self.deals)} {self.phase.value} "
            f"scores {self.scores} to_move={self.to_move}>"
        )
