"""The whist family's bots: legal moves in thousands of positions of all three games,
no peeking at hidden cards, the rules of thumb in hand-set positions, the bidding,
make_bot dispatch, the Monte Carlo bot's time limit, and rules against random."""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from kowhist_teach import KnockoutGame
from kowhist_teach.core.cards import ALL_CARDS, Card, parse_cards
from kowhist_teach.games.family.bidwhist.bots import bidwhist_max_level
from kowhist_teach.games.family.bidwhist.engine import BidWhistGame, BidWhistRules
from kowhist_teach.games.family.bots import FamilyMonteCarloBot, FamilyRulesBot, hand_tricks
from kowhist_teach.games.family.engine import FamilyPhase
from kowhist_teach.games.family.seen import _order, _teams
from kowhist_teach.games.family.solo.bots import misere_hand
from kowhist_teach.games.family.solo.engine import SoloGame, SoloRules
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
from kowhist_teach.pictures.charts import wilson
from kowhist_teach.teach.bots import MonteCarloBot, RandomBot, RulesBot, make_bot

FAST_MC = {"samples": 2, "time_limit": 0.02}
GAMES = {"whist": WhistGame, "solo": SoloGame, "bidwhist": BidWhistGame}


# ------------------------------------------------------------------ helpers
def _fill(hands: dict[int, str], size: int = 13, pack=ALL_CARDS) -> list[list[str]]:
    """Four hands: the cards given for a seat, topped up to ``size`` from the unused
    cards in order, so a test names only the cards that matter."""
    used = {Card(c) for text in hands.values() for c in text.split()}
    rest = [c.code for c in pack if c not in used]
    out = []
    for seat in range(4):
        hand = hands.get(seat, "").split()
        need = size - len(hand)
        out.append(hand + rest[:need])
        rest = rest[need:]
    return out


def _whist(hands: dict[int, str], trump_card: str, *moves: str) -> WhistGame:
    """A whist deal set by hand: seat 3 deals (and holds the trump card), seat 0 leads."""
    game = WhistGame(WhistRules(rubber=False), first_dealer=3, auto_chance=False)
    game.deal(_fill(hands), trump_card=trump_card)
    for m in moves:
        game.play(m)
    return game


def _solo(hands: dict[int, str], trump_card: str, *moves: str) -> SoloGame:
    game = SoloGame(first_dealer=3, auto_chance=False)
    game.deal(_fill(hands), trump_card=trump_card)
    for m in moves:
        game.play(m)
    return game


def _choose(game, bot=None) -> str:
    bot = bot or FamilyRulesBot(0)
    move = bot.choose(game)
    assert move in game.legal_moves()
    return move.code


def _play_out(game, bots, check=()) -> int:
    """Play the game to its end; every bot in ``check`` must offer a legal move at
    every turn too. Returns the number of moves."""
    n = 0
    while not game.is_over():
        legal = game.legal_moves()
        for bot in check:
            assert bot.choose(game) in legal, (bot, game)
        move = bots[game.to_move].choose(game)
        assert move in legal, (bots[game.to_move], move, legal)
        game.play(move)
        n += 1
    return n


# ------------------------------------------------------- legal moves everywhere
def test_every_bot_plays_legal_moves_in_every_family_game() -> None:
    rng = random.Random(11)
    moves = 0
    phases: set[str] = set()
    contracts: set[str] = set()
    variants = [
        ("whist", WhistRules(rubber=False)),
        ("whist", WhistRules(drive=True, drive_no_trump=True)),
        ("solo", SoloRules()),
        ("bidwhist", BidWhistRules()),
        ("bidwhist", BidWhistRules(min_bid=4)),
    ]
    for i in range(20):
        name, rules = variants[i % len(variants)]
        game = GAMES[name](rules, seed=rng.randrange(10**6), first_dealer=i % 4)
        kinds = [rng.choice(["random", "rules", "rules", "montecarlo"]) for _ in range(4)]
        bots = [
            make_bot(k, i * 10 + s, **(FAST_MC if k == "montecarlo" else {}))
            for s, k in enumerate(kinds)
        ]
        rules_bot = RulesBot(i)
        while not game.is_over():
            legal = game.legal_moves()
            phases.add(f"{name}:{game.phase.value}")
            assert rules_bot.choose(game) in legal
            move = bots[game.to_move].choose(game)
            assert move in legal, (kinds[game.to_move], move, legal)
            game.play(move)
            moves += 1
        contracts |= {f"{name}:{d.contract.code}" for d in game.deals if d.contract}
    assert moves >= 2000, moves
    assert {"solo:bid", "bidwhist:bid", "bidwhist:trump", "bidwhist:discard"} <= phases
    assert any(c.startswith("solo:") for c in contracts), contracts


