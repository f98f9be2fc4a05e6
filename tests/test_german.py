"""German Whist (RULES.md §3): hand-set deals with results worked out by hand, every
error case, undo/clone, seeds, records, and property tests over thousands of random
games checked against a small independent referee written here from the rules.

Two hand-set deals carry most of the tests (dealer 0, so seat 1 leads the first trick):

* the *mirror* deal: seat 1 holds the 13 hearts, seat 0 the 13 spades; the stock
  alternates 2♣ (turned up: clubs are trumps) and the low diamonds, which the phase-1
  winner takes, with the high clubs and A♦, which the loser takes unseen.  If seat 1
  leads hearts and seat 0 throws spades, seat 1 wins all 13 phase-1 tricks but ends with
  2♣ and twelve diamonds against A♦ and twelve clubs: seat 0 wins all of phase 2.
  13–13 overall, a drawn hand under ``all26`` that seed 003 says cannot happen.
* the *split* deal: the same start, but the phase-1 winner collects A♦–7♦ and 6♣–2♣,
  the loser 6♦–2♦ and A♣–7♣; phase 2 goes 8–5 to seat 1 (eight diamonds, then seat 0's
  clubs).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kowhist_teach.core.cards import ALL_CARDS, FULL_DECK, SUIT_MASK, Card, Suit, mask_of
from kowhist_teach.core.errors import IllegalMove, RecordError, SetupError
from kowhist_teach.core.record import ReplayError, game_from_record, replay, to_record
from kowhist_teach.games.german.engine import (
    GermanGame,
    GermanOutcome,
    GermanPhase,
    GermanRules,
    GermanTermination,
    deal_deck,
)
from kowhist_teach.games.german.record import german_game_from_record, german_record, replay_german
from kowhist_teach.games.knockout.engine import KnockoutGame

RANKS_DOWN = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
RANKS_UP = RANKS_DOWN[::-1]


def suit(codes_ranks: list[str], s: str) -> list[str]:
    return [r + s for r in codes_ranks]


def interleave(even: list[str], odd: list[str]) -> list[str]:
    return [c for pair in zip(even, odd, strict=True) for c in pair]


# --------------------------------------------------------------- the mirror deal
MIRROR_HANDS = [suit(RANKS_UP, "S"), suit(RANKS_DOWN, "H")]  # seat 0 spades, seat 1 hearts
MIRROR_STOCK = interleave(
    ["2C"] + suit(RANKS_UP[:12], "D"),  # 2C, 2D … KD: taken face up by the winner
    suit(RANKS_DOWN[:12], "C") + ["AD"],  # AC, KC … 3C, AD: taken unseen by the loser
)
# Phase 1: seat 1 leads AH … 2H, seat 0 throws 2S … AS.
MIRROR_PHASE1 = interleave(suit(RANKS_DOWN, "H"), suit(RANKS_UP, "S"))
# Phase 2: KD is beaten by AD, AC draws 2C, then KC … 3C win while seat 1 throws QD … 2D.
MIRROR_PHASE2 = ["KD", "AD", "AC", "2C"] + interleave(
    suit(RANKS_DOWN[1:12], "C"), suit(RANKS_DOWN[2:13], "D")
)

# ---------------------------------------------------------------- the split deal
SPLIT_STOCK = interleave(
    suit(RANKS_DOWN[:8], "D") + suit(RANKS_DOWN[8:], "C"),  # AD … 7D, 6C … 2C
    suit(RANKS_DOWN[8:], "D") + suit(RANKS_DOWN[:8], "C"),  # 6D … 2D, AC … 7C
)
SPLIT_PHASE2 = (
    interleave(suit(RANKS_DOWN[:5], "D"), suit(RANKS_DOWN[8:], "D"))  # AD/6D … 10D/2D
    + ["9D", "7C", "8D", "8C", "7D", "9C"]  # seat 0 out of diamonds throws low clubs
    + ["6C", "AC", "KC", "5C", "QC", "4C", "JC", "3C", "10C", "2C"]
)


def new_game(stock: list[str] = MIRROR_STOCK, **options) -> GermanGame:
    game = GermanGame(GermanRules(**options), auto_chance=False)
    game.deal(MIRROR_HANDS, stock)
    return game


def play_all(game: GermanGame, codes: list[str]) -> GermanGame:
    for code in codes:
        game.play(code)
    return game


def state(game: GermanGame) -> tuple:
    """Everything that makes up a game's state, for equality checks."""
    return (
        game.phase,
        game.to_move,
        tuple(game.hands),
        tuple(game.stock),
        game.trump,
        tuple((t.leader, tuple(t.plays), t.winner, t.winning_card) for t in game.tricks),
        tuple(game.winner_took),
        tuple(game.loser_took),
        tuple(game.tricks_won),
        tuple(game.phase1_tricks),
        game.outcome(),
        tuple(game.moves),
    )


