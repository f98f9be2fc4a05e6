"""Game records, ``kowhist-record/1`` (DESIGN §3) and the replay object (DESIGN §4).

* Round trip: ``to_record`` → JSON text → ``parse_record`` → ``game_from_record`` →
  ``to_record`` gives the same record and the same position (phase, player to move,
  hands, statuses, legal moves), for random games with random variants stopped at
  random points — mid-trick, between tricks, between rounds, while trumps are chosen.
* ``replay`` returns exactly the keys and types of DESIGN §4.
* ``replay`` never raises, whatever it is given.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import KNOCKOUT_OPTIONS, any_json, fast, json_paths, mutate
from hypothesis import given
from hypothesis import strategies as st

from kowhist_teach import KnockoutGame, Phase, Rules
from kowhist_teach.core.moves import PLAY_ON
from kowhist_teach.core.record import (
    dumps,
    game_from_record,
    load_record,
    parse_record,
    replay,
    save_record,
    to_record,
)
from kowhist_teach.i18n import set_language

FORMAT = "kowhist-record/1"


@pytest.fixture(autouse=True)
def _english() -> None:
    """Messages are checked in English, whatever language another test left behind."""
    set_language("en")


@st.composite
def setups(draw: Any) -> tuple[int, Rules, int, int]:
    n = draw(st.integers(2, 7))
    start = draw(st.integers(1, min(13, 51 // n)))
    flags = {name: draw(st.booleans()) for name in KNOCKOUT_OPTIONS}
    if not flags["dogs_chance"]:
        flags["one_dog_per_game"] = flags["blind_dog"] = False
    return (
        n,
        Rules(start_hand=start, **flags),
        draw(st.integers(0, 2**40)),
        draw(st.integers(0, n - 1)),
    )


def random_moves(n: int, rules: Rules, seed: int, dealer: int, bot_seed: int) -> list:
    game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    rng = random.Random(bot_seed)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game.moves


def position(game: KnockoutGame) -> tuple:
    return (
        game.phase,
        game.to_move,
        [game.hand(s) for s in range(game.n)],
        list(game.status),
        game.legal_moves(),
        game.outcome(),
        game.round,
        game.hand_size,
        game.dealer,
        game.trump,
        game.trump_chooser,
        game.chance_pending,
        list(game.log.actions),
        [list(t.plays) for t in game.log.tricks],
        game.view(0).tricks_won,
    )


def round_trip(game: KnockoutGame) -> KnockoutGame:
    rec = to_record(game)
    text = json.dumps(rec, ensure_ascii=False)
    again = game_from_record(parse_record(text))
    assert to_record(again) == rec
    assert position(again) == position(game)
    return again


def declining_under_way(game: KnockoutGame) -> bool:
    """Some players have declined to declare, others have still to answer: a record
    cannot say that (see test_record_of_declarations_under_way)."""
    return game.phase is Phase.DECLARE and bool(game.moves) and game.moves[-1] is PLAY_ON


# --------------------------------------------------------------- round trips
@fast(300)
@given(setups(), st.integers(0, 2**32), st.lists(st.floats(0, 1), min_size=1, max_size=4))
def test_round_trip_at_random_stops(setup: tuple, bot_seed: int, stops: list[float]) -> None:
    n, rules, seed, dealer = setup
    moves = random_moves(n, rules, seed, dealer, bot_seed)
    for frac in stops:
        stop = round(frac * len(moves))
        game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
        for move in moves[:stop]:
            game.play(move)
        if declining_under_way(game):
            continue
        again = round_trip(game)
        # The replayed game goes on exactly like the original.
        for move in moves[stop : stop + 25]:
            if again.phase in (Phase.DEAL, Phase.CUT):
                break
            again.play(move)
            game.play(move)
        result = replay(to_record(game))
        assert result["status"] == ("over" if game.is_over() else "in_progress")
        assert result["winner"] == (game.outcome().winner if game.is_over() else None)


def test_round_trip_with_names_and_every_variant() -> None:
    rules = Rules(
        start_hand=6,
        dogs_chance=True,
        blind_dog=True,
        reentry=True,
        no_picture_redeal=True,
        rainbow=True,
        eliminated_vote_trump=True,
        no_trump_final=True,
        trump_breaking=True,
    )
    game = KnockoutGame(["Ann", "Bob", "Cy", "Di"], rules, seed=11, first_dealer=2)
    rng = random.Random(3)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
        if not declining_under_way(game):
            round_trip(game)
    rec = to_record(game)
    assert rec["players"] == ["Ann", "Bob", "Cy", "Di"]
    assert rec["first_dealer"] == 2
    assert Rules.from_dict(rec["rules"]) == rules


def hand_set_game() -> KnockoutGame:
    """3 players, start_hand 3, dogs_chance: stops at chosen points below."""
    game = KnockoutGame(3, Rules(start_hand=3, dogs_chance=True), auto_chance=False)
    game.deal([["AS", "2H", "9C"], ["KS", "AC", "8C"], ["QS", "4D", "10C"]], "5D")
    return game


def test_records_stopping_mid_trick_and_between_tricks() -> None:
    game = hand_set_game()
    round_trip(game)  # before the first lead
    for move in "KS QS AS 2H AC".split():
        game.play(move)
        again = round_trip(game)
        assert again.trick.plays == game.trick.plays
    rec = to_record(game)
    assert rec["rounds"][0]["actions"] == ["KS", "QS", "AS", "2H", "AC"]
    result = replay(rec)
    # The trick on the table is not reported; the finished one is.
    assert [t["winner"] for t in result["rounds"][0]["tricks"]] == [0]
    assert result["rounds"][0]["tricks_won"] == [1, 0, 0]


def test_records_stopping_between_rounds_and_while_trumps_are_chosen() -> None:
    game = hand_set_game()
    for move in "KS QS AS 2H AC 10C 9C 8C 4D".split():
        game.play(move)
    assert game.phase is Phase.DEAL
    again = round_trip(game)
    assert again.phase is Phase.DEAL and again.chance_pending == ("deal", [0, 1, 2])
    rec = to_record(game)
    assert len(rec["rounds"]) == 1  # the round not dealt yet is not written
    game.deal([["KH", "3S"], ["AH"], ["QH", "2S"]])
    assert game.phase is Phase.CHOOSE_TRUMP
    again = round_trip(game)
    assert "trump" not in to_record(game)["rounds"][1]
    game.play("S")
    round_trip(game)
    for move in "KH AH QH 2S 3S".split():
        game.play(move)
        round_trip(game)
    assert game.phase is Phase.CUT  # seats 0 and 1 tied
    again = round_trip(game)
    assert again.chance_pending == ("cut", [0, 1])
    game.cut(1)
    # (Between a hand-set cut and its deal a record cannot stop: trump_chooser lives
    # in the round object, which needs the hands.  Seeded games deal at once.)
    game.deal([["5C"], ["7C"], ["2H"]])
    rec = to_record(game)
    assert rec["rounds"][2]["trump_chooser"] == 1
    round_trip(game)


def test_record_of_declarations_under_way() -> None:
    # A record has no way to say that some players have declined to declare (DESIGN §3
    # keeps declarations in one "declare" field), so a record that stops while the
    # declarations are under way replays to their start (docs/records.md says so).
    rules = Rules(start_hand=6, no_picture_redeal=True)
    game = KnockoutGame(3, rules, auto_chance=False)
    game.deal(
        [
            ["10S", "9S", "8S", "7S", "6S", "5S"],
            ["10H", "9H", "8H", "7H", "6H", "5H"],
            ["10D", "9D", "8D", "7D", "6D", "5D"],
        ],
        "2C",
    )
    assert game.phase is Phase.DECLARE and game.to_move == 1
    game.play("play-on")
    assert game.to_move == 2
    again = game_from_record(json.loads(json.dumps(to_record(game))))
    assert again.phase is Phase.DECLARE
    assert game.to_move == 2 and again.to_move == 1
    assert again.hands == game.hands and to_record(again) == to_record(game)


def test_declarations_over_with_none_made_is_declare_null() -> None:
    game = KnockoutGame(3, Rules(start_hand=6, no_picture_redeal=True), auto_chance=False)
    game.deal(
        [
            ["10S", "9S", "8S", "7S", "6S", "5S"],
            ["10H", "9H", "8H", "7H", "6H", "5H"],
            ["10D", "9D", "8D", "7D", "6D", "5D"],
        ],
        "2C",
    )
    # Before anyone has answered, the record has no "declare".
    assert "declare" not in to_record(game)["rounds"][0]
    game.play("play-on")
    game.play("play-on")
    game.play("play-on")
    assert game.phase is Phase.PLAY
    rec = to_record(game)
    assert rec["rounds"][0]["declare"] is None
    assert game_from_record(rec).phase is Phase.PLAY
    # Without "declare" the replay stops before the declarations.
    del rec["rounds"][0]["declare"]
    assert game_from_record(rec).phase is Phase.DECLARE


def test_save_and_load_a_record_file(tmp_path: Path) -> None:
    game = KnockoutGame(4, Rules(dogs_chance=True), seed=5)
    rng = random.Random(5)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
    rec = to_record(game)
    path = tmp_path / "lesson.json"
    save_record(rec, path)
    text = path.read_text(encoding="utf-8")
    assert load_record(path) == rec
    assert json.loads(text) == rec
    # Readable: each hand and each action list on one line.
    for hand in rec["rounds"][0]["hands"]:
        assert json.dumps(hand) in text
    assert dumps(rec) + "\n" == text
    assert to_record(game_from_record(load_record(str(path)))) == rec


def test_input_spellings_are_written_back_canonically() -> None:
    rec = {
        "format": FORMAT,
        "game": "knockout",
        "players": 2,
        "rules": {"start_hand": 2},
        "rounds": [
            {"hands": [["th", "A♠"], ["2h", "3♥"]], "turn_up": "tc", "actions": ["2H", "th"]}
        ],
    }
    game = game_from_record(rec)
    out = to_record(game)
    assert out["rounds"][0]["hands"] == [["10H", "AS"], ["2H", "3H"]]
    assert out["rounds"][0]["turn_up"] == "10C"
    assert out["rounds"][0]["actions"] == ["2H", "10H"]
    text = json.dumps(replay(rec))
    assert "T" not in text.replace("NT", "")
    assert "10H" in text


# ------------------------------------------------------ the replay object
ROUND_KEYS = {
    "hand_size",
    "dealer",
    "trump",
    "trump_chooser",
    "leader",
    "declare",
    "tricks",
    "tricks_won",
    "eliminated",
    "dogs",
}


def check_replay_shape(result: dict, players: int | None = None) -> None:
    """DESIGN §4: exactly these keys, these types; plain JSON."""
    assert isinstance(result, dict)
    assert json.loads(json.dumps(result)) == result  # plain JSON, no tuples or objects
    status = result["status"]
    assert status in ("over", "in_progress", "error")
    expected = {"status", "winner", "rounds"} | ({"error"} if status == "error" else set())
    assert set(result) == expected, sorted(result)
    winner = result["winner"]
    assert winner is None or (type(winner) is int and status == "over")
    if status == "over":
        assert type(winner) is int
    assert isinstance(result["rounds"], list)
    for rnd in result["rounds"]:
        assert set(rnd) == ROUND_KEYS, sorted(rnd)
        assert type(rnd["hand_size"]) is int and 1 <= rnd["hand_size"] <= 13
        assert type(rnd["dealer"]) is int
        assert rnd["trump"] in (None, "S", "H", "D", "C", "NT")
        assert rnd["trump_chooser"] is None or type(rnd["trump_chooser"]) is int
        assert rnd["leader"] is None or type(rnd["leader"]) is int
        declare = rnd["declare"]
        assert declare is None or (
            set(declare) == {"seat", "call"}
            and declare["call"] in ("no-picture", "rainbow")
            and type(declare["seat"]) is int
        )
        for t in rnd["tricks"]:
            assert set(t) == {"leader", "cards", "winner"}
            assert type(t["leader"]) is int and type(t["winner"]) is int
            assert t["cards"] and t["cards"][0][0] == t["leader"]
            assert t["winner"] in [seat for seat, _ in t["cards"]]
            for seat, code in t["cards"]:
                assert type(seat) is int and isinstance(code, str)
                assert (
                    code[:-1] in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
                    and code[-1] in "SHDC"
                )
        assert all(type(x) is int for x in rnd["tricks_won"])
        assert all(type(x) is int for x in rnd["eliminated"])
        assert all(type(x) is int for x in rnd["dogs"])
        if players is not None:
            assert len(rnd["tricks_won"]) == players
            assert all(0 <= s < players for s in rnd["eliminated"] + rnd["dogs"])
    if status == "error":
        error = result["error"]
        assert set(error) == {"round", "action", "seat", "message"}
        for key in ("round", "action", "seat"):
            assert error[key] is None or type(error[key]) is int
        assert isinstance(error["message"], str) and error["message"]
        assert "\n" not in error["message"]


@fast(150)
@given(setups(), st.integers(0, 2**32), st.floats(0, 1))
def test_replay_object_has_the_documented_shape(setup: tuple, bot_seed: int, frac: float) -> None:
    n, rules, seed, dealer = setup
    moves = random_moves(n, rules, seed, dealer, bot_seed)
    game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    for move in moves[: round(frac * len(moves))]:
        game.play(move)
    result = replay(to_record(game))
    check_replay_shape(result, n)
    assert result["status"] in ("over", "in_progress")
    assert len(result["rounds"]) == len([log for log in game.rounds if log.hands])


def test_replay_object_of_a_rule_break_has_the_documented_shape() -> None:
    rec = {
        "format": FORMAT,
        "game": "knockout",
        "players": 2,
        "rules": {"start_hand": 2},
        "rounds": [
            {"hands": [["AS", "2H"], ["KS", "3H"]], "turn_up": "2C", "actions": ["KS", "2H"]}
        ],
    }
    result = replay(rec)
    check_replay_shape(result, 2)
    assert result["status"] == "error" and result["winner"] is None
    assert result["error"]["round"] == 0 and result["error"]["action"] == 1
    assert result["error"]["seat"] == 0
    # The rounds replayed so far are still reported.
    assert result["rounds"][0]["hand_size"] == 2


@pytest.mark.parametrize(
    "bad",
    [
        {"format": "chess"},
        {"format": FORMAT, "game": "knockout", "players": 3, "colour": "red"},
        {"format": FORMAT, "game": "knockout"},
        [],
        "{not json",
    ],
)
def test_replay_object_of_a_non_record_has_the_documented_shape(bad: object) -> None:
    # DESIGN §5: replay() gives "the same object that `replay --json` prints", which
    # has status, winner and rounds (and error) for a file that is not a record too.
    result = replay(bad)  # type: ignore[arg-type]
    assert result["status"] == "error"
    check_replay_shape(result)


# ------------------------------------------------- replay never raises
json_values = any_json(
    [
        *"AS 10H TH pass H NT rainbow no-picture play-on".split(),
        FORMAT,
        *"knockout german ² -1 0 1".split(),
    ],
    (
        "format game players rules first_dealer rounds hands turn_up trump trump_chooser"
        " declare votes actions seat call start_hand dogs_chance 0 1 2 ²"
    ).split(),
)


@fast(250, shrink=False)
@given(json_values)
def test_replay_never_raises_on_json_values(value: Any) -> None:
    result = replay(value)
    assert result["status"] == "error"
    assert "\n" not in result["error"]["message"]


@fast(150, shrink=False)
@given(
    st.dictionaries(
        st.sampled_from(["format", "game", "players", "rules", "first_dealer", "rounds"]),
        json_values,
    )
)
def test_replay_never_raises_on_record_like_objects(value: dict) -> None:
    record = {"format": FORMAT, "game": "knockout", "players": 3, **value}
    result = replay(record)
    assert result["status"] in ("error", "in_progress", "over")
    if result["status"] == "error":
        assert "\n" not in result["error"]["message"]


_BASES: dict[int, dict] = {}


def _base_record(index: int) -> dict:
    """One of a few finished games with variants, as records."""
    if index not in _BASES:
        rng = random.Random(index)
        n = rng.randint(2, 5)
        rules = Rules(
            start_hand=rng.randint(2, 7),
            dogs_chance=index % 2 == 0,
            reentry=index % 3 == 0,
            rainbow=True,
            no_picture_redeal=True,
            eliminated_vote_trump=index % 2 == 1,
            trump_breaking=index % 4 == 0,
            no_trump_final=index % 5 == 0,
        )
        _BASES[index] = to_record_of(n, rules, index)
    return copy.deepcopy(_BASES[index])


def to_record_of(n: int, rules: Rules, seed: int) -> dict:
    game = KnockoutGame(n, rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return to_record(game)


@fast(250, shrink=False)
@given(st.integers(0, 11), st.data())
def test_replay_never_raises_on_mutated_records(base: int, data: Any) -> None:
    rec = _base_record(base)
    for _ in range(data.draw(st.integers(1, 4))):
        paths = json_paths(rec)
        path = data.draw(st.sampled_from(paths))
        kind = data.draw(st.integers(0, 5))
        value = data.draw(json_values)
        mutate(rec, path, kind, value)
    result = replay(rec)
    assert result["status"] in ("error", "in_progress", "over")
    if result["status"] == "error":
        assert "\n" not in result["error"]["message"]
    json.dumps(result)


# The inputs that have made replay() raise: each must give status "error".
BAD_RECORDS = {
    "game is a list": {"format": FORMAT, "game": [], "players": 3},
    "game is an object": {"format": FORMAT, "game": {"a": 1}, "players": 3},
    "vote key is a superscript digit": {
        "format": FORMAT,
        "game": "knockout",
        "players": 4,
        "rules": {"start_hand": 3, "eliminated_vote_trump": True},
        "rounds": [
            {
                "hands": [
                    ["4H", "2S", "3D"],
                    ["2H", "3S", "AD"],
                    ["3H", "4S", "4D"],
                    ["AH", "AS", "2D"],
                ],
                "turn_up": "2C",
                "actions": "2H 3H AH 4H AS 2S 3S 4S 2D 3D AD 4D".split(),
            },
            {"hands": [[], ["KH", "KS"], [], ["QH", "QS"]], "votes": {"²": "H"}},
        ],
    },
    "vote key is a Python int": {
        "format": FORMAT,
        "game": "knockout",
        "players": 4,
        "rules": {"start_hand": 3, "eliminated_vote_trump": True},
        "rounds": [
            {
                "hands": [
                    ["4H", "2S", "3D"],
                    ["2H", "3S", "AD"],
                    ["3H", "4S", "4D"],
                    ["AH", "AS", "2D"],
                ],
                "turn_up": "2C",
                "actions": "2H 3H AH 4H AS 2S 3S 4S 2D 3D AD 4D".split(),
            },
            {"hands": [[], ["KH", "KS"], [], ["QH", "QS"]], "votes": {0: "H", 2: "H"}},
        ],
    },
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_replay_never_raises_on_these(name: str) -> None:
    result = replay(copy.deepcopy(BAD_RECORDS[name]))
    assert result["status"] == "error"
    assert "\n" not in result["error"]["message"]


@pytest.mark.parametrize("text", ["\0", "no/such/dir/x.json", "", " ", "x" * 5000, "{", "{}"])
def test_replay_never_raises_on_strings(text: str) -> None:
    # A string is a path, or JSON text when it starts with "{".
    result = replay(text)
    assert result["status"] == "error"
    assert "\n" not in result["error"]["message"]
