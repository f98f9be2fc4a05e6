"""Explanations and strategy tips, in hand-set positions."""

from __future__ import annotations

import random

from kowhist_teach import KnockoutGame, Rules
from kowhist_teach.core.cards import Card
from kowhist_teach.core.moves import PASS, PLAY_ON, TRUMP_CALLS
from kowhist_teach.core.record import game_from_record
from kowhist_teach.core.registry import spec_of
from kowhist_teach.games.knockout.engine import Phase
from kowhist_teach.i18n import set_language
from kowhist_teach.teach.explain import (
    explain_moves,
    explain_position,
    explain_round,
    explain_trick,
)
from kowhist_teach.teach.tips import tips_for

HANDS4 = [
    ["AS", "KS", "7C", "2H", "9S", "QS", "3D"],
    ["JS", "4S", "5H", "6H", "7H", "8D", "2C"],
    ["10S", "AH", "KH", "9D", "10D", "JD", "3C"],
    ["2S", "3S", "QH", "JH", "AD", "KD", "4C"],
]


def knockout(actions: list[str], rules: dict | None = None, hands=HANDS4, turn_up="7D"):
    record = {
        "format": "kowhist-record/1",
        "game": "knockout",
        "players": len(hands),
        "rules": rules or {},
        "rounds": [{"hands": hands, "turn_up": turn_up, "actions": actions}],
    }
    return game_from_record(record)


def by_code(notes):
    return {n.move.code: n for n in notes}


def test_every_card_of_the_hand_is_explained_when_leading() -> None:
    game = knockout([])
    notes = by_code(explain_moves(game))
    assert set(notes) == {c.code for c in game.hand(1)}
    assert all(n.legal for n in notes.values())
    assert notes["JS"].reason.startswith("You lead this trick")
    assert "leads spades" in notes["JS"].reason
    assert "leads trumps" in notes["8D"].reason  # diamonds are trumps (7♦ turned up)


def test_follow_suit_reasons() -> None:
    game = knockout(["JS"])  # seat 1 led J♠; seat 2 holds 10♠ only in spades
    notes = by_code(explain_moves(game))
    assert notes["10S"].legal
    assert "must play one" in notes["10S"].reason
    assert "cannot beat the J♠" in notes["10S"].reason
    for code in ("AH", "KH", "9D", "10D", "JD", "3C"):
        assert not notes[code].legal
        assert "you must follow suit" in notes[code].reason
        assert "10♠" in notes[code].reason


def test_beats_trumps_in_over_trumps_and_discards() -> None:
    # Seat 1 leads 5♥; seat 2 (A♥) beats it; seat 3 holds hearts and must follow.
    game = knockout(["5H"])
    notes = by_code(explain_moves(game))
    assert "beats the 5♥ on the table" in notes["AH"].reason
    # A void player may trump in or discard: seat 0 is void in clubs after this lead.
    game = knockout(["2C", "3C", "4C"])  # seat 0 to play: holds 7♣, so must follow
    notes = by_code(explain_moves(game))
    assert (
        notes["7C"].legal and "beats the 4♣ on the table and wins the trick" in notes["7C"].reason
    )
    hands = [list(h) for h in HANDS4]
    hands[0] = ["AS", "KS", "8C", "2H", "9S", "QS", "3D"]
    hands[1] = ["JS", "4S", "5H", "6H", "7H", "8D", "7C"]
    game = knockout(["7C", "3C", "4C"], hands=hands)  # seat 0 has 8♣ -> wins
    assert "wins the trick" in by_code(explain_moves(game))["8C"].reason
    hands[0] = ["AS", "KS", "5D", "2H", "9S", "QS", "3D"]
    game = knockout(["7C", "3C", "4C"], hands=hands)  # seat 0 void in clubs
    notes = by_code(explain_moves(game))
    assert "You have no clubs" in notes["3D"].reason
    assert "trumps in and wins the trick" in notes["3D"].reason
    assert "is a discard" in notes["AS"].reason


def test_trump_choice_declaration_and_dog_moves() -> None:
    rng = random.Random(3)
    seen = set()
    for seed in range(300):
        rules = Rules(dogs_chance=True, no_picture_redeal=True, rainbow=True)
        game = KnockoutGame(4, rules, seed=seed)
        while not game.is_over() and len(seen) < 3:
            notes = explain_moves(game)
            legal = {n.move for n in notes if n.legal}
            assert set(game.legal_moves()) <= legal | {m for m in game.legal_moves()}
            if game.phase is Phase.CHOOSE_TRUMP:
                assert {n.move for n in notes} == set(TRUMP_CALLS)
                assert all("choose trumps" in n.reason for n in notes)
                seen.add("trump")
            elif game.phase is Phase.DECLARE:
                assert any(n.move is PLAY_ON for n in notes)
                seen.add("declare")
            elif game.phase is Phase.PLAY and game._one_card[game.to_move]:
                assert any(n.move is PASS and n.legal for n in notes)
                seen.add("dog")
            game.play(rng.choice(game.legal_moves()))
        if len(seen) == 3:
            break
    assert seen == {"trump", "declare", "dog"}


