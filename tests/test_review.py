"""The review of a deal: where did the tricks go? (teach/review.py, ``kowhist-teach review``)."""

from __future__ import annotations

import json
import random
from importlib.resources import files

from helpers import run, write

from kowhist_teach import KnockoutGame, Rules
from kowhist_teach.core.record import load_record, to_record
from kowhist_teach.games.knockout.engine import Status
from kowhist_teach.i18n import set_language
from kowhist_teach.teach.review import lines_of, review, review_lines
from kowhist_teach.teach.solver import analyse

EXAMPLES = files("kowhist_teach") / "examples"
WHOLE = str(EXAMPLES / "knockout-whole-game.json")


def test_review_marks_every_decision_and_its_losses() -> None:
    r = review(WHOLE, seat=0)
    assert r.complete and r.available
    assert r.total == r.reviewed == len(r.decisions) > 5
    assert r.losses, "the example has at least one decision that loses a trick"
    for d in r.decisions:
        values = {a.move: a for a in d.values}
        played = values[d.played]
        if d.best:
            assert all((a.survives, a.tricks) <= (played.survives, played.tricks) for a in d.values)
        else:
            top = max((values[m] for m in d.better), key=lambda a: (a.survives, a.tricks))
            assert d.tricks_lost == top.tricks - played.tricks > 0 or d.went_out
            codes = {m.code for m in (d.played, *d.better)}
            assert d.samples > 0 and set(d.estimate) == codes


def test_review_json_shape() -> None:
    data = review(WHOLE, seat=0).to_dict()
    assert set(data) == {
        "seat",
        "label",
        "complete",
        "available",
        "decisions",
        "reviewed",
        "best",
        "reviews",
    }
    for entry in data["reviews"]:
        assert set(entry) == {
            "round",
            "action",
            "played",
            "better",
            "tricks_lost",
            "went_out",
            "reason",
            "estimate",
        }
        assert isinstance(entry["better"], list) and entry["tricks_lost"] >= 0
    assert data["label"] == "with every card visible"


def test_review_of_a_game_and_its_lines() -> None:
    game = KnockoutGame(3, seed=4)
    rng = random.Random(2)
    while game.round == 0:
        game.play(rng.choice(game.legal_moves()))
    lines = review_lines(game, 0)
    assert lines[0] == "Review, with every card visible:"
    assert any("with every card visible" in line for line in lines[1:])
    one = review(game, 0, round=0)
    assert all(d.round == 0 for d in one.decisions)


def test_review_stops_at_its_time_limit_and_says_so() -> None:
    r = review(WHOLE, seat=0, time_limit=0.0)
    assert not r.complete and r.reviewed < r.total
    assert "time limit" in lines_of(r)[-1]


def test_a_game_without_analysis_says_so() -> None:
    r = review(str(EXAMPLES / "whist.json"), seat=0)
    assert not r.available
    assert "no analysis" in review_lines(str(EXAMPLES / "whist.json"), 0)[1]


def test_review_on_the_command_line(capsys, tmp_path) -> None:
    code, out, _err = run(capsys, "review", WHOLE, "--json")
    assert code == 0
    assert json.loads(out)["reviews"]
    code, out, _err = run(capsys, "review", WHOLE, "--seat", "1")
    assert code == 0 and out.startswith("Review, with every card visible:")
    code, out, _err = run(capsys, "review", WHOLE, "--lang", "es")
    assert code == 0 and "Review, with every card visible" not in out
    code, out, _err = run(capsys, "review", WHOLE, "--lang", "fr")
    assert code == 0 and "Review, with every card visible" not in out
    bad = write(tmp_path, "bad.json", "not json")
    assert run(capsys, "review", bad)[0] == 2
    assert run(capsys, "review", WHOLE, "--seat", "9")[0] == 2
    broken = load_record(WHOLE)
    broken["rounds"][0]["actions"][0] = broken["rounds"][0]["actions"][1]
    assert run(capsys, "review", write(tmp_path, "broken.json", broken))[0] == 1
    code, out, _err = run(capsys, "review", WHOLE, "--time-limit", "0")
    assert code == 0 and "time limit" in out
    code, out, _err = run(capsys, "review", WHOLE, "--round", "3", "--json")
    assert code == 0 and {e["round"] for e in json.loads(out)["reviews"]} <= {3}


def _blind_dog_positions(count: int) -> list[KnockoutGame]:
    rng = random.Random(7)
    rules = Rules(start_hand=4, dogs_chance=True, blind_dog=True)
    found = []
    while len(found) < count:
        game = KnockoutGame(rng.randint(2, 4), rules, seed=rng.randrange(10**6))
        while not game.is_over():
            me = game.to_move
            if (
                me is not None
                and game.status[me] is Status.BLIND_DOG
                and game.cards_dealt_to(me) == 1
                and game.hands[me]
            ):
                found.append(game.clone())
                break
            game.play(rng.choice(game.legal_moves()))
    return found


def test_a_blind_dogs_card_is_never_named(capsys, tmp_path) -> None:
    set_language("en")
    for game in _blind_dog_positions(6):
        me = game.to_move
        card = game.hand(me)[0]
        names = (card.code, str(card))
        analysis = analyse(game)
        assert [a.hidden for a in analysis] == [True, False]
        assert card.code not in json.dumps([a.to_dict() for a in analysis])
        assert all(name not in a.label for a in analysis for name in names)
        # The review of the blind dog's decisions, kept to the moment before it played.
        r = review(game, me)
        text = "\n".join(lines_of(r)) + json.dumps(r.to_dict(), ensure_ascii=False)
        record = to_record(game)
        path = write(tmp_path, "dog.json", record)
        code, out, _err = run(capsys, "explain", path, "--json", "--analyse")
        assert code == 0
        text += json.dumps(json.loads(out)["analysis"])
        for name in names:
            assert name not in text, name


def test_explain_never_names_a_blind_dogs_card() -> None:
    from kowhist_teach.teach.explain import explain_position

    for game in _blind_dog_positions(3):
        card = game.hand(game.to_move)[0]
        text = json.dumps(explain_position(game, analyse=True), ensure_ascii=False)
        assert card.code not in text and str(card) not in text
