"""Bots for the whist family: partnership whist, solo whist and bid whist.

The bots are generic over :class:`~kowhist_teach.games.family.engine.FamilyGame`: they learn how
cards rank in the deal being played from the engine itself (its ``_suit_mask`` and
``_beats`` hooks, so bid whist's jokers and downtown order need no special case), and
they decide only from what their seat may see — ``game.view(seat)`` (its own hand, any
hand laid open, the turned trump card, the calls, the trick on the table) plus the
tricks played so far in ``game.log``.  No bot reads another player's hidden cards.

* :class:`FamilyRulesBot` plays rules of thumb, like a careful club player:

  - **card play** — second hand low, third hand high (the bottom of a sequence), win
    as cheaply as possible, never overtake a partner whose card will hold, lead a card
    that will hold or from the longest suit (top of a sequence), return a partner's
    suit, draw trumps with a long trump suit, trump in when void and an opponent is
    winning, and otherwise discard the lowest card of the weakest suit.  Who is a
    partner depends on the contract: the partnership in whist and bid whist; in solo
    whist the proposer and the player who accepted, or the three opponents of a lone
    declarer.  In misère the declarer plays the highest card that still loses, and the
    others lead low and play under the declarer to make them win a trick.
  - **bidding** — solo whist: tricks are counted (top cards, trump length, short
    suits) to choose pass, prop, cop, solo, abundance or slam, and misère on a hand of
    low cards; bid whist: likely books for uptown, downtown and no trump (jokers count
    in a trump suit), plus a partner's share and the kitty; trumps are the longest strong
    suit, no trump is played high or low where the hand is stronger, and the discard
    keeps long and strong suits.

* :class:`FamilyMonteCarloBot` plays cards by determinized Monte Carlo
  (:class:`~kowhist_teach.games.family.montecarlo.FamilySearch`): it deals the
  cards it cannot see at random, consistently with what its seat has seen (card counts,
  suits a player has shown out of, the turned trump card, open hands), plays every
  legal card in each sample and finishes the deal with a fast playout of the rules of
  thumb, and chooses the card with the best average result for its side (the contract
  made or beaten first, tricks second; in whist tricks and odd tricks), keeping the
  rules bot's card unless another is clearly better over the samples.  The playout
  policy knows the sampled deal, as a playout in a sampled world may; the bot's own
  choice never does.  It stops at its time limit (0.5 s a move by default).  Its
  calls, trump choice and discards are the rules bot's.

The family's bots hook, :class:`FamilyBots` (one subclass per game: whist, solo and
bid whist add their own bidding and scoring in their ``bots`` modules), is what
:class:`~kowhist_teach.teach.bots.RulesBot` and
:class:`~kowhist_teach.teach.bots.MonteCarloBot` ask, so one bot object plays every game.
The parts: :mod:`.seen` (what a seat knows), :mod:`.cardplay` (the rules bot's card
play), :mod:`.montecarlo` (the search).

>>> from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
>>> game = WhistGame(WhistRules(rubber=False), seed=4)
>>> bots = [FamilyRulesBot(seed=s) for s in range(4)]
>>> while not game.is_over():
...     game.play(bots[game.to_move].choose(game))
>>> game.outcome().winner in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core.hooks.bots import BotHooks, SamplingBot, bots_of
from ...core.moves import Move
from .cardplay import _CardPlayer
from .engine import FamilyGame, FamilyPhase
from .montecarlo import FamilySearch
from .seen import _code, _contract_code, _is_card, _mask, _order, _Seen

__all__ = ["FamilyBots", "FamilyRulesBot", "FamilyMonteCarloBot", "hand_tricks"]


# ------------------------------------------------------------- hand evaluation
def _suit_tricks(values: Sequence[int], top: int, trump: bool, extra_above: int = 0) -> float:
    """Likely tricks from one suit: ``values`` are the held cards' strengths, high
    first, ``top`` the strength of the best card of the suit, ``extra_above`` cards
    above ``top`` that are not held (bid whist's jokers over a trump suit)."""
    length = len(values)
    tricks = 0.0
    for i, v in enumerate(values):
        missing = top - v - i + extra_above
        if missing <= 0:
            tricks += 1.0
        elif missing == 1 and length >= 2:
            tricks += 0.5
        elif missing == 2 and length >= 3:
            tricks += 0.25
    if trump:
        tricks += max(0, length - 3)
    else:
        tricks = min(tricks, 3.0)
    return tricks


def hand_tricks(
    cards: Sequence[int],
    trump: int | None,
    *,
    low: bool = False,
    jokers: bool = False,
    no_trump_length: bool = True,
) -> float:
    """About how many tricks a hand takes with ``trump`` (a suit index or ``None``).

    Top cards count (a king guarded half a trick, a queen guarded twice a quarter), trump
    length beyond three counts, and short side suits count when trumps can ruff.  With
    ``low`` the order is bid whist's downtown (ace, two, three … king); with ``jokers``
    the pack has bid whist's two jokers (52 and 53) as the top trumps.

    >>> from kowhist_teach.core.cards import parse_cards
    >>> hand = parse_cards('AS KS QS 7S 3S AH KH 4H 2D 5C 6C 8C 9C')
    >>> hand_tricks(hand, 0)  # A K Q and two long trumps, A K of hearts, a ruff
    7.5
    """

    def strength(c: int) -> int:
        r = c % 13
        if not low:
            return r
        return 12 if r == 12 else 11 - r

    held_jokers = sorted((c for c in cards if c >= 52), reverse=True)
    suits: list[list[int]] = [[], [], [], []]
    for c in cards:
        if c < 52:
            suits[c // 13].append(strength(c))
    total = 0.0
    for s in range(4):
        vals = sorted(suits[s], reverse=True)
        if s == trump:
            n_j = len(held_jokers) if jokers else 0
            # The jokers rank above the trump suit: held ones win, missing ones are above.
            extra = (2 - n_j) if jokers else 0
            total += n_j
            total += _suit_tricks(vals, 12, True, extra)
        else:
            t = _suit_tricks(vals, 12, False)
            if trump is None and no_trump_length and len(vals) >= 5 and t >= 1:
                t += 0.7 * (len(vals) - 4)
            total += t
    if trump is not None:
        n_trumps = len(suits[trump]) + (len(held_jokers) if jokers else 0)
        spare = max(0, n_trumps - 3)
        for s in range(4):
            if s != trump and spare:
                ruffs = min(spare, max(0, 2 - len(suits[s])))
                total += 0.5 * ruffs
                spare -= ruffs
    return total


# --------------------------------------------------------------- the rules bot
class FamilyRulesBot:
    """Rules of thumb for whist, solo whist and bid whist (see the module's docstring).

    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> g = WhistGame(seed=2)
    >>> FamilyRulesBot(seed=1).choose(g) in g.legal_moves()
    True
    """

    name = "rules"

    #: Solo whist: the estimated tricks (:func:`hand_tricks`) a bid needs.
    solo_thresholds: dict[str, float] = {"prop": 3.5, "cop": 3.0, "solo": 5.25, "abundance": 9.5}
    #: Bid whist: bid the cheapest level that beats the bid so far, or the most the hand
    #: is worth ("max").
    bidwhist_style = "cheapest"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"FamilyRulesBot(seed={self.seed!r})"

    def choose(self, game: FamilyGame) -> Move:
        """The rule-of-thumb move for the player to move."""
        moves = game.legal_moves()
        if len(moves) <= 1:
            return moves[0]
        phase = game.phase
        if phase is FamilyPhase.PLAY:
            return self._card(game, moves)
        if phase is FamilyPhase.BID:
            return bots_of(game).bid(self, game, moves)
        if phase is FamilyPhase.TRUMP:
            return self._name_trump(game, moves)
        if phase is FamilyPhase.DISCARD:
            return self._discard(game, moves)
        return moves[0]

    __call__ = choose

    # ------------------------------------------------------------- card play
    def _card(self, game: FamilyGame, moves: list[Move]) -> Move:
        by_index = {int(m): m for m in moves}
        order = _order(game)
        seen = _Seen(game, order)
        card = _CardPlayer(game, seen, _mask(list(by_index))).choose()
        return by_index[card]

    # ------------------------------------------------------------ naming trumps
    def _name_trump(self, game: FamilyGame, moves: list[Move]) -> Move:
        view = game.view(game.to_move)
        hand = [int(c) for c in view.hand]
        low = _contract_is_low(game)
        jokers = max(int(c) for c in game.pack) >= 52
        best: tuple[float, Move] | None = None
        for m in moves:
            code = (_code(m) or "").lower()
            suit = getattr(m, "suit", None)
            if suit is not None:
                value = hand_tricks(hand, int(suit), low=low, jokers=jokers)
                length = sum(1 for c in hand if c < 52 and c // 13 == int(suit))
                value += 0.01 * length
            elif code in ("high", "low"):
                value = hand_tricks(hand, None, low=code == "low")
            else:
                value = -1.0
            if best is None or value > best[0]:
                best = (value, m)
        return best[1] if best is not None else moves[0]

    # --------------------------------------------------------------- discarding
    def _discard(self, game: FamilyGame, moves: list[Move]) -> Move:
        me = game.to_move
        view = game.view(me)
        hand = [int(c) for c in view.hand]
        trump = None if game.trump is None else int(game.trump)
        low = getattr(game, "low", None)
        if not isinstance(low, bool):
            low = _contract_is_low(game) or _no_trump_low(game)
        keep = _keep_values(hand, trump, low)
        cards = [m for m in moves if _is_card(m)]
        if not cards:
            return moves[0]
        return min(cards, key=lambda m: (keep.get(int(m), 0.0), int(m)))


def _contract_is_low(game: FamilyGame) -> bool:
    code = (_contract_code(game) or "").upper()
    return code.endswith("L") and code[:-1].isdigit()


def _no_trump_low(game: FamilyGame) -> bool:
    log = game.log
    if log is None:
        return False
    return any((_code(m) or "").lower() == "low" for _s, m in log.calls)


def _keep_values(hand: Sequence[int], trump: int | None, low: bool) -> dict[int, float]:
    """How much each card is worth keeping after the kitty: trumps and jokers most,
    then cards likely to win, cards of long suits, and least a low card of a short
    side suit (discarding it makes a void to trump into)."""

    def strength(c: int) -> int:
        r = c % 13
        if not low:
            return r
        return 12 if r == 12 else 11 - r

    values: dict[int, float] = {}
    suits: list[list[int]] = [[], [], [], []]
    for c in hand:
        if c < 52:
            suits[c // 13].append(c)
    for c in hand:
        if c >= 52:
            values[c] = 100.0 + c if trump is not None else -1.0 + c / 100
            continue
        s = c // 13
        mine = sorted((strength(x) for x in suits[s]), reverse=True)
        v = strength(c)
        above_missing = 12 - v - mine.index(v)
        win = 1.0 if above_missing <= 0 else 0.5 if above_missing == 1 else 0.0
        value = 3.0 * win + 0.1 * v + 0.4 * len(suits[s])
        if s == trump:
            value += 50.0
        values[c] = value
    return values


# ------------------------------------------------------------------------ the hook
class FamilyBots(BotHooks):
    """The bots hook shared by the whist family; each game's package subclasses it
    (bidding, how a deal's tricks score) and attaches it to its spec."""

    #: A sampled deal is scored in tricks and odd tricks (whist), not just tricks.
    trick_points = False

    def __init__(self) -> None:
        self._rules = FamilyRulesBot()

    def rules_move(self, game: FamilyGame, rng: random.Random) -> Move:
        """:class:`FamilyRulesBot`'s move (no choice is left to chance)."""
        return self._rules.choose(game)

    def bid(self, bot: FamilyRulesBot, game: FamilyGame, moves: list[Move]) -> Move:
        """The rules bot's call in the bidding (``bot`` carries its settings, such as
        ``solo_thresholds``). Default, for a game without bidding: pass."""
        for m in moves:
            if _code(m) == "pass":
                return m
        return moves[0]

    def search(self, game: FamilyGame, bot: SamplingBot) -> FamilySearch | None:
        """A search for a card to play with a choice to make; bids, trump choices and
        discards are the rules bot's."""
        if game.phase is not FamilyPhase.PLAY:
            return None
        moves = game.legal_moves()
        if len(moves) == 1:
            return None
        confidence = getattr(bot, "confidence", 1.0)
        return FamilySearch(game, moves, bot.seed, confidence, self.trick_points)


class FamilyMonteCarloBot(SamplingBot):
    """Determinized Monte Carlo for the whist family's card play (see the module's
    docstring); bids, trump choices and discards are :class:`FamilyRulesBot`'s.

    ``samples`` caps the deals sampled per decision, ``time_limit`` (seconds, ``None``
    for none) cuts it short; with no sample done it plays the rules bot's card.  Every
    legal card is played out on the same samples, and the rules bot's card stands
    unless another does better by more than ``confidence`` standard errors of the paired
    differences (1 by default; 0 takes the best mean): with a few samples the means are
    noisy, and the rules bot is a sound default.  The same seed gives the same choices
    as long as the time limit does not cut in.

    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> g = WhistGame(seed=8)
    >>> bot = FamilyMonteCarloBot(seed=1, samples=4, time_limit=None)
    >>> bot(g) in g.legal_moves() and bot(g) == FamilyMonteCarloBot(1, 4, None)(g)
    True
    """

    def __init__(
        self, seed: int | None = None, samples: int = 64, time_limit: float | None = 0.5
    ) -> None:
        super().__init__(seed, samples, time_limit)
        self.rules = FamilyRulesBot(seed)
        #: The rules bot's card stands unless another card beats it by this many
        #: standard errors over the samples (0: always the best mean).
        self.confidence = 1.0

    def choose(self, game: FamilyGame) -> Move:
        """The card with the best average over sampled deals (else the rules bot's move)."""
        return bots_of(game).search_move(game, self)

    __call__ = choose
