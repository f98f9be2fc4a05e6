"""The perfect-information trick solver: best play *if every card were visible*.

Generic over the games: it works on card sets (one int per hand, bit ``i`` = card
``i``, suits in 13-bit blocks) and knows only following suit and trumps, so each
game's bot hook (:mod:`kowhist_teach.core.hooks.bots`) adapts its position to it.

For the side ``team`` it finds how many of the remaining tricks of the round they can
**guarantee** when all other players play against them (with two players this is
plain minimax).  The search is alpha-beta over whole tricks with

* a transposition table at trick starts (the hands and the leader are the whole state
  there), holding lower and upper bounds; in misère its key squeezes out the ranks
  already played (:func:`~kowhist_teach.core.card_runs.squeeze`), so positions that
  differ only by the gaps between the cards left share one entry;
* equivalent cards merged: cards of one suit in one hand with no live card between
  them (in any hand or on the table) play alike, so only one is tried;
* move ordering that tries cheap winners, then low cards (in misère: ducking);
* the trivial bounds ``0 <= tricks <= tricks left``, sure tricks, and in misère the
  proof that the team can duck every trick left (:func:`~kowhist_teach.core.ducking.ducks_rest`).

This is a teaching tool, so it is labelled honestly everywhere it is shown: "best play
if every card were visible" — a real player cannot see the other hands.

>>> from kowhist_teach.core.cards import mask_of, parse_cards
>>> hands = [mask_of(parse_cards('AS KS 2H')), mask_of(parse_cards('QS 3H 4H'))]
>>> TrickSolver(hands, trump=-1, team={0}).value(leader=0)
2
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .card_runs import REPS as _REPS
from .card_runs import equivalent_cards, squeeze
from .card_runs import high_first as _high_first
from .card_runs import low_first as _low_first
from .card_runs import representatives as _representatives
from .cards import SUIT_MASK
from .ducking import beaten_leads, ducks_rest

__all__ = ["AnalysisTimeout", "HIDDEN_CODE", "MoveAnalysis", "TrickSolver", "equivalent_cards"]

_NEVER = float("inf")

_SUIT_OF = tuple(i // 13 for i in range(52))


class AnalysisTimeout(Exception):
    """The analysis ran past its time limit (big tables with many cards can take long)."""


_PASS = -1  # a dog's pass inside the search


@dataclass(frozen=True)
class MoveAnalysis:
    """One legal move and what it is worth with every card visible.

    ``tricks``: tricks the player can still guarantee this round after this move (the
    trick on the table counted, tricks already taken not). ``survives``: whether that,
    with the tricks already taken, keeps them in the game (Knock-Out Whist) or wins
    the hand (German Whist).
    """

    move: Any
    tricks: int
    survives: bool
    #: The move is a face-down card (a blind dog's): never named before it is played —
    #: ``code`` is ``"??"``; ``label`` says "the face-down card".
    hidden: bool = False
    #: The player's goal is the fewest tricks (misère): fewer ``tricks`` is better.
    fewer_is_better: bool = False

    @property
    def code(self) -> str:
        """The move's code, ``"??"`` for a face-down card."""
        return HIDDEN_CODE if self.hidden else self.move.code

    @property
    def label(self) -> str:
        """The move in words, a face-down card unnamed."""
        if self.hidden:
            from ..i18n import _

            return _("the face-down card")
        return str(self.move)

    def to_dict(self) -> dict[str, Any]:
        """The ``analysis`` entry of ``kowhist-teach explain --json``."""
        return {"move": self.code, "tricks": self.tricks, "survives": self.survives}


#: How a face-down card is written where a move's code would be.
HIDDEN_CODE = "??"


