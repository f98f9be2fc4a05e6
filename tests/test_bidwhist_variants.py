"""Bid whist's variants from seed 004 (issue 14, point 4), a test per rule: high and
low bids ranked equal (``equal_bids``); the opponents scoring their books over six
(``opponents_score``); one joker and a five-card kitty (``joker_count=1``); no jokers
with a four-card kitty (``joker_count=0``) or none at all (``kitty=False``: 13 tricks,
lowest bid one); the lowest bid of four with two jokers (``min_bid=4``); the no-trump
joker swap (``joker_swap``); a Boston worth 28 (``boston_points=28``).

Seats 0..3 clockwise; partnership 0 is seats 0 and 2. Deals set by hand have dealer 3,
so that seat 0 bids first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import fast
from hypothesis import given
from hypothesis import strategies as st

from kowhist_teach.core.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER
from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.core.moves import PASS
from kowhist_teach.games.family.bidwhist.engine import (
    _EQUAL_RANK,
    ALL_BIDS,
    BIDS,
    KITTY_SIZE,
    PACKS,
    BidWhistGame,
    BidWhistRules,
    bid_call,
    bid_parts,
)
from kowhist_teach.games.family.engine import FamilyPhase
from kowhist_teach.i18n import set_language
from tests.test_bidwhist import deal_low, oracle_legal, oracle_winner

DECK = [c.code for c in ALL_CARDS]


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def codes(moves: list) -> list[str]:
    return [m.code for m in moves]


def game_of(**rules: object) -> BidWhistGame:
    return BidWhistGame(BidWhistRules(**rules), first_dealer=3, auto_chance=False)


def play(game: BidWhistGame, moves: str) -> None:
    for move in moves.split():
        game.play(move)


def random_games(rules: BidWhistRules, count: int = 30):
    for seed in range(count):
        rng = random.Random(seed)
        game = BidWhistGame(rules, seed=seed)
        while game.outcome() is None:
            game.play(rng.choice(game.legal_moves()))
        yield game


# ---------------------------------------------------------------- the options
def test_defaults_are_the_seeds_game() -> None:
    rules = BidWhistRules()
    assert (rules.equal_bids, rules.opponents_score, rules.joker_count) == (False, False, 2)
    assert (rules.kitty, rules.joker_swap, rules.lowest_bid) == (True, False, 3)
    assert (rules.hand_size, rules.kitty_size) == (12, KITTY_SIZE)
    assert BIDS == ALL_BIDS[6:] and codes(BIDS[:3]) == ["3", "3L", "3NT"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kitty": False}, "without jokers can be played without a kitty"),
        ({"joker_count": 1, "min_bid": 4}, "lowest bid of four is played with two jokers"),
        ({"joker_count": 0, "joker_swap": True}, "joker_swap needs jokers"),
        ({"joker_count": 3}, "joker_count"),
        ({"equal_bids": "yes"}, "true or false"),
    ],
)
def test_bad_options_are_clear_errors(options: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        BidWhistRules(**options)


# ---------------------------------------------------------------- equal_bids
def test_high_and_low_bids_ranked_equal() -> None:
    game = game_of(equal_bids=True)
    game.deal([DECK[0:12], DECK[12:24], DECK[24:36], DECK[36:48]], kitty=DECK[48:] + ["LJ", "BJ"])
    play(game, "3")
    assert "3L" not in codes(game.legal_moves()) and "3NT" in codes(game.legal_moves())
    assert "not higher than the bid so far, 3 uptown" in game.why_illegal("3L")
    with pytest.raises(IllegalMove):
        game.play("3L")
    play(game, "3NT")
    assert codes(game.legal_moves())[:3] == ["pass", "4", "4L"]
    play(game, "4L")
    assert codes(game.legal_moves())[:2] == ["pass", "4NT"]


def test_without_equal_bids_low_beats_high() -> None:
    game = game_of()
    game.deal([DECK[0:12], DECK[12:24], DECK[24:36], DECK[36:48]], kitty=DECK[48:] + ["LJ", "BJ"])
    play(game, "3")
    assert codes(game.legal_moves())[:2] == ["pass", "3L"]


# ---------------------------------------------------------------- the packs
def test_one_joker_and_a_five_card_kitty() -> None:
    rules = BidWhistRules(joker_count=1)
    assert rules.kitty_size == 5 and PACKS[1] == (*ALL_CARDS, BIG_JOKER)
    game = game_of(joker_count=1)
    assert len(game.pack) == 53 and LITTLE_JOKER not in game.pack
    with pytest.raises(SetupError, match="kitty must hold 5 cards, not 4"):
        game.deal([DECK[0:12], DECK[12:24], DECK[24:36], DECK[36:48]], kitty=DECK[48:])
    with pytest.raises(SetupError, match="LJ is not in the pack"):
        game.deal([DECK[0:12], DECK[12:24], DECK[24:36], DECK[36:48]], kitty=DECK[48:] + ["LJ"])
    game.deal([DECK[0:12], DECK[12:24], DECK[24:36], DECK[36:48]], kitty=DECK[48:] + ["BJ"])
    play(game, "4 pass pass pass S")
    assert len(game.hand(0)) == 17 and game.phase is FamilyPhase.DISCARD
    for card in game.hand(0)[:4]:
        game.play(card)
    assert game.phase is FamilyPhase.DISCARD and "1 more card" in game.why_illegal("pass")
    game.play(game.hand(0)[0])
    assert game.phase is FamilyPhase.PLAY and game.to_move == 0 and len(game.hand(0)) == 12
    assert game.books(0) == 1 and game.tricks_needed() == 9


def test_no_jokers_and_a_four_card_kitty() -> None:
    game = game_of(joker_count=0)
    assert game.pack == ALL_CARDS and game.rules.kitty_size == 4
    game.deal([DECK[0:12], DECK[12:24], DECK[24:36], DECK[36:48]], kitty=DECK[48:])
    play(game, "5NT pass pass pass low")
    for card in game.hand(0)[:4]:
        game.play(card)
    assert game.phase is FamilyPhase.PLAY and game.tricks_needed() == 10


def test_no_kitty_thirteen_tricks_and_a_lowest_bid_of_one() -> None:
    rules = BidWhistRules(joker_count=0, kitty=False)
    assert (rules.lowest_bid, rules.hand_size, rules.kitty_size) == (1, 13, 0)
    game = game_of(joker_count=0, kitty=False)
    with pytest.raises(SetupError, match="13 cards"):
        game.deal([DECK[0:12], DECK[12:24], DECK[24:36], DECK[36:48]], kitty=DECK[48:])
    game.deal([DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:52]])
    assert game.kitty == [] and codes(game.legal_moves())[:4] == ["pass", "1", "1L", "1NT"]
    play(game, "1 pass pass pass H")
    assert game.phase is FamilyPhase.PLAY and game.to_move == 0 and len(game.hand(0)) == 13
    assert game.tricks_needed() == 7 and game.books(0) == 0 and game.tricks_per_deal() == 13
    assert bid_parts(bid_call(1)) == (1, "uptown")


def test_no_kitty_games_play_through_and_a_boston_is_thirteen_tricks() -> None:
    for game in random_games(BidWhistRules(joker_count=0, kitty=False), 20):
        for log in game.deals:
            if log.contract is None:
                continue
            assert len(log.tricks) == 13 and sum(log.tricks_won) == 13
            level = bid_parts(log.contract)[0]
            assert level >= 1


def test_the_lowest_bid_of_four_with_two_jokers() -> None:
    game = game_of(min_bid=4)
    game.deal([DECK[0:12], DECK[12:24], DECK[24:36], DECK[36:48]], kitty=DECK[48:] + ["LJ", "BJ"])
    assert codes(game.legal_moves())[:2] == ["pass", "4"]
    assert game.why_illegal("3NT") == "the lowest bid is 4"


# ---------------------------------------------------------------- scoring
def oracle(game: BidWhistGame, log, opponents: bool) -> list[int]:
    side = log.declarer % 2
    level, kind = bid_parts(log.contract)
    double = 2 if kind == "notrump" else 1
    made = game.books(side, log)
    if made == 13:
        mine = game.rules.boston_points * double
    elif made >= 6 + level:
        mine = (made - 6) * double
    else:
        mine = -level * double
    points = [0, 0]
    points[side] = mine
    if opponents:
        points[1 - side] = max(game.books(1 - side, log) - 6, 0) * double
    return points


@pytest.mark.parametrize("opponents", [False, True])
def test_the_opponents_score_their_books_over_six(opponents: bool) -> None:
    scored = False
    for game in random_games(BidWhistRules(opponents_score=opponents, boston_points=28)):
        totals = [0, 0]
        for log in game.deals:
            if log.contract is None:
                continue
            assert log.points == oracle(game, log, opponents)
            scored = scored or log.points[1 - log.declarer % 2] > 0
            totals = [a + b for a, b in zip(totals, log.points, strict=True)]
        assert totals == game.scores
    assert scored is opponents


# ---------------------------------------------------------------- the joker swap
def swap_game(**rules: object) -> BidWhistGame:
    """Seat 1 holds the little joker, seat 2 the big one; seat 0 bids 4 no trump."""
    game = game_of(joker_swap=True, **rules)
    hands = [DECK[0:12], DECK[12:23] + ["LJ"], DECK[24:35] + ["BJ"], DECK[36:48]]
    game.deal(hands, kitty=DECK[48:] + [DECK[23], DECK[35]])
    play(game, "4NT pass pass pass high")
    for card in game.hand(0)[:5]:
        game.play(card)
    return game


def test_at_no_trump_each_joker_is_swapped_for_a_discard() -> None:
    game = swap_game()
    last = game.hand(0)[0]
    game.play(last)
    discards = list(game.discards)
    assert game.chance_pending == "swap" and game.to_move is None and game.legal_moves() == []
    assert game.jokers_to_swap() == [(1, LITTLE_JOKER), (2, BIG_JOKER)]
    with pytest.raises(SetupError, match="not among the declarer's discards"):
        game.swap_jokers(["AS", discards[1].code])
    game.swap_jokers([discards[0].code, discards[1].code])
    assert LITTLE_JOKER not in game.hand(1) and discards[0] in game.hand(1)
    assert BIG_JOKER not in game.hand(2) and discards[1] in game.hand(2)
    assert sorted(game.discards) == sorted([*discards[2:], LITTLE_JOKER, BIG_JOKER])
    assert game.joker_swaps == [(1, LITTLE_JOKER, discards[0]), (2, BIG_JOKER, discards[1])]
    assert game.phase is FamilyPhase.PLAY and game.to_move == 0
    # Undo takes back the last discard and the swap with it.
    assert game.undo() == last and game.chance_pending is None
    assert LITTLE_JOKER in game.hand(1) and game.joker_swaps == []


def test_no_swap_in_a_trump_contract() -> None:
    game = game_of(joker_swap=True)
    hands = [DECK[0:12], DECK[12:23] + ["LJ"], DECK[24:35] + ["BJ"], DECK[36:48]]
    game.deal(hands, kitty=DECK[48:] + [DECK[23], DECK[35]])
    play(game, "4 pass pass pass S")
    for _i in range(6):
        game.play(game.hand(0)[-1])
    assert game.phase is FamilyPhase.PLAY and LITTLE_JOKER in game.hand(1)


def test_a_seeded_swap_is_random_and_replays_exactly() -> None:
    swapped = 0
    for game in random_games(BidWhistRules(joker_swap=True), 40):
        for event in game._log:
            if isinstance(event, tuple) and event[0] == "swap":
                swapped += 1
                assert all(card < 52 for _seat, _joker, card in event[1])
        clone = game.clone()
        assert clone.hands == game.hands and clone.scores == game.scores
    assert swapped > 0


def test_a_boston_worth_four_times() -> None:
    assert BidWhistRules(boston_points=28).to_dict() == {"boston_points": 28}


# ---------------------------------------------------------------- property tests
@st.composite
def variant_rules(draw: Any) -> BidWhistRules:
    """Any mix of the variants (with the seed's options too)."""
    jokers = draw(st.sampled_from([0, 1, 2]))
    kitty = True if jokers else draw(st.booleans())
    return BidWhistRules(
        min_bid=draw(st.sampled_from([3, 4])) if jokers == 2 else 3,
        sport_kitty=draw(st.booleans()),
        boston_points=draw(st.sampled_from([7, 28])),
        target=draw(st.sampled_from([7, 11])),
        equal_bids=draw(st.booleans()),
        opponents_score=draw(st.booleans()),
        joker_count=jokers,
        kitty=kitty,
        joker_swap=bool(jokers) and draw(st.booleans()),
    )


def check_variant_deal(game: BidWhistGame, log: Any) -> None:
    rules = game.rules
    size, kitty = rules.hand_size, rules.kitty_size
    assert [len(h) for h in log.hands] == [size] * 4 and len(log.extra["kitty"]) == kitty
    dealt = [c for h in log.hands for c in h] + list(log.extra["kitty"])
    assert sorted(dealt) == sorted(game.pack) and len(game.pack) == 52 + rules.joker_count
    if log.contract is None:
        return
    assert bid_parts(log.contract)[0] >= rules.lowest_bid
    assert len(log.tricks) == size and all(len(t.plays) == 4 for t in log.tricks)
    low = deal_low(log)
    for trick in log.tricks:
        assert trick.winner == oracle_winner(trick.plays, log.trump, low)
    assert game.books(0, log) + game.books(1, log) == 13
    assert log.points == oracle(game, log, rules.opponents_score)
    if rules.equal_bids:  # every bid outranks the one before it on the equal ladder
        bids = [m for _s, m in log.calls if m in _EQUAL_RANK]
        ranks = [_EQUAL_RANK[b] for b in bids]
        assert ranks == sorted(set(ranks))


@fast(150)
@given(st.integers(0, 2**32), variant_rules())
def test_random_games_with_the_variants_keep_the_rules(seed: int, rules: BidWhistRules) -> None:
    for game_seed in range(seed, seed + 2):
        rng = random.Random(game_seed)
        game = BidWhistGame(rules, seed=game_seed, first_dealer=game_seed % 4)
        while not game.is_over():
            moves = game.legal_moves()
            if game.phase is FamilyPhase.PLAY:
                plays = [c for _s, c in game.trick.plays]
                assert set(moves) == oracle_legal(game.hand(game.to_move), plays, game.trump)
                if rules.joker_swap and game.trump is None:
                    assert not any(c.is_joker for h in range(4) for c in game.hand(h))
            if rng.random() < 0.02:
                before = game.clone()
                move = rng.choice(moves)
                game.play(move)
                assert game.undo() == move and game.hands == before.hands
            game.play(PASS if PASS in moves and rng.random() < 0.6 else rng.choice(moves))
        for log in game.deals:
            check_variant_deal(game, log)
        assert game.scores == [sum(log.points[s] for log in game.deals) for s in (0, 1)]
