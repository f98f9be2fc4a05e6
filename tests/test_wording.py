"""Issue 24, point 3: the slips of wording on the screen and of the teacher's settings,
each checked where the student reads it (the widgets' text, the status line, the
story, the hint, the catalogue). The visual ones that need a browser ride on pages the
browser tests already open (tests/browser/test_app_browser.py: the teacher's settings
and the Spanish quiz; tests/browser/test_recover_browser.py: a dead kernel's icons).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from kowhist_teach.app import (
    APP_CSS,
    SESSION_SETTINGS,
    TeacherSettings,
    build_app,
    student_first,
)
from kowhist_teach.core.cards import Card
from kowhist_teach.core.moves import Call
from kowhist_teach.core.registry import spec, specs
from kowhist_teach.i18n import _ as tr
from kowhist_teach.i18n import french_spacing, ngettext, set_language
from kowhist_teach.widgets import FamilyTableWidget
from kowhist_teach.widgets._games import spec_ui
from kowhist_teach.widgets.faces import match_line
from kowhist_teach.widgets.family import available_family_games
from kowhist_teach.widgets.family_faces import status_html
from kowhist_teach.widgets.model import GameModel
from kowhist_teach.widgets.quiz import TrumpQuiz
from kowhist_teach.widgets.setup import NO_VALUE, SetupPanel, option_value

LANGS = ("en", "es", "fr")
PO = Path(__file__).resolve().parents[1] / "kowhist_teach" / "i18n" / "locale"


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def text(html: str) -> str:
    """What the student reads: tags dropped, entities undone, spaces squeezed."""
    plain = re.sub(r"<[^>]+>", " ", html).replace("&amp;", "&").replace("&#x27;", "'")
    return " ".join(plain.split())


# ------------------------------------------------------------ the setups' menus
@pytest.mark.parametrize("lang", LANGS)
def test_every_setup_menu_speaks_words_not_codes(lang: str) -> None:
    """German Whist's setup showed ``all26``/``last13`` and a blank "Race to" (its
    ``None`` drawn as "-" and then as nothing): every menu of every game names each
    choice in words, in each language, and a rule's ``None`` is a chosen entry."""
    set_language(lang)
    for game_spec in specs():
        ui = spec_ui(game_spec)
        for option in [*ui.options(game_spec.rules), *ui.variant_options(game_spec.rules)]:
            words = [c for c in option.choices if isinstance(c, str) or c is None]
            if words:  # choices that are codes or "none" need words of their own
                assert len(option.choice_labels) >= len(option.choices) - sum(
                    isinstance(c, int) for c in option.choices
                ), (game_spec.name, option.name)
    panel = SetupPanel("german", GameModel("german", seed=1), lambda *_a: None)
    scoring = [label for label, _v in panel.options["scoring"].options]
    race = panel.options["race_to"]
    assert not any(code in " ".join(scoring) for code in ("all26", "last13"))
    assert "-" not in [label for label, _v in race.options]
    assert race.index == 0 and race.label and race.label != "-"  # chosen, and shown
    assert option_value(race) is None and race.value == NO_VALUE
    if lang == "en":
        assert scoring == ["all 26 tricks count", "the last 13 tricks only"]
        assert race.label == "no race: play the whole hand"


def test_the_race_menu_goes_back_to_no_race_and_the_rules_follow() -> None:
    panel = SetupPanel("german", GameModel("german", seed=1), lambda *_a: None)
    race = panel.options["race_to"]
    race.value = 7
    assert panel.settings()[1].race_to == 7
    race.value = NO_VALUE  # the student chooses "no race" again: still drawn
    assert race.index == 0 and panel.settings()[1].race_to is None
    set_language("fr")
    panel.relabel()
    assert race.index == 0 and race.label.startswith("pas de course")


# ------------------------------------------------------- "Replay this deal"
def _deals(game: Any) -> list[Any]:
    """The chance events of ``game``: the cards of each deal so far."""
    return [e for e in game._log if isinstance(e, tuple)]


def _moves_in(log: Any) -> int:
    return len(log.calls) + sum(len(t.plays) for t in log.tricks)


