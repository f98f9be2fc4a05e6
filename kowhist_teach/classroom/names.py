"""A student's name (DESIGN §8, "Trust"): what may be one, how two are told apart, and
how one is written where its characters could do harm (a terminal, a spreadsheet).

A name is printable text on one line. Refused, in one line saying which character:
control characters (NUL, ESC, BEL, newlines, tabs — an escape sequence can write the
teacher's clipboard or hide lines of ``class status``), bidirectional overrides,
embeddings, isolates and marks, zero-width and other invisible characters (two
"Ann" rows that look the same), line and paragraph separators, private-use and
unassigned code points. A name is normalised (NFC) and its runs of spaces collapsed.

Two students never share a name: the store gives a second "Ana" the name "Ana (2)"
(:func:`unique_name`, names compared by :func:`name_key`), so every view — the console,
the results, the seats, ``class status``, the export — tells them apart without a
rule of its own.

>>> checked_name("  Ana   María ")
'Ana María'
>>> checked_name("Eve\\x1b]52;c;aGk=\\x07")
Traceback (most recent call last):
...
kowhist_teach.classroom.schema.StoreError: a name is plain text on one line: it may not hold the control or invisible character U+001B
>>> unique_name("ana", {name_key("Ana")})
'ana (2)'
>>> printable("Eve\\x1b]52;c;aGk=\\x07")
'Eve\\\\x1b]52;c;aGk=\\\\x07'
>>> csv_cell("=HYPERLINK(\\"http://x\\")")
'\\'=HYPERLINK("http://x")'
"""  # noqa: E501 - the doctest's line is one line

from __future__ import annotations

import unicodedata
from collections.abc import Collection
from typing import Any

from ..i18n import _
from .schema import NAME_LENGTH, StoreError

__all__ = [
    "MAX_MARKS",
    "checked_name",
    "csv_cell",
    "printable_json",
    "name_key",
    "printable",
    "refused_character",
    "taken_keys",
    "tell_apart",
    "unique_name",
    "with_student_name",
]

#: The most combining marks (accents) a name may stack on one letter: enough for any
#: script's names after NFC, not enough for "Zalgo" text that runs over the rows
#: around it.
MAX_MARKS = 4

#: Characters that show as nothing although their category is a letter, a mark or a
#: symbol (Unicode's Default_Ignorable_Code_Point outside the format category, and the
#: Braille blank): a name made of them looks empty, or like another student's.
_INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    "\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b\ufe0c\ufe0d"
)
#: The two variation selectors an emoji needs (text or picture style): kept in a name,
#: ignored when names are compared.
_EMOJI_STYLE = "\ufe0e\ufe0f"


def refused_character(c: str) -> bool:
    """Whether the character ``c`` may not be in a name: a control, format (bidi,
    zero-width), separator other than a space, surrogate, private-use or unassigned
    character, or an invisible one.

    >>> [refused_character(c) for c in ("a", " ", "é", "\\u202e", "\\u200b", "\\x00")]
    [False, False, False, True, True, True]
    """
    if c in _INVISIBLE or 0xE0000 <= ord(c) <= 0xE0FFF or 0xE0100 <= ord(c) <= 0xE01EF:
        return True
    category = unicodedata.category(c)
    # Other spaces (no-break, ideographic …) are collapsed into one plain space.
    return category[0] == "C" or category in ("Zl", "Zp")


def checked_name(name: Any) -> str:
    """A student's name as typed, normalised (NFC) and trimmed, its inner spaces
    collapsed; :class:`StoreError` in one line (in the class's language) if it holds a
    character :func:`refused_character` refuses, stacks too many accents, or is empty
    or too long.

    >>> checked_name("  Ann  ")
    'Ann'
    >>> checked_name("A\\u202enn")
    Traceback (most recent call last):
    ...
    kowhist_teach.classroom.schema.StoreError: a name is plain text on one line: it may not hold the control or invisible character U+202E
    """  # noqa: E501 - the doctest's line is one line
    text = unicodedata.normalize("NFC", name if isinstance(name, str) else str(name))
    marks = 0
    for c in text:
        if refused_character(c):
            raise StoreError(
                _(
                    "a name is plain text on one line: it may not hold the control or "
                    "invisible character {code}"
                ).format(code=f"U+{ord(c):04X}")
            )
        marks = marks + 1 if unicodedata.category(c) in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            raise StoreError(
                _("a name may stack at most {n} accents on one letter").format(n=MAX_MARKS)
            )
    cleaned = " ".join(text.split())
    if not cleaned:
        raise StoreError(_("type your name to join the class"))
    if len(cleaned) > NAME_LENGTH:
        raise StoreError(_("a name of at most {n} characters, please").format(n=NAME_LENGTH))
    return cleaned


def name_key(name: str) -> str:
    """What two names are compared by: compatibility-normalised (NFKC: a full-width
    "Ａｎｎ" is "Ann"), case-folded, without the characters a name may not hold (so
    that names stored before they were refused compare as they look) nor an emoji's
    style, spaces collapsed.

    >>> name_key("ANA") == name_key("ana") == name_key("Ａｎａ") == name_key("A\\u200bna ")
    True
    """
    folded = unicodedata.normalize("NFKC", str(name)).casefold()
    kept = "".join(c for c in folded if not refused_character(c) and c not in _EMOJI_STYLE)
    return " ".join(kept.split())


