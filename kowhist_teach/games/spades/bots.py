"""Spades' bots hook (:mod:`kowhist_teach.core.hooks.bots`): bid the tricks the hand
should take (or nil with a hand that can take none), then play for the side's contract.

* **Bidding** — :func:`hand_tricks` counts what a hand takes with spades trumps: the
  ace, a guarded king, a twice-guarded queen of spades, spades beyond the third, side
  aces, and side kings in a suit of four or fewer. A hand worth less than half a trick
  with no spade above the nine bids nil (unless the partner has); otherwise the count,
  rounded, within what the partner's bid leaves of 13.
* **Card play** — a nil bidder ducks everything it can; a player whose partner is winning
  the trick plays low (unless the partner bid nil: then it wins over them if it can);
  while the side still needs tricks for its contract, win (the cheapest winning card
  when last to play, else the strongest), else duck to keep bags away.
* **Monte Carlo** — :class:`SpadesSearch` deals the unseen cards (consistently with the
  suits each player has shown out of), plays each legal card and finishes the deal with
  the rules of thumb for every seat, and scores the side's points for the deal.

>>> from kowhist_teach.games.spades.engine import SpadesGame
>>> from kowhist_teach.teach.bots import RulesBot
>>> game = SpadesGame(seed=5)
>>> bots = [RulesBot(seed=s) for s in range(4)]
>>> while not game.is_over():
...     game.play(bots[game.to_move](game))
>>> game.outcome().winner in (0, 1)
True
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
    low,
    winners,
)
from ...core.moves import Move
from .engine import SpadesGame, SpadesPhase, partner_of
from .rules import MAX_BID, side_score

__all__ = ["SpadesBots", "SpadesSearch", "hand_tricks", "choose_card"]

_SPADES = SUIT_MASK[0]
_TRUMP = 0  # the suit index of spades


def hand_tricks(hand: int) -> float:
    """About how many tricks a hand (a card set) takes with spades trumps.

    >>> from kowhist_teach.core.cards import mask_of, parse_cards
    >>> hand_tricks(mask_of(parse_cards('AS KS 7S 6S 5S AH KH 2D 3D 4C 5C 6C 7C')))
    6.0
    """
    total = 0.0
    for s in range(4):
        ranks = sorted(
            (RANK_OF[c] for c in range(s * 13, s * 13 + 13) if hand >> c & 1), reverse=True
        )
        length = len(ranks)
        if s == _TRUMP:
            for i, r in enumerate(ranks):
                missing = 12 - r - i  # higher spades we do not hold
                if missing <= 0 or (missing == 1 and length >= 2) or (missing == 2 and length >= 3):
                    total += 1.0
                elif i >= 3:
                    total += 1.0  # long spades take tricks once the others are drawn
        else:
            if ranks and ranks[0] == 12 and length <= 5:
                total += 1.0
            if 11 in ranks and 2 <= length <= 3:
                total += 1.0 if ranks[0] == 12 else 0.5
    return total


def _bid(game: SpadesGame, moves: list[Move]) -> Move:
    me: int = game.to_move  # type: ignore[assignment]
    hand = game.hands[me]
    est = hand_tricks(hand)
    partner = game.deals[-1].bids[partner_of(me)]
    high_spades = hand & _SPADES & ~((1 << 8) - 1)  # ten and above
    if est < 0.5 and not high_spades and partner != 0:
        return moves[0]  # nil
    bid = max(1, min(int(est + 0.5), MAX_BID - (partner or 0)))
    return moves[min(bid, len(moves) - 1)]


# ------------------------------------------------------------------------- card play
def choose_card(
    hand: int,
    legal: int,
    plays: Sequence[tuple[int, int]],
    me: int,
    need: int,
    nils: Sequence[bool],
) -> int:
    """The rule-of-thumb card (an index) for seat ``me`` holding ``hand`` (its legal
    cards ``legal``): ``plays`` is the trick so far (``(seat, card)``), ``need`` the
    tricks the side still wants for its contract, ``nils[seat]`` whether a seat bid nil.

    >>> from kowhist_teach.core.cards import mask_of, parse_cards, Card
    >>> hand = mask_of(parse_cards('AH 2H 9D'))
    >>> [Card(choose_card(hand, hand & ~0, [], 0, need, [False] * 4)).code for need in (1, 0)]
    ['AH', '2H']
    """
    after = 3 - len(plays)
    if not plays:  # leading
        if nils[me] or need <= 0:
            return low(legal, hand, _SPADES)
        return _strongest(legal)
    best_seat, best = plays[0]
    for s, c in plays[1:]:
        if beats(c, best, _TRUMP):
            best_seat, best = s, c
    win = winners(legal, best, _TRUMP)
    lose = legal & ~win
    partner_winning = best_seat == partner_of(me)
    if nils[me] or (partner_winning and not nils[best_seat]) or need <= 0:
        if lose:
            return _highest(lose)  # shed a dangerous card that still loses
        return low(win) if after else _highest(win)
    if win:
        return _cheapest(win) if after == 0 else _strongest(win)
    return low(lose, hand, _SPADES)


def _highest(cards: int) -> int:
    """The highest-ranked card (a side suit's before a spade's on a tie)."""
    best, key = -1, (-1, -1)
    for s in range(4):
        chunk = cards & SUIT_MASK[s]
        if chunk:
            c = chunk.bit_length() - 1
            k = (RANK_OF[c], s)
            if k > key:
                best, key = c, k
    return best


def _strongest(cards: int) -> int:
    """The card most likely to win: the highest side card if it is an ace, else the
    highest spade, else the highest card."""
    side = cards & ~_SPADES
    top = _highest(side) if side else -1
    if top >= 0 and RANK_OF[top] == 12:
        return top
    if cards & _SPADES:
        return (cards & _SPADES).bit_length() - 1
    return _highest(cards)


def _cheapest(cards: int) -> int:
    """The cheapest of cards that all win: a side card before a spade, then the lowest."""
    return low(cards & ~_SPADES or cards)


# ------------------------------------------------------------------------- the hook
def _need(game: SpadesGame, seat: int) -> int:
    """The tricks ``seat``'s side still wants for its contract."""
    log = game.deals[-1]
    bids = [b or 0 for b in log.bids]
    side = seat % 2
    return bids[side] + bids[side + 2] - log.side_tricks[side]


