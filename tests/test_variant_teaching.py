"""Explanations and tips under issue 14's options: misère Knock-Out Whist reverses the
tips and is told as misère; bid whist speaks of the kitty the rules give (or none)."""

from __future__ import annotations

import random

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.games.family.bidwhist.engine import BidWhistGame, BidWhistRules
from kowhist_teach.games.knockout.engine import KnockoutGame, Phase, Rules
from kowhist_teach.teach.explain import explain_deal, explain_moves, explain_round
from kowhist_teach.teach.tips import tips_for

NORMAL_TIPS = {"safe_save_high", "one_trick_enough", "keep_top_trump", "choose_longest_suit"}


def _misere_tips(rules: Rules, games: int = 12) -> dict[str, str]:
    seen: dict[str, str] = {}
    for seed in range(games):
        game = KnockoutGame(4, rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            if game.to_move is not None:
                for tip in tips_for(game):
                    seen.setdefault(tip.key, tip.text)
            game.play(rng.choice(game.legal_moves()))
    return seen


def test_misere_reverses_the_tips_and_says_so() -> None:
    seen = _misere_tips(Rules(misere=True))
    assert not NORMAL_TIPS & set(seen)
    assert seen["misere_reversed"].startswith("Misère turns the usual tips round")
    assert "one more knocks you out" in seen["misere_one_taken"]
    assert "the suit you hold least of" in seen["misere_choose_shortest"]
    # Without misère the usual tips are back.
    assert NORMAL_TIPS & set(_misere_tips(Rules(), 4))


def test_misere_rounds_are_told_as_misere() -> None:
    game = KnockoutGame(4, Rules(misere=True, tie_break="rps"), seed=2)
    rng = random.Random(2)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    told = [line for r in range(len(game.rounds)) for line in explain_round(game, r)]
    assert any("in misère two tricks knock you out" in line for line in told)
    assert any("fewest tricks" in line for line in told)
    assert not any("took no trick and is out" in line for line in told)


def test_the_misere_trump_chooser_is_told_why() -> None:
    for seed in range(40):
        game = KnockoutGame(3, Rules(misere=True), seed=seed)
        rng = random.Random(seed)
        while not game.is_over() and game.phase is not Phase.CHOOSE_TRUMP:
            game.play(rng.choice(game.legal_moves()))
        if game.phase is Phase.CHOOSE_TRUMP:
            reasons = [e.reason for e in explain_moves(game, game.to_move) if e.legal]
            assert all("fewest tricks last round" in r for r in reasons)
            return
    raise AssertionError("no misère game reached a trump choice")


def _bid_reasons(rules: BidWhistRules) -> list[str]:
    game = BidWhistGame(rules, seed=3)
    return [e.reason for e in explain_moves(game, game.to_move) if e.move.code != "pass"]


def test_bid_whist_without_a_kitty_explains_bids_in_tricks() -> None:
    reasons = _bid_reasons(BidWhistRules(joker_count=0, kitty=False))
    assert reasons[0].startswith("Your side must take at least 7 of the 13 tricks")
    assert not any("kitty" in r for r in reasons)
    assert "kitty book included" in _bid_reasons(BidWhistRules())[0]


def _to_discards(rules: BidWhistRules) -> BidWhistGame:
    game = BidWhistGame(rules, seed=3)
    rng = random.Random(2)
    while game.phase.value != "discard":
        moves = game.legal_moves()
        game.play(moves[-1] if game.phase.value == "bid" else rng.choice(moves))
    return game


def test_bid_whist_discards_count_the_kitty_the_rules_give() -> None:
    for jokers, size in ((2, 6), (1, 5), (0, 4)):
        game = _to_discards(BidWhistRules(joker_count=jokers))
        reason = explain_moves(game, game.to_move)[0].reason
        assert reason.startswith(f"You discard {size} cards face down"), reason


def test_bid_whist_trump_naming_names_the_jokers_there_are() -> None:
    for jokers, words in ((2, "the jokers are the two highest trumps"), (1, "big joker")):
        for seed in range(30):
            game = BidWhistGame(BidWhistRules(joker_count=jokers), seed=seed)
            rng = random.Random(seed)
            while game.phase.value == "bid":
                game.play(rng.choice(game.legal_moves()))
            reasons = [e.reason for e in explain_moves(game, game.to_move) if e.legal]
            if any("you name trumps" in r for r in reasons):
                assert all(words in r for r in reasons if "you name trumps" in r)
                break
        else:
            raise AssertionError("no trump contract")


def test_bid_whist_deal_result_without_a_kitty_counts_tricks_as_books() -> None:
    game = BidWhistGame(BidWhistRules(joker_count=0, kitty=False), seed=5)
    rng = random.Random(5)
    while not game.deals[0].points:
        game.play(rng.choice(game.legal_moves()))
    lines = explain_deal(game, game.deals[0])
    assert not any("kitty" in line for line in lines)


def test_no_trumping_on_the_first_trick_is_explained() -> None:
    for seed in range(200):
        game = KnockoutGame(4, Rules(no_trump_first_trick=True), seed=seed)
        rng = random.Random(seed)
        while game.tricks_done == 0 and not game.is_over():
            trick = game.trick
            if game.phase is Phase.PLAY and trick.plays and game.trump is not None:
                hand = game.hand(game.to_move)
                void = not any(c.suit == trick.led_suit for c in hand)
                if void and any(c.suit != game.trump for c in hand):
                    if any(c.suit == game.trump for c in hand):
                        notes = explain_moves(game)
                        barred = [n for n in notes if not n.legal]
                        assert barred and all(
                            "no trumping on a round's first trick" in n.reason.lower()
                            for n in barred
                        )
                        legal = [n for n in notes if n.legal]
                        assert all("any card but a trump" in n.reason for n in legal)
                        return
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no void player with trumps on a first trick")