@pytest.mark.parametrize("kind", available_family_games())
def test_every_game_played_deal_after_deal_replays_its_deal(kind: str) -> None:
    """Knock-Out had "Replay this deal"; the family's table (partnership, solo and bid
    whist, Oh Hell) had none. Each deal is replayed with the same cards from its first
    call, the scores as they were before it: during the deal, and once it is over."""
    table = FamilyTableWidget(kind, seed=7)
    assert "kw-replay" in table.replay_button._dom_classes
    assert table.replay_button.description == "Replay this deal"
    model = table.model
    rng = random.Random(3)
    # Into the second deal (the first one's summary read: "Next deal").
    while len(model.game.deals) < 2 or model.between_deals:
        if model.between_deals:
            table.next_button.click()
            continue
        model.play(rng.choice(model.game.legal_moves()))
    game = model.game
    dealt, scores = _deals(game), list(game.scores)
    before = game.moves[: len(game.moves) - _moves_in(game.log)]
    for _ in range(3):  # a few moves of the student's in it
        if game.to_move != 0 or model.between_deals:
            break
        model.play(rng.choice(game.legal_moves()))
    table.replay_button.click()
    again = model.game
    assert _deals(again) == dealt and list(again.scores) == scores
    assert again.moves[: len(before)] == before and again.to_move == 0
    assert "The same deal again, from the start." in text(table.explain.value)
    # Once the deal is over (between deals), the button replays the deal just finished.
    while not model.between_deals and not model.game.is_over():
        model.play(rng.choice(model.game.legal_moves()))
    table.replay_button.click()
    assert not model.between_deals and _deals(model.game) == dealt
    assert list(model.game.scores) == scores and model.game.moves[: len(before)] == before
    assert not table.guard.errors


def test_replay_is_refused_at_a_shared_table() -> None:
    model = GameModel("whist", seed=2, pause_rounds=True)
    model.shared = True
    with pytest.raises(ValueError, match="shared table"):
        model.replay_deal()


# ------------------------------------------------------------ bid whist's words
UPTOWN_WORDS = re.compile(r"\b(high|low)\b(?! cards)|\b\d(L|NT)\b|\bbid \d (high|low)\b")


def _bid_whist_texts(seed: int) -> list[str]:
    """Everything a student reads at the bid whist table in two deals: the status,
    the story, the summaries, the hints, the buttons, the reason a card clicked during
    the auction gets."""
    table = FamilyTableWidget("bidwhist", seed=seed)
    model = table.model
    seen: list[str] = []
    rng = random.Random(seed)
    while len(model.game.deals) < 3 and not model.game.is_over():
        game = model.game
        seen += [text(table.status.value), text(table.summary.value), *model.lines]
        seen += [b.description for b in table.calls.buttons]
        if model.between_deals:
            table.next_button.click()
            continue
        if game.phase.value in ("bid", "trump"):
            seen.append(model.reason(game.hand(0)[0]))  # a card clicked in the auction
            hint = model.hint() or []
            seen += hint
            for line in hint[:1]:  # the hint reads like a sentence: the move once
                said = re.match(r"The rules bot would (?:pass|bid|name|choose) ?(.*?): (.*)", line)
                assert said, line
                named, reason = said.groups()
                assert not named or f"{named.lower()}:" not in reason.lower(), line
            legal = game.legal_moves()
            # Bid high enough to win the auction sometimes (the no-trump bids too).
            model.play(legal[-1] if rng.random() < 0.5 else rng.choice(legal))
        else:
            model.play(rng.choice(game.legal_moves()))
    return [s for s in seen if s]


@pytest.mark.parametrize("seed", [3, 8])
def test_bid_whist_says_uptown_downtown_and_no_trump_everywhere(seed: int) -> None:
    texts = _bid_whist_texts(seed)
    wrong = [t for t in texts if UPTOWN_WORDS.search(t)]
    assert not wrong, wrong[:5]
    joined = " ".join(texts)
    assert "uptown" in joined or "downtown" in joined
    assert "Pass: Pass" not in joined and "would play Pass" not in joined


