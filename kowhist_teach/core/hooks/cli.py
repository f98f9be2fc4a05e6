"""The command-line hook: what a game says in the ``kowhist-teach`` command (DESIGN §4)
that no other game says — how its ``replay`` text reads, and how a game of it is played
in the terminal.

The command line (:mod:`kowhist_teach.cli`) does the generic part — reading the record,
the tricks and the error lines of ``replay``, the prompt loop of ``play`` with ``undo``,
``help`` and ``quit`` — and asks ``spec(name).cli``, a :class:`CliHook`, for the rest. A
game package fills it in at its bottom: ``SPEC.hooks["cli"] = KnockoutCli()``.

The replay text is written through a :class:`ReplayText` the command line hands over
(it holds the shared wording: trumps, seats, tricks), so a game never imports the
layers above it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Protocol

from ...i18n import _
from ..cards import Card
from ..errors import SetupError
from ..partnerships import Partnerships

__all__ = ["CliHook", "ReplayText", "TerminalStory", "plays_text", "trick_text"]


class ReplayText(Protocol):
    """The shared wording of ``replay``'s text, given to :meth:`CliHook.print_replay`."""

    def say(self, line: str = "") -> None:
        """Print one line on stdout."""

    def trump(self, code: str | None) -> str:
        """A trump of ``replay --json`` in words: "♦ diamonds", "no trumps", "none"."""

    def sides(self, partnerships: Partnerships | None, values: list[int]) -> str:
        """Values by side of ``partnerships`` ("seats 0 and 2: 7, seats 1 and 3: 6"),
        or by seat ("seat 0: 7, seat 1: 6") when it is ``None``."""

    def seats(self, seats: list[int]) -> str:
        """ "seat 2" or "seats 0, 3"."""

    def tricks(self, tricks: list[dict[str, Any]]) -> None:
        """Print the tricks of a round or deal of ``replay --json``, one line each."""

    def outcome(self, result: dict[str, Any]) -> None:
        """Print the last line of a hand or game won by a seat: the winner, a draw,
        "still in progress", or the error (see :meth:`error`)."""

    def error(self, err: dict[str, Any]) -> None:
        """Print the ``error`` object of ``replay --json`` on stderr, saying where."""


class TerminalStory(Protocol):
    """What the table has seen in a terminal game, told once (and again after undo)."""

    def tell(self) -> None:
        """Say what happened since the last call (tricks, calls, scores), and the end
        of each round, hand or deal as it comes (who is out, who chooses trumps, who
        won the hand, the points): ``play`` tells nothing of it itself."""

    def rewind(self) -> None:
        """After an undo: tell the part in progress again from its start."""


class CliHook(ABC):
    """A game's part of the command line."""

    #: Whether ``kowhist-teach play --game <name>`` plays this game in the terminal.
    plays_in_terminal: bool = True
    #: The bot that plays the other seats in the terminal (a name of ``simulate``'s).
    terminal_bot: str = "random"
    #: Each bot seat gets its own bot (seeded ``seed * 1000 + seat``) rather than all
    #: sharing one (seeded ``seed``).
    terminal_bot_per_seat: bool = False
    #: Tell the story once more when the game is over (the last trick, the last score).
    story_at_end: bool = True

    # ------------------------------------------------------------------ replay
    @abstractmethod
    def print_replay(
        self, record: dict[str, Any], result: dict[str, Any], text: ReplayText
    ) -> None:
        """Print ``replay``'s text for ``record`` from its ``replay --json`` ``result``."""

    def new_game(self, game_spec: Any, match: int | None = None, **options: Any) -> Any:
        """The game ``play`` and ``simulate`` start (``options``: ``players``, ``rules``,
        ``seed``, ``first_dealer``); ``match`` is ``--match``, the hands of a match, for
        a game that plays matches. Default: ``game_spec.new_game``, and no matches."""
        if match not in (None, 1):
            raise SetupError(
                _("--match is for German Whist: {game} has no matches").format(
                    game=game_spec.display_name()
                )
            )
        return game_spec.new_game(**options)

    def check_players(self, players: int | None) -> None:
        """Raise a one-line :class:`~kowhist_teach.core.errors.SetupError` if the game
        is not for ``players`` (``None``: the default); the engine checks the rest."""
        return None

    def nobody_to_move(self, game: Any, record: dict[str, Any]) -> str:
        """Why nobody is to move where a record stops, in a few words."""
        if game.is_over():
            return _("the game is over")
        return _("the round is over, and the record holds no next round")

    def analyse_refusal(self, game: Any) -> str | None:
        """Why ``explain --analyse`` cannot analyse this game (``None``: it can)."""
        return None

    # -------------------------------------------------------------------- play
    def terminal_intro(self, game: Any) -> list[str]:
        """The first lines of a terminal game: what the game is, how to type a move."""
        return []

    def describe(self, game: Any, seat: int) -> str:
        """The position as ``seat`` sees it, before their prompt (several lines)."""
        raise NotImplementedError

    def prompt(self, game: Any, seat: int) -> str:
        """The prompt for ``seat``'s move, listing the moves open to them."""
        raise NotImplementedError

    def read_move(self, game: Any, seat: int, text: str) -> str:
        """The move ``seat`` typed, as ``game.play`` reads it (e.g. a blind dog's
        ``card`` becomes the card it cannot see)."""
        return text

    def help_lines(self, game: Any) -> list[str]:
        """What ``help`` says besides how to type a card."""
        return []

    #: Whether ``help`` also lists every move open, legal or not, with the reason.
    help_lists_moves: bool = False

    def story(self, game: Any, say: Callable[..., None], human: int) -> TerminalStory:
        """The teller of what the bots did since the human last looked."""
        raise NotImplementedError

    def terminal_outro(self, game: Any) -> list[str]:
        """The last lines of a finished terminal game: who won, and how."""
        return []


def plays_text(game: Any, plays: list[tuple[int, Card]]) -> str:
    """Cards played, each with its player: "Ann K♠, Bo 2♠"."""
    return ", ".join(f"{game.names[s]} {c.label}" for s, c in plays)


def trick_text(game: Any, trick: Any) -> str:
    """A finished trick in one line, with who won it."""
    return _("Trick: {cards} - won by {name}").format(
        cards=plays_text(game, trick.plays), name=game.names[trick.winner]
    )
