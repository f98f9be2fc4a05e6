"""The message catalogue: every sentence a user reads passes through :func:`_`.

Messages are written in English in the source (gettext style, with ``{named}``
placeholders); Spanish and French come from the catalogues beside this file.

>>> set_language('en'); _('{name} is out').format(name='Ann')
'Ann is out'
"""

from __future__ import annotations

import gettext
import re
from functools import lru_cache
from pathlib import Path

__all__ = [
    "_", "N_", "ngettext", "is_plural", "set_language", "get_language", "LANGUAGES",
    "french_spacing",
]  # fmt: skip

LANGUAGES = ("en", "es", "fr")
_LOCALE_DIR = Path(__file__).parent / "locale"
_state: dict[str, object] = {"lang": "en", "tr": gettext.NullTranslations()}


def set_language(lang: str) -> None:
    """Choose the language of every message from now on: ``en``, ``es`` or ``fr``."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    _state["lang"] = lang
    _state["tr"] = gettext.translation(
        "kowhist_teach", localedir=_LOCALE_DIR, languages=[lang], fallback=True
    )


def get_language() -> str:
    """The language chosen with :func:`set_language` (``en`` at first)."""
    return str(_state["lang"])


def N_(message: str) -> str:
    """Mark a message for the catalogue without translating it yet (it is passed to
    :func:`_` later, when the language is known)."""
    return message


#: Each message already looked up, and the catalogue it was looked up in: a table
#: names every card and seat at every move, so the same words come back thousands of
#: times (set_language, or a catalogue swapped in by hand, starts it again).
_looked_up: dict[str, str] = {}
_looked_up_in: list[object] = [None]


def _(message: str) -> str:
    """The message in the chosen language (the English text when it has no translation;
    French with its spacing, :func:`french_spacing`)."""
    catalogue = _state["tr"]
    if _looked_up_in[0] is not catalogue or len(_looked_up) > 8192:
        _looked_up.clear()
        _looked_up_in[0] = catalogue
    text = _looked_up.get(message)
    if text is None:
        text = catalogue.gettext(message)  # type: ignore[attr-defined]
        if _state["lang"] == "fr":
            text = french_spacing(text)
        _looked_up[message] = text
    return text


#: A French high sign (``: ; ! ?``) after a word, with or without a space before it,
#: when a space, the end, a closing mark or a placeholder's brace follows: "12:30",
#: "http://" and "{a}:{b}" are left alone.
_HIGH_SIGN = re.compile(r"(?<=[^\s\u00a0\u202f:;!?(\[{«])[ \u00a0\u202f]?([:;!?])(?=[\s»)\]\"']|$)")
NARROW_NBSP = "\u202f"


@lru_cache(maxsize=4096)
def french_spacing(text: str) -> str:
    """French typography, applied by this one function to every French message: a
    narrow no-break space (U+202F) before ``:``, ``;``, ``!`` and ``?`` (whatever space,
    or none, the text had there), so the sign never starts a line.

    >>> french_spacing("Atout : cœur ; à vous!")
    'Atout\u202f: cœur\u202f; à vous\u202f!'
    >>> french_spacing("à 12:30, voir http://x.org")
    'à 12:30, voir http://x.org'
    """
    return _HIGH_SIGN.sub(NARROW_NBSP + r"\1", text)


def is_plural(n: int) -> bool:
    """Whether the chosen language writes a count of ``n`` in the plural (the plural
    rule of its catalogue: English and Spanish ``n != 1``; French takes the singular
    for 0 and 1).

    >>> set_language('en'); is_plural(1), is_plural(0), is_plural(2)
    (False, True, True)
    >>> set_language('fr'); is_plural(0); set_language('en')
    False
    """
    rule = getattr(_state["tr"], "plural", None)
    index = rule(n) if rule is not None else int(n != 1)
    return index != 0


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural form of a message for the count ``n``, in the chosen
    language (the catalogue's own plural forms; the English text when it has none).

    >>> set_language('en'); ngettext('{n} card', '{n} cards', 1).format(n=1)
    '1 card'

    ``make i18n`` extracts it with the keyword ``ngettext:1,2`` (one plural entry per
    message, with every plural form of each language), and ``tests/test_i18n.py``
    checks them: write every count's sentence with it, never two ``_()`` messages
    chosen by hand.
    """
    text = _state["tr"].ngettext(singular, plural, n)  # type: ignore[union-attr]
    return french_spacing(text) if _state["lang"] == "fr" else text
