"""The teaching hook (kowhist_teach.core.hooks.teaching): every registered game
provides one, the generic teaching layer asks it and names no game, and a new game can
be taught by subclassing the base class."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import kowhist_teach
from kowhist_teach.core.hooks.teaching import MoveExplanation, PlainTeaching, Teaching, Tip
from kowhist_teach.core.registry import spec, specs
from kowhist_teach.teach.explain import explain_moves, explain_round, explain_trick
from kowhist_teach.teach.tips import tips_for

PACKAGE = Path(kowhist_teach.__file__).resolve().parent


def test_every_registered_game_has_a_teaching_hook() -> None:
    assert specs()
    for s in specs():
        assert s.has("teaching"), s.name
        assert isinstance(s.teaching, Teaching), s.name


@pytest.mark.parametrize("name", [s.name for s in specs()])
def test_the_hook_answers_for_every_game(name: str) -> None:
    """Random play through each game: the layer's answers are the hook's, typed."""
    rng = random.Random(5)
    game = spec(name).new_game(seed=5)
    teaching = spec(name).teaching
    for _step in range(60):
        if game.is_over():
            break
        seat = game.to_move
        notes = explain_moves(game)
        assert notes == teaching.explain_moves(game, seat)
        assert all(isinstance(n, MoveExplanation) and n.reason for n in notes)
        assert {n.move for n in notes if n.legal} == set(game.legal_moves())
        assert all(isinstance(t, Tip) for t in tips_for(game))
        assert explain_moves(game, (seat + 1) % len(game.names)) == []
        game.play(rng.choice(game.legal_moves()))
    assert all(isinstance(line, str) for line in explain_round(game))


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports, as absolute names (``kowhist_teach.core.cards``)."""
    package = ["kowhist_teach", *path.relative_to(PACKAGE).parent.parts]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            found.add(".".join([*base, *([node.module] if node.module else [])]))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _under(module: str, *layers: str) -> bool:
    return any(
        module == f"kowhist_teach.{x}" or module.startswith(f"kowhist_teach.{x}.") for x in layers
    )


@pytest.mark.parametrize("module", ["explain.py", "tips.py"])
def test_the_teaching_layer_names_no_game(module: str) -> None:
    path = PACKAGE / "teach" / module
    imports = _imports(path)
    assert not [m for m in imports if _under(m, "games")], imports
    assert "isinstance(game" not in path.read_text(encoding="utf-8")
    if module == "tips.py":  # explain uses tips, never the other way round
        assert "kowhist_teach.teach.explain" not in imports, imports


def _own_games(path: Path) -> list[str]:
    """The game packages ``path`` may import: its own and the ones it is inside."""
    parts = path.relative_to(PACKAGE).parent.parts
    return [".".join(parts[:i]) for i in range(2, len(parts) + 1)]


def test_the_teaching_hooks_keep_to_their_layers() -> None:
    """The base class lives in the core and imports no game; a game's hook imports only
    the core, i18n and its own (family) package."""
    core = _imports(PACKAGE / "core" / "hooks" / "teaching.py")
    ours = [m for m in core if m.startswith("kowhist_teach")]
    assert ours and all(_under(m, "core", "i18n") for m in ours), core
    for path in (PACKAGE / "games").rglob("*.py"):
        if path.name not in ("teaching.py", "tips.py"):
            continue
        for m in _imports(path):
            if m.startswith("kowhist_teach"):
                assert _under(m, "core", "i18n", "games"), (path, m)
                assert not _under(m, "games") or _under(m, *_own_games(path)), (path, m)


def test_a_new_game_is_taught_by_a_subclass() -> None:
    """The base class's defaults: plain tricks, nothing to say after a round, tips from
    the detectors."""

    class Quiet(PlainTeaching):
        detectors = (lambda game, seat: Tip("hello", "Hello."),)

        def explain_moves(self, game, seat):
            return self.explain_cards(game, seat)

    game = spec("german").new_game(seed=3)
    quiet = Quiet()
    assert [n.reason for n in quiet.explain_moves(game, game.to_move)] == [
        n.reason for n in explain_moves(game)
    ]
    assert quiet.tips(game, game.to_move) == [Tip("hello", "Hello.")]
    assert quiet.explain_round(game) == [] and quiet.explain_deal(game) == []
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    trick = game.tricks[0]
    assert quiet.explain_trick(game, trick) == explain_trick(game, trick)
