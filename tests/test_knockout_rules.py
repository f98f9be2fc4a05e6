"""Every rule of RULES.md §1–2 and every variant, on small hand-set deals.

The deals are written by hand, either as ``kowhist-record/1`` dicts checked with
``replay`` (the exact trick winners, tricks won, eliminations, dogs, winner, status), or
played on ``KnockoutGame(auto_chance=False)`` with ``deal`` and ``cut``.

Seats are 0..n-1 and clockwise is increasing seat number.  In round 1 the leader is the
first seat left of the dealer; later the player with most tricks last round (or the cut's
winner among those tied) chooses trumps and leads; the deal passes to the next *active*
player clockwise.
"""

from __future__ import annotations

import copy

import pytest

from kowhist_teach import PASS, Call, Card, IllegalMove, KnockoutGame, Phase, Rules, Status
from kowhist_teach.core.record import game_from_record, replay, to_record
from kowhist_teach.games.knockout.engine import Termination
from kowhist_teach.i18n import set_language

FORMAT = "kowhist-record/1"


@pytest.fixture(autouse=True)
def _english() -> None:
    """Messages are checked in English, whatever language another test left behind."""
    set_language("en")


# ------------------------------------------------------------------ helpers
def record(players: int, rounds: list[dict], first_dealer: int = 0, **rules: object) -> dict:
    """A Knock-Out Whist record written by hand."""
    return {
        "format": FORMAT,
        "game": "knockout",
        "players": players,
        "rules": dict(rules),
        "first_dealer": first_dealer,
        "rounds": rounds,
    }


def acts(text: str) -> list[str]:
    return text.split()


def ok(rec: dict) -> dict:
    """Replay a record that must be valid; return the replay object."""
    result = replay(rec)
    assert result["status"] != "error", result.get("error")
    return result


def err(rec: dict) -> dict:
    """Replay a record that must break a rule; return its error object."""
    result = replay(rec)
    assert result["status"] == "error", result
    error = result["error"]
    assert "\n" not in error["message"]
    return error


def trick(leader: int, cards: str, winner: int) -> dict:
    """A trick as replay reports it; ``cards`` is 'seat:code seat:code ...'."""
    plays = [[int(s), c] for s, c in (p.split(":") for p in cards.split())]
    return {"leader": leader, "cards": plays, "winner": winner}


def hand_game(
    players: int, hands: list[list[str]], turn_up: str, first_dealer: int = 0, **rules: object
) -> KnockoutGame:
    game = KnockoutGame(players, Rules(**rules), first_dealer=first_dealer, auto_chance=False)
    game.deal(hands, turn_up)
    return game


def play(game: KnockoutGame, moves: str) -> None:
    for move in moves.split():
        game.play(move)


def codes(moves: list) -> list[str]:
    return [m.code for m in moves]


# ------------------------------------------------------------ a plain game
# 3 players, start_hand 3, dealer 0: seat 1 leads round 1; turn-up 5D, trumps ♦.
PLAIN_R0 = {
    "hands": [["AS", "2H", "9C"], ["KS", "AC", "8C"], ["QS", "4D", "10C"]],
    "turn_up": "5D",
    # KS QS AS: follow suit, the ace wins.  2H AC 10C: two discards, 2H wins.
    # 9C 8C 4D: seat 2 has no clubs left and trumps.
    "actions": acts("KS QS AS  2H AC 10C  9C 8C 4D"),
}
# Seat 0 took 2 tricks: they choose trumps (S) and lead.  The deal passes from 0 to
# the next active seat: seat 1 is out, so seat 2 deals.
PLAIN_R1 = {
    "hands": [["KH", "3S"], [], ["AH", "2S"]],
    "trump": "S",
    "actions": acts("KH AH  2S 3S"),
}
# Seats 0 and 2 tied on one trick: a cut, which seat 2 won; seat 2 chooses and leads.
PLAIN_R2 = {
    "hands": [["5C"], [], ["6C"]],
    "trump_chooser": 2,
    "trump": "H",
    "actions": ["6C", "5C"],
}


def plain_record(**changes: dict) -> dict:
    rounds = [copy.deepcopy(PLAIN_R0), copy.deepcopy(PLAIN_R1), copy.deepcopy(PLAIN_R2)]
    for key, value in changes.items():
        rounds[int(key[1:])].update(value)
    return record(3, rounds, start_hand=3)


def test_plain_game_replays_exactly() -> None:
    result = ok(plain_record())
    assert result["status"] == "over"
    assert result["winner"] == 2
    r0, r1, r2 = result["rounds"]
    assert r0 == {
        "hand_size": 3,
        "dealer": 0,
        "trump": "D",
        "trump_chooser": None,
        "leader": 1,
        "declare": None,
        "tricks": [
            trick(1, "1:KS 2:QS 0:AS", 0),
            trick(0, "0:2H 1:AC 2:10C", 0),
            trick(0, "0:9C 1:8C 2:4D", 2),
        ],
        "tricks_won": [2, 0, 1],
        "eliminated": [1],
        "dogs": [],
    }
    assert r1 == {
        "hand_size": 2,
        "dealer": 2,
        "trump": "S",
        "trump_chooser": 0,
        "leader": 0,
        "declare": None,
        "tricks": [trick(0, "0:KH 2:AH", 2), trick(2, "2:2S 0:3S", 0)],
        "tricks_won": [1, 0, 1],
        "eliminated": [],
        "dogs": [],
    }
    # The 1-card round: the trick's taker swept it and wins the game.
    assert r2["hand_size"] == 1
    assert r2["dealer"] == 0  # from 2 to the next active seat: 0
    assert r2["trump"] == "H" and r2["trump_chooser"] == 2 and r2["leader"] == 2
    assert r2["tricks"] == [trick(2, "2:6C 0:5C", 2)]
    assert r2["tricks_won"] == [0, 0, 1]


def test_plain_game_on_the_engine() -> None:
    game = KnockoutGame(3, Rules(start_hand=3), auto_chance=False)
    assert game.phase is Phase.DEAL and game.chance_pending == ("deal", [0, 1, 2])
    assert game.to_move is None and game.legal_moves() == []
    game.deal(PLAIN_R0["hands"], "5D")
    assert game.phase is Phase.PLAY and game.trump.code == "D"
    assert game.to_move == 1  # left of the dealer leads round 1
    play(game, "KS QS AS 2H AC 10C 9C 8C 4D")
    assert game.status == [Status.ACTIVE, Status.OUT, Status.ACTIVE]
    assert game.rounds[0].tricks_won == [2, 0, 1]
    assert game.phase is Phase.DEAL and game.chance_pending == ("deal", [0, 2])
    assert game.hand_size == 2 and game.dealer == 2 and game.trump_chooser == 0
    game.deal([["KH", "3S"], [], ["AH", "2S"]])
    # The chooser chooses after seeing the new hand.
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 0
    assert game.hand(0) == [Card("3S"), Card("KH")]
    assert codes(game.legal_moves()) == ["S", "H", "D", "C"]
    game.play("S")
    assert game.phase is Phase.PLAY and game.to_move == 0  # the chooser leads
    play(game, "KH AH 2S 3S")
    assert game.phase is Phase.CUT and game.chance_pending == ("cut", [0, 2])
    game.cut(2)
    game.deal([["5C"], [], ["6C"]])
    assert game.to_move == 2 and game.phase is Phase.CHOOSE_TRUMP
    play(game, "H 6C 5C")
    outcome = game.outcome()
    assert outcome is not None and game.is_over() and game.phase is Phase.OVER
    assert (outcome.winner, outcome.termination, outcome.round) == (2, Termination.SWEEP, 2)
    assert game.to_move is None and game.legal_moves() == []
    assert replay(to_record(game)) == replay(plain_record())


# ------------------------------------------------------------ §1 trick play
def test_leader_may_lead_any_card() -> None:
    game = hand_game(3, PLAIN_R0["hands"], "5D", start_hand=3)
    assert codes(game.legal_moves()) == ["KS", "AC", "8C"]


