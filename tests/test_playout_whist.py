"""Partnership whist's lean playout core agrees with the full engine move for move.

``games/family/whist/playout.py`` plays partnership whist on plain ints; the full
:class:`WhistGame` is the source of truth. Here both play the same random rubbers
(random rule options — game of 5 or 7, honours or not and either honours rule, rubber
or one game, the whist drive with or without its no-trump deal and any number of
deals — seeds and first dealers; the same seed deals the same cards) and after every
card they must show the same deal, dealer, trumps and trump card, seat to move, legal
set, hands, tricks by seat and trick winners; after every deal the same points scored,
game won (and its stake), rubber won, points towards game, games and game points; and
in the end the same outcome. Deals played: about 3 000 with random options + 600 plain.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kowhist_teach.core.cards import ALL_CARDS, mask_of
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
from kowhist_teach.games.family.whist.playout import (
    WhistPlayout,
    WhistPlayoutHooks,
    random_game,
)
from kowhist_teach.teach.bots import RandomBot
from kowhist_teach.teach.simulate import _play_games, bot_seed, game_seed


def random_rules(rng: random.Random) -> WhistRules:
    """Any combination of partnership whist's options."""
    if rng.random() < 0.3:
        return WhistRules(
            drive=True,
            drive_no_trump=rng.random() < 0.5,
            drive_deals=rng.choice([None, None, rng.randint(1, 9)]),
        )
    return WhistRules(
        game_points=rng.choice([5, 7]),
        honours=rng.random() < 0.75,
        rubber=rng.random() < 0.7,
        honours_rule=rng.choice(["seed", "laws"]),
    )


def _trump(full: WhistGame) -> int:
    return -1 if full.trump is None else int(full.trump)


def check_deal_scored(full: WhistGame, lean: WhistPlayout, where: tuple) -> None:
    """The deal just finished (the engine's ``deals[-2]``, or its last once the game is
    over) was scored alike."""
    log = full.deals[-1] if full.outcome() is not None else full.deals[-2]
    assert lean.last_tricks_won == log.tricks_won, where
    assert lean.last_points == log.points, where
    if not full.rules.drive:
        assert lean.last_game_won == log.game_won, where
        assert lean.last_rubber_won == log.rubber_won, where
        assert lean.points == full.points and lean.games_won == full.games_won, where
    assert lean.scores == full.scores, where


def check_same_game(
    rules: WhistRules, seed: int, dealer: int, chooser: random.Random, stats: Counter
) -> int:
    """Play one game on both cores with the same random cards; returns the deals played."""
    full = WhistGame(rules, seed=seed, first_dealer=dealer)
    lean = WhistPlayout(rules, seed=seed, first_dealer=dealer)
    deals = 1
    for step in range(52 * 200):
        where = (rules, seed, dealer, step)
        if len(full.deals) != deals or full.outcome() is not None:
            check_deal_scored(full, lean, where)
            log = full.deals[-1] if full.outcome() is not None else full.deals[-2]
            side = log.side_tricks
            if not rules.drive and log.points != [max(t - 6, 0) for t in side]:
                stats["honours scored"] += 1
            if not rules.drive and log.game_won is not None:
                stats[f"stake {log.game_won[1]}"] += 1
            deals = len(full.deals)
        out = full.outcome()
        if out is not None:
            assert lean.to_move == -1 and lean.legal() == [], where
            assert lean.winner == out.winner and lean.scores == out.scores, where
            assert lean.number == out.deals, where
            return out.deals
        assert lean.number == len(full.deals) and lean.dealer == full.dealer, where
        assert lean.trump == _trump(full), where
        turned = full.log.extra.get("trump_card")
        assert lean.trump_card == (-1 if turned is None else int(turned)), where
        assert lean.to_move == full.to_move, where
        legal = full.legal_moves()
        codes = lean.legal()
        assert codes == [int(m) for m in legal], where
        assert lean.hands == full.hands, where
        assert lean.tricks_won == full.log.tricks_won, where
        done = [t.winner for t in full.tricks if len(t.plays) == 4]
        assert lean.trick_winners == done, where
        code = chooser.choice(codes)
        full.play(ALL_CARDS[code])
        lean.play(code)
    pytest.fail("game did not end")


