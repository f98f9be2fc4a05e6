"""Property tests over thousands of random Knock-Out Whist games (OpenSpiel's
``random_sim_test``, with hypothesis choosing the table, the variants and the seeds).

Every game is checked against an independent oracle written here from RULES.md:
the 52 cards are conserved, every card played follows suit, ``legal_moves()`` is
exactly the set the rules allow, every trick goes to the card the rules say, the
eliminations, dogs, dealers, leaders and hand sizes follow §2, only the players the
rules allow ever act, and every game ends with exactly one winner.  Then: the same
seed gives the same game, ``undo`` restores the exact state, ``clone`` is independent.

Random games played here: 400 × 3 (invariants) + 300 × 2 (seeds) + 150 (undo)
+ 150 (clone) + 100 (illegal moves) = 2 200.
"""

from __future__ import annotations

import random
from typing import Any

from helpers import KNOCKOUT_OPTIONS, fast, play_randomly
from hypothesis import given
from hypothesis import strategies as st

from kowhist_teach import PASS, Card, IllegalMove, KnockoutGame, Phase, Rules, Status
from kowhist_teach.core.cards import ALL_CARDS, cards_in
from kowhist_teach.core.record import to_record
from kowhist_teach.games.knockout.engine import Termination

MAX_MOVES = 3000  # far above any real game (≤ 13 rounds of ≤ 7 × 13 cards + calls)


