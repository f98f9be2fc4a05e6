"""The bots: legal moves everywhere, no peeking at hidden cards, the rules of thumb in
hand-set positions, the Monte Carlo bot's time limit and seed, and a strength check."""

from __future__ import annotations

import random
import time

import pytest

from kowhist_teach import Card, GermanGame, GermanRules, KnockoutGame, Rules
from kowhist_teach.cli import BOTS, simulate
from kowhist_teach.core.cards import ALL_CARDS, card_codes
from kowhist_teach.core.moves import NO_PICTURE, PASS, RAINBOW, Call
from kowhist_teach.core.record import game_from_record, to_record
from kowhist_teach.games.german.engine import GermanPhase
from kowhist_teach.games.knockout.engine import Phase, Status
from kowhist_teach.teach.bots import Bot, MonteCarloBot, RandomBot, RulesBot, make_bot

FAST_MC = {"samples": 6, "time_limit": 0.05}


# ------------------------------------------------------------------ helpers
def _random_rules(rng: random.Random) -> Rules:
    dogs = rng.random() < 0.6
    return Rules(
        start_hand=rng.choice([2, 3, 4, 5, 6, 7]),
        dogs_chance=dogs,
        one_dog_per_game=dogs and rng.random() < 0.3,
        blind_dog=dogs and rng.random() < 0.5,
        reentry=rng.random() < 0.4,
        no_picture_redeal=rng.random() < 0.5,
        rainbow=rng.random() < 0.5,
        fixed_trump=rng.random() < 0.2,
        eliminated_vote_trump=rng.random() < 0.5,
        no_trump_final=rng.random() < 0.3,
        trump_breaking=rng.random() < 0.3,
    )


def _knockout(players: int, hands: list[str], turn_up: str, rules: Rules | None = None):
    """Round one dealt by hand; the dealer is the last seat, so seat 0 leads."""
    game = KnockoutGame(players, rules, first_dealer=players - 1, auto_chance=False)
    game.deal([h.split() for h in hands], turn_up)
    return game


def _play(game, *moves: str) -> None:
    for m in moves:
        game.play(m)


def _choose(game, bot=None) -> str:
    bot = bot or RulesBot(seed=0)
    move = bot.choose(game)
    assert move in game.legal_moves()
    return move.code


# ------------------------------------------------------- legal moves everywhere
def test_bots_are_registered_and_follow_the_protocol() -> None:
    assert {"random", "rules", "montecarlo"} <= set(BOTS)
    for name in ("random", "rules", "montecarlo"):
        bot = BOTS[name](7)
        assert isinstance(bot, Bot) and bot.name == name
        assert make_bot(name, 7).name == name


def test_every_bot_plays_legal_moves_in_knockout_variants() -> None:
    rng = random.Random(5)
    seen: set[str] = set()
    for i in range(40):
        n = rng.randint(2, 7)
        rules = _random_rules(rng)
        if n * rules.start_hand + 1 > 52:
            continue
        game = KnockoutGame(n, rules, seed=rng.randrange(10**6), first_dealer=rng.randrange(n))
        kinds = [rng.choice(["random", "rules", "montecarlo"]) for _ in range(n)]
        bots = [
            make_bot(k, i * 10 + s, **(FAST_MC if k == "montecarlo" else {}))
            for s, k in enumerate(kinds)
        ]
        while not game.is_over():
            seat = game.to_move
            legal = game.legal_moves()
            if game.phase is not Phase.PLAY:
                seen.add(game.phase.value)
            elif PASS in legal:
                seen.add("one card")
            # The seat's own bot, and the rules bot too, whoever sits there.
            for bot in (bots[seat], RulesBot(i)):
                move = bot.choose(game)
                assert move in legal, (bot, move, legal, to_record(game))
            game.play(bots[seat].choose(game))
    assert {"choose_trump", "vote", "declare", "one card"} <= seen, seen


