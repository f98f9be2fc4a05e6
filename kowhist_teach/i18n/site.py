"""The words of the static site's own pages (its landing page and the loading indicator
of its app and lesson pages), in every language of the catalogue.

The site is plain HTML built by ``lite/build.py``: it takes these words from here at build
time, so that they are translated with the rest of the package (``make i18n`` extracts
the ``N_`` messages below) rather than written by hand per language in HTML.

>>> words = site_words()
>>> sorted(words) == sorted(LANGUAGES), words["fr"]["play"]
(True, 'Jouer')
"""

from __future__ import annotations

from . import LANGUAGES, N_, _, get_language, set_language

__all__ = ["SITE_WORDS", "AUTONYMS", "site_words"]

#: Key -> English message. The keys are what the site's HTML and script refer to.
SITE_WORDS: dict[str, str] = {
    "title": N_("Knock-Out Whist and the whist family"),
    "intro": N_(
        "Learn Knock-Out Whist, German Whist and the rest of the whist family, then play "
        "them against bots. Everything runs in this page: there is nothing to install."
    ),
    "play": N_("Play"),
    "play_more": N_("The game against bots, in your browser."),
    "lessons": N_("Lessons"),
    "lessons_more": N_("Ten short lessons, from the cards to the strategy:"),
    "loading_page": N_("Loading the page…"),
    "loading_python": N_("Starting Python in your browser…"),
    "loading_app": N_("Setting up the game…"),
    "loading_time": N_(
        "This usually takes 10 to 60 seconds, depending on your connection and computer."
    ),
    "loading_lesson": N_(
        "You can read the lesson meanwhile: its cells run once Python has started."
    ),
    # Names that JupyterLab's own controls lack (for screen readers; see lite/site.js).
    "code_cell": N_("Python code of this cell"),
    "fold_section": N_("Fold or unfold this section"),
}

#: Each language's name in that language: how a visitor finds their own in a list.
AUTONYMS: dict[str, str] = {"en": "English", "es": "Español", "fr": "Français"}


def site_words() -> dict[str, dict[str, str]]:
    """Every site word in every language: ``{"es": {"play": "Jugar", …}, …}``.

    The language chosen before the call is chosen again after it.

    >>> site_words()["es"]["lessons"]
    'Lecciones'
    """
    before = get_language()
    try:
        words = {}
        for lang in LANGUAGES:
            set_language(lang)
            words[lang] = {key: _(message) for key, message in SITE_WORDS.items()}
        return words
    finally:
        set_language(before)
