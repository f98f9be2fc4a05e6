"""The widgets, driven as a student drives them: clicks (``Button.click()``) and value
changes, no browser.  The CSS hooks of DESIGN §6 are checked on the widgets themselves
(``widget._dom_classes``); the browser tests check the same hooks in Chromium.
"""

from __future__ import annotations

import base64
import datetime
import json
import re
from typing import Any

import pytest

from kowhist_teach import GermanRules, Rules, replay
from kowhist_teach.app import build_app
from kowhist_teach.core.cards import Card
from kowhist_teach.core.errors import IllegalMove
from kowhist_teach.core.record import to_record
from kowhist_teach.games.knockout.engine import Phase, Status
from kowhist_teach.i18n import set_language
from kowhist_teach.pictures.svg import card_name
from kowhist_teach.widgets import (
    GameModel,
    GermanTableWidget,
    HandView,
    LegalCardsQuiz,
    StepperWidget,
    TableWidget,
    TrickView,
    TrickWinnerQuiz,
    TrumpQuiz,
    example_records,
    hand_faces,
    record_steps,
)
from kowhist_teach.widgets.quiz import longest_suits

ANALYSIS_LABEL = "best play if every card were visible"
NOW = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


# ----------------------------------------------------------------- helpers
def classes(widget: Any) -> set[str]:
    return set(widget._dom_classes)


def legal_cards(table: TableWidget) -> list[Any]:
    return [b for b in table.hand.buttons if "kw-legal" in classes(b)]


def illegal_cards(table: TableWidget) -> list[Any]:
    return [b for b in table.hand.buttons if "kw-illegal" in classes(b)]


def legal_calls(table: TableWidget) -> list[Any]:
    return [b for b in table.calls.buttons if "kw-call-legal" in classes(b)]


def click_something_legal(table: TableWidget, pick: int = 0) -> None:
    """Click a legal card (or, when no card is open, a legal trump/pass/declaration);
    at a moment over the table (a round's end, knocked out) go on to the next round or
    watch the bots finish."""
    offered = [c["id"] for c in table.card_table.moment.get("choices", ())]
    for choice in ("next", "watch"):
        if choice in offered:
            table.card_table.choose(choice)
            return
    options = legal_cards(table) + legal_calls(table)
    assert options, f"nothing to click: {table.game!r} {table.explain.value}"
    options[pick % len(options)].click()


def play_to_the_end(table: TableWidget, limit: int = 400) -> int:
    clicks = 0
    while not table.game.is_over():
        click_something_legal(table, clicks)
        clicks += 1
        assert not table.guard.errors, table.guard.errors
        assert clicks < limit
    return clicks


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def find_position(predicate: Any, seeds: range = range(1, 200), **options: Any) -> TableWidget:
    """A table whose current position satisfies ``predicate(table)``, reached by clicks."""
    for seed in seeds:
        table = TableWidget(seed=seed, **options)
        for _i in range(60):
            if table.game.is_over():
                break
            if predicate(table):
                return table
            click_something_legal(table)
    raise AssertionError("no such position found")


# ------------------------------------------------------------- CSS hooks
def test_design_css_hooks_are_on_the_right_widgets() -> None:
    table = TableWidget(players=4, seed=1)
    assert "kw-status" in classes(table.status)
    assert "kw-explain" in classes(table.explain)
    assert "kw-hint" in classes(table.hint_button)
    assert "kw-undo" in classes(table.undo_button)
    assert "kw-new-deal" in classes(table.new_button)
    assert table.hand.buttons
    for b in table.hand.buttons:
        c = classes(b)
        assert "kw-card" in c
        assert len(c & {"kw-legal", "kw-illegal"}) == 1
    # Cards on the table are kw-trick, never kw-card; nothing else carries kw-card.
    assert "kw-card" not in table.picture.value
    others = [table.status, table.explain, table.picture, table.calls, *table.calls.buttons]
    assert all("kw-card" not in classes(x) for x in others)
    # The trick on the table: after a bot has led, its card is kw-trick.
    if table.game.trick.plays:
        assert 'class="kwr-card kw-trick' in table.picture.value or "kw-trick" in (
            table.picture.value
        )


