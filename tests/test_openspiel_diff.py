"""Differential test: our trick play against OpenSpiel's ``oh_hell``.

Oh Hell and Knock-Out Whist share the trick core (follow suit if you can, the highest
trump wins, else the highest card of the suit led, the winner leads next), so on the
same deal, the same trump and the same cards played, the two engines must offer the
same legal cards at every turn and give every trick to the same seat.

How a deal is forced onto ``oh_hell`` (open_spiel/games/oh_hell/oh_hell.{h,cc}):

* its chance nodes are, in order: the number of tricks (one outcome when
  ``num_tricks_fixed`` is set), the dealer (action = seat), then ``players * tricks``
  cards dealt round-robin *from seat 0 whoever the dealer is* (the k-th card dealt goes
  to seat ``k % players``), then one more card whose suit is trumps;
* the player left of the dealer bids first and leads the first trick; bids are player
  actions ``52 + bid`` (any legal bid will do here);
* a card is ``rank * 4 + suit`` with rank 0 = two and suits ordered clubs, diamonds,
  spades, hearts — ours is ``suit * 13 + rank - 2`` with spades, hearts, diamonds, clubs.

``oh_hell`` takes 3 to 7 players, so 2-player rounds are not compared.
"""

from __future__ import annotations

import random

import pytest

from kowhist_teach.core.cards import ALL_CARDS, Card, Suit
from kowhist_teach.games.knockout.engine import KnockoutGame, Phase, Rules

pyspiel = pytest.importorskip("pyspiel")

# Our suit index -> oh_hell's suit index (clubs 0, diamonds 1, spades 2, hearts 3).
_OS_SUIT = {Suit.SPADES: 2, Suit.HEARTS: 3, Suit.DIAMONDS: 1, Suit.CLUBS: 0}
_OUR_SUIT = {v: k for k, v in _OS_SUIT.items()}
_NUM_CARDS = 52


