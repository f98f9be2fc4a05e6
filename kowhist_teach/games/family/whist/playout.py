"""A lean playout core of partnership whist: plain ints and bit sets, nothing else.

:class:`~kowhist_teach.games.family.whist.engine.WhistGame` is the source of truth for
play, records, views and explanations; this module plays the same rubber with none of
that (no ``Card`` or ``Trick`` objects, no deal logs, no notes, no undo, no checks), for
what plays many deals and reads only their results: simulations between random bots
and the speed benchmark. Every :class:`WhistRules` option is played (classic scoring
with or without honours, either ``honours_rule``, a game of 5 or 7, a rubber or one
game, and the whist drive with its rotation of trumps), and the same ``seed`` deals
exactly the cards and the trump card the engine deals (the same draws of the same
generator), so a lean rubber and a full rubber fed the same moves are the same rubber.
``tests/test_playout_whist.py`` checks that move for move (legal sets, trick winners,
points, game points, games and the rubber's end) on thousands of random deals with
random rule options.

Moves are ints ``0..51``, the engine's card indices.

>>> import random
>>> g = WhistPlayout(seed=1)
>>> rng = random.Random(2)
>>> while g.to_move >= 0:
...     g.play(rng.choice(g.legal()))
>>> g.winner in (0, 1), max(g.games_won)
(True, 2)
"""

from __future__ import annotations

import random
from _random import Random as _CRandom
from collections.abc import Sequence
from functools import partial
from itertools import repeat, starmap
from typing import Any

from ....core.hooks.playout import PlayoutHooks, PlayoutResult, RoundResult, play_random
from ....core.suit_chunks import SUIT_CHUNKS
from .engine import WhistRules, stake

__all__ = ["WhistPlayout", "WhistPlayoutHooks", "random_game", "deal", "cards_of"]

