"""The stepper with the whist family's example records (partnership whist, solo whist,
bid whist): forward and back through every event, words at each step in English and
Spanish, a valid SVG picture, and the deal's score at the end.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from kowhist_teach.core.record import to_record
from kowhist_teach.core.registry import specs
from kowhist_teach.games.family.bidwhist.engine import BidWhistGame
from kowhist_teach.games.family.engine import FamilyGame
from kowhist_teach.games.family.record import family_game_from_record
from kowhist_teach.games.family.solo.engine import SoloGame
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
from kowhist_teach.i18n import set_language
from kowhist_teach.pictures.svg import table_svg
from kowhist_teach.widgets import StepperWidget, example_records, record_steps
from kowhist_teach.widgets.stepper import EXAMPLES_DIR

# The whist family's games, from the registry (a family member registered later gets
# the tests parametrized over them).
GAMES = tuple(s.name for s in specs() if issubclass(s.game, FamilyGame))
SVG = "{http://www.w3.org/2000/svg}svg"


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def record(game: str) -> dict[str, Any]:
    return example_records()[game]


def events(rec: dict[str, Any]) -> int:
    """Deals and actions in a record: one step each."""
    return sum(1 + len(d.get("actions", [])) for d in rec["deals"])


def svg_root(value: str) -> ET.Element:
    root = ET.fromstring(value)  # raises on anything but well-formed XML
    assert root.tag == SVG
    return root


def check_step(stepper: StepperWidget) -> None:
    assert stepper.step is not None
    assert stepper.step.lines and all(line.strip() for line in stepper.step.lines)
    assert "<li>" in stepper.explain.value
    svg_root(stepper.picture.value)


# ------------------------------------------------------------------ the examples
def test_the_family_examples_ship_with_the_others() -> None:
    examples = example_records()
    names = list(examples)
    # Each family game's example is named by the game; they come in the registry's order.
    assert GAMES and [n for n in names if n in GAMES] == list(GAMES)
    for game in GAMES:
        assert examples[game]["game"] == game
    assert not (EXAMPLES_DIR / "family").exists()


def test_the_menu_titles_the_family_examples() -> None:
    stepper = StepperWidget()
    titles = dict((value, label) for label, value in stepper.menu.options)
    assert titles["whist"].startswith("Partnership whist: ")
    assert titles["solo"].startswith("Solo whist: ")
    assert titles["bidwhist"].startswith("Bid whist: ")
    stepper.menu.value = "solo"
    assert stepper.record == record("solo")
    assert stepper.slider.max == events(record("solo")) - 1
    assert "kwr-solo" in stepper.picture.value


# ------------------------------------------------------------------ stepping
@pytest.mark.parametrize("game", GAMES)
def test_step_forward_and_back(game: str) -> None:
    rec = record(game)
    stepper = StepperWidget(rec)
    n = events(rec)
    assert stepper.slider.max == n - 1 and stepper.slider.value == 0
    assert stepper.prev_button.disabled and not stepper.next_button.disabled
    first = (stepper.explain.value, stepper.picture.value)
    assert "Deal 1: Ann deals" in stepper.explain.value
    check_step(stepper)
    seen = [stepper.explain.value]
    for k in range(1, n):
        stepper.next_button.click()
        assert stepper.slider.value == k
        assert stepper.where.value == f"<b>Step {k + 1} of {n}</b>"
        check_step(stepper)
        seen.append(stepper.explain.value)
    assert stepper.next_button.disabled
    stepper.next_button.click()  # at the end: stays
    assert stepper.slider.value == n - 1
    # The last step: the trick, the deal's end and its score.
    last = stepper.explain.value
    assert "Trick 12:" in last or "Trick 13:" in last
    assert "Deal 1 is over." in last and "Points this deal: " in last and "Scores: " in last
    # Back, one step at a time: the same words again.
    for k in range(n - 2, -1, -1):
        stepper.prev_button.click()
        assert stepper.slider.value == k
        assert stepper.explain.value == seen[k]
    assert stepper.prev_button.disabled
    assert (stepper.explain.value, stepper.picture.value) == first


@pytest.mark.parametrize("game", GAMES)
def test_steps_follow_the_replay(game: str) -> None:
    rec = record(game)
    steps = record_steps(rec)
    assert len(steps) == events(rec)
    final = family_game_from_record(rec)
    last = steps[-1].game
    assert last.scores == final.scores and last.deals[-1].points == final.deals[-1].points
    for step in steps:
        step.game.clone()  # a position of its own
    # Every card has its line and a word on what it did; every trick its winner.
    cards = [s for s in steps if any(" played " in line for line in s.lines)]
    assert len(cards) == len(final.deals[0].tricks) * 4
    assert all(len(s.lines) >= 2 and s.lines[1].startswith("To ") for s in cards)
    tricks = [line for s in steps for line in s.lines if line.startswith("Trick ")]
    assert len(tricks) == len(final.deals[0].tricks)
    assert all(" won with " in line for line in tricks)


def test_whist_deal_names_the_turn_up_and_trumps() -> None:
    steps = record_steps(record("whist"))
    assert steps[0].lines == (
        "Deal 1: Ann deals; the turned-up card is 10♠; trumps: spades.",
        "Bo to play.",
    )
    partner = next(line for s in steps for line in s.lines if "partner's" in line)
    assert partner.startswith("To ") and "no need to beat it" in partner
    end = steps[-1].lines
    assert "Tricks: 7 for Ann and Cy, 6 for Bo and Di." in end
    assert "Points this deal: 1 for Ann and Cy, 2 for Bo and Di." in end
    assert end[-1] == "Scores: Ann and Cy 0, Bo and Di 0; this game: 1–2."


def test_solo_auction_and_contract() -> None:
    steps = record_steps(record("solo"))
    assert steps[0].lines[-1] == "Bo to bid."
    assert steps[1].lines == (
        "Bo passes.",
        "To Bo: “You bid nothing more this deal.”",
    )
    bid = steps[4].lines
    assert bid[0] == "Ann calls Solo (5 tricks)."
    assert bid[1] == "To Ann: “You must take at least 5 tricks with ♣ as trumps.”"
    assert "Ann plays solo in ♣: needs 5 tricks." in bid and bid[-1] == "Bo to play."
    end = steps[-1].lines
    assert "Ann played solo, needing 5 tricks: took 7." in end
    assert "Points this deal: +42 for Ann, -14 for Bo, -14 for Cy, -14 for Di." in end
    assert end[-1] == "Scores: Ann 42, Bo -14, Cy -14, Di -14."


def test_bid_whist_kitty_and_discards() -> None:
    steps = record_steps(record("bidwhist"))
    assert steps[0].lines == ("Deal 1: Ann deals.", "Kitty: 6 cards.", "Bo to bid.")
    assert steps[3].lines[0] == "Di calls 3 uptown."
    trumps = steps[5].lines
    assert trumps[0].startswith("Di names ") and "spades" in trumps[0]
    assert trumps[1].startswith("To Di: “You won the auction, so you name trumps: spades")
    assert trumps[2] == "Di takes the kitty, shown to everybody: Big Joker K♠ 5♥ Q♦ J♦ 9♣."
    discards = steps[6:12]
    assert [s.lines[0] for s in discards] == [
        f"Di discarded {c} face down." for c in ("2♦", "5♥", "2♣", "J♦", "Q♦", "7♣")
    ]
    assert all("first book" in s.lines[1] for s in discards)
    assert discards[-1].lines[-2:] == ("Di bid 3 uptown in ♠: needs 9 books.", "Di to play.")
    end = steps[-1].lines
    assert "Bo and Di took 9 books, the kitty book included." in end
    assert "Points this deal: 0 for Ann and Cy, 3 for Bo and Di." in end
    assert end[-1] == "Scores: Ann and Cy 0, Bo and Di 3."


def test_bid_whist_kitty_in_the_picture() -> None:
    stepper = StepperWidget(record("bidwhist"))
    kitty = svg_root(stepper.picture.value).find(".//*[@class='kwr-kitty']")
    assert kitty is not None and "Kitty: 6 cards" in kitty.get("aria-label", "")
    stepper.slider.value = 11  # the sixth discard
    kitty = svg_root(stepper.picture.value).find(".//*[@class='kwr-kitty']")
    assert kitty is not None and "Discards: 6" in kitty.get("aria-label", "")


# ------------------------------------------------------------------ languages
@pytest.mark.parametrize("game", GAMES)
def test_every_step_has_words_in_english_and_spanish(game: str) -> None:
    rec = record(game)
    english = record_steps(rec)
    set_language("es")
    spanish = record_steps(rec)
    assert len(spanish) == len(english)
    for en, es in zip(english, spanish, strict=True):
        assert en.lines and all(line.strip() for line in en.lines)
        assert es.lines and all(line.strip() for line in es.lines)
        assert en.lines != es.lines
    words = " ".join(line for s in spanish for line in s.lines)
    for english_word in ("played", "Trick ", "won with", "Points this deal", "To "):
        assert english_word not in words
    assert "Puntos en esta mano: " in " ".join(spanish[-1].lines)


def test_the_stepper_switches_language() -> None:
    stepper = StepperWidget(record("bidwhist"))
    stepper.slider.value = 5
    set_language("es")
    stepper.rebuild()
    assert stepper.slider.value == 5
    assert "se lleva la viuda" in stepper.explain.value
    svg_root(stepper.picture.value)
    set_language("fr")
    stepper.rebuild()
    assert "prend le talon" in stepper.explain.value


# ------------------------------------------------------------------ whole games
def random_record(cls: Any, seed: int, **options: Any) -> dict[str, Any]:
    """A whole game between random players: several deals, to its end."""
    rng = random.Random(seed)
    game = cls(seed=seed, **options)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return to_record(game)


@pytest.mark.parametrize(
    ("cls", "seed", "options"),
    [
        (WhistGame, 1, {"rules": WhistRules(drive=True)}),
        (SoloGame, 2, {}),
        (BidWhistGame, 2, {}),
    ],
)
def test_whole_games_deal_by_deal(cls: Any, seed: int, options: dict[str, Any]) -> None:
    rec = random_record(cls, seed, **options)
    steps = record_steps(rec)
    assert len(steps) == events(rec)
    assert all(s.lines and all(line.strip() for line in s.lines) for s in steps)
    deals = [s for s in steps if s.lines[0].startswith("Deal ") and " deals" in s.lines[0]]
    assert len(deals) == len(rec["deals"]) > 1
    ends = [line for s in steps for line in s.lines if line.endswith(" is over.")]
    assert ends == [f"Deal {d + 1} is over." for d in range(len(rec["deals"]))]
    last = steps[-1].lines
    assert any(
        line.endswith(("win the game.", "wins the game.", "ends in a tie.")) for line in last
    )
    for step in deals + [steps[-1]]:
        svg_root(table_svg(step.game, show_all=True))


def test_bid_whist_kitty_at_no_trump_is_taken_unseen() -> None:
    steps = record_steps(random_record(BidWhistGame, 0))
    taken = [line for s in steps for line in s.lines if "takes the kitty" in line]
    assert len(taken) == 1 and "without showing it: " in taken[0]


def test_solo_deal_thrown_in() -> None:
    game = SoloGame(seed=3)
    for _i in range(4):
        game.play("pass")
    steps = record_steps(to_record(game))
    assert len(steps) == 1 + 4 + 1  # the deal, four passes, the next deal
    thrown = steps[4].lines
    assert "Deal 1 is over." in thrown
    assert "Everybody passed: the cards are thrown in." in thrown
    assert steps[5].lines[0].startswith("Deal 2: Player 2 deals")