@st.composite
def setups(draw: Any) -> tuple[int, Rules, int, int]:
    """A table (2..7 players), a start_hand that fits, any variants, a seed, a dealer."""
    n = draw(st.integers(2, 7))
    start = draw(st.integers(1, min(13, 51 // n)))
    flags = {name: draw(st.booleans()) for name in KNOCKOUT_OPTIONS}
    # The house rules of issue 14, mixed in: misère excludes the options that reward
    # taking tricks (dogs, re-entry, rainbows).
    flags["misere"] = draw(st.booleans())
    flags["no_trump_first_trick"] = draw(st.booleans())
    if flags["misere"]:
        flags["dogs_chance"] = flags["reentry"] = flags["rainbow"] = False
    if not flags["dogs_chance"]:
        flags["one_dog_per_game"] = flags["blind_dog"] = False
    tie_break = draw(st.sampled_from(["cut", "rps"]))
    seed = draw(st.integers(0, 2**40))
    dealer = draw(st.integers(0, n - 1))
    return n, Rules(start_hand=start, tie_break=tie_break, **flags), seed, dealer


# ------------------------------------------------------------------ the oracle
def winner_of(plays: list[tuple[int, Card]], trump: Any) -> int:
    """RULES §1.3: the highest trump, else the highest card of the led suit."""
    led = plays[0][1].suit
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit == best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif trump is not None and card.suit == trump:
            best_seat, best = seat, card
    assert best.suit in (led, trump)
    return best_seat


def expected_legal(game: KnockoutGame) -> list[Any]:
    """The moves RULES.md allows the player to move, computed from scratch."""
    seat, phase, rules = game.to_move, game.phase, game.rules
    hand = game.hand(seat)
    if phase is Phase.PLAY:
        if game.status[seat] is not Status.ACTIVE:  # a dog, blind dog or re-entry player
            assert len(hand) == 1
            return [hand[0], PASS]
        plays = game.trick.plays
        if plays:
            led = plays[0][1].suit
            suited = [c for c in hand if c.suit == led]
            if suited:
                return suited
            trump = game.trump
            if rules.no_trump_first_trick and len(game.log.tricks) == 1 and trump is not None:
                # No trumping the round's first trick, unless only trumps are held.
                return [c for c in hand if c.suit != trump] or hand
            return hand
        trump = game.trump
        if rules.trump_breaking and trump is not None and not trumps_broken(game):
            others = [c for c in hand if c.suit != trump]
            return others or hand
        return hand
    raise AssertionError(phase)


def trumps_broken(game: KnockoutGame) -> bool:
    """A trump played to the lead of another suit, in this round."""
    trump = game.trump
    for t in game.log.tricks:
        if t.plays and t.plays[0][1].suit != trump:
            if any(c.suit == trump for _, c in t.plays[1:]):
                return True
    return False


def check_cards(game: KnockoutGame) -> None:
    """The 52 cards: hands + played this round + turn-up + undealt = 52, all distinct."""
    log = game.log
    held = [c for s in range(game.n) for c in game.hand(s)]
    played = [c for c in log.actions if isinstance(c, Card)]
    dealt = [c for h in log.hands for c in h]
    assert len(set(held)) == len(held)
    assert len(set(played)) == len(played)
    assert not set(held) & set(played)
    assert set(held) | set(played) == set(dealt) and len(dealt) == len(held) + len(played)
    turn_up = [log.turn_up] if log.turn_up is not None else []
    assert not set(turn_up) & set(dealt)
    undealt = set(ALL_CARDS) - set(dealt) - set(turn_up)
    assert len(held) + len(played) + len(turn_up) + len(undealt) == 52
    if log.hands:
        for s in range(game.n):
            assert len(log.hands[s]) == game.cards_dealt_to(s)


def check_turn(game: KnockoutGame) -> None:
    """Who acts, and with exactly which moves."""
    seat, phase, rules = game.to_move, game.phase, game.rules
    legal = game.legal_moves()
    assert isinstance(legal, list) and legal
    assert len(set(legal)) == len(legal)
    status = game.status[seat]
    if status is Status.OUT:
        assert (phase is Phase.VOTE and rules.eliminated_vote_trump) or (
            phase is Phase.PLAY and rules.reentry
        ), (phase, rules)
    elif status in (Status.DOG, Status.BLIND_DOG):
        assert phase is Phase.PLAY
    if phase is Phase.PLAY:
        want = expected_legal(game)
        if isinstance(want[-1], Card):
            want = cards_in(sum(c.bit for c in want))  # the documented order
        assert legal == want
    elif phase is Phase.CHOOSE_TRUMP:
        assert status is Status.ACTIVE and seat == game.trump_chooser
        assert all(m.is_trump and m.suit is not None for m in legal)
        if not game.log.votes:
            assert [m.code for m in legal] == list("SHDC")
    elif phase is Phase.VOTE:
        assert status is Status.OUT and seat not in game.log.votes
        assert rules.eliminated_vote_trump and [m.code for m in legal] == list("SHDC")
    elif phase is Phase.DECLARE:
        assert status is Status.ACTIVE and legal[-1].code == "play-on"
        calls = {m.code for m in legal[:-1]}
        hand = game.hand(seat)
        assert calls <= {"no-picture", "rainbow"} and calls
        if "no-picture" in calls:
            assert rules.no_picture_redeal and game.hand_size >= 6
            assert all(c.rank < 11 for c in hand)
        if "rainbow" in calls:
            assert rules.rainbow and game.hand_size == 4
            assert {c.suit for c in hand} == {0, 1, 2, 3}
    else:
        raise AssertionError(f"a player to move in phase {phase}")


def check_rounds(game: KnockoutGame, starts: dict[int, list[Status]]) -> None:
    """Each finished round against RULES §2, from the statuses at its start."""
    rules, n = game.rules, game.n
    logs = game.rounds
    for r, log in enumerate(logs):
        if not log.hands:
            continue
        before = starts[r]
        size = log.hand_size
        for s in range(n):
            want = size if before[s] is Status.ACTIVE else 0
            if before[s] in (Status.DOG, Status.BLIND_DOG) or (
                before[s] is Status.OUT and rules.reentry
            ):
                want = 1
            assert len(log.hands[s]) == want
        # Tricks: the oracle's winner, and the winner leads the next one.
        complete = [t for t in log.tricks if t.plays and t is not game.trick]
        for i, t in enumerate(complete):
            assert t.winner == winner_of(t.plays, log.trump)
            led = t.plays[0][1]
            for seat, card in t.plays[1:]:
                if before[seat] is Status.ACTIVE and card.suit != led.suit:
                    # a full hand only sheds another suit when void in the led one
                    assert not _held_at(log, seat, t, led.suit)
                    if rules.no_trump_first_trick and i == 0 and card.suit == log.trump:
                        assert all(c.suit == log.trump for c in log.hands[seat])
            if i + 1 < len(log.tricks):
                nxt = log.tricks[i + 1].leader
                if before[t.winner] is Status.ACTIVE:
                    assert nxt == t.winner
                else:  # a dog's trick: the next full hand clockwise leads
                    k = 1
                    while before[(t.winner + k) % n] is not Status.ACTIVE:
                        k += 1
                    assert nxt == (t.winner + k) % n
        if complete:
            assert before[complete[0].leader] is Status.ACTIVE
        if log is game.log and not game.is_over():
            continue  # the round is under way
        if log.redealt:
            assert not log.tricks and r + 1 < len(logs)
            assert logs[r + 1].dealer == log.dealer and logs[r + 1].hand_size == size
            assert starts[r + 1] == before
            continue
        won = log.tricks_won
        assert len(won) == n and sum(won) == (0 if log.declare else size)
        if not log.declare:
            assert won == [sum(t.winner == s for t in complete) for s in range(n)]
        if rules.misere:
            check_misere_round(game, r, before, starts)
            continue
        if r + 1 < len(logs):  # the game went on
            after = starts[r + 1]
            nxt = logs[r + 1]
            assert nxt.hand_size == size - 1
            if log.declare:  # a rainbow: nobody's status changes
                assert after == before and not log.eliminated and not log.dogs
            else:
                failed = [s for s in range(n) if log.hands[s] and won[s] == 0]
                newly_out = [s for s in failed if before[s] is not Status.OUT]
                assert sorted(log.eliminated + log.dogs) == newly_out
                for s in range(n):
                    if log.hands[s] and won[s]:
                        assert after[s] is Status.ACTIVE
                    elif not log.hands[s]:
                        assert after[s] is before[s] is Status.OUT
                for s in log.eliminated:
                    assert after[s] is Status.OUT
                for s in log.dogs:
                    assert before[s] is Status.ACTIVE
                    assert after[s] in (Status.DOG, Status.BLIND_DOG)
                    assert rules.dogs_chance
                for s in failed:
                    if before[s] is not Status.ACTIVE:
                        assert after[s] is Status.OUT  # a dog's chance is final
                assert max(won) < size  # no sweep, or the game would be over
            # The deal passes to the next active player clockwise.
            k = 1
            while after[(log.dealer + k) % n] is not Status.ACTIVE:
                k += 1
            assert nxt.dealer == (log.dealer + k) % n
            # The most-tricks player (or the cut's winner, or the rainbow) leads.
            if nxt.leader is not None:
                if log.declare:
                    assert nxt.leader == log.declare["seat"]
                else:
                    assert won[nxt.leader] == max(won)
                    if won.count(max(won)) > 1:
                        assert nxt.cut_winner == nxt.leader
        else:  # the last round of a finished game
            out = game.outcome()
            assert out is not None and out.round == r
            if out.termination is Termination.SWEEP:
                assert won[out.winner] == size
            # The last player standing took every trick: whoever takes one stays in.
            assert won[out.winner] == size and out.termination is Termination.SWEEP


def check_misere_round(
    game: KnockoutGame, r: int, before: list[Status], starts: dict[int, list[Status]]
) -> None:
    """A finished misère round (docs/rules.md): two or more tricks, or every trick, knock
    a player out unless that would leave nobody; the fewest tricks leads next round; one
    player left wins; after the 1-card round the fewest tricks over the game wins."""
    logs, log, n = game.rounds, game.rounds[r], game.n
    won, size = log.tricks_won, log.hand_size
    playing = [s for s in range(n) if log.hands[s]]
    assert playing == [s for s in range(n) if before[s] is Status.ACTIVE]
    out = [s for s in playing if won[s] >= 2 or won[s] == size]
    if len(out) == len(playing):
        least = min(won[s] for s in playing)
        out = [s for s in playing if won[s] != least]
    assert log.eliminated == out and not log.dogs
    left = [s for s in playing if s not in out]
    if r + 1 < len(logs):
        assert len(left) > 1 and size > 1
        after, nxt = starts[r + 1], logs[r + 1]
        assert [s for s in range(n) if after[s] is Status.ACTIVE] == left
        least = min(won[s] for s in left)
        if nxt.leader is not None:
            assert nxt.leader in left and won[nxt.leader] == least
            if [won[s] for s in left].count(least) > 1:
                assert nxt.cut_winner == nxt.leader
                assert nxt.cut_kind == game.rules.tie_break
        return
    result = game.outcome()
    assert result is not None and result.round == r and result.winner in left
    if len(left) == 1:
        assert result.termination is Termination.LAST_STANDING
    else:
        assert size == 1 and result.termination is Termination.FEWEST_TRICKS
        totals = game.game_tricks()
        assert totals == [sum(lg.tricks_won[s] for lg in logs if lg.tricks_won) for s in range(n)]
        assert totals[result.winner] == min(totals[s] for s in left)
        tied = [s for s in left if totals[s] == totals[result.winner]]
        assert (log.winner_cut == result.winner) if len(tied) > 1 else log.winner_cut is None


def _held_at(log: Any, seat: int, trick: Any, suit: int) -> bool:
    """Whether ``seat`` still held a card of ``suit`` when ``trick`` was played."""
    gone = set()
    for t in log.tricks:
        if t is trick:
            break
        gone |= {c for s, c in t.plays if s == seat}
    return any(c.suit == suit and c not in gone for c in log.hands[seat])


def play_checked(n: int, rules: Rules, seed: int, dealer: int, bot_seed: int) -> KnockoutGame:
    """A random game, every step checked by the oracle."""
    game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    rng = random.Random(bot_seed)
    starts: dict[int, list[Status]] = {}
    moves = 0
    while True:
        starts.setdefault(game.round, list(game.status))
        check_cards(game)
        if game.is_over():
            break
        assert game.phase not in (Phase.DEAL, Phase.CUT)  # seeded games settle chance
        check_turn(game)
        game.play(rng.choice(game.legal_moves()))
        moves += 1
        assert moves < MAX_MOVES
    check_rounds(game, starts)
    out = game.outcome()
    assert out is not None and 0 <= out.winner < n
    assert (out.termination is Termination.SWEEP) is not rules.misere
    assert game.phase is Phase.OVER and game.to_move is None and game.legal_moves() == []
    # Hand sizes count down by one, redeals repeat a size; the game stops at 1 at most.
    sizes = [log.hand_size for log in game.rounds]
    assert sizes[0] == rules.start_hand and sizes[-1] >= 1
    for a, b, log in zip(sizes[:-1], sizes[1:], game.rounds[:-1], strict=True):
        assert b == (a if log.redealt else a - 1)
    return game


# ------------------------------------------------------------------ the tests
@fast(400)
@given(setups(), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(setup: tuple, bot_seed: int) -> None:
    n, rules, seed, dealer = setup
    for k in range(3):
        play_checked(n, rules, seed + k, dealer, bot_seed + k)


@fast(300)
@given(setups(), st.integers(0, 2**32))
def test_same_seed_same_game(setup: tuple, bot_seed: int) -> None:
    n, rules, seed, dealer = setup

    def run() -> tuple[dict, Any, list]:
        game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
        rng = random.Random(bot_seed)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        return to_record(game), game.outcome(), game.moves

    first, second = run(), run()
    assert first == second
    # The first deal depends on the seed.
    a = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    b = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    assert [a.hand(s) for s in range(n)] == [b.hand(s) for s in range(n)]
    assert a.turn_up == b.turn_up


def test_different_seeds_deal_differently() -> None:
    deals = {tuple(KnockoutGame(4, seed=s).hand(0)) for s in range(50)}
    assert len(deals) == 50


def _snapshot(game: KnockoutGame) -> tuple:
    return (
        to_record(game),
        game.legal_moves(),
        game.phase,
        game.to_move,
        list(game.status),
        [game.hand(s) for s in range(game.n)],
        game.outcome(),
        game.round,
        game.hand_size,
        game.dealer,
        game.trump,
        game.trump_chooser,
        game.moves,
    )


@fast(150)
@given(setups(), st.integers(0, 2**32))
def test_undo_restores_the_exact_previous_state(setup: tuple, bot_seed: int) -> None:
    n, rules, seed, dealer = setup
    game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    rng = random.Random(bot_seed)
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        if rng.random() < 0.1:
            before = _snapshot(game)
            game.play(move)
            after = _snapshot(game)
            assert game.undo() == move
            assert _snapshot(game) == before
            game.play(move)  # the same move again gives the same deal and cut
            assert _snapshot(game) == after
        else:
            game.play(move)
    # Undo all the way back to the first deal.
    count = len(game.moves)
    for _ in range(count):
        game.undo()
    assert game.moves == [] and game.round == 0
    fresh = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    assert _snapshot(game) == _snapshot(fresh)
    try:
        game.undo()
    except IllegalMove as e:
        assert "no move to undo" in str(e)
    else:
        raise AssertionError("undo with no move made should fail")


@fast(150)
@given(setups(), st.integers(0, 2**32), st.integers(0, 60))
def test_clone_is_independent(setup: tuple, bot_seed: int, stop: int) -> None:
    n, rules, seed, dealer = setup
    game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    rng = random.Random(bot_seed)
    play_randomly(game, rng, stop)
    before = _snapshot(game)
    copy = game.clone()
    assert _snapshot(copy) == before
    # Play the copy to the end: the original does not move.
    rng_copy = random.Random(bot_seed + 1)
    while not copy.is_over():
        copy.play(rng_copy.choice(copy.legal_moves()))
    assert _snapshot(game) == before
    # The original, given the copy's moves, reaches the same end (chance included).
    for move in copy.moves[len(game.moves) :]:
        game.play(move)
    assert _snapshot(game) == _snapshot(copy)


@fast(100)
@given(setups(), st.integers(0, 2**32))
def test_illegal_moves_are_refused_and_change_nothing(setup: tuple, bot_seed: int) -> None:
    n, rules, seed, dealer = setup
    game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    rng = random.Random(bot_seed)
    moves = 0
    while not game.is_over():
        if rng.random() < 0.3:
            # Choose the bad card from the oracle, without asking the game for its legal
            # moves first: play() must check on its own, whatever it has cached.
            if game.phase is Phase.PLAY:
                allowed = expected_legal(game)
                held = [c for c in game.hand(game.to_move) if c not in allowed]
                pool = (
                    held
                    if held and rng.random() < 0.7
                    else [c for c in ALL_CARDS if c not in allowed]
                )
            else:
                pool = list(ALL_CARDS)
            bad = rng.choice(pool)
            witness = game.clone()  # the state as it was, looked at on a copy
            try:
                game.play(bad)
            except IllegalMove as e:
                message = str(e)
                assert message and "\n" not in message
                assert game.why_illegal(bad) == message
            else:
                raise AssertionError(f"{bad!r} was accepted in phase {game.phase}")
            assert _snapshot(game) == _snapshot(witness)
            legal = game.legal_moves()
            other = (game.to_move + 1) % n
            try:
                game.play(legal[0], seat=other)
            except IllegalMove as e:
                assert "turn" in str(e)
            else:
                raise AssertionError("a move out of turn was accepted")
            assert _snapshot(game) == _snapshot(witness)
        game.play(rng.choice(game.legal_moves()))
        moves += 1
        assert moves < MAX_MOVES


def test_undo_in_a_hand_set_game_takes_back_the_deal_that_followed() -> None:
    game = KnockoutGame(3, Rules(start_hand=3), auto_chance=False)
    game.deal([["AS", "2H", "9C"], ["KS", "AC", "8C"], ["QS", "4D", "10C"]], "5D")
    for move in "KS QS AS 2H AC 10C 9C 8C".split():
        game.play(move)
    before = _snapshot(game)
    game.play("4D")  # the last card of round 1
    game.deal([["KH", "3S"], [], ["AH", "2S"]])
    assert game.phase is Phase.CHOOSE_TRUMP
    assert game.undo() == Card("4D")
    assert _snapshot(game) == before
    game.play("4D")
    assert game.phase is Phase.DEAL and game.chance_pending == ("deal", [0, 2])
    copy = game.clone()
    copy.deal([["KH", "3S"], [], ["AH", "2S"]])
    assert game.phase is Phase.DEAL and copy.phase is Phase.CHOOSE_TRUMP


# ------------------------------------------- issue 14's options: records and teaching
@fast(150, shrink=False)
@given(setups(), st.integers(0, 2**32), st.integers(0, 400))
def test_random_games_with_the_new_options_save_replay_and_explain(
    setup: tuple, bot_seed: int, stop: int
) -> None:
    """Knock-Out games with tie_break, no_trump_first_trick and misère mixed in: the
    record (a misère game's last tie included) replays to the same game, stopped
    anywhere; every round is explained and the tips answer."""
    from kowhist_teach.core.record import game_from_record
    from kowhist_teach.teach.explain import explain_round
    from kowhist_teach.teach.tips import tips_for

    n, rules, seed, dealer = setup
    game = KnockoutGame(n, rules, seed=seed, first_dealer=dealer)
    rng = random.Random(bot_seed)
    for _i in range(stop):
        if game.is_over():
            break
        if game.to_move is not None:
            tips_for(game)
        game.play(rng.choice(game.legal_moves()))
    record = to_record(game)
    again = game_from_record(record)
    assert [str(m) for m in again.moves] == [str(m) for m in game.moves]
    assert again.outcome() == game.outcome() and to_record(again) == record
    for r in range(len(game.rounds)):
        assert all(isinstance(line, str) for line in explain_round(game, r))


@st.composite
def bidwhist_rules(draw: Any) -> Any:
    """Any valid mix of bid whist's variants (seed 004)."""
    from kowhist_teach.games.family.bidwhist.engine import BidWhistRules

    jokers = draw(st.sampled_from([0, 1, 2]))
    kitty = draw(st.booleans()) if jokers == 0 else True
    return BidWhistRules(
        joker_count=jokers,
        kitty=kitty,
        min_bid=draw(st.sampled_from([3, 4])) if jokers == 2 and kitty else 3,
        equal_bids=draw(st.booleans()),
        opponents_score=draw(st.booleans()),
        joker_swap=draw(st.booleans()) if jokers else False,
        boston_points=draw(st.sampled_from([7, 28])),
        target=draw(st.integers(1, 9)),
    )


@fast(120, shrink=False)
@given(bidwhist_rules(), st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_bid_whist_games_with_the_variants(rules: Any, seed: int, bot_seed: int) -> None:
    """Every variant mixed: each deal plays its hand size in tricks, the discards are the
    kitty's size, the score moves as the deal's points say; the record (the joker swap
    included) replays to the same game; every position is explained."""
    from kowhist_teach.core.record import game_from_record
    from kowhist_teach.games.family.bidwhist.engine import BidWhistGame
    from kowhist_teach.teach.explain import explain_moves

    game = BidWhistGame(rules, seed=seed % 2**40)
    rng = random.Random(bot_seed)
    moves = 0
    while not game.is_over():
        if moves % 7 == 0:
            assert explain_moves(game, game.to_move)
        game.play(rng.choice(game.legal_moves()))
        moves += 1
        assert moves < MAX_MOVES
    for deal in game.deals:
        if deal.points is None:
            continue
        assert sum(deal.tricks_won) == rules.hand_size
    record = to_record(game)
    again = game_from_record(record)
    assert [str(m) for m in again.moves] == [str(m) for m in game.moves]
    assert again.scores == game.scores and to_record(again) == record


@fast(60, shrink=False)
@given(st.sampled_from([3, 5]), st.integers(0, 2**40), st.integers(0, 2**32), st.booleans())
def test_random_german_matches(match: int, seed: int, bot_seed: int, all26: bool) -> None:
    """A match ends when a player has won match // 2 + 1 hands, drawn hands counting for
    nobody, the deal alternating; its one record replays to the same match."""
    from kowhist_teach.core.record import game_from_record
    from kowhist_teach.games.german.engine import GermanRules
    from kowhist_teach.games.german.match import GermanMatch

    rules = GermanRules(scoring="all26") if all26 else GermanRules()
    m = GermanMatch(rules, match=match, seed=seed)
    rng = random.Random(bot_seed)
    while not m.is_over():
        m.play(rng.choice(m.legal_moves()))
    outcome = m.outcome()
    finished = [g.outcome() for g in m.games]
    won = [sum(1 for o in finished if o.winner == s) for s in (0, 1)]
    assert won == outcome.hands_won and max(won) == match // 2 + 1
    assert won[outcome.winner] == match // 2 + 1 and min(won) < match // 2 + 1
    assert [g.dealer for g in m.games] == [(m.first_dealer + k) % 2 for k in range(len(m.games))]
    again = game_from_record(to_record(m))
    assert again.outcome() == outcome and len(again.games) == len(m.games)