_SUIT_OF = tuple(i // 13 for i in range(52))
_BIT = tuple(1 << c for c in range(52))
#: The trump honours A K Q J of each suit as a card set (ranks 9..12 of the suit).
_HONOURS = tuple(0x1E00 << (13 * s) for s in range(4))
#: The drive's rotation of trumps as suit indices (hearts, diamonds, spades, clubs,
#: then no trumps), as ``engine.DRIVE_TRUMPS``.
_DRIVE_TRUMPS = (1, 2, 0, 3, -1)
_NEXT = (1, 2, 3, 0)


# The cards of a 13-bit suit chunk, high to low (the engine's order), one shared copy.
_BY_SUIT = SUIT_CHUNKS
_S, _H, _D, _C = SUIT_CHUNKS
_DEFAULT = WhistRules()
# The engine reseeds one shared generator before each deal; so does this module.
_CHANCE_RNG = random.Random()
_seed = _CRandom.seed


def cards_of(mask: int) -> list[int]:
    """The cards of a set as ints, ♠ ♥ ♦ ♣ and high to low within a suit.

    >>> cards_of(1 << 0 | 1 << 12 | 1 << 24)
    [12, 0, 24]
    """
    return [*_S[mask & 0x1FFF], *_H[mask >> 13 & 0x1FFF], *_D[mask >> 26 & 0x1FFF], *_C[mask >> 39]]


def deal(base: int, number: int, dealer: int) -> tuple[list[int], int]:
    """Deal ``number`` (1, 2 …) of ``WhistGame(seed=base)``, dealt by ``dealer``: the
    four hands as card sets and the dealer's last card (the trump card of classic whist).

    >>> hands, turned = deal(1, 1, 0)
    >>> [h.bit_count() for h in hands], hands[0] >> turned & 1
    ([13, 13, 13, 13], 1)
    """
    rng = _CHANCE_RNG
    # As FamilyGame._resolve_chance: the generator reseeded for each deal. The C seed
    # of random.Random's base: for an int it is all that random.Random.seed does (but
    # for resetting gauss_next, which random() never reads).
    _seed(rng, base * 10007 + number)
    # The engine draws 52 keys, one per card in index order, and sorts the cards by
    # them. Here the cards' bits are sorted, and the key of each is the next draw:
    # list.sort computes every key once, in one pass over the list in order, before it
    # compares anything — the same draws for the same cards (the differential test
    # checks the deals), with no deck of indices to turn into bits afterwards.
    bits = sorted(_BIT, key=partial(next, starmap(rng.random, repeat((), 52))))
    # One card at a time from the player left of the dealer: the 52nd is the dealer's
    # (distinct bits, so a sum is the card set).
    k = dealer + 1
    hands = [0, 0, 0, 0]
    hands[k & 3] = sum(bits[0::4])
    hands[(k + 1) & 3] = sum(bits[1::4])
    hands[(k + 2) & 3] = sum(bits[2::4])
    hands[(k + 3) & 3] = sum(bits[3::4])
    return hands, bits[51].bit_length() - 1


class WhistPlayout:
    """A rubber (or one game, or a drive) of partnership whist as plain ints; each deal
    is made as the previous one ends.

    ``to_move`` is the seat to move (``-1`` once the game is over: then ``winner`` — a
    partnership, ``None`` for a tied drive — is set). ``legal()`` lists the cards open,
    ``play(card)`` plays one without checking it. The deal in progress: ``number`` (1,
    2 …), ``dealer``, ``dealt`` and ``hands`` (card sets, as dealt and now), ``trump``
    (a suit index, -1: none), ``trump_card`` (-1 in a drive), ``leader`` and ``led``
    (-1 before the lead) of the trick in play, ``best`` and ``winning`` (its winning
    card and seat), ``tricks_won`` by seat and ``trick_winners``. The score: ``scores``
    (game points, or tricks in a drive), ``points`` towards the game in progress,
    ``games_won``. The last deal scored: ``last_tricks_won``, ``last_points`` (what it
    scored by partnership), ``last_game_won`` (``(side, stake)`` or ``None``) and
    ``last_rubber_won``.

    >>> g = WhistPlayout(WhistRules(drive=True), seed=4, first_dealer=3)
    >>> g.to_move, g.trump, g.trump_card, len(g.legal())
    (0, 1, -1, 13)
    """

    __slots__ = (
        "rules", "base", "first_dealer", "game", "honours", "laws", "rubber", "drive",
        "cycle", "drive_deals", "number", "dealer", "dealt", "hands", "trump", "trump_card",
        "to_move", "leader", "led", "shift", "follow", "best", "winning", "tricks_won",
        "trick_winners", "scores", "points", "games_won", "winner", "last_tricks_won",
        "last_points", "last_game_won", "last_rubber_won",
    )  # fmt: skip

    def __init__(
        self, rules: WhistRules | None = None, seed: int | None = None, first_dealer: int = 0
    ) -> None:
        rules = self.rules = rules if rules is not None else _DEFAULT
        self.base = seed if seed is not None else random.randrange(1 << 62)
        self.first_dealer = first_dealer
        self.game = rules.game_points
        self.honours = rules.honours
        self.laws = rules.honours_rule == "laws"
        self.rubber = rules.rubber
        self.drive = rules.drive
        self.cycle = 5 if rules.drive_no_trump else 4
        self.drive_deals = rules.deals_in_drive
        self.scores = [0, 0]
        self.points = [0, 0]
        self.games_won = [0, 0]
        self.winner: int | None = None
        self.last_tricks_won: list[int] = []
        self.last_points: list[int] = []
        self.last_game_won: tuple[int, int] | None = None
        self.last_rubber_won = False
        self.number = 0
        self._deal()

    def _deal(self) -> None:
        """Deal the next deal and start its play (eldest hand leads)."""
        number = self.number = self.number + 1
        dealer = self.dealer = (self.first_dealer + number - 1) & 3
        self.hands, turned = deal(self.base, number, dealer)
        self.dealt = self.hands.copy()
        if self.drive:
            self.trump = _DRIVE_TRUMPS[(number - 1) % self.cycle]
            self.trump_card = -1
        else:
            self.trump = _SUIT_OF[turned]
            self.trump_card = turned
        self.tricks_won = [0, 0, 0, 0]
        self.trick_winners: list[int] = []
        self.leader = self.to_move = (dealer + 1) & 3
        self.led = self.best = self.winning = -1
        self.shift = 0
        self.follow = _S

    # ------------------------------------------------------------------- moves
    def legal(self) -> list[int]:
        """The cards open to the player to move, in the engine's order (♠♥♦♣, high first).

        >>> g = WhistPlayout(seed=3)
        >>> len(g.legal()), g.legal() == cards_of(g.hands[g.to_move])
        (13, True)
        """
        # Once the game is over every hand is empty (the last deal was played out) and
        # no trick is led: the hand of "seat -1" lists no card, with no test for it here.
        hand = self.hands[self.to_move]
        if self.led >= 0:
            suited = hand >> self.shift & 0x1FFF
            if suited:
                return [*self.follow[suited]]
        return [
            *_S[hand & 0x1FFF],
            *_H[hand >> 13 & 0x1FFF],
            *_D[hand >> 26 & 0x1FFF],
            *_C[hand >> 39],
        ]

    def play(self, card: int) -> None:
        """Play ``card`` (one of :meth:`legal`; not checked) for the player to move.

        >>> g = WhistPlayout(seed=3)
        >>> first = g.to_move
        >>> g.play(g.legal()[0]); g.to_move == (first + 1) % 4
        True
        """
        seat = self.to_move
        self.hands[seat] ^= 1 << card
        if self.led < 0:  # the lead: the others must follow its suit
            self.led = self.best = card
            self.winning = seat
            suit = card // 13
            self.shift = 13 * suit
            self.follow = _BY_SUIT[suit]
            self.to_move = _NEXT[seat]
            return
        best = self.best
        # RULES.md §1 (as the engine's inline beats): the same suit and higher, or a trump.
        if card // 13 == best // 13:
            if card > best:
                self.best = card
                self.winning = seat
        elif card // 13 == self.trump:
            self.best = card
            self.winning = seat
        seat = _NEXT[seat]
        if seat != self.leader:
            self.to_move = seat
            return
        w = self.winning
        self.tricks_won[w] += 1
        winners = self.trick_winners
        winners.append(w)
        self.led = -1
        if len(winners) < 13:
            self.leader = self.to_move = w
        else:
            self._end_deal()

    # ------------------------------------------------------------------ scoring
    def _end_deal(self) -> None:
        """Score the deal (as ``WhistGame._score_deal``), then end the game or deal again."""
        won = self.tricks_won
        self.last_tricks_won = won
        side = [won[0] + won[2], won[1] + won[3]]
        self.last_game_won = None
        self.last_rubber_won = False
        if self.drive:
            self.scores[0] += side[0]
            self.scores[1] += side[1]
            self.last_points = side
            if self.number >= self.drive_deals:
                a, b = self.scores
                self._finish(None if a == b else (0 if a > b else 1))
                return
            self._deal()
            return
        points, game = self.points, self.game
        gained = [max(side[0] - 6, 0), max(side[1] - 6, 0)]
        points[0] += gained[0]
        points[1] += gained[1]
        # Tricks score first: once they bring a side to game, nobody scores honours.
        if self.honours and max(points) < game:
            # Honours are counted from the hands as dealt.
            mask = _HONOURS[self.trump]
            dealt = self.dealt
            for s in (0, 1):
                held = ((dealt[s] | dealt[s + 2]) & mask).bit_count()
                bonus = 4 if held == 4 else 2 if held == 3 else 0
                if not bonus:
                    continue
                if self.laws:
                    if points[s] - gained[s] == game - 1:
                        continue  # a side at one point from game cannot score honours
                elif points[s] + bonus >= game:
                    continue  # honours cannot bring a side to game
                points[s] += bonus
                gained[s] += bonus
        self.last_points = gained
        for s in (0, 1):
            if points[s] >= game:
                won_stake = stake(points[1 - s], game)
                self.last_game_won = (s, won_stake)
                self.scores[s] += won_stake
                self.games_won[s] += 1
                if self.rubber and self.games_won[s] == 2:
                    self.scores[s] += 2  # the rubber bonus
                    self.last_rubber_won = True
                self.points = [0, 0]
                if self.games_won[s] >= (2 if self.rubber else 1):
                    self._finish(s)
                    return
                break
        self._deal()

    def _finish(self, winner: int | None) -> None:
        self.to_move = -1
        self.winner = winner


def random_game(
    seed: int | None = None,
    rules: WhistRules | None = None,
    rng: Any = None,
    record: list[int] | None = None,
    first_dealer: int = 0,
) -> WhistPlayout:
    """A whole rubber (or game, or drive) between random players; returns it finished
    (``record``, if given, receives every card played, for checking against the engine).

    The deals come from ``seed`` (as :class:`WhistPlayout`), the players' choices from
    ``rng`` (default: ``random.Random(seed)``): each picks uniformly among its legal
    cards (in :meth:`WhistPlayout.legal`'s order) with one ``rng.random()`` draw. The 13
    tricks of a deal are played in one tight loop here, where a random rubber spends its
    time; the scoring and the next deal are :class:`WhistPlayout`'s own steps.

    >>> g = random_game(3)
    >>> g.to_move, g.winner in (0, 1), sum(g.last_tricks_won)
    (-1, True, 13)
    """
    g = WhistPlayout(rules, seed, first_dealer)
    rand = (rng if rng is not None else random.Random(seed)).random
    S, H, D, C, BY_SUIT, SUIT_OF, NEXT = _S, _H, _D, _C, _BY_SUIT, _SUIT_OF, _NEXT
    keep = record is not None
    while g.to_move >= 0:
        hands, trump = g.hands, g.trump
        won = g.tricks_won
        winners = g.trick_winners
        leader = g.to_move
        for _trick in range(13):
            hand = hands[leader]
            cards = [
                *S[hand & 0x1FFF],
                *H[hand >> 13 & 0x1FFF],
                *D[hand >> 26 & 0x1FFF],
                *C[hand >> 39],
            ]
            best = cards[int(rand() * len(cards))]
            hands[leader] = hand ^ (1 << best)
            if keep:
                record.append(best)  # type: ignore[union-attr]
            suit = SUIT_OF[best]
            shift = 13 * suit
            chunks = BY_SUIT[suit]
            seat = w = leader
            trumped = False  # the winning card is a trump of another suit than the led
            for _follower in range(3):
                seat = NEXT[seat]
                hand = hands[seat]
                suited = hand >> shift & 0x1FFF
                if suited:
                    cards = chunks[suited]
                    card = cards[int(rand() * len(cards))]
                    if card > best and not trumped:
                        best, w = card, seat
                else:
                    cards = [
                        *S[hand & 0x1FFF],
                        *H[hand >> 13 & 0x1FFF],
                        *D[hand >> 26 & 0x1FFF],
                        *C[hand >> 39],
                    ]
                    card = cards[int(rand() * len(cards))]
                    if SUIT_OF[card] == trump and (not trumped or card > best):
                        best, w, trumped = card, seat, True
                hands[seat] = hand ^ (1 << card)
                if keep:
                    record.append(card)  # type: ignore[union-attr]
            won[w] += 1
            winners.append(w)
            leader = w
        g.leader, g.best, g.winning = leader, best, leader
        g._end_deal()
    return g


# ------------------------------------------------------------------ the playout hook
class WhistPlayoutHooks(PlayoutHooks):
    """The playout hook of partnership whist (``spec("whist").playout``): random bots,
    the same rubbers move for move as ``RandomBot`` plays them on :class:`WhistGame`.

    >>> r = WhistPlayoutHooks().play_game(4, None, 5, 0, ["random"] * 4, [1, 2, 3, 4])
    >>> r.winner in (0, 1), r.by_partnership, sum(r.rounds[0].tricks_won)
    (True, True, 13)
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
        """One game between random bots, each drawing ``rng.choice(legal)`` from
        ``random.Random(its seed)`` as :class:`~kowhist_teach.teach.bots.RandomBot` does;
        its rounds are the deals (the hands as dealt, 13 cards, trumps, tricks by seat)."""
        g = WhistPlayout(rules, seed, first_dealer)
        rounds: list[RoundResult] = []
        deal = [g.number, g.dealt, g.trump]  # the deal in play: number, hands, trumps

        def note_deal() -> None:
            if g.number != deal[0] or g.to_move < 0:  # a deal was played out and scored
                rounds.append(RoundResult(deal[1], 13, deal[2], g.last_tricks_won))
                deal[:] = [g.number, g.dealt, g.trump]

        play_random(g, bot_seeds, times, note_deal)
        return PlayoutResult(g.winner, True, rounds)
