"""Differential test: our Spades against OpenSpiel's ``spades``, deal by deal.

OpenSpiel's state is one deal (open_spiel/games/spades/spades.cc): 52 chance actions
deal the k-th card to player ``k % 4``, player 0 bids first and leads, unless
``set_current_player`` says otherwise; ``set_current_scores`` gives the sides' totals
before the deal, which its bag penalty reads. A card is ``suit * 13 + rank`` (clubs,
diamonds, hearts, spades; 2 to ace), a bid ``52 + tricks``. Partners are 0 & 2 and 1 & 3,
as ours.

With the three OpenSpiel readings (``spade_lead``, ``bags``, ``game_end``) the engines
agree at every turn on who is to move and the legal moves, on every trick's winner, the
tricks taken, each deal's score, the totals, and when the game is over. With the
standard readings they differ exactly where OpenSpiel departs from the standard rules,
and nowhere else (the last tests).
"""

from __future__ import annotations

import random

import pytest

from kowhist_teach.core.cards import ALL_CARDS, Card, Suit
from kowhist_teach.core.moves import Call
from kowhist_teach.games.spades.engine import SpadesGame, SpadesPhase
from kowhist_teach.games.spades.rules import BIDS, SpadesRules, bags_of, bid_value, side_score

pyspiel = pytest.importorskip("pyspiel")

#: OpenSpiel's readings of the three points where it departs from the standard rules.
OPENSPIEL = dict(spade_lead="openspiel", bags="openspiel", game_end="openspiel")
_BID_BASE = 52