@settings(max_examples=12, deadline=None)
@given(
    game=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 10**6),
    kinds=st.lists(st.sampled_from(["random", "rules"]), min_size=4, max_size=4),
)
def test_rules_and_random_bots_finish_any_game_legally(game, seed, kinds) -> None:
    g = GAMES[game](seed=seed, first_dealer=seed % 4)
    bots = [make_bot(k, seed + s) for s, k in enumerate(kinds)]
    assert _play_out(g, bots) > 0
    assert g.outcome() is not None


def test_solo_rules_bots_bid_every_kind_of_contract() -> None:
    """Between rules bots solo whist is not all passes: solos, proposals and misères
    are bid and played (with the misère played to its early end)."""
    seen: set[str] = set()
    for i in range(60):
        game = SoloGame(seed=4000 + i, first_dealer=i % 4)
        bots = [FamilyRulesBot(s) for s in range(4)]
        _play_out(game, bots)
        seen |= {d.contract.code for d in game.deals if d.contract}
    assert {"prop", "solo", "misere"} <= seen, seen


def test_card_order_agrees_with_the_engine_in_every_game() -> None:
    """The order the bots learn (jokers, downtown, no trump included) names the same
    trick winner as the engine, trick after trick."""
    rng = random.Random(3)
    checked = 0
    for i in range(30):
        name = list(GAMES)[i % len(GAMES)]
        game = GAMES[name](seed=7000 + i)
        while not game.is_over():
            if game.phase is FamilyPhase.PLAY and len(game.trick.plays) == 3:
                order = _order(game)
                trick = game.trick
                game.play(rng.choice(game.legal_moves()))
                best_seat, best = trick.plays[0]
                for seat, card in trick.plays[1:]:
                    if order.beats(int(card), int(best)):
                        best_seat, best = seat, card
                assert best_seat == trick.winner, (name, trick)
                checked += 1
            else:
                game.play(rng.choice(game.legal_moves()))
    assert checked >= 500


# ------------------------------------------------------------ no peeking
def _swapped(game, me: int, rng: random.Random):
    """The same game with one hidden card swapped between two other seats (neither
    played, neither the turned trump card, no suit a seat has shown out of), the
    moves replayed: ``me`` sees exactly the same, the hands differ."""
    log = game.log
    order = _order(game) if game.phase is FamilyPhase.PLAY else None
    played = {c for t in log.tricks for _s, c in t.plays}
    voids: dict[int, set[int]] = {s: set() for s in range(4)}
    for t in log.tricks:
        led = game._led_suit(t)
        if led is None or order is None:
            continue
        for s, c in t.plays[1:]:
            if order.group[int(c)] != int(led):
                voids[s].add(int(led))
    others = [s for s in range(4) if s != me and s != log.declarer]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    fixed = played | {log.extra.get("trump_card")}

    def free(seat, other):
        return [
            c
            for c in log.hands[seat]
            if c not in fixed and not c.is_joker and c.suit not in voids[other]
        ]

    xs, ys = free(a, b), free(b, a)
    if not xs or not ys:
        return None
    x, y = rng.choice(xs), rng.choice(ys)
    if x.suit == y.suit:
        return None
    hands = [list(h) for h in log.hands]
    hands[a] = [y if c == x else c for c in hands[a]]
    hands[b] = [x if c == y else c for c in hands[b]]
    other = type(game)(game.rules, first_dealer=game.first_dealer, auto_chance=False)
    other.deal(hands, **log.extra)
    for m in game.moves:
        other.play(m)
    assert other.view(me) == game.view(me) and other.hands != game.hands
    return other


