"""German Whist on the command line (:class:`GermanCli`, the game's ``cli`` hook): its
``replay`` text, and the terminal game — one hand, or a match with ``--match 3`` or
``--match 5`` (:meth:`GermanCli.new_game`) — you are seat 0, the rules bot seat 1.

>>> from kowhist_teach.games.german.match import GermanMatch
>>> print(GermanCli().describe(GermanMatch(match=3, seed=1), 0).splitlines()[0])
Hand 1 of a match, best of 3 — hands won: Player 1: 0 · Player 2: 0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.cards import Card
from ...core.errors import SetupError
from ...core.hooks.cli import CliHook, ReplayText, trick_text
from ...core.words import score_list
from ...i18n import _, ngettext
from .match import GermanMatch, german_game

__all__ = ["GermanCli"]


class _Story:
    """Tells the tricks finished since the human last looked, what the winner took
    from the stock (face up: everybody saw it) and, to the human, what they drew; and a
    new hand of a match."""

    def __init__(self, game: Any, say: Callable[..., None], human: int) -> None:
        self.game, self.say, self.human = game, say, human
        self.hand_seen, self.shown = 0, 0

    def rewind(self) -> None:
        self.hand_seen, self.shown = 0, 0

    def tell(self) -> None:
        game = self.game
        number = getattr(game, "hand_number", 1)
        hand = game.games[-1] if isinstance(game, GermanMatch) else game
        if number != self.hand_seen:
            if self.hand_seen and isinstance(game, GermanMatch):
                finished = game.games[self.hand_seen - 1]
                self._tricks(finished)  # its last trick, played since the human looked
                self._hand_over(finished)
            self.hand_seen, self.shown = number, 0
        self._tricks(hand)

    def _tricks(self, hand: Any) -> None:
        """The finished tricks of ``hand`` not told yet, with what each side drew."""
        done = [t for t in hand.tricks if len(t.plays) == 2]
        for i in range(self.shown, len(done)):
            self.say(trick_text(hand, done[i]))
            won, lost = hand.winner_took[i], hand.loser_took[i]
            winner = done[i].winner
            if won is not None:
                self.say(
                    "  "
                    + _("{name} takes {card} from the stock").format(
                        name=hand.names[winner], card=won.label
                    )
                )
            if lost is not None and 1 - winner == self.human:
                self.say("  " + _("You draw {card}").format(card=lost.label))
        self.shown = len(done)

    def _hand_over(self, hand: Any) -> None:
        outcome = hand.outcome()
        if outcome is None:
            return
        self.say()
        self.say(_hand_result(hand, outcome))


def _hand_result(hand: Any, outcome: Any) -> str:
    won = ", ".join(f"{hand.names[s]} {t}" for s, t in enumerate(outcome.tricks_won))
    if outcome.winner is None:
        return _("The hand is drawn ({won}): an extra hand is played.").format(won=won)
    return _("{name} wins the hand ({won}).").format(name=hand.names[outcome.winner], won=won)


class GermanCli(CliHook):
    """German Whist's part of the command line."""

    terminal_bot = "rules"
    terminal_bot_per_seat = True
    story_at_end = True

    def new_game(self, game_spec: Any, match: int | None = None, **options: Any) -> Any:
        """One hand, or a match of ``match`` hands (``--match``)."""
        return german_game(match=match or 1, **options)

    def check_players(self, players: int | None) -> None:
        if players not in (None, 2):
            raise SetupError(_("German Whist is for exactly 2 players"))

    # -------------------------------------------------------------------- play
    def terminal_intro(self, game: Any) -> list[str]:
        lines = [
            _("German Whist: win good cards from the stock, then win most of the 26 tricks."),
            _("Type a card (like QS or 10h), 'undo', 'help' or 'quit'."),
        ]
        if isinstance(game, GermanMatch):
            lines.insert(1, _("A match, best of {n} hands").format(n=game.match))
        return lines

    def describe(self, game: Any, seat: int) -> str:
        view = game.view(seat)
        names = game.names
        lines = []
        if isinstance(game, GermanMatch):
            lines.append(
                _("Hand {h} of a match, best of {n} — hands won: {won}").format(
                    h=game.hand_number, n=game.match, won=score_list(names, game.hands_won)
                )
            )
        trump = view.trump.symbol if view.trump is not None else _("none")
        lines.append(_("Trumps {t} - dealer {d}").format(t=trump, d=names[view.dealer]))
        if view.stock_size:
            face_up = " ".join(c.label for c in view.face_up) or "-"
            lines.append(
                _("Stock: {n} cards, face up {cards}").format(n=view.stock_size, cards=face_up)
            )
        tricks = ", ".join(f"{names[s]} {t}" for s, t in enumerate(view.tricks_won))
        lines.append(_("Tricks: {won}").format(won=tricks))
        if view.trick:
            cards = ", ".join(f"{names[s]} {c.label}" for s, c in view.trick)
            lines.append(_("On the table: {cards}").format(cards=cards))
        lines.append(
            _("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-")
        )
        return "\n".join(lines)

    def prompt(self, game: Any, seat: int) -> str:
        moves = game.legal_moves()
        return _("Your play ({moves}): ").format(
            moves=" ".join(m.label if isinstance(m, Card) else m.code for m in moves)
        )

    def story(self, game: Any, say: Callable[..., None], human: int) -> _Story:
        return _Story(game, say, human)

    def terminal_outro(self, game: Any) -> list[str]:
        outcome = game.outcome()
        names = game.names
        if isinstance(game, GermanMatch):
            last = game.games[-1]
            return [
                "",
                _hand_result(last, last.outcome()),
                _("{name} wins the match {a}-{b}.").format(
                    name=names[outcome.winner],
                    a=outcome.hands_won[outcome.winner],
                    b=outcome.hands_won[1 - outcome.winner],
                ),
            ]
        return ["", _hand_result(game, outcome)]

    def print_replay(
        self, record: dict[str, Any], result: dict[str, Any], text: ReplayText
    ) -> None:
        if "match" in result:  # a match: each hand, then the match score
            hands = len(result["hands"])
            text.say(_("A match, best of {n} hands").format(n=result["match"] or "?"))
            for h, hand in enumerate(result["hands"], 1):
                text.say(_("Hand {h}").format(h=h) + ": " + self._hand_line(hand, text))
            if hands:
                text.say(_("Hands won: {won}").format(won=text.sides(None, result["hands_won"])))
            text.outcome(result)
            return
        text.say(self._hand_line(result, text))
        text.outcome(result)

    @staticmethod
    def _hand_line(result: dict[str, Any], text: ReplayText) -> str:
        n = len(result["tricks"])
        line = ngettext(
            "{n} trick played; tricks won: {won}", "{n} tricks played; tricks won: {won}", n
        )
        return line.format(n=n, won=text.sides(None, result["tricks_won"]))
