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
