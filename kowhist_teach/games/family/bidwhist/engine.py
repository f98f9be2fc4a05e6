"""Bid whist: four players in two partnerships, 54 cards, an auction for books over
six, uptown, downtown or no trump (RULES.md §4, seed 004 "Bid whist").

**Pack and deal.** The 52 cards and two jokers, the little joker ``LJ`` and the big
joker ``BJ``. Twelve cards each, one at a time from the player left of the dealer;
the six cards left over are the ``kitty``, face down. The deal passes left.

**Auction.** From eldest (left of the dealer) each player has one chance: pass, or bid
higher than the bid so far. A bid is a number of books (tricks) over six, 3 to 7, and
a kind: a bare number is *uptown* (high cards win), ``L`` is *downtown* (low cards
win), ``NT`` is no trump. The ladder, low to high (:data:`BIDS`)::

    3 < 3L < 3NT < 4 < 4L < 4NT < … < 7 < 7L < 7NT

If the first three players pass, the dealer must bid (``pass`` is refused).
``BidWhistRules(min_bid=4)`` makes 4 the lowest bid.

**Trumps and the kitty.** The highest bidder is the declarer. After an uptown or
downtown bid they name the trump suit (``S``, ``H``, ``D``, ``C``); after a no-trump
bid they say ``high`` or ``low``. Then they take the kitty into their hand — shown to
everybody first in a trump contract when ``sport_kitty`` (the default) — and discard
any six of their 18 cards face down, one card per move. The discards count as the
declaring side's first book. The declarer leads to the first of 12 tricks.

**Ranking.** Uptown a suit ranks A K Q J 10 … 2; downtown A 2 3 … Q K (the ace is high
both ways). In a trump contract the jokers are the top trumps: big joker, little joker,
then the trump suit; a joker counts as a trump for following suit. At no trump the
jokers never win a trick: a joker may be played only when its holder cannot follow
suit (or when there is no suit to follow yet), and when a joker is led the next card
that is not a joker sets the suit to follow.

**Scoring.** The declaring side counts its books, the kitty book included
(:meth:`BidWhistGame.books`). Made: it scores one point per book over six. Failed: it
loses the number bid. Every score is doubled at no trump. Taking all 13 books is a
*Boston*: ``boston_points`` (7; 28 where it is "quadrupled"), doubled at no trump too.
The opponents never score. A side reaching ``+target`` (7) wins; a side reaching
``-target`` loses, and the other side wins.

Decisions where the sources are silent (seed 004, RULES.md; else Pagat's Bid Whist):

* **The kitty** is the last six cards of the shuffled pack: the seed's dealing ritual
  (kitty cards dealt during the deal, never among the first or last four) makes no
  difference to a random deal.
* **One chance each**: a player who passed, or whose bid was overcalled, does not bid
  again; the dealer may not "take" the bid at the same level (a variant Pagat names).
  A forced dealer may make any bid, not only the lowest.
* **Trumps before the kitty**: the declarer names trumps (or high / low) first and
  then takes the kitty, as the seed orders it. The kitty is shown only in a trump
  contract (``sport_kitty``); at no trump it is taken "without showing it" (seed).
* **Discards**: any six of the 18 cards, jokers included, in any contract (the seed:
  at no trump jokers "are normally discarded" — normally, not necessarily). The variant
  of swapping jokers for random discards at no trump is the option ``joker_swap``.
* **The kitty book** is counted by :meth:`BidWhistGame.books` from the moment the
  discards are made; ``tricks_won`` counts only the 12 tricks played.
* **A joker led in a trump contract** leads trumps: the others must follow with a
  trump or the other joker if they can.
* **A joker at no trump**: it may be led; the player after a joker lead (with no suit
  to follow yet) may play any card, the other joker included; if both jokers start the
  trick, the third card sets the suit.
* **A Boston** scores ``boston_points`` instead of the books over six, and is doubled
  at no trump like every score ("all scores are doubled at no trump"). With the
  default 7 a Boston in a trump contract equals its books over six.
* **The opponents never score** (the seed's rule; "in some variations" they do).
* **Game end** is checked after each deal; only the declaring side's score moves, so
  winning and losing cannot happen together.

**Variants** (seed 004, each an option of :class:`BidWhistRules`, all off by default):
``equal_bids`` (3 = 3L < 3NT < 4 = 4L …: a low bid no longer beats the high bid of its
level); ``opponents_score`` (the opponents score each book they make over six, doubled
at no trump like every score); ``joker_count=1`` (the big joker alone: 53 cards, a
five-card kitty and five discards) or ``joker_count=0`` (52 cards, a four-card kitty);
``kitty=False`` with no jokers (13 cards each, no kitty and no discards, 13 tricks, the
lowest bid one, so a bid of 1 needs seven books); ``min_bid=4`` (two jokers only);
``joker_swap`` (after the declarer's discards in a no-trump contract, each joker still
held — the declarer's too, as the seed says "every player" — is swapped for a discard
drawn at random among the discards that are not jokers, clockwise from the declarer's
left: a chance event, ``chance_pending == "swap"``, given by :meth:`BidWhistGame.swap_jokers`
when chance is not automatic); ``boston_points=28`` (a Boston "quadrupled").

>>> import random
>>> game = BidWhistGame(seed=4)
>>> game.phase.value, len(game.hand(0)), len(game.kitty)
('bid', 12, 6)
>>> rng = random.Random(2)
>>> while game.outcome() is None:
...     game.play(rng.choice(game.legal_moves()))
>>> winner = game.outcome().winner
>>> game.scores[winner] >= 7 or game.scores[1 - winner] <= -7
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ....core.cards import (
    ALL_CARDS,
    BIG_JOKER,
    JOKER_MASK,
    JOKERS,
    LITTLE_JOKER,
    SUIT_MASK,
    BadCard,
    Card,
    Suit,
    cards_in,
    mask_of,
    parse_card,
)
from ....core.moves import PASS, TRUMP_CALLS, Call, Move, SetupError, parse_move
from ....core.partnerships import OPPOSITE
from ....core.tricks import Trick
from ....i18n import N_, _, ngettext
from ..engine import (
    SEATS,
    DealLog,
    FamilyGame,
    FamilyPhase,
    FamilyRules,
    FamilyView,
)

__all__ = [
    "BidWhistGame",
    "BidWhistRules",
    "BidWhistView",
    "BIDS",
    "ALL_BIDS",
    "PACKS",
    "BID_KINDS",
    "UPTOWN",
    "DOWNTOWN",
    "NOTRUMP",
    "HIGH",
    "LOW",
    "KITTY_SIZE",
    "bid_call",
    "bid_parts",
    "bid_name",
]

#: Cards each player is dealt; also the tricks of a deal.
HAND_SIZE = 12
#: Cards in the kitty.
KITTY_SIZE = 6

#: The kinds of bid, in the order they rank at each level.
UPTOWN = "uptown"
DOWNTOWN = "downtown"
NOTRUMP = "notrump"
BID_KINDS: tuple[str, str, str] = (UPTOWN, DOWNTOWN, NOTRUMP)
_SUFFIX = {UPTOWN: "", DOWNTOWN: "L", NOTRUMP: "NT"}


def _bid(code: str) -> Call:
    # A call is one object per code: another game's bid of the same code is reused.
    return Call._instances.get(code) or Call._define(code, kind="bid")


#: Every bid of the game without a kitty (lowest bid one), low to high: ``1``, ``1L``,
#: ``1NT``, ``2`` … ``7NT``.
ALL_BIDS: tuple[Call, ...] = tuple(
    _bid(f"{level}{_SUFFIX[kind]}") for level in range(1, 8) for kind in BID_KINDS
)
#: Every bid with a kitty, low to high: ``3``, ``3L``, ``3NT``, ``4`` … ``7NT``.
BIDS: tuple[Call, ...] = ALL_BIDS[6:]
_BID_PARTS: dict[Call, tuple[int, str]] = {
    ALL_BIDS[i]: (1 + i // 3, BID_KINDS[i % 3]) for i in range(len(ALL_BIDS))
}
_BID_INDEX: dict[Call, int] = {bid: i for i, bid in enumerate(ALL_BIDS)}
# The rank of a bid when high and low bids rank equal (``equal_bids``).
_EQUAL_RANK: dict[Call, int] = {
    bid: 2 * level + (kind == NOTRUMP) for bid, (level, kind) in _BID_PARTS.items()
}
#: The packs by number of jokers: none, the big joker alone, both.
PACKS: dict[int, tuple[Card, ...]] = {
    0: ALL_CARDS,
    1: (*ALL_CARDS, BIG_JOKER),
    2: (*ALL_CARDS, *JOKERS),
}

#: After a no-trump bid: high cards win (uptown).
HIGH = Call._define("high", kind="direction")
#: After a no-trump bid: low cards win (downtown, ace still high).
LOW = Call._define("low", kind="direction")

# Downtown strength of each card within its suit (index 0..51): the ace is highest
# (13), then 2 (12), 3 (11) … king (1). Uptown strength is the index itself.
_DOWN = tuple(13 if i % 13 == 12 else 12 - i % 13 for i in range(52))
# Jokers listed first, big before little, for each value of ``mask >> 52``.
_JOKERS_FIRST: tuple[tuple[Card, ...], ...] = (
    (),
    (LITTLE_JOKER,),
    (BIG_JOKER,),
    (BIG_JOKER, LITTLE_JOKER),
)

_BID = FamilyPhase.BID
_TRUMP = FamilyPhase.TRUMP
_DISCARD = FamilyPhase.DISCARD


def bid_call(level: int, kind: str = UPTOWN) -> Call:
    """The bid of ``level`` books over six (3..7) of a kind (:data:`BID_KINDS`).

    >>> bid_call(4, DOWNTOWN), bid_call(3), bid_call(7, NOTRUMP)
    (Call('4L'), Call('3'), Call('7NT'))
    """
    if kind not in _SUFFIX or not isinstance(level, int) or not 1 <= level <= 7:
        raise ValueError(
            _(
                "a bid is 1 to 7 books over six, uptown, downtown or notrump: not {level} {kind}"
            ).format(level=level, kind=kind)
        )
    return ALL_BIDS[(level - 1) * 3 + BID_KINDS.index(kind)]


def bid_parts(call: Call) -> tuple[int, str]:
    """The level and kind of a bid.

    >>> bid_parts(Call('5NT')), bid_parts(Call('3l'))
    ((5, 'notrump'), (3, 'downtown'))
    """
    return _BID_PARTS[call]


def bid_name(call: Call) -> str:
    """A bid's name for people, in the chosen language (a pass, or bid whist's high and
    low, by their names too).

    >>> bid_name(Call('3')), bid_name(Call('4L')), bid_name(Call('7NT')), bid_name(HIGH)
    ('3 uptown', '4 downtown', '7 no trump', 'uptown')
    """
    if call is PASS:
        return _("pass")
    # After a no-trump bid "high" and "low" are said as the bids say them: one
    # vocabulary (uptown, downtown, no trump) on the buttons, in the story and summary.
    if call is HIGH:
        return _("uptown")
    if call is LOW:
        return _("downtown")
    level, kind = bid_parts(call)
    if kind == NOTRUMP:
        return _("{level} no trump").format(level=level)
    if kind == DOWNTOWN:
        return _("{level} downtown").format(level=level)
    return _("{level} uptown").format(level=level)


def _parse_bid_whist_move(move: Move | str) -> Move:
    """:func:`~kowhist_teach.core.moves.parse_move`, and the jokers ``LJ`` and ``BJ``; the
    message for an unknown move names bid whist's calls.

    >>> _parse_bid_whist_move('bj'), _parse_bid_whist_move('4nt')
    (Card('BJ'), Call('4NT'))
    """
    try:
        return parse_move(move, calls="pass, 4, 4L, 4NT, S, high, low")
    except BadCard:
        if isinstance(move, str):
            try:
                return parse_card(move, jokers=True)
            except BadCard:
                pass
        raise


@dataclass(frozen=True)
class BidWhistRules(FamilyRules):
    """The options of bid whist; ``BidWhistRules()`` is the seed's game: lowest bid 3,
    the kitty shown in trump contracts, Boston 7, game at ±7.

    >>> BidWhistRules(min_bid=4, boston_points=28).to_dict()
    {'min_bid': 4, 'boston_points': 28}
    >>> BidWhistRules.from_dict({'target': 11}).target
    11
    """

    #: The lowest bid: 3 (nine books) or 4 (ten books, "with two jokers", seed 004).
    min_bid: int = 3
    #: The declarer shows the kitty to everybody before taking it (trump contracts).
    sport_kitty: bool = True
    #: What a Boston (all 13 books) scores: 7, or 28 where it is "quadrupled".
    boston_points: int = 7
    #: A side reaching +target wins; a side reaching -target loses.
    target: int = 7
    #: High and low bids of a level rank equal (3 = 3L < 3NT < 4 = 4L …).
    equal_bids: bool = False
    #: The opponents score one point for each book they make over six.
    opponents_score: bool = False
    #: Jokers in the pack: 2 (big and little), 1 (the big joker alone: a 5-card kitty)
    #: or 0 (a 4-card kitty, or none with ``kitty=False``).
    joker_count: int = 2
    #: With no jokers, ``False`` deals 13 cards each: no kitty, 13 tricks, lowest bid one.
    kitty: bool = True
    #: At no trump every joker holder swaps it at random for one of the declarer's discards.
    joker_swap: bool = False

    def __post_init__(self) -> None:
        self._check_int("min_bid", 3, 4, allowed=(3, 4))
        self._check_bool("sport_kitty")
        self._check_int("boston_points", 1, 100)
        self._check_int("target", 1, 100)
        for name in ("equal_bids", "opponents_score", "kitty", "joker_swap"):
            self._check_bool(name)
        self._check_int("joker_count", 0, 2, allowed=(0, 1, 2))
        if not self.kitty and self.joker_count:
            raise SetupError(_("only the game without jokers can be played without a kitty"))
        if self.min_bid == 4 and (self.joker_count != 2 or not self.kitty):
            raise SetupError(_("the lowest bid of four is played with two jokers"))
        if self.joker_swap and not self.joker_count:
            raise SetupError(_("joker_swap needs jokers in the pack (joker_count 1 or 2)"))

    @property
    def lowest_bid(self) -> int:
        """The lowest bid: one without a kitty, else ``min_bid``."""
        return self.min_bid if self.kitty else 1

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player, and tricks played: 13 without a kitty, else 12."""
        return HAND_SIZE if self.kitty else 13

    @property
    def kitty_size(self) -> int:
        """Cards in the kitty, and the declarer's discards: 6, 5, 4, or 0."""
        return len(PACKS[self.joker_count]) - SEATS * self.hand_size


