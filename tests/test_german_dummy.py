"""Three-player German Whist with a dummy (issue 14 point 2; the rules are in
``kowhist_teach/games/german/dummy.py`` and ``docs/rules.md``)."""

from __future__ import annotations

import random

import pytest

from kowhist_teach.core.cards import ALL_CARDS, Card, card_codes
from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.games.german.dummy import DUMMY, GermanDummyGame
from kowhist_teach.games.german.engine import GermanPhase, GermanRules
from kowhist_teach.i18n import set_language


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def test_setup_errors() -> None:
    with pytest.raises(SetupError, match="exactly 3 players"):
        GermanDummyGame(players=2)
    with pytest.raises(SetupError, match="classic rules only"):
        GermanDummyGame(GermanRules(race_to=7))
    with pytest.raises(SetupError, match="first_dealer"):
        GermanDummyGame(first_dealer=3)


def test_the_deal_six_cards_to_four_hands_and_a_28_card_stock() -> None:
    game = GermanDummyGame(seed=4)
    assert [len(game.hand(h)) for h in range(4)] == [6, 6, 6, 6] and len(game.stock) == 28
    assert game.trump == game.stock[0].suit and game.face_up == [game.stock[0]]
    # Dealer 0: the table is dealer 0, left 1, the dummy, right 2; the left player leads.
    assert game.order == [0, 1, DUMMY, 2] and game.to_move == 1 and game.hand_to_play == 1


def test_a_deal_given_by_hand_is_checked() -> None:
    game = GermanDummyGame(auto_chance=False)
    assert game.chance_pending == ("deal", [0, 1, 2, 3])
    cards = card_codes(ALL_CARDS)
    hands = [cards[0:6], cards[6:12], cards[12:18], cards[18:24]]
    with pytest.raises(IllegalMove, match="stock must hold 28 cards"):
        game.deal(hands, cards[24:51])
    with pytest.raises(IllegalMove, match="2S is dealt twice"):
        game.deal(hands, [*cards[24:51], "2S"])
    with pytest.raises(IllegalMove, match="seat 3 must be dealt 6 cards"):
        game.deal([*hands[:3], cards[18:23]], cards[23:51])
    assert game.phase is GermanPhase.DEAL


def dealt() -> GermanDummyGame:
    cards = card_codes(ALL_CARDS)  # 2S 3S … AS 2H … AH 2D … AC
    game = GermanDummyGame(auto_chance=False)
    # Hands: seat 0 = 2S..7S, seat 1 = 8S..KS, seat 2 = AS + 2H..6H, dummy = 7H..QH.
    hands = [cards[0:6], cards[6:12], [cards[12], *cards[13:18]], cards[18:24]]
    game.deal(hands, cards[24:52])
    return game


def test_the_dealer_plays_the_dummy_and_the_dummy_is_face_up() -> None:
    game = dealt()
    assert game.trump is not None and game.face_up == [Card("KH")]
    view = game.view(1)
    assert view.dummy == game.hand(DUMMY) and view.hand == game.hand(1)
    game.play("8S")  # seat 1 leads
    assert game.hand_to_play == DUMMY and game.to_move == 0  # the dealer plays the dummy
    assert "dummy does not hold" in game.why_illegal("2S")
    with pytest.raises(IllegalMove, match="it is Player 1's turn"):
        game.play("7H", seat=1)
    game.play("7H", seat=0)  # the dummy cannot follow spades: it trumps
    assert game.hand_to_play == 2
    assert "must follow ♠" in game.why_illegal("2H")
    game.play("AS")
    game.play("2S")  # the dealer
    # Hearts are trumps (KH turned up): the dummy's 7H wins for the dealer's side.
    assert game.tricks[0].winner == DUMMY and game.side_tricks == [1, 0]
    # The dummy took the face-up KH, face up for all; the others the next cards.
    assert Card("KH") in game.view(2).dummy and len(game.stock) == 24
    assert all(len(game.hand(h)) == 6 for h in range(4))
    assert game.hand_to_play == DUMMY and game.to_move == 0  # the dummy leads
    assert game.face_up == [game.stock[0]]


def test_random_hands_play_seven_then_six_tricks() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        game = GermanDummyGame(seed=seed, first_dealer=seed % 3)
        while game.outcome() is None:
            if len(game.tricks) == 8 and not game.trick.plays:
                assert game.phase is GermanPhase.PLAY2 and not game.stock
            game.play(rng.choice(game.legal_moves()))
        outcome = game.outcome()
        assert sum(outcome.side_tricks) == 13 and len(game.tricks) == 13
        assert outcome.side_tricks[outcome.winning_side] >= 7
        assert outcome.points == outcome.side_tricks[outcome.winning_side] - 6
        winners = [s for s in range(3) if game.side_of(s) == outcome.winning_side]
        assert outcome.winners == winners
        clone = game.clone()
        assert clone.outcome() == outcome
        game.undo()
        assert game.outcome() is None and len(game.legal_moves()) == 1
