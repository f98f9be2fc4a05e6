"""How the whist family (partnership whist, solo whist, bid whist) tells its story:
each deal with its dealer, turned-up card and kitty; each bid, pass, trump named and
discard with what it means to its maker; the contract once play begins; each card and
trick; a deal's end and the running scores.  This is the omniscient story, for the
stepper: every hand and the kitty are named.

The games' own words are small overrides: :class:`~.whist.story.WhistStory` adds the
points of the game in progress to the scores, :class:`~.bidwhist.story.BidWhistStory`
names bid whist's bids.

>>> from kowhist_teach.games.family.solo.engine import SoloGame
>>> FamilyStory().deal_lines(SoloGame(seed=1))[-1]
'Player 2 to bid.'
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from ...core.cards import Card
from ...core.hooks.story import Beat, DealDone, StoryHook, Told, TrickDone, story_sentence
from ...core.moves import Call
from ...core.words import named_call
from ...i18n import _
from .engine import FamilyPhase, partners

__all__ = ["FamilyStory", "TEXT_FORM"]

#: Asks for a suit symbol's text form (not an emoji), as the table's buttons show it.
TEXT_FORM = "\ufe0e"


def _for(name: str, text: str) -> str:
    """The teaching layer's words to the player who moved ("you"), quoted to them by name."""
    text = story_sentence(text)
    return _("To {name}: “{text}”").format(name=name, text=text[:1].upper() + text[1:])


def _kitty(game: Any, seat: int) -> list[Card] | None:
    """Bid whist: the kitty as ``seat`` sees it now (``None`` while it is face down or
    the game has none)."""
    return getattr(game.view(seat), "kitty", None)


class _Before(NamedTuple):
    phase: FamilyPhase
    log: Any
    trick: Any
    scored: bool
    had_kitty: bool