def unique_name(name: str, taken: Collection[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)`` … the first whose :func:`name_key` is
    not in ``taken`` (the keys of the other students' names).

    >>> unique_name("Ana", set()), unique_name("Ana", {"ana", "ana (2)"})
    ('Ana', 'Ana (3)')
    """
    candidate, n = name, 1
    while name_key(candidate) in taken:
        n += 1
        candidate = f"{name} ({n})"
    return candidate


def taken_keys(store: Any, c: Any, *where: Any) -> set[str]:
    """The :func:`name_key` of the names of the students ``where`` says, in the
    store's transaction ``c``, the names locked until it ends: two students joining as
    "Ana" at once are told apart (SQLite has one writer at a time; PostgreSQL takes
    this lock)."""
    sa, s = store._sa, store.t.students
    if not store.sqlite:
        c.execute(sa.text("SELECT pg_advisory_xact_lock(2012118)"))
    return {name_key(n) for n in c.execute(sa.select(s.c.name).where(*where)).scalars()}


def tell_apart(store: Any, c: Any) -> None:
    """In the store's transaction ``c``: students who joined with one name before names
    were told apart (or whose names differ only by characters now refused) take "Ana
    (2)", "Ana (3)" … in the order they joined, so that every view shows them apart."""
    sa, s = store._sa, store.t.students
    rows = c.execute(sa.select(s.c.id, s.c.name).order_by(s.c.id)).all()
    if len({name_key(n) for _id, n in rows}) == len(rows):
        return  # the usual case: one read, no write
    taken: set[str] = set()
    for student_id, name in rows:
        new = unique_name(name, taken)
        taken.add(name_key(new))
        if new != name:
            c.execute(s.update().where(s.c.id == student_id).values(name=new))


def _hidden(c: str) -> bool:
    """Whether a terminal could act on ``c``, reorder the line for it or show nothing."""
    return not (c == " " or c.isprintable()) or c in _INVISIBLE


def _escape(c: str) -> str:
    code = ord(c)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def printable(text: Any) -> str:
    """``text`` as a terminal may print it: every character that is not printable (a
    control character, a bidi override, a zero-width space …) written as its escape
    (``\\x1b``, ``\\u202e``), and the backslash doubled, so that nothing stored in a
    class acts on the teacher's terminal or hides among the letters.

    >>> print(printable("Ann\\u202e \\\\ Bo\\n"))
    Ann\\u202e \\\\ Bo\\x0a
    """
    text = str(text)
    if text.isascii() and text.isprintable() and "\\" not in text:
        return text  # the usual name: nothing to look at twice
    return "".join("\\\\" if c == "\\" else _escape(c) if _hidden(c) else c for c in text)


def printable_json(text: str) -> str:
    """JSON ``text`` (``json.dumps(…, ensure_ascii=False)``) whose every character is
    printable: those :func:`printable` escapes written ``\\uXXXX`` (valid JSON, read
    back the same), the others kept ("Zoë" stays "Zoë").

    >>> printable_json('{"name": "Zoë\u202e"}')
    '{"name": "Zoë\\\\u202e"}'
    """
    # Such characters can only be inside strings: JSON's own syntax is printable ASCII.
    return "".join(_json_escape(c) if _hidden(c) else c for c in text)


def _json_escape(c: str) -> str:
    data = c.encode("utf-16-be", "surrogatepass")  # a character past U+FFFF: its two surrogates
    return "".join(
        f"\\u{int.from_bytes(data[i : i + 2], 'big'):04x}" for i in range(0, len(data), 2)
    )


#: What a spreadsheet reads as the start of a formula (OWASP's "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet reads as text: a string starting as a formula would
    (``=``, ``+``, ``-``, ``@``, a tab, a carriage return) gets a leading ``'``, as
    OWASP advises, and a character :func:`printable` escapes (a carriage return that
    would cut the row, stored before names were checked) is written as its escape;
    anything else (numbers included) is kept.

    >>> csv_cell("@SUM(A1)"), csv_cell("Ann"), csv_cell(-3), csv_cell("\\r=1")
    ("'@SUM(A1)", 'Ann', -3, "'\\\\x0d=1")
    """
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START):
        value = "'" + value
    if value.isascii() and value.isprintable():
        return value
    return "".join(_escape(c) if _hidden(c) else c for c in value)


def with_student_name(record: dict[str, Any], name: str) -> dict[str, Any]:
    """The record with ``name`` in seat 0 (the student's), when it names its players.

    >>> with_student_name({"players": ["Ann", "Bot 1"]}, "Ann B.")["players"]
    ['Ann B.', 'Bot 1']
    """
    players = record.get("players")
    if not isinstance(players, list) or not players:
        return record
    return {**record, "players": [name, *players[1:]]}