def test_bots_never_look_at_hidden_cards() -> None:
    rng = random.Random(5)
    compared = 0
    for i in range(120):
        name = list(GAMES)[i % len(GAMES)]
        game = GAMES[name](seed=900 + i, first_dealer=0, auto_chance=True)
        for _ in range(rng.randrange(4, 30)):
            if game.is_over() or len(game.deals) > 1:
                break
            game.play(FamilyRulesBot(1).choose(game))
        if game.is_over() or len(game.deals) > 1 or len(game.legal_moves()) < 2:
            continue
        # Replay the first deal alone (auto_chance off) so it can be dealt differently.
        me = game.to_move
        base = type(game)(game.rules, first_dealer=0, auto_chance=False)
        base.deal(game.log.hands, **game.log.extra)
        for m in game.moves:
            base.play(m)
        other = _swapped(base, me, rng)
        if other is None:
            continue
        assert FamilyRulesBot(2).choose(base) == FamilyRulesBot(2).choose(other)
        if base.phase is FamilyPhase.PLAY:
            mc = [FamilyMonteCarloBot(3, samples=2, time_limit=None) for _ in range(2)]
            assert mc[0].choose(base) == mc[1].choose(other)
        compared += 1
    assert compared >= 25, compared


# ----------------------------------------------------- rules of thumb, by hand
# Trumps are clubs in these whist deals: seat 3 deals and holds the two of clubs.
def test_second_hand_plays_low() -> None:
    game = _whist({1: "AH 7H 3H AS 9S 8S 4D 5D 6D 3C 4C 5C 6C", 3: "2C"}, "2C", "5H")
    assert _choose(game) == "3H"


def test_second_hand_takes_a_led_honour_with_a_sure_winner() -> None:
    game = _whist({0: "QH 2H 3H", 1: "AH 4H 3S 4S 5S 6S 7S 8S 2D 3D 4D 5D 3C"}, "2C", "QH")
    assert _choose(game) == "AH"


def test_third_hand_plays_high_the_bottom_of_a_sequence() -> None:
    game = _whist({2: "KH QH 8H AS KS 2S 3D 4D 5D 6D 3C 4C 5C", 0: "3H", 1: "5H"}, "2C", "3H", "5H")
    assert _choose(game) == "QH"


def test_never_overtake_a_partner_who_is_winning() -> None:
    game = _whist({2: "KH 4H 8H AS KS 2S 3D 4D 5D 6D 3C 4C 5C", 0: "AH", 1: "5H"}, "2C", "AH", "5H")
    assert _choose(game) == "4H"


def test_fourth_hand_wins_as_cheaply_as_it_can() -> None:
    game = _whist(
        {3: "AH KH 4H 2C 3S 4S 5S 6S 2D 3D 4D 5D 6D", 0: "10H", 1: "2H", 2: "3H"},
        "2C",
        "10H",
        "2H",
        "3H",
    )
    assert _choose(game) == "KH"


def test_trump_in_when_void_and_an_opponent_is_winning() -> None:
    game = _whist(
        {3: "9C 3C 2C AS KS 5S 6S 7S 2D 3D 4D 5D 6D", 0: "KH", 1: "2H", 2: "4H"},
        "2C",
        "KH",
        "2H",
        "4H",
    )
    assert _choose(game) == "2C"  # the cheapest trump: nobody plays after us


def test_discard_the_lowest_card_of_the_weakest_suit() -> None:
    game = _whist(
        {3: "AS KS QS JS 10S 9S 8S 9D 5D 7C 6C 5C 2C", 0: "2H", 1: "AH", 2: "3H"},
        "2C",
        "2H",
        "AH",
        "3H",
    )
    assert _choose(game) == "5D"  # partner's ace wins: keep the spades and the trumps


def test_lead_a_side_ace_that_will_hold() -> None:
    game = _whist({0: "AS 7S 4S 9H 8H 6H 3H QD 10D 5D 8C 4C 3C", 3: "2C"}, "2C")
    assert _choose(game) == "AS"


def test_draw_trumps_with_a_long_strong_trump_suit() -> None:
    game = _whist({0: "AC KC QC 9C 8C 7S 4S 9H 8H 6H 10D 5D 3D", 3: "2C"}, "2C")
    assert _choose(game) == "AC"


def test_lead_the_top_of_a_sequence_from_the_longest_suit() -> None:
    game = _whist({0: "KH QH JH 7H 5H 9S 4S 8D 6D 3D 7C 4C 3C", 3: "2C"}, "2C")
    assert _choose(game) == "KH"


