"""What several test modules share: seeded hypothesis settings, the Knock-Out Whist
variants, running the command line, and mutating records at random.

The test modules import it as ``helpers`` (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import copy
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import Phase as HPhase
from hypothesis import strategies as st

from kowhist_teach.cli import main
from kowhist_teach.core.cards import ALL_CARDS

#: The on/off variants of Knock-Out Whist (``Rules``), for random tables.
KNOCKOUT_OPTIONS = (
    "dogs_chance",
    "one_dog_per_game",
    "blind_dog",
    "reentry",
    "no_picture_redeal",
    "rainbow",
    "fixed_trump",
    "eliminated_vote_trump",
    "no_trump_final",
    "trump_breaking",
)


def fast(examples: int, shrink: bool = True) -> settings:
    """Seeded, no example database, no deadline: the same examples on every run.
    ``shrink=False`` skips shrinking, so that a fuzz test's failure stays fast."""
    phases = [HPhase.explicit, HPhase.reuse, HPhase.generate] + ([HPhase.shrink] if shrink else [])
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        phases=phases,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def play_randomly(game: Any, rng: random.Random, steps: int) -> Any:
    """Play up to ``steps`` random legal moves (fewer if the game ends); the game."""
    for _ in range(steps):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


# ------------------------------------------------------------------ the command line
def write(tmp_path: Path, name: str, content: Any) -> str:
    """A file holding ``content`` (text as it is, anything else as JSON); its path."""
    path = tmp_path / name
    text = content if isinstance(content, str) else json.dumps(content)
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``kowhist-teach ARGV`` in this process: exit status, stdout, stderr (never a
    traceback)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    return code, out, err


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


class Typist:
    """A stdin for ``play_terminal`` that reads the prompt and answers from a script.

    Script steps: "legal" (the first move the prompt offers), "last" (the last one),
    "illegal" or "not-held" (a card the prompt does not offer, not in the hand),
    "illegal-held" (a card in the hand that the prompt does not offer), "eof", or any
    literal text ("undo", "help", "quit"). When the script runs out: ``then``.
    ``prompts`` are the moves each prompt offered, ``kinds`` the prompts' words
    ("Your bid" …), ``sent`` the answers.
    """

    PROMPT = re.compile(r"\(([^()]*)\): $")

    def __init__(self, out: io.StringIO, script: list[str], then: str = "legal") -> None:
        self.out = out
        self.script = list(script)
        self.then = then
        self.prompts: list[list[str]] = []
        self.kinds: list[str] = []
        self.sent: list[str] = []

    def readline(self) -> str:
        last = self.out.getvalue().rsplit("\n", 1)[-1]
        match = self.PROMPT.search(last)
        assert match, f"no prompt to answer: {last!r}"
        offered = match.group(1).split()
        assert offered, last
        self.prompts.append(offered)
        self.kinds.append(last.split(" (")[0])
        step = self.script.pop(0) if self.script else self.then
        if step == "eof":
            return ""
        if step == "legal":
            answer = offered[0]
        elif step == "last":
            answer = offered[-1]
        elif step in ("illegal", "not-held"):
            answer = next(c.code for c in ALL_CARDS if c.label not in offered)
        elif step == "illegal-held":
            hand = self.out.getvalue().rsplit("Your hand: ", 1)[-1].split("\n")[0].split()
            answer = next(label for label in hand if label not in offered)
        else:
            answer = step
        self.sent.append(answer)
        return answer + "\n"


# ------------------------------------------------------------------ records mutated
def json_paths(obj: Any, here: tuple = ()) -> list[tuple]:
    """The path (keys and indexes) of every value in a JSON object, itself first."""
    found = [here]
    if isinstance(obj, dict):
        for k, v in obj.items():
            found += json_paths(v, here + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            found += json_paths(v, here + (i,))
    return found


def mutate(rec: dict, path: tuple, kind: int, value: Any) -> None:
    """Change ``rec`` in place at ``path``: 1 deletes, 2 repeats a list item, 3 swaps
    it with the last, 4 copies a dict value under a new key; else ``value`` replaces it."""
    if not path:
        return
    parent = rec
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if kind == 1:
        del parent[key]
    elif kind == 2 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif kind == 3 and isinstance(parent, list):
        parent[key], parent[-1] = parent[-1], parent[key]
    elif kind == 4 and isinstance(parent, dict):
        parent[str(value)[:8]] = copy.deepcopy(parent[key])
    else:
        parent[key] = value


def any_json(words: list[str], keys: list[str]) -> st.SearchStrategy[Any]:
    """Any JSON value, its strings often ``words`` and its object keys often ``keys``."""
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-3, 60)
        | st.floats(allow_nan=False)
        | st.text(max_size=6)
        | st.sampled_from(words),
        lambda inner: (
            st.lists(inner, max_size=5)
            | st.dictionaries(st.text(max_size=6) | st.sampled_from(keys), inner, max_size=6)
        ),
        max_leaves=25,
    )