def test_every_bot_plays_a_blind_dogs_card_or_passes() -> None:
    rng = random.Random(7)
    rules = Rules(dogs_chance=True, blind_dog=True, reentry=True)
    blind = 0
    for i in range(40):
        game = KnockoutGame(6, rules, seed=i)
        while not game.is_over():
            if game.phase is Phase.PLAY and game.status[game.to_move] is Status.BLIND_DOG:
                legal = game.legal_moves()
                assert game.view(game.to_move).hand == [] and PASS in legal
                for bot in (RandomBot(i), RulesBot(i), MonteCarloBot(i, **FAST_MC)):
                    assert bot.choose(game) in legal
                blind += 1
            game.play(rng.choice(game.legal_moves()))
    assert blind >= 10


def test_every_bot_plays_legal_moves_in_german_variants() -> None:
    rng = random.Random(6)
    variants = [
        GermanRules(),
        GermanRules(scoring="last13"),
        GermanRules(open_stock=3),
        GermanRules(race_to=7),
        GermanRules(no_trumps=True),
    ]
    for i in range(10):
        rules = variants[i % len(variants)]
        game = GermanGame(rules, seed=rng.randrange(10**6), first_dealer=i % 2)
        bots = [
            make_bot(rng.choice(["random", "rules", "montecarlo"]), i * 2 + s) for s in range(2)
        ]
        bots = [
            MonteCarloBot(b.seed, time_limit=0.1) if isinstance(b, MonteCarloBot) else b
            for b in bots
        ]
        while not game.is_over():
            legal = game.legal_moves()
            for bot in (bots[game.to_move], RulesBot(i)):
                assert bot.choose(game) in legal
            game.play(bots[game.to_move].choose(game))


# ------------------------------------------------------------ no peeking
def _reshuffled_knockout(game: KnockoutGame, me: int, rng: random.Random):
    """The same position for ``me`` with the hidden cards dealt again: the other
    seats' unplayed cards and the undealt ones, keeping each seat's card count and the
    suits it has shown out of (so every card played stays legal)."""
    log = game.log
    n = game.n
    played = [set() for _ in range(n)]
    voids = [set() for _ in range(n)]
    one_card = [game.status[s] is not Status.ACTIVE for s in range(n)]
    for trick in log.tricks:
        for seat, card in trick.plays:
            played[seat].add(card)
            if card.suit != trick.plays[0][1].suit and not one_card[seat]:
                voids[seat].add(trick.plays[0][1].suit)
    dealt = set().union(*map(set, log.hands))
    pool = [c for c in ALL_CARDS if c not in dealt and c != log.turn_up]
    need = {}
    for s in range(n):
        if s != me:
            hidden = set(log.hands[s]) - played[s]
            pool += hidden
            need[s] = len(hidden)
    rng.shuffle(pool)
    hands = [list(h) for h in log.hands]
    for s in sorted(need, key=lambda s: -len(voids[s])):
        mine = [c for c in pool if c.suit not in voids[s]][: need[s]]
        if len(mine) < need[s]:
            return None
        for c in mine:
            pool.remove(c)
        hands[s] = list(played[s]) + mine
    record = to_record(game)
    record["rounds"][-1]["hands"] = [card_codes(h) for h in hands]
    try:
        other = game_from_record(record)
    except Exception:  # a declaration or trump_breaking made the old history illegal
        return None
    if other.phase is not Phase.PLAY or other.to_move != me:
        return None
    if other.view(me) != game.view(me) or other.hands == game.hands:
        return None
    return other


def test_bots_never_look_at_hidden_cards_in_knockout() -> None:
    rng = random.Random(8)
    compared = 0
    while compared < 40:
        n = rng.randint(2, 5)
        rules = Rules(
            start_hand=rng.randint(3, 7), dogs_chance=rng.random() < 0.5, reentry=rng.random() < 0.3
        )
        game = KnockoutGame(n, rules, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(40)):
            if game.is_over():
                break
            game.play(RulesBot(0).choose(game))
        if game.is_over() or game.phase is not Phase.PLAY:
            continue
        me = game.to_move
        if game.status[me] is Status.BLIND_DOG or len(game.legal_moves()) < 2:
            continue
        other = _reshuffled_knockout(game, me, rng)
        if other is None:
            continue
        assert RulesBot(3).choose(game) == RulesBot(3).choose(other)
        mc = [MonteCarloBot(4, samples=5, time_limit=None) for _ in range(2)]
        assert mc[0].choose(game) == mc[1].choose(other)
        compared += 1


