"""How Knock-Out Whist tells its story: a round's deal and trumps, a trump choice or
vote, a dog's pass, a declaration, each trick and the end of each round; and how its
record is cut into steps (each deal, cut, trump choice, card and pass).

>>> from kowhist_teach.games.knockout.engine import KnockoutGame
>>> KnockoutStory().deal_text(KnockoutGame(3, seed=1)).startswith('Round 1: 7 cards each')
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from ...core.cards import Card, shuffled_deck
from ...core.hooks.story import Beat, RoundDone, StoryHook, Told, TrickDone, story_sentence
from ...core.moves import NO_PICTURE, PLAY_ON, RAINBOW, Call
from ...i18n import _, ngettext
from .engine import Phase

__all__ = ["KnockoutStory"]


class _Before(NamedTuple):
    phase: Phase
    trick: Any
    rounds: int
    round: int


class KnockoutStory(StoryHook):
    """The story hook of Knock-Out Whist."""

    def deal_text(self, game: Any) -> str:
        """The round, the cards and who sets trumps.

        >>> from kowhist_teach.games.knockout.engine import KnockoutGame
        >>> KnockoutStory().deal_text(KnockoutGame(2, seed=3))[:22]
        'Round 1: 7 cards each;'
        """
        head = ngettext(
            "Round {r}: {h} card each", "Round {r}: {h} cards each", game.hand_size
        ).format(r=game.round + 1, h=game.hand_size)
        if game.turn_up is not None and game.trump is not None:
            tail = _("the turn-up {card} makes {suit} trumps").format(
                card=game.turn_up.label, suit=self.suit_name(game.trump)
            )
        elif game.phase in (Phase.CHOOSE_TRUMP, Phase.VOTE):
            chooser = game.trump_chooser
            who = game.names[chooser] if chooser is not None else "?"
            if game.rules.misere:
                tail = _("{name} took the fewest tricks and chooses trumps").format(name=who)
            else:
                tail = _("{name} took the most tricks and chooses trumps").format(name=who)
        elif game.trump is not None:
            tail = _("trumps stay {suit}").format(suit=self.suit_name(game.trump))
        else:
            tail = _("this round has no trumps")
        return story_sentence(f"{head}; {tail}")

    def outcome_text(self, game: Any) -> str:
        out = game.outcome()
        if out is None:
            return ""
        return story_sentence(_("{name} wins the game").format(name=game.names[out.winner]))

    def call_text(self, game: Any, seat: int, phase: Phase, move: Call) -> str:
        """A trump choice or vote, a dog's pass, a declaration ("" for playing on)."""
        name = game.names[seat]
        if move.is_trump:
            what = self.suit_name(move.suit) if move.suit is not None else _("no trumps")
            if phase is Phase.VOTE:
                return story_sentence(_("{name} voted for {suit}").format(name=name, suit=what))
            return story_sentence(_("{name} chose {suit} as trumps").format(name=name, suit=what))
        if move.is_pass:
            return story_sentence(_("{name} passed and kept their one card").format(name=name))
        if move is RAINBOW:
            return story_sentence(_("{name} declared a rainbow").format(name=name))
        if move is NO_PICTURE:
            return story_sentence(
                _("{name} declared no picture and asked for a new deal").format(name=name)
            )
        if move is PLAY_ON:
            return ""
        return story_sentence(_("{name}: {move}").format(name=name, move=move.code))

    # ------------------------------------------------------------ telling a move
    def before(self, game: Any) -> _Before:
        return _Before(game.phase, game.trick, len(game.rounds), game.round)

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
        if isinstance(played, Call):
            told.append(self.call_text(game, seat, before.phase, played))
        elif isinstance(played, Card):
            if every_card:
                told.append(self.played_text(game, seat, played))
                effect = note.effect if note is not None else ""
                if effect:
                    # What the card did to the trick, in the teaching layer's words.
                    told.append(story_sentence(effect[0].upper() + effect[1:]))
            # A trick is over when the game has moved on to the next one (or round).
            trick = before.trick
            if trick is not None and game.trick is not trick:
                number = game.rounds[before.round].tricks.index(trick) + 1
                told.append(TrickDone(trick, number))
        if len(game.rounds) > before.rounds or game.is_over():
            # The round is over: what it means (who is out, who chooses trumps, or who
            # won the game by taking every trick).
            log = game.rounds[before.round]
            if log.tricks_won or log.redealt:
                told.append(RoundDone(before.round))
        return told

    # ------------------------------------------------------------ chance, records
    def deal_at_random(self, game: Any, rng: random.Random) -> None:
        deck = shuffled_deck(rng)
        hands: list[list[Card]] = []
        k = 0
        for s in range(game.n):
            count = game.cards_dealt_to(s)
            hands.append(list(deck[k : k + count]))
            k += count
        game.deal(hands, deck[k] if game.is_first_round() else None)

    def walk(self, record: dict[str, Any], final: Any) -> Iterator[Beat]:
        """Each deal, cut, trump choice, declaration, card and pass of the record."""
        fresh = type(final)(
            record["players"],
            final.rules,
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
        )
        moves = final.moves
        i = 0
        while not fresh.is_over():
            pending = fresh.chance_pending
            if pending is not None:
                r = fresh.round
                log = final.rounds[r] if r < len(final.rounds) else None
                if pending[0] == "deal":
                    if log is None or not log.hands:
                        return  # the record stops before this deal
                    fresh.deal(log.hands, log.turn_up)
                    yield Beat(fresh, None, tuple(self.deal_lines(fresh)))
                    continue
                # A cut: for the trump chooser (before the deal), among rainbows, or
                # (misère) for the game among those tied for the fewest tricks.
                if log is not None and log.winner_cut is not None and fresh.log.tricks:
                    winner = log.winner_cut
                elif fresh.log.hands:
                    winner = log.declare["seat"] if log is not None and log.declare else None
                else:
                    winner = log.cut_winner if log is not None else None
                if winner is None:
                    return
                kind = fresh.cut_kind
                fresh.cut(winner)
                text = (
                    _("Rock-paper-scissors among the tied players went to {name}")
                    if kind == "rps"
                    else _("A cut among the tied players went to {name}")
                ).format(name=fresh.names[winner])
                lines = [story_sentence(text)]
                if fresh.is_over():
                    lines.append(self.outcome_text(fresh))
                yield Beat(fresh, None, tuple(lines))
                continue
            if i >= len(moves):
                return
            # Declining to declare tells nothing: say so, every step has its sentence.
            quiet = _("{name} did not declare").format(name=fresh.names[fresh.to_move])
            yield Beat(fresh, moves[i], (story_sentence(quiet),))
            i += 1