def test_each_hook_is_unique_in_the_app() -> None:
    app = build_app(seed=3)
    app.tabs.selected_index = 1  # builds the stepper
    app.tabs.selected_index = 2  # and the quizzes

    def walk(widget: Any) -> list[Any]:
        out = [widget]
        for child in getattr(widget, "children", ()):
            out += walk(child)
        return out

    shown = walk(app)
    for hook in ("kw-status", "kw-explain", "kw-hint", "kw-undo", "kw-new-deal"):
        assert sum(hook in classes(x) for x in shown) == 1, hook
    # The hand is drawn once: in the table picture (kw-table), and no widget shows it.
    assert not [x for x in shown if "kw-card" in classes(x)]
    tables = [x for x in shown if "kw-table" in classes(x)]
    assert tables == [app.table.card_table] and app.table.hand.buttons
    shown_codes = {c["code"] for c in app.table.card_table.hand}
    assert shown_codes == {b.code for b in app.table.hand.buttons}
    assert all(f'data-card="{code}"' in app.table.card_table.value for code in shown_codes)


def test_trick_view_draws_kw_trick_not_kw_card() -> None:
    table = find_position(lambda t: len(t.game.trick.plays) >= 1, players=3)
    view = TrickView()
    view.show(table.game.trick, table.game.names)
    assert view.value.count("kw-trick") == len(table.game.trick.plays)
    assert "kw-card" not in view.value
    view.show(None, table.game.names)
    assert "kw-trick" not in view.value


# ------------------------------------------------------------- playing
@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, Rules()),
        (3, Rules(dogs_chance=True, blind_dog=True)),
        (4, Rules(reentry=True, trump_breaking=True, no_trump_final=True)),
        (5, Rules(eliminated_vote_trump=True, rainbow=True, start_hand=5)),
        (7, Rules(no_picture_redeal=True, fixed_trump=True)),
    ],
)
def test_a_whole_game_against_bots_by_clicking_legal_cards(players: int, rules: Rules) -> None:
    table = TableWidget(players=players, rules=rules, seed=players)
    play_to_the_end(table)
    winner = table.game.names[table.game.outcome().winner]
    assert winner in table.status.value
    assert "kw-outcome" in table.status.value
    assert table.hand.buttons == () or all("kw-illegal" in classes(b) for b in table.hand.buttons)
    # The hand is over: every hand is shown (the table face up, the last deal below).
    assert table.review.value and "dealt" in table.review.value
    assert "<table" in table.chart.value


def test_montecarlo_bots_play_too() -> None:
    table = TableWidget(
        players=3,
        bots=["montecarlo", "random"],
        rules=Rules(start_hand=3),
        seed=5,
        bot_options={"time_limit": 0.05, "samples": 8},
    )
    play_to_the_end(table)


def test_clicking_an_illegal_card_changes_nothing_and_says_why() -> None:
    table = find_position(lambda t: bool(illegal_cards(t)) and bool(legal_cards(t)))
    before = to_record(table.game)
    button = illegal_cards(table)[0]
    face = table.hand.faces[table.hand.buttons.index(button)]
    assert face.reason and face.reason in button.tooltip  # hover and focus say why
    button.click()
    assert to_record(table.game) == before
    assert face.reason in text(table.explain.value).replace("&#x27;", "'")
    assert "kw-message" in table.explain.value
    # A legal click afterwards plays and clears the message.
    legal_cards(table)[0].click()
    assert to_record(table.game) != before
    assert "kw-message" not in table.explain.value


def test_illegal_cards_stay_clickable_and_dimmed_by_class() -> None:
    table = find_position(lambda t: bool(illegal_cards(t)))
    for b in illegal_cards(table):
        assert not b.disabled
        assert "kw-illegal" in classes(b) and "kw-legal" not in classes(b)


def test_hint_only_after_the_click() -> None:
    table = TableWidget(players=4, seed=11)
    table.model.analysis = "request"  # the teacher's setting: the analysis with every hint
    for _i in range(3):
        click_something_legal(table)
        assert ANALYSIS_LABEL not in table.explain.value
        assert "Your moves" not in table.explain.value
    table.hint_button.click()
    shown = table.explain.value
    assert "Your moves" in shown
    assert ANALYSIS_LABEL in shown
    assert "guaranteed" in shown
    # The next move clears the hint: the next one must be asked for again.
    click_something_legal(table)
    assert ANALYSIS_LABEL not in table.explain.value


