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
import os
import re
import stat
import sys
from os import PathLike
from pathlib import Path
from typing import Any

from ..i18n import _
from .errors import IllegalMove, RecordError, SetupError
from .game import check_rule_options
from .hooks.record import RecordHook, not_a_record_result
from .registry import game_names, spec, spec_of, specs

__all__ = [
    "FORMAT",
    "ReplayError",
    "load_record",
    "parse_record",
    "read_record_text",
    "record_from_data",
    "MAX_RECORD_BYTES",
    "check_record",
    "save_record",
    "to_record",
    "game_from_record",
    "replay",
    "record_hook",
    "claimed_game",
    "not_a_record",
    "EXAMPLES_DIR",
    "example_paths",
]

#: The format tag every record carries.
FORMAT = "kowhist-record/1"

#: The largest record text read (1 MB): a whole 7-player Knock-Out game is ~10 kB, so
#: anything larger is not a record, and refusing it early keeps a kernel's memory safe.
MAX_RECORD_BYTES = 1_000_000

#: Numbers in a record are seats, counts and points: 18 digits is far beyond any of them
#: and keeps Python from spending time on a number with millions of digits.
_MAX_NUMBER_DIGITS = 18


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
    return parse_record(read_record_text(source))


def _not_a_file(mode: int) -> str | None:
    """Why a file of this mode is not one a record is read from (None: a plain file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("it is a folder, not a file")
    if stat.S_ISFIFO(mode):
        return _("it is a pipe (FIFO), not a file")
    if stat.S_ISSOCK(mode):
        return _("it is a socket, not a file")
    return _("it is a device, not a file")


def read_record_text(path: str | PathLike[str]) -> str:
    """The text of the record file ``path``, read to at most
    :data:`MAX_RECORD_BYTES` (and one byte more, to know it is longer). A folder, a
    device (``/dev/zero``), a pipe or a socket is refused before a byte is read, a
    longer file after ``MAX_RECORD_BYTES + 1``: each with a one-line
    :class:`~kowhist_teach.core.errors.RecordError`.

    >>> try:
    ...     read_record_text("/dev/zero")
    ... except RecordError as e:
    ...     print(e)
    cannot read /dev/zero: it is a device, not a file
    """
    path = Path(path)

    def refuse(why: object) -> RecordError:
        return RecordError(_("cannot read {path}: {why}").format(path=path, why=why))

    try:
        # Asked of the name first: opening some devices does something (a tape
        # rewinds), and a pipe's open would wait for a writer.
        why = _not_a_file(os.stat(path).st_mode)
    except FileNotFoundError:
        raise RecordError(_("no such file: {path}").format(path=path)) from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise refuse(getattr(e, "strerror", None) or e) from None
    if why is not None:
        raise refuse(why)
    try:
        # O_NONBLOCK: should the name become a pipe in between, the open does not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise RecordError(_("no such file: {path}").format(path=path)) from None
    except OSError as e:
        raise refuse(e.strerror or e) from None
    with os.fdopen(fd, "rb") as f:
        try:
            info = os.fstat(f.fileno())
            why = _not_a_file(info.st_mode)  # what was opened, whatever the name is now
            if why is not None:
                raise refuse(why)
            data = f.read(MAX_RECORD_BYTES + 1)
        except OSError as e:
            raise refuse(e.strerror or e) from None
    if len(data) > MAX_RECORD_BYTES:
        if info.st_size > MAX_RECORD_BYTES:
            raise _too_large(info.st_size)
        raise RecordError(  # a file that says no size (/proc's)
            _("file too large: a record is at most {limit} kB").format(
                limit=MAX_RECORD_BYTES // 1000
            )
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise refuse(e) from None


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
    hook = _record_hook(game)
    if hook is None:
        raise _unknown_game(game)
    _no_unknown(data, hook.top_keys, _("the record"))
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
            check_rule_options(spec(game).rules, data["rules"])
        except SetupError as e:  # an unknown option is an unknown key: not a record
            raise _fail(str(e)) from None
    fd = data.get("first_dealer", 0)
    if not isinstance(fd, int) or isinstance(fd, bool):
        raise _fail(_("first_dealer must be a seat number"))
    hook.check_shape(data)


def _unknown_game(game: Any) -> RecordError:
    known = sorted(name for name in game_names() if spec(name).has("record"))
    return _fail(
        _("unknown game {game!r}: this version replays {known}").format(
            game=game, known=", ".join(known)
        )
    )


def _record_hook(game: Any) -> RecordHook | None:
    """The record hook of the game a record names; ``None`` if no game of that name
    reads records."""
    if not isinstance(game, str) or game not in game_names():
        return None
    found = spec(game)
    return found.record if found.has("record") else None


def record_hook(data: dict[str, Any]) -> RecordHook:
    """The record hook of a record's game, ``spec(data["game"]).record`` (a one-line
    :class:`~kowhist_teach.core.errors.RecordError` if no game of that name reads records).

    >>> record_hook({"game": "german"}).parts_key is None
    True
    """
    hook = _record_hook(data.get("game") if isinstance(data, dict) else None)
    if hook is None:
        raise _unknown_game(data.get("game") if isinstance(data, dict) else None)
    return hook


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


# ------------------------------------------------------------- the game's part
def game_from_record(record: dict[str, Any]) -> Any:
    """The game a record describes, played up to where the record stops.

    Raises :class:`~kowhist_teach.core.errors.RecordError` if it is not a record and
    :class:`ReplayError` if it breaks a rule.
    """
    check_record(record)
    return record_hook(record).game_from_record(record)


def to_record(game: Any) -> dict[str, Any]:
    """A game written out as a record; replaying it gives the same game.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(4, seed=2)
    >>> rec = to_record(g)
    >>> rec['format'], len(rec['rounds'][0]['hands'][0]), to_record(game_from_record(rec)) == rec
    ('kowhist-record/1', 7, True)
    """
    return spec_of(game).record.to_record(game)


def claimed_game(source: Any) -> str | None:
    """The game a record (a dict, JSON text or a path) claims to be, if this version
    reads that game's records: which shape of error ``replay`` gives for it. Never raises.

    >>> claimed_game({'game': 'solo', 'colour': 'red'}), claimed_game('{"game": "chess"}')
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
    return game if _record_hook(game) is not None else None


