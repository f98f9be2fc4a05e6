"""The lean playout cores agree with the full engines move for move.

``games/knockout/playout.py`` plays Knock-Out Whist on plain ints; the full
:class:`KnockoutGame` is the source of truth. Here both play the same random games
(random tables, variants, seeds and first dealers; the same seed deals the same cards)
and after every move they must show the same seat to move, the same legal set, the same
tricks won (so every trick went to the same winner), the same statuses (so the same
eliminations, dogs and re-entries), the same hand size, trumps and round, and in the
end the same outcome. Games played: 3 000 with variants + 500 plain.
"""

from __future__ import annotations

import random

import pytest
from helpers import KNOCKOUT_OPTIONS

from kowhist_teach.games.knockout.engine import KnockoutGame, Rules
from kowhist_teach.games.knockout.playout import (
    MOVES,
    KnockoutPlayout,
    move_code,
    random_game,
)
from kowhist_teach.games.knockout.playout_bots import _CHOOSERS, LeanTable, bot_game
from kowhist_teach.teach.bots import make_bot


def random_setup(rng: random.Random) -> tuple[int, Rules, int, int]:
    """A table (2..7 players), a start hand that fits, any variants, a seed, a dealer."""
    n = rng.randint(2, 7)
    start = rng.randint(1, min(13, 51 // n))
    flags = {name: rng.random() < 0.5 for name in KNOCKOUT_OPTIONS}
    flags["misere"] = rng.random() < 0.3
    flags["no_trump_first_trick"] = rng.random() < 0.5
    if flags["misere"]:
        flags["dogs_chance"] = flags["reentry"] = flags["rainbow"] = False
    if not flags["dogs_chance"]:
        flags["one_dog_per_game"] = flags["blind_dog"] = False
    tie_break = rng.choice(["cut", "rps"])
    return (
        n,
        Rules(start_hand=start, tie_break=tie_break, **flags),
        rng.getrandbits(40),
        rng.randrange(n),
    )


def check_same_game(n: int, rules: Rules, seed: int, dealer: int, chooser: random.Random) -> None:
    full = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    lean = KnockoutPlayout(n, rules, seed=seed, first_dealer=dealer)
    for _step in range(5000):
        where = (n, rules, seed, dealer, len(full.moves))
        if full.outcome() is not None:
            out = full.outcome()
            assert lean.to_move == -1, where
            assert (lean.winner, lean.termination, lean.round) == (
                out.winner,
                out.termination.value,
                out.round,
            ), where
            assert lean.status == [int(s) for s in full.status], where
            return
        assert lean.to_move == full.to_move, where
        legal = full.legal_moves()
        codes = lean.legal()
        assert codes == [move_code(m) for m in legal], where
        if full.phase.value == "play" and codes[0] < 52:
            assert lean.legal_mask() == (
                full._legal_mask(full.to_move) if codes[-1] != 52 else full.hands[full.to_move]
            ), where
        assert lean.tricks_won == full.tricks_won, where
        assert lean.status == [int(s) for s in full.status], where
        assert lean.hand_size == full.hand_size and lean.round == full.round, where
        assert lean.trump == (-1 if full.trump is None else int(full.trump)), where
        assert lean.hands == full.hands, where
        code = chooser.choice(codes)
        full.play(MOVES[code])
        lean.play(code)
    pytest.fail("game did not end")


@pytest.mark.parametrize("block", range(6))
def test_lean_knockout_agrees_with_the_engine_on_random_variants(block: int) -> None:
    rng = random.Random(1000 + block)
    for _game in range(500):
        n, rules, seed, dealer = random_setup(rng)
        check_same_game(n, rules, seed, dealer, random.Random(rng.getrandbits(32)))


def test_lean_knockout_agrees_on_the_plain_game() -> None:
    rng = random.Random(7)
    for i in range(500):
        check_same_game(4, Rules(), i, i % 4, random.Random(rng.getrandbits(32)))


def test_random_game_is_reproducible() -> None:
    a = random_game(4, seed=3)
    b = random_game(4, seed=3)
    assert (a.winner, a.round, a.totals) == (b.winner, b.round, b.totals)
    assert a.winner in range(4)


def test_fused_random_game_is_a_game_the_engine_plays_the_same_way() -> None:
    """``random_game`` plays tricks in its own tight loop: every game it plays, replayed
    move by move into the engine, is legal at every step and ends the same way."""
    rng = random.Random(99)
    for _game in range(600):
        n, rules, seed, _dealer = random_setup(rng)
        record: list[int] = []
        lean = random_game(n, rules, seed, random.Random(seed + 1), record=record)
        full = KnockoutGame(n, rules, seed=seed)
        for code in record:
            assert MOVES[code] in full.legal_moves(), (n, rules, seed)
            full.play(MOVES[code])
        out = full.outcome()
        assert out is not None
        assert (lean.winner, lean.termination, lean.round) == (
            out.winner,
            out.termination.value,
            out.round,
        )
        assert lean.tricks_won == full.tricks_won


def check_same_bots(
    n: int, rules: Rules, seed: int, dealer: int, names: list[str], seeds: list[int]
) -> int:
    """The engine played by ``RulesBot``/``RandomBot`` and the lean table played by
    :mod:`playout_bots` with the same seeds choose the same move at every step (and
    the turn-up agrees); returns the number of decisions compared."""
    full = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    engine_bots = [make_bot(name, s) for name, s in zip(names, seeds, strict=True)]
    lean = KnockoutPlayout(n, rules, seed=seed, first_dealer=dealer)
    table = LeanTable(lean)
    lean_bots = [_CHOOSERS[name](s) for name, s in zip(names, seeds, strict=True)]
    steps = 0
    while full.outcome() is None:
        where = (n, rules, seed, dealer, names, len(full.moves))
        assert lean.to_move == full.to_move, where
        up = full.turn_up
        assert lean.turn_up == (-1 if up is None else int(up)), where
        table.sync()
        move = engine_bots[full.to_move](full)
        code = lean_bots[lean.to_move](table)
        assert code == move_code(move), where
        full.play(move)
        table.play(code)
        steps += 1
    out = full.outcome()
    assert (lean.winner, lean.termination, lean.round) == (
        out.winner,
        out.termination.value,
        out.round,
    )
    return steps


@pytest.mark.parametrize("block", range(3))
def test_lean_rules_bots_choose_as_the_engines_on_random_variants(block: int) -> None:
    rng = random.Random(2000 + block)
    steps = 0
    for _game in range(400):
        n, rules, seed, dealer = random_setup(rng)
        names = [rng.choice(["rules", "rules", "random"]) for _s in range(n)]
        seeds = [rng.getrandbits(30) for _s in range(n)]
        steps += check_same_bots(n, rules, seed, dealer, names, seeds)
    assert steps > 10_000


def test_lean_rules_bots_choose_as_the_engines_on_the_plain_game() -> None:
    steps = sum(
        check_same_bots(4, Rules(dogs_chance=d), i, i % 4, ["rules"] * 4, [i, i + 1, i + 2, 9])
        for i in range(250)
        for d in (False, True)
    )
    assert steps > 10_000


def test_bot_game_is_the_engines_game() -> None:
    for i in range(20):
        lean = bot_game(4, None, i, ["rules", "random", "rules", "rules"], [1, 2, 3, i])
        full = KnockoutGame(4, seed=i)
        bots = [
            make_bot(name, s)
            for name, s in zip(["rules", "random", "rules", "rules"], [1, 2, 3, i], strict=True)
        ]
        while not full.is_over():
            full.play(bots[full.to_move](full))
        assert (lean.winner, lean.round, lean.totals) == (
            full.outcome().winner,
            full.outcome().round,
            [sum(log.tricks_won[s] for log in full.rounds if log.tricks_won) for s in range(4)],
        )


def test_lean_tips_fire_where_the_engines_do() -> None:
    """Lesson 07's testers ignore a tip where the teaching hook's detector fires: on
    the lean table it must fire at exactly the same positions."""
    from kowhist_teach.core.registry import spec_of
    from kowhist_teach.games.knockout.playout_bots import LEAN_TIPS, _tip_applies

    rng = random.Random(31)
    fired = dict.fromkeys(LEAN_TIPS, 0)
    for _game in range(150):
        n, rules, seed, dealer = random_setup(rng)
        rules = Rules(**{**rules.__dict__, "dogs_chance": True, "misere": False})
        full = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
        lean = KnockoutPlayout(n, rules, seed=seed, first_dealer=dealer)
        table = LeanTable(lean)
        bots = [make_bot("rules", seed + s) for s in range(n)]
        while full.outcome() is None:
            table.sync()
            # The hook's own detectors (tips_for also drops every tip where only one
            # move is legal: a choice a tester cannot make differently anyway).
            keys = {t.key for t in spec_of(full).teaching.tips(full, full.to_move)}
            for tip in LEAN_TIPS:
                assert _tip_applies(table, tip) == (tip in keys), (n, rules, seed, tip)
                fired[tip] += tip in keys
            move = bots[full.to_move](full)
            full.play(move)
            table.play(move_code(move))
    assert all(count > 20 for count in fired.values()), fired