def test_undo_restores_the_position_before_the_students_move() -> None:
    table = TableWidget(players=4, seed=2)
    click_something_legal(table)
    before = to_record(table.game)
    hand_before = [b.description for b in table.hand.buttons]
    click_something_legal(table)
    assert to_record(table.game) != before
    table.undo_button.click()
    assert to_record(table.game) == before
    assert [b.description for b in table.hand.buttons] == hand_before
    assert table.game.to_move == table.model.human


def test_undo_with_nothing_to_take_back_says_so() -> None:
    table = TableWidget(players=3, seed=1)  # the bots may have moved; the student not yet
    before = to_record(table.game)
    table.undo_button.click()
    assert to_record(table.game) == before
    assert "no move of yours" in table.explain.value


def test_new_deal_and_replay_the_same_deal() -> None:
    table = TableWidget(players=4, seed=21)
    first_hands = to_record(table.game)["rounds"][0]["hands"]
    clicks = [0, 1, 0, 2, 1]
    for pick in clicks:
        if table.game.is_over():
            break
        click_something_legal(table, pick)
    played = to_record(table.game)
    table.replay_button.click()
    assert to_record(table.game)["rounds"][0]["hands"] == first_hands
    assert "same deal" in table.explain.value
    # The same choices again give exactly the same game (the bots roll the same dice).
    for pick in clicks:
        if table.game.is_over():
            break
        click_something_legal(table, pick)
    assert to_record(table.game) == played
    table.new_button.click()
    if not table.game.is_over():  # "New deal" asks before throwing a game away
        assert table.card_table.moment["kind"] == "confirm"
        assert to_record(table.game) == played
        table.confirm()
    assert to_record(table.game)["rounds"][0]["hands"] != first_hands


def test_replay_after_loading_a_record_starts_from_its_first_deal() -> None:
    record = example_records()["knockout-whole-game"]
    table = TableWidget(seed=1)
    table.load(json.dumps(record))
    table.replay_button.click()
    assert to_record(table.game)["rounds"][0]["hands"] == record["rounds"][0]["hands"]
    assert not table.guard.errors


def test_trump_choice_and_dog_pass_are_buttons() -> None:
    table = find_position(
        lambda t: (
            t.game.phase is Phase.CHOOSE_TRUMP
            and t.game.to_move == 0
            and not t.model.between_rounds
        ),
        players=2,
    )
    calls = legal_calls(table)
    assert len(calls) == 4 and all("kw-trump-choice" in classes(b) for b in calls)
    assert all("kw-illegal" in classes(b) for b in table.hand.buttons)
    calls[1].click()
    assert table.game.trump is not None
    dog = find_position(
        lambda t: (
            t.game.phase is Phase.PLAY
            and t.game.status[0] is Status.DOG
            and not t.model.between_rounds
        ),
        players=3,
        rules=Rules(dogs_chance=True),
    )
    passes = [b for b in dog.calls.buttons if "kw-pass" in classes(b)]
    assert passes and "kw-call-legal" in classes(passes[0])


def test_between_rounds_the_trump_choice_never_reaches_the_page() -> None:
    """A round is over and the student will choose trumps in the next: until "Next
    round", no call is shown, not even for a moment. (The bar was filled with the
    trump choices and emptied again in one redraw: two updates that a browser drew, the
    buttons flashing, and that a click could catch: a CI walk clicked one, which went.)"""
    table = find_position(
        lambda t: (
            t.model.between_rounds
            and t.game.phase is Phase.CHOOSE_TRUMP
            and t.game.to_move == t.model.human
        ),
        players=2,
    )
    sent: list[tuple[Any, ...]] = []
    table.calls.observe(lambda change: sent.append(change["new"]), names="children")
    table.render()
    table.set_language("es")
    assert table.calls.children == () and all(children == () for children in sent), sent
    table.next_button.click()
    assert legal_calls(table) and all("kw-trump-choice" in classes(b) for b in legal_calls(table))


