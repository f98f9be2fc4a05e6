"""The shape of the package (DESIGN §1, docs/architecture.md), checked on its sources.

core → games → teach / pictures → widgets → app → classroom, and the cli: each layer
imports only the layers left of it; a game imports only the core (and its family's core); nothing
above the games names a game module or a game class; nothing below the widgets
imports ipywidgets; no import circles; no module over 600 lines unless it is one
idea (listed below, with the reason).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "kowhist_teach"
ROOT = "kowhist_teach"

#: Modules allowed past 600 lines because they are one idea, with the reason. Each is
#: one game's state machine: the moves, the checks and the chance events of its rules,
#: which read best side by side (their rule options and reported values are in other
#: modules).
ONE_IDEA: dict[str, str] = {
    "kowhist_teach.games.knockout.engine": "Knock-Out Whist's state machine, every variant",
    "kowhist_teach.games.german.engine": "German Whist's state machine: two phases, stock",
    "kowhist_teach.games.family.solo.engine": "solo whist's bidding ladder and contracts",
    "kowhist_teach.games.family.bidwhist.engine": "bid whist's auction, kitty and jokers",
    "kowhist_teach.games.knockout.playout": "Knock-Out's lean playout core, one tight loop",
}

#: Which layers each layer may import (besides itself and the standard library).
#: i18n is the base every layer may use (it alone imports Babel, for numbers and lists:
#: i18n/formats.py); `kowhist_teach` itself is the public facade.
ALLOWED = {
    "i18n": set(),
    "core": {"i18n"},
    "games": {"core", "i18n"},
    "teach": {"core", "i18n"},
    "pictures": {"core", "i18n"},
    "widgets": {"core", "i18n", "teach", "pictures"},
    "app": {"core", "i18n", "teach", "pictures", "widgets"},
    # A class (DESIGN §8): above the app, which knows nothing of it.
    "classroom": {"core", "i18n", "teach", "pictures", "widgets", "app"},
    "cli": {"core", "i18n", "teach", "pictures", "app", "classroom"},
}
UI_LIBRARIES = {"ipywidgets", "anywidget", "traitlets", "IPython", "voila"}
#: The layers that may use them: the widgets and the app; the command line only to
#: start Voilà (`kowhist-teach app`), never ipywidgets (ALLOWED keeps it off widgets/).
UI_LAYERS = {"widgets", "app", "classroom", "cli"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> str | None:
    """The layer of a package module (None for the facade ``kowhist_teach``)."""
    parts = module.split(".")
    if len(parts) == 1:
        return None
    first = parts[1]
    if first in ALLOWED:
        return first
    if first == "app":
        return "app"
    raise AssertionError(f"{module} is in no layer: add it to docs/architecture.md and here")


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Every module ``path`` imports (top level and inside functions), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rsplit(".", 1)[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((target, node.lineno))
            # `from . import x` imports the module x when there is one.
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                if candidate in MODULES:
                    found.append((candidate, node.lineno))
    return found


FILES = sorted(PACKAGE.rglob("*.py"))
MODULES = {module_name(p): p for p in FILES}


def package_imports() -> dict[str, list[tuple[str, int]]]:
    graph: dict[str, list[tuple[str, int]]] = {}
    for name, path in MODULES.items():
        graph[name] = [(t, line) for t, line in imports_of(path) if t.split(".")[0] == ROOT]
    return graph


def own_game(module: str) -> tuple[str, ...]:
    """The game packages a games/ module may import: its own and its family's core."""
    parts = module.split(".")
    if len(parts) < 3:
        return ()
    own = tuple(parts[:4]) if len(parts) > 3 else tuple(parts[:3])
    if parts[2] == "family":
        # games.family.<game>.x may import games.family (its family's core)
        return (".".join(parts[:3]), ".".join(parts[:4]) if len(parts) > 4 else "")
    return (".".join(own[:3]),)


def test_each_layer_imports_only_the_layers_left_of_it() -> None:
    broken = []
    for module, targets in package_imports().items():
        mine = layer(module)
        if mine is None:
            continue
        for target, line in targets:
            theirs = layer(target) if target != ROOT else None
            if theirs is None:
                broken.append(f"{module}:{line} imports the facade {ROOT}")
            elif theirs != mine and theirs not in ALLOWED[mine]:
                broken.append(f"{module}:{line} ({mine}) imports {target} ({theirs})")
    assert not broken, "\n".join(broken)


def test_a_game_imports_only_the_core_and_its_own_family() -> None:
    broken = []
    for module, targets in package_imports().items():
        if layer(module) != "games" or module in (f"{ROOT}.games",):
            continue
        allowed = [a for a in own_game(module) if a]
        for target, line in targets:
            if layer(target) != "games":
                continue
            if not any(target == a or target.startswith(a + ".") for a in allowed):
                # a family's own __init__ loads its games: that is registration, not use
                if module.count(".") == 2 and target.startswith(module + "."):
                    continue
                broken.append(f"{module}:{line} imports another game: {target}")
    assert not broken, "\n".join(broken)


