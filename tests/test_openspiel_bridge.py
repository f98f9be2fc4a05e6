"""Differential test: partnership whist's trick play against OpenSpiel's ``bridge``.

Once the auction is over, the play of a bridge deal is a deal of whist: thirteen
tricks, follow suit if you can, the highest trump (or, at no trump, the highest card
of the suit led) wins, the winner leads. So on the same hands, the same strain and the
same cards played, the two engines must offer every seat the same legal cards and give
every trick to the same seat.

How a whist deal is forced onto ``bridge`` (open_spiel/games/bridge/bridge.{h,cc}),
loaded with ``use_double_dummy_result=False`` so that the cards are really played:

* seats are North 0, East 1, South 2, West 3, clockwise like ours: we map seat to seat;
* the 52 chance actions deal the cards round-robin from North: the k-th card dealt
  goes to seat ``k % 4``;
* North always deals and calls first. To make seat ``d`` (the whist dealer) declarer
  in a strain, the seats before it pass, ``d`` bids one of the strain, and three passes
  end the auction. The player left of the declarer leads: whist's eldest hand;
* dummy (the declarer's partner) is played by the declarer, so ``current_player()``
  answers the declarer on dummy's turn, while ``legal_actions()`` are dummy's cards;
* a card is ``rank * 4 + suit`` with rank 0 = two and suits clubs, diamonds, hearts,
  spades — ours is ``suit * 13 + rank - 2`` with spades, hearts, diamonds, clubs;
  a bid is ``52 + 3 + (level - 1) * 5 + strain`` with strains ♣ ♦ ♥ ♠ NT (52 is Pass);
* each finished trick prints as ``Trick 3. East: ♦2 … Won by West.`` and the totals as
  ``Declarer tricks won: 7`` (and the defence's on the next line).

The whist side uses the engine's own deals: classic whist (trumps turned up by the
dealer) and whist drives with the no-trump deal (hearts, diamonds, spades, clubs, no
trump), so every strain and every dealer is compared.
"""

from __future__ import annotations

import random
import re

import pytest

from kowhist_teach.core.cards import ALL_CARDS, Card, Suit
from kowhist_teach.games.family.engine import FamilyPhase
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules

# The same policy as test_openspiel_diff.py: open_spiel is in the [test] extra (so it
# is installed wherever the test suite is meant to run), but the package never needs
# it, so a machine without it skips this peer comparison rather than failing.
pyspiel = pytest.importorskip("pyspiel")

_SEAT_NAMES = ("North", "East", "South", "West")
# Our suit -> bridge's suit index (clubs 0, diamonds 1, hearts 2, spades 3).
_OS_SUIT = {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.DIAMONDS: 1, Suit.CLUBS: 0}
_OUR_SUIT = {v: k for k, v in _OS_SUIT.items()}
_PASS = 52
_NO_TRUMP_STRAIN = 4
_TRICK_LINE = re.compile(r"^Trick (\d+)\. .* Won by (\w+)\.$", re.M)
_TOTAL_LINE = re.compile(r"^(\w+) tricks won: (\d+)$", re.M)

_GAME = None


def _bridge():
    global _GAME
    if _GAME is None:
        _GAME = pyspiel.load_game("bridge", {"use_double_dummy_result": False})
    return _GAME


def to_os(card: Card) -> int:
    """Our card as a bridge card action."""
    return (card % 13) * 4 + _OS_SUIT[card.suit]


