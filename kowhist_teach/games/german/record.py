"""German Whist game records (DESIGN.md §3) and what ``replay --json`` prints for them (§4).

A record holds one hand: the two hands and the stock as dealt (``stock[0]`` first, the
card turned up for trumps), the rule options and the moves in order — the cards played
in both phases and, under ``open_stock``, each pick right after its trick.  ``rules``
and ``first_dealer`` may be left out (the defaults, dealer 0), and ``actions`` too (no
move yet).  :class:`GermanRecord` is the game's record hook
(:class:`~kowhist_teach.core.hooks.record.RecordHook`): the generic reader
(:func:`kowhist_teach.core.record.check_record`) checks the common keys and asks it for
the rest.

>>> game = GermanGame(seed=5)
>>> game.play(game.legal_moves()[0])
>>> record = german_record(game)
>>> record['game'], len(record['hands'][1]), len(record['stock']), len(record['actions'])
('german', 13, 26, 1)
>>> again = german_game_from_record(record)
>>> again.hands == game.hands and again.moves == game.moves
True
>>> replay_german(record)['status']
'in_progress'
"""

from __future__ import annotations

from typing import Any

from ...core.cards import card_codes
from ...core.errors import IllegalMove, RecordError, SetupError
from ...core.hooks.record import COMMON_KEYS, RecordHook
from ...core.record import FORMAT, ReplayError, _fail, _is_code_list, check_record
from ...i18n import _
from .engine import GermanGame, GermanPhase, GermanRules

__all__ = ["GermanRecord", "german_game_from_record", "german_record", "replay_german"]


def _check_german_shape(data: dict[str, Any]) -> None:
    for key in ("hands",):
        hands = data.get(key)
        if not isinstance(hands, list) or not all(_is_code_list(h) for h in hands):
            raise _fail(_("hands must be one list of card codes per seat"))
    if not _is_code_list(data.get("stock")):
        raise _fail(_("stock must be a list of card codes, top first"))
    if "actions" in data and not _is_code_list(data["actions"]):
        raise _fail(_("actions must be a list of codes"))


def _check_shape(record: Any) -> None:
    """Raise :class:`RecordError` unless ``record`` looks like a German Whist record."""
    # The shape rules (format tag, known keys, value types) are core/record.py's, which
    # asks this module's hook for German Whist's own keys; only the game is checked here.
    check_record(record)
    if record["game"] != "german":
        raise RecordError(
            _("not a German Whist record: game is {value!r}, not 'german'").format(
                value=record["game"]
            )
        )


def _replay(record: Any) -> tuple[GermanGame | None, ReplayError | None]:
    """Replay as far as the record is legal: the game and the first error, which says
    where.  Raises :class:`RecordError` only."""
    _check_shape(record)
    try:
        rules = GermanRules.from_dict(record.get("rules"))
        game = GermanGame(
            rules,
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
            players=record["players"],
        )
    except (SetupError, TypeError) as e:
        return None, ReplayError(str(e))  # the setup is at fault, not a round or action
    try:
        game.deal(record["hands"], record["stock"])
    except IllegalMove as e:
        return game, ReplayError(str(e), round=0)
    for i, code in enumerate(record.get("actions", [])):
        seat = game.to_move
        try:
            game.play(code)
        except IllegalMove as e:
            return game, ReplayError(str(e), round=0, action=i, seat=seat)
    return game, None


def german_game_from_record(record: dict[str, Any]) -> GermanGame:
    """The game a German Whist record describes, replayed to its last action.

    Raises :class:`RecordError` for something that is not such a record (unknown keys,
    wrong format tag, values of the wrong type) and
    :class:`~kowhist_teach.core.record.ReplayError` (an :class:`IllegalMove`) for bad
    players or rule options, a bad deal, or the first action that breaks a rule; its
    ``round``, ``action`` and ``seat`` say where (``None`` where no round or action
    is at fault).

    >>> rec = german_record(GermanGame(seed=1))
    >>> german_game_from_record(rec).phase
    <GermanPhase.PLAY1: 'play1'>
    >>> try:
    ...     german_game_from_record({**rec, 'actions': ['pass']})
    ... except IllegalMove as e:
    ...     print(e.action, e.seat, e)
    0 1 cards are being played now: pass is not a card
    """
    game, error = _replay(record)
    if error is not None:
        raise error
    assert game is not None
    return game