class FamilyStory(StoryHook):
    """The story hook shared by the whist family's games."""

    # ------------------------------------------------------------ words for calls
    def bid_words(self, move: Call) -> str:
        """A bid the table's known calls do not name (bid whist's numbered bids)."""
        return move.code

    def call_label(self, move: Call) -> str:
        """The words on a call's button: a bid, a pass, a trump suit, high or low.

        >>> from kowhist_teach.core.moves import PASS, TRUMP_CALLS
        >>> FamilyStory().call_label(PASS), FamilyStory().call_label(TRUMP_CALLS[1])[-6:]
        ('Pass', 'hearts')
        """
        if move.is_trump and move.suit is not None:
            return f"{move.suit.symbol}{TEXT_FORM} {self.suit_name(move.suit)}"
        named = named_call(move.code)
        if named is not None:
            return named
        if move.suit is not None:
            return move.suit.symbol
        return self.bid_words(move)

    def call_text(self, name: str, phase: FamilyPhase, move: Any) -> str:
        """A pass, a trump named or a bid, said of the player who made it."""
        if getattr(move, "is_pass", False):
            return story_sentence(_("{name} passes").format(name=name))
        if getattr(move, "is_trump", False) and phase is FamilyPhase.TRUMP:
            return story_sentence(
                _("{name} names {what}").format(name=name, what=self.call_label(move))
            )
        return story_sentence(
            _("{name} calls {what}").format(name=name, what=self.call_label(move))
        )

    # ------------------------------------------------------------ a deal, the end
    def deal_text(self, game: Any) -> str:
        """A fresh deal: its dealer, the turned-up card and trumps when they are known.

        >>> from kowhist_teach.games.family.whist.engine import WhistGame
        >>> FamilyStory().deal_text(WhistGame(seed=1))[:45]
        'Deal 1: Player 1 deals; the turned-up card is'
        """
        log = game.log
        if log is None:
            return ""
        text = _("Deal {n}: {name} deals").format(n=log.number, name=game.names[log.dealer])
        card = log.extra.get("trump_card")
        if card is not None:
            text += "; " + _("the turned-up card is {card}").format(card=card.label)
        if game.phase is FamilyPhase.PLAY:
            if game.trump is not None:
                text += "; " + _("trumps: {suit}").format(suit=self.suit_name(game.trump))
            else:
                text += "; " + _("no trumps")
        return story_sentence(text)

    def turn_text(self, game: Any) -> str:
        """Who speaks or leads first in a fresh deal."""
        if game.to_move is None:
            return ""
        name = game.names[game.to_move]
        if game.phase is FamilyPhase.BID:
            return story_sentence(_("{name} to bid").format(name=name))
        return story_sentence(_("{name} to play").format(name=name))

    def deal_lines(self, game: Any) -> list[str]:
        """The deal, bid whist's kitty (face down for now) and who is first to bid or lead."""
        lines = [self.deal_text(game)]
        log = game.log
        kitty = log.extra.get("kitty") if log is not None else None
        if kitty is not None:
            lines.append(story_sentence(_("Kitty: {n} cards").format(n=len(kitty))))
        lines.append(self.turn_text(game))
        return [line for line in lines if line]

    def outcome_text(self, game: Any) -> str:
        out = game.outcome()
        if out is None:
            return ""
        names = game.names
        if out.winner is None:
            return story_sentence(_("The game ends in a tie"))
        if out.by_partnership:
            a, b = partners(out.winner)
            side = _("{a} and {b}").format(a=names[a], b=names[b])
            return story_sentence(_("{side} win the game").format(side=side))
        return story_sentence(_("{name} wins the game").format(name=names[out.winner]))

    def deal_over_text(self, game: Any, log: Any) -> str:
        return story_sentence(_("Deal {n} is over").format(n=log.number))

    def scores_text(self, game: Any, log: Any) -> str:
        return story_sentence(self.scores_words(game))

    def scores_words(self, game: Any) -> str:
        """``"Scores: Player 1 and Player 3 5, Player 2 and Player 4 0"`` (by
        partnership, or by seat in solo whist), without the full stop."""
        names = game.names
        if game.by_partnership:
            owners = [
                _("{a} and {b}").format(a=names[a], b=names[b]) for a, b in map(partners, (0, 1))
            ]
        else:
            owners = list(names)
        scores = ", ".join(f"{o} {p}" for o, p in zip(owners, game.scores, strict=True))
        return _("Scores: {list}").format(list=scores)

    # ------------------------------------------------------------ telling a move
    def needs_notes(self, every_card: bool) -> bool:
        return True  # a call's reason is told to its maker even without every card

    def before(self, game: Any) -> _Before:
        log = game.log
        seat = game.to_move
        return _Before(
            game.phase,
            log,
            game.trick,
            log is not None and log.points is not None,
            seat is not None and _kitty(game, seat) is not None,
        )

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
        log = before.log
        name = game.names[seat]
        told: list[Told] = []
        if before.phase is FamilyPhase.PLAY:
            if every_card:
                told.append(self.played_text(game, seat, played))
                if note is not None and note.effect:
                    told.append(_for(name, note.effect))
            trick = before.trick
            if trick is not None and len(trick.plays) == len(game.names):
                number = next(i for i, t in enumerate(log.tricks) if t is trick) + 1
                told.append(TrickDone(trick, number))
        else:
            if before.phase is FamilyPhase.DISCARD:
                told.append(
                    story_sentence(
                        _("{name} discarded {card} face down").format(name=name, card=played.label)
                    )
                )
            else:
                told.append(self.call_text(name, before.phase, played))
            if note is not None and note.reason:
                told.append(_for(name, note.reason))
            kitty = _kitty(game, seat) if game.log is log else None
            if kitty is not None and not before.had_kitty:
                shown = any(
                    _kitty(game, s) is not None for s in range(len(game.names)) if s != seat
                )
                text = (
                    _("{name} takes the kitty, shown to everybody: {cards}")
                    if shown
                    else _("{name} takes the kitty without showing it: {cards}")
                )
                told.append(
                    story_sentence(text.format(name=name, cards=" ".join(c.label for c in kitty)))
                )
            if game.log is log and game.phase is FamilyPhase.PLAY:
                # The auction (and bid whist's discards) is over: the contract, and who leads.
                words = getattr(game, "contract_text", None)
                if callable(words) and words(log):
                    told.append(story_sentence(words(log)))
                told.append(self.turn_text(game))
        if not before.scored and log.points is not None:
            told.append(DealDone(log))
        return told

    # ------------------------------------------------------------ chance, records
    def deal_at_random(self, game: Any, rng: random.Random) -> None:
        deck = list(game.pack)
        rng.shuffle(deck)
        hands, extra = game._deal_cards(deck)  # the engine's own way to deal (its package)
        game.deal(hands, **extra)

    def walk(self, record: dict[str, Any], final: Any) -> Iterator[Beat]:
        """Each deal, then each call, discard and card of it, in order."""
        fresh = type(final)(
            final.rules,
            first_dealer=final.first_dealer,
            auto_chance=False,
            players=final.players,
        )
        moves = final.moves
        i = 0
        for log in final.deals:
            if fresh.chance_pending != "deal":
                return
            fresh.deal(log.hands, **log.extra)
            yield Beat(fresh, None, tuple(self.deal_lines(fresh)))
            while i < len(moves) and fresh.chance_pending is None and not fresh.is_over():
                yield Beat(fresh, moves[i])
                i += 1
