"""Records of the games played deal after deal (:class:`~kowhist_teach.core.deals.DealGame`:
the whist family and Oh Hell): the parts of reading, replaying and reporting them that
do not depend on the game.

Such a record holds ``deals``, each with its ``hands`` (seat order), the game's own
keys (a turned-up ``trump_card``, a ``kitty`` …) and its ``actions`` in order; it may
stop anywhere, and every deal but the last must be complete. A game's record module
says how its game is made and dealt and what ``replay --json`` reports of a deal; the
loop, the errors and the report's frame are here.

>>> from kowhist_teach.core.registry import spec
>>> record = {'format': 'kowhist-record/1', 'game': 'ohhell', 'players': 3,
...           'rules': {'hand_sizes': [1]},
...           'deals': [{'hands': [['AS'], ['KS'], ['2H']], 'trump_card': '3H',
...                      'actions': ['1', '1', '0', 'KS', '2H', 'AS', '7C']}]}
>>> error = spec('ohhell').record.replay(record)['error']
>>> error['deal'], error['action'], error['message']
(0, 6, 'deal 0 is over after 6 actions: action 6 (7C) is one too many')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import _
from .errors import IllegalMove, RecordError
from .record import FORMAT, ReplayError, _check_hands_and_actions, _fail, _is_code_list

__all__ = [
    "DealReplayError",
    "Replayed",
    "check_deals",
    "replay_deals",
    "replay_deal",
    "deals_record",
    "complete_tricks",
    "deals_result",
    "deals_error_result",
]


class DealReplayError(ReplayError):
    """A record of deals that breaks a rule; ``deal``, ``action`` and ``seat`` say where
    (0-based; ``None`` where the players, the rules or a whole deal are at fault).

    >>> DealReplayError('must follow ♠', deal=1, action=4, seat=2).to_dict()
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
        # ``round`` too, for code written for Knock-Out Whist's errors.
        super().__init__(message, round=deal, action=action, seat=seat)
        self.deal = deal


# --------------------------------------------------------------------------- shape
def check_deals(data: dict[str, Any], extra: dict[str, str]) -> None:
    """The ``deals`` of a record, checked for shape: a list of objects with ``hands``,
    maybe ``actions`` and the game's ``extra`` keys, each of a kind: ``"card"`` (a card
    code), ``"card or null"`` (a code or ``null``) or ``"cards"`` (a list of codes).
    Raises :class:`~kowhist_teach.core.errors.RecordError` (not a record).

    >>> try:
    ...     check_deals({'deals': [{'hands': [], 'trump_card': 7}]}, {'trump_card': 'card'})
    ... except RecordError as e:
    ...     print(e)
    deal 0: trump_card must be a code
    """
    known = {"hands", "actions", *extra}
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise _fail(_("deals must be a list of deal objects"))
    for d, deal in enumerate(deals):
        where = _("deal {d}").format(d=d)
        _check_hands_and_actions(deal, known, where)
        for key, kind in extra.items():
            value = deal.get(key)
            if key not in deal or (value is None and kind == "card or null"):
                continue
            if kind in ("card", "card or null") and not isinstance(value, str):
                raise _fail(_("{where}: {key} must be a code").format(where=where, key=key))
            if kind == "cards" and not _is_code_list(value):
                raise _fail(
                    _("{where}: {key} must be a list of card codes").format(where=where, key=key)
                )


# ------------------------------------------------------------------------ replaying
class Replayed:
    """A replay as far as the record is legal: the game, the first error, and the
    scores after each finished deal (the game keeps only the running total)."""

    def __init__(self) -> None:
        self.game: Any = None
        self.error: DealReplayError | None = None
        self.scores_after: list[list[int] | None] = []

    def game_or_error(self) -> Any:
        """The game replayed to the record's last action; raises the first error."""
        if self.error is not None:
            raise self.error
        assert self.game is not None
        return self.game


def replay_deals(
    record: dict[str, Any],
    new_game: Callable[[], Any],
    replay_one: Callable[[Any, dict[str, Any], int], DealReplayError | None],
    error: type[DealReplayError],
) -> Replayed:
    """Replay a record whose shape is checked: ``new_game()`` makes the game (a
    ``ValueError`` or ``TypeError`` from it is the setup's fault, an ``error``), then
    ``replay_one(game, deal, d)`` replays each deal (see :func:`replay_deal`) until one
    breaks a rule."""
    out = Replayed()
    try:
        game = new_game()
    except (ValueError, TypeError) as e:  # SetupError: the setup is at fault
        out.error = error(str(e))
        return out
    out.game = game
    for d, deal in enumerate(record.get("deals", [])):
        out.error = replay_one(game, deal, d)
        log = game.deals[d] if d < len(game.deals) else None
        out.scores_after.append(
            list(game.scores) if log is not None and log.points is not None else None
        )
        if out.error is not None:
            break
    return out


