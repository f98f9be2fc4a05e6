"""A lean playout core of Knock-Out Whist: plain ints and bit sets, nothing else.

:class:`KnockoutGame` is the source of truth for play, records and explanations; this
module plays the same game with none of that (no ``Card`` or ``Call`` objects, no round
logs, no undo, no checks), for what plays many games and reads only their results:
random playouts, simulations between random bots, the speed benchmark. Every rule
option is played, and the same ``seed`` deals exactly the cards and cuts the full
engine deals (the same draws of the same generator), so a lean game and a full game
fed the same moves are the same game. ``tests/test_playout.py`` checks that move for
move (legal sets, trick winners, statuses, outcomes) on thousands of random games with
random variants.

Moves are ints: ``0..51`` the cards (the engine's card indices), then :data:`PASS`,
the trump calls :data:`TRUMP` ``+ suit``, :data:`PLAY_ON`, :data:`NO_PICTURE` and
:data:`RAINBOW`; :data:`MOVES` maps each to the engine's move object.

>>> import random
>>> g = KnockoutPlayout(4, seed=1)
>>> rng = random.Random(2)
>>> while g.to_move >= 0:
...     g.play(rng.choice(g.legal()))
>>> g.winner in range(4), g.termination
(True, 'sweep')
"""

from __future__ import annotations

import random
import struct
from collections.abc import Sequence
from operator import add as _add
from typing import Any

from ...core.cards import ALL_CARDS
from ...core.moves import NO_PICTURE as _NO_PICTURE
from ...core.moves import PASS as _PASS
from ...core.moves import PLAY_ON as _PLAY_ON
from ...core.moves import RAINBOW as _RAINBOW
from ...core.moves import TRUMP_CALLS, Move
from ...core.suit_chunks import SUIT_CHUNKS
from .engine import Rules

__all__ = [
    "KnockoutPlayout",
    "MOVES",
    "move_code",
    "PASS",
    "TRUMP",
    "PLAY_ON",
    "NO_PICTURE",
    "RAINBOW",
    "random_game",
]

PASS = 52
TRUMP = 53  #: TRUMP + suit: a trump choice or a vote
PLAY_ON = 57
NO_PICTURE = 58
RAINBOW = 59
#: The engine's move object of each move code.
MOVES: tuple[Move, ...] = (*ALL_CARDS, _PASS, *TRUMP_CALLS, _PLAY_ON, _NO_PICTURE, _RAINBOW)
_CODE = {m: i for i, m in enumerate(MOVES)}

# Phases (plain ints).
DEAL, CUT, VOTE, CHOOSE, DECLARE, PLAY, OVER = range(7)
# Statuses, as the engine's Status values.
ACTIVE, DOG, BLIND_DOG, OUT = range(4)

_SUIT_MASK = tuple(0x1FFF << (13 * s) for s in range(4))
_SUIT_OF = tuple(i // 13 for i in range(52))
_PICTURES = sum(1 << c for c in range(52) if c % 13 >= 9)
_FOUR_CALLS = [TRUMP, TRUMP + 1, TRUMP + 2, TRUMP + 3]
_unpack_keys = struct.Struct("<52I").unpack
_DECK = tuple(range(52))
_BIT = tuple(1 << c for c in range(52))
# Per table size, made once (read-only, shared by every game): each seat's followers
# round the table, each dealer's dealing order (the seat after the dealer first), and
# each leader's trick order while every seat holds cards.
_Orders = tuple[tuple[int, ...], ...]
_TABLES: dict[int, tuple[_Orders, _Orders, _Orders]] = {}


def _tables(n: int) -> tuple[_Orders, _Orders, _Orders]:
    if n not in _TABLES:
        after = tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n))
        deal_order = tuple(tuple((d + 1 + i) % n for i in range(n)) for d in range(n))
        _TABLES[n] = (after, deal_order, tuple((s, *after[s]) for s in range(n)))
    return _TABLES[n]


# The cards of a 13-bit suit chunk, high to low (the engine's order), one shared copy.
_BY_SUIT = SUIT_CHUNKS
_S, _H, _D, _C = SUIT_CHUNKS


