"""Records of the whist family — partnership whist, solo whist, bid whist — and what
``replay --json`` prints for them (DESIGN §3, §4).

One shape for the three games::

    {"format": "kowhist-record/1", "game": "whist" | "solo" | "bidwhist",
     "players": 4, "rules": {...}, "first_dealer": 0,
     "deals": [{"hands": [[...], [...], [...], [...]], "trump_card": "7D",
                "actions": ["...calls and cards in order..."]}]}

A deal holds the hands as dealt (seat order), the game's own part of the deal
(``trump_card`` in whist and solo whist, ``kitty`` in bid whist) and every action in
order: bids, passes, trumps named, discards and cards played. A record may stop
anywhere; every deal but the last must be complete. ``rules``, ``first_dealer`` and
``actions`` may be left out (the defaults, dealer 0, no action yet).

Everything here works on any :class:`~kowhist_teach.games.family.engine.FamilyGame`; the
engine of a record is looked up in the registry (:func:`family_class`), where each game
of the family puts itself, with a :class:`FamilyRecord` as its record hook.

>>> from kowhist_teach.games.family.whist.engine import WhistGame
>>> game = WhistGame(seed=5)
>>> for _i in range(6):
...     game.play(game.legal_moves()[0])
>>> record = family_record(game)
>>> record['game'], len(record['deals']), len(record['deals'][0]['actions'])
('whist', 1, 6)
>>> family_record(family_game_from_record(record)) == record
True
>>> replay_family(record)['status']
'in_progress'
"""

from __future__ import annotations

import json
from typing import Any

from ...core.cards import Card, card_codes
from ...core.deal_record import (
    DealReplayError,
    Replayed,
    check_deals,
    complete_tricks,
    deals_error_result,
    deals_record,
    deals_result,
    replay_deal,
    replay_deals,
)
from ...core.errors import IllegalMove, RecordError  # noqa: F401  (IllegalMove: the doctests)
from ...core.hooks.record import RecordHook
from ...core.record import check_record, read_record_text
from ...core.registry import spec
from ...i18n import _
from .engine import FamilyGame

__all__ = [
    "FamilyRecord",
    "FAMILY_GAMES",
    "DEAL_EXTRA_KEYS",
    "FamilyReplayError",
    "family_class",
    "family_record",
    "family_game_from_record",
    "replay_family",
    "check_family_shape",
    "family_game_of",
    "not_a_family_record",
]

#: The record's ``"game"`` → (module, class) of its engine: the games of the family
#: (each registers its engine, which :func:`family_class` finds in the registry).
FAMILY_GAMES: dict[str, tuple[str, str]] = {
    "whist": ("kowhist_teach.games.family.whist.engine", "WhistGame"),
    "solo": ("kowhist_teach.games.family.solo.engine", "SoloGame"),
    "bidwhist": ("kowhist_teach.games.family.bidwhist.engine", "BidWhistGame"),
}

#: The keys a deal may hold besides ``hands`` and ``actions``: ``"card"`` is one card
#: code, ``"cards"`` a list of them.
DEAL_EXTRA_KEYS: dict[str, dict[str, str]] = {
    "whist": {"trump_card": "card"},
    "solo": {"trump_card": "card"},
    "bidwhist": {"kitty": "cards"},
}

#: The keys of a deal that record chance *during* the deal (after some of its actions):
#: bid whist's ``joker_swap``, the discards the no-trump jokers were swapped for, in the
#: order of :meth:`~kowhist_teach.games.family.bidwhist.engine.BidWhistGame.jokers_to_swap`.
DEAL_CHANCE_KEYS: dict[str, dict[str, str]] = {
    "whist": {},
    "solo": {},
    "bidwhist": {"joker_swap": "cards"},
}

#: The top-level keys of a family record.
TOP_KEYS = {"format", "game", "players", "rules", "first_dealer", "deals"}


class FamilyReplayError(DealReplayError):
    """A family record that breaks a rule; ``deal``, ``action`` and ``seat`` say where
    (0-based; ``None`` where the players, the rules or a whole deal are at fault).

    >>> FamilyReplayError('must follow ♠', deal=1, action=4, seat=2).to_dict()['deal']
    1
    """


