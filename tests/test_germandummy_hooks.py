"""German Whist for three with a dummy as a registered game (``germandummy``, issue 14
point 2): every hook the other games provide — records, replay and explain, the
command line, the story, the picture, the widgets' answers, the teaching, the bots —
and the student, as dealer, playing the dummy's cards in the card table."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kowhist_teach
from kowhist_teach.cli import main
from kowhist_teach.cli import play as play_module
from kowhist_teach.core.game import hand_names
from kowhist_teach.core.record import ReplayError, game_from_record, replay, to_record
from kowhist_teach.core.registry import game_names, spec, spec_of
from kowhist_teach.i18n import set_language
from kowhist_teach.pictures.svg import table_svg
from kowhist_teach.teach.bots import make_bot
from kowhist_teach.teach.explain import explain_moves, explain_trick
from kowhist_teach.teach.simulate import simulate
from kowhist_teach.teach.story import play_and_tell, record_steps

EXAMPLE = Path(kowhist_teach.__file__).parent / "examples" / "germandummy.json"
DUMMY = 3


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def played_out(seed: int, bots: str = "rules", first_dealer: int = 0) -> Any:
    """A whole hand between bots, through the registry."""
    game = spec("germandummy").new_game(seed=seed, first_dealer=first_dealer)
    choosers = [make_bot(bots, seed * 10 + s) for s in range(3)]
    while not game.is_over():
        game.play(choosers[game.to_move].choose(game))
    return game


def at_dummy_turn(seed: int) -> Any:
    """A game (student-less) at the first turn the dealer plays from the dummy, with a
    card on the table."""
    game = spec("germandummy").new_game(seed=seed)
    rng = random.Random(seed)
    while not (game.hand_to_play == DUMMY and game.trick.plays):
        game.play(rng.choice(game.legal_moves()))
    return game


# ------------------------------------------------------------------ the registry
def test_registered_with_every_hook_the_other_games_have() -> None:
    s = spec("germandummy")
    assert s.display_name() == "German Whist for three (with a dummy)"
    assert s.players == (3, 3) and not s.partnerships
    # The lean playout core is optional: one exists where random playouts pay (German
    # Whist's single hands); the dummy game's simulations run on its engine.
    assert set(spec("german").hooks) - {"playout"} <= set(s.hooks)
    names = game_names()  # after the older games: their order stays
    assert names.index("germandummy") > max(names.index(n) for n in ("german", "ohhell"))
    game = s.new_game(seed=1)
    assert spec_of(game) is s and game.dealer == 0


# ------------------------------------------------------------------ records
def test_record_round_trip_and_the_example_replays() -> None:
    game = played_out(4)
    record = to_record(game)
    assert record["game"] == "germandummy" and [len(h) for h in record["hands"]] == [6] * 4
    assert len(record["stock"]) == 28 and len(record["actions"]) == 52
    again = game_from_record(json.loads(json.dumps(record)))
    assert to_record(again) == record and again.outcome() == game.outcome()
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    result = replay(example)
    assert result["status"] == "over" and len(result["tricks"]) == 13
    assert sum(result["side_tricks"]) == 13 and result["winners"] == [0] and result["winner"] == 0
    assert result["points"] == result["side_tricks"][0] - 6
    assert any(hand == DUMMY for t in result["tricks"] for hand, _c in t["cards"])


def test_a_record_that_breaks_a_rule_says_where() -> None:
    record = to_record(played_out(5))
    bad = {
        **record,
        "actions": record["actions"][:5] + ["AS" if "AS" not in record["actions"][:5] else "2C"],
    }
    result = replay(bad)
    assert result["status"] == "error" and result["error"]["action"] == 5
    assert result["error"]["round"] == 0 and result["error"]["seat"] in (0, 1, 2)
    with pytest.raises(ReplayError):
        game_from_record(bad)
    result = replay({**record, "players": 4})
    assert result["status"] == "error" and "exactly 3 players" in result["error"]["message"]


def test_a_cut_record_replays_to_the_dummys_turn() -> None:
    game = at_dummy_turn(3)
    again = game_from_record(to_record(game))
    assert again.hand_to_play == DUMMY and again.to_move == again.dealer


# ------------------------------------------------------------------ the command line
def test_replay_and_explain_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "13 tricks played; tricks won: the dealer's side" in out
    assert re.search(r"Winners: seat 0 \(\d+ points?\)", out)
    assert main(["replay", "--json", str(EXAMPLE)]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "over"
    # The first time the dealer plays from the dummy: the dummy's cards are explained.
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    at = 1  # the dealer's left leads, then the dummy (next clockwise) plays
    assert main(["explain", str(EXAMPLE), "--at", str(at)]) == 0
    out = capsys.readouterr().out
    dummy = set(record["hands"][DUMMY])
    listed = {line.split()[1] for line in out.splitlines() if line.startswith((" + ", " x "))}
    assert listed == dummy, out
    assert "The dealer plays the dummy's cards" in out
    dealer = record["players"][record["first_dealer"]]
    assert out.splitlines()[1] == f"{dealer} to move, playing Dummy's hand.", out
    # The next player plays their own cards: the usual line.
    assert main(["explain", str(EXAMPLE), "--at", "2"]) == 0
    assert re.fullmatch(r"\w+ to move\.", capsys.readouterr().out.splitlines()[1])
    assert main(["explain", str(EXAMPLE), "--at", "40", "--analyse"]) == 2
    assert "--analyse works only for" in capsys.readouterr().err


def test_play_a_whole_hand_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def ask(table, human, prompt, stdin, out, say, show_help):  # noqa: ANN001, ANN202
        asked.append(prompt)
        print(prompt, file=out)
        return table.legal_moves()[-1].code

    monkeypatch.setattr(play_module, "_ask", ask)
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "--game", "germandummy", "--seed", "3"]) == 0
    text = out.getvalue()
    assert text.startswith("German Whist for three with a dummy: you deal")
    assert len(asked) == 26  # 13 cards of the student's own and 13 of the dummy's
    assert sum(p.startswith("Play from the dummy (") for p in asked) == 13
    assert "The dummy, face up: " in text and "Dummy" in text
    assert re.search(r"win the hand with \d+ tricks and score \d+ points?\.$", text.strip())


def test_simulate_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "germandummy", "--games", "12", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("12 games in ") and len(lines) == 4
    assert main(["simulate", "--game", "germandummy", "--games", "9", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    # A side of one seat (the dealer) or of two wins each hand: no draw is possible.
    assert result["draws"] == 0 and 9 + 1 <= sum(result["wins"]) <= 18
    assert main(["simulate", "--game", "germandummy", "--players", "2"]) == 2
    assert "exactly 3 players" in capsys.readouterr().err


def test_the_rules_bot_beats_random_bots() -> None:
    # Seat 0 deals a third of the games (and plays the dummy then).
    result = simulate("germandummy", 3, 300, seed=2, bots=["rules", "random", "random"], workers=1)
    baseline = simulate("germandummy", 3, 300, seed=2, bots=["random"] * 3, workers=1)
    assert result["wins"][0] > baseline["wins"][0] + 30, (result, baseline)


# ------------------------------------------------------------------ story, picture
def test_the_story_names_the_dummy_and_hides_the_others_stock_cards() -> None:
    game = spec("germandummy").new_game(seed=6)
    lines: list[str] = []
    while len([t for t in game.tricks if len(t.plays) == 4]) < 1:
        lines += play_and_tell(game, game.legal_moves()[0], viewer=0)
    trick_line = next(line for line in lines if line.startswith("Trick 1: "))
    assert "Dummy " in trick_line
    take = next(line for line in lines if line.startswith("From the stock: "))
    # Seat 0 sees its own card and the dummy's, not seat 1's or seat 2's (unless won).
    winner = game.tricks[0].winner
    hidden = {1, 2} - {winner}
    assert take.count("an unseen card") == len(hidden)
    order = game.order
    dummy_card = game.dealt_stock[(order.index(DUMMY) - order.index(winner)) % 4]
    assert f"Dummy {dummy_card.label}" in take  # the dummy's card is shown to all
    steps = record_steps(to_record(played_out(7)))
    assert "The dummy's cards, face up: " in steps[0].lines[1]
    assert "Dummy played" in " ".join(line for s in steps for line in s.lines)
    assert steps[-1].lines[-1].endswith("points.") or steps[-1].lines[-1].endswith("point.")


def test_the_picture_sits_the_dummy_opposite_the_dealer_face_up() -> None:
    game = spec("germandummy").new_game(seed=8, first_dealer=1)
    table = spec("germandummy").picture.table(game, seat=2)
    assert [s.name for s in table.seats] == [*game.names, "Dummy"]
    assert table.order == (1, 2, DUMMY, 0) and table.layout == "compass"
    dummy = table.seats[DUMMY]
    assert list(dummy.face_up) == game.hand(DUMMY) and dummy.hidden == 0
    assert table.seats[0].hidden == 6 and not table.seats[0].face_up  # not the viewer's
    stock = table.boxes[0]
    assert stock.cards[-1] == game.face_up[0] and stock.caption == "Stock: 28"
    svg = table_svg(game, seat=1)
    dummy_hand = re.search(r'<g class="kwr-hand"[^>]*data-seat="3".*?</g>\s*</g>', svg, re.S)
    assert dummy_hand is not None
    assert all(f'data-card="{c.code}"' in dummy_hand.group(0) for c in game.hand(DUMMY))
    assert "German Whist table with a dummy" in svg


# ------------------------------------------------------------------ teaching, ui
def test_the_dealer_is_told_why_a_dummy_card_may_or_may_not_be_played() -> None:
    game = at_dummy_turn(2)
    notes = explain_moves(game)
    assert {n.move for n in notes} == set(game.hand(DUMMY))
    for note in notes:
        assert note.legal == (note.move in game.legal_moves())
        if note.legal:
            assert note.reason.startswith("The dealer plays the dummy's cards: ")
        else:
            assert "the dummy holds" in note.reason and "it must follow suit" in note.reason
    trick = played_out(3).tricks[0]
    assert explain_trick(played_out(3), trick).split(" won with ")[0] in hand_names(game)


def test_the_ui_hook_turn_status_and_controlled_hand() -> None:
    ui = spec("germandummy").ui
    game = at_dummy_turn(4)
    dealer = game.dealer
    assert ui.turn_text(game, dealer) == "Your turn — play from the dummy"
    assert ui.controlled_hand(game, dealer) == DUMMY
    assert ui.controlled_hand(game, (dealer + 1) % 3) == (dealer + 1) % 3
    assert "Phase 1 of 2" in ui.status_facts(game)
    game.play(game.legal_moves()[0])
    assert ui.controlled_hand(game, dealer) == dealer  # the dummy has played
    assert ui.turn_text(game, game.to_move) is None


# ------------------------------------------------------------------ the widget
def test_the_student_as_dealer_clicks_a_dummy_card_like_their_own() -> None:
    from kowhist_teach.widgets.table import TableWidget

    table = TableWidget(game="germandummy", seed=9, speed="instant")
    game = table.model.game
    assert game.dealer == table.model.human == 0  # the student deals the first hand
    dummy_turns = own_turns = 0
    while not table.model.game.is_over():
        game = table.model.game
        codes = {b.code for b in table.hand.buttons}
        legal = [b for b in table.hand.buttons if "kw-legal" in b._dom_classes]
        if game.hand_to_play == DUMMY:
            dummy_turns += 1
            assert codes == {c.code for c in game.hand(DUMMY)}
            assert table.card_table.hand_seat == DUMMY
            assert table.card_table.my_turn
            assert "play from the dummy" in table.status.value
            # The student's own cards are not playable now: a click on one does nothing.
            for card in game.hand(0)[:1]:  # (none left when the student played last)
                with pytest.raises(ValueError, match="not in the hand shown"):
                    table.card_table.click(card.code)
        else:
            own_turns += 1
            assert codes == {c.code for c in game.hand(0)}
            assert table.card_table.hand_seat == -1
        assert {c["code"] for c in table.card_table.hand} == codes
        assert table.calls.buttons == ()  # every card is in the picture, none a button
        before = len(game.moves)
        table.card_table.click(legal[0].code)  # the browser's click path
        assert len(table.model.game.moves) > before
    assert dummy_turns == 13 and own_turns == 13


# ------------------------------------------------------------------ many games
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2), st.sampled_from(["random", "rules"]))
def test_random_games_through_the_registry(seed: int, first_dealer: int, bots: str) -> None:
    s = spec("germandummy")
    game = s.new_game(seed=seed, first_dealer=first_dealer)
    choosers = [make_bot(bots, seed + k) for k in range(3)]
    told: list[str] = []
    while not game.is_over():
        seat = game.to_move
        notes = explain_moves(game)
        legal = [n.move for n in notes if n.legal]
        assert sorted(legal) == sorted(game.legal_moves())
        hand = s.ui.controlled_hand(game, seat)
        assert hand == (DUMMY if game.hand_to_play == DUMMY else seat)
        told += play_and_tell(game, choosers[seat].choose(game), viewer=seat)
    out = game.outcome()
    assert sum(out.side_tricks) == 13 and len(game.tricks) == 13
    assert out.points == out.side_tricks[out.winning_side] - 6 >= 1
    assert sum(line.startswith("Trick ") for line in told) == 13
    assert sum(line.startswith("From the stock: ") for line in told) == 7
    record = to_record(game)
    assert to_record(game_from_record(record)) == record
    result = replay(record)
    assert result["status"] == "over" and result["side_tricks"] == out.side_tricks
    table = s.picture.table(game, seat=first_dealer)
    assert len(table.seats) == 4 and table.trick_finished


def test_docs_show_the_example_record_in_full() -> None:
    docs = (EXAMPLE.parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    start = docs.index('```json\n{"format": "kowhist-record/1", "game": "germandummy"')
    block = docs[start + len("```json\n") : docs.index("```", start + 8)]
    assert json.loads(block) == json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_monte_carlo_searches_phase_two_from_what_the_seat_sees() -> None:
    from kowhist_teach.games.german.dummy_bots import DummySearch
    from kowhist_teach.teach.hints import estimate

    for seed in range(4):
        game = spec("germandummy").new_game(seed=seed)
        rng = random.Random(seed)
        while len(game.tricks) < 9 + seed % 3 or len(game.legal_moves()) < 2:
            game.play(rng.choice(game.legal_moves()))
        me = game.to_move
        search = spec("germandummy").bots.search(game, make_bot("montecarlo", 1))
        assert isinstance(search, DummySearch) and search.moves == game.legal_moves()
        for _ in range(5):
            world = search.deal()
            assert world is not None
            # The seat's own hand and the dummy's as they are; the rest from the unseen
            # cards, as many as each hidden hand holds.
            assert world[me] == game.hands[me] and world[DUMMY] == game.hands[DUMMY]
            assert [h.bit_count() for h in world] == [h.bit_count() for h in game.hands]
            assert len({c for h in world for c in range(52) if h >> c & 1}) == sum(
                h.bit_count() for h in world
            )
            values = search.results(world, float("inf"))
            assert len(values) == len(search.moves)
            assert all(0 <= v <= search.tricks for v in values)
        bot = make_bot("montecarlo", 2, samples=8, time_limit=None)
        assert bot.choose(game) in game.legal_moves() and bot.last_samples > 0
        found = estimate(game, me, samples=4, time_limit=None)
        assert [e.move for e in found] == game.legal_moves() and found[0].deals == 4
    # Phase 1 hides the stock's order from everybody: no search, the rules move.
    fresh = spec("germandummy").new_game(seed=1)
    assert spec("germandummy").bots.search(fresh, make_bot("montecarlo", 1)) is None
