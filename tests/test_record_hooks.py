"""Every registered game reads and writes records through its record hook, and every
example record round-trips: load → game → to_record → the same replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kowhist_teach  # noqa: F401  (registers the games)
from kowhist_teach.core.hooks.record import RecordHook
from kowhist_teach.core.record import (
    example_paths,
    game_from_record,
    load_record,
    replay,
    to_record,
)
from kowhist_teach.core.registry import specs
from kowhist_teach.i18n import set_language

EXAMPLES = example_paths()


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


@pytest.mark.parametrize("game_spec", specs(), ids=lambda s: s.name)
def test_every_game_has_a_record_hook(game_spec: object) -> None:
    assert game_spec.has("record")  # type: ignore[attr-defined]
    hook = game_spec.record  # type: ignore[attr-defined]
    assert isinstance(hook, RecordHook)
    assert {"format", "game", "players", "rules", "first_dealer"} <= hook.top_keys
    assert hook.error_place in ("round", "deal")
    # A new game of each kind writes a record its hook reads back to the same record.
    game = game_spec.new_game(seed=3)  # type: ignore[attr-defined]
    record = to_record(game)
    assert record["game"] == game_spec.name  # type: ignore[attr-defined]
    assert to_record(game_from_record(json.loads(json.dumps(record)))) == record
    assert hook.not_a_record("x")["error"][hook.error_place] is None


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_round_trips(path: Path) -> None:
    record = load_record(path)
    result = replay(record)
    assert result["status"] in ("over", "in_progress")
    again = to_record(game_from_record(record))
    assert replay(again) == result
    assert replay(json.loads(json.dumps(again))) == result


@pytest.mark.parametrize("game_spec", specs(), ids=lambda s: s.name)
def test_every_game_has_a_cli_hook(game_spec: object) -> None:
    from kowhist_teach.core.hooks.cli import CliHook

    assert game_spec.has("cli")  # type: ignore[attr-defined]
    assert isinstance(game_spec.cli, CliHook)  # type: ignore[attr-defined]
    game_spec.cli.check_players(None)  # type: ignore[attr-defined]  (the default is fine)
