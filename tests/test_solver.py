"""The perfect-information analysis agrees with an exhaustive search over the real engine."""

from __future__ import annotations

import random

import pytest
from helpers import play_randomly

from kowhist_teach import KnockoutGame, Rules
from kowhist_teach.core.record import game_from_record, to_record
from kowhist_teach.games.knockout.engine import Phase
from kowhist_teach.teach.solver import TrickSolver, analyse, guaranteed_tricks


def _manual(game: KnockoutGame) -> KnockoutGame:
    """The same position in a game that waits for chance, so a search stops at round end."""
    rec = to_record(game)
    return game_from_record(rec)


def _brute(game: KnockoutGame, me: int, round_index: int) -> int:
    """Tricks ``me`` can guarantee from here to the end of the round, by trying everything."""
    if game.round != round_index or game.phase is not Phase.PLAY:
        return game.rounds[round_index].tricks_won[me]
    best = None
    for move in game.legal_moves():
        child = game.clone()
        child.play(move)
        v = _brute(child, me, round_index)
        if best is None or (v > best if game.to_move == me else v < best):
            best = v
    return best


def _random_position(rng: random.Random) -> KnockoutGame:
    n = rng.randint(2, 5)
    rules = Rules(
        start_hand=rng.randint(2, 4),
        dogs_chance=rng.random() < 0.5,
        reentry=rng.random() < 0.3,
        trump_breaking=rng.random() < 0.3,
        no_trump_final=rng.random() < 0.3,
    )
    game = KnockoutGame(n, rules, seed=rng.randrange(10**6), first_dealer=rng.randrange(n))
    play_randomly(game, rng, rng.randrange(60))
    while not game.is_over() and game.phase is not Phase.PLAY:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_analysis_matches_exhaustive_search() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 150:
        game = _random_position(rng)
        if game.is_over():
            continue
        manual = _manual(game)
        me = manual.to_move
        r = manual.round
        before = manual.tricks_won[me]
        for a in analyse(manual):
            child = manual.clone()
            child.play(a.move)
            expected = _brute(child, me, r) - before
            assert a.tricks == expected, (to_record(game), a.move, a.tricks, expected)
            assert a.survives == (before + a.tricks >= 1)
        checked += 1


def test_guaranteed_tricks_is_the_best_move() -> None:
    game = KnockoutGame(3, seed=5)
    values = [a.tricks for a in analyse(game)]
    assert guaranteed_tricks(game) == max(values)
    assert len(values) == len(game.legal_moves())


def test_two_players_is_plain_minimax() -> None:
    from kowhist_teach.core.cards import mask_of, parse_cards

    # Spades trumps. North leads; with AS KS against QS 2H North takes both tricks.
    hands = [mask_of(parse_cards("AS KS")), mask_of(parse_cards("QS 2H"))]
    assert TrickSolver(hands, trump=0, team={0}).value(leader=0) == 2
    # Without trumps and the lead against a void, the discards decide: 3H 2H v AS 4H,
    # East leads: AS wins, then 4H beats 3H? North keeps 3H for the second trick.
    hands = [mask_of(parse_cards("3H 2H")), mask_of(parse_cards("AS 4H"))]
    assert TrickSolver(hands, trump=-1, team={0}).value(leader=1) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_seven_card_rounds_solve(players: int) -> None:
    for seed in range(3):
        game = KnockoutGame(players, seed=seed)
        result = analyse(game)
        assert len(result) == 7
        assert all(0 <= a.tricks <= 7 for a in result)


def test_analysis_gives_up_at_its_time_limit() -> None:
    from kowhist_teach.teach.solver import AnalysisTimeout

    game = KnockoutGame(4, seed=31)
    with pytest.raises(AnalysisTimeout):
        analyse(game, time_limit=0.0)
    assert analyse(game, time_limit=60.0)  # and with time enough it answers