def test_the_core_imports_no_game() -> None:
    broken = [
        f"{module}:{line} imports {target}"
        for module, targets in package_imports().items()
        if layer(module) == "core"
        for target, line in targets
        if layer(target) != "core" and layer(target) != "i18n"
    ]
    assert not broken, "\n".join(broken)


def test_nothing_below_the_widgets_imports_a_ui_library() -> None:
    broken = []
    for module, path in MODULES.items():
        if layer(module) in UI_LAYERS or layer(module) is None:
            continue
        for target, line in imports_of(path):
            if target.split(".")[0] in UI_LIBRARIES:
                broken.append(f"{module}:{line} imports {target}")
    assert not broken, "\n".join(broken)


def test_the_command_line_imports_no_widget_library() -> None:
    broken = [
        f"{module}:{line} imports {target}"
        for module, path in MODULES.items()
        if layer(module) == "cli"
        for target, line in imports_of(path)
        if target.split(".")[0] in UI_LIBRARIES - {"voila"}
    ]
    assert not broken, "\n".join(broken)


def test_babel_is_imported_by_the_message_layer_alone() -> None:
    """Numbers and lists go through ``i18n.formats`` (issue 25), never Babel directly,
    so every layer writes them one way."""
    bad = [
        f"{module_name(path)}:{line}"
        for path in FILES
        if module_name(path).split(".")[1:2] != ["i18n"]
        for target, line in imports_of(path)
        if target.split(".")[0] == "babel"
    ]
    assert not bad, bad


def test_no_import_circles() -> None:
    graph: dict[str, set[str]] = defaultdict(set)
    for module, targets in package_imports().items():
        for target, _line in targets:
            # importing a package runs its __init__: an edge to that module
            while target not in MODULES and "." in target:
                target = target.rsplit(".", 1)[0]
            # a package's __init__ importing its own submodules is how packages load;
            # the facade and games/__init__ (the loader of every game) are not layers
            if target == module or target == ROOT or module == ROOT:
                continue
            if target.startswith(module + ".") and MODULES[module].name == "__init__.py":
                continue
            graph[module].add(target)
    cycles = strongly_connected(graph)
    assert not cycles, "import circles:\n" + "\n".join(" → ".join(sorted(c)) for c in cycles)


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm: the groups of modules that import each other in a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in list(graph):
        if v not in index:
            visit(v)
    return found


def game_classes() -> set[str]:
    """The names of the registered games' engine classes and of the bases they take
    from the games' packages (``FamilyGame`` …), read from the registry: a game gets
    this test by registering, and nobody keeps a list."""
    import kowhist_teach  # noqa: F401  (registers every game)
    from kowhist_teach.core.registry import specs

    return {
        cls.__name__
        for s in specs()
        for cls in s.game.__mro__
        if cls.__module__.startswith(f"{ROOT}.games.")
    }


GAME_CLASSES = game_classes()


def test_nothing_above_the_games_asks_which_game_it_holds() -> None:
    broken = []
    for module, path in MODULES.items():
        if layer(module) in (None, "core", "games", "i18n"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = set()
            if isinstance(node, ast.Name):
                names = {node.id}
            elif isinstance(node, ast.Attribute):
                names = {node.attr}
            elif isinstance(node, ast.alias):
                names = {node.name}
            if names & GAME_CLASSES:
                broken.append(
                    f"{module}:{getattr(node, 'lineno', '?')} names {names & GAME_CLASSES}"
                )
    assert not broken, "\n".join(sorted(set(broken)))


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_over_600_lines_unless_one_idea(module: str) -> None:
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= 600 or module in ONE_IDEA, f"{module} has {lines} lines"


@pytest.mark.parametrize("module", sorted(ONE_IDEA))
def test_the_list_of_long_modules_holds_only_long_ones(module: str) -> None:
    """A module that came back under 600 lines leaves the list of exceptions."""
    assert MODULES[module].read_text(encoding="utf-8").count("\n") > 600, module


def test_the_game_classes_come_from_the_registry() -> None:
    """Every registered engine and its games' bases are in the list this file checks
    against (a sample of the ones there before the list was read from the registry)."""
    assert {"KnockoutGame", "GermanGame", "FamilyGame", "OhHellGame"} <= GAME_CLASSES
    assert "DealGame" not in GAME_CLASSES  # core's base may be named anywhere


def test_every_game_registers_itself() -> None:
    """Every module of the games that registers a game (``SPEC = register(…)``) is
    imported by ``import kowhist_teach``, and its spec is in the registry."""
    import importlib

    from kowhist_teach.core.registry import specs

    registering = [
        module
        for module, path in MODULES.items()
        if layer(module) == "games" and "SPEC = register(" in path.read_text(encoding="utf-8")
    ]
    assert registering
    registered = list(specs())
    for module in registering:
        assert importlib.import_module(module).SPEC in registered, module
    for s in registered:
        assert s.game.spec is s