def test_must_follow_suit() -> None:
    game = hand_game(3, PLAIN_R0["hands"], "5D", start_hand=3)
    game.play("KS")
    assert codes(game.legal_moves()) == ["QS"]
    with pytest.raises(IllegalMove, match="must follow ♠: you hold Q♠"):
        game.play("4D")
    with pytest.raises(IllegalMove, match="must follow ♠"):
        game.play("10C")
    assert game.why_illegal("4D") == "must follow ♠: you hold Q♠"
    assert game.why_illegal("QS") == ""


def test_void_player_may_trump_or_discard() -> None:
    game = hand_game(3, PLAIN_R0["hands"], "5D", start_hand=3)
    play(game, "KS QS AS 2H")
    assert codes(game.legal_moves()) == ["AC", "8C"]  # seat 1: no hearts, anything goes
    game.play("AC")
    assert codes(game.legal_moves()) == ["4D", "10C"]  # seat 2: trump or discard


def test_discards_never_win_even_an_ace() -> None:
    result = ok(record(3, [PLAIN_R0], start_hand=3))
    assert result["rounds"][0]["tricks"][1] == trick(0, "0:2H 1:AC 2:10C", 0)


def test_highest_trump_wins() -> None:
    # Trumps are ♦.  Seat 2 trumps low, seat 0 over-trumps: the highest trump wins.
    rec = record(
        3,
        [
            {
                "hands": [["KD", "2C"], ["AH", "3C"], ["2D", "4C"]],
                "turn_up": "5D",
                "actions": acts("AH 2D KD  2C 3C 4C"),
            }
        ],
        start_hand=2,
    )
    tricks = ok(rec)["rounds"][0]["tricks"]
    assert tricks[0] == trick(1, "1:AH 2:2D 0:KD", 0)
    assert tricks[1] == trick(0, "0:2C 1:3C 2:4C", 2)  # no trump: highest of the led suit


def test_winner_leads_the_next_trick() -> None:
    game = hand_game(3, PLAIN_R0["hands"], "5D", start_hand=3)
    play(game, "KS QS AS")
    assert game.to_move == 0 and game.trick.leader == 0 and game.trick.plays == []
    play(game, "2H AC 10C")
    assert game.to_move == 0
    play(game, "9C 8C")
    assert game.to_move == 2


# ------------------------------------------------------ §2 the plain game
def test_zero_tricks_is_elimination_and_out_players_get_nothing() -> None:
    result = ok(record(3, [PLAIN_R0], start_hand=3))
    assert result["status"] == "in_progress" and result["winner"] is None
    assert result["rounds"][0]["eliminated"] == [1]
    game = game_from_record(record(3, [PLAIN_R0], start_hand=3))
    assert game.status[1] is Status.OUT
    assert game.cards_dealt_to(1) == 0
    with pytest.raises(IllegalMove, match="seat 1 must be dealt 0 cards, not 1"):
        game.deal([["KH", "3S"], ["4C"], ["AH", "2S"]])


def test_sweep_wins_at_once() -> None:
    rec = record(
        3,
        [
            {
                "hands": [["2S", "3S"], ["AS", "KS"], ["4S", "5S"]],
                "turn_up": "2H",
                "actions": acts("AS 4S 2S  KS 5S 3S"),
            }
        ],
        start_hand=2,
    )
    result = ok(rec)
    assert result["status"] == "over" and result["winner"] == 1
    assert result["rounds"][0]["tricks_won"] == [0, 2, 0]
    game = game_from_record(rec)
    assert game.outcome().termination is Termination.SWEEP and game.outcome().round == 0
    # Nothing can follow the end of the game.
    rec["rounds"].append({"hands": [["2C"], ["3C"], ["4C"]], "trump": "C"})
    assert "already over" in err(rec)["message"]


def test_sweep_in_a_long_round_ends_the_game_before_the_one_card_round() -> None:
    # 2 players, 3 cards: seat 0 takes all three tricks of round 1.
    rec = record(
        2,
        [
            {
                "hands": [["AS", "AH", "AD"], ["2S", "2H", "2D"]],
                "turn_up": "3C",
                "actions": acts("2S AS  AH 2H  AD 2D"),
            }
        ],
        start_hand=3,
    )
    result = ok(rec)
    assert result["status"] == "over" and result["winner"] == 0
    assert len(result["rounds"]) == 1


def test_last_player_standing_wins() -> None:
    # Two of three players take no trick in round 1: the only one left wins the game.
    # (Whoever is left alone took every trick, so this is also a sweep.)
    rec = record(
        3,
        [
            {
                "hands": [["2S", "2H"], ["AS", "AH"], ["3S", "3H"]],
                "turn_up": "4D",
                "actions": acts("AS 3S 2S  AH 3H 2H"),
            }
        ],
        start_hand=2,
    )
    result = ok(rec)
    assert result["status"] == "over" and result["winner"] == 1
    game = game_from_record(rec)
    assert game.outcome().winner == 1
    assert game.outcome().termination is Termination.SWEEP


def test_one_card_round_always_ends_the_game() -> None:
    # start_hand 1, four players, dealer 3: seat 0 leads; the trick's taker wins.
    rec = record(
        4,
        [
            {
                "hands": [["9C"], ["KC"], ["2H"], ["AD"]],
                "turn_up": "5H",
                "actions": acts("9C KC 2H AD"),
            }
        ],
        first_dealer=3,
        start_hand=1,
    )
    result = ok(rec)
    assert result["rounds"][0]["leader"] == 0 and result["rounds"][0]["dealer"] == 3
    assert result["rounds"][0]["tricks"] == [trick(0, "0:9C 1:KC 2:2H 3:AD", 2)]
    assert result["status"] == "over" and result["winner"] == 2


def test_first_dealer_and_first_leader() -> None:
    for dealer in range(4):
        game = KnockoutGame(4, Rules(start_hand=2), first_dealer=dealer, auto_chance=False)
        assert game.dealer == dealer
        game.deal([["2S", "2H"], ["3S", "3H"], ["4S", "4H"], ["5S", "5H"]], "6D")
        assert game.to_move == (dealer + 1) % 4
        assert game.rounds[0].leader == (dealer + 1) % 4


# Four players, first dealer 3, so seat 0 leads; seats 0 and 3 take nothing.
DEALER_R0 = {
    "hands": [["2S", "2H"], ["AS", "KH"], ["3S", "AH"], ["4S", "3H"]],
    "turn_up": "5C",
    "actions": acts("2S AS 3S 4S  KH AH 3H 2H"),
}


def test_deal_passes_to_the_next_active_player() -> None:
    rec = record(
        4,
        [DEALER_R0, {"hands": [[], ["6S"], ["8S"], []], "trump_chooser": 1}],
        first_dealer=3,
        start_hand=2,
    )
    result = ok(rec)
    r0, r1 = result["rounds"]
    assert r0["dealer"] == 3 and r0["leader"] == 0
    assert r0["tricks_won"] == [0, 1, 1, 0] and r0["eliminated"] == [0, 3]
    assert r1["dealer"] == 1  # seat 0, next clockwise from 3, is out
    assert r1["hand_size"] == 1
    assert result["status"] == "in_progress"
    # The record stops while the cut's winner thinks about trumps.
    game = game_from_record(rec)
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 1
    assert r1["trump"] is None and r1["trump_chooser"] is None


def test_tie_is_settled_by_a_cut_that_the_record_names() -> None:
    # PLAIN_R1 leaves seats 0 and 2 tied on one trick each.
    game = game_from_record(record(3, [PLAIN_R0, PLAIN_R1], start_hand=3))
    assert game.phase is Phase.CUT and game.chance_pending == ("cut", [0, 2])
    assert game.trump_chooser is None and game.to_move is None
    with pytest.raises(IllegalMove, match="seat 1 cannot win the cut: only seats 0, 2"):
        game.cut(1)
    assert game.phase is Phase.CUT
    game.cut(0)
    game.deal([["5C"], [], ["6C"]])
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 0 and game.trump_chooser == 0
    play(game, "S 5C 6C")
    assert game.outcome().winner == 2  # 6♣ beats 5♣: the chooser led and lost
    assert replay(to_record(game))["rounds"][2]["leader"] == 0