def test_bots_never_look_at_hidden_cards_in_german_phase_one() -> None:
    rng = random.Random(9)
    compared = 0
    for i in range(200):
        game = GermanGame(seed=i)
        for _ in range(rng.randrange(20)):
            game.play(RandomBot(i).choose(game))
        if game.phase is not GermanPhase.PLAY1:
            continue
        me = game.to_move
        opp = 1 - me
        # Swap an opponent card held since the deal (never seen) with a face-down stock
        # card, avoiding suits the opponent has shown out of.
        drawn = 2 * (len(game.tricks) - 1) + 1  # stock cards taken or face up so far
        voids = {
            t.plays[0][1].suit
            for t in game.tricks
            if len(t.plays) == 2
            and t.plays[1][0] == opp
            and t.plays[1][1].suit != t.plays[0][1].suit
        }
        held = [c for c in game.dealt_hands[opp] if c in game.hand(opp)]
        down = [c for c in game.dealt_stock[drawn:] if c.suit not in voids]
        if not held or not down:
            continue
        x, y = rng.choice(held), rng.choice(down)
        record = to_record(game)
        record["hands"][opp] = [y.code if c == x.code else c for c in record["hands"][opp]]
        record["stock"] = [x.code if c == y.code else c for c in record["stock"]]
        other = game_from_record(record)
        assert other.view(me) == game.view(me) and other.hands != game.hands
        for bot in (RulesBot(1), MonteCarloBot(1, time_limit=None)):
            assert bot.choose(game) == bot.choose(other)
        compared += 1
    assert compared >= 30


# ----------------------------------------------------- rules of thumb, by hand
def test_safe_player_keeps_the_ace_back() -> None:
    game = _knockout(3, ["4H 5S QD 2D", "9H AS 3S 4D", "6H 7S 10D 3D"], "2C", Rules(start_hand=4))
    _play(game, "4H", "9H", "6H")  # seat 1 has a trick: safe
    _play(game, "4D", "10D", "QD")  # seat 0 wins and leads
    _play(game, "5S")
    assert game.to_move == 1
    assert _choose(game) == "3S"  # not the ace: one trick is enough


def test_safe_player_leads_low() -> None:
    game = _knockout(3, ["4H 5S QD 2D", "9H AS 3S 4D", "6H 7S 10D 3D"], "2C", Rules(start_hand=4))
    _play(game, "4H", "9H", "6H")
    assert game.to_move == 1
    assert _choose(game) in ("3S", "4D")


def test_wins_cheaply_before_safe() -> None:
    game = _knockout(3, ["10S 2H 4D", "JS 3H 5D", "AS QS 2S"], "2C", Rules(start_hand=3))
    _play(game, "10S", "JS")
    assert _choose(game) == "QS"  # the lowest card that wins, not the ace


def test_does_not_beat_a_trick_it_cannot_keep() -> None:
    # Seat 2 showed out of spades on trick 1 and has five cards left, so it almost
    # surely holds a trump (clubs): seat 1's K♠ would win only to be trumped.
    game = _knockout(
        3,
        ["9S 6S 2H 3H 4H 5H", "5S 4S KS 7H 8H 9H", "3D 4D 5D 6D 7D 8D"],
        "2C",
        Rules(start_hand=6),
    )
    _play(game, "9S", "5S", "3D", "6S")
    assert game.to_move == 1
    assert _choose(game) == "4S"


def test_no_pointless_trumping() -> None:
    # Clubs are trumps; seat 1 trumps the spade lead with the queen; seat 2 has no spade
    # and only a lower trump: it throws its low side card, not the trump.
    game = _knockout(4, ["5S 2H 9H", "QC 4D 5D", "3C 4H 9D", "6S 7S 8S"], "2C", Rules(start_hand=3))
    _play(game, "5S", "QC")
    assert _choose(game) == "4H"


def test_trumps_in_with_the_lowest_winning_trump() -> None:
    game = _knockout(4, ["5S 2H 9H", "6S 4D 5D", "3C KC 9D", "7S 8S 4H"], "2C", Rules(start_hand=3))
    _play(game, "5S", "6S")
    assert _choose(game) == "3C"  # the lowest trump wins as well as the king


