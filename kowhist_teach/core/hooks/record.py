"""The record hook: a game's part of ``kowhist-record/1`` (DESIGN §3, §4).

:mod:`kowhist_teach.core.record` reads any record up to its ``"game"`` key (the format
tag, the players, the rule options, the first dealer); everything after that is the
game's, asked through ``spec(data["game"]).record``, an instance of
:class:`RecordHook`. A game package fills it in at its bottom::

    SPEC.hooks["record"] = KnockoutRecord()

A record's actions live in one of two shapes, and the hook says which with
:attr:`RecordHook.parts_key`: a list of parts (``"rounds"`` in Knock-Out Whist,
``"deals"`` in the whist family), each with its own ``"actions"``; or one ``"actions"``
list at the top (German Whist, one hand: ``parts_key = None``). The generic cut of a
record after its Nth action (:meth:`RecordHook.record_at`, ``explain --at N``) works on
either shape.

>>> import kowhist_teach
>>> from kowhist_teach.core.registry import spec
>>> hook = spec("knockout").record
>>> sorted(hook.top_keys)[:3], hook.parts_key, hook.error_place
(['first_dealer', 'format', 'game'], 'rounds', 'round')
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from typing import Any

__all__ = ["RecordHook", "COMMON_KEYS", "not_a_record_result"]

#: The keys every game's record has at its top (the game adds its own).
COMMON_KEYS = frozenset({"format", "game", "players", "rules", "first_dealer"})


class RecordHook(ABC):
    """A game's part of a record: its keys, its shape, writing, replaying, reporting.

    The generic reader (:func:`kowhist_teach.core.record.check_record`) has already
    checked the format tag, the game's name, the top-level keys against
    :attr:`top_keys`, ``players``, ``rules`` (against the spec's rule class) and
    ``first_dealer`` when :meth:`check_shape` is called; the other methods are called
    only with records that passed :meth:`check_shape`.
    """

    #: Every key the game's record may hold at its top (``format``, ``game`` … included).
    top_keys: frozenset[str] = COMMON_KEYS
    #: The top-level key of the list of parts (rounds, deals) that hold the actions, or
    #: ``None`` when the record has one ``actions`` list at its top.
    parts_key: str | None = None
    #: The name of the first place in a ``replay --json`` error object (``"round"`` or
    #: ``"deal"``): ``{"<place>": r, "action": a, "seat": s, "message": m}``.
    error_place: str = "round"

    @abstractmethod
    def check_shape(self, data: dict[str, Any]) -> None:
        """Check the game's own keys and value types (not yet the rules); raise a
        one-line :class:`~kowhist_teach.core.errors.RecordError` if it is not a record."""

    @abstractmethod
    def to_record(self, game: Any) -> dict[str, Any]:
        """The record of ``game`` (its setup and every action so far), ready for
        ``json.dump``; replaying it gives the same game."""

    @abstractmethod
    def game_from_record(self, data: dict[str, Any]) -> Any:
        """The game ``data`` describes, replayed up to where the record stops. Raises
        :class:`~kowhist_teach.core.record.ReplayError` (where: round or deal, action,
        seat) for the first thing that breaks a rule."""

    @abstractmethod
    def replay(self, data: dict[str, Any]) -> dict[str, Any]:
        """The ``replay --json`` object of a shape-checked record; never raises for a
        record that breaks a rule (``"status": "error"`` and an ``error`` object)."""

    def not_a_record(self, message: str) -> dict[str, Any]:
        """The ``replay --json`` object for a file of this game that is not a record at
        all (``message`` says why). The default is :func:`not_a_record_result`."""
        return not_a_record_result(message)

    def action_lists(self, data: dict[str, Any]) -> list[list[Any]]:
        """The actions of each part (round, deal) of a record in order; one list when
        the record has its actions at the top."""
        if self.parts_key is None:
            return [data.get("actions", [])]
        return [part.get("actions", []) for part in data.get(self.parts_key, [])]

    def record_at(self, data: dict[str, Any], at: int) -> dict[str, Any]:
        """A copy of ``data`` cut after its first ``at`` actions (``0 <= at <=`` the
        number of actions), counted over the whole record. A cut at the end of a part
        keeps the next part, if any, with no action yet: the moment after the Nth
        action is the start of the next round, where somebody is to move."""
        cut = copy.deepcopy(data)
        if self.parts_key is None:
            cut["actions"] = cut.get("actions", [])[:at]
            return cut
        kept: list[dict[str, Any]] = []
        left = at
        for part in cut.get(self.parts_key, []):
            actions = part.get("actions", [])
            if left < len(actions):
                kept.append({**part, "actions": actions[:left]})
                break
            kept.append(part)
            left -= len(actions)
        if self.parts_key in cut:
            cut[self.parts_key] = kept
        return cut


def not_a_record_result(message: str) -> dict[str, Any]:
    """The ``replay --json`` object for a file that is not a record at all (in
    Knock-Out Whist's shape, which is also the shape for a file naming no known game).

    >>> not_a_record_result("bad JSON")["error"]
    {'round': None, 'action': None, 'seat': None, 'message': 'bad JSON'}
    """
    return {
        "status": "error",
        "winner": None,
        "rounds": [],
        "error": {"round": None, "action": None, "seat": None, "message": message},
    }
