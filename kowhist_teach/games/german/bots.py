"""How German Whist's bots decide: the bots hook of the game.

* **Rules of thumb** (:meth:`GermanBots.rules_move`): in phase 1 fight for a good
  face-up card (a trump, a high card, a card that lengthens its long suit) and lose on
  purpose with its lowest card under a weak one; in phase 2 lead long suits to draw
  trumps, keep the top trumps for the end.
* **Monte Carlo** (:meth:`GermanBots.search_move`): in phase 1 the stock is unseen and
  the rules bot plays; in phase 2 both hands are known (the stock is empty), so it
  solves exactly with the :class:`~kowhist_teach.core.trick_solver.TrickSolver`,
  keeping the solver's table from move to move in the bot's memory.
* **Analysis** (:meth:`GermanBots.analyse`): phase 2 only — in phase 1 "every card
  visible" would mean knowing the order of the stock, which no player can.

>>> from kowhist_teach import GermanGame
>>> import random
>>> game = GermanGame(seed=2)
>>> GermanBots().rules_move(game, random.Random(1)) in game.legal_moves()
True
"""

from __future__ import annotations

import random
import time
from typing import Any

from ...core.cards import ALL_CARDS, FULL_DECK, SUIT_MASK
from ...core.hooks.bots import RANK_OF as _RANK_OF
from ...core.hooks.bots import SUIT_OF as _SUIT_OF
from ...core.hooks.bots import BotHooks, SamplingBot
from ...core.hooks.bots import low as _low
from ...core.hooks.bots import lowest_in as _lowest_in
from ...core.hooks.bots import mask as _mask
from ...core.hooks.bots import masters as _masters
from ...core.hooks.bots import winners as _winners
from ...core.moves import Move
from ...core.trick_solver import AnalysisTimeout, MoveAnalysis, TrickSolver, equivalent_cards
from .engine import GermanGame, GermanPhase

__all__ = ["GermanBots"]

_clock = time.perf_counter


def _german_played(game: GermanGame) -> int:
    played = 0
    for trick in game.tricks:
        for _seat, card in trick.plays:
            played |= 1 << card
    return played


class GermanBots(BotHooks):
    """The bots hook of German Whist (``spec("german").bots``)."""

    def rules_move(self, game: GermanGame, rng: random.Random) -> Move:
        """Rules of thumb (see the module's docstring); no choice is left to chance."""
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

    # --------------------------------------------------------------- Monte Carlo
    def search_move(self, game: GermanGame, bot: SamplingBot) -> Move:
        """Phase 2 (every card known): the exact best move, found by null-window tests
        in the rules bot's order of preference; elsewhere the rules bot's move."""
        start = _clock()
        limit = bot.time_limit
        deadline = start + limit - 0.02 if limit is not None else float("inf")
        bot.last_samples = 0
        bot.last_timed_out = False
        moves = game.legal_moves()
        rules_move = bot.rules.choose(game)
        if game.phase is not GermanPhase.PLAY2 or len(moves) == 1:
            return rules_move
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
        solver = _german_solver(bot.memory, game, me, hands, trump)
        solver.give_up_at = deadline
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
                    bot.last_samples = 1
                    return move
        except AnalysisTimeout:
            # The bounds stored so far are still true (the hands are reset on the next
            # call), so the next move starts from them: the search resumes, in effect.
            bot.last_timed_out = True
            return rules_move
        return rules_move  # not reached: some move always reaches the best value

    # ------------------------------------------------------------------ analysis
    def analyse(self, game: GermanGame, seat: int, give_up_at: float) -> list[MoveAnalysis]:
        """Phase 2 only: every legal card with the tricks it guarantees; ``survives``
        means winning the hand."""
        if game.phase is not GermanPhase.PLAY2:
            return []
        me = game.to_move
        trump = -1 if game.trump is None else int(game.trump)
        solver = TrickSolver(list(game.hands), trump, {me})
        solver.give_up_at = give_up_at
        trick = game.trick
        order = [trick.leader, 1 - trick.leader]
        pos = len(trick.plays)
        done = sum(game.tricks_won) - sum(game.phase1_tricks)
        tricks = 13 - done
        counted = game.counted_tricks[me]
        need = 14 if game.rules.scoring == "all26" else 7
        solver.guess = tricks // 2  # the first move's null-window tests start mid-way
        out = []
        live = game.hands[0] | game.hands[1]
        for _s, c in trick.plays:
            live |= 1 << c
        same = equivalent_cards(game.hands[me], live)
        found: dict[int, int] = {}
        for move in game.legal_moves():
            rep = same[move]
            if rep in found:  # a card of the same run: the same value
                v = found[rep]
                out.append(MoveAnalysis(move, v, counted + v >= need))
                continue
            plays = [(s, int(c)) for s, c in trick.plays] + [(me, int(move))]
            solver.hands[me] ^= 1 << move
            v = found[rep] = solver.value_mid_trick(order, pos + 1, plays, tricks)
            solver.hands[me] ^= 1 << move
            out.append(MoveAnalysis(move, v, counted + v >= need))
            solver.guess = v  # the next move is often worth the same
        return out


def _german_solver(
    memory: dict[str, Any], game: GermanGame, me: int, hands: list[int], trump: int
) -> TrickSolver:
    # The solver's table holds facts about positions (whose hands, who leads), valid
    # for the rest of the hand (and for its clones): keep it from move to move.
    key = (tuple(game.dealt_stock), me, trump)
    cache = memory.get("german")
    if cache is not None and cache[0] == key and len(cache[1].table) < 2e6:
        solver = cache[1]
        solver.hands[:] = hands
        return solver
    solver = TrickSolver(hands, trump, {me})
    memory["german"] = (key, solver)
    return solver


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
