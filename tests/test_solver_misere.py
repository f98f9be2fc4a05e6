"""Misère in the trick solver: the ducking proof is sound, and the faster search gives
the values the solver gave before it (issue 13, point 6).

The exhaustive searches over the engine (tests/test_solver.py, tests/test_solver_variants.py)
pin the values of positions with a few tricks left; here 200 seeded misère positions of
5 to 7 tricks for 3 and 4 players (too big for an exhaustive search) keep the values the
solver gave before its misère speed-up (commit a5a3db8), and the ducking proof is checked
against its own definition and against a plain minimax.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

from kowhist_teach.core.cards import SUIT_MASK, Card
from kowhist_teach.core.ducking import ducks_rest, ducks_under
from kowhist_teach.core.trick_solver import TrickSolver

#: The team's tricks in each of :func:`_positions`' positions, as the solver found them
#: before the speed-up (one digit a position).
BEFORE = (
    "43134425132203331340226342223222333303323320123144322053252332421032324031313134"
    "23233353413222312123033323401254410324112321303233213322232411332153331330313432"
    "2133331132520032300332112234423531113312"
)


def _positions(count: int, seed: int = 13) -> list[dict]:
    """Random misère positions: 3 or 4 hands of 5 to 7 cards, any trump (or none), the
    rules of play at random, at a trick start or after the leader's card."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice([3, 4, 4])
        h = rng.choice([5, 6, 7, 7])
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sorted(deck[i * h : (i + 1) * h]) for i in range(n)]
        trump = rng.choice([-1, 0, 1, 2, 3])
        pos = {
            "hands": hands,
            "trump": trump,
            "leader": rng.randrange(n),
            "team": rng.randrange(n),
            "trump_breaking": rng.random() < 0.3,
            "broken": rng.random() < 0.3,
            "no_trump_first": rng.random() < 0.3,
            "first_trick": rng.random() < 0.5,
        }
        if rng.random() < 0.5:
            hand = hands[pos["leader"]]
            may_lead = hand
            if pos["trump_breaking"] and trump >= 0 and not pos["broken"]:
                may_lead = [c for c in hand if c // 13 != trump] or hand
            pos["lead"] = rng.choice(may_lead)
        out.append(pos)
    return out


def _value(pos: dict) -> int:
    hands = [sum(1 << c for c in hand) for hand in pos["hands"]]
    solver = TrickSolver(
        hands,
        pos["trump"],
        {pos["team"]},
        trump_breaking=pos["trump_breaking"],
        broken=pos["broken"],
        no_trump_first=pos["no_trump_first"],
        first_trick=pos["first_trick"],
        minimise=True,
    )
    tricks = len(pos["hands"][0])
    leader = pos["leader"]
    if "lead" not in pos:
        return solver.value(leader)
    solver.hands[leader] ^= 1 << pos["lead"]
    order = [(leader + i) % len(hands) for i in range(len(hands))]
    return solver.value_mid_trick(order, 1, [(leader, pos["lead"])], tricks)


def test_misere_values_are_those_before_the_speed_up() -> None:
    positions = _positions(len(BEFORE))
    got = "".join(str(_value(p)) for p in positions)
    wrong = [(i, BEFORE[i], got[i]) for i in range(len(BEFORE)) if BEFORE[i] != got[i]]
    assert not wrong, wrong
    # The sample covers what it should: 4 players, full 7-card hands, a card on the table.
    assert sum(len(p["hands"]) == 4 for p in positions) > 100
    assert sum(len(p["hands"][0]) == 7 for p in positions) > 80
    assert sum("lead" in p for p in positions) > 80


@cache
def _duck_game(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """The definition: the others lead any of their cards, in any order; we must play
    one of ours under each lead while we have any."""
    if not mine:
        return True
    for led in theirs:
        rest = tuple(c for c in theirs if c != led)
        under = [c for c in mine if c < led]
        if not any(_duck_game(tuple(c for c in mine if c != u), rest) for u in under):
            return False
    return True


def test_ducks_under_is_its_definition() -> None:
    checked = 0
    for owners in itertools.product((0, 1, 2), repeat=8):
        mine = tuple(r for r in range(8) if owners[r] == 1)
        theirs = tuple(r for r in range(8) if owners[r] == 2)
        as_mask = sum(1 << r for r in mine), sum(1 << r for r in theirs)
        assert ducks_under(*as_mask) == _duck_game(mine, theirs), (mine, theirs)
        checked += 1
    assert checked == 3**8


def _fewest(hands: list[int], trump: int, me: int, leader: int) -> int:
    """Plain minimax: the fewest tricks ``me`` can be held to, everyone else giving it
    tricks, every legal card tried (follow suit, else anything)."""
    n = len(hands)
    order = [(leader + i) % n for i in range(n)]

    def play(pos: int, led: int, best: int, winner: int) -> int:
        if pos == n:
            took = 1 if winner == me else 0
            if not hands[winner]:
                return took
            return took + _fewest(hands, trump, me, winner)
        seat = order[pos]
        hand = hands[seat]
        legal = hand & SUIT_MASK[led] if led >= 0 else 0
        legal = legal or hand
        values = []
        for card in (c for c in range(52) if legal >> c & 1):
            hands[seat] ^= 1 << card
            if best < 0:
                v = play(pos + 1, card // 13, card, seat)
            elif (card // 13 == best // 13 and card > best) or (
                card // 13 == trump and best // 13 != trump
            ):
                v = play(pos + 1, led, card, seat)
            else:
                v = play(pos + 1, led, best, winner)
            hands[seat] ^= 1 << card
            values.append(v)
        return min(values) if seat == me else max(values)

    return play(0, -1, -1, -1)


def test_a_proven_duck_takes_no_trick() -> None:
    rng = random.Random(6)
    proven = 0
    for _ in range(400):
        n = rng.choice([3, 4])
        h = rng.choice([2, 3, 3])
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[i * h : (i + 1) * h]) for i in range(n)]
        trump = rng.choice([-1, 0, 1, 2, 3])
        me, leader = rng.randrange(n), rng.randrange(n)
        live = 0
        for hand in hands:
            live |= hand
        tmask = SUIT_MASK[trump] if trump >= 0 else 0
        if ducks_rest(hands, me, leader, live, tmask):
            proven += 1
            assert _fewest(list(hands), trump, me, leader) == 0, (
                [" ".join(Card(c).code for c in range(52) if hand >> c & 1) for hand in hands],
                trump,
                me,
                leader,
            )
    assert proven >= 40  # the proof is not so rare that this checks nothing
