"""Positions of the whist family set by hand, for the tests of every layer (engines,
explanations, pictures, widgets): the same deals, built the same way.

Seats are 0..3 clockwise and the first dealer is seat 0, so seat 1 (eldest) bids and
leads first; "Player n" is seat n - 1. The test modules import it as
``family_helpers`` (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from kowhist_teach.core.cards import Card
from kowhist_teach.games.family.bidwhist.engine import BidWhistGame
from kowhist_teach.games.family.engine import FamilyGame
from kowhist_teach.games.family.solo.engine import SoloGame
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules

# Diamonds are trumps (the dealer, seat 0, turned the 2♦). Seat 0 is short of clubs.
HANDS = [
    "AS KS 2S 2H 4H 5H 6H JH 2D 3D 4D 5D 2C",
    "QS JS 10S 8H 9H 10H 6D 7D 8D 3C 4C 5C 6C",
    "9S 8S 7S 7H QH KH 9D 10D JD 7C 8C 9C 10C",
    "6S 5S 4S 3S 3H AH QD KD AD JC QC KC AC",
]
#: The turned card of :data:`HANDS` (the dealer's).
TRUMP_CARD = "2D"

# Bid whist: 12 cards each and a kitty; the declarer (seat 1) discards the kitty again.
BW_HANDS = [
    "7H 6H 5H 8S 7S 6S 10D JD QD QC KC AC",
    "BJ AH KH QH 2S 3S 4S 2D 3D 2C 3C 4C",
    "LJ JH 10H KS QS JS 4D 5D 6D 5C 6C 7C",
    "9H 8H AS 10S 9S 7D 8D 9D 8C 9C 10C JC",
]
BW_KITTY = "4H 3H 2H 5S KD AD"


#: A new game from a seed, for each game of the family and the whist drive, by name:
#: ``@pytest.mark.parametrize("make", NEW_GAMES.values(), ids=NEW_GAMES.keys())``.
NEW_GAMES: dict[str, Callable[[int], FamilyGame]] = {
    "whist": lambda seed: WhistGame(seed=seed),
    "drive": lambda seed: WhistGame(WhistRules(drive=True, drive_no_trump=True), seed=seed),
    "solo": lambda seed: SoloGame(seed=seed),
    "bidwhist": lambda seed: BidWhistGame(seed=seed),
}


def cards(text: str) -> list[Card]:
    """Cards from their codes, separated by spaces.

    >>> cards('AS 10H')
    [Card('AS'), Card('10H')]
    """
    return [Card(c) for c in text.split()]


def play(game: FamilyGame, actions: str) -> FamilyGame:
    """Make the moves (codes separated by spaces) in order; the game."""
    for move in actions.split():
        game.play(move)
    return game


def whist(actions: str = "", rules: WhistRules | None = None) -> WhistGame:
    """Partnership whist dealt :data:`HANDS`, after ``actions``."""
    game = WhistGame(rules, auto_chance=False)
    game.deal([h.split() for h in HANDS], trump_card=TRUMP_CARD)
    play(game, actions)
    return game


def solo(actions: str = "") -> SoloGame:
    """Solo whist dealt :data:`HANDS` (diamonds preferred), after ``actions``."""
    game = SoloGame(auto_chance=False)
    game.deal([h.split() for h in HANDS], trump_card=TRUMP_CARD)
    play(game, actions)
    return game


def bidwhist(actions: str = "") -> BidWhistGame:
    """Bid whist dealt :data:`BW_HANDS` and :data:`BW_KITTY`, after ``actions``.

    >>> bidwhist('pass 4 pass pass').tricks_needed()
    9
    """
    game = BidWhistGame(auto_chance=False)
    game.deal([h.split() for h in BW_HANDS], kitty=BW_KITTY.split())
    play(game, actions)
    return game


def snapshot(game: FamilyGame, *extra: Any) -> tuple:
    """Everything a family game is made of (and ``extra``, a game's own state), for
    exact comparisons before and after an undo, a clone or a refused move."""
    trick = game.trick
    return (
        game.phase,
        game.to_move,
        list(game.hands),
        game.trump,
        game.dealer,
        list(game.scores),
        copy.deepcopy(game.deals),
        (trick.leader, list(trick.plays), trick.winner) if trick else None,
        game.outcome(),
        list(game.moves),
        game.legal_moves(),
        *extra,
    )
