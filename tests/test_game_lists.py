"""Every list of games comes from the registry (issue 26): no test, no module and no
doctest writes a list of games by hand, so adding a game edits no list anywhere. A
game named alone (a test of whist's scoring) is fine; three or more in a row, comma
after comma (a list, a tuple, a set, a doctest's output), are a list that a new game
would have to join."""

from __future__ import annotations

import re
from pathlib import Path

import kowhist_teach
from kowhist_teach.core.registry import game_names

REPO = Path(kowhist_teach.__file__).resolve().parent.parent
SOURCES = sorted([*(REPO / "kowhist_teach").rglob("*.py"), *(REPO / "tests").rglob("*.py")])
#: Lists allowed, with the reason: none of them is a list a new game must join.
ALLOWED = {
    "kowhist_teach/widgets/stepper.py": "_ORDER, the lesson order of the shipped example "
    "files (file names; an example not listed comes after the listed ones)",
}


def list_pattern(names: list[str]) -> re.Pattern[str]:
    """Three quoted game names in a row, separated by commas (and any line breaks)."""
    one = r"""(['"])(?:{})\{n}""".replace("{}", "|".join(map(re.escape, names)))
    comma = r"\s*,\s*"
    return re.compile(
        one.replace("{n}", "1") + comma + one.replace("{n}", "2") + comma + one.replace("{n}", "3")
    )


def lists_in(text: str, pattern: re.Pattern[str]) -> list[int]:
    """The line of each list of games in ``text``."""
    return [text.count("\n", 0, m.start()) + 1 for m in pattern.finditer(text)]


def test_no_list_of_games_is_written_by_hand() -> None:
    pattern = list_pattern(game_names())
    found = []
    for path in SOURCES:
        if path == Path(__file__).resolve() or path.relative_to(REPO).as_posix() in ALLOWED:
            continue  # the samples below; the lists allowed
        for line in lists_in(path.read_text(encoding="utf-8"), pattern):
            found.append(f"{path.relative_to(REPO)}:{line}")
    assert not found, "read these games from the registry (specs()):\n" + "\n".join(found)


def test_the_check_finds_a_list_written_by_hand() -> None:
    """The check above finds lists in code and in a doctest's output, over lines too,
    and leaves two games named together, or games named apart, alone."""
    pattern = list_pattern(["knockout", "german", "whist"])
    code = 'GAMES = ["knockout", "german", "whist"]\ndef f():\n    """\n    >>> f()\n'
    code += "    ('whist', 'german', 'knockout')\n    \"\"\"\nX = [\n    \"german\",\n"
    code += '    "whist",\n    "knockout",\n]\n'
    assert lists_in(code, pattern) == [1, 5, 8]
    assert lists_in('PAIR = ("knockout", "german")', pattern) == []
    assert lists_in('f("knockout"), f("german"), f("whist")', pattern) == []