def test_a_card_clicked_in_the_auction_says_what_to_do_in_words() -> None:
    model = GameModel("bidwhist", seed=3, pause_rounds=True)
    why = model.reason(model.game.hand(0)[0])
    assert "uptown, downtown or no trump" in why and "4L" not in why and "4NT" not in why
    set_language("es")
    assert "alta, baja o sin triunfo" in model.reason(model.game.hand(0)[0])


@pytest.mark.parametrize("kind", [s.name for s in specs() if s.auction])
def test_the_hint_names_a_call_once(kind: str) -> None:
    """ "The rules bot would play Pass: Pass: …" — a call has its own verb, and its
    reason does not start with its name again."""
    model = GameModel(kind, seed=4, pause_rounds=True)
    hint = model.hint()
    assert hint is not None
    first = hint[0]
    assert not first.startswith("The rules bot would play "), first
    said = re.match(r"The rules bot would (?:pass|bid|name|choose) ?(.*?): (.*)", first)
    assert said, first
    named, reason = said.groups()
    assert not named or f"{named.lower()}:" not in reason.lower(), first


# ---------------------------------------------------------- whist's score line
def test_after_a_whist_game_is_won_the_score_line_says_so() -> None:
    """The score line read "This game (to 5): 0–0" just after a game was won."""
    model = GameModel("whist", seed=5, pause_rounds=True)
    rng = random.Random(1)
    checked = 0
    while not model.game.is_over() and checked < 2:
        game = model.game
        if model.between_deals:
            done = [d for d in game.deals if d.points is not None][-1]
            status = text(status_html(game, 0, model._between_text()))
            if done.game_won is not None:
                a, b = done.game_points
                assert f"Game won by {['North–South', 'East–West'][done.game_won[0]]}" in status
                assert f"{a}–{b}; a new game starts at 0–0" in status
                assert "This game (to 5): 0–0" not in status
                checked += 1
            model.next_deal()
            continue
        model.play(rng.choice(game.legal_moves()))
    assert checked, "no game was won"
    status = text(status_html(model.game, 0))
    assert "This game (to 5)" in status or "Game won by" in status


# ------------------------------------------------------------- scores and "(you)"
def test_scores_read_without_numbers_running_into_names() -> None:
    german = spec("german")
    match = german.ui.new_game(german, 3, seed=1, players=["Player 1 (you)", "Bot 1"])
    line = match_line(match)
    assert line == "Match, best of 3 — Player 1 (you): 0 · Bot 1: 0"
    assert not re.search(r"\d – \d Bot", line)
    set_language("fr")
    assert match_line(match) == "Match au meilleur de 3 — Player 1 (you)\u202f: 0 · Bot 1\u202f: 0"


def test_oh_hell_names_the_student_in_the_tricks_as_in_the_scores() -> None:
    game = spec("ohhell").new_game(seed=2, players=["Player 1 (you)", "Bot 1", "Bot 2"])
    status = text(status_html(game, 0))
    tricks = status.split("Tricks:")[1].split("Points")[0]
    assert "Player 1 (you): 0" in tricks, status
    scores = status.rsplit(":", 4)
    assert "Player 1 (you): 0" in status.split("Tricks:")[1], scores


# ------------------------------------------------------------ the French catalogue
_PLACES = re.compile(r"\{[^{}]*\}|https?://\S+")


def _marks(s: str) -> list[tuple[int, str]]:
    spans = [m.span() for m in _PLACES.finditer(s)]
    return [
        (i, ch) for i, ch in enumerate(s) if ch in ":;!?" and not any(a <= i < b for a, b in spans)
    ]


