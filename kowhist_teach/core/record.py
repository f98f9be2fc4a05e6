"""Game records, ``kowhist-record/1`` (DESIGN §3): load, validate, save and replay.

A record is a JSON object; teachers write them to set up a deal, the app saves and
loads them, tests replay them.  Two kinds of trouble are kept apart:

* a file that is not a record at all (bad JSON, a wrong format tag, unknown keys,
  values of the wrong type) raises :class:`~kowhist_teach.core.errors.RecordError`;
* a record that breaks a rule (an illegal card, a wrong hand size, a trump chosen by
  the wrong player) raises :class:`ReplayError`, which says where.

:func:`replay` never raises: it returns the object that ``kowhist-teach replay --json``
prints.

>>> from kowhist_teach import KnockoutGame
>>> import random
>>> game = KnockoutGame(3, seed=4)
>>> rng = random.Random(4)
>>> while not game.is_over():
...     game.play(rng.choice(game.legal_moves()))
>>> result = replay(to_record(game))
>>> result['status'], result['winner'] == game.outcome().winner
('over', True)
"""

from __future__ import annotations

import json
import re
from os import PathLike
from pathlib import Path
from typing import Any

from ..games.knockout.engine import KnockoutGame, Phase, RoundLog, Rules
from ..i18n import _
from .cards import BadCard, Suit, card_codes
from .errors import IllegalMove, RecordError, SetupError
from .game import check_rule_options
from .moves import PLAY_ON, RAINBOW, Call, Move
from .tricks import Trick

__all__ = [
    "FORMAT",
    "ReplayError",
    "load_record",
    "parse_record",
    "record_from_data",
    "MAX_RECORD_BYTES",
    "check_record",
    "save_record",
    "to_record",
    "game_from_record",
    "replay",
]

#: The format tag every record carries.
FORMAT = "kowhist-record/1"

#: The largest record text read (1 MB): a whole 7-player Knock-Out game is ~10 kB, so
#: anything larger is not a record, and refusing it early keeps a kernel's memory safe.
MAX_RECORD_BYTES = 1_000_000

#: Numbers in a record are seats, counts and points: 18 digits is far beyond any of them
#: and keeps Python from spending time on a number with millions of digits.
_MAX_NUMBER_DIGITS = 18

_TOP_KEYS = {
    "knockout": {"format", "game", "players", "rules", "first_dealer", "rounds"},
    "german": {"format", "game", "players", "rules", "first_dealer", "hands", "stock", "actions"},
    # The whist family (record_family.py): one shape for whist, solo and bid whist.
    **{
        game: {"format", "game", "players", "rules", "first_dealer", "deals"}
        for game in ("whist", "solo", "bidwhist")
    },
}
_ROUND_KEYS = {"hands", "turn_up", "trump", "trump_chooser", "declare", "votes", "actions"}


class ReplayError(IllegalMove):
    """A record that breaks a rule; ``round``, ``action`` and ``seat`` say where.

    ``round`` and ``action`` are 0-based indexes into the record (``None`` when the
    fault is in the setup or a round's deal rather than in one action).
    """

    def __init__(
        self,
        message: str,
        round: int | None = None,
        action: int | None = None,
        seat: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.round = round
        self.action = action
        self.seat = seat

    #: The name of the first place in ``to_dict`` (the whist family's errors: ``deal``).
    _place = "round"

    def to_dict(self) -> dict[str, Any]:
        """The ``error`` object of ``replay --json``."""
        return {
            self._place: self.round,
            "action": self.action,
            "seat": self.seat,
            "message": self.message,
        }


# --------------------------------------------------------------------------- reading
def parse_record(text: str) -> dict[str, Any]:
    """A record from JSON text, checked for shape (not yet for the rules).

    The text is only ever read as JSON, never as a file name. It may be at most
    :data:`MAX_RECORD_BYTES` long; numbers longer than 18 digits, ``NaN``/``Infinity``
    and nesting too deep to be a record are refused with a one-line
    :class:`~kowhist_teach.core.errors.RecordError`.

    >>> parse_record('{"format": "kowhist-record/1", "game": "knockout", "players": 3}')['players']
    3
    >>> try:
    ...     parse_record('{"format": "chess"}')
    ... except RecordError as e:
    ...     print(e)
    not a kowhist record: the format tag is 'chess', not 'kowhist-record/1'
    """
    if len(text) > MAX_RECORD_BYTES:
        raise _too_large(len(text))
    try:
        data = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant
        )
    except json.JSONDecodeError as e:
        raise RecordError(
            _("not valid JSON (line {line}, column {col}): {msg}").format(
                line=e.lineno, col=e.colno, msg=e.msg
            )
        ) from None
    except RecursionError:
        raise RecordError(_("not a record: its lists and objects are nested too deep")) from None
    except ValueError as e:  # raised by the two hooks below, already one line
        raise RecordError(str(e)) from None
    check_record(data)
    return data


