"""Solo whist's table picture: the family's, with the bids named (prop, cop, solo …)."""

from __future__ import annotations

from ....core.moves import Call
from ..picture import FamilyPicture
from .engine import bid_name

__all__ = ["SoloPicture"]


class SoloPicture(FamilyPicture):
    """The picture hook of solo whist."""

    def call_words(self, call: Call) -> str:
        if call.is_pass or call.suit is not None:
            return super().call_words(call)
        return bid_name(call)
