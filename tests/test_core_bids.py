"""Bids of a number of tricks live in core (core/bids.py): Oh Hell's bids, its hook
and its reasons are core's, for any game whose players bid tricks (issue 26)."""

from __future__ import annotations

import random

from kowhist_teach.core import bids
from kowhist_teach.core.cards import Card
from kowhist_teach.core.moves import Call
from kowhist_teach.core.registry import spec
from kowhist_teach.games.ohhell import engine as ohhell_engine
from kowhist_teach.games.ohhell import rules as ohhell_rules


def test_oh_hell_bids_are_cores() -> None:
    assert ohhell_rules.BIDS is bids.BIDS and ohhell_engine.BIDS is bids.BIDS
    assert ohhell_rules.bid_value is bids.bid_value and ohhell_rules.MAX_HAND == bids.MAX_BID
    assert [bids.bid_value(b) for b in bids.BIDS] == list(range(14))
    assert bids.bid_call(4) is Call("4")  # shared by code with bid whist's 4 uptown


def test_open_bids_and_the_hook() -> None:
    assert bids.open_bids(0) == [Call("0")]
    assert bids.hook_barred(3, [None, 1, 1]) == 1
    assert [bids.bid_value(b) for b in bids.open_bids(3, barred=5)] == [0, 1, 2, 3]
    assert bids.why_bid_illegal(Card("AS"), "Bo", 4) == (
        "Bo must bid before the cards are played: a number from 0 to 4"
    )
    assert bids.why_bid_illegal(Call("5"), "Bo", 4) == "a bid is at most 4: this deal has 4 tricks"


def test_oh_hell_asks_core_for_every_bid() -> None:
    """Random Oh Hell deals: the bids open are core's open_bids (with the hook for the
    dealer), and every other bid has core's reason."""
    rng = random.Random(5)
    game = spec("ohhell").new_game(players=4, seed=11)
    checked = 0
    while not game.is_over() and checked < 40:
        if game.phase is ohhell_engine.OhHellPhase.BID:
            log = game.deals[-1]
            size = log.hand_size
            barred = bids.hook_barred(size, log.bids) if game.to_move == log.dealer else None
            assert game.legal_moves() == bids.open_bids(size, barred=barred)
            name = game.names[game.to_move]
            for b in bids.BIDS:
                if b not in game.legal_moves():
                    assert game.why_illegal(b) == bids.why_bid_illegal(b, name, size)
            checked += 1
        game.play(rng.choice(game.legal_moves()))
    assert checked >= 8