def record_from_data(source: bytes | str | dict[str, Any]) -> dict[str, Any]:
    """A record from what a user handed over — the bytes of an uploaded file, JSON text
    or a dict — checked for shape. Never read as a path: this is the entry point for
    anything that comes from a browser.

    >>> record_from_data(b'{"format": "kowhist-record/1", "game": "knockout", "players": 3}')
    {'format': 'kowhist-record/1', 'game': 'knockout', 'players': 3}
    >>> try:
    ...     record_from_data("/etc/passwd")
    ... except RecordError as e:
    ...     print(e)
    not valid JSON (line 1, column 1): Expecting value
    """
    if isinstance(source, dict):
        check_record(source)
        return source
    if isinstance(source, (bytes, bytearray, memoryview)):
        if len(source) > MAX_RECORD_BYTES:
            raise _too_large(len(source))
        try:
            source = bytes(source).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(_("not a record: the file is not UTF-8 text")) from None
    if not isinstance(source, str):
        raise RecordError(_("not a record: a record is a JSON object"))
    return parse_record(source)


def _too_large(size: int) -> RecordError:
    return RecordError(
        _("file too large: {size} kB, and a record is at most {limit} kB").format(
            size=size // 1000, limit=MAX_RECORD_BYTES // 1000
        )
    )


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_NUMBER_DIGITS:
        raise ValueError(
            _("not a record: a number has {count} digits, far too many for a record").format(
                count=len(digits.lstrip("-"))
            )
        )
    return int(digits)


def _parse_float(text: str) -> float:
    value = float(text)
    if len(text) > _MAX_NUMBER_DIGITS + 8 or value in (float("inf"), float("-inf")):
        raise ValueError(
            _("not a record: the number {text} is far too large for a record").format(
                text=text[:24]
            )
        )
    return value


def _refuse_constant(name: str) -> Any:
    raise ValueError(_("not a record: {name} is not a number a record can hold").format(name=name))


def load_record(source: str | PathLike[str] | dict[str, Any]) -> dict[str, Any]:
    """A record from a file path, JSON text, or a dict; checked for shape.

    Raises :class:`~kowhist_teach.core.errors.RecordError` (one line) if it is not a record.
    """
    if isinstance(source, dict):
        check_record(source)
        return source
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return parse_record(source)
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(_("no such file: {path}").format(path=path)) from None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise RecordError(_("cannot read {path}: {why}").format(path=path, why=e)) from None
    return parse_record(text)


def save_record(record: dict[str, Any], path: str | PathLike[str]) -> None:
    """Write a record as indented JSON (card codes stay on one line per hand)."""
    check_record(record)
    Path(path).write_text(dumps(record) + "\n", encoding="utf-8")


def dumps(record: dict[str, Any]) -> str:
    """A record as readable JSON: one key per line, lists of codes kept on one line."""
    text = json.dumps(record, indent=1, ensure_ascii=False)
    # Collapse lists of plain scalars (hands, actions) onto one line each.
    return re.sub(
        r"\[\s*((?:\"[^\"\n]*\"|-?\d+|null)(?:,\s*(?:\"[^\"\n]*\"|-?\d+|null))*)\s*\]",
        lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]",
        text,
    )


def _fail(message: str) -> RecordError:
    return RecordError(message)


