"""Records of the whist family (partnership whist, solo whist, bid whist): one shape,
``{"game": ..., "deals": [{"hands", <trump_card | kitty>, "actions"}]}`` (DESIGN §3).

* Round trip: ``to_record`` → JSON → ``parse_record`` → ``game_from_record`` →
  ``to_record`` gives the same record and the same position, for random games with
  rule variants stopped at random points (mid-auction, mid-trick, between deals).
* Whole random games saved and replayed give the same scores and winner.
* ``replay`` returns the documented keys and types, and never raises: not on odd
  JSON values, not on records mutated at random.
* Each fault has its place: the setup (``deal`` null), a deal (``action`` null), an
  action (``deal``, ``action``, ``seat``); something that is not a record at all is a
  :class:`RecordError` (exit status 2, see tests/test_cli_family.py).

Every test runs for each game whose engine is in the tree (``solo.py`` and
``bidwhist.py`` arrive engine by engine); a missing engine skips its tests.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import any_json, fast, json_paths, mutate
from hypothesis import given
from hypothesis import strategies as st

from kowhist_teach.core.errors import IllegalMove, RecordError
from kowhist_teach.core.record import (
    dumps,
    game_from_record,
    load_record,
    parse_record,
    replay,
    save_record,
    to_record,
)
from kowhist_teach.core.registry import specs
from kowhist_teach.games.family.engine import FamilyGame, FamilyPhase
from kowhist_teach.games.family.record import (
    DEAL_EXTRA_KEYS,
    FAMILY_GAMES,
    FamilyReplayError,
    family_game_from_record,
    family_record,
    replay_family,
)
from kowhist_teach.i18n import set_language

FORMAT = "kowhist-record/1"
EXAMPLES = Path(__file__).resolve().parent.parent / "kowhist_teach" / "examples"


@pytest.fixture(autouse=True)
def _english() -> None:
    """Messages are checked in English, whatever language another test left behind."""
    set_language("en")


def need(game: str) -> type[FamilyGame]:
    """The engine class of ``game``, a family game's name."""
    module, name = FAMILY_GAMES[game]
    return getattr(importlib.import_module(module), name)


GAMES = sorted(FAMILY_GAMES)


#: Rule variants tried by the random tests (an engine not listed plays its defaults).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "whist": [
        {},
        {"drive": True},
        {"drive": True, "drive_no_trump": True, "drive_deals": 6},
        {"game_points": 7, "rubber": False},
        {"honours": False},
    ],
    "solo": [{}, {"overtricks": False}, {"deals": 8}, {"prop_one_opponent": True}],
    "bidwhist": [{}],
}


def new_game(game: str, variant: int, seed: int, dealer: int, names: bool = False) -> FamilyGame:
    cls = need(game)
    options = VARIANTS[game][variant % len(VARIANTS[game])]
    players: Any = ["Ann", "Bo", "Cy", "Di"] if names else 4
    return cls(cls.rules_class.from_dict(options), seed=seed, first_dealer=dealer, players=players)


#: Whole games are short, but a bound keeps a stuck engine from hanging the tests.
MAX_MOVES = 20_000


def random_moves(game: FamilyGame, bot_seed: int) -> list[Any]:
    rng = random.Random(bot_seed)
    for _i in range(MAX_MOVES):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    assert game.is_over()
    return game.moves


def played(game: str, variant: int, seed: int, dealer: int, bot_seed: int) -> FamilyGame:
    g = new_game(game, variant, seed, dealer)
    random_moves(g, bot_seed)
    return g


def position(game: FamilyGame) -> tuple:
    return (
        game.phase,
        game.to_move,
        [game.hand(s) for s in range(4)],
        game.legal_moves(),
        list(game.scores),
        game.outcome(),
        game.chance_pending,
        game.trump,
        game.dealer,
        [
            (
                log.number,
                log.dealer,
                log.hands,
                log.extra,
                list(log.calls),
                [list(t.plays) for t in log.tricks],
                list(log.tricks_won),
                log.points,
                list(log.notes),
                log.declarer,
                log.contract,
                log.trump,
                log.leader,
            )
            for log in game.deals
        ],
    )


def round_trip(game: FamilyGame) -> FamilyGame:
    rec = to_record(game)
    assert rec == family_record(game)
    text = json.dumps(rec, ensure_ascii=False)
    again = game_from_record(parse_record(text))
    assert isinstance(again, type(game))
    assert to_record(again) == rec
    assert position(again) == position(game)
    return again


