"""The hint (kowhist_teach.teach.hints): a suggested move with its reason in every game,
tips only where they can change the decision, the every-card analysis only as the
teacher's setting allows, an estimate from the student's seat, and a blind dog's
face-down card never named."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.core.cards import Card
from kowhist_teach.core.registry import spec, specs
from kowhist_teach.games.knockout.engine import KnockoutGame, Rules, Status
from kowhist_teach.teach.hints import analysis_allowed, estimate, hint
from kowhist_teach.teach.tips import tips_for
from kowhist_teach.widgets.model import GameModel


def with_bots() -> list[str]:
    return [s.name for s in specs() if s.has("bots")]


def play_until(game: Any, stop: Any, rng: random.Random, limit: int = 400) -> bool:
    for _i in range(limit):
        if game.is_over():
            return False
        if game.to_move is not None and stop(game):
            return True
        game.play(rng.choice(game.legal_moves()))
    return False


@pytest.mark.parametrize("name", with_bots())
def test_the_hint_suggests_a_legal_move_with_a_reason_in_every_game(name: str) -> None:
    rng = random.Random(1)
    game = spec(name).new_game(seed=4)
    for _step in range(6):
        assert play_until(game, lambda g: True, rng)
        h = hint(game, estimate_samples=2, time_limit=0.5)
        assert not h.notice
        assert h.move in game.legal_moves()
        # The verb of the move: a card is played, a bid bid, trumps named, a pass passed.
        verbs = ("play", "bid", "name", "choose", "pass")
        assert h.suggestion.startswith(tuple(f"The rules bot would {v}" for v in verbs))
        if isinstance(h.move, Card):
            assert h.suggestion.startswith("The rules bot would play ")
        # The reason is the move's own sentence from the teaching layer.
        assert h.suggestion.count(":") >= 1 and len(h.suggestion) > 30
        assert len(h.moves) == len(game.legal_moves())
        game.play(rng.choice(game.legal_moves()))


def test_knockout_and_german_hints_name_a_card() -> None:
    for name in ("knockout", "german"):
        game = spec(name).new_game(seed=3)
        h = hint(game, estimate_samples=0)
        assert isinstance(h.move, Card) and h.move.label in h.suggestion


def test_no_hint_after_the_game_or_out_of_turn() -> None:
    game = KnockoutGame(2, seed=1)
    rng = random.Random(2)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    h = hint(game)
    assert h.notice.startswith("The game is over") and h.lines() == [h.notice]
    assert h.move is None and not h.tips and not h.analysis


def test_after_the_game_the_models_hint_leaves_the_story_alone() -> None:
    model = GameModel("knockout", players=2, seed=5)
    rng = random.Random(0)
    while not model.game.is_over():
        model.play(rng.choice(model.game.legal_moves()))
    story = list(model.lines)
    assert model.hint() is None
    assert model.lines == story and model.lines_kind == "story"
    assert model.message.startswith("The game is over")


def test_the_analysis_follows_the_teachers_setting() -> None:
    game = KnockoutGame(3, seed=2)
    after = hint(game, estimate_samples=0)
    assert not after.analysis and "once the deal is over" in after.analysis_note
    off = hint(game, analysis="off", estimate_samples=0)
    assert not off.analysis and not off.analysis_note
    # A game with no every-card analysis is promised none after the deal either.
    for name in [s.name for s in specs() if not s.analysis]:
        assert not hint(spec(name).new_game(seed=2), estimate_samples=0).analysis_note, name
    asked = hint(game, analysis="request", estimate_samples=0)
    assert asked.analysis and asked.analysis_label == "best play if every card were visible"
    assert all("guaranteed" in line for line in asked.analysis)
    assert analysis_allowed("after", game) is False
    with pytest.raises(ValueError, match="unknown analysis setting"):
        hint(game, analysis="always")
    with pytest.raises(ValueError):
        GameModel("knockout", players=3, seed=1, analysis="always")


def test_the_estimate_is_labelled_with_its_number_of_deals() -> None:
    game = KnockoutGame(3, seed=2)
    h = hint(game, estimate_samples=3, time_limit=10)
    assert h.estimate_label.startswith("an estimate from 3 deals")
    assert len(h.estimate) == len(game.legal_moves())
    found = estimate(game, game.to_move, samples=3)
    assert {e.move for e in found} == set(game.legal_moves())
    assert all(e.deals == 3 and 0 <= e.at_least_one <= 1 and e.expected >= 0 for e in found)


def test_the_estimate_counts_a_partnerships_tricks() -> None:
    game = spec("whist").new_game(seed=2)
    found = estimate(game, game.to_move, samples=4)
    assert found and all(0 <= e.expected <= 13 for e in found)
    assert all(e.at_least_one == 1.0 for e in found)  # 13 tricks: the side takes some


def test_tips_never_with_one_legal_move() -> None:
    rng = random.Random(3)
    seen = 0
    for name in with_bots():
        game = spec(name).new_game(seed=7)
        for _i in range(300):
            if game.is_over():
                break
            if game.to_move is not None and len(game.legal_moves()) == 1:
                assert tips_for(game) == []
                assert hint(game, estimate_samples=0).tips == []
                seen += 1
            game.play(rng.choice(game.legal_moves()))
    assert seen


def test_german_never_says_win_this_trick_when_no_card_can() -> None:
    rng = random.Random(4)
    seen = 0
    for seed in range(30):
        game = spec("german").new_game(seed=seed)
        for _i in range(20):
            if game.is_over() or game.phase.name != "PLAY1":
                break
            trick = game.trick
            texts = [t.key for t in tips_for(game)]
            if trick.plays:
                from kowhist_teach.core.tricks import beats

                can_win = any(beats(c, trick.winning_card, game.trump) for c in game.legal_moves())
                if not can_win:
                    seen += 1
                    assert "german_fight" not in texts and "german_lose_on_purpose" not in texts
            game.play(rng.choice(game.legal_moves()))
    assert seen


def blind_dog_position(seed: int) -> KnockoutGame | None:
    rules = Rules(dogs_chance=True, blind_dog=True, start_hand=4)
    game = KnockoutGame(3, rules=rules, seed=seed)
    rng = random.Random(seed)

    def blind(g: KnockoutGame) -> bool:
        s = g.to_move
        return (
            g.status[s] is Status.BLIND_DOG
            and g._one_card[s]
            and any(isinstance(m, Card) for m in g.legal_moves())
        )

    return game if play_until(game, blind, rng, limit=600) else None


def test_a_blind_dogs_card_is_never_named_in_any_hint_output() -> None:
    found = 0
    for seed in range(400):
        game = blind_dog_position(seed)
        if game is None:
            continue
        seat = game.to_move
        hidden = [c for c in game.legal_moves() if isinstance(c, Card)]
        for setting in ("off", "after", "request"):
            h = hint(game, analysis=setting, estimate_samples=3)
            text = "\n".join(
                [*h.lines(every_move=True), *h.lines(), *h.estimate, *h.analysis, *h.tips]
            )
            for card in hidden:
                assert card.label not in text and card.code not in text, text
            assert "your face-down card" in text
        model_text = str(hint(game, seat, analysis="request", estimate_samples=2, label=str))
        assert all(c.label not in model_text for c in hidden)
        found += 1
        if found >= 3:
            break
    assert found, "no blind dog to move was reached"


def test_the_suggestion_names_the_tip_it_follows() -> None:
    """Knock-Out: a low card while one trick is enough follows that tip."""
    rng = random.Random(1)
    follows = []
    for name in ("knockout", "german"):
        game = spec(name).new_game(seed=3)
        for _i in range(80):
            if game.is_over():
                break
            if game.to_move is not None:
                h = hint(game, estimate_samples=0)
                if h.follows:
                    tips = [t.text for t in tips_for(game)]
                    assert any(h.suggestion.endswith(t) for t in tips)
                    follows.append(name)
            game.play(rng.choice(game.legal_moves()))
    assert {"knockout", "german"} <= set(follows)


def _first_round_positions(players: int, count: int, seed: int) -> list[KnockoutGame]:
    """Positions of the 7-card first round with a choice of card, at random points."""
    from kowhist_teach.games.knockout.engine import Phase
    from kowhist_teach.teach.bots import make_bot

    rng = random.Random(seed)
    out: list[KnockoutGame] = []
    i = 0
    while len(out) < count:
        i += 1
        game = KnockoutGame(players, seed=seed * 1000 + i)
        bot = make_bot("rules", seed=i)
        stop = rng.randrange(players * 7)
        plays = 0
        while not game.is_over() and game.round == 0:
            if game.phase is Phase.PLAY:
                if plays >= stop and len(game.legal_moves()) > 1:
                    out.append(game)
                    break
                plays += 1
            game.play(bot.choose(game))
    return out


@pytest.mark.slow
def test_the_estimates_work_budget_keeps_its_advice() -> None:
    # The estimate stops at a budget of solver work (ESTIMATE_NODES) so that a hint at
    # 6-7 players answers quickly; the move it rates best must be one that the full
    # estimate (all 16 deals, the same deals from the start) rates best too, in at
    # least 95 % of positions. Where the budget does not bite both are the same. (Six
    # players: at seven, one full estimate of a first-trick position can take minutes.)
    def best(found: list[Any]) -> Any:
        return max(found, key=lambda e: (e.at_least_one, e.expected)).move

    agree = cut = 0
    games = _first_round_positions(6, 20, seed=61)
    for game in games:
        me = game.to_move
        quick = estimate(game, me, samples=16, seed=3, time_limit=None)
        if quick and quick[0].deals == 16:
            agree += 1
            continue
        cut += 1
        full = estimate(game, me, samples=16, seed=3, time_limit=None, nodes=None)
        score = {e.move: (e.at_least_one, e.expected) for e in full}
        agree += bool(quick) and score[best(quick)] == score[best(full)]
    assert cut >= 2  # the budget does bite at these player counts
    assert agree >= 0.95 * len(games)


def test_a_hint_out_of_time_still_suggests_and_says_the_analysis_was_too_big() -> None:
    """The hint's time limit covers its thinking as a whole: with none left for the
    analysis with every card visible, the hint keeps its suggestion and every move's
    reason and says the analysis was too big, never half of one."""
    game = KnockoutGame(7, seed=5)
    h = hint(game, analysis="request", estimate_samples=4, time_limit=0.0)
    assert h.move in game.legal_moves() and h.suggestion.startswith("The rules bot would play ")
    assert len(h.moves) == len(game.legal_moves())
    assert h.analysis == ["Too many cards for a quick analysis: ask again when fewer are left."]
    assert h.analysis_label == "" and h.estimate == []
    # With time to think, the same position is analysed, labelled as such.
    full = hint(game, analysis="request", estimate_samples=0, time_limit=60.0)
    assert full.analysis_label == "best play if every card were visible"
    assert len(full.analysis) == len(game.legal_moves())
