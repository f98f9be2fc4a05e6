"""The bots of German Whist with a dummy (the game's ``bots`` hook).

The rules of thumb, for whichever hand the bot plays (its own, or the dummy's when it
deals), from what its seat may see (its hand, the dummy's face-up cards, the cards
played, the face-up stock card):

* **the side already wins the trick** (the partner's card beats everything so far, or
  the trick is the dealer's and the dummy's): play the lowest card;
* **later in the trick**: win with the cheapest card that beats the table — in phase 1
  only for a prize worth it (a trump, a jack or better) or a trick in phase 2; else
  play the lowest card (a low trump kept back);
* **on lead**: a card no unseen card of its suit can beat (a master) outside trumps,
  else the lowest card of the longest side suit; in phase 2 with most trumps, a trump.

The Monte Carlo bot searches in phase 2 (:class:`DummySearch`): the two hands its
seat cannot see are dealt at random, consistently with what it has seen (their card
counts, the face-up stock cards they took, the suits they showed out of in phase 2),
and each legal card is solved exactly in each deal by the trick solver, the four hands
seated clockwise from the dealer with the dealer and the dummy one team; it keeps the
rules bot's card unless another takes more tricks on average. In phase 1 the stock's
order is hidden from everybody and the solver cannot play the stock: the rules move.
The analysis with every card visible is off.

>>> import random
>>> from kowhist_teach.games.german.dummy import GermanDummyGame
>>> g = GermanDummyGame(seed=3)
>>> DummyBots().rules_move(g, random.Random(0)) in g.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Any

from ...core.cards import ALL_CARDS, SUIT_MASK, Card, Rank
from ...core.hooks.bots import BotHooks, SamplingBot, Search, low, lowest_in, masters, winners
from ...core.moves import Move
from ...core.trick_solver import TrickSolver
from .dummy import DUMMY
from .engine import GermanPhase

__all__ = ["DummyBots", "DummySearch"]

_FULL = (1 << 52) - 1


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class DummySearch(Search):
    """One Monte Carlo card decision in phase 2 (see the module's docstring); each
    result is the tricks the deciding seat's side takes from the trick on the table on.

    >>> import random
    >>> from kowhist_teach.games.german.dummy import GermanDummyGame
    >>> g = GermanDummyGame(seed=3)
    >>> while len(g.tricks) < 9:
    ...     g.play(g.legal_moves()[0])
    >>> search = DummySearch(g, seed=1)
    >>> world = search.deal()
    >>> [h.bit_count() for h in world] == [g.hands[h].bit_count() for h in range(4)]
    True
    >>> all(0 <= v <= 5 for v in search.results(world, float("inf")))
    True
    """

    min_samples = 8

    def __init__(self, game: Any, seed: int) -> None:
        self.moves = game.legal_moves()
        me = game.to_move
        self.hand = game.hand_to_play
        self.order = list(game.order)  # the hands clockwise from the dealer
        self.team = {i for i, h in enumerate(self.order) if game.side_of(h) == game.side_of(me)}
        self.trump = -1 if game.trump is None else int(game.trump)
        trick = game.trick
        self.plays = [(self.order.index(h), int(c)) for h, c in trick.plays]
        lead = self.order.index(trick.leader)
        self.trick_order = [(lead + k) % 4 for k in range(4)]
        self.tricks = game.hands[self.hand].bit_count()
        # What the seat sees: its own hand and the dummy's; each face-up stock card went
        # to a trick's winner in sight of all.
        self.known = [0, 0, 0, 0]
        self.known[me] = game.hands[me]
        self.known[DUMMY] = game.hands[DUMMY]
        played = 0
        for t in game.tricks:
            played |= _mask(c for _h, c in t.plays)
        self.hidden = [h for h in range(4) if h not in (me, DUMMY)]
        for k, t in enumerate(game.tricks[:7]):
            if t.winner in self.hidden and len(t.plays) == 4:
                self.known[t.winner] |= 1 << game.dealt_stock[4 * k]
        for h in self.hidden:
            self.known[h] &= ~played
        self.sizes = {h: game.hands[h].bit_count() - self.known[h].bit_count() for h in self.hidden}
        seen = played | self.known[0] | self.known[1] | self.known[2] | self.known[3]
        self.pool = [c for c in range(52) if not seen >> c & 1]
        # Suits a hidden hand showed out of since the stock ran out (in phase 1 a stock
        # card could bring the suit back).
        self.voids = dict.fromkeys(self.hidden, 0)
        for t in game.tricks[7:]:
            if not t.plays:
                continue
            led = SUIT_MASK[t.plays[0][1].suit]
            for h, c in t.plays:
                if h in self.voids and not led >> c & 1:
                    self.voids[h] |= led
        self.rng = random.Random((seed * 1_000_003 + len(game.moves)) * 7 + me)

    def deal(self) -> list[int] | None:
        """The four hands by hand number: the known ones, and the pool dealt to the two
        hidden hands (their voids kept; given up after a few tries)."""
        for attempt in range(24):
            cards = self.pool[:]
            self.rng.shuffle(cards)
            a, b = self.hidden
            room = dict(self.sizes)
            world = list(self.known)
            respect = attempt < 20
            for c in cards:
                fits = [h for h in (a, b) if room[h] and not (respect and self.voids[h] >> c & 1)]
                if not fits:
                    break
                h = fits[0] if len(fits) == 1 else self.rng.choice(fits)
                world[h] |= 1 << c
                room[h] -= 1
            else:
                return world
        return None

    def results(self, world: list[int], give_up_at: float) -> list[int]:
        """The tricks the side takes from now on with each legal card, solved exactly."""
        hands = [world[h] for h in self.order]
        solver = TrickSolver(hands, self.trump, self.team)
        solver.give_up_at = give_up_at
        me = self.order.index(self.hand)
        pos = len(self.plays)
        out = []
        for move in self.moves:
            card = int(move)
            solver.hands[me] ^= 1 << card
            try:
                out.append(
                    solver.value_mid_trick(
                        self.trick_order, pos + 1, [*self.plays, (me, card)], self.tricks
                    )
                )
            finally:
                solver.hands[me] ^= 1 << card
        return out

    def utility(self, result: int) -> float:
        return float(result)


class DummyBots(BotHooks):
    """The bots hook of German Whist with a dummy: rules of thumb, and a Monte Carlo
    search in phase 2."""

    def search(self, game: Any, bot: SamplingBot) -> Search | None:
        if game.phase is not GermanPhase.PLAY2 or len(game.legal_moves()) < 2:
            return None
        return DummySearch(game, bot.seed)

    def rules_move(self, game: Any, rng: random.Random) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        hand_no = game.hand_to_play
        hand = game.hands[hand_no]
        legal = _mask(moves)
        trump = -1 if game.trump is None else int(game.trump)
        tmask = SUIT_MASK[trump] if trump >= 0 else 0
        trick = game.trick
        plays = trick.plays
        if plays:
            best = trick.winning_card
            following = bool(legal & SUIT_MASK[plays[0][1].suit])
            cheap = low(legal, hand, avoid=0 if following else tmask)
            if game.side_of(trick.winner) == game.side_of(hand_no):
                return ALL_CARDS[cheap]  # the side wins the trick already
            wins = winners(legal, int(best), trump)
            if wins and self._worth(game):
                suited = wins & SUIT_MASK[plays[0][1].suit]
                return ALL_CARDS[lowest_in(suited or (wins & tmask) or wins)]
            return ALL_CARDS[cheap]
        # On lead: what this seat may see is its hand, the dummy's and the cards out.
        seen = game.hands[game.to_move] | game.hands[DUMMY] | _mask(game.face_up)
        for t in game.tricks:
            seen |= _mask(c for _h, c in t.plays)
        unseen = _FULL & ~seen
        for s in range(4):
            if s != trump:
                top = masters(hand, unseen, s) & legal
                if top:
                    return ALL_CARDS[lowest_in(top)]
        if (
            game.phase is GermanPhase.PLAY2
            and (hand & tmask).bit_count() > (unseen & tmask).bit_count()
        ):
            return ALL_CARDS[lowest_in(masters(hand, unseen, trump) or (hand & tmask))]
        side = legal & ~tmask
        if side:
            longest = max(range(4), key=lambda s: ((side & SUIT_MASK[s]).bit_count(), -s))
            return ALL_CARDS[lowest_in(side & SUIT_MASK[longest])]
        return ALL_CARDS[low(legal, hand)]

    @staticmethod
    def _worth(game: Any) -> bool:
        """Whether winning this trick is worth a good card: always in phase 2; in
        phase 1 for a face-up trump, or a jack or better."""
        if game.phase is not GermanPhase.PLAY1 or not game.face_up:
            return True
        card: Card = game.face_up[0]
        return card.suit == game.trump or card.rank >= Rank.JACK