# ------------------------------------------------------------------ the deal
def test_deal_order_one_at_a_time_from_the_non_dealer():
    hands, stock = deal_deck(ALL_CARDS, dealer=0)
    assert hands[1] == list(ALL_CARDS[0:26:2])  # the non-dealer gets the 1st, 3rd … card
    assert hands[0] == list(ALL_CARDS[1:26:2])  # the dealer gets the 26th
    assert stock == list(ALL_CARDS[26:])
    hands, _ = deal_deck(ALL_CARDS, dealer=1)
    assert hands[0][0] == Card("2S") and hands[1][-1] == ALL_CARDS[25]
    with pytest.raises(SetupError):
        deal_deck(ALL_CARDS[:51])


@pytest.mark.parametrize("dealer", [0, 1])
def test_seeded_deal_and_first_lead(dealer):
    g = GermanGame(seed=11, first_dealer=dealer)
    assert g.phase is GermanPhase.PLAY1 and g.to_move == 1 - dealer
    assert [len(h) for h in g.dealt_hands] == [13, 13] and len(g.stock) == 26
    assert mask_of(g.dealt_hands[0] + g.dealt_hands[1] + g.dealt_stock) == FULL_DECK
    assert g.trump is g.stock[0].suit and g.face_up == [g.stock[0]]


def test_trump_is_the_suit_of_the_first_stock_card():
    g = new_game()
    assert g.trump is Suit.CLUBS and g.face_up == [Card("2C")] and g.to_move == 1
    g = new_game(SPLIT_STOCK)
    assert g.trump is Suit.DIAMONDS and g.face_up == [Card("AD")]


# -------------------------------------------------------------------- phase 1
def test_phase1_winner_takes_the_face_up_card_loser_the_next_unseen():
    g = play_all(new_game(), ["AH", "2S"])
    assert g.tricks[0].winner == 1
    assert g.winner_took == [Card("2C"), None] and g.loser_took == [Card("AC"), None]
    assert Card("2C") in g.hand(1) and Card("AC") in g.hand(0)
    assert [len(g.hand(s)) for s in (0, 1)] == [13, 13]
    assert g.face_up == [Card("2D")] and len(g.stock) == 24
    assert g.to_move == 1  # the winner leads
    v0, v1 = g.view(0), g.view(1)
    assert v1.seen_taken == v0.seen_taken == [[], [Card("2C")]]
    assert v1.unseen_taken == [1, 0] and v1.own_unseen == [] and v0.own_unseen == [Card("AC")]
    assert v1.opponent_known == [] and v0.opponent_known == [Card("2C")]
    assert v0.played == [Card("AH"), Card("2S")] and v0.trick == []


def test_trumping_in_phase1_wins_the_face_up_card():
    g = play_all(new_game(), ["AH", "2S", "KH", "AC"])  # seat 0 trumps with the A♣ it drew
    assert g.tricks[1].winner == 0 and g.winner_took[1] == Card("2D")
    assert g.loser_took[1] == Card("KC") and g.to_move == 0


def test_follow_suit():
    g = play_all(new_game(), MIRROR_PHASE1 + ["KD"])
    assert g.legal_moves() == [Card("AD")]
    with pytest.raises(IllegalMove, match="^must follow ♦: you hold A♦$"):
        g.play("AC")
    assert g.why_illegal("AC") == "must follow ♦: you hold A♦"
    assert g.why_illegal("AD") == ""
    g = play_all(new_game(), ["AH"])  # seat 0 has no hearts: any card will do
    assert g.legal_moves() == [Card(c) for c in suit(RANKS_DOWN, "S")]


def test_phase2_is_led_by_the_winner_of_the_last_phase1_trick():
    g = play_all(new_game(), MIRROR_PHASE1)
    assert g.phase is GermanPhase.PLAY2 and g.stock == [] and g.to_move == 1
    assert g.phase1_tricks == [0, 13] and g.tricks_won == [0, 13]
    assert sorted(g.hand(0)) == sorted(Card(c) for c in MIRROR_STOCK[1::2])
    assert sorted(g.hand(1)) == sorted(Card(c) for c in MIRROR_STOCK[0::2])
    # Once the stock is empty each player knows the other's hand exactly.
    assert g.view(0).opponent_known == g.hand(1) and g.view(1).opponent_known == g.hand(0)
    # Now let seat 0 trump the last phase-1 trick: seat 0 leads phase 2.
    phase1 = MIRROR_PHASE1[:-1] + ["3C"]
    g = play_all(new_game(), phase1)
    assert g.tricks[12].winner == 0 and g.phase is GermanPhase.PLAY2 and g.to_move == 0
    assert g.winner_took[12] == Card("KD") and g.loser_took[12] == Card("AD")


# -------------------------------------------------------------------- scoring
def test_all26_draw_13_13():
    g = play_all(new_game(), MIRROR_PHASE1 + MIRROR_PHASE2)
    assert g.outcome() == GermanOutcome(None, 0, [13, 13], [0, 13], GermanTermination.ALL_TRICKS)
    assert g.outcome().is_draw and g.phase is GermanPhase.OVER and g.to_move is None
    assert g.hands == [0, 0] and len(g.tricks) == 26


