"""The command line for the whist family (DESIGN §4): ``replay FILE [--json]`` with exit
status 0 / 1 / 2, ``simulate --game whist|solo|bidwhist``, ``play --game ...`` in a
terminal (you at seat 0, rule-of-thumb bots at the others) and ``explain FILE``.

Exit status of ``replay``: 0 for a valid record (over or in progress), 1 for a record
that breaks a rule (``status: "error"`` with ``error.deal``, ``error.action``,
``error.seat``), 2 for a file that is not a record at all — always with a message,
never a traceback.
"""

from __future__ import annotations

import copy
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import Typist, one_line, run, write
from test_records_family import check_shape, example, need

from kowhist_teach.cli import play_terminal, simulate
from kowhist_teach.core.record import game_from_record, to_record
from kowhist_teach.games.family.engine import FamilyPhase
from kowhist_teach.games.family.record import DEAL_EXTRA_KEYS, FAMILY_GAMES
from kowhist_teach.i18n import set_language

GAMES = sorted(FAMILY_GAMES)


@pytest.fixture(autouse=True)
def _english() -> None:
    """Messages are checked in English, whatever language another test left behind."""
    set_language("en")


#: Short games, so that a whole one is quick to replay and to play.
SHORT = {"whist": {"rubber": False}, "solo": {}, "bidwhist": {}}


def finished(game: str, seed: int = 2) -> dict[str, Any]:
    """A whole game between rule-of-thumb bots, as a record."""
    from kowhist_teach.teach.bots import RulesBot

    cls = need(game)
    g = cls(cls.rules_class.from_dict(SHORT[game]), seed=seed)
    bots = [RulesBot(seed * 10 + s) for s in range(4)]
    while not g.is_over():
        g.play(bots[g.to_move](g))
    return to_record(g)


def rule_break(game: str) -> tuple[dict[str, Any], int, int]:
    """The example with a held card that may not be played put in the place of a card."""
    rec = example(game)
    g = game_from_record({**rec, "deals": []})
    deal = rec["deals"][0]
    g.deal(deal["hands"], **{k: deal[k] for k in DEAL_EXTRA_KEYS[game] if k in deal})
    for a, code in enumerate(deal["actions"]):
        seat = g.to_move
        legal = {m.code for m in g.legal_moves()}
        held = [c.code for c in g.hand(seat) if c.code not in legal]
        if g.phase is FamilyPhase.PLAY and held:
            bad = copy.deepcopy(rec)
            bad["deals"][0]["actions"][a] = held[0]
            return bad, a, seat
        g.play(code)
    raise AssertionError("no place for an illegal card")