def test_two_card_round_leads_the_ace_of_trumps() -> None:
    game = _knockout(2, ["AC 5H", "KH 3D"], "2C", Rules(start_hand=2))
    assert _choose(game) == "AC"


def test_trump_chooser_picks_the_longest_suit_then_the_strongest() -> None:
    def round_two(hand: str) -> KnockoutGame:
        game = _knockout(2, ["AS KS QS 2H", "3S 4S 5S AH"], "2C", Rules(start_hand=4))
        _play(game, "AS", "3S", "KS", "4S", "QS", "5S", "2H", "AH")
        game.deal([hand.split(), "4C 5C 6C".split()])
        assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 0
        return game

    assert _choose(round_two("2D 5D KH")) == "D"
    assert _choose(round_two("AH 2D 3C")) == "H"


def _dog_round(trump: str, dog_card: str) -> KnockoutGame:
    # Round one: seat 0 takes two tricks, seat 1 one, seat 2 none and becomes a dog.
    game = _knockout(
        3, ["AS AD 3S", "QS KD 4S", "2H 3H 4H"], "2C", Rules(start_hand=3, dogs_chance=True)
    )
    _play(game, "AS", "QS", "2H", "AD", "KD", "3H", "3S", "4S", "4H")
    assert game.status[2] is Status.DOG
    game.deal([["5S", "6S"], ["7S", "8D"], [dog_card]])
    _play(game, trump, "5S", "7S")
    assert game.to_move == 2
    return game


def test_dog_trumps_a_trick_whose_suit_it_lacks() -> None:
    assert _choose(_dog_round("H", "3H")) == "3H"


def test_dog_passes_where_its_card_cannot_win() -> None:
    assert _choose(_dog_round("D", "3H")) == "pass"
    assert _choose(_dog_round("H", "2S")) == "pass"


def test_declares_when_the_hand_allows_it() -> None:
    rules = Rules(start_hand=6, no_picture_redeal=True)
    game = _knockout(2, ["2S 3S 4S 5H 6H 7H", "AS KS QS JH AH KH"], "2C", rules)
    assert game.phase is Phase.DECLARE and NO_PICTURE in game.legal_moves()
    assert RulesBot(0).choose(game) is NO_PICTURE
    rules = Rules(start_hand=4, rainbow=True)
    game = _knockout(2, ["2S 3H 4D 5C", "AS KS QS JS"], "2C", rules)
    assert game.phase is Phase.DECLARE and RulesBot(0).choose(game) is RAINBOW


def test_vote_goes_to_the_voters_own_suit() -> None:
    rng = random.Random(3)
    rules = Rules(start_hand=5, reentry=True, eliminated_vote_trump=True)
    votes = 0
    for i in range(200):
        game = KnockoutGame(4, rules, seed=i)
        while not game.is_over() and game.phase is not Phase.VOTE:
            game.play(rng.choice(game.legal_moves()))
        if game.is_over():
            continue
        (card,) = game.hand(game.to_move)  # a re-entry voter holds one card
        assert RulesBot(0).choose(game) == Call(card.suit.code)
        votes += 1
    assert votes >= 5


def _german(stock_prize: str) -> GermanGame:
    """Seat 1 wins trick 1 (and the trump A♠); seat 0 draws 4♥; ``stock_prize`` is
    then face up and seat 1 leads 5♦ to seat 0, who holds 4♦ 7♦ A♦."""
    hands = [
        "2H 4D 7D AD 3C 4C 5C 6C 7C 8C 9C 10C JC",
        "3H 5D 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
    ]
    used = set(" ".join(hands).split()) | {"AS", "4H", stock_prize}
    rest = [c.code for c in ALL_CARDS if c.code not in used]
    game = GermanGame(auto_chance=False)
    game.deal([h.split() for h in hands], ["AS", "4H", stock_prize, *rest])
    _play(game, "3H", "2H", "5D")
    assert game.to_move == 0 and game.face_up == [Card(stock_prize)]
    return game


def test_german_loses_on_purpose_under_a_weak_face_up_card() -> None:
    assert _choose(_german("2C")) == "4D"


def test_german_fights_cheaply_for_a_trump() -> None:
    assert _choose(_german("KS")) == "7D"