def test_tie_with_the_cut_missing_is_an_error() -> None:
    rec = plain_record(r2={"trump_chooser": None})
    del rec["rounds"][2]["trump_chooser"]
    error = err(rec)
    assert error["round"] == 2
    assert "tied" in error["message"] and "trump_chooser" in error["message"]
    assert "0, 2" in error["message"]


def test_tie_with_the_cut_given_to_a_player_not_tied_is_an_error() -> None:
    error = err(plain_record(r2={"trump_chooser": 1}))
    assert error["round"] == 2 and error["seat"] == 1
    assert "seat 1 cannot win the cut" in error["message"]


def test_cut_winner_chooses_and_leads() -> None:
    rec = plain_record(r2={"trump_chooser": 0, "actions": ["5C", "6C"]})
    result = ok(rec)
    r2 = result["rounds"][2]
    assert r2["trump_chooser"] == 0 and r2["leader"] == 0
    assert result["winner"] == 2


def test_trump_chooser_named_without_a_tie_must_be_the_top_player() -> None:
    # Round 1 (index 1): seat 0 took most tricks in round 0, not seat 2.
    error = err(plain_record(r1={"trump_chooser": 2}))
    assert error["round"] == 1 and error["seat"] == 2
    assert "seat 2 cannot choose trumps" in error["message"]
    assert "seat 0" in error["message"]
    # Naming the right seat is allowed (and redundant).
    assert ok(plain_record(r1={"trump_chooser": 0}))["status"] == "over"
    # Round 0 takes trumps from the turn-up: no chooser.
    rec = plain_record(r0={"trump_chooser": 1})
    assert "turn-up" in err(rec)["message"]


def test_trump_is_the_choosers_to_make() -> None:
    # A later round needs its trump; a round-1 turn-up is not allowed there.
    rec = plain_record()
    del rec["rounds"][1]["trump"]
    error = err(rec)
    assert error["round"] == 1 and "needs a trump" in error["message"]
    assert "seat 0" in error["message"]
    rec = plain_record(r1={"turn_up": "7H"})
    assert "turn_up" in err(rec)["message"]
    rec = plain_record()
    del rec["rounds"][0]["turn_up"]
    assert "turn_up is missing" in err(rec)["message"]
    # "NT" is not a choice in a normal round.
    error = err(plain_record(r1={"trump": "NT"}))
    assert error["round"] == 1 and "no trumps" in error["message"]


def test_chooser_may_choose_any_suit_after_seeing_the_hand() -> None:
    for suit in "SHDC":
        game = game_from_record(record(3, [PLAIN_R0, {"hands": PLAIN_R1["hands"]}], start_hand=3))
        assert game.phase is Phase.CHOOSE_TRUMP
        game.play(suit)
        assert game.trump.code == suit and game.to_move == 0


def test_round_after_size_h_deals_h_minus_one() -> None:
    assert Rules().hand_sizes() == [7, 6, 5, 4, 3, 2, 1]
    assert Rules(start_hand=4).hand_sizes() == [4, 3, 2, 1]
    assert Rules(start_hand=13).hand_sizes() == list(range(13, 0, -1))
    assert Rules(start_hand=1).hand_sizes() == [1]
    game = KnockoutGame(2, Rules(start_hand=6), auto_chance=False)
    assert game.hand_size == 6
    with pytest.raises(IllegalMove, match="this round deals 6 cards"):
        game.deal(
            [["AS", "KS", "QS", "JS", "10S", "9S", "8S"], ["AH", "KH", "QH", "JH", "10H", "9H"]],
            "2C",
        )


def test_seeded_games_deal_start_hand_and_count_down() -> None:
    for n, h in [(2, 13), (3, 7), (7, 7), (4, 12), (5, 2)]:
        game = KnockoutGame(n, Rules(start_hand=h), seed=n * 100 + h)
        assert all(len(game.hand(s)) == h for s in range(n))
        assert game.turn_up is not None
        dealt = {c for s in range(n) for c in game.hand(s)} | {game.turn_up}
        assert len(dealt) == n * h + 1


# ------------------------------------------------------------ dogs_chance
# Round 0 is PLAIN_R0: seat 1 takes nothing and becomes a dog.  Seat 0 chooses ♠.
# Round 1: the dog's A♥ takes the first trick; the lead passes to seat 2 (a dog never
# leads); seat 2 takes nothing and becomes a dog in turn.
DOG_R1 = {
    "hands": [["KH", "3S"], ["AH"], ["QH", "2S"]],
    "trump": "S",
    "actions": acts("KH AH QH  2S 3S"),
}
# Round 2, one card each: the dog (seat 2) trumps and takes the only trick: it wins.
DOG_R2 = {
    "hands": [["5C"], ["7C"], ["2H"]],
    "trump_chooser": 1,
    "trump": "H",
    "actions": acts("7C 2H 5C"),
}


def test_dog_instead_of_out() -> None:
    result = ok(record(3, [PLAIN_R0], start_hand=3, dogs_chance=True))
    r0 = result["rounds"][0]
    assert r0["eliminated"] == [] and r0["dogs"] == [1]
    game = game_from_record(record(3, [PLAIN_R0], start_hand=3, dogs_chance=True))
    assert game.status == [Status.ACTIVE, Status.DOG, Status.ACTIVE]
    # One card for the dog; the deal skips the dog (not an active player).
    assert [game.cards_dealt_to(s) for s in range(3)] == [2, 1, 2]
    assert game.dealer == 2


def test_dog_back_in_and_a_dog_wins_the_one_card_round() -> None:
    rec = record(3, [PLAIN_R0, DOG_R1, DOG_R2], start_hand=3, dogs_chance=True)
    result = ok(rec)
    r1, r2 = result["rounds"][1], result["rounds"][2]
    assert r1["tricks"] == [trick(0, "0:KH 1:AH 2:QH", 1), trick(2, "2:2S 0:3S", 0)]
    assert r1["tricks_won"] == [1, 1, 0]
    assert r1["eliminated"] == [] and r1["dogs"] == [2]
    assert r1["dealer"] == 2
    # Round 2: seat 1 is back in; seats 0 and 1 tied, the cut went to seat 1.
    assert r2["dealer"] == 0 and r2["leader"] == 1
    assert r2["tricks"] == [trick(1, "1:7C 2:2H 0:5C", 2)]
    assert result["status"] == "over" and result["winner"] == 2  # a dog sweeps round 1-card
    game = game_from_record(record(3, [PLAIN_R0, DOG_R1], start_hand=3, dogs_chance=True))
    assert game.status == [Status.ACTIVE, Status.ACTIVE, Status.DOG]
    assert [game.cards_dealt_to(s) for s in range(3)] == [1, 1, 1]


def test_dog_may_play_or_pass_and_is_not_bound_to_follow() -> None:
    game = game_from_record(
        record(3, [PLAIN_R0, {**DOG_R1, "actions": []}], start_hand=3, dogs_chance=True)
    )
    game.play("KH")
    assert game.to_move == 1
    assert game.legal_moves() == [Card("AH"), PASS]
    game.play("pass")  # the dog keeps their card
    assert game.hand(1) == [Card("AH")] and game.to_move == 2
    game.play("QH")
    assert game.to_move == 0  # K♥ won
    game.play("3S")
    assert game.to_move == 1 and game.legal_moves() == [Card("AH"), PASS]
    game.play("AH")  # a heart on a spade lead: a dog needn't follow (it has no spade)
    game.play("2S")
    assert game.rounds[1].tricks_won == [2, 0, 0]


