"""Bots for Knock-Out Whist, German Whist and the whist family: random, rules of thumb,
Monte Carlo.

A bot is called with a game whose turn it is and returns a legal move for the player to
move.  It decides only from what that seat may see — exactly what ``game.view(seat)``
shows plus the public history of the round: its own hand (not even that for a blind
dog), the cards played and who played them, the turn-up, how many cards each seat
holds, who is a dog; in German Whist also the face-up stock cards and which of them each
player took.  No bot reads another player's hidden cards.

* :class:`RandomBot` picks any legal move.
* :class:`RulesBot` plays rules of thumb from the seeds, like a careful person: one
  trick is enough to survive, so win one cheaply and then stop spending high cards; no
  wasted aces, no pointless over-trumping; keep the top trump as insurance.
* :class:`MonteCarloBot` deals the hidden cards at random many times, consistently with
  everything its seat has seen, solves each deal with every card visible
  (:class:`~kowhist_teach.teach.solver.TrickSolver`) and plays the move that did best on
  average, within a time limit per move.

The same classes play the whist family (partnership whist, solo whist, bid whist):
given a :class:`~kowhist_teach.games.family.engine.FamilyGame`, :class:`RulesBot` and
:class:`MonteCarloBot` hand the decision to
:class:`~kowhist_teach.games.family.bots.FamilyRulesBot` and
:class:`~kowhist_teach.games.family.bots.FamilyMonteCarloBot` (a determinized Monte Carlo over
card play with fast rule-of-thumb playouts; its calls are the rules bot's).

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(4, seed=3)
>>> bots = [RulesBot(seed=s) for s in range(4)]
>>> while not game.is_over():
...     game.play(bots[game.to_move](game))
>>> game.outcome().winner in range(4)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ..core.cards import ALL_CARDS, FULL_DECK, SUIT_MASK, Card
from ..core.moves import PASS, PLAY_ON, Call, Move
from ..games.family.bots import FamilyMonteCarloBot, FamilyRulesBot, _SamplingBot
from ..games.family.engine import FamilyGame
from ..games.german.engine import GermanGame, GermanPhase
from ..games.knockout.engine import KnockoutGame, Phase, Status
from .solver import TrickSolver

__all__ = ["Bot", "RandomBot", "RulesBot", "MonteCarloBot", "make_bot", "BOT_NAMES"]

_clock = time.perf_counter
_SUIT_OF = tuple(i // 13 for i in range(52))
_RANK_OF = tuple(i % 13 for i in range(52))  # 0 = two … 12 = ace
#: The cards of the same suit ranked above each card.
_ABOVE = tuple(SUIT_MASK[i // 13] & ~((2 << i) - 1) for i in range(52))
_TEN = 8  # rank index of a ten
_JACK = 9
#: A card that keeps the trick at least this often is played to win it.
_LIKELY = 0.4
#: A card that keeps the trick less often than this is not spent on it.
_HOPELESS = 0.2


@runtime_checkable
class Bot(Protocol):
    """What every bot offers: a ``name`` and ``choose(game) -> move``.

    Bots are also callable (``bot(game)`` is ``bot.choose(game)``), so a bot class
    is a factory ``seed -> choose`` as ``kowhist-teach simulate`` expects.

    >>> isinstance(RulesBot(1), Bot), RulesBot(1).name
    (True, 'rules')
    """

    name: str

    def choose(self, game: Any) -> Move:
        """A legal move for the player to move in ``game``."""
        ...


# ---------------------------------------------------------------------------- helpers
def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _low(mask: int, hand: int = 0, avoid: int = 0) -> int:
    """The lowest-ranked card of ``mask`` (outside ``avoid`` if possible); ties go to
    the suit with the fewest cards in ``hand`` (discarding from it makes a void)."""
    pool = mask & ~avoid or mask
    best, key = -1, (99, 99)
    for s in range(4):
        chunk = pool & SUIT_MASK[s]
        if chunk:
            c = (chunk & -chunk).bit_length() - 1
            k = (_RANK_OF[c], (hand & SUIT_MASK[s]).bit_count())
            if k < key:
                best, key = c, k
    return best


def _lowest_in(mask: int) -> int:
    """The lowest card of a set that lies within one suit."""
    return (mask & -mask).bit_length() - 1


def _masters(hand: int, unseen: int, suit: int) -> int:
    """Our cards of ``suit`` that no unseen card of the suit can beat."""
    mine = hand & SUIT_MASK[suit]
    others = unseen & SUIT_MASK[suit]
    if not others:
        return mine
    return mine & ~((2 << (others.bit_length() - 1)) - 1)


def _beats(card: int, best: int, trump: int) -> bool:
    cs, bs = _SUIT_OF[card], _SUIT_OF[best]
    if cs == bs:
        return card > best
    return cs == trump


def _winners(legal: int, best: int, trump: int) -> int:
    """The cards of ``legal`` that beat ``best``."""
    bs = _SUIT_OF[best]
    w = legal & _ABOVE[best]
    if trump >= 0 and bs != trump:
        w |= legal & SUIT_MASK[trump]
    return w


def _suit_strength(hand: int, suit: int | None) -> tuple[int, int]:
    """How good a trump suit would be: its length, then its high cards."""
    if suit is None:
        return (-1, 0)
    mine = hand & SUIT_MASK[suit]
    return (mine.bit_count(), mine >> (13 * suit))


def _p_void(cards: int, suit_unseen: int, unseen: int) -> float:
    """Chance that a hand of ``cards`` unseen cards holds none of ``suit_unseen`` of
    ``unseen`` cards (drawn at random)."""
    if cards <= 0:
        return 1.0
    p = 1.0
    for i in range(cards):
        if unseen - i <= 0:
            break
        p *= max(0.0, (unseen - suit_unseen - i) / (unseen - i))
    return p


def _position_rng(seed: int, *key: Any) -> random.Random:
    """A generator for one decision: the same seed and position give the same draws."""
    return random.Random("/".join(map(str, (seed, *key))))


# ------------------------------------------------------------- what a seat may know
def _ko_played(game: KnockoutGame) -> int:
    """Every card played this round (the public history, the trick on the table too)."""
    played = 0
    for a in game.log.actions:
        if type(a) is Card:
            played |= 1 << a
    return played


def _ko_blind(game: KnockoutGame, seat: int) -> bool:
    return game.status[seat] is Status.BLIND_DOG and game.cards_dealt_to(seat) == 1


def _ko_own_hand(game: KnockoutGame, seat: int) -> int:
    """The seat's own hand as a card set (0 for a blind dog, who may not look)."""
    return 0 if _ko_blind(game, seat) else game.hands[seat]


