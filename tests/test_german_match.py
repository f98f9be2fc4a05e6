"""German Whist matches (RULES.md §3, issue 14 point 1): the best of 3 or 5 hands, the
deal alternating, a drawn hand replayed as an extra hand, the match score and winner,
on the same engine protocol as one hand."""

from __future__ import annotations

import random

import pytest

from kowhist_teach.core.cards import ALL_CARDS, card_codes
from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.games.german.engine import GermanGame, GermanRules
from kowhist_teach.games.german.match import GermanMatch, GermanMatchView, german_game
from kowhist_teach.i18n import set_language


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def play_hand(match: GermanMatch, rng: random.Random) -> None:
    number = match.hand_number
    while match.outcome() is None and match.hand_number == number:
        match.play(rng.choice(match.legal_moves()))


def test_bad_match_lengths() -> None:
    for bad in (2, 4, 7, True, "3"):
        with pytest.raises(SetupError, match="best of 1, 3 or 5 hands"):
            GermanMatch(match=bad)  # type: ignore[arg-type]


def test_first_hand_is_the_single_hand_of_the_same_seed() -> None:
    match = GermanMatch(match=3, seed=11)
    single = GermanGame(seed=11)
    assert match.hand(0) == single.hand(0) and match.stock == single.stock
    assert match.to_move == single.to_move == 1 and match.dealer == 0


@pytest.mark.parametrize(("length", "need"), [(1, 1), (3, 2), (5, 3)])
def test_the_deal_alternates_and_the_first_to_win_enough_hands_wins(length: int, need: int) -> None:
    for seed in range(8):
        rng = random.Random(seed)
        match = GermanMatch(GermanRules(race_to=7), match=length, seed=seed, first_dealer=1)
        while match.outcome() is None:
            play_hand(match, rng)
        outcome = match.outcome()
        assert [g.dealer for g in match.games] == [(1 + k) % 2 for k in range(len(match.games))]
        assert outcome.hands_won[outcome.winner] == need
        assert outcome.hands_won[1 - outcome.winner] < need
        assert outcome.hands_won == [sum(1 for o in outcome.hands if o.winner == s) for s in (0, 1)]
        assert len(outcome.hands) == len(match.games)
        assert match.legal_moves() == [] and "over" in match.why_illegal("AS")
        with pytest.raises(IllegalMove, match="over"):
            match.play("AS")


def test_a_drawn_hand_counts_for_nobody_and_an_extra_hand_is_played() -> None:
    # Find seeded random play that draws a hand, then check the match goes on.
    for seed in range(400):
        rng = random.Random(seed)
        match = GermanMatch(match=1, seed=seed)
        play_hand(match, rng)
        first = match.games[0].outcome()
        if first.is_draw:
            assert match.outcome() is None and match.hand_number == 2
            assert match.hands_won == [0, 0] and match.dealer == 1
            while match.outcome() is None:
                play_hand(match, rng)
            assert match.outcome().draws >= 1 and max(match.outcome().hands_won) == 1
            return
    raise AssertionError("no drawn hand in 400 random hands")


def test_undo_goes_back_across_the_end_of_a_hand_and_clone_is_independent() -> None:
    rng = random.Random(3)
    match = GermanMatch(match=3, seed=3)
    play_hand(match, rng)
    assert match.hand_number == 2 and match.games[0].outcome() is not None
    last = match.games[0].moves[-1]
    copy = match.clone()
    assert match.undo() == last
    assert match.hand_number == 1 and match.games[0].outcome() is None
    match.play(last)
    assert match.hand_number == 2 and match.hand(0) == copy.hand(0)  # the same next deal
    copy.play(copy.legal_moves()[0])
    assert len(copy.moves) == len(match.moves) + 1


def test_undo_after_the_match_is_over() -> None:
    rng = random.Random(4)
    match = GermanMatch(GermanRules(race_to=7), match=3, seed=4)
    while match.outcome() is None:
        play_hand(match, rng)
    moves = match.moves
    assert match.undo() == moves[-1] and match.outcome() is None
    assert match.moves == moves[:-1]


def test_the_view_shows_the_match_score() -> None:
    rng = random.Random(5)
    match = GermanMatch(match=5, seed=5, players=["Ann", "Bo"])
    play_hand(match, rng)
    view = match.view(0)
    assert isinstance(view, GermanMatchView)
    assert view.match == 5 and view.hand_number == 2
    assert sum(view.hands_won) + match.games[0].outcome().is_draw == 1
    assert view.hand == match.hand(0) and match.names == ["Ann", "Bo"]


def test_a_match_dealt_by_hand() -> None:
    match = GermanMatch(match=3, auto_chance=False)
    assert match.chance_pending == ("deal", [0, 1])
    match.deal(
        [card_codes(ALL_CARDS[1:26:2]), card_codes(ALL_CARDS[0:26:2])], card_codes(ALL_CARDS[26:])
    )
    assert match.to_move == 1 and match.trump is not None


def test_the_factory() -> None:
    assert isinstance(german_game(seed=1), GermanGame)
    assert isinstance(german_game(match=5, seed=1), GermanMatch)