def test_dog_holding_the_led_suit_may_still_pass() -> None:
    game = game_from_record(
        record(
            3,
            [PLAIN_R0, {"hands": [["KH", "3S"], ["4H"], ["QH", "2S"]], "trump": "S"}],
            start_hand=3,
            dogs_chance=True,
        )
    )
    game.play("KH")
    assert game.legal_moves() == [Card("4H"), PASS]
    game.play("pass")
    game.play("QH")
    assert game.rounds[1].tricks[0].winner == 0 and game.to_move == 0


def test_dog_never_leads() -> None:
    game = game_from_record(
        record(
            3, [PLAIN_R0, {**DOG_R1, "actions": ["KH", "AH", "QH"]}], start_hand=3, dogs_chance=True
        )
    )
    assert game.rounds[1].tricks[0].winner == 1
    assert game.to_move == 2 and game.trick.leader == 2  # next clockwise with a full hand
    assert game.trick.plays == []


def test_lead_skips_a_dog_still_holding_its_card() -> None:
    # Four players; seats 2 and 3 are dogs in round 1.  Dog 2 takes the first trick;
    # dog 3 still holds its card but never leads: seat 0 leads the next trick.
    rec = record(
        4,
        [ONE_DOG_R0, {**ONE_DOG_R1, "actions": acts("KH AH pass QH")}],
        start_hand=3,
        dogs_chance=True,
    )
    game = game_from_record(rec)
    assert game.status[2] is Status.DOG and game.status[3] is Status.DOG
    assert game.hand(3) == [Card("5C")]
    assert game.to_move == 0 and game.trick.leader == 0


def test_dog_out_after_failing_and_no_blind_dog_for_a_failed_dog() -> None:
    # The dog (seat 1) passes, then discards: it takes nothing and is out for good,
    # blind_dog or not (blind dogs are for players who came back and failed again).
    r1 = {
        "hands": [["KH", "3S"], ["2H"], ["QH", "AS"]],
        "trump": "C",
        "actions": acts("KH pass QH  3S 2H AS"),
    }
    for blind in (False, True):
        rec = record(3, [PLAIN_R0, r1], start_hand=3, dogs_chance=True, blind_dog=blind)
        result = ok(rec)
        assert result["rounds"][1]["tricks_won"] == [1, 0, 1]
        assert result["rounds"][1]["eliminated"] == [1]
        assert result["rounds"][1]["dogs"] == []
        game = game_from_record(rec)
        assert game.status == [Status.ACTIVE, Status.OUT, Status.ACTIVE]
        assert game.cards_dealt_to(1) == 0


def test_dogs_chance_only_once_per_player() -> None:
    # Seat 2 is a dog in round 1 (index 1) after failing; wins back; fails again: out.
    rec = record(3, BLIND_ROUNDS[:3], start_hand=5, dogs_chance=True)
    result = ok(rec)
    assert result["rounds"][0]["dogs"] == [2]
    assert result["rounds"][1]["dogs"] == [] and result["rounds"][1]["eliminated"] == []
    assert result["rounds"][2]["eliminated"] == [2] and result["rounds"][2]["dogs"] == []


# ------------------------------------------------------ one_dog_per_game
# Four players, start_hand 3, dealer 0, trumps ♣: seats 2 and 3 both fail on the first
# hand, so both become dogs.
ONE_DOG_R0 = {
    "hands": [["4H", "4S", "AD"], ["AH", "AS", "5D"], ["2H", "2S", "2D"], ["3H", "3S", "3D"]],
    "turn_up": "2C",
    "actions": acts("AH 2H 3H 4H  AS 2S 3S 4S  5D 2D 3D AD"),
}
# Seat 1 chooses ♠ and leads K♥; dog 2's A♥ takes it; dog 3 passes.  Seat 0 leads K♦
# and takes it.  Seat 1 failed (later than the game's first failure); dog 3 failed.
ONE_DOG_R1 = {
    "hands": [["QH", "KD"], ["KH", "2D"], ["AH"], ["5C"]],
    "trump": "S",
    "actions": acts("KH AH pass QH  KD 2D pass"),
}


def test_every_player_failing_on_the_first_failing_hand_becomes_a_dog() -> None:
    for one in (False, True):
        rec = record(4, [ONE_DOG_R0], start_hand=3, dogs_chance=True, one_dog_per_game=one)
        r0 = ok(rec)["rounds"][0]
        assert r0["tricks_won"] == [1, 2, 0, 0]
        assert r0["dogs"] == [2, 3] and r0["eliminated"] == []


def test_one_dog_per_game_makes_later_failures_final() -> None:
    rec = record(4, [ONE_DOG_R0, ONE_DOG_R1], start_hand=3, dogs_chance=True, one_dog_per_game=True)
    r1 = ok(rec)["rounds"][1]
    assert r1["tricks"] == [trick(1, "1:KH 2:AH 0:QH", 2), trick(0, "0:KD 1:2D", 0)]
    assert r1["tricks_won"] == [1, 0, 1, 0]
    assert r1["eliminated"] == [1, 3] and r1["dogs"] == []
    game = game_from_record(rec)
    assert game.status == [Status.ACTIVE, Status.OUT, Status.ACTIVE, Status.OUT]
    assert game.dealer == 2  # from seat 1 to seat 2, active again


def test_without_one_dog_per_game_a_later_first_failure_is_a_dog() -> None:
    rec = record(4, [ONE_DOG_R0, ONE_DOG_R1], start_hand=3, dogs_chance=True)
    r1 = ok(rec)["rounds"][1]
    assert r1["eliminated"] == [3] and r1["dogs"] == [1]
    game = game_from_record(rec)
    assert game.status == [Status.ACTIVE, Status.DOG, Status.ACTIVE, Status.OUT]


# ------------------------------------------------------------- blind_dog
# Three players, start_hand 5, dealer 0, trumps ♣ all along.
BLIND_ROUNDS = [
    # Seat 2 takes nothing: a dog.
    {
        "hands": [
            ["2S", "3S", "4S", "AD", "KD"],
            ["AS", "KS", "QS", "2D", "3D"],
            ["5S", "6S", "7S", "4D", "5D"],
        ],
        "turn_up": "2C",
        "actions": acts("AS 5S 2S  KS 6S 3S  QS 7S 4S  2D 4D AD  KD 3D 5D"),
    },
    # Dog 2 trumps the last trick: back in.
    {
        "hands": [["AS", "4H", "3H", "2H"], ["2S", "AH", "KH", "QH"], ["3C"]],
        "trump": "C",
        "actions": acts("AH pass 2H  KH pass 3H  2S pass AS  4H QH 3C"),
    },
    # Seat 2 fails again: a blind dog (with blind_dog), else out.
    {
        "hands": [["2S", "3S", "AD"], ["AS", "KS", "2D"], ["4S", "5S", "3D"]],
        "trump": "C",
        "actions": acts("AS 4S 2S  KS 5S 3S  2D 3D AD"),
    },
    # The blind dog passes, then discards: out.  Seats 0 and 1 tie.
    {
        "hands": [["AS", "2H"], ["AH", "2S"], ["KH"]],
        "trump": "C",
        "actions": acts("AH pass 2H  2S KH AS"),
    },
    # The cut went to seat 0; seat 1 takes the last trick.
    {"hands": [["5D"], ["6D"], []], "trump_chooser": 0, "trump": "D", "actions": acts("5D 6D")},
]


def test_blind_dog_for_a_second_failure() -> None:
    rec = record(3, BLIND_ROUNDS, start_hand=5, dogs_chance=True, blind_dog=True)
    result = ok(rec)
    rounds = result["rounds"]
    assert [r["tricks_won"] for r in rounds] == [
        [2, 3, 0],
        [1, 2, 1],
        [1, 2, 0],
        [1, 1, 0],
        [0, 1, 0],
    ]
    assert [r["dogs"] for r in rounds[:4]] == [[2], [], [2], []]
    assert [r["eliminated"] for r in rounds[:4]] == [[], [], [], [2]]
    assert [r["dealer"] for r in rounds] == [0, 1, 2, 0, 1]
    assert [r["leader"] for r in rounds] == [1, 1, 1, 1, 0]
    assert result["status"] == "over" and result["winner"] == 1


