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

This module needs only the core: it checks the shape itself (:func:`check_shape`), so
the generic record reader can hand an ``"ohhell"`` record straight to it.

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

from ...core.cards import card_codes
from ...core.errors import IllegalMove, RecordError, SetupError
from ...core.game import check_rule_options
from ...core.hooks.record import RecordHook
from ...core.record import FORMAT, ReplayError
from ...i18n import _
from .engine import OhHellGame, OhHellPhase, OhHellRules

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


class OhHellReplayError(ReplayError):
    """An Oh Hell record that breaks a rule; ``deal``, ``action`` and ``seat`` say where
    (0-based; ``None`` where the players, the rules or a whole deal are at fault).

    >>> OhHellReplayError('must follow ♠', deal=1, action=4, seat=2).to_dict()
    {'deal': 1, 'action': 4, 'seat': 2, 'message': 'must follow ♠'}
    """

    _place = "deal"

    def __init__(
        self,
        message: str,
        deal: int | None = None,
        action: int | None = None,
        seat: int | None = None,
    ) -> None:
        super().__init__(message, round=deal, action=action, seat=seat)
        self.deal = deal


# --------------------------------------------------------------------------- shape
def _no_unknown(obj: dict[str, Any], known: frozenset[str], where: str) -> None:
    for key in obj:
        if key not in known:
            raise RecordError(
                _("unknown key {key!r} in {where}: known keys are {known}").format(
                    key=key, where=where, known=", ".join(sorted(known))
                )
            )


def _is_code_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) for c in value)


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
    if not isinstance(data, dict):
        raise RecordError(_("not a record: a record is a JSON object"))
    tag = data.get("format")
    if tag != FORMAT:
        raise RecordError(
            _("not a kowhist record: the format tag is {tag!r}, not {want!r}").format(
                tag=tag, want=FORMAT
            )
        )
    if data.get("game") != GAME:
        raise RecordError(
            _("unknown game {game!r}: this version replays {known}").format(
                game=data.get("game"), known=GAME
            )
        )
    _no_unknown(data, TOP_KEYS, _("the record"))
    if "players" not in data:
        raise RecordError(_("the record must say how many players there are (players)"))
    players = data["players"]
    if not (
        (isinstance(players, int) and not isinstance(players, bool))
        or (isinstance(players, list) and all(isinstance(p, str) for p in players))
    ):
        raise RecordError(_("players must be a number or a list of names"))
    if "rules" in data:
        try:
            check_rule_options(OhHellRules, data["rules"])
        except SetupError as e:  # an unknown option is an unknown key: not a record
            raise RecordError(str(e)) from None
    fd = data.get("first_dealer", 0)
    if not isinstance(fd, int) or isinstance(fd, bool):
        raise RecordError(_("first_dealer must be a seat number"))
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError(_("deals must be a list of deal objects"))
    for d, deal in enumerate(deals):
        where = _("deal {d}").format(d=d)
        if not isinstance(deal, dict):
            raise RecordError(_("{where} must be an object").format(where=where))
        _no_unknown(deal, DEAL_KEYS, where)
        hands = deal.get("hands")
        if not isinstance(hands, list) or not all(_is_code_list(h) for h in hands):
            raise RecordError(
                _("{where} needs hands: one list of card codes per seat").format(where=where)
            )
        if "actions" in deal and not _is_code_list(deal["actions"]):
            raise RecordError(_("{where}: actions must be a list of codes").format(where=where))
        card = deal.get("trump_card")
        if card is not None and not isinstance(card, str):
            raise RecordError(
                _("{where}: {key} must be a code").format(where=where, key="trump_card")
            )


# ------------------------------------------------------------------------ replaying
class _Replayed:
    """A replay as far as the record is legal: the game, the first error, and the
    scores after each finished deal (the game keeps only the running total)."""

    def __init__(self) -> None:
        self.game: OhHellGame | None = None
        self.error: OhHellReplayError | None = None
        self.scores_after: list[list[int] | None] = []


def _replay(record: Any) -> _Replayed:
    """Replay a record; raises :class:`RecordError` only."""
    check_shape(record)
    out = _Replayed()
    try:
        rules = OhHellRules.from_dict(record.get("rules"))
        game = OhHellGame(
            record["players"],
            rules,
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
        )
    except (ValueError, TypeError) as e:  # SetupError: the setup is at fault
        out.error = OhHellReplayError(str(e))
        return out
    out.game = game
    for d, deal in enumerate(record.get("deals", [])):
        out.error = _replay_deal(game, deal, d)
        log = game.deals[d] if d < len(game.deals) else None
        out.scores_after.append(
            list(game.scores) if log is not None and log.points is not None else None
        )
        if out.error is not None:
            break
    return out