# ------------------------------------------------------------------- round trips
@pytest.mark.parametrize("game", GAMES)
@fast(60)
@given(
    st.integers(0, 9),
    st.integers(0, 2**40),
    st.integers(0, 3),
    st.integers(0, 2**32),
    st.lists(st.floats(0, 1), min_size=1, max_size=4),
)
def test_round_trip_at_random_stops(
    game: str, variant: int, seed: int, dealer: int, bot_seed: int, stops: list[float]
) -> None:
    moves = played(game, variant, seed, dealer, bot_seed).moves
    for frac in stops:
        g = new_game(game, variant, seed, dealer)
        for move in moves[: round(frac * len(moves))]:
            g.play(move)
        again = round_trip(g)
        # The replayed game plays on exactly like the original (within the deal: the
        # original deals the next one itself, the replayed game waits for the cards).
        if not g.is_over() and again.to_move is not None:
            move = g.legal_moves()[-1]
            g.play(move)
            again.play(move)
            if len(g.deals) == len(again.deals):
                assert position(again) == position(g)


@pytest.mark.parametrize("game", GAMES)
def test_whole_random_games_replay_to_the_same_scores(game: str) -> None:
    need(game)
    for i in range(12):
        g = played(game, i, 1000 + i, i % 4, i)
        rec = json.loads(json.dumps(to_record(g)))
        result = replay(rec)
        assert result["status"] == "over", result.get("error")
        assert result["scores"] == g.outcome().scores == g.scores
        assert result["winner"] == g.outcome().winner
        assert len(result["deals"]) == len(g.deals) == len(rec["deals"])
        # The scores after the last deal are the final ones; each deal's are plain ints.
        assert result["deals"][-1]["scores"] == g.scores
        assert to_record(game_from_record(rec)) == rec


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_with_names_and_the_first_dealer(game: str) -> None:
    g = new_game(game, 1, seed=7, dealer=3, names=True)
    rec = to_record(g)
    assert rec["players"] == ["Ann", "Bo", "Cy", "Di"] and rec["first_dealer"] == 3
    assert rec["deals"][0]["actions"] == []
    again = round_trip(g)
    assert again.names == ["Ann", "Bo", "Cy", "Di"] and again.dealer == 3


@pytest.mark.parametrize("game", GAMES)
def test_records_stopping_between_deals_and_before_any_deal(game: str) -> None:
    cls = need(game)
    for seed in range(3, 100):  # a game that lasts two deals (bid whist may end in one)
        g = new_game(game, 0, seed=seed, dealer=0)
        rng = random.Random(seed)
        while len(g.deals) < 2 and not g.is_over():
            g.play(rng.choice(g.legal_moves()))
        if len(g.deals) == 2:
            break
    rec = to_record(g)
    # The first deal complete, the second dealt and not begun.
    assert len(rec["deals"]) == 2 and rec["deals"][1]["actions"] == []
    # Without the second deal: the game waits for the cards.
    first_only = {**rec, "deals": rec["deals"][:1]}
    again = game_from_record(first_only)
    assert again.chance_pending == "deal" and again.to_move is None
    assert to_record(again) == first_only
    out = replay(first_only)
    assert out["status"] == "in_progress" and out["deals"][0]["points"] is not None
    assert out["deals"][0]["scores"] == out["scores"]
    # No deal at all, and no deals key: a game about to be dealt.
    bare = {"format": FORMAT, "game": game, "players": 4}
    zeros = [0] * (2 if cls.by_partnership else 4)
    assert replay(bare) == {"status": "in_progress", "winner": None, "scores": zeros, "deals": []}
    assert isinstance(game_from_record(bare), cls)
    assert to_record(game_from_record(bare))["deals"] == []


@pytest.mark.parametrize("game", GAMES)
def test_save_and_load_a_family_record(game: str, tmp_path: Path) -> None:
    g = new_game(game, 0, seed=11, dealer=1)
    rng = random.Random(11)
    for _i in range(30):
        g.play(rng.choice(g.legal_moves()))
    rec = to_record(g)
    path = tmp_path / f"{game}.json"
    save_record(rec, path)
    text = path.read_text(encoding="utf-8")
    assert load_record(path) == rec == json.loads(text)
    assert dumps(rec) + "\n" == text
    for hand in rec["deals"][0]["hands"]:
        assert json.dumps(hand) in text  # one line per hand
    assert to_record(game_from_record(load_record(str(path)))) == rec


