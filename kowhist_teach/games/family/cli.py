"""The whist family on the command line: the ``replay`` text of a deal (the bidding,
the contract, the tricks, the points and scores) and the terminal game. Shared by the
family's games; each refines it in ``games/family/<game>/cli.py`` (its bid words, its
contract line, its score labels) and registers the result as its ``cli`` hook.

What every game played deal after deal says is
:class:`~kowhist_teach.core.hooks.deal_cli.DealCli`'s (shared with Oh Hell), the
partnerships' words included (core/partnerships.py); the family adds its phases and the
hands laid open, and for its games with an auction (:class:`FamilyAuctionCli`) their
calls (passes, trumps named, high or low, discards face down), a deal thrown in and
the contract.

>>> from kowhist_teach.games.family.whist.engine import WhistGame
>>> from kowhist_teach.games.family.whist.cli import WhistCli
>>> WhistCli().seat_list(WhistGame(seed=1), [3, 2])
'Player 1 and Player 3 3, Player 2 and Player 4 2'
"""

from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...core.errors import SetupError
from ...core.hooks.cli import ReplayText
from ...core.hooks.deal_cli import AuctionCli, DealCli
from ...core.moves import Call
from ...i18n import _
from .engine import SEATS, FamilyPhase

__all__ = ["FamilyCli", "FamilyAuctionCli"]


class FamilyCli(DealCli):
    """The family's part of the command line (four seats, its phases, hands laid
    open); a game overrides :meth:`score_labels` where its words differ."""

    # ----------------------------------------------------------------- replay
    def check_players(self, players: int | None) -> None:
        if players not in (None, SEATS):
            raise SetupError(_("{game} is for exactly 4 players").format(game=_(self.title)))

    # -------------------------------------------------------------------- play
    def trump_words(self, game: Any, view: Any) -> str:
        if view.trump is None and view.phase in (FamilyPhase.BID, FamilyPhase.TRUMP):
            return _("not settled yet")
        return super().trump_words(game, view)

    def open_hands_lines(self, game: Any, view: Any) -> list[str]:
        return [
            _("{name}'s hand, face up: {cards}").format(
                name=game.names[s], cards=" ".join(c.label for c in cards) or "-"
            )
            for s, cards in view.open_hands.items()
        ]

    def prompt_words(self, game: Any, legal: list[Any]) -> str:
        if game.phase is FamilyPhase.TRUMP:
            if any(getattr(m, "code", "") == "high" for m in legal):  # bid whist at no trump
                return _("No trumps: do high cards win, or low ones? ({moves}): ")
            return _("Name trumps ({moves}): ")
        if game.phase is FamilyPhase.DISCARD:
            return _("Discard a card ({moves}): ")
        return super().prompt_words(game, legal)

    def help_lines(self, game: Any) -> list[str]:
        return [
            _("Make a call by its code, as the prompt lists them: pass, a bid, a suit."),
            _("'undo' takes back your last move; 'quit' stops the game."),
        ]


class FamilyAuctionCli(AuctionCli, FamilyCli):
    """The calls of the family's games with an auction (solo whist, bid whist): passes,
    bids (:meth:`bid_words`), trumps named, high or low, discards face down, a deal
    thrown in, the contract; a game overrides :meth:`bid_words` and
    :meth:`~kowhist_teach.core.hooks.deal_cli.AuctionCli.contract_line`."""

    # ------------------------------------------------------------------ words
    def call_words(self, call: Call) -> str:
        """A call as the bidding box shows it: "pass", a suit's symbol, else the bid's
        words (:meth:`bid_words`)."""
        if call.is_pass:
            return _("pass")
        if call.suit is not None:
            return call.suit.symbol
        return self.bid_words(call)

    def bid_words(self, call: Call) -> str:
        """A bid in the game's words (default: its code)."""
        return call.code

    def calls_lines(self, deal: dict[str, Any], text: ReplayText) -> tuple[list[str], list[str]]:
        """The calls of a deal of ``replay --json`` in words: the bidding; then the
        trumps (or high or low) named and the discards."""
        bids, named, discards = [], [], []
        for seat, code in deal["calls"]:
            try:
                call = Call(code)
            except ValueError:  # a card: bid whist's discard
                discards.append((seat, Card(code).label))
                continue
            if call.is_trump:
                named.append(
                    _("seat {seat} named trumps: {trumps}").format(
                        seat=seat, trumps=text.trump(code)
                    )
                )
            elif code == "high":
                named.append(_("seat {seat} chose high: high cards win").format(seat=seat))
            elif code == "low":
                named.append(
                    _("seat {seat} chose low: low cards win, the ace still highest").format(
                        seat=seat
                    )
                )
            else:
                bids.append(_("seat {seat} {call}").format(seat=seat, call=self.code_words(code)))
        bidding = [_("bidding: {calls}").format(calls=", ".join(bids))] if bids else []
        lines = named
        if discards:
            lines.append(
                _("seat {seat} discarded {cards} face down (the kitty book)").format(
                    seat=discards[0][0], cards=" ".join(label for _seat, label in discards)
                )
            )
        return bidding, lines

    def thrown_in(self, deal: dict[str, Any]) -> bool:
        """Whether a deal of ``replay --json`` was thrown in (everybody passed)."""
        return deal["contract"] is None and deal["points"] is not None and not deal["tricks"]

    def calls_seen(self, game: Any, view: Any) -> list[tuple[int, Any]]:
        # Discards (cards among the calls) go face down: the auction is what is public.
        if view.phase is FamilyPhase.PLAY:
            return []
        return [(s, m) for s, m in view.calls if not isinstance(m, Card)]

    def contract_lines(self, game: Any, view: Any) -> list[str]:
        """The contract, as the engine words it (``contract_text``), during the game."""
        text = game.contract_text()
        return [text] if text else []

    def call_told(self, game: Any, seat: int, move: Any, human: int) -> str:
        if isinstance(move, Card) and seat != human:  # a discard, face down
            return _("{name} discards a card face down.").format(name=game.names[seat])
        return super().call_told(game, seat, move, human)