def test_last13_counts_only_phase2_and_scores_the_difference():
    g = play_all(new_game(scoring="last13"), MIRROR_PHASE1 + MIRROR_PHASE2)
    o = g.outcome()
    assert (o.winner, o.points, o.phase2_tricks) == (0, 13, [13, 0])
    split = new_game(SPLIT_STOCK, scoring="last13")
    o = play_all(split, MIRROR_PHASE1 + SPLIT_PHASE2).outcome()
    assert (o.winner, o.points, o.tricks_won, o.phase1_tricks) == (1, 3, [5, 21], [0, 13])


def test_all26_scores_tricks_minus_13():
    o = play_all(new_game(SPLIT_STOCK), MIRROR_PHASE1 + SPLIT_PHASE2).outcome()
    assert (o.winner, o.points, o.termination) == (1, 8, GermanTermination.ALL_TRICKS)


# ------------------------------------------------------------------- variants
def test_race_to_7_under_all26_ends_at_the_seventh_trick():
    g = play_all(new_game(race_to=7), MIRROR_PHASE1[:14])
    o = g.outcome()
    assert (o.winner, o.points, o.termination) == (1, 1, GermanTermination.RACE)
    assert len(g.tricks) == 7 and g.phase is GermanPhase.OVER
    assert g.winner_took[6] is None and g.loser_took[6] is None  # no draw after the end
    with pytest.raises(IllegalMove, match="^the game is over$"):
        g.play(MIRROR_PHASE1[14])


def test_race_under_last13_counts_phase2_tricks_only():
    g = play_all(new_game(scoring="last13", race_to=7), MIRROR_PHASE1 + MIRROR_PHASE2[:14])
    o = g.outcome()
    assert (o.winner, o.points, o.tricks_won, o.termination) == (
        0,
        1,
        [7, 13],
        GermanTermination.RACE,
    )
    assert len(g.tricks) == 20


def test_race_to_9_not_reached_falls_back_to_the_normal_rule():
    g = play_all(new_game(SPLIT_STOCK, scoring="last13", race_to=9), MIRROR_PHASE1 + SPLIT_PHASE2)
    o = g.outcome()
    assert (o.winner, o.points, o.termination) == (1, 3, GermanTermination.ALL_TRICKS)
    g = play_all(new_game(SPLIT_STOCK, race_to=9), MIRROR_PHASE1[:18])
    assert g.outcome().termination is GermanTermination.RACE and len(g.tricks) == 9


def test_no_trumps():
    g = new_game(no_trumps=True)
    # RULES.md §3 (issue 13): the stock lies face down; its top card is still the prize
    assert g.trump is None and g.face_up == [] and g.stock[0] == Card("2C")
    play_all(g, ["AH", "2S", "KH", "AC"])  # A♣ is only a discard now
    assert g.tricks[1].winner == 1 and g.winner_took[1] == Card("2D")
    o = play_all(new_game(SPLIT_STOCK, no_trumps=True), MIRROR_PHASE1 + SPLIT_PHASE2).outcome()
    assert (o.winner, o.points) == (1, 8)


def test_open_stock_winner_picks_loser_takes_first_face_down():
    g = new_game(open_stock=3)
    assert g.face_up == [Card("2C"), Card("AC"), Card("2D")] and g.trump is Suit.CLUBS
    play_all(g, ["AH", "2S"])
    assert g.phase is GermanPhase.PICK and g.to_move == 1
    assert g.legal_moves() == [Card("2D"), Card("AC"), Card("2C")]
    with pytest.raises(IllegalMove, match="must take one of the face-up stock cards: 2♦ A♣ 2♣"):
        g.play("KC")  # face down
    with pytest.raises(IllegalMove, match="^it is Player 2's turn, not Player 1's$"):
        g.play("AC", seat=0)
    g.play("AC", seat=1)
    assert g.winner_took[0] == Card("AC") and g.loser_took[0] == Card("KC")
    assert g.face_up == [Card("2C"), Card("2D"), Card("3D")] and g.phase is GermanPhase.PLAY1
    assert g.view(0).own_unseen == [Card("KC")] and g.view(1).unseen_taken == [1, 0]
    assert g.undo() == Card("AC") and g.phase is GermanPhase.PICK


