"""Spades' rule options, its bids and the score of one side for one deal
(docs/rules.md, "Spades"; the game itself is :mod:`kowhist_teach.games.spades.engine`).

Three options read a point where OpenSpiel's ``spades`` departs from the standard game
(docs/rules.md): each is ``"standard"`` by default and ``"openspiel"`` for its reading.

>>> SpadesRules().target, SpadesRules().mercy
(500, -350)
>>> side_score([4, 3], [5, 3], 0).points, side_score([4, 3], [5, 3], 0).bags
(71, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ...core.bids import BIDS, MAX_BID, bid_call, bid_value
from ...core.game import RuleOptions
from ...core.moves import SetupError
from ...i18n import _

__all__ = [
    "SpadesRules",
    "READINGS",
    "MAX_BID",
    "NIL_BONUS",
    "BAG_LIMIT",
    "BAG_PENALTY",
    "BIDS",
    "bid_call",
    "bid_value",
    "bags_of",
    "SideScore",
    "side_score",
]

#: The two readings of a point where OpenSpiel departs from the standard rules.
READINGS = ("standard", "openspiel")
# The bids are core's (core/bids.py): ``"0"`` (nil here) … ``"13"``; MAX_BID, every
# trick of the deal, is also the most two partners bid together.
#: What a nil bid made (no trick taken) wins, and a nil bid failed loses.
NIL_BONUS = 100
#: Every ``BAG_LIMIT`` overtricks (bags) a side has collected cost it ``BAG_PENALTY``.
BAG_LIMIT = 10
BAG_PENALTY = 100


def _c_remainder(score: int, by: int) -> int:
    """``score % by`` as C++ computes it: the sign of ``score`` (``-43 → -3``)."""
    rest = abs(score) % by
    return -rest if score < 0 else rest


def bags_of(score: int, reading: str = "standard") -> int:
    """The bags a side holds with this total: its overtricks since its last penalty.

    Every part of a score but the overtricks is a multiple of 10, so the bags are the
    score's last digit. ``"standard"`` reads it as counted up from the tens below
    (``-97`` holds 3 bags); ``"openspiel"`` as C++'s ``%`` does, with the score's sign
    (``-97`` holds -7, and 17 more overtricks make no penalty).

    >>> bags_of(43), bags_of(-97), bags_of(-97, 'openspiel')
    (3, 3, -7)
    """
    if reading == "openspiel":
        return _c_remainder(score, BAG_LIMIT)
    return score % BAG_LIMIT


class SideScore(NamedTuple):
    """What one side scored for a deal, and why: ``contract`` (the partners' bids
    together, a nil counting 0), ``took`` (their tricks together), ``made``,
    ``overtricks`` (bags: tricks above the contract when made), ``nils`` (each nil
    bidder's seat index in the side, 0 or 1, with ``True`` for a nil made),
    ``penalty`` (the bags' penalty, 0 or negative), ``points`` (the deal's total) and
    ``bags`` (the side's bags after it)."""

    contract: int
    took: int
    made: bool
    overtricks: int
    nils: tuple[tuple[int, bool], ...]
    penalty: int
    points: int
    bags: int


def side_score(
    bids: list[int] | tuple[int, int],
    took: list[int] | tuple[int, int],
    score: int,
    reading: str = "standard",
) -> SideScore:
    """One side's score for a deal: ``bids`` and ``took`` are its two players' (``0``
    bids nil), ``score`` its total before the deal, ``reading`` the bags' rule.

    A nil bidder who takes no trick wins 100 for the side, else loses 100 (their tricks
    still count for the partner's contract). The contract made scores 10 a trick bid
    and 1 a trick over (a bag); every 10 bags collected cost 100. A contract not made
    loses 10 a trick bid.

    >>> s = side_score([0, 4], [1, 5], 0)
    >>> s.points, s.made, s.overtricks, s.nils
    (-58, True, 2, ((0, False),))
    >>> side_score([5, 4], [3, 4], 0).points
    -90
    >>> side_score([2, 2], [5, 3], 36).penalty, side_score([2, 2], [5, 3], 36).bags
    (-100, 0)
    """
    contract = bids[0] + bids[1]
    total = took[0] + took[1]
    nils = tuple((i, took[i] == 0) for i in (0, 1) if bids[i] == 0)
    points = sum(NIL_BONUS if made else -NIL_BONUS for _i, made in nils)
    made = total >= contract
    overtricks = penalty = 0
    if made:
        overtricks = total - contract
        held = bags_of(score, reading) + overtricks
        # C++'s division truncates too; held is never below -9, so // would agree
        # but for the sign of zero: int() says it as OpenSpiel does.
        penalty = -BAG_PENALTY * int(held / BAG_LIMIT)
        points += 10 * contract + overtricks + penalty
    else:
        points -= 10 * contract
    return SideScore(
        contract, total, made, overtricks, nils, penalty, points, bags_of(score + points, reading)
    )


@dataclass(frozen=True)
class SpadesRules(RuleOptions):
    """The options of Spades; ``SpadesRules()`` is the standard game (docs/rules.md).

    >>> SpadesRules(target=300, bags='openspiel').to_dict()
    {'target': 300, 'bags': 'openspiel'}
    >>> SpadesRules(spade_lead='sometimes')
    Traceback (most recent call last):
    ...
    kowhist_teach.core.errors.SetupError: rule option spade_lead must be one of standard, \
openspiel, not 'sometimes'
    """

    #: The total a side must reach to win the game.
    target: int = 500
    #: A side whose total falls to this loses the game (the mercy rule); ``None``: off.
    mercy: int | None = -350
    #: When a spade may be led: ``"standard"``, once spades are broken (a spade has
    #: been played in the deal) or the leader holds nothing else; ``"openspiel"``, only
    #: from a hand of nothing but spades (OpenSpiel's flag is never set).
    spade_lead: str = "standard"
    #: How the bags are read from a total (:func:`bags_of`): ``"standard"``, counted up
    #: from the tens below; ``"openspiel"``, C++'s remainder, negative below zero.
    bags: str = "standard"
    #: When the game ends: ``"standard"``, once a side's total reaches ``target`` or
    #: falls to ``mercy`` (the higher total wins; level totals play on);
    #: ``"openspiel"``, once one deal's score does (OpenSpiel reads the deal's score).
    game_end: str = "standard"

    def __post_init__(self) -> None:
        self._check_whole("target", 10, 10000)
        if self.mercy is not None:
            self._check_whole("mercy", -10000, -10)
        for name in ("spade_lead", "bags", "game_end"):
            if getattr(self, name) not in READINGS:
                raise SetupError(
                    _("rule option {name} must be one of {allowed}, not {value!r}").format(
                        name=name, allowed=", ".join(READINGS), value=getattr(self, name)
                    )
                )

    def _check_whole(self, name: str, low: int, high: int) -> None:
        value: Any = getattr(self, name)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise SetupError(
                _(
                    "rule option {name} must be a whole number from {low} to {high}, not {value!r}"
                ).format(name=name, low=low, high=high, value=value)
            )
