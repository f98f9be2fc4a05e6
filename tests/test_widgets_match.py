"""A German Whist match in the app (issue 14, item 1): the setup's "Single hand / Best
of 3 / Best of 5", the match score on the table (status line and picture), a "Next
hand" moment between hands with the hand's result, the match's winner told at its end,
and the browser's copy of the record keeping the whole match."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from kowhist_teach.app import build_app
from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.core.record import game_from_record
from kowhist_teach.core.registry import spec
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets import GermanTableWidget, TableWidget
from kowhist_teach.widgets.model import GameModel


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def click_a_legal_card(table: Any) -> None:
    legal = [b for b in table.hand.buttons if "kw-legal" in b._dom_classes]
    assert legal, text(table.status.value)
    legal[0].click()


def start_match(length: int, seed: int = 4) -> GermanTableWidget:
    table = GermanTableWidget(seed=seed)
    table.setup.match.value = length
    table.setup.start.click()
    assert not table.model.message and not table.guard.errors
    return table


def test_the_setup_offers_a_single_hand_or_a_match() -> None:
    table = GermanTableWidget(seed=1)
    match = table.setup.match
    assert match.options == (("Single hand", 1), ("Best of 3", 3), ("Best of 5", 5))
    assert match.value == 1 and match.layout.display != "none"
    assert match.description == "Match" and "kw-match" in match._dom_classes
    assert spec("german").ui.match_score(table.game) is None  # a single hand
    # A game without matches shows no such choice.
    knockout = TableWidget(players=3, seed=1)
    assert knockout.setup.match.layout.display == "none"
    assert knockout.setup.match_length() == 1
    set_language("fr")
    table.setup.relabel()
    labels = [label for label, _n in match.options]
    assert labels == ["Une seule donne", "Au meilleur de 3", "Au meilleur de 5"]
    assert match.value == 1


def test_a_whole_best_of_3_match_by_clicks() -> None:
    table = start_match(3)
    ui = spec("german").ui
    assert "Hand 1 of a match, best of 3 — hands won: Player 1 (you): 0 · Bot 1: 0" in text(
        table.status.value
    )
    assert "Match: best of 3" in table.card_table.frames[-1]
    hands_seen = []
    for _click in range(400):
        game = table.game
        if game.is_over():
            break
        moment = table.card_table.moment
        if moment.get("kind") == "hand-end":
            score = ui.match_score(game)
            finished = score.hand - 1
            hands_seen.append(finished)
            assert moment["title"] == f"Hand {finished} is over"
            result = game.games[finished - 1].outcome()
            said = " ".join(moment["lines"])
            if result.winner is None:
                assert "The hand is drawn" in said
            else:
                assert f"{game.names[result.winner]} wins the hand" in said
            line = f"Match, best of 3 — Player 1 (you): {score.won[0]} · Bot 1: {score.won[1]}"
            assert moment["lines"][-1] == line
            assert moment["choices"] == [{"id": "next", "label": "Next hand"}]
            assert table.next_button.description == "Next hand"
            assert table.next_button.layout.display != "none"
            # The bots wait; a card clicked now is refused in one line.
            with pytest.raises(IllegalMove, match="Hand .* is over"):
                table.model.play(table.game.legal_moves()[0])
            table.card_table.choose("next")
            assert table.card_table.moment == {} or table.card_table.moment.get("kind") != (
                "hand-end"
            )
            status = text(table.status.value)
            assert f"Hand {score.hand} of a match, best of 3" in status
            assert f"Player 1 (you): {score.won[0]}" in text(table.card_table.frames[-1])
            continue
        click_a_legal_card(table)
    game = table.game
    out = game.outcome()
    assert out is not None and max(out.hands_won) == 2
    assert hands_seen == list(range(1, game.hand_number))
    winner = game.names[out.winner]
    status = text(table.status.value)
    assert f"{winner} wins the match 2-{out.hands_won[1 - out.winner]}." in status
    assert f"{winner} wins the match" in text(table.explain.value)
    assert f"{winner} wins the match" in table.card_table.frames[-1]
    assert not table.guard.errors


def test_the_browser_copy_keeps_the_whole_match() -> None:
    table = start_match(3, seed=8)
    table.keep_in_browser("german")
    while table.card_table.moment.get("kind") != "hand-end":
        click_a_legal_card(table)
    table.card_table.choose("next")
    for _ in range(5):
        click_a_legal_card(table)
    kept = json.loads(table.card_table.record)
    assert kept["match"] == 3 and len(kept["match_hands"]) == 2
    # A new page of the app (a new kernel): the student continues the match.
    again = GermanTableWidget(seed=99)
    again.card_table.on_resume(table.card_table.record)
    assert not again.model.message and not again.guard.errors
    ui = spec("german").ui
    assert ui.match_score(again.game) == ui.match_score(table.game)
    assert again.game.moves == table.game.moves
    assert "Hand 2 of a match, best of 3" in text(again.status.value)
    assert again.model.match == 3
    # A new deal after resuming is a new match of the same length.
    again.model.new_deal()
    assert ui.match_score(again.game).length == 3 and ui.match_score(again.game).hand == 1
    assert game_from_record(kept).moves == table.game.moves


def test_undo_at_a_hands_end_goes_back_into_the_hand() -> None:
    table = start_match(3, seed=5)
    while table.card_table.moment.get("kind") != "hand-end":
        click_a_legal_card(table)
    table.undo_button.click()
    assert table.model.finished_hand is None and not table.model.between_rounds
    assert spec("german").ui.match_score(table.game).hand == 1
    assert table.game.to_move == 0 and not table.guard.errors


def test_a_best_of_5_match_and_back_to_a_single_hand() -> None:
    table = start_match(5)
    assert "best of 5" in text(table.status.value)
    table.setup.match.value = 1
    table.setup.start.click()
    assert spec("german").ui.match_score(table.game) is None
    assert "of a match" not in text(table.status.value)


def test_a_game_without_matches_refuses_one_and_keeps_its_game() -> None:
    model = GameModel("knockout", players=3, seed=2)
    game = model.game
    with pytest.raises(SetupError, match="not in matches"):
        model.new_game(match=3)
    assert model.game is game and model.match == 1


def test_the_app_plays_a_match() -> None:
    app = build_app(game="german", seed=3)
    table = app.table
    table.setup.match.value = 3
    table.setup.start.click()
    assert "Hand 1 of a match, best of 3" in text(table.status.value)
