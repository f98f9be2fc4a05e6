"""The message catalogue: every sentence a user reads passes through :func:`_`.

Messages are written in English in the source (gettext style, with ``{named}``
placeholders); Spanish and French come from the catalogues beside this file.

>>> set_language('en'); _('{name} is out').format(name='Ann')
'Ann is out'
"""

from __future__ import annotations

import gettext
from pathlib import Path

__all__ = ["_", "N_", "set_language", "get_language", "LANGUAGES"]

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


def _(message: str) -> str:
    """The message in the chosen language (the English text when it has no translation)."""
    return _state["tr"].gettext(message)  # type: ignore[union-attr]