def test_open_stock_end_of_stock():
    # open_stock=3: the last trick leaves two face-up cards; the loser gets the other one,
    # which everybody saw.
    g = new_game(open_stock=3)
    for lead, throw in zip(MIRROR_PHASE1[0::2], MIRROR_PHASE1[1::2], strict=True):
        play_all(g, [lead, throw])
        up = g.face_up
        if len(g.stock) == 2:
            assert up == g.stock
            g.play(up[1])
            assert g.loser_took[-2] == up[0]
        else:
            g.play(up[-1])
    assert g.phase is GermanPhase.PLAY2
    assert g.loser_took[12] in g.view(1).seen_taken[0]
    assert g.view(1).unseen_taken == [12, 0]
    # open_stock=4: with four cards left all lie face up; the loser gets the one turned
    # up longest ago (first in line).
    g = new_game(open_stock=4)
    for i, (lead, throw) in enumerate(zip(MIRROR_PHASE1[0::2], MIRROR_PHASE1[1::2], strict=True)):
        play_all(g, [lead, throw])
        before = list(g.stock)
        g.play(g.face_up[-1])
        if i == 11:
            assert len(before) == 4 and g.loser_took[i] == before[0]
            assert g.loser_took[i] in g.view(1).seen_taken[0]
    assert g.view(1).unseen_taken == [11, 0]


# ---------------------------------------------------------------------- errors
def test_illegal_moves_leave_the_game_unchanged():
    g = new_game()
    before = state(g)
    cases = [
        ("2C", "^Player 2 does not hold 2♣$", {}),
        ("ZZ", "^unknown card code 'ZZ': write the rank then the suit, like AS, 10H or QD$", {}),
        ("pass", "^cards are being played now: pass is not a card$", {}),
        (5, "^unknown move 5$", {}),
        ("AH", "^it is Player 2's turn, not Player 1's$", {"seat": 0}),
        ("AH", "^it is Player 2's turn, not seat 5's$", {"seat": 5}),
    ]
    for move, message, kw in cases:
        with pytest.raises(IllegalMove, match=message):
            g.play(move, **kw)
        assert state(g) == before
    g.play("AH")
    with pytest.raises(IllegalMove, match="^Player 1 does not hold 3♥$"):
        g.play(Card("3H"))


def test_named_players():
    g = GermanGame(seed=1, players=["Ann", "Bo"])
    with pytest.raises(IllegalMove, match="^it is Bo's turn, not Ann's$"):
        g.play(g.legal_moves()[0], seat=0)


@pytest.mark.parametrize(
    "hands, stock, message",
    [
        (MIRROR_HANDS, MIRROR_STOCK[:25], "^the stock must hold 26 cards, not 25$"),
        ([MIRROR_HANDS[0][:12], MIRROR_HANDS[1]], MIRROR_STOCK, "seat 0 must be dealt 13 cards"),
        ([MIRROR_HANDS[0]], MIRROR_STOCK, "one hand per seat"),
        (
            [MIRROR_HANDS[0], MIRROR_HANDS[1][:12] + ["AS"]],
            MIRROR_STOCK,
            "^AS is dealt twice: a pack holds each card once$",
        ),
        (MIRROR_HANDS, MIRROR_STOCK[:25] + ["2S"], "^2S is dealt twice"),
        ([MIRROR_HANDS[0][:12] + ["XX"], MIRROR_HANDS[1]], MIRROR_STOCK, "unknown card code"),
        ([MIRROR_HANDS[0][:12] + [5], MIRROR_HANDS[1]], MIRROR_STOCK, "written as text"),
        ([MIRROR_HANDS[0], "AH KH"], MIRROR_STOCK, "must be a list of cards"),
        (MIRROR_HANDS, "2C AC", "^the stock must be a list of cards$"),
    ],
)
def test_bad_deals(hands, stock, message):
    g = GermanGame(auto_chance=False)
    with pytest.raises(IllegalMove, match=message):
        g.deal(hands, stock)
    assert g.phase is GermanPhase.DEAL and g.hands == [0, 0]
    with pytest.raises(IllegalMove, match="dealt first"):
        g.play("AS")


def test_deal_only_once_and_accepts_cards_and_th():
    g = new_game()
    with pytest.raises(IllegalMove, match="^no deal is due now$"):
        g.deal(MIRROR_HANDS, MIRROR_STOCK)
    g = GermanGame(auto_chance=False)
    hands = [[Card(c) for c in MIRROR_HANDS[0]], [c.replace("10", "T") for c in MIRROR_HANDS[1]]]
    g.deal(hands, MIRROR_STOCK)
    assert g.hands == new_game().hands


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 3}, "^German Whist is for exactly 2 players$"),
        ({"players": 1}, "^German Whist is for exactly 2 players$"),
        ({"players": ["A", "B", "C"]}, "^German Whist is for exactly 2 players$"),
        ({"players": "two"}, "players must be a number or a list of names"),
        ({"players": True}, "players must be a number or a list of names"),
        ({"first_dealer": 2}, "first_dealer must be a seat from 0 to 1"),
        ({"rules": {"scoring": "all26"}}, "rules must be a GermanRules object"),
    ],
)
def test_bad_setups(kwargs, message):
    with pytest.raises(SetupError, match=message):
        GermanGame(**kwargs)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"trumps": "H"}, "^unknown rule option 'trumps': known options are no_trumps, "),
        ({"scoring": "best"}, 'scoring must be "all26" or "last13"'),
        ({"open_stock": 0}, "open_stock must be a whole number from 1 to 26"),
        ({"open_stock": 27}, "open_stock must be"),
        ({"open_stock": True}, "open_stock must be"),
        ({"race_to": 0}, "race_to must be"),
        ({"race_to": 14}, "race_to must be"),
        ({"race_to": "7"}, "race_to must be"),
        ({"no_trumps": "yes"}, "rule option no_trumps must be true or false"),
    ],
)
def test_bad_rules(options, message):
    with pytest.raises(SetupError, match=message):
        GermanRules.from_dict(options)
    assert "\n" not in message


