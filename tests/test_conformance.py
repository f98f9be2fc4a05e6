"""The game protocol, checked on every registered game (OpenSpiel's ``random_sim_test``
over its registry): a game gets these tests by registering, nothing here names it.

Seeded random games are played to their end, at random seat counts and with rule
options drawn from the game's own setup (its ``ui`` hook's options and variants); at
every state ``legal_moves()`` is a stable list without repeats, ``why_illegal`` has no
reason for a legal move and a one-line reason for each of a sample of illegal ones
(``play`` then raises :class:`IllegalMove` with that reason and changes nothing), and
no other seat may move. At a sample of states ``undo`` restores the exact state,
``clone`` is independent of its original, and the record round trip (``to_record`` →
JSON → ``game_from_record``) gives the same state; a finished game's record replays
to the same outcome. Whatever happens, no other exception.

Each game plays ``GAMES`` random games (three with its default rules, the rest with
drawn options); the whole file takes about 4 s of one worker's time (partnership whist
the longest, 1 s).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.core.cards import ALL_CARDS
from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.core.hooks.ui import GameUI
from kowhist_teach.core.record import game_from_record, replay, to_record
from kowhist_teach.core.registry import GameSpec, specs

#: Random games per registered game.
GAMES = 12
#: Far above any real game's moves (Knock-Out for seven: 13 rounds of calls and cards).
MAX_MOVES = 5000
#: Illegal moves asked about at each state checked.
ILLEGAL_SAMPLE = 6
#: States checked in each game at most (undo, clone and a round trip each replay the
#: game so far: the checks, not the games, are what takes the time), and how likely
#: a state is to be one of them.
CHECKS, CHECK_CHANCE = 12, 0.08
#: Record round trips in each game at most (besides the end's), and their chance.
TRIPS, TRIP_CHANCE = 3, 0.02


def _ids(s: GameSpec) -> str:
    return s.name


def _ui(game_spec: GameSpec) -> GameUI:
    return game_spec.ui if game_spec.has("ui") else GameUI()


def drawn_rules(game_spec: GameSpec, rng: random.Random) -> Any:
    """Rule options drawn from the choices the game's setup offers (the defaults when
    the drawn mix is one the game refuses, with a one-line :class:`SetupError`)."""
    ui = _ui(game_spec)
    changes: dict[str, Any] = {}
    for option in [*ui.options(game_spec.rules), *ui.variant_options(game_spec.rules)]:
        if option.choices:
            changes[option.name] = rng.choice(option.choices)
        elif option.low is not None and option.high is not None:
            changes[option.name] = rng.randint(option.low, option.high)
        else:
            changes[option.name] = rng.random() < 0.5
    try:
        return game_spec.rules.from_dict(changes)
    except SetupError as e:
        assert "\n" not in str(e)
        return game_spec.rules()


def new_game(game_spec: GameSpec, k: int) -> tuple[Any, random.Random]:
    """Random game ``k`` of ``game_spec``: its seat count, rules, seed and dealer drawn
    from ``k`` (the same game on every run)."""
    rng = random.Random(f"{game_spec.name}-{k}")
    low, high = game_spec.players
    players = rng.randint(low, high)
    rules = game_spec.rules() if k < 3 else drawn_rules(game_spec, rng)
    seed = rng.randrange(2**32)
    try:
        game = game_spec.new_game(
            players=players, rules=rules, seed=seed, first_dealer=rng.randrange(players)
        )
    except SetupError:  # rules that do not fit this many players: the defaults
        game = game_spec.new_game(players=players, seed=seed, first_dealer=0)
    return game, rng


def state(game: Any) -> tuple[Any, ...]:
    """What must come back exactly after an undo, a failed move or a round trip."""
    return (
        to_record(game),
        game.to_move,
        game.legal_moves(),
        game.is_over(),
        repr(game.outcome()),
        tuple(tuple(game.hand(s)) for s in range(game.n)),
    )


def round_trip(game: Any) -> Any:
    """The game rebuilt from its record, through JSON."""
    return game_from_record(json.loads(json.dumps(to_record(game))))


def check_turn(game: Any, rng: random.Random, seen: set[Any]) -> None:
    """``legal_moves`` and ``why_illegal`` agree; illegal moves and other seats are
    refused with the reason and change nothing."""
    seat = game.to_move
    assert isinstance(seat, int) and 0 <= seat < game.n
    legal = game.legal_moves()
    assert legal and isinstance(legal, list)
    assert len(set(legal)) == len(legal), legal
    assert game.legal_moves() == legal  # stable
    for move in legal:
        assert game.why_illegal(move) == "", move
    seen.update(legal)
    candidates = [m for m in [*ALL_CARDS, *seen] if m not in legal]
    before = state(game)
    for move in rng.sample(candidates, min(ILLEGAL_SAMPLE, len(candidates))):
        reason = game.why_illegal(move)
        assert reason and "\n" not in reason, move
        with pytest.raises(IllegalMove) as refused:
            game.play(move)
        assert str(refused.value) == reason
    if game.n > 1:  # a legal move, but made for a seat that is not to move
        with pytest.raises(IllegalMove):
            game.play(legal[0], seat=(seat + 1) % game.n)
    assert state(game) == before
    for s in range(game.n):
        game.view(s)  # every seat's view, without error


def check_undo_and_clone(game: Any, move: Any) -> None:
    """``move`` made and undone restores the state; a clone takes it alone."""
    before = state(game)
    twin = game.clone()
    assert state(twin) == before
    twin.play(move)
    after = state(twin)
    assert state(game) == before  # the original did not move with its clone
    game.play(move)
    assert state(game) == after
    assert game.undo() == move
    assert state(game) == before
    assert state(twin) == after  # nor the clone with its original's undo


def check_round_trip(game: Any) -> None:
    assert state(round_trip(game)) == state(game)


@pytest.mark.parametrize("game_spec", specs(), ids=_ids)
def test_random_games_keep_the_protocol(game_spec: GameSpec) -> None:
    for k in range(GAMES):
        game, rng = new_game(game_spec, k)
        seen: set[Any] = set()
        moves = checks = trips = 0
        while not game.is_over():
            assert game.outcome() is None
            check = moves == 0 or (checks < CHECKS and rng.random() < CHECK_CHANCE)
            if check:
                checks += 1
                check_turn(game, rng, seen)
            move = rng.choice(game.legal_moves())
            if check:
                check_undo_and_clone(game, move)
            if trips < TRIPS and rng.random() < TRIP_CHANCE:
                trips += 1
                check_round_trip(game)
            game.play(move)
            moves += 1
            assert moves < MAX_MOVES, "the game does not end"
        # The end: nobody to move, no move legal, each refused with a reason.
        assert game.outcome() is not None and game.to_move is None
        assert game.legal_moves() == []
        assert game.why_illegal(ALL_CARDS[0]) and game.why_illegal(next(iter(seen)))
        with pytest.raises(IllegalMove):
            game.play(ALL_CARDS[0])
        check_round_trip(game)
        result = replay(to_record(game))
        assert result["status"] == "over", result
        # Every move undone, one by one, leads back to a fresh game of the same seed.
        undone = 0
        while game.moves and undone < 40:
            game.undo()
            undone += 1
        assert len(game.moves) == max(moves - 40, 0)
        assert game.outcome() is None and game.legal_moves()
        check_round_trip(game)


@pytest.mark.parametrize("game_spec", specs(), ids=_ids)
def test_the_same_seed_gives_the_same_game(game_spec: GameSpec) -> None:
    records = []
    for _ in range(2):
        game, rng = new_game(game_spec, 1)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        records.append(to_record(game))
    assert records[0] == records[1]


@pytest.mark.parametrize(
    ("game_spec", "length"),
    [(s, n) for s in specs() for n in s.matches if n > 1],
    ids=lambda v: v.name if isinstance(v, GameSpec) else str(v),
)
def test_a_match_keeps_the_protocol(game_spec: GameSpec, length: int) -> None:
    """A match (hands until one player has won most) is played, undone and
    round-tripped as a game is."""
    rng = random.Random(length)
    match = _ui(game_spec).new_game(game_spec, length, seed=rng.randrange(2**32))
    seen: set[Any] = set()
    moves = 0
    while not match.is_over():
        if rng.random() < 0.05:
            check_turn(match, rng, seen)
            move = rng.choice(match.legal_moves())
            check_undo_and_clone(match, move)
            check_round_trip(match)
        match.play(rng.choice(match.legal_moves()))
        moves += 1
        assert moves < MAX_MOVES
    assert match.to_move is None and match.legal_moves() == []
    check_round_trip(match)
    assert replay(to_record(match))["status"] == "over"
    assert _ui(game_spec).match_score(match) is not None


def test_the_checks_catch_a_broken_engine() -> None:
    """The checks above are not empty: an engine that forgets its reasons, whose undo
    takes back nothing, or whose clone shares its state, fails them."""
    game_spec = next(s for s in specs() if s.players[0] > 1)
    game, rng = new_game(game_spec, 0)

    class Careless(type(game)):  # type: ignore[misc]
        __slots__ = ()

        def why_illegal(self, move: Any) -> str:
            return ""

    class Forgetful(type(game)):  # type: ignore[misc]
        __slots__ = ()

        def undo(self) -> Any:
            return self.moves[-1]

    class Shared(type(game)):  # type: ignore[misc]
        __slots__ = ()

        def clone(self) -> Any:
            return self

    for broken in (Careless, Forgetful, Shared):
        game, rng = new_game(game_spec, 0)
        game.__class__ = broken
        with pytest.raises(AssertionError):
            check_turn(game, rng, set())
            check_undo_and_clone(game, game.legal_moves()[0])