# Ann fails (a dog), wins a trick with her one card (back in), fails again: a blind dog.
BLIND_DOG = {
    "format": "kowhist-record/1",
    "game": "knockout",
    "players": ["Ann", "Ben", "Cleo"],
    "rules": {"start_hand": 4, "dogs_chance": True, "blind_dog": True},
    "first_dealer": 0,
    "rounds": [
        {
            "hands": [
                ["2S", "3S", "4S", "5S"],
                ["AS", "KS", "QS", "JS"],
                ["10S", "9S", "8S", "AH"],
            ],
            "turn_up": "2H",
            "actions": "AS 10S 2S KS 9S 3S QS 8S 4S JS AH 5S".split(),
        },
        {
            "hands": [["2S"], ["AH", "KH", "QH"], ["JH", "10H", "9H"]],
            "trump": "S",
            "actions": "AH JH 2S KH 10H QH 9H".split(),
        },
        {
            "hands": [["2C", "3C"], ["AC", "KC"], ["4D"]],
            "trump": "D",
            "actions": "AC 4D 2C 3C KC".split(),
        },
    ],
}


def test_a_blind_dog_card_is_played_face_down() -> None:
    table = TableWidget(seed=1)
    table.load(BLIND_DOG)
    game = table.game
    assert game.status[0] is Status.BLIND_DOG and game.to_move == 0
    (button,) = table.hand.buttons
    card = game.hand(0)[0]
    assert button.description == "?" and "kw-face-down" in classes(button)
    assert "kw-legal" in classes(button)
    assert card.label not in button.tooltip and card_name(card) not in button.tooltip
    passes = [b for b in table.calls.buttons if "kw-pass" in classes(b)]
    assert passes
    button.click()  # plays the card unseen
    assert card in table.game.moves or table.game.round > game.round
    assert not table.guard.errors


def test_errors_in_callbacks_are_one_line_and_keep_the_game(monkeypatch: Any) -> None:
    table = TableWidget(players=3, seed=8)
    before = to_record(table.game)

    def broken(move: Any) -> None:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(table.model, "play", broken)
    legal_cards(table)[0].click()
    assert to_record(table.game) == before
    shown = text(table.explain.value)
    assert "Something went wrong (RuntimeError: boom)" in shown
    assert "second line" not in shown and "Traceback" not in shown
    assert table.guard.errors and "Traceback" in table.guard.errors[0]  # kept, not lost


def test_chart_shows_tricks_and_eliminations_by_round() -> None:
    table = TableWidget(players=4, seed=6)
    play_to_the_end(table)
    chart = table.chart.value
    rounds = [r for r in table.game.rounds if r.tricks_won]
    assert chart.count("<th title=") == len(rounds)
    if any(r.eliminated for r in rounds):
        assert "kw-chart-out" in chart


# ------------------------------------------------------------- setup
def test_setup_panel_starts_the_game_it_shows() -> None:
    table = TableWidget(players=4, seed=1)
    setup = table.setup
    setup.players.value = 3
    setup.bots[0].value = "random"
    setup.options["dogs_chance"].value = True
    setup.options["start_hand"].value = 5
    setup.start.click()
    game = table.game
    assert game.n == 3 and game.rules.dogs_chance and game.rules.start_hand == 5
    assert table.model.bot_names == ["random", "rules"]
    assert [d.layout.display for d in setup.bots[:3]] == ["", "", "none"]


def test_setup_refused_by_the_engine_keeps_the_game() -> None:
    table = TableWidget(players=4, seed=1)
    before = to_record(table.game)
    table.setup.options["blind_dog"].value = True  # needs dogs_chance
    table.setup.start.click()
    assert to_record(table.game) == before
    assert "dogs_chance" in table.explain.value
    table.setup.options["blind_dog"].value = False
    table.setup.players.value = 7
    table.setup.options["start_hand"].value = 13  # 7 x 13 + 1 > 52
    table.setup.start.click()
    assert to_record(table.game) == before
    assert "52" in table.explain.value


