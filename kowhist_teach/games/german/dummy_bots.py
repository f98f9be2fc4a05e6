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

The Monte Carlo bot has no search here (the trick solver is for seats on two sides
with nobody's cards open, not a dummy): it plays the rules move. The analysis is off.

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
from ...core.hooks.bots import BotHooks, low, lowest_in, masters, winners
from ...core.moves import Move
from .dummy import DUMMY
from .engine import GermanPhase

__all__ = ["DummyBots"]

_FULL = (1 << 52) - 1


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class DummyBots(BotHooks):
    """The bots hook of German Whist with a dummy: rules of thumb; no search."""

    analyses = False

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