def test_input_spellings_are_written_back_canonically() -> None:
    g = game_from_record(example("whist"))
    rec = to_record(g)
    messy = copy.deepcopy(rec)
    deal = messy["deals"][0]
    deal["hands"] = [[c.replace("10", "t").lower() for c in h] for h in deal["hands"]]
    deal["trump_card"] = deal["trump_card"].lower()
    deal["actions"] = [a.replace("10", "T") for a in deal["actions"]]
    assert to_record(game_from_record(messy)) == rec
    assert "T" not in json.dumps(replay(messy)).replace("NT", "")


# ------------------------------------------------------------- the replay object
DEAL_KEYS = {
    "number",
    "dealer",
    "trump",
    "declarer",
    "contract",
    "calls",
    "leader",
    "tricks",
    "tricks_won",
    "points",
    "scores",
    "notes",
}


def _ints(values: Any, n: int | None = None) -> bool:
    ok = isinstance(values, list) and all(type(v) is int for v in values)
    return ok and (n is None or len(values) == n)


def check_shape(result: dict, game: str) -> None:
    """The documented keys and types (docs/records.md); plain JSON."""
    assert json.loads(json.dumps(result)) == result
    status = result["status"]
    assert status in ("over", "in_progress", "error")
    assert set(result) == {"status", "winner", "scores", "deals"} | (
        {"error"} if status == "error" else set()
    )
    cls = need(game)
    sides = 2 if cls is not None and cls.by_partnership else 4
    winner = result["winner"]
    assert winner is None or (status == "over" and type(winner) is int and 0 <= winner < sides)
    assert result["scores"] == [] or _ints(result["scores"], sides)
    for i, deal in enumerate(result["deals"]):
        assert set(deal) == DEAL_KEYS, sorted(deal)
        assert deal["number"] == i + 1
        assert type(deal["dealer"]) is int and 0 <= deal["dealer"] < 4
        assert deal["trump"] in (None, "S", "H", "D", "C")
        for key in ("declarer", "leader"):
            assert deal[key] is None or (type(deal[key]) is int and 0 <= deal[key] < 4)
        assert deal["contract"] is None or isinstance(deal["contract"], str)
        for seat, code in deal["calls"]:
            assert type(seat) is int and isinstance(code, str)
        for t in deal["tricks"]:
            assert set(t) == {"leader", "cards", "winner"}
            assert len(t["cards"]) == 4 and t["cards"][0][0] == t["leader"]
            assert t["winner"] in [seat for seat, _c in t["cards"]]
            assert all(type(s) is int and isinstance(c, str) for s, c in t["cards"])
        assert _ints(deal["tricks_won"], sides)
        assert sum(deal["tricks_won"]) == len(deal["tricks"])
        assert deal["points"] is None or _ints(deal["points"], sides)
        assert deal["scores"] is None or _ints(deal["scores"], sides)
        assert all(isinstance(n, str) and n for n in deal["notes"])
    if status == "error":
        error = result["error"]
        assert set(error) == {"deal", "action", "seat", "message"}
        for key in ("deal", "action", "seat"):
            assert error[key] is None or type(error[key]) is int
        assert isinstance(error["message"], str) and error["message"]
        assert "\n" not in error["message"]


@pytest.mark.parametrize("game", GAMES)
@fast(40)
@given(st.integers(0, 9), st.integers(0, 2**40), st.integers(0, 2**32), st.floats(0, 1))
def test_replay_object_has_the_documented_shape(
    game: str, variant: int, seed: int, bot_seed: int, frac: float
) -> None:
    moves = played(game, variant, seed, 0, bot_seed).moves
    g = new_game(game, variant, seed, 0)
    for move in moves[: round(frac * len(moves))]:
        g.play(move)
    result = replay(to_record(g))
    check_shape(result, game)
    assert result["status"] == ("over" if g.is_over() else "in_progress")
    assert result["scores"] == g.scores
    assert len(result["deals"]) == len(g.deals)
    last = result["deals"][-1]
    log = g.deals[-1]
    assert last["calls"] == [[s, m.code] for s, m in log.calls]
    assert last["leader"] == log.leader and last["declarer"] == log.declarer