def check_record(data: Any) -> None:
    """Check a record's shape: format tag, game, known keys, value types.

    Raises :class:`~kowhist_teach.core.errors.RecordError`; rule checks come with replay.
    """
    if not isinstance(data, dict):
        raise _fail(_("not a record: a record is a JSON object"))
    tag = data.get("format")
    if tag != FORMAT:
        raise _fail(
            _("not a kowhist record: the format tag is {tag!r}, not {want!r}").format(
                tag=tag, want=FORMAT
            )
        )
    game = data.get("game")
    if not isinstance(game, str) or game not in _TOP_KEYS:
        raise _fail(
            _("unknown game {game!r}: this version replays {known}").format(
                game=game, known=", ".join(sorted(_TOP_KEYS))
            )
        )
    _no_unknown(data, _TOP_KEYS[game], _("the record"))
    if "players" not in data:
        raise _fail(_("the record must say how many players there are (players)"))
    players = data["players"]
    if not (
        (isinstance(players, int) and not isinstance(players, bool))
        or (isinstance(players, list) and all(isinstance(p, str) for p in players))
    ):
        raise _fail(_("players must be a number or a list of names"))
    if "rules" in data:
        if not isinstance(data["rules"], dict):
            raise _fail(_("rules must be an object of options"))
        try:
            check_rule_options(_rules_class(game), data["rules"])
        except SetupError as e:  # an unknown option is an unknown key: not a record
            raise _fail(str(e)) from None
    fd = data.get("first_dealer", 0)
    if not isinstance(fd, int) or isinstance(fd, bool):
        raise _fail(_("first_dealer must be a seat number"))
    if game == "knockout":
        _check_knockout_shape(data)
    elif game == "german":
        _check_german_shape(data)
    else:
        from ..games.family.record import check_family_shape

        check_family_shape(data)


def _rules_class(game: str) -> type:
    if game == "german":
        from ..games.german.engine import GermanRules

        return GermanRules
    if game in ("whist", "solo", "bidwhist"):
        from ..games.family.record import family_class

        return family_class(game).rules_class
    return Rules


def _no_unknown(obj: dict[str, Any], known: set[str], where: str) -> None:
    for key in obj:
        if key not in known:
            raise _fail(
                _("unknown key {key!r} in {where}: known keys are {known}").format(
                    key=key, where=where, known=", ".join(sorted(known))
                )
            )


def _is_code_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) for c in value)


def _check_hands_and_actions(obj: Any, known: set[str], where: str) -> None:
    """A round or a deal: an object of ``known`` keys, with ``hands`` (a list of card
    codes per seat) and maybe ``actions`` (a list of codes)."""
    if not isinstance(obj, dict):
        raise _fail(_("{where} must be an object").format(where=where))
    _no_unknown(obj, known, where)
    hands = obj.get("hands")
    if not isinstance(hands, list) or not all(_is_code_list(h) for h in hands):
        raise _fail(_("{where} needs hands: one list of card codes per seat").format(where=where))
    if "actions" in obj and not _is_code_list(obj["actions"]):
        raise _fail(_("{where}: actions must be a list of codes").format(where=where))


def _check_knockout_shape(data: dict[str, Any]) -> None:
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise _fail(_("rounds must be a list of round objects"))
    for i, rnd in enumerate(rounds):
        where = _("round {r}").format(r=i)
        _check_hands_and_actions(rnd, _ROUND_KEYS, where)
        for key in ("turn_up", "trump"):
            if rnd.get(key) is not None and not isinstance(rnd[key], str):
                raise _fail(_("{where}: {key} must be a code").format(where=where, key=key))
        tc = rnd.get("trump_chooser")
        if tc is not None and (not isinstance(tc, int) or isinstance(tc, bool)):
            raise _fail(_("{where}: trump_chooser must be a seat number").format(where=where))
        votes = rnd.get("votes")
        if votes is not None and not (
            isinstance(votes, dict) and all(isinstance(v, str) for v in votes.values())
        ):
            raise _fail(
                _('{where}: votes must map seats to suits, like {{"3": "H"}}').format(where=where)
            )
        declare = rnd.get("declare")
        if declare is not None:
            if not isinstance(declare, dict):
                raise _fail(_("{where}: declare must be an object or null").format(where=where))
            _no_unknown(declare, {"seat", "call"}, _("{where}'s declare").format(where=where))
            if not isinstance(declare.get("seat"), int) or declare.get("call") not in (
                "no-picture",
                "rainbow",
            ):
                raise _fail(
                    _('{where}: declare needs a seat and a call, "no-picture" or "rainbow"').format(
                        where=where
                    )
                )


