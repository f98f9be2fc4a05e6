"""Every list of games comes from the registry (issue 26): no test, no module and no
doctest writes a list of games by hand, so adding a game edits no list anywhere. A
game named alone (a test of whist's scoring) is fine; three or more side by side are
a list that a new game would have to join."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import kowhist_teach
from kowhist_teach.core.registry import game_names

REPO = Path(kowhist_teach.__file__).resolve().parent.parent
SOURCES = sorted(
    [*(REPO / "kowhist_teach").rglob("*.py"), *(REPO / "tests").rglob("*.py")],
)
#: Three game names or more make a list.
LONGEST = 2
_QUOTED = re.compile(r"""['"]([a-z]+)['"]""")


def _literal_lists(tree: ast.AST, names: set[str]) -> list[int]:
    """Lines of list, tuple and set literals made of game names only."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if len(values) == len(node.elts) > LONGEST and set(values) <= names:
                found.append(node.lineno)
    return found


def _doctest_lists(tree: ast.AST, names: set[str]) -> list[int]:
    """Lines of docstrings whose doctest output shows three game names or more."""
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if ">>>" not in node.value:
            continue
        in_example = False  # an example runs from its ">>>" to the next blank line
        for line in node.value.splitlines():
            line = line.strip()
            if line.startswith((">>>", "...")):
                in_example = True  # its code may name the games it asks about
            elif not line:
                in_example = False
            elif in_example and len([q for q in _QUOTED.findall(line) if q in names]) > LONGEST:
                found.append(node.lineno)
    return found


def test_no_list_of_games_is_written_by_hand() -> None:
    names = set(game_names())
    assert len(names) > LONGEST
    found = []
    for path in SOURCES:
        if path == Path(__file__).resolve():
            continue  # the sample below
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line in _literal_lists(tree, names) + _doctest_lists(tree, names):
            found.append(f"{path.relative_to(REPO)}:{line}")
    assert not found, "read these games from the registry (specs()):\n" + "\n".join(found)


def test_the_checks_find_a_list_written_by_hand() -> None:
    """The two checks above do find what they look for."""
    names = {"knockout", "german", "whist"}
    code = (
        'GAMES = ["knockout", "german", "whist"]\ndef f():\n    """\n    >>> f()\n    '
        "('knockout', 'german', 'whist')\n    \"\"\"\n"
    )
    tree = ast.parse(code)
    assert _literal_lists(tree, names) == [1]
    assert _doctest_lists(tree, names) == [3]  # the docstring's line
    assert _literal_lists(ast.parse('PAIR = ("knockout", "german")'), names) == []