def test_whist_replay_fields_of_a_whole_deal() -> None:
    rec = example("whist")
    out = replay(rec)
    check_shape(out, "whist")
    deal = out["deals"][0]
    g = game_from_record(rec)
    log = g.deals[0]
    assert deal["trump"] == log.extra["trump_card"].suit.code == rec["deals"][0]["trump_card"][-1]
    assert deal["leader"] == (rec["first_dealer"] + 1) % 4 == deal["tricks"][0]["leader"]
    assert deal["dealer"] == rec["first_dealer"]
    assert len(deal["tricks"]) == 13 and sum(deal["tricks_won"]) == 13
    assert deal["calls"] == [] and deal["contract"] is None and deal["declarer"] is None
    # The winner of each trick leads the next.
    for before, after in zip(deal["tricks"], deal["tricks"][1:], strict=False):
        assert after["leader"] == before["winner"]
    assert deal["points"] == log.points and deal["notes"] == log.notes
    assert deal["tricks_won"] == log.side_tricks


def test_solo_tricks_won_are_by_seat() -> None:
    need("solo")
    out = replay(example("solo"))
    check_shape(out, "solo")
    deal = out["deals"][0]
    assert len(deal["tricks_won"]) == 4 and len(out["scores"]) == 4
    assert deal["contract"] is not None and deal["declarer"] is not None
    assert deal["calls"] and all(isinstance(c, str) for _s, c in deal["calls"])


# ---------------------------------------------------------------- faults, placed
def example(game: str) -> dict[str, Any]:
    need(game)
    return json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_examples_replay_and_round_trip(game: str) -> None:
    rec = example(game)
    out = replay(rec)
    check_shape(out, game)
    assert out["status"] in ("over", "in_progress")
    assert out["deals"] and out["deals"][0]["points"] is not None  # a whole deal at least
    assert to_record(game_from_record(rec)) == rec


def _first_action_error(game: str) -> tuple[dict[str, Any], int, int, str]:
    """The example with one action replaced by a move that is not legal there."""
    rec = example(game)
    g = game_from_record({**rec, "deals": []})
    deal = rec["deals"][0]
    g.deal(deal["hands"], **{k: deal[k] for k in DEAL_EXTRA_KEYS[game] if k in deal})
    for a, code in enumerate(deal["actions"]):
        legal = {m.code for m in g.legal_moves()}
        seat = g.to_move
        held = [c.code for c in g.hand(seat) if c.code not in legal]
        if g.phase is FamilyPhase.PLAY and held:
            bad = copy.deepcopy(rec)
            bad["deals"][0]["actions"][a] = held[0]
            return bad, a, seat, g.why_illegal(held[0])
        g.play(code)
    raise AssertionError("no place for an illegal card in the example")


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_is_placed(game: str) -> None:
    bad, a, seat, why = _first_action_error(game)
    out = replay(bad)
    check_shape(out, game)
    assert out["status"] == "error" and out["winner"] is None
    error = out["error"]
    assert (error["deal"], error["action"], error["seat"]) == (0, a, seat)
    assert error["message"] == why and "follow" in why
    # The deal replayed so far is still reported.
    assert len(out["deals"]) == 1 and len(out["deals"][0]["tricks"]) <= a // 4 + 1
    with pytest.raises(FamilyReplayError) as info:
        game_from_record(bad)
    assert info.value.deal == 0 and info.value.action == a and info.value.seat == seat
    assert isinstance(info.value, IllegalMove)


@pytest.mark.parametrize("game", GAMES)
def test_faults_in_the_setup_and_in_a_deal(game: str) -> None:
    rec = example(game)
    deal = rec["deals"][0]
    cases = {
        "three players": ({**rec, "players": 3}, None, "for exactly 4 players"),
        "five names": ({**rec, "players": list("ABCDE")}, None, "for exactly 4 players"),
        "dealer 4": ({**rec, "first_dealer": 4}, None, "first_dealer"),
        "a hand short": (
            {**rec, "deals": [{**deal, "hands": deal["hands"][:3]}]},
            0,
            "one hand for each of the 4 seats",
        ),
        "a card twice": (
            {**rec, "deals": [{**deal, "hands": [deal["hands"][0]] * 4}]},
            0,
            "",
        ),
        "not a card": (
            {
                **rec,
                "deals": [{**deal, "hands": [["ZZ", *deal["hands"][0][1:]], *deal["hands"][1:]]}],
            },
            0,
            "ZZ",
        ),
    }
    for name, (bad, at, words) in cases.items():
        out = replay(bad)
        check_shape(out, game)
        assert out["status"] == "error", name
        error = out["error"]
        assert error["deal"] == at and error["action"] is None and error["seat"] is None, name
        assert words in error["message"], (name, error["message"])
        with pytest.raises(IllegalMove):
            game_from_record(bad)