def _check_german_shape(data: dict[str, Any]) -> None:
    for key in ("hands",):
        hands = data.get(key)
        if not isinstance(hands, list) or not all(_is_code_list(h) for h in hands):
            raise _fail(_("hands must be one list of card codes per seat"))
    if not _is_code_list(data.get("stock")):
        raise _fail(_("stock must be a list of card codes, top first"))
    if "actions" in data and not _is_code_list(data["actions"]):
        raise _fail(_("actions must be a list of codes"))


# ------------------------------------------------------------------------ replaying
def _suit_code(suit: Suit | None) -> str:
    return "NT" if suit is None else suit.code


def _parse_trump(code: str, r: int) -> Call:
    try:
        call = Call(code)
    except BadCard:
        call = None
    if call is None or not call.is_trump:
        raise ReplayError(
            _("{code!r} is not a trump: write S, H, D, C or NT").format(code=code), round=r
        )
    return call


def game_from_record(record: dict[str, Any]) -> Any:
    """The game a record describes, played up to where the record stops.

    Raises :class:`~kowhist_teach.core.errors.RecordError` if it is not a record and
    :class:`ReplayError` if it breaks a rule.
    """
    check_record(record)
    if record["game"] == "german":
        from ..games.german.record import german_game_from_record

        return german_game_from_record(record)
    if record["game"] != "knockout":
        from ..games.family.record import family_game_from_record

        return family_game_from_record(record)
    return knockout_game_from_record(record)


def knockout_game_from_record(record: dict[str, Any]) -> KnockoutGame:
    """Replay a Knock-Out Whist record into a game (see :func:`game_from_record`)."""
    try:
        rules = Rules.from_dict(record.get("rules"))
        game = KnockoutGame(
            record["players"],
            rules,
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
        )
    except (SetupError, TypeError) as e:
        raise ReplayError(str(e)) from None
    rounds = record.get("rounds", [])
    for r, rnd in enumerate(rounds):
        _replay_round(game, rnd, r, last=r == len(rounds) - 1)
    return game


