"""Oh Hell's bots hook (:mod:`kowhist_teach.core.hooks.bots`): bid what the hand will
surely take, then play to take exactly that many tricks.

* **Bidding** — :func:`sure_tricks` counts the tricks a hand should take: high trumps
  (the ace always, the king with a guard, the queen with two), trumps beyond the third,
  side aces in suits short enough to be led before they are trumped, a guarded side king
  in a short deal; with more players the side cards are worth less. The bid is that
  count rounded; when the hook bars it the dealer bids the nearest allowed number (the
  lower one on a tie: an extra trick is easier to shed than to find).
* **Card play** — aim at the exact bid: while the player is **short** of the bid, win
  (lead the strongest card; follow with the cheapest card that wins when last to play,
  else the highest that wins; trump in with the lowest trump that wins); once **at** the
  bid (or over it, or unable to reach it any more by winning), **duck**: play the highest
  card that still loses, lead the lowest card (a side suit first), and throw off the
  most dangerous card (the highest of a side suit) when void.
* **Monte Carlo** — :class:`OhHellSearch` deals the cards the seat cannot see
  (consistently with the cards played, the turned-up card and the suits each player has
  shown out of), plays each legal card and finishes the deal with the rules of thumb for
  every seat (each aiming at their own bid), and scores the deal's points for the seat.

>>> from kowhist_teach.games.ohhell.engine import OhHellGame
>>> from kowhist_teach.teach.bots import RulesBot
>>> game = OhHellGame(players=4, seed=5)
>>> bots = [RulesBot(seed=s) for s in range(4)]
>>> while not game.is_over():
...     game.play(bots[game.to_move](game))
>>> len(game.deals)
13
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core.cards import FULL_DECK, SUIT_MASK
from ...core.hooks.bots import (
    RANK_OF,
    BotHooks,
    SamplingBot,
    Search,
    beats,
    deal_hidden_in_order,
)
from ...core.moves import Move
from .engine import OhHellGame, OhHellPhase
from .rules import deal_points

__all__ = ["OhHellBots", "OhHellSearch", "sure_tricks", "choose_card"]


# --------------------------------------------------------------------------- bidding
def sure_tricks(hand: Sequence[int], trump: int | None, players: int) -> float:
    """About how many tricks a hand takes (card indices; ``trump`` a suit index or
    ``None``) at a table of ``players``.

    >>> from kowhist_teach.core.cards import parse_cards
    >>> sure_tricks([int(c) for c in parse_cards('AS KS 7S AH 2D')], 0, 4)  # + a club ruff
    3.5
    >>> sure_tricks([int(c) for c in parse_cards('3S 5H 2D')], 0, 4)
    0.0
    """
    size = len(hand)
    suits: list[list[int]] = [[], [], [], []]
    for c in hand:
        suits[c // 13].append(c % 13)
    total = 0.0
    # A side suit lasts about (cards in the pack's suit) / players rounds before a
    # player shows out of it; an ace is safe in a suit we hold little of.
    safe_len = max(1, 13 // players - 1)
    for s in range(4):
        ranks = sorted(suits[s], reverse=True)
        length = len(ranks)
        if s == trump:
            for i, r in enumerate(ranks):
                missing = 12 - r - i  # higher trumps we do not hold
                if missing <= 0 or (missing == 1 and length >= 2) or (missing == 2 and length >= 3):
                    total += 1.0
                elif i >= 3:
                    total += 1.0  # long trumps take tricks when the others are out
        else:
            if ranks and ranks[0] == 12:
                total += 1.0 if length <= safe_len + 1 else 0.5
            if length >= 2 and 11 in ranks and length <= safe_len and size >= 5:
                total += 0.5
    if trump is not None:
        # A void or singleton side suit lets a spare trump ruff.
        spare = max(0, len(suits[trump]) - 1)
        for s in range(4):
            if s != trump and size >= 4 and not suits[s] and spare:
                total += 0.5
                spare -= 1
    return min(total, float(size))


def _bid(game: OhHellGame, moves: list[Move]) -> Move:
    me: int = game.to_move  # type: ignore[assignment]
    hand = [int(c) for c in game.hand(me)]
    trump = None if game.trump is None else int(game.trump)
    est = sure_tricks(hand, trump, game.n)
    allowed = {int(m.code): m for m in moves}  # type: ignore[attr-defined]
    # The nearest allowed bid; on a tie the lower (an extra trick is easier to shed).
    best = min(allowed, key=lambda b: (abs(b - est), b))
    return allowed[best]


# ------------------------------------------------------------------------- card play
def choose_card(
    hand: int, legal: int, plays: Sequence[tuple[int, int]], trump: int, need: int, after: int
) -> int:
    """The rule-of-thumb card (an index) for a seat holding ``hand`` whose legal cards
    are ``legal``: ``plays`` is the trick so far (``(seat, card)``), ``trump`` a suit
    index or -1, ``need`` the tricks still wanted to make the bid exactly (``<= 0``:
    duck), ``after`` how many players play to the trick after this one.

    >>> from kowhist_teach.core.cards import mask_of, parse_cards, Card
    >>> hand = mask_of(parse_cards('AS 2S 9H'))
    >>> [Card(choose_card(hand, hand, [], 1, need, 3)).code for need in (1, 0)]
    ['9H', '2S']
    """
    if not plays:  # leading
        if need > 0:
            return _strongest(legal, trump)
        side = legal & ~SUIT_MASK[trump] if trump >= 0 else legal
        return _lowest(side or legal)
    best = plays[0][1]
    for _s, c in plays[1:]:
        if beats(c, best, trump):
            best = c
    win = 0
    lose = 0
    m = legal
    while m:
        low_bit = m & -m
        c = low_bit.bit_length() - 1
        m ^= low_bit
        if beats(c, best, trump):
            win |= low_bit
        else:
            lose |= low_bit
    if need > 0:
        if win:
            if after == 0:
                return _cheapest(win, trump)
            return _strongest(win, trump)
        return _lowest(lose)  # cannot win: keep the good cards
    if lose:
        # Shed the highest card that still loses (a side suit's before a trump's).
        side = lose & ~SUIT_MASK[trump] if trump >= 0 else lose
        return _highest(side or lose)
    # Every card wins: last to play, take it with the highest; else hope to be overtaken.
    return _highest(win) if after == 0 else _cheapest(win, trump)


def _lowest(cards: int) -> int:
    """The lowest-ranked card (ties: the first suit)."""
    best, key = -1, 99
    for s in range(4):
        chunk = cards & SUIT_MASK[s]
        if chunk:
            c = (chunk & -chunk).bit_length() - 1
            if RANK_OF[c] < key:
                best, key = c, RANK_OF[c]
    return best


def _highest(cards: int) -> int:
    """The highest-ranked card (ties: the first suit)."""
    best, key = -1, -1
    for s in range(4):
        chunk = cards & SUIT_MASK[s]
        if chunk:
            c = chunk.bit_length() - 1
            if RANK_OF[c] > key:
                best, key = c, RANK_OF[c]
    return best


def _strongest(cards: int, trump: int) -> int:
    """The card most likely to win: the highest trump, else the highest card."""
    if trump >= 0 and cards & SUIT_MASK[trump]:
        return (cards & SUIT_MASK[trump]).bit_length() - 1
    return _highest(cards)


def _cheapest(cards: int, trump: int) -> int:
    """The cheapest of cards that all win: a side card before a trump, then the lowest."""
    side = cards & ~SUIT_MASK[trump] if trump >= 0 else cards
    return _lowest(side or cards)


def _legal(hand: int, plays: Sequence[tuple[int, int]]) -> int:
    if not plays:
        return hand
    return hand & SUIT_MASK[plays[0][1] // 13] or hand


# ------------------------------------------------------------------------- the hook
class OhHellBots(BotHooks):
    """The bots hook of Oh Hell (``spec("ohhell").bots``; see the module's docstring)."""

    def rules_move(self, game: OhHellGame, rng: random.Random) -> Move:
        """Bid the sure tricks; play for the exact bid. No choice is left to chance."""
        moves = game.legal_moves()
        if len(moves) <= 1:
            return moves[0]
        if game.phase is OhHellPhase.BID:
            return _bid(game, moves)
        me: int = game.to_move  # type: ignore[assignment]
        log = game.deals[-1]
        trick = game.trick
        plays = [(s, int(c)) for s, c in trick.plays] if trick is not None else []
        need = (log.bids[me] or 0) - log.tricks_won[me]
        hand = game.hands[me]
        if need > hand.bit_count():
            need = 0  # the bid cannot be made any more: take no more tricks
        trump = -1 if game.trump is None else int(game.trump)
        card = choose_card(hand, _legal(hand, plays), plays, trump, need, game.n - 1 - len(plays))
        return next(m for m in moves if int(m) == card)

    def search(self, game: OhHellGame, bot: SamplingBot) -> OhHellSearch | None:
        """A search for a card to play with a choice to make; bids are the rules bot's."""
        if game.phase is not OhHellPhase.PLAY:
            return None
        moves = game.legal_moves()
        if len(moves) == 1:
            return None
        return OhHellSearch(game, moves, bot.seed)


class OhHellSearch(Search):
    """One Monte Carlo decision in the card play: each sample deals the unseen cards,
    and each legal card is played out to the end of the deal with the rules of thumb."""

    def __init__(self, game: OhHellGame, moves: list[Move], seed: int) -> None:
        self.moves = moves
        self.me = me = game.to_move
        self.n = n = game.n
        log = game.deals[-1]
        self.hand = hand = game.hands[me]  # type: ignore[index]
        played = 0
        voids = [0] * n
        for trick in log.tricks:
            plays = trick.plays
            for _s, c in plays:
                played |= 1 << c
            for s, c in plays[1:]:
                if c // 13 != plays[0][1] // 13:
                    voids[s] |= 1 << (plays[0][1] // 13)
        unseen = FULL_DECK & ~hand & ~played
        if log.trump_card is not None:
            unseen &= ~(1 << log.trump_card)
        self.pool = [c for c in range(52) if unseen >> c & 1]
        self.need = {s: game.hands[s].bit_count() for s in range(n) if s != me}
        self.voids = voids
        self.trump = -1 if game.trump is None else int(game.trump)
        self.bids = [b or 0 for b in log.bids]
        self.won = list(log.tricks_won)
        self.plays = [(s, int(c)) for s, c in game.trick.plays]  # type: ignore[union-attr]
        self.scoring = game.rules.scoring
        self.rng = random.Random(f"{seed}/oh/{len(game.deals)}/{len(game.moves)}/{me}")

    def deal(self) -> list[int] | None:
        """Every seat's hand: ours, and the hidden ones dealt at random."""
        hands = [0] * self.n
        hands[self.me] = self.hand  # type: ignore[index]
        dealt = _deal_hidden(self.rng, self.pool, self.need, self.voids)
        if dealt is None:
            return None
        for s, h in dealt.items():
            hands[s] = h
        return hands

    def results(self, world: list[int], give_up_at: float) -> list[int]:
        """The tricks the seat ends the deal with after each move (everyone playing the
        rules of thumb for their own bid)."""
        return [self._playout(list(world), int(m)) for m in self.moves]

    def _playout(self, hands: list[int], card: int) -> int:
        n, trump, bids, me = self.n, self.trump, self.bids, self.me
        won = list(self.won)
        plays = [*self.plays, (me, card)]
        hands[me] ^= 1 << card  # type: ignore[index]
        seat = (me + 1) % n  # type: ignore[operator]
        while True:
            while len(plays) < n:
                h = hands[seat]
                need = bids[seat] - won[seat]
                if need > h.bit_count():
                    need = 0
                c = choose_card(h, _legal(h, plays), plays, trump, need, n - 1 - len(plays))
                hands[seat] ^= 1 << c
                plays.append((seat, c))
                seat = (seat + 1) % n
            best_seat, best = plays[0]
            for s, c in plays[1:]:
                if beats(c, best, trump):
                    best_seat, best = s, c
            won[best_seat] += 1
            if not hands[best_seat]:
                return won[me]  # type: ignore[index]
            seat = best_seat
            plays = []

    def utility(self, result: int) -> float:
        """The deal's points for the seat, then being close to the bid."""
        bid = self.bids[self.me]  # type: ignore[index]
        return deal_points(bid, result, self.scoring) - 0.1 * abs(result - bid)


def _deal_hidden(
    rng: random.Random, pool: list[int], need: dict[int, int], voids: Sequence[int]
) -> dict[int, int] | None:
    """Deal ``need[seat]`` cards of ``pool`` to each seat at random, giving no seat a
    card of a suit it has shown out of (voids are dropped when that cannot be met)."""
    seats = sorted(need, key=lambda s: -voids[s].bit_count())
    return deal_hidden_in_order(rng, pool, need, voids, seats)
