"""Solo whist's bots: the family's bots with solo whist's bidding (prop and cop, solo,
abundance, misère, slam), counted from the hand.

>>> from kowhist_teach.core.cards import parse_cards
>>> misere_hand(parse_cards('2S 4S 6S 3H 5H 2D 4D 7D 9D 3C 5C 8C 10C'))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ....core.moves import Move
from ..bots import FamilyBots, FamilyRulesBot, hand_tricks
from ..engine import FamilyGame
from ..seen import _code

__all__ = ["SoloBots", "misere_hand", "misere_risk"]


class SoloBots(FamilyBots):
    """The bots hook of solo whist (``spec("solo").bots``)."""

    def bid(self, bot: FamilyRulesBot, game: FamilyGame, moves: list[Move]) -> Move:
        """Count the hand's tricks (:func:`hand_tricks`) with the turned suit, the best
        suit and no trump, and call the highest contract ``bot.solo_thresholds``
        allow; misère on a hand of low cards; else pass."""
        view = game.view(game.to_move)
        hand = [int(c) for c in view.hand]
        codes = {_code(m): m for m in moves}
        tc = view.trump_card
        turned = int(tc.suit) if tc is not None else None
        t_turned = hand_tricks(hand, turned) if turned is not None else 0.0
        t_best = max(hand_tricks(hand, s) for s in range(4))
        t_none = hand_tricks(hand, None)
        th = bot.solo_thresholds
        low = misere_hand(hand)
        wants: list[tuple[str, bool]] = [
            ("slam", t_none >= 12.5),  # a slam is played at no trump
            ("misere-ouverte", misere_hand(hand, strict=True)),
            ("royal-abundance", t_turned >= th["abundance"]),
            ("abundance", t_best >= th["abundance"]),
            ("misere", low),
            ("solo", t_turned >= th["solo"]),
            ("cop", t_turned >= th["cop"]),
            ("prop", t_turned >= th["prop"]),
        ]
        for code, ok in wants:
            if ok and code in codes:
                return codes[code]
        if "pass" in codes:
            return codes["pass"]
        return moves[0]


def misere_hand(cards: Sequence[int], strict: bool = False) -> bool:
    """Whether a hand is low enough for misère.

    Each card risks a trick by how far it stands above a safe ladder: in every suit the
    ``i``-th lowest card (from 0) is safe up to rank index ``2i + 2`` (a two is 0), so
    4-6-8 is safe and so is a long suit climbing by twos.  A misère needs a total risk of
    at most 2 (about two in three such hands made in play between the rules bots); an
    open misère (``strict``), whose hand the opponents see, a ladder one rank lower and
    no risk at all.

    >>> from kowhist_teach.core.cards import parse_cards
    >>> misere_hand(parse_cards('2S 4S 6S 3H 5H 2D 4D 7D 9D 3C 5C 8C 10C'))
    True
    >>> misere_hand(parse_cards('2S 4S AS 3H 5H 2D 4D 7D 9D 3C 5C 8C 10C'))
    False
    """
    return misere_risk(cards, 1 if strict else 2) <= (0 if strict else 2)


def misere_risk(cards: Sequence[int], ladder: int = 2) -> int:
    """How far a hand's cards stand above the safe misère ladder (see
    :func:`misere_hand`); 0 is a perfect misère hand.

    >>> from kowhist_teach.core.cards import parse_cards
    >>> misere_risk(parse_cards('2S 4S 6S 3H 5H 2D 4D 7D 9D 3C 5C 8C 10C'))
    0
    >>> misere_risk(parse_cards('AS 2H'))
    10
    """
    total = 0
    for s in range(4):
        ranks = sorted(c % 13 for c in cards if c < 52 and c // 13 == s)
        for i, r in enumerate(ranks):
            total += max(0, r - (2 * i + ladder))
    return total
