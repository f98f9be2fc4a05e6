"""Bid whist's teaching hook: the bids (uptown, downtown, no trump) and what they
promise, naming trumps or high and low, the declarer's discards, downtown's order in
a trick, and a deal's contract and books.

>>> from kowhist_teach.games.family.bidwhist.engine import BidWhistGame
>>> game = BidWhistGame(seed=1)
>>> notes = {n.move.code: n for n in BidWhistTeaching().explain_moves(game, game.to_move)}
>>> notes['4L'].reason.startswith('Your side must take at least 10 books, the kitty')
True
"""

from __future__ import annotations

from typing import Any

from ....core.hooks.teaching import MoveExplanation
from ....core.moves import PASS, TRUMP_CALLS
from ....core.partnerships import OPPOSITE
from ....core.words import sentence, suit_name
from ....i18n import _, is_plural, ngettext
from ..engine import FamilyPhase
from ..teaching import FamilyTeaching, call_notes, is_trump
from .engine import ALL_BIDS, BIDS, DOWNTOWN, HIGH, LOW, NOTRUMP, bid_parts

__all__ = ["BidWhistTeaching"]


class BidWhistTeaching(FamilyTeaching):
    """Bid whist told to a student: the auction, the kitty and its discards, jokers,
    downtown and no trump."""

    def downtown(self, game: Any, log: Any = None) -> bool:
        log = log if log is not None else game.log
        return log is not None and log.contract is not None and bool(game._deal_low(log))

    def explain_calls(self, game: Any, seat: int) -> list[MoveExplanation]:
        if game.phase is FamilyPhase.BID:
            # Levels 1 and 2 exist only in the game without a kitty (lowest bid one).
            bids = ALL_BIDS if game.rules.lowest_bid < 3 else BIDS
            return call_notes(game, (PASS, *bids), lambda call: self.bid_meaning(call, game))
        if game.phase is FamilyPhase.TRUMP:
            directions = {
                # Without the call's name: the button, the hint and the list of moves
                # name it already ("Uptown: uptown: …" said it twice).
                HIGH: _("at no trump, high cards win (A K Q … 2)"),
                LOW: _("at no trump, low cards win, but the ace is highest (A 2 3 … K)"),
            }
            return call_notes(
                game,
                (*TRUMP_CALLS, HIGH, LOW),
                lambda call: directions.get(call) or self._name_trumps(game, seat, call),
            )
        return self._discards(game, seat)

    def bid_meaning(self, call: Any, game: Any = None) -> str:
        """What a bid promises, as a clause (``game``: its rules say whether there is a
        kitty, and so a kitty book)."""
        if call is PASS:
            return _("you do not bid this deal")
        level, kind = bid_parts(call)
        if game is not None and not game.rules.kitty_size:
            return self._bid_without_kitty(level, kind)
        if kind == NOTRUMP:
            text = _(
                "your side must take at least {books} books with no trumps, the kitty book "
                "included; you then say uptown or downtown, and the score is doubled"
            )
        elif kind == DOWNTOWN:
            text = _(
                "your side must take at least {books} books, the kitty book included, low "
                "cards winning (the ace still highest); you then name trumps"
            )
        else:
            text = _(
                "your side must take at least {books} books, the kitty book included, high "
                "cards winning; you then name trumps"
            )
        return text.format(level=level, books=6 + level)

    @staticmethod
    def _bid_without_kitty(level: int, kind: str) -> str:
        """A bid in the game without a kitty (13 tricks, no kitty book)."""
        if kind == NOTRUMP:
            text = _(
                "your side must take at least {books} of the 13 tricks with no trumps; you "
                "then say uptown or downtown, and the score is doubled"
            )
        elif kind == DOWNTOWN:
            text = _(
                "your side must take at least {books} of the 13 tricks, low cards winning "
                "(the ace still highest); you then name trumps"
            )
        else:
            text = _(
                "your side must take at least {books} of the 13 tricks, high cards winning; "
                "you then name trumps"
            )
        return text.format(level=level, books=6 + level)

    def _name_trumps(self, game: Any, seat: int, call: Any) -> str:
        n = sum(1 for c in game.hand(seat) if c.suit == call.suit)
        jokers = game.rules.joker_count
        if jokers == 2:
            text = _(
                "You won the auction, so you name trumps: {suit}; you hold {n} {held}, and the "
                "jokers are the two highest trumps"
            )
        elif jokers == 1:
            text = _(
                "You won the auction, so you name trumps: {suit}; you hold {n} {held}, and the "
                "big joker is the highest trump"
            )
        else:
            text = _("You won the auction, so you name trumps: {suit}; you hold {n} {held}")
        return text.format(
            suit=suit_name(call.suit), n=n, held=suit_name(call.suit, plural=is_plural(n))
        )

    def _discards(self, game: Any, seat: int) -> list[MoveExplanation]:
        """The declarer's discards: every card may go; say what it is worth in play."""
        left = game.rules.kitty_size - len(game.discards)
        if not game.discards:
            why = _(
                "You discard {n} cards face down, one at a time: they count as your side's "
                "first book"
            )
        else:
            why = ngettext(
                "You discard {n} more card face down: it completes your side's first book",
                "You discard {n} more cards face down: they count as your side's first book",
                left,
            )
        why = why.format(n=left)
        out = []
        for card in game.legal_moves():
            if card.is_joker and game.trump is None:
                note = _("at no trump a joker never wins a trick, so it is a natural discard")
            elif is_trump(game, card):
                note = _(
                    "{card} is a trump: better kept, as it may win a trick, but you may discard it"
                ).format(card=card.label)
            else:
                note = _("{card} goes out of play").format(card=card.label)
            out.append(
                MoveExplanation(
                    card, True, sentence(_("{why}; {effect}").format(why=why, effect=note))
                )
            )
        return out

    def deal_result(self, game: Any, deal: Any) -> list[str]:
        """The tricks by side, then the contract and the declaring side's books."""
        lines = super().deal_result(game, deal)
        if not lines:
            return lines
        side = deal.declarer % 2
        n = game.books(side, deal)
        if not game.rules.kitty_size:  # no kitty: the books are the tricks taken
            took = ngettext("{side} took {n} book", "{side} took {n} books", n)
        else:  # one book is the kitty book alone: no trick taken in play
            took = ngettext(
                "{side} took {n} book, the kitty book alone",
                "{side} took {n} books, the kitty book included",
                n,
            )
        lines.append(sentence(game.contract_text(deal)))
        lines.append(sentence(took.format(side=OPPOSITE.players(side, game.names), n=n)))
        return lines