def cards_of(mask: int) -> list[int]:
    """The cards of a set as ints, ♠ ♥ ♦ ♣ and high to low within a suit."""
    return [*_S[mask & 0x1FFF], *_H[mask >> 13 & 0x1FFF], *_D[mask >> 26 & 0x1FFF], *_C[mask >> 39]]


def move_code(move: Move) -> int:
    """The int of an engine move (a ``Card`` or a ``Call``)."""
    return _CODE[move]


_DEFAULT = Rules()


class KnockoutPlayout:
    """One game of Knock-Out Whist as plain ints; chance is settled by itself.

    ``to_move`` is the seat to move (``-1`` once the game is over: then ``winner``,
    ``termination`` — ``"sweep"``, ``"last_standing"`` or ``"fewest_tricks"`` — and
    ``round`` are set). ``legal()`` lists the move codes open, ``play(code)`` makes one
    without checking it. ``turn_up`` is round one's turned-up card (-1 after it).
    """

    __slots__ = (
        "n", "rules", "rng", "after", "status", "used_dog", "used_blind", "failure_seen",
        "fixed_trump", "first_done", "hand_size", "dealer", "chooser", "cut_among",
        "cut_for", "hands", "one_card", "gets", "tricks_won", "totals", "trump", "led",
        "order", "pos", "broken", "votes", "voters", "declarers", "to_move", "phase",
        "tricks_done", "best", "winning", "leader", "round", "winner", "termination",
        "_nt_first", "_breaking", "turn_up", "deal_order", "full_order",
    )  # fmt: skip

    def __init__(
        self,
        players: int = 4,
        rules: Rules | None = None,
        seed: int | None = None,
        first_dealer: int = 0,
    ) -> None:
        n = self.n = players
        rules = self.rules = rules if rules is not None else _DEFAULT
        self.rng = random.Random(seed if seed is not None else random.randrange(1 << 62))
        self.after, self.deal_order, self.full_order = _tables(n)
        self._nt_first = rules.no_trump_first_trick
        self._breaking = rules.trump_breaking
        self.status = [ACTIVE] * n
        self.used_dog = [False] * n
        self.used_blind = [False] * n
        self.failure_seen = False
        self.fixed_trump = -1
        self.first_done = False
        self.hand_size = rules.start_hand
        self.dealer = first_dealer
        self.chooser = -1
        self.cut_among: list[int] = []
        self.cut_for = ""
        self.totals = [0] * n
        self.round = -1
        self.winner: int | None = None
        self.termination = ""
        self.turn_up = -1
        self.votes: list[int] = []
        self.voters: list[int] = []
        self.declarers: list[int] = []
        self._new_round()
        self._chance()

    # ------------------------------------------------------------------ rounds
    def _new_round(self) -> None:
        n = self.n
        status = self.status
        h = self.hand_size
        reentry = self.rules.reentry
        self.hands = [0] * n
        self.one_card = one = [False] * n
        if status.count(ACTIVE) == n:  # nobody out, no dog: a full hand each
            self.gets = [h] * n
        else:
            self.gets = gets = [0] * n
            for s in range(n):
                st = status[s]
                if st == ACTIVE:
                    gets[s] = h
                elif st != OUT or reentry:
                    gets[s] = 1
                    one[s] = True
        self.tricks_won = [0] * n
        self.trump = -1
        self.led = -1
        self.order: Sequence[int] = ()
        self.pos = 0
        self.broken = False
        # Fresh lists only where the last round used them (they are emptied as used).
        if self.votes:
            self.votes = []
        if self.voters:
            self.voters = []
        if self.declarers:
            self.declarers = []
        self.to_move = -1
        self.tricks_done = 0
        self.round += 1
        self.phase = CUT if self.cut_among else DEAL

    def _chance(self) -> None:
        rng = self.rng
        while True:
            phase = self.phase
            if phase == DEAL:
                self._deal(rng)
            elif phase == CUT:
                self._cut(rng.choice(self.cut_among))
            else:
                return

    def _deal(self, rng: random.Random) -> None:
        n, gets, h = self.n, self.gets, self.hand_size
        keys = _unpack_keys(rng.getrandbits(1664).to_bytes(208, "little"))
        cards = sorted(_DECK, key=keys.__getitem__)
        hands = self.hands
        dealer = self.dealer
        order = self.deal_order[dealer]
        if gets.count(h) == n:
            bit = _BIT.__getitem__
            for i, s in enumerate(order):
                hands[s] = sum(map(bit, cards[i : n * h : n]))  # distinct bits: sum is or
            k = n * h
        else:
            k = 0
            for lap in range(max(gets)):
                for s in order:
                    if gets[s] > lap:
                        hands[s] |= 1 << cards[k]
                        k += 1
        rules = self.rules
        final_nt = rules.no_trump_final and h == 1
        self.turn_up = -1
        if not self.first_done:
            self.turn_up = cards[k]
            up = _SUIT_OF[cards[k]]
            self.trump = -1 if final_nt else up
            if rules.fixed_trump:
                self.fixed_trump = up
            self.leader = self._next_full((dealer + 1) % n, True)
            self._after_trump()
            return
        chooser = self.leader = self.chooser
        if final_nt:
            self.trump = -1
            self._after_trump()
        elif rules.fixed_trump:
            self.trump = self.fixed_trump
            self._after_trump()
        else:
            voters: list[int] = []
            if rules.eliminated_vote_trump:
                status = self.status
                voters = [(chooser + i) % n for i in range(n) if status[(chooser + i) % n] == OUT]
            if voters:
                self.voters = voters
                self.phase = VOTE
                self.to_move = voters[0]
            else:
                self.phase = CHOOSE
                self.to_move = chooser

    def _cut(self, winner: int) -> None:
        purpose = self.cut_for
        self.cut_among, self.cut_for = [], ""
        if purpose == "rainbow":
            self._rainbow_won(winner)
        elif purpose == "winner":
            self._finish(winner, "fewest_tricks")
        else:
            self.chooser = winner
            self.phase = DEAL

    def _next_full(self, start: int, inclusive: bool = False) -> int:
        n, hands, one = self.n, self.hands, self.one_card
        for i in range(0 if inclusive else 1, n + 1):
            s = (start + i) % n
            if hands[s] and not one[s]:
                return s
        raise AssertionError("no player holds a full hand")

    def _may_declare(self, seat: int) -> list[int]:
        hand, rules, h = self.hands[seat], self.rules, self.hand_size
        calls = []
        if rules.no_picture_redeal and h >= 6 and not hand & _PICTURES:
            calls.append(NO_PICTURE)
        if rules.rainbow and h == 4 and all(hand & m for m in _SUIT_MASK):
            calls.append(RAINBOW)
        return calls

    def _after_trump(self) -> None:
        rules, h, n = self.rules, self.hand_size, self.n
        if (rules.no_picture_redeal and h >= 6) or (rules.rainbow and h == 4):
            leader = self.leader
            declarers = []
            for i in range(n):
                s = (leader + i) % n
                if not self.one_card[s] and self.hands[s] and self._may_declare(s):
                    declarers.append(s)
            if declarers:
                self.declarers = declarers
                self.phase = DECLARE
                self.to_move = declarers[0]
                return
        self.phase = PLAY
        self._start_trick(self.leader)

    def _start_trick(self, leader: int) -> None:
        hands = self.hands
        if all(hands):  # nobody out, no dog's card played: the table's order
            self.order = self.full_order[leader]
        else:
            self.order = [leader, *[s for s in self.after[leader] if hands[s]]]
        self.pos = 0
        self.led = -1
        self.to_move = leader

    def _rainbow_won(self, seat: int) -> None:
        self.chooser = seat
        self._end_round(True)

    # ------------------------------------------------------------------- moves
    def legal(self) -> list[int]:
        """The move codes open to the player to move (the engine's order)."""
        if self.phase == PLAY:
            seat = self.to_move
            hand = self.hands[seat]
            if self.one_card[seat]:
                return [hand.bit_length() - 1, PASS]
            led = self.led
            if led >= 0:
                suited = hand >> (13 * led) & 0x1FFF
                if suited:
                    return list(_BY_SUIT[led][suited])
                if self._nt_first and self.tricks_done == 0 and self.trump >= 0:
                    hand = hand & ~_SUIT_MASK[self.trump] or hand
            elif self._breaking and self.trump >= 0 and not self.broken:
                hand = hand & ~_SUIT_MASK[self.trump] or hand
            return [
                *_S[hand & 0x1FFF],
                *_H[hand >> 13 & 0x1FFF],
                *_D[hand >> 26 & 0x1FFF],
                *_C[hand >> 39],
            ]
        phase = self.phase
        if phase == CHOOSE:
            if self.votes:
                return [TRUMP + s for s in self._tied_votes()]
            return list(_FOUR_CALLS)
        if phase == VOTE:
            return list(_FOUR_CALLS)
        if phase == DECLARE:
            return [*self._may_declare(self.to_move), PLAY_ON]
        return []

    def legal_mask(self) -> int:
        """The cards open to the player to move as a bit set (0 outside card play;
        a one-card player's card, though a pass is open too)."""
        if self.phase != PLAY:
            return 0
        seat = self.to_move
        hand = self.hands[seat]
        if self.one_card[seat]:
            return hand
        led = self.led
        if led >= 0:
            suited = hand & _SUIT_MASK[led]
            if suited:
                return suited
            if self._nt_first and self.tricks_done == 0 and self.trump >= 0:
                return hand & ~_SUIT_MASK[self.trump] or hand
            return hand
        if self._breaking and self.trump >= 0 and not self.broken:
            return hand & ~_SUIT_MASK[self.trump] or hand
        return hand

    def _tied_votes(self) -> list[int]:
        counts = [0, 0, 0, 0]
        for suit in self.votes:
            counts[suit] += 1
        top = max(counts)
        return [s for s in range(4) if counts[s] == top]

    def play(self, move: int) -> None:
        """Make move ``move`` (a code of :meth:`legal`; not checked)."""
        if move < 52:
            # The innermost step: a card to the trick.
            seat = self.to_move
            self.hands[seat] ^= 1 << move
            if self.led >= 0:
                best = self.best
                cs = _SUIT_OF[move]
                if cs == _SUIT_OF[best]:
                    if move > best:
                        self.best = move
                        self.winning = seat
                elif cs == self.trump:  # trumping in (and so breaking trumps)
                    self.best = move
                    self.winning = seat
                    self.broken = True
            else:
                self.best = move
                self.winning = seat
                self.led = _SUIT_OF[move]
            # _advance, inlined for the common case: the next seat of the trick.
            pos = self.pos = self.pos + 1
            order = self.order
            if pos < len(order):
                self.to_move = order[pos]
            else:
                self._trick_over()
            return
        if move == PASS:
            self._advance()
            return
        self._call(move)

    def _advance(self) -> None:
        pos = self.pos = self.pos + 1
        if pos < len(self.order):
            self.to_move = self.order[pos]
            return
        self._trick_over()

    def _trick_over(self) -> None:
        winner = self.winning
        self.tricks_won[winner] += 1
        self.tricks_done += 1
        if self.tricks_done == self.hand_size:
            self._end_round()
            self._chance()
        elif self.hands[winner] and not self.one_card[winner]:
            self._start_trick(winner)
        else:
            self._start_trick(self._next_full(winner))

    def _call(self, move: int) -> None:
        phase, seat = self.phase, self.to_move
        if phase == VOTE:
            self.votes.append(move - TRUMP)
            self.voters.pop(0)
            if self.voters:
                self.to_move = self.voters[0]
            else:
                tied = self._tied_votes()
                if len(tied) == 1:
                    self.trump = tied[0]
                    self._after_trump()
                else:
                    self.phase = CHOOSE
                    self.to_move = self.chooser
        elif phase == CHOOSE:
            self.trump = move - TRUMP
            self._after_trump()
        elif phase == DECLARE:
            declarers = self.declarers
            declarers.pop(0)
            if move == NO_PICTURE:
                self._new_round()
            elif move == RAINBOW:
                holders = [s for s in [seat, *declarers] if RAINBOW in self._may_declare(s)]
                if len(holders) > 1:
                    self.cut_among, self.cut_for = holders, "rainbow"
                    self.phase = CUT
                    self.to_move = -1
                else:
                    self._rainbow_won(seat)
            elif declarers:
                self.to_move = declarers[0]
            else:
                self.phase = PLAY
                self._start_trick(self.leader)
        self._chance()

    def _end_round(self, rainbow: bool = False) -> None:
        self.to_move = -1
        self.first_done = True
        n, won, status = self.n, self.tricks_won, self.status
        totals = self.totals
        totals[:] = map(_add, totals, won)
        if self.rules.misere:
            self._end_misere_round()
            return
        if not rainbow:
            if self.hand_size in won:  # a sweep: the first seat to take every trick
                self._finish(won.index(self.hand_size), "sweep")
                return
            failed_now = False
            gets = self.gets
            for s in range(n):
                if not gets[s]:
                    continue
                st = status[s]
                if st == ACTIVE:
                    if not won[s]:
                        failed_now = True
                        status[s] = self._fail(s)
                elif won[s]:
                    status[s] = ACTIVE
                elif st != OUT:
                    status[s] = OUT
            if failed_now:
                self.failure_seen = True
            top = max(won)
            if won.count(top) == 1:
                tied = [won.index(top)]
            else:
                tied = [s for s in range(n) if won[s] == top]
        else:
            tied = [self.chooser]
        self._next_round(tied)

    def _next_round(self, tied: list[int]) -> None:
        self.hand_size -= 1
        n, status, dealer = self.n, self.status, self.dealer
        for i in range(1, n + 1):
            s = (dealer + i) % n
            if status[s] == ACTIVE:
                self.dealer = s
                break
        if len(tied) == 1:
            self.chooser = tied[0]
        else:
            self.chooser = -1
            self.cut_among, self.cut_for = tied, "chooser"
        self._new_round()

    def _end_misere_round(self) -> None:
        h, won, gets = self.hand_size, self.tricks_won, self.gets
        playing = [s for s in range(self.n) if gets[s]]
        out = [s for s in playing if won[s] >= 2 or won[s] == h]
        if len(out) == len(playing):
            least = min(won[s] for s in playing)
            out = [s for s in playing if won[s] != least]
        for s in out:
            self.status[s] = OUT
        left = [s for s in playing if s not in out]
        if len(left) == 1:
            self._finish(left[0], "last_standing")
            return
        if h == 1:
            totals = self.totals
            least = min(totals[s] for s in left)
            tied = [s for s in left if totals[s] == least]
            if len(tied) == 1:
                self._finish(tied[0], "fewest_tricks")
                return
            self.cut_among, self.cut_for = tied, "winner"
            self.phase = CUT
            return
        least = min(won[s] for s in left)
        self._next_round([s for s in left if won[s] == least])

    def _fail(self, seat: int) -> int:
        rules = self.rules
        if (
            rules.dogs_chance
            and not self.used_dog[seat]
            and not (rules.one_dog_per_game and self.failure_seen)
        ):
            self.used_dog[seat] = True
            return DOG
        if rules.blind_dog and self.used_dog[seat] and not self.used_blind[seat]:
            self.used_blind[seat] = True
            return BLIND_DOG
        return OUT

    def _finish(self, winner: int, how: str) -> None:
        self.status[winner] = ACTIVE
        self.phase = OVER
        self.to_move = -1
        self.winner = winner
        self.termination = how


