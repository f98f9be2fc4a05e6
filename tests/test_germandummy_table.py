"""German Whist for three at the German Whist table (issue 14 follow-up, issue 12
points 3 and 4): the app seats ``germandummy`` at the stock game's table, which asks the
game's ``ui`` hook for what each hand took from the stock (the dummy's too, never a card
the student has not seen), the tricks of each phase by side, and at the end every card
of the four hands as dealt and taken."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from kowhist_teach.app import build_app
from kowhist_teach.core.cards import ALL_CARDS
from kowhist_teach.core.registry import spec, specs
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets.faces import taken_html
from kowhist_teach.widgets.table import GermanTableWidget

DUMMY = 3


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def rows(panel: str) -> list[list[str]]:
    """The cells of each row of a table in HTML, as text."""
    return [
        [
            html.unescape(re.sub(r"<[^>]+>", "", c))
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r)
        ]
        for r in re.findall(r"<tr>(.*?)</tr>", panel)
    ]


def cards_after(label: str, text: str) -> list[str]:
    """The card labels after ``label`` in a cell ("face up: A♠ 7♥" → ["A♠", "7♥"])."""
    assert text.startswith(label), text
    rest = text[len(label) :].split()
    return [] if rest == ["-"] else rest


def click_legal(table: GermanTableWidget) -> None:
    legal = [b for b in table.hand.buttons if "kw-legal" in b._dom_classes]
    assert legal, table.status.value
    table.card_table.click(legal[0].code)  # the browser's click path


def play_until(table: GermanTableWidget, tricks: int) -> None:
    """Click legal cards until ``tricks`` tricks are over (the bots play at once)."""
    for _i in range(60):
        game = table.model.game
        if game.is_over() or sum(len(t.plays) == 4 for t in game.tricks) >= tricks:
            return
        click_legal(table)
        assert not table.guard.errors, table.guard.errors
    pytest.fail("the hand did not reach the trick asked for")


def dummy_table(seed: int) -> GermanTableWidget:
    return GermanTableWidget(game="germandummy", seed=seed, speed="instant")


# ---------------------------------------------------------------- the app seats it
def test_the_app_seats_german_whist_for_three_at_the_stock_table() -> None:
    app = build_app(seed=4)
    app.game_choice.value = "germandummy"
    table = app.table
    assert isinstance(table, GermanTableWidget) and table.kind == "germandummy"
    assert table.game.n == 3 and table.model.human == table.game.dealer == 0
    assert "kw-taken" in table.taken._dom_classes
    assert "kwr-stock" in table.picture.value
    assert [r[0] for r in rows(table.taken.value)] == ["Player 1 (you)", "Bot 1", "Bot 2", "Dummy"]


# ------------------------------------------------------------ what each hand took
@pytest.mark.parametrize("seed", [3, 9, 21])
def test_the_panel_lists_what_each_hand_took_and_no_card_unseen(seed: int) -> None:
    table = dummy_table(seed)
    play_until(table, 3)
    game = table.model.game
    done = sum(len(t.plays) == 4 for t in game.tricks)
    assert done >= 3
    takes = game.stock_takes()
    assert len(takes) == 4 * done  # four cards after each trick of the stock phase
    panel = rows(table.taken.value)
    assert [r[0] for r in panel] == ["Player 1 (you)", "Bot 1", "Bot 2", "Dummy"]
    shown: list[str] = []
    for hand, (_name, face_up_cell, other_cell) in enumerate(panel):
        face_up = [c.label for h, c, up in takes if h == hand and up]
        face_down = [c.label for h, c, up in takes if h == hand and not up]
        assert cards_after("face up: ", face_up_cell) == face_up
        if hand in (0, DUMMY):  # the student's own, and the dummy's shown to all
            assert cards_after("from the stock: ", other_cell) == face_down
        else:
            assert other_cell == f"{len(face_down)} unseen cards"
        shown += cards_after("face up: ", face_up_cell)
        if hand in (0, DUMMY):
            shown += face_down
    # Every card named is one the student saw taken; the bots' face-down cards are not.
    hidden = {c.label for h, c, up in takes if h in (1, 2) and not up}
    assert hidden and not hidden & set(shown)
    names_in_panel = set(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", table.taken.value))
    assert names_in_panel == set(shown)
    # The stock's face-down cards are in no panel and no picture's words.
    still_down = {c.label for c in game.stock[1:]}
    assert not still_down & names_in_panel


def test_an_opponent_sees_the_dummy_s_takes_but_not_the_dealer_s() -> None:
    table = dummy_table(5)
    play_until(table, 4)
    game = table.model.game
    takes = game.stock_takes()
    panel = rows(taken_html(game, 1))
    dealer_down = [c.label for h, c, up in takes if h == 0 and not up]
    assert panel[0][2] == f"{len(dealer_down)} unseen cards"
    assert cards_after("from the stock: ", panel[1][2]) == [
        c.label for h, c, up in takes if h == 1 and not up
    ]
    assert cards_after("from the stock: ", panel[3][2]) == [
        c.label for h, c, up in takes if h == DUMMY and not up
    ]


# -------------------------------------------------------------------- the chart
def chart_numbers(table: GermanTableWidget) -> list[tuple[str, int, int, int]]:
    out = []
    for cells in rows(table.chart.value)[1:]:
        name, p1, p2, total = cells
        out.append((name, int(p1), int(p2), int(total)))
    return out


@pytest.mark.parametrize("seed", [2, 9])
def test_the_chart_s_phases_add_up_by_side(seed: int) -> None:
    table = dummy_table(seed)
    assert rows(table.chart.value)[0] == ["", "Phase 1", "Phase 2", "All tricks"]
    for tricks in (2, 7, 10, 13):
        play_until(table, tricks)
        game = table.model.game
        done = sum(len(t.plays) == 4 for t in game.tricks)
        chart = chart_numbers(table)
        assert [name for name, *_n in chart] == ["Player 1 (you) and the dummy", "Bot 1 and Bot 2"]
        assert all(p1 + p2 == total for _name, p1, p2, total in chart)
        assert sum(p1 for _name, p1, _p2, _t in chart) == min(done, 7)
        assert sum(p2 for _name, _p1, p2, _t in chart) == max(done - 7, 0)
        assert [total for *_x, total in chart] == game.side_tricks
    assert table.model.game.is_over() and sum(game.side_tricks) == 13


# ------------------------------------------------------------------- the review
def hand_labels(cell_html: str) -> list[str]:
    """The card names an SVG hand's aria-label reads out."""
    label = html.unescape(re.search(r'aria-label="Hand: ([^"]*)"', cell_html).group(1))
    return [] if label == "no cards" else label.split(", ")