def test_blind_dog_card_is_hidden_from_its_owner() -> None:
    rec = record(
        3,
        BLIND_ROUNDS[:3] + [{**BLIND_ROUNDS[3], "actions": []}],
        start_hand=5,
        dogs_chance=True,
        blind_dog=True,
    )
    game = game_from_record(rec)
    assert game.status[2] is Status.BLIND_DOG
    assert [game.cards_dealt_to(s) for s in range(3)] == [2, 2, 1]
    view = game.view(2)
    assert view.hand == [] and view.hidden_cards == 1
    assert Card("KH") not in view.played and view.trick == []
    assert view.hand_sizes == [2, 2, 1]
    assert view.statuses[2] is Status.BLIND_DOG
    # The others see their own hands, not the blind dog's card.
    assert game.view(0).hand == [Card("AS"), Card("2H")] and game.view(0).hidden_cards == 0
    assert game.hand(2) == [Card("KH")]  # the full state knows it
    game.play("AH")
    assert game.to_move == 2
    assert game.view(2).hand == [] and game.view(2).hidden_cards == 1
    assert game.legal_moves() == [Card("KH"), PASS]  # same rules as a dog
    game.play("pass")
    assert game.view(2).hidden_cards == 1


def test_blind_dog_that_wins_is_back_in() -> None:
    r3 = {
        "hands": [["AS", "2H"], ["AH", "2S"], ["3C"]],
        "trump": "C",
        "actions": acts("AH 3C 2H  AS 2S"),
    }
    rec = record(3, BLIND_ROUNDS[:3] + [r3], start_hand=5, dogs_chance=True, blind_dog=True)
    result = ok(rec)
    assert result["rounds"][3]["tricks"][0] == trick(1, "1:AH 2:3C 0:2H", 2)
    # The blind dog never leads: seat 0, next with a full hand, leads.
    assert result["rounds"][3]["tricks"][1]["leader"] == 0
    assert result["rounds"][3]["tricks_won"] == [1, 0, 1]
    # Seat 1 fails for the first time and becomes a dog; seat 2 is back in.
    assert result["rounds"][3]["dogs"] == [1]
    game = game_from_record(rec)
    assert game.status == [Status.ACTIVE, Status.DOG, Status.ACTIVE]


def test_blind_dog_needs_dogs_chance() -> None:
    rec = record(3, [], blind_dog=True)
    assert "dogs_chance" in err(rec)["message"]


# ---------------------------------------------------------------- reentry
# Round 0 is PLAIN_R0: seat 1 is out, but under reentry is dealt one card each round.
REENTRY_R1 = {
    "hands": [["KH", "3S"], ["AH"], ["QH", "2S"]],
    "trump": "S",
    "actions": acts("KH AH QH  2S 3S"),
}
REENTRY_R2 = {
    "hands": [["5C"], ["7C"], ["2H"]],
    "trump_chooser": 1,
    "trump": "H",
    "actions": acts("7C 2H 5C"),
}


def test_reentry_player_fights_back_in() -> None:
    rec = record(3, [PLAIN_R0, REENTRY_R1, REENTRY_R2], start_hand=3, reentry=True)
    result = ok(rec)
    r0, r1, r2 = result["rounds"]
    assert r0["eliminated"] == [1]
    assert r1["dealer"] == 2 and r1["leader"] == 0
    assert r1["tricks"] == [trick(0, "0:KH 1:AH 2:QH", 1), trick(2, "2:2S 0:3S", 0)]
    assert r1["tricks_won"] == [1, 1, 0] and r1["eliminated"] == [2]
    # Round 2: seat 1 is back with a full hand, seat 2 is out with one card and takes
    # the only trick of the 1-card round: it wins the game.
    assert r2["tricks"] == [trick(1, "1:7C 2:2H 0:5C", 2)]
    assert result["status"] == "over" and result["winner"] == 2


def test_reentry_player_gets_one_card_every_round_and_may_pass() -> None:
    r1 = {"hands": [["KH", "3S"], ["AH"], ["QH", "AS"]], "trump": "C", "actions": ["KH"]}
    game = game_from_record(record(3, [PLAIN_R0, r1], start_hand=3, reentry=True))
    assert game.status[1] is Status.OUT
    assert [game.cards_dealt_to(s) for s in range(3)] == [2, 1, 2]
    assert game.to_move == 1 and game.legal_moves() == [Card("AH"), PASS]
    game.play("pass")
    play(game, "QH 3S pass AS")
    # Seat 1 passed both times: still out, and not eliminated a second time.
    assert game.rounds[1].tricks_won == [1, 0, 1]
    assert game.status == [Status.ACTIVE, Status.OUT, Status.ACTIVE]
    assert game.rounds[1].eliminated == []
    assert game.phase is Phase.CUT and game.cards_dealt_to(1) == 1


def test_without_reentry_an_out_player_is_dealt_nothing() -> None:
    rec = record(3, [PLAIN_R0, {**REENTRY_R1, "actions": []}], start_hand=3)
    assert "seat 1 must be dealt 0 cards, not 1" in err(rec)["message"]


def test_reentry_game_ends_when_one_active_player_is_left() -> None:
    # Round 1 (index 1): the re-entry player (seat 1) passes and discards; seat 0 takes
    # both tricks, seat 2 none.  Only seat 0 is left active: the game is over, although
    # out players would still be dealt a card.
    r1 = {
        "hands": [["KH", "AS"], ["2D"], ["QH", "2S"]],
        "trump": "S",
        "actions": acts("KH pass QH  AS 2D 2S"),
    }
    result = ok(record(3, [PLAIN_R0, r1], start_hand=3, reentry=True))
    assert result["rounds"][1]["tricks_won"] == [2, 0, 0]
    assert result["status"] == "over" and result["winner"] == 0


# ------------------------------------------------------ no_picture_redeal
NO_PIC_HANDS = [
    ["AS", "KS", "QS", "JS", "AH", "KH"],
    ["QH", "JH", "AD", "KD", "QD", "JD"],
    ["10S", "9S", "8S", "7S", "10H", "9H"],  # no J, Q, K or A
]
REDEAL_HANDS = [
    ["2S", "3S", "4S", "5S", "6S", "JD"],
    ["2H", "3H", "4H", "5H", "6H", "QD"],
    ["AS", "KS", "QS", "JS", "10S", "9S"],
]


def test_no_picture_redeal() -> None:
    rec = record(
        3,
        [
            {"hands": NO_PIC_HANDS, "turn_up": "2C", "declare": {"seat": 2, "call": "no-picture"}},
            {"hands": REDEAL_HANDS, "turn_up": "8D", "declare": None, "actions": ["2H"]},
        ],
        start_hand=6,
        no_picture_redeal=True,
    )
    result = ok(rec)
    r0, r1 = result["rounds"]
    assert r0["declare"] == {"seat": 2, "call": "no-picture"}
    assert r0["tricks"] == [] and r0["eliminated"] == [] and r0["dogs"] == []
    assert r0["hand_size"] == 6 and r0["trump"] == "C"
    # The same dealer deals the round again; round 1's redeal has a new turn-up.
    assert r1["hand_size"] == 6 and r1["dealer"] == 0 and r1["leader"] == 1
    assert r1["trump"] == "D" and r1["declare"] is None
    assert result["status"] == "in_progress"


def test_no_picture_declaration_on_the_engine() -> None:
    game = hand_game(3, NO_PIC_HANDS, "2C", start_hand=6, no_picture_redeal=True)
    assert game.phase is Phase.DECLARE and game.to_move == 2  # the only one who may
    assert codes(game.legal_moves()) == ["no-picture", "play-on"]
    assert game.declarations_open(0) == [] and game.declarations_open(1) == []
    game.play("no-picture")
    assert game.phase is Phase.DEAL and game.hand_size == 6 and game.dealer == 0
    assert game.round == 1 and game.is_first_round()
    game.deal(REDEAL_HANDS, "8D")
    assert game.phase is Phase.PLAY and game.to_move == 1 and game.trump.code == "D"