def test_explain_trick_says_why() -> None:
    game = knockout(["JS", "10S", "2S", "AS"])
    trick = game.log.tricks[0]
    assert explain_trick(game, trick) == (
        "Player 1 won with A♠: the highest card of the suit led, and no trump was played."
    )
    game = knockout(
        ["7C", "3C", "4C", "3D"],
        hands=[
            ["AS", "KS", "5D", "2H", "9S", "QS", "3D"],
            ["JS", "4S", "5H", "6H", "7H", "8D", "7C"],
            HANDS4[2],
            HANDS4[3],
        ],
    )
    assert "the only trump" in explain_trick(game, game.log.tricks[0])


def test_explain_round_names_the_knocked_out_and_the_chooser() -> None:
    rng = random.Random(5)
    found = False
    for seed in range(200):
        game = KnockoutGame(4, seed=seed)
        while game.round == 0:
            game.play(rng.choice(game.legal_moves()))
        lines = explain_round(game, 0)
        log = game.rounds[0]
        for seat in log.eliminated:
            assert f"{game.names[seat]} took no trick and is out." in lines
        if not game.is_over():
            assert any("chooses trumps and leads next round" in line for line in lines)
        if log.eliminated:
            found = True
            break
    assert found


def test_tips_fire_where_they_apply_and_not_elsewhere() -> None:
    game = knockout([])  # seat 1 leads, no trick yet, holds no high card? J♠ only
    keys = {t.key for t in tips_for(game)}
    assert "safe_save_high" not in keys
    game0 = knockout(["JS", "10S", "2S"])  # seat 0 to play with A♠ K♠ Q♠: not safe yet
    assert "one_trick_enough" in {t.key for t in tips_for(game0)}
    # After seat 0 wins a trick they are safe.
    game = knockout(["JS", "10S", "2S", "AS"])
    assert game.to_move == 0
    assert "safe_save_high" in {t.key for t in tips_for(game)}
    assert "one_trick_enough" not in {t.key for t in tips_for(game)}


def test_top_trump_and_two_card_ace_tips() -> None:
    # Seat 3 holds A♦, the top trump (7♦ turned up): the insurance tip fires for them.
    game = knockout(["JS", "10S", "2S", "AS"])  # seat 0 wins and leads next
    game.play("KS")
    game.play("4S")
    game.play("3C")
    assert game.to_move == 3
    # The detector fires for them (the teaching hook's tips) ...
    assert "keep_top_trump" in {t.key for t in spec_of(game).teaching.tips(game, 3)}
    # ... but their one legal card is 3♠, so no tip can change the decision: none shown.
    assert game.legal_moves() == [Card("3S")] and tips_for(game) == []
    assert "keep_top_trump" not in {t.key for t in tips_for(knockout([]))}


def test_choose_longest_suit_tip() -> None:
    rng = random.Random(9)
    for seed in range(100):
        game = KnockoutGame(3, seed=seed)
        while not game.is_over() and game.phase is not Phase.CHOOSE_TRUMP:
            game.play(rng.choice(game.legal_moves()))
        if game.is_over():
            continue
        tips = {t.key: t.text for t in tips_for(game)}
        assert "choose_longest_suit" in tips
        counts = [sum(1 for c in game.hand(game.to_move) if c.suit == s) for s in range(4)]
        assert f"you hold {max(counts)} " in tips["choose_longest_suit"]
        return
    raise AssertionError("no trump choice reached")


def test_explain_position_json_shape_and_languages() -> None:
    game = knockout(["JS"])
    result = explain_position(game, analyse=True)
    assert set(result) == {"seat", "moves", "tips", "analysis"}
    assert result["seat"] == 2
    assert {m["move"] for m in result["moves"]} == {c.code for c in game.hand(2)}
    legal = [m["move"] for m in result["moves"] if m["legal"]]
    assert [a["move"] for a in result["analysis"]] == legal
    assert all(
        isinstance(a["tricks"], int) and isinstance(a["survives"], bool) for a in result["analysis"]
    )
    try:
        set_language("es")
        spanish = explain_position(game)
        set_language("fr")
        french = explain_position(game)
    finally:
        set_language("en")
    assert spanish["moves"][0]["reason"] != result["moves"][0]["reason"]
    assert french["moves"][0]["reason"] != result["moves"][0]["reason"]
    assert Card("10S").label in spanish["moves"][0]["reason"]


def test_trump_choice_counts_one_card_in_the_singular() -> None:
    # Two players, 3 cards: seat 0 takes two tricks and chooses trumps for round 2,
    # holding A♠ and 2♥.
    record = {
        "format": "kowhist-record/1",
        "game": "knockout",
        "players": 2,
        "rules": {"start_hand": 3},
        "first_dealer": 0,
        "rounds": [
            {
                "hands": [["2D", "3D", "4S"], ["2H", "3H", "AS"]],
                "turn_up": "5D",
                "actions": ["2H", "2D", "3D", "3H", "4S", "AS"],
            },
            {"hands": [["AS", "2H"], ["3C", "4C"]]},
        ],
    }
    game = game_from_record(record)
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 0
    reasons = {n.move.code: n.reason for n in explain_moves(game)}
    assert reasons["S"].endswith("; you hold 1 spade.")
    assert reasons["D"].endswith("; you hold 0 diamonds.")