# ----------------------------------------------------------- languages
def test_language_switch_changes_every_text() -> None:
    table = TableWidget(players=3, seed=3)
    click_something_legal(table)
    english = (table.hint_button.description, table.status.value, table.undo_button.tooltip)
    moves = list(table.game.moves)
    table.language.value = "es"
    assert table.hint_button.description == "Pista"
    assert table.status.value != english[1] and "Jugador 1" in table.status.value
    assert table.game.moves == moves  # the same game, renamed
    assert "Jugador" in table.game.names[0]
    table.language.value = "fr"
    assert "Joueur 1" in table.status.value
    table.language.value = "en"
    assert (table.hint_button.description, table.undo_button.tooltip) == (
        english[0],
        english[2],
    )


# ----------------------------------------------------------- records
def test_save_then_load_round_trips() -> None:
    table = TableWidget(players=4, seed=13)
    for pick in range(6):
        click_something_legal(table, pick)
    link = table.save_link.value
    assert 'class="kw-save"' in link and "download=" in link
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1)
    saved = json.loads(base64.b64decode(data))
    assert saved == to_record(table.game)
    other = TableWidget(players=2, seed=99)
    upload = {
        "name": "game.json",
        "type": "application/json",
        "size": len(json.dumps(saved)),
        "content": memoryview(json.dumps(saved).encode()),
        "last_modified": NOW,
    }
    other.upload.value = (upload,)
    assert to_record(other.game) == saved
    assert other.upload.value == ()
    assert "Record loaded" in other.explain.value


def test_a_bad_record_is_one_line_and_keeps_the_game() -> None:
    table = TableWidget(players=4, seed=13)
    before = to_record(table.game)
    for content in (b"not json", b'{"format": "chess"}', b"\xff\xfe"):
        table.upload.value = (
            {
                "name": "x.json",
                "type": "",
                "size": 3,
                "content": memoryview(content),
                "last_modified": NOW,
            },
        )
        assert to_record(table.game) == before
        assert "kw-message" in table.explain.value
    german = example_records()["german-whist-hand"]
    table.guard.run(table.load, german)
    assert "German Whist" in table.explain.value and to_record(table.game) == before


def test_a_loaded_game_in_progress_is_dealt_on() -> None:
    record = example_records()["knockout-follow-and-trump"]
    table = TableWidget(seed=1)
    table.load(record)
    assert table.game.n == 4 and table.game.round >= 1  # round 2 was dealt by the table
    play_to_the_end(table)


# ----------------------------------------------------------- German Whist
def test_german_whist_table() -> None:
    table = GermanTableWidget(seed=5)
    assert len(table.hand.buttons) == 13
    assert "Stock" in table.status.value and "kwr-stock" in table.picture.value
    play_to_the_end(table)
    assert "face up" in table.taken.value
    assert "Taken from the stock" in table.review.value
    assert "All tricks" in table.chart.value


def test_german_open_stock_pick_is_a_button() -> None:
    table = GermanTableWidget(rules=GermanRules(open_stock=3), seed=2)
    for _i in range(60):
        picks = [b for b in table.calls.buttons if "kw-pick" in classes(b)]
        if picks:
            assert all("kw-call-legal" in classes(b) for b in picks)
            assert all("kw-illegal" in classes(b) for b in table.hand.buttons)
            stock = len(table.game.stock)
            picks[0].click()
            assert len(table.game.stock) < stock
            return
        click_something_legal(table)
    pytest.fail("the student never won a trick to pick from the open stock")


# ----------------------------------------------------------------- stepper
def test_stepper_goes_forward_and_back_with_explanations() -> None:
    stepper = StepperWidget(example_records()["knockout-follow-and-trump"])
    assert stepper.slider.value == 0 and stepper.prev_button.disabled
    first = stepper.explain.value
    assert "Round 1" in first
    stepper.next_button.click()
    assert stepper.slider.value == 1
    assert "Ben played K♠" in stepper.explain.value
    for _i in range(3):
        stepper.next_button.click()
    assert "Trick 1:" in stepper.explain.value and "Ann won with A♠" in stepper.explain.value
    stepper.prev_button.click()
    assert stepper.slider.value == 3
    stepper.slider.value = stepper.slider.max
    assert stepper.next_button.disabled
    assert "Cleo took no trick and is out" in stepper.explain.value
    stepper.slider.value = 0
    assert stepper.explain.value == first
    assert "kw-trick" not in stepper.picture.value  # nothing played yet
    stepper.slider.value = 2
    assert "kw-trick" in stepper.picture.value


