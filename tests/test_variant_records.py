"""Issue 14's options through records, replay and explain: every new option saves,
loads and replays to the same game; the chance events they add have their record keys
(bid whist's joker swap, the misère game's last tie, a German match's hands)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.core.errors import IllegalMove, RecordError
from kowhist_teach.core.record import dumps, game_from_record, replay, to_record
from kowhist_teach.games.family.bidwhist.engine import BidWhistGame, BidWhistRules
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
from kowhist_teach.games.knockout.engine import KnockoutGame, Rules
from kowhist_teach.teach.explain import explain_moves


def _play_out(game: Any, seed: int, stop: Any = None) -> Any:
    rng = random.Random(seed)
    while not game.is_over() and not (stop and stop(game)):
        game.play(rng.choice(game.legal_moves()))
    return game


def _round_trip(game: Any) -> dict[str, Any]:
    record = json.loads(dumps(to_record(game)))
    again = game_from_record(record)
    assert [str(m) for m in again.moves] == [str(m) for m in game.moves]
    assert to_record(again) == record
    assert replay(record)["status"] == ("over" if game.is_over() else "in_progress")
    return record


KNOCKOUT_OPTIONS = [
    {"tie_break": "rps"},
    {"no_trump_first_trick": True},
    {"misere": True},
    {"misere": True, "tie_break": "rps", "no_trump_first_trick": True},
]


@pytest.mark.parametrize("options", KNOCKOUT_OPTIONS)
@pytest.mark.parametrize("seed", range(4))
def test_knockout_options_round_trip_through_records(options: dict[str, Any], seed: int) -> None:
    game = _play_out(KnockoutGame(4, Rules(**options), seed=seed), seed)
    record = _round_trip(game)
    assert record["rules"] == options
    # Explain answers at the start of every round of the replayed game.
    again = game_from_record(record)
    assert again.outcome() == game.outcome()


def _misere_final_tie(tie_break: str) -> KnockoutGame:
    for seed in range(400):
        game = KnockoutGame(3, Rules(misere=True, tie_break=tie_break, start_hand=3), seed=seed)
        _play_out(game, seed)
        if game.rounds[-1].winner_cut is not None:
            return game
    raise AssertionError("no misère game ended in a tie")


@pytest.mark.parametrize("tie_break", ["cut", "rps"])
def test_the_misere_final_tie_is_recorded_as_winner_cut(tie_break: str) -> None:
    game = _misere_final_tie(tie_break)
    record = _round_trip(game)
    last = record["rounds"][-1]
    assert last["winner_cut"] == game.outcome().winner
    assert replay(record)["winner"] == game.outcome().winner
    # Without it the game waits for the tie to be settled.
    cut = json.loads(dumps(record))
    del cut["rounds"][-1]["winner_cut"]
    assert game_from_record(cut).outcome() is None
    # A winner_cut where no tie is pending is a rule break; a non-seat, not a record.
    early = json.loads(dumps(record))
    early["rounds"][0]["winner_cut"] = 0
    with pytest.raises(IllegalMove, match="no tie to settle"):
        game_from_record(early)
    with pytest.raises(RecordError, match="winner_cut must be a seat"):
        game_from_record({**record, "rounds": [{**last, "winner_cut": "A"}]})


BIDWHIST_OPTIONS = [
    {"equal_bids": True},
    {"opponents_score": True},
    {"joker_count": 1},
    {"joker_count": 0},
    {"joker_count": 0, "kitty": False},
    {"min_bid": 4},
    {"joker_swap": True},
    {"boston_points": 28},
]


@pytest.mark.parametrize("options", BIDWHIST_OPTIONS)
@pytest.mark.parametrize("seed", range(3))
def test_bidwhist_options_round_trip_through_records(options: dict[str, Any], seed: int) -> None:
    game = _play_out(BidWhistGame(BidWhistRules(**options), seed=seed), seed)
    record = _round_trip(game)
    for key, value in options.items():
        assert record["rules"][key] == value


def _swapped_game(seed: int) -> BidWhistGame:
    game = BidWhistGame(BidWhistRules(joker_swap=True), seed=seed)
    return _play_out(game, seed, stop=lambda g: bool(g.joker_swaps) and g.phase.value == "play")


def test_the_joker_swap_is_recorded_in_its_deal() -> None:
    game = _swapped_game(5)
    assert game.joker_swaps
    record = _round_trip(game)
    deal = record["deals"][-1]
    assert deal["joker_swap"] == [card.code for _s, _j, card in game.joker_swaps]
    # The game played to its end still saves and replays (it failed before: every chance
    # event was read as a deal).
    _round_trip(_play_out(game, 6))


def test_a_record_stopping_before_the_swap_waits_for_it_and_a_missing_swap_is_an_error() -> None:
    game = _swapped_game(5)
    record = to_record(game)
    deal = record["deals"][-1]
    swap = deal.pop("joker_swap")
    # Stopped at the last discard: the swap is pending.
    assert game_from_record(record).chance_pending == "swap"
    deal["actions"].append("AS")
    with pytest.raises(IllegalMove, match="give joker_swap"):
        game_from_record(record)
    deal["actions"].pop()
    deal["joker_swap"] = ["ZZ"] * len(swap)
    with pytest.raises(IllegalMove):
        game_from_record(record)


@pytest.mark.parametrize("rule", ["seed", "laws"])
def test_whist_honours_rule_round_trips(rule: str) -> None:
    game = _play_out(WhistGame(WhistRules(honours_rule=rule), seed=3), 3)
    record = _round_trip(game)
    assert record["rules"].get("honours_rule", "seed") == rule


@pytest.mark.parametrize(
    "game",
    [
        KnockoutGame(4, Rules(misere=True), seed=2),
        KnockoutGame(4, Rules(no_trump_first_trick=True), seed=2),
        BidWhistGame(BidWhistRules(joker_count=0, kitty=False), seed=2),
        BidWhistGame(BidWhistRules(equal_bids=True), seed=2),
    ],
    ids=["misere", "no_trump_first_trick", "no_kitty", "equal_bids"],
)
def test_explain_answers_under_every_option(game: Any) -> None:
    rng = random.Random(4)
    for _i in range(30):
        if game.is_over() or game.to_move is None:
            break
        seat = game.to_move
        lines = explain_moves(game, seat)
        assert lines
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("tie_break", ["cut", "rps"])
def test_the_stepper_settles_the_misere_final_tie(tie_break: str) -> None:
    from kowhist_teach.teach.story import record_steps

    game = _misere_final_tie(tie_break)
    steps = record_steps(to_record(game))
    assert steps[-1].game.is_over() and steps[-1].game.outcome() == game.outcome()
    kind = "Rock-paper-scissors" if tie_break == "rps" else "A cut"
    assert steps[-1].lines[0].startswith(f"{kind} among the tied players went to ")
    assert steps[-1].lines[-1] == f"{game.names[game.outcome().winner]} wins the game."
