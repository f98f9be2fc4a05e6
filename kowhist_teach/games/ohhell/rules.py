"""Oh Hell's rule options, its bids and its score for one deal (RULES.md §5; the game
itself is :mod:`kowhist_teach.games.ohhell.engine`).

>>> OhHellRules().hand_sizes
(7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
>>> [bid_value(b) for b in BIDS[:3]], deal_points(2, 2), deal_points(2, 2, 'openspiel')
([0, 1, 2], 12, 12)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.bids import BIDS, MAX_BID, bid_call, bid_value
from ...core.game import RuleOptions
from ...core.moves import SetupError
from ...i18n import _

__all__ = [
    "OhHellRules",
    "SCORINGS",
    "MAX_HAND",
    "EXACT_BONUS",
    "BIDS",
    "bid_call",
    "bid_value",
    "deal_points",
]

#: The most cards in a hand (bids are ``"0"`` … ``"13"`` in a record: core's bids).
MAX_HAND = MAX_BID
#: The scoring schemes: Pagat's (10 + bid for an exact bid) and OpenSpiel's.
SCORINGS = ("pagat", "openspiel")
#: The bonus for an exact bid, in both schemes.
EXACT_BONUS = 10

_DEFAULT_SIZES = (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)


def deal_points(bid: int, tricks: int, scoring: str = "pagat") -> int:
    """What one player scores for a deal in which they bid ``bid`` and took ``tricks``.

    >>> deal_points(2, 2), deal_points(0, 0), deal_points(2, 3)
    (12, 10, 0)
    >>> deal_points(2, 2, 'openspiel'), deal_points(2, 3, 'openspiel')
    (12, 3)
    """
    exact = bid == tricks
    if scoring == "openspiel":
        return tricks + (EXACT_BONUS if exact else 0)
    return EXACT_BONUS + bid if exact else 0


@dataclass(frozen=True)
class OhHellRules(RuleOptions):
    """The options of Oh Hell; ``OhHellRules()`` is Pagat's game of RULES.md §5.

    >>> OhHellRules(hand_sizes=[3, 2, 1], scoring='openspiel').to_dict()
    {'hand_sizes': [3, 2, 1], 'scoring': 'openspiel'}
    >>> OhHellRules.from_dict({'hook': False}).hook
    False
    >>> OhHellRules(scoring='bridge')
    Traceback (most recent call last):
    ...
    kowhist_teach.core.errors.SetupError: rule option scoring must be one of pagat, openspiel, \
not 'bridge'
    """

    #: Cards dealt to each player in each deal, in order (one deal per entry).
    hand_sizes: tuple[int, ...] = _DEFAULT_SIZES
    #: The dealer may not bid so that the bids add up to the number of tricks.
    hook: bool = True
    #: ``"pagat"``: 10 + bid for an exact bid, else 0; ``"openspiel"``: tricks taken
    #: + 10 for an exact bid.
    scoring: str = "pagat"

    def __post_init__(self) -> None:
        sizes = self.hand_sizes
        if isinstance(sizes, (list, tuple)):
            object.__setattr__(self, "hand_sizes", tuple(sizes))
        sizes = self.hand_sizes
        if not isinstance(sizes, tuple) or not 1 <= len(sizes) <= 100:
            raise SetupError(
                _(
                    "rule option hand_sizes must be a list of 1 to 100 hand sizes, not {value!r}"
                ).format(value=sizes)
            )
        for size in sizes:
            if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= MAX_HAND:
                raise SetupError(
                    _(
                        "rule option {name} must be a whole number from {low} to {high}, "
                        "not {value!r}"
                    ).format(name="hand_sizes", low=1, high=MAX_HAND, value=size)
                )
        self._check_bool("hook")
        if self.scoring not in SCORINGS:
            raise SetupError(
                _("rule option {name} must be one of {allowed}, not {value!r}").format(
                    name="scoring", allowed=", ".join(SCORINGS), value=self.scoring
                )
            )

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (``hand_sizes`` as a JSON list)."""
        out = super().to_dict()
        if "hand_sizes" in out:
            out["hand_sizes"] = list(out["hand_sizes"])
        return out