def test_stepper_examples_menu_upload_and_bad_records() -> None:
    stepper = StepperWidget()
    names = list(stepper.examples)
    stepper.menu.value = "german-whist-hand"
    assert stepper.slider.max == 52
    stepper.slider.value = stepper.slider.max
    assert "wins the hand" in stepper.explain.value
    shown = stepper.record
    stepper.upload.value = (
        {
            "name": "x.json",
            "type": "",
            "size": 2,
            "content": memoryview(b"{}"),
            "last_modified": NOW,
        },
    )
    assert stepper.record is shown and "kw-message" in stepper.explain.value
    assert names


def test_stepper_menu_shows_the_names_a_lesson_gives() -> None:
    # Lesson 06 passes eight Knock-Out records under their house rules' names, in the
    # reader's language; the menu showed the game's name eight times instead.
    shipped = example_records()
    names = {"Romper el triunfo": shipped["knockout-dogs-chance"], "Arcoíris": shipped["whist"]}
    stepper = StepperWidget(examples=names)
    titles = [label for label, value in stepper.menu.options if value]
    assert titles == ["Romper el triunfo", "Arcoíris"]
    stepper.menu.value = "Arcoíris"
    assert stepper.record is names["Arcoíris"]
    # The shipped examples keep their own titles from the catalogue.
    default = [label for label, value in StepperWidget().menu.options if value]
    assert "Knock-Out Whist: a dog's chance" in default and "Bid whist" not in default


def test_every_step_has_words() -> None:
    for name, record in example_records().items():
        steps = record_steps(record)
        assert steps, name
        assert all(step.lines and all(step.lines) for step in steps), name


def test_examples_are_valid_records() -> None:
    examples = example_records()
    assert {
        "knockout-follow-and-trump",
        "knockout-dogs-chance",
        "german-whist-hand",
    } <= set(examples)
    for name, record in examples.items():
        assert replay(record)["status"] in ("over", "in_progress"), name
    dogs = replay(examples["knockout-dogs-chance"])
    assert dogs["rounds"][0]["dogs"] == [0] and dogs["rounds"][1]["tricks_won"][0] == 1
    follow = replay(examples["knockout-follow-and-trump"])
    cards = [c for t in follow["rounds"][0]["tricks"] for _s, c in t["cards"]]
    assert "3D" in cards  # a trump played on a club lead


# ----------------------------------------------------------------- quizzes
def test_legal_cards_quiz_right_and_wrong() -> None:
    quiz = LegalCardsQuiz(seed=4)
    assert quiz.feedback.value == ""
    assert all("may" not in b.tooltip for b in quiz.cards)  # no answer before the check
    legal = {e.move for e in quiz.answer() if e.legal}
    for b, card in zip(quiz.cards, quiz.hand, strict=True):
        b.value = card in legal
    quiz.check_button.click()
    assert "kw-right" in quiz.feedback.value
    quiz.new_question()
    assert quiz.feedback.value == ""
    for b in quiz.cards:
        b.value = True
    quiz.check_button.click()
    legal = {e.move for e in quiz.answer() if e.legal}
    expected = "kw-right" if legal == set(quiz.hand) else "kw-wrong"
    assert expected in quiz.feedback.value


def test_trick_winner_quiz_right_and_wrong() -> None:
    quiz = TrickWinnerQuiz(seed=6)
    assert quiz.feedback.value == ""
    assert "★" not in quiz.trick_view.value  # the picture does not give the answer away
    seats = [s for s, _c in quiz.trick.plays]
    wrong = next(s for s in seats if s != quiz.trick.winner)
    quiz.choices.buttons[seats.index(wrong)].click()
    assert "kw-wrong" in quiz.feedback.value and "won with" in quiz.feedback.value
    quiz.choices.buttons[seats.index(quiz.trick.winner)].click()
    assert "kw-right" in quiz.feedback.value