def from_os(action: int) -> Card:
    """A bridge card action as our card."""
    return Card.of(action // 4 + 2, _OUR_SUIT[action % 4])


def one_bid(trump: Suit | None) -> int:
    """The bridge action bidding one of ``trump`` (``None``: one no trump)."""
    strain = _NO_TRUMP_STRAIN if trump is None else _OS_SUIT[trump]
    return 52 + 3 + strain


def _fmt(cards) -> str:
    return " ".join(c.code for c in cards)


def _winners(state) -> dict[int, int]:
    """Trick number -> the seat that won it, read from bridge's state string."""
    return {int(n): _SEAT_NAMES.index(name) for n, name in _TRICK_LINE.findall(str(state))}


def _totals(state) -> tuple[int, int]:
    """(declarer's tricks, defence's tricks) from bridge's final state string."""
    found = dict(_TOTAL_LINE.findall(str(state)))
    declarer = int(found.pop("Declarer"))
    assert len(found) == 1, str(state)  # the defence's line, whatever its spelling
    return declarer, int(next(iter(found.values())))


def bridge_play_state(hands: list[list[Card]], declarer: int, trump: Suit | None):
    """A bridge state dealt ``hands`` whose auction made ``declarer`` play one of
    ``trump``: the opening lead is next."""
    state = _bridge().new_initial_state()
    for k in range(52):
        action = to_os(hands[k % 4][k // 4])
        assert state.is_chance_node() and action in state.legal_actions()
        state.apply_action(action)
    for seat in range(declarer):  # North calls first; the seats before declarer pass
        assert state.current_player() == seat
        state.apply_action(_PASS)
    assert state.current_player() == declarer
    state.apply_action(one_bid(trump))
    for _ in range(3):
        state.apply_action(_PASS)
    assert state.current_player() == (declarer + 1) % 4, "the opening lead is not left of declarer"
    return state


def mirror_deal(game: WhistGame, rng: random.Random) -> None:
    """Play the deal just dealt in ``game`` to its end, the same random cards in bridge,
    comparing whose turn it is, the legal cards and every trick's winner."""
    log = game.log
    dealer, trump = log.dealer, game.trump
    assert game.phase is FamilyPhase.PLAY and log.leader == (dealer + 1) % 4
    state = bridge_play_state(log.hands, dealer, trump)
    dummy = (dealer + 2) % 4
    where = (
        f"deal {log.number}, dealer {dealer}, trumps {trump.code if trump else 'NT'}, "
        + " | ".join(f"{s}: {_fmt(h)}" for s, h in enumerate(log.hands))
    )
    played: list[str] = []

    def fail(what: str) -> str:
        return f"{what}\n  {where}\n  played: {' '.join(played)}"

    for trick_no in range(1, 14):
        for _ in range(4):
            seat = game.to_move
            expected = dealer if seat == dummy else seat  # declarer plays dummy's cards
            assert state.current_player() == expected, fail(
                f"bridge's player {state.current_player()} for our seat {seat}"
            )
            ours = game.legal_moves()
            theirs = sorted(from_os(a) for a in state.legal_actions())
            assert sorted(ours) == theirs, fail(
                f"legal cards of seat {seat}: ours {_fmt(ours)}, bridge {_fmt(theirs)}"
            )
            card = rng.choice(ours)
            trick = game.trick
            game.play(card)
            state.apply_action(to_os(card))
            played.append(f"{seat}:{card.code}")
        played.append("/")
        theirs = _winners(state).get(trick_no)
        assert trick.winner == theirs, fail(
            f"trick {trick_no} ({_fmt(c for _s, c in trick.plays)}): "
            f"ours to seat {trick.winner}, bridge to seat {theirs}"
        )
    assert state.is_terminal(), fail("bridge is not over after 13 tricks")
    declarer_side = dealer % 2
    won = log.side_tricks
    assert (won[declarer_side], won[1 - declarer_side]) == _totals(state), fail(
        f"tricks by side: ours {won}, bridge (declarer, defence) {_totals(state)}"
    )


def test_card_and_bid_mapping_matches_open_spiel_names() -> None:
    state = _bridge().new_initial_state()
    assert sorted(to_os(c) for c in ALL_CARDS) == list(range(52))
    for card in ALL_CARDS:
        assert state.action_to_string(to_os(card)) == card.suit.symbol + card.rank.code
        assert from_os(to_os(card)) is card
    names = [state.action_to_string(one_bid(t)) for t in (*Suit, None)]
    assert names == ["1♠", "1♥", "1♦", "1♣", "1NT"]
    assert state.action_to_string(_PASS) == "Pass"


@pytest.mark.parametrize("declarer", range(4))
def test_auction_makes_the_whist_dealer_declarer(declarer: int) -> None:
    """The opening leader of the forced auction is whist's eldest hand, whoever deals."""
    deck = list(ALL_CARDS)
    random.Random(declarer).shuffle(deck)
    hands = [deck[s * 13 : (s + 1) * 13] for s in range(4)]
    state = bridge_play_state(hands, declarer, Suit.HEARTS)
    assert state.current_player() == (declarer + 1) % 4
    assert sorted(from_os(a) for a in state.legal_actions()) == sorted(hands[(declarer + 1) % 4])


@pytest.mark.parametrize("block", range(4))
def test_whist_drives_match_bridge(block: int) -> None:
    """4 × 25 drives of 5 deals = 500 deals: every strain (no trump too), every dealer."""
    rng = random.Random(f"bridge drives {block}")
    rules = WhistRules(drive=True, drive_no_trump=True)
    strains = set()
    for _ in range(25):
        game = WhistGame(rules, seed=rng.randrange(1 << 30), first_dealer=rng.randrange(4))
        while game.outcome() is None:
            strains.add((game.trump, game.dealer))
            mirror_deal(game, rng)
        assert len(game.deals) == 5
    assert {t for t, _d in strains} == {*Suit, None}
    assert {d for _t, d in strains} == set(range(4))


def test_classic_rubbers_match_bridge() -> None:
    """Classic whist, trumps turned up by the dealer: whole rubbers, 100+ deals."""
    rng = random.Random("bridge rubbers")
    compared = 0
    while compared < 100:
        game = WhistGame(seed=rng.randrange(1 << 30), first_dealer=rng.randrange(4))
        while game.outcome() is None:
            assert game.trump == game.log.extra["trump_card"].suit
            mirror_deal(game, rng)
            compared += 1