def test_rules_dict_round_trip():
    rules = GermanRules(scoring="last13", open_stock=2, race_to=9, no_trumps=True)
    assert GermanRules.from_dict(rules.to_dict()) == rules
    assert GermanRules().to_dict() == {} and GermanRules.from_dict(None) == GermanRules()
    with pytest.raises(SetupError, match="rules must be an object"):
        GermanRules.from_dict(["scoring"])


def test_view_of_a_bad_seat():
    with pytest.raises(ValueError, match="no seat 2"):
        GermanGame(seed=1).view(2)


# ------------------------------------------------------------- undo and clone
def test_undo_and_clone():
    g = GermanGame(seed=21)
    with pytest.raises(IllegalMove, match="^there is no move to undo$"):
        g.undo()
    rng = random.Random(0)
    states = [state(g)]
    while g.outcome() is None:
        g.play(rng.choice(g.legal_moves()))
        states.append(state(g))
    copy = g.clone()
    assert state(copy) == state(g)
    for expected in reversed(states[:-1]):
        g.undo()
        assert state(g) == expected
    assert state(copy) == states[-1]  # the clone is independent
    c = g.clone()
    c.play(c.legal_moves()[0])
    assert state(g) == states[0]


def test_same_seed_same_game():
    def run(seed: int) -> tuple:
        g = GermanGame(GermanRules(open_stock=2), seed=seed)
        KnockoutGame(3, seed=seed + 1)  # other games share no generator state with this one
        rng = random.Random(seed)
        while g.outcome() is None:
            g.play(rng.choice(g.legal_moves()))
        return state(g)

    assert run(5) == run(5)
    assert run(5) != run(6)
    assert GermanGame(seed=3).dealt_hands == GermanGame(seed=3).dealt_hands


# --------------------------------------------------------------------- records
def test_record_and_replay_json():
    g = play_all(new_game(), MIRROR_PHASE1 + MIRROR_PHASE2)
    record = german_record(g)
    assert record == {
        "format": "kowhist-record/1",
        "game": "german",
        "players": 2,
        "rules": {},
        "first_dealer": 0,
        "hands": MIRROR_HANDS,
        "stock": MIRROR_STOCK,
        "actions": MIRROR_PHASE1 + MIRROR_PHASE2,
    }
    out = replay_german(json.loads(json.dumps(record)))
    assert set(out) == {"status", "tricks", "tricks_won", "phase1_tricks", "winner", "points"}
    assert out["status"] == "over" and out["winner"] is None and out["points"] == 0
    assert out["tricks_won"] == [13, 13] and out["phase1_tricks"] == [0, 13]
    assert out["tricks"][0] == {
        "leader": 1,
        "cards": [[1, "AH"], [0, "2S"]],
        "winner": 1,
        "winner_took": "2C",
        "loser_took": "AC",
    }
    assert out["tricks"][13] == {
        "leader": 1,
        "cards": [[1, "KD"], [0, "AD"]],
        "winner": 0,
        "winner_took": None,
        "loser_took": None,
    }
    assert len(out["tricks"]) == 26 and json.loads(json.dumps(out)) == out
    assert state(german_game_from_record(record)) == state(g)


def test_record_writes_10_not_t_and_keeps_names_and_rules():
    g = GermanGame(
        GermanRules(scoring="last13", open_stock=2),
        first_dealer=1,
        auto_chance=False,
        players=["Ann", "Bo"],
    )
    # Dealer 1: seat 0 leads, so give seat 0 the hearts.
    g.deal([[c.replace("10", "T") for c in h] for h in MIRROR_HANDS[::-1]], MIRROR_STOCK)
    g.play("th")
    record = german_record(g)
    assert record["actions"] == ["10H"] and "10H" in record["hands"][0]
    assert record["players"] == ["Ann", "Bo"] and record["first_dealer"] == 1
    assert record["rules"] == {"scoring": "last13", "open_stock": 2}
    assert state(german_game_from_record(record)) == state(g)
    with pytest.raises(RecordError, match="nothing has been dealt"):
        german_record(GermanGame(auto_chance=False))


