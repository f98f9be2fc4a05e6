"""The message catalogues: Spanish and French translate every message of the package.

Every sentence a user reads is an English msgid passed to ``_()``. ``make i18n``
extracts them with Babel (``babel.cfg``), merges them into
``kowhist_teach/i18n/locale/<lang>/LC_MESSAGES/kowhist_teach.po`` and compiles the
``.mo`` files the package loads at run time. These tests catch a message added to the
code but not translated, a placeholder lost in translation, a ``.mo`` file left behind
its ``.po``, and a language switch that does not switch.
"""

from __future__ import annotations

import io
import json
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

import kowhist_teach
from kowhist_teach import KnockoutGame
from kowhist_teach.cli import main
from kowhist_teach.core.cards import ALL_CARDS
from kowhist_teach.core.errors import IllegalMove
from kowhist_teach.i18n import LANGUAGES, get_language, set_language

PACKAGE = Path(kowhist_teach.__file__).resolve().parent
LOCALE = PACKAGE / "i18n" / "locale"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
#: The keywords ``make i18n`` extracts: ``_``, ``N_`` and ``ngettext`` (singular, plural).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def forms(string: str | tuple[str, ...]) -> tuple[str, ...]:
    """A translation's forms: one for a plain entry, one per plural form otherwise."""
    return string if isinstance(string, tuple) else (string,)


