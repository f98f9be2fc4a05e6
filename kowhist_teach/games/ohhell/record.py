"""Records of Oh Hell, in the whist family's shape, and what ``replay --json`` prints
for them (docs/records.md)::

    {"format": "kowhist-record/1", "game": "ohhell",
     "players": 4, "rules": {"hand_sizes": [3, 2, 1]}, "first_dealer": 0,
     "deals": [{"hands": [[...], [...], [...], [...]], "trump_card": "7D",
                "actions": ["1", "0", "2", "0", "AS", "3S", ...]}]}

A deal holds the hands as dealt (seat order), the card turned up (``null`` when the
hands use up the pack) and every action in order: first the bids, ``"0"`` … ``"13"``
from the dealer's left, then the cards played. A record may stop anywhere; every deal
but the last must be complete. ``rules``, ``first_dealer`` and ``actions`` may be left
out (the defaults, dealer 0, no action yet).

This module needs only the core: the reading, replaying and reporting of deals that
every game played deal after deal shares is :mod:`kowhist_teach.core.deal_record`'s;
here are Oh Hell's own parts (its deal's ``trump_card``, its report of a deal, the
``winners`` of a shared win).

>>> from kowhist_teach.games.ohhell.engine import OhHellGame, OhHellRules
>>> game = OhHellGame(3, OhHellRules(hand_sizes=[2, 1]), seed=5)
>>> for _i in range(5):
...     game.play(game.legal_moves()[0])
>>> record = to_record(game)
>>> record['game'], len(record['deals']), record['deals'][0]['actions'][:3]
('ohhell', 1, ['0', '0', '0'])
>>> to_record(game_from_record(record)) == record
True
>>> replay(record)['status']
'in_progress'
"""

from __future__ import annotations

from typing import Any

from ...core import deal_record
from ...core.cards import card_codes
from ...core.errors import IllegalMove, RecordError  # noqa: F401  (IllegalMove: the doctests)
from ...core.hooks.record import RecordHook
from ...core.record import FORMAT, check_record
from ...i18n import _
from .engine import OhHellGame, OhHellRules

__all__ = [
    "GAME",
    "TOP_KEYS",
    "DEAL_KEYS",
    "OhHellReplayError",
    "check_shape",
    "to_record",
    "game_from_record",
    "replay",
    "OhHellRecord",
]

#: The record's ``"game"`` value.
GAME = "ohhell"
#: The top-level keys of an Oh Hell record.
TOP_KEYS = frozenset({"format", "game", "players", "rules", "first_dealer", "deals"})
#: The keys of one deal.
DEAL_KEYS = frozenset({"hands", "trump_card", "actions"})


class OhHellReplayError(deal_record.DealReplayError):
    """An Oh Hell record that breaks a rule; ``deal``, ``action`` and ``seat`` say where
    (0-based; ``None`` where the players, the rules or a whole deal are at fault).

    >>> OhHellReplayError('must follow ♠', deal=1, action=4, seat=2).to_dict()
    {'deal': 1, 'action': 4, 'seat': 2, 'message': 'must follow ♠'}
    """


# --------------------------------------------------------------------------- shape
def check_shape(data: Any) -> None:
    """Check an Oh Hell record's shape: format tag, game, known keys, value types.
    Raises :class:`~kowhist_teach.core.errors.RecordError` (not a record: exit status 2);
    the rules are checked when it is replayed.

    >>> try:
    ...     check_shape({'format': 'kowhist-record/1', 'game': 'ohhell', 'players': 4,
    ...                  'deals': [{'hands': [], 'trump': 'H'}]})
    ... except RecordError as e:
    ...     print(e)
    unknown key 'trump' in deal 0: known keys are actions, hands, trump_card
    """
    if isinstance(data, dict) and data.get("format") == FORMAT and data.get("game") != GAME:
        raise RecordError(
            _("unknown game {game!r}: this version replays {known}").format(
                game=data.get("game"), known=GAME
            )
        )
    check_record(data)  # the common checks, then the hook's: the deals (_check_deals)


def _check_deals(data: dict[str, Any]) -> None:
    """The deals of an Oh Hell record: hands, actions, and a turned-up card or null."""
    deal_record.check_deals(data, {"trump_card": "card or null"})


# ------------------------------------------------------------------------ replaying
def _replay(record: Any) -> deal_record.Replayed:
    """Replay a record; raises :class:`RecordError` only."""
    check_shape(record)

    def new_game() -> OhHellGame:
        return OhHellGame(
            record["players"],
            OhHellRules.from_dict(record.get("rules")),
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
        )

    return deal_record.replay_deals(record, new_game, _replay_deal, OhHellReplayError)


def _replay_deal(
    game: OhHellGame, deal: dict[str, Any], d: int
) -> deal_record.DealReplayError | None:
    return deal_record.replay_deal(
        game, deal, d, OhHellReplayError, lambda: game.deal(deal["hands"], deal.get("trump_card"))
    )