@pytest.mark.parametrize("game", GAMES)
def test_deals_out_of_order(game: str) -> None:
    rec = example(game)
    deal = rec["deals"][0]
    # An action after the deal is over.
    extra = {**rec, "deals": [{**deal, "actions": deal["actions"] + [deal["actions"][-1]]}]}
    out = replay(extra)
    assert out["status"] == "error"
    assert out["error"]["deal"] == 0 and out["error"]["action"] == len(deal["actions"])
    assert "one too many" in out["error"]["message"]
    # A deal cut short, then another deal.
    short = {**deal, "actions": deal["actions"][:-1]}
    out = replay({**rec, "deals": [short, deal]})
    assert out["status"] == "error" and out["error"]["deal"] == 0
    assert "another deal follows" in out["error"]["message"]
    assert len(out["deals"]) == 1 and out["deals"][0]["points"] is None


def test_a_deal_after_the_game_is_over() -> None:
    g = played("whist", 3, seed=5, dealer=0, bot_seed=5)  # one game to 7
    rec = to_record(g)
    out = replay({**rec, "deals": rec["deals"] + [rec["deals"][0]]})
    assert out["status"] == "error" and out["error"]["deal"] == len(rec["deals"])
    assert "one too many" in out["error"]["message"]
    assert out["scores"] == g.scores  # the game as far as it went


def test_rule_faults_whist() -> None:
    rec = example("whist")
    deal = rec["deals"][0]
    # A value the rules do not allow: the record breaks a rule (exit 1), not its shape.
    out = replay({**rec, "rules": {"game_points": 6}})
    assert out["status"] == "error" and out["error"]["deal"] is None
    assert "game_points" in out["error"]["message"]
    # The trump card must be the dealer's.
    other = next(c for c in deal["hands"][(rec["first_dealer"] + 1) % 4])
    out = replay({**rec, "deals": [{**deal, "trump_card": other}]})
    assert out["error"]["deal"] == 0 and "dealer's hand" in out["error"]["message"]
    # A whist drive turns no card; classic whist needs one.
    out = replay({**rec, "rules": {"drive": True}})
    assert out["error"]["deal"] == 0 and "no trump_card" in out["error"]["message"]
    no_card = {k: v for k, v in deal.items() if k != "trump_card"}
    out = replay({**rec, "deals": [no_card]})
    assert out["error"]["deal"] == 0 and "trump_card" in out["error"]["message"]


NOT_RECORDS: dict[str, Any] = {
    "unknown top key": lambda r: {**r, "colour": "red"},
    "rounds instead of deals": lambda r: {
        **{k: v for k, v in r.items() if k != "deals"},
        "rounds": r["deals"],
    },
    "unknown deal key": lambda r: {**r, "deals": [{**r["deals"][0], "trump": "H"}]},
    "unknown rule option": lambda r: {**r, "rules": {"dogs_chance": True}},
    "deals not a list": lambda r: {**r, "deals": {"0": r["deals"][0]}},
    "deal not an object": lambda r: {**r, "deals": [r["deals"][0]["hands"]]},
    "hands a string": lambda r: {**r, "deals": [{**r["deals"][0], "hands": "AS KS"}]},
    "no hands": lambda r: {**r, "deals": [{"actions": []}]},
    "actions not codes": lambda r: {**r, "deals": [{**r["deals"][0], "actions": [1, 2]}]},
    "rules a list": lambda r: {**r, "rules": []},
    "players a dict": lambda r: {**r, "players": {"n": 4}},
    "first dealer a string": lambda r: {**r, "first_dealer": "0"},
}


@pytest.mark.parametrize("name", sorted(NOT_RECORDS))
@pytest.mark.parametrize("game", GAMES)
def test_not_a_record(game: str, name: str) -> None:
    bad = NOT_RECORDS[name](example(game))
    with pytest.raises(RecordError):
        game_from_record(bad)
    with pytest.raises(RecordError):
        family_game_from_record(bad)
    out = replay(bad)
    check_shape(out, game)  # the family's shape, with error.deal
    assert out["status"] == "error" and out["deals"] == []
    assert out["error"]["deal"] is None and out["error"]["action"] is None
    assert replay_family(bad) == out


@pytest.mark.parametrize("game", GAMES)
def test_extra_keys_of_another_game_are_unknown(game: str) -> None:
    rec = example(game)
    mine = set(DEAL_EXTRA_KEYS[game])
    for other in {k for keys in DEAL_EXTRA_KEYS.values() for k in keys} - mine:
        bad = {**rec, "deals": [{**rec["deals"][0], other: ["AS"] if other == "kitty" else "AS"}]}
        with pytest.raises(RecordError, match=repr(other)):
            load_record(bad)
    for key, kind in DEAL_EXTRA_KEYS[game].items():
        wrong = ["AS"] if kind == "card" else "AS"
        with pytest.raises(RecordError, match=key):
            load_record({**rec, "deals": [{**rec["deals"][0], key: wrong}]})