def test_misere_declarer_plays_the_highest_card_that_still_loses() -> None:
    # Seat 1 bids misère; eldest (seat 0) leads the nine of hearts.
    game = _solo(
        {0: "9H", 1: "10H 8H 2H 2S 3S 4S 2D 3D 4D 5D 2C 3C 4C", 3: "AS"},
        "AS",
        "pass",
        "misere",
        "pass",
        "pass",
        "9H",
    )
    assert game.log.contract.code == "misere" and game.to_move == 1
    assert _choose(game) == "8H"


def test_misere_defender_leads_low_into_the_declarer() -> None:
    game = _solo(
        {0: "2S 9S JS QS 5H 8H KH 6D 9D AD 7C 10C KC", 3: "AS"},
        "AS",
        "pass",
        "misere",
        "pass",
        "pass",
    )
    assert game.to_move == 0
    assert _choose(game) == "2S"


def test_solo_sides_follow_the_contract() -> None:
    game = SoloGame(seed=1, first_dealer=3)
    for move in ["prop", "cop", "pass", "pass"]:
        game.play(move)
    assert game.log.contract.code == "prop"
    teams = _teams(game)
    assert teams[0] == teams[1] == {0, 1} and teams[2] == teams[3] == {2, 3}
    game = SoloGame(seed=1, first_dealer=3)
    for move in ["pass", "solo", "pass", "pass"]:
        game.play(move)
    teams = _teams(game)
    assert teams[1] == {1} and teams[0] == teams[2] == teams[3] == {0, 2, 3}
    assert _teams(WhistGame(seed=1))[0] == {0, 2}


# --------------------------------------------------------------------- bidding
def test_trick_estimates_and_misere_hands() -> None:
    strong = [int(c) for c in parse_cards("AS KS QS JS 10S 9S AH KH AD KD AC 2C 3C")]
    assert hand_tricks(strong, 0) >= 9.5  # abundance in spades
    weak = [int(c) for c in parse_cards("7S 5S 2S 9H 6H 3H 8D 6D 4D 10C 8C 5C 3C")]
    assert hand_tricks(weak, 0) < 1 and misere_hand(weak)
    assert not misere_hand([int(c) for c in parse_cards("AS 2H 3H 4H")])
    assert [bidwhist_max_level(e, "U") for e in (1, 3, 5, 7)] == [0, 3, 4, 5]


def test_solo_bids_follow_the_hand() -> None:
    # The turned card is the two of spades: spades are the preferred suit.
    strong = "AS KS QS JS 10S 9S AH KH AD KD AC 3C 4C"
    game = _solo({0: strong, 3: "2S"}, "2S")
    assert _choose(game) in ("abundance", "royal-abundance")
    solo = "AS KS QS 9S 5S AH 7H 4H 8D 3D 9C 5C 4C"
    assert _choose(_solo({0: solo, 3: "2S"}, "2S")) == "solo"
    low = "7S 5S 3S 9H 6H 2H 8D 6D 4D 10C 8C 5C 3C"
    assert _choose(_solo({0: low, 3: "2S"}, "2S")) == "misere"
    middling = "KS 8S 4S QH 9H 6H JD 8D 5D 3D JC 7C 6C"
    assert _choose(_solo({0: middling, 3: "2S"}, "2S")) == "pass"


def test_abundance_declarer_names_the_longest_strong_suit() -> None:
    hand = "AH KH QH JH 10H 9H 8H AS KS AD KD AC 3C"
    game = _solo({0: hand, 3: "2S"}, "2S", "abundance", "pass", "pass", "pass")
    assert game.phase is FamilyPhase.TRUMP
    assert _choose(game) == "H"


def _bidwhist(hands: dict[int, str], kitty: str, *moves: str) -> BidWhistGame:
    game = BidWhistGame(first_dealer=3, auto_chance=False)
    pack = list(game.pack)
    used = {Card(c) for c in kitty.split()}
    given = _fill(hands, 12, [c for c in pack if c not in used])
    game.deal(given, kitty=kitty.split())
    for m in moves:
        game.play(m)
    return game