@pytest.mark.parametrize("block", range(6))
def test_lean_whist_agrees_with_the_engine_on_random_options(block: int) -> None:
    rng = random.Random(6000 + block)
    deals = 0
    stats: Counter = Counter()
    options = set()
    while deals < 500:
        rules = random_rules(rng)
        options.add((rules.drive, rules.honours, rules.honours_rule, rules.rubber))
        seed, dealer = rng.getrandbits(40), rng.randrange(4)
        deals += check_same_game(rules, seed, dealer, random.Random(rng.getrandbits(32)), stats)
    # Each block meets drives and classic games with and without honours, under both
    # honours rules, honours scored, and games won single, double and triple.
    assert {(True, True, "seed", True)} < options and len(options) >= 8, options
    assert stats["honours scored"] > 10 and {"stake 1", "stake 2", "stake 3"} <= set(stats)


def test_lean_whist_agrees_on_the_plain_rubber() -> None:
    rng = random.Random(8)
    deals = i = 0
    while deals < 600:
        deals += check_same_game(
            WhistRules(), i, i % 4, random.Random(rng.getrandbits(32)), Counter()
        )
        i += 1
    # Plain rubbers: won by both sides over a few hundred.
    assert {random_game(i).winner for i in range(100)} == {0, 1}


def test_fused_random_game_is_a_game_the_engine_plays_the_same_way() -> None:
    """``random_game`` plays tricks in its own tight loop: every game it plays, replayed
    card by card into the engine, is legal at every step and ends the same way."""
    rng = random.Random(77)
    for _game in range(300):
        rules = random_rules(rng)
        seed, dealer = rng.getrandbits(40), rng.randrange(4)
        record: list[int] = []
        lean = random_game(seed, rules, random.Random(seed + 1), record, dealer)
        full = WhistGame(rules, seed=seed, first_dealer=dealer)
        for code in record:
            assert full.why_illegal(ALL_CARDS[code]) == "", (rules, seed)
            full.play(ALL_CARDS[code])
        out = full.outcome()
        assert out is not None, (rules, seed)
        assert (lean.winner, lean.scores, lean.number) == (out.winner, out.scores, out.deals)
        assert len(record) == 52 * out.deals
        check_deal_scored(full, lean, (rules, seed))
        # The fused loop keeps the state as the steps do.
        assert lean.trick_winners == [t.winner for t in full.tricks]
        assert lean.hands == full.hands == [0, 0, 0, 0]
        assert lean.best == full.tricks[-1].winning_card


def test_random_game_is_reproducible() -> None:
    a, b = random_game(5), random_game(5)
    assert (a.winner, a.scores, a.number) == (b.winner, b.scores, b.number)
    assert a.scores[a.winner] > 0


def test_hook_plays_random_bots_as_the_engine() -> None:
    """The playout hook's random bots choose exactly as ``RandomBot`` on the engine."""
    hook = WhistPlayoutHooks()
    rng = random.Random(5)
    for i in range(60):
        rules = random_rules(rng)
        seeds = [rng.getrandbits(30) for _s in range(4)]
        times: list[list[float]] = [[], [], [], []]
        result = hook.play_game(4, rules, i, i % 4, ["random"] * 4, seeds, times)
        full = WhistGame(rules, seed=i, first_dealer=i % 4)
        bots = [RandomBot(s) for s in seeds]
        moves = 0
        while full.outcome() is None:
            full.play(bots[full.to_move](full))
            moves += 1
        assert result.winner == full.outcome().winner and result.by_partnership, (rules, i)
        # Its rounds are the engine's deals: the hands dealt, trumps, tricks by seat.
        assert [(r.dealt, r.hand_size, r.trump, r.tricks_won) for r in result.rounds] == [
            (
                [mask_of(h) for h in log.hands],
                13,
                -1 if log.trump is None else int(log.trump),
                log.tricks_won,
            )
            for log in full.deals
        ], (rules, i)
        assert [len(t) for t in times] == [moves // 4] * 4
    assert hook.plays(["random"] * 4) and not hook.plays(["random", "rules", "random", "random"])


def test_simulate_whist_random_results_are_the_engines() -> None:
    """``simulate --game whist`` with random bots now runs on the lean core: the same
    winners, game by game, as the engine loop it replaced."""
    for r in (None, WhistRules(drive=True, drive_deals=3), WhistRules(game_points=7)):
        task = ("whist", 4, 4, ("random",) * 4, r, None, 0, 30)
        lean = [(w, p) for w, p, _t in _play_games(task)]
        full = []
        for i in range(30):
            g = WhistGame(r, seed=game_seed(4, i), first_dealer=i % 4)
            bots = [RandomBot(bot_seed(4, i, s)) for s in range(4)]
            while g.outcome() is None:
                g.play(bots[g.to_move](g))
            full.append((g.outcome().winner, True))
        assert lean == full