def test_no_picture_holder_may_play_on() -> None:
    game = hand_game(3, NO_PIC_HANDS, "2C", start_hand=6, no_picture_redeal=True)
    game.play("play-on")
    assert game.phase is Phase.PLAY and game.to_move == 1
    rec = to_record(game)
    assert rec["rounds"][0]["declare"] is None
    assert game_from_record(rec).phase is Phase.PLAY


def test_no_picture_with_a_picture_card_is_illegal() -> None:
    rec = record(
        3,
        [{"hands": NO_PIC_HANDS, "turn_up": "2C", "declare": {"seat": 1, "call": "no-picture"}}],
        start_hand=6,
        no_picture_redeal=True,
    )
    error = err(rec)
    assert error["round"] == 0 and error["seat"] == 1
    assert "picture" in error["message"] and "J, Q, K or A" in error["message"]
    game = hand_game(3, NO_PIC_HANDS, "2C", start_hand=6, no_picture_redeal=True)
    assert "picture" in game.why_declaration_illegal(1, Call("no-picture"))


def test_no_picture_only_with_six_or_more_cards() -> None:
    hands = [h[:5] for h in NO_PIC_HANDS]
    game = hand_game(3, hands, "2C", start_hand=5, no_picture_redeal=True)
    assert game.phase is Phase.PLAY  # nobody is asked
    rec = record(
        3,
        [{"hands": hands, "turn_up": "2C", "declare": {"seat": 2, "call": "no-picture"}}],
        start_hand=5,
        no_picture_redeal=True,
    )
    assert "6 or more cards" in err(rec)["message"]


def test_no_picture_is_not_in_the_default_rules() -> None:
    game = hand_game(3, NO_PIC_HANDS, "2C", start_hand=6)
    assert game.phase is Phase.PLAY
    rec = record(
        3,
        [{"hands": NO_PIC_HANDS, "turn_up": "2C", "declare": {"seat": 2, "call": "no-picture"}}],
        start_hand=6,
    )
    assert "not in these rules" in err(rec)["message"]


def test_no_picture_round_can_have_no_actions() -> None:
    rec = record(
        3,
        [
            {
                "hands": NO_PIC_HANDS,
                "turn_up": "2C",
                "actions": ["AS"],
                "declare": {"seat": 2, "call": "no-picture"},
            }
        ],
        start_hand=6,
        no_picture_redeal=True,
    )
    error = err(rec)
    assert error["round"] == 0 and "no actions" in error["message"]


def test_no_picture_redeal_in_a_later_round_keeps_the_dealer_and_chooser() -> None:
    # Two players, start_hand 7: seat 0 takes six tricks, seat 1 one.  Round 2 (6
    # cards): seat 0 chooses ♥, seat 1 declares "no picture"; the redeal keeps dealer 1
    # and seat 0 chooses trumps again after seeing the new hand.
    game = hand_game(
        2,
        [["AS", "KS", "QS", "JS", "10S", "9S", "2H"], ["8S", "7S", "6S", "5S", "4S", "3S", "AH"]],
        "2C",
        start_hand=7,
        no_picture_redeal=True,
    )
    play(game, "AH 2H  8S AS  KS 7S  QS 6S  JS 5S  10S 4S  9S 3S")
    assert game.rounds[0].tricks_won == [6, 1]
    assert game.hand_size == 6 and game.dealer == 1 and game.trump_chooser == 0
    game.deal([["AS", "KS", "QS", "JS", "10S", "9S"], ["2H", "3H", "4H", "5H", "6H", "7H"]])
    game.play("H")
    assert game.phase is Phase.DECLARE and game.to_move == 1
    game.play("no-picture")
    assert game.phase is Phase.DEAL and game.dealer == 1 and game.hand_size == 6
    assert not game.is_first_round()
    game.deal([["AD", "KD", "QD", "JD", "10D", "9D"], ["AC", "KC", "QC", "JC", "10C", "9C"]])
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 0
    game.play("C")
    assert game.phase is Phase.PLAY and game.to_move == 0 and game.trump.code == "C"
    rec = to_record(game)
    assert rec["rounds"][1]["declare"] == {"seat": 1, "call": "no-picture"}
    assert rec["rounds"][1]["trump"] == "H" and rec["rounds"][1]["actions"] == []
    assert rec["rounds"][2]["trump"] == "C"
    result = ok(rec)
    assert [r["dealer"] for r in result["rounds"]] == [0, 1, 1]
    assert [r["hand_size"] for r in result["rounds"]] == [7, 6, 6]
    assert [r["trump_chooser"] for r in result["rounds"]] == [None, 0, 0]
    assert to_record(game_from_record(rec)) == rec


# ---------------------------------------------------------------- rainbow
# Three players, start_hand 4 (the first round is the 4-card round), dealer 0.
RAINBOW_HANDS = [
    ["AS", "KS", "QS", "JS"],
    ["AH", "KH", "QH", "JH"],
    ["2S", "2H", "2D", "2C"],  # one card of each suit
]
RAINBOW_NEXT = {
    "hands": [["3S", "4S", "5S"], ["3H", "4H", "5H"], ["3D", "4D", "5D"]],
    "trump": "H",
    "actions": ["3D"],
}


def test_rainbow_wins_the_round_and_nobody_is_out() -> None:
    rec = record(
        3,
        [
            {"hands": RAINBOW_HANDS, "turn_up": "9C", "declare": {"seat": 2, "call": "rainbow"}},
            RAINBOW_NEXT,
        ],
        start_hand=4,
        rainbow=True,
    )
    result = ok(rec)
    r0, r1 = result["rounds"]
    assert r0["declare"] == {"seat": 2, "call": "rainbow"}
    assert r0["tricks"] == [] and r0["eliminated"] == [] and r0["dogs"] == []
    # The next round has 3 cards; the declarer chose trumps and leads; seat 1 deals.
    assert r1["hand_size"] == 3 and r1["trump"] == "H"
    assert r1["trump_chooser"] == 2 and r1["leader"] == 2 and r1["dealer"] == 1
    assert r1["tricks"] == []
    game = game_from_record(rec)
    assert game.status == [Status.ACTIVE] * 3
    assert game.to_move == 0 and game.trick.plays == [(2, Card("3D"))]


def test_rainbow_on_the_engine() -> None:
    game = hand_game(3, RAINBOW_HANDS, "9C", start_hand=4, rainbow=True)
    assert game.phase is Phase.DECLARE and game.to_move == 2
    assert codes(game.legal_moves()) == ["rainbow", "play-on"]
    game.play("rainbow")
    assert game.phase is Phase.DEAL and game.hand_size == 3 and game.trump_chooser == 2
    assert game.rounds[0].tricks_won == [0, 0, 0] and game.rounds[0].eliminated == []


def test_rainbow_declined() -> None:
    rec = record(
        3,
        [{"hands": RAINBOW_HANDS, "turn_up": "9C", "declare": None, "actions": ["AH"]}],
        start_hand=4,
        rainbow=True,
    )
    result = ok(rec)
    assert result["rounds"][0]["declare"] is None and result["rounds"][0]["leader"] == 1


