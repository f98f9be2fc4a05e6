"""German Whist on the command line: its ``replay`` text (:class:`GermanCli`, the
game's ``cli`` hook). It has no terminal game yet."""

from __future__ import annotations

from typing import Any

from ...core.errors import SetupError
from ...core.hooks.cli import CliHook, ReplayText
from ...i18n import _, ngettext

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
        n = len(result["tricks"])
        line = ngettext(
            "{n} trick played; tricks won: {won}", "{n} tricks played; tricks won: {won}", n
        )
        text.say(line.format(n=n, won=text.sides(False, result["tricks_won"])))
        text.outcome(result)
