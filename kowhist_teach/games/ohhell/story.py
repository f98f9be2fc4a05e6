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

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from ...core.cards import ALL_CARDS
from ...core.hooks.story import Beat, DealDone, StoryHook, Told, TrickDone, story_sentence
from ...i18n import _, ngettext
from .engine import OhHellGame, OhHellPhase
from .rules import bid_value

__all__ = ["OhHellStory", "bids_text"]


def _for(name: str, text: str) -> str:
    """The teaching layer's words to the player who moved, quoted to them by name."""
    text = story_sentence(text)
    return _("To {name}: “{text}”").format(name=name, text=text[:1].upper() + text[1:])


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


class _Before(NamedTuple):
    phase: OhHellPhase
    log: Any
    trick: Any
    scored: bool


class OhHellStory(StoryHook):
    """The story hook of Oh Hell."""

    # ------------------------------------------------------------ a deal, the end
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
        lines = [self.deal_text(game), self._turn_text(game)]
        return [line for line in lines if line]

    def _turn_text(self, game: OhHellGame) -> str:
        if game.to_move is None:
            return ""
        name = game.names[game.to_move]
        if game.phase is OhHellPhase.BID:
            return story_sentence(_("{name} to bid").format(name=name))
        return story_sentence(_("{name} to play").format(name=name))

    def outcome_text(self, game: OhHellGame) -> str:
        out = game.outcome()
        if out is None:
            return ""
        if out.winner is None:
            return story_sentence(_("The game ends in a tie"))
        return story_sentence(_("{name} wins the game").format(name=game.names[out.winner]))

    def deal_over_text(self, game: OhHellGame, log: Any) -> str:
        return story_sentence(_("Deal {n} is over").format(n=log.number))

    def scores_text(self, game: OhHellGame, log: Any) -> str:
        scores = ", ".join(f"{n} {p}" for n, p in zip(game.names, game.scores, strict=True))
        return story_sentence(_("Scores: {list}").format(list=scores))

    # ------------------------------------------------------------ telling a move
    def needs_notes(self, every_card: bool) -> bool:
        return True  # a bid's meaning is told to its maker even without every card

    def before(self, game: OhHellGame) -> _Before:
        log = game.log
        return _Before(game.phase, log, game.trick, log is not None and log.points is not None)

    def tell(
        self,
        game: OhHellGame,
        before: _Before,
        seat: int,
        played: Any,
        note: Any,
        viewer: int | None,
        every_card: bool,
    ) -> list[Told]:
        log = before.log
        name = game.names[seat]
        told: list[Told] = []
        if before.phase is OhHellPhase.PLAY:
            if every_card:
                told.append(self.played_text(game, seat, played))
                if note is not None and note.effect:
                    told.append(_for(name, note.effect))
            trick = before.trick
            if trick is not None and len(trick.plays) == game.n:
                number = next(i for i, t in enumerate(log.tricks) if t is trick) + 1
                told.append(TrickDone(trick, number))
        else:
            told.append(story_sentence(_("{name} bids {n}").format(name=name, n=bid_value(played))))
            if note is not None and note.reason:
                told.append(_for(name, note.reason))
            if game.phase is OhHellPhase.PLAY and game.log is log:
                told.append(bids_text(game, log))
                told.append(self._turn_text(game))
        if not before.scored and log.points is not None:
            told.append(DealDone(log))
        return told

    # ------------------------------------------------------------ chance, records
    def deal_at_random(self, game: OhHellGame, rng: random.Random) -> None:
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        n, size, dealer = game.n, game.hand_size, game.dealer
        hands: list[list[Any]] = [[] for _s in range(n)]
        # One card at a time from the dealer's left, then the next card is turned up.
        for i in range(n * size):
            hands[(dealer + 1 + i) % n].append(deck[i])
        game.deal(hands, deck[n * size] if n * size < len(deck) else None)

    def walk(self, record: dict[str, Any], final: OhHellGame) -> Iterator[Beat]:
        """Each deal, then each bid and card of it, in order."""
        fresh = OhHellGame(
            final.players, final.rules, first_dealer=final.first_dealer, auto_chance=False
        )
        moves = final.moves
        i = 0
        for log in final.deals:
            if fresh.chance_pending != "deal":
                return
            fresh.deal(log.hands, log.trump_card)
            yield Beat(fresh, None, tuple(self.deal_lines(fresh)))
            while i < len(moves) and fresh.chance_pending is None and not fresh.is_over():
                yield Beat(fresh, moves[i])
                i += 1