@dataclass(frozen=True)
class BidWhistView(FamilyView):
    """What one seat may see in bid whist: :class:`~kowhist_teach.games.family.engine.FamilyView`,
    less the declarer's discards (face down), and more.

    ``kitty`` is the kitty if this seat has seen it (the declarer once it is taken;
    everybody when it was shown), else ``None``. ``discards`` are the cards this seat
    discarded (the declarer only). ``low`` tells whether low cards win, ``books`` the
    books of each partnership (the kitty book included) and ``contract_text`` the
    contract in words.
    """

    kitty: list[Card] | None = None
    discards: list[Card] | None = None
    low: bool = False
    books: tuple[int, int] = (0, 0)
    contract_text: str = ""


class BidWhistGame(FamilyGame):
    """A game of bid whist (see the module's docstring).

    ``scores`` are by partnership (seats 0 and 2, seats 1 and 3); ``low`` tells whether
    low cards win this deal; ``discards`` are the declarer's discards this deal.

    >>> g = BidWhistGame(auto_chance=False)
    >>> deck = [c.code for c in ALL_CARDS]
    >>> g.deal([deck[0:12], deck[12:24], deck[24:36], deck[36:48]],
    ...        kitty=deck[48:] + ['LJ', 'BJ'])
    >>> for move in ['pass', '4', 'pass', '4NT', 'low']:
    ...     g.play(move)
    >>> g.contract_text()
    'Player 1 bid 4 no trump, downtown: needs 10 books'
    >>> len(g.hand(0)), g.hand(0)[:2]
    (18, [Card('BJ'), Card('LJ')])
    """

    game_name = "bidwhist"
    title = N_("Bid whist")
    rules_class = BidWhistRules
    #: The cards of the pack: the 52 and two jokers (a game's own pack follows its
    #: ``jokers`` option).
    pack = PACKS[2]

    @property
    def kitty_size(self) -> int:
        """Cards in the kitty, and discards the declarer makes (6 by default)."""
        return self.rules.kitty_size

    _parse_move = staticmethod(_parse_bid_whist_move)

    def _reset_game(self) -> None:
        # Everything a deal keeps beyond the base; assigned afresh (never mutated in
        # place before a reset), so that a clone shares nothing with its original.
        self.low = False
        self.discards: list[Card] = []
        self._high: Call | None = None
        self._high_bidder: int | None = None
        self.pack = PACKS[self.rules.joker_count]
        #: ``(seat, joker, card)``: each no-trump joker swapped for a random discard.
        self.joker_swaps: list[tuple[int, Card, Card]] = []
        self._swap_due = False

    # ---------------------------------------------------------------- the deal
    def _deal_cards(self, deck: list[Card]) -> tuple[list[list[Card]], dict[str, Any]]:
        dealer = self.dealer
        hands: list[list[Card]] = [[] for _s in range(SEATS)]
        size = self.rules.hand_size
        for i, card in enumerate(deck[: SEATS * size]):
            hands[(dealer + 1 + i) % SEATS].append(card)
        return hands, {"kitty": deck[SEATS * size :]}

    def _check_deal(self, hands: list[list[Card]], extra: dict[str, Any]) -> dict[str, Any]:
        size, kitty_size = self.rules.hand_size, self.rules.kitty_size
        if any(len(h) != size for h in hands):
            if size == HAND_SIZE:
                raise SetupError(_("each player must be dealt 12 cards"))
            raise SetupError(_("each player must be dealt 13 cards"))
        if not kitty_size and set(extra) <= {"kitty"} and not extra.get("kitty"):
            return {"kitty": []}
        if set(extra) != {"kitty"}:
            raise SetupError(_("a deal of bid whist needs its kitty: the 6 cards left over"))
        kitty = self._parse_cards(extra["kitty"])
        if len(kitty) != kitty_size:
            if kitty_size == KITTY_SIZE:
                raise SetupError(_("the kitty must hold 6 cards, not {n}").format(n=len(kitty)))
            raise SetupError(
                _("the kitty must hold {want} cards, not {n}").format(want=kitty_size, n=len(kitty))
            )
        return {"kitty": kitty}

    def _extra_cards(self, extra: dict[str, Any]) -> list[Card]:
        return list(extra["kitty"])

    def _start_deal(self) -> None:
        self._reset_game()
        self.phase = _BID
        self.to_move = (self.deals[-1].dealer + 1) % SEATS

    @property
    def kitty(self) -> list[Card]:
        """The kitty of the deal in progress, as dealt (``[]`` before the first deal)."""
        return list(self.log.extra["kitty"]) if self.log else []

    # ---------------------------------------------------------------- the calls
    def _dealer_forced(self) -> bool:
        """The first three passed: the dealer, to move, must bid."""
        return self._high is None and self.to_move == self.deals[-1].dealer

    def _lowest_open_bid(self) -> int:
        """The index in :data:`BIDS` of the lowest bid allowed now."""
        floor = (self.rules.lowest_bid - 1) * 3
        if self._high is None:
            return floor
        if self.rules.equal_bids:
            # The first bid ranking above the standing one (3L does not beat 3).
            rank = _EQUAL_RANK[self._high]
            index = _BID_INDEX[self._high] + 1
            while index < len(ALL_BIDS) and _EQUAL_RANK[ALL_BIDS[index]] <= rank:
                index += 1
            return max(floor, index)
        return max(floor, _BID_INDEX[self._high] + 1)

    def _call_moves(self) -> list[Move]:
        phase = self.phase
        if phase is _BID:
            moves: list[Move] = [] if self._dealer_forced() else [PASS]
            return moves + list(ALL_BIDS[self._lowest_open_bid() :])
        if phase is _TRUMP:
            if bid_parts(self.deals[-1].contract)[1] == NOTRUMP:
                return [HIGH, LOW]
            return list(TRUMP_CALLS)
        if self._swap_due:  # chance swaps the no-trump jokers first
            return []
        # DISCARD: any card the declarer holds.
        return self._cards_of(self.hands[self.to_move])  # type: ignore[index]

    def _apply_call(self, move: Move) -> None:
        log = self.deals[-1]
        seat: int = self.to_move  # type: ignore[assignment]
        phase = self.phase
        if phase is _BID:
            if move is not PASS:
                self._high, self._high_bidder = move, seat  # type: ignore[assignment]
            if seat != log.dealer:
                self.to_move = (seat + 1) % SEATS
                return
            # The dealer has spoken: the auction is over (someone always bid).
            log.declarer, log.contract = self._high_bidder, self._high
            kind = bid_parts(self._high)[1]  # type: ignore[arg-type]
            self.low = kind == DOWNTOWN
            self.phase = _TRUMP
            self.to_move = self._high_bidder
        elif phase is _TRUMP:
            if move is HIGH or move is LOW:
                self.low = move is LOW
            else:
                self.trump = log.trump = move.suit  # type: ignore[union-attr]
            kitty = log.extra["kitty"]
            if not kitty:  # no kitty: the declarer leads at once
                self._start_play(seat)
                return
            self.hands[seat] |= mask_of(kitty)
            if self._kitty_shown(log):
                log.notes.append(N_("the kitty was shown to everybody"))
            self.phase = _DISCARD
        else:
            self.hands[seat] ^= 1 << move  # type: ignore[operator]
            self.discards = [*self.discards, move]  # type: ignore[list-item]
            if len(self.discards) == self.rules.kitty_size:
                log.notes.append(N_("the discards count as the declaring side's first book"))
                if self._jokers_to_swap():
                    self._swap_due = True
                    self.to_move = None
                    self._random_swap()
                else:
                    self._start_play(seat)

    # ---------------------------------------------------------------- the joker swap
    def _jokers_to_swap(self) -> list[tuple[int, Card]]:
        """``(seat, joker)`` for each joker held when the no-trump joker swap is due,
        clockwise from the declarer's left."""
        if not self.rules.joker_swap or self.trump is not None:
            return []
        declarer: int = self.deals[-1].declarer  # type: ignore[assignment]
        out = []
        for i in range(1, SEATS + 1):
            seat = (declarer + i) % SEATS
            jokers = self.hands[seat] >> 52
            for joker in _JOKERS_FIRST[jokers]:
                out.append((seat, joker))
        return out

    @property
    def chance_pending(self) -> str | None:
        """``"deal"`` when the next deal is due, ``"swap"`` when the no-trump jokers must
        be swapped for random discards (with ``auto_chance=False``), else ``None``."""
        if self._swap_due:
            return "swap"
        return super().chance_pending

    def _random_swap(self) -> None:
        if self._rng is None:
            return  # the caller gives the swap: :meth:`swap_jokers`
        rng = random.Random(f"{self._chance_base}/{len(self.deals)}/swap")
        pool = [c for c in self.discards if c < 52]
        swaps = []
        for seat, joker in self._jokers_to_swap():
            card = pool.pop(rng.randrange(len(pool)))
            swaps.append((seat, joker, card))
        self._log.append(("swap", swaps))
        self._swap(swaps)

    def swap_jokers(self, cards: list[Card | str]) -> None:
        """Chance: the discards the no-trump jokers are swapped for, one per joker in the
        order of :meth:`jokers_to_swap` (with ``auto_chance=False``, for records)."""
        if not self._swap_due:
            raise SetupError(_("no joker swap is due now"))
        wanted = self._jokers_to_swap()
        parsed = self._parse_cards(list(cards))
        pool = [c for c in self.discards if c < 52]
        if len(parsed) != len(wanted) or len(set(parsed)) != len(parsed):
            raise SetupError(
                _("the joker swap needs {n} different discards, one for each joker").format(
                    n=len(wanted)
                )
            )
        for card in parsed:
            if card not in pool:
                raise SetupError(
                    _("{card} is not among the declarer's discards").format(card=card.code)
                )
        swaps = [(seat, joker, card) for (seat, joker), card in zip(wanted, parsed, strict=True)]
        self._log.append(("swap", swaps))
        self._swap(swaps)

    def jokers_to_swap(self) -> list[tuple[int, Card]]:
        """``(seat, joker)`` for each joker the pending swap concerns (``[]`` if none)."""
        return self._jokers_to_swap() if self._swap_due else []

    def _swap(self, swaps: list[tuple[int, Card, Card]]) -> None:
        discards = list(self.discards)
        for seat, joker, card in swaps:
            self.hands[seat] ^= (1 << joker) | (1 << card)
            discards[discards.index(card)] = joker
        self.discards = discards
        self.joker_swaps = list(swaps)
        self._swap_due = False
        log = self.deals[-1]
        log.notes.append(N_("at no trump each joker was swapped for a random discard"))
        self._start_play(log.declarer)  # type: ignore[arg-type]

    def _replay_chance(self, event: tuple[Any, ...]) -> None:
        if event[0] == "swap":
            self._swap(event[1])
        else:
            super()._replay_chance(event)

    def _kitty_shown(self, log: DealLog) -> bool:
        """Whether this deal's kitty was (or will be) shown to everybody."""
        return self.rules.sport_kitty and log.trump is not None

    def _why_call_illegal(self, move: Move) -> str:
        seat: int = self.to_move  # type: ignore[assignment]
        name = self.names[seat]
        phase = self.phase
        if phase is _BID:
            if move is PASS:
                return _("the first three players passed: the dealer, {name}, must bid").format(
                    name=name
                )
            if move in _BID_INDEX:
                level = bid_parts(move)[0]  # type: ignore[arg-type]
                if level < self.rules.lowest_bid:
                    return _("the lowest bid is {low}").format(low=self.rules.lowest_bid)
                if move is self._high:
                    return _("{bid} is already the bid to beat: bid higher or pass").format(
                        bid=bid_name(move)  # type: ignore[arg-type]
                    )
                return _("{bid} is not higher than the bid so far, {high}").format(
                    bid=bid_name(move),  # type: ignore[arg-type]
                    high=bid_name(self._high),  # type: ignore[arg-type]
                )
            return _(
                "{name} must bid or pass now, the cards come after the auction: a bid is "
                "{low} to 7 books over six, uptown, downtown or no trump"
            ).format(name=name, low=self.rules.lowest_bid)
        contract: Call = self.deals[-1].contract
        if phase is _TRUMP:
            if bid_parts(contract)[1] == NOTRUMP:
                return _("{name} bid no trump: say uptown or downtown").format(name=name)
            return _(
                "{name} bid {bid}: name the trump suit, spades, hearts, diamonds or clubs"
            ).format(name=name, bid=bid_name(contract))
        # DISCARD
        left = self.rules.kitty_size - len(self.discards)
        if isinstance(move, Card):
            return _("{name} does not hold {card}").format(name=name, card=move.label)
        if not self.discards:
            text = _("{name} must discard {n} cards face down before the play")
        else:
            text = ngettext(
                "{name} must discard {n} more card face down",
                "{name} must discard {n} more cards face down",
                left,
            )
        return text.format(name=name, n=left)

    # ---------------------------------------------------------------- trick play
    def tricks_per_deal(self) -> int:
        """Twelve tricks: twelve cards each once the declarer has discarded (13 without
        a kitty)."""
        return self.rules.hand_size

    def _cards_of(self, mask: int) -> list[Card]:
        """The cards of a set in display order: jokers first (big, then little)."""
        jokers = mask >> 52
        if jokers:
            return [*_JOKERS_FIRST[jokers], *cards_in(mask)]
        return cards_in(mask)

    def _led_suit(self, trick: Trick) -> Suit | None:
        """The suit to follow: a joker leads trumps; at no trump the first card that is
        not a joker sets it (``None`` until one is played)."""
        plays = trick.plays
        if not plays:
            return None
        card = plays[0][1]
        if card < 52:
            return card.suit
        if self.trump is not None:
            return self.trump
        for _seat, card in plays:
            if card < 52:
                return card.suit
        return None

    def _suit_mask(self, suit: Suit | None) -> int:
        """The cards that count as ``suit``: the jokers are trumps."""
        if suit is None:
            return 0
        if suit == self.trump:
            return SUIT_MASK[suit] | JOKER_MASK
        return SUIT_MASK[suit]

    def _beats(self, card: Card, best: Card, trick: Trick) -> bool:
        trump = self.trump
        if card >= 52:
            # A joker never wins at no trump; in a trump contract it beats every
            # other card, and the big joker (53) beats the little one (52).
            return trump is not None and card > best
        if best >= 52:
            # At no trump the first card that is not a joker sets the suit and leads
            # the trick; in a trump contract nothing but the big joker beats a joker.
            return trump is None
        if card // 13 == best // 13:
            return _DOWN[card] > _DOWN[best] if self.low else card > best
        return card // 13 == trump

    def _why_card_illegal(self, card: Card) -> str:
        led: Suit = self._led_suit(self.trick)  # type: ignore[arg-type,assignment]
        held = self._cards_of(self._suit_mask(led) & self.hands[self.to_move])  # type: ignore[index]
        cards = " ".join(c.label for c in held)
        if card.is_joker and self.trump is None:
            return _(
                "at no trump a joker may be played only when you cannot follow {suit}: "
                "you hold {cards}"
            ).format(suit=led.symbol, cards=cards)
        if self.trick.plays[0][1].is_joker:  # type: ignore[union-attr]
            return _("a joker leads trumps: follow with {suit}, you hold {cards}").format(
                suit=led.symbol, cards=cards
            )
        return _("must follow {suit}: you hold {cards}").format(suit=led.symbol, cards=cards)

    # ---------------------------------------------------------------- scoring
    def books(self, side: int, log: DealLog | None = None) -> int:
        """Books (tricks) of partnership ``side`` in a deal (the one in progress by
        default): its tricks, and the kitty book for the declaring side once the
        declarer has discarded.

        >>> g = BidWhistGame(seed=1)
        >>> g.books(0), g.books(1)
        (0, 0)
        """
        log = log if log is not None else self.log
        if log is None:
            return 0
        count = log.side_tricks[side]
        # The discards are done when play has begun (the leader is set then).
        if (
            log.leader is not None and log.extra["kitty"] and OPPOSITE.side_of(log.declarer) == side  # type: ignore[arg-type]
        ):
            count += 1
        return count

    def _contract_tricks(self, contract: Call) -> int:
        # 6 + the level in books; the discards count as the first.
        return 6 + bid_parts(contract)[0] - (1 if self.rules.kitty else 0)

    def _score_deal(self) -> list[int]:
        log = self.deals[-1]
        side = OPPOSITE.side_of(log.declarer)  # type: ignore[arg-type]
        level, kind = bid_parts(log.contract)
        made = self.books(side, log)
        double = 2 if kind == NOTRUMP else 1
        if made == 13:
            gained = self.rules.boston_points * double
            log.notes.append(N_("Boston: the declaring side took all 13 books"))
        elif made >= 6 + level:
            gained = (made - 6) * double
            log.notes.append(N_("contract made: one point for each book over six"))
        else:
            gained = -level * double
            log.notes.append(N_("contract failed: the declaring side loses the number bid"))
        if double == 2:
            log.notes.append(N_("no trump: the score is doubled"))
        self.scores[side] += gained
        points = [0, 0]
        points[side] = gained
        if self.rules.opponents_score:
            over = self.books(1 - side, log) - 6
            if over > 0:
                points[1 - side] = over * double
                self.scores[1 - side] += over * double
                log.notes.append(N_("the opponents score their books over six"))
        return points

    def _game_winner(self) -> tuple[int | None] | None:
        target = self.rules.target
        for side in (0, 1):
            if self.scores[side] >= target:
                return (side,)
            if self.scores[side] <= -target:
                return (1 - side,)
        return None

    # ---------------------------------------------------------------- words
    def contract_text(self, log: DealLog | None = None) -> str:
        """The contract of a deal (the one in progress by default) in one sentence;
        ``""`` while the bidding goes on.

        >>> g = BidWhistGame(seed=1)
        >>> g.contract_text()
        ''
        """
        log = log if log is not None else self.log
        if log is None or log.contract is None:
            return ""
        level, kind = bid_parts(log.contract)
        name = self.names[log.declarer]  # type: ignore[index]
        low = self._deal_low(log)
        if kind == NOTRUMP:
            if low is None:
                text = _("{name} bid {level} no trump: needs {books} books")
            elif low:
                text = _("{name} bid {level} no trump, downtown: needs {books} books")
            else:
                text = _("{name} bid {level} no trump, uptown: needs {books} books")
        elif log.trump is None:
            if low:
                text = _("{name} bid {level} downtown: needs {books} books")
            else:
                text = _("{name} bid {level} uptown: needs {books} books")
        elif low:
            text = _("{name} bid {level} downtown in {suit}: needs {books} books")
        else:
            text = _("{name} bid {level} uptown in {suit}: needs {books} books")
        return text.format(
            name=name,
            level=level,
            books=6 + level,
            suit=log.trump.symbol if log.trump is not None else "",
        )

    @staticmethod
    def _deal_low(log: DealLog) -> bool | None:
        """Whether low cards win in a deal (``None``: a no-trump declarer has not said)."""
        kind = bid_parts(log.contract)[1]
        if kind != NOTRUMP:
            return kind == DOWNTOWN
        for _seat, move in log.calls:
            if move is HIGH or move is LOW:
                return move is LOW
        return None

    def view(self, seat: int) -> BidWhistView:
        """What ``seat`` may see now (see :class:`BidWhistView`): the declarer's
        discards are left out of ``calls`` for everybody else.

        >>> v = BidWhistGame(seed=2).view(0)
        >>> v.kitty is None, v.books, len(v.hand)
        (True, (0, 0), 12)
        """
        base = super().view(seat)
        log = self.log
        kitty = None
        discards = None
        calls = base.calls
        if log is not None and log.declarer is not None:
            # Four bids, then the trump (or high / low) call: the kitty is taken then.
            if len(log.calls) > SEATS and (seat == log.declarer or self._kitty_shown(log)):
                kitty = list(log.extra["kitty"])
            if seat == log.declarer:
                discards = [m for _s, m in log.calls if isinstance(m, Card)]
            else:
                calls = [(s, m) for s, m in calls if not isinstance(m, Card)]
        fields = dict(vars(base))
        fields["calls"] = calls
        return BidWhistView(
            **fields,
            kitty=kitty,
            discards=discards,
            low=self.low,
            books=(self.books(0), self.books(1)),
            contract_text=self.contract_text(),
        )

    def __str__(self) -> str:
        sides = " / ".join(
            " & ".join(self.names[s] for s in OPPOSITE.partners(side)) for side in (0, 1)
        )
        return _("Bid whist: {sides}; scores {scores}").format(sides=sides, scores=self.scores)