def german_record(game: GermanGame) -> dict[str, Any]:
    """The record of a game (its deal, options and moves so far), ready for ``json.dump``.

    ``german_game_from_record(german_record(g))`` replays to the same state.

    >>> rec = german_record(GermanGame(seed=2, rules=GermanRules(scoring='last13')))
    >>> rec['format'], rec['rules'], rec['first_dealer'], rec['actions']
    ('kowhist-record/1', {'scoring': 'last13'}, 0, [])
    """
    if game.phase is GermanPhase.DEAL:
        raise RecordError(_("nothing has been dealt yet: a record needs the hands and the stock"))
    return {
        "format": FORMAT,
        "game": "german",
        "players": game.players,
        "rules": game.rules.to_dict(),
        "first_dealer": game.first_dealer,
        "hands": [card_codes(h) for h in game.dealt_hands],
        "stock": card_codes(game.dealt_stock),
        "actions": [m.code for m in game.moves],
    }


def _trick_json(game: GermanGame, i: int) -> dict[str, Any]:
    trick = game.tricks[i]
    won, lost = game.winner_took[i], game.loser_took[i]
    return {
        "leader": trick.leader,
        "cards": [[seat, card.code] for seat, card in trick.plays],
        "winner": trick.winner,
        "winner_took": won.code if won is not None else None,
        "loser_took": lost.code if lost is not None else None,
    }


def replay_german(record: dict[str, Any]) -> dict[str, Any]:
    """What ``kowhist-teach replay --json`` prints for a German Whist record.

    Never raises for a record that breaks a rule: the answer then has
    ``"status": "error"`` and ``error`` names the first offending action (``action`` and
    ``seat`` are ``null`` when the deal is at fault, and ``round`` too when the players
    or the rules are).  ``tricks`` lists the complete tricks; ``winner`` and ``points``
    are ``null`` until the hand is over.  Something that is not a record at all raises
    :class:`RecordError` (``kowhist_teach.replay`` turns that into its format error).

    >>> rec = german_record(GermanGame(seed=1))
    >>> out = replay_german({**rec, 'actions': ['ZZ']})
    >>> out['status'], out['error']['action'], out['error']['seat'], out['tricks']
    ('error', 0, 1, [])
    >>> out['error']['message']
    "unknown card code 'ZZ': write the rank then the suit, like AS, 10H or QD"
    """
    game, error = _replay(record)
    outcome = game.outcome() if game is not None else None
    if error is not None:
        status = "error"
    elif outcome is not None:
        status = "over"
    else:
        status = "in_progress"
    if game is None:  # the players or the rules were already wrong
        tricks: list[dict[str, Any]] = []
        tricks_won, phase1_tricks = [0, 0], [0, 0]
    else:
        # Complete tricks only, as for Knock-Out Whist: a trick in play has no winner yet.
        tricks = [_trick_json(game, i) for i, t in enumerate(game.tricks) if len(t.plays) == 2]
        tricks_won, phase1_tricks = list(game.tricks_won), list(game.phase1_tricks)
    result: dict[str, Any] = {
        "status": status,
        "tricks": tricks,
        "tricks_won": tricks_won,
        "phase1_tricks": phase1_tricks,
        "winner": outcome.winner if outcome is not None else None,
        "points": outcome.points if outcome is not None else None,
    }
    if error is not None:
        result["error"] = error.to_dict()
    return result


class GermanRecord(RecordHook):
    """German Whist's record hook: one hand, its ``hands``, ``stock`` and ``actions``
    at the record's top."""

    top_keys = COMMON_KEYS | {"hands", "stock", "actions"}
    parts_key = None
    error_place = "round"

    def check_shape(self, data: dict[str, Any]) -> None:
        _check_german_shape(data)

    def to_record(self, game: Any) -> dict[str, Any]:
        return german_record(game)

    def game_from_record(self, data: dict[str, Any]) -> Any:
        return german_game_from_record(data)

    def replay(self, data: dict[str, Any]) -> dict[str, Any]:
        return replay_german(data)