def _replay_deal(game: OhHellGame, deal: dict[str, Any], d: int) -> OhHellReplayError | None:
    if game.is_over():
        return OhHellReplayError(
            _("the game was over after deal {k}: deal {d} is one too many").format(k=d - 1, d=d),
            deal=d,
        )
    if game.chance_pending != "deal":
        return OhHellReplayError(
            _("deal {k} stops before its end, but another deal follows").format(k=d - 1),
            deal=d - 1,
        )
    try:
        game.deal(deal["hands"], deal.get("trump_card"))
    except ValueError as e:  # SetupError, BadCard: the deal is at fault
        return OhHellReplayError(str(e), deal=d)
    for a, code in enumerate(deal.get("actions", [])):
        if len(game.deals) != d + 1 or game.phase in (OhHellPhase.DEAL, OhHellPhase.OVER):
            return OhHellReplayError(
                _("deal {d} is over after {k} actions: action {a} ({code}) is one too many").format(
                    d=d, k=a, a=a, code=code
                ),
                deal=d,
                action=a,
            )
        seat = game.to_move
        try:
            game.play(code)
        except IllegalMove as e:
            return OhHellReplayError(str(e), deal=d, action=a, seat=seat)
    return None


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
    done = _replay(record)
    if done.error is not None:
        raise done.error
    assert done.game is not None
    return done.game


# ------------------------------------------------------------------------- writing
def to_record(game: OhHellGame) -> dict[str, Any]:
    """The record of a game: its setup, every deal (the hands in the order they were
    given, the card turned up) and every action so far. Replaying it gives the same game.

    >>> from kowhist_teach.games.ohhell.engine import OhHellGame
    >>> rec = to_record(OhHellGame(['A', 'B', 'C'], seed=1))
    >>> rec['rules'], rec['players'], sorted(rec['deals'][0])
    ({}, ['A', 'B', 'C'], ['actions', 'hands', 'trump_card'])
    """
    deals: list[dict[str, Any]] = []
    for event in game._log:
        if isinstance(event, tuple):  # ("deal", hands, trump_card)
            _kind, hands, trump_card = event
            deals.append(
                {
                    "hands": [card_codes(h) for h in hands],
                    "trump_card": trump_card.code if trump_card is not None else None,
                    "actions": [],
                }
            )
        else:
            deals[-1]["actions"].append(event.code)
    return {
        "format": FORMAT,
        "game": GAME,
        "players": game.players,
        "rules": game.rules.to_dict(),
        "first_dealer": game.first_dealer,
        "deals": deals,
    }


# ------------------------------------------------------------------------ the report
def _deal_json(game: OhHellGame, d: int, scores: list[int] | None) -> dict[str, Any]:
    log = game.deals[d]
    n = game.n
    return {
        "number": log.number,
        "dealer": log.dealer,
        "hand_size": log.hand_size,
        "trump_card": log.trump_card.code if log.trump_card is not None else None,
        "trump": log.trump.code if log.trump is not None else None,
        "bids": list(log.bids),
        "calls": [[seat, move.code] for seat, move in log.calls],
        "leader": log.leader,
        # Complete tricks only, as for the other games: a trick in play has no winner yet.
        "tricks": [
            {
                "leader": t.leader,
                "cards": [[seat, card.code] for seat, card in t.plays],
                "winner": t.winner,
            }
            for t in log.tricks
            if len(t.plays) == n
        ],
        "tricks_won": list(log.tricks_won),
        "points": list(log.points) if log.points is not None else None,
        "scores": scores,
    }


def _error_result(error: OhHellReplayError) -> dict[str, Any]:
    return {
        "status": "error",
        "winner": None,
        "winners": [],
        "scores": [],
        "deals": [],
        "error": error.to_dict(),
    }


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
    try:
        done = _replay(data)
    except RecordError as e:
        return _error_result(OhHellReplayError(str(e)))
    game, error = done.game, done.error
    if game is None:
        assert error is not None
        return _error_result(error)
    outcome = game.outcome()
    status = "error" if error is not None else ("over" if outcome is not None else "in_progress")
    scores = done.scores_after + [None] * (len(game.deals) - len(done.scores_after))
    result: dict[str, Any] = {
        "status": status,
        "winner": outcome.winner if outcome is not None else None,
        "winners": list(outcome.winners) if outcome is not None else [],
        "scores": list(game.scores),
        "deals": [_deal_json(game, d, scores[d]) for d in range(len(game.deals))],
    }
    if error is not None:
        result["error"] = error.to_dict()
    return result


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
        check_shape(data)

    def to_record(self, game: Any) -> dict[str, Any]:
        return to_record(game)

    def game_from_record(self, data: dict[str, Any]) -> Any:
        return game_from_record(data)

    def replay(self, data: dict[str, Any]) -> dict[str, Any]:
        return replay(data)

    def not_a_record(self, message: str) -> dict[str, Any]:
        return _error_result(OhHellReplayError(message))
