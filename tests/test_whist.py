"""Partnership whist and the whist drive (``games.family.whist.engine``), rule by rule.

Each rule of the module's docstring and of seed 004's "Partnership whist" section has
a test on a deal set by hand (``WhistGame(rules, auto_chance=False)`` + ``deal``).
Scoring is tested on *forced* deals (:func:`forced_hands`): hands built so that a
chosen seat takes exactly ``t`` tricks whatever cards are played, so the tests play
them with random cards and still know the trick count. Property tests then play
thousands of random games (classic and drive) against an oracle written from the rules.

Seats are 0..3 clockwise; partnership 0 is seats 0 and 2, partnership 1 seats 1 and 3.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest
from family_helpers import cards
from family_helpers import snapshot as family_snapshot
from helpers import fast
from hypothesis import given
from hypothesis import strategies as st

from kowhist_teach.core.cards import ALL_CARDS, Card, Rank, Suit
from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.core.moves import PASS
from kowhist_teach.games.family.engine import FamilyOutcome, FamilyPhase
from kowhist_teach.games.family.whist.engine import (
    DRIVE_TRUMPS,
    WhistGame,
    WhistRules,
    honours_held,
    stake,
)
from kowhist_teach.i18n import set_language

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS
PLAY, DEAL, OVER = FamilyPhase.PLAY, FamilyPhase.DEAL, FamilyPhase.OVER
HIGH_FIRST = sorted(Rank, reverse=True)


@pytest.fixture(autouse=True)
def _english() -> None:
    """Messages are checked in English, whatever language another test left behind."""
    set_language("en")


# ------------------------------------------------------------------ helpers
def suit_cards(suit: Suit) -> list[Card]:
    """The 13 cards of a suit, ace first."""
    return [Card.of(r, suit) for r in HIGH_FIRST]


def forced_hands(dealer: int, t: int, trump: Suit = S) -> list[list[Card]]:
    """Hands in which eldest hand (left of ``dealer``) takes exactly ``t`` tricks
    (0..12) and the dealer the other ``13 - t``, however the cards are played.

    Eldest holds the top ``t`` trumps and the low ``13 - t`` cards of a side suit X;
    the dealer holds the other (lower) trumps and the top ``t`` cards of X; the other
    two seats hold one whole suit each, which can neither follow X nor trump, so they
    never win a trick and never lead. Eldest then wins a trick exactly when eldest plays
    a trump: a trump lead or a trump on the dealer's X lead wins, an X lead or an X
    played to the dealer's trump lead loses. Eldest's side holds ``min(t, 4)`` of the
    honours, the dealer's side the rest.
    """
    assert 0 <= t <= 12
    x, y, z = (s for s in Suit if s != trump)
    trumps, side = suit_cards(trump), suit_cards(x)
    hands: list[list[Card]] = [[] for _ in range(4)]
    hands[(dealer + 1) % 4] = trumps[:t] + side[t:]
    hands[dealer] = trumps[t:] + side[:t]
    hands[(dealer + 2) % 4] = suit_cards(y)
    hands[(dealer + 3) % 4] = suit_cards(z)
    return hands


def deal_forced(game: WhistGame, t: int, rng: random.Random | None = None) -> list[int]:
    """Deal :func:`forced_hands` for the game's next deal (its dealer; the trump its
    rules give: a card the dealer turns, or the drive's suit), play it out with random
    cards, and return the tricks by side."""
    dealer = game.dealer
    if game.rules.drive:
        trump = game.drive_trump(len(game.deals) + 1)
        game.deal(forced_hands(dealer, t, trump))
    else:
        hands = forced_hands(dealer, t)
        game.deal(hands, trump_card="2S")  # the dealer holds the low spades
    play_deal(game, rng or random.Random(t))
    won = game.deals[-1].side_tricks
    eldest_side = (dealer + 1) % 2
    assert won[eldest_side] == t and won[1 - eldest_side] == 13 - t  # the design holds
    return won


def play_deal(game: WhistGame, rng: random.Random) -> None:
    """Play random legal cards to the end of the deal in progress."""
    number = len(game.deals)
    while game.phase is PLAY and len(game.deals) == number:
        game.play(rng.choice(game.legal_moves()))


def hands_with(
    given: dict[int, str], seed: int = 0, void: dict[int, str] | None = None
) -> list[list[Card]]:
    """Four hands of 13: ``given`` cards for some seats, the rest of the pack dealt at
    random (seeded); a seat in ``void`` gets no more cards of those suits than given."""
    void = void or {}
    hands = {s: cards(given.get(s, "")) for s in range(4)}
    rest = [c for c in ALL_CARDS if all(c not in h for h in hands.values())]
    rng = random.Random(seed)
    for _attempt in range(1000):
        rng.shuffle(rest)
        out = {s: list(h) for s, h in hands.items()}
        for card in rest:
            seats = [
                s for s in range(4) if len(out[s]) < 13 and card.suit.code not in void.get(s, "")
            ]
            if not seats:
                break
            out[min(seats, key=lambda s: len(out[s]))].append(card)
        else:
            return [out[s] for s in range(4)]
    raise AssertionError("cannot fill these hands")


def new_game(dealer: int = 0, **rules: Any) -> WhistGame:
    return WhistGame(WhistRules(**rules), first_dealer=dealer, auto_chance=False)


def snapshot(game: WhistGame) -> tuple:
    """Everything a whist game is made of, for exact comparisons."""
    return family_snapshot(game, list(game.points), list(game.games_won))


def one_line_error(kind: type, action, *args, **kwargs) -> str:
    with pytest.raises(kind) as info:
        action(*args, **kwargs)
    message = str(info.value)
    assert message and "\n" not in message
    return message


# ------------------------------------------------------------------ the deal
@pytest.mark.parametrize("dealer", range(4))
def test_deal_one_card_at_a_time_from_left_of_dealer_last_card_turned(dealer: int) -> None:
    game = new_game(dealer)
    deck = list(ALL_CARDS)
    random.Random(dealer).shuffle(deck)
    hands, extra = game._deal_cards(deck)  # the subclass hook the chance event uses
    for i, card in enumerate(deck):
        assert card in hands[(dealer + 1 + i) % 4]
    assert [len(h) for h in hands] == [13] * 4
    assert extra == {"trump_card": deck[-1]} and deck[-1] in hands[dealer]


@pytest.mark.parametrize("seed", range(8))
def test_auto_deal_thirteen_each_trump_card_in_dealer_hand(seed: int) -> None:
    game = WhistGame(seed=seed, first_dealer=seed % 4)
    log = game.log
    assert game.phase is PLAY and log.dealer == game.dealer == seed % 4
    assert [len(h) for h in log.hands] == [13] * 4
    assert sorted(c for h in log.hands for c in h) == list(ALL_CARDS)
    card = log.extra["trump_card"]
    assert set(log.extra) == {"trump_card"} and card in log.hands[game.dealer]
    assert game.trump == log.trump == card.suit
    assert all(game.view(s).trump_card == card for s in range(4))


def test_trump_card_is_the_extra_and_names_trumps() -> None:
    game = new_game(2)
    hands = hands_with({2: "7D"})
    game.deal(hands, trump_card="7D")
    assert game.log.extra == {"trump_card": Card("7D")}
    assert game.trump is D and game.log.trump is D
    assert Card("7D") in game.hand(2)  # the turned card stays in the dealer's hand


@pytest.mark.parametrize("dealer", range(4))
def test_eldest_hand_leads(dealer: int) -> None:
    game = new_game(dealer)
    hands = hands_with({dealer: "2C"})
    game.deal(hands, trump_card="2C")
    assert game.to_move == game.log.leader == (dealer + 1) % 4
    assert game.trick.leader == (dealer + 1) % 4 and game.trick.plays == []
    assert game.legal_moves() == game.hand((dealer + 1) % 4)  # any card may be led


def test_must_follow_suit_else_any_card() -> None:
    game = new_game(3)  # eldest is seat 0
    hands = hands_with({0: "AH", 1: "5H 9H", 3: "2C"}, void={1: "H", 2: "H"})
    game.deal(hands, trump_card="2C")
    game.play("AH")
    assert game.legal_moves() == cards("9H 5H")
    game.play("5H")
    assert game.legal_moves() == game.hand(2)  # seat 2 holds no heart: any card


def test_illegal_card_gives_a_one_line_reason_and_changes_nothing() -> None:
    game = new_game(3)
    hands = hands_with({0: "AH", 1: "5H 9H 3S", 3: "2C"}, void={1: "H"})
    game.deal(hands, trump_card="2C")
    game.play("AH")
    before = snapshot(game)
    message = one_line_error(IllegalMove, game.play, "3S")
    assert message == "must follow ♥: you hold 9♥ 5♥"
    assert game.why_illegal("3S") == message
    assert snapshot(game) == before
    not_held = one_line_error(IllegalMove, game.play, "AS" if Card("AS") not in hands[1] else "KS")
    assert not_held.startswith("Player 2 does not hold ")
    assert one_line_error(IllegalMove, game.play, PASS) == (
        "cards are being played now: pass is not a card"
    )
    assert one_line_error(IllegalMove, game.play, "ZZ").startswith("unknown")
    assert snapshot(game) == before
    assert game.why_illegal("9H") == ""


def test_no_move_before_the_deal_nor_after_the_game() -> None:
    game = new_game(0, rubber=False)
    message = one_line_error(IllegalMove, game.play, "AS")
    assert message == "no player is to move: the cards must be dealt first"
    assert game.legal_moves() == [] and game.chance_pending == "deal"
    deal_forced(game, 0)  # the dealer's side takes all 13: game, and no rubber
    assert game.phase is OVER and game.chance_pending is None
    assert one_line_error(IllegalMove, game.play, "AS") == "the game is over"
    assert game.legal_moves() == []


def test_out_of_turn_move_with_seat() -> None:
    game = new_game(0)  # eldest is seat 1
    hands = hands_with({0: "2S", 2: "AH"})
    game.deal(hands, trump_card="2S")
    before = snapshot(game)
    message = one_line_error(IllegalMove, game.play, "AH", seat=2)
    assert message == "it is Player 2's turn, not Player 3's"
    assert snapshot(game) == before
    card = game.legal_moves()[0]
    game.play(card, seat=1)
    assert game.moves == [card] and game.to_move == 2


def test_named_players_appear_in_messages() -> None:
    game = WhistGame(seed=4, players=["Ann", "Bo", "Cy", "Di"])
    other = (game.to_move + 1) % 4
    message = one_line_error(IllegalMove, game.play, game.hand(other)[0], seat=other)
    assert message == f"it is {game.names[game.to_move]}'s turn, not {game.names[other]}'s"


def test_highest_trump_wins_and_the_winner_leads() -> None:
    game = new_game(3)  # seat 0 leads, diamonds are trumps
    hands = hands_with({0: "AH KH", 1: "2H", 2: "4D 9C", 3: "3D 5H"}, void={2: "H"})
    game.deal(hands, trump_card="3D")
    for card in cards("AH 2H 4D 5H"):  # seat 2 ruffs the ace, seat 3 must follow hearts
        game.play(card)
    assert game.tricks[0].winner == 2 and game.to_move == 2 == game.trick.leader
    assert game.tricks_won == [0, 0, 1, 0]


def test_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    game = new_game(3)
    hands = hands_with({0: "10H", 1: "JH", 2: "AS", 3: "2C 9H"}, void={2: "H"})
    game.deal(hands, trump_card="2C")
    for card in cards("10H JH AS 9H"):  # the ace of spades is neither led nor trumps
        game.play(card)
    assert game.tricks[0].winner == 1 and game.to_move == 1


@pytest.mark.parametrize("seed", range(3))
def test_thirteen_tricks_then_the_deal_passes_left(seed: int) -> None:
    game = WhistGame(seed=seed, first_dealer=3)
    rng = random.Random(seed)
    for n in range(1, 5):
        assert game.dealer == (3 + n - 1) % 4 == game.log.dealer and len(game.deals) == n
        play_deal(game, rng)
        if game.outcome() is not None:
            break
        log = game.deals[n - 1]
        assert len(log.tricks) == 13 and sum(log.tricks_won) == 13
        assert all(len(t.plays) == 4 for t in log.tricks)
        assert game.log.leader == (game.log.dealer + 1) % 4


# ---------------------------------------------------------------- scoring
@pytest.mark.parametrize("t", range(1, 13))
def test_one_point_per_odd_trick(t: int) -> None:
    game = new_game(0, honours=False, game_points=7)  # seat 1 (side 1) takes t tricks
    won = deal_forced(game, t)
    assert won == [13 - t, t]
    expected = [max(7 - t, 0), max(t - 6, 0)]
    assert game.log.points == expected == game.points
    assert game.scores == [0, 0] and game.games_won == [0, 0]
    assert game.log.notes == ["one point per odd trick: each trick over six"]


def test_six_tricks_are_worth_nothing() -> None:
    game = new_game(1, honours=False)
    deal_forced(game, 6)  # seat 2 (side 0) takes 6, the dealer's side 7
    assert game.log.points == [0, 1]


def test_three_honours_score_two() -> None:
    game = new_game(0)  # eldest seat 1 holds A K Q of spades and takes 3 tricks
    deal_forced(game, 3)
    assert honours_held(game.log.hands, S) == [1, 3]
    assert game.log.points == [4, 2] == game.points
    assert "three honours: 2 points" in game.log.notes


def test_four_honours_score_four() -> None:
    game = new_game(0)
    deal_forced(game, 4)  # seat 1 holds A K Q J of spades and takes 4 tricks
    assert honours_held(game.log.hands, S) == [0, 4]
    assert game.log.points == [3, 4] == game.points
    assert "four honours: 4 points" in game.log.notes


def test_honours_option_off() -> None:
    game = new_game(0, honours=False)
    deal_forced(game, 4)
    assert game.log.points == [3, 0]


def test_the_side_losing_the_tricks_may_score_honours() -> None:
    game = new_game(0)
    deal_forced(game, 5)  # eldest: 5 tricks and four honours; the dealer's side 8 tricks
    assert game.log.points == [2, 4]


@pytest.mark.parametrize(
    ("split", "held", "bonus"),
    [
        ({0: "AS KS", 2: "QS", 1: "JS"}, 3, 2),
        ({0: "AS", 2: "KS QS", 3: "JS"}, 3, 2),
        ({0: "AS QS", 2: "KS JS"}, 4, 4),
        ({0: "JS", 2: "AS KS QS"}, 4, 4),
    ],
)
def test_honours_split_between_partners(split: dict[int, str], held: int, bonus: int) -> None:
    """The side's honours count whether one partner or both hold them. The play is
    random here, so the test checks it met its precondition: nobody near game."""
    spec = dict(split)
    dealer = 1 if 1 not in spec else 3
    spec[dealer] = spec.get(dealer, "") + " 2S"
    hands = hands_with({s: v.strip() for s, v in spec.items()}, seed=held)
    assert honours_held(hands, S) == [held, 4 - held]
    for seed in range(20):
        game = new_game(dealer)
        game.deal(hands, trump_card="2S")
        play_deal(game, random.Random(seed))
        won = game.log.side_tricks
        odd = [max(w - 6, 0) for w in won]
        if odd[0] + bonus < 5 and odd[1] < 5:
            assert game.log.points == [odd[0] + bonus, odd[1]]
            return
    raise AssertionError("no random play kept both sides short of game")


def test_honours_ignored_when_the_tricks_bring_a_side_to_game() -> None:
    game = new_game(0)
    deal_forced(game, 6)  # eldest seat 1: 6 tricks + 4 honours = 4; dealer's side 1
    assert game.points == [1, 4]
    # Seat 2 (side 0) now holds A K Q of spades: 2 honours would make side 0 three,
    # but side 1's ten tricks (4 odd) bring it to game first: no honours at all.
    deal_forced(game, 3)
    assert game.log.points == [0, 4]
    assert game.games_won == [0, 1] and game.points == [0, 0]
    assert game.scores == [0, 2]  # losers on 1 point, not 3: a double, not a single
    assert "game!" in game.log.notes


def test_honours_ignored_when_they_would_bring_the_side_to_game() -> None:
    game = new_game(2)  # eldest seat 3 (side 1): 7 tricks (1 odd) + 4 honours = 5
    deal_forced(game, 7)
    assert game.log.points == [0, 1] == game.points and game.games_won == [0, 0]
    assert "honours cannot bring a side to game: ignored" in game.log.notes
    american = new_game(2, game_points=7)  # 1 + 4 = 5 is short of 7: they count
    deal_forced(american, 7)
    assert american.log.points == [0, 5]


@pytest.mark.parametrize(("game_points", "t", "games"), [(5, 1, [1, 0]), (7, 1, [0, 0])])
def test_game_is_five_or_seven(game_points: int, t: int, games: list[int]) -> None:
    game = new_game(0, game_points=game_points)
    deal_forced(game, t)  # the dealer's side takes 12 tricks: 6 points
    assert game.games_won == games
    if game_points == 7:
        assert game.points == [6, 0]
        deal_forced(game, 11)  # seat 2 (side 0) takes 11: 5 more, game
        assert game.games_won == [1, 0]


def test_reaching_exactly_five_is_game() -> None:
    game = new_game(0)
    deal_forced(game, 4)  # [3, 4]
    deal_forced(game, 8)  # seat 2 (side 0) takes 8: 2 odd tricks, 3 + 2 = 5
    assert game.games_won == [1, 0] and game.scores == [1, 0]  # losers on 4: single


def test_stakes_triple_for_a_whitewash() -> None:
    game = new_game(0)
    deal_forced(game, 0)  # the dealer takes all 13: 7 points, the losers none
    assert game.log.points == [7, 0] and game.scores == [3, 0]


def test_stakes_double_when_losers_have_one_or_two() -> None:
    game = new_game(0)
    deal_forced(game, 6)  # [1, 4]
    deal_forced(game, 6)  # dealer 1's side takes 7: 4 + 1 = 5, game; losers on 1
    assert game.games_won == [0, 1] and game.scores == [0, 2]


def test_stakes_single_when_losers_have_three_or_four() -> None:
    game = new_game(0)
    deal_forced(game, 4)  # [3, 4]
    deal_forced(game, 5)  # dealer 1's side takes 8: 4 + 2 = 6, game; losers on 3
    assert game.games_won == [0, 1] and game.scores == [0, 1]


def test_stake_table() -> None:
    assert [stake(p, 5) for p in range(5)] == [3, 2, 2, 1, 1]
    assert [stake(p, 7) for p in range(7)] == [3, 2, 2, 2, 2, 1, 1]


def test_stakes_in_a_game_of_seven() -> None:
    game = new_game(0, game_points=7)
    deal_forced(game, 7)  # seat 1: 1 odd + 4 honours = 5
    deal_forced(game, 0)  # dealer 1's side takes 13: 7 odd tricks, game; losers on 0
    assert game.scores == [0, 3]
    deal_forced(game, 4)  # dealer 2: seat 3 (side 1) 4 honours; side 0 3 odd: [3, 4]
    deal_forced(game, 0)  # dealer 3's side (1) takes 13: game; losers on 3: double
    assert game.games_won == [0, 2] and game.scores == [0, 3 + 2 + 2]


def _sweep(game: WhistGame, side: int) -> None:
    """A deal that gives ``side`` a game from nothing: 13 tricks if the dealer is
    theirs, else 12 for eldest (6 points; the honours cannot count)."""
    deal_forced(game, 0 if game.dealer % 2 == side else 12)


def test_rubber_best_of_three_plus_two() -> None:
    game = new_game(0)
    for side in (0, 1):
        _sweep(game, side)
        assert game.outcome() is None
    assert game.games_won == [1, 1] and game.scores == [3, 3]
    _sweep(game, 0)
    assert game.games_won == [2, 1] and game.scores == [3 + 3 + 2, 3]
    assert game.outcome() == FamilyOutcome(0, [8, 3], True, 3)
    assert "rubber: 2 game points more" in game.log.notes
    assert game.phase is OVER and game.to_move is None


def test_rubber_two_games_to_nil() -> None:
    game = new_game(0)
    _sweep(game, 1)
    _sweep(game, 1)
    assert game.outcome() == FamilyOutcome(1, [0, 8], True, 2)


def test_single_game_without_rubber() -> None:
    game = new_game(1, rubber=False)
    _sweep(game, 0)
    assert game.outcome() == FamilyOutcome(0, [3, 0], True, 1)
    assert "rubber: 2 game points more" not in game.log.notes


def test_points_carry_from_deal_to_deal_then_reset_after_game() -> None:
    game = new_game(0)
    deal_forced(game, 5)  # [2, 4]
    deal_forced(game, 7)  # seat 2 (side 0): 1 odd, honours would reach 7: 2 + 1 = 3
    assert game.points == [3, 4] and game.games_won == [0, 0]
    deal_forced(game, 5)  # dealer 2 (side 0) takes 8: 2 odd, game; losers on 4
    assert game.points == [0, 0] and game.scores == [1, 0] and game.games_won == [1, 0]


# -------------------------------------------------------------- whist drive
def _random_drive(rules: WhistRules, seed: int) -> WhistGame:
    game = WhistGame(rules, seed=seed, first_dealer=seed % 4)
    rng = random.Random(seed)
    while game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_drive_trumps_rotate_hearts_diamonds_spades_clubs() -> None:
    game = _random_drive(WhistRules(drive=True, drive_deals=9), seed=5)
    assert [d.trump for d in game.deals] == [H, D, S, C, H, D, S, C, H]
    assert all(d.extra == {} for d in game.deals)  # no card is turned
    assert all(d.leader == (d.dealer + 1) % 4 for d in game.deals)
    assert game.view(0).trump_card is None


def test_drive_no_trump_fifth_deal() -> None:
    game = _random_drive(WhistRules(drive=True, drive_no_trump=True), seed=2)
    assert [d.trump for d in game.deals] == [H, D, S, C, None]
    assert list(DRIVE_TRUMPS) == [H, D, S, C, None]
    longer = _random_drive(WhistRules(drive=True, drive_no_trump=True, drive_deals=7), seed=3)
    assert [d.trump for d in longer.deals] == [H, D, S, C, None, H, D]


@pytest.mark.parametrize(
    ("options", "deals"),
    [({}, 4), ({"drive_no_trump": True}, 5), ({"drive_deals": 1}, 1), ({"drive_deals": 12}, 12)],
)
def test_drive_deals(options: dict, deals: int) -> None:
    rules = WhistRules(drive=True, **options)
    assert rules.deals_in_drive == deals
    game = _random_drive(rules, seed=deals)
    assert len(game.deals) == deals == game.outcome().deals


@pytest.mark.parametrize("seed", range(6))
def test_drive_counts_the_tricks(seed: int) -> None:
    game = _random_drive(WhistRules(drive=True, drive_no_trump=seed % 2 == 1), seed)
    totals = [sum(d.side_tricks[side] for d in game.deals) for side in (0, 1)]
    assert game.scores == totals and sum(totals) == 13 * len(game.deals)
    assert all(d.points == d.side_tricks for d in game.deals)
    outcome = game.outcome()
    expected = None if totals[0] == totals[1] else int(totals[1] > totals[0])
    assert outcome.winner == expected and outcome.scores == totals and outcome.by_partnership


def test_drive_ignores_honours() -> None:
    game = new_game(0, drive=True, drive_deals=1)
    deal_forced(game, 4)  # seat 1 holds A K Q J of hearts, the first deal's trumps
    assert honours_held(game.log.hands, H) == [0, 4]
    assert game.log.points == [9, 4] == game.scores and game.log.notes == []
    assert game.outcome() == FamilyOutcome(0, [9, 4], True, 1)


def test_drive_tie_has_no_winner() -> None:
    game = new_game(0, drive=True, drive_deals=2)
    deal_forced(game, 6)  # seat 1: 6, so side 0 7
    assert game.outcome() is None and game.scores == [7, 6]
    deal_forced(game, 6)  # seat 2 (side 0): 6, side 1 7
    assert game.outcome() == FamilyOutcome(None, [13, 13], True, 2)


def test_drive_no_trump_deal_the_suit_led_wins() -> None:
    game = new_game(0, drive=True, drive_no_trump=True, drive_deals=5)
    for _ in range(4):
        deal_forced(game, 5)
    # Deal 5, no trumps: every seat holds one whole suit, so the leader wins every trick.
    game.deal([suit_cards(s) for s in Suit])
    assert game.trump is None and game.to_move == 1  # dealer 4 % 4 = 0, eldest 1
    play_deal(game, random.Random(0))
    assert game.deals[-1].tricks_won == [0, 13, 0, 0]


def test_drive_deal_with_a_trump_card_is_an_error() -> None:
    game = new_game(0, drive=True)
    hands = hands_with({0: "2C"})
    message = one_line_error(SetupError, game.deal, hands, trump_card="2C")
    assert message == "a whist drive turns no card for trumps: no trump_card"
    assert game.deals == [] and game.phase is DEAL
    game.deal(hands)
    assert game.trump is H


# --------------------------------------------------------------- rules
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"game_points": 6}, "rule option game_points must be one of 5, 7, not 6"),
        ({"game_points": True}, "rule option game_points must be one of 5, 7, not True"),
        ({"honours": "yes"}, "rule option honours must be true or false, not 'yes'"),
        ({"rubber": 1}, "rule option rubber must be true or false, not 1"),
        ({"drive": None}, "rule option drive must be true or false, not None"),
        (
            {"drive": True, "drive_deals": 0},
            "rule option drive_deals must be a whole number from 1 to 100, not 0",
        ),
        (
            {"drive": True, "drive_deals": 2.0},
            "rule option drive_deals must be a whole number from 1 to 100, not 2.0",
        ),
        ({"drive_no_trump": True}, "drive_no_trump and drive_deals are options of a whist drive"),
        ({"drive_deals": 4}, "drive_no_trump and drive_deals are options of a whist drive"),
    ],
)
def test_rules_validation_messages(options: dict, message: str) -> None:
    assert one_line_error(SetupError, WhistRules, **options) == message
    assert one_line_error(SetupError, WhistRules.from_dict, options) == message


def test_rules_round_trip_and_unknown_options() -> None:
    assert WhistRules().to_dict() == {}
    rules = WhistRules(drive=True, drive_no_trump=True, drive_deals=10)
    assert WhistRules.from_dict(rules.to_dict()) == rules
    assert rules.with_options(drive_deals=None).deals_in_drive == 5
    message = one_line_error(SetupError, WhistRules.from_dict, {"trumps": "H"})
    assert message.startswith("unknown rule option 'trumps': known options are drive,")
    assert one_line_error(SetupError, WhistGame, {"drive": True}) == (
        "rules must be a WhistRules object"
    )


@pytest.mark.parametrize(
    ("players", "message"),
    [(3, "Partnership whist is for exactly 4 players"), ("four", None)],
)
def test_four_players_only(players: Any, message: str | None) -> None:
    got = one_line_error(SetupError, WhistGame, players=players)
    assert got == (message or "players must be a number or a list of names")


# --------------------------------------------------------------- deal() errors
def test_deal_errors() -> None:
    game = new_game(1)
    hands = hands_with({1: "2S"})
    bad = [list(h) for h in hands]
    bad[3] = bad[3][:12]
    cases = [
        ((bad,), {"trump_card": "2S"}, "each player must be dealt 13 cards"),
        ((hands[:3],), {"trump_card": "2S"}, "a deal needs one hand for each of the 4 seats"),
        ((hands,), {}, "a deal of whist needs its trump_card, the dealer's last card"),
        ((hands,), {"trump_card": "2S", "kitty": []}, None),
        ((hands,), {"trump_card": "AS" if Card("AS") not in hands[1] else "KS"}, "dealer's"),
        ((hands,), {"trump_card": "1Z"}, "unknown"),
        (("AS KS",), {"trump_card": "2S"}, "a deal needs one hand for each of the 4 seats"),
    ]
    for args, extra, message in cases:
        got = one_line_error(SetupError, game.deal, *args, **extra)
        if message is None:
            assert got == "a deal of whist needs its trump_card, the dealer's last card"
        elif message == "dealer's":
            card = extra["trump_card"]
            assert got == f"the trump card {card} must be in the dealer's hand (Player 2)"
        elif message == "unknown":
            assert got.startswith("unknown card code '1Z'")
        else:
            assert got == message
    twice = [list(h) for h in hands]
    twice[0][0] = twice[2][0]
    assert one_line_error(SetupError, game.deal, twice, trump_card="2S") == (
        f"{twice[2][0].code} is dealt twice: a pack holds each card once"
    )
    assert game.deals == [] and game.phase is DEAL and game.chance_pending == "deal"
    game.deal(hands, trump_card="2S")
    assert one_line_error(SetupError, game.deal, hands, trump_card="2S") == (
        "the cards can be dealt only before a deal starts"
    )


def test_auto_chance_game_refuses_deal() -> None:
    game = WhistGame(seed=1)
    message = one_line_error(SetupError, game.deal, game.log.hands, trump_card="2S")
    assert message == "the cards can be dealt only before a deal starts"


# ------------------------------------------------------------- undo, clone, view
def test_undo_restores_exactly_and_clone_is_independent() -> None:
    game = WhistGame(seed=11, first_dealer=2)
    rng = random.Random(11)
    history = [snapshot(game)]
    while game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
        history.append(snapshot(game))
    assert len(game.deals) > 1  # undo crosses deals (and games)
    final = snapshot(game)
    twin = game.clone()
    assert snapshot(twin) == final
    for back in range(1, 120):
        game.undo()
        assert snapshot(game) == history[-1 - back]
    assert snapshot(twin) == final  # the clone did not move
    other = game.clone()
    other.play(other.legal_moves()[0])
    assert snapshot(game) == history[-120]


def test_undo_across_a_deal_and_nothing_to_undo() -> None:
    game = new_game(0)
    assert one_line_error(IllegalMove, game.undo) == "there is no move to undo"
    deal_forced(game, 5)
    before = snapshot(game)
    assert game.phase is DEAL and len(game.deals) == 1
    last = game.undo()
    assert game.phase is PLAY and len(game.deals) == 1 and game.log.points is None
    game.play(last)
    assert snapshot(game) == before


@pytest.mark.parametrize("moves", [0, 1, 6, 30, 51])
def test_view_hides_the_other_hands(moves: int) -> None:
    game = WhistGame(seed=7)
    rng = random.Random(7)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    log = game.log
    played = {c for t in log.tricks for _s, c in t.plays}
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == game.hand(seat) and view.open_hands == {}
        assert view.hand_sizes == [len(game.hand(s)) for s in range(4)]
        assert set(view.played) == played and view.trick == list(game.trick.plays)
        assert view.trump == game.trump and view.trump_card == log.extra["trump_card"]
        assert view.scores == game.scores and view.to_move == game.to_move
        seen = set(_cards_in(view, skip=("hand",)))
        # Apart from the seat's own hand: only played cards and the turned-up card.
        assert seen <= played | {log.extra["trump_card"]}
    assert one_line_error(SetupError, game.view, 4) == "seat must be from 0 to 3"


def _cards_in(obj: Any, skip: tuple[str, ...] = ()) -> list[Card]:
    """Every card anywhere inside a view (dataclass fields, lists, dicts, tuples)."""
    if isinstance(obj, Card):
        return [obj]
    if hasattr(obj, "__dataclass_fields__"):
        return [
            c for f in fields(obj) if f.name not in skip for c in _cards_in(getattr(obj, f.name))
        ]
    if isinstance(obj, dict):
        return [c for k, v in obj.items() for c in _cards_in(k) + _cards_in(v)]
    if isinstance(obj, (list, tuple)):
        return [c for x in obj for c in _cards_in(x)]
    return []


def test_str_names_the_partnerships() -> None:
    game = WhistGame(seed=1, players=["Ann", "Bo", "Cy", "Di"])
    assert str(game) == "Partnership whist: Ann & Cy / Bo & Di; scores [0, 0]"


# ------------------------------------------------------------- property tests
@st.composite
def whist_rules(draw: Any) -> WhistRules:
    if draw(st.booleans()):
        deals = draw(st.one_of(st.none(), st.integers(1, 9)))
        return WhistRules(drive=True, drive_no_trump=draw(st.booleans()), drive_deals=deals)
    return WhistRules(
        game_points=draw(st.sampled_from([5, 7])),
        honours=draw(st.booleans()),
        rubber=draw(st.booleans()),
    )


_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


def check_deal(log: Any, first_dealer: int, rules: WhistRules) -> None:
    """One finished deal against the rules, from its log alone."""
    dealer = (first_dealer + log.number - 1) % 4
    assert log.dealer == dealer and log.leader == (dealer + 1) % 4
    assert sorted(c for h in log.hands for c in h) == list(ALL_CARDS)
    if rules.drive:
        assert (
            log.extra == {}
            and log.trump == DRIVE_TRUMPS[(log.number - 1) % (5 if rules.drive_no_trump else 4)]
        )
    else:
        card = log.extra["trump_card"]
        assert card in log.hands[dealer] and log.trump == card.suit
    held = [set(h) for h in log.hands]
    assert len(log.tricks) == 13
    leader = log.leader
    won = [0] * 4
    for trick in log.tricks:
        assert trick.leader == leader and len(trick.plays) == 4
        assert [s for s, _c in trick.plays] == [(leader + i) % 4 for i in range(4)]
        led = trick.plays[0][1].suit
        for seat, card in trick.plays:
            assert card in held[seat]
            if card.suit != led:  # a discard or a ruff only when void in the led suit
                assert all(c.suit != led for c in held[seat])
            held[seat].discard(card)
        trumps = [(c, s) for s, c in trick.plays if c.suit == log.trump]
        suited = [(c, s) for s, c in trick.plays if c.suit == led]
        leader = max(trumps or suited)[1]  # one suit: the higher index is the higher card
        assert trick.winner == leader
        won[leader] += 1
    assert all(not h for h in held)  # every card played once
    assert log.tricks_won == won and sum(won) == 13


def check_scores(game: WhistGame) -> None:
    """The whole game's scoring against an oracle written from the rules."""
    rules = game.rules
    if rules.drive:
        totals = [sum(d.side_tricks[side] for d in game.deals) for side in (0, 1)]
        assert all(d.points == d.side_tricks for d in game.deals)
        assert len(game.deals) == rules.deals_in_drive
        assert game.scores == totals and sum(totals) == 13 * len(game.deals)
        winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        assert game.outcome() == FamilyOutcome(winner, totals, True, len(game.deals))
        return
    goal = rules.game_points
    points, games, scores = [0, 0], [0, 0], [0, 0]
    for n, log in enumerate(game.deals, 1):
        assert max(games) < (2 if rules.rubber else 1), "a deal after the end"
        side_tricks = log.side_tricks
        gained = [max(t - 6, 0) for t in side_tricks]
        points = [points[0] + gained[0], points[1] + gained[1]]
        if rules.honours and max(points) < goal:
            for side in (0, 1):
                count = sum(
                    1
                    for seat in (side, side + 2)
                    for c in log.hands[seat]
                    if c.suit == log.trump and c.rank in _HONOURS
                )
                bonus = {3: 2, 4: 4}.get(count, 0)
                if bonus and points[side] + bonus < goal:
                    points[side] += bonus
                    gained[side] += bonus
        assert log.points == gained, f"deal {n}"
        for side in (0, 1):
            if points[side] >= goal:
                loser = points[1 - side]
                scores[side] += 1 if loser >= goal - 2 else (2 if loser else 3)
                games[side] += 1
                if rules.rubber and games[side] == 2:
                    scores[side] += 2
                points = [0, 0]
    assert game.scores == scores and game.games_won == games
    need = 2 if rules.rubber else 1
    assert max(games) == need
    assert game.outcome() == FamilyOutcome(games.index(need), scores, True, len(game.deals))
    assert game.outcome().winner == max((0, 1), key=lambda s: scores[s])  # winners lead


