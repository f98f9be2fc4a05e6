"""Partnership whist's second honours reading (issue 14, point 5):
``WhistRules(honours_rule="laws")``, the Laws of Short Whist — tricks score before
honours, and honours may carry a side to game unless it stood at game − 1 (four in a
game of five) when the deal began. The seed's reading stays the default.

The deals are the forced deals of ``tests/test_whist.py``: eldest takes exactly ``t``
tricks and holds ``min(t, 4)`` of the trump honours, the dealer's side the rest.
"""

from __future__ import annotations

import random

import pytest

from kowhist_teach.core.errors import SetupError
from kowhist_teach.games.family.whist.engine import WhistRules
from kowhist_teach.i18n import set_language
from tests.test_whist import deal_forced, hands_with, new_game, play_deal


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def test_the_seed_reading_is_the_default() -> None:
    assert WhistRules().honours_rule == "seed"
    assert WhistRules(honours_rule="laws").to_dict() == {"honours_rule": "laws"}
    with pytest.raises(SetupError, match="honours_rule must be seed or laws"):
        WhistRules(honours_rule="bridge")


def test_laws_honours_may_carry_a_side_to_game() -> None:
    game = new_game(2, honours_rule="laws")  # eldest seat 3 (side 1): 1 odd + 4 honours
    deal_forced(game, 7)
    assert game.log.points == [0, 5] and game.games_won == [0, 1]
    assert "four honours: 4 points" in game.log.notes and "game!" in game.log.notes
    assert game.scores == [0, 3]  # the losers made nothing: a triple


@pytest.mark.parametrize("reading", ["seed", "laws"])
def test_tricks_score_before_honours_in_both_readings(reading: str) -> None:
    game = new_game(0, honours_rule=reading)
    deal_forced(game, 6)  # eldest seat 1: 6 tricks + 4 honours = 4; dealer's side 1
    assert game.points == [1, 4]
    # Side 0 now holds A K Q of spades, but side 1's ten tricks bring it to game first.
    deal_forced(game, 3)
    assert game.log.points == [0, 4] and game.games_won == [0, 1]


@pytest.mark.parametrize(
    ("reading", "note"),
    [
        ("laws", "a side at one point from game cannot score honours"),
        ("seed", "honours cannot bring a side to game: ignored"),
    ],
)
def test_a_side_at_four_scores_no_honours(reading: str, note: str) -> None:
    hands = hands_with({1: "AS KS 2S", 3: "QS JS"}, seed=4)
    for seed in range(40):
        game = new_game(0, honours_rule=reading)
        deal_forced(game, 6)  # side 1 on 4 (four honours), side 0 on 1
        assert game.points == [1, 4]
        game.deal(hands, trump_card="2S")  # dealer 1; side 1 holds all four honours
        play_deal(game, random.Random(seed))
        won = game.log.side_tricks
        if won[1] <= 6 and won[0] <= 10:  # nobody reached game by tricks
            assert game.log.points == [won[0] - 6, 0] and game.points[1] == 4
            assert note in game.log.notes
            return
    raise AssertionError("no random play kept both sides short of game")