def test_two_rainbows_are_settled_by_a_cut() -> None:
    hands = [["AS", "KS", "QS", "JS"], ["AH", "3S", "3D", "3C"], ["2S", "2H", "2D", "2C"]]
    for seat in (1, 2):
        rec = record(
            3,
            [
                {"hands": hands, "turn_up": "9C", "declare": {"seat": seat, "call": "rainbow"}},
                {"hands": [["4S", "5S", "6S"], ["4H", "5H", "6H"], ["4D", "5D", "6D"]]},
            ],
            start_hand=4,
            rainbow=True,
        )
        result = ok(rec)
        assert result["rounds"][0]["declare"] == {"seat": seat, "call": "rainbow"}
        game = game_from_record(rec)
        assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == seat
    game = hand_game(3, hands, "9C", start_hand=4, rainbow=True)
    assert game.to_move == 1
    game.play("rainbow")
    assert game.phase is Phase.CUT and game.chance_pending == ("cut", [1, 2])
    with pytest.raises(IllegalMove):
        game.cut(0)
    game.cut(2)
    assert game.rounds[0].declare == {"seat": 2, "call": "rainbow"}
    assert game.trump_chooser == 2
    # The record names the cut's winner; a seat without a rainbow cannot be named.
    rec = record(
        3,
        [{"hands": hands, "turn_up": "9C", "declare": {"seat": 0, "call": "rainbow"}}],
        start_hand=4,
        rainbow=True,
    )
    error = err(rec)
    assert error["seat"] == 0 and "one card of each suit" in error["message"]


def test_rainbow_only_in_the_four_card_round() -> None:
    hands = [h + [x] for h, x in zip(RAINBOW_HANDS, ["10S", "10H", "3C"], strict=True)]
    game = hand_game(3, hands, "9C", start_hand=5, rainbow=True)
    assert game.phase is Phase.PLAY
    rec = record(
        3,
        [{"hands": hands, "turn_up": "9C", "declare": {"seat": 2, "call": "rainbow"}}],
        start_hand=5,
        rainbow=True,
    )
    assert "4-card round" in err(rec)["message"]


def test_rainbow_not_in_the_default_rules() -> None:
    rec = record(
        3,
        [{"hands": RAINBOW_HANDS, "turn_up": "9C", "declare": {"seat": 2, "call": "rainbow"}}],
        start_hand=4,
    )
    assert "not in these rules" in err(rec)["message"]


def test_dogs_keep_their_status_through_a_rainbow_round() -> None:
    # 3 players, start_hand 5, dogs_chance: seat 2 becomes a dog; in the 4-card round
    # seat 0 declares a rainbow; the dog is still a dog with one card in the 3-card round.
    r0 = BLIND_ROUNDS[0]
    r1 = {
        "hands": [["AS", "2H", "3D", "4C"], ["KS", "KH", "KD", "QS"], ["5C"]],
        "trump": "S",
        "declare": {"seat": 0, "call": "rainbow"},
    }
    rec = record(3, [r0, r1], start_hand=5, dogs_chance=True, rainbow=True)
    result = ok(rec)
    assert result["rounds"][1]["dogs"] == [] and result["rounds"][1]["eliminated"] == []
    game = game_from_record(rec)
    assert game.status == [Status.ACTIVE, Status.ACTIVE, Status.DOG]
    assert [game.cards_dealt_to(s) for s in range(3)] == [3, 3, 1]
    assert game.hand_size == 3 and game.trump_chooser == 0


# ------------------------------------------------------------ fixed_trump
def test_fixed_trump_keeps_the_turn_up_suit() -> None:
    r1 = {"hands": [["KH", "3S"], [], ["AH", "2S"]], "actions": acts("KH AH 2S 3S")}
    rec = record(3, [PLAIN_R0, r1], start_hand=3, fixed_trump=True)
    result = ok(rec)
    r1_out = result["rounds"][1]
    assert r1_out["trump"] == "D" and r1_out["trump_chooser"] is None
    assert r1_out["leader"] == 0  # the most-tricks player still leads
    game = game_from_record(
        record(3, [PLAIN_R0, {**r1, "actions": []}], start_hand=3, fixed_trump=True)
    )
    assert game.phase is Phase.PLAY and game.to_move == 0 and game.trump.code == "D"
    # A later round may repeat the suit, but not name another.
    assert ok(record(3, [PLAIN_R0, {**r1, "trump": "D"}], start_hand=3, fixed_trump=True))
    error = err(record(3, [PLAIN_R0, {**r1, "trump": "H"}], start_hand=3, fixed_trump=True))
    assert error["round"] == 1 and "trumps are D, not H" in error["message"]


def test_fixed_trump_tie_still_needs_a_cut_for_the_lead() -> None:
    r1 = {"hands": [["KH", "3S"], [], ["AH", "2S"]], "actions": acts("KH AH 2S 3S")}
    r2 = {"hands": [["5D"], [], ["6C"]], "trump_chooser": 2, "actions": ["6C", "5D"]}
    result = ok(record(3, [PLAIN_R0, r1, r2], start_hand=3, fixed_trump=True))
    r2_out = result["rounds"][2]
    assert r2_out["trump"] == "D" and r2_out["leader"] == 2
    assert r2_out["tricks"] == [trick(2, "2:6C 0:5D", 0)]  # 5♦ is trump all game
    assert result["winner"] == 0


# ------------------------------------------------- eliminated_vote_trump
# Four players, start_hand 3, dealer 0, trumps ♣: seats 0 and 2 take nothing; seat 3
# took two tricks and chooses.  The out players vote clockwise from seat 3: 0, then 2.
VOTE_R0 = {
    "hands": [["4H", "2S", "3D"], ["2H", "3S", "AD"], ["3H", "4S", "4D"], ["AH", "AS", "2D"]],
    "turn_up": "2C",
    "actions": acts("2H 3H AH 4H  AS 2S 3S 4S  2D 3D AD 4D"),
}
VOTE_HANDS = [[], ["KH", "KS"], [], ["QH", "QS"]]


def vote_record(r1: dict, **rules: object) -> dict:
    return record(
        4, [VOTE_R0, {"hands": VOTE_HANDS, **r1}], start_hand=3, eliminated_vote_trump=True, **rules
    )


def test_vote_r0_sets_up_two_voters() -> None:
    r0 = ok(record(4, [VOTE_R0], start_hand=3, eliminated_vote_trump=True))["rounds"][0]
    assert r0["tricks_won"] == [0, 1, 0, 2] and r0["eliminated"] == [0, 2]


def test_out_players_vote_in_order_clockwise_from_the_chooser() -> None:
    game = game_from_record(vote_record({}))
    assert game.phase is Phase.VOTE and game.to_move == 0
    assert codes(game.legal_moves()) == ["S", "H", "D", "C"]
    game.play("D")
    assert game.phase is Phase.VOTE and game.to_move == 2
    game.play("D")
    assert game.phase is Phase.PLAY and game.trump.code == "D" and game.to_move == 3


def test_unique_top_suit_of_the_vote_is_trump() -> None:
    result = ok(vote_record({"votes": {"0": "D", "2": "D"}, "actions": ["QH"]}))
    r1 = result["rounds"][1]
    assert r1["trump"] == "D" and r1["leader"] == 3
    # The chooser may not override the vote.
    error = err(vote_record({"votes": {"0": "D", "2": "D"}, "trump": "H"}))
    assert "trumps are D, not H" in error["message"]


def test_tied_vote_goes_to_the_choosers_pick_among_the_tied_suits() -> None:
    game = game_from_record(vote_record({"votes": {"0": "H", "2": "S"}}))
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 3
    assert codes(game.legal_moves()) == ["S", "H"]
    with pytest.raises(IllegalMove, match="tied"):
        game.play("D")
    result = ok(vote_record({"votes": {"0": "H", "2": "S"}, "trump": "S", "actions": ["QS"]}))
    assert result["rounds"][1]["trump"] == "S" and result["rounds"][1]["trump_chooser"] == 3
    error = err(vote_record({"votes": {"0": "H", "2": "S"}, "trump": "C"}))
    assert error["seat"] == 3 and "tied" in error["message"]


def test_only_eliminated_players_vote() -> None:
    error = err(vote_record({"votes": {"0": "H", "1": "H", "2": "H"}}))
    assert "seat 1 cannot vote" in error["message"]
    error = err(vote_record({"votes": {"0": "H"}, "trump": "H"}))
    assert "seat 2" in error["message"] and "vote" in error["message"]


