"""Spades' rules, one test per rule (docs/rules.md, "Spades"), its record, and random
games with undo, clone and record round trips. The tests every registered game gets
(the hooks, the stepper, the CLI, the conformance walk) come by registering."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from kowhist_teach.core.cards import Suit
from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.core.registry import spec
from kowhist_teach.games.spades.engine import SpadesGame, SpadesPhase
from kowhist_teach.games.spades.record import game_from_record, replay, to_record
from kowhist_teach.games.spades.rules import SpadesRules, bags_of, side_score

SUITS = {s: [f"{r}{s}" for r in "A K Q J 10 9 8 7 6 5 4 3 2".split()] for s in "SHDC"}


def dealt(hands: list[list[str]], rules: SpadesRules | None = None, dealer: int = 0) -> SpadesGame:
    game = SpadesGame(rules=rules, first_dealer=dealer, auto_chance=False)
    game.deal(hands)
    return game


def play(game: SpadesGame, moves: str) -> None:
    for move in moves.split():
        game.play(move)


# Seat 0 holds 7 spades and 6 hearts; seat 1 the other 6 spades and 7 hearts; seat 2
# every diamond, seat 3 every club. Dealer 3: seat 0 bids first and leads.
SPLIT = [
    SUITS["S"][:7] + SUITS["H"][:6],
    SUITS["S"][7:] + SUITS["H"][6:],
    SUITS["D"],
    SUITS["C"],
]


def test_four_players_and_a_whole_pack() -> None:
    with pytest.raises(SetupError, match="Spades is for 4 players, not 3"):
        SpadesGame(players=3)
    game = SpadesGame(seed=4)
    assert [h.bit_count() for h in game.hands] == [13] * 4
    assert game.to_move == 1 and game.trump is Suit.SPADES and game.phase is SpadesPhase.BID
    with pytest.raises(SetupError, match="13 cards each"):
        SpadesGame(auto_chance=False).deal([SUITS["S"][:12], SUITS["H"], SUITS["D"], SUITS["C"]])


def test_partners_bid_thirteen_at_most_together_and_zero_is_nil() -> None:
    game = dealt(SPLIT, dealer=3)
    play(game, "nil 6")
    assert game.bids[:2] == [0, 6]
    assert [m.code for m in game.legal_moves()][-1] == "13"  # seat 2: partner bid nil
    play(game, "13")
    assert [m.code for m in game.legal_moves()][-1] == "7"  # seat 3: partner bid 6
    assert "your partner bid 6, so bid at most 7" in game.why_illegal("8")
    with pytest.raises(IllegalMove, match="not a bid"):
        game.play("pass")


def test_no_spade_lead_until_spades_are_broken() -> None:
    game = dealt(SPLIT, dealer=3)
    play(game, "1 1 1 1")
    assert not game.spades_broken
    assert {m.suit for m in game.legal_moves()} == {Suit.HEARTS}
    assert "spades are not broken yet" in game.why_illegal("AS")
    # Seat 0 leads hearts; seats 2 and 3 discard; seat 1 follows.
    play(game, "AH 7H QD QC")
    assert not game.spades_broken and game.to_move == 0


def _broken(reading: str) -> SpadesGame:
    """Seat 1 holds one heart beside its spades and diamonds: on the second heart
    trick it ruffs with a spade, which breaks spades, and leads next."""
    hands = [
        SUITS["S"][:6] + SUITS["H"][:7],  # AS-9S, AH-8H
        SUITS["S"][6:12] + ["7H"] + SUITS["D"][:6],  # 8S-3S, 7H, AD-9D
        ["2S"] + SUITS["H"][8:] + SUITS["D"][6:],  # 2S, 6H-2H, 8D-2D
        SUITS["C"],
    ]
    return dealt(hands, SpadesRules(spade_lead=reading), dealer=3)


@pytest.mark.parametrize("reading", ["standard", "openspiel"])
def test_a_spade_played_breaks_spades_under_the_standard_rule_only(reading: str) -> None:
    game = _broken(reading)
    play(game, "1 1 1 1 AH 7H 2H 2C KH 3S 3H 3C")
    assert game.spades_broken and game.to_move == 1
    leads = {m.suit for m in game.legal_moves()}
    assert Suit.DIAMONDS in leads
    assert (Suit.SPADES in leads) is (reading == "standard")
    if reading == "openspiel":
        assert "only from a hand of nothing but spades" in game.why_illegal("8S")
    else:
        assert game.why_illegal("8S") == ""


def test_a_hand_of_nothing_but_spades_may_lead_one() -> None:
    hands = [SUITS["S"], SUITS["H"], SUITS["D"], SUITS["C"]]
    for reading in ("standard", "openspiel"):
        game = dealt(hands, SpadesRules(spade_lead=reading), dealer=3)
        play(game, "13 0 0 0")
        assert len(game.legal_moves()) == 13


def test_a_side_score() -> None:
    made = side_score((4, 3), (5, 3), 0)
    assert (made.contract, made.took, made.overtricks, made.points, made.bags) == (7, 8, 1, 71, 1)
    assert side_score((5, 4), (3, 4), 0).points == -90  # set: minus 10 a trick bid
    nil = side_score((0, 4), (0, 6), 0)
    assert nil.nils == ((0, True),) and nil.points == 100 + 40 + 2
    failed = side_score((0, 4), (2, 2), 0)  # the nil bidder's tricks count for the side
    assert failed.made and failed.points == -100 + 40
    both = side_score((0, 0), (0, 1), 0)
    assert both.points == 100 - 100 + 1
    ten = side_score((2, 2), (5, 3), 36)  # 6 bags + 4 = 10: minus 100
    assert (ten.penalty, ten.points, ten.bags) == (-100, -56, 0)
    assert bags_of(-97) == 3 and bags_of(-97, "openspiel") == -7


def test_the_game_ends_at_the_target_and_the_higher_total_wins() -> None:
    rules = SpadesRules(target=100)
    game = dealt([SUITS["S"], SUITS["H"], SUITS["D"], SUITS["C"]], rules, dealer=3)
    # Seat 0 holds every spade and bids 13: its side makes 130 and wins at once.
    play(game, "13 1 0 1")
    rng = random.Random(1)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    out = game.outcome()
    assert game.scores[0] >= 100 and out.winner == 0 and out.by_partnership
    assert out.scores == game.scores and len(game.deals) == 1


def test_the_mercy_rule_and_level_totals() -> None:
    rules = SpadesRules(target=1000, mercy=-100)
    game = dealt([SUITS["S"], SUITS["H"], SUITS["D"], SUITS["C"]], rules, dealer=3)
    play(game, "1 12 0 1")  # seat 0 holds every spade: side 1 takes nothing, -130
    while not game.is_over():
        game.play(game.legal_moves()[0])
    assert game.scores[1] <= -100 and game.outcome().winner == 0
    standard = SpadesRules(target=100, mercy=None)
    assert standard.to_dict() == {"target": 100, "mercy": None}


def test_rule_options_are_checked() -> None:
    for bad in ({"target": 0}, {"mercy": 5}, {"bags": "house"}, {"game_end": True}):
        with pytest.raises(SetupError, match="rule option"):
            SpadesRules.from_dict(bad)


def test_random_games_undo_clone_and_record_round_trips() -> None:
    """Random games to the end: every legal move is one ``why_illegal`` passes, undo
    and clone give back the same game, and the record replays to the same state."""
    rng = random.Random(26)
    for g in range(6):
        game = SpadesGame(seed=g, first_dealer=g % 4, rules=SpadesRules(target=200))
        while not game.is_over():
            moves = game.legal_moves()
            assert all(game.why_illegal(m) == "" for m in moves)
            move = rng.choice(moves)
            if rng.random() < 0.02:
                copy = game.clone()
                game.play(move)
                assert game.undo() == move
                assert to_record(game) == to_record(copy)
            game.play(move)
        record = json.loads(json.dumps(to_record(game)))
        again = game_from_record(record)
        assert again.scores == game.scores and again.is_over()
        out = replay(record)
        assert out["status"] == "over" and out["winner"] == game.outcome().winner
        assert out["scores"] == game.scores


def test_a_view_hides_the_other_hands() -> None:
    game = SpadesGame(seed=9)
    view = game.view(2)
    assert view.hand == game.hand(2) and view.hand_sizes == [13] * 4
    assert view.bids == [None] * 4 and view.trump is Suit.SPADES


def test_the_example_record_replays() -> None:
    path = Path(__file__).resolve().parent.parent / "examples" / "spades.json"
    out = spec("spades").record.replay(json.loads(path.read_text(encoding="utf-8")))
    assert out["deals"][0]["bids"].count(0) == 1 and out["deals"][0]["points"] == [121, 82]
