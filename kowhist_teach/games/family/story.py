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

from typing import Any

from ...core.cards import Card
from ...core.hooks.story import DealBefore, DealStoryHook, Told, quoted_to, story_sentence
from ...core.moves import Call
from ...core.partnerships import OPPOSITE
from ...core.words import named_call
from ...i18n import _
from .engine import FamilyPhase

__all__ = ["FamilyStory", "TEXT_FORM"]

#: Asks for a suit symbol's text form (not an emoji), as the table's buttons show it.
TEXT_FORM = "\ufe0e"


def _kitty(game: Any, seat: int) -> list[Card] | None:
    """Bid whist: the kitty as ``seat`` sees it now (``None`` while it is face down or
    the game has none)."""
    return getattr(game.view(seat), "kitty", None)


class FamilyStory(DealStoryHook):
    """The story hook shared by the whist family's games: the story of every game
    played deal after deal (:class:`~kowhist_teach.core.hooks.story.DealStoryHook`),
    with the family's calls, kitty, contracts and partnerships."""

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
        if phase is FamilyPhase.TRUMP:
            # Bid whist's uptown or downtown after a no-trump bid, said as its bids say it.
            return story_sentence(
                _("{name} chooses {what}").format(name=name, what=self.bid_words(move))
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
        if out is not None and out.winner is not None and out.by_partnership:
            side = OPPOSITE.players(out.winner, game.names)
            return story_sentence(_("{side} win the game").format(side=side))
        return super().outcome_text(game)

    def score_owners(self, game: Any) -> list[str]:
        """The partnerships ("Player 1 and Player 3"), or the players in solo whist."""
        names = game.names
        if game.by_partnership:
            return [OPPOSITE.players(side, names) for side in range(len(OPPOSITE.sides))]
        return list(names)

    # ------------------------------------------------------------ telling a move
    def before_more(self, game: Any) -> bool:
        """Whether the player to move has the kitty in hand already (bid whist)."""
        seat = game.to_move
        return seat is not None and _kitty(game, seat) is not None

    def tell_call(
        self, game: Any, before: DealBefore, seat: int, played: Any, note: Any
    ) -> list[Told]:
        log = before.log
        name = game.names[seat]
        told: list[Told] = []
        if before.phase is FamilyPhase.DISCARD:
            told.append(
                story_sentence(
                    _("{name} discarded {card} face down").format(name=name, card=played.label)
                )
            )
        else:
            told.append(self.call_text(name, before.phase, played))
        if note is not None and note.reason:
            told.append(quoted_to(name, note.reason))
        kitty = _kitty(game, seat) if game.log is log else None
        if kitty is not None and not before.more:
            shown = any(_kitty(game, s) is not None for s in range(len(game.names)) if s != seat)
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
        return told
