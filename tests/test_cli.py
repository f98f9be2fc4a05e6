"""The command line (DESIGN §4): ``replay FILE [--json]`` with exit status 0/1/2,
``simulate ... --json``, one-line errors, and ``play`` in a terminal.

Exit status of ``replay``: 0 for a valid record (over or in progress), 1 for a record
that breaks a rule (``status: "error"`` with the first offending action), 2 for a file
that is not a record at all — always with a message, never a traceback.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import Typist, one_line, run, write

from kowhist_teach import Rules
from kowhist_teach.cli import main, play_terminal, simulate
from kowhist_teach.i18n import set_language

FORMAT = "kowhist-record/1"


@pytest.fixture(autouse=True)
def _english() -> None:
    """Messages are checked in English, whatever language another test left behind."""
    set_language("en")


REPO = Path(__file__).resolve().parent.parent

# 3 players, start_hand 2; seat 1 leads.  Round 1: seat 1 takes nothing and is out;
# seats 0 and 2 tie; the cut goes to seat 2; seat 2 takes the 1-card round.
OVER = {
    "format": FORMAT,
    "game": "knockout",
    "players": 3,
    "rules": {"start_hand": 2},
    "first_dealer": 0,
    "rounds": [
        {
            "hands": [["AS", "2H"], ["KS", "AC"], ["QS", "4D"]],
            "turn_up": "5D",
            "actions": ["KS", "QS", "AS", "2H", "AC", "4D"],
        },
        {"hands": [["5C"], [], ["6C"]], "trump_chooser": 2, "trump": "H", "actions": ["6C", "5C"]},
    ],
}
IN_PROGRESS = {**OVER, "rounds": [{**OVER["rounds"][0], "actions": ["KS", "QS"]}]}
# Seat 2 plays 4♦ on a spade lead while holding Q♠: action 1 breaks the rule.
RULE_BREAK = {**OVER, "rounds": [{**OVER["rounds"][0], "actions": ["KS", "4D", "AS"]}]}


# ------------------------------------------------------------------ replay
def test_replay_json_valid_game_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", write(tmp_path, "over.json", OVER), "--json")
    assert code == 0 and err == ""
    result = json.loads(one_line(out))
    assert result["status"] == "over" and result["winner"] == 2
    assert set(result) == {"status", "winner", "rounds"}
    r0 = result["rounds"][0]
    assert r0["tricks"] == [
        {"leader": 1, "cards": [[1, "KS"], [2, "QS"], [0, "AS"]], "winner": 0},
        {"leader": 0, "cards": [[0, "2H"], [1, "AC"], [2, "4D"]], "winner": 2},
    ]
    assert r0["tricks_won"] == [1, 0, 1] and r0["eliminated"] == [1]
    assert result["rounds"][1]["trump_chooser"] == 2


def test_replay_json_game_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", write(tmp_path, "g.json", IN_PROGRESS), "--json")
    assert code == 0 and err == ""
    result = json.loads(one_line(out))
    assert result["status"] == "in_progress" and result["winner"] is None


def test_replay_json_rule_break(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", write(tmp_path, "bad.json", RULE_BREAK), "--json")
    assert code == 1
    result = json.loads(one_line(out))
    assert result["status"] == "error" and result["winner"] is None
    assert result["error"] == {
        "round": 0,
        "action": 1,
        "seat": 2,
        "message": "must follow ♠: you hold Q♠",
    }


def test_replay_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", write(tmp_path, "over.json", OVER))
    assert code == 0 and err == ""
    assert "Winner: seat 2" in out
    code, out, err = run(capsys, "replay", write(tmp_path, "g.json", IN_PROGRESS))
    assert code == 0 and "in progress" in out
    path = write(tmp_path, "bad.json", RULE_BREAK)
    code, out, err = run(capsys, "replay", path)
    assert code == 1
    line = one_line(err)
    assert "round 0" in line and "action 1" in line and "seat 2" in line
    assert "must follow ♠" in line


NOT_RECORDS = {
    "bad JSON": '{"format": "kowhist-record/1", "game": ',
    "empty file": "",
    "a list": "[1, 2]",
    "wrong format tag": {"format": "chess", "game": "knockout", "players": 3},
    "no format tag": {"game": "knockout", "players": 3},
    "unknown top-level key": {**OVER, "colour": "red"},
    "unknown round key": {**OVER, "rounds": [{**OVER["rounds"][0], "trumps": "H"}]},
    "hands not a list": {**OVER, "rounds": [{"hands": "AS KS", "turn_up": "5D"}]},
    "game not a string": {"format": FORMAT, "game": [], "players": 3},
}


@pytest.mark.parametrize("name", sorted(NOT_RECORDS))
@pytest.mark.parametrize("as_json", [True, False])
def test_replay_not_a_record_exits_2(
    name: str, as_json: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "x.json", NOT_RECORDS[name])
    code, out, err = run(capsys, "replay", path, *(["--json"] if as_json else []))
    assert code == 2
    if as_json:
        result = json.loads(one_line(out))
        assert result["status"] == "error"
        assert "\n" not in result["error"]["message"]
    else:
        assert out == ""
        one_line(err)


@pytest.mark.parametrize("as_json", [True, False])
def test_replay_missing_file_exits_2(
    as_json: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "nope.json")
    code, out, err = run(capsys, "replay", missing, *(["--json"] if as_json else []))
    assert code == 2
    text = out if as_json else err
    assert "no such file" in text
    if as_json:
        assert json.loads(one_line(out))["status"] == "error"
    else:
        one_line(err)


def test_replay_directory_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(tmp_path))
    assert code == 2
    assert "cannot read" in one_line(err)


def test_replay_unknown_rule_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Not settled by DESIGN §4 whether this is "not a record" (2) or a rule break (1);
    # either way: an error status, a one-line message naming the option.
    rec = {**OVER, "rules": {"start_hand": 2, "dogs": True}}
    code, out, err = run(capsys, "replay", write(tmp_path, "r.json", rec), "--json")
    assert code in (1, 2)
    result = json.loads(one_line(out))
    assert result["status"] == "error" and "'dogs'" in result["error"]["message"]


def test_replay_impossible_setup_is_a_rule_break(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = {"format": FORMAT, "game": "knockout", "players": 8, "rounds": []}
    code, out, err = run(capsys, "replay", write(tmp_path, "r.json", rec), "--json")
    assert code == 1
    assert "2 to 7 players" in json.loads(one_line(out))["error"]["message"]


def test_usage_errors_are_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["replay"], ["frobnicate"], [], ["simulate", "--players", "x"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        one_line(err)


def test_console_module_in_a_subprocess(tmp_path: Path) -> None:
    path = write(tmp_path, "over.json", OVER)
    done = subprocess.run(
        [sys.executable, "-m", "kowhist_teach.cli", "replay", path, "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] == 2
    assert done.stderr == ""
    bad = write(tmp_path, "bad.json", RULE_BREAK)
    done = subprocess.run(
        [sys.executable, "-m", "kowhist_teach.cli", "replay", bad, "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["error"]["action"] == 1


# ---------------------------------------------------------------- simulate
def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "simulate",
        "--game",
        "knockout",
        "--players",
        "3",
        "--games",
        "30",
        "--seed",
        "1",
        "--bots",
        "random,random,random",
        "--json",
    )
    assert code == 0 and err == ""
    result = json.loads(one_line(out))
    assert set(result) == {"games", "wins", "draws", "seconds", "move_seconds"}
    assert result["games"] == 30
    assert len(result["wins"]) == 3 and all(type(w) is int and w >= 0 for w in result["wins"])
    assert sum(result["wins"]) + result["draws"] == 30
    assert result["draws"] == 0  # Knock-Out Whist always has a winner
    assert isinstance(result["seconds"], (int, float)) and result["seconds"] >= 0
    assert len(result["move_seconds"]) == 3
    assert all(isinstance(s, (int, float)) and s >= 0 for s in result["move_seconds"])


def test_simulate_is_seeded_and_takes_rules(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "simulate",
        "--players",
        "4",
        "--games",
        "25",
        "--seed",
        "7",
        "--json",
        "--rules",
        '{"dogs_chance": true, "start_hand": 5}',
    ]
    first = json.loads(one_line(run(capsys, *argv)[1]))
    second = json.loads(one_line(run(capsys, *argv)[1]))
    assert first["wins"] == second["wins"] and sum(first["wins"]) == 25
    api = simulate(players=4, games=25, seed=7, rules=Rules(dogs_chance=True, start_hand=5))
    assert api["wins"] == first["wins"]


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--players", "3", "--bots", "random,wizard,random"], ["unknown bot 'wizard'"]),
        (["--players", "8"], ["2 to 7 players", "8"]),
        (["--players", "3", "--bots", "random,random"], ["bots", "3"]),
        (["--players", "3", "--rules", "{bad"], ["--rules"]),
        (["--players", "3", "--rules", '{"dogs": true}'], ["unknown rule option 'dogs'"]),
        (["--players", "7", "--rules", '{"start_hand": 8}'], ["52"]),
        (["--players", "3", "--games", "0"], ["--games"]),
    ],
)
def test_simulate_errors_are_one_line_exit_2(
    argv: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "simulate", *argv, "--json")
    assert code == 2 and out == ""
    line = one_line(err)
    for word in words:
        assert word in line, (word, line)


# -------------------------------------------------------------------- play
def play(
    players: int, seed: int, script: list[str], then: str = "legal", rules: Rules | None = None
) -> tuple[int, str, Typist]:
    out = io.StringIO()
    typist = Typist(out, script, then)
    code = play_terminal(players, seed, rules, stdin=typist, stdout=out)  # type: ignore[arg-type]
    return code, out.getvalue(), typist


def test_play_illegal_card_help_undo_quit() -> None:
    # Seed 3: the bots lead spades, we hold five spades and two other cards.
    code, text, typist = play(3, 3, ["illegal-held", "help", "legal", "legal", "undo", "quit"])
    assert code == 0
    assert "Not allowed: must follow" in text
    assert "Goodbye." in text
    assert "Traceback" not in text
    # The illegal card left the position alone: the same moves were offered again.
    assert typist.prompts[1] == typist.prompts[0]
    assert typist.prompts[2] == typist.prompts[0]
    # Undo went back to before the last move played: the same choice is offered again.
    assert typist.prompts[5] == typist.prompts[3]
    assert "trumps" in text.lower()


def test_play_to_the_end() -> None:
    for seed in (1, 2):
        code, text, typist = play(
            3, seed, [], then="last", rules=Rules(start_hand=4, dogs_chance=True)
        )
        assert code == 0
        assert "won the game" in text
        assert "Goodbye." not in text
        assert "Not allowed" not in text  # every answer was a move the prompt offered


def test_play_ends_on_eof() -> None:
    code, text, typist = play(4, 5, ["legal", "legal"], then="eof")
    assert code == 0 and "Goodbye." in text
    assert len(typist.prompts) == 3


def test_play_undo_before_any_move_of_ours() -> None:
    code, text, typist = play(3, 4, ["undo", "undo", "quit"])
    assert code == 0 and "Traceback" not in text and "Goodbye." in text


def test_play_not_held_card() -> None:
    code, text, typist = play(3, 3, ["illegal", "quit"])
    assert code == 0 and "Not allowed:" in text and "does not hold" in text


# A blind dog may not look at its card (RULES §2, blind_dog).  Three players, dogs_chance
# and blind_dog, start_hand 5: seat 0 fails, wins back as a dog, fails again and is a
# blind dog with K♥ in the 2-card round, where seat 2 leads.
BLIND_DOG_RECORD = {
    "format": FORMAT,
    "game": "knockout",
    "players": 3,
    "rules": {"start_hand": 5, "dogs_chance": True, "blind_dog": True},
    "first_dealer": 1,
    "rounds": [
        {
            "hands": [
                ["5S", "6S", "7S", "4D", "5D"],
                ["2S", "3S", "4S", "AD", "KD"],
                ["AS", "KS", "QS", "2D", "3D"],
            ],
            "turn_up": "2C",
            "actions": "AS 5S 2S KS 6S 3S QS 7S 4S 2D 4D AD KD 3D 5D".split(),
        },
        {
            "hands": [["3C"], ["AS", "4H", "3H", "2H"], ["2S", "AH", "KH", "QH"]],
            "trump": "C",
            "actions": "AH pass 2H KH pass 3H 2S pass AS 4H QH 3C".split(),
        },
        {
            "hands": [["4S", "5S", "3D"], ["2S", "3S", "AD"], ["AS", "KS", "2D"]],
            "trump": "C",
            "actions": "AS 4S 2S KS 5S 3S 2D 3D AD".split(),
        },
        {"hands": [["KH"], ["AS", "2H"], ["AH", "2S"]], "trump": "C", "actions": []},
    ],
}


def test_play_blind_dog_card_stays_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    import kowhist_teach.cli as cli
    from kowhist_teach import Status
    from kowhist_teach.record import game_from_record

    game = game_from_record(BLIND_DOG_RECORD)
    assert game.status[0] is Status.BLIND_DOG and game.to_move == 2
    monkeypatch.setattr(cli, "KnockoutGame", lambda *args, **kwargs: game)
    out = io.StringIO()
    typist = Typist(out, ["quit"])
    assert play_terminal(3, 1, None, stdin=typist, stdout=out) == 0  # type: ignore[arg-type]
    text = out.getvalue()
    assert "face-down" in text
    assert "K♥" not in text and "KH" not in text, text
    assert typist.prompts and all("K♥" not in p for p in typist.prompts)