def test_trump_quiz_right_and_wrong() -> None:
    quiz = TrumpQuiz(seed=7)
    assert quiz.feedback.value == ""
    best = longest_suits(quiz.hand)
    quiz.suits.children[int(best[0])].click()
    assert "kw-right" in quiz.feedback.value
    assert ANALYSIS_LABEL in quiz.feedback.value
    worse = [s for s in range(4) if s not in [int(b) for b in best]]
    if worse:
        quiz.suits.children[worse[0]].click()
        assert "kw-wrong" in quiz.feedback.value


def test_longest_suits() -> None:
    assert longest_suits([Card("AS"), Card("KH"), Card("QH")]) == [Card("KH").suit]


# --------------------------------------------------------------------- app
def test_app_tabs_game_switch_review_and_language() -> None:
    app = build_app(seed=2)
    assert app.stepper is None and not app.quizzes  # built on first view
    assert app.table.kind == "knockout"
    app.game_choice.value = "german"
    assert app.table.kind == "german" and app.play_box.children == (app.table,)
    app.game_choice.value = "knockout"
    click_something_legal(app.table)
    app.table.review_button.click()
    assert app.tabs.selected_index == 1 and app.stepper.slider.max >= 1
    app.tabs.selected_index = 2
    assert len(app.quizzes) == 3
    app.language.value = "fr"
    assert app.tabs.get_title(0) == "Jouer"
    assert app.table.hint_button.description == "Indice"
    assert app.tables["german"].hint_button.description == "Indice"
    app.language.value = "en"
    assert app.tabs.get_title(0) == "Play"
    assert not app.guard.errors and not app.table.guard.errors


# ------------------------------------------------------ model and hand, no table
def test_the_model_alone_refuses_an_illegal_move_and_says_why() -> None:
    model = GameModel("knockout", players=3, seed=1)
    game = model.game
    held = game.hand(0)
    illegal = [c for c in held if c not in game.legal_moves()]
    versions = model.version
    if illegal:
        with pytest.raises(IllegalMove):
            model.play(illegal[0])
        assert model.message and model.version > versions
    with pytest.raises(IllegalMove):
        model.play("AS" if Card("AS") not in held else "2C")  # not even held
    assert to_record(model.game) == to_record(game)


def test_hand_view_reuses_its_buttons_and_calls_back() -> None:
    from kowhist_teach import KnockoutGame

    game = KnockoutGame(3, seed=1)
    played: list[Any] = []
    refused: list[Any] = []
    view = HandView(on_play=played.append, on_illegal=refused.append)
    faces = hand_faces(game, game.to_move)
    view.update(faces)
    first = view.buttons
    assert len(first) == 7 and [b.description for b in first] == [f.text for f in faces]
    first[0].click()
    assert played == [faces[0].move] and not refused
    view.update(faces[:3])
    assert view.buttons == first[:3]  # the same widgets, fewer of them
    first[5].click()  # a late click on a card no longer shown does nothing at all
    assert played == [faces[0].move] and not refused
    view.update(faces[1:4])
    assert view.buttons == first[1:4]  # each card keeps its own button
    other = hand_faces(game, (game.to_move + 1) % 3)  # not their turn: all illegal, say why
    view.update(other)
    view.buttons[0].click()
    assert refused == [other[0]] and "not your turn" in other[0].reason


@pytest.mark.parametrize(
    "make", [lambda: TableWidget(3, seed=1), lambda: GermanTableWidget(seed=2)]
)
def test_the_table_and_the_actions_come_right_under_the_status(make: Any) -> None:
    # On a projector (1024×768) the hand, the trick and the calls must be on screen:
    # the table (with the hand in it) and the calls side by side under the status line.
    table = make()
    children = list(table.children)
    status = children.index(table.status)
    left, right = children[status + 1].children
    assert list(left.children) == [table.card_table]
    assert right.children[0] is table.actions
    assert list(table.actions.children) == [table.calls, table.next_button]
    assert "kw-actions" in table.actions._dom_classes
    assert table.explain in right.children[:3]  # the explanation beside the table