class TrickSolver:
    """Alpha-beta over the tricks left in a round, for one side against the rest.

    ``hands``: one card set per seat (``0`` for a seat with no cards); ``may_pass``:
    seats that may keep their card (dogs, re-entry players) and never lead;
    ``team``: the seats whose tricks count (one seat, or a partnership); ``trump``:
    a suit index or ``-1``.

    The game's own rules of play, so that the search tries exactly the engine's legal
    moves:

    * ``trump_breaking``: trumps may not be led (unless only trumps are held) until
      someone has trumped in — played a trump to a trick of another suit; ``broken``
      says whether that has happened already this round;
    * ``no_trump_first``: on the round's first trick a player who cannot follow may not
      trump unless they hold only trumps; ``first_trick`` says whether the trick being
      searched from is that first trick;
    * ``minimise``: the team plays for the *fewest* tricks and the others against that
      (misère), the value is still the team's tricks.

    >>> from kowhist_teach.core.cards import mask_of, parse_cards
    >>> hands = [mask_of(parse_cards('AS 2H')), mask_of(parse_cards('KS 3H'))]
    >>> TrickSolver(hands, trump=-1, team={0}).value(leader=0)  # A♠ wins, 2♥ loses
    1
    """

    def __init__(
        self,
        hands: Sequence[int],
        trump: int,
        team: set[int] | frozenset[int],
        may_pass: Sequence[bool] | None = None,
        *,
        trump_breaking: bool = False,
        broken: bool = False,
        no_trump_first: bool = False,
        first_trick: bool = False,
        minimise: bool = False,
    ) -> None:
        self.n = len(hands)
        self.hands = list(hands)
        self.trump = trump
        self.team = tuple(s in team for s in range(self.n))
        self.may_pass = tuple(may_pass) if may_pass is not None else (False,) * self.n
        self._passers = [s for s in range(self.n) if self.may_pass[s]]
        self.after = [tuple((s + i) % self.n for i in range(1, self.n)) for s in range(self.n)]
        #: Each leader's trick order (seats without cards are dropped when some are out).
        self._orders = [[s, *self.after[s]] for s in range(self.n)]
        self._some_out = True
        #: Every card still in a hand, kept up to date as the search plays cards.
        self._live = 0
        self._tmask = SUIT_MASK[trump] if trump >= 0 else 0
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        #: Misère: the table's key of each position met (its hands, ranks squeezed).
        self._keys: dict[tuple[int, ...], tuple[int, ...]] = {}
        #: ``time.perf_counter()`` value after which the search gives up.
        self.give_up_at = float("inf")
        #: Node count after which it gives up (a budget of work: the same on a busy
        #: machine), checked every 256 nodes.
        self.give_up_nodes: float = float("inf")
        self._best_lead = -2
        self.nodes = 0
        self._check_at = 0
        #: Trump breaking: whether leads are restricted until trumps are broken, and
        #: whether they are (the search's state: part of the table's key).
        self.trump_breaking = trump_breaking and trump >= 0
        self.broken = self._broken_at_start = broken or not self.trump_breaking
        self.no_trump_first = no_trump_first and trump >= 0
        #: With ``no_trump_first``: the count of tricks left while the first is played
        #: (``-1`` once it is over).
        self._first_at = -1
        self._first_trick = first_trick
        self.minimise = minimise
        #: Where the next exact value's null-window tests start (any value is correct;
        #: a close one is fast). Callers set it to a value they expect.
        self.guess = 1
        #: Which seats want the team to take tricks (the team, or in misère the others).
        self.wants = tuple(t != minimise for t in self.team)
        #: Misère for one seat with no one passing: the seat whose ducking
        #: :func:`~kowhist_teach.core.ducking.ducks_rest` can prove (``-1`` otherwise).
        members = [s for s in range(self.n) if self.team[s]]
        self._ducker = members[0] if minimise and len(members) == 1 and not self._passers else -1

    # ------------------------------------------------------------- public entry
    def tricks_left(self) -> int:
        """Tricks still to play: the cards of a full hand."""
        return max(
            (h.bit_count() for s, h in enumerate(self.hands) if not self.may_pass[s]), default=0
        )

    def value(self, leader: int) -> int:
        """The team's tricks from a trick start with ``leader`` to lead."""
        tricks = self.tricks_left()
        self._first_at = tricks if self._first_trick and self.no_trump_first else -1
        self.broken = self._broken_at_start
        self._start()
        return self._exact(lambda a, b: self._trick_start(leader, tricks, a, b), tricks)

    def value_mid_trick(
        self,
        order: Sequence[int],
        pos: int,
        plays: Sequence[tuple[int, int]],
        tricks: int,
    ) -> int:
        """The team's tricks from inside a trick: ``order`` is the trick's seats in play
        order, ``pos`` the next to act, ``plays`` the (seat, card) pairs so far and
        ``tricks`` the tricks left with this one. The trick on the table is counted."""
        self._first_at = tricks if self._first_trick and self.no_trump_first else -1
        self.broken = self._broken_at_start
        self._start()
        if not plays:
            return self._exact(lambda a, b: self._trick_start(order[0], tricks, a, b), tricks)
        led = _SUIT_OF[plays[0][1]]
        best, best_seat = -1, -1
        trump, broken = self.trump, self._broken_at_start
        for seat, card in plays:
            if best < 0 or self._beats(card, best, led):
                best, best_seat = card, seat
            if _SUIT_OF[card] == trump and led != trump:
                broken = True
        self.broken = broken
        order = list(order)
        return self._exact(
            lambda a, b: self._play(order, pos, led, best, best_seat, tricks, a, b), tricks
        )

    def reaches(
        self,
        order: Sequence[int],
        pos: int,
        plays: Sequence[tuple[int, int]],
        tricks: int,
        k: int,
    ) -> bool:
        """Whether the team can take at least ``k`` of the ``tricks`` left (the trick on
        the table counted) — one null-window search, cheaper than the exact value."""
        if k <= 0:
            return True
        if k > tricks:
            return False
        self._first_at = tricks if self._first_trick and self.no_trump_first else -1
        self.broken = self._broken_at_start
        self._start()
        if not plays:
            return self._trick_start(order[0], tricks, k - 1, k) >= k
        led = _SUIT_OF[plays[0][1]]
        best, best_seat = -1, -1
        trump, broken = self.trump, self._broken_at_start
        for seat, card in plays:
            if best < 0 or self._beats(card, best, led):
                best, best_seat = card, seat
            if _SUIT_OF[card] == trump and led != trump:
                broken = True
        self.broken = broken
        return self._play(list(order), pos, led, best, best_seat, tricks, k - 1, k) >= k

    def _start(self) -> None:
        """Set the search's running state from ``hands`` (callers may change them
        between searches, e.g. to try each card of a hand)."""
        live = 0
        for h in self.hands:
            live |= h
        self._live = live
        self._some_out = bool(self._passers) or not all(self.hands)

    def _exact(self, search: Any, tricks: int) -> int:
        # Null-window tests "at least k tricks?" are far cheaper than one full-window
        # search. They start at ``self.guess`` (e.g. the value of the move analysed
        # just before, MTD(f)-style) and step towards the answer: with a good guess two
        # tests settle it.
        lo, hi = 0, tricks
        k = min(max(self.guess, 1), tricks)
        while lo < hi:
            if search(k - 1, k) >= k:
                lo = k
                k += 1
            else:
                hi = k - 1
                k -= 1
        return lo

    # ------------------------------------------------------------------ search
    def _beats(self, card: int, best: int, led: int) -> bool:
        cs, bs = _SUIT_OF[card], _SUIT_OF[best]
        if cs == bs:
            return card > best
        return cs == self.trump

    def _trick_start(self, leader: int, tricks: int, alpha: int, beta: int) -> int:
        if tricks <= 0:
            return 0
        if self.nodes >= self._check_at:
            # The clock is read every few hundred nodes: reading it costs as much as a node.
            self._check_at = self.nodes + 256
            if self.nodes >= self.give_up_nodes:
                raise AnalysisTimeout
            if self.give_up_at != _NEVER and time.perf_counter() > self.give_up_at:
                raise AnalysisTimeout
        hands = self.hands
        if tricks == 1 and not self._passers_hold_cards():
            # The last trick plays itself: everyone has one card left.
            best = hands[leader].bit_length() - 1
            best_seat, led = leader, _SUIT_OF[best]
            for s in self.after[leader]:
                if hands[s]:
                    card = hands[s].bit_length() - 1
                    if self._beats(card, best, led):
                        best, best_seat = card, s
            return 1 if self.team[best_seat] else 0
        key = (leader if self.broken else leader - 64, *hands)
        if self.minimise:
            # Cards already played leave gaps between the ranks: positions alike but
            # for the gaps are one position (one entry for all of them). Misère only,
            # where it pays most: elsewhere the node counts (the bots' budget of work)
            # stay as they were.
            raw = key
            key = self._keys.get(raw)
            if key is None:
                key = self._keys[raw] = (raw[0], *squeeze(hands))
        entry = self.table.get(key)
        if entry is None:
            lo, hi = self._bounds(tricks, leader)
            hint = -2
        else:
            lo, hi, hint = entry
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a = alpha if alpha > lo - 1 else lo - 1
        b = beta if beta < hi + 1 else hi + 1
        order = self._orders[leader]
        if self._some_out:
            order = [s for s in order if hands[s]]
        v = self._play(order, 0, -1, -1, -1, tricks, a, b, hint)
        if v <= a:
            if v < hi:
                hi = v
        elif v >= b:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        # Remember the best lead found: tried first, it makes the next search of this
        # position (the next null-window test) cut off early.
        self.table[key] = (lo, hi, self._best_lead)
        return v

    def _passers_hold_cards(self) -> bool:
        hands = self.hands
        return any(hands[s] for s in self._passers)

    def _bounds(self, tricks: int, leader: int) -> tuple[int, int]:
        """Sure tricks at a trick start, as (lowest, highest) team tricks.

        * The top trumps: the highest live trumps that one hand holds in an unbroken
          run each win a trick whenever they are played (every card of a full hand is
          played), for the team or against it.
        * The leader's masters: when no one but the leader holds a live trump (or
          there are no trumps), the leader can cash every card that heads an unbroken
          run of the top live cards of its suit, keeping the lead each time — and then
          its trumps. Not in misère, where cashing is not what the team wants.
        """
        hands = self.hands
        trump = self.trump
        lo, hi = 0, tricks
        live = self._live
        tlive = live & self._tmask
        if tlive:
            top = tlive.bit_length() - 1
            holder = 0
            while not hands[holder] >> top & 1:
                holder += 1
            if not (self.minimise and self.may_pass[holder]):  # a dog may hold it back
                hand, run, rest = hands[holder], 0, tlive
                while rest and hand >> top & 1:
                    run += 1
                    rest ^= 1 << top
                    top = rest.bit_length() - 1
                if self.team[holder]:
                    lo = min(run, tricks)
                else:
                    hi = tricks - min(run, tricks)
        if self.minimise:
            me = self._ducker
            if me >= 0 and ducks_rest(hands, me, leader, live, self._tmask):
                return lo, 0
            return lo, hi
        if self.may_pass[leader]:
            return lo, hi
        hand = hands[leader]
        if tlive & ~hand:
            return lo, hi  # someone else could trump the leader's masters
        sure = (hand & tlive).bit_count()
        for suit in range(4):
            if suit == trump:
                continue
            rest = live & SUIT_MASK[suit]
            while rest:
                top = rest.bit_length() - 1
                if not hand >> top & 1:
                    break
                sure += 1
                rest ^= 1 << top
        sure = min(sure, tricks)
        if self.team[leader]:
            return max(lo, sure), hi
        return lo, min(hi, tricks - sure)

    def _moves(
        self, seat: int, led: int, best: int, best_seat: int, live: int, tricks: int
    ) -> tuple[int, ...]:
        """Candidate cards for ``seat``, one per group of equivalent cards, ordered."""
        hand = self.hands[seat]
        if self.may_pass[seat]:
            return (hand.bit_length() - 1, _PASS) if hand else (_PASS,)
        if led >= 0:
            legal = hand & SUIT_MASK[led]
            if legal:
                # Following suit (the common case): one suit's cards.
                shift = 13 * led
                key = (legal >> shift) << 13 | (live >> shift & 0x1FFF)
                reps = _REPS.get(key)
                if reps is None:
                    reps = _representatives(legal >> shift, live >> shift & 0x1FFF)
                reps <<= shift
                if _SUIT_OF[best] != led:
                    if self.minimise and seat == self._ducker:
                        return _high_first(reps)  # trumped: throw the highest, safely
                    return _low_first(reps)  # trumped: nothing of ours wins
                under = reps & ((2 << best) - 1)
                over = reps ^ under
                if self.minimise:
                    return _high_first(under) + _low_first(over)
                if self.team[best_seat] != self.team[seat]:
                    return _low_first(over) + _low_first(under)
                return _low_first(under) + _low_first(over)
            legal = hand
            if tricks == self._first_at:  # no trumping in on the first trick
                legal = hand & ~self._tmask or hand
        elif not self.broken:  # trumps not broken: no trump lead while others are held
            legal = hand & ~self._tmask or hand
        else:
            legal = hand
        reps = 0
        for suit in range(4):
            shift = 13 * suit
            mine = legal >> shift & 0x1FFF
            if mine:
                key = mine << 13 | (live >> shift & 0x1FFF)
                r = _REPS.get(key)
                if r is None:
                    r = _representatives(mine, live >> shift & 0x1FFF)
                reps |= r << shift
        trump = self.trump
        if self.minimise:
            # Misère: nobody wants to win a trick the team would not take, so lead
            # low, and under the card to beat play the highest card that stays under.
            if best < 0:
                if seat == self._ducker:
                    # The team's leads that someone must beat first, the highest of
                    # them first (it gets rid of a card that could win later).
                    safe = beaten_leads(self.hands, seat, reps)
                    return _high_first(safe) + _low_first(reps & ~safe)
                return _low_first(reps)
            bs = _SUIT_OF[best]
            winning = reps & SUIT_MASK[bs] & ~((2 << best) - 1)
            if trump >= 0 and bs != trump:
                winning |= reps & SUIT_MASK[trump]
            return _high_first(reps & ~winning) + _low_first(winning)
        if best < 0:
            # Leading: high cards first (they win or clear the way), trumps last.
            tmask = self._tmask
            return _high_first(reps & ~tmask) + _high_first(reps & tmask)
        bs = _SUIT_OF[best]
        winning = reps & SUIT_MASK[bs] & ~((2 << best) - 1)  # same suit, higher
        if trump >= 0 and bs != trump:
            winning |= reps & SUIT_MASK[trump]
        if self.team[best_seat] != self.team[seat]:
            # Beat the other side's card as cheaply as possible, else throw the lowest.
            return _low_first(winning) + _low_first(reps & ~winning)
        # A partner is winning: the lowest card that lets them keep it comes first.
        return _low_first(reps & ~winning) + _low_first(winning)

    def _play(
        self,
        order: list[int],
        pos: int,
        led: int,
        best: int,
        best_seat: int,
        tricks: int,
        alpha: int,
        beta: int,
        hint: int = -2,
    ) -> int:
        self.nodes += 1
        if pos == len(order):
            if self.team[best_seat]:
                return 1 + self._next_trick(best_seat, tricks - 1, alpha - 1, beta - 1)
            return self._next_trick(best_seat, tricks - 1, alpha, beta)
        seat = order[pos]
        hands = self.hands
        if not hands[seat]:  # a dog who already played this round
            return self._play(order, pos + 1, led, best, best_seat, tricks, alpha, beta)
        # Live cards: every card in a hand, and the card to beat on the table (which
        # decides whether two of our cards either side of it play alike).
        live = self._live | (1 << best) if best >= 0 else self._live
        maximise = self.wants[seat]
        value = -1 if maximise else 99
        moves = self._moves(seat, led, best, best_seat, live, tricks)
        if hint >= 0 and hint in moves:
            moves = (hint, *(m for m in moves if m != hint))
        chosen = moves[0]
        nxt = pos + 1
        last = nxt == len(order)
        trump = self.trump
        for card in moves:
            if card == _PASS:
                v = self._play(order, nxt, led, best, best_seat, tricks, alpha, beta)
                if maximise:
                    if v > value:
                        value, chosen = v, card
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < value:
                    value, chosen = v, card
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
                continue
            bit = 1 << card
            hands[seat] ^= bit
            self._live ^= bit
            breaks = False
            if best < 0:
                nb, nbs, nled = card, seat, _SUIT_OF[card]
            else:
                nled = led
                if _SUIT_OF[card] == _SUIT_OF[best]:
                    nb, nbs = (card, seat) if card > best else (best, best_seat)
                elif _SUIT_OF[card] != trump:  # a discard
                    nb, nbs = best, best_seat
                else:  # trumping in (which breaks trumps)
                    nb, nbs = card, seat
                    breaks = not self.broken
            if breaks:
                self.broken = True
            if last:
                # The trick is complete: no node of its own for the count to the winner.
                self.nodes += 1
                if self.team[nbs]:
                    v = 1 + self._next_trick(nbs, tricks - 1, alpha - 1, beta - 1)
                else:
                    v = self._next_trick(nbs, tricks - 1, alpha, beta)
            else:
                v = self._play(order, nxt, nled, nb, nbs, tricks, alpha, beta)
            if breaks:
                self.broken = False
            hands[seat] ^= bit
            self._live ^= bit
            if maximise:
                if v > value:
                    value, chosen = v, card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < value:
                value, chosen = v, card
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if pos == 0:
            self._best_lead = chosen
        return value

    def _next_trick(self, winner: int, tricks: int, alpha: int, beta: int) -> int:
        if tricks <= 0:
            return 0
        hands = self.hands
        if not hands[winner] or self.may_pass[winner]:
            # A dog who wins has no card to lead: the lead passes on clockwise.
            for s in self.after[winner]:
                if hands[s] and not self.may_pass[s]:
                    winner = s
                    break
        return self._trick_start(winner, tricks, alpha, beta)
