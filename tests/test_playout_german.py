"""German Whist's lean playout core agrees with the full engine move for move.

``games/german/playout.py`` plays German Whist on plain ints; the full
:class:`GermanGame` is the source of truth. Here both play the same random hands
(random rule options — scoring, open stock, race, no trumps — seeds and dealers; the
same seed deals the same cards) and after every move they must show the same phase, the
same seat to move, the same legal set, the same hands, the same stock, the same stock
cards taken after every trick, the same trick winners and tricks counted, and in the
end the same outcome. Hands played: 3 000 with random options + 600 plain.
"""

from __future__ import annotations

import random

import pytest

from kowhist_teach.core.cards import ALL_CARDS
from kowhist_teach.games.german.engine import GermanGame, GermanPhase, GermanRules
from kowhist_teach.games.german.playout import (
    PICK,
    PLAY1,
    PLAY2,
    GermanPlayout,
    GermanPlayoutHooks,
    random_game,
)
from kowhist_teach.teach.bots import RandomBot
from kowhist_teach.teach.simulate import _play_games, bot_seed, game_seed

_PHASES = {GermanPhase.PLAY1: PLAY1, GermanPhase.PICK: PICK, GermanPhase.PLAY2: PLAY2}


def random_rules(rng: random.Random) -> GermanRules:
    """Any combination of German Whist's options (open stock weighted to the small
    values a table uses, but reaching 26)."""
    return GermanRules(
        scoring=rng.choice(["all26", "last13"]),
        open_stock=rng.choice([1, 1, 1, 2, 3, 4, 5, rng.randint(1, 26)]),
        race_to=rng.choice([None, None, 7, 9, rng.randint(1, 13)]),
        no_trumps=rng.random() < 0.3,
    )


def check_same_hand(rules: GermanRules, seed: int, dealer: int, chooser: random.Random) -> int:
    """Play one hand on both cores with the same random moves; returns the moves made."""
    full = GermanGame(rules, seed=seed, first_dealer=dealer)
    lean = GermanPlayout(rules, seed=seed, first_dealer=dealer)
    assert lean.hands == full.hands and lean.stock == [int(c) for c in full.stock]
    assert lean.trump == (-1 if full.trump is None else int(full.trump))
    for step in range(200):
        where = (rules, seed, dealer, step)
        out = full.outcome()
        if out is not None:
            assert lean.to_move == -1, where
            assert (lean.winner, lean.points, lean.termination) == (
                out.winner,
                out.points,
                out.termination.value,
            ), where
            assert lean.tricks_won == out.tricks_won, where
            assert lean.phase1_tricks == out.phase1_tricks, where
            assert lean.trick_winners == [t.winner for t in full.tricks if t.winner is not None]
            return step
        assert lean.phase == _PHASES[full.phase], where
        assert lean.to_move == full.to_move, where
        legal = full.legal_moves()
        codes = lean.legal()
        assert codes == [int(m) for m in legal], where
        assert lean.hands == full.hands, where
        assert lean.stock == [int(c) for c in full.stock], where
        taken = [
            (int(w), int(lo))
            for w, lo in zip(full.winner_took, full.loser_took, strict=True)
            if w is not None
        ]
        assert list(zip(lean.winner_took, lean.loser_took, strict=True)) == taken, where
        assert lean.tricks_won == full.tricks_won, where
        assert lean.phase1_tricks == full.phase1_tricks, where
        code = chooser.choice(codes)
        full.play(ALL_CARDS[code])
        lean.play(code)
    pytest.fail("hand did not end")


@pytest.mark.parametrize("block", range(6))
def test_lean_german_agrees_with_the_engine_on_random_options(block: int) -> None:
    rng = random.Random(3000 + block)
    moves = 0
    options = set()
    for _hand in range(500):
        rules = random_rules(rng)
        options.add((rules.open_stock > 1, rules.race_to is not None, rules.no_trumps))
        seed, dealer = rng.getrandbits(40), rng.randrange(2)
        moves += check_same_hand(rules, seed, dealer, random.Random(rng.getrandbits(32)))
    assert len(options) == 8  # every combination of the options met in each block
    assert moves > 500 * 20


