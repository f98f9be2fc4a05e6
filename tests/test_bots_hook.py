"""The bots hook: every registered game provides one, and the generic bots play a whole
game of every registered game through it, without naming a game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kowhist_teach
from kowhist_teach.core.hooks.bots import BotHooks, bots_of
from kowhist_teach.core.registry import game_names, spec
from kowhist_teach.teach.bots import BOT_NAMES, make_bot
from kowhist_teach.teach.solver import analyse

OPTIONS = {"montecarlo": {"samples": 2, "time_limit": None}}


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_provides_the_bots_hook(name: str) -> None:
    game_spec = spec(name)
    assert game_spec.has("bots") and isinstance(game_spec.bots, BotHooks)
    assert bots_of(game_spec.new_game(seed=1)) is game_spec.bots


@pytest.mark.parametrize("bot_name", BOT_NAMES)
@pytest.mark.parametrize("name", game_names())
def test_make_bot_plays_a_whole_game_of_every_registered_game(name: str, bot_name: str) -> None:
    game = spec(name).new_game(seed=3)
    bots = [make_bot(bot_name, 10 + s, **OPTIONS.get(bot_name, {})) for s in range(game.n)]
    moves = 0
    while not game.is_over():
        move = bots[game.to_move](game)
        assert move in game.legal_moves()
        game.play(move)
        moves += 1
        assert moves < 5000, "the game does not end"
    assert game.outcome() is not None


@pytest.mark.parametrize("name", game_names())
def test_analyse_answers_or_says_it_cannot(name: str) -> None:
    game = spec(name).new_game(seed=2)
    if not spec(name).analysis:
        with pytest.raises(TypeError):
            analyse(game)
        return
    assert all(a.move in game.legal_moves() for a in analyse(game))


def test_the_generic_bots_and_solver_name_no_game() -> None:
    root = Path(kowhist_teach.__file__).parent
    for path in (root / "teach" / name for name in ("bots.py", "solver.py", "review.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = "." * node.level + (node.module or "")
                assert "games" not in module.split("."), f"{path.name} imports {module}"
            if isinstance(node, ast.Name):
                assert not node.id.endswith("Game"), f"{path.name} names {node.id}"