# --------------------------------------------------------------- never raises
json_values = any_json(
    [
        *"AS 10H TH LJ BJ pass prop cop solo misere abundance slam 3 4L 7NT high low H NT".split(),
        FORMAT,
        *"whist solo bidwhist 0 -1 ²".split(),
    ],
    (
        "format game players rules first_dealer deals hands trump_card kitty actions drive"
        " game_points deals 0"
    ).split(),
)


@pytest.mark.parametrize("game", GAMES)
@fast(120, shrink=False)
@given(
    st.dictionaries(
        st.sampled_from(["format", "game", "players", "rules", "first_dealer", "deals"]),
        json_values,
    )
)
def test_replay_never_raises_on_record_like_objects(game: str, value: dict) -> None:
    need(game)
    record = {"format": FORMAT, "game": game, "players": 4, **value}
    result = replay(record)
    assert result["status"] in ("error", "in_progress", "over")
    if result["status"] == "error":
        assert "\n" not in result["error"]["message"]
    json.dumps(result)


_BASES: dict[tuple[str, int], dict] = {}


def _base_record(game: str, index: int) -> dict:
    """A few finished games (short variants where the rules have them) as records."""
    if (game, index) not in _BASES:
        g = played(game, index, seed=index, dealer=index % 4, bot_seed=index)
        _BASES[game, index] = to_record(g)
    return copy.deepcopy(_BASES[game, index])


@pytest.mark.parametrize("game", GAMES)
@fast(150, shrink=False)
@given(st.integers(0, 4), st.data())
def test_replay_never_raises_on_mutated_records(game: str, base: int, data: Any) -> None:
    need(game)
    rec = _base_record(game, base)
    for _ in range(data.draw(st.integers(1, 4))):
        path = data.draw(st.sampled_from(json_paths(rec)))
        mutate(rec, path, data.draw(st.integers(0, 5)), data.draw(json_values))
    result = replay(rec)
    assert result["status"] in ("error", "in_progress", "over")
    if result["status"] == "error":
        assert "\n" not in result["error"]["message"]
    json.dumps(result)
    # A mutation that keeps a valid record gives a record that round-trips.
    if result["status"] != "error":
        canonical = to_record(game_from_record(rec))
        assert to_record(game_from_record(canonical)) == canonical


@pytest.mark.parametrize("game", GAMES)
@fast(150, shrink=False)
@given(st.data())
def test_replay_never_raises_on_mutated_actions(game: str, data: Any) -> None:
    """Moves swapped, dropped, doubled or replaced by other codes: a rule break at
    worst, always placed on a deal and an action."""
    rec = example(game)
    deal = rec["deals"][0]
    actions = deal["actions"]
    i = data.draw(st.integers(0, len(actions) - 1))
    kind = data.draw(st.integers(0, 3))
    if kind == 0:
        actions[i] = data.draw(st.sampled_from(["pass", "S", "NT", "high", "3L", "AS", "2C", "xx"]))
    elif kind == 1:
        del actions[i]
    elif kind == 2:
        actions.insert(i, actions[i])
    else:
        j = data.draw(st.integers(0, len(actions) - 1))
        actions[i], actions[j] = actions[j], actions[i]
    result = replay(rec)
    check_shape(result, game)
    if result["status"] == "error":
        assert result["error"]["deal"] == 0 and result["error"]["action"] is not None


def test_the_documented_examples_are_the_shipped_ones() -> None:
    """docs/records.md shows each example record in full, and a replay of the first."""
    docs = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text("utf-8")
    section = docs.split("## The whist family", 1)[1].split("\n## ", 1)[0]
    blocks = [json.loads(b) for b in section.split("```json\n")[1:] for b in [b.split("```")[0]]]
    records = [b for b in blocks if "format" in b]
    assert [r["game"] for r in records] == [
        s.name for s in specs() if issubclass(s.game, FamilyGame)
    ]
    for rec in records:
        assert rec == example(rec["game"])
    shown = next(b for b in blocks if "status" in b)
    out = replay(example("whist"))
    out["deals"][0]["tricks"] = out["deals"][0]["tricks"][:1]
    assert shown == out