def test_no_vote_without_the_option() -> None:
    rec = record(
        4,
        [VOTE_R0, {"hands": VOTE_HANDS, "votes": {"0": "H", "2": "H"}, "trump": "H"}],
        start_hand=3,
    )
    assert "no vote" in err(rec)["message"]
    game = game_from_record(record(4, [VOTE_R0, {"hands": VOTE_HANDS}], start_hand=3))
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 3


def test_reentry_players_vote_too() -> None:
    hands = [["2C"], ["KH", "KS"], ["3C"], ["QH", "QS"]]
    game = game_from_record(vote_record({"hands": hands}, reentry=True))
    assert game.phase is Phase.VOTE and game.to_move == 0
    play(game, "H H")
    assert game.trump.code == "H" and game.phase is Phase.PLAY and game.to_move == 3


def test_dogs_do_not_vote() -> None:
    game = game_from_record(
        record(
            4,
            [VOTE_R0, {"hands": [["2C"], ["KH", "KS"], ["3C"], ["QH", "QS"]]}],
            start_hand=3,
            eliminated_vote_trump=True,
            dogs_chance=True,
        )
    )
    assert game.status == [Status.DOG, Status.ACTIVE, Status.DOG, Status.ACTIVE]
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 3


def test_no_vote_when_trumps_are_fixed_or_absent() -> None:
    # Under fixed_trump the turn-up suit stays: nobody votes.
    game = game_from_record(vote_record({}, fixed_trump=True))
    assert game.phase is Phase.PLAY and game.trump.code == "C" and game.to_move == 3
    # In a trumpless final round nobody votes either.  Four players, start_hand 2:
    # seats 0 and 2 take nothing; seats 1 and 3 tie and the cut goes to seat 3.
    r0 = {
        "hands": [["4H", "2S"], ["2H", "AS"], ["3H", "3S"], ["AH", "4S"]],
        "turn_up": "2C",
        "actions": acts("2H 3H AH 4H  4S 2S AS 3S"),
    }
    r1 = {"hands": [[], ["KH"], [], ["QH"]], "trump_chooser": 3}
    for final_nt, phase in ((False, Phase.VOTE), (True, Phase.PLAY)):
        rec = record(4, [r0, r1], start_hand=2, eliminated_vote_trump=True, no_trump_final=final_nt)
        assert ok(rec)["rounds"][0]["eliminated"] == [0, 2]
        game = game_from_record(rec)
        assert game.phase is phase
        assert game.to_move == (0 if phase is Phase.VOTE else 3)


def test_votes_may_stop_mid_way() -> None:
    game = game_from_record(vote_record({"votes": {"0": "C"}}))
    assert game.phase is Phase.VOTE and game.to_move == 2
    assert to_record(game)["rounds"][1]["votes"] == {"0": "C"}


# --------------------------------------------------------- no_trump_final
def test_no_trump_final_plays_the_last_round_without_trumps() -> None:
    # Start at 1 card: the turn-up ♥ would make 2♥ win; without trumps 5♣ wins.
    for option, trump, winner in ((False, "H", 0), (True, "NT", 1)):
        rec = record(
            3,
            [{"hands": [["2H"], ["5C"], ["3C"]], "turn_up": "9H", "actions": acts("5C 3C 2H")}],
            start_hand=1,
            no_trump_final=option,
        )
        result = ok(rec)
        assert result["rounds"][0]["trump"] == trump
        assert result["rounds"][0]["tricks"][0]["winner"] == winner
        assert result["winner"] == winner


def test_no_trump_final_in_a_later_round() -> None:
    r2 = {"hands": [["5C"], [], ["2H"]], "trump_chooser": 0, "actions": ["5C", "2H"]}
    rec = record(3, [PLAIN_R0, PLAIN_R1, r2], start_hand=3, no_trump_final=True)
    result = ok(rec)
    assert result["rounds"][1]["trump"] == "S"  # only the last round is trumpless
    assert result["rounds"][2]["trump"] == "NT" and result["winner"] == 0
    game = game_from_record(
        record(3, [PLAIN_R0, PLAIN_R1, {**r2, "actions": []}], start_hand=3, no_trump_final=True)
    )
    assert game.phase is Phase.PLAY and game.trump is None and game.to_move == 0
    assert (
        ok(
            record(
                3, [PLAIN_R0, PLAIN_R1, {**r2, "trump": "NT"}], start_hand=3, no_trump_final=True
            )
        )["winner"]
        == 0
    )
    error = err(
        record(3, [PLAIN_R0, PLAIN_R1, {**r2, "trump": "H"}], start_hand=3, no_trump_final=True)
    )
    assert "trumps are NT, not H" in error["message"]


# --------------------------------------------------------- trump_breaking
def test_trumps_may_not_be_led_until_broken() -> None:
    # Two players, dealer 0, seat 1 leads; trumps ♠.
    game = hand_game(
        2, [["5S", "4S", "2C"], ["AS", "KH", "3D"]], "2S", start_hand=3, trump_breaking=True
    )
    assert codes(game.legal_moves()) == ["KH", "3D"]
    with pytest.raises(IllegalMove, match="trumps are not broken yet"):
        game.play("AS")
    message = game.why_illegal("AS")
    assert "♠" in message and "\n" not in message
    game.play("KH")
    game.play("4S")  # seat 0 has no heart and trumps in: trumps are broken
    assert game.to_move == 0
    assert codes(game.legal_moves()) == ["5S", "2C"]
    game.play("5S")
    game.play("AS")
    assert game.to_move == 1 and codes(game.legal_moves()) == ["3D"]
    play(game, "3D 2C")
    assert game.rounds[0].tricks_won == [1, 2]


def test_trump_lead_allowed_when_holding_only_trumps() -> None:
    game = hand_game(
        2, [["2H", "3H", "4H"], ["AS", "KS", "3S"]], "2S", start_hand=3, trump_breaking=True
    )
    assert codes(game.legal_moves()) == ["AS", "KS", "3S"]


def test_trump_lead_free_without_the_option() -> None:
    game = hand_game(2, [["5S", "4S", "2C"], ["AS", "KH", "3D"]], "2S", start_hand=3)
    assert codes(game.legal_moves()) == ["AS", "KH", "3D"]


def test_trumps_are_unbroken_again_in_a_new_round() -> None:
    game = hand_game(
        2, [["5S", "4S", "2C"], ["AS", "KH", "3D"]], "2S", start_hand=3, trump_breaking=True
    )
    play(game, "KH 4S 5S AS 3D 2C")
    assert game.trump_chooser == 1
    game.deal([["3H", "4D"], ["AS", "2H"]])
    game.play("S")
    assert game.to_move == 1 and codes(game.legal_moves()) == ["2H"]


def test_leading_trumps_from_an_all_trump_hand_does_not_break_them() -> None:
    # Three players; seat 1 holds only trumps and leads one; seat 2 takes it with Q♠
    # and may not lead its 6♠: nobody has trumped in on another suit's lead yet.
    game = hand_game(
        3,
        [["2H", "3H", "4D"], ["5S", "4S", "3S"], ["QS", "6S", "AH"]],
        "2S",
        start_hand=3,
        trump_breaking=True,
    )
    assert codes(game.legal_moves()) == ["5S", "4S", "3S"]
    play(game, "3S QS 2H")
    assert game.to_move == 2
    assert codes(game.legal_moves()) == ["AH"]


# ------------------------------------------------------------- start_hand
@pytest.mark.parametrize("h", [1, 6, 8, 13])
def test_start_hand_sets_the_first_deal(h: int) -> None:
    game = KnockoutGame(3, Rules(start_hand=h), seed=h)
    assert game.hand_size == h and all(len(game.hand(s)) == h for s in range(3))
    assert game.rounds[0].hand_size == h


def test_rules_round_trip_through_dicts() -> None:
    rules = Rules(start_hand=6, dogs_chance=True, blind_dog=True, rainbow=True)
    assert rules.to_dict() == {
        "start_hand": 6,
        "dogs_chance": True,
        "blind_dog": True,
        "rainbow": True,
    }
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({}) == Rules() and Rules.from_dict(None) == Rules()
    assert Rules().to_dict() == {}