@pytest.fixture(autouse=True)
def _english_afterwards():
    """Whatever a test switches to, the next one starts in English."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(scope="module")
def extracted() -> dict[str, list[str]]:
    """Every msgid in the package's sources, extracted afresh as ``make i18n`` does
    (the mapping of babel.cfg), with the files that use it."""
    found: dict[str, list[str]] = {}
    for filename, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        found.setdefault(msgid, []).append(filename)
    return found


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "kowhist_teach.po"


def catalogue(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def placeholders(text: str) -> set[str]:
    """The ``{named}`` fields of a str.format template, with conversion and format spec
    (``{value!r}``, ``{pct:.1f}``); ``{{`` and ``}}`` are literal braces, not fields."""
    fields = set()
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            fields.add(
                "{"
                + name
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return fields


def test_the_sources_have_messages(extracted: dict[str, list[str]]) -> None:
    # Guards the extraction itself: a wrong mapping would find nothing and pass the rest.
    assert len(extracted) > 100
    assert "{name} took no trick and is out" in extracted


# ------------------------------------------------------------------ (a) complete
def test_no_message_hides_inside_an_f_string() -> None:
    """Babel's extraction cannot read a ``_()`` inside an f-string (on the Pythons this
    project supports): such a message would never be translated, and the extraction
    test could not see it missing. Every ``_``, ``N_`` or ``ngettext`` call stands
    outside f-strings."""
    import ast

    hidden = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id in KEYWORDS
                ):
                    hidden.append(f"{path.relative_to(PACKAGE)}:{inner.lineno}")
    assert hidden == [], f"messages inside f-strings (never extracted): {hidden}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_of_the_sources_is_in_the_catalogue(
    lang: str, extracted: dict[str, list[str]]
) -> None:
    cat = catalogue(lang)
    missing = {m: files for m, files in extracted.items() if m and cat.get(m) is None}
    assert not missing, f"run `make i18n` and translate into {lang!r}: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_and_not_fuzzy(lang: str) -> None:
    cat = catalogue(lang)
    entries = [m for m in cat if m.id]
    assert entries
    untranslated = [m.id for m in entries if not all(forms(m.string))]
    fuzzy = [m.id for m in entries if m.fuzzy]
    assert not untranslated, f"{lang}: no translation for {untranslated}"
    assert not fuzzy, f"{lang}: fuzzy (check, then drop the flag): {fuzzy}"


# -------------------------------------------------------------- (b) placeholders
@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_exactly_the_placeholders(lang: str) -> None:
    wrong = []
    for m in catalogue(lang):
        if not m.id or not all(forms(m.string)):
            continue
        # A plural entry: every form keeps the placeholders of the plural msgid.
        msgid = m.id[-1] if isinstance(m.id, tuple) else m.id
        for text in forms(m.string):
            try:
                same = placeholders(text) == placeholders(msgid)
            except ValueError as e:  # an unbalanced brace would break .format() at run time
                wrong.append((m.id, text, str(e)))
                continue
            if not same:
                wrong.append((m.id, text, sorted(placeholders(text) ^ placeholders(msgid))))
    assert not wrong, wrong


@pytest.fixture(scope="module")
def plural_messages() -> dict[str, str]:
    """Every ``ngettext`` message of the sources: singular -> plural."""
    found = {}
    for _f, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords={"ngettext": (1, 2)}
    ):
        if isinstance(message, tuple):
            found[message[0]] = message[1]
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_messages_have_every_plural_form_of_the_language(
    lang: str, plural_messages: dict[str, str]
) -> None:
    assert len(plural_messages) >= 8  # the extraction of ngettext works
    cat = catalogue(lang)
    wrong = []
    for singular, plural in plural_messages.items():
        entry = cat.get(singular)
        if entry is None or not entry.pluralizable or entry.id[1] != plural:
            wrong.append((singular, "not a plural entry: run `make i18n`"))
        elif len(entry.string) != cat.num_plurals or not all(entry.string):
            wrong.append((singular, entry.string))
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ngettext_picks_the_languages_plural_form(lang: str) -> None:
    from kowhist_teach.i18n import ngettext

    set_language(lang)
    one = ngettext("{games} game in {s} s", "{games} games in {s} s", 1)
    two = ngettext("{games} game in {s} s", "{games} games in {s} s", 2)
    assert one != two
    zero = ngettext("{games} game in {s} s", "{games} games in {s} s", 0)
    assert zero == (one if lang == "fr" else two)  # French: 0 takes the singular


def test_placeholders_helper() -> None:
    assert placeholders("{who} won with {card}") == {"{who}", "{card}"}
    assert placeholders("{pct:.1f}% and {value!r}") == {"{pct:.1f}", "{value!r}"}
    assert placeholders('like {{"3": "H"}}') == set()


# ------------------------------------------------------------- (c) .mo compiled
@pytest.mark.parametrize("lang", TRANSLATED)
def test_committed_mo_is_up_to_date_with_the_po(lang: str) -> None:
    cat = catalogue(lang)
    compiled = io.BytesIO()
    write_mo(compiled, cat)  # fuzzy entries left out, as `pybabel compile` does
    compiled.seek(0)
    mo_path = po_path(lang).with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path} is missing: run `make i18n`"
    with mo_path.open("rb") as f:
        committed = read_mo(f)

    def contents(c: Catalog) -> dict[object, object]:
        # A plural entry's id and forms may come back as lists from read_mo.
        def key(x: object) -> object:
            return tuple(x) if isinstance(x, list | tuple) else x

        return {key(m.id): key(m.string) for m in c if m.id}

    assert contents(committed) == contents(read_mo(compiled)), (
        f"{mo_path.name} ({lang}) is stale: run `make i18n`"
    )


# -------------------------------------------------------------- (d) the switch
def _illegal_move_message(game: KnockoutGame, code: str) -> str:
    with pytest.raises(IllegalMove) as info:
        game.play(code)
    return str(info.value)


def test_set_language_changes_the_messages_and_back() -> None:
    game = KnockoutGame(2, seed=3)
    seat = game.to_move
    assert seat is not None
    held = {c.code for c in game.hand(seat)}
    card = next(c for c in ALL_CARDS if c.code not in held)

    english = _illegal_move_message(game, card.code)
    assert english == f"Player {seat + 1} does not hold {card.label}"
    set_language("es")
    assert get_language() == "es"
    assert _illegal_move_message(game, card.code) == f"Jugador {seat + 1} no tiene {card.label}"
    set_language("fr")
    assert get_language() == "fr"
    assert _illegal_move_message(game, card.code) == f"Joueur {seat + 1} n'a pas {card.label}"
    set_language("en")
    assert get_language() == "en"
    assert _illegal_move_message(game, card.code) == english
    assert {c.code for c in game.hand(seat)} == held  # an illegal move changes nothing


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        set_language("de")
    assert get_language() == "en"


# ----------------------------------------------------------- (e) command line
# 3 players, 2 cards each; seat 1 leads K♠, seat 2 follows with Q♠; seat 0 (Player 1)
# holds A♠ 2♥: the ace must be played, the heart is refused.
RECORD = {
    "format": "kowhist-record/1",
    "game": "knockout",
    "players": 3,
    "rules": {"start_hand": 2},
    "first_dealer": 0,
    "rounds": [
        {
            "hands": [["AS", "2H"], ["KS", "AC"], ["QS", "4D"]],
            "turn_up": "5D",
            "actions": ["KS", "QS"],
        },
    ],
}


@pytest.fixture
def record_file(tmp_path: Path) -> str:
    path = tmp_path / "spades_led.json"
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    return str(path)


def test_cli_explain_in_spanish(record_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "explain", record_file]) == 0
    out = capsys.readouterr().out
    assert "Es el turno de Jugador 1." in out
    assert "El palo de salida es picas" in out
    assert "debes seguir el palo" in out
    assert "A♠ supera a K♠" in out and "gana la baza" in out
    for english in ("to move", "were led", "must follow", "the trick", "Player"):
        assert english not in out


def test_cli_explain_in_french_with_the_subcommand_option(
    record_file: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", record_file, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "C'est au tour de Joueur 1." in out
    assert "c'est la couleur entamée" in out and "vous devez donc fournir" in out
    assert "remporte le pli" in out
    for english in ("to move", "were led", "must follow", "the trick", "Player"):
        assert english not in out


def test_cli_explain_json_reasons_in_spanish(
    record_file: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "es", "explain", record_file, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    reasons = {m["move"]: m["reason"] for m in result["moves"]}
    assert reasons["2H"] == "El palo de salida es picas y tienes A♠: debes seguir el palo."
    assert reasons["AS"].startswith("El palo de salida es picas y tienes cartas de ese palo")
