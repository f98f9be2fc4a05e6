"""German Whist's story says of a stock card only what the viewer saw (issue 13: the
open-stock story called a card "unseen" that the view listed as seen; the no-trumps
stock lies face down)."""

from __future__ import annotations

import random

from kowhist_teach import GermanGame, GermanRules
from kowhist_teach.core.registry import spec
from kowhist_teach.i18n import set_language


def play_phase1(rules: GermanRules, seed: int) -> GermanGame:
    game = GermanGame(seed=seed, rules=rules)
    rng = random.Random(seed)
    while game.stock or game.phase.name == "PICK":
        game.play(rng.choice(game.legal_moves()))
    return game


def test_every_story_line_names_only_cards_the_viewer_saw() -> None:
    set_language("en")
    story = spec("german").story
    for rules in (GermanRules(), GermanRules(open_stock=3), GermanRules(no_trumps=True)):
        game = play_phase1(rules, seed=4)
        for viewer in (0, 1):
            view = game.view(viewer)
            seen = {c for taken in view.seen_taken for c in taken} | set(view.own_unseen)
            for i in range(13):
                text = story.take_text(game, i, viewer)
                for card in (game.winner_took[i], game.loser_took[i]):
                    named = card.label in text
                    assert named == (card in seen), (rules, viewer, i, text)


def test_the_closed_stock_is_told_as_closed() -> None:
    set_language("en")
    game = play_phase1(GermanRules(no_trumps=True), seed=2)
    text = spec("german").story.take_text(game, 0, None)
    assert "closed stock" in text and "face-up" not in text
    w = game.tricks[0].winner
    assert "an unseen card" in spec("german").story.take_text(game, 0, 1 - w)