def test_the_review_at_the_end_shows_all_four_hands_dealt_and_taken() -> None:
    table = dummy_table(7)
    assert table.review.value == ""  # nothing before the hand is over
    play_until(table, 13)
    game = table.model.game
    assert game.is_over()
    review = table.review.value
    assert "The hand is over: every card as dealt and taken" in review
    found = re.findall(r"<tr><th[^>]*>([^<]*)</th><td>(.*?)</td><td>(.*?)</td></tr>", review)
    assert [name for name, _d, _t in found] == ["Player 1 (you)", "Bot 1", "Bot 2", "Dummy"]
    every: list[str] = []
    for hand, (_name, dealt, taken) in enumerate(found):
        assert dealt.startswith("Dealt<br>") and taken.startswith("Taken from the stock<br>")
        assert len(hand_labels(dealt)) == 6 and len(hand_labels(taken)) == 7
        assert len(hand_labels(taken)) == len(spec("germandummy").ui.stock_took(game)[hand])
        every += hand_labels(dealt) + hand_labels(taken)
    assert len(every) == len(set(every)) == len(ALL_CARDS)  # all 52 cards, once each


# ------------------------------------------------------- every stock game's hook
def _play(game: Any, moves: int) -> None:
    for _i in range(moves):
        if game.is_over():
            return
        game.play(game.legal_moves()[0])


@pytest.mark.parametrize("s", [s for s in specs() if s.stock], ids=lambda s: s.name)
def test_every_stock_game_answers_the_table_s_questions(s: Any) -> None:
    game = s.new_game(seed=11)
    ui = s.ui
    for moves in (0, 9, 30, 200):
        _play(game, moves)
        taken = ui.stock_taken(game, 0)
        took = ui.stock_took(game)
        assert len(taken) == len(took) == len(game.dealt_hands)
        for row, cards in zip(taken, took, strict=True):
            known = row.known or ()
            assert len(row.face_up) + len(known) + row.unseen == len(cards)
            assert set(row.face_up) | set(known) <= set(cards)
        # A trick is over when every hand has played to it.
        done = sum(len(t.plays) == len(game.dealt_hands) for t in game.tricks)
        chart = ui.phase_tricks(game)
        assert all(min(r.phase1, r.phase2) >= 0 for r in chart)
        assert sum(r.total for r in chart) == done
    assert game.is_over()
    assert sum(len(c) for c in ui.stock_took(game)) + sum(map(len, game.dealt_hands)) == 52