def _ko_one_card(game: KnockoutGame) -> list[bool]:
    """Who plays one card with the option to pass (dogs, re-entry players): public."""
    return [
        game.status[s] is not Status.ACTIVE and game.cards_dealt_to(s) > 0 for s in range(game.n)
    ]


def _ko_counts(game: KnockoutGame) -> list[int]:
    """How many cards each seat holds now (public, as in ``PlayerView.hand_sizes``)."""
    return [h.bit_count() for h in game.hands]


def _ko_voids(game: KnockoutGame, one_card: Sequence[bool]) -> list[int]:
    """Suits (bit ``1 << suit``) each seat has shown out of this round: a full-hand
    player who did not follow a led suit holds none of it."""
    voids = [0] * game.n
    for trick in game.log.tricks:
        plays = trick.plays
        if len(plays) < 2:
            continue
        led = _SUIT_OF[plays[0][1]]
        for seat, card in plays[1:]:
            if _SUIT_OF[card] != led and not one_card[seat]:
                voids[seat] |= 1 << led
    return voids


def _german_played(game: GermanGame) -> int:
    played = 0
    for trick in game.tricks:
        for _seat, card in trick.plays:
            played |= 1 << card
    return played


def _p_holds(
    game: KnockoutGame,
    card: int,
    led: int,
    trump: int,
    unseen: int,
    later: list[int],
    voids: list[int],
) -> float:
    """The chance that ``card``, now winning the trick, is not beaten by the players
    still to play, taking their cards to be a random draw from the unseen ones (minus
    the suits they have shown out of)."""
    if not later:
        return 1.0
    n_unseen = unseen.bit_count()
    led_cards = unseen & SUIT_MASK[led]
    n_led = led_cards.bit_count()
    n_above = (unseen & _ABOVE[card]).bit_count()
    is_trump = _SUIT_OF[card] == trump
    # Who beats the card: a higher card of its suit (when it is of the led suit), or
    # a trump (a higher one, if the card is a trump) from a player who cannot follow.
    if is_trump:
        n_ruff = n_above if led != trump else 0
        n_over = n_above if led == trump else 0
    else:
        n_ruff = (unseen & SUIT_MASK[trump]).bit_count() if trump >= 0 else 0
        n_over = n_above
    p = 1.0
    for s in later:
        k = game.hands[s].bit_count()  # a public count
        if voids[s] >> led & 1:
            beat = 1.0 - _p_void(k, n_ruff, n_unseen - n_led) if n_ruff else 0.0
        else:
            beat = 1.0 - _p_void(k, n_over, n_unseen) if n_over else 0.0
            if n_ruff:
                void = _p_void(k, n_led, n_unseen)
                beat += void * (1.0 - _p_void(k, n_ruff, n_unseen - n_led))
        p *= max(0.0, 1.0 - beat)
    return p


