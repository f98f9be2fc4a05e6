"""The Knock-Out house rules of RULES.md §2 (issue 14): ``tie_break``,
``no_trump_first_trick`` and ``misere``, each on small hand-set deals played on
``KnockoutGame(auto_chance=False)``.

Seats are 0..n-1, clockwise is increasing seat number; in round 1 the seat left of the
dealer leads.
"""

from __future__ import annotations

import pytest

from kowhist_teach import Card, IllegalMove, KnockoutGame, Phase, Rules, Status
from kowhist_teach.core.errors import SetupError
from kowhist_teach.games.knockout.engine import Termination
from kowhist_teach.i18n import set_language


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def hand_game(players: int, hands: list[list[str]], turn_up: str, **rules: object) -> KnockoutGame:
    game = KnockoutGame(players, Rules(**rules), auto_chance=False)
    game.deal(hands, turn_up)
    return game


def play(game: KnockoutGame, moves: str) -> None:
    for move in moves.split():
        game.play(move)


def codes(moves: list) -> list[str]:
    return [m.code for m in moves]


# ---------------------------------------------------------------- the options
def test_new_options_default_to_todays_game() -> None:
    rules = Rules()
    assert (rules.tie_break, rules.no_trump_first_trick, rules.misere) == ("cut", False, False)
    assert Rules.from_dict({"tie_break": "rps", "misere": True}).to_dict() == {
        "tie_break": "rps",
        "misere": True,
    }


def test_bad_options_are_clear_errors() -> None:
    with pytest.raises(SetupError, match="tie_break must be cut or rps"):
        Rules(tie_break="dice")
    with pytest.raises(SetupError, match="must be true or false"):
        Rules(misere="yes")  # type: ignore[arg-type]
    for option in ("dogs_chance", "reentry", "rainbow"):
        with pytest.raises(SetupError, match=f"misere cannot be played with {option}"):
            Rules(misere=True, **{option: True})


# ---------------------------------------------------------------- tie_break
def tied_game(**rules: object) -> KnockoutGame:
    """3 players, 3 cards: seat 1 is knocked out, then seats 0 and 2 tie on one trick."""
    game = hand_game(
        3, [["AS", "2H", "9C"], ["KS", "AC", "8C"], ["QS", "4D", "10C"]], "5D",
        start_hand=3, **rules,
    )  # fmt: skip
    play(game, "KS QS AS  2H AC 10C  9C 8C 4D")
    game.deal([["KH", "3S"], [], ["AH", "2S"]])
    play(game, "S KH AH 2S 3S")
    return game


def test_tie_break_cut_is_the_default() -> None:
    game = tied_game()
    assert game.phase is Phase.CUT and game.cut_kind == "cut"
    game.cut(2)
    assert game.log.cut_winner == 2 and game.log.cut_kind == "cut"


def test_tie_break_rps_is_a_chance_event_named_like_a_cut() -> None:
    game = tied_game(tie_break="rps")
    assert game.chance_pending == ("cut", [0, 2]) and game.cut_kind == "rps"
    with pytest.raises(IllegalMove, match="seat 1 cannot win"):
        game.rps(1)
    game.rps(0)
    assert game.trump_chooser == 0 and game.log.cut_winner == 0 and game.log.cut_kind == "rps"
    game.deal([["5C"], [], ["6C"]])
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 0


def test_tie_break_rps_settles_itself_with_a_seed() -> None:
    for seed in range(40):
        game = KnockoutGame(4, Rules(tie_break="rps", start_hand=3), seed=seed)
        while game.outcome() is None:
            game.play(game.legal_moves()[0])
        kinds = {log.cut_kind for log in game.rounds if log.cut_winner is not None}
        assert kinds <= {"rps"}


def test_rainbow_ties_stay_a_cut_under_rps() -> None:
    game = KnockoutGame(2, Rules(rainbow=True, start_hand=4, tie_break="rps"), auto_chance=False)
    game.deal([["AS", "AH", "AD", "AC"], ["KS", "KH", "KD", "KC"]], "2C")
    play(game, "rainbow")
    assert game.phase is Phase.CUT and game.cut_kind == "cut"


# ---------------------------------------------------------------- no_trump_first_trick
def first_trick_game(seat0: list[str]) -> KnockoutGame:
    """2 players, 3 cards, trumps ♥ (turn-up 2H); seat 1 leads a spade."""
    game = hand_game(2, [seat0, ["KS", "QS", "JD"]], "2H", start_hand=3, no_trump_first_trick=True)
    play(game, "KS")
    return game


def test_no_trumping_the_first_trick_when_holding_another_suit() -> None:
    game = first_trick_game(["AH", "3C", "4D"])
    assert codes(game.legal_moves()) == ["4D", "3C"]
    reason = game.why_illegal("AH")
    assert "first trick" in reason and "♠" in reason
    with pytest.raises(IllegalMove, match="first trick"):
        game.play("AH")
    # The hot path refuses it too, and leaves the game unchanged.
    with pytest.raises(IllegalMove):
        game.play(Card("AH"))
    assert game.hand(0) == [Card("AH"), Card("4D"), Card("3C")]


def test_a_hand_of_only_trumps_may_trump_the_first_trick() -> None:
    game = first_trick_game(["AH", "3H", "4H"])
    assert codes(game.legal_moves()) == ["AH", "4H", "3H"]
    play(game, "AH")
    assert game.rounds[0].tricks[0].winner == 0