def replay_deal(
    game: Any,
    deal: dict[str, Any],
    d: int,
    error: type[DealReplayError],
    deal_it: Callable[[], None],
    chance: Callable[[int | None], DealReplayError | None] | None = None,
) -> DealReplayError | None:
    """Replay deal ``d`` of a record on ``game``: ``deal_it()`` deals its cards (a
    ``ValueError`` from it is the deal's fault), then each action is played. ``chance(a)``,
    if given, settles chance inside the deal before action ``a`` (``None``: after the
    last one); it returns an error or ``None``. Returns the first error, else ``None``."""
    if game.is_over():
        return error(
            _("the game was over after deal {k}: deal {d} is one too many").format(k=d - 1, d=d),
            deal=d,
        )
    if game.chance_pending != "deal":
        return error(
            _("deal {k} stops before its end, but another deal follows").format(k=d - 1),
            deal=d - 1,
        )
    try:
        deal_it()
    except ValueError as e:  # SetupError, BadCard: the deal is at fault
        return error(str(e), deal=d)
    phases = game.phases
    for a, code in enumerate(deal.get("actions", [])):
        if len(game.deals) != d + 1 or game.phase in (phases.DEAL, phases.OVER):
            return error(
                _("deal {d} is over after {k} actions: action {a} ({code}) is one too many").format(
                    d=d, k=a, a=a, code=code
                ),
                deal=d,
                action=a,
            )
        if chance is not None:
            failed = chance(a)
            if failed is not None:
                return failed
        seat = game.to_move
        try:
            game.play(code)
        except IllegalMove as e:
            return error(str(e), deal=d, action=a, seat=seat)
    return chance(None) if chance is not None else None


# ------------------------------------------------------------------------- writing
def deals_record(game: Any, write_chance: Callable[[tuple[Any, ...], list[Any]], None]) -> Any:
    """The record of ``game``: its setup and its deals, written from the game's log.
    ``write_chance(event, deals)`` writes a chance event of the log (a deal: append its
    object, ``actions`` last and empty; chance inside a deal: a key of the last one);
    each move is added to the last deal's ``actions``.

    >>> from kowhist_teach import OhHellGame
    >>> deals_record(OhHellGame(3, seed=1), lambda event, deals: None)['deals']
    []
    """
    deals: list[dict[str, Any]] = []
    for event in game._log:
        if isinstance(event, tuple):
            write_chance(event, deals)
        else:
            deals[-1]["actions"].append(event.code)
    return {
        "format": FORMAT,
        "game": game.game_name,
        "players": game.players,
        "rules": game.rules.to_dict(),
        "first_dealer": game.first_dealer,
        "deals": deals,
    }


# ------------------------------------------------------------------------ the report
def complete_tricks(log: Any, n: int) -> list[dict[str, Any]]:
    """The finished tricks of a deal's log, as ``replay --json`` lists them: a trick
    in play has no winner yet, so it is left out (as in every game's report)."""
    return [
        {
            "leader": t.leader,
            "cards": [[seat, card.code] for seat, card in t.plays],
            "winner": t.winner,
        }
        for t in log.tricks
        if len(t.plays) == n
    ]


def deals_error_result(
    error: DealReplayError, more: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The ``replay --json`` object of a record that could not be replayed at all;
    ``more`` is the game's own keys after ``winner`` (Oh Hell's ``winners``).

    >>> deals_error_result(DealReplayError('no'), {'winners': []})['winners']
    []
    """
    return {
        "status": "error",
        "winner": None,
        **(more or {}),
        "scores": [],
        "deals": [],
        "error": error.to_dict(),
    }


def deals_result(
    data: Any,
    replay: Callable[[Any], Replayed],
    error: type[DealReplayError],
    deal_json: Callable[[Any, int, list[int] | None], dict[str, Any]],
    more: Callable[[Any], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """What ``kowhist-teach replay --json`` prints for a record of deals; never raises.

    ``replay(data)`` replays it (raising only :class:`RecordError`); ``deal_json(game,
    d, scores)`` reports deal ``d``; ``more(outcome)`` gives the game's own keys after
    ``winner`` (``outcome`` is ``None`` until the game is over). ``status`` is
    ``over``, ``in_progress`` or ``error``; a record that breaks a rule has ``error``,
    ``{deal, action, seat, message}`` of the first offending action, the deals up to it
    still listed.
    """
    extra = more if more is not None else (lambda outcome: {})
    try:
        done = replay(data)
    except RecordError as e:
        return deals_error_result(error(str(e)), extra(None))
    game, failed = done.game, done.error
    if game is None:
        assert failed is not None
        return deals_error_result(failed, extra(None))
    outcome = game.outcome()
    status = "error" if failed is not None else ("over" if outcome is not None else "in_progress")
    scores = done.scores_after + [None] * (len(game.deals) - len(done.scores_after))
    result: dict[str, Any] = {
        "status": status,
        "winner": outcome.winner if outcome is not None else None,
        **extra(outcome),
        "scores": list(game.scores),
        "deals": [deal_json(game, d, scores[d]) for d in range(len(game.deals))],
    }
    if failed is not None:
        result["error"] = failed.to_dict()
    return result
