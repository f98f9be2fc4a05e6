"""German Whist in the terminal, one hand or a match (``play --game german --match 3``),
and ``simulate`` on matches; ``--match`` is refused for a game without matches."""

from __future__ import annotations

import io
import json

import pytest

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.cli import main
from kowhist_teach.cli import play as play_module


@pytest.fixture
def first_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The human plays the first move the prompt offers."""

    def ask(table, human, prompt, stdin, out, say, show_help):  # noqa: ANN001, ANN202
        print(prompt, file=out)
        return table.legal_moves()[0].code

    monkeypatch.setattr(play_module, "_ask", ask)


def test_play_a_german_match_in_the_terminal(first_move: None) -> None:
    out = io.StringIO()
    assert play_module.play_terminal(2, 5, None, stdout=out, game="german", match=3) == 0
    text = out.getvalue()
    assert text.startswith("German Whist: win good cards from the stock")
    assert "A match, best of 3 hands" in text
    assert "Hand 1 of a match, best of 3 — hands won: Player 1 (you): 0 · Bot 1: 0" in text
    assert "Hand 2 of a match, best of 3" in text and "wins the hand" in text
    assert " wins the match 2-" in text.rstrip().splitlines()[-1]


def test_play_one_german_hand_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "--game", "german", "--seed", "2"]) == 0
    text = out.getvalue()
    assert "Trumps" in text and "Your play (" in text and "Hand 1 of a match" not in text


def test_simulate_german_matches(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "german", "--match", "5", "--games", "3", "--json"]
    assert main([*argv, "--bots", "rules,random"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 3 and sum(result["wins"]) == 3 and result["draws"] == 0


def test_match_is_refused_for_a_game_without_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "knockout", "--match", "3", "--games", "1"]) == 2
    assert "--match is for German Whist" in capsys.readouterr().err