def test_french_puts_one_kind_of_space_before_every_high_mark() -> None:
    """French sets ``: ; ! ?`` after a narrow no-break space (U+202F, issue 25). One
    function sets it (``i18n.french_spacing``, applied by ``_()`` and ``ngettext()`` to
    every French message), whatever space the catalogue typed there (U+00A0, a plain
    space, none): every mark of every French message reads the same, placeholders and web
    addresses aside."""
    cat = read_po(open(PO / "fr" / "LC_MESSAGES" / "kowhist_teach.po", "rb"))
    set_language("fr")
    wrong, seen = [], 0
    for m in cat:
        if not m.id or not m.string:
            continue
        if isinstance(m.id, tuple):
            shown = [ngettext(m.id[0], m.id[1], n) for n in (1, 2)]
        else:
            shown = [tr(m.id)]
        for s in shown:
            marks = _marks(s)
            seen += len(marks)
            wrong += [s for i, _ch in marks if i == 0 or s[i - 1] != "\u202f"]
    assert not wrong, wrong[:5]
    assert seen > 500  # the catalogue's marks were all looked at


def test_french_spacing_mends_any_space_and_leaves_times_and_addresses() -> None:
    assert french_spacing("Atout : cœur ; à vous!") == "Atout\u202f: cœur\u202f; à vous\u202f!"
    assert french_spacing("Plis\u00a0: 3") == "Plis\u202f: 3"
    assert french_spacing("à 12:30 sur http://x.org ?") == "à 12:30 sur http://x.org\u202f?"
    assert french_spacing("{a}:{b}") == "{a}:{b}"
    # English and Spanish keep their own typography: no space before a colon.
    set_language("es")
    assert tr("{label}: {value}") == "{label}: {value}"


def test_the_french_label_helper_spaces_its_colon() -> None:
    from kowhist_teach.core.words import labelled, score_list

    set_language("fr")
    assert labelled("Plis", 3) == "Plis\u202f: 3"
    assert score_list(["Nord–Sud", "Est–Ouest"], [1, 0]) == "Nord–Sud\u202f: 1 · Est–Ouest\u202f: 0"


# ------------------------------------------------------------ the teacher's settings
def test_teacher_settings_are_readable_and_say_when_names_apply() -> None:
    box = TeacherSettings(
        {"speed": "normal", "analysis": "after", "names": "", "four_colour": False,
         "projector": False},
        lambda _s: None,
    )  # fmt: skip
    for widget in (box.speed, box.analysis, box.names):
        # Not ipywidgets' 300 px shared by a long label and its control ("af").
        assert widget.layout.width == "auto" and widget.layout.max_width == "640px"
    assert "from the next new game on" in text(box.names_note.value)
    assert box.names_note in box.children
    set_language("es")
    box.relabel()
    assert "próxima partida nueva" in text(box.names_note.value)


def test_named_players_keep_the_students_mark() -> None:
    assert student_first("Ann, Bob") == ["Ann (you)", "Bob"]
    app = build_app(game="ohhell", seed=3)
    app.teacher.names.value = "Ann, Bob, Cy"
    try:
        app.table.model.new_game()
        names = app.table.game.names
        assert names[0] == "Ann (you)" and names[1:3] == ["Bob", "Cy"]
        app.set_language("fr")
        app.table.model.new_game()
        assert app.table.game.names[0] == "Ann (vous)"
    finally:
        app.set_language("en")
        SESSION_SETTINGS["names"] = ""  # the session's settings outlive the app


def test_a_dead_kernels_icons_are_hidden_on_the_app() -> None:
    """ipywidgets' red "disconnected" icon on every widget after a dead kernel: the
    app's style hides it (the table's own notice says the kernel is lost)."""
    assert ".jupyter-widgets-disconnected::before" in APP_CSS and "content: none" in APP_CSS
    app = build_app(seed=1)
    assert any(APP_CSS in getattr(child, "value", "") for child in app.children)


def test_the_quizs_suit_buttons_are_as_wide_as_their_names() -> None:
    quiz = TrumpQuiz(seed=2)
    set_language("es")
    quiz.relabel()
    names = [b.description for b in quiz.suits.children]
    assert any("corazones" in n for n in names)
    assert all(b.layout.width == "auto" for b in quiz.suits.children)


def test_a_card_is_still_a_card() -> None:
    # The helpers of this file read the hint's verbs from real moves.
    assert isinstance(Card("AS"), Card) and Call("pass").is_pass and Call("4L").is_bid
