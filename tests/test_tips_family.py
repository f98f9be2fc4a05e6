"""The whist family's tips (tips.py): each detector fires where its advice applies to
the player to move and stays silent elsewhere, and in random games of every family game
a tip never raises and never names a card its player has not seen."""

from __future__ import annotations

import random

import pytest
from family_helpers import NEW_GAMES, bidwhist, play, solo, whist

from kowhist_teach.core.cards import Card
from kowhist_teach.games.family.engine import FamilyGame
from kowhist_teach.games.family.whist.engine import WhistGame
from kowhist_teach.teach.tips import tips_for

# Diamonds are trumps (the dealer, seat 0, holds the turned 2♦); seat 1 leads and holds
# five trumps.
TIP_HANDS = [
    "AH 4H 5H 6H 10S 3S 4S 5S 6S 2C 3C 4C 2D",
    "KD QD JD 10D 9D 2H 3H 7S 8S 9S 5C 6C 7C",
    "KH QH 7H 8H 2S JS QS 8C 9C 10C 3D 4D 5D",
    "JH 10H 9H KS AS JC QC KC AC 6D 7D 8D AD",
]


def tip_whist(actions: str = "") -> WhistGame:
    game = WhistGame(auto_chance=False)
    game.deal([h.split() for h in TIP_HANDS], trump_card="2D")
    return play(game, actions)  # type: ignore[return-value]


def keys(game: FamilyGame) -> set[str]:
    return {t.key for t in tips_for(game)}


def text(game: FamilyGame, key: str) -> str:
    return next(t.text for t in tips_for(game) if t.key == key)


def test_second_hand_low() -> None:
    # Seat 2 holds 2♠ and J♠ Q♠ over the led 7♠; partner seat 0 plays last.
    assert "family_second_hand_low" in keys(tip_whist("7S"))
    # Every heart of seat 2 beats the 2♥: no choice to make.
    assert "family_second_hand_low" not in keys(tip_whist("2H"))
    # Third hand is not second hand.
    assert "family_second_hand_low" not in keys(tip_whist("7S JS"))


def test_third_hand_high() -> None:
    # Partner seat 1 led 7♠, the opponent's J♠ wins: the K♠ is the cheapest winner.
    game = tip_whist("7S JS")
    assert "family_third_hand_high" in keys(game)
    assert "K♠" in text(game, "family_third_hand_high")
    assert "J♠" in text(game, "family_third_hand_high")
    # The partner's 7♠ is still winning over the 2♠.
    assert "family_third_hand_high" not in keys(tip_whist("7S 2S"))


def test_partner_winning() -> None:
    # Seat 0 plays last, its partner's K♥ wins and the A♥ could overtake it.
    assert "family_partner_winning" in keys(tip_whist("2H KH JH"))
    # The opponent's J♥ wins instead.
    assert "family_partner_winning" not in keys(tip_whist("2H 7H JH"))
    # Partner winning, but an opponent still plays after seat 3.
    assert "family_partner_winning" not in keys(tip_whist("7S 2S"))


def test_draw_trumps() -> None:
    game = tip_whist()
    assert "family_draw_trumps" in keys(game)
    assert "5" in text(game, "family_draw_trumps")
    # Seat 1 does not lead now; and in whist.HANDS nobody holds five trumps.
    assert "family_draw_trumps" not in keys(tip_whist("7S"))
    assert "family_draw_trumps" not in keys(whist())


def test_misere_shed_high() -> None:
    # Seat 2 plays misère; every spade of theirs is under the 10♠ led.
    game = solo("pass misere pass pass 10S")
    assert game.to_move == 2 and "family_misere_shed_high" in keys(game)
    # Every club of seat 2 beats the 3♣; and a plain solo is no misère.
    assert "family_misere_shed_high" not in keys(solo("pass misere pass pass 3C"))
    assert "family_misere_shed_high" not in keys(solo("solo pass pass pass 10S"))


def test_count_tricks() -> None:
    game = solo("solo pass pass pass")
    assert game.to_move == game.log.declarer
    assert "family_count_tricks" in keys(game)
    assert "5" in text(game, "family_count_tricks")
    # No contract in partnership whist; nothing to make in a misère.
    assert "family_count_tricks" not in keys(whist())
    assert "family_count_tricks" not in keys(solo("misere pass pass pass"))


def test_count_tricks_bid_whist() -> None:
    game = bidwhist("pass 4 pass pass S")
    while game.phase.name != "PLAY":
        game.play(game.legal_moves()[-1])
    declarer = game.log.declarer
    if game.to_move in (declarer, (declarer + 2) % 4):
        assert "family_count_tricks" in keys(game)
    else:
        assert "family_count_tricks" not in keys(game)


def test_only_the_player_to_move() -> None:
    game = tip_whist("7S")
    assert tips_for(game, seat=0) == []


def _seen(game: FamilyGame, seat: int) -> set[Card]:
    view = game.view(seat)
    seen = set(view.hand) | set(view.played) | {c for _s, c in view.trick}
    seen |= {c for hand in view.open_hands.values() for c in hand}
    if view.trump_card is not None:
        seen.add(view.trump_card)
    for name in ("kitty", "discards"):
        seen |= set(getattr(view, name, None) or [])
    return seen


@pytest.mark.parametrize("make", NEW_GAMES.values(), ids=NEW_GAMES.keys())
def test_random_games_tips_name_only_seen_cards(make) -> None:
    fired: set[str] = set()
    for seed in range(6):
        game = make(seed)
        rng = random.Random(seed)
        for _step in range(400):
            if game.is_over():
                break
            seat = game.to_move
            tips = tips_for(game)
            fired |= {t.key for t in tips}
            unseen = set(game.pack) - _seen(game, seat)
            for tip in tips:
                assert tip.text.endswith(".")
                for card in unseen:
                    assert card.label not in tip.text, (tip, card)
            for other in range(4):
                if other != seat:
                    assert tips_for(game, other) == []
            game.play(rng.choice(game.legal_moves()))
    assert fired <= {
        "family_count_tricks",
        "family_draw_trumps",
        "family_second_hand_low",
        "family_third_hand_high",
        "family_partner_winning",
        "family_misere_shed_high",
    }
    assert fired