def family_class(game: str) -> type[FamilyGame]:
    """The engine of a family record's ``"game"``; :class:`RecordError` if unknown.

    >>> family_class('whist').__name__
    'WhistGame'
    """
    where = FAMILY_GAMES.get(game) if isinstance(game, str) else None
    if where is None:
        raise RecordError(
            _("unknown game {game!r}: this version replays {known}").format(
                game=game, known=", ".join(sorted(FAMILY_GAMES))
            )
        )
    return spec(game).game


# --------------------------------------------------------------------------- shape
def check_family_shape(data: dict[str, Any]) -> None:
    """The family part of :func:`kowhist_teach.core.record.check_record`: ``deals`` and what
    each deal may hold. Raises :class:`RecordError` (not a record: exit status 2).

    >>> try:
    ...     check_family_shape({'game': 'whist', 'deals': [{'hands': [], 'trump': 'H'}]})
    ... except RecordError as e:
    ...     print(e)
    unknown key 'trump' in deal 0: known keys are actions, hands, trump_card
    """
    check_deals(data, {**DEAL_EXTRA_KEYS[data["game"]], **DEAL_CHANCE_KEYS.get(data["game"], {})})


# ------------------------------------------------------------------------ replaying
def _replay(record: Any) -> Replayed:
    """Replay a family record; raises :class:`RecordError` only."""
    check_record(record)
    cls = family_class(record["game"])

    def new_game() -> FamilyGame:
        return cls(
            cls.rules_class.from_dict(record.get("rules")),
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
            players=record["players"],
        )

    return replay_deals(record, new_game, _replay_deal, FamilyReplayError)


def _replay_deal(game: FamilyGame, deal: dict[str, Any], d: int) -> DealReplayError | None:
    extra = {key: deal[key] for key in DEAL_EXTRA_KEYS[game.game_name] if key in deal}
    return replay_deal(
        game,
        deal,
        d,
        FamilyReplayError,
        lambda: game.deal(deal["hands"], **extra),
        lambda a: _replay_chance(game, deal, d, a),
    )


def _replay_chance(
    game: FamilyGame, deal: dict[str, Any], d: int, a: int | None
) -> FamilyReplayError | None:
    """Chance inside a deal (bid whist's joker swap at no trump), before action ``a``
    (``None``: at the end of the deal's actions, where the record may stop before it)."""
    if game.chance_pending != "swap":
        return None
    if "joker_swap" not in deal:
        if a is None:
            return None  # the record stops before the swap
        return FamilyReplayError(
            _("deal {d}: the jokers are swapped for discards here: give joker_swap").format(d=d),
            deal=d,
            action=a,
        )
    try:
        game.swap_jokers(deal["joker_swap"])  # type: ignore[attr-defined]
    except ValueError as e:
        return FamilyReplayError(str(e), deal=d, action=a)
    return None


def family_game_from_record(record: dict[str, Any]) -> FamilyGame:
    """The game a family record describes, replayed to its last action (dealt with
    ``auto_chance=False``: when a deal is over, the next waits for :meth:`deal`).

    Raises :class:`RecordError` for something that is not a record and
    :class:`FamilyReplayError` (an :class:`IllegalMove`) for bad players or rule
    values, a bad deal, or the first action that breaks a rule.

    >>> rec = {'format': 'kowhist-record/1', 'game': 'whist', 'players': 4}
    >>> family_game_from_record(rec).chance_pending
    'deal'
    >>> try:
    ...     family_game_from_record({**rec, 'players': 3})
    ... except IllegalMove as e:
    ...     print(e)
    Partnership whist is for exactly 4 players
    """
    return _replay(record).game_or_error()


# ------------------------------------------------------------------------- writing
def _extra_json(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (list, tuple)):
        return [_extra_json(v) for v in value]
    return value


def family_record(game: FamilyGame) -> dict[str, Any]:
    """The record of a family game: its setup, every deal (the hands in the order they
    were given) and every action so far. Replaying it gives the same game.

    >>> from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
    >>> rec = family_record(WhistGame(WhistRules(drive=True), seed=1, players=['A', 'B', 'C', 'D']))
    >>> rec['rules'], rec['players'], sorted(rec['deals'][0])
    ({'drive': True}, ['A', 'B', 'C', 'D'], ['actions', 'hands'])
    """
    return deals_record(game, _write_chance)


