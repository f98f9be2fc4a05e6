"""The language asked for through the environment: ``KOWHIST_TEACH_LANG``.

``kowhist-teach --lang es app`` sets it for the app's kernels, and ``kowhist-teach lab``
for JupyterLab's terminal and kernels (the course's language), so that what runs there
without a language of its own speaks the one asked for: ``kowhist-teach`` without
``--lang`` and ``build_app()`` without ``lang``. Never the system's locale: a command's
output and a notebook's stay the same on every machine unless asked otherwise.

>>> environment_language({"KOWHIST_TEACH_LANG": "fr"}), environment_language({"LANG": "fr_FR"})
('fr', None)
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from . import LANGUAGES

__all__ = ["LANG_VARIABLE", "environment_language"]

#: The environment variable that names the language when none is asked for.
LANG_VARIABLE = "KOWHIST_TEACH_LANG"


def environment_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language :data:`LANG_VARIABLE` names, if the course has it; else ``None``.

    >>> environment_language({"KOWHIST_TEACH_LANG": " ES "}), environment_language({})
    ('es', None)
    >>> environment_language({"KOWHIST_TEACH_LANG": "de"}) is None
    True
    """
    environ = os.environ if environ is None else environ
    lang = environ.get(LANG_VARIABLE, "").strip().lower()
    return lang if lang in LANGUAGES else None
