"""Oh Hell (RULES.md §5, docs/rules.md "Oh Hell"): a test per rule, a property test over
random games with random options, and record round-trips.

Random games played here: 1 000 (invariants) + 100 (seeds) + 100 (undo and clone)
+ 100 (records).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import fast, play_randomly
from hypothesis import given
from hypothesis import strategies as st

from kowhist_teach import Card, IllegalMove, OhHellGame, OhHellRules, SetupError, Suit
from kowhist_teach.core.cards import ALL_CARDS, mask_of
from kowhist_teach.core.errors import RecordError
from kowhist_teach.core.moves import Call
from kowhist_teach.core.registry import spec, spec_of
from kowhist_teach.games.ohhell.engine import OhHellPhase, bid_call, bid_value, deal_points
from kowhist_teach.games.ohhell.record import (
    OhHellReplayError,
    check_shape,
    game_from_record,
    replay,
    to_record,
)


def dealt(
    hands: list[list[str]], trump_card: str | None, first_dealer: int = 0, **rules: Any
) -> OhHellGame:
    """A game whose first deal is these hands (one deal unless ``hand_sizes`` says)."""
    rules.setdefault("hand_sizes", (len(hands[0]),))
    game = OhHellGame(
        len(hands), OhHellRules(**rules), first_dealer=first_dealer, auto_chance=False
    )
    game.deal(hands, trump_card)
    return game


def play_all(game: OhHellGame, moves: str) -> None:
    for move in moves.split():
        game.play(move)


# Three players, two cards each, dealer 0: seat 1 bids first and leads.
THREE = [["AS", "KS"], ["QS", "2H"], ["3H", "4H"]]


# ----------------------------------------------------------------------- the deals
def test_default_hand_sizes_go_down_to_one_and_back_up() -> None:
    assert OhHellRules().hand_sizes == (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
    game = play_randomly(OhHellGame(5, seed=4), random.Random(4), 10_000)
    assert game.is_over()
    assert [log.hand_size for log in game.deals] == list(OhHellRules().hand_sizes)
    for log in game.deals:
        assert [len(h) for h in log.hands] == [log.hand_size] * 5
        assert len(log.tricks) == log.hand_size


def test_hand_sizes_option() -> None:
    game = play_randomly(
        OhHellGame(3, OhHellRules(hand_sizes=[1, 13, 2]), seed=1), random.Random(1), 10_000
    )
    assert [log.hand_size for log in game.deals] == [1, 13, 2]
    assert OhHellGame(3, OhHellRules(hand_sizes=[2]), seed=1).hand_size == 2


def test_the_deal_passes_left() -> None:
    game = OhHellGame(4, OhHellRules(hand_sizes=[1] * 6), seed=2, first_dealer=2)
    assert game.dealer == 2
    play_randomly(game, random.Random(2), 10_000)
    assert [log.dealer for log in game.deals] == [2, 3, 0, 1, 2, 3]


def test_cards_come_one_at_a_time_from_the_dealers_left_then_one_is_turned() -> None:
    game = OhHellGame(3, seed=9, first_dealer=1)
    log = game.log
    dealt_cards = mask_of(c for h in log.hands for c in h)
    assert dealt_cards.bit_count() == 21
    assert log.trump_card is not None and not dealt_cards >> log.trump_card & 1


# ------------------------------------------------------------------------- trumps
def test_the_turned_card_sets_trumps() -> None:
    game = dealt(THREE, "5H")
    assert game.trump is Suit.HEARTS and game.log.trump_card == Card("5H")
    assert game.view(0).trump_card == Card("5H")


def test_no_trumps_when_the_hands_use_up_the_pack() -> None:
    game = OhHellGame(4, OhHellRules(hand_sizes=[13]), seed=3)
    assert game.log.trump_card is None and game.trump is None
    deck = [c.code for c in ALL_CARDS]
    hands = [deck[s * 13 : (s + 1) * 13] for s in range(4)]
    game = dealt(hands, None)
    assert game.trump is None
    with pytest.raises(SetupError, match="no card is left to turn up"):
        dealt(hands[:3] + [hands[3][:12] + ["2C"]], "2C")


def test_a_card_left_must_be_turned() -> None:
    with pytest.raises(SetupError, match="give the trump_card turned up"):
        dealt(THREE, None)


def test_no_trump_deal_is_won_by_the_highest_card_of_the_led_suit() -> None:
    deck = [c.code for c in ALL_CARDS]  # ♠ A..2, ♥ A..2, ♦, ♣
    hands = [deck[s * 13 : (s + 1) * 13] for s in range(4)]
    game = dealt(hands, None)
    play_all(game, "0 0 0 0")  # everyone bids 0; 0 is not barred (the sum is not 13)
    game.play("AH")  # seat 1 leads hearts; the others cannot follow
    for _seat in (2, 3, 0):
        game.play(game.legal_moves()[0])
    assert game.tricks[0].winner == 1


# ------------------------------------------------------------------------ bidding
def test_bidding_goes_round_once_from_the_dealers_left() -> None:
    game = OhHellGame(5, seed=6, first_dealer=3)
    assert game.phase is OhHellPhase.BID
    order = []
    while game.phase is OhHellPhase.BID:
        order.append(game.to_move)
        game.play(game.legal_moves()[0])
    assert order == [4, 0, 1, 2, 3]
    assert all(b is not None for b in game.bids)
    assert [seat for seat, _m in game.log.calls] == order


def test_bids_are_zero_to_the_hand_size_in_order() -> None:
    game = dealt(THREE, "5H")
    assert game.legal_moves() == [Call("0"), Call("1"), Call("2")]
    assert [bid_value(m) for m in game.legal_moves()] == [0, 1, 2]
    assert bid_call(2) is Call("2")


def test_the_hook_bars_the_dealers_bid_that_adds_up() -> None:
    game = dealt(THREE, "5H")
    play_all(game, "1 0")
    assert game.to_move == 0
    assert [m.code for m in game.legal_moves()] == ["0", "2"]
    assert "hook" in game.why_illegal("1")
    with pytest.raises(IllegalMove, match="the dealer may not bid 1"):
        game.play("1")


def test_the_hook_binds_only_the_dealer() -> None:
    game = dealt(THREE, "5H")
    game.play("2")  # seat 1 may bid all the tricks
    assert [m.code for m in game.legal_moves()] == ["0", "1", "2"]  # seat 2 free too


def test_the_hook_bars_nothing_when_the_bids_already_exceed_the_tricks() -> None:
    game = dealt(THREE, "5H")
    play_all(game, "2 1")
    assert [m.code for m in game.legal_moves()] == ["0", "1", "2"]


def test_without_the_hook_the_dealer_bids_freely() -> None:
    game = dealt(THREE, "5H", hook=False)
    play_all(game, "1 0")
    assert [m.code for m in game.legal_moves()] == ["0", "1", "2"]
    game.play("1")
    assert game.phase is OhHellPhase.PLAY


# ----------------------------------------------------------------------- trick play
def test_eldest_leads_the_first_trick_and_the_winner_leads_next() -> None:
    game = dealt(THREE, "5H")
    play_all(game, "1 0 0")
    assert game.phase is OhHellPhase.PLAY and game.to_move == 1 and game.log.leader == 1
    play_all(game, "QS 3H AS")  # seat 2 trumps the spade
    assert game.tricks[0].winner == 2 and game.to_move == 2


def test_follow_suit() -> None:
    game = dealt(THREE, "5H")
    play_all(game, "1 0 0 2H")  # seat 1 leads a heart
    assert game.legal_moves() == [Card("4H"), Card("3H")]
    game.play("3H")
    assert game.legal_moves() == [Card("AS"), Card("KS")]  # seat 0 has no heart
    game2 = dealt(THREE, "5H")
    play_all(game2, "1 0 0 QS 3H")
    assert game2.legal_moves() == [Card("AS"), Card("KS")]
    game3 = dealt([["AS", "2H"], ["QS", "3H"], ["KS", "4H"]], "5D")
    play_all(game3, "1 0 0 QS")
    assert game3.legal_moves() == [Card("KS")]
    assert game3.why_illegal("4H") == "must follow ♠: you hold K♠"


def test_trick_winner_trump_then_led_suit_and_a_discard_never_wins() -> None:
    hands = [["AS", "2C"], ["3S", "KD"], ["2S", "AC"]]
    game = dealt(hands, "5H")  # hearts trumps, nobody holds one
    play_all(game, "0 0 0")
    play_all(game, "3S 2S AS")  # seat 0's ace wins the spade
    assert game.tricks[0].winner == 0
    play_all(game, "2C KD AC")  # clubs led, the ♦ king is a discard
    assert game.tricks[1].winner == 2
    game = dealt([["AS", "2C"], ["3S", "2D"], ["4C", "AC"]], "5D")
    play_all(game, "0 0 0 3S 4C AS")  # seat 2 discards a club; AS wins
    assert game.tricks[0].winner == 0
    play_all(game, "2C 2D AC")  # the ♦2 trumps the ♣A
    assert game.tricks[1].winner == 1


# -------------------------------------------------------------------------- scoring
def test_pagat_scoring() -> None:
    assert [deal_points(b, t) for b, t in [(0, 0), (3, 3), (1, 0), (1, 2)]] == [10, 13, 0, 0]
    game = dealt(THREE, "5H", hand_sizes=(2,))
    play_all(game, "1 1 2 QS 3H AS 4H KS 2H")
    # seat 2 took both tricks; seat 1 none.
    assert game.log.tricks_won == [0, 0, 2]
    assert game.log.points == [0, 0, 0]
    game = dealt(THREE, "5H", hook=False)
    play_all(game, "0 2 0 QS 3H AS 4H KS 2H")
    assert game.log.points == [10, 10, 12] and game.scores == [10, 10, 12]


def test_openspiel_scoring() -> None:
    assert [deal_points(b, t, "openspiel") for b, t in [(0, 0), (3, 3), (1, 0), (1, 2)]] == [
        10,
        13,
        0,
        2,
    ]
    game = dealt(THREE, "5H", scoring="openspiel")
    play_all(game, "1 1 2 QS 3H AS 4H KS 2H")
    assert game.log.points == [0, 0, 2]


def test_scores_run_from_deal_to_deal() -> None:
    game = play_randomly(OhHellGame(4, seed=8), random.Random(8), 10_000)
    totals = [sum(log.points[s] for log in game.deals) for s in range(4)]
    assert game.scores == totals == game.outcome().scores


# -------------------------------------------------------------------------- outcome
def test_outcome_after_the_last_deal_highest_total_wins() -> None:
    game = dealt(THREE, "5H", hand_sizes=(2,), hook=False)
    assert game.outcome() is None
    play_all(game, "0 2 0 QS 3H AS 4H KS 2H")
    out = game.outcome()
    assert game.is_over() and game.phase is OhHellPhase.OVER and game.to_move is None
    assert (out.winner, out.winners, out.scores, out.deals) == (2, (2,), [10, 10, 12], 1)
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play("AS")


def test_ties_share_the_win() -> None:
    game = dealt(THREE, "5H")
    play_all(game, "0 0 0 QS 3H AS 4H KS 2H")  # seat 2 took two tricks: 10, 10, 0
    out = game.outcome()
    assert out.winner is None and out.winners == (0, 1)


# ----------------------------------------------------------- undo, clone, chance
def test_undo_and_clone() -> None:
    game = OhHellGame(4, seed=5)
    rng = random.Random(5)
    play_randomly(game, rng, 40)
    before = to_record(game)
    copy = game.clone()
    move = game.moves[-1]
    assert game.undo() == move
    assert to_record(game) != before
    game.play(move)
    assert to_record(game) == before == to_record(copy)
    play_randomly(copy, rng, 10)
    assert to_record(game) == before  # the clone is independent
    with pytest.raises(IllegalMove, match="no move to undo"):
        OhHellGame(3, seed=1).undo()


def test_undo_across_a_deal() -> None:
    game = OhHellGame(3, OhHellRules(hand_sizes=[1, 1]), seed=3)
    while len(game.deals) < 2:
        game.play(game.legal_moves()[0])
    second = game.log.hands
    game.undo()
    assert len(game.deals) == 1 and game.phase is OhHellPhase.PLAY
    game.play(game.legal_moves()[0])
    assert game.log.hands == second  # the same cards again: chance depends on the seed


def test_same_seed_same_game() -> None:
    def run(seed: int) -> dict[str, Any]:
        return to_record(play_randomly(OhHellGame(6, seed=seed), random.Random(1), 10_000))

    assert run(12) == run(12)
    assert run(12) != run(13)


def test_auto_chance_off_waits_for_the_deal() -> None:
    game = OhHellGame(3, auto_chance=False)
    assert game.chance_pending == "deal" and game.to_move is None and game.legal_moves() == []
    assert game.why_illegal("0") == "no player is to move: the cards must be dealt first"
    with pytest.raises(IllegalMove, match="must be dealt first"):
        game.play("0")


def test_view_shows_own_hand_and_public_state_only() -> None:
    game = dealt(THREE, "5H")
    play_all(game, "1 0")
    view = game.view(1)
    assert view.hand == [Card("QS"), Card("2H")]
    assert view.hand_sizes == [2, 2, 2] and view.bids == [None, 1, 0]
    assert view.trump is Suit.HEARTS and view.dealer == 0 and view.to_move == 0
    assert not any(isinstance(v, list) and Card("AS") in v for v in vars(view).values())
    with pytest.raises(SetupError):
        game.view(3)


# ---------------------------------------------------------------- bad moves, setups
@pytest.mark.parametrize(
    ("moves", "move", "reason"),
    [
        ("", "AS", "Player 2 must bid before the cards are played: a number from 0 to 2"),
        ("", "3", "a bid is at most 2: this deal has 2 tricks"),
        ("", "pass", "pass is not a bid: bid the number of tricks you will take, 0 to 2"),
        ("", "H", "H is not a bid: bid the number of tricks you will take, 0 to 2"),
        ("", "frog", "unknown move 'frog': write a card like AS, 10H or QD, or a call like 0"),
        ("1 0", "1", "the dealer may not bid 1: the bids would add up to 2"),
        ("1 0 0", "2", "cards are being played now: 2 is not a card"),
        ("1 0 0", "AS", "Player 2 does not hold A♠"),
        ("1 0 0 2H", "AS", "Player 3 does not hold A♠"),
        ("1 0 0 2H", "BJ", "unknown move 'BJ'"),
    ],
)
def test_bad_moves_say_why_in_one_line_and_change_nothing(
    moves: str, move: str, reason: str
) -> None:
    game = dealt(THREE, "5H")
    play_all(game, moves)
    before = (to_record(game), game.view(0), game.to_move, game.phase)
    assert reason in game.why_illegal(move)
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    assert reason in str(err.value) and "\n" not in str(err.value)
    assert (to_record(game), game.view(0), game.to_move, game.phase) == before


def test_a_seat_out_of_turn_is_refused() -> None:
    game = dealt(THREE, "5H")
    with pytest.raises(IllegalMove, match="it is Player 2's turn, not Player 3's"):
        game.play("0", seat=2)
    game.play("0", seat=1)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: OhHellGame(2), "Oh Hell is for 3 to 7 players, not 2"),
        (lambda: OhHellGame(8), "Oh Hell is for 3 to 7 players, not 8"),
        (lambda: OhHellGame(True), "players must be a number or a list of names"),
        (lambda: OhHellGame(["A", "B"]), "Oh Hell is for 3 to 7 players, not 2"),
        (
            lambda: OhHellGame(5, OhHellRules(hand_sizes=[11])),
            "5 players with 11 cards each need 55 cards, but a pack has 52",
        ),
        (lambda: OhHellGame(4, first_dealer=4), "first_dealer must be a seat from 0 to 3"),
        (lambda: OhHellGame(4, rules={"hook": False}), "rules must be a OhHellRules object"),
        (lambda: OhHellRules(hand_sizes=[]), "hand_sizes must be a list of 1 to 100"),
        (lambda: OhHellRules(hand_sizes=7), "hand_sizes must be a list of 1 to 100"),
        (lambda: OhHellRules(hand_sizes=[0]), "from 1 to 13, not 0"),
        (lambda: OhHellRules(hand_sizes=[14]), "from 1 to 13, not 14"),
        (lambda: OhHellRules(hand_sizes=[True]), "from 1 to 13, not True"),
        (lambda: OhHellRules(hook="yes"), "hook must be true or false"),
        (lambda: OhHellRules(scoring="bridge"), "must be one of pagat, openspiel"),
        (lambda: OhHellRules.from_dict({"trumps": "H"}), "unknown rule option 'trumps'"),
    ],
)
def test_impossible_setups_are_refused(make: Any, message: str) -> None:
    with pytest.raises(SetupError) as err:
        make()
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("hands", "trump_card", "message"),
    [
        (THREE[:2], "5H", "a deal needs one hand for each of the 3 seats"),
        (
            [["AS"], ["QS", "2H"], ["3H", "4H"]],
            "5H",
            "this deal gives 2 cards each: Player 1 was dealt 1",
        ),
        ([["AS", "AS"], ["QS", "2H"], ["3H", "4H"]], "5H", "AS is dealt twice"),
        (THREE, "AS", "AS is dealt twice"),
        ([["AS", "ZZ"], ["QS", "2H"], ["3H", "4H"]], "5H", "unknown card code 'ZZ'"),
        ([["AS", "BJ"], ["QS", "2H"], ["3H", "4H"]], "5H", "is a joker"),
        ([["AS", Card("LJ")], ["QS", "2H"], ["3H", "4H"]], "5H", "is a joker"),
        (["AS KS", ["QS", "2H"], ["3H", "4H"]], "5H", "a hand must be a list of card codes"),
    ],
)
def test_impossible_deals_are_refused_and_change_nothing(
    hands: Any, trump_card: str, message: str
) -> None:
    game = OhHellGame(3, OhHellRules(hand_sizes=[2]), auto_chance=False)
    with pytest.raises(SetupError) as err:
        game.deal(hands, trump_card)
    assert message in str(err.value)
    assert game.chance_pending == "deal" and game.deals == [] and game._log == []


def test_dealing_twice_is_refused() -> None:
    game = dealt(THREE, "5H")
    with pytest.raises(SetupError, match="only before a deal starts"):
        game.deal(THREE, "5H")


def test_rules_to_and_from_a_record() -> None:
    rules = OhHellRules(hand_sizes=[3, 2, 1], hook=False, scoring="openspiel")
    assert rules.to_dict() == {"hand_sizes": [3, 2, 1], "hook": False, "scoring": "openspiel"}
    assert OhHellRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert OhHellRules(hand_sizes=list(OhHellRules().hand_sizes)).to_dict() == {}


def test_registered_and_exported() -> None:
    ohhell = spec("ohhell")
    assert ohhell.game is OhHellGame and ohhell.rules is OhHellRules
    assert ohhell.players == (3, 7) and ohhell.display_name() == "Oh Hell"
    game = ohhell.new_game(players=5, seed=1)
    assert spec_of(game) is ohhell and game.n == 5


# ------------------------------------------------------------ property: random games
@st.composite
def setups(draw: Any) -> tuple[int, OhHellRules, int, int]:
    """A table (3..7 players), random hand sizes that fit, the hook and scoring, a seed."""
    n = draw(st.integers(3, 7))
    biggest = min(13, 52 // n)
    sizes = draw(st.lists(st.integers(1, biggest), min_size=1, max_size=6))
    rules = OhHellRules(
        hand_sizes=sizes,
        hook=draw(st.booleans()),
        scoring=draw(st.sampled_from(["pagat", "openspiel"])),
    )
    return n, rules, draw(st.integers(0, n - 1)), draw(st.integers(0, 2**40))


def check_random_game(n: int, rules: OhHellRules, first_dealer: int, seed: int) -> None:
    game = OhHellGame(n, rules, seed=seed, first_dealer=first_dealer)
    rng = random.Random(seed)
    totals = [0] * n
    while not game.is_over():
        log = game.log
        size = log.hand_size
        # The cards are conserved: held + played = dealt; the turned card is no one's.
        held = game.hands
        for seat in range(n):
            out = mask_of(c for t in log.tricks for s, c in t.plays if s == seat)
            assert held[seat] | out == mask_of(log.hands[seat]) and not held[seat] & out
        dealt_masks = [mask_of(h) for h in log.hands]
        everything = 0
        for m in dealt_masks:
            assert not everything & m and m.bit_count() == size
            everything |= m
        if log.trump_card is not None:
            assert log.trump is log.trump_card.suit and n * size < 52
            assert not everything >> log.trump_card & 1
        else:
            assert log.trump is None and n * size == 52
        moves = game.legal_moves()
        assert moves and len(set(map(id, moves))) == len(moves)
        seat = game.to_move
        if game.phase is OhHellPhase.BID:
            expect = set(range(size + 1))
            if rules.hook and seat == log.dealer:
                expect.discard(size - sum(b for b in log.bids if b is not None))
            assert [bid_value(m) for m in moves] == sorted(expect)
            assert seat == (log.dealer + 1 + sum(b is not None for b in log.bids)) % n
        else:
            hand = game.hands[seat]
            trick = game.trick
            if trick.plays:
                led = trick.plays[0][1].suit
                suited = [c for c in game.hand(seat) if c.suit is led]
                assert moves == (suited or game.hand(seat))
            else:
                assert mask_of(moves) == hand
        number = len(game.deals)
        game.play(rng.choice(moves))
        if len(game.deals) > number or game.is_over():  # the deal just ended
            assert sum(log.tricks_won) == size and len(log.tricks) == size
            for t in log.tricks:
                cards = [c for _s, c in t.plays]
                trumps = [c for c in cards if c.suit is log.trump]
                best = max(trumps) if trumps else max(c for c in cards if c.suit is cards[0].suit)
                assert t.plays[cards.index(best)][0] == t.winner
            assert log.tricks[0].leader == (log.dealer + 1) % n == log.leader
            for a, b in zip(log.tricks, log.tricks[1:], strict=False):
                assert b.leader == a.winner
            for s in range(n):
                totals[s] += deal_points(log.bids[s], log.tricks_won[s], rules.scoring)
            assert log.points == [
                deal_points(log.bids[s], log.tricks_won[s], rules.scoring) for s in range(n)
            ]
            assert game.scores == totals
    out = game.outcome()
    assert [log.dealer for log in game.deals] == [
        (first_dealer + k) % n for k in range(len(rules.hand_sizes))
    ]
    assert [log.hand_size for log in game.deals] == list(rules.hand_sizes)
    assert out.scores == totals and out.deals == len(rules.hand_sizes)
    assert out.winners == tuple(s for s in range(n) if totals[s] == max(totals))
    assert out.winner == (out.winners[0] if len(out.winners) == 1 else None)


@fast(1000, shrink=False)
@given(setups())
def test_random_games_keep_every_invariant(setup: tuple[int, OhHellRules, int, int]) -> None:
    check_random_game(*setup)


@fast(100)
@given(setups(), st.integers(0, 200))
def test_undo_restores_and_clone_is_independent(
    setup: tuple[int, OhHellRules, int, int], steps: int
) -> None:
    n, rules, dealer, seed = setup
    game = play_randomly(
        OhHellGame(n, rules, seed=seed, first_dealer=dealer), random.Random(seed), steps
    )
    if not game.moves:
        return
    record, view = to_record(game), game.view(0)
    copy = game.clone()
    move = game.undo()
    game.play(move)
    assert to_record(game) == record and game.view(0) == view
    play_randomly(copy, random.Random(1), 50)
    assert to_record(game) == record


@fast(100)
@given(setups())
def test_records_round_trip(setup: tuple[int, OhHellRules, int, int]) -> None:
    n, rules, dealer, seed = setup
    rng = random.Random(seed)
    game = OhHellGame(n, rules, seed=seed, first_dealer=dealer)
    play_randomly(game, rng, rng.randrange(0, 400))
    record = json.loads(json.dumps(to_record(game)))
    check_shape(record)
    again = game_from_record(record)
    assert to_record(again) == record
    assert again.scores == game.scores and again.to_move == game.to_move
    out = replay(record)
    assert out["status"] == ("over" if game.is_over() else "in_progress")
    assert out["scores"] == game.scores and len(out["deals"]) == len(game.deals)
    if game.is_over():
        assert out["winners"] == list(game.outcome().winners)


# -------------------------------------------------------------------------- records
def small_record() -> dict[str, Any]:
    game = dealt(THREE, "5H", hand_sizes=(2, 1), hook=False)
    play_all(game, "0 2 0 QS 3H AS 4H KS 2H")
    game.deal([["2S"], ["3S"], ["4S"]], "5S")
    play_all(game, "0 0")
    return to_record(game)


def test_record_shape() -> None:
    record = small_record()
    assert record == {
        "format": "kowhist-record/1",
        "game": "ohhell",
        "players": 3,
        "rules": {"hand_sizes": [2, 1], "hook": False},
        "first_dealer": 0,
        "deals": [
            {
                "hands": [["AS", "KS"], ["QS", "2H"], ["3H", "4H"]],
                "trump_card": "5H",
                "actions": ["0", "2", "0", "QS", "3H", "AS", "4H", "KS", "2H"],
            },
            {"hands": [["2S"], ["3S"], ["4S"]], "trump_card": "5S", "actions": ["0", "0"]},
        ],
    }


def test_replay_reports_every_deal() -> None:
    out = replay(small_record())
    assert out["status"] == "in_progress" and out["winner"] is None and out["winners"] == []
    first, second = out["deals"]
    assert first == {
        "number": 1,
        "dealer": 0,
        "hand_size": 2,
        "trump_card": "5H",
        "trump": "H",
        "bids": [0, 0, 2],
        "calls": [[1, "0"], [2, "2"], [0, "0"]],
        "leader": 1,
        "tricks": [
            {"leader": 1, "cards": [[1, "QS"], [2, "3H"], [0, "AS"]], "winner": 2},
            {"leader": 2, "cards": [[2, "4H"], [0, "KS"], [1, "2H"]], "winner": 2},
        ],
        "tricks_won": [0, 0, 2],
        "points": [10, 10, 12],
        "scores": [10, 10, 12],
    }
    assert second["dealer"] == 1 and second["bids"] == [0, None, 0]
    assert second["leader"] is None and second["points"] is None and second["scores"] is None


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (lambda r: r["deals"][0]["actions"].__setitem__(0, "3"), (0, 0, 1), "a bid is at most 2"),
        (
            lambda r: r.__setitem__("rules", {"hand_sizes": [2, 1]}),  # the hook back on
            (0, 2, 0),
            "the dealer may not bid 0",
        ),
        (lambda r: r["deals"][0]["actions"].__setitem__(4, "AS"), (0, 4, 2), "does not hold A♠"),
        (
            lambda r: r["deals"][1].__setitem__("trump_card", "2S"),
            (1, None, None),
            "2S is dealt twice",
        ),
        (lambda r: r["deals"][0]["actions"].pop(), (0, None, None), "deal 0 stops before its end"),
        (lambda r: r["deals"][0]["actions"].append("AS"), (0, 9, None), "one too many"),
        (lambda r: r.__setitem__("players", 9), (None, None, None), "for 3 to 7 players"),
        (lambda r: r.__setitem__("rules", {"hook": 2}), (None, None, None), "hook must be true"),
        (lambda r: r.__setitem__("first_dealer", 5), (None, None, None), "first_dealer must be"),
    ],
)
def test_replay_names_the_first_broken_rule(change: Any, where: tuple, message: str) -> None:
    record = small_record()
    change(record)
    out = replay(record)
    assert out["status"] == "error"
    err = out["error"]
    assert (err["deal"], err["action"], err["seat"]) == where
    assert message in err["message"]
    with pytest.raises(OhHellReplayError):
        game_from_record(record)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a record is a JSON object"),
        ({"format": "chess"}, "the format tag is 'chess'"),
        ({"format": "kowhist-record/1", "game": "whist", "players": 4}, "unknown game 'whist'"),
        ({"format": "kowhist-record/1", "game": "ohhell"}, "how many players"),
        ({"format": "kowhist-record/1", "game": "ohhell", "players": 4, "x": 1}, "unknown key 'x'"),
        ({"format": "kowhist-record/1", "game": "ohhell", "players": "4"}, "a number or a list"),
        ({"format": "kowhist-record/1", "game": "ohhell", "players": 4, "rules": []}, "rules must"),
        (
            {"format": "kowhist-record/1", "game": "ohhell", "players": 4, "rules": {"x": 1}},
            "unknown rule option 'x'",
        ),
        (
            {"format": "kowhist-record/1", "game": "ohhell", "players": 4, "first_dealer": "0"},
            "first_dealer must be a seat number",
        ),
        ({"format": "kowhist-record/1", "game": "ohhell", "players": 4, "deals": {}}, "deals must"),
        (
            {"format": "kowhist-record/1", "game": "ohhell", "players": 4, "deals": [[]]},
            "deal 0 must be an object",
        ),
        (
            {"format": "kowhist-record/1", "game": "ohhell", "players": 4, "deals": [{}]},
            "deal 0 needs hands",
        ),
        (
            {
                "format": "kowhist-record/1",
                "game": "ohhell",
                "players": 4,
                "deals": [{"hands": [], "actions": "AS"}],
            },
            "actions must be a list of codes",
        ),
        (
            {
                "format": "kowhist-record/1",
                "game": "ohhell",
                "players": 4,
                "deals": [{"hands": [], "trump_card": 7}],
            },
            "trump_card must be a code",
        ),
    ],
)
def test_not_a_record_is_a_record_error_and_replay_never_raises(data: Any, message: str) -> None:
    with pytest.raises(RecordError) as err:
        check_shape(data)
    assert message in str(err.value)
    out = replay(data)
    assert out["status"] == "error" and message in out["error"]["message"]
    assert out["error"]["deal"] is None


def test_the_example_in_docs_records_replays_as_shown() -> None:
    text = Path(__file__).parent.parent.joinpath("docs", "records.md").read_text("utf-8")
    section = text.split("## Oh Hell", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("```", 1)[0] for b in section.split("```json\n")[1:]]
    record = json.loads(blocks[0])
    shown = json.loads(blocks[1].replace(',\n           "..."]', "]"))
    out = replay(record)
    assert {k: out[k] for k in ("status", "winner", "winners", "scores")} == {
        k: shown[k] for k in ("status", "winner", "winners", "scores")
    }
    assert out["deals"][0] == shown["deals"][0]