def not_a_record(source: Any, message: str) -> dict[str, Any]:
    """The ``replay --json`` object for ``source`` (a dict, JSON text or a path) that
    is not a record at all: in the shape of the game it claims to be, if any.

    >>> not_a_record({'game': 'whist'}, 'unknown key')['error']
    {'deal': None, 'action': None, 'seat': None, 'message': 'unknown key'}
    >>> not_a_record('{', 'bad JSON')['rounds']
    []
    """
    hook = _record_hook(claimed_game(source))
    return not_a_record_result(message) if hook is None else hook.not_a_record(message)


def replay(record: dict[str, Any] | str) -> dict[str, Any]:
    """Validate and replay a record; never raises. Returns the ``replay --json`` object.

    >>> replay({'format': 'kowhist-record/1', 'game': 'knockout', 'players': 9})['error']['message']
    'Knock-Out Whist is for 2 to 7 players, not 9'
    """
    try:
        data = load_record(record) if isinstance(record, str) else record
        check_record(data)
    except RecordError as e:
        return not_a_record(record, str(e))
    return record_hook(data).replay(data)


#: The example records the package ships beside its games (``kowhist_teach/examples``).
EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "examples"


def example_paths() -> list[Path]:
    """Every example record shipped: ``kowhist_teach/examples/*.json``, then those in
    the ``examples/`` folder of each registered game's package, in the registry's order
    (so a new game ships its examples inside its own package), each folder sorted.

    >>> import kowhist_teach
    >>> "knockout-whole-game.json" in [p.name for p in example_paths()]
    True
    """
    folders = [EXAMPLES_DIR]
    for game_spec in specs():
        module = sys.modules.get(game_spec.game.__module__)
        where = getattr(module, "__file__", None)
        if where is not None and (Path(where).parent / "examples") not in folders:
            folders.append(Path(where).parent / "examples")
    return [path for folder in folders for path in sorted(folder.glob("*.json"))]
