"""How Spades tells its story (:mod:`kowhist_teach.core.hooks.story`): each deal and
its dealer, each bid with what it means to its maker, the sides' contracts once the
last bid is made, each card and trick, a deal's end and the running scores by side.

>>> from kowhist_teach.games.spades.engine import SpadesGame
>>> lines = SpadesStory().deal_lines(SpadesGame(seed=3))
>>> lines
['Deal 1: Player 1 deals; spades are trumps.', 'Player 2 to bid.']
"""

from __future__ import annotations

from typing import Any

from ...core.hooks.story import DealBefore, DealStoryHook, Told, quoted_to, story_sentence
from ...i18n import _
from .engine import SIDES, SpadesGame, SpadesPhase
from .rules import bid_value

__all__ = ["SpadesStory", "bid_words", "contracts_text"]


def bid_words(bid: int) -> str:
    """A bid in words: "nil", or its number of tricks.

    >>> bid_words(0), bid_words(4)
    ('nil', '4')
    """
    return _("nil") if bid == 0 else str(bid)


def contracts_text(game: SpadesGame, log: Any) -> str:
    """The sides' contracts, their bids together, once every bid is made.

    >>> g = SpadesGame(seed=1)
    >>> for bid in ['3', '0', '4', '2']:
    ...     g.play(bid)
    >>> contracts_text(g, g.log)
    'Contracts: Player 1 and Player 3 2, Player 2 and Player 4 7.'
    """
    parts = [f"{SIDES.players(side, game.names)} {log.contracts[side]}" for side in (0, 1)]
    return story_sentence(_("Contracts: {list}").format(list=", ".join(parts)))


class SpadesStory(DealStoryHook):
    """The story hook of Spades: the story of every game played deal after deal
    (:class:`~kowhist_teach.core.hooks.story.DealStoryHook`), with its bids and nils,
    and its scores and winner by side."""

    def deal_text(self, game: SpadesGame) -> str:
        log = game.log
        if log is None:
            return ""
        return story_sentence(
            _("Deal {n}: {name} deals; spades are trumps").format(
                n=log.number, name=game.names[log.dealer]
            )
        )

    def deal_lines(self, game: SpadesGame) -> list[str]:
        """The deal, then who bids first."""
        return [line for line in (self.deal_text(game), self.turn_text(game)) if line]

    def score_owners(self, game: SpadesGame) -> list[str]:
        return [SIDES.players(side, game.names) for side in (0, 1)]

    def outcome_text(self, game: SpadesGame) -> str:
        out = game.outcome()
        if out is None or out.winner is None:
            return super().outcome_text(game)
        return story_sentence(
            _("{side} win the game").format(side=SIDES.players(out.winner, game.names))
        )

    def tell_call(
        self, game: SpadesGame, before: DealBefore, seat: int, played: Any, note: Any
    ) -> list[Told]:
        log = before.log
        name = game.names[seat]
        bid = bid_value(played)
        text = _("{name} bids nil") if bid == 0 else _("{name} bids {n}")
        told: list[Told] = [story_sentence(text.format(name=name, n=bid))]
        if note is not None and note.reason:
            told.append(quoted_to(name, note.reason))
        if game.phase is SpadesPhase.PLAY and game.log is log:
            told.append(contracts_text(game, log))
            told.append(self.turn_text(game))
        return told
