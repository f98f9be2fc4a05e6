"""The story facet: every registered game tells its own story through its hook, and
the generic story (:mod:`kowhist_teach.teach.story`) asks only the hook and the
teaching layer."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest

import kowhist_teach
from kowhist_teach.core.hooks.story import Beat, StoryHook
from kowhist_teach.core.record import example_paths, game_from_record
from kowhist_teach.core.registry import spec, specs
from kowhist_teach.i18n import set_language
from kowhist_teach.teach import story
from kowhist_teach.teach.story import Step, play_and_tell, record_steps, settle_chance

PACKAGE = Path(kowhist_teach.__file__).parent
EXAMPLES = example_paths()


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def test_every_registered_game_tells_its_story() -> None:
    assert specs()
    for game_spec in specs():
        assert game_spec.has("story"), game_spec.name
        assert isinstance(game_spec.story, StoryHook), game_spec.name


def test_every_game_has_an_example_record() -> None:
    names = {json.loads(path.read_text())["game"] for path in EXAMPLES}
    assert names == {s.name for s in specs()}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_record_steps_walk_each_example(path: Path) -> None:
    record = json.loads(path.read_text())
    final = game_from_record(record)
    steps = record_steps(record)
    assert steps and all(isinstance(s, Step) for s in steps)
    # Every step says something, in sentences.
    for step in steps:
        assert step.lines and all(isinstance(x, str) and x for x in step.lines)
    # The first step is the deal; the last is the record's final position.
    assert steps[0].game.moves == []
    assert steps[-1].game.moves == final.moves
    # One step for every move of the record, plus its deals and cuts.
    counts = [len(s.game.moves) for s in steps]
    assert sum(1 for k in range(1, len(counts)) if counts[k] == counts[k - 1] + 1) == len(
        final.moves
    )
    # Each step is a position of its own.
    assert len({id(s.game) for s in steps}) == len(steps)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_record_steps_speak_the_chosen_language(path: Path) -> None:
    record = json.loads(path.read_text())
    english = [s.lines for s in record_steps(record)]
    set_language("es")
    spanish = [s.lines for s in record_steps(record)]
    assert len(english) == len(spanish)
    assert english[0] != spanish[0]


@pytest.mark.parametrize("name", [s.name for s in specs()])
def test_settle_chance_and_play_and_tell_for_every_game(name: str) -> None:
    game_spec = spec(name)
    low, high = game_spec.players
    players = low if low == high else 3
    game = game_spec.game(players=players, auto_chance=False)
    rng = random.Random(7)
    lines = settle_chance(game, rng)
    assert lines and lines[0]
    for _i in range(200):
        if game.is_over():
            break
        lines += play_and_tell(game, rng.choice(game.legal_moves()), every_card=True)
        lines += settle_chance(game, rng)
    assert all(isinstance(x, str) and x for x in lines)
    assert any(x.startswith("Trick 1:") for x in lines)


def test_a_walk_hands_moves_to_the_story() -> None:
    record = json.loads((PACKAGE / "examples" / "german-whist-hand.json").read_text())
    final = game_from_record(record)
    beats = spec("german").story.walk(record, final)
    first = next(beats)
    assert isinstance(first, Beat) and first.move is None and first.lines
    second = next(beats)
    assert second.move == final.moves[0]


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
    return names


def test_the_generic_story_names_no_game() -> None:
    path = Path(story.__file__)
    for name in _imports(path):
        assert "games" not in name.split("."), name
        assert "widgets" not in name.split("."), name
    # No game class in the code (the doctests may make a game to show an example).
    names = {n.id for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Name)}
    assert not {n for n in names if n.endswith(("Game", "Phase"))}, names


def test_the_story_hooks_stay_in_their_layers() -> None:
    for name in _imports(PACKAGE / "core" / "hooks" / "story.py"):
        assert not name.lstrip(".").startswith(("games", "teach", "widgets", "pictures")), name
    for path in PACKAGE.glob("games/**/story.py"):
        for name in _imports(path):
            parts = name.lstrip(".").split(".")
            assert not {"teach", "widgets", "pictures", "ipywidgets"} & set(parts), (path, name)
