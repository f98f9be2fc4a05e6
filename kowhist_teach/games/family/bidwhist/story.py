"""Bid whist's story: the family's, with bid whist's bids by name ("4 downtown")."""

from __future__ import annotations

from ....core.moves import Call
from ..story import FamilyStory
from .engine import bid_name

__all__ = ["BidWhistStory"]


class BidWhistStory(FamilyStory):
    """The story hook of bid whist."""

    def bid_words(self, move: Call) -> str:
        """A numbered bid by name.

        >>> BidWhistStory().call_label(Call('4L'))
        '4 downtown'
        """
        return bid_name(move)
