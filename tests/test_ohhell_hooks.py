"""Oh Hell plays everywhere: every hook of the registry is there, a whole game is
played in the app's table by clicks, the stepper walks an Oh Hell record, explain and
hint give reasons, and the command line replays, explains and simulates Oh Hell."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

import pytest

import kowhist_teach
from kowhist_teach.app import build_app
from kowhist_teach.cli import main
from kowhist_teach.core.hooks.cli import CliHook
from kowhist_teach.core.hooks.picture import PictureHook
from kowhist_teach.core.hooks.record import RecordHook
from kowhist_teach.core.hooks.story import StoryHook
from kowhist_teach.core.hooks.teaching import Teaching
from kowhist_teach.core.hooks.ui import GameUI
from kowhist_teach.core.registry import spec, spec_of
from kowhist_teach.games.ohhell.engine import OhHellGame, OhHellRules
from kowhist_teach.i18n import set_language
from kowhist_teach.teach.explain import explain_deal, explain_moves
from kowhist_teach.teach.story import record_steps
from kowhist_teach.teach.tips import tips_for
from kowhist_teach.widgets import FamilyTableWidget, StepperWidget
from kowhist_teach.widgets.model import GameModel

EXAMPLE = Path(kowhist_teach.__file__).parent / "examples" / "ohhell.json"


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def _classes(widget: Any) -> set[str]:
    return set(widget._dom_classes)


def test_every_hook_is_there() -> None:
    game_spec = spec("ohhell")
    expected = {
        "story": StoryHook,
        "picture": PictureHook,
        "ui": GameUI,
        "teaching": Teaching,
        "record": RecordHook,
        "cli": CliHook,
    }
    for name, base in expected.items():
        assert game_spec.has(name) and isinstance(getattr(game_spec, name), base), name
    assert game_spec.auction and not game_spec.partnerships


def test_a_whole_game_in_the_apps_table_by_clicks(caplog: pytest.LogCaptureFixture) -> None:
    app = build_app(seed=5)
    app.game_choice.value = "ohhell"
    table = app.table
    assert isinstance(table, FamilyTableWidget) and isinstance(table.game, OhHellGame)
    rules = OhHellRules(hand_sizes=(3, 2, 1))
    table.setup.base = rules
    table.setup.start.click()
    assert table.game.rules.hand_sizes == (3, 2, 1)
    assert "Your turn: bid" in table.status.value or table.game.to_move != 0
    clicks = 0
    with caplog.at_level(logging.CRITICAL):
        while not table.game.is_over() and clicks < 200:
            clicks += 1
            if table.model.between_deals:
                table.next_button.click()
                continue
            calls = [b for b in table.calls.buttons if "kw-call-legal" in _classes(b)]
            cards = [b for b in table.hand.buttons if "kw-legal" in _classes(b)]
            assert calls or cards
            (calls or cards)[-1].click()
            assert not table.guard.errors, table.guard.errors
    assert table.game.is_over() and len(table.game.deals) == 3
    assert "kw-outcome" in table.status.value
    assert "bid" in table.summary.value and "took" in table.summary.value
    assert 'class="kwr-table kwr-ohhell"' in table.picture.value


@pytest.mark.parametrize("players", [3, 5, 7])
def test_the_family_model_seats_three_to_seven(players: int) -> None:
    model = GameModel(
        "ohhell",
        rules=OhHellRules(hand_sizes=(2, 1)),
        seed=players,
        players=players,
        pause_rounds=True,
    )
    assert model.game.n == players and model.game.to_move == model.human
    with pytest.raises(ValueError):
        GameModel("ohhell", seed=1, players=8, pause_rounds=True)


def test_the_hook_bars_the_dealer_and_explain_says_why() -> None:
    game = OhHellGame(3, OhHellRules(hand_sizes=[2]), auto_chance=False)
    game.deal([["AS", "KS"], ["QS", "2H"], ["3H", "4H"]], trump_card="5H")
    game.play("1")
    game.play("0")
    notes = {n.move.code: n for n in explain_moves(game)}
    assert not notes["1"].legal and "(the hook)" in notes["1"].reason
    assert notes["2"].legal and "exactly 2 of the 2 tricks" in notes["2"].reason
    tips = [t.key for t in tips_for(game)]
    assert tips == ["ohhell-count"]
    game.play("2")
    # Player 2 bid 1 and leads; their tips and their cards' reasons.
    assert all(n.reason for n in explain_moves(game))


def test_duck_tip_once_the_bid_is_made() -> None:
    game = OhHellGame(3, OhHellRules(hand_sizes=[2]), auto_chance=False)
    game.deal([["AS", "2C"], ["QS", "2H"], ["3H", "4H"]], trump_card="5D")
    for move in ["0", "0", "1", "QS", "3H", "AS"]:  # seats 1 and 2 bid 0, the dealer 1
        game.play(move)
    assert game.to_move == 0  # seat 0 took the trick with A♠ but bid 1
    tips = spec_of(game).teaching.tips(game, 0)  # the detector fires ...
    assert [t.key for t in tips] == ["ohhell-duck"]
    assert "You bid 1 and have 1: duck" in tips[0].text
    # ... but 2♣ is seat 0's one legal card, so no tip can change the decision.
    assert len(game.legal_moves()) == 1 and tips_for(game) == []


def test_a_deal_is_explained_bid_against_tricks() -> None:
    game = OhHellGame(3, OhHellRules(hand_sizes=[1]), auto_chance=False)
    game.deal([["AS"], ["KS"], ["2H"]], trump_card="3H")
    for move in ["1", "1", "0", "KS", "2H", "AS"]:
        game.play(move)
    lines = explain_deal(game)
    assert lines[0] == "Player 1 bid 0 and took 0: exactly the bid, 10 points."
    assert lines[1] == "Player 2 bid 1 and took 0: the bid is lost, 0 points."
    assert lines[-1] == "Player 3 wins the game."


def test_the_stepper_steps_through_an_oh_hell_record() -> None:
    record = json.loads(EXAMPLE.read_text())
    steps = record_steps(record)
    final = spec("ohhell").record.game_from_record(record)
    assert len(steps) == len(final.moves) + len(final.deals)
    assert steps[0].lines[0].startswith("Deal 1: 3 cards each; Player 1 deals")
    lines = [x for s in steps for x in s.lines]
    assert any(re.match(r"Player \d bids \d\.", x) for x in lines)
    assert any(x.startswith("Bids: ") for x in lines)
    assert any(x.startswith("Trick 1:") for x in lines)
    assert any(x == "Deal 3 is over." for x in lines)
    stepper = StepperWidget(examples={"ohhell": record})
    assert "Oh Hell" in stepper.picture.value or stepper.picture.value
    for _i in range(len(steps) - 1):
        stepper.next_button.click()
    assert stepper.slider.value == len(steps) - 1


def test_the_hint_gives_a_reason() -> None:
    model = GameModel("ohhell", seed=3, pause_rounds=True)
    assert model.game.to_move == model.human
    hint = model.hint()
    # Oh Hell's student bids first: the hint's verb is a bid's.
    assert hint[0].startswith("The rules bot would bid ") or hint[0].startswith(
        "The rules bot went wrong"
    )
    assert any("Count the tricks you are sure of" in line for line in hint)


def test_cli_replays_and_explains_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "over" and out["winner"] == 3 and len(out["deals"]) == 3
    assert main(["replay", str(EXAMPLE)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Oh Hell\nDeal 1: dealer seat 0, trumps ♠ spades")
    assert "bidding: seat 1 1, seat 2 2, seat 3 0, seat 0 3" in text
    assert "Winner: seat 3" in text


def test_cli_explains_a_game_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["deals"] = record["deals"][:1]
    record["deals"][0]["actions"] = record["deals"][0]["actions"][:3]
    path = tmp_path / "ohhell.json"
    path.write_text(json.dumps(record))
    assert main(["explain", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    moves = {m["move"]: m for m in out["moves"]}
    # The dealer, seat 0, may not bid 0: 1 + 2 + 0 would make 3, the deal's tricks.
    assert not moves["0"]["legal"] and "(the hook)" in moves["0"]["reason"]
    assert moves["3"]["legal"]


def test_cli_simulates_oh_hell(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["simulate", "--game", "ohhell", "--players", "3", "--games", "2", "--seed", "1", "--json"]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and len(out["wins"]) == 3


def test_cli_plays_oh_hell_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1\nquit\n"))
    assert main(["play", "--game", "ohhell", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    # The bots are the rules bots: Bot 2 holds a sure trick, so the hook bars 6.
    assert out.startswith("Oh Hell\n") and "Your bid (0 1 2 3 4 5 7): " in out
    assert "Calls: Bot 1 0, Bot 2 1, Player 1 (you) 1" in out and out.rstrip().endswith("Goodbye.")