# ------------------------------------------------------------------------ replay
@pytest.mark.parametrize("game", GAMES)
def test_replay_json_over_in_progress_and_rule_break(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    over = finished(game)
    code, out, err = run(capsys, "replay", write(tmp_path, "over.json", over), "--json")
    assert code == 0 and err == ""
    result = json.loads(one_line(out))
    check_shape(result, game)
    assert result["status"] == "over" and len(result["deals"]) == len(over["deals"])
    assert result["scores"] == game_from_record(over).scores

    code, out, err = run(capsys, "replay", write(tmp_path, "ex.json", example(game)), "--json")
    assert code == 0 and err == ""
    result = json.loads(one_line(out))
    check_shape(result, game)
    assert result["status"] == "in_progress" and result["winner"] is None

    bad, a, seat = rule_break(game)
    code, out, err = run(capsys, "replay", write(tmp_path, "bad.json", bad), "--json")
    assert code == 1
    result = json.loads(one_line(out))
    check_shape(result, game)
    assert result["status"] == "error"
    assert (result["error"]["deal"], result["error"]["action"], result["error"]["seat"]) == (
        0,
        a,
        seat,
    )


@pytest.mark.parametrize("game", GAMES)
def test_replay_text(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cls = need(game)
    over = finished(game)
    code, out, err = run(capsys, "replay", write(tmp_path, "over.json", over))
    assert code == 0 and err == ""
    assert out.startswith(cls.title)
    assert "Deal 1: dealer seat 0" in out and "  trick 1: seat " in out and " - won by seat " in out
    assert "tricks won:" in out and "so far:" in out
    assert re.search(r"[0-9A-Z]:[0-9A-Z]", out) is None  # no "3:2D": seats and cards in words
    winner = game_from_record(over).outcome().winner
    if winner is None:
        assert "The game is drawn." in out
    elif cls.by_partnership:
        assert f"Winners: seats {winner} and {winner + 2}" in out
    else:
        assert f"Winner: seat {winner}" in out

    code, out, err = run(capsys, "replay", write(tmp_path, "ex.json", example(game)))
    assert code == 0 and err == "" and "The game is still in progress." in out
    for note in game_from_record(example(game)).deals[0].notes:
        assert note in out  # the score explained, in the chosen language

    bad, a, seat = rule_break(game)
    code, out, err = run(capsys, "replay", write(tmp_path, "bad.json", bad))
    assert code == 1
    line = one_line(err)
    assert f"deal 0, action {a}, seat {seat}: " in line
    assert "round" not in line


NOT_RECORDS = {
    "unknown top-level key": lambda r: {**r, "colour": "red"},
    "unknown deal key": lambda r: {**r, "deals": [{**r["deals"][0], "turn_up": "AS"}]},
    "unknown rule option": lambda r: {**r, "rules": {"start_hand": 3}},
    "deals not a list": lambda r: {**r, "deals": "none"},
    "hands not lists": lambda r: {**r, "deals": [{"hands": "AS KS"}]},
}


@pytest.mark.parametrize("name", sorted(NOT_RECORDS))
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("as_json", [True, False])
def test_replay_not_a_record_exits_2(
    game: str, name: str, as_json: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "x.json", NOT_RECORDS[name](example(game)))
    code, out, err = run(capsys, "replay", path, *(["--json"] if as_json else []))
    assert code == 2
    if as_json:
        result = json.loads(one_line(out))
        check_shape(result, game)  # the family's shape: error.deal, not error.round
        assert result["status"] == "error" and result["deals"] == []
        assert result["error"]["deal"] is None
    else:
        assert out == ""
        assert "not a game record" in one_line(err)


def test_replay_unknown_rule_option_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = {**example("whist"), "rules": {"honours": False, "dogs": True}}
    code, out, err = run(capsys, "replay", write(tmp_path, "r.json", rec), "--json")
    assert code == 2
    message = json.loads(one_line(out))["error"]["message"]
    assert "'dogs'" in message and "game_points" in message  # the known options listed


def test_replay_bad_setup_is_a_rule_break(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for rec, words in (
        ({**example("whist"), "players": 3}, "exactly 4 players"),
        ({**example("whist"), "rules": {"game_points": 9}}, "game_points"),
    ):
        code, out, err = run(capsys, "replay", write(tmp_path, "r.json", rec), "--json")
        assert code == 1
        result = json.loads(one_line(out))
        assert result["error"]["deal"] is None and words in result["error"]["message"]


def test_replay_in_a_subprocess(tmp_path: Path) -> None:
    import subprocess

    path = write(tmp_path, "whist.json", example("whist"))
    done = subprocess.run(
        [sys.executable, "-m", "kowhist_teach.cli", "replay", path, "--json"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["deals"][0]["number"] == 1


# ---------------------------------------------------------------------- simulate
@pytest.mark.parametrize("game", GAMES)
def test_simulate_json(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    cls = need(game)
    argv = ["simulate", "--game", game, "--games", "12", "--seed", "3", "--json"]
    argv += ["--bots", "rules,random,rules,random"]
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    result = json.loads(one_line(out))
    assert set(result) == {"games", "wins", "draws", "seconds", "move_seconds"}
    assert result["games"] == 12
    wins = result["wins"]
    assert len(wins) == 4 and all(type(w) is int and w >= 0 for w in wins)
    if cls.by_partnership:  # a partnership's win counts for both its seats
        assert wins[0] == wins[2] and wins[1] == wins[3]
        assert wins[0] + wins[1] + result["draws"] == 12
    else:
        assert sum(wins) + result["draws"] == 12
    assert len(result["move_seconds"]) == 4
    assert all(isinstance(s, (int, float)) and s >= 0 for s in result["move_seconds"])
    # Seeded: the same command, the same games.
    again = json.loads(one_line(run(capsys, *argv)[1]))
    assert again["wins"] == wins and again["draws"] == result["draws"]


def test_simulate_takes_family_rules(capsys: pytest.CaptureFixture[str]) -> None:
    from kowhist_teach.games.family.whist.engine import WhistRules

    argv = ["simulate", "--game", "whist", "--games", "6", "--seed", "2", "--json"]
    argv += ["--rules", '{"drive": true, "drive_deals": 2}']
    result = json.loads(one_line(run(capsys, *argv)[1]))
    api = simulate("whist", 4, 6, 2, rules=WhistRules(drive=True, drive_deals=2))
    assert api["wins"] == result["wins"] and api["draws"] == result["draws"]
    # A drive of two deals: each side's tricks decide, so draws are possible but rare.
    assert result["wins"][0] + result["wins"][1] + result["draws"] == 6


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--game", "whist", "--players", "3"], ["Partnership whist is for exactly 4 players"]),
        (["--game", "solo", "--players", "5"], ["Solo whist is for exactly 4 players"]),
        (["--game", "bidwhist", "--players", "2"], ["for exactly 4 players"]),
        (["--game", "whist", "--bots", "random,random"], ["bots", "4"]),
        (["--game", "whist", "--bots", "random,wizard,random,random"], ["unknown bot 'wizard'"]),
        (["--game", "whist", "--rules", '{"dogs_chance": true}'], ["unknown rule option"]),
        (["--game", "whist", "--rules", '{"game_points": 6}'], ["game_points"]),
        (["--game", "solo", "--rules", "{bad"], ["--rules"]),
    ],
)
def test_simulate_errors_are_one_line_exit_2(
    argv: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    if argv[1] != "whist":
        need(argv[1])
    code, out, err = run(capsys, "simulate", *argv, "--json")
    assert code == 2 and out == ""
    line = one_line(err)
    for word in words:
        assert word in line, (word, line)


# -------------------------------------------------------------------------- play
def play(game: str, seed: int, script: list[str], then: str = "legal", rules: Any = None):
    need(game)
    out = io.StringIO()
    typist = Typist(out, script, then)
    code = play_terminal(4, seed, rules, stdin=typist, stdout=out, game=game)  # type: ignore[arg-type]
    return code, out.getvalue(), typist


@pytest.mark.parametrize("game", GAMES)
def test_play_a_whole_game(game: str) -> None:
    cls = need(game)
    rules = cls.rules_class.from_dict(SHORT[game])
    code, text, typist = play(game, 4, [], then="last", rules=rules)
    assert code == 0
    assert "Not allowed" not in text and "Goodbye." not in text
    assert "Deal 1 is over." in text and "Final scores:" in text
    assert "won the game." in text or "The game is drawn." in text
    assert "Trick: " in text and " - won by " in text
    assert any(kind.endswith("Your play") for kind in typist.kinds)
    if game != "whist":  # an auction: the human was asked to bid
        assert any(kind.endswith("Your bid") for kind in typist.kinds)


def test_play_whist_illegal_card_help_undo_quit() -> None:
    # Seed 3: the first trick is led to us with hearts, and we hold other suits too.
    code, text, typist = play(
        "whist", 3, ["illegal-held", "help", "legal", "legal", "undo", "not-held", "quit"]
    )
    assert code == 0 and "Goodbye." in text
    assert "Partnership whist" in text and "You and Bot 2 are partners" in text
    assert "Turned up: " in text and "Your hand: " in text and "On the table: " in text
    assert "Not allowed: must follow" in text
    assert "does not hold" in text
    # The illegal card left the position alone; help lists each card with its reason.
    assert typist.prompts[1] == typist.prompts[0] == typist.prompts[2]
    assert " x " in text and " + " in text and "you must follow suit" in text
    # Undo went back to before our last move: the same choice is offered again.
    assert typist.prompts[5] == typist.prompts[3]


def test_play_whist_a_whole_deal_then_eof() -> None:
    # Thirteen cards of ours, the rest by the bots: the deal is scored, then EOF ends it.
    code, text, typist = play("whist", 8, ["legal"] * 13, then="eof")
    assert code == 0 and "Goodbye." in text
    assert "Deal 1 is over." in text and "Deal 2: Bot 1 deals." in text
    assert text.count("Trick: ") >= 13
    assert len(typist.prompts) == 14


def test_play_solo_and_bidwhist_calls_are_offered() -> None:
    code, text, typist = play("solo", 1, ["help", "quit"])
    assert code == 0 and "Every player for themselves." in text
    assert typist.kinds[0].endswith("Your bid") and "pass" in typist.prompts[0]
    assert "You bid nothing more this deal" in text  # help explains each call
    # We bid 7NT each time (the last bid offered), then name trumps and discard.
    code, text, typist = play("bidwhist", 1, [], then="last")
    assert code == 0
    kinds = {k.rsplit("\n", 1)[-1].split(": ")[-1] for k in typist.kinds}
    # 7NT: no trumps, so the declarer says whether high or low cards win.
    assert {"Your bid", "Discard a card", "Your play"} <= kinds
    assert "do high cards win, or low ones?" in kinds
    asked = [i for i, kind in enumerate(typist.kinds) if kind.endswith("or low ones?")]
    assert asked and all(typist.prompts[i] == ["high", "low"] for i in asked)
    assert "Your discards: " in text


def test_play_bidwhist_bots_discard_face_down() -> None:
    # We pass; the first seed where a bot wins the auction in a trump contract.
    for seed in range(1, 40):
        code, text, typist = play("bidwhist", seed, ["pass"], then="quit")
        assert code == 0
        if "discards a card face down." in text and "The kitty: " in text:
            break
    else:
        raise AssertionError("no bot won an auction in a trump contract")
    assert text.count("discards a card face down.") == 6
    assert "Your discards" not in text
    assert "The kitty: " in text  # a trump contract: the kitty is shown to everybody
    # The bots' calls in words: bids by name, trumps by their symbol.
    calls = set(re.findall(r"^Bot \d: (.+)$", text, flags=re.M))
    assert calls and calls <= {"pass", "♠", "♥", "♦", "♣", "high", "low"} | {
        f"{n} {k}" for n in range(3, 8) for k in ("uptown", "downtown", "no trump")
    }


def test_play_undo_before_any_move_of_ours_and_bad_calls() -> None:
    code, text, typist = play("solo", 2, ["undo", "abundanc", "quit"])
    assert code == 0 and "Goodbye." in text
    assert "there is no move to undo" in text
    assert "Not allowed: unknown move" in text


def test_play_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, err = run(capsys, "play", "--game", "whist", "--seed", "2")
    assert code == 0 and "Partnership whist" in out and "Goodbye." in out
    code, out, err = run(capsys, "play", "--game", "whist", "--players", "3")
    assert code == 2 and "exactly 4 players" in one_line(err)
    code, out, err = run(capsys, "play", "--game", "whist", "--rules", '{"drive": 1}')
    assert code == 2 and "drive" in one_line(err)


# ----------------------------------------------------------------------- explain
def _in_progress(game: str, cut: int) -> dict[str, Any]:
    rec = example(game)
    rec["deals"][0]["actions"] = rec["deals"][0]["actions"][:cut]
    return rec


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("cut", [0, 2, 9, 22])
def test_explain_json_lists_every_move(
    game: str, cut: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = _in_progress(game, cut)
    g = game_from_record(rec)
    code, out, err = run(capsys, "explain", write(tmp_path, "e.json", rec), "--json")
    assert code == 0 and err == ""
    result = json.loads(one_line(out))
    assert set(result) == {"seat", "moves", "tips"}
    assert result["seat"] == g.to_move
    legal = {m.code for m in g.legal_moves()}
    assert {m["move"] for m in result["moves"] if m["legal"]} == legal
    assert all(m["reason"] for m in result["moves"])
    if g.phase is FamilyPhase.PLAY:  # every card in the hand, legal or not
        assert {m["move"] for m in result["moves"]} == {c.code for c in g.hand(g.to_move)}


def test_explain_text_and_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = _in_progress("whist", 3)
    path = write(tmp_path, "w.json", rec)
    code, out, err = run(capsys, "explain", path)
    assert code == 0 and "to move." in out.splitlines()[0]
    assert " + " in out
    # The analysis is for the two games with a solver.
    code, out, err = run(capsys, "explain", path, "--analyse")
    assert code == 2 and "Partnership whist" in one_line(err)
    # The example's deal is complete: nobody is to move until the next deal.
    code, out, err = run(capsys, "explain", write(tmp_path, "done.json", example("whist")))
    assert code == 1 and "next deal" in one_line(err)
    # A record that breaks a rule.
    bad, _a, _s = rule_break("whist")
    code, out, err = run(capsys, "explain", write(tmp_path, "bad.json", bad))
    assert code == 1 and "breaks a rule" in one_line(err)


def test_every_engine_is_here() -> None:
    """Each game of the command line has its engine, under the record's name."""
    assert [need(g).game_name for g in GAMES] == GAMES


# ------------------------------------------------------------- the text in words
def test_replay_text_names_the_bids_and_the_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = {}
    for game in GAMES:
        code, out, err = run(capsys, "replay", write(tmp_path, f"{game}.json", example(game)))
        assert code == 0 and err == ""
        texts[game] = out
    bid = texts["bidwhist"]
    assert "Seats 0 and 2 play together, against seats 1 and 3." in bid
    assert "  bidding: seat 1 pass, seat 2 pass, seat 3 3 uptown, seat 0 pass" in bid
    assert "  contract: 3 uptown by seat 3, who needs 9 books (the kitty's included)" in bid
    assert "  seat 3 named trumps: ♠ spades" in bid
    assert "  seat 3 discarded 2♦ 5♥ 2♣ J♦ Q♦ 7♣ face down (the kitty book)" in bid
    assert "  points this deal: seats 0 and 2: 0, seats 1 and 3: 3" in bid
    assert "  scores so far: seats 0 and 2: 0, seats 1 and 3: 3" in bid
    assert "a side at +7 wins, a side at -7 loses" in bid
    solo = texts["solo"]
    assert "  bidding: seat 1 pass, seat 2 pass, seat 3 pass, seat 0 solo" in solo
    assert "  contract: solo by seat 0, who needs 5 tricks" in solo
    assert "  payments this deal: seat 0: 42, seat 1: -14" in solo
    whist = texts["whist"]
    assert "Points are odd tricks and honours, towards a game of 5; game points" in whist
    assert "  points towards game this deal: seats 0 and 2: 1, seats 1 and 3: 2" in whist
    assert "  game points so far: seats 0 and 2: 0, seats 1 and 3: 0" in whist
    assert "contract" not in whist and "bidding" not in whist
    for out in texts.values():
        assert "Deal 1: dealer seat 0, trumps " in out and re.search(r"\d:[0-9A-Z]", out) is None


def _solo_record(actions: str) -> dict[str, Any]:
    from family_helpers import solo

    return to_record(solo(actions))


def test_replay_text_thrown_in_and_prop_and_cop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "replay", write(tmp_path, "p.json", _solo_record("pass " * 4)))
    assert code == 0
    assert "  thrown in: everybody passed, no card was played" in out
    assert "tricks won" not in out and "payments" not in out and "  trick " not in out
    assert out.count("everybody passed") == 1
    assert "  scores so far: seat 0: 0, seat 1: 0, seat 2: 0, seat 3: 0" in out
    code, out, err = run(capsys, "replay", write(tmp_path, "c.json", _solo_record("prop cop")))
    assert "  bidding: seat 1 proposal, seat 2 acceptance" in out
    code, out, err = run(
        capsys, "replay", write(tmp_path, "d.json", _solo_record("prop cop pass pass"))
    )
    assert "  contract: proposal and acceptance by seats 1 and 2, who needs 8 tricks" in out


def test_play_story_of_a_thrown_in_deal() -> None:
    from family_helpers import solo

    from kowhist_teach.core.registry import spec

    game = solo("pass pass pass pass")
    lines: list[str] = []
    spec("solo").cli.story(game, lambda text="": lines.append(text), human=0).tell()
    assert "Deal 1 is over: no card was played." in lines
    assert "  everybody passed: the cards are thrown in" in lines
    assert not any("Tricks:" in line for line in lines)
    assert "Player 2: pass" in lines


def test_simulate_text_counts_wins_by_partnership(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "whist", "--games", "4", "--seed", "3"]
    argv += ["--bots", "rules,random,rules,random", "--rules", '{"rubber": false}']
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("4 games in ")
    assert lines[1].startswith("North–South (seats 0 and 2: rules, rules): ")
    assert lines[2].startswith("East–West (seats 1 and 3: random, random): ")
    assert not any(line.startswith("seat ") for line in lines)
    wins = [int(line.rsplit("): ", 1)[1].split()[0]) for line in lines[1:3]]
    draws = int(lines[3].split(": ")[1]) if len(lines) > 3 else 0
    assert sum(wins) + draws == 4
    result = json.loads(one_line(run(capsys, *argv, "--json")[1]))
    assert result["wins"] == [wins[0], wins[1], wins[0], wins[1]]  # by seat, as DESIGN §4
    # Solo whist is every player for themselves: wins by seat.
    code, out, err = run(capsys, "simulate", "--game", "solo", "--games", "1")
    assert [line.split(" (")[0] for line in out.splitlines()[1:5]] == [
        f"seat {s}" for s in range(4)
    ]
    with pytest.raises(SystemExit):
        run(capsys, "simulate", "--help")
    help_text = " ".join(capsys.readouterr().out.split())
    assert "a partnership's win counts for both of its seats" in help_text


@pytest.mark.parametrize("game", GAMES)
def test_explain_analyse_refuses_the_family_and_says_why(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "e.json", _in_progress(game, 2))
    code, out, err = run(capsys, "explain", path, "--analyse")
    assert code == 2 and out == ""
    line = one_line(err)
    assert "--analyse works only for Knock-Out Whist and German Whist: its solver" in line
    assert need(game).title in line
    code, out, err = run(capsys, "explain", path, "--analyse", "--json")
    assert code == 2 and err == ""
    error = json.loads(one_line(out))["error"]
    assert error["deal"] is None and "--analyse works only" in error["message"]
