"""Bid whist (``kowhist_teach.games.family.bidwhist.engine``), rule by rule.

Each rule of the module's docstring (seed 004 "Bid whist", RULES.md §4, Pagat where
they are silent) has a test on a deal set by hand (``BidWhistGame(auto_chance=False)``
+ ``deal(hands, kitty=...)``). Scoring is tested on *forced* deals
(:func:`forced_deal`): hands built so that the declaring side takes exactly ``k``
tricks whatever cards are played, so the tests play them with random cards and still
know the count. Property tests then play thousands of random games against an oracle
written from the rules (card ranking, following suit, scoring, the end of the game).

Seats are 0..3 clockwise; partnership 0 is seats 0 and 2, partnership 1 seats 1 and 3.
Most deals here have dealer 3, so that seat 0 (eldest) bids first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from family_helpers import cards
from family_helpers import snapshot as family_snapshot
from helpers import fast, play_randomly
from hypothesis import given
from hypothesis import strategies as st

from kowhist_teach import GermanGame, KnockoutGame
from kowhist_teach.core.cards import (
    ALL_CARDS,
    BIG_JOKER,
    JOKERS,
    LITTLE_JOKER,
    Card,
    Suit,
)
from kowhist_teach.core.errors import IllegalMove, SetupError
from kowhist_teach.core.moves import PASS, TRUMP_CALLS, Call
from kowhist_teach.games.family.bidwhist.engine import (
    BID_KINDS,
    BIDS,
    DOWNTOWN,
    HIGH,
    LOW,
    NOTRUMP,
    UPTOWN,
    BidWhistGame,
    BidWhistRules,
    BidWhistView,
    bid_call,
    bid_name,
    bid_parts,
)
from kowhist_teach.games.family.engine import FamilyPhase
from kowhist_teach.games.family.whist.engine import WhistGame
from kowhist_teach.i18n import set_language

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
BID, TRUMP, DISCARD, PLAY, DEAL, OVER = (
    FamilyPhase.BID,
    FamilyPhase.TRUMP,
    FamilyPhase.DISCARD,
    FamilyPhase.PLAY,
    FamilyPhase.DEAL,
    FamilyPhase.OVER,
)
PACK = list(ALL_CARDS) + list(JOKERS)


@pytest.fixture(autouse=True)
def _english() -> None:
    """Messages are checked in English, whatever language another test left behind."""
    set_language("en")


# ------------------------------------------------------------------ the oracle
def strength(card: Card, trump: Suit | None, low: bool) -> int:
    """How strong a card is in a trick (the rules of the module's docstring, written
    afresh): jokers on top of the trumps, then trumps, then the rest; downtown the ace
    stays high and the two comes next."""
    if card.is_joker:
        return 100 + int(card) if trump is not None else -1
    rank = int(card.rank)
    order = rank if not low else (14 if rank == 14 else 15 - rank)
    return order + (50 if card.suit == trump else 0)


def to_follow(plays: list[Card], trump: Suit | None) -> Suit | None:
    """The suit the next player must follow, from the cards of the trick so far."""
    for card in plays:
        if not card.is_joker:
            return card.suit if not (plays[0].is_joker and trump is not None) else trump
        if trump is not None:
            return trump  # a joker leads trumps
    return None


def oracle_winner(plays: list[tuple[int, Card]], trump: Suit | None, low: bool) -> int:
    cards = [c for _s, c in plays]
    led = to_follow(cards[:1], trump) if not cards[0].is_joker else to_follow(cards, trump)

    def key(card: Card) -> int:
        if card.is_joker:
            return strength(card, trump, low)
        if card.suit == trump or card.suit == led:
            return strength(card, trump, low)
        return -1  # a discard of a third suit never wins

    return max(plays, key=lambda p: key(p[1]))[0]


def oracle_legal(hand: list[Card], plays: list[Card], trump: Suit | None) -> set[Card]:
    suit = to_follow(plays, trump)
    if suit is None:
        return set(hand)
    follow = {c for c in hand if c.suit == suit or (c.is_joker and suit == trump)}
    return follow or set(hand)


def oracle_points(game: BidWhistGame, number: int) -> int:
    """What the declaring side scores in deal ``number`` (1-based), from the tricks."""
    log = game.deals[number - 1]
    side = log.declarer % 2
    level = int(log.contract.code[0])
    nt = log.contract.code.endswith("NT")
    books = 1 + sum(1 for t in log.tricks if t.winner % 2 == side)
    if books == 13:
        points = game.rules.boston_points
    elif books >= 6 + level:
        points = books - 6
    else:
        points = -level
    return points * (2 if nt else 1)


# ------------------------------------------------------------------ helpers
def new_game(dealer: int = 3, **rules: Any) -> BidWhistGame:
    return BidWhistGame(BidWhistRules(**rules), first_dealer=dealer, auto_chance=False)


def layout(
    given: dict[Any, str], void: dict[int, str] | None = None
) -> tuple[list[list[Card]], list[Card]]:
    """Hands of 12 and a kitty of 6: the ``given`` cards (keys 0..3 and ``"kitty"``),
    the rest of the pack dealt in pack order; a seat in ``void`` gets no more cards of
    those suits than given. Jokers nobody was given go to the kitty."""
    void = void or {}
    hands = {s: cards(given.get(s, "")) for s in range(4)}
    kitty = cards(given.get("kitty", ""))
    placed = {c for h in [*hands.values(), kitty] for c in h}
    kitty += [j for j in JOKERS if j not in placed]
    rest = [c for c in ALL_CARDS if c not in placed]
    # The seats with voids first: they can take fewer of the cards left.
    for seat in sorted(range(4), key=lambda s: -len(void.get(s, ""))):
        for card in list(rest):
            if len(hands[seat]) == 12:
                break
            if card.suit.code not in void.get(seat, ""):
                hands[seat].append(card)
                rest.remove(card)
    kitty += rest
    assert [len(hands[s]) for s in range(4)] == [12] * 4 and len(kitty) == 6, "cannot fill"
    return [hands[s] for s in range(4)], kitty


def start(
    given: dict[Any, str],
    calls: list[str],
    *,
    void: dict[int, str] | None = None,
    dealer: int = 3,
    **rules: Any,
) -> BidWhistGame:
    """A game dealt from :func:`layout`, with ``calls`` made; ``"kitty"`` in ``calls``
    stands for discarding the six cards of the kitty again."""
    game = new_game(dealer, **rules)
    hands, kitty = layout(given, void)
    game.deal(hands, kitty=kitty)
    for call in calls:
        if call == "kitty":
            for card in kitty:
                game.play(card)
        else:
            game.play(call)
    return game


#: Seat 0 bids 3, the others pass, hearts are trumps, the kitty is discarded again.
HEARTS = ["3", "pass", "pass", "pass", "H", "kitty"]


def no_trump(direction: str) -> list[str]:
    """Seat 0 bids 3NT, the others pass, ``direction``, the kitty discarded again."""
    return ["3NT", "pass", "pass", "pass", direction, "kitty"]


def play_trick(game: BidWhistGame, codes: str) -> int:
    """Play the cards of one trick (the leader's first); return the winner."""
    trick = game.trick
    for code in codes.split():
        game.play(code)
    assert len(trick.plays) == 4
    return trick.winner


def play_out(game: BidWhistGame, rng: random.Random) -> None:
    """Play random legal cards to the end of the deal in progress."""
    number = len(game.deals)
    while game.phase is PLAY and len(game.deals) == number:
        game.play(rng.choice(game.legal_moves()))


def ranked(suit_cards: list[Card], trump: Suit | None, low: bool) -> list[Card]:
    """Strongest first."""
    return sorted(suit_cards, key=lambda c: -strength(c, trump, low))


def forced_deal(k: int, trump: Suit = S, low: bool = False) -> tuple[list[list[Card]], list[Card]]:
    """A deal (dealer 3) in which the declarer, seat 0, keeps after discarding the
    kitty the top ``k`` trumps (jokers first) and the lowest ``12 - k`` cards of a side
    suit X; seat 1 holds the other, lower trumps and the higher X; seats 2 and 3 hold
    one other suit each, so they can neither follow nor trump, never win and never lead.
    Seat 0 then wins a trick exactly when it plays a trump — ``k`` tricks, ``k + 1``
    books with the kitty — however the cards are played."""
    x, y, z = (s for s in Suit if s != trump)
    trumps = ranked([*JOKERS, *(c for c in ALL_CARDS if c.suit == trump)], trump, low)
    side = ranked([c for c in ALL_CARDS if c.suit == x], trump, low)
    declarer = trumps[:k] + side[k + 1 :]
    pool = trumps[k:] + side[: k + 1]  # 16 cards: four go to the kitty
    seat1, spare = pool[:12], pool[12:]
    ys = [c for c in ALL_CARDS if c.suit == y]
    zs = [c for c in ALL_CARDS if c.suit == z]
    hands = [declarer, seat1, ys[:12], zs[:12]]
    return hands, spare + [ys[12], zs[12]]


def play_forced(game: BidWhistGame, k: int, bid: str, trump: Suit = S, seed: int = 0) -> None:
    """Deal :func:`forced_deal` turned so that eldest (left of the game's dealer) is its
    declarer; eldest bids, the others pass, eldest names trumps and discards the kitty;
    play it out at random; check the design held (``k + 1`` books for eldest's side)."""
    low = bid.endswith("L")
    hands, kitty = forced_deal(k, trump, low)
    eldest = (game.dealer + 1) % 4
    game.deal([hands[(seat - eldest) % 4] for seat in range(4)], kitty=kitty)
    for call in [bid, "pass", "pass", "pass", trump.code, *kitty]:
        game.play(call)
    log = game.log
    assert log.declarer == eldest
    play_out(game, random.Random(seed))
    side = eldest % 2
    assert game.books(side, log) == k + 1 and game.books(1 - side, log) == 12 - k


def snapshot(game: BidWhistGame) -> tuple:
    """Everything a game is made of, for exact comparisons."""
    return family_snapshot(game, game.low, list(game.discards), [game.view(s) for s in range(4)])


def refused(game: BidWhistGame, move: Any, seat: int | None = None) -> str:
    """Play an illegal move: the one-line message, the game unchanged, and
    ``why_illegal`` saying the same."""
    before = snapshot(game)
    with pytest.raises(IllegalMove) as info:
        game.play(move, seat)
    message = str(info.value)
    assert message and "\n" not in message
    assert snapshot(game) == before
    if seat is None:
        assert game.why_illegal(move) == message
    return message


# ------------------------------------------------------------------ jokers and the pack
def test_the_pack_is_54_cards_with_two_jokers() -> None:
    assert BidWhistGame.pack == tuple(PACK) and len(set(BidWhistGame.pack)) == 54
    assert BidWhistGame.game_name == "bidwhist" and BidWhistGame.title == "Bid whist"
    assert Card("LJ") is LITTLE_JOKER is Card(52) and Card("bj") is BIG_JOKER is Card(53)
    assert LITTLE_JOKER.suit is None and BIG_JOKER.rank is None and BIG_JOKER.is_joker


@pytest.mark.parametrize("dealer", range(4))
def test_deal_twelve_each_from_left_of_dealer_and_a_kitty_of_six(dealer: int) -> None:
    game = new_game(dealer)
    deck = list(PACK)
    random.Random(dealer).shuffle(deck)
    hands, extra = game._deal_cards(deck)  # the hook the chance event uses
    for i, card in enumerate(deck[:48]):
        assert card in hands[(dealer + 1 + i) % 4]
    assert [len(h) for h in hands] == [12] * 4 and extra == {"kitty": deck[48:]}


@pytest.mark.parametrize("seed", range(6))
def test_auto_deal_uses_the_whole_pack_and_starts_the_bidding_left_of_dealer(seed: int) -> None:
    game = BidWhistGame(seed=seed, first_dealer=seed % 4)
    log = game.log
    assert game.phase is BID and game.to_move == (seed % 4 + 1) % 4
    assert [len(game.hand(s)) for s in range(4)] == [12] * 4 and len(game.kitty) == 6
    dealt = [c for h in log.hands for c in h] + log.extra["kitty"]
    assert sorted(dealt) == sorted(PACK)
    assert game.tricks_per_deal() == 12
    # The same seed deals the same cards.
    assert BidWhistGame(seed=seed, first_dealer=seed % 4).log.hands == log.hands


def test_jokers_are_listed_first_big_before_little() -> None:
    game = start({0: "LJ 2C BJ AS"}, [])
    assert game.hand(0)[:3] == [BIG_JOKER, LITTLE_JOKER, Card("AS")]
    assert game.log.hands[0][:2] == [BIG_JOKER, LITTLE_JOKER]


@pytest.mark.parametrize(
    "hands, extra, match",
    [
        ("short", {"kitty": "x"}, "12 cards"),
        ("ok", {}, "needs its kitty"),
        ("ok", {"kitty": "x", "trump_card": "AS"}, "needs its kitty"),
        ("ok", {"kitty": "short"}, "6 cards, not 5"),
        ("ok", {"kitty": "twice"}, "dealt twice"),
        ("ok", {"kitty": "bad"}, "unknown card"),
    ],
)
def test_bad_deals_are_refused_in_one_line(hands: str, extra: dict, match: str) -> None:
    good, kitty = layout({})
    codes = [[c.code for c in h] for h in good]
    if hands == "short":
        codes[0] = codes[0][:11]
    variants = {
        "x": [c.code for c in kitty],
        "short": [c.code for c in kitty[:5]],
        "twice": [c.code for c in kitty[:5]] + [codes[1][0]],
        "bad": [c.code for c in kitty[:5]] + ["ZZ"],
    }
    extra = {k: variants.get(v, v) for k, v in extra.items()}
    game = new_game()
    with pytest.raises(SetupError) as info:
        game.deal(codes, **extra)
    assert match in str(info.value) and "\n" not in str(info.value)
    assert game.deals == [] and game.chance_pending == "deal"


def test_whist_refuses_jokers_in_its_pack() -> None:
    game = WhistGame(auto_chance=False)
    hands = [[c.code for c in ALL_CARDS[i * 13 : i * 13 + 13]] for i in range(4)]
    hands[0][0] = "BJ"
    with pytest.raises(SetupError, match="BJ is not in the pack of Partnership whist"):
        game.deal(hands, trump_card=hands[0][1])


def test_knockout_and_german_whist_treat_jokers_as_cards_nobody_holds() -> None:
    ko = KnockoutGame(2, seed=1)
    for code in ("BJ", "lj", BIG_JOKER):
        assert ko.why_illegal(code)
        with pytest.raises(IllegalMove):
            ko.play(code)
    # A record's deal naming a joker is refused in one line, not dealt.
    ko = KnockoutGame(2, auto_chance=False)
    hands = [["BJ", *[c.code for c in ALL_CARDS[:6]]], [c.code for c in ALL_CARDS[6:13]]]
    with pytest.raises(IllegalMove, match="joker"):
        ko.deal(hands, turn_up="AC")
    german = GermanGame(seed=2)
    assert german.why_illegal("LJ")
    german = GermanGame(auto_chance=False)
    codes = [c.code for c in ALL_CARDS]
    with pytest.raises(IllegalMove, match="joker"):
        german.deal([["LJ", *codes[1:13]], codes[13:26]], codes[26:])


# ------------------------------------------------------------------ the bids
def test_the_ladder_runs_high_low_no_trump_at_each_level() -> None:
    codes = [b.code for b in BIDS]
    assert codes[:6] == ["3", "3L", "3NT", "4", "4L", "4NT"] and codes[-1] == "7NT"
    assert len(BIDS) == 15 and BID_KINDS == (UPTOWN, DOWNTOWN, NOTRUMP)
    for i, bid in enumerate(BIDS):
        level, kind = bid_parts(bid)
        assert bid_call(level, kind) is bid and (level, BID_KINDS.index(kind)) == (
            3 + i // 3,
            i % 3,
        )
        assert Call(bid.code.lower()) is bid
    assert Call("HIGH") is HIGH and Call("low") is LOW
    with pytest.raises(ValueError):
        bid_call(8, UPTOWN)
    with pytest.raises(ValueError):
        bid_call(4, "sideways")


def test_each_player_bids_once_from_eldest_each_bid_higher() -> None:
    game = start({}, [])
    assert game.to_move == 0 and game.legal_moves() == [PASS, *BIDS]
    game.play("4")
    assert game.to_move == 1 and game.legal_moves() == [PASS, *BIDS[4:]]
    assert refused(game, "4") == "4 uptown is already the bid to beat: bid higher or pass"
    assert refused(game, "3NT") == "3 no trump is not higher than the bid so far, 4 uptown"
    assert refused(game, "3L") == "3 downtown is not higher than the bid so far, 4 uptown"
    game.play("4NT")
    game.play("pass")
    assert game.legal_moves() == [PASS, *BIDS[6:]]
    game.play("5L")  # the dealer may overcall
    log = game.log
    assert game.phase is TRUMP and log.declarer == 3 and log.contract is Call("5L")
    assert [m.code for _s, m in log.calls] == ["4", "4NT", "pass", "5L"]
    assert game.to_move == 3


def test_after_one_round_the_highest_bid_wins_even_if_the_dealer_passes() -> None:
    game = start({}, ["pass", "3L", "pass", "pass"])
    assert game.log.declarer == 1 and game.log.contract is Call("3L") and game.to_move == 1


def test_dealer_must_bid_when_the_first_three_pass() -> None:
    game = start({}, ["pass", "pass", "pass"])
    assert game.to_move == 3 and PASS not in game.legal_moves()
    assert game.legal_moves() == list(BIDS)  # any bid, not only the lowest
    message = refused(game, "pass")
    assert message == "the first three players passed: the dealer, Player 4, must bid"
    game.play("3")
    assert game.log.declarer == 3 and game.phase is TRUMP


def test_min_bid_four() -> None:
    game = start({}, [], min_bid=4)
    assert game.legal_moves() == [PASS, *BIDS[3:]]
    assert refused(game, "3NT") == "the lowest bid is 4"
    for call in ("pass", "pass", "pass"):
        game.play(call)
    assert game.legal_moves() == list(BIDS[3:])


def test_bidding_refuses_cards_and_other_calls() -> None:
    game = start({0: "AS"}, [])
    for move in ("AS", "S", "high", "BJ"):
        assert "must bid or pass now" in refused(game, move)
    assert "turn" in refused(game, "4", seat=2)
    assert "unknown move" in refused(game, "8NT")


# ------------------------------------------------------------------ trumps, kitty, discards
def test_a_trump_bid_names_a_suit() -> None:
    game = start({}, ["4L", "pass", "pass", "pass"])
    assert game.legal_moves() == list(TRUMP_CALLS)
    assert refused(game, "high") == (
        "Player 1 bid 4 downtown: name the trump suit, spades, hearts, diamonds or clubs"
    )
    assert game.contract_text() == "Player 1 bid 4 downtown: needs 10 books"
    game.play("H")
    assert game.trump is H and game.log.trump is H and game.low
    assert game.phase is DISCARD and game.to_move == 0
    assert game.contract_text() == "Player 1 bid 4 downtown in ♥: needs 10 books"


def test_a_no_trump_bid_names_high_or_low() -> None:
    game = start({}, ["pass", "3NT", "pass", "pass"])
    assert game.legal_moves() == [HIGH, LOW] and game.to_move == 1
    assert refused(game, "S") == "Player 2 bid no trump: say uptown or downtown"
    assert game.contract_text() == "Player 2 bid 3 no trump: needs 9 books"
    game.play("low")
    assert game.trump is None and game.low and game.phase is DISCARD
    assert game.contract_text() == "Player 2 bid 3 no trump, downtown: needs 9 books"


def test_the_declarer_takes_the_kitty_and_discards_any_six_cards() -> None:
    given = {0: "AS KS", "kitty": "BJ LJ 2H 3H 4H 5H"}
    game = start(given, ["3", "pass", "pass", "pass", "S"])
    hand = game.hand(0)
    assert len(hand) == 18 and {BIG_JOKER, LITTLE_JOKER, Card("2H")} <= set(hand)
    assert game.legal_moves() == hand  # any card, jokers too
    assert game.books(0) == 0
    assert refused(game, "pass") == "Player 1 must discard 6 cards face down before the play"
    for code in ("BJ", "AS", "2H", "3H"):
        game.play(code)
        assert game.phase is DISCARD
    assert refused(game, "pass") == "Player 1 must discard 2 more cards face down"
    game.play("4H")
    assert refused(game, "AS") == "Player 1 does not hold A♠"
    assert refused(game, "pass") == "Player 1 must discard 1 more card face down"
    game.play("KS")
    assert game.discards == cards("BJ AS 2H 3H 4H KS")
    assert len(game.hand(0)) == 12 and BIG_JOKER not in game.hand(0)
    # The discards are the declaring side's first book; the declarer leads.
    assert game.phase is PLAY and game.to_move == 0 == game.log.leader
    assert game.books(0) == 1 and game.books(1) == 0 and game.log.tricks_won == [0] * 4
    assert "the discards count as the declaring side's first book" in game.log.notes


def test_the_kitty_is_shown_to_everybody_in_a_trump_contract() -> None:
    game = start({}, ["3", "pass", "pass", "pass"])
    assert all(game.view(s).kitty is None for s in range(4))  # not before trumps
    game.play("C")
    kitty = game.kitty
    assert all(game.view(s).kitty == kitty for s in range(4))
    assert "the kitty was shown to everybody" in game.log.notes


@pytest.mark.parametrize(
    "calls, rules",
    [
        (["3NT", "pass", "pass", "pass", "high"], {}),
        (["3", "pass", "pass", "pass", "C"], {"sport_kitty": False}),
    ],
)
def test_the_kitty_stays_hidden_at_no_trump_or_without_sport_kitty(
    calls: list, rules: dict
) -> None:
    game = start({}, calls, **rules)
    assert game.view(0).kitty == game.kitty
    assert all(game.view(s).kitty is None for s in (1, 2, 3))
    assert "the kitty was shown to everybody" not in game.log.notes


def test_the_discards_are_hidden_from_everybody_but_the_declarer() -> None:
    game = start({}, ["3", "pass", "pass", "pass", "C", "kitty"])
    me, other = game.view(0), game.view(2)
    assert isinstance(me, BidWhistView) and me.discards == game.kitty
    assert [m for _s, m in me.calls][-6:] == game.kitty
    assert other.discards is None and all(isinstance(m, Call) for _s, m in other.calls)
    assert me.books == (1, 0) and other.contract_text == "Player 1 bid 3 uptown in ♣: needs 9 books"


# ------------------------------------------------------------------ ranking in trumps
@pytest.mark.parametrize(
    "low, trick, winner",
    [
        (False, "AH LJ KH BJ", 3),  # big joker > little joker > ace of trumps
        (False, "KH LJ AH 2H", 1),  # the little joker beats the ace
        (False, "QH 2H KH 3H", 2),  # uptown: high trumps win
        (False, "9C 2H AC KC", 1),  # the lowest trump beats the led suit's ace
        (False, "9C 8D AC KC", 2),  # a third suit never wins
        (True, "KH 2H AH 3H", 2),  # downtown: the ace stays high
        (True, "KH 3H QH 2H", 3),  # downtown: 2 beats 3 beats Q beats K
        (True, "AH LJ 2H BJ", 3),  # the jokers top the trumps downtown too
        (True, "KC QC 2C 3C", 2),  # downtown in the side suits too
    ],
)
def test_trump_ranking(low: bool, trick: str, winner: int) -> None:
    plays = trick.split()
    given = {seat: plays[seat] for seat in range(4)}
    calls = ["3L" if low else "3", "pass", "pass", "pass", "H", "kitty"]
    game = start(given, calls, void={1: "C"} if not plays[1].endswith("C") else {})
    assert game.low is low
    assert play_trick(game, trick) == winner
    assert winner == oracle_winner(list(enumerate(cards(trick))), H, low)


def test_a_joker_counts_as_a_trump_for_following_suit() -> None:
    # Seat 1 holds hearts (trumps) and a club: on a heart lead the little joker is a
    # trump, so it may be played; the club may not.
    game = start({0: "AH", 1: "LJ 2H 2C"}, HEARTS, void={1: "H"})
    game.play("AH")
    assert game.legal_moves() == [LITTLE_JOKER, Card("2H")]
    assert refused(game, "2C") == "must follow ♥: you hold Little Joker 2♥"
    # A player whose only trump is a joker must play it.
    game = start({0: "AH", 1: "BJ"}, HEARTS, void={1: "H"})
    game.play("AH")
    assert game.legal_moves() == [BIG_JOKER]


def test_a_joker_may_be_played_when_void_in_the_led_suit_and_wins() -> None:
    game = start({0: "AC", 1: "LJ 2H", 2: "KC", 3: "QC"}, HEARTS, void={1: "C"})
    game.play("AC")
    assert LITTLE_JOKER in game.legal_moves() and Card("2H") in game.legal_moves()
    assert play_trick(game, "LJ KC QC") == 1


def test_a_joker_led_leads_trumps() -> None:
    given = {0: "BJ", 1: "2H 2C", 2: "LJ", 3: "AC"}
    game = start(given, HEARTS, void={1: "H", 2: "H", 3: "H"})
    game.play("BJ")
    assert game.legal_moves() == [Card("2H")]
    assert refused(game, "2C") == "a joker leads trumps: follow with ♥, you hold 2♥"
    game.play("2H")
    assert game.legal_moves() == [LITTLE_JOKER]  # the little joker is seat 2's only trump
    game.play("LJ")
    assert Card("AC") in game.legal_moves()  # seat 3 has no trump: any card
    game.play("AC")
    assert game.tricks[0].winner == 0


# ------------------------------------------------------------------ ranking at no trump
@pytest.mark.parametrize(
    "low, trick, winner",
    [
        (False, "KD 2D AD 3D", 2),  # high: the ace
        (False, "9D AS 10D 2C", 2),  # no trumps: other suits never win
        (True, "KD 3D QD 2D", 3),  # low: 2 beats 3
        (True, "KD 3D AD 2D", 2),  # low: the ace stays high
    ],
)
def test_no_trump_ranking(low: bool, trick: str, winner: int) -> None:
    plays = trick.split()
    given = {seat: plays[seat] for seat in range(4)}
    void = {s: "D" for s in range(4) if not plays[s].endswith("D")}
    game = start(given, no_trump("low" if low else "high"), void=void)
    assert play_trick(game, trick) == winner
    assert winner == oracle_winner(list(enumerate(cards(trick))), None, low)


def test_at_no_trump_a_joker_never_wins_and_is_played_only_when_void() -> None:
    given = {0: "2D", 1: "BJ 3D", 2: "LJ", 3: "4S"}
    game = start(given, no_trump("high"), void={1: "D", 2: "D", 3: "D"})
    game.play("2D")
    assert BIG_JOKER not in game.legal_moves()  # seat 1 can follow diamonds
    assert refused(game, "BJ") == (
        "at no trump a joker may be played only when you cannot follow ♦: you hold 3♦"
    )
    game.play("3D")
    assert LITTLE_JOKER in game.legal_moves()  # seat 2 has no diamond
    assert play_trick(game, "LJ 4S") == 1  # the 3♦ wins: the joker never does


def test_at_no_trump_a_joker_led_lets_the_next_card_set_the_suit() -> None:
    game = start({0: "LJ", 1: "5C", 2: "2C 9C", 3: "AC"}, no_trump("high"))
    game.play("LJ")
    assert game.legal_moves() == game.hand(1)  # no suit to follow yet
    game.play("5C")
    assert set(game.legal_moves()) == {c for c in game.hand(2) if c.suit is C}
    assert play_trick(game, "9C AC") == 3


def test_at_no_trump_both_jokers_first_the_third_card_sets_the_suit() -> None:
    game = start({0: "BJ", 1: "LJ 3H", 2: "2H", 3: "AH 2S"}, no_trump("low"))
    game.play("BJ")
    game.play("LJ")  # nothing to follow yet: the other joker may be played
    assert game.legal_moves() == game.hand(2)
    game.play("2H")
    assert Card("2S") not in game.legal_moves()
    game.play("AH")
    assert game.tricks[0].winner == 3  # low, but the ace stays high
    assert game.tricks[0].winner == oracle_winner(game.tricks[0].plays, None, True)


def test_play_refuses_calls_and_cards_not_held() -> None:
    game = start({0: "AS"}, ["3", "pass", "pass", "pass", "S", "kitty"])
    assert refused(game, "pass") == "cards are being played now: pass is not a card"
    assert refused(game, "BJ") == "Player 1 does not hold Big Joker"
    assert "turn" in refused(game, "AS", seat=1)


# ------------------------------------------------------------------ scoring
def test_made_scores_one_point_per_book_over_six() -> None:
    game = new_game()
    play_forced(game, 11, "4")  # 12 books against 10 needed
    assert game.log.points == [6, 0] and game.scores == [6, 0]
    assert "contract made: one point for each book over six" in game.log.notes
    assert game.phase is DEAL and game.chance_pending == "deal"


def test_made_exactly() -> None:
    game = new_game()
    play_forced(game, 9, "4L")  # 10 books: exactly the bid, downtown
    assert game.scores == [4, 0]


def test_failed_loses_the_number_bid() -> None:
    game = new_game()
    play_forced(game, 9, "5")  # 10 books against 11
    assert game.log.points == [-5, 0] and game.scores == [-5, 0]
    assert "contract failed: the declaring side loses the number bid" in game.log.notes


@pytest.mark.parametrize("points, expected", [(7, 7), (28, 28)])
def test_boston_all_thirteen_books(points: int, expected: int) -> None:
    game = new_game(boston_points=points, target=50)
    play_forced(game, 12, "3", trump=D)
    assert game.scores == [expected, 0]
    assert "Boston: the declaring side took all 13 books" in game.log.notes


def nt_game(keep: int, bid: str, direction: str = "high", **rules: Any) -> BidWhistGame:
    """A no-trump deal (``keep`` 9..12) in which seat 0 keeps its ``keep`` top spades
    and the lowest hearts; nobody else holds a spade; seat 1 holds the other hearts.
    Seat 0 plays its first legal card, the others their last (their lowest): seat 0
    cashes its spades, then seat 1 wins every heart — ``keep + 1`` books."""
    spades = [c for c in ALL_CARDS if c.suit is S][::-1]  # ace first
    low_hearts = cards("2H 3H 4H")
    kept = spades[:keep] + low_hearts[: 12 - keep]
    kitty = spades[keep:] + list(JOKERS) + low_hearts[12 - keep :]
    hands, kitty = layout(
        {
            0: " ".join(c.code for c in kept),
            1: "AH KH QH JH 10H 9H 8H 7H 6H 5H AD KD",
            "kitty": " ".join(c.code for c in kitty),
        }
    )
    game = new_game(**rules)
    game.deal(hands, kitty=kitty)
    for call in [bid, "pass", "pass", "pass", direction, *kitty]:
        game.play(call)
    log = game.log
    while game.phase is PLAY and game.log is log:
        moves = game.legal_moves()
        game.play(moves[0] if game.to_move == 0 else moves[-1])
    assert game.books(0, log) == keep + 1
    return game


def test_no_trump_doubles_a_made_contract() -> None:
    game = nt_game(10, "4NT", target=30)  # 11 books against 10: (11 - 6) x 2
    assert game.scores == [10, 0] and game.log.points == [10, 0]
    assert "no trump: the score is doubled" in game.log.notes


def test_no_trump_doubles_a_failure() -> None:
    game = nt_game(9, "5NT", "high", target=30)  # 10 books against 11
    assert game.scores == [-10, 0]


def test_no_trump_boston_is_doubled_too() -> None:
    game = nt_game(12, "3NT", "low", target=30)
    assert game.scores == [14, 0] and game.log.points == [14, 0]


def test_only_the_declaring_side_scores() -> None:
    game = new_game(dealer=0)
    hands, kitty = forced_deal(4)  # seat 0 takes 4 tricks, seat 1's side 8
    game.deal(hands, kitty=kitty)
    for call in ["pass", "pass", "pass", "3", "S", *kitty]:  # dealer 0, forced to bid
        game.play(call)
    play_out(game, random.Random(1))
    assert game.scores == [-3, 0]  # the opponents' eight books score nothing


# ------------------------------------------------------------------ the end of the game
def test_reaching_the_target_wins() -> None:
    game = new_game()
    play_forced(game, 11, "4")  # seat 0's side: 12 books, +6
    assert game.scores == [6, 0] and not game.is_over()
    assert game.dealer == 0  # the deal passes left
    play_forced(game, 9, "3")  # seat 1's side: 10 books, +4
    assert game.scores == [6, 4] and not game.is_over()
    play_forced(game, 9, "3")  # seat 2, for side 0: +4, 10 >= 7
    outcome = game.outcome()
    assert game.phase is OVER and outcome.winner == 0 and outcome.scores == [10, 4]
    assert outcome.by_partnership and outcome.deals == 3
    assert refused(game, "AS") == "the game is over"
    hands, kitty = forced_deal(3)
    with pytest.raises(SetupError, match="only before a deal starts"):
        game.deal(hands, kitty=kitty)


def test_a_lower_target() -> None:
    game = new_game(target=5)
    play_forced(game, 10, "4")  # +5: the target
    assert game.outcome().winner == 0 and game.scores == [5, 0]


def test_reaching_minus_the_target_loses() -> None:
    game = new_game(target=5)
    play_forced(game, 9, "5")  # -5
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.scores == [-5, 0]


def test_rules_are_checked() -> None:
    for bad in ({"min_bid": 5}, {"sport_kitty": 1}, {"boston_points": 0}, {"target": "7"}):
        with pytest.raises(SetupError) as info:
            BidWhistRules(**bad)
        assert "\n" not in str(info.value)
    with pytest.raises(SetupError, match="unknown rule option"):
        BidWhistRules.from_dict({"jokers": 1})
    rules = BidWhistRules(min_bid=4, sport_kitty=False, boston_points=28, target=11)
    assert BidWhistRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(SetupError, match="exactly 4 players"):
        BidWhistGame(players=3)


# ------------------------------------------------------------------ undo and clone
def test_undo_and_clone_are_exact_through_whole_games() -> None:
    rng = random.Random(7)
    for seed in range(6):
        game = BidWhistGame(seed=seed, first_dealer=seed % 4)
        history = [snapshot(game)]
        while not game.is_over() and len(history) < 400:
            game.play(rng.choice(game.legal_moves()))
            history.append(snapshot(game))
            if len(history) % 17 == 0:
                twin = game.clone()
                assert snapshot(twin) == history[-1]
                if twin.legal_moves():
                    twin.play(twin.legal_moves()[0])
                    assert snapshot(game) == history[-1]  # the clone is independent
        for expected in reversed(history[:-1]):
            game.undo()
            assert snapshot(game) == expected
        with pytest.raises(IllegalMove, match="no move to undo"):
            game.undo()


def test_the_string_and_view() -> None:
    game = BidWhistGame(seed=3, players=["Ann", "Bo", "Cy", "Di"])
    assert str(game) == "Bid whist: Ann & Cy / Bo & Di; scores [0, 0]"
    view = game.view(1)
    assert view.hand == game.hand(1) and view.phase is BID and view.contract_text == ""
    with pytest.raises(SetupError):
        game.view(4)


# ------------------------------------------------------------------ property tests
def deal_low(log: Any) -> bool:
    """Whether low cards won in a deal, read from its calls."""
    code = log.contract.code
    if code.endswith("NT"):
        return any(m.code == "low" for _s, m in log.calls)
    return code.endswith("L")


def check_deal(game: BidWhistGame, number: int, scores: list[int]) -> None:
    """Deal ``number`` (1-based) was played and scored as the rules say."""
    log = game.deals[number - 1]
    assert [len(h) for h in log.hands] == [12] * 4 and len(log.extra["kitty"]) == 6
    assert len(log.tricks) == 12 and all(len(t.plays) == 4 for t in log.tricks)
    low = deal_low(log)
    for trick in log.tricks:
        assert trick.winner == oracle_winner(trick.plays, log.trump, low)
    assert sum(log.tricks_won) == 12
    assert game.books(0, log) + game.books(1, log) == 13  # the kitty is a book
    assert len([m for _s, m in log.calls if isinstance(m, Card)]) == 6
    side = log.declarer % 2
    gained = oracle_points(game, number)
    assert log.points == [gained if s == side else 0 for s in (0, 1)]
    scores[side] += gained


def random_game(seed: int, pass_bias: float, rules: BidWhistRules) -> BidWhistGame:
    """Play a whole game with random moves (passing with probability ``pass_bias``
    in the auction), checking every card's legality and every deal against the oracle."""
    rng = random.Random(seed)
    game = BidWhistGame(rules, seed=seed, first_dealer=seed % 4)
    scores = [0, 0]
    checked = 0
    while not game.is_over():
        moves = game.legal_moves()
        if game.phase is PLAY:
            plays = [c for _s, c in game.trick.plays]
            assert set(moves) == oracle_legal(game.hand(game.to_move), plays, game.trump)
        if game.phase is BID and PASS in moves and rng.random() < pass_bias:
            game.play(PASS)
        else:
            game.play(rng.choice(moves))
        while checked < len(game.deals) and game.deals[checked].points is not None:
            checked += 1
            check_deal(game, checked, scores)
            assert game.scores == scores
    return game


@st.composite
def bid_whist_rules(draw: Any) -> BidWhistRules:
    return BidWhistRules(
        min_bid=draw(st.sampled_from([3, 4])),
        sport_kitty=draw(st.booleans()),
        boston_points=draw(st.sampled_from([7, 28])),
        target=draw(st.sampled_from([7, 7, 11, 21])),
    )


@fast(500)
@given(st.integers(0, 2**32), st.sampled_from([0.0, 0.5, 0.8, 0.95]), bid_whist_rules())
def test_random_games_finish_and_score_as_the_rules_say(
    seed: int, pass_bias: float, rules: BidWhistRules
) -> None:
    # Four games an example: 2000 games in all, each checked card by card and deal by
    # deal against the oracle (random_game), then at its end here.
    for game_seed in range(seed, seed + 4):
        game = random_game(game_seed, pass_bias, rules)
        outcome = game.outcome()
        assert outcome is not None and outcome.scores == game.scores
        target = rules.target
        winner = outcome.winner
        assert game.scores[winner] >= target or game.scores[1 - winner] <= -target
        # Before the last deal neither side had reached the target either way.
        last = game.deals[-1].points
        before = [a - b for a, b in zip(game.scores, last, strict=True)]
        assert all(-target < x < target for x in before)
        assert all(log.points is not None for log in game.deals)


@fast(300)
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_random_prefixes_undo_and_clone(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    game = BidWhistGame(seed=seed)
    play_randomly(game, rng, steps)
    before = snapshot(game)
    twin = game.clone()
    assert snapshot(twin) == before
    if not game.is_over():
        move = rng.choice(game.legal_moves())
        game.play(move)
        assert game.undo() == move
        assert snapshot(game) == before


def test_bids_by_name_and_an_unknown_move_names_the_calls() -> None:
    assert [bid_name(b) for b in BIDS[:3]] == ["3 uptown", "3 downtown", "3 no trump"]
    assert bid_name(Call("7NT")) == "7 no trump" and bid_name(PASS) == "pass"
    game = start({}, [])
    message = refused(game, "8NT")
    assert message.startswith("unknown move '8NT': write a card like AS, 10H or QD")
    assert message.endswith("or a call like pass, 4, 4L, 4NT, S, high, low")
    set_language("fr")
    try:
        assert bid_name(Call("4L")) == "4 bas" and bid_name(Call("5")) == "5 haut"
    finally:
        set_language("en")