def test_replay_in_progress_and_errors():
    record = german_record(new_game())
    out = replay_german({**record, "actions": ["AH", "2S", "KH"]})
    assert out["status"] == "in_progress" and out["winner"] is None and out["points"] is None
    assert len(out["tricks"]) == 1  # complete tricks only: K♥ is still on the table
    assert "error" not in out
    actions = MIRROR_PHASE1 + ["KD", "AC"]
    out = replay_german({**record, "actions": actions})
    assert out["status"] == "error" and out["winner"] is None
    assert out["error"] == {
        "round": 0,
        "action": 27,
        "seat": 0,
        "message": "must follow ♦: you hold A♦",
    }
    assert len(out["tricks"]) == 13 and out["tricks_won"] == [0, 13]
    with pytest.raises(ReplayError, match="^must follow ♦: you hold A♦$") as info:
        german_game_from_record({**record, "actions": actions})
    assert (info.value.round, info.value.action, info.value.seat) == (0, 27, 0)
    # An action after the end: the hand's result stands, the record is still wrong.
    out = replay_german({**record, "actions": MIRROR_PHASE1 + MIRROR_PHASE2 + ["AS"]})
    assert out["status"] == "error" and out["error"]["action"] == 52
    assert out["error"]["seat"] is None and out["error"]["message"] == "the game is over"
    assert out["winner"] is None and out["points"] == 0 and len(out["tricks"]) == 26


@pytest.mark.parametrize(
    "change, message, where",
    [
        ({"rules": {"open_stock": 0}}, "open_stock must be", None),
        ({"players": 3}, "German Whist is for exactly 2 players", None),
        ({"players": ["Ann"]}, "German Whist is for exactly 2 players", None),
        ({"first_dealer": 2}, "first_dealer must be a seat from 0 to 1", None),
        ({"hands": [MIRROR_HANDS[0], MIRROR_HANDS[0]]}, "2S is dealt twice", 0),
        ({"hands": [MIRROR_HANDS[0]]}, "one hand per seat", 0),
        ({"stock": MIRROR_STOCK[:-1]}, "the stock must hold 26 cards, not 25", 0),
        ({"hands": [MIRROR_HANDS[0][:-1] + ["1S"], MIRROR_HANDS[1]]}, "unknown card", 0),
    ],
)
def test_records_that_break_a_rule(change, message, where):
    record = {**german_record(new_game()), **change}
    out = replay_german(record)
    assert out["status"] == "error" and out["tricks"] == [] and out["tricks_won"] == [0, 0]
    assert out["error"]["round"] == where
    assert out["error"]["action"] is None and out["error"]["seat"] is None
    assert message in out["error"]["message"] and "\n" not in out["error"]["message"]
    with pytest.raises(ReplayError, match=message):
        german_game_from_record(record)


KNOCKOUT_RECORD = {"format": "kowhist-record/1", "game": "knockout", "players": 3}


@pytest.mark.parametrize(
    "record, message",
    [
        ([], "not a record"),
        ("{}", "not a record"),
        ({"extra": 1}, "unknown key 'extra'"),
        ({"format": "kowhist-record/2"}, "not a kowhist record"),
        ({"actions": "AH 2S"}, "actions must be a list"),
        ({"actions": ["AH", 5]}, "actions must be a list"),
        ({"first_dealer": "0"}, "first_dealer must be a seat number"),
        ({"players": "two"}, "players must be a number or a list of names"),
        ({"rules": None}, "rules must be an object"),
        ({"hands": [MIRROR_HANDS[0][:-1] + [5], MIRROR_HANDS[1]]}, "hands must be"),
        ({"stock": "AS KS"}, "stock must be"),
        (KNOCKOUT_RECORD, "not a German Whist record: game is 'knockout'"),
        # An unknown rule option is an unknown key: the file is not a record (exit 2).
        ({"rules": {"trumps": "H"}}, "unknown rule option 'trumps'"),
    ],
)
def test_not_a_record_at_all(record, message):
    if isinstance(record, dict) and record is not KNOCKOUT_RECORD:
        record = {**german_record(new_game()), **record}
    with pytest.raises(RecordError, match=message):
        replay_german(record)
    with pytest.raises(RecordError, match=message):
        german_game_from_record(record)


@pytest.mark.parametrize("key", ["format", "game", "players", "hands", "stock"])
def test_a_record_needs_these_keys(key):
    record = german_record(new_game())
    del record[key]
    with pytest.raises(RecordError):
        replay_german(record)


def test_rules_first_dealer_and_actions_may_be_left_out():
    record = german_record(new_game())
    for key in ("rules", "first_dealer", "actions"):
        del record[key]
    assert replay_german(record)["status"] == "in_progress"
    g = german_game_from_record(record)
    assert g.to_move == 1 and g.rules == GermanRules() and g.dealer == 0


def test_the_shared_record_functions_dispatch_here():
    g = play_all(new_game(open_stock=2), ["AH", "2S", "AC"])
    record = to_record(g)
    assert record == german_record(g)
    assert replay(record) == replay_german(record)
    assert state(game_from_record(record)) == state(g)