# ------------------------------------------------------------------------ random bot
class RandomBot:
    """Plays a legal move chosen at random (seeded: the same seed, the same game).

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(3, seed=1)
    >>> RandomBot(seed=5)(g) in g.legal_moves()
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Any) -> Move:
        """Any legal move, at random."""
        return self._rng.choice(game.legal_moves())

    __call__ = choose

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


# ------------------------------------------------------------------------- rules bot
class RulesBot:
    """Rules of thumb from the seeds, played like a careful person.

    Knock-Out Whist: one trick is enough to survive, so before that win a trick as
    cheaply as it can be won (the lowest card that wins; the lowest trump, and only when
    it wins), and once safe play low and discard low; never spend a card on a trick it
    would almost surely lose, never over-trump for nothing, never waste an ace (it is
    played only where it wins, and thrown only when nothing else may be); keep the top
    trump as insurance for the one trick it needs (in the 2-card round it leads the ace
    of trumps); choose the longest suit as trumps (ties: the strongest); as a dog play
    the card where it can win — often trumping a trick whose led suit it lacks — and
    otherwise pass; always declare a rainbow or "no picture" when the hand allows it;
    vote for its longest suit.

    German Whist: in phase 1 fight for a good face-up card (a trump, a high card, a card
    that lengthens its long suit) and lose on purpose with its lowest card under a weak
    one; in phase 2 lead long suits to draw trumps, keep the top trumps for the end.

    >>> from kowhist_teach import GermanGame
    >>> g = GermanGame(seed=2)
    >>> RulesBot(seed=1).choose(g) in g.legal_moves()
    True
    """

    name = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._family = FamilyRulesBot(seed)

    def __repr__(self) -> str:
        return f"RulesBot(seed={self.seed!r})"

    def choose(self, game: Any) -> Move:
        """The rule-of-thumb move for the player to move."""
        if isinstance(game, FamilyGame):
            return self._family.choose(game)
        if isinstance(game, GermanGame):
            return self._german(game)
        return self._knockout(game)

    __call__ = choose

    # ------------------------------------------------------------- Knock-Out Whist
    def _knockout(self, game: KnockoutGame) -> Move:
        if game.phase is Phase.PLAY:
            return self._ko_play(game)
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        me = game.to_move
        hand = _ko_own_hand(game, me)
        phase = game.phase
        if phase is Phase.CHOOSE_TRUMP or phase is Phase.VOTE:
            if not hand:  # an eliminated voter without cards has no preference
                return self._rng.choice(moves)
            return max(moves, key=lambda m: _suit_strength(hand, m.suit))
        if phase is Phase.DECLARE:
            # A rainbow wins the round; "no picture" throws in a weak hand: always call.
            for m in moves:
                if isinstance(m, Call) and m.is_declaration:
                    return m
            return PLAY_ON
        return moves[0]

    def _ko_play(self, game: KnockoutGame) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        me = game.to_move
        trump = -1 if game.trump is None else int(game.trump)
        blind = _ko_blind(game, me)
        hand = 0 if blind else game.hands[me]
        unseen = FULL_DECK & ~hand & ~_ko_played(game)
        if game.turn_up is not None:
            unseen &= ~(1 << game.turn_up)
        order, pos = game.trick_order()
        hands = game.hands  # only their sizes are read here: public counts
        later = [s for s in order[pos + 1 :] if hands[s]]
        tricks_left = game.hand_size - game.tricks_done
        plays = game.trick.plays
        if moves[-1] is PASS:
            return self._ko_dog(game, moves, blind, trump, unseen, plays, later, tricks_left)
        return ALL_CARDS[
            self._ko_card(game, me, hand, _mask(moves), trump, unseen, plays, later, tricks_left)
        ]

    def _ko_card(
        self,
        game: KnockoutGame,
        me: int,
        hand: int,
        legal: int,
        trump: int,
        unseen: int,
        plays: list[tuple[int, Card]],
        later: list[int],
        tricks_left: int,
    ) -> int:
        safe = game.tricks_won[me] > 0
        tmask = SUIT_MASK[trump] if trump >= 0 else 0
        # Insurance: our top trump, if nothing unseen beats it, takes a trick whenever
        # it is played — kept to the end it is the trick we need.
        insurance = 0
        if trump >= 0 and not safe:
            top = _masters(hand, unseen, trump)
            if top:
                insurance = 1 << (top.bit_length() - 1)
        if not plays:
            return self._ko_lead(
                game, hand, legal, trump, tmask, unseen, safe, insurance, tricks_left
            )
        led = _SUIT_OF[plays[0][1]]
        best = game.trick.winning_card
        wins = _winners(legal, best, trump)
        following = bool(legal & SUIT_MASK[led])
        # The card to play when not trying to win: the lowest one; discards come from
        # outside trumps and from short suits, and an ace is never thrown if avoidable.
        low = _low(legal, hand, avoid=tmask if not following else 0)
        if not wins:
            return low  # a trick we cannot win: no card spent on it
        cheapest = _low(wins)
        if safe:
            # Safe already: high cards are not wasted; a trick is taken only when it
            # costs nothing, i.e. the card is low and nobody can come over it.
            if not later and _SUIT_OF[cheapest] != trump and _RANK_OF[cheapest] <= _TEN:
                return cheapest
            return low
        if tricks_left > 1:
            wins &= ~insurance
        if not wins:
            return low  # only the insurance trump wins: keep it for later
        if not later:
            return _low(wins)  # last to play: the cheapest card that wins
        voids = _ko_voids(game, _ko_one_card(game))
        # The cheapest card that will probably keep the trick; failing that (and with
        # no insurance to fall back on) the card likeliest to keep it — one trick is
        # needed, and waiting for a better chance is a gamble too — unless it would
        # almost surely be beaten: then no card is spent on the trick.
        best_card, best_p = -1, -1.0
        rest = wins
        while rest:
            c = _low(rest)
            rest ^= 1 << c
            p = _p_holds(game, c, led, trump, unseen, later, voids)
            if p >= _LIKELY:
                return c
            if p > best_p:
                best_card, best_p = c, p
        return low if insurance or best_p < _HOPELESS else best_card

    @staticmethod
    def _ko_holds(
        game: KnockoutGame,
        card: int,
        led: int,
        trump: int,
        unseen: int,
        later: list[int],
        voids: list[int],
    ) -> bool:
        """Whether ``card`` will probably still win the trick after the later players."""
        return _p_holds(game, card, led, trump, unseen, later, voids) >= _LIKELY

    def _ko_lead(
        self,
        game: KnockoutGame,
        hand: int,
        legal: int,
        trump: int,
        tmask: int,
        unseen: int,
        safe: bool,
        insurance: int,
        tricks_left: int,
    ) -> int:
        side = legal & ~tmask
        if safe:
            return _low(legal, hand, avoid=tmask)
        if insurance and tricks_left <= 2 and legal & insurance:
            return insurance.bit_length() - 1  # the ace of trumps in the 2-card round
        # A side-suit card nothing unseen beats usually wins now, while every hand
        # still has cards of its suit; lead it from the suit most likely to be followed.
        best_master, best_key = -1, -1
        for s in range(4):
            if s == trump:
                continue
            m = _masters(side, unseen, s)
            if m:
                key = (unseen & SUIT_MASK[s]).bit_count()
                if key > best_key:
                    best_master, best_key = _lowest_in(m), key
        if best_master >= 0 and best_key >= 3:
            return best_master
        if insurance:
            return _low(legal, hand, avoid=tmask | insurance)
        if side and trump >= 0 and hand & tmask and tricks_left > 2:
            # A singleton side card led now leaves a void to trump into later.
            for s in range(4):
                suit = side & SUIT_MASK[s]
                if suit and suit.bit_count() == 1 and (hand & SUIT_MASK[s]) == suit:
                    if _RANK_OF[suit.bit_length() - 1] < _JACK:
                        return suit.bit_length() - 1
        if side:
            # The lowest card of the longest side suit: keeps the high cards back.
            longest = max(
                (s for s in range(4) if side & SUIT_MASK[s]),
                key=lambda s: (hand & SUIT_MASK[s]).bit_count(),
            )
            return _lowest_in(side & SUIT_MASK[longest])
        return _low(legal)

    def _ko_dog(
        self,
        game: KnockoutGame,
        moves: list[Move],
        blind: bool,
        trump: int,
        unseen: int,
        plays: list[tuple[int, Card]],
        later: list[int],
        tricks_left: int,
    ) -> Move:
        card = moves[0]
        if tricks_left <= 1:
            return card  # passing now means the round ends without a trick
        if not plays:
            return card
        best = game.trick.winning_card
        if blind:
            # The face-down card is any unseen card: play when we are last and it
            # would win often enough.
            if later:
                return PASS
            n = unseen.bit_count()
            beating = _winners(unseen, best, trump).bit_count()
            return card if n and beating / n >= 0.35 else PASS
        if not _beats(card, best, trump):
            return PASS
        if not later:
            return card
        led = _SUIT_OF[plays[0][1]]
        voids = _ko_voids(game, _ko_one_card(game))
        return card if self._ko_holds(game, card, led, trump, unseen, later, voids) else PASS

    # --------------------------------------------------------------- German Whist
    def _german(self, game: GermanGame) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        me = game.to_move
        hand = game.hands[me]
        trump = -1 if game.trump is None else int(game.trump)
        if game.phase is GermanPhase.PICK:
            return max(moves, key=lambda c: _german_value(c, hand, trump))
        legal = _mask(moves)
        if game.phase is GermanPhase.PLAY1:
            return ALL_CARDS[self._german_phase1(game, me, hand, legal, trump)]
        return ALL_CARDS[self._german_phase2(game, me, hand, legal, trump)]

    def _german_phase1(self, game: GermanGame, me: int, hand: int, legal: int, trump: int) -> int:
        tmask = SUIT_MASK[trump] if trump >= 0 else 0
        # A closed stock (no trumps) shows no prize: count on an average card.
        prize = max((_german_value(c, hand, trump) for c in game.face_up), default=0.5)
        # A trick counts too under all26, so fight a little more readily there.
        fight = prize >= (0.5 if game.rules.scoring == "all26" else 0.6)
        plays = game.trick.plays
        if plays:  # we play second, so we know whether a card wins
            lead = plays[0][1]
            wins = _winners(legal, lead, trump)
            following = bool(legal & SUIT_MASK[_SUIT_OF[lead]])
            low = _low(legal, hand, avoid=tmask if not following else 0)
            if fight and wins:
                suited = wins & SUIT_MASK[_SUIT_OF[lead]]
                if suited:
                    return _lowest_in(suited)
                # Trumping in costs a trump: only for a trump or a high prize.
                prize_is_trump = any(_SUIT_OF[c] == trump for c in game.face_up)
                if prize_is_trump or prize >= 0.7:
                    return _lowest_in(wins)
            return low  # lose on purpose (or follow as cheaply as possible)
        unseen = FULL_DECK & ~hand & ~_german_played(game) & ~_mask(game.face_up)
        side = legal & ~tmask
        if fight:
            for s in range(4):
                if s != trump:
                    m = _masters(side, unseen, s)
                    if m and unseen & SUIT_MASK[s]:
                        return _lowest_in(m)
        return _low(legal, hand, avoid=tmask)

    def _german_phase2(self, game: GermanGame, me: int, hand: int, legal: int, trump: int) -> int:
        tmask = SUIT_MASK[trump] if trump >= 0 else 0
        # Once the stock is empty every card is accounted for: the opponent holds the
        # cards that are neither ours nor played (GermanView.opponent_known).
        opp = FULL_DECK & ~hand & ~_german_played(game)
        plays = game.trick.plays
        if plays:
            lead = plays[0][1]
            wins = _winners(legal, lead, trump)
            if wins:
                suited = wins & SUIT_MASK[_SUIT_OF[lead]]
                return _lowest_in(suited) if suited else _lowest_in(wins)
            following = bool(legal & SUIT_MASK[_SUIT_OF[lead]])
            return _low(legal, hand, avoid=tmask if not following else 0)
        opp_trumps = opp & tmask
        side = legal & ~tmask
        # Sure tricks first: a side card the opponent cannot beat (they must follow,
        # or they have no trump to ruff with).
        sure = []
        for s in range(4):
            if s == trump:
                continue
            m = _masters(side, opp, s)
            if m and (opp & SUIT_MASK[s] or not opp_trumps):
                sure.append((hand & SUIT_MASK[s]).bit_count() * 16 + s)
        if sure:
            s = max(sure) % 16
            return _masters(side, opp, s).bit_length() - 1
        if side:
            # Lead the long suit: the opponent runs out of it and must spend trumps,
            # while our own top trumps wait for the end.
            longest = max(
                (s for s in range(4) if side & SUIT_MASK[s]),
                key=lambda s: ((hand & SUIT_MASK[s]).bit_count(), -s),
            )
            return _lowest_in(side & SUIT_MASK[longest])
        return _lowest_in(legal)  # only trumps left: the lowest first


def _german_value(card: int, hand: int, trump: int) -> float:
    """How much a stock card is worth to us, 0..1: trumps and high cards most, and a
    card that lengthens our long suit more than one that does not."""
    s, r = _SUIT_OF[card], _RANK_OF[card]
    if s == trump:
        return 0.6 + 0.4 * r / 12
    value = 0.8 * r / 12
    if (hand & SUIT_MASK[s]).bit_count() >= 4:
        value += 0.15
    return value


# --------------------------------------------------------------------- Monte Carlo
class _OutOfTime(Exception):
    """The move's time is up: the search is abandoned."""


