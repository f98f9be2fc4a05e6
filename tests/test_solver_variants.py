"""The perfect-information analysis plays by the engine's own legal moves under every
variant: checked against an exhaustive search that only uses the engine
(``legal_moves()``, ``clone()``, ``play()``) on random positions with random rules."""

from __future__ import annotations

import random
from typing import Any

from helpers import KNOCKOUT_OPTIONS, play_randomly

from kowhist_teach import GermanGame, KnockoutGame, Rules
from kowhist_teach.core.errors import SetupError
from kowhist_teach.core.record import game_from_record, to_record
from kowhist_teach.games.german.engine import GermanPhase, GermanRules
from kowhist_teach.games.knockout.engine import Phase
from kowhist_teach.teach.solver import analyse


def _brute(game: Any, me: int, still: Any, mine: Any, minimise: bool = False) -> int:
    """``mine(game)`` at the end of the stretch ``still(game)`` says is going on, with
    ``me`` playing for the most (the fewest, with ``minimise``) and everyone else
    against them — every move the engine allows tried."""
    if not still(game):
        return mine(game)
    values = []
    for move in game.legal_moves():
        child = game.clone()
        child.play(move)
        values.append(_brute(child, me, still, mine, minimise))
    mine_to_move = game.to_move == me
    return (min if mine_to_move == minimise else max)(values)


def _random_rules(rng: random.Random) -> Rules:
    while True:
        options = {k: rng.random() < 0.35 for k in KNOCKOUT_OPTIONS}
        options["no_trump_first_trick"] = rng.random() < 0.35
        options["misere"] = rng.random() < 0.2
        options["tie_break"] = rng.choice(["cut", "rps"])
        options["start_hand"] = rng.randint(2, 5)
        try:
            return Rules(**options)
        except SetupError:
            continue


def _knockout_position(rng: random.Random) -> KnockoutGame | None:
    n = rng.randint(2, 4)
    game = KnockoutGame(n, _random_rules(rng), seed=rng.randrange(10**6))
    play_randomly(game, rng, rng.randrange(70))
    while not game.is_over() and game.phase is not Phase.PLAY:
        game.play(rng.choice(game.legal_moves()))
    if game.is_over():
        return None
    # A game that waits for chance: the search stops at the round's end.
    return game_from_record(to_record(game))


def test_knockout_analysis_matches_the_engine_under_every_variant() -> None:
    rng = random.Random(13)
    checked = wrong = 0
    seen = set()
    while checked < 220:
        game = _knockout_position(rng)
        if game is None or game.hand_size - game.tricks_done > 4:
            continue
        me, r = game.to_move, game.round
        before = game.tricks_won[me]
        misere = game.rules.misere
        seen.update(
            k
            for k in (*KNOCKOUT_OPTIONS, "misere", "no_trump_first_trick")
            if getattr(game.rules, k)
        )

        def still(g: KnockoutGame, r: int = r) -> bool:
            return g.round == r and g.phase is Phase.PLAY

        def mine(g: KnockoutGame, r: int = r, me: int = me) -> int:
            return g.rounds[r].tricks_won[me]

        for a in analyse(game):
            child = game.clone()
            child.play(a.move)
            expected = _brute(child, me, still, mine, misere) - before
            if a.tricks != expected:
                wrong += 1
                print(to_record(game)["rules"], a.move, a.tricks, expected)
        checked += 1
    assert wrong == 0
    assert {"trump_breaking", "misere", "no_trump_first_trick", "blind_dog", "reentry"} <= seen


def test_german_phase_two_matches_the_engine() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 25:
        rules = GermanRules(
            no_trumps=rng.random() < 0.4,
            open_stock=rng.choice([1, 1, 2]),
            scoring=rng.choice(["all26", "last13"]),
        )
        game = GermanGame(seed=rng.randrange(10**6), rules=rules)
        while game.phase is not GermanPhase.PLAY2:
            game.play(rng.choice(game.legal_moves()))
        play_randomly(game, rng, rng.randint(17, 21))
        if game.phase is not GermanPhase.PLAY2:
            continue
        me = game.to_move
        base = game.counted_tricks[me]

        def still(g: GermanGame) -> bool:
            return g.phase is GermanPhase.PLAY2

        def mine(g: GermanGame, me: int = me) -> int:
            return g.counted_tricks[me]

        for a in analyse(game):
            child = game.clone()
            child.play(a.move)
            assert a.tricks == _brute(child, me, still, mine) - base, a.move
        checked += 1
