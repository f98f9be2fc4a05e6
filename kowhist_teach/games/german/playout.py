"""A lean playout core of German Whist: plain ints and bit sets, nothing else.

:class:`~kowhist_teach.games.german.engine.GermanGame` is the source of truth for play,
records, views and explanations; this module plays the same hand with none of that (no
``Card`` objects, no ``Trick`` objects, no log, no undo, no checks), for what plays many
hands and reads only their results: simulations between random bots and the speed
benchmark. Both phases and every :class:`GermanRules` option are played (``scoring``,
``open_stock``, ``race_to``, ``no_trumps``), and the same ``seed`` deals exactly the
cards the engine deals (the same draws of the same generator), so a lean hand and a
full hand fed the same moves are the same hand. ``tests/test_playout_german.py`` checks
that move for move (legal sets, stock takes, trick winners, outcomes) on thousands of
random hands with random rule options.

Moves are ints ``0..51``, the engine's card indices: a card to the trick, or, after an
open-stock trick (phase :data:`PICK`), the face-up card the winner takes.

>>> import random
>>> g = GermanPlayout(seed=1)
>>> rng = random.Random(2)
>>> while g.to_move >= 0:
...     g.play(rng.choice(g.legal()))
>>> sum(g.tricks_won), g.termination
(26, 'all_tricks')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat, starmap
from typing import Any

from ...core.hooks.playout import PlayoutHooks, PlayoutResult, play_random
from ...core.suit_chunks import SUIT_CHUNKS
from .engine import GermanRules

__all__ = ["GermanPlayout", "GermanPlayoutHooks", "random_game", "PLAY1", "PICK", "PLAY2"]

# Phases (plain ints); OVER is also ``to_move == -1``.
PLAY1, PICK, PLAY2, OVER = range(4)

_SUIT_OF = tuple(i // 13 for i in range(52))
_DECK = tuple(range(52))
_BIT = tuple(1 << c for c in range(52))


# The cards of a 13-bit suit chunk, high to low (the engine's order), one shared copy.
_BY_SUIT = SUIT_CHUNKS
_S, _H, _D, _C = SUIT_CHUNKS
_DEFAULT = GermanRules()
# The engine reseeds one shared generator before each deal; so does this module.
_CHANCE_RNG = random.Random()


def cards_of(mask: int) -> list[int]:
    """The cards of a set as ints, ♠ ♥ ♦ ♣ and high to low within a suit.

    >>> cards_of(1 << 0 | 1 << 12 | 1 << 24)
    [12, 0, 24]
    """
    return [*_S[mask & 0x1FFF], *_H[mask >> 13 & 0x1FFF], *_D[mask >> 26 & 0x1FFF], *_C[mask >> 39]]


def deal(seed: int, dealer: int) -> tuple[list[int], list[int]]:
    """The deal ``GermanGame(seed=seed, first_dealer=dealer)`` makes: both hands as card
    sets and the stock as card ints, top first.

    >>> hands, stock = deal(1, 0)
    >>> [h.bit_count() for h in hands], len(stock)
    ([13, 13], 26)
    """
    rng = _CHANCE_RNG
    rng.seed(seed * 10007 + 1)  # as GermanGame._resolve_chance: the first chance event
    # The engine's 52 draws, made by a C-level loop (the same calls in the same order).
    keys = list(starmap(rng.random, repeat((), 52)))
    deck = sorted(_DECK, key=keys.__getitem__)
    hands = [0, 0]
    # The non-dealer gets the 1st, 3rd … 25th card, the dealer the 2nd … 26th (distinct
    # bits, so their sum is the card set).
    bit = _BIT.__getitem__
    hands[1 - dealer] = sum(map(bit, deck[0:26:2]))
    hands[dealer] = sum(map(bit, deck[1:26:2]))
    return hands, deck[26:]


class GermanPlayout:
    """One hand of German Whist as plain ints; the deal is made at once.

    ``to_move`` is the seat to move (``-1`` once the hand is over: then ``winner`` —
    ``None`` for a drawn hand —, ``points`` and ``termination`` — ``"all_tricks"`` or
    ``"race"`` — are set). ``legal()`` lists the moves open, ``play(card)`` makes one
    without checking it. ``hands`` are card sets, ``stock`` the cards left in the stock
    (top first), ``trump`` a suit index (-1: none), ``led`` the card leading the trick
    in play (-1 before its lead), ``winner_took`` / ``loser_took`` the stock cards taken
    after each phase-1 trick, ``trick_winners`` the winner of each trick.

    >>> g = GermanPlayout(GermanRules(open_stock=3), seed=4)
    >>> g.phase == PLAY1, g.to_move, len(g.legal()), len(g.stock)
    (True, 1, 13, 26)
    """

    __slots__ = (
        "rules", "k", "race", "last13", "hands", "stock", "trump", "phase", "to_move",
        "leader", "led", "best", "winning", "tricks_won", "phase1_tricks", "tricks_done",
        "winner_took", "loser_took", "trick_winners", "winner", "points", "termination",
        "dealer",
    )  # fmt: skip

    def __init__(
        self, rules: GermanRules | None = None, seed: int | None = None, first_dealer: int = 0
    ) -> None:
        rules = self.rules = rules if rules is not None else _DEFAULT
        self.k = rules.open_stock
        self.race = rules.race_to
        self.last13 = rules.scoring == "last13"
        self.dealer = first_dealer
        self.hands, self.stock = deal(
            seed if seed is not None else random.randrange(1 << 62), first_dealer
        )
        # The first card turned up names trumps (no_trumps: it is only the first prize).
        self.trump = -1 if rules.no_trumps else _SUIT_OF[self.stock[0]]
        self.phase = PLAY1
        self.tricks_won = [0, 0]
        self.phase1_tricks = [0, 0]
        self.tricks_done = 0
        self.winner_took: list[int] = []
        self.loser_took: list[int] = []
        self.trick_winners: list[int] = []
        self.winner: int | None = None
        self.points = 0
        self.termination = ""
        self.leader = self.to_move = 1 - first_dealer  # the non-dealer leads
        self.led = self.best = self.winning = -1

    # ------------------------------------------------------------------- moves
    def legal(self) -> list[int]:
        """The moves open to the player to move, in the engine's order (♠♥♦♣, high first).

        >>> g = GermanPlayout(seed=3)
        >>> len(g.legal()), g.legal() == cards_of(g.hands[g.to_move])
        (13, True)
        """
        phase = self.phase
        if phase == PICK:
            m = 0
            for c in self.stock[: self.k]:
                m |= 1 << c
            return cards_of(m)
        if phase == OVER:
            return []
        hand = self.hands[self.to_move]
        led = self.led
        if led >= 0:
            suit = _SUIT_OF[led]
            suited = hand >> (13 * suit) & 0x1FFF
            if suited:
                return list(_BY_SUIT[suit][suited])
        return cards_of(hand)

    def play(self, move: int) -> None:
        """Make move ``move`` (one of :meth:`legal`; not checked).

        >>> g = GermanPlayout(seed=3)
        >>> g.play(g.legal()[0]); g.to_move
        0
        """
        if self.phase == PICK:
            self._take(self.stock.index(move))
            return
        seat = self.to_move
        self.hands[seat] ^= 1 << move
        if self.led < 0:
            self.led = self.best = move
            self.winning = seat
            self.to_move = 1 - seat
            return
        best = self.best
        cs = _SUIT_OF[move]
        if cs == _SUIT_OF[best]:
            if move > best:
                self.best, self.winning = move, seat
        elif cs == self.trump:
            self.best, self.winning = move, seat
        self._trick_done(self.winning)

    def _trick_done(self, w: int) -> None:
        self.led = -1
        self.trick_winners.append(w)
        self.tricks_won[w] += 1
        self.tricks_done += 1
        phase1 = self.phase == PLAY1
        if phase1:
            self.phase1_tricks[w] += 1
        race = self.race
        if race is not None:
            won = self.tricks_won[w]
            if self.last13:  # phase-1 tricks do not count
                won -= self.phase1_tricks[w]
            if won >= race:
                # The hand ends at once: no stock card is taken after the deciding trick.
                self._finish(w, 1, "race")
                return
        if phase1:
            self.leader = w
            if self.k > 1:  # the winner picks among the face-up cards (stock is never 1)
                self.phase = PICK
                self.to_move = w
            else:
                self._take(0)
        elif self.tricks_done == 26:
            self._finish_by_score()
        else:
            self.leader = self.to_move = w

    def _take(self, index: int) -> None:
        """The trick winner takes ``stock[index]``; the loser the first face-down card
        (or, when every card left is face up, the first in line)."""
        w = self.leader
        stock = self.stock
        won = stock.pop(index)
        k = self.k
        lost = stock.pop(k - 1 if len(stock) >= k else 0)
        self.hands[w] |= 1 << won
        self.hands[1 - w] |= 1 << lost
        self.winner_took.append(won)
        self.loser_took.append(lost)
        self.phase = PLAY1 if stock else PLAY2
        self.to_move = w  # the winner leads the next trick, in phase 2 too

    def _finish_by_score(self) -> None:
        won, p1 = self.tricks_won, self.phase1_tricks
        c = [won[0] - p1[0], won[1] - p1[1]] if self.last13 else won
        if c[0] == c[1]:
            self._finish(None, 0, "all_tricks")
            return
        w = 0 if c[0] > c[1] else 1
        self._finish(w, c[w] - c[1 - w] if self.last13 else c[w] - 13, "all_tricks")

    def _finish(self, winner: int | None, points: int, how: str) -> None:
        self.phase = OVER
        self.to_move = -1
        self.winner = winner
        self.points = points
        self.termination = how


def random_game(
    seed: int | None = None,
    rules: GermanRules | None = None,
    rng: Any = None,
    record: list[int] | None = None,
    first_dealer: int = 0,
) -> GermanPlayout:
    """A whole hand between random players; returns the finished hand (``record``, if
    given, receives every move played, for checking against the engine).

    The deal comes from ``seed`` (as :class:`GermanPlayout`), the players' choices from
    ``rng`` (default: ``random.Random(seed)``): each picks uniformly among its legal
    moves (in :meth:`GermanPlayout.legal`'s order) with one ``rng.random()`` draw. The
    tricks are played in one tight loop here, where a random hand spends its time; the
    stock takes and the end are :class:`GermanPlayout`'s own steps.

    >>> g = random_game(3)
    >>> sum(g.tricks_won) == 26 or g.termination == 'race', g.to_move
    (True, -1)
    """
    g = GermanPlayout(rules, seed, first_dealer)
    rand = (rng if rng is not None else random.Random(seed)).random
    if g.k > 1:
        _random_open_stock(g, rand, record)
        return g
    # The classic stock (one card face up): the 26 tricks in one loop, the stock cards
    # taken in order (winner stock[2t], loser stock[2t + 1]) without popping them.
    S, H, D, C, BY_SUIT, SUIT_OF = _S, _H, _D, _C, _BY_SUIT, _SUIT_OF
    hands, trump, stock = g.hands, g.trump, g.stock
    won, p1, winners = g.tricks_won, g.phase1_tricks, g.trick_winners
    winner_took, loser_took = g.winner_took, g.loser_took
    race, last13 = g.race, g.last13
    keep = record is not None
    leader = g.to_move
    for t in range(26):
        hand = hands[leader]
        cards = [
            *S[hand & 0x1FFF],
            *H[hand >> 13 & 0x1FFF],
            *D[hand >> 26 & 0x1FFF],
            *C[hand >> 39],
        ]
        led = cards[int(rand() * len(cards))]
        hands[leader] = hand ^ (1 << led)
        other = 1 - leader
        hand = hands[other]
        suit = SUIT_OF[led]
        suited = hand >> (13 * suit) & 0x1FFF
        if suited:
            cards = BY_SUIT[suit][suited]
            card = cards[int(rand() * len(cards))]
            w = other if card > led else leader
        else:
            cards = [
                *S[hand & 0x1FFF],
                *H[hand >> 13 & 0x1FFF],
                *D[hand >> 26 & 0x1FFF],
                *C[hand >> 39],
            ]
            card = cards[int(rand() * len(cards))]
            w = other if SUIT_OF[card] == trump else leader
        hands[other] = hand ^ (1 << card)
        if keep:
            record.append(led)  # type: ignore[union-attr]
            record.append(card)  # type: ignore[union-attr]
        winners.append(w)
        won[w] += 1
        if t < 13:
            p1[w] += 1
        if race is not None and won[w] - (p1[w] if last13 else 0) >= race:
            # The race is won: no stock card is taken after the deciding trick.
            del stock[: 2 * t if t < 13 else 26]
            g.tricks_done, g.best, g.winning = t + 1, card if w == other else led, w
            g._finish(w, 1, "race")
            return g
        if t < 13:
            a, b = stock[2 * t], stock[2 * t + 1]
            hands[w] |= 1 << a
            hands[1 - w] |= 1 << b
            winner_took.append(a)
            loser_took.append(b)
        leader = w
    stock.clear()
    g.tricks_done, g.best, g.winning, g.leader = 26, card if w == other else led, w, w
    g._finish_by_score()
    return g


def _random_open_stock(g: GermanPlayout, rand: Any, record: list[int] | None) -> None:
    """:func:`random_game` with an open stock: tricks in a tight loop, the winner's
    pick and the stock takes by :class:`GermanPlayout`'s own steps."""
    S, H, D, C, BY_SUIT, SUIT_OF = _S, _H, _D, _C, _BY_SUIT, _SUIT_OF
    hands, trump = g.hands, g.trump
    while g.to_move >= 0:
        if g.phase == PICK:
            moves = g.legal()
            move = moves[int(rand() * len(moves))]
            if record is not None:
                record.append(move)
            g._take(g.stock.index(move))
            continue
        # One whole trick: the lead, then the reply.
        lead_seat = g.to_move
        hand = hands[lead_seat]
        cards = [
            *S[hand & 0x1FFF],
            *H[hand >> 13 & 0x1FFF],
            *D[hand >> 26 & 0x1FFF],
            *C[hand >> 39],
        ]
        led = cards[int(rand() * len(cards))]
        hands[lead_seat] = hand ^ (1 << led)
        other = 1 - lead_seat
        hand = hands[other]
        suit = SUIT_OF[led]
        suited = hand >> (13 * suit) & 0x1FFF
        if suited:
            cards = BY_SUIT[suit][suited]
            card = cards[int(rand() * len(cards))]
            w = other if card > led else lead_seat
        else:
            cards = [
                *S[hand & 0x1FFF],
                *H[hand >> 13 & 0x1FFF],
                *D[hand >> 26 & 0x1FFF],
                *C[hand >> 39],
            ]
            card = cards[int(rand() * len(cards))]
            w = other if SUIT_OF[card] == trump else lead_seat
        hands[other] = hand ^ (1 << card)
        if record is not None:
            record.append(led)
            record.append(card)
        g.best = card if w == other else led
        g.winning = w
        g._trick_done(w)


# ------------------------------------------------------------------ the playout hook
class GermanPlayoutHooks(PlayoutHooks):
    """The playout hook of German Whist (``spec("german").playout``): random bots, the
    same hands move for move as ``RandomBot`` plays them on :class:`GermanGame`.

    >>> r = GermanPlayoutHooks().play_game(2, None, 5, 0, ["random", "random"], [1, 2])
    >>> r.winner in (None, 0, 1), r.by_partnership
    (True, False)
    """

    bots = ("random",)

    def play_game(
        self,
        players: int,
        rules: Any,
        seed: int,
        first_dealer: int,
        bots: Sequence[str],
        bot_seeds: Sequence[int],
        times: list[list[float]] | None = None,
    ) -> PlayoutResult:
        """One hand between random bots, each drawing ``rng.choice(legal)`` from
        ``random.Random(its seed)`` as :class:`~kowhist_teach.teach.bots.RandomBot` does."""
        g = GermanPlayout(rules, seed, first_dealer)
        play_random(g, bot_seeds, times)
        return PlayoutResult(g.winner, False, [])