class _Solver(TrickSolver):
    """The perfect-information solver with a deadline and a null-window test."""

    deadline = float("inf")

    def _trick_start(self, leader: int, tricks: int, alpha: int, beta: int) -> int:
        if _clock() > self.deadline:
            raise _OutOfTime
        return super()._trick_start(leader, tricks, alpha, beta)

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
        if not plays:
            return self._trick_start(order[0], tricks, k - 1, k) >= k
        led = _SUIT_OF[plays[0][1]]
        best, best_seat = -1, -1
        for seat, card in plays:
            if best < 0 or self._beats(card, best, led):
                best, best_seat = card, seat
        return self._play(list(order), pos, led, best, best_seat, tricks, k - 1, k) >= k


class MonteCarloBot(_SamplingBot):
    """Samples the hidden cards and solves each sample with every card visible.

    For a card to play (or a dog's play-or-pass) it deals the cards it cannot see at
    random, consistently with all its seat has seen — its own hand, the cards played,
    the turn-up, each seat's card count, and the suits a player has shown out of (a
    player who did not follow a led suit holds none of it) — then scores every legal
    move on that deal with :class:`~kowhist_teach.teach.solver.TrickSolver` for its seat
    against all the others, and plays the best average (ties: the :class:`RulesBot`
    move).  Before its first trick a move that surely survives is worth far more than
    an extra trick; taking every trick (a sweep, which wins the game) is worth more still.

    German Whist: in phase 1 (the stock unseen) it plays as :class:`RulesBot`; in phase
    2 both hands are known, so it solves exactly.  Trump choices, votes and declarations
    are the rules bot's.

    Whist family games: :class:`~kowhist_teach.games.family.bots.FamilyMonteCarloBot` with
    the same seed, samples and time limit decides (sampled deals played out with fast
    rules of thumb rather than solved).

    It stops sampling when ``time_limit`` seconds are up (and falls back to the rules
    bot if not one sample was solved).  The same seed gives the same choices as long as
    the time limit does not cut the sampling short; ``time_limit=None`` makes it exact.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(4, seed=8)
    >>> bot = MonteCarloBot(seed=1, samples=4, time_limit=None)
    >>> bot(g) in g.legal_moves() and bot(g) == MonteCarloBot(1, 4, None)(g)
    True
    """

    def __init__(
        self, seed: int | None = None, samples: int = 64, time_limit: float | None = 0.5
    ) -> None:
        super().__init__(seed, samples, time_limit)
        self.rules = RulesBot(seed)
        self._cache: tuple[Any, _Solver] | None = None

    def choose(self, game: Any) -> Move:
        """The move with the best average over sampled deals of the hidden cards."""
        if isinstance(game, FamilyGame):
            return self._family_choose(game)
        start = _clock()
        deadline = start + self.time_limit if self.time_limit is not None else float("inf")
        # A little slack for the work around the search (sampling, bookkeeping).
        deadline -= 0.02 if self.time_limit is not None else 0.0
        self.last_samples = 0
        self.last_timed_out = False
        moves = game.legal_moves()
        if isinstance(game, GermanGame):
            if game.phase is not GermanPhase.PLAY2 or len(moves) == 1:
                return self.rules.choose(game)
            return self._german(game, moves, deadline)
        if game.phase is not Phase.PLAY or len(moves) == 1:
            return self.rules.choose(game)
        return self._knockout(game, moves, deadline)

    __call__ = choose

    def _family_choose(self, game: FamilyGame) -> Move:
        bot = FamilyMonteCarloBot(self.seed, self.samples, self.time_limit)
        move = bot.choose(game)
        self.last_samples = bot.last_samples
        self.last_timed_out = bot.last_timed_out
        return move

    # ------------------------------------------------------------- Knock-Out Whist
    def _knockout(self, game: KnockoutGame, moves: list[Move], deadline: float) -> Move:
        rules_move = self.rules.choose(game)
        me = game.to_move
        blind = _ko_blind(game, me)
        hand = 0 if blind else game.hands[me]
        unknown = FULL_DECK & ~hand & ~_ko_played(game)
        if game.turn_up is not None:
            unknown &= ~(1 << game.turn_up)
        counts = _ko_counts(game)
        one_card = _ko_one_card(game)
        voids = _ko_voids(game, one_card)
        hidden = [s for s in range(game.n) if (s != me or blind) and counts[s]]
        trump = -1 if game.trump is None else int(game.trump)
        order, pos = game.trick_order()
        plays = [(s, int(c)) for s, c in game.trick.plays]
        tricks = game.hand_size - game.tricks_done
        taken = game.tricks_won[me]
        rng = _position_rng(self.seed, "ko", game.round, len(game.log.actions), me)
        pool = [c for c in range(52) if unknown >> c & 1]
        totals = [0.0] * len(moves)
        for _i in range(self.samples):
            if _clock() > deadline:
                self.last_timed_out = True
                break
            hands = [0] * game.n
            hands[me] = hand
            dealt = _deal_hidden(rng, pool, {s: counts[s] for s in hidden}, voids)
            for s, h in dealt.items():
                hands[s] = h
            solver = _Solver(hands, trump, {me}, may_pass=one_card)
            solver.deadline = deadline
            try:
                values = []
                for move in moves:
                    if move is PASS:
                        v = solver.value_mid_trick(order, pos + 1, plays, tricks)
                    else:
                        card = int(move) if not blind else hands[me].bit_length() - 1
                        solver.hands[me] ^= 1 << card
                        v = solver.value_mid_trick(order, pos + 1, [*plays, (me, card)], tricks)
                        solver.hands[me] ^= 1 << card
                    values.append(v)
            except _OutOfTime:
                self.last_timed_out = True
                break
            for j, v in enumerate(values):
                totals[j] += _ko_utility(v, taken, tricks + taken, game.hand_size)
            self.last_samples += 1
        if not self.last_samples:
            return rules_move
        return _best(moves, totals, rules_move)

    # --------------------------------------------------------------- German Whist
    def _german(self, game: GermanGame, moves: list[Move], deadline: float) -> Move:
        rules_move = self.rules.choose(game)
        me = game.to_move
        view = game.view(me)
        hands = [0, 0]
        hands[me] = game.hands[me]
        hands[1 - me] = _mask(view.opponent_known)  # the whole hand: the stock is empty
        trump = -1 if game.trump is None else int(game.trump)
        plays = [(s, int(c)) for s, c in game.trick.plays]
        leader = game.trick.leader
        order = [leader, 1 - leader]
        pos = len(plays)
        tricks = hands[me].bit_count()
        solver = self._german_solver(game, me, hands, trump)
        solver.deadline = deadline
        try:
            target = solver.value_mid_trick(order, pos, plays, tricks)
            prefs = [rules_move] + sorted(
                (m for m in moves if m != rules_move), key=lambda c: (_RANK_OF[c], c)
            )
            for move in prefs:
                card = int(move)
                solver.hands[me] ^= 1 << card
                try:
                    ok = solver.reaches(order, pos + 1, [*plays, (me, card)], tricks, target)
                finally:
                    solver.hands[me] ^= 1 << card
                if ok:
                    self.last_samples = 1
                    return move
        except _OutOfTime:
            # The bounds stored so far are still true (the hands are reset on the next
            # call), so the next move starts from them: the search resumes, in effect.
            self.last_timed_out = True
            return rules_move
        return rules_move  # not reached: some move always reaches the best value

    def _german_solver(self, game: GermanGame, me: int, hands: list[int], trump: int) -> _Solver:
        # The solver's table holds facts about positions (whose hands, who leads), valid
        # for the rest of the hand (and for its clones): keep it from move to move.
        key = (tuple(game.dealt_stock), me, trump)
        if self._cache is not None and self._cache[0] == key and len(self._cache[1].table) < 2e6:
            solver = self._cache[1]
            solver.hands[:] = hands
            return solver
        solver = _Solver(hands, trump, {me})
        self._cache = (key, solver)
        return solver


