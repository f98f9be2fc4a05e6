"""Knock-Out Whist: the rules (with every variant of RULES.md §2) and the game itself.

The game is a state machine in the style of OpenSpiel: at each moment either a
player is to move (``to_move``, ``legal_moves()``, ``play()``) or chance is pending
(a deal, a cut).  A game made with a ``seed`` settles chance itself from a seeded
``random.Random``; a game made with ``seed=None, auto_chance=False`` waits for
:meth:`KnockoutGame.deal` and :meth:`KnockoutGame.cut`, which is how records replay.

>>> import random
>>> game = KnockoutGame(players=4, seed=1)
>>> rng = random.Random(2)
>>> while game.outcome() is None:
...     game.play(rng.choice(game.legal_moves()))
>>> game.outcome().winner in range(4)
True
"""

from __future__ import annotations

import random
import struct
from typing import Any

from ...core.cards import (
    ALL_CARDS,
    SUIT_MASK,
    BadCard,
    Card,
    Suit,
    cards_in,
    cards_of_suit,
    mask_of,
    parse_card,
)
from ...core.game import TrickGame, read_players
from ...core.moves import (
    NO_PICTURE,
    NO_TRUMP,
    PASS,
    PLAY_ON,
    RAINBOW,
    TRUMP_CALLS,
    Call,
    IllegalMove,
    Move,
    SetupError,
    parse_move,
)
from ...core.tricks import Trick
from ...i18n import _, ngettext
from .rules import (
    Outcome,
    Phase,
    PlayerView,
    RoundLog,
    Rules,
    Status,
    Termination,
    status_label,
)

__all__ = [
    "Rules",
    "KnockoutGame",
    "Status",
    "Phase",
    "Termination",
    "Outcome",
    "RoundLog",
    "PlayerView",
]

#: J, Q, K and A of every suit (a "no picture" hand holds none).
_PICTURES = mask_of(c for c in ALL_CARDS if c % 13 >= 9)