def test_bidwhist_bids_names_trumps_and_discards() -> None:
    hand = "BJ AH KH QH 10H 8H 4H AS KS 7D 3C 2C"
    kitty = "2S 3S 4S 5S 6S 7S"
    game = _bidwhist({0: hand}, kitty)
    bid = _choose(game)
    assert bid.isdigit(), bid  # uptown: the cheapest bid, there being no bid to beat
    for move in [bid, "pass", "pass", "pass"]:
        game.play(move)
    assert game.phase is FamilyPhase.TRUMP and _choose(game) == "H"
    game.play("H")
    discards = []
    while game.phase is FamilyPhase.DISCARD:
        card = _choose(game)
        discards.append(card)
        game.play(card)
    assert not {"BJ", "AH", "KH", "QH", "AS"} & set(discards), discards
    assert game.phase is FamilyPhase.PLAY


def test_bidwhist_no_trump_high_or_low_and_the_jokers_go() -> None:
    low_hand = "AS 2S 3S 4S AH 2H 3H AD 2D 3D LJ 9C"
    game = _bidwhist({0: low_hand}, "KC QC JC 10C 8C 7C", "3NT", "pass", "pass", "pass")
    assert game.phase is FamilyPhase.TRUMP and _choose(game) == "low"
    game.play("low")
    first = _choose(game)
    assert first == "LJ"  # a joker never wins at no trump: the first card to go


# ----------------------------------------------------- the registry and MC
def test_make_bot_and_the_generic_bots_play_family_games() -> None:
    for name, cls in GAMES.items():
        game = cls(seed=12)
        while game.phase is not FamilyPhase.PLAY:
            game.play(FamilyRulesBot(0).choose(game))
        for bot_name in ("random", "rules", "montecarlo"):
            bot = make_bot(bot_name, 3, **(FAST_MC if bot_name == "montecarlo" else {}))
            assert bot.name == bot_name and bot.choose(game) in game.legal_moves(), name
        assert RulesBot(4).choose(game) == FamilyRulesBot(4).choose(game)
    # Knock-Out Whist still goes to its own rules.
    ko = KnockoutGame(3, seed=2)
    assert RulesBot(1).choose(ko) in ko.legal_moves()


def test_monte_carlo_keeps_its_time_limit_and_its_seed() -> None:
    game = WhistGame(seed=21)
    for _ in range(3):
        game.play(FamilyRulesBot(0).choose(game))
    bot = MonteCarloBot(5, samples=10**6, time_limit=0.15)
    start = time.process_time()  # CPU time: see test_bots.py
    move = bot.choose(game)
    elapsed = time.process_time() - start
    assert move in game.legal_moves() and bot.last_samples >= 1 and bot.last_timed_out
    assert elapsed < 0.15 + 0.35, elapsed  # slack for a busy machine
    a = FamilyMonteCarloBot(7, samples=6, time_limit=None)
    b = FamilyMonteCarloBot(7, samples=6, time_limit=None)
    assert a.choose(game) == b.choose(game) and a.last_samples == 6


def test_monte_carlo_finishes_a_solo_misere_and_a_bidwhist_deal() -> None:
    game = _solo(
        {1: "10H 8H 2H 2S 3S 4S 2D 3D 4D 5D 2C 3C 4C", 3: "AS"},
        "AS",
        "pass",
        "misere",
        "pass",
        "pass",
    )
    bot = FamilyMonteCarloBot(1, samples=4, time_limit=None)
    while len(game.deals) == 1 and game.log.points is None:
        assert game.phase is FamilyPhase.PLAY
        game.play(bot.choose(game))
    assert game.deals[0].points is not None
    game = BidWhistGame(seed=31)
    while game.phase is not FamilyPhase.PLAY:
        game.play(FamilyRulesBot(0).choose(game))
    deal = len(game.deals)
    while len(game.deals) == deal and not game.is_over():
        game.play(bot.choose(game))
    assert game.deals[deal - 1].points is not None


# ------------------------------------------------------------- strength
def test_rules_partnership_beats_random_partnership_at_whist() -> None:
    """Two rules bots against two random bots, 200 games of whist (one game to 5,
    the rules pair alternating between the partnerships): the 95% interval of the
    win rate lies well above one half."""
    wins = 0
    n = 200
    for i in range(n):
        side = i % 2
        game = WhistGame(WhistRules(rubber=False), seed=50_000 + i, first_dealer=i % 4)
        bots = [
            FamilyRulesBot(i * 4 + s) if s % 2 == side else RandomBot(i * 4 + s) for s in range(4)
        ]
        _play_out(game, bots)
        wins += game.outcome().winner == side
    low, _high = wilson(wins, n)
    assert low > 0.75, (wins, n, low)