def _write_chance(event: tuple[Any, ...], deals: list[dict[str, Any]]) -> None:
    if event[0] == "swap":  # ("swap", [(seat, joker, card)]): the last deal's joker_swap
        deals[-1]["joker_swap"] = [card.code for _seat, _joker, card in event[1]]
        return
    _kind, hands, extra = event  # ("deal", hands, extra)
    deal: dict[str, Any] = {"hands": [card_codes(h) for h in hands]}
    deal.update({key: _extra_json(value) for key, value in extra.items()})
    deal["actions"] = []
    deals.append(deal)


# ------------------------------------------------------------------------ the report
def _code(value: Any) -> Any:
    if value is None or isinstance(value, (str, int)):
        return value
    return getattr(value, "code", str(value))


def _deal_json(game: FamilyGame, d: int, scores: list[int] | None) -> dict[str, Any]:
    log = game.deals[d]
    trump = log.trump
    if trump is None and log.leader is None and log is game.log:
        trump = game.trump  # named (or turned up) before play began
    won = log.side_tricks if game.by_partnership else list(log.tricks_won)
    return {
        "number": log.number,
        "dealer": log.dealer,
        "trump": trump.code if trump is not None else None,
        "declarer": log.declarer,
        "contract": _code(log.contract),
        "calls": [[seat, move.code] for seat, move in log.calls],
        "leader": log.leader,
        "tricks": complete_tricks(log, 4),
        "tricks_won": won,
        "points": list(log.points) if log.points is not None else None,
        "scores": scores,
        "notes": list(log.notes),
    }


def not_a_family_record(message: str) -> dict[str, Any]:
    """The ``replay --json`` object for a family file that is not a record at all.

    >>> not_a_family_record('unknown key')['error']
    {'deal': None, 'action': None, 'seat': None, 'message': 'unknown key'}
    """
    return deals_error_result(FamilyReplayError(message))


def family_game_of(source: Any) -> str | None:
    """The family game a record (a dict, JSON text or a path) claims to be, if any:
    which shape of error ``replay`` gives for it. Never raises.

    >>> family_game_of({'game': 'solo', 'colour': 'red'}), family_game_of('{"game": "knockout"}')
    ('solo', None)
    """
    data = source
    if isinstance(source, str):
        try:
            text = source if source.lstrip().startswith("{") else read_record_text(source)
            data = json.loads(text)
        except (RecordError, ValueError):
            return None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) and game in FAMILY_GAMES else None


def replay_family(data: Any) -> dict[str, Any]:
    """What ``kowhist-teach replay --json`` prints for a family record; never raises.

    ``status`` is ``over``, ``in_progress`` or ``error``; ``winner`` (a partnership, or
    a seat in solo whist; ``null`` for a tie or until the end) and ``scores`` (the running
    scores) are the game's; ``deals`` lists each deal replayed (see docs/records.md).
    A record that breaks a rule has ``error``: ``{deal, action, seat, message}`` of the
    first offending action, the deals up to it still listed.

    >>> rec = {'format': 'kowhist-record/1', 'game': 'whist', 'players': 4,
    ...        'deals': [{'hands': [['AS'], [], [], []], 'trump_card': 'AS'}]}
    >>> out = replay_family(rec)
    >>> out['status'], out['error']['deal'], out['error']['action'], out['error']['message']
    ('error', 0, None, 'each player must be dealt 13 cards')
    """
    return deals_result(data, _replay, FamilyReplayError, _deal_json)


# ---------------------------------------------------------------------------- hook
class FamilyRecord(RecordHook):
    """The record hook of every game of the whist family (whist, solo, bid whist):
    ``deals``, each with its hands, the game's own keys (:data:`DEAL_EXTRA_KEYS`) and its
    actions; errors say ``deal`` where Knock-Out Whist's say ``round``."""

    top_keys = frozenset(TOP_KEYS)
    parts_key = "deals"
    error_place = "deal"

    def check_shape(self, data: dict[str, Any]) -> None:
        check_family_shape(data)

    def to_record(self, game: Any) -> dict[str, Any]:
        return family_record(game)

    def game_from_record(self, data: dict[str, Any]) -> Any:
        return family_game_from_record(data)

    def replay(self, data: dict[str, Any]) -> dict[str, Any]:
        return replay_family(data)

    def not_a_record(self, message: str) -> dict[str, Any]:
        return not_a_family_record(message)
