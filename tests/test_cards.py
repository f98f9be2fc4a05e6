"""Cards: parsing, formatting, identity, sorting, card sets (RULES.md preamble).

Card codes are rank then suit, always written ``AS``, ``10H``, ``QD``, ``2C``;
``TH``, lower case and the suit symbols are accepted on input.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from kowhist_teach import BadCard, Card, CardSet, Rank, Suit
from kowhist_teach.core.cards import (
    ALL_CARDS,
    BIG_JOKER,
    FULL_DECK,
    JOKER_MASK,
    JOKERS,
    LITTLE_JOKER,
    card_codes,
    cards_in,
    cards_of_suit,
    parse_card,
    parse_cards,
    shuffled_deck,
)

RANK_CODES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUIT_CODES = ["S", "H", "D", "C"]
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


# ------------------------------------------------------------------ parsing
@pytest.mark.parametrize(
    "text, code",
    [
        ("AS", "AS"),
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("Th", "10H"),
        ("10h", "10H"),
        ("qd", "QD"),
        ("2c", "2C"),
        ("As", "AS"),
        ("A♠", "AS"),
        ("10♥", "10H"),
        ("T♥", "10H"),
        ("q♦", "QD"),
        ("2♣", "2C"),
        ("k♤", "KS"),
        ("j♡", "JH"),
        ("9♢", "9D"),
        ("3♧", "3C"),
        ("  AS  ", "AS"),
        ("\t10h\n", "10H"),
    ],
)
def test_parse_accepts_every_documented_spelling(text: str, code: str) -> None:
    card = Card(text)
    assert card.code == code
    assert parse_card(text) is card


def test_all_52_codes_parse_and_print_back() -> None:
    seen = set()
    for s in SUIT_CODES:
        for r in RANK_CODES:
            card = Card(r + s)
            assert card.code == r + s
            assert str(card) == r + SYMBOLS[s]
            assert card.label == r + SYMBOLS[s]
            assert Card((r + s).lower()) is card
            assert Card(r + SYMBOLS[s]) is card
            seen.add(card)
    assert len(seen) == 52
    assert set(ALL_CARDS) == seen


def test_ten_is_always_written_10() -> None:
    for s in SUIT_CODES:
        card = Card("T" + s)
        assert card.code == "10" + s
        assert "T" not in card.code
        assert repr(card) == f"Card('10{s}')"
    assert Rank.TEN.code == "10"
    assert Rank.from_code("T") is Rank.TEN
    assert Rank.from_code("t") is Rank.TEN
    assert Rank.from_code("10") is Rank.TEN


@pytest.mark.parametrize(
    "bad",
    [
        "1Z",
        "",
        "   ",
        "11H",
        "1H",
        "A",
        "AX",
        "ZS",
        "10",
        "A S",
        "AS,",
        "ASS",
        "10 H",
        "0S",
        "AS KS",
        "♠A",
        "SA",
    ],
)
def test_bad_codes_give_a_one_line_message(bad: str) -> None:
    with pytest.raises(BadCard) as info:
        Card(bad)
    message = str(info.value)
    assert "\n" not in message
    assert repr(bad) in message
    assert "AS, 10H or QD" in message  # says how to write a card
    with pytest.raises(ValueError):  # a BadCard is a ValueError
        parse_card(bad)


@pytest.mark.parametrize("bad", [54, -1, 1.5, None, [], "Z", True])
def test_bad_values_are_refused(bad: object) -> None:
    with pytest.raises(BadCard) as info:
        Card(bad)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)


def test_parse_card_refuses_non_text() -> None:
    with pytest.raises(BadCard, match="written as text"):
        parse_card(5)  # type: ignore[arg-type]


def test_suit_and_rank_codes() -> None:
    assert [s.code for s in Suit] == SUIT_CODES
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    for s in Suit:
        assert Suit.from_code(s.code) is s
        assert Suit.from_code(s.code.lower()) is s
        assert Suit.from_code(s.symbol) is s
        assert str(s) == s.symbol
    assert [r.code for r in Rank] == RANK_CODES
    assert [int(r) for r in Rank] == list(range(2, 15))
    assert [r.is_picture for r in Rank] == [False] * 9 + [True] * 4
    with pytest.raises(BadCard, match="unknown suit"):
        Suit.from_code("X")
    with pytest.raises(BadCard, match="unknown rank"):
        Rank.from_code("1")


# --------------------------------------------------------------- identity, repr
def test_card_identity_and_attributes() -> None:
    c = Card("10H")
    assert c is Card("TH") is Card("10♥") is Card(c) is Card(int(c))
    assert c.rank is Rank.TEN and c.suit is Suit.HEARTS
    assert c.bit == 1 << int(c)
    assert Card.of(Rank.ACE, Suit.SPADES) is Card("AS")
    assert Card.of(14, 0) is Card("AS")
    assert int(Card("2S")) == 0 and int(Card("AS")) == 12 and int(Card("AC")) == 51
    assert hash(Card("QS")) == hash(Card("qs"))
    assert len({Card("QS"), Card("q♠"), Card("QS")}) == 1


def test_repr_pastes_back() -> None:
    for card in ALL_CARDS:
        text = repr(card)
        assert text == f"Card('{card.code}')"
        assert eval(text, {"Card": Card}) is card


def test_copies_and_pickles_keep_the_shared_instance() -> None:
    for card in (Card("AS"), Card("10H"), Card("2C")):
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy([Card("KD")])[0] is Card("KD")


# ------------------------------------------------------------------ sorting
def test_sorting_is_by_suit_then_rank() -> None:
    cards = [Card(c) for c in ["AC", "2S", "KH", "AS", "3S", "10D", "2C", "JH"]]
    # Cards compare as their index: spades, hearts, diamonds, clubs; low to high.
    assert card_codes(sorted(cards)) == ["2S", "3S", "AS", "JH", "KH", "10D", "2C", "AC"]
    assert Card("AS") > Card("KS") > Card("2S")
    assert Card("2H") > Card("AS")  # suit first
    # cards_in (hands as the engine lists them): ♠ ♥ ♦ ♣, high first within a suit.
    mask = sum(c.bit for c in cards)
    assert card_codes(cards_in(mask)) == ["AS", "3S", "2S", "KH", "JH", "10D", "AC", "2C"]
    assert cards_of_suit(mask, Suit.CLUBS) == (Card("AC"), Card("2C"))
    assert cards_of_suit(mask, Suit.DIAMONDS) == (Card("10D"),)
    assert cards_in(0) == []
    assert cards_in((1 << 52) - 1) == sorted(ALL_CARDS, key=lambda c: (c.suit, -c.rank))


def test_shuffled_deck_is_seeded() -> None:
    import random

    a = shuffled_deck(random.Random(5))
    b = shuffled_deck(random.Random(5))
    c = shuffled_deck(random.Random(6))
    assert a == b and a != c
    assert sorted(a) == list(ALL_CARDS)


# ------------------------------------------------------------------ jokers
def test_the_two_jokers_of_bid_whist() -> None:
    assert JOKERS == (LITTLE_JOKER, BIG_JOKER)
    assert Card(52) is LITTLE_JOKER and Card(53) is BIG_JOKER
    assert Card("LJ") is Card("lj") is Card(" Lj ") is LITTLE_JOKER
    assert Card("BJ") is Card("bj") is Card(BIG_JOKER) is BIG_JOKER
    assert (LITTLE_JOKER.code, BIG_JOKER.code) == ("LJ", "BJ")
    assert (str(LITTLE_JOKER), BIG_JOKER.label) == ("Little Joker", "Big Joker")
    for joker in JOKERS:
        assert joker.is_joker and joker.suit is None and joker.rank is None
        assert eval(repr(joker), {"Card": Card}) is joker
        assert copy.deepcopy(joker) is joker and pickle.loads(pickle.dumps(joker)) is joker
        assert joker.bit == 1 << int(joker) and JOKER_MASK & joker.bit
    assert BIG_JOKER > LITTLE_JOKER > Card("AC")
    assert not any(c.is_joker for c in ALL_CARDS)
    assert card_codes([BIG_JOKER, Card("AS")]) == ["BJ", "AS"]


def test_jokers_are_read_only_when_asked() -> None:
    # Only bid whist plays with jokers: elsewhere a joker's code is refused, saying so.
    for text in ("LJ", "bj"):
        with pytest.raises(BadCard) as info:
            parse_card(text)
        assert str(info.value) == f"{text!r} is a joker: this game is played without jokers"
    assert parse_card("bJ", jokers=True) is BIG_JOKER
    assert parse_cards("LJ AS", jokers=True) == [LITTLE_JOKER, Card("AS")]
    with pytest.raises(BadCard, match="joker"):
        parse_cards("LJ AS")
    with pytest.raises(BadCard, match="twice"):
        parse_cards("BJ bj", jokers=True)
    with pytest.raises(BadCard, match="joker"):
        CardSet.parse("AS BJ")


def test_the_52_card_pack_stays_without_jokers() -> None:
    import random

    assert len(ALL_CARDS) == 52 and FULL_DECK == (1 << 52) - 1 and not FULL_DECK & JOKER_MASK
    assert len(shuffled_deck(random.Random(1))) == 52
    # A card set's listing leaves the joker bits out (bid whist lists them itself).
    assert cards_in(JOKER_MASK | Card("2S").bit) == [Card("2S")]
    assert BIG_JOKER not in CardSet(JOKER_MASK) and list(CardSet(JOKER_MASK)) == []


# ------------------------------------------------------------- parse_cards
def test_parse_cards_string_and_list() -> None:
    assert parse_cards("AS 10h, QD") == [Card("AS"), Card("10H"), Card("QD")]
    assert parse_cards("  AS,KS ,  2♣ ") == [Card("AS"), Card("KS"), Card("2C")]
    assert parse_cards(["th", "A♠", Card("2C")]) == [Card("10H"), Card("AS"), Card("2C")]
    assert parse_cards("") == []
    assert parse_cards([]) == []


@pytest.mark.parametrize(
    "codes, twice",
    [("AS KS AS", "AS"), (["TH", "10h"], "10H"), ("QD q♦", "QD"), (["2C", Card("2C")], "2C")],
)
def test_parse_cards_refuses_duplicates(codes: object, twice: str) -> None:
    with pytest.raises(BadCard) as info:
        parse_cards(codes)  # type: ignore[arg-type]
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(twice + " ")
    assert "twice" in message


def test_parse_cards_reports_the_bad_code() -> None:
    with pytest.raises(BadCard, match="'1Z'"):
        parse_cards("AS 1Z KD")


# ------------------------------------------------------------------ CardSet
def test_cardset_basics() -> None:
    hand = CardSet.parse("AS KS 3H 10d")
    assert len(hand) == 4
    assert Card("KS") in hand and Card("10D") in hand
    assert Card("QS") not in hand
    assert "KS" not in hand  # only cards are members, not codes
    assert 99 not in hand and -1 not in hand
    assert list(hand) == [Card("AS"), Card("KS"), Card("3H"), Card("10D")]
    assert str(hand) == "A♠ K♠ 3♥ 10♦"
    assert repr(hand) == "CardSet('AS KS 3H 10D')"
    assert hand.of_suit(Suit.SPADES) == CardSet.parse("KS AS")
    assert hand.of_suit(Suit.CLUBS) == CardSet()
    assert len(CardSet()) == 0 and list(CardSet()) == []


def test_cardset_repr_pastes_back() -> None:
    # DESIGN §2: reprs paste back, like Card('QS'); the repr is CardSet('AS KS 3H 10D').
    for text in ("AS KS 3H 10D", "2C", ""):
        hand = CardSet.parse(text)
        assert eval(repr(hand), {"CardSet": CardSet}) == hand


def test_cardset_equality_and_hash() -> None:
    a = CardSet.parse("AS KS")
    b = CardSet([Card("KS"), Card("AS")])
    c = CardSet(Card("AS").bit | Card("KS").bit)
    assert a == b == c
    assert len({a, b, c}) == 1
    assert a != CardSet.parse("AS")
    assert a != a.mask  # not equal to a bare int


def test_cardset_parse_refuses_duplicates_and_bad_codes() -> None:
    with pytest.raises(BadCard, match="twice"):
        CardSet.parse("AS as")
    with pytest.raises(BadCard, match="unknown card code"):
        CardSet.parse("AS XX")
