"""How German Whist tells its story: the deal and the trump card, each trick, the
cards taken from the stock (a card taken unseen is named only to the one who took it),
and the hand's end; and how its record is cut into steps.

>>> from kowhist_teach.games.german.engine import GermanGame
>>> GermanStory().deal_text(GermanGame(seed=1)).startswith('13 cards each; ')
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from ...core.cards import Card, shuffled_deck
from ...core.hooks.story import Beat, StoryHook, Told, TrickDone, story_sentence
from ...core.words import score_list
from ...i18n import _, ngettext
from .engine import GermanPhase, deal_deck
from .match import GermanMatch

__all__ = ["GermanStory"]


class _Before(NamedTuple):
    phase: GermanPhase
    trick: Any
    tricks: int
    #: The hand the move is made in (a match starts the next hand after a hand's last
    #: move, so the words must come from this one).
    hand: Any


def _hand(game: Any) -> Any:
    """The hand in progress: the game itself, or a match's current hand."""
    return game.games[-1] if isinstance(game, GermanMatch) else game


class GermanStory(StoryHook):
    """The story hook of German Whist."""

    def deal_text(self, game: Any) -> str:
        first = game.face_up[0] if game.face_up else None
        if game.trump is None:
            return story_sentence(
                _("13 cards each; no trumps; the first prize is {card}").format(
                    card=first.label if first else "-"
                )
            )
        return story_sentence(
            _("13 cards each; the turned-up {card} makes {suit} trumps for the whole hand").format(
                card=first.label if first else "-", suit=self.suit_name(game.trump)
            )
        )

    def outcome_text(self, game: Any) -> str:
        if isinstance(game, GermanMatch):  # the match's end, not its last hand's
            return self.match_text(game)
        out = game.outcome()
        if out is None:
            return ""
        names = game.names
        if out.winner is None:
            return story_sentence(
                _("The hand is drawn: {a} tricks each").format(a=out.tricks_won[0])
            )
        return story_sentence(
            ngettext(
                "{name} wins the hand with {k} tricks and scores {points} point",
                "{name} wins the hand with {k} tricks and scores {points} points",
                out.points,
            ).format(name=names[out.winner], k=game.counted_tricks[out.winner], points=out.points)
        )

    def take_text(self, game: Any, i: int, viewer: int | None) -> str:
        """The stock cards taken after trick ``i``: the top card to its winner, the next
        one to the loser, each named only to a viewer who saw it (everyone when
        ``viewer`` is ``None``)."""
        won, lost = game.winner_took[i], game.loser_took[i]
        if won is None or lost is None:
            return ""
        w = game.tricks[i].winner
        names = game.names
        loser = 1 - w
        # A card is named to a viewer who saw it: its taker, or everyone when it lay
        # face up (GermanGame.taken_face_up, the view's own rule).
        won_public, lost_public = game.taken_face_up(i)
        lost_text = lost.label if lost_public or viewer in (None, loser) else _("an unseen card")
        if won_public:
            text = _("{winner} took the face-up {card}; {loser} took {other} from the stock")
            won_text = won.label
        else:
            text = _("{winner} took {card} from the closed stock; {loser} took {other}")
            won_text = won.label if viewer in (None, w) else _("an unseen card")
        return story_sentence(
            text.format(winner=names[w], card=won_text, loser=names[loser], other=lost_text)
        )

    # ------------------------------------------------------------ telling a move
    def before(self, game: Any) -> _Before:
        hand = _hand(game)
        return _Before(hand.phase, hand.trick, len(hand.tricks), hand)

    def tell(
        self,
        game: Any,
        before: _Before,
        seat: int,
        played: Any,
        note: Any,
        viewer: int | None,
        every_card: bool,
    ) -> list[Told]:
        told: list[Told] = []
        match = game if isinstance(game, GermanMatch) else None
        game = before.hand
        if before.phase is GermanPhase.PICK:
            i = len(game.tricks) - 2 if game.phase is not GermanPhase.PICK else len(game.tricks) - 1
            told.append(self.take_text(game, max(i, 0), viewer))
        elif isinstance(played, Card):
            if every_card:
                told.append(self.played_text(game, seat, played))
                effect = note.effect if note is not None else ""
                if effect:
                    told.append(story_sentence(effect[0].upper() + effect[1:]))
            # A German trick is over at its second card.
            trick = before.trick
            if trick is not None and len(trick.plays) == 2:
                number = game.tricks.index(trick) + 1
                told.append(TrickDone(trick, number))
                if game.phase is not GermanPhase.PICK and len(game.tricks) > before.tricks:
                    told.append(self.take_text(game, number - 1, viewer))
        if game.is_over():
            told.append(self.outcome_text(game))
        if match is not None and match.is_over():
            told.append(self.match_text(match))
        return told

    @staticmethod
    def match_text(match: GermanMatch) -> str:
        """Who won the match, and by how many hands (``""`` while it goes on)."""
        out = match.outcome()
        if out is None:
            return ""
        return story_sentence(
            _("{name} wins the match {a}-{b}.").format(
                name=match.names[out.winner],
                a=out.hands_won[out.winner],
                b=out.hands_won[1 - out.winner],
            )
        )

    # ------------------------------------------------------------ chance, records
    def deal_at_random(self, game: Any, rng: random.Random) -> None:
        game.deal(*deal_deck(shuffled_deck(rng), game.dealer))

    def walk(self, record: dict[str, Any], final: Any) -> Iterator[Beat]:
        """The deal, then each card of both phases (and each pick from the stock); in a
        match, each hand in turn."""
        if isinstance(final, GermanMatch):
            yield from self._walk_match(record, final)
            return
        fresh = type(final)(
            final.rules,
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
            players=record["players"],
        )
        fresh.deal(final.dealt_hands, final.dealt_stock)
        yield Beat(fresh, None, tuple(self.deal_lines(fresh)))
        for move in final.moves:
            if fresh.is_over():
                return
            yield Beat(fresh, move)

    def _walk_match(self, record: dict[str, Any], final: GermanMatch) -> Iterator[Beat]:
        fresh = GermanMatch(
            final.rules,
            first_dealer=record.get("first_dealer", 0),
            match=final.match,
            auto_chance=False,
            players=record["players"],
        )
        for number, hand in enumerate(final.games, 1):
            if hand.phase is GermanPhase.DEAL:
                return  # the next hand is not dealt yet
            fresh.deal(hand.dealt_hands, hand.dealt_stock)
            head = story_sentence(
                _("Hand {h} of a match, best of {n} — hands won: {won}").format(
                    h=number, n=final.match, won=score_list(fresh.names, fresh.hands_won)
                )
            )
            yield Beat(fresh, None, (head, *self.deal_lines(fresh)))
            for move in hand.moves:
                if fresh.is_over():
                    return
                yield Beat(fresh, move)
