"""Issue 25, point 2: names, seats and cards in Spanish and French sentences that need
no gender or article the code cannot know. A player's name ("Cat", "Jugador 2") stands
alone: "queda fuera de la partida", "quitte la partie" instead of "eliminado/éliminé";
"Es el turno de Jugador 2", "C'est au tour de Joueur 4" instead of "Le toca jugar a" /
"À Joueur 4 de jouer"; the student's seat told as a seat, not "Eres Jugador 4". A card
is named beside the word "carta"/"carte" ("la carta boca arriba, Q♥"), never after an
article that must agree with its rank ("la 4♦", "le Q♥"). The catalogues are scanned
for the old shapes, and the sentences are checked where the student reads them."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.core.record import game_from_record, load_record
from kowhist_teach.core.registry import spec
from kowhist_teach.i18n import set_language
from kowhist_teach.teach.explain import explain_round
from kowhist_teach.teach.story import play_and_tell

PO = Path(__file__).resolve().parents[1] / "kowhist_teach" / "i18n" / "locale"
RECORD = Path(__file__).resolve().parents[1] / "notebooks" / "records" / "04_one_round.json"

#: Shapes that make a name or a card agree in gender or take an article, by language.
WRONG = {
    "es": [
        r"\{(name|who|winner|loser)\}[^.;:]*\b(queda|quedas?) eliminad[oa]\b",
        r"[Ll]e toca (jugar |pujar )?a \{",
        r"\bEres \{name\}",
        r"\b(el|la|al) \{(card|best|other|mine)\}",
        r"\{suit\} es el palo",
    ],
    "fr": [
        r"\{(name|who|winner|loser)\}[^.;:]*\best éliminée?\b",
        r"\bÀ \{name\} d[e']",
        r"\bVous êtes \{name\}",
        r"\b(le|la|du|au) \{(card|best|other|mine)\}",
        r"\by couper\b",
        r"survécues",
    ],
}


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_no_message_makes_a_name_or_a_card_agree(lang: str) -> None:
    cat = read_po(open(PO / lang / "LC_MESSAGES" / "kowhist_teach.po", "rb"))
    wrong = [
        text
        for m in cat
        if m.id
        for text in (m.string if isinstance(m.string, tuple) else (m.string,))
        for pattern in WRONG[lang]
        if re.search(pattern, text)
    ]
    assert not wrong, wrong
    assert re.search(WRONG[lang][0], {"es": "{name} queda eliminado", "fr": "{name} est éliminé"}[
        lang
    ])  # the scan can fail  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "out", "wrong"),
    [
        ("es", "Ben no ganó ninguna baza y queda fuera de la partida.", "eliminad"),
        ("fr", "Ben n'a remporté aucun pli et quitte la partie.", "éliminé"),
    ],
)
def test_a_player_knocked_out_needs_no_gender(lang: str, out: str, wrong: str) -> None:
    """Lesson 04's round: Ben is out (the lessons call a player by any name)."""
    set_language(lang)
    game = game_from_record(load_record(RECORD))
    lines = " ".join(explain_round(game, 0))
    assert out in lines and wrong not in lines


@pytest.mark.parametrize(
    ("lang", "took", "art"),
    [
        ("es", r"se llevó la carta boca arriba, \S+; [^.]+ robó del mazo: \S+", r"tomó (la|el) "),
        (
            "fr",
            r"a pris la carte face visible, \S+\u202f; [^.]+ a pioché \S+",
            r"pris (le|la) (?!carte)",
        ),
    ],
)
def test_the_german_stock_names_the_card_beside_the_word_card(
    lang: str, took: str, art: str
) -> None:
    """German Whist's take after a trick of the first phase: "Ann tomó la 4♦" (el 4♦)
    and "Ann a pris le Q♥" (la dame) read "la carta boca arriba, 4♦"."""
    set_language(lang)
    game = spec("german").new_game(seed=3)
    rng = random.Random(1)
    told: list[str] = []
    while not game.is_over() and len(game.stock) > 20:
        if game.to_move is None:
            break
        told += play_and_tell(game, rng.choice(game.legal_moves()), viewer=0)
    text = " ".join(told)
    assert re.search(took, text), text[-500:]
    assert not re.search(art, text)


@pytest.mark.parametrize(
    ("lang", "turn", "seat"),
    [
        ("es", "Es el turno de Jugador 2.", "Juegas en el asiento 4 (Jugador 4)"),
        ("fr", "C'est au tour de Joueur 2.", "Vous jouez à la place 4 (Joueur 4)"),
    ],
)
def test_turns_and_seats_read_without_an_article_before_a_name(
    lang: str, turn: str, seat: str
) -> None:
    from kowhist_teach.i18n import _

    set_language(lang)
    name = {"es": "Jugador", "fr": "Joueur"}[lang]
    assert _("{name} to move.").format(name=f"{name} 2") == turn
    assert _("You are {name}, seat {seat}").format(name=f"{name} 4", seat=4) == seat


@pytest.mark.parametrize(
    ("lang", "yours", "theirs"),
    [("en", "Your turn to play", "to play"), ("es", "Te toca jugar", "Turno de "),
     ("fr", "À vous de jouer", "Au tour de ")],
)  # fmt: skip
def test_the_student_is_told_their_turn_as_a_person(lang: str, yours: str, theirs: str) -> None:
    """The table's status line on the student's own turn: "À vous de jouer", not
    "À Joueur 1 (vous) de jouer"; a watcher of the same table still reads the name."""
    from kowhist_teach.pictures.svg import table_svg

    set_language(lang)
    names = ["Player 1 (you)", "Bot 1", "Bot 2"]
    game = spec("knockout").new_game(seed=1, players=names)
    while game.to_move != 0:
        game.play(game.legal_moves()[0])
    student = table_svg(game, seat=0)
    assert yours in student and "(you)" + " " not in student.split(yours)[0][-40:]
    watcher = table_svg(game, seat=None)
    assert yours not in watcher and theirs in watcher


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_student_is_told_what_they_did_as_a_person(lang: str) -> None:
    """The app's story says "You won with Q♠" / "Ganaste con Q♠" / "Vous avez remporté
    le pli avec Q♠", not "Player 1 (you) won with Q♠" (issue 25, point 2); the name with
    its "(you)" stays in the trick's list of cards, and a bot's trick still names it."""
    from kowhist_teach.i18n import _
    from kowhist_teach.widgets.model import GameModel

    set_language(lang)
    yours = _("You won with {card}").split("{card}")[0]
    theirs = _("{who} won with {card}").split("{who}")[1].split("{card}")[0]
    told: list[str] = []
    for seed in (1, 2, 3):
        model = GameModel("knockout", players=3, seed=seed)
        you = model.game.names[0]
        assert "(" in you  # the default name, "Player 1 (you)" in the language
        for _i in range(60):
            if model.game.is_over():
                break
            model.play(model.game.legal_moves()[0])
            told += model.lines
    assert any(line.startswith(yours) or f". {yours}" in line for line in told), told
    assert not [line for line in told if f"{you}{theirs}" in line]
    assert any(f" {you} " in line for line in told)  # the list of cards keeps the name
    assert any(theirs in line for line in told)  # the bots' tricks are told as before
    assert not [line for line in told if "you" in line and lang != "en"]
