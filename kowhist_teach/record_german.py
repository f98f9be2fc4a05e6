"""German Whist game records (DESIGN.md §3) and what ``replay --json`` prints for them (§4).

A record holds one hand: the two hands and the stock as dealt, the rule options and the
moves in order (cards played in both phases, and open-stock picks).

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

from .cards import BadCard, card_codes
from .errors import IllegalMove, RecordError, SetupError
from .german import GermanGame, GermanPhase, GermanRules
from .i18n import _

__all__ = ["FORMAT", "german_game_from_record", "german_record", "replay_german"]

#: The format tag every record carries.
FORMAT = "kowhist-record/1"
_KEYS = ("format", "game", "players", "rules", "first_dealer", "hands", "stock", "actions")
_OPTIONAL = ("actions",)


def _check_shape(record: Any) -> None:
    """Raise :class:`RecordError` unless ``record`` looks like a German Whist record."""
    if not isinstance(record, dict):
        raise RecordError(
            _("a record must be a JSON object, not {kind}").format(kind=type(record).__name__)
        )
    for key in record:
        if key not in _KEYS:
            raise RecordError(
                _("unknown key {key!r} in a German Whist record: the keys are {keys}").format(
                    key=key, keys=", ".join(_KEYS)
                )
            )
    for key in _KEYS:
        if key not in record and key not in _OPTIONAL:
            raise RecordError(_("a German Whist record needs the key {key!r}").format(key=key))
    if record["format"] != FORMAT:
        raise RecordError(
            _("unknown record format {value!r}: expected {expected!r}").format(
                value=record["format"], expected=FORMAT
            )
        )
    if record["game"] != "german":
        raise RecordError(
            _("not a German Whist record: game is {value!r}, not 'german'").format(
                value=record["game"]
            )
        )
    if not isinstance(record.get("actions", []), list):
        raise RecordError(_("actions must be a list of card codes"))


def _replay(
    record: Any,
) -> tuple[GermanGame | None, dict[str, Any] | None, ValueError | None]:
    """Replay as far as the record is legal: the game, the first error (as ``replay``
    reports it) and the exception behind it.  Raises :class:`RecordError` only."""
    _check_shape(record)
    game: GermanGame | None = None
    try:
        rules = GermanRules.from_dict(record["rules"])
        game = GermanGame(
            rules, first_dealer=record["first_dealer"], auto_chance=False, players=record["players"]
        )
        game.deal(record["hands"], record["stock"])
    except (SetupError, IllegalMove, BadCard) as e:
        # A setup or deal that breaks a rule: no action is to blame.
        return game, {"round": 0, "action": None, "seat": None, "message": str(e)}, e
    for i, code in enumerate(record.get("actions", [])):
        seat = game.to_move
        try:
            game.play(code)
        except IllegalMove as e:
            return game, {"round": 0, "action": i, "seat": seat, "message": str(e)}, e
    return game, None, None


def german_game_from_record(record: dict[str, Any]) -> GermanGame:
    """The game a German Whist record describes, replayed to its last action.

    Raises :class:`RecordError` for something that is not such a record (unknown keys,
    wrong format tag), :class:`SetupError` for bad players or rule options, and
    :class:`IllegalMove` for a bad deal or the first action that breaks a rule — each
    with a one-line message.

    >>> rec = german_record(GermanGame(seed=1))
    >>> german_game_from_record(rec).phase
    <GermanPhase.PLAY1: 'play1'>
    >>> german_game_from_record({**rec, 'actions': ['pass']})
    Traceback (most recent call last):
    ...
    kowhist_teach.errors.IllegalMove: action 0 (pass): cards are being played now: pass is \
not a card
    """
    game, error, exc = _replay(record)
    if error is None:
        assert game is not None
        return game
    if error["action"] is None:
        raise exc  # type: ignore[misc]
    code = record["actions"][error["action"]]
    raise IllegalMove(
        _("action {i} ({move}): {why}").format(i=error["action"], move=code, why=error["message"])
    )


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
        # A trick still being played has no winner yet (only a card winning it so far).
        "winner": trick.winner if len(trick.plays) == 2 else None,
        "winner_took": won.code if won is not None else None,
        "loser_took": lost.code if lost is not None else None,
    }


def replay_german(record: dict[str, Any]) -> dict[str, Any]:
    """What ``kowhist-teach replay --json`` prints for a German Whist record.

    Never raises for a record that breaks a rule: the answer then has
    ``"status": "error"`` and ``error`` names the first offending action (``action`` and
    ``seat`` are ``null`` when the setup or the deal is at fault).  Something that is
    not a record at all raises :class:`RecordError`.

    >>> rec = german_record(GermanGame(seed=1))
    >>> out = replay_german({**rec, 'actions': ['ZZ']})
    >>> out['status'], out['error']['action'], out['error']['seat'], out['tricks']
    ('error', 0, 1, [])
    >>> out['error']['message']
    "unknown move 'ZZ': write a card like AS, 10H or QD, or pass"
    """
    game, error, _exc = _replay(record)
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
        tricks = [_trick_json(game, i) for i, t in enumerate(game.tricks) if t.plays]
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
        result["error"] = error
    return result
