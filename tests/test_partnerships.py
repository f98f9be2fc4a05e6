"""Partnerships live once, in core (issue 26, point 3): seats and sides, a side's names
and its words side by side, read from the partnerships a game declares on its spec."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import kowhist_teach
from kowhist_teach.cli import main
from kowhist_teach.core.errors import SetupError
from kowhist_teach.core.hooks.deal_cli import DealCli
from kowhist_teach.core.partnerships import OPPOSITE, Partnerships, compass, declared
from kowhist_teach.core.registry import GameSpec, spec, specs

PACKAGE = Path(kowhist_teach.__file__).parent
NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_opposite_sides_seats_and_sums() -> None:
    assert [OPPOSITE.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [OPPOSITE.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert OPPOSITE.partners(0) == (0, 2) and OPPOSITE.seats == 4
    assert OPPOSITE.by_side([3, 4, 5, 1]) == [8, 5]


def test_opposite_words() -> None:
    assert [OPPOSITE.side_name(s) for s in (0, 1)] == ["North–South", "East–West"]
    assert OPPOSITE.players(0, NAMES) == "Ann and Cy"
    assert OPPOSITE.side_list(NAMES, [7, 6]) == "Ann and Cy 7, Bo and Di 6"
    assert OPPOSITE.replay_list([7, 6]) == "seats 0 and 2: 7, seats 1 and 3: 6"
    assert OPPOSITE.replay_intro() == "Seats 0 and 2 play together, against seats 1 and 3."
    assert OPPOSITE.replay_winners(0) == "Winners: seats 0 and 2"
    assert OPPOSITE.partners_line(NAMES, 1) == "You and Di are partners, against Ann and Cy."
    assert OPPOSITE.won_line(1, NAMES) == "Bo and Di won the game."


def test_a_game_may_declare_other_sides() -> None:
    # Neighbours as partners: every word follows the declaration, none assumes 0 & 2.
    sides = Partnerships(((0, 1), (2, 3)))
    assert [sides.side_of(s) for s in range(4)] == [0, 0, 1, 1]
    assert sides.partner(2) == 3
    assert sides.by_side([1, 2, 3, 4]) == [3, 7]
    assert sides.side_name(0) == f"{compass(0)}–{compass(1)}" == "South–West"
    assert sides.replay_list([5, 8]) == "seats 0 and 1: 5, seats 2 and 3: 8"
    assert sides.replay_intro() == "Seats 0 and 1 play together, against seats 2 and 3."
    assert sides.partners_line(NAMES) == "You and Bo are partners, against Cy and Di."
    with pytest.raises(ValueError, match="seat 7 is in no side"):
        sides.side_of(7)


def test_declared_on_the_spec_once() -> None:
    assert declared(True) is OPPOSITE and declared(False) is None and declared(None) is None
    with pytest.raises(TypeError):
        declared("yes")  # type: ignore[arg-type]
    assert spec("whist").partnerships is OPPOSITE
    assert spec("bidwhist").partnerships is OPPOSITE
    assert spec("solo").partnerships is None and spec("knockout").partnerships is None
    # An engine's own flag (how it keeps its scores) agrees with the declaration (the
    # family's reads it there).
    for game_spec in specs():
        flag = getattr(game_spec.new_game(seed=1), "by_partnership", None)
        if flag is not None:
            assert flag is (game_spec.partnerships is not None), game_spec.name


def test_a_spec_reads_true_as_opposite() -> None:
    class Engine:
        pass

    assert GameSpec("x", "X", Engine, object, (4, 4), partnerships=True).partnerships is OPPOSITE
    assert GameSpec("x", "X", Engine, object, (4, 4)).partnerships is None


def test_the_deal_cli_tells_sides_from_the_declaration() -> None:
    game = spec("whist").new_game(seed=1)
    cli = spec("whist").cli
    assert isinstance(cli, DealCli) and cli.sides(game) is OPPOSITE
    assert cli.seat_list(game, [3, 2]) == "Player 1 and Player 3 3, Player 2 and Player 4 2"
    assert cli.players_line(game) == (
        "You and Player 3 are partners, against Player 2 and Player 4."
    )
    solo = spec("solo").new_game(seed=1)
    assert spec("solo").cli.sides(solo) is None
    assert spec("solo").cli.seat_list(solo, [1, 2, 3, 4]) == (
        "Player 1 1, Player 2 2, Player 3 3, Player 4 4"
    )


def test_a_replay_names_sides_by_their_seats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = json.loads((PACKAGE / "examples" / "whist.json").read_text("utf-8"))
    path = tmp_path / "whist.json"
    path.write_text(json.dumps(record), "utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    deal = result["deals"][0]
    # A side's result is by side number: tricks_won, points and scores have two values.
    assert len(deal["tricks_won"]) == len(deal["points"]) == len(deal["scores"]) == 2
    assert sum(deal["tricks_won"]) == 13
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Seats 0 and 2 play together, against seats 1 and 3." in text
    won = OPPOSITE.replay_list(deal["tricks_won"])
    assert f"tricks won: {won}" in text
    assert "seats 2 and 4" not in text  # seats count from 0, as in the record


def _defined_functions(name: str) -> list[str]:
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == name:
                found.append(str(path.relative_to(PACKAGE)))
    return found


@pytest.mark.parametrize("helper", ["side_name", "side_label", "partners", "partnership"])
def test_no_partnership_helper_is_written_twice(helper: str) -> None:
    where = _defined_functions(helper)
    if helper == "side_label" or helper == "partnership":
        assert where == [], where
    else:
        assert where == ["core/partnerships.py"], where


def test_setup_error_is_not_needed_for_a_plain_spec() -> None:
    # A spec without partnerships still makes games: the declaration is optional.
    game = spec("ohhell").new_game(players=3, seed=2)
    assert spec("ohhell").partnerships is None and spec("ohhell").cli.sides(game) is None
    with pytest.raises(SetupError):
        spec("no such game")