class SpadesBots(BotHooks):
    """The bots hook of Spades (``spec("spades").bots``; see the module's docstring)."""

    def rules_move(self, game: SpadesGame, rng: random.Random) -> Move:
        """Bid the hand's tricks (or nil); play for the side's contract."""
        moves = game.legal_moves()
        if len(moves) <= 1:
            return moves[0]
        if game.phase is SpadesPhase.BID:
            return _bid(game, moves)
        me: int = game.to_move  # type: ignore[assignment]
        plays = [(s, int(c)) for s, c in game.trick.plays]  # type: ignore[union-attr]
        legal = 0
        for m in moves:
            legal |= 1 << int(m)  # type: ignore[call-overload]
        nils = [b == 0 for b in game.deals[-1].bids]
        card = choose_card(game.hands[me], legal, plays, me, _need(game, me), nils)
        return next(m for m in moves if int(m) == card)  # type: ignore[call-overload]

    def search(self, game: SpadesGame, bot: SamplingBot) -> SpadesSearch | None:
        """A search for a card to play with a choice to make; bids are the rules bot's."""
        if game.phase is not SpadesPhase.PLAY:
            return None
        moves = game.legal_moves()
        if len(moves) == 1:
            return None
        return SpadesSearch(game, moves, bot.seed)


class SpadesSearch(Search):
    """One Monte Carlo decision in the card play: each sample deals the unseen cards,
    and each legal card is played out to the end of the deal with the rules of thumb.
    A result is every seat's tricks at the end of the deal."""

    def __init__(self, game: SpadesGame, moves: list[Move], seed: int) -> None:
        self.moves = moves
        self.me = me = game.to_move
        log = game.deals[-1]
        self.hand = hand = game.hands[me]  # type: ignore[index]
        played = 0
        voids = [0] * 4
        for trick in log.tricks:
            plays = trick.plays
            for _s, c in plays:
                played |= 1 << c
            for s, c in plays[1:]:
                if c // 13 != plays[0][1] // 13:
                    voids[s] |= 1 << (plays[0][1] // 13)
        unseen = FULL_DECK & ~hand & ~played
        self.pool = [c for c in range(52) if unseen >> c & 1]
        self.need = {s: game.hands[s].bit_count() for s in range(4) if s != me}
        self.voids = voids
        self.bids = [b or 0 for b in log.bids]
        self.nils = [b == 0 for b in log.bids]
        self.won = list(log.tricks_won)
        self.broken = log.broken_at is not None
        self.standard_lead = game.rules.spade_lead == "standard"
        self.plays = [(s, int(c)) for s, c in game.trick.plays]  # type: ignore[union-attr]
        self.score = game.scores[me % 2]  # type: ignore[operator]
        self.bags_rule = game.rules.bags
        self.rng = random.Random(f"{seed}/spades/{len(game.deals)}/{len(game.moves)}/{me}")

    def deal(self) -> list[int] | None:
        """Every seat's hand: ours, and the hidden ones dealt at random."""
        hands = [0] * 4
        hands[self.me] = self.hand  # type: ignore[index]
        seats = sorted(self.need, key=lambda s: -self.voids[s].bit_count())
        dealt = deal_hidden_in_order(self.rng, self.pool, self.need, self.voids, seats)
        if dealt is None:
            return None
        for s, h in dealt.items():
            hands[s] = h
        return hands

    def results(self, world: list[int], give_up_at: float) -> list[list[int]]:
        """Every seat's tricks at the end of the deal after each move."""
        return [self._playout(list(world), int(m)) for m in self.moves]  # type: ignore[call-overload]

    def _playout(self, hands: list[int], card: int) -> list[int]:
        won = list(self.won)
        broken = self.broken or card // 13 == 0
        plays = [*self.plays, (self.me, card)]
        hands[self.me] ^= 1 << card  # type: ignore[index]
        seat = (self.me + 1) % 4  # type: ignore[operator]
        while True:
            while len(plays) < 4:
                h = hands[seat]
                if plays:
                    legal = h & SUIT_MASK[plays[0][1] // 13] or h
                else:
                    legal = h if broken and self.standard_lead else (h & ~_SPADES or h)
                side = seat % 2
                need = self.bids[side] + self.bids[side + 2] - won[side] - won[side + 2]
                c = choose_card(h, legal, plays, seat, need, self.nils)
                broken = broken or c // 13 == 0
                hands[seat] ^= 1 << c
                plays.append((seat, c))
                seat = (seat + 1) % 4
            best_seat, best = plays[0]
            for s, c in plays[1:]:
                if beats(c, best, _TRUMP):
                    best_seat, best = s, c
            won[best_seat] += 1
            if not hands[best_seat]:
                return won
            seat = best_seat
            plays = []

    def utility(self, result: list[int]) -> float:
        """The side's points for the deal."""
        s = self.me % 2  # type: ignore[operator]
        return side_score(
            (self.bids[s], self.bids[s + 2]), (result[s], result[s + 2]), self.score, self.bags_rule
        ).points
