"""A German Whist match in one record (``match`` and ``match_hands``, docs/records.md):
saved, loaded, replayed, cut with ``explain --at``, and printed by ``replay``."""

from __future__ import annotations

import json
import random

import pytest

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.cli import main
from kowhist_teach.core.errors import IllegalMove, RecordError
from kowhist_teach.core.record import dumps, game_from_record, replay, to_record
from kowhist_teach.core.registry import spec, spec_of
from kowhist_teach.games.german.engine import GermanGame, GermanRules
from kowhist_teach.games.german.match import GermanMatch


def _match(match: int, seed: int, rules: GermanRules | None = None) -> GermanMatch:
    m = GermanMatch(rules, match=match, seed=seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.play(rng.choice(m.legal_moves()))
    return m


@pytest.mark.parametrize("match", [3, 5])
@pytest.mark.parametrize("seed", range(3))
def test_a_match_round_trips_through_one_record(match: int, seed: int) -> None:
    m = _match(match, seed, GermanRules(scoring="all26") if seed == 2 else None)
    assert spec_of(m) is spec("german")
    record = json.loads(dumps(to_record(m)))
    assert record["match"] == match and "hands" not in record
    assert len(record["match_hands"]) == m.hand_number
    again = game_from_record(record)
    assert isinstance(again, GermanMatch)
    assert again.outcome() == m.outcome() and to_record(again) == record
    result = replay(record)
    assert result["status"] == "over" and result["winner"] == m.outcome().winner
    assert result["hands_won"] == m.hands_won and len(result["hands"]) == m.hand_number


def test_a_one_hand_record_is_unchanged() -> None:
    game = GermanGame(seed=4)
    record = to_record(game)
    assert "match" not in record and "match_hands" not in record
    assert isinstance(game_from_record(record), GermanGame)


def test_a_match_record_cut_after_n_actions_replays_to_that_moment() -> None:
    m = _match(3, 1)
    record = to_record(m)
    hook = spec("german").record
    total = sum(len(a) for a in hook.action_lists(record))
    assert total == len(m.moves)
    for at in (0, 30, 52, total - 1):
        cut = game_from_record(hook.record_at(record, at))
        assert [str(x) for x in cut.moves] == [str(x) for x in m.moves[:at]]


def test_a_match_record_in_progress_and_its_errors() -> None:
    m = GermanMatch(match=3, seed=6)
    rng = random.Random(6)
    for _i in range(60):  # into the second hand
        m.play(rng.choice(m.legal_moves()))
    record = to_record(m)
    assert replay(record)["status"] == "in_progress"
    # A hand that stops early cannot be followed by another.
    broken = json.loads(dumps(record))
    broken["match_hands"][0]["actions"] = broken["match_hands"][0]["actions"][:10]
    with pytest.raises(IllegalMove, match="stops before its end"):
        game_from_record(broken)
    result = replay(broken)
    assert result["status"] == "error" and result["error"]["round"] == 0
    # Not a record: hands at the top of a match record, a bad match value.
    with pytest.raises(RecordError, match="match_hands"):
        game_from_record({**record, "hands": []})
    with pytest.raises(RecordError, match="match: 1, 3 or 5"):
        game_from_record({**record, "match": "three"})
    with pytest.raises(IllegalMove, match="best of 1, 3 or 5"):
        game_from_record({**record, "match": 4})


def test_replay_prints_a_match(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.json"
    path.write_text(dumps(to_record(_match(3, 0))), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "A match, best of 3 hands" in out and "Hand 1: 26 tricks played" in out
    assert "Hands won: seat 0: 2, seat 1: 1" in out and "Winner: seat 0" in out


def test_the_stepper_walks_a_match_hand_after_hand() -> None:
    from kowhist_teach.widgets.stepper import StepperWidget

    m = _match(3, 1)
    stepper = StepperWidget(to_record(m))
    # One step per deal and per move.
    assert stepper.slider.max + 1 == len(m.moves) + m.hand_number
    assert "Hand 1 of a match, best of 3 — hands won: Player 1: 0 · Player 2: 0." in (
        stepper.explain.value
    )
    second = len(m.games[0].moves) + 1
    stepper.slider.value = second - 1
    assert "wins the hand" in stepper.explain.value or "drawn" in stepper.explain.value
    stepper.slider.value = second
    assert "Hand 2 of a match, best of 3" in stepper.explain.value
    stepper.slider.value = stepper.slider.max
    winner = m.names[m.outcome().winner]
    assert f"{winner} wins the match 2-" in stepper.explain.value


def test_the_ui_hook_shows_the_match_score_and_a_matchs_first_deal() -> None:
    m = _match(3, 2)
    facts = spec("german").ui.status_facts(m)
    assert facts[0].startswith(f"Hand {m.hand_number} of a match, best of 3 — hands won: ")
    start = spec("german").ui.first_deal(to_record(m))
    assert len(start["match_hands"]) == 1 and start["match_hands"][0]["actions"] == []
    assert game_from_record(start).moves == []
