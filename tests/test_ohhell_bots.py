"""Oh Hell's bots hook: a bid counted from the hand, card play aiming at the exact bid,
and more exact bids than random play."""

from __future__ import annotations

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.core.cards import Card, mask_of, parse_cards
from kowhist_teach.core.registry import spec
from kowhist_teach.games.ohhell.bots import OhHellBots, choose_card, sure_tricks
from kowhist_teach.games.ohhell.engine import OhHellGame, OhHellRules
from kowhist_teach.teach.bots import MonteCarloBot, RandomBot, RulesBot

SPADES, HEARTS = 0, 1


def _cards(codes: str) -> list[int]:
    return [int(c) for c in parse_cards(codes)]


def _code(card: int) -> str:
    return Card(card).code


def test_the_hook_is_registered_and_the_terminal_bot_is_the_rules_bot() -> None:
    assert isinstance(spec("ohhell").bots, OhHellBots)
    assert spec("ohhell").cli.terminal_bot == "rules"


def test_sure_tricks_counts_top_trumps_and_side_aces() -> None:
    assert sure_tricks(_cards("AS KS QS"), SPADES, 4) == 3.0
    assert sure_tricks(_cards("2S 3H 4D"), SPADES, 4) == 0.0
    assert sure_tricks(_cards("AH 2D 3C"), SPADES, 4) == 1.0
    # A lone king of trumps is not a sure trick.
    assert sure_tricks(_cards("KS 2D 3C"), SPADES, 4) == 0.0


def test_the_dealer_bids_the_nearest_bid_the_hook_allows() -> None:
    game = OhHellGame(players=3, rules=OhHellRules(hand_sizes=[2]), auto_chance=False)
    game.deal([["AS", "KS"], ["QS", "2H"], ["3H", "4H"]], trump_card="5S")
    game.play("0")  # seat 1
    game.play("0")  # seat 2
    # Seat 0 holds two sure trumps, but 2 would make the bids add up to 2: not allowed.
    move = RulesBot(1)(game)
    assert move in game.legal_moves() and move.code == "1"


def test_short_of_the_bid_it_wins_at_the_bid_it_ducks() -> None:
    hand = mask_of(parse_cards("AH 9H 2H"))
    trick = [(1, int(parse_cards("10H")[0]))]
    # Short of the bid, last to play: the cheapest card that wins.
    assert _code(choose_card(hand, hand, trick, SPADES, 1, 0)) == "AH"
    # At the bid: the highest card that still loses.
    assert _code(choose_card(hand, hand, trick, SPADES, 0, 0)) == "9H"
    # Void at the bid: throw off the most dangerous side card, not a trump.
    hand = mask_of(parse_cards("AD 3D 2S"))
    assert _code(choose_card(hand, hand, trick, SPADES, 0, 2)) == "AD"
    # Void and short: the lowest trump wins the trick.
    hand = mask_of(parse_cards("AD KS 2S"))
    assert _code(choose_card(hand, hand, trick, SPADES, 1, 0)) == "2S"


def _exact_rate(first, games: int, players: int = 4) -> tuple[float, float]:
    """How often seat 0 (``first``) and the random seats made their bid exactly."""
    mine = others = deals = 0
    for g in range(games):
        game = OhHellGame(players=players, seed=300 + g)
        bots = [first(g)] + [RandomBot(7000 + 10 * g + s) for s in range(1, players)]
        while not game.is_over():
            game.play(bots[game.to_move](game))
        for deal in game.deals:
            deals += 1
            exact = [b == t for b, t in zip(deal.bids, deal.tricks_won, strict=True)]
            mine += exact[0]
            others += sum(exact[1:])
    return mine / deals, others / (deals * (players - 1))


def test_the_rules_bot_makes_more_exact_bids_than_random_bots() -> None:
    mine, others = _exact_rate(RulesBot, 12)
    assert mine > others + 0.2, (mine, others)


def test_the_monte_carlo_bot_makes_more_exact_bids_than_random_bots() -> None:
    mine, others = _exact_rate(lambda s: MonteCarloBot(s, samples=8, time_limit=None), 3)
    assert mine > others + 0.15, (mine, others)


def test_the_monte_carlo_bot_is_repeatable() -> None:
    game = OhHellGame(players=4, seed=11)
    while game.phase.value == "bid":
        game.play(RulesBot(0)(game))
    a = MonteCarloBot(3, samples=6, time_limit=None)(game)
    b = MonteCarloBot(3, samples=6, time_limit=None)(game)
    assert a == b and a in game.legal_moves()