def _replay_round(game: KnockoutGame, rnd: dict[str, Any], r: int, last: bool) -> None:
    if game.is_over():
        raise ReplayError(_("the game was already over before round {r}").format(r=r), round=r)
    first = game.is_first_round()
    # Who chooses trumps (and leads) was settled at the end of the last round; a tie
    # there was cut, and the record names the cut's winner.
    tc = rnd.get("trump_chooser")
    if game.phase is Phase.CUT:
        tied = game.chance_pending[1]
        if tc is None:
            raise ReplayError(
                _(
                    "seats {tied} tied for most tricks: round {r} must name the cut's winner "
                    "as trump_chooser"
                ).format(tied=", ".join(map(str, tied)), r=r),
                round=r,
            )
        try:
            game.cut(tc)
        except IllegalMove as e:
            raise ReplayError(str(e), round=r, seat=tc) from None
    elif tc is not None:
        if first:
            raise ReplayError(
                _("round {r} takes trumps from the turn-up: it has no trump_chooser").format(r=r),
                round=r,
            )
        if tc != game.trump_chooser:
            raise ReplayError(
                _(
                    "seat {tc} cannot choose trumps: seat {chooser} took the most tricks last round"
                ).format(tc=tc, chooser=game.trump_chooser),
                round=r,
                seat=tc,
            )
    turn_up = rnd.get("turn_up")
    if first and turn_up is None:
        raise ReplayError(
            _("round {r} is dealt with a turn-up card for trumps: turn_up is missing").format(r=r),
            round=r,
        )
    if not first and turn_up is not None:
        raise ReplayError(
            _("only the first round (and its redeals) has a turn_up; round {r} has one").format(
                r=r
            ),
            round=r,
        )
    try:
        game.deal(rnd["hands"], turn_up)
    except IllegalMove as e:
        raise ReplayError(_("round {r}: {why}").format(r=r, why=e), round=r) from None

    votes = rnd.get("votes") or {}
    for key in votes:
        if not (
            isinstance(key, str)
            and key.isascii()
            and key.isdigit()
            and int(key) < game.n
            and game.status[int(key)].name == "OUT"
        ):
            raise ReplayError(
                _("seat {key} cannot vote on trumps: only eliminated players vote").format(key=key),
                round=r,
            )
    if votes and game.phase is not Phase.VOTE:
        raise ReplayError(_("round {r} has no vote on trumps").format(r=r), round=r)
    while game.phase is Phase.VOTE:
        seat = game.to_move
        if last and str(seat) not in votes and rnd.get("trump") is None and not rnd.get("actions"):
            return  # the record stops while the vote is under way
        if str(seat) not in votes:
            raise ReplayError(
                _("seat {seat} is out and votes on trumps: round {r} needs their vote").format(
                    seat=seat, r=r
                ),
                round=r,
                seat=seat,
            )
        _play(game, _parse_trump(votes[str(seat)], r), r, None)

    trump = rnd.get("trump")
    if game.phase is Phase.CHOOSE_TRUMP:
        if trump is None and last and not rnd.get("actions"):
            return  # the record stops while the chooser thinks
        if trump is None:
            raise ReplayError(
                _("round {r} needs a trump: seat {seat} chooses it").format(r=r, seat=game.to_move),
                round=r,
                seat=game.to_move,
            )
        _play(game, _parse_trump(trump, r), r, None)
    elif trump is not None:
        call = _parse_trump(trump, r)
        if call.suit != game.trump:
            raise ReplayError(
                _("round {r}: trumps are {actual}, not {claimed}").format(
                    r=r, actual=_suit_code(game.trump), claimed=trump
                ),
                round=r,
            )

    declare = rnd.get("declare")
    if declare is not None:
        seat, call = declare["seat"], Call(declare["call"])
        if not 0 <= seat < game.n:
            raise ReplayError(_("seat {seat} is not at this table").format(seat=seat), round=r)
        if game.phase is not Phase.DECLARE or call not in game.declarations_open(seat):
            raise ReplayError(game.why_declaration_illegal(seat, call), round=r, seat=seat)
    if last and "declare" not in rnd and not rnd.get("actions"):
        # Stopped before the first lead and nobody has declined yet ("declare": null
        # says the declarations are over with none made).
        return
    while game.phase is Phase.DECLARE:
        seat = game.to_move
        if declare is not None and (seat == declare["seat"] or declare["call"] == "rainbow"):
            move: Move = Call(declare["call"])
            if move not in game.legal_moves():
                move = PLAY_ON
        else:
            move = PLAY_ON
        _play(game, move, r, None)
    if game.phase is Phase.CUT and declare is not None and declare["call"] == RAINBOW.code:
        try:
            game.cut(declare["seat"])
        except IllegalMove as e:
            raise ReplayError(str(e), round=r, seat=declare["seat"]) from None
    actions = rnd.get("actions", [])
    log = game.rounds[r]
    if log.redealt or log.declare is not None:
        if actions:
            raise ReplayError(
                _("round {r} ended with a declaration: it can have no actions").format(r=r),
                round=r,
                action=0,
            )
        return
    for a, code in enumerate(actions):
        if game.round != r or game.phase is not Phase.PLAY:
            raise ReplayError(
                _(
                    "round {r} is over after {k} actions: action {a} ({code}) is one too many"
                ).format(r=r, k=a, a=a, code=code),
                round=r,
                action=a,
            )
        _play(game, code, r, a)
    if not last and game.round == r and not game.is_over():
        raise ReplayError(
            _("round {r} stops before its last trick, but another round follows").format(r=r),
            round=r,
        )


def _play(game: KnockoutGame, move: Move | str, r: int, a: int | None) -> None:
    seat = game.to_move
    try:
        game.play(move)
    except IllegalMove as e:
        raise ReplayError(str(e), round=r, action=a, seat=seat) from None