def to_os(card: Card) -> int:
    """Our card as an ``oh_hell`` card action."""
    return (card % 13) * 4 + _OS_SUIT[card // 13]


def from_os(action: int) -> Card:
    """An ``oh_hell`` card action as our card."""
    return Card.of(action // 4 + 2, _OUR_SUIT[action % 4])


_GAMES: dict[tuple[int, int], object] = {}


def _oh_hell(players: int, tricks: int):
    key = (players, tricks)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    return _GAMES[key]


def _tricks_won(state) -> list[int]:
    """oh_hell's tricks-won counts, read from its state string."""
    for line in str(state).splitlines():
        if line.startswith("Tricks Won:"):
            return [int(x) for x in line.split(":", 1)[1].split()]
    raise AssertionError(f"no 'Tricks Won:' line in oh_hell's state:\n{state}")


def _fmt_cards(cards) -> str:
    return " ".join(c.code for c in cards)


class Mirror:
    """One round played in both engines at once; ``seats`` maps oh_hell seats to ours."""

    def __init__(
        self,
        game: KnockoutGame,
        seats: list[int],
        hands: list[list[Card]],
        trump_card: Card,
        os_dealer: int,
        rng: random.Random,
    ) -> None:
        self.game, self.seats, self.rng = game, seats, rng
        m, tricks = len(seats), game.hand_size
        self.where = (
            f"{m} players (ours {game.n}, seats {seats}), {tricks} tricks, "
            f"oh_hell dealer {os_dealer}, trump card {trump_card.code}, hands "
            + " | ".join(f"{s}: {_fmt_cards(hands[s])}" for s in range(game.n))
        )
        self.played: list[str] = []
        state = _oh_hell(m, tricks).new_initial_state()
        assert state.chance_outcomes() == [(tricks, 1.0)], self.where
        state.apply_action(tricks)
        state.apply_action(os_dealer)
        for k in range(m * tricks):
            action = to_os(hands[seats[k % m]][k // m])
            assert state.is_chance_node() and action in state.legal_actions(), self.where
            state.apply_action(action)
        action = to_os(trump_card)
        assert state.is_chance_node() and action in state.legal_actions(), self.where
        state.apply_action(action)
        while state.current_player() >= 0 and min(state.legal_actions()) >= _NUM_CARDS:
            state.apply_action(rng.choice(state.legal_actions()))  # any bid
        self.state = state

    def fail(self, what: str) -> str:
        return f"{what}\n  deal: {self.where}\n  cards played: {' '.join(self.played)}"

    def play_round(self) -> None:
        game, state, seats = self.game, self.state, self.seats
        m = len(seats)
        log = game.log
        for _ in range(m * game.hand_size):
            assert game.phase is Phase.PLAY, self.fail(f"our game is in {game.phase}")
            seat = state.current_player()
            assert game.to_move == seats[seat], self.fail(
                f"to move: ours seat {game.to_move}, oh_hell seat {seat} (= ours {seats[seat]})"
            )
            ours = game.legal_moves()
            theirs = sorted(from_os(a) for a in state.legal_actions())
            assert sorted(ours) == theirs, self.fail(
                f"legal cards of seat {game.to_move}: ours {_fmt_cards(ours)}, "
                f"oh_hell {_fmt_cards(theirs)}"
            )
            card = self.rng.choice(ours)
            trick = game.trick
            before = _tricks_won(state) if len(trick.plays) == m - 1 else None
            game.play(card)
            state.apply_action(to_os(card))
            self.played.append(f"{seats[seat]}:{card.code}")
            if before is not None:  # the trick is complete
                after = _tricks_won(state)
                gained = [i for i in range(m) if after[i] != before[i]]
                assert len(gained) == 1, self.fail(f"oh_hell tricks won {before} -> {after}")
                assert trick.winner == seats[gained[0]], self.fail(
                    f"trick {' '.join(c.code for _s, c in trick.plays)} "
                    f"(trumps {trick.trump.code if trick.trump is not None else '-'}): "
                    f"ours to seat {trick.winner}, oh_hell to seat {seats[gained[0]]}"
                )
                self.played.append("/")
        assert state.is_terminal(), self.fail("oh_hell is not over after the last trick")
        won = _tricks_won(state)
        assert [log.tricks_won[s] for s in seats] == won, self.fail(
            f"tricks won: ours {log.tricks_won}, oh_hell {won} for seats {seats}"
        )
        assert all(log.tricks_won[s] == 0 for s in range(game.n) if s not in seats)


def test_card_mapping_matches_open_spiel_names() -> None:
    state = _oh_hell(3, 1).new_initial_state()
    state.apply_action(1)
    state.apply_action(0)  # now dealing: actions print as cards, e.g. "HT"
    assert sorted(to_os(c) for c in ALL_CARDS) == list(range(52))
    for card in ALL_CARDS:
        rank = "T" if card.code.startswith("10") else card.code[0]
        assert state.action_to_string(to_os(card)) == card.code[-1] + rank
        assert from_os(to_os(card)) is card


def _random_first_round(rng: random.Random) -> None:
    n = 4 if rng.random() < 0.4 else rng.randint(3, 7)
    tricks = rng.randint(1, 7)
    dealer = rng.randrange(n)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    hands = [deck[s * tricks : (s + 1) * tricks] for s in range(n)]
    turn_up = deck[n * tricks]
    game = KnockoutGame(
        n, Rules(start_hand=tricks), seed=None, first_dealer=dealer, auto_chance=False
    )
    game.deal(hands, turn_up)
    assert game.log.leader == (dealer + 1) % n
    Mirror(game, list(range(n)), hands, turn_up, dealer, rng).play_round()


@pytest.mark.parametrize("block", range(4))
def test_first_rounds_match_oh_hell(block: int) -> None:
    """400 random first rounds: 3..7 players (4 most often), 1..7 tricks, any dealer."""
    rng = random.Random(f"oh_hell first rounds {block}")
    for _ in range(100):
        _random_first_round(rng)


def _play_game_against_oh_hell(rng: random.Random) -> int:
    """A whole default-rules game, dealt by us; every round with 3 or more players is
    mirrored in oh_hell (out players dropped, seats renumbered in order). Returns how
    many rounds were compared."""
    n = rng.randint(3, 7)
    game = KnockoutGame(n, seed=None, first_dealer=rng.randrange(n), auto_chance=False)
    compared = 0
    while game.outcome() is None:
        if game.phase is Phase.CUT:
            game.cut(rng.choice(game.chance_pending[1]))
            continue
        assert game.phase is Phase.DEAL
        seats = game.chance_pending[1]
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for s in seats:
            hands[s] = [deck.pop() for _ in range(game.hand_size)]
        turn_up = deck.pop() if game.is_first_round() else None
        game.deal(hands, turn_up)
        if game.phase is Phase.CHOOSE_TRUMP:  # rounds two on: the chooser names trumps
            game.play(rng.choice(game.legal_moves()))
        trump = game.trump
        trump_card = turn_up
        if trump_card is None:  # oh_hell needs a card of the trump suit left undealt
            trump_card = next((c for c in deck if c.suit == trump), None)
        if len(seats) < 3 or trump_card is None:
            while game.phase is Phase.PLAY:  # oh_hell cannot mirror this round
                game.play(rng.choice(game.legal_moves()))
            continue
        leader = game.log.leader
        if not game.is_first_round():  # the previous round's top trick-taker leads
            last = game.rounds[-2].tricks_won
            assert last[leader] == max(last), (leader, last)
        os_dealer = (seats.index(leader) - 1) % len(seats)
        Mirror(game, seats, hands, trump_card, os_dealer, rng).play_round()
        compared += 1
    return compared


def test_whole_games_match_oh_hell_round_by_round() -> None:
    """Later rounds too: the chooser leads, out players are skipped, trumps are chosen."""
    rng = random.Random("oh_hell whole games")
    compared = sum(_play_game_against_oh_hell(rng) for _ in range(100))
    assert compared >= 200
