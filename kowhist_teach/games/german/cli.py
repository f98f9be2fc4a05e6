"""German Whist on the command line: its ``replay`` text (:class:`GermanCli`, the
game's ``cli`` hook). It has no terminal game yet."""

from __future__ import annotations

from typing import Any

from ...core.errors import SetupError
from ...core.hooks.cli import CliHook, ReplayText
from ...i18n import _, is_plural

__all__ = ["GermanCli"]


class GermanCli(CliHook):
    """German Whist's part of the command line."""

    plays_in_terminal = False

    def check_players(self, players: int | None) -> None:
        if players not in (None, 2):
            raise SetupError(_("German Whist is for exactly 2 players"))

    def print_replay(
        self, record: dict[str, Any], result: dict[str, Any], text: ReplayText
    ) -> None:
        if "match" in result:  # a match: each hand, then the match score
            hands = len(result["hands"])
            text.say(_("A match, best of {n} hands").format(n=result["match"] or "?"))
            for h, hand in enumerate(result["hands"], 1):
                text.say(_("Hand {h}").format(h=h) + ": " + self._hand_line(hand, text))
            if hands:
                text.say(_("Hands won: {won}").format(won=text.sides(False, result["hands_won"])))
            text.outcome(result)
            return
        text.say(self._hand_line(result, text))
        text.outcome(result)

    @staticmethod
    def _hand_line(result: dict[str, Any], text: ReplayText) -> str:
        n = len(result["tricks"])
        line = (
            _("{n} tricks played; tricks won: {won}")
            if is_plural(n)
            else _("{n} trick played; tricks won: {won}")
        )
        return line.format(n=n, won=text.sides(False, result["tricks_won"]))
