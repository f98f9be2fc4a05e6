"""The whist family rules bot's card play: one decision of
:class:`~kowhist_teach.games.family.bots.FamilyRulesBot` (second hand low, third hand
high, cash what holds, draw trumps, return a partner's suit, misère play)."""

from __future__ import annotations

from .engine import SEATS, FamilyGame
from .seen import _MISERE_DECLARER, _MISERE_DEFENDER, _bits, _goal, _Seen, _teams

# Chances (that a card keeps the trick against the opponents still to play) the card
# play acts on; tuned in self-play between variants of the rules bot (whist deals
# played twice with the seats swapped).
_P_CASH = 0.3  # lead a card no card out can beat unless a ruff is likelier than this
_P_SAFE = 0.6  # a partner's winning card this safe is not overtaken
_P_WIN = 0.5  # play to win (second or third hand) with a card this safe
_P_RUFF = 0.6  # trump in with the cheapest trump this safe
_HONOUR_KEY = 9  # a card this high in its suit (a jack of 2…A) or higher is an honour


class _CardPlayer:
    """One card decision of the rules bot."""

    def __init__(self, game: FamilyGame, seen: _Seen, legal: int) -> None:
        self.game = game
        self.seen = seen
        self.o = seen.order
        self.legal = legal
        self.me = me = seen.me
        teams = _teams(game)
        self.team = teams[me]
        self.goal = _goal(game, me)
        trick = game.trick
        self.plays = [(s, int(c)) for s, c in trick.plays]
        led = game._led_suit(trick) if self.plays else None
        self.led = -1 if led is None else int(led)
        self.best = -1 if trick.winning_card is None else int(trick.winning_card)
        self.winner = trick.winner
        n_after = SEATS - len(self.plays) - 1
        self.later = [(me + i) % SEATS for i in range(1, n_after + 1)]
        self.later_opps = [s for s in self.later if s not in self.team]
        self.later_mates = [s for s in self.later if s in self.team]
        self.opps = [s for s in range(SEATS) if s not in self.team]
        self.tricks_left = seen.hand.bit_count()

    def choose(self) -> int:
        if self.goal == _MISERE_DECLARER:
            return self._misere_declarer()
        if self.goal == _MISERE_DEFENDER:
            return self._misere_defender()
        if not self.plays or self.led < 0:
            # Leading — or playing after a joker led at no trump: our card sets the suit.
            return self._lead()
        return self._follow()

    # ------------------------------------------------------------- helpers
    def _trumps(self, mask: int) -> int:
        t = self.o.trump
        return mask & self.o.gmask[t] if t >= 0 else 0

    def _master(self, card: int) -> bool:
        return not self.seen.pool & self.o.higher[card]

    def _bottom_of_top(self, mask: int) -> int:
        """The cheapest card equal to the highest of ``mask``: down a run of our cards
        with no card in between that another seat may hold (K from K Q: the queen)."""
        o = self.o
        card = o.highest(mask)
        pool = self.seen.pool
        while True:
            below = mask & o.lower[card]
            if not below:
                return card
            nxt = o.highest(below)
            between = o.higher[nxt] & o.lower[card]
            if between & pool:
                return card
            card = nxt

    def _top_of_sequence(self, mask: int) -> int:
        """The card to lead from a suit: the top of a run headed by a card at most one
        outstanding card from the top (K Q …), else the lowest card."""
        o = self.o
        top = o.highest(mask)
        if self.seen.outstanding_above(top) <= 1:
            below = mask & o.lower[top]
            if below:
                nxt = o.highest(below)
                if not (o.higher[nxt] & o.lower[top] & self.seen.pool):
                    return top
        return o.lowest(mask)

    def _low(self) -> int:
        """Play low: the lowest card of the led suit, or a discard."""
        legal = self.legal
        if self.led >= 0 and legal & self.o.gmask[self.led]:
            return self.o.lowest(legal & self.o.gmask[self.led])
        return self._discard_card(legal)

    def _discard_card(self, legal: int) -> int:
        """The lowest card of the weakest suit; never a trump while another card will do.
        Ties go to the shorter suit (a void to trump into)."""
        o = self.o
        side = legal & ~self._trumps(legal) or legal
        hand = self.seen.hand
        best_key: tuple[float, int, int] | None = None
        best_card = -1
        for g in (0, 1, 2, 3, 4):
            cards = side & o.gmask[g]
            if not cards:
                continue
            value = 0.0
            for c in _bits(hand & o.gmask[g]):
                above = self.seen.outstanding_above(c)
                value += max(0, 3 - above)
            if g == 4:
                value = -1.0  # cards of no suit (no-trump jokers) never win: shed them
            low = o.lowest(cards)
            key = (value, (hand & o.gmask[g]).bit_count(), o.key[low])
            if best_key is None or key < best_key:
                best_key, best_card = key, low
        return best_card

    # ------------------------------------------------------------- leading
    def _lead(self) -> int:
        o, seen = self.o, self.seen
        legal = self.legal
        t = o.trump
        trumps = self._trumps(legal)
        opps = self.opps
        opp_trumps = any(seen.poss[s] & o.gmask[t] for s in opps) if t >= 0 else False
        side = legal & ~trumps
        # 1. Draw trumps with a long or commanding trump holding.
        if trumps and opp_trumps and self._draw_trumps(trumps):
            top = o.highest(trumps)
            if self._master(top):
                return top
            return self._top_of_sequence(trumps)
        # 2. A side card that will hold (no card out beats it; a ruff is unlikely): cash
        #    it, from the suit the others hold most of.
        best: tuple[float, int] | None = None
        for g in range(5):
            cards = side & o.gmask[g]
            if not cards:
                continue
            top = o.highest(cards)
            if not self._master(top):
                continue
            p = seen.p_hold(top, g, opps)
            if p >= _P_CASH:
                score = p + 0.01 * (seen.pool & o.gmask[g]).bit_count()
                if best is None or score > best[0]:
                    best = (score, top)
        if best is not None:
            return best[1]
        # 3. Return a partner's suit — one they led low from length (an honour led was a
        #    trick cashed, not a suit to return).
        log = self.game.log
        for trick in log.tricks[:-1]:
            if trick.leader in self.team and trick.leader != self.me and trick.plays:
                g = o.group[int(trick.plays[0][1])]
                if o.key[int(trick.plays[0][1])] >= _HONOUR_KEY:
                    continue
                cards = side & o.gmask[g]
                if cards and g != t:
                    n = (seen.hand & o.gmask[g]).bit_count()
                    return o.highest(cards) if n <= 2 else self._top_of_sequence(cards)
        # 4. A singleton (to trump the suit later) or the longest side suit, avoiding
        #    one an opponent will trump.
        if side:
            choices = []
            for g in range(5):
                cards = side & o.gmask[g]
                if not cards or (g == 4 and side & ~o.gmask[4]):
                    continue  # a joker at no trump is led only when nothing else is left
                ruff = 0.0
                if t >= 0 and g != t:
                    for s in opps:
                        if seen.poss[s] & o.gmask[t]:
                            p_void = seen.p_none(s, seen.pool & o.gmask[g])
                            ruff = max(ruff, p_void)
                strength = sum(max(0, 3 - seen.outstanding_above(c)) for c in _bits(cards))
                length = (seen.hand & o.gmask[g]).bit_count()
                short = length == 1 and bool(trumps) and strength == 0 and g != t
                choices.append((ruff > 0.5, not short, -length, -strength, g))
            g = min(choices)[-1]
            return self._top_of_sequence(side & o.gmask[g])
        return self._top_of_sequence(trumps or legal)

    def _draw_trumps(self, trumps: int) -> bool:
        """Lead trumps with five or more, or as the declaring side holding the top
        trump and at least as many trumps as the opponents may have."""
        n = trumps.bit_count()
        if n >= 5:
            return True
        outstanding = (self.seen.pool & self.o.gmask[self.o.trump]).bit_count()
        declaring = self.game.log.declarer in self.team
        if declaring and n >= 3 and self._master(self.o.highest(trumps)):
            return True
        return n >= 3 and n > outstanding

    # ------------------------------------------------------------- following
    def _follow(self) -> int:
        o, seen = self.o, self.seen
        legal, best, led = self.legal, self.best, self.led
        wins = o.winners(legal, best)
        if self.winner in self.team:
            # Our side is winning: don't overtake unless its card is in danger and ours
            # would clearly hold better.
            p = seen.p_hold(best, led, self.later_opps) if self.later_opps else 1.0
            if p >= _P_SAFE or not wins:
                return self._low()
            for c in sorted(_bits(wins), key=lambda c: (o.group[c] == o.trump, o.key[c])):
                if seen.p_hold(c, led, self.later_opps) >= max(0.8, p + 0.3):
                    return c
            return self._low()
        if not wins:
            return self._low()
        suited = wins & o.gmask[led] if led >= 0 else 0
        if not self.later_opps:
            # Last of the opponents' side to play: win as cheaply as possible.
            return o.lowest(suited) if suited else o.lowest(wins)
        if suited:
            holding = [
                c
                for c in sorted(_bits(suited), key=o.key.__getitem__)
                if seen.p_hold(c, led, self.later_opps) >= _P_WIN
            ]
            if len(self.plays) == 1 and self.later_mates:
                # Second hand low — unless covering an honour, or late in the deal,
                # with a card that will hold.
                honour = seen.outstanding_above(best) + (seen.hand & o.higher[best]).bit_count()
                if holding and (honour <= 3 or self.tricks_left <= 3):
                    return holding[0]
                return self._low()
            if holding:
                return holding[0]
            # Third hand high: force out their higher card with the bottom of our top run.
            return self._bottom_of_top(suited)
        # Void in the led suit and an opponent is winning: trump in, as cheaply as will hold.
        ruffs = sorted(_bits(wins), key=o.key.__getitem__)
        for c in ruffs:
            if seen.p_hold(c, led, self.later_opps) >= _P_RUFF:
                return c
        if self.later_mates and len(self.plays) == 1:
            # Second hand, no ruff that will hold: keep the trump, the partner plays
            # after us (measured: better than trumping in here).
            return self._low()
        return ruffs[0]

    # ------------------------------------------------------------- misère
    def _misere_declarer(self) -> int:
        """Lose every trick: the highest card that still loses; lead where the others
        must go over us."""
        o, seen, legal = self.o, self.seen, self.legal
        if not self.plays:
            best: tuple[tuple[int, int, int], int] | None = None
            for g in range(5):
                cards = legal & o.gmask[g]
                if not cards:
                    continue
                c = o.lowest(cards)
                out = seen.pool & o.gmask[g]
                below = (out & o.lower[c]).bit_count()
                # A suit nobody else holds is won by its leader: lead it last.
                key = (0 if out else 1, below, -out.bit_count())
                if best is None or key < best[0]:
                    best = (key, c)
            return best[1]  # type: ignore[index]
        wins = o.winners(legal, self.best)
        under = legal & ~wins
        if under:
            return self._most_dangerous(under)
        if self.later:
            return o.lowest(legal)  # a later card may still go over it
        return o.highest(legal)  # the trick is ours anyway: shed the highest card

    def _most_dangerous(self, cards: int) -> int:
        """The card most likely to win a trick later (the fewest cards out above it)."""
        o, seen = self.o, self.seen
        return min(
            _bits(cards),
            key=lambda c: (seen.outstanding_above(c), -(seen.pool & o.lower[c]).bit_count(), c),
        )

    def _misere_defender(self) -> int:
        """Make the declarer win a trick: lead low into them, play under their card,
        shed high cards when the declarer is already beaten."""
        o, seen, legal = self.o, self.seen, self.legal
        declarer = self.game.log.declarer
        if not self.plays:
            poss = seen.poss[declarer]
            best: tuple[tuple[int, int], int] | None = None
            for g in range(5):
                cards = legal & o.gmask[g]
                if not cards or not poss & o.gmask[g]:
                    continue
                c = o.lowest(cards)
                below = (poss & o.lower[c]).bit_count()  # the declarer's ways to duck
                key = (below, o.key[c])
                if best is None or key < best[0]:
                    best = (key, c)
            if best is not None:
                return best[1]
            return o.lowest(legal)
        played = {s for s, _c in self.plays}
        wins = o.winners(legal, self.best)
        under = legal & ~wins
        if declarer in played:
            if self.winner == declarer and under:
                return self._shed(under)  # keep the declarer on top
            return self._shed(legal)  # the declarer is beaten anyway: shed a high card
        # The declarer plays later: keep the card to beat as low as possible.
        if under:
            return self._shed(under)
        return o.lowest(legal)

    def _shed(self, cards: int) -> int:
        """The highest card (within the led suit if we follow): a misère defender keeps
        low cards to lead later."""
        o = self.o
        if self.led >= 0 and cards & o.gmask[self.led]:
            return o.highest(cards & o.gmask[self.led])
        return self._most_dangerous(cards)
