"""A new game is one package (docs/architecture.md, "How to add a game"): a game
written by this test into a temporary package, imported and registered — and nothing
else changed — passes the generic tests (every test parametrized over the registry:
conformance, capabilities, hooks, records, examples, the app's lists), and is
unregistered without a trace.

The test game is Knock-Out Whist under another name (``toywhist``: its own engine
class and spec, Knock-Out's rules and hooks, a record hook that writes its own name),
with an example record in its package's ``examples/`` folder, as a new game ships one.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.core.record import example_paths, game_from_record, to_record
from kowhist_teach.core.registry import game_names, spec, spec_of, specs, unregister
from kowhist_teach.widgets._games import table_specs

REPO = Path(__file__).resolve().parent.parent
NAME = "toywhist"

#: The test game's package, as a contributor would write it (its own engine class, its
#: spec with the capabilities it declares, its hooks): one ``__init__.py``.
PACKAGE = '''
    """Toy whist: Knock-Out Whist under its own name, a game of a test's own."""

    import dataclasses

    from kowhist_teach.core.registry import register, spec
    from kowhist_teach.games.knockout.engine import KnockoutGame
    from kowhist_teach.games.knockout.record import KnockoutRecord

    NAME = "toywhist"


    class ToyGame(KnockoutGame):
        """The toy's engine: Knock-Out's, as a class of its own."""

        __slots__ = ()


    class ToyRecord(KnockoutRecord):
        """Knock-Out's records under the toy's name."""

        def to_record(self, game):
            return {**super().to_record(game), "game": NAME}

        def game_from_record(self, data):
            game = super().game_from_record({**data, "game": "knockout"})
            game.__class__ = ToyGame  # the same state, the toy's engine
            return game

        def replay(self, data):
            return super().replay({**data, "game": "knockout"})


    KNOCKOUT = spec("knockout")
    SPEC = register(
        dataclasses.replace(
            KNOCKOUT,  # its rules, players and capabilities
            name=NAME,
            title="Toy whist",
            game=ToyGame,
            hooks={**KNOCKOUT.hooks, "record": ToyRecord()},
        )
    )
'''

#: Loaded by the child pytest before it collects: the toy is registered, as the games'
#: import line would register it.
PLUGIN = "import toywhist  # noqa: F401\n"

#: The generic tests: the files with tests parametrized over the registry or asking it
#: for every game (the class's store tests, which play each game through a database,
#: are left to the full run); ``-k`` keeps the toy's cases and the tests over the whole
#: registry (the other games' own cases ran in the parent suite already).
GENERIC_FILES = [
    "tests/test_conformance.py",
    "tests/test_capabilities.py",
    "tests/test_record_hooks.py",
    "tests/test_story.py",
    "tests/test_teaching_hooks.py",
    "tests/test_picture_hooks.py",
    "tests/test_bots_hook.py",
    "tests/test_plurals.py",
    "tests/test_widgets_registry.py",
    "tests/test_widgets_variants.py",
]
SELECTED = " or ".join(
    [
        NAME,
        "tells_its_story",
        "has_an_example_record",
        "has_a_teaching_hook",
        "gives_the_ui_hook",
        "registry_games_in_order",
        "follows_what_the_spec",
    ]
)


def _write_package(root: Path) -> None:
    package = root / NAME
    (package / "examples").mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(PACKAGE), encoding="utf-8")
    (root / f"{NAME}_plugin.py").write_text(PLUGIN, encoding="utf-8")


def _write_example(package: ModuleType) -> Path:
    """A whole game of the toy, as its example record."""
    game = package.SPEC.new_game(players=3, seed=5)
    rng = random.Random(5)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    path = Path(package.__file__).parent / "examples" / f"{NAME}.json"
    path.write_text(json.dumps(to_record(game)), encoding="utf-8")
    return path


@pytest.fixture
def toy(tmp_path: Path) -> Iterator[ModuleType]:
    """The toy's package, imported (so registered); unregistered afterwards."""
    _write_package(tmp_path)
    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module(NAME)
        yield module
    finally:
        unregister(NAME)
        sys.modules.pop(NAME, None)
        sys.path.remove(str(tmp_path))


def test_a_game_in_a_package_of_its_own_joins_every_list(toy: ModuleType) -> None:
    example = _write_example(toy)
    assert game_names()[-1] == NAME and spec(NAME) is toy.SPEC
    game = toy.SPEC.new_game(players=4, seed=2)
    assert spec_of(game) is toy.SPEC and type(game) is toy.ToyGame
    assert NAME in [s.name for s in table_specs(family=False)]
    assert example in example_paths()
    record = json.loads(example.read_text(encoding="utf-8"))
    assert record["game"] == NAME and type(game_from_record(record)) is toy.ToyGame


def test_the_generic_tests_pass_for_a_new_game(toy: ModuleType, tmp_path: Path) -> None:
    _write_example(toy)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO / "tests")])}
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        f"{NAME}_plugin",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        "-o",
        "addopts=",
        "-k",
        SELECTED,
        *GENERIC_FILES,
    ]
    done = subprocess.run(
        command, cwd=REPO, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    report = done.stdout[-3000:] + done.stderr[-2000:]
    assert done.returncode == 0, report
    # The toy's own cases ran (the registry gave them), and passed.
    assert "passed" in done.stdout and "failed" not in done.stdout, report
    ran = int(done.stdout.rsplit(" passed", 1)[0].rsplit("\n", 1)[-1].split()[-1])
    assert ran >= 30, report  # the toy's cases (about 25) and the registry-wide tests


def test_an_unregistered_game_leaves_nothing_behind(tmp_path: Path) -> None:
    before = (game_names(), example_paths(), [s.name for s in table_specs()])
    _write_package(tmp_path)
    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module(NAME)
        _write_example(module)
        assert game_names() != before[0] and example_paths() != before[1]
    finally:
        unregister(NAME)
        sys.modules.pop(NAME, None)
        sys.path.remove(str(tmp_path))
    assert (game_names(), example_paths(), [s.name for s in table_specs()]) == before
    assert "spec" not in vars(module.ToyGame)  # its engine no longer claims a spec
    assert all(s.name != NAME for s in specs())
    with pytest.raises(Exception, match="unknown game"):
        spec(NAME)


#: The files a new game touches, as the guide names them (its package stands for every
#: file in it): the toy above needed its package and its import only.
NEW_GAME_FILES = {
    "kowhist_teach/games/<name>/",
    "kowhist_teach/games/__init__.py",
    "docs/rules.md",
    "docs/records.md",
    "kowhist_teach/i18n/kowhist_teach.pot",
    "kowhist_teach/i18n/locale/{es,fr}/LC_MESSAGES/kowhist_teach.{po,mo}",
}


def test_the_guide_names_the_files_a_new_game_touches() -> None:
    guide = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = guide.split("## How to add a game", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    named = {path for row in rows for path in re.findall(r"`([^`]+)`", row.split(" | ")[0])}
    assert named == NEW_GAME_FILES
    for path in NEW_GAME_FILES - {"kowhist_teach/games/<name>/"}:
        for one in _expand(path):
            assert (REPO / one).is_file(), one
    assert "no list of games is edited anywhere" in " ".join(section.split())


def _expand(path: str) -> list[str]:
    """``a/{x,y}/b.{p,q}`` as its four paths."""
    found = re.search(r"\{([^}]*)\}", path)
    if found is None:
        return [path]
    head, tail = path[: found.start()], path[found.end() :]
    return [p for part in found.group(1).split(",") for p in _expand(head + part + tail)]