def test_open_stock_picks_are_actions():
    g = play_all(new_game(open_stock=2), ["AH", "2S", "AC"])
    record = german_record(g)
    assert record["actions"] == ["AH", "2S", "AC"]
    out = replay_german(record)
    assert out["tricks"][0]["winner_took"] == "AC" and out["tricks"][0]["loser_took"] == "2D"
    bad = replay_german({**record, "actions": ["AH", "2S", "KC"]})
    assert bad["error"]["action"] == 2 and bad["error"]["seat"] == 1
    assert bad["tricks"][0]["winner"] == 1 and bad["tricks"][0]["winner_took"] is None


# ------------------------------------------------------- an independent referee
_RANK = {r: i for i, r in enumerate(RANKS_UP)}


def referee(record: dict) -> dict:
    """Replay a finished record by a deliberately plain reading of RULES.md §3 (lists of
    codes, no engine code) and give what ``replay --json`` should print."""
    rules = record["rules"]
    k = rules.get("open_stock", 1)
    last13 = rules.get("scoring", "all26") == "last13"
    race = rules.get("race_to")
    hands = [list(h) for h in record["hands"]]
    stock = list(record["stock"])
    trump = None if rules.get("no_trumps") else stock[0][-1]
    actions = iter(record["actions"])
    leader = 1 - record["first_dealer"]
    won, p1, tricks = [0, 0], [0, 0], []

    def counted(seat: int) -> int:
        return won[seat] - (p1[seat] if last13 else 0)

    winner = None
    for t in range(26):
        follower = 1 - leader
        lead, follow = next(actions), next(actions)
        hands[leader].remove(lead)
        if any(c[-1] == lead[-1] for c in hands[follower]):
            assert follow[-1] == lead[-1], "the follower did not follow suit"
        hands[follower].remove(follow)
        if follow[-1] == lead[-1]:
            winner = follower if _RANK[follow[:-1]] > _RANK[lead[:-1]] else leader
        else:
            winner = follower if follow[-1] == trump else leader
        won[winner] += 1
        p1[winner] += t < 13
        entry = {
            "leader": leader,
            "cards": [[leader, lead], [follower, follow]],
            "winner": winner,
            "winner_took": None,
            "loser_took": None,
        }
        tricks.append(entry)
        if race is not None and counted(winner) >= race:
            result = (winner, 1)
            break
        if t < 13:
            pick = next(actions) if k > 1 else stock[0]
            assert pick in stock[:k]
            stock.remove(pick)
            lost = stock[k - 1] if len(stock) >= k else stock[0]
            stock.remove(lost)
            hands[winner].append(pick)
            hands[1 - winner].append(lost)
            entry["winner_took"], entry["loser_took"] = pick, lost
        leader = winner
    else:
        c = [counted(0), counted(1)]
        if c[0] == c[1]:
            result = (None, 0)
        else:
            w = int(c[1] > c[0])
            result = (w, c[w] - 13 if not last13 else c[w] - c[1 - w])
    assert next(actions, None) is None
    return {
        "status": "over",
        "tricks": tricks,
        "tricks_won": won,
        "phase1_tricks": p1,
        "winner": result[0],
        "points": result[1],
    }


@pytest.mark.parametrize("stock", [MIRROR_STOCK, SPLIT_STOCK])
@pytest.mark.parametrize("scoring", ["all26", "last13"])
def test_referee_agrees_on_the_hand_set_deals(stock, scoring):
    actions = MIRROR_PHASE1 + (MIRROR_PHASE2 if stock is MIRROR_STOCK else SPLIT_PHASE2)
    record = german_record(play_all(new_game(stock, scoring=scoring), actions))
    assert replay_german(record) == referee(record)


# -------------------------------------------------------------- property tests
rules_strategy = st.builds(
    GermanRules,
    scoring=st.sampled_from(["all26", "last13"]),
    open_stock=st.one_of(st.just(1), st.integers(1, 26)),
    race_to=st.one_of(st.none(), st.sampled_from([7, 9]), st.integers(1, 13)),
    no_trumps=st.booleans(),
)
# database=None: nothing is written into the work tree; a failure prints its example.
PROPERTY = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
GAMES_PER_EXAMPLE = 8  # 400 examples x 8 = 3200 games, about 5 s


def check_invariants(g: GermanGame) -> None:
    played = [c for t in g.tricks for _s, c in t.plays]
    h0, h1 = g.hands
    # 52 cards conserved: two hands, the stock and the cards played, no card twice.
    assert h0.bit_count() + h1.bit_count() + len(g.stock) + len(played) == 52
    assert h0 | h1 | mask_of(g.stock) | mask_of(played) == FULL_DECK
    assert len(g.tricks) <= 26 and sum(g.tricks_won) == sum(len(t.plays) == 2 for t in g.tricks)
    if g.phase in (GermanPhase.PLAY1, GermanPhase.PLAY2):
        seat, trick = g.to_move, g.tricks[-1]
        hand = g.hands[seat]
        if trick.plays:
            led = SUIT_MASK[trick.plays[0][1].suit]
            expected = hand & led or hand
        else:
            expected = hand
        assert mask_of(g.legal_moves()) == expected  # follow suit, nothing more
        if g.phase is GermanPhase.PLAY1 and not trick.plays:
            assert h0.bit_count() == h1.bit_count() == 13
    elif g.phase is GermanPhase.PICK:
        assert g.legal_moves() == sorted(
            g.stock[: g.rules.open_stock], key=lambda c: (c.suit, -c.rank)
        )


