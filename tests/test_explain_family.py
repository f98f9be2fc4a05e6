"""Explanations for the whist family (partnership whist, solo whist, bid whist), in
positions set by hand: following suit, void hands trumping or discarding, a partner
winning, leading, bids open and closed with their reasons, misère, bid whist's jokers
and downtown — then over random games of each, in English, Spanish and French.

Seats are 0..3 clockwise and the first dealer is seat 0, so seat 1 (eldest) bids and
leads first; "Player n" is seat n - 1.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from family_helpers import BW_KITTY, NEW_GAMES, bidwhist, solo, whist

from kowhist_teach.core.cards import Card
from kowhist_teach.core.moves import PASS, TRUMP_CALLS
from kowhist_teach.games.family.bidwhist.engine import HIGH, LOW, BidWhistGame
from kowhist_teach.games.family.engine import FamilyGame, FamilyPhase
from kowhist_teach.games.family.solo.engine import BIDS as SOLO_BIDS
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
from kowhist_teach.i18n import set_language
from kowhist_teach.teach.explain import (
    MoveExplanation,
    explain_deal,
    explain_moves,
    explain_round,
    explain_trick,
)


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def contract(bid: str, trump: str) -> str:
    """Seat 1 bids, the others pass, seat 1 names trumps (or high/low) and discards
    the kitty: seat 1 then leads with the hand above."""
    return f"{bid} pass pass pass {trump} {BW_KITTY}"


def by_code(notes: list[MoveExplanation]) -> dict[str, MoveExplanation]:
    return {n.move.code: n for n in notes}


def check_consistent(game: FamilyGame, notes: list[MoveExplanation]) -> None:
    """Every explanation agrees with the engine: legal exactly when the move is legal,
    and every legal move is explained."""
    legal = set(game.legal_moves())
    assert legal <= {n.move for n in notes}
    for note in notes:
        assert note.legal == (note.move in legal), note
        assert note.reason and not note.reason[0].islower() and note.reason.endswith("."), note
        if not note.legal:
            # The engine's reason, or (cards) the same rule said to "you".
            why = game.why_illegal(note.move)
            assert why and (
                note.reason == why[0].upper() + why[1:] + "."
                or note.reason.endswith("you must follow suit.")
            ), note


# ------------------------------------------------------------ partnership whist
def test_leading_explains_every_card() -> None:
    game = whist()
    notes = by_code(explain_moves(game))
    assert set(notes) == {c.code for c in game.hand(1)}
    assert all(n.legal for n in notes.values())
    assert notes["QS"].reason == (
        "You lead this trick, so any card may be led; "
        "Q♠ leads spades: the others must follow suit if they can."
    )
    assert "6♦ leads trumps: the others must follow with a trump if they can" in notes["6D"].reason
    assert notes["QS"].effect.startswith("Q♠ leads spades")


def test_must_follow_suit() -> None:
    game = whist("QS")
    notes = by_code(explain_moves(game))
    check_consistent(game, list(notes.values()))
    for code in ("9S", "8S", "7S"):
        assert notes[code].legal
        assert notes[code].reason.startswith(
            "Spades were led and you hold some, so you must play one; "
        )
        assert "cannot beat the Q♠ on the table" in notes[code].reason
    assert not notes["KH"].legal
    assert notes["KH"].reason == "Spades were led and you hold 9♠ 8♠ 7♠: you must follow suit."


def test_partner_winning_no_need_to_beat_it() -> None:
    game = whist("QS 9S")  # seat 3 plays to their partner's Q♠, seat 0 still to play
    notes = by_code(explain_moves(game))
    assert notes["6S"].reason == (
        "Spades were led and you hold some, so you must play one; "
        "your partner's Q♠ is winning: no need to beat it."
    )
    assert "partner" not in " ".join(n.reason for n in explain_moves(whist("QS")))
    # Seat 0 plays last, against the Q♠: the ace wins the trick.
    notes = by_code(explain_moves(whist("QS 9S 6S")))
    assert "A♠ beats the Q♠ on the table and wins the trick" in notes["AS"].reason
    assert "2♠ cannot beat the Q♠ on the table" in notes["2S"].reason


def test_partner_winning_when_playing_last() -> None:
    # Seat 0 wins the first trick and leads 2♥; seat 1's 10♥ wins so far, and seat 3,
    # seat 1's partner, plays last.
    game = whist("QS 9S 6S AS 2H 10H 7H")
    assert game.to_move == 3
    notes = by_code(explain_moves(game))
    assert "your partner's 10♥ wins the trick anyway: no need to beat it" in notes["3H"].reason
    assert (
        "A♥ overtakes your partner's 10♥: the trick is your side's either way" in notes["AH"].reason
    )
    assert not notes["KC"].legal and "you hold A♥ 3♥" in notes["KC"].reason


def test_void_may_trump_or_discard() -> None:
    # Trick 2 goes to seat 1 (10♥); seat 1 leads 3♣ and seat 3 wins with the J♣; seat 3
    # leads K♣ and seat 0, now void in clubs, may trump in or discard.
    game = whist("QS 9S 6S AS 2H 10H 7H 3H 3C 10C JC 2C KC")
    assert game.to_move == 0
    notes = by_code(explain_moves(game))
    check_consistent(game, list(notes.values()))
    assert all(n.legal for n in notes.values())
    assert notes["2D"].reason == (
        "You have no clubs, so you may play any card; "
        "2♦ trumps in: it wins unless someone over-trumps."
    )
    assert "K♠ is a discard: a card of a third suit never wins" in notes["KS"].reason
    # The trick: the only trump wins it, for seats 0 and 2.
    for move in ("2D", "4C", "7C"):
        game.play(move)
    trick = game.log.tricks[3]
    assert explain_trick(game, trick) == (
        "Player 1 won with 2♦: the only trump, and a trump beats every other suit; "
        "a trick for Player 1 and Player 3."
    )


def test_explain_trick_highest_of_suit_and_partnership() -> None:
    game = whist("QS 9S 6S AS")
    assert explain_trick(game, game.log.tricks[0]) == (
        "Player 1 won with A♠: the highest card of the suit led, and no trump was played; "
        "a trick for Player 1 and Player 3."
    )
    game = whist("QS 9S 6S AS 2H 10H 7H AH")
    assert explain_trick(game, game.log.tricks[1]).startswith("Player 4 won with A♥")
    assert explain_trick(game, game.log.tricks[1]).endswith("a trick for Player 2 and Player 4.")
    # Names given instead of the game's.
    names = ["Ann", "Bo", "Cy", "Di"]
    assert "a trick for Ann and Cy" in explain_trick(game, game.log.tricks[0], names)


def play_out(game: FamilyGame) -> None:
    """Play the deal in progress to its end, always the first legal move."""
    deals = len(game.deals)
    while game.to_move is not None and len(game.deals) == deals:
        game.play(game.legal_moves()[0])


def test_explain_deal_whist() -> None:
    game = whist()
    assert explain_deal(game) == []  # nothing scored yet
    play_out(game)
    log = game.deals[0]
    lines = explain_deal(game, log)
    won = log.side_tricks
    assert lines[0] == (
        f"Tricks: {won[0]} for Player 1 and Player 3, {won[1]} for Player 2 and Player 4."
    )
    assert "One point per odd trick: each trick over six." in lines
    # Seats 1 and 3 hold the A K Q of trumps: three honours.
    assert log.points is not None
    assert lines[-1] == (
        f"Points this deal: {log.points[0]} for Player 1 and Player 3, "
        f"{log.points[1]} for Player 2 and Player 4."
    )
    assert lines == explain_deal(game)  # the last deal scored, by default
    assert ("Three honours: 2 points." in lines) == ("three honours: 2 points" in log.notes)


def test_explain_deal_drive_and_game_end() -> None:
    game = WhistGame(WhistRules(drive=True, drive_deals=1), seed=3)
    play_out(game)
    lines = explain_deal(game)
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner is None:
        assert lines[-1] == "The game ends in a tie."
    else:
        side = ["Player 1 and Player 3", "Player 2 and Player 4"][outcome.winner]
        assert lines[-1] == f"{side} win the game."


# ------------------------------------------------------------------- solo whist
def test_solo_bids_open_and_closed() -> None:
    game = solo()
    notes = by_code(explain_moves(game))
    assert list(notes) == ["pass", *(b.code for b in SOLO_BIDS)]
    check_consistent(game, list(notes.values()))
    assert notes["solo"].legal
    assert notes["solo"].reason == "You must take at least 5 tricks with ♦ as trumps."
    assert "together you must take at least 8 tricks with ♦ as trumps" in notes["prop"].reason
    assert "lose every trick" in notes["misere"].reason
    assert "all 13 tricks" in notes["slam"].reason and "you lead first" in notes["slam"].reason
    assert not notes["cop"].legal and notes["cop"].reason == "There is no proposal to accept."
    game.play("misere")
    notes = by_code(explain_moves(game))
    check_consistent(game, list(notes.values()))
    assert not notes["solo"].legal
    assert notes["solo"].reason == "Solo is not higher than misère, the bid to beat."
    assert notes["abundance"].legal
    assert "at least 9 tricks, with trumps you name after the auction" in notes["abundance"].reason


def test_solo_proposal_and_acceptance() -> None:
    game = solo("prop")
    notes = by_code(explain_moves(game))
    assert notes["cop"].legal
    assert notes["cop"].reason.startswith("You join Player 2's proposal")


def test_abundance_names_trumps() -> None:
    game = solo("abundance pass pass pass")
    assert game.phase is FamilyPhase.TRUMP
    notes = by_code(explain_moves(game))
    assert set(notes) == {c.code for c in TRUMP_CALLS}
    assert all(n.legal for n in notes.values())
    assert notes["H"].reason == (
        "You won the auction, so you name trumps: hearts; you hold 3 hearts."
    )


def test_misere_effects_for_the_declarer() -> None:
    game = solo("misere pass pass pass")
    assert game.phase is FamilyPhase.PLAY and game.to_move == 1
    notes = by_code(explain_moves(game))
    assert "in a misère you want someone else to win it" in notes["3C"].reason
    # Seat 3 wins the first trick and leads the 3♠; seat 1 plays third.
    for move in ("3C", "10C", "JC", "2C", "3S"):
        game.play(move)
    low = solo("misere pass pass pass 3C 10C JC 2C 3S AS")
    notes = by_code(explain_moves(low))
    assert notes["10S"].reason.endswith(
        "10♠ stays below the A♠: you do not take the trick, as a misère needs."
    )
    game.play("2S")
    notes = by_code(explain_moves(game))
    assert "Q♠ would be winning the trick: a misère is lost" in notes["QS"].reason
    # The defenders are not partners in a misère: no "no need to beat it".
    game.play("QS")
    assert not any("no need" in n.reason for n in explain_moves(game))


def test_solo_defenders_are_on_one_side() -> None:
    # Seat 1 plays solo; seat 2 wins the first trick so far, and seats 3 and 0 are
    # seat 2's partners against the soloist.
    game = solo("solo pass pass pass 3C 10C")
    notes = by_code(explain_moves(game))
    assert "Player 3's 10♣ is winning for your side: no need to beat it" in notes["JC"].reason or (
        "overtakes Player 3's 10♣" in notes["JC"].reason
    )
    assert "overtakes Player 3's 10♣: it wins unless someone goes higher" in notes["JC"].reason
    game.play("JC")
    notes = by_code(explain_moves(game))
    assert "Player 4's J♣ wins the trick for your side anyway: no need to beat it" in (
        notes["2C"].reason
    )


def test_explain_deal_solo() -> None:
    game = solo("solo pass pass pass")
    play_out(game)
    log = game.deals[0]
    lines = explain_deal(game, log)
    took = log.tricks_won[1]
    assert lines[0] == f"Player 2 played solo, needing 5 tricks: took {took}."
    assert ("The contract is made." in lines) == (took >= 5)
    assert lines[-1].startswith("Points this deal: ")
    assert f"{log.points[1]:+d} for Player 2" in lines[-1]
    # Everybody passed: the deal is thrown in, and the note says so.
    game = solo("pass pass pass pass")
    assert explain_deal(game, game.deals[0]) == [
        "Everybody passed: the cards are thrown in.",
        "Points this deal: 0 for Player 1, 0 for Player 2, 0 for Player 3, 0 for Player 4.",
    ]


# -------------------------------------------------------------------- bid whist
def test_bidwhist_bids_open_and_closed() -> None:
    game = bidwhist()
    notes = explain_moves(game)
    check_consistent(game, notes)
    codes = by_code(notes)
    assert codes["pass"].legal and codes["4L"].legal
    assert codes["4L"].reason.startswith(
        # Without the bid's name: the button, the hint and the list of moves say it.
        "Your side must take at least 10 books, the kitty book included, low cards winning"
    )
    assert "no trumps" in codes["5NT"].reason and "doubled" in codes["5NT"].reason
    assert "high cards winning; you then name trumps" in codes["3"].reason
    game.play("4NT")
    codes = by_code(explain_moves(game))
    assert not codes["4"].legal
    assert codes["4"].reason == "4 uptown is not higher than the bid so far, 4 no trump."
    assert codes["4NT"].reason == "4 no trump is already the bid to beat: bid higher or pass."
    assert codes["5"].legal
    # The dealer must bid when the three others passed.
    game = bidwhist("pass pass pass")
    codes = by_code(explain_moves(game))
    assert not codes["pass"].legal
    assert codes["pass"].reason == "The first three players passed: the dealer, Player 1, must bid."


def test_bidwhist_high_or_low_and_discards() -> None:
    game = bidwhist("4NT pass pass pass")
    assert game.phase is FamilyPhase.TRUMP
    notes = by_code(explain_moves(game))
    check_consistent(game, list(notes.values()))
    assert notes[HIGH.code].legal and notes[LOW.code].legal
    assert "low cards win, but the ace is highest" in notes[LOW.code].reason
    assert not notes["H"].legal and notes["H"].reason == (
        "Player 2 bid no trump: say uptown or downtown."
    )
    game.play("low")
    assert game.phase is FamilyPhase.DISCARD
    notes = explain_moves(game)
    assert len(notes) == 18 and all(n.legal for n in notes)
    joker = by_code(notes)["BJ"]
    assert joker.reason.startswith(
        "You discard 6 cards face down, one at a time: they count as your side's first book"
    )
    assert "a joker never wins a trick" in joker.reason
    for code in ("BJ", "AH", "2S", "3S"):
        game.play(code)
    notes = by_code(explain_moves(game))
    assert notes["4S"].reason.startswith("You discard 2 more cards face down")
    game.play("4S")
    notes = by_code(explain_moves(game))
    assert notes["2C"].reason.startswith(
        "You discard 1 more card face down: it completes your side's first book"
    )


def test_bidwhist_joker_leads_trumps() -> None:
    game = bidwhist(contract("4", "H"))
    assert game.phase is FamilyPhase.PLAY and game.to_move == 1
    notes = by_code(explain_moves(game))
    assert (
        "Big Joker leads trumps: the others must follow with a trump if they can"
        in notes["BJ"].reason
    )
    assert "2♠ leads spades" in notes["2S"].reason and "downtown" not in notes["2S"].reason
    game.play("BJ")
    notes = by_code(explain_moves(game))
    check_consistent(game, list(notes.values()))
    assert notes["LJ"].legal and notes["JH"].legal  # a joker follows trumps
    assert "Little Joker cannot beat the Big Joker on the table" in notes["LJ"].reason
    assert not notes["KS"].legal
    assert (
        notes["KS"].reason == "A joker leads trumps: follow with ♥, you hold Little Joker J♥ 10♥."
    )
    for move in ("LJ", "9H", "7H"):
        game.play(move)
    assert explain_trick(game, game.log.tricks[0]) == (
        "Player 2 won with Big Joker, the highest trump of all; a trick for Player 2 and Player 4."
    )


def test_bidwhist_downtown() -> None:
    game = bidwhist(contract("4L", "H"))
    notes = by_code(explain_moves(game))
    assert notes["2S"].reason.endswith("(downtown: low cards win, but the ace is highest).")
    game.play("2S")
    notes = by_code(explain_moves(game))
    assert "K♠ cannot beat the 2♠ on the table" in notes["KS"].reason
    game.play("KS")
    notes = by_code(explain_moves(game))
    # Seat 3 is the leader's partner; the ace is still high downtown.
    assert "A♠ overtakes your partner's 2♠: it wins unless someone goes higher" in (
        notes["AS"].reason
    )
    assert "your partner's 2♠ is winning: no need to beat it" in notes["9S"].reason
    game.play("9S")
    game.play("6S")
    assert explain_trick(game, game.log.tricks[0]) == (
        "Player 2 won with 2♠: the best of the suit led downtown (A, then 2, 3 … K); "
        "a trick for Player 2 and Player 4."
    )


def test_bidwhist_jokers_at_no_trump() -> None:
    game = bidwhist(contract("4NT", "low"))
    notes = by_code(explain_moves(game))
    assert "Big Joker is led with no trumps: it cannot win" in notes["BJ"].reason
    game.play("BJ")
    notes = by_code(explain_moves(game))
    assert all(n.legal for n in notes.values())
    assert notes["KS"].reason.startswith("No suit was led, so you may play any card")
    # With a suit led, a joker may not be played by a player who can follow.
    game = bidwhist(contract("4NT", "low") + " 2S")
    notes = by_code(explain_moves(game))
    assert not notes["LJ"].legal
    assert notes["LJ"].reason.startswith(
        "At no trump a joker may be played only when you cannot follow ♠"
    )


def test_bidwhist_joker_discarded_when_void() -> None:
    """At no trump a void player's joker is legal and can only be a discard."""
    rng = random.Random(11)
    for seed in range(300):
        game = BidWhistGame(seed=seed)
        while not game.is_over() and len(game.deals) == 1:
            if (
                game.phase is FamilyPhase.PLAY
                and game.trump is None
                and game.trick.plays
                and game._led_suit(game.trick) is not None
                and game.trick.winner % 2 != game.to_move % 2
            ):
                jokers = [m for m in game.legal_moves() if isinstance(m, Card) and m.is_joker]
                if jokers:
                    note = by_code(explain_moves(game))[jokers[0].code]
                    assert note.legal
                    assert "cannot win: with no trumps a joker is only a discard" in note.reason
                    return
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no joker discarded at no trump in 300 deals")


