"""Solo whist's teaching hook: what each bid of the ladder promises (proposal and
acceptance, solo, misère, abundance, royal abundance, misère ouverte, slam), naming
trumps after an abundance, the misère declarer's view of a trick, and a deal's
contract made or lost.

>>> from kowhist_teach.games.family.solo.engine import SoloGame
>>> game = SoloGame(seed=1)
>>> notes = {n.move.code: n for n in SoloTeaching().explain_moves(game, game.to_move)}
>>> notes['cop'].legal, notes['cop'].reason
(False, 'There is no proposal to accept.')
"""

from __future__ import annotations

from typing import Any

from ....core.hooks.teaching import MoveExplanation
from ....core.moves import PASS, TRUMP_CALLS
from ....core.words import sentence, suit_name
from ....i18n import _, is_plural
from ..engine import FamilyPhase
from ..teaching import FamilyTeaching, call_notes
from .engine import (
    ABUNDANCE,
    BIDS,
    COP,
    MISERE,
    MISERE_OUVERTE,
    PROP,
    ROYAL_ABUNDANCE,
    SLAM,
    SOLO,
    bid_name,
)

__all__ = ["SoloTeaching"]


class SoloTeaching(FamilyTeaching):
    """Solo whist told to a student: the bidding ladder, the declarer's side against
    the others, misère."""

    def misere(self, game: Any, log: Any = None) -> bool:
        log = log if log is not None else game.log
        return log is not None and log.contract in (MISERE, MISERE_OUVERTE)

    def explain_calls(self, game: Any, seat: int) -> list[MoveExplanation]:
        if game.phase is FamilyPhase.TRUMP:
            return call_notes(game, TRUMP_CALLS, lambda call: self._name_trumps(game, seat, call))
        return call_notes(game, (PASS, *BIDS), lambda call: self.bid_meaning(game, call))

    def _name_trumps(self, game: Any, seat: int, call: Any) -> str:
        n = sum(1 for c in game.hand(seat) if c.suit == call.suit)
        return _("You won the auction, so you name trumps: {suit}; you hold {n} {held}").format(
            suit=suit_name(call.suit), n=n, held=suit_name(call.suit, plural=is_plural(n))
        )

    def bid_meaning(self, game: Any, call: Any) -> str:
        """What a bid promises, as a clause (the stakes are the engine's table), without
        the bid's name: its button, the hint and the list of moves say that already."""
        suit = game.preferred_suit.symbol if game.preferred_suit is not None else ""
        if call is PASS:
            if game._raise_offer:
                return _("nobody accepted your proposal, so the cards are thrown in")
            return _("you bid nothing more this deal")
        if call is PROP:
            return _(
                "you ask for a partner; together you must take at least 8 tricks with {suit} "
                "as trumps"
            ).format(suit=suit)
        if call is COP:
            standing = game.standing_bid
            return _(
                "you join {name}'s proposal; together you must take at least 8 tricks with "
                "{suit} as trumps"
            ).format(name=game.names[standing[0]] if standing else "", suit=suit)
        if call is SOLO:
            return _("you must take at least 5 tricks with {suit} as trumps").format(suit=suit)
        if call is MISERE:
            return _("you must lose every trick, with no trumps")
        if call is ABUNDANCE:
            return _("you must take at least 9 tricks, with trumps you name after the auction")
        if call is ROYAL_ABUNDANCE:
            return _("you must take at least 9 tricks with {suit} as trumps").format(suit=suit)
        if call is MISERE_OUVERTE:
            return _(
                "you must lose every trick, with no trumps, and your hand is laid open after "
                "the first trick"
            )
        if call is SLAM:
            return _("you must take all 13 tricks, with no trumps, and you lead first")
        return call.code  # pragma: no cover - every bid is listed above

    def deal_result(self, game: Any, deal: Any) -> list[str]:
        """The contract: who played it, what it needed, what they took."""
        if deal.contract is None:
            return []
        names = game.names
        side = game.declarer_side(deal)
        took = sum(deal.tricks_won[s] for s in side)
        target = game.tricks_needed(deal)
        if len(side) == 2:
            who = _("{a} and {b}").format(a=names[side[0]], b=names[side[1]])  # prop and cop
        else:
            who = names[deal.declarer]
        if target == 0:
            text = _("{who} played {bid}, needing to take no trick: took {n}")
        else:
            text = _("{who} played {bid}, needing {target} tricks: took {n}")
        return [sentence(text.format(who=who, bid=bid_name(deal.contract), n=took, target=target))]