def random_game(
    players: int = 4,
    rules: Rules | None = None,
    seed: int | None = None,
    rng: Any = None,
    record: list[int] | None = None,
) -> KnockoutPlayout:
    """A whole game between random players; returns the finished game (``record``,
    if given, receives every move code played, for checking against the engine).

    The deals come from ``seed`` (as :class:`KnockoutPlayout`), the players' choices
    from ``rng`` (default: ``random.Random(seed)``): each picks uniformly among its
    legal moves with one ``rng.random()`` draw. A round's tricks are played in one
    tight loop here (hands, trumps, the trick's winner and the trump-breaking kept in
    locals, the next trick's order taken from a table while every seat holds cards),
    and a plain trump choice is made inline: that is where a random game spends its
    time. Rounds' ends, deals and the rarer phases are :class:`KnockoutPlayout`'s own
    steps.

    >>> g = random_game(4, seed=3)
    >>> g.winner in range(4), g.to_move
    (True, -1)
    """
    g = KnockoutPlayout(players, rules, seed)
    rand = (rng if rng is not None else random.Random(seed)).random
    S, H, D, C, BY_SUIT, SUIT_OF, SUIT_MASK = _S, _H, _D, _C, _BY_SUIT, _SUIT_OF, _SUIT_MASK
    nt_first, breaking = g._nt_first, g._breaking
    full_order, after = g.full_order, g.after
    keep = record is not None
    while g.to_move >= 0:
        phase = g.phase
        if phase != PLAY:
            if phase == CHOOSE and not g.votes:
                # The chooser names trumps: legal() would be the four calls in suit order.
                suit = int(rand() * 4)
                if keep:
                    record.append(TRUMP + suit)  # type: ignore[union-attr]
                g.trump = suit
                g._after_trump()
                continue
            moves = g.legal()
            move = moves[int(rand() * len(moves))]
            if keep:
                record.append(move)  # type: ignore[union-attr]
            g.play(move)
            continue
        # The round's tricks, each starting with pos 0 and a full-hand leader.
        hands, one, trump, won = g.hands, g.one_card, g.trump, g.tricks_won
        tmask = SUIT_MASK[trump] if trump >= 0 else 0
        broken = g.broken
        done = g.tricks_done
        size = g.hand_size
        order = g.order
        while True:
            # The lead: the leader always holds a full hand (see _start_trick's callers).
            winning = order[0]
            hand = hands[winning]
            if breaking and tmask and not broken:
                hand = hand & ~tmask or hand
            cards = [
                *S[hand & 0x1FFF],
                *H[hand >> 13 & 0x1FFF],
                *D[hand >> 26 & 0x1FFF],
                *C[hand >> 39],
            ]
            best = cards[int(rand() * len(cards))]
            hands[winning] ^= 1 << best
            if keep:
                record.append(best)  # type: ignore[union-attr]
            led = SUIT_OF[best]
            shift, suit_cards = 13 * led, BY_SUIT[led]
            on_led = True  # whether the best card so far is of the led suit
            for seat in order[1:]:
                hand = hands[seat]
                if one[seat]:
                    if rand() < 0.5:
                        if keep:
                            record.append(PASS)  # type: ignore[union-attr]
                        continue
                    card = hand.bit_length() - 1
                else:
                    suited = hand >> shift & 0x1FFF
                    if suited:
                        cards = suit_cards[suited]
                        card = cards[int(rand() * len(cards))]
                        hands[seat] = hand ^ (1 << card)
                        if keep:
                            record.append(card)  # type: ignore[union-attr]
                        if on_led and card > best:
                            best, winning = card, seat
                        continue
                    if nt_first and tmask and not done:
                        hand = hand & ~tmask or hand
                    cards = [
                        *S[hand & 0x1FFF],
                        *H[hand >> 13 & 0x1FFF],
                        *D[hand >> 26 & 0x1FFF],
                        *C[hand >> 39],
                    ]
                    card = cards[int(rand() * len(cards))]
                hands[seat] ^= 1 << card
                if keep:
                    record.append(card)  # type: ignore[union-attr]
                cs = SUIT_OF[card]
                if cs == led:  # a dog's card of the led suit
                    if on_led and card > best:
                        best, winning = card, seat
                elif cs == trump:  # trumping in (and so breaking trumps)
                    if on_led or card > best:
                        best, winning, on_led = card, seat, False
                    broken = True
            won[winning] += 1
            done += 1
            if done == size:
                break
            # The winner leads, unless their hand is empty or a dog's single card.
            leader = winning if hands[winning] and not one[winning] else g._next_full(winning)
            if all(hands):
                order = full_order[leader]
            else:
                order = [leader, *[s for s in after[leader] if hands[s]]]
        g.best, g.winning, g.broken, g.led, g.tricks_done = best, winning, broken, led, done
        g._end_round()
        g._chance()
    return g
