"""How Oh Hell tells its story (:mod:`kowhist_teach.core.hooks.story`): each deal with
its hand size, dealer and turned-up card; each bid, with what it means to its maker;
the bids once the last is made; each card and trick; a deal's end and the running
scores.  This is the omniscient story, for the stepper: every hand is named.

>>> from kowhist_teach.games.ohhell.engine import OhHellGame
>>> lines = OhHellStory().deal_lines(OhHellGame(players=4, seed=3))
>>> lines[0].startswith('Deal 1: 7 cards each; Player 1 deals'), lines[-1]
(True, 'Player 2 to bid.')
"""

from __future__ import annotations

from typing import Any

from ...core.hooks.story import DealBefore, DealStoryHook, Told, quoted_to, story_sentence
from ...i18n import _, ngettext
from .engine import OhHellGame, OhHellPhase
from .rules import bid_value

__all__ = ["OhHellStory", "bids_text"]


def bids_text(game: OhHellGame, log: Any) -> str:
    """Every bid of a deal and what they add up to, against the deal's tricks.

    >>> g = OhHellGame(players=3, seed=1)
    >>> for _i in range(3):
    ...     g.play(g.legal_moves()[0])
    >>> bids_text(g, g.log)
    'Bids: Player 2 0, Player 3 0, Player 1 0 (0 for 7 tricks).'
    """
    bids = ", ".join(f"{game.names[s]} {bid_value(m)}" for s, m in log.calls)
    total = sum(b for b in log.bids if b is not None)
    return story_sentence(
        ngettext(
            "Bids: {bids} ({total} for {h} trick)",
            "Bids: {bids} ({total} for {h} tricks)",
            log.hand_size,
        ).format(bids=bids, total=total, h=log.hand_size)
    )


class OhHellStory(DealStoryHook):
    """The story hook of Oh Hell: the story of every game played deal after deal
    (:class:`~kowhist_teach.core.hooks.story.DealStoryHook`), with its deals of a hand
    size and a turned-up card, and its bids."""

    # ------------------------------------------------------------ a deal
    def deal_text(self, game: OhHellGame) -> str:
        log = game.log
        if log is None:
            return ""
        text = ngettext(
            "Deal {n}: {h} card each; {name} deals",
            "Deal {n}: {h} cards each; {name} deals",
            log.hand_size,
        ).format(n=log.number, h=log.hand_size, name=game.names[log.dealer])
        if log.trump_card is not None:
            text += "; " + _("the turned-up card is {card}").format(card=log.trump_card.label)
            text += "; " + _("trumps: {suit}").format(suit=self.suit_name(log.trump_card.suit))
        else:
            text += "; " + _("no trumps")
        return story_sentence(text)

    def deal_lines(self, game: OhHellGame) -> list[str]:
        """The deal, then who bids first."""
        lines = [self.deal_text(game), self.turn_text(game)]
        return [line for line in lines if line]

    # ------------------------------------------------------------ telling a bid
    def tell_call(
        self, game: OhHellGame, before: DealBefore, seat: int, played: Any, note: Any
    ) -> list[Told]:
        log = before.log
        name = game.names[seat]
        told: list[Told] = [
            story_sentence(_("{name} bids {n}").format(name=name, n=bid_value(played)))
        ]
        if note is not None and note.reason:
            told.append(quoted_to(name, note.reason))
        if game.phase is OhHellPhase.PLAY and game.log is log:
            told.append(bids_text(game, log))
            told.append(self.turn_text(game))
        return told
