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
from ...core.record import (
    FORMAT,
    ReplayError,
    _fail,
    _is_code_list,
    _no_unknown,
    check_record,
)
from ...i18n import _
from .engine import GermanGame, GermanPhase, GermanRules
from .match import MATCH_LENGTHS, GermanMatch

__all__ = ["GermanRecord", "german_game_from_record", "german_record", "replay_german"]

#: The keys of one hand: at the record's top for a single hand, and in each object of
#: ``match_hands`` for a match.
_HAND_KEYS = {"hands", "stock", "actions"}


def _check_german_shape(data: dict[str, Any]) -> None:
    if "match" not in data and "match_hands" not in data:
        check_hand_shape(data)
        return
    match = data.get("match")
    if not isinstance(match, int) or isinstance(match, bool):
        raise _fail(_("a match record needs match: 1, 3 or 5 hands"))
    if "hands" in data or "stock" in data or "actions" in data:
        raise _fail(_("a match record keeps its hands in match_hands, not at its top"))
    parts = data.get("match_hands", [])
    if not isinstance(parts, list) or not all(isinstance(p, dict) for p in parts):
        raise _fail(_("match_hands must be a list of hand objects"))
    for h, part in enumerate(parts):
        _no_unknown(part, _HAND_KEYS, _("hand {h}").format(h=h))
        check_hand_shape(part)


def check_hand_shape(data: dict[str, Any]) -> None:
    """Raise :class:`RecordError` unless one hand's part of a record (``hands``,
    ``stock``, ``actions``) has the shape of German Whist's, with any number of hands
    (the game for three with a dummy shares it)."""
    hands = data.get("hands")
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


def _replay(record: Any) -> tuple[Any, ReplayError | None]:
    """Replay as far as the record is legal: the game (a :class:`GermanMatch` for a
    match record) and the first error, which says where (``round`` is the hand).
    Raises :class:`RecordError` only."""
    _check_shape(record)
    try:
        rules = GermanRules.from_dict(record.get("rules"))
        match = record.get("match")
        if match is not None and match not in MATCH_LENGTHS:
            raise SetupError(
                _("a match is the best of 1, 3 or 5 hands, not {value!r}").format(value=match)
            )
        game: Any = (GermanMatch if match is not None else GermanGame)(
            rules,
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
            players=record["players"],
            **({"match": match} if match is not None else {}),
        )
    except (SetupError, TypeError) as e:
        return None, ReplayError(str(e))  # the setup is at fault, not a round or action
    if match is None:
        return game, _replay_hand(game, record, 0)
    for h, part in enumerate(record.get("match_hands", [])):
        if game.is_over():
            return game, ReplayError(
                _("the match was over after hand {k}: hand {h} is one too many").format(
                    k=h - 1, h=h
                ),
                round=h,
            )
        if game.hand_number != h + 1:
            return game, ReplayError(
                _("hand {k} stops before its end, but another hand follows").format(k=h - 1),
                round=h - 1,
            )
        error = _replay_hand(game, part, h)
        if error is not None:
            return game, error
    return game, None


def _replay_hand(game: Any, part: dict[str, Any], h: int) -> ReplayError | None:
    """Deal one hand (of a game or a match) and play its actions."""
    try:
        game.deal(part["hands"], part["stock"])
    except IllegalMove as e:
        return ReplayError(str(e), round=h)
    for i, code in enumerate(part.get("actions", [])):
        if isinstance(game, GermanMatch) and (game.is_over() or game.hand_number != h + 1):
            return ReplayError(
                _("hand {h} is over after {k} actions: action {a} ({code}) is one too many").format(
                    h=h, k=i, a=i, code=code
                ),
                round=h,
                action=i,
            )
        seat = game.to_move
        try:
            game.play(code)
        except IllegalMove as e:
            return ReplayError(str(e), round=h, action=i, seat=seat)
    return None


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
    if isinstance(game, GermanMatch):
        return _match_record(game)
    if game.phase is GermanPhase.DEAL:
        raise RecordError(_("nothing has been dealt yet: a record needs the hands and the stock"))
    return {
        "format": FORMAT,
        "game": "german",
        "players": game.players,
        "rules": game.rules.to_dict(),
        "first_dealer": game.first_dealer,
        **_hand_part(game),
    }


def _hand_part(game: GermanGame) -> dict[str, Any]:
    return {
        "hands": [card_codes(h) for h in game.dealt_hands],
        "stock": card_codes(game.dealt_stock),
        "actions": [m.code for m in game.moves],
    }


def _match_record(match: GermanMatch) -> dict[str, Any]:
    """A match: its hands in order in ``match_hands`` (a hand not dealt yet is left out).

    >>> m = GermanMatch(match=3, seed=2)
    >>> rec = german_record(m)
    >>> rec['match'], len(rec['match_hands']), 'hands' in rec
    (3, 1, False)
    """
    return {
        "format": FORMAT,
        "game": "german",
        "players": match.players,
        "rules": match.rules.to_dict(),
        "first_dealer": match.first_dealer,
        "match": match.match,
        "match_hands": [_hand_part(g) for g in match.games if g.phase is not GermanPhase.DEAL],
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
    if isinstance(game, GermanMatch) or (game is None and "match" in record):
        return _replay_match(game, error)
    return _hand_result(game, error)


def _hand_result(game: GermanGame | None, error: ReplayError | None) -> dict[str, Any]:
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


def _replay_match(match: GermanMatch | None, error: ReplayError | None) -> dict[str, Any]:
    """``replay --json`` of a match: each hand's object as for one hand (without its
    ``status``), the hands won, and the match's ``winner`` and ``points``."""
    hands = []
    for g in match.games if match is not None else []:
        if g.phase is GermanPhase.DEAL:
            continue
        part = _hand_result(g, None)
        del part["status"]
        hands.append(part)
    outcome = match.outcome() if match is not None else None
    result: dict[str, Any] = {
        "status": "error" if error is not None else "over" if outcome else "in_progress",
        "match": match.match if match is not None else None,
        "hands": hands,
        "hands_won": match.hands_won if match is not None else [0, 0],
        "winner": outcome.winner if outcome is not None else None,
        "points": match.points if match is not None else [0, 0],
    }
    if error is not None:
        result["error"] = error.to_dict()
    return result


class _MatchParts(RecordHook):
    """The generic cut and action lists of a match record, whose parts are its hands."""

    parts_key = "match_hands"

    def check_shape(self, data: dict[str, Any]) -> None:  # pragma: no cover - not used
        _check_german_shape(data)

    def to_record(self, game: Any) -> dict[str, Any]:  # pragma: no cover - not used
        return german_record(game)

    def game_from_record(self, data: dict[str, Any]) -> Any:  # pragma: no cover - not used
        return german_game_from_record(data)

    def replay(self, data: dict[str, Any]) -> dict[str, Any]:  # pragma: no cover - not used
        return replay_german(data)


_MATCH_PARTS = _MatchParts()


class GermanRecord(RecordHook):
    """German Whist's record hook: one hand, its ``hands``, ``stock`` and ``actions``
    at the record's top."""

    top_keys = COMMON_KEYS | _HAND_KEYS | {"match", "match_hands"}
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

    def action_lists(self, data: dict[str, Any]) -> list[list[Any]]:
        if "match" in data:
            return _MATCH_PARTS.action_lists(data)
        return super().action_lists(data)

    def record_at(self, data: dict[str, Any], at: int) -> dict[str, Any]:
        if "match" in data:
            return _MATCH_PARTS.record_at(data, at)
        return super().record_at(data, at)
