"""What every trick-taking game here shares beyond the trick itself: checking a move
before it is made, the history of moves with undo and clone, and the outcome.

A game keeps ``_log``, every move and chance event in order (chance events are
tuples), and rebuilds itself from it in ``_rebuild`` — so undo and clone are exact.

>>> from kowhist_teach import KnockoutGame
>>> g = KnockoutGame(3, seed=1)
>>> move = g.legal_moves()[0]
>>> g.play(move); g.moves == [move], g.undo() == move, g.moves
(True, True, [])
"""

from __future__ import annotations

import copy
from dataclasses import fields, replace
from typing import Any

from ..i18n import N_, _
from .cards import BadCard, Card, cards_in
from .errors import IllegalMove, SetupError
from .moves import Move, parse_move
from .registry import spec_of

__all__ = ["TrickGame", "RuleOptions", "check_rule_options", "read_players", "hand_names"]


def read_players(players: Any) -> tuple[int, list[str] | None]:
    """A game's ``players`` argument: a count, or a list of names (then their number).
    Raises :class:`SetupError` for anything else; each game checks the count.

    >>> read_players(3), read_players(["Ann", "Ben"])
    ((3, None), (2, ['Ann', 'Ben']))
    """
    if isinstance(players, int) and not isinstance(players, bool):
        return players, None
    if isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        return len(players), list(players)
    raise SetupError(_("players must be a number or a list of names"))


def hand_names(game: Any) -> list[str]:
    """The name of every hand that plays to a trick, by the number a trick's plays
    use: the game's ``hand_names`` where its spec declares a ``dummy`` (a hand that is
    no player's), else its players' ``names``.

    >>> from kowhist_teach import KnockoutGame
    >>> hand_names(KnockoutGame(2, seed=1))
    ['Player 1', 'Player 2']
    """
    return list(game.hand_names if spec_of(game).dummy else game.names)


def check_rule_options(rules_class: type, options: Any) -> dict[str, Any]:
    """A record's ``rules`` object, checked: a dict whose keys are all options of
    ``rules_class`` (a dataclass); raises :class:`SetupError` naming the known ones.

    >>> from kowhist_teach import Rules
    >>> check_rule_options(Rules, {"dogs_chance": True})
    {'dogs_chance': True}
    """
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise SetupError(_("rules must be an object of options"))
    known = {f.name for f in fields(rules_class)}
    for key in options:
        if key not in known:
            raise SetupError(
                _("unknown rule option {key!r}: known options are {known}").format(
                    key=key, known=", ".join(sorted(known))
                )
            )
    return options


class RuleOptions:
    """What the rules of the games share: reading a record's ``rules`` object, writing
    back the options that differ from the defaults, and checking option types.
    Subclasses are frozen dataclasses whose every option has a default.
    """

    @classmethod
    def from_dict(cls, options: dict[str, Any] | None) -> Any:
        """Rules from a record's ``rules`` object; an unknown option is an error."""
        return cls(**check_rule_options(cls, options))

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (what a record's ``rules`` holds)."""
        default = type(self)()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def with_options(self, **changes: Any) -> Any:
        """A copy with some options changed."""
        return replace(self, **changes)  # type: ignore[type-var]

    def _check_bool(self, name: str) -> None:
        value = getattr(self, name)
        if not isinstance(value, bool):
            raise SetupError(
                _("rule option {name} must be true or false, not {value!r}").format(
                    name=name, value=value
                )
            )


class TrickGame:
    """The base of :class:`~kowhist_teach.games.knockout.engine.KnockoutGame` and
    :class:`~kowhist_teach.games.german.engine.GermanGame`.

    A subclass provides ``_log``, ``_outcome``, ``to_move``, ``hands``, ``names``,
    ``legal_moves()``, ``why_illegal()``, ``_reset()``, ``_apply(move)`` and either
    ``_replay_chance(event)`` (with ``_rng``, for :meth:`_rebuild`) or its own
    ``_rebuild(events)``.
    """

    __slots__ = ()

    #: How a move's text becomes a move (German Whist allows cards only).
    _parse_move = staticmethod(parse_move)
    #: Why nobody may move before chance has acted.
    _waiting_for_chance = N_("no player is to move: chance (a deal or a cut) comes first")

    def outcome(self) -> Any:
        """``None`` while the game goes on; then who won and how."""
        return self._outcome

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._outcome is not None

    @property
    def moves(self) -> list[Move]:
        """Every move made so far, in order (chance events left out)."""
        return [e for e in self._log if not isinstance(e, tuple)]

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (the full state: every hand is visible here)."""
        return cards_in(self.hands[seat])

    def undo(self) -> Move:
        """Take back the last move (and any chance that followed it); returns it."""
        last = max((i for i, e in enumerate(self._log) if not isinstance(e, tuple)), default=-1)
        if last < 0:
            raise IllegalMove(_("there is no move to undo"))
        move = self._log[last]
        self._rebuild(self._log[:last])
        return move

    def clone(self) -> Any:
        """An independent copy of the game."""
        # A shallow copy shares only the settings (rules, names, seat tables), which
        # never change; replaying the log then rebuilds every piece of game state.
        other = copy.copy(self)
        other._rebuild(list(self._log))
        return other

    def _rebuild(self, events: list[Any]) -> None:
        """Start afresh and make ``events`` again: chance events come from the log
        (:meth:`_replay_chance`), not from the generator ``_rng``."""
        rng = self._rng
        self._rng = None
        self._log = []
        self._reset()
        try:
            for e in events:
                self._log.append(e)
                if isinstance(e, tuple):
                    self._replay_chance(e)
                else:
                    self._apply(e)
        finally:
            self._rng = rng

    def _replay_chance(self, event: tuple[Any, ...]) -> None:
        """Make a logged chance event again (a deal)."""
        raise NotImplementedError

    def _check(self, move: Move | str, seat: int | None) -> Move:
        """The move, parsed and checked; raises :class:`IllegalMove` saying why."""
        if self._outcome is not None:
            raise IllegalMove(_("the game is over"))
        try:
            move = self._parse_move(move)
        except BadCard as e:
            raise IllegalMove(str(e)) from None
        if self.to_move is None:
            raise IllegalMove(_(self._waiting_for_chance))
        if seat is not None and seat != self.to_move:
            raise IllegalMove(
                _("it is {name}'s turn, not {other}'s").format(
                    name=self.names[self.to_move], other=self._seat_name(seat)
                )
            )
        if move not in self.legal_moves():
            raise IllegalMove(self.why_illegal(move))
        return move

    def _seat_name(self, seat: object) -> str:
        names = self.names
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return _("seat {seat}").format(seat=seat)
