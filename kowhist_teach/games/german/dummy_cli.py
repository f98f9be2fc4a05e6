"""German Whist with a dummy on the command line (the game's ``cli`` hook): its
``replay`` text, and the terminal game — you are seat 0 and deal, so you play the
dummy's cards too; rule-of-thumb bots play seats 1 and 2.

>>> from kowhist_teach.games.german.dummy import GermanDummyGame
>>> print(DummyCli().describe(GermanDummyGame(seed=1), 0).splitlines()[0])
Trumps ♦ - dealer Player 1, who plays the dummy
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.cards import Card
from ...core.errors import SetupError
from ...core.hooks.cli import CliHook, ReplayText
from ...i18n import _, ngettext
from .dummy import DUMMY
from .dummy_teach import hand_won_text

__all__ = ["DummyCli"]


def _plays(game: Any, plays: list[tuple[int, Card]]) -> str:
    names = game.hand_names
    return ", ".join(f"{names[h]} {c.label}" for h, c in plays)


class _Story:
    """Tells the tricks finished since the human last looked, and what the dummy and
    the human took from the stock (the others' cards stay unseen)."""

    def __init__(self, game: Any, say: Callable[..., None], human: int) -> None:
        self.game, self.say, self.human = game, say, human
        self.shown = 0

    def rewind(self) -> None:
        self.shown = 0

    def tell(self) -> None:
        game = self.game
        names = game.hand_names
        done = [t for t in game.tricks if len(t.plays) == 4]
        for i in range(self.shown, len(done)):
            trick = done[i]
            self.say(
                _("Trick: {cards} - won by {name}").format(
                    cards=_plays(game, trick.plays), name=names[trick.winner]
                )
            )
            if i < 7:  # phase 1: each hand took a stock card, clockwise from the winner
                order = game.order
                k = order.index(trick.winner)
                taken = zip(order[k:] + order[:k], game.dealt_stock[4 * i : 4 * i + 4], strict=True)
                for hand, card in taken:
                    if hand in (trick.winner, DUMMY, self.human):
                        self.say(
                            "  "
                            + _("{name} takes {card} from the stock").format(
                                name=names[hand], card=card.label
                            )
                        )
        self.shown = len(done)


class DummyCli(CliHook):
    """German Whist with a dummy's part of the command line."""

    terminal_bot = "rules"
    terminal_bot_per_seat = True
    story_at_end = True

    def check_players(self, players: int | None) -> None:
        if players not in (None, 3):
            raise SetupError(_("German Whist with a dummy is for exactly 3 players"))

    def analyse_refusal(self, game: Any) -> str | None:
        return _(
            "--analyse works only for Knock-Out Whist and German Whist for two: its solver "
            "knows nothing of a dummy played by its dealer"
        )

    def terminal_intro(self, game: Any) -> list[str]:
        return [
            _(
                "German Whist for three with a dummy: you deal, so you play your own cards "
                "and the dummy's; your side needs 7 of the 13 tricks."
            ),
            _("Type a card (like QS or 10h), 'undo', 'help' or 'quit'."),
        ]

    def describe(self, game: Any, seat: int) -> str:
        view = game.view(seat)
        names = game.names
        trump = view.trump.symbol if view.trump is not None else _("none")
        lines = [
            _("Trumps {t} - dealer {d}, who plays the dummy").format(t=trump, d=names[view.dealer])
        ]
        if view.stock_size:
            face_up = " ".join(c.label for c in view.face_up) or "-"
            lines.append(
                _("Stock: {n} cards, face up {cards}").format(n=view.stock_size, cards=face_up)
            )
        lines.append(
            _("Tricks: the dealer's side {a}, the other side {b}").format(
                a=view.side_tricks[0], b=view.side_tricks[1]
            )
        )
        if view.trick:
            lines.append(_("On the table: {cards}").format(cards=_plays(game, view.trick)))
        lines.append(
            _("The dummy, face up: {cards}").format(
                cards=" ".join(c.label for c in view.dummy) or "-"
            )
        )
        lines.append(
            _("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-")
        )
        return "\n".join(lines)

    def prompt(self, game: Any, seat: int) -> str:
        moves = " ".join(m.label for m in game.legal_moves())
        if game.hand_to_play == DUMMY:
            return _("Play from the dummy ({moves}): ").format(moves=moves)
        return _("Your play ({moves}): ").format(moves=moves)

    def story(self, game: Any, say: Callable[..., None], human: int) -> _Story:
        return _Story(game, say, human)

    def terminal_outro(self, game: Any) -> list[str]:
        return ["", hand_won_text(game)]

    def print_replay(
        self, record: dict[str, Any], result: dict[str, Any], text: ReplayText
    ) -> None:
        n = len(result["tricks"])
        line = ngettext(
            "{n} trick played; tricks won: the dealer's side {a}, the other side {b}",
            "{n} tricks played; tricks won: the dealer's side {a}, the other side {b}",
            n,
        )
        a, b = result["side_tricks"]
        text.say(line.format(n=n, a=a, b=b))
        if result["status"] == "over":
            won = ngettext(
                "Winners: {seats} ({points} point)",
                "Winners: {seats} ({points} points)",
                result["points"],
            )
            text.say(won.format(seats=text.seats(result["winners"]), points=result["points"]))
        else:
            text.outcome(result)