def test_following_suit_is_unchanged_on_the_first_trick() -> None:
    game = first_trick_game(["AS", "3H", "4D"])
    assert codes(game.legal_moves()) == ["AS"]
    assert "must follow ♠" in game.why_illegal("3H")


def test_the_leader_may_lead_trumps_on_the_first_trick() -> None:
    game = hand_game(
        2, [["AH", "3C", "4D"], ["KS", "QS", "JD"]], "2H", start_hand=3,
        no_trump_first_trick=True,
    )  # fmt: skip
    play(game, "KS 3C")  # seat 0 cannot trump; seat 1 wins and leads again
    assert game.to_move == 1


def test_trumping_is_allowed_from_the_second_trick() -> None:
    game = first_trick_game(["AH", "3C", "4D"])
    play(game, "3C  QS")  # seat 1 won; leads the queen of spades
    assert codes(game.legal_moves()) == ["AH", "4D"]
    play(game, "AH")
    assert game.rounds[0].tricks[1].winner == 0


def test_without_the_option_trumping_the_first_trick_is_fine() -> None:
    game = hand_game(2, [["AH", "3C", "4D"], ["KS", "QS", "JD"]], "2H", start_hand=3)
    play(game, "KS")
    assert "AH" in codes(game.legal_moves())


# ---------------------------------------------------------------- misère
def test_misere_sweeping_knocks_you_out_and_the_fewest_choose_by_a_cut() -> None:
    game = hand_game(
        3, [["AS", "KS", "QS"], ["2S", "3S", "4S"], ["5S", "6S", "7S"]], "2D",
        start_hand=3, misere=True,
    )  # fmt: skip
    play(game, "2S 5S AS  KS 3S 6S  QS 4S 7S")
    assert game.outcome() is None
    assert game.rounds[0].eliminated == [0] and game.status[0] is Status.OUT
    assert game.chance_pending == ("cut", [1, 2])
    game.cut(2)
    assert game.cards_dealt_to(0) == 0 and game.dealer == 1
    game.deal([[], ["AH", "KH"], ["2H", "3H"]])
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 2
    play(game, "C 2H AH  KH 3H")
    outcome = game.outcome()
    assert outcome.winner == 2 and outcome.termination is Termination.LAST_STANDING


def test_misere_one_trick_is_safe_two_knock_you_out() -> None:
    game = hand_game(
        3, [["AS", "3H", "2D"], ["KS", "AH", "3D"], ["2S", "4H", "AD"]], "2C",
        start_hand=3, misere=True,
    )  # fmt: skip
    # Seat 1 leads: KS 2S AS (seat 0), 3H AH 4H (seat 1), then seat 1 leads 3D: AD wins.
    play(game, "KS 2S AS  3H AH 4H  3D AD 2D")
    assert game.rounds[0].tricks_won == [1, 1, 1] and game.rounds[0].eliminated == []
    assert game.chance_pending == ("cut", [0, 1, 2])


def test_misere_when_everyone_would_be_out_the_fewest_stay_in() -> None:
    game = hand_game(
        2, [["AS", "KS", "2H", "3H"], ["QS", "JS", "AH", "KH"]], "2D",
        start_hand=4, misere=True,
    )  # fmt: skip
    play(game, "QS AS  KS JS  2H AH  KH 3H")
    assert game.rounds[0].tricks_won == [2, 2]
    assert game.rounds[0].eliminated == [] and game.outcome() is None
    assert game.chance_pending == ("cut", [0, 1])


def test_misere_two_players_two_tricks_to_one() -> None:
    game = hand_game(2, [["AS", "KS", "2H"], ["QS", "JS", "AH"]], "2D", start_hand=3, misere=True)
    play(game, "QS AS  KS JS  2H AH")
    outcome = game.outcome()
    assert outcome.winner == 1 and outcome.termination is Termination.LAST_STANDING


def misere_to_the_last_round(**rules: object) -> KnockoutGame:
    """3 players, 2 cards: one trick each for seats 0 and 1, none for seat 2."""
    game = hand_game(
        3, [["AS", "3H"], ["KS", "AH"], ["2S", "4D"]], "2C", start_hand=2, misere=True, **rules
    )
    play(game, "KS 2S AS  3H AH 4D")
    assert game.rounds[0].eliminated == [] and game.trump_chooser == 2
    return game


def test_misere_the_last_round_and_the_fewest_tricks_over_the_game() -> None:
    game = misere_to_the_last_round()
    game.deal([["AD"], ["2D"], ["3D"]])
    play(game, "S 3D AD 2D")  # the chooser leads; seat 0 takes the one trick
    assert game.rounds[1].eliminated == [0]
    assert game.game_tricks() == [2, 1, 0]
    outcome = game.outcome()
    assert outcome.winner == 2 and outcome.termination is Termination.FEWEST_TRICKS


@pytest.mark.parametrize("tie_break", ["cut", "rps"])
def test_misere_a_last_tie_is_settled_by_chance(tie_break: str) -> None:
    game = misere_to_the_last_round(tie_break=tie_break)
    game.deal([["2D"], ["3D"], ["AD"]])
    play(game, "S AD 2D 3D")  # seat 2 takes the one trick: out; seats 0 and 1 tie on 1
    assert game.rounds[1].eliminated == [2] and game.game_tricks() == [1, 1, 1]
    assert game.outcome() is None and game.chance_pending == ("cut", [0, 1])
    assert game.cut_kind == tie_break
    game.cut(1)
    outcome = game.outcome()
    assert outcome.winner == 1 and outcome.termination is Termination.FEWEST_TRICKS
    assert game.rounds[1].winner_cut == 1 and game.rounds[1].cut_winner is None