def _ko_utility(v: int, taken: int, most: int, hand_size: int) -> float:
    """What ``v`` more tricks are worth: surviving first, then tricks, a sweep most."""
    u = float(v)
    if taken == 0 and v >= 1:
        u += 10.0
    if taken + v == hand_size and most == hand_size:
        u += 20.0
    return u


def _best(moves: list[Move], totals: list[float], preferred: Move) -> Move:
    top = max(totals)
    tied = [m for m, t in zip(moves, totals, strict=True) if t >= top - 1e-9]
    if preferred in tied:
        return preferred
    cards = [m for m in tied if isinstance(m, Card)]
    if cards:
        return min(cards, key=lambda c: (_RANK_OF[c], c))  # the cheapest of equals
    return tied[0]


def _deal_hidden(
    rng: random.Random, pool: list[int], need: dict[int, int], voids: Sequence[int]
) -> dict[int, int]:
    """Deal ``need[seat]`` cards of ``pool`` to each seat at random, giving no seat a
    card of a suit it has shown out of (when that cannot be met, voids are dropped)."""
    # The most constrained seats first, so they are not left without cards.
    room = {s: sum(1 for c in pool if not voids[s] >> _SUIT_OF[c] & 1) - need[s] for s in need}
    seats = sorted(need, key=room.__getitem__)
    for attempt in range(12):
        strict = attempt < 10
        taken = 0
        out: dict[int, int] = {}
        for s in seats:
            v = voids[s] if strict else 0
            cands = [c for c in pool if not (taken >> c & 1) and not (v >> _SUIT_OF[c] & 1)]
            if len(cands) < need[s]:
                break
            hand = 0
            for c in rng.sample(cands, need[s]):
                hand |= 1 << c
            taken |= hand
            out[s] = hand
        else:
            return out
    raise AssertionError("the hidden cards cannot be dealt")  # pool too small: a bug


# ------------------------------------------------------------------------ registry
#: The bot names ``kowhist-teach simulate --bots`` accepts.
BOT_NAMES = ("random", "rules", "montecarlo")


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name: ``random``, ``rules`` or ``montecarlo`` (options go to its class).

    >>> make_bot('montecarlo', 3, samples=10).samples
    10
    """
    cls = {"random": RandomBot, "rules": RulesBot, "montecarlo": MonteCarloBot}[name]
    return cls(seed, **options)
