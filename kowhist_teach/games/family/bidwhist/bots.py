"""Bid whist's bots: the family's bots with bid whist's bidding (uptown, downtown, no
trump), counted from the hand and a partner's bid.

>>> bidwhist_max_level(4, 'U')
4
"""

from __future__ import annotations

from collections.abc import Sequence

from ....core.moves import Move
from ..bots import FamilyBots, FamilyRulesBot, hand_tricks
from ..engine import SEATS, FamilyGame
from ..seen import _code

__all__ = ["BidWhistBots", "bidwhist_max_level"]


class BidWhistBots(FamilyBots):
    """The bots hook of bid whist (``spec("bidwhist").bots``)."""

    def bid(self, bot: FamilyRulesBot, game: FamilyGame, moves: list[Move]) -> Move:
        """Likely books for uptown, downtown and no trump (jokers count in a trump
        suit), plus a partner's share: the strongest kind, at the cheapest level that
        beats the bid so far (or the most it is worth, ``bot.bidwhist_style == "max"``)."""
        me = game.to_move
        view = game.view(me)
        hand = [int(c) for c in view.hand]
        estimates = _bidwhist_estimates(hand)
        # A partner who bid holds strength.
        partner_bid = any(
            s == (me + 2) % SEATS and not getattr(m, "is_pass", False) for s, m in view.calls
        )
        bonus = 1.0 if partner_bid else 0.0
        most = {k: bidwhist_max_level(v + bonus, k) for k, v in estimates.items()}
        forced = not any(getattr(m, "is_pass", False) for m in moves)
        best: tuple[tuple[float, ...], Move] | None = None
        for m in moves:
            parsed = _parse_bid(_code(m))
            if parsed is None:
                continue
            level, kind = parsed
            if level > most[kind] and not forced:
                continue
            # The strongest kind first; then the cheapest bid (or, bidding "max", the
            # highest the hand is worth) — there is one chance to speak.
            cheap = -level if bot.bidwhist_style == "cheapest" else level
            key = (most[kind], estimates[kind], cheap)
            if best is None or key > best[0]:
                best = (key, m)
        if best is not None:
            return best[1]
        for m in moves:
            if getattr(m, "is_pass", False):
                return m
        return moves[0]


# ------------------------------------------------------------- bid whist helpers
def _parse_bid(code: str | None) -> tuple[int, str] | None:
    """``'4L'`` -> (4, 'L'); ``'5NT'`` -> (5, 'NT'); ``'3'`` -> (3, 'U'); else ``None``."""
    if not code:
        return None
    text = code.upper()
    for suffix, kind in (("NT", "NT"), ("L", "L")):
        if text.endswith(suffix) and text[: -len(suffix)].isdigit():
            return int(text[: -len(suffix)]), kind
    if text.isdigit():
        return int(text), "U"
    return None


def _bidwhist_estimates(hand: Sequence[int]) -> dict[str, float]:
    """Likely tricks (for the declarer's own hand) of each kind of bid whist contract."""
    up = max(hand_tricks(hand, s, jokers=True) for s in range(4))
    down = max(hand_tricks(hand, s, low=True, jokers=True) for s in range(4))
    nt = max(hand_tricks(hand, None), hand_tricks(hand, None, low=True))
    # No trump is riskier: a long suit of the opponents' runs; jokers are worth nothing.
    return {"U": up, "L": down, "NT": nt - 0.5}


def bidwhist_max_level(estimate: float, kind: str) -> int:
    """The highest bid whist level (books over six) to bid on a hand whose own likely
    tricks are ``estimate`` (:func:`hand_tricks`) for a kind of contract (``"U"``
    uptown, ``"L"`` downtown, ``"NT"``); 0: pass.

    Measured between the rules bots: with the kitty and a partner's share the declaring
    side makes nine books about half the time from an estimate of 2, ten from 4, eleven
    from 6.5; no trump needs two tricks more (and doubles the loss).

    >>> [bidwhist_max_level(e, 'U') for e in (1, 2, 4, 6.5, 12)]
    [0, 3, 4, 5, 7]
    >>> bidwhist_max_level(4, 'NT')
    3
    """
    if kind == "NT":
        estimate -= 2.0
    return (
        sum(1 for need in (2.0, 4.0, 6.5, 8.0, 9.5) if estimate >= need) + 2
        if estimate >= 2.0
        else 0
    )