_PLAY = Phase.PLAY
_unpack_keys = struct.Struct("<52I").unpack
_BITS = tuple(1 << i for i in range(52))
_SUIT_OF = tuple(i // 13 for i in range(52))


_DEFAULT_RULES = Rules()


class KnockoutGame(TrickGame):
    """A game of Knock-Out Whist.

    ``players`` is a count (2..7) or a list of names. With a ``seed`` the game deals
    and cuts by itself (the same seed, the same game); with ``auto_chance=False`` it
    waits for :meth:`deal` and :meth:`cut`.

    >>> g = KnockoutGame(players=3, seed=7)
    >>> g.phase, g.hand_size, g.to_move
    (<Phase.PLAY: 'play'>, 7, 1)
    >>> len(g.legal_moves())
    7
    """

    # Slots: the engine reads these on every move, and slot access is the fastest.
    __slots__ = (
        "_after",
        "_chance_base",
        "_chance_count",
        "_chooser",
        "_cut_among",
        "_cut_for",
        "_declarers",
        "_failure_seen",
        "_first_round_done",
        "_fixed_trump",
        "_gets",
        "_led",
        "_legal",
        "_log",
        "_names",
        "_one_card",
        "_order",
        "_outcome",
        "_pos",
        "_rlog",
        "_rng",
        "_tricks_done",
        "_trump_broken",
        "_trump_int",
        "_used_blind",
        "_used_dog",
        "_voters",
        "_votes",
        "auto_chance",
        "dealer",
        "first_dealer",
        "hand_size",
        "hands",
        "n",
        "phase",
        "rounds",
        "rules",
        "seed",
        "status",
        "to_move",
        "trick",
        "tricks_won",
        "trump",
        "turn_up",
    )

    def __init__(
        self,
        players: int | list[str] = 4,
        rules: Rules | None = None,
        seed: int | None = None,
        first_dealer: int = 0,
        *,
        auto_chance: bool = True,
    ) -> None:
        n, self._names = read_players(players)
        self.rules = rules if rules is not None else _DEFAULT_RULES
        if not isinstance(self.rules, Rules):
            raise SetupError(_("rules must be a Rules object"))
        if not 2 <= n <= 7:
            raise SetupError(_("Knock-Out Whist is for 2 to 7 players, not {n}").format(n=n))
        if n * self.rules.start_hand + 1 > 52:
            raise SetupError(
                _(
                    "{n} players with {h} cards each need {need} cards with the turn-up, "
                    "but a pack has 52"
                ).format(n=n, h=self.rules.start_hand, need=n * self.rules.start_hand + 1)
            )
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < n:
            raise SetupError(_("first_dealer must be a seat from 0 to {last}").format(last=n - 1))
        self.n = n
        self.seed = seed
        self.first_dealer = first_dealer
        self.auto_chance = auto_chance
        # The game's own generator, seeded once; undo and clone rebuild it by seeding
        # again and repeating the draws of the chance events in the log, so the same
        # seed and the same moves always give the same deals.
        self._chance_base = seed if seed is not None else random.randrange(1 << 62)
        self._rng = random.Random(self._chance_base) if auto_chance else None
        # The other seats clockwise after each seat, for ordering a trick's players.
        self._after = [tuple((s + i) % n for i in range(1, n)) for s in range(n)]
        self._log: list[Any] = []  # moves and chance events, for undo and clone
        self._reset()
        self._resolve_chance()

    @property
    def names(self) -> list[str]:
        """The players' names ("Player 1" … in the chosen language unless named)."""
        if self._names is not None:
            return list(self._names)
        return [_("Player {n}").format(n=i + 1) for i in range(self.n)]

    # ------------------------------------------------------------------ state
    def _reset(self) -> None:
        n = self.n
        self.status: list[Status] = [Status.ACTIVE] * n
        self._used_dog = [False] * n
        self._used_blind = [False] * n
        self._failure_seen = False  # for one_dog_per_game
        self._fixed_trump: Suit | None = None
        self.rounds: list[RoundLog] = []
        self._chance_count = 0
        self._outcome: Outcome | None = None
        self._first_round_done = False
        self.hand_size = self.rules.start_hand
        self.dealer = self.first_dealer
        self._chooser: int | None = None  # leads and (usually) chooses trumps next round
        self._cut_among: list[int] = []
        self._cut_for = ""
        self._new_round()

    def _new_round(self) -> None:
        n = self.n
        rules = self.rules
        self.hands: list[int] = [0] * n
        self._one_card = [False] * n  # dogs, blind dogs, re-entry players this round
        self._gets = [0] * n  # cards each seat is dealt this round
        for s in range(n):
            st = self.status[s]
            if st is Status.ACTIVE:
                self._gets[s] = self.hand_size
            elif st is not Status.OUT or rules.reentry:
                self._gets[s] = 1
                self._one_card[s] = True
        self.tricks_won = [0] * n
        self.trump: Suit | None = None
        self.turn_up: Card | None = None
        self.trick: Trick | None = None
        self._led = -1  # the suit led to the current trick, -1 before the lead
        self._trump_int = -1  # the trump suit as a plain int, -1 for none
        self._order: list[int] = []
        self._pos = 0
        self._trump_broken = False
        self._votes: dict[int, Suit] = {}
        self._voters: list[int] = []
        self._declarers: list[int] = []
        self.to_move: int | None = None
        self._legal: int | None = None
        self._rlog = RoundLog(self.hand_size, self.dealer)
        self._tricks_done = 0
        self.rounds.append(self._rlog)
        self.phase = Phase.CUT if self._cut_among else Phase.DEAL
        if self.phase is Phase.CUT:
            self.rounds[-1].cut_winner = None

    @property
    def round(self) -> int:
        """The index of the current round object (a redeal counts as a new one)."""
        return len(self.rounds) - 1

    @property
    def log(self) -> RoundLog:
        """The log of the current round."""
        return self._rlog

    @property
    def trump_chooser(self) -> int | None:
        """Who leads next round (and chooses trumps, unless they are fixed or voted)."""
        return self._chooser

    @property
    def chance_pending(self) -> tuple[str, list[int]] | None:
        """``('deal', seats dealt to)`` or ``('cut', tied seats)`` when chance must act."""
        if self.phase is Phase.DEAL:
            return ("deal", [s for s in range(self.n) if self._gets[s]])
        if self.phase is Phase.CUT:
            return ("cut", list(self._cut_among))
        return None

    def cards_dealt_to(self, seat: int) -> int:
        """How many cards ``seat`` is (or was) dealt this round."""
        return self._gets[seat]

    def is_first_round(self) -> bool:
        """Whether trumps come from a turn-up this round (round one and its redeals)."""
        return not self._first_round_done

    # ----------------------------------------------------------------- chance
    def _resolve_chance(self) -> None:
        rng = self._rng
        if rng is None:
            return
        while self.phase is Phase.DEAL or self.phase is Phase.CUT:
            self._chance_count += 1
            if self.phase is Phase.CUT:
                winner = rng.choice(self._cut_among)
                self._log.append(("cut", winner))
                self._cut(winner)
            else:
                hands, turn_up = self._random_deal(rng)
                self._log.append(("deal", hands, turn_up))
                self._deal(hands, turn_up)

    def _random_deal(self, rng: random.Random) -> tuple[list[list[Card]], Card | None]:
        n = self.n
        gets = self._gets
        need = sum(gets) + (1 if self._needs_turn_up() else 0)
        # A shuffle: sort the deck by 52 random 32-bit keys drawn in one go (ties are
        # vanishingly rare and broken by the stable sort); much faster than shuffle().
        keys = _unpack_keys(rng.getrandbits(1664).to_bytes(208, "little"))
        cards = sorted(ALL_CARDS, key=keys.__getitem__)
        hands: list[list[Card]] = [[] for _seat in range(n)]
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        h = self.hand_size
        if all(g == h for g in gets):  # everyone gets a full hand: deal by slices
            for i, s in enumerate(order):
                hands[s] = cards[i : n * h : n]
            k = n * h
        else:
            # One card at a time clockwise from the dealer's left; short hands fill first.
            k = 0
            for lap in range(max(gets)):
                for s in order:
                    if gets[s] > lap:
                        hands[s].append(cards[k])
                        k += 1
        return hands, (cards[k] if k < need else None)

    def _needs_turn_up(self) -> bool:
        return not self._first_round_done

    def deal(self, hands: list[list[Card | str]], turn_up: Card | str | None = None) -> None:
        """Chance: give each seat its cards for this round (and the turn-up in round one).

        Raises ``IllegalMove`` if the deal does not fit the round; the game is unchanged.
        """
        if self.phase is not Phase.DEAL:
            raise IllegalMove(_("no deal is due now"))
        parsed, up = self._check_deal(hands, turn_up)
        self._chance_count += 1
        self._log.append(("deal", parsed, up))
        self._deal(parsed, up)

    def _check_deal(
        self, hands: list[list[Card | str]], turn_up: Card | str | None
    ) -> tuple[list[list[Card]], Card | None]:
        if not isinstance(hands, list) or len(hands) != self.n:
            raise IllegalMove(_("the deal needs one hand per seat: {n} hands").format(n=self.n))
        parsed: list[list[Card]] = []
        seen = 0
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list):
                raise IllegalMove(
                    _("hand of seat {seat} must be a list of cards").format(seat=seat)
                )
            try:
                cards = [c if isinstance(c, Card) else parse_card(c) for c in hand]
            except BadCard as e:
                raise IllegalMove(str(e)) from None
            if len(cards) != self._gets[seat]:
                raise IllegalMove(self._hand_size_message(seat, len(cards)))
            for c in cards:
                if seen >> c & 1:
                    raise IllegalMove(
                        _("{card} is dealt twice: a pack holds each card once").format(card=c.code)
                    )
                seen |= 1 << c
            parsed.append(cards)
        up: Card | None = None
        if self._needs_turn_up():
            if turn_up is None:
                raise IllegalMove(_("round one needs a turn-up card to set trumps"))
            try:
                up = turn_up if isinstance(turn_up, Card) else parse_card(turn_up)
            except BadCard as e:
                raise IllegalMove(str(e)) from None
            if seen >> up & 1:
                raise IllegalMove(_("the turn-up {card} is also in a hand").format(card=up.code))
        elif turn_up is not None:
            raise IllegalMove(_("only round one (and its redeals) has a turn-up card"))
        return parsed, up

    def _hand_size_message(self, seat: int, got: int) -> str:
        want = self._gets[seat]
        st = self.status[seat]
        if want == 0:
            why = _("they are out of the game")
        elif self._one_card[seat]:
            why = {
                Status.DOG: _("they are on their dog's chance"),
                Status.BLIND_DOG: _("they are a blind dog"),
            }.get(st, _("they are out and play one card under re-entry"))
        else:
            why = ngettext(
                "this round deals {h} card", "this round deals {h} cards", self.hand_size
            ).format(h=self.hand_size)
        return _("seat {seat} must be dealt {want} cards, not {got}: {why}").format(
            seat=seat, want=want, got=got, why=why
        )

    def _deal(self, hands: list[list[Card]], turn_up: Card | None) -> None:
        log = self.log
        log.hands = [list(h) for h in hands]
        bits = _BITS.__getitem__
        self.hands = [sum(map(bits, h)) for h in hands]  # distinct cards: sum == union
        self.turn_up = log.turn_up = turn_up
        rules = self.rules
        final_nt = rules.no_trump_final and self.hand_size == 1
        if not self._first_round_done:
            assert turn_up is not None
            self.trump = None if final_nt else turn_up.suit
            if rules.fixed_trump:
                self._fixed_trump = turn_up.suit
            log.trump = self.trump
            log.leader = self._next_full((self.dealer + 1) % self.n, inclusive=True)
            self._after_trump()
            return
        chooser = self._chooser
        assert chooser is not None
        log.leader = chooser
        if final_nt:
            self.trump = log.trump = None
            self._after_trump()
        elif rules.fixed_trump:
            self.trump = log.trump = self._fixed_trump
            self._after_trump()
        else:
            voters = [
                (chooser + i) % self.n
                for i in range(self.n)
                if self.status[(chooser + i) % self.n] is Status.OUT
            ]
            if rules.eliminated_vote_trump and voters:
                self._voters = voters
                self.phase = Phase.VOTE
                self.to_move = voters[0]
            else:
                self.phase = Phase.CHOOSE_TRUMP
                self.to_move = chooser

    def cut(self, winner: int) -> None:
        """Chance: the cut among tied players went to ``winner``."""
        if self.phase is not Phase.CUT:
            raise IllegalMove(_("no cut is due now"))
        if winner not in self._cut_among:
            raise IllegalMove(
                _("seat {seat} cannot win the cut: only seats {tied} are tied").format(
                    seat=winner, tied=", ".join(map(str, self._cut_among))
                )
            )
        self._chance_count += 1
        self._log.append(("cut", winner))
        self._cut(winner)

    @property
    def cut_kind(self) -> str:
        """How the pending tie is settled: ``"rps"`` (rock-paper-scissors, with
        ``tie_break="rps"``) or ``"cut"``; a rainbow tie is always a cut."""
        if self._cut_for == "rainbow":
            return "cut"
        return self.rules.tie_break

    def rps(self, winner: int) -> None:
        """Chance: rock-paper-scissors among the tied players went to ``winner`` (the
        same chance event as :meth:`cut`, kept in records the same way)."""
        self.cut(winner)

    def _cut(self, winner: int) -> None:
        purpose = self._cut_for
        kind = self.cut_kind
        self._cut_among, self._cut_for = [], ""
        if purpose == "rainbow":
            self._rainbow_won(winner)
        elif purpose == "winner":  # misère: the last tie for the fewest tricks
            self._rlog.winner_cut = winner
            self._finish(winner, Termination.FEWEST_TRICKS)
        else:
            self._chooser = winner
            self._rlog.cut_winner = winner
            self._rlog.cut_kind = kind
            self.phase = Phase.DEAL

    # ------------------------------------------------------------ round parts
    def _next_full(self, start: int, inclusive: bool = False) -> int:
        """The first seat clockwise from ``start`` holding cards with a full hand."""
        n = self.n
        for i in range(0 if inclusive else 1, n + 1):
            s = (start + i) % n
            if self.hands[s] and not self._one_card[s]:
                return s
        raise AssertionError("no player holds a full hand")

    def _after_trump(self) -> None:
        """Trumps are settled: see who may declare, then play."""
        self._rlog.trump = self.trump
        self._rlog.trump_settled = True
        self._trump_int = -1 if self.trump is None else int(self.trump)
        rules, h = self.rules, self.hand_size
        declarers = []
        if (rules.no_picture_redeal and h >= 6) or (rules.rainbow and h == 4):
            leader = self.log.leader
            assert leader is not None
            for i in range(self.n):
                s = (leader + i) % self.n
                if self.declarations_open(s):
                    declarers.append(s)
        if declarers:
            self._rlog.could_declare = True
            self._declarers = declarers
            self.phase = Phase.DECLARE
            self.to_move = declarers[0]
        else:
            self._start_play()

    def declarations_open(self, seat: int) -> list[Call]:
        """The declarations ``seat``'s hand allows this round (before the first lead).

        >>> KnockoutGame(3, seed=1).declarations_open(0)
        []
        """
        if self._one_card[seat] or not self.hands[seat]:
            return []
        return self._may_declare(seat)

    def why_declaration_illegal(self, seat: int, call: Call) -> str:
        """Why ``seat`` may not make this declaration now ("" if they may)."""
        if self.phase is Phase.DECLARE and call in self.declarations_open(seat):
            return ""
        name = self._seat_name(seat)
        if call is NO_PICTURE:
            if not self.rules.no_picture_redeal:
                return _('"no picture, no play" is not in these rules')
            if self.hand_size < 6:
                return _('"no picture" may be declared only with 6 or more cards')
            if self._one_card[seat]:
                return _("{name} holds one card, not a full hand").format(name=name)
            return _("{name} holds a picture card (J, Q, K or A): no redeal").format(name=name)
        if call is RAINBOW:
            if not self.rules.rainbow:
                return _("rainbows are not in these rules")
            if self.hand_size != 4:
                return _("a rainbow may be declared only in the 4-card round")
            return _("{name} does not hold one card of each suit").format(name=name)
        return _("declarations are made before the first lead")

    def _may_declare(self, seat: int) -> list[Call]:
        hand, rules, h = self.hands[seat], self.rules, self.hand_size
        calls = []
        if rules.no_picture_redeal and h >= 6 and not hand & _PICTURES:
            calls.append(NO_PICTURE)
        if rules.rainbow and h == 4 and all(hand & m for m in SUIT_MASK):
            calls.append(RAINBOW)
        return calls

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        leader = self.log.leader
        assert leader is not None
        self._start_trick(leader)

    def _start_trick(self, leader: int) -> None:
        hands = self.hands
        self.trick = Trick(leader, self.trump)
        self._rlog.tricks.append(self.trick)
        self._order = [leader, *[s for s in self._after[leader] if hands[s]]]
        self._pos = 0
        self._led = -1
        self.to_move = leader
        self._legal = None

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """The moves open to the player to move, in a stable order (cards ♠♥♦♣, high first).

        >>> moves = KnockoutGame(2, seed=3).legal_moves()
        >>> len(moves), moves == sorted(moves, key=lambda c: (c.suit, -c.rank))
        (7, True)
        """
        if self.phase is _PLAY:
            seat = self.to_move
            hand = self.hands[seat]
            if self._one_card[seat]:
                return [ALL_CARDS[hand.bit_length() - 1], PASS]
            led = self._led
            if led >= 0:
                suited = hand & SUIT_MASK[led]
                if suited:  # following suit: one table look-up
                    self._legal = suited
                    return list(cards_of_suit(suited, led))
                if self._tricks_done == 0 and self.rules.no_trump_first_trick:
                    hand = self._legal_mask(seat)
                self._legal = hand
                return cards_in(hand)
            legal = self._legal = self._legal_mask(seat)
            return cards_in(legal)
        phase = self.phase
        if phase is Phase.CHOOSE_TRUMP:
            if self._votes:
                return [TRUMP_CALLS[s] for s in self._tied_votes()]
            return list(TRUMP_CALLS)
        if phase is Phase.VOTE:
            return list(TRUMP_CALLS)
        if phase is Phase.DECLARE:
            return [*self._may_declare(self.to_move), PLAY_ON]
        return []

    def _legal_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        if self._led >= 0:
            suited = hand & SUIT_MASK[self._led]
            if suited:
                return suited
            if self._tricks_done == 0 and self._trump_int >= 0 and self.rules.no_trump_first_trick:
                # No trumping on the round's first trick, unless only trumps are held.
                return hand & ~SUIT_MASK[self._trump_int] or hand
            return hand
        trump = self.trump
        if self.rules.trump_breaking and trump is not None and not self._trump_broken:
            others = hand & ~SUIT_MASK[trump]
            return others or hand
        return hand

    def _tied_votes(self) -> list[Suit]:
        counts = [0, 0, 0, 0]
        for suit in self._votes.values():
            counts[suit] += 1
        top = max(counts)
        return [Suit(s) for s in range(4) if counts[s] == top]

    def play(self, move: Move | str, seat: int | None = None) -> None:
        """Make a move for the player to move (or for ``seat``, which must be them).

        Raises :class:`IllegalMove` saying why, and leaves the game unchanged.
        """
        if type(move) is Card and seat is None and self.phase is _PLAY:
            # The hot path: a card from the player to move with a full hand.
            s = self.to_move
            if not self._one_card[s]:
                legal = self._legal
                if legal is None:
                    legal = self._legal_mask(s)
                if legal >> move & 1:
                    self._log.append(move)
                    self._play_card(s, move)
                    return
        move = self._check(move, seat)
        self._log.append(move)
        self._apply(move)

    def why_illegal(self, move: Move | str) -> str:
        """A one-line reason why ``move`` is not legal now ("" if it is legal).

        >>> g = KnockoutGame(2, seed=3)
        >>> g.why_illegal('2C')
        'Player 2 does not hold 2♣'
        """
        try:
            move = parse_move(move)
        except BadCard as e:
            return str(e)
        if self._outcome is not None:
            return _("the game is over")
        if move in self.legal_moves():
            return ""
        seat = self.to_move
        name = self.names[seat] if seat is not None else ""
        phase = self.phase
        if phase is Phase.PLAY:
            if isinstance(move, Call):
                if move.is_pass:
                    return _(
                        "only a dog or re-entry player may pass; {name} must play a card"
                    ).format(name=name)
                return _("cards are being played now: {move} is not a card").format(move=move.code)
            hand = self.hands[seat]
            if not hand >> move & 1:
                return _("{name} does not hold {card}").format(name=name, card=move.label)
            trick = self.trick
            if trick.plays:
                led = trick.plays[0][1].suit
                held = cards_in(hand & SUIT_MASK[led])
                if not held:
                    return _(
                        "no trumping on a round's first trick: you cannot follow {suit}, "
                        "so play a card that is not a trump"
                    ).format(suit=led.symbol)
                return _("must follow {suit}: you hold {cards}").format(
                    suit=led.symbol, cards=" ".join(c.label for c in held)
                )
            return _(
                "trumps are not broken yet: you may not lead {suit} while you hold another suit"
            ).format(suit=self.trump.symbol)
        if phase is Phase.CHOOSE_TRUMP:
            if isinstance(move, Call) and move.is_trump and move.suit is not None:
                tied = ", ".join(s.symbol for s in self._tied_votes())
                return _("the vote left {tied} tied: choose one of those").format(tied=tied)
            if move is NO_TRUMP:
                return _("no trumps is not a choice in this round: choose a suit")
            return _("{name} must choose trumps now: name a suit").format(name=name)
        if phase is Phase.VOTE:
            return _("{name} must vote for a trump suit now").format(name=name)
        if phase is Phase.DECLARE:
            if move is NO_PICTURE or move is RAINBOW:
                return self.why_declaration_illegal(seat, move)
            return _("{name} may declare or play on now").format(name=name)
        return _("{move} is not a move now").format(move=move.code)

    def _apply(self, move: Move) -> None:
        phase = self.phase
        seat = self.to_move
        if phase is Phase.PLAY:
            if move is PASS:
                self.log.actions.append(PASS)
                self._advance()
            else:
                self._play_card(seat, move)
        elif phase is Phase.VOTE:
            self._votes[seat] = move.suit
            self.log.votes[seat] = move.suit
            self._voters.pop(0)
            if self._voters:
                self.to_move = self._voters[0]
            else:
                tied = self._tied_votes()
                if len(tied) == 1:
                    self._set_trump(tied[0], chooser=None)
                else:
                    self.phase = Phase.CHOOSE_TRUMP
                    self.to_move = self._chooser
        elif phase is Phase.CHOOSE_TRUMP:
            self._set_trump(move.suit, chooser=seat)
        elif phase is Phase.DECLARE:
            self._declare(seat, move)
        self._resolve_chance()

    def _set_trump(self, suit: Suit, chooser: int | None) -> None:
        self.trump = suit
        self.log.trump_chooser = chooser
        self._after_trump()

    def _declare(self, seat: int, move: Move) -> None:
        self._declarers.pop(0)
        log = self.log
        if move is NO_PICTURE:
            log.declare = {"seat": seat, "call": "no-picture"}
            log.redealt = True
            # The same dealer deals the round again; the chooser stays the chooser.
            self._new_round()
            return
        if move is RAINBOW:
            holders = [s for s in [seat, *self._declarers] if RAINBOW in self._may_declare(s)]
            if len(holders) > 1:
                self._cut_among, self._cut_for = holders, "rainbow"
                self.phase = Phase.CUT
                self.to_move = None
            else:
                self._rainbow_won(seat)
            return
        if self._declarers:
            self.to_move = self._declarers[0]
        else:
            self._start_play()

    def _rainbow_won(self, seat: int) -> None:
        self.log.declare = {"seat": seat, "call": "rainbow"}
        # The declarer wins the round outright: nobody is eliminated, no cards are played.
        self._chooser = seat
        self._end_round(rainbow=True)

    def _play_card(self, seat: int, card: Card) -> None:
        # The engine's innermost step; kept flat because random play and the solver
        # spend most of their time here.
        self.hands[seat] ^= 1 << card
        self._rlog.actions.append(card)
        trick = self.trick
        plays = trick.plays
        if plays:
            best = trick.winning_card
            cs = _SUIT_OF[card]
            if cs == _SUIT_OF[best]:
                if card > best:
                    trick.winner = seat
                    trick.winning_card = card
            elif cs == self._trump_int:  # trumping in (and so breaking trumps)
                trick.winner = seat
                trick.winning_card = card
                self._trump_broken = True
        else:
            trick.winner = seat
            trick.winning_card = card
            self._led = _SUIT_OF[card]
        plays.append((seat, card))
        self._advance()

    def _advance(self) -> None:
        pos = self._pos = self._pos + 1
        self._legal = None
        if pos < len(self._order):
            self.to_move = self._order[pos]
        else:
            self._trick_done()

    def _trick_done(self) -> None:
        winner = self.trick.winner
        self.tricks_won[winner] += 1
        self._tricks_done += 1
        if self._tricks_done == self.hand_size:
            self._end_round()
            self._resolve_chance()
        elif self.hands[winner] and not self._one_card[winner]:
            self._start_trick(winner)
        else:
            # A dog who wins has no card left to lead with: the lead passes on.
            self._start_trick(self._next_full(winner))

    def _end_round(self, rainbow: bool = False) -> None:
        log = self.log
        log.tricks_won = list(self.tricks_won)
        self.to_move = None
        self.trick = None
        self._first_round_done = True
        n = self.n
        if self.rules.misere:
            return self._end_misere_round()
        if not rainbow:
            h = self.hand_size
            for s in range(n):
                if self.tricks_won[s] == h:
                    return self._finish(s, Termination.SWEEP)
            failed_now = False
            for s in range(n):
                if not self._gets[s]:
                    continue
                st, won = self.status[s], self.tricks_won[s] > 0
                if st is Status.ACTIVE:
                    if not won:
                        failed_now = True
                        self.status[s] = self._fail(s)
                        if self.status[s] is Status.OUT:
                            log.eliminated.append(s)
                        else:
                            log.dogs.append(s)
                            if self.status[s] is Status.BLIND_DOG:
                                log.blind_dogs.append(s)
                elif won:  # a dog, blind dog or re-entry player fought back in
                    self.status[s] = Status.ACTIVE
                elif st is not Status.OUT:
                    self.status[s] = Status.OUT
                    log.eliminated.append(s)
            if failed_now:
                self._failure_seen = True
            top = max(self.tricks_won)
            tied = [s for s in range(n) if self.tricks_won[s] == top]
        else:
            tied = [self._chooser]
        self._next_round(tied)

    def _next_round(self, tied: list[int]) -> None:
        """The next round: ``tied`` are the candidates to choose trumps (a cut if several)."""
        self.hand_size -= 1
        self.dealer = self._next_dealer()
        if len(tied) == 1:
            self._chooser = tied[0]
        else:
            self._chooser = None
            self._cut_among, self._cut_for = tied, "chooser"
        self._new_round()

    def _end_misere_round(self) -> None:
        """Misère: two or more tricks in a round (or every trick of it) knock a player
        out; if that would leave nobody, those with the fewest tricks stay in. One player
        left wins; after the 1-card round the fewest tricks over the game wins; else the
        fewest tricks this round chooses trumps and leads next round."""
        log, h, won = self.log, self.hand_size, self.tricks_won
        playing = [s for s in range(self.n) if self._gets[s]]
        out = [s for s in playing if won[s] >= 2 or won[s] == h]
        if len(out) == len(playing):
            least = min(won[s] for s in playing)
            out = [s for s in playing if won[s] != least]
        for s in out:
            self.status[s] = Status.OUT
            log.eliminated.append(s)
        left = [s for s in playing if s not in out]
        if len(left) == 1:
            return self._finish(left[0], Termination.LAST_STANDING)
        if h == 1:
            totals = self.game_tricks()
            least = min(totals[s] for s in left)
            tied = [s for s in left if totals[s] == least]
            if len(tied) == 1:
                return self._finish(tied[0], Termination.FEWEST_TRICKS)
            # The last tie: settled by chance (a cut, or rock-paper-scissors).
            self._cut_among, self._cut_for = tied, "winner"
            self.phase = Phase.CUT
            return None
        least = min(won[s] for s in left)
        self._next_round([s for s in left if won[s] == least])
        return None

    def game_tricks(self) -> list[int]:
        """Tricks each seat has taken in the whole game, the round in progress included.

        >>> KnockoutGame(3, seed=1).game_tricks()
        [0, 0, 0]
        """
        totals = list(self.tricks_won)
        for log in self.rounds[:-1]:
            for s, won in enumerate(log.tricks_won):
                totals[s] += won
        return totals

    def _fail(self, seat: int) -> Status:
        rules = self.rules
        if (
            rules.dogs_chance
            and not self._used_dog[seat]
            and not (rules.one_dog_per_game and self._failure_seen)
        ):
            self._used_dog[seat] = True
            return Status.DOG
        if rules.blind_dog and self._used_dog[seat] and not self._used_blind[seat]:
            self._used_blind[seat] = True
            return Status.BLIND_DOG
        return Status.OUT

    def _next_dealer(self) -> int:
        for i in range(1, self.n + 1):
            s = (self.dealer + i) % self.n
            if self.status[s] is Status.ACTIVE:
                return s
        return self.dealer

    def _finish(self, winner: int, how: Termination) -> None:
        self.status[winner] = Status.ACTIVE  # a dog or re-entry player who swept is back
        self.phase = Phase.OVER
        self.to_move = None
        self._outcome = Outcome(winner, how, self.round)

    # ------------------------------------------------------- undo and clone
    def _rebuild(self, events: list[Any]) -> None:
        # Chance comes from the log; a fresh generator repeats each event's draws so
        # that it stands where it stood after the last of them.
        rng = random.Random(self._chance_base) if self.auto_chance else None
        self._rng = None
        self._log = []
        self._reset()
        try:
            for e in events:
                if isinstance(e, tuple):
                    self._chance_count += 1
                    self._log.append(e)
                    if e[0] == "deal":
                        if rng is not None:
                            self._random_deal(rng)
                        self._deal(e[1], e[2])
                    else:
                        if rng is not None:
                            rng.choice(self._cut_among)
                        self._cut(e[1])
                else:
                    self._log.append(e)
                    self._apply(e)
        finally:
            self._rng = rng

    def trick_order(self) -> tuple[list[int], int]:
        """The seats of the current trick in play order, and the index of the one to act.

        >>> KnockoutGame(3, seed=1).trick_order()
        ([1, 2, 0], 0)
        """
        return list(self._order), self._pos

    @property
    def tricks_done(self) -> int:
        """Tricks completed so far this round."""
        return self._tricks_done

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now; a blind dog does not see their own card."""
        log = self.log
        blind = self.status[seat] is Status.BLIND_DOG and self._one_card[seat]
        played = [c for c in log.actions if isinstance(c, Card)]
        return PlayerView(
            seat=seat,
            hand=[] if blind else self.hand(seat),
            hidden_cards=self.hands[seat].bit_count() if blind else 0,
            hand_sizes=[h.bit_count() for h in self.hands],
            trump=self.trump,
            turn_up=self.turn_up,
            round=self.round,
            hand_size=self.hand_size,
            dealer=self.dealer,
            trick=list(self.trick.plays) if self.trick else [],
            played=played,
            tricks_won=list(self.tricks_won),
            statuses=list(self.status),
            to_move=self.to_move,
            phase=self.phase,
        )

    def __repr__(self) -> str:
        state = (
            f"winner={self._outcome.winner}"
            if self._outcome
            else f"round={self.round}, hand_size={self.hand_size}, to_move={self.to_move}"
        )
        return f"<KnockoutGame players={self.n} {state}>"

    def __str__(self) -> str:
        lines = [
            ngettext(
                "Round {r}: {h} card, dealer {d}, trumps {t}",
                "Round {r}: {h} cards, dealer {d}, trumps {t}",
                self.hand_size,
            ).format(
                r=self.round + 1,
                h=self.hand_size,
                d=self.names[self.dealer],
                t=self.trump.symbol if self.trump is not None else _("none"),
            )
        ]
        tricks_word = _("tricks")
        for s in range(self.n):
            mark = "*" if s == self.to_move else " "
            cards = " ".join(c.label for c in self.hand(s)) or "-"
            lines.append(
                f"{mark} {self.names[s]:<10} [{status_label(self.status[s]):<9}] "
                f"{tricks_word} {self.tricks_won[s]}  {cards}"
            )
        if self.trick and self.trick.plays:
            lines.append(
                _("On the table: {cards}").format(
                    cards=" ".join(f"{c.label}" for _s, c in self.trick.plays)
                )
            )
        return "\n".join(lines)
