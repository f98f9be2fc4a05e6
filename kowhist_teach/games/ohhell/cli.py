"""Oh Hell on the command line (:mod:`kowhist_teach.core.hooks.cli`): the ``replay``
text of each deal (the bids, the tricks, who made their bid, the points and scores)
and the terminal game (you are seat 0, bots the others).

>>> from kowhist_teach.games.ohhell.engine import OhHellGame
>>> cli = OhHellCli()
>>> print(cli.describe(OhHellGame(players=3, seed=1), 1).splitlines()[0])
Deal 1 - dealer Player 1 - trumps ♦
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.cards import Card
from ...core.hooks.cli import CliHook, ReplayText, plays_text, trick_text
from ...i18n import _
from .engine import OhHellGame, OhHellPhase
from .rules import bid_value

__all__ = ["OhHellCli"]


def _seats(game: OhHellGame, values: list[Any]) -> str:
    """Values by seat, each with its player's name: "Ann 2, Bo 0"."""
    return ", ".join(f"{game.names[s]} {v}" for s, v in enumerate(values))


class OhHellCli(CliHook):
    """Oh Hell's ``cli`` hook."""

    terminal_bot = "rules"
    terminal_bot_per_seat = True
    story_at_end = True
    help_lists_moves = True

    # ----------------------------------------------------------------- replay
    def nobody_to_move(self, game: Any, record: dict[str, Any]) -> str:
        if game.is_over():
            return _("the game is over")
        if not record.get("deals"):
            return _("nothing has been dealt yet")
        return _("the deal is over, and the record holds no next deal")

    def analyse_refusal(self, game: Any) -> str | None:
        return _(
            "--analyse works only for Knock-Out Whist and German Whist: its solver counts "
            "the tricks one player can guarantee, and knows nothing of the contracts, "
            "bids and partners of {game}"
        ).format(game=_(game.title))

    def print_replay(
        self, record: dict[str, Any], result: dict[str, Any], text: ReplayText
    ) -> None:
        say = text.say
        say(_(OhHellGame.title))
        for deal in result["deals"]:
            say(
                _("Deal {n}: dealer seat {d}, trumps {t}").format(
                    n=deal["number"], d=deal["dealer"], t=text.trump(deal["trump"])
                )
            )
            bids = [
                _("seat {seat} {call}").format(seat=seat, call=code) for seat, code in deal["calls"]
            ]
            if bids:
                say("  " + _("bidding: {calls}").format(calls=", ".join(bids)))
            text.tricks(deal["tricks"])
            say("  " + _("tricks won: {won}").format(won=text.sides(False, deal["tricks_won"])))
            if deal["points"] is not None:
                say("  " + _("points this deal: {p}").format(p=text.sides(False, deal["points"])))
            if deal["scores"] is not None:
                say("  " + _("scores so far: {s}").format(s=text.sides(False, deal["scores"])))
        status = result["status"]
        if status == "over":
            winner = result["winner"]
            if winner is None:
                say(_("The game is drawn."))
            else:
                say(_("Winner: seat {seat}").format(seat=winner))
        elif status == "in_progress":
            say(_("The game is still in progress."))
        else:
            text.error(result["error"])

    # -------------------------------------------------------------------- play
    def terminal_intro(self, game: Any) -> list[str]:
        return [
            _(OhHellGame.title),
            _("Every player for themselves."),
            _("Type a card (like QS or 10h) or a call, 'undo', 'help' or 'quit'."),
        ]

    def describe(self, game: Any, seat: int) -> str:
        view = game.view(seat)
        trump = view.trump.symbol if view.trump is not None else _("none")
        lines = [
            _("Deal {n} - dealer {d} - trumps {t}").format(
                n=view.deal + 1, d=game.names[view.dealer], t=trump
            )
        ]
        if view.trump_card is not None:
            lines.append(_("Turned up: {card}").format(card=view.trump_card.label))
        log = game.log
        if log is not None and log.calls:
            lines.append(
                _("Calls: {calls}").format(
                    calls=", ".join(f"{game.names[s]} {bid_value(m)}" for s, m in log.calls)
                )
            )
        if view.phase is OhHellPhase.PLAY:
            lines.append(_("Tricks: {won}").format(won=_seats(game, view.tricks_won)))
        lines.append(_("Scores: {scores}").format(scores=_seats(game, view.scores)))
        if view.trick:
            lines.append(_("On the table: {cards}").format(cards=plays_text(game, view.trick)))
        lines.append(
            _("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-")
        )
        return "\n".join(lines)

    def prompt(self, game: Any, seat: int) -> str:
        legal = game.legal_moves()
        moves = " ".join(m.label if isinstance(m, Card) else m.code for m in legal)
        if game.phase is OhHellPhase.BID:
            return _("Your bid ({moves}): ").format(moves=moves)
        return _("Your play ({moves}): ").format(moves=moves)

    def help_lines(self, game: Any) -> list[str]:
        return [
            _("Bid by typing the number of tricks you will take, as the prompt lists them."),
            _("'undo' takes back your last move; 'quit' stops the game."),
        ]

    def story(self, game: Any, say: Callable[..., None], human: int) -> _Story:
        return _Story(game, say)

    def terminal_outro(self, game: Any) -> list[str]:
        outcome = game.outcome()
        lines = ["", _("Final scores: {scores}").format(scores=_seats(game, outcome.scores))]
        if outcome.winner is None:
            lines.append(_("The game is drawn."))
        else:
            lines.append(_("{name} won the game.").format(name=game.names[outcome.winner]))
        return lines


class _Story:
    """What the table has seen: the bids, tricks and scores told so far, so that each
    is told once (and again after an undo)."""

    def __init__(self, game: OhHellGame, say: Callable[..., None]) -> None:
        self.game = game
        self.say = say
        self.deal = -1
        self.calls = 0
        self.tricks = 0
        self.scored = False

    def rewind(self) -> None:
        self.calls = self.tricks = 0
        self.scored = False
        self.deal = min(self.deal, len(self.game.deals) - 1)

    def tell(self) -> None:
        game, say = self.game, self.say
        while self.deal < len(game.deals):
            if self.deal < 0 or (self.scored and self.deal + 1 < len(game.deals)):
                self.deal += 1
                self.calls = self.tricks = 0
                self.scored = False
                log = game.deals[self.deal]
                say()
                say(_("Deal {n}: {name} deals.").format(n=log.number, name=game.names[log.dealer]))
            log = game.deals[self.deal]
            for seat, move in log.calls[self.calls :]:
                say(_("{name}: {call}").format(name=game.names[seat], call=bid_value(move)))
            self.calls = len(log.calls)
            done = [t for t in log.tricks if len(t.plays) == game.n]
            for t in done[self.tricks :]:
                say(trick_text(game, t))
            self.tricks = len(done)
            if log.points is None or self.scored:
                return
            self.scored = True
            say(
                _("Deal {n} is over. Tricks: {won}. Points: {points}.").format(
                    n=log.number,
                    won=_seats(game, log.tricks_won),
                    points=_seats(game, log.points),
                )
            )
            if self.deal + 1 == len(game.deals):
                return
