"""Partnership whist's bots: the family's bots (no bidding); a sampled deal is scored
in tricks and odd tricks."""

from __future__ import annotations

from ..bots import FamilyBots

__all__ = ["WhistBots"]


class WhistBots(FamilyBots):
    """The bots hook of partnership whist (``spec("whist").bots``)."""

    trick_points = True