def to_os(move: Card | Call) -> int:
    """Our card or bid as a ``spades`` action."""
    if isinstance(move, Card):
        return (3 - move // 13) * 13 + move % 13
    return _BID_BASE + bid_value(move)  # type: ignore[operator]


def from_os(action: int) -> Card | Call:
    """A ``spades`` action as our card or bid."""
    if action >= _BID_BASE:
        return BIDS[action - _BID_BASE]
    return Card.of(action % 13 + 2, Suit(3 - action // 13))


def _tricks_taken(state) -> list[int]:
    lines = str(state).splitlines()
    at = lines.index("North East  South  West", lines.index("Tricks taken:"))
    return [int(x) for x in lines[at + 1].split()]


def test_card_mapping_matches_open_spiel_names() -> None:
    state = pyspiel.load_game("spades").new_initial_state()
    assert sorted(to_os(c) for c in ALL_CARDS) == list(range(52))
    for card in ALL_CARDS:
        rank = "T" if card.code.startswith("10") else card.code[0]
        assert state.action_to_string(to_os(card)) == card.code[-1] + rank
        assert from_os(to_os(card)) is card
    assert [from_os(to_os(b)) for b in BIDS] == list(BIDS)
    assert state.action_to_string(to_os(BIDS[0])) == "Nil"


def _os_deal(os_game, game: SpadesGame):
    """OpenSpiel's state for our deal in progress: its cards, the totals before it, and
    the player left of the dealer to bid first."""
    state = os_game.new_initial_state()
    state.set_current_scores(list(game.scores))
    hands = game.log.hands
    for k in range(52):
        state.apply_action(to_os(hands[k % 4][k // 4]))
    state.set_current_player((game.log.dealer + 1) % 4)
    return state


def _mirror_game(
    rng: random.Random, os_game, rules: SpadesRules, bonus: int, deals: int
) -> SpadesGame:
    """One game (at most ``deals`` deals) played with random moves in both engines at
    once, compared at every step; returns our game."""
    game = SpadesGame(rules=rules, seed=rng.randrange(1 << 30), first_dealer=rng.randrange(4))
    played = 0
    while not game.is_over() and played < deals:
        played += 1
        state = _os_deal(os_game, game)
        log = game.log
        before = list(game.scores)
        while game.log is log and game.phase is not SpadesPhase.OVER:
            assert state.current_player() == game.to_move
            ours = game.legal_moves()
            assert sorted(state.legal_actions()) == sorted(to_os(m) for m in ours)
            move = rng.choice(ours)
            trick = game.trick
            game.play(move)
            state.apply_action(to_os(move))
            if trick is not None and len(trick.plays) == 4 and not state.is_terminal():
                assert state.current_player() == trick.winner  # the winner leads
        assert state.is_terminal()
        assert _tricks_taken(state) == log.tricks_won
        assert [t.winner for t in log.tricks] == _os_winners(log)
        over = state.is_game_over()
        assert state.returns() == [float(r) for r in _returns(log.points, rules, bonus) * 2]
        assert list(state.get_current_scores()) == [before[s] + log.points[s] for s in (0, 1)]
        assert list(state.get_current_scores()) == game.scores
        assert over == game.is_over()
    return game


def _returns(points: list[int], rules: SpadesRules, bonus: int) -> list[int]:
    """OpenSpiel's returns for a deal: its score, with the bonus to a side whose deal
    scored the win and the penalty to one whose deal fell to the mercy score (a reward
    of OpenSpiel's, not a score: our engine keeps none)."""
    out = list(points)
    for s in (0, 1):
        if out[s] >= rules.target and out[s] > out[1 - s]:
            out[s] += bonus
        elif rules.mercy is not None and out[s] <= rules.mercy and out[s] < out[1 - s]:
            out[s] -= bonus
    return out


def _os_winners(log) -> list[int]:
    """The winner of each of the deal's tricks, by OpenSpiel's own trick rule, replayed
    on a fresh state from the deal's hands and calls."""
    os_game = pyspiel.load_game("spades")
    state = os_game.new_initial_state()
    for k in range(52):
        state.apply_action(to_os(log.hands[k % 4][k // 4]))
    state.set_current_player((log.dealer + 1) % 4)
    for _seat, bid in log.calls:
        state.apply_action(to_os(bid))
    winners = []
    for trick in log.tricks:
        for _seat, card in trick.plays:
            state.apply_action(to_os(card))
        if not state.is_terminal():
            winners.append(state.current_player())
    winners.append(log.tricks[-1].winner)  # the last trick: checked by the tricks taken
    return winners


def test_the_openspiel_readings_agree_with_spades_move_for_move() -> None:
    """300 deals: every legal move, trick winner, deal's score and total (scores run
    well below zero with random bids, where the bags' remainder matters)."""
    rng = random.Random(2026)
    os_game = pyspiel.load_game("spades")
    total = 0
    while total < 300:
        total += len(_mirror_game(rng, os_game, SpadesRules(**OPENSPIEL), 200, 12).deals)
    assert total >= 300


def test_the_openspiel_game_end_reads_one_deal_score() -> None:
    """With low thresholds a deal's score ends OpenSpiel's game; ours ends on the same
    deal, with the same winner (the one its bonus goes to)."""
    rng = random.Random(7)
    os_game = pyspiel.load_game("spades", {"win_threshold": 100, "mercy_threshold": -100})
    rules = SpadesRules(target=100, mercy=-100, **OPENSPIEL)
    games = [_mirror_game(rng, os_game, rules, 200, 200) for _i in range(15)]
    assert all(g.is_over() for g in games)
    assert any(len(g.deals) > 1 for g in games)


# --------------------------------------------------- where the standard rules differ
def test_the_standard_rules_differ_from_openspiel_only_where_it_departs() -> None:
    """The standard readings against OpenSpiel, on moves legal in both: our legal moves
    add only spades led once spades are broken by a player who holds another suit; a
    deal's score differs only by the bags read from a total below zero. Both happen."""
    rng = random.Random(11)
    os_game = pyspiel.load_game("spades")
    extra_leads = bags_differ = 0
    for _game in range(25):
        game = SpadesGame(seed=rng.randrange(1 << 30), first_dealer=rng.randrange(4))
        for _deal in range(6):
            if game.is_over():
                break
            state = _os_deal(os_game, game)
            log = game.log
            before = list(game.scores)
            while game.log is log and not game.is_over():
                ours = {to_os(m) for m in game.legal_moves()}
                theirs = set(state.legal_actions())
                extra = ours - theirs
                assert theirs <= ours
                if extra:
                    extra_leads += 1
                    hand = game.hands[game.to_move]
                    assert not game.trick.plays and game.spades_broken
                    assert {from_os(a) for a in extra} == {
                        c for c in game.hand(game.to_move) if c.suit is Suit.SPADES
                    }
                    assert any(c.suit is not Suit.SPADES for c in game.hand(game.to_move))
                    assert hand
                pool = sorted(theirs)
                if game.phase is SpadesPhase.BID:
                    # Low bids: many bags, and failed nils take the totals below zero.
                    pool = pool[:4]
                move = from_os(rng.choice(pool))
                game.play(move)
                state.apply_action(to_os(move))
            returns = [int(state.returns()[s]) for s in (0, 1)]
            for s in (0, 1):
                if returns[s] != log.points[s]:
                    bags_differ += 1
                    assert before[s] < 0 and before[s] % 10 and log.sides[s].made
                    theirs_side = side_score(
                        (log.bids[s], log.bids[s + 2]),
                        (log.tricks_won[s], log.tricks_won[s + 2]),
                        before[s],
                        "openspiel",
                    )
                    assert returns[s] == theirs_side.points
    assert extra_leads and bags_differ


def test_the_bags_of_a_negative_total() -> None:
    """-97 holds 3 bags (the standard count) or -7 (OpenSpiel's C++ remainder): 8
    overtricks cost 100 in the one and nothing in the other."""
    assert (bags_of(-97), bags_of(-97, "openspiel")) == (3, -7)
    standard = side_score((2, 2), (6, 6), -97)
    openspiel = side_score((2, 2), (6, 6), -97, "openspiel")
    assert (standard.overtricks, standard.penalty, standard.points) == (8, -100, -52)
    assert (openspiel.penalty, openspiel.points) == (0, 48)