def game_from_record(record: Any) -> OhHellGame:
    """The game a record describes, replayed to its last action (dealt with
    ``auto_chance=False``: when a deal is over, the next waits for
    :meth:`~kowhist_teach.games.ohhell.engine.OhHellGame.deal`).

    Raises :class:`RecordError` for something that is not a record and
    :class:`OhHellReplayError` (an :class:`IllegalMove`) for bad players or rule
    values, a bad deal, or the first action that breaks a rule.

    >>> rec = {'format': 'kowhist-record/1', 'game': 'ohhell', 'players': 3}
    >>> game_from_record(rec).chance_pending
    'deal'
    >>> try:
    ...     game_from_record({**rec, 'players': 8})
    ... except IllegalMove as e:
    ...     print(e)
    Oh Hell is for 3 to 7 players, not 8
    """
    return _replay(record).game_or_error()


# ------------------------------------------------------------------------- writing
def to_record(game: OhHellGame) -> dict[str, Any]:
    """The record of a game: its setup, every deal (the hands in the order they were
    given, the card turned up) and every action so far. Replaying it gives the same game.

    >>> from kowhist_teach.games.ohhell.engine import OhHellGame
    >>> rec = to_record(OhHellGame(['A', 'B', 'C'], seed=1))
    >>> rec['rules'], rec['players'], sorted(rec['deals'][0])
    ({}, ['A', 'B', 'C'], ['actions', 'hands', 'trump_card'])
    """
    return deal_record.deals_record(game, _write_deal)


def _write_deal(event: tuple[Any, ...], deals: list[dict[str, Any]]) -> None:
    _kind, hands, trump_card = event  # ("deal", hands, trump_card)
    deals.append(
        {
            "hands": [card_codes(h) for h in hands],
            "trump_card": trump_card.code if trump_card is not None else None,
            "actions": [],
        }
    )


# ------------------------------------------------------------------------ the report
def _deal_json(game: OhHellGame, d: int, scores: list[int] | None) -> dict[str, Any]:
    log = game.deals[d]
    return {
        "number": log.number,
        "dealer": log.dealer,
        "hand_size": log.hand_size,
        "trump_card": log.trump_card.code if log.trump_card is not None else None,
        "trump": log.trump.code if log.trump is not None else None,
        "bids": list(log.bids),
        "calls": [[seat, move.code] for seat, move in log.calls],
        "leader": log.leader,
        "tricks": deal_record.complete_tricks(log, game.n),
        "tricks_won": list(log.tricks_won),
        "points": list(log.points) if log.points is not None else None,
        "scores": scores,
    }


def _winners(outcome: Any) -> dict[str, Any]:
    """Oh Hell's own key of the report: every seat level at the top (empty until the end)."""
    return {"winners": list(outcome.winners) if outcome is not None else []}


def replay(data: Any) -> dict[str, Any]:
    """What ``kowhist-teach replay --json`` prints for an Oh Hell record; never raises.

    ``status`` is ``over``, ``in_progress`` or ``error``; ``winner`` is the seat with
    the highest total (``null`` until the end, and when the win is shared), ``winners``
    every seat level at the top (empty until the end), ``scores`` the running totals;
    ``deals`` lists each deal replayed (docs/records.md). A record that breaks a rule
    has ``error``: ``{deal, action, seat, message}`` of the first offending action, the
    deals up to it still listed.

    >>> rec = {'format': 'kowhist-record/1', 'game': 'ohhell', 'players': 3,
    ...        'rules': {'hand_sizes': [1]},
    ...        'deals': [{'hands': [['AS'], ['KS'], ['2H']], 'trump_card': '3H',
    ...                   'actions': ['1', '1', '0', 'KS', '2H', 'AS']}]}
    >>> out = replay(rec)
    >>> out['status'], out['winners'], out['deals'][0]['tricks'][0]['winner']
    ('over', [2], 2)
    >>> out = replay({**rec, 'deals': [{**rec['deals'][0], 'actions': ['1', '0', '0']}]})
    >>> out['status'], out['error']['action']
    ('error', 2)
    >>> print(out['error']['message'])
    the dealer may not bid 0: the bids would add up to 1, the deal's tricks (the hook)
    """
    return deal_record.deals_result(data, _replay, OhHellReplayError, _deal_json, _winners)


# ------------------------------------------------------------------------- the hook
class OhHellRecord(RecordHook):
    """Oh Hell's record hook (:mod:`kowhist_teach.core.hooks.record`): ``deals``, each
    with its hands, its turned-up card and its actions; errors say ``deal``.

    >>> hook = OhHellRecord()
    >>> hook.parts_key, hook.not_a_record('bad JSON')['error']['deal'] is None
    ('deals', True)
    """

    top_keys = TOP_KEYS
    parts_key = "deals"
    error_place = "deal"

    def check_shape(self, data: dict[str, Any]) -> None:
        _check_deals(data)

    def to_record(self, game: Any) -> dict[str, Any]:
        return to_record(game)

    def game_from_record(self, data: dict[str, Any]) -> Any:
        return game_from_record(data)

    def replay(self, data: dict[str, Any]) -> dict[str, Any]:
        return replay(data)

    def not_a_record(self, message: str) -> dict[str, Any]:
        return deal_record.deals_error_result(OhHellReplayError(message), _winners(None))
