"""Records of Spades, in the shape of every game played deal after deal, and what
``replay --json`` prints for them (docs/records.md)::

    {"format": "kowhist-record/1", "game": "spades", "players": 4,
     "rules": {"target": 300}, "first_dealer": 0,
     "deals": [{"hands": [[...], [...], [...], [...]],
                "actions": ["3", "0", "4", "2", "KH", "2H", ...]}]}

A deal holds the hands as dealt (seat order, 13 cards each) and every action in order:
first the four bids from the dealer's left, ``"0"`` (nil) … ``"13"``, then the cards
played. A record may stop anywhere; every deal but the last must be complete.

This module needs only the core (:mod:`kowhist_teach.core.deal_record` reads, replays
and reports the deals); Spades adds its report of a deal: the bids by seat, the tricks
and points by side (a side's result: seats 0 and 2 are side 0), each side's bags.

>>> from kowhist_teach.games.spades.engine import SpadesGame
>>> game = SpadesGame(seed=5)
>>> for _i in range(6):
...     game.play(game.legal_moves()[0])
>>> record = to_record(game)
>>> record['game'], record['deals'][0]['actions'][:5]
('spades', ['0', '0', '0', '0', 'AH'])
>>> to_record(game_from_record(record)) == record
True
>>> replay(record)['status']
'in_progress'
"""

from __future__ import annotations

from typing import Any

from ...core import deal_record
from ...core.cards import card_codes
from ...core.errors import IllegalMove, RecordError  # noqa: F401  (the doctests)
from ...core.hooks.record import RecordHook
from ...core.record import check_record
from .engine import SpadesGame, SpadesRules

__all__ = [
    "TOP_KEYS",
    "DEAL_KEYS",
    "SpadesReplayError",
    "to_record",
    "game_from_record",
    "replay",
    "SpadesRecord",
]

#: The top-level keys of a Spades record.
TOP_KEYS = frozenset({"format", "game", "players", "rules", "first_dealer", "deals"})
#: The keys of one deal.
DEAL_KEYS = frozenset({"hands", "actions"})


class SpadesReplayError(deal_record.DealReplayError):
    """A Spades record that breaks a rule; ``deal``, ``action`` and ``seat`` say where.

    >>> SpadesReplayError('must follow ♠', deal=1, action=4, seat=2).to_dict()
    {'deal': 1, 'action': 4, 'seat': 2, 'message': 'must follow ♠'}
    """


def _replay(record: Any) -> deal_record.Replayed:
    """Replay a record; raises :class:`RecordError` only."""
    check_record(record)

    def new_game() -> SpadesGame:
        return SpadesGame(
            record["players"],
            SpadesRules.from_dict(record.get("rules")),
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
        )

    def replay_one(game: SpadesGame, deal: dict[str, Any], d: int) -> Any:
        return deal_record.replay_deal(
            game, deal, d, SpadesReplayError, lambda: game.deal(deal["hands"])
        )

    return deal_record.replay_deals(record, new_game, replay_one, SpadesReplayError)


def game_from_record(record: Any) -> SpadesGame:
    """The game a record describes, replayed to its last action (when a deal is over,
    the next waits for :meth:`~kowhist_teach.games.spades.engine.SpadesGame.deal`).
    Raises :class:`RecordError` for something that is not a record and
    :class:`SpadesReplayError` for the first thing that breaks a rule.

    >>> rec = {'format': 'kowhist-record/1', 'game': 'spades', 'players': 3}
    >>> try:
    ...     game_from_record(rec)
    ... except IllegalMove as e:
    ...     print(e)
    Spades is for 4 players, not 3
    """
    return _replay(record).game_or_error()


def to_record(game: SpadesGame) -> dict[str, Any]:
    """The record of a game: its setup, every deal's hands and every action so far."""

    def write_deal(event: tuple[Any, ...], deals: list[dict[str, Any]]) -> None:
        deals.append({"hands": [card_codes(h) for h in event[1]], "actions": []})

    return deal_record.deals_record(game, write_deal)


def _deal_json(game: SpadesGame, d: int, scores: list[int] | None) -> dict[str, Any]:
    log = game.deals[d]
    return {
        "number": log.number,
        "dealer": log.dealer,
        "trump": "S",
        "bids": list(log.bids),
        "calls": [[seat, move.code] for seat, move in log.calls],
        "leader": log.leader,
        "tricks": deal_record.complete_tricks(log, 4),
        "tricks_won": log.side_tricks,
        "seat_tricks": list(log.tricks_won),
        "points": list(log.points) if log.points is not None else None,
        "bags": [side.bags for side in log.sides] if log.sides is not None else None,
        "scores": scores,
    }


def replay(data: Any) -> dict[str, Any]:
    """What ``kowhist-teach replay --json`` prints for a Spades record; never raises.

    ``winner`` is a side (0: seats 0 and 2; 1: seats 1 and 3; ``null`` until the end),
    ``scores`` the sides' running totals; each deal lists its bids by seat, its tricks,
    ``tricks_won`` and ``points`` by side, ``seat_tricks`` by seat, and each side's
    ``bags`` after it (docs/records.md).

    >>> hands = [['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', '6S', '5S', '4S', '3S',
    ...           '2S'], [f'{r}H' for r in 'A K Q J 10 9 8 7 6 5 4 3 2'.split()],
    ...          [f'{r}D' for r in 'A K Q J 10 9 8 7 6 5 4 3 2'.split()],
    ...          [f'{r}C' for r in 'A K Q J 10 9 8 7 6 5 4 3 2'.split()]]
    >>> rec = {'format': 'kowhist-record/1', 'game': 'spades', 'players': 4,
    ...        'deals': [{'hands': hands, 'actions': ['4', '3', '0', '13']}]}
    >>> out = replay(rec)
    >>> out['status'], out['deals'][0]['bids'], out['error']['action']
    ('error', [None, 4, 3, 0], 3)
    >>> print(out['error']['message'])
    partners bid 13 tricks at most together: your partner bid 3, so bid at most 10
    """
    return deal_record.deals_result(data, _replay, SpadesReplayError, _deal_json)


class SpadesRecord(RecordHook):
    """Spades' record hook (:mod:`kowhist_teach.core.hooks.record`): ``deals``, each
    with its hands and its actions; errors say ``deal``.

    >>> SpadesRecord().not_a_record('bad JSON')['error']['deal'] is None
    True
    """

    top_keys = TOP_KEYS
    parts_key = "deals"
    error_place = "deal"

    def check_shape(self, data: dict[str, Any]) -> None:
        deal_record.check_deals(data, {})

    def to_record(self, game: Any) -> dict[str, Any]:
        return to_record(game)

    def game_from_record(self, data: dict[str, Any]) -> Any:
        return game_from_record(data)

    def replay(self, data: dict[str, Any]) -> dict[str, Any]:
        return replay(data)

    def not_a_record(self, message: str) -> dict[str, Any]:
        return deal_record.deals_error_result(SpadesReplayError(message))
