"""Knock-Out Whist on the command line: its ``replay`` text (rounds, trumps, who was
knocked out) and its terminal game (:class:`KnockoutCli`, the game's ``cli`` hook)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.cards import Card
from ...core.hooks.cli import CliHook, ReplayText, plays_text, trick_text
from ...core.registry import spec_of
from ...i18n import _, ngettext
from .engine import KnockoutGame, Phase, Status, status_label

__all__ = ["KnockoutCli"]


class _Story:
    """The tricks played since the human last looked, told once each, and the end of
    each round as it comes: who is out or a dog and why, who chooses trumps and leads
    next (the teaching hook's ``explain_round``, as the app's table tells it)."""

    def __init__(self, game: KnockoutGame, say: Callable[..., None]) -> None:
        self.game, self.say = game, say
        self.round_seen = -1
        self.shown = 0

    def rewind(self) -> None:
        self.round_seen, self.shown = -1, 0

    def tell(self) -> None:
        game = self.game
        if game.round != self.round_seen:
            if 0 <= self.round_seen < game.round:
                self._round_over(self.round_seen)
            self.round_seen, self.shown = game.round, 0
        self._tricks(game.log)

    def _tricks(self, log: Any) -> None:
        """The finished tricks of the round ``log`` not told yet."""
        done = [t for t in log.tricks if t is not self.game.trick]
        for t in done[self.shown :]:
            self.say(trick_text(self.game, t))
        self.shown = len(done)

    def _round_over(self, index: int) -> None:
        """Round ``index`` is over (the game has gone on to the next): its last tricks,
        then what its end means."""
        game = self.game
        self._tricks(game.rounds[index])
        for line in spec_of(game).teaching.explain_round(game, index):
            self.say(line)


class KnockoutCli(CliHook):
    """Knock-Out Whist's part of the command line (random bots in the terminal)."""

    terminal_bot = "random"
    terminal_bot_per_seat = False
    story_at_end = True  # the last trick; the outro says who won and how

    def nobody_to_move(self, game: Any, record: dict[str, Any]) -> str:
        if not game.is_over() and not record.get("rounds"):
            return _("nothing has been dealt yet")
        return super().nobody_to_move(game, record)

    def print_replay(
        self, record: dict[str, Any], result: dict[str, Any], text: ReplayText
    ) -> None:
        say = text.say
        for i, rnd in enumerate(result.get("rounds", [])):
            trump = text.trump(rnd["trump"]) if rnd["trump"] else _("not chosen yet")
            say(
                ngettext(
                    "Round {r}: {h} card, dealer seat {d}, trumps {t}",
                    "Round {r}: {h} cards, dealer seat {d}, trumps {t}",
                    rnd["hand_size"],
                ).format(r=i + 1, h=rnd["hand_size"], d=rnd["dealer"], t=trump)
            )
            if rnd.get("declare"):
                say("  " + _("seat {seat} declared {call}").format(**rnd["declare"]))
            text.tricks(rnd["tricks"])
            say("  " + _("tricks won: {won}").format(won=text.sides(None, rnd["tricks_won"])))
            if rnd["eliminated"]:
                say("  " + _("knocked out: {seats}").format(seats=text.seats(rnd["eliminated"])))
            if rnd["dogs"]:
                say("  " + _("on a dog's chance: {seats}").format(seats=text.seats(rnd["dogs"])))
        text.outcome(result)

    # -------------------------------------------------------------------- play
    def terminal_intro(self, game: Any) -> list[str]:
        return [
            _("Knock-Out Whist: take at least one trick each round or you are out."),
            _("Type a card (like QS or 10h), 'undo', 'help' or 'quit'."),
        ]

    def describe(self, game: Any, seat: int) -> str:
        view = game.view(seat)
        trump = view.trump.symbol if view.trump is not None else _("none")
        lines = [
            ngettext(
                "Round {r}: {h} card - trumps {t} - dealer {d}",
                "Round {r}: {h} cards - trumps {t} - dealer {d}",
                view.hand_size,
            ).format(r=view.round + 1, h=view.hand_size, t=trump, d=game.names[view.dealer])
        ]
        won = ", ".join(
            f"{game.names[s]} {view.tricks_won[s]}"
            + ("" if st is Status.ACTIVE else f" ({status_label(st)})")
            for s, st in enumerate(view.statuses)
        )
        lines.append(_("Tricks: {won}").format(won=won))
        if view.trick:
            lines.append(_("On the table: {cards}").format(cards=plays_text(game, view.trick)))
        if view.hidden_cards:
            lines.append(_("Your hand: one face-down card (you are a blind dog)"))
        else:
            lines.append(
                _("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-")
            )
        return "\n".join(lines)

    def prompt(self, game: Any, seat: int) -> str:
        moves = game.legal_moves()
        if game.phase is Phase.CHOOSE_TRUMP:
            return _("Choose trumps ({moves}): ").format(moves=" ".join(m.code for m in moves))
        if game.phase is Phase.VOTE:
            return _("Vote for trumps ({moves}): ").format(moves=" ".join(m.code for m in moves))
        if game.phase is Phase.DECLARE:
            return _("Declare? ({moves}): ").format(moves=" ".join(m.code for m in moves))
        if game.view(seat).hidden_cards:  # a blind dog must not see their card
            return _("Your play (card = your face-down card, pass): ")
        return _("Your play ({moves}): ").format(
            moves=" ".join(m.label if isinstance(m, Card) else m.code for m in moves)
        )

    def read_move(self, game: Any, seat: int, text: str) -> str:
        if text.lower() == "card" and game.view(seat).hidden_cards:
            return game.legal_moves()[0].code  # the blind dog plays the card it cannot see
        return text

    def story(self, game: Any, say: Callable[..., None], human: int) -> _Story:
        return _Story(game, say)

    def terminal_outro(self, game: Any) -> list[str]:
        outcome = game.outcome()
        return [
            "",
            _("{name} won the game ({how}).").format(
                name=game.names[outcome.winner],
                how=_("took every trick of a round")
                if outcome.termination.value == "sweep"
                else _("fewest tricks over the game")
                if outcome.termination.value == "fewest_tricks"
                else _("last player standing"),
            ),
        ]