# ------------------------------------------------------------------------- writing
def to_record(game: Any) -> dict[str, Any]:
    """A game written out as a record; replaying it gives the same game.

    >>> g = KnockoutGame(4, seed=2)
    >>> rec = to_record(g)
    >>> rec['format'], len(rec['rounds'][0]['hands'][0]), to_record(game_from_record(rec)) == rec
    ('kowhist-record/1', 7, True)
    """
    from ..games.family.engine import FamilyGame

    if isinstance(game, FamilyGame):
        from ..games.family.record import family_record

        return family_record(game)
    if not isinstance(game, KnockoutGame):
        from ..games.german.record import german_record

        return german_record(game)
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": "knockout",
        "players": list(game._names) if game._names is not None else game.n,
        "rules": game.rules.to_dict(),
        "first_dealer": game.first_dealer,
        "rounds": [],
    }
    first = True
    for log in game.rounds:
        if not log.hands:  # a round not dealt yet
            continue
        rnd: dict[str, Any] = {"hands": [card_codes(h) for h in log.hands]}
        if first:
            rnd["turn_up"] = log.turn_up.code if log.turn_up is not None else None
        elif log.trump_settled:
            rnd["trump"] = _suit_code(log.trump)
        if log.cut_winner is not None:
            rnd["trump_chooser"] = log.cut_winner
        if log.votes:
            rnd["votes"] = {str(s): suit.code for s, suit in log.votes.items()}
        if log.declare is not None:
            rnd["declare"] = dict(log.declare)
        elif log.could_declare and log.tricks:
            rnd["declare"] = None  # declarations are over, none was made
        rnd["actions"] = [m.code for m in log.actions]
        record["rounds"].append(rnd)
        if not log.redealt:
            first = False
    return record


# ------------------------------------------------------------------------ the report
def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "cards": [[seat, card.code] for seat, card in trick.plays],
        "winner": trick.winner,
    }


def _round_dict(game: KnockoutGame, log: RoundLog) -> dict[str, Any]:
    tricks = [t for t in log.tricks if t.plays]
    complete = log is not game.log or game.is_over()
    won = log.tricks_won if log.tricks_won else _tricks_so_far(game, log)
    return {
        "hand_size": log.hand_size,
        "dealer": log.dealer,
        "trump": _suit_code(log.trump) if log.trump_settled else None,
        "trump_chooser": log.trump_chooser,
        "leader": log.leader,
        "declare": dict(log.declare) if log.declare else None,
        "tricks": [_trick_dict(t) for t in tricks if complete or _trick_complete(game, t)],
        "tricks_won": won,
        "eliminated": list(log.eliminated),
        "dogs": list(log.dogs),
    }


def _trick_complete(game: KnockoutGame, trick: Trick) -> bool:
    return trick is not game.trick


def _tricks_so_far(game: KnockoutGame, log: RoundLog) -> list[int]:
    if log is game.log:
        return list(game.tricks_won)
    return [0] * game.n


def replay(record: dict[str, Any] | str) -> dict[str, Any]:
    """Validate and replay a record; never raises. Returns the ``replay --json`` object.

    >>> replay({'format': 'kowhist-record/1', 'game': 'knockout', 'players': 9})['error']['message']
    'Knock-Out Whist is for 2 to 7 players, not 9'
    """
    try:
        data = load_record(record) if isinstance(record, str) else record
        check_record(data)
    except RecordError as e:
        from ..games.family.record import family_game_of, not_a_family_record

        if family_game_of(record) is not None:  # the family's own shape of the error
            return not_a_family_record(str(e))
        return {
            "status": "error",
            "winner": None,
            "rounds": [],
            "error": {"round": None, "action": None, "seat": None, "message": str(e)},
        }
    if data["game"] == "german":
        from ..games.german.record import replay_german

        return replay_german(data)
    if data["game"] != "knockout":
        from ..games.family.record import replay_family

        return replay_family(data)
    return _replay_knockout(data)


def _replay_knockout(data: dict[str, Any]) -> dict[str, Any]:
    error: ReplayError | None = None
    game: KnockoutGame | None = None
    try:
        rules = Rules.from_dict(data.get("rules"))
        game = KnockoutGame(
            data["players"], rules, first_dealer=data.get("first_dealer", 0), auto_chance=False
        )
    except (SetupError, TypeError) as e:
        error = ReplayError(str(e))
    if game is not None:
        rounds = data.get("rounds", [])
        try:
            for r, rnd in enumerate(rounds):
                _replay_round(game, rnd, r, last=r == len(rounds) - 1)
        except ReplayError as e:
            error = e
    result: dict[str, Any] = {
        "status": "error" if error else ("over" if game.is_over() else "in_progress"),
        "winner": game.outcome().winner if game is not None and game.is_over() else None,
        "rounds": [_round_dict(game, log) for log in game.rounds if log.hands]
        if game is not None
        else [],
    }
    if error is not None:
        result["error"] = error.to_dict()
    return result