def play_random(rules: WhistRules, seed: int, dealer: int) -> WhistGame:
    game = WhistGame(rules, seed=seed, first_dealer=dealer)
    rng = random.Random(seed)
    for _ in range(5000):
        if game.outcome() is not None:
            return game
        game.play(rng.choice(game.legal_moves()))
    raise AssertionError("the game did not end")


@fast(1000)
@given(whist_rules(), st.integers(0, 2**32), st.integers(0, 3))
def test_random_games_finish_and_follow_the_rules(rules: WhistRules, seed: int, dealer: int):
    game = play_random(rules, seed, dealer)
    assert game.phase is OVER and game.to_move is None and game.legal_moves() == []
    for log in game.deals:
        check_deal(log, dealer, rules)
    check_scores(game)


@fast(150)
@given(whist_rules(), st.integers(0, 2**32), st.integers(0, 3))
def test_same_seed_same_game(rules: WhistRules, seed: int, dealer: int) -> None:
    one, two = play_random(rules, seed, dealer), play_random(rules, seed, dealer)
    assert one.moves == two.moves and one.deals == two.deals and one.scores == two.scores
    # The deals depend on the seed alone, not on the play: other cards, the same hands.
    other = WhistGame(rules, seed=seed, first_dealer=dealer)
    rng = random.Random(seed + 1)
    while other.outcome() is None and len(other.deals) <= 3:
        other.play(rng.choice(other.legal_moves()))
    for mine, theirs in zip(one.deals, other.deals, strict=False):  # other is shorter
        assert mine.hands == theirs.hands and mine.extra == theirs.extra


@fast(60)
@given(whist_rules(), st.integers(0, 2**32), st.data())
def test_random_undo_and_clone(rules: WhistRules, seed: int, data: Any) -> None:
    game = WhistGame(rules, seed=seed)
    rng = random.Random(seed)
    stops = set(data.draw(st.lists(st.integers(0, 300), min_size=1, max_size=5)))
    for i in range(301):
        if game.outcome() is not None:
            break
        if i in stops:
            before = snapshot(game)
            twin = game.clone()
            move = rng.choice(game.legal_moves())
            game.play(move)
            after = snapshot(game)
            assert snapshot(twin) == before
            twin.play(move)
            assert snapshot(twin) == after
            assert game.undo() == move and snapshot(game) == before
            game.play(move)
        else:
            game.play(rng.choice(game.legal_moves()))
