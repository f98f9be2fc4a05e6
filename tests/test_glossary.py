"""Issue 25, point 1: one word per idea, in every language, as the glossaries say.

The glossaries (``notebooks/glossary.md``, ``notebooks/es/glosario.md``,
``notebooks/fr/glossaire.md``) are the reference; their section *One word per idea*
lists, per language, the word to use and the words not to use for the same idea.
:data:`RULES` is that list, machine-readable; this file checks it over everything a
reader of that language meets: the lessons' prose and the code strings they print
(``notebooks/text/<lang>/``, the English notebooks), the teachers' guide, the
catalogue's translations (what the widgets and the CLI say) and the lessons' golden
outputs (what the lessons print). Code (``like_this``) is left out: ``kitty=False`` is
an option's name, not a word of the prose.

>>> [rule.use for rule in RULES["fr"]][:2]
['bibliothèque', 'talon']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
GOLDEN = REPO / "tests" / "lesson_outputs"
LOCALE = REPO / "kowhist_teach" / "i18n" / "locale"
GLOSSARY = {
    "en": NOTEBOOKS / "glossary.md",
    "es": NOTEBOOKS / "es" / "glosario.md",
    "fr": NOTEBOOKS / "fr" / "glossaire.md",
}
GUIDE = {
    "en": NOTEBOOKS / "teacher_guide.md",
    "es": NOTEBOOKS / "es" / "guia_docente.md",
    "fr": NOTEBOOKS / "fr" / "guide_enseignant.md",
}


@dataclass(frozen=True)
class Rule:
    """Use ``use``, not what ``avoid`` matches (a regular expression, case-insensitive).

    ``lessons``: only in those lessons (stems like ``"09_whist_family"``; ``()``: in
    all of them); ``kinds``: what is held to it (``lesson`` prose and printed strings,
    the teachers' ``guide``, golden ``output``, the ``catalogue``); ``msgid``: in the
    catalogue, only entries whose English matches it (the English says which idea);
    ``stop``: a lesson's text from this heading on is another idea's.
    """

    avoid: str
    use: str
    lessons: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ("lesson", "guide", "output", "catalogue")
    msgid: str = ""
    stop: str = ""


PROSE = ("lesson", "guide", "output")


#: The glossaries' "one word per idea", per language.
RULES: dict[str, list[Rule]] = {
    "en": [
        # The glossary's word for the 52 cards is "pack"; the Python package is "package".
        Rule(r"\bdecks?\b", "pack", kinds=PROSE),
    ],
    "es": [
        # The auction of solo and bid whist: the app says "pujar", "puja", "subasta".
        # Oh Hell's "apuesta" (a forecast of one's tricks, lesson 09's last part, and
        # the app's Oh Hell) is another idea.
        Rule(
            r"\bapost\w*|\bapuestas?\b",
            "pujar, puja",
            lessons=("09_whist_family",),
            kinds=("lesson",),
            stop="## Oh Hell",
        ),
        Rule(r"\babundance\b", "abundancia"),
        Rule(r"\bmisère\b", "miseria"),
        Rule(r"(?<!gran )\bslam\b", "gran slam"),
        Rule(r"\bprop and cop\b", "propuesta y aceptación"),
        # The whist game and the rubber, as the table's status line says them.
        Rule(r"\bEste juego \(a\b|\bpuntos para el juego\b", "manga"),
        Rule(r"\brubber\b", "robber"),
    ],
    "fr": [
        # "paquet" is the pack of cards ("paquet de cartes" in the lessons); the Python
        # package is "la bibliothèque".
        Rule(r"\bpaquets?\b(?! de cartes)", "bibliothèque", kinds=PROSE),
        Rule(r"(?<!')\bkitty\b(?!')", "talon"),
        Rule(r"\bslam\b", "chelem"),
        Rule(r"\babundance\b", "abondance"),
        Rule(r"\bprop and cop\b", "proposition et acceptation"),
        Rule(r"\bmisère ouverte\b", "misère étalée"),
        Rule(r"\bsurvécu(?:e|es|s)\b", "franchies"),
        Rule(r"(?<!avec\s)\btoutes les cartes visibles\b", "avec toutes les cartes visibles"),
        # A Knock-Out round is a "manche"; the whist game to 5 is a "partie".
        Rule(
            r"\bmanches?\b",
            "partie",
            kinds=("catalogue",),
            msgid=r"^(?!.*\b(?:round|hand|play on)\b).*\bgames?\b",
        ),
        Rule(r"\bCette manche \(en\b|\bpoints de manche\b", "Cette partie (en 5)", kinds=PROSE),
    ],
}

CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)


def _prose(text: str) -> str:
    """Text without code and HTML comments."""
    return CODE.sub(" ", COMMENT.sub(" ", text))


def _translation_prose(path: Path) -> str:
    """A lesson's translation file: its cells, and the translated side of its strings."""
    text = path.read_text(encoding="utf-8")
    cells, _sep, strings = text.partition("<!-- strings -->")
    said = [line.split(" => ", 1)[1] for line in strings.splitlines() if " => " in line]
    return _prose(cells) + "\n" + "\n".join(said)


def _english_prose(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return _prose("\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"))


def _sources(lang: str) -> list[tuple[str, str, str, str]]:
    """``(kind, where, lesson stem or "", text)`` for everything a reader of ``lang``
    reads but the catalogue."""
    out: list[tuple[str, str, str, str]] = []
    if lang == "en":
        for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
            out.append(("lesson", str(path.relative_to(REPO)), path.stem, _english_prose(path)))
        goldens = [p for p in GOLDEN.glob("*/*.txt") if p.parent.name[:2].isdigit()]
    else:
        for path in sorted((NOTEBOOKS / "text" / lang).glob("[0-9][0-9]_*.md")):
            where = str(path.relative_to(REPO))
            out.append(("lesson", where, path.stem, _translation_prose(path)))
        goldens = list((GOLDEN / lang).glob("*/*.txt"))
    guide = GUIDE[lang]
    text = _prose(guide.read_text(encoding="utf-8"))
    out.append(("guide", str(guide.relative_to(REPO)), "", text))
    for path in sorted(goldens):
        text = path.read_text(encoding="utf-8")
        out.append(("output", str(path.relative_to(REPO)), path.parent.name, text))
    assert len(out) > 20, f"no lessons found for {lang}"
    return out


def _hits(rule: Rule, where: str, text: str) -> list[str]:
    found = []
    for m in re.finditer(rule.avoid, text, re.I):
        line = text[: m.start()].count("\n") + 1
        around = text[max(0, m.start() - 30) : m.end() + 30].replace("\n", " ")
        found.append(f"{where}:{line}: {m.group(0)!r} in …{around}… (use {rule.use})")
    return found


@pytest.mark.parametrize("lang", sorted(RULES))
def test_lessons_guides_and_outputs_use_the_glossarys_words(lang: str) -> None:
    wrong = []
    for kind, where, stem, text in _sources(lang):
        for rule in RULES[lang]:
            if kind not in rule.kinds or (rule.lessons and stem not in rule.lessons):
                continue
            if rule.stop and rule.stop in text:
                text = text[: text.index(rule.stop)]
            wrong += _hits(rule, where, text)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_catalogue_uses_the_glossarys_words(lang: str) -> None:
    path = LOCALE / lang / "LC_MESSAGES" / "kowhist_teach.po"
    with path.open("rb") as f:
        catalogue = read_po(f)
    wrong = []
    for message in catalogue:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        for rule in RULES[lang]:
            if "catalogue" not in rule.kinds or (
                rule.msgid and not re.search(rule.msgid, english, re.I)
            ):
                continue
            for text in texts:
                wrong += _hits(rule, f"{lang} catalogue, {english!r}", _prose(text))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", sorted(RULES))
def test_every_rule_is_in_the_glossary(lang: str) -> None:
    """The glossary is the reference: its *One word per idea* section names each word
    to use that this test checks."""
    glossary = GLOSSARY[lang].read_text(encoding="utf-8")
    section = glossary.partition("## ")[2]
    assert section, f"{GLOSSARY[lang].name} has no section of its own words to use"
    for rule in RULES[lang]:
        word = rule.use.split(",")[0].strip()
        assert word.lower() in glossary.lower(), f"{GLOSSARY[lang].name} does not name {word!r}"


def test_the_rules_catch_what_they_are_for() -> None:
    """Each rule matches the slip it was written for, and not the right word."""
    fr = {rule.use.split(" ")[0]: rule for rule in RULES["fr"]}
    assert re.search(fr["partie"].msgid, "This game (to {n})", re.I)
    assert not re.search(fr["partie"].msgid, "{name} won the game in round {r}", re.I)
    package = fr["bibliothèque"].avoid
    assert re.search(package, "Le paquet explique chaque carte", re.I)
    assert not re.search(package, "la carte suivante du paquet de cartes", re.I)
    visible = fr["avec"].avoid
    assert re.search(visible, "Revue, toutes les cartes visibles", re.I)
    assert not re.search(visible, "Revue avec toutes les cartes visibles", re.I)
    es = {rule.use.split(" ")[0]: rule for rule in RULES["es"]}
    assert re.search(es["gran"].avoid, "| slam | hacer las 13", re.I)
    assert not re.search(es["gran"].avoid, "un gran slam", re.I)
    bid = es["pujar,"].avoid
    assert re.search(bid, "el repartidor debe apostar", re.I)
    # Only lesson 09's solo and bid whist: a bet (lesson 10) and Oh Hell's forecast are
    # other ideas.
    assert es["pujar,"].lessons == ("09_whist_family",) and es["pujar,"].stop == "## Oh Hell"
