"""Differential test: our Oh Hell against OpenSpiel's ``oh_hell``, deal by deal.

On the same deal, dealer and turned card, the two engines must agree at every turn on
who is to move, the legal bids (the hook rule: OpenSpiel's last bidder may not make the
bids add up to the number of tricks), the legal cards and the winner of every trick;
and with ``scoring="openspiel"`` our points for the deal must be OpenSpiel's returns.

How our deal is forced onto ``oh_hell`` (open_spiel/games/oh_hell/oh_hell.cc): its
chance nodes are the number of tricks (one outcome with ``num_tricks_fixed``), the
dealer (action = seat), then ``players * tricks`` cards dealt round-robin *from seat 0
whoever the dealer is* (the k-th card to seat ``k % players``), then the turned card.
Bids are actions ``52 + bid``; a card is ``rank * 4 + suit`` (clubs, diamonds, spades,
hearts). ``oh_hell`` always turns a card, so deals that use up the pack (no trumps)
are not compared here (tests/test_ohhell.py covers them).
"""

from __future__ import annotations

import random

import pytest

from kowhist_teach.core.cards import ALL_CARDS, Card, Suit
from kowhist_teach.games.ohhell.engine import (
    OhHellGame,
    OhHellPhase,
    OhHellRules,
    bid_call,
    bid_value,
)

pyspiel = pytest.importorskip("pyspiel")

_OS_SUIT = {Suit.SPADES: 2, Suit.HEARTS: 3, Suit.DIAMONDS: 1, Suit.CLUBS: 0}
_OUR_SUIT = {v: k for k, v in _OS_SUIT.items()}
_NUM_CARDS = 52
_GAMES: dict[tuple[int, int], object] = {}


def to_os(card: Card) -> int:
    """Our card as an ``oh_hell`` card action."""
    return (card % 13) * 4 + _OS_SUIT[card // 13]


def from_os(action: int) -> Card:
    """An ``oh_hell`` card action as our card."""
    return Card.of(action // 4 + 2, _OUR_SUIT[action % 4])


def _oh_hell(players: int, tricks: int):
    key = (players, tricks)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    return _GAMES[key]


def _tricks_won(state) -> list[int]:
    for line in str(state).splitlines():
        if line.startswith("Tricks Won:"):
            return [int(x) for x in line.split(":", 1)[1].split()]
    raise AssertionError(f"no 'Tricks Won:' line in oh_hell's state:\n{state}")


def test_card_mapping_matches_open_spiel_names() -> None:
    state = _oh_hell(3, 1).new_initial_state()
    state.apply_action(1)
    state.apply_action(0)
    assert sorted(to_os(c) for c in ALL_CARDS) == list(range(52))
    for card in ALL_CARDS:
        rank = "T" if card.code.startswith("10") else card.code[0]
        assert state.action_to_string(to_os(card)) == card.code[-1] + rank
        assert from_os(to_os(card)) is card


def _mirror_deal(rng: random.Random) -> None:
    """One random deal, dealt by our engine from a seed, played in both at once."""
    n = rng.randint(3, 7)
    tricks = rng.randint(1, min(13, (_NUM_CARDS - 1) // n))
    dealer = rng.randrange(n)
    rules = OhHellRules(hand_sizes=(tricks,), scoring="openspiel")
    game = OhHellGame(n, rules, seed=rng.randrange(1 << 40), first_dealer=dealer)
    log = game.log
    assert log is not None and log.trump_card is not None
    where = (
        f"{n} players, {tricks} tricks, dealer {dealer}, trump card {log.trump_card.code}, "
        "hands " + " | ".join(" ".join(c.code for c in h) for h in log.hands)
    )
    state = _oh_hell(n, tricks).new_initial_state()
    state.apply_action(tricks)
    state.apply_action(dealer)
    for k in range(n * tricks):
        state.apply_action(to_os(log.hands[k % n][k // n]))
    state.apply_action(to_os(log.trump_card))
    played: list[str] = []

    def fail(what: str) -> str:
        return f"{what}\n  deal: {where}\n  moves: {' '.join(played)}"

    while not state.is_terminal():
        seat = state.current_player()
        assert game.to_move == seat, fail(f"to move: ours {game.to_move}, oh_hell {seat}")
        theirs = state.legal_actions()
        ours = game.legal_moves()
        if game.phase is OhHellPhase.BID:
            assert [bid_value(m) for m in ours] == [a - _NUM_CARDS for a in theirs], fail(
                f"legal bids of seat {seat}: ours {[m.code for m in ours]}, "
                f"oh_hell {[a - _NUM_CARDS for a in theirs]}"
            )
            move = rng.choice(ours)
            state.apply_action(_NUM_CARDS + bid_value(move))
            game.play(move)
            played.append(f"{seat}:{move.code}")
            continue
        assert game.phase is OhHellPhase.PLAY, fail(f"our game is in {game.phase}")
        assert sorted(ours) == sorted(from_os(a) for a in theirs), fail(
            f"legal cards of seat {seat}: ours {[c.code for c in ours]}, "
            f"oh_hell {[from_os(a).code for a in theirs]}"
        )
        card = rng.choice(ours)
        trick = game.trick
        before = _tricks_won(state) if len(trick.plays) == n - 1 else None
        game.play(card)
        state.apply_action(to_os(card))
        played.append(f"{seat}:{card.code}")
        if before is not None:  # the trick is complete: the same winner
            after = _tricks_won(state)
            gained = [i for i in range(n) if after[i] != before[i]]
            assert gained == [trick.winner], fail(
                f"trick {' '.join(c.code for _s, c in trick.plays)}: ours to seat "
                f"{trick.winner}, oh_hell to seats {gained}"
            )
    assert game.is_over(), fail("our game goes on after oh_hell's end")
    assert log.tricks_won == _tricks_won(state), fail("tricks won differ")
    assert log.points == [int(r) for r in state.returns()], fail(
        f"scores: ours {log.points}, oh_hell {state.returns()}"
    )
    assert game.outcome().scores == log.points


@pytest.mark.parametrize("block", range(4))
def test_random_deals_match_oh_hell(block: int) -> None:
    """400 random deals: 3..7 players, 1 to 13 tricks (a card left to turn), any dealer."""
    rng = random.Random(f"oh hell deals {block}")
    for _ in range(100):
        _mirror_deal(rng)


def test_the_dealer_is_hooked_in_both() -> None:
    """The last bidder's barred bid, in both engines: 4 players, 3 tricks, bids 1, 1, 0."""
    rules = OhHellRules(hand_sizes=(3,), scoring="openspiel")
    game = OhHellGame(4, rules, seed=11, first_dealer=3)
    state = _oh_hell(4, 3).new_initial_state()
    state.apply_action(3)
    state.apply_action(3)
    for k in range(12):
        state.apply_action(to_os(game.log.hands[k % 4][k // 4]))
    state.apply_action(to_os(game.log.trump_card))
    for bid in (1, 1, 0):
        game.play(bid_call(bid))
        state.apply_action(_NUM_CARDS + bid)
    assert game.to_move == state.current_player() == 3
    assert [bid_value(m) for m in game.legal_moves()] == [0, 2, 3]
    assert [a - _NUM_CARDS for a in state.legal_actions()] == [0, 2, 3]