# --------------------------------------------------------------- Monte Carlo
def test_montecarlo_respects_its_time_limit() -> None:
    worst = 0.0
    for seed in range(6):
        game = KnockoutGame(4, seed=seed)  # the first lead of a 7-card round
        # Sampling to the budget (no early stop): only the time limit can end it.
        bot = MonteCarloBot(seed, samples=100_000, time_limit=0.1, stop_early=False)
        start = time.process_time()
        assert bot.choose(game) in game.legal_moves()
        worst = max(worst, time.process_time() - start)
        assert bot.last_timed_out  # 100,000 samples would take minutes
    # CPU time of this process: the bot stops by the wall clock, so it spends at most
    # its limit (plus the last check's slack) computing; a bot ignoring the limit would
    # spend minutes. Wall time would also count other processes of a busy machine.
    assert worst < 0.1 + 0.2


def test_montecarlo_stops_early_within_its_work_budget() -> None:
    """With the early stop (the default) the same decisions end by the sequential test
    or the node budget, well before 100,000 samples, and the same seed chooses alike."""
    for seed in range(6):
        game = KnockoutGame(4, seed=seed)
        bot = MonteCarloBot(seed, samples=100_000, time_limit=None)
        move = bot.choose(game)
        assert move in game.legal_moves() and 1 <= bot.last_samples < 1000
        assert not bot.last_timed_out
        assert MonteCarloBot(seed, samples=100_000, time_limit=None).choose(game) == move


def test_montecarlo_respects_its_time_limit_in_german_phase_two() -> None:
    rng = random.Random(2)
    for seed in range(3):
        game = GermanGame(seed=seed)
        while game.phase is not GermanPhase.PLAY2:
            game.play(rng.choice(game.legal_moves()))
        start = time.process_time()  # CPU time, as above
        assert MonteCarloBot(seed, time_limit=0.1).choose(game) in game.legal_moves()
        assert time.process_time() - start < 0.1 + 0.2


def test_montecarlo_is_seeded() -> None:
    def moves(seed: int) -> list[str]:
        game = KnockoutGame(4, Rules(start_hand=5, dogs_chance=True), seed=11)
        bots = [MonteCarloBot(seed + s, samples=6, time_limit=None) for s in range(4)]
        out = []
        while not game.is_over():
            move = bots[game.to_move].choose(game)
            out.append(move.code)
            game.play(move)
        return out

    assert moves(1) == moves(1)


def test_montecarlo_plays_perfectly_in_german_phase_two() -> None:
    # With every card known, its move keeps the most tricks the solver says it can get.
    from kowhist_teach.teach.solver import TrickSolver

    rng = random.Random(4)
    game = GermanGame(seed=21)
    while game.phase is not GermanPhase.PLAY2:
        game.play(rng.choice(game.legal_moves()))
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    me = game.to_move
    move = MonteCarloBot(1, time_limit=None).choose(game)
    trump = -1 if game.trump is None else int(game.trump)

    def value(card: Card) -> int:
        hands = list(game.hands)
        hands[me] ^= 1 << card
        plays = [(s, int(c)) for s, c in game.trick.plays] + [(me, int(card))]
        order = [game.trick.leader, 1 - game.trick.leader]
        solver = TrickSolver(hands, trump, {me})
        return solver.value_mid_trick(order, len(plays), plays, game.hands[me].bit_count())

    assert value(move) == max(value(c) for c in game.legal_moves())


# ------------------------------------------------------------------ strength
@pytest.mark.parametrize("players", [4])
def test_rules_bot_beats_random_bots(players: int) -> None:
    wins = 0
    games = 100
    for i in range(games):
        game = KnockoutGame(players, seed=500 + i, first_dealer=i % players)
        bots = [RulesBot(i)] + [RandomBot(i * 7 + s) for s in range(1, players)]
        while not game.is_over():
            game.play(bots[game.to_move].choose(game))
        wins += game.outcome().winner == 0
    assert wins >= 35  # a fair share is 25


def test_rules_bot_beats_random_at_german_whist() -> None:
    result = simulate("german", 2, 60, seed=3, bots=["rules", "random"])
    assert result["wins"][0] >= 40
