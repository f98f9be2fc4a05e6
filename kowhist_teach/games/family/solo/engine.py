"""Solo whist: four players, each for themselves, one auction a deal (RULES.md §4,
seed 004 "Solo whist").

**Deal.** Thirteen cards each, in batches of four, four, four and one, starting with
eldest (the player left of the dealer). The dealer's last card is turned face up
(``trump_card``, it stays in the dealer's hand); its suit is the *preferred* suit.

**Auction.** From eldest, clockwise, each player bids or passes. Every bid must be
higher than the last, and a pass is final. The bidding goes round as often as needed
and ends when everyone but the holder of the last bid has passed. The ladder, low to
high (:data:`BIDS`):

=================== ========================================================= ======
bid                 contract                                                  stake
=================== ========================================================= ======
``prop``, ``cop``   proposal and acceptance: two players, 8 tricks together,  10 ± 2
                    preferred suit trump
``solo``            5 tricks alone, preferred suit trump                       10 ± 2
``misere``          no trick at all, no trump                                  20
``abundance``       9 tricks, the declarer names trumps after the auction      30 ± 3
``royal-abundance`` 9 tricks, preferred suit trump                             30 ± 3
``misere-ouverte``  no trick, no trump, hand laid open after the first trick   40
``slam``            all 13 tricks, no trump, the declarer leads first          60
=================== ========================================================= ======

A proposal may be accepted (``cop``) by any later player while no bid has come in
between. If eldest proposes and no one accepts, eldest may bid solo; if eldest passes
and a later player's proposal is not overcalled, eldest may accept it when the turn
comes round. If all four pass the deal is thrown in and passes to the left.

**Play.** Eldest leads, except in a slam, where the declarer leads. Tricks follow
RULES.md §1. A misère (open or not) is lost as soon as the declarer takes a trick,
a slam as soon as the declarer loses one; play stops there.

**Payments.** The soloist receives the stake from each of the three opponents if the
contract is made, and pays it to each of them if not; "± 2" is the extra per
over- or undertrick (``SoloRules(overtricks=False)``: none). In prop and cop each
partner receives from (or pays) each opponent. Scores are kept by seat and always
sum to zero. A game is ``deals`` deals (a multiple of four, so everyone deals equally
often); the highest score wins, ``None`` on a tie for the top.

Decisions where the sources are silent (seed 004, RULES.md, else Pagat):

* **Deal batches**: 4-4-4-1 from eldest round to the dealer, each round in turn
  (seed 004; Pagat deals threes). The 52nd card, the dealer's, is the one turned.
* **Prop and cop in the record**: the contract is ``PROP``, the declarer the proposer,
  ``partner`` the acceptor (:class:`SoloDealLog`); ``cop`` ranks with ``prop``.
* **Multi-round bidding**: a player whose bid is overcalled may bid again when the
  turn comes round (Pagat and the common rule books: the bidding goes round until
  the contract is settled).
* **Any unaccepted proposer may raise to solo**: the seed names eldest; the same
  situation (everyone else has passed) arises for any proposer, and Pagat lets any
  proposer convert. The raise is to solo only (the seed's words), and it is final,
  since everyone else has passed. If the proposer passes instead, the deal is thrown in.
* **Eldest's late acceptance** is offered when the bidding comes back round to eldest
  while the proposal still stands unaccepted and un-overcalled; eldest may then only
  ``cop`` or pass (a second pass is final).
* **Slam at no trump** (the seed); other sources let the slam bidder name trumps.
* **Royal abundance pays as abundance** (30 ± 3): it only serves to overcall an
  abundance with the preferred suit as trumps, and the rule books keep its stake.
* **Undertricks** are the tricks short of the target: a solo with 3 tricks has two
  undertricks and pays 10 + 2 × 2 = 14 to each opponent. Misère, misère ouverte and
  slam have no over- or undertricks (Pagat).
* **Prop and cop payments**: seed 004 says "each partner receives from or pays to each
  opponent", so each partner gets (or pays) the stake twice and each opponent pays
  (or gets) it twice. ``prop_one_opponent=True`` is Pagat's way: each partner settles
  with one opponent only.
* **Play stops when the result is certain only for misère, misère ouverte and slam**
  (where no over- or undertricks count). Trick contracts are played out, even with
  ``overtricks=False``, so every deal shows all thirteen tricks unless a misère or
  slam failed.
* **Misère ouverte**: the declarer's remaining cards are laid open once the first trick
  is complete (:meth:`SoloGame.open_seats`), and stay open until the deal ends.
* **A thrown-in deal counts** towards ``deals``: the deal passes to the left all the
  same, so the game still ends with everybody having dealt equally often.

>>> import random
>>> game = SoloGame(seed=7)
>>> game.phase, game.to_move == (game.dealer + 1) % 4, game.legal_moves()[:3]
(<FamilyPhase.BID: 'bid'>, True, [Call('pass'), Call('prop'), Call('solo')])
>>> rng = random.Random(1)
>>> while not game.is_over():
...     game.play(rng.choice(game.legal_moves()))
>>> sum(game.scores), len(game.deals)
(0, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.cards import Card, Suit
from ....core.moves import PASS, TRUMP_CALLS, Call, Move, SetupError, parse_move
from ....i18n import N_, _
from ..engine import SEATS, DealLog, FamilyGame, FamilyPhase, FamilyRules

__all__ = [
    "SoloRules",
    "SoloGame",
    "SoloDealLog",
    "PROP",
    "COP",
    "SOLO",
    "MISERE",
    "ABUNDANCE",
    "ROYAL_ABUNDANCE",
    "MISERE_OUVERTE",
    "SLAM",
    "BIDS",
    "STAKES",
    "TARGETS",
    "DEAL_BATCHES",
    "bid_name",
    "payment",
]

#: Proposal: asks for a partner to take 8 tricks together, preferred suit trump.
PROP = Call._define("prop", kind="bid")
#: Acceptance of a standing proposal.
COP = Call._define("cop", kind="bid")
#: Five tricks alone, preferred suit trump.
SOLO = Call._define("solo", kind="bid")
#: No trick at all, no trump.
MISERE = Call._define("misere", kind="bid")
#: Nine tricks alone, the declarer names trumps after the auction.
ABUNDANCE = Call._define("abundance", kind="bid")
#: Nine tricks alone, preferred suit trump.
ROYAL_ABUNDANCE = Call._define("royal-abundance", kind="bid")
#: No trick at all, no trump, the declarer's hand laid open after the first trick.
MISERE_OUVERTE = Call._define("misere-ouverte", kind="bid")
#: All thirteen tricks, no trump, the declarer leads.
SLAM = Call._define("slam", kind="bid")

#: The bids from low to high (``cop`` ranks with ``prop``: it completes it).
BIDS: tuple[Call, ...] = (
    PROP,
    COP,
    SOLO,
    MISERE,
    ABUNDANCE,
    ROYAL_ABUNDANCE,
    MISERE_OUVERTE,
    SLAM,
)

#: Each contract's stake and the extra per over- or undertrick (seed 004's schedule).
STAKES: dict[Call, tuple[int, int]] = {
    PROP: (10, 2),
    SOLO: (10, 2),
    MISERE: (20, 0),
    ABUNDANCE: (30, 3),
    ROYAL_ABUNDANCE: (30, 3),
    MISERE_OUVERTE: (40, 0),
    SLAM: (60, 0),
}

#: Tricks each contract needs (the partners' together in prop and cop); a misère
#: needs none and may take none.
TARGETS: dict[Call, int] = {
    PROP: 8,
    SOLO: 5,
    MISERE: 0,
    ABUNDANCE: 9,
    ROYAL_ABUNDANCE: 9,
    MISERE_OUVERTE: 0,
    SLAM: 13,
}

#: Cards per batch in each round of the deal, from eldest round to the dealer.
DEAL_BATCHES = (4, 4, 4, 1)

_LEVEL = {bid: i for i, bid in enumerate(BIDS)}
_LEVEL[COP] = _LEVEL[PROP]
_MISERES = (MISERE, MISERE_OUVERTE)
_PREFERRED_TRUMP = (PROP, SOLO, ROYAL_ABUNDANCE)

_BID_NAMES = {
    PASS: N_("pass"),
    PROP: N_("proposal"),
    COP: N_("acceptance"),
    SOLO: N_("solo"),
    MISERE: N_("misère"),
    ABUNDANCE: N_("abundance"),
    ROYAL_ABUNDANCE: N_("royal abundance"),
    MISERE_OUVERTE: N_("misère ouverte"),
    SLAM: N_("slam"),
}

_BID = FamilyPhase.BID
_TRUMP = FamilyPhase.TRUMP
_PLAY = FamilyPhase.PLAY
_OVER = FamilyPhase.OVER


def bid_name(call: Call) -> str:
    """A bid's name for people, in the chosen language.

    >>> bid_name(ROYAL_ABUNDANCE), bid_name(MISERE_OUVERTE)
    ('royal abundance', 'misère ouverte')
    """
    return _(_BID_NAMES[call])


def _parse_solo_move(move: Move | str) -> Move:
    """:func:`~kowhist_teach.core.moves.parse_move`, whose message for an unknown move names
    solo whist's calls (typed in any case, with or without accents: ``Misère``).

    >>> _parse_solo_move('Misère ouverte'), _parse_solo_move('MISERE')
    (Call('misere-ouverte'), Call('misere'))
    """
    return parse_move(move, calls="pass, prop, cop, solo, misere, abundance, slam")


def payment(contract: Call, tricks: int, overtricks: bool = True) -> int:
    """What each opponent pays the declarer (negative: what the declarer pays each
    opponent) when ``contract`` ends with the declarer's side holding ``tricks``.

    >>> payment(SOLO, 5), payment(SOLO, 7), payment(SOLO, 3), payment(SOLO, 3, False)
    (10, 14, -14, -10)
    >>> payment(MISERE, 0), payment(MISERE, 1), payment(ABUNDANCE, 11), payment(SLAM, 12)
    (20, -20, 36, -60)
    """
    base, extra = STAKES[contract]
    if not overtricks:
        extra = 0
    if contract in _MISERES:
        return base if tricks == 0 else -base
    target = TARGETS[contract]
    if tricks >= target:
        return base + extra * (tricks - target)
    return -(base + extra * (target - tricks))


@dataclass(frozen=True)
class SoloRules(FamilyRules):
    """The options of solo whist; ``SoloRules()`` plays four deals with over- and
    undertricks paid.

    >>> SoloRules(deals=8, overtricks=False).to_dict()
    {'deals': 8, 'overtricks': False}
    >>> SoloRules(deals=6)
    Traceback (most recent call last):
    ...
    kowhist_teach.core.errors.SetupError: rule option deals must be a multiple of 4, not 6
    """

    #: Deals in a game: a multiple of 4, so that everyone deals equally often.
    deals: int = 4
    #: Pay the extra per over- or undertrick (some schools omit it).
    overtricks: bool = True
    #: In prop and cop each partner settles with one opponent only (Pagat), instead of
    #: with both opponents (seed 004).
    prop_one_opponent: bool = False

    def __post_init__(self) -> None:
        self._check_int("deals", 4, 400)
        if self.deals % 4:
            raise SetupError(
                _("rule option deals must be a multiple of 4, not {value!r}").format(
                    value=self.deals
                )
            )
        self._check_bool("overtricks")
        self._check_bool("prop_one_opponent")


@dataclass
class SoloDealLog(DealLog):
    """A deal of solo whist: a :class:`~kowhist_teach.games.family.engine.DealLog` with the
    accepting partner of a prop and cop (``None`` in every other contract)."""

    partner: int | None = None


class SoloGame(FamilyGame):
    """A game of solo whist (see the module's docstring for the rules).

    ``scores`` are by seat and sum to zero. ``log.contract`` is the winning bid (a
    :class:`~kowhist_teach.core.moves.Call`: ``PROP`` for prop and cop), ``log.declarer``
    its bidder (the proposer), ``log.partner`` the acceptor of a prop and cop.

    >>> g = SoloGame(auto_chance=False)
    >>> hands = [[f'{r}{s}' for r in 'A K Q J 10 9 8 7 6 5 4 3 2'.split()] for s in 'SHDC']
    >>> g.deal(hands, trump_card='2S')  # the dealer (seat 0) holds the spades
    >>> for move in ['pass', 'slam', 'pass', 'pass']:
    ...     g.play(move)
    >>> g.contract_text()
    'Player 3 plays slam at no trump and leads: needs all 13 tricks'
    >>> g.to_move, g.trump
    (2, None)
    """

    game_name = "solo"
    deal_log_class = SoloDealLog
    title = N_("Solo whist")
    rules_class = SoloRules

    _parse_move = staticmethod(_parse_solo_move)

    # ------------------------------------------------------------------ state
    def _reset_game(self) -> None:
        self._new_auction()

    def _new_auction(self) -> None:
        #: The bid to beat (``PROP`` stays after a ``cop``) and who made it.
        self._high: Call | None = None
        self._high_seat: int | None = None
        #: The acceptor of the standing proposal.
        self._partner: int | None = None
        #: Whether anyone has proposed this deal (a later bid may have overcalled it).
        self._proposed = False
        #: Passes made by each seat (eldest may speak again after one pass).
        self._passes = [0] * SEATS
        #: The unaccepted proposer's last word: solo or pass.
        self._raise_offer = False

    @property
    def eldest(self) -> int:
        """The player left of the dealer: first to bid and (but in a slam) to lead."""
        return (self.dealer + 1) % SEATS

    def _first_hand(self) -> int:
        # Eldest of the deal in progress, read from its log: ``dealer`` depends on the phase.
        return (self.deals[-1].dealer + 1) % SEATS

    @property
    def preferred_suit(self) -> Suit | None:
        """The suit of the turned card (trumps in prop, solo and royal abundance)."""
        log = self.log
        return log.extra["trump_card"].suit if log else None

    @property
    def contract(self) -> Call | None:
        """The contract of the deal in progress (or the last), ``None`` before the
        auction ends or when everybody passed."""
        return self.log.contract if self.log else None

    @property
    def declarer(self) -> int | None:
        """The soloist, or the proposer in prop and cop."""
        return self.log.declarer if self.log else None

    @property
    def partner(self) -> int | None:
        """The acceptor in prop and cop, else ``None``."""
        return self.log.partner if self.log else None  # type: ignore[attr-defined]

    @property
    def raise_offer(self) -> bool:
        """Whether the auction waits for an unaccepted proposer's last word: solo or
        pass (a pass throws the cards in).

        >>> SoloGame(seed=1).raise_offer
        False
        """
        return self._raise_offer

    @property
    def standing_bid(self) -> tuple[int, Call] | None:
        """During the auction, the bid to beat and its bidder (``None``: no bid yet)."""
        if self._high is None:
            return None
        return (self._high_seat, self._high)  # type: ignore[return-value]

    def declarer_side(self, log: DealLog | None = None) -> list[int]:
        """The seats playing the contract of a deal (the one in progress by default):
        the declarer, and the partner in prop and cop.

        >>> SoloGame(auto_chance=False).declarer_side()
        []
        """
        log = log if log is not None else self.log
        if log is None or log.declarer is None:
            return []
        partner = log.partner  # type: ignore[attr-defined]
        return [log.declarer] + ([partner] if partner is not None else [])

    def _contract_tricks(self, contract: Call) -> int:
        return TARGETS[contract]

    # ---------------------------------------------------------------- the deal
    def _deal_cards(self, deck: list[Card]) -> tuple[list[list[Card]], dict[str, Any]]:
        hands: list[list[Card]] = [[] for _s in range(SEATS)]
        order = [(self.dealer + 1 + i) % SEATS for i in range(SEATS)]
        pos = 0
        for batch in DEAL_BATCHES:
            for seat in order:
                hands[seat].extend(deck[pos : pos + batch])
                pos += batch
        # The dealer receives the last card of the last round: it is turned.
        return hands, {"trump_card": deck[-1]}

    def _check_deal(self, hands: list[list[Card]], extra: dict[str, Any]) -> dict[str, Any]:
        if any(len(h) != 13 for h in hands):
            raise SetupError(_("each player must be dealt 13 cards"))
        return self._check_trump_card(
            hands, extra, _("a deal of solo whist needs its trump_card, the dealer's last card")
        )

    def _start_deal(self) -> None:
        self._new_auction()
        self.phase = _BID
        self.to_move = self._first_hand()

    # ---------------------------------------------------------------- auction
    def _eldest_may_accept(self, seat: int) -> bool:
        """Eldest passed at first, and a later player's proposal stands unaccepted."""
        return (
            seat == self._first_hand()
            and self._passes[seat] == 1
            and self._high is PROP
            and self._partner is None
        )

    def _may_speak(self, seat: int) -> bool:
        if seat == self._high_seat or seat == self._partner:
            return False
        return self._passes[seat] == 0 or self._eldest_may_accept(seat)

    def _call_moves(self) -> list[Move]:
        if self.phase is _TRUMP:
            return list(TRUMP_CALLS)
        seat: int = self.to_move  # type: ignore[assignment]
        if self._raise_offer:
            return [PASS, SOLO]
        if self._passes[seat]:
            return [PASS, COP]
        moves: list[Move] = [PASS]
        if self._high is None:
            moves.append(PROP)
        elif self._high is PROP and self._partner is None:
            moves.append(COP)
        level = _LEVEL[self._high] if self._high is not None else -1
        moves.extend(b for b in BIDS[2:] if _LEVEL[b] > level)
        return moves

    def _apply_call(self, move: Move) -> None:
        seat: int = self.to_move  # type: ignore[assignment]
        if self.phase is _TRUMP:
            self.trump = move.suit  # type: ignore[union-attr]
            self._start_play(self._first_hand())
            return
        if self._raise_offer:
            if move is PASS:
                self.deals[-1].notes.append(N_("the proposal was not accepted"))
                self._annul_deal()
            else:
                self._high = SOLO
                self._win_auction()
            return
        if move is PASS:
            self._passes[seat] += 1
        elif move is COP:
            self._partner = seat
        else:
            self._proposed = self._proposed or move is PROP
            self._high, self._high_seat, self._partner = move, seat, None  # type: ignore[assignment]
        for k in range(1, SEATS + 1):
            nxt = (seat + k) % SEATS
            if self._may_speak(nxt):
                self.to_move = nxt
                return
        # Nobody may speak: the auction is over.
        if self._high is None:
            self._annul_deal()
        elif self._high is PROP and self._partner is None:
            self._raise_offer = True
            self.to_move = self._high_seat
        else:
            self._win_auction()

    def _win_auction(self) -> None:
        log: SoloDealLog = self.deals[-1]  # type: ignore[assignment]
        log.contract = self._high
        log.declarer = self._high_seat
        log.partner = self._partner
        if self._high is ABUNDANCE:
            self.phase = _TRUMP
            self.to_move = self._high_seat
            return
        self.trump = self.preferred_suit if self._high in _PREFERRED_TRUMP else None
        self._start_play(self._high_seat if self._high is SLAM else self._first_hand())  # type: ignore[arg-type]

    def _why_call_illegal(self, move: Move) -> str:
        name = self.names[self.to_move]  # type: ignore[index]
        if self.phase is _TRUMP:
            if isinstance(move, Card):
                return _("{name} must name trumps before the first card is played").format(
                    name=name
                )
            return _("{name} must name the trump suit: S, H, D or C").format(name=name)
        if isinstance(move, Card):
            return _("the auction is on: {name} must bid or pass, not play a card").format(
                name=name
            )
        if move not in BIDS and move is not PASS:
            if move.is_trump:
                return _("trumps are named only by the winner of an abundance, after the auction")
            return _("{move} is not a bid of solo whist").format(move=move.code)
        if self._raise_offer:
            return _("nobody accepted the proposal: {name} may now bid solo or pass").format(
                name=name
            )
        if self._passes[self.to_move]:  # type: ignore[index]
            return _("{name} has passed: they may only accept the proposal (cop) or pass").format(
                name=name
            )
        high = self._high
        if move is COP:
            if high is None or not self._proposed:
                return _("there is no proposal to accept")
            if high is not PROP:
                return _("there is no proposal to accept: {bid} has overcalled it").format(
                    bid=bid_name(high)
                )
            return _("the proposal is already accepted")
        if move is PROP:
            if high is PROP and self._partner is None:
                return _("a proposal is already made: accept it (cop), bid higher or pass")
            if high is PROP:
                return _(
                    "a proposal is already on the table, and accepted: to bid over it, bid solo"
                    " or higher"
                )
            return _(
                "a proposal may only open the bidding: {high} has been bid, so bid higher or pass"
            ).format(high=bid_name(high))  # type: ignore[arg-type]
        if move is high:
            return _("{bid} is already the bid to beat: bid higher or pass").format(
                bid=bid_name(move)
            )
        return _("{bid} is not higher than {high}, the bid to beat").format(
            bid=bid_name(move),
            high=bid_name(high),  # type: ignore[arg-type]
        )

    # ----------------------------------------------------------------- play
    def _deal_decided(self) -> bool:
        log = self.deals[-1]
        if log.contract in _MISERES:
            return log.tricks_won[log.declarer] > 0  # type: ignore[index]
        if log.contract is SLAM:
            return log.tricks_won[log.declarer] < len(log.tricks)  # type: ignore[index]
        return False

    def open_seats(self) -> list[int]:
        """The declarer of a misère ouverte once the first trick is complete.

        >>> SoloGame(seed=1).open_seats()
        []
        """
        log = self.log
        if log is None or log.contract is not MISERE_OUVERTE or self.phase not in (_PLAY, _OVER):
            return []
        if len(log.tricks) > 1 or len(log.tricks[0].plays) == SEATS:
            return [log.declarer]  # type: ignore[list-item]
        return []

    # ---------------------------------------------------------------- scoring
    def _score_deal(self) -> list[int]:
        log: SoloDealLog = self.deals[-1]  # type: ignore[assignment]
        contract: Call = log.contract
        side = self.declarer_side()
        tricks = sum(log.tricks_won[s] for s in side)
        amount = payment(contract, tricks, self.rules.overtricks)
        if len(log.tricks) < self.tricks_per_deal():
            log.notes.append(
                N_("misère lost: the declarer took a trick")
                if contract in _MISERES
                else N_("slam lost: the declarer lost a trick")
            )
        log.notes.append(N_("the contract is made") if amount > 0 else N_("the contract is lost"))
        extra = STAKES[contract][1]
        if self.rules.overtricks and extra and abs(amount) != STAKES[contract][0]:
            log.notes.append(
                N_("each overtrick is paid extra")
                if amount > 0
                else N_("each undertrick costs extra")
            )
        if log.partner is None:
            points = [-amount] * SEATS
            points[log.declarer] = 3 * amount  # type: ignore[index]
        else:
            # Seed 004: each partner settles with each opponent (Pagat: with one).
            each = amount if self.rules.prop_one_opponent else 2 * amount
            points = [each if s in side else -each for s in range(SEATS)]
        for s in range(SEATS):
            self.scores[s] += points[s]
        return points

    def _game_winner(self) -> tuple[int | None] | None:
        if len(self.deals) < self.rules.deals:
            return None
        top = max(self.scores)
        leaders = [s for s in range(SEATS) if self.scores[s] == top]
        return (leaders[0] if len(leaders) == 1 else None,)

    # ------------------------------------------------------------------ text
    def contract_text(self, log: DealLog | None = None) -> str:
        """One sentence on the contract of a deal: the one in progress (or the last
        one) by default; during the auction, the bid to beat.

        >>> g = SoloGame(seed=2)
        >>> g.contract_text()
        'No bid yet: the auction is on'
        >>> g.play('solo'); g.contract_text()
        'Player 2 has bid solo so far'
        >>> g = SoloGame(seed=2); g.play('prop'); g.contract_text()
        'Player 2 has proposed: nobody has accepted yet'
        """
        log = log if log is not None else self.log
        if log is None:
            return _("No cards dealt yet")
        contract = log.contract
        if contract is None and log.points is not None:
            return _("Everybody passed: the cards were thrown in")
        if contract is None:  # only the deal in progress can be without both
            if self._high is None:
                return _("No bid yet: the auction is on")
            if self._high is PROP and self._partner is not None:
                return _("{name} has proposed and {partner} accepted so far").format(
                    name=self.names[self._high_seat],  # type: ignore[index]
                    partner=self.names[self._partner],
                )
            if self._high is PROP:
                return _("{name} has proposed: nobody has accepted yet").format(
                    name=self.names[self._high_seat],  # type: ignore[index]
                )
            return _("{name} has bid {bid} so far").format(
                name=self.names[self._high_seat],  # type: ignore[index]
                bid=bid_name(self._high),
            )
        name = self.names[log.declarer]  # type: ignore[index]
        # Trumps are known once play starts (an abundance's are named just before).
        suit = log.trump.symbol if log.trump is not None else ""
        if contract is PROP:
            return _(
                "{name} and {partner} play proposal and acceptance in {suit}: they need 8 tricks"
                " together"
            ).format(name=name, partner=self.names[log.partner], suit=suit)  # type: ignore[attr-defined]
        if contract is SOLO:
            return _("{name} plays solo in {suit}: needs 5 tricks").format(name=name, suit=suit)
        if contract is MISERE:
            return _("{name} plays misère at no trump: must lose every trick").format(name=name)
        if contract is ABUNDANCE:
            if not suit:
                return _("{name} plays abundance and names trumps: needs 9 tricks").format(
                    name=name
                )
            return _("{name} plays abundance in {suit}: needs 9 tricks").format(
                name=name, suit=suit
            )
        if contract is ROYAL_ABUNDANCE:
            return _("{name} plays royal abundance in {suit}: needs 9 tricks").format(
                name=name, suit=suit
            )
        if contract is MISERE_OUVERTE:
            return _(
                "{name} plays misère ouverte at no trump: must lose every trick, the hand"
                " laid open after the first trick"
            ).format(name=name)
        return _("{name} plays slam at no trump and leads: needs all 13 tricks").format(name=name)

    def __str__(self) -> str:
        return _("Solo whist: {names}; scores {scores}").format(
            names=", ".join(self.names), scores=self.scores
        )