@settings(PROPERTY, max_examples=400)
@given(rules=rules_strategy, seed=st.integers(0, 2**40), dealer=st.integers(0, 1))
def test_random_games_keep_the_rules(rules, seed, dealer):
    rng = random.Random(seed)
    for i in range(GAMES_PER_EXAMPLE):
        g = GermanGame(rules, seed=seed + i, first_dealer=dealer)
        check_invariants(g)
        while g.outcome() is None:
            moves = g.legal_moves()
            if rng.random() < 0.05:  # an illegal try changes nothing
                bad = [c for c in ALL_CARDS if c not in moves]
                before = state(g)
                with pytest.raises(IllegalMove):
                    g.play(rng.choice(bad))
                assert state(g) == before
            g.play(rng.choice(moves))
            check_invariants(g)
        o = g.outcome()
        if o.termination is GermanTermination.ALL_TRICKS:
            assert len(g.tricks) == 26 and sum(o.tricks_won) == 26 and g.hands == [0, 0]
            if rules.race_to is not None:
                assert max(g.counted_tricks) < rules.race_to
        else:
            assert g.counted_tricks[o.winner] == rules.race_to > g.counted_tricks[1 - o.winner]
            assert o.points == 1
        if o.winner is None:
            assert rules.scoring == "all26" and o.tricks_won == [13, 13]
        assert sum(o.phase1_tricks) == min(13, len(g.tricks))


@settings(PROPERTY, max_examples=500)
@given(
    rules=rules_strategy,
    seed=st.integers(0, 2**40),
    dealer=st.integers(0, 1),
    stop=st.floats(0, 1),
)
def test_records_replay_identically(rules, seed, dealer, stop):
    rng = random.Random(seed)
    g = GermanGame(rules, seed=seed, first_dealer=dealer)
    while g.outcome() is None:
        g.play(rng.choice(g.legal_moves()))
    record = json.loads(json.dumps(german_record(g)))
    assert replay_german(record) == referee(record)
    again = german_game_from_record(record)
    assert state(again) == state(g)
    # A record cut anywhere is a game in progress that replays to the same state.
    n = int(stop * len(g.moves))
    while len(g.moves) > n:
        g.undo()
    cut = german_record(g)
    assert cut["actions"] == record["actions"][:n]
    assert state(german_game_from_record(cut)) == state(g)
    assert replay_german(cut)["status"] == ("over" if g.is_over() else "in_progress")


# ----------------------------------------------------------- no trumps: a closed stock
def test_no_trumps_turns_no_card_up_and_names_no_trump() -> None:
    """RULES.md §3: in the no-trumps game the stock lies face down."""
    game = GermanGame(seed=11, rules=GermanRules(no_trumps=True))
    assert game.trump is None and game.face_up == [] and game.face_up_count == 0
    view = game.view(0)
    assert view.face_up == [] and view.trump is None


def test_no_trumps_stock_cards_are_seen_only_by_their_taker() -> None:
    closed = GermanGame(seed=11, rules=GermanRules(no_trumps=True))
    rng = random.Random(5)
    while closed.phase is GermanPhase.PLAY1 and len(closed.stock) > 2:
        closed.play(rng.choice(closed.legal_moves()))
    tricks = zip(closed.tricks, closed.winner_took, closed.loser_took, strict=True)
    taken = [(t.winner, w, lo) for t, w, lo in tricks if w is not None]
    assert taken
    for seat in (0, 1):
        view = closed.view(seat)
        assert view.seen_taken == [[], []]
        mine = [w for winner, w, _lo in taken if winner == seat] + [
            lo for winner, _w, lo in taken if winner != seat
        ]
        assert sorted(view.own_unseen) == sorted(mine)
        assert sum(view.unseen_taken) == 2 * len(taken)
        # nothing the opponent took is known while the stock lasts
        assert view.opponent_known == []


def test_no_trumps_takes_the_same_cards_as_the_classic_game() -> None:
    deal = GermanGame(seed=21)
    closed = GermanGame(seed=21, rules=GermanRules(no_trumps=True))
    assert closed.stock == deal.stock
    closed.play(closed.legal_moves()[0])
    closed.play(closed.legal_moves()[-1])
    top, second = deal.stock[0], deal.stock[1]
    assert {closed.winner_took[0], closed.loser_took[0]} == {top, second}
    assert closed.winner_took[0] == top


def test_no_trumps_with_an_open_stock_shows_the_open_cards() -> None:
    game = GermanGame(seed=4, rules=GermanRules(no_trumps=True, open_stock=3))
    assert game.trump is None and game.face_up == game.stock[:3]