def test_explain_deal_bidwhist() -> None:
    game = bidwhist(contract("4", "H"))
    play_out(game)
    log = game.deals[0]
    lines = explain_deal(game, log)
    assert "Player 2 bid 4 uptown in ♥: needs 10 books." in lines
    books = game.books(1, log)
    assert f"Player 2 and Player 4 took {books} books, the kitty book included." in lines
    made = books >= 10
    assert ("Contract made: one point for each book over six." in lines) == made
    assert ("Contract failed: the declaring side loses the number bid." in lines) == (not made)


# ------------------------------------------------------------- every position
def random_positions(game: FamilyGame, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if game.is_over():
            return
        yield game
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("make", NEW_GAMES.values(), ids=NEW_GAMES.keys())
def test_every_position_is_explained(make: Any, lang: str) -> None:
    """In random games: every move explained consistently with the engine, every
    finished trick and deal explained, in every language (the catalogues may not
    have the new sentences yet: then they read in English, which is fine)."""
    set_language(lang)
    rng = random.Random(hash(lang) % 1000)
    for seed in range(3):
        game = make(seed)
        for position in random_positions(game, rng, 200):
            notes = explain_moves(position)
            assert notes
            legal = set(position.legal_moves())
            assert {n.move for n in notes if n.legal} == legal
            assert all(isinstance(n.reason, str) and n.reason for n in notes)
            if position.phase is FamilyPhase.PLAY:
                assert {n.move for n in notes} == set(position.hand(position.to_move))
            for log in position.deals:
                for trick in log.tricks:
                    if len(trick.plays) == 4:
                        text = explain_trick(position, trick)
                        assert text and position.names[trick.winner] in text
        for log in game.deals:
            if log.points is not None:
                lines = explain_deal(game, log)
                assert lines and all(isinstance(line, str) and line for line in lines)


def test_nobody_to_move_gives_nothing() -> None:
    game = WhistGame(auto_chance=False)
    assert explain_moves(game) == []
    game = whist()
    assert explain_moves(game, seat=2) == []  # not seat 2's turn
    assert PASS not in {n.move for n in explain_moves(game)}


def test_explain_round_is_explain_deal_for_the_family() -> None:
    game = whist()
    play_out(game)
    assert explain_round(game, 0) == explain_deal(game, game.deals[0])
    assert explain_round(game) == explain_deal(game)


def test_over_trumping_found_in_random_deals() -> None:
    """A void player facing an opponent's trump on a plain-suit lead: each trump is
    explained as over-trumping or too low to, each other card as a discard."""
    rng = random.Random(4)
    for seed in range(200):
        game = WhistGame(seed=seed)
        while not game.is_over() and len(game.deals) == 1:
            trick = game.trick
            me = game.to_move
            if (
                trick.plays
                and trick.plays[0][1].suit != game.trump
                and trick.winning_card.suit == game.trump
                and trick.winner % 2 != me % 2
                and not any(c.suit == trick.plays[0][1].suit for c in game.hand(me))
                and any(c.suit == game.trump for c in game.hand(me))
            ):
                for note in explain_moves(game):
                    if note.move.suit == game.trump:
                        assert "over-trump" in note.effect, note
                    else:
                        assert "is a discard" in note.effect, note
                return
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no over-trumping position in 200 deals")


def test_one_card_of_a_suit_is_singular() -> None:
    # Seat 0 (Player 1) wins an abundance holding one club and four hearts.
    game = solo("pass pass pass abundance")
    assert game.phase is FamilyPhase.TRUMP and game.to_move == 0
    notes = by_code(explain_moves(game))
    assert notes["C"].reason == "You won the auction, so you name trumps: clubs; you hold 1 club."
    assert notes["H"].reason.endswith("you hold 5 hearts.")


def test_a_trump_discard_is_allowed_and_says_so() -> None:
    game = bidwhist("pass 4 pass pass S")
    assert game.phase is FamilyPhase.DISCARD
    notes = by_code(explain_moves(game))
    # K♠ is legal like every card: the reason must not read as a refusal.
    assert notes["KS"].legal and notes["KS"].reason.endswith(
        "K♠ is a trump: better kept, as it may win a trick, but you may discard it."
    )
    assert "goes out of play" in notes["5C"].reason


@pytest.mark.parametrize(
    ("lang", "big", "little"),
    [("en", "Big Joker", "Little Joker"), ("es", "Comodín Mayor", "Comodín Menor"),
     ("fr", "Grand Joker", "Petit Joker")],
)  # fmt: skip
def test_a_joker_is_named_in_words_not_by_its_code(lang: str, big: str, little: str) -> None:
    """Issue 25: a reader sees the jokers' names in their language in every sentence of
    bid whist (the story, the tricks, the explanations, the kitty), never the codes
    BJ / LJ, which stay for records and for typing a move."""
    import re

    from kowhist_teach.core.cards import BIG_JOKER, LITTLE_JOKER
    from kowhist_teach.core.registry import spec
    from kowhist_teach.teach.story import play_and_tell

    set_language(lang)
    try:
        assert (BIG_JOKER.label, str(LITTLE_JOKER)) == (big, little)
        assert (BIG_JOKER.code, LITTLE_JOKER.code) == ("BJ", "LJ")
        seen: list[str] = []
        for seed in (1, 2, 3):
            rng = random.Random(seed)
            game = spec("bidwhist").new_game(seed=seed)
            for _i in range(300):
                if game.is_over() or game.to_move is None:
                    break
                seen += [n.reason for n in explain_moves(game)]
                seen += play_and_tell(game, rng.choice(game.legal_moves()), every_card=True)
        text = "\n".join(seen)
        assert big in text or little in text
        assert not re.search(r"\b[BL]J\b", text), re.search(r".{60}\b[BL]J\b.{20}", text)
    finally:
        set_language("en")