def test_lean_german_agrees_on_the_plain_game() -> None:
    rng = random.Random(8)
    for i in range(600):
        assert check_same_hand(GermanRules(), i, i % 2, random.Random(rng.getrandbits(32))) == 52
    # Plain hands: 52 cards played, 26 tricks; a draw shows up in a few hundred hands.
    winners = {random_game(i).winner for i in range(300)}
    assert winners == {None, 0, 1}


def test_fused_random_game_is_a_hand_the_engine_plays_the_same_way() -> None:
    """``random_game`` plays tricks in its own tight loop: every hand it plays, replayed
    move by move into the engine, is legal at every step and ends the same way."""
    rng = random.Random(77)
    for _hand in range(800):
        rules = random_rules(rng)
        seed, dealer = rng.getrandbits(40), rng.randrange(2)
        record: list[int] = []
        lean = random_game(seed, rules, random.Random(seed + 1), record, dealer)
        full = GermanGame(rules, seed=seed, first_dealer=dealer)
        for code in record:
            assert code in full.legal_moves(), (rules, seed)
            full.play(ALL_CARDS[code])
        out = full.outcome()
        assert out is not None, (rules, seed)
        assert (lean.winner, lean.points, lean.termination) == (
            out.winner,
            out.points,
            out.termination.value,
        )
        assert lean.tricks_won == out.tricks_won
        assert lean.phase1_tricks == out.phase1_tricks
        # The fused loop keeps the state as the steps do: stock, takes, trick winners.
        assert lean.hands == full.hands and lean.stock == [int(c) for c in full.stock]
        taken = [(w, lo) for w, lo in zip(full.winner_took, full.loser_took, strict=True)]
        assert list(zip(lean.winner_took, lean.loser_took, strict=True)) == [
            (int(w), int(lo)) for w, lo in taken if w is not None
        ]
        assert lean.trick_winners == [t.winner for t in full.tricks if t.winner is not None]
        assert lean.tricks_done == len(lean.trick_winners)


def test_random_game_is_reproducible() -> None:
    a, b = random_game(5), random_game(5)
    assert (a.winner, a.points, a.tricks_won) == (b.winner, b.points, b.tricks_won)
    assert sum(a.tricks_won) == 26


def test_hook_plays_random_bots_as_the_engine() -> None:
    """The playout hook's random bots choose exactly as ``RandomBot`` on the engine."""
    hook = GermanPlayoutHooks()
    rng = random.Random(5)
    for i in range(300):
        rules = random_rules(rng)
        seeds = [rng.getrandbits(30), rng.getrandbits(30)]
        times: list[list[float]] = [[], []]
        result = hook.play_game(2, rules, i, i % 2, ["random", "random"], seeds, times)
        full = GermanGame(rules, seed=i, first_dealer=i % 2)
        bots = [RandomBot(s) for s in seeds]
        moves = 0
        while full.outcome() is None:
            full.play(bots[full.to_move](full))
            moves += 1
        assert result.winner == full.outcome().winner, (rules, i)
        assert len(times[0]) + len(times[1]) == moves
    assert hook.plays(["random", "random"]) and not hook.plays(["random", "rules"])


def test_simulate_german_random_results_are_the_engines() -> None:
    """``simulate --game german`` with random bots now runs on the lean core: the same
    winners, game by game, as the engine loop it replaced."""
    rules = GermanRules(open_stock=3, race_to=9)
    for r in (None, rules):
        task = ("german", 2, 4, ("random", "random"), r, None, 0, 40)
        lean = [w for w, _p, _t in _play_games(task)]
        full = []
        for i in range(40):
            g = GermanGame(r, seed=game_seed(4, i), first_dealer=i % 2)
            bots = [RandomBot(bot_seed(4, i, s)) for s in range(2)]
            while g.outcome() is None:
                g.play(bots[g.to_move](g))
            full.append(g.outcome().winner)
        assert lean == full
