"""One table model for every game (issue 26, point 6): :class:`GameModel` holds any
registered game — the games come from the registry, so a game registered later is
tested here without editing this file — and reads what differs from the game's spec.
"""

from __future__ import annotations

from typing import Any

import pytest

from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.core.registry import GameSpec, specs
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets import FamilyTableWidget
from kowhist_teach.widgets.model import GameModel


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def _student_plays_until_a_pause(model: GameModel, limit: int = 600) -> None:
    """The student plays their first legal move until a round, hand or deal is over
    (the bots wait) or the game ends; a student knocked out watches."""
    for _ in range(limit):
        game = model.game
        if game.is_over() or model.between_rounds:
            return
        if model.out_round is not None and not model.watching:
            model.watch()
            continue
        assert game.to_move == model.human, "the bots stopped short of the student's turn"
        model.play(game.legal_moves()[0])
    raise AssertionError("no round, hand or deal ended")


@pytest.mark.parametrize("game_spec", specs(), ids=lambda s: s.name)
def test_the_one_model_plays_every_registered_game(game_spec: GameSpec) -> None:
    model = GameModel(game_spec.name, seed=5, pause_rounds=True)
    game = model.game
    low, high = game_spec.players
    assert game.n == (4 if low <= 4 <= high else low)
    assert model.lines and model.game.to_move == model.human

    # A move taken back: the game is as it was, and the student is to move again.
    before = list(game.moves)
    model.play(game.legal_moves()[0])
    assert len(model.game.moves) > len(before)
    model.undo()
    assert model.game.moves == before and model.game.to_move == model.human

    # A hint in this table's shape: lines at a game played deal after deal, else the
    # parts the trick table lays out.
    hint = model.hint()
    assert isinstance(hint, list if model.by_deal else dict) and hint

    _student_plays_until_a_pause(model)
    if model.game.is_over():
        return
    # The bots wait at the end of a round (hand, deal) for "Next": a move is refused in
    # one line saying what to do, then the next one is played up to the student's turn.
    waiting = len(model.game.moves)
    with pytest.raises(IllegalMove) as refused:
        model.play(model.game.legal_moves()[0])
    assert str(refused.value) == model.between_text() == model.message
    assert "is over" in model.message and len(model.game.moves) == waiting
    model.next_round()
    assert not model.between_rounds and model.lines
    assert model.game.is_over() or model.game.to_move == model.human or model.out_round
    with pytest.raises(IllegalMove, match="still in progress"):
        model.next_round()


def test_what_differs_is_read_from_the_spec() -> None:
    whist, knockout = GameModel("whist", seed=1), GameModel("knockout", seed=1)
    # The family's table: compass seats, a partner; the trick table: the student and bots.
    assert whist.by_deal and whist.game.names == [
        "South (you)",
        "West",
        "North (partner)",
        "East",
    ]
    assert not knockout.by_deal and knockout.game.names[:2] == ["Player 1 (you)", "Bot 1"]
    # A game of a fixed number of players gets its own, whatever is asked.
    assert GameModel("german", players=5, seed=1).game.n == 2
    # The family's table holds the one model, pausing between deals.
    family = FamilyTableWidget("solo", seed=7).model
    assert type(family) is GameModel and family.kind == "solo" and family.seed == 7
    assert family.pause_rounds
    with pytest.raises(SetupError, match="unknown game 'bridge'"):
        GameModel("bridge")


def test_a_broken_bot_never_costs_a_trick_table_game() -> None:
    class Broken:
        def choose(self, game: Any) -> Any:
            raise RuntimeError("out of order")

    model = GameModel("knockout", players=3, seed=2)
    model._bots[1] = model._bots[2] = Broken()
    model.play(model.game.legal_moves()[0])
    # The first legal move stands in, said in one line; the student plays on.
    assert model.bot_errors and model.bot_errors[0] == "RuntimeError: out of order"
    said = [x for x in model.lines if "'s bot went wrong (RuntimeError: out of order)" in x]
    assert said and said[0].startswith("Bot ")
    assert model.game.is_over() or model.game.to_move == model.human
