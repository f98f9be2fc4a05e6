"""Partnership whist, the classic game, and its modern form, the whist drive
(RULES.md §4, seed 004).

Four players, partners opposite (seats 0 and 2 against 1 and 3). All 52 cards are
dealt one at a time, from the player left of the dealer; the dealer's last card is
turned face up and its suit is trump. Eldest hand (left of the dealer) leads; tricks
follow RULES.md §1. The deal passes left.

**Classic scoring** (``WhistRules()``): the side taking more than six tricks scores one
point per "odd trick" over six. Then honours: a side dealt three of the four trump
honours (A K Q J, in one hand or split between partners) scores 2, all four 4 —
unless the tricks already brought a side to game (then nobody scores honours), and
not if honours would themselves bring the side to game (then they are ignored).
Game is 5 points (British) or 7 (American, ``game_points=7``). The winners of a game
count game points: single (1) if the losers made ``game_points``−2 or more, double
(2) if they made at least one point, triple (3) for a whitewash. A rubber is the best
of three games; its winners add 2 game points. ``rubber=False`` plays one game.

**Whist drive** (``WhistRules(drive=True)``): no card is turned and honours are ignored;
trumps rotate hearts, diamonds, spades, clubs (and, with ``drive_no_trump``, a fifth
deal without trumps); ``drive_deals`` deals are played (default: one turn of the
rotation) and each side scores the tricks it takes. More tricks in all wins; equal
totals tie (``winner`` ``None``).

Decisions where the sources are silent (also in ``docs/rules.md``): honours are counted
from the hands as dealt; in a drive the rotation starts with hearts on the first deal;
the stakes thresholds for a game of 7 are the British ones moved up by two.

>>> import random
>>> game = WhistGame(seed=3)
>>> game.trump == game.log.extra['trump_card'].suit, game.to_move == (game.dealer + 1) % 4
(True, True)
>>> rng = random.Random(1)
>>> while game.outcome() is None:
...     game.play(rng.choice(game.legal_moves()))
>>> game.outcome().winner in (0, 1), max(game.games_won)
(True, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.cards import Card, Rank, Suit
from ....core.moves import Move, SetupError, parse_card_move
from ....core.partnerships import OPPOSITE
from ....i18n import N_, _
from ..engine import SEATS, DealLog, FamilyGame, FamilyRules

__all__ = [
    "WhistRules",
    "WhistGame",
    "WhistDealLog",
    "DRIVE_TRUMPS",
    "honours_held",
    "HONOURS_RULES",
    "stake",
    "single_stake_from",
]

#: The whist drive's rotation of trumps; ``None`` is the no-trump deal.
DRIVE_TRUMPS: tuple[Suit | None, ...] = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS, None)

#: The readings of the honours rule (``WhistRules.honours_rule``).
HONOURS_RULES = ("seed", "laws")

#: The trump honours: ace, king, queen and jack.
_HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


@dataclass(frozen=True)
class WhistRules(FamilyRules):
    """The options of partnership whist; ``WhistRules()`` is British long-standing whist
    played to 5 with honours, as a rubber.

    >>> WhistRules(game_points=7, honours=False).to_dict()
    {'game_points': 7, 'honours': False}
    >>> WhistRules.from_dict({'drive': True}).drive
    True
    """

    #: Points for game: 5 (British short whist) or 7 (American).
    game_points: int = 5
    #: Count honours (three of A K Q J of trumps: 2 points, all four: 4).
    honours: bool = True
    #: Play a rubber (the best of three games, +2 game points); ``False``: one game.
    rubber: bool = True
    #: Whist-drive scoring: trumps rotate, no honours, tricks counted, a fixed number of deals.
    drive: bool = False
    #: In a drive, a fifth deal without trumps after the four suits.
    drive_no_trump: bool = False
    #: In a drive, how many deals (``None``: one turn of the rotation, 4 or 5).
    drive_deals: int | None = None
    #: How honours score: ``"seed"`` (seed 004: never to game) or ``"laws"`` (the Laws
    #: of Short Whist: they may carry a side to game unless it stood at game − 1).
    honours_rule: str = "seed"

    def __post_init__(self) -> None:
        self._check_int("game_points", 5, 7, allowed=(5, 7))
        for name in ("honours", "rubber", "drive", "drive_no_trump"):
            self._check_bool(name)
        if self.drive_deals is not None:
            self._check_int("drive_deals", 1, 100)
        if self.honours_rule not in HONOURS_RULES:
            raise SetupError(
                _("honours_rule must be {choices}, not {value!r}").format(
                    choices=" or ".join(HONOURS_RULES), value=self.honours_rule
                )
            )
        if (self.drive_no_trump or self.drive_deals is not None) and not self.drive:
            raise SetupError(_("drive_no_trump and drive_deals are options of a whist drive"))

    @property
    def deals_in_drive(self) -> int:
        """How many deals a drive lasts."""
        if self.drive_deals is not None:
            return self.drive_deals
        return 5 if self.drive_no_trump else 4


def honours_held(hands: list[list[Card]], trump: Suit | None) -> list[int]:
    """How many of the trump A K Q J each partnership was dealt.

    >>> hands = [[Card('AH'), Card('KH')], [Card('QH')], [Card('JH')], []]
    >>> honours_held(hands, Suit.HEARTS)
    [3, 1]
    """
    counts = [0, 0]
    if trump is None:
        return counts
    for seat, hand in enumerate(hands):
        counts[seat % 2] += sum(1 for c in hand if c.suit == trump and c.rank in _HONOUR_RANKS)
    return counts


def single_stake_from(game_points: int = 5) -> int:
    """The losers' points from which a game counts single (3 in a game of 5).

    >>> single_stake_from(5), single_stake_from(7)
    (3, 5)
    """
    return game_points - 2


def stake(loser_points: int, game_points: int = 5) -> int:
    """Game points for winning a game: 1 if the losers made ``game_points``−2 or more,
    2 if they made at least one point, 3 for a whitewash.

    >>> [stake(p) for p in range(5)]
    [3, 2, 2, 1, 1]
    """
    if loser_points >= single_stake_from(game_points):
        return 1
    return 2 if loser_points >= 1 else 3


@dataclass
class WhistDealLog(DealLog):
    """A deal of classic partnership whist: a :class:`~kowhist_teach.games.family.engine.DealLog`
    with the game in progress after it. ``game_points`` are the points of that game by
    partnership once this deal is scored (before a game won starts them again at 0);
    ``game_won`` is ``(side, stake)`` when this deal won a game; ``rubber_won`` says it
    also won the rubber. All stay empty in a whist drive.
    """

    game_points: list[int] | None = None
    game_won: tuple[int, int] | None = None
    rubber_won: bool = False


class WhistGame(FamilyGame):
    """A rubber (or one game, or a drive) of partnership whist.

    ``scores`` are game points by partnership (classic) or tricks (drive); ``points``
    the points of the game in progress; ``games_won`` the games of the rubber.

    >>> g = WhistGame(seed=5)
    >>> g.phase, len(g.hand(0)), sum(len(g.hand(s)) for s in range(4))
    (<FamilyPhase.PLAY: 'play'>, 13, 52)
    >>> g.log.extra['trump_card'] in g.hand(g.dealer)
    True
    """

    game_name = "whist"
    deal_log_class = WhistDealLog
    title = N_("Partnership whist")
    rules_class = WhistRules
    _parse_move = staticmethod(parse_card_move)  # cards only: no calls in whist

    def _reset_game(self) -> None:
        self.points = [0, 0]
        self.games_won = [0, 0]

    # ---------------------------------------------------------------- the deal
    def drive_trump(self, number: int) -> Suit | None:
        """The trump of deal ``number`` (1, 2 …) in a whist drive.

        >>> g = WhistGame(WhistRules(drive=True, drive_no_trump=True), seed=1)
        >>> [g.drive_trump(n) for n in range(1, 7)][4:], g.drive_trump(1)
        ([None, <Suit.HEARTS: 1>], <Suit.HEARTS: 1>)
        """
        cycle = 5 if self.rules.drive_no_trump else 4
        return DRIVE_TRUMPS[(number - 1) % cycle]

    def _deal_cards(self, deck: list[Card]) -> tuple[list[list[Card]], dict[str, Any]]:
        dealer = self.dealer
        # One card at a time, from the player left of the dealer: the 52nd is the dealer's.
        hands: list[list[Card]] = [[] for _s in range(SEATS)]
        for k in range(SEATS):
            hands[(dealer + 1 + k) % SEATS] = deck[k::SEATS]
        extra = {} if self.rules.drive else {"trump_card": deck[-1]}
        return hands, extra

    def _check_deal(self, hands: list[list[Card]], extra: dict[str, Any]) -> dict[str, Any]:
        if any(len(h) != 13 for h in hands):
            raise SetupError(_("each player must be dealt 13 cards"))
        if self.rules.drive:
            if extra:
                raise SetupError(_("a whist drive turns no card for trumps: no trump_card"))
            return {}
        return self._check_trump_card(
            hands, extra, _("a deal of whist needs its trump_card, the dealer's last card")
        )

    def _start_deal(self) -> None:
        log = self.deals[-1]
        if self.rules.drive:
            self.trump = self.drive_trump(log.number)
        else:
            self.trump = log.extra["trump_card"].suit
        self._start_play((log.dealer + 1) % SEATS)

    # No auction in whist: every move is a card.
    def _call_moves(self) -> list[Move]:
        return []

    def _apply_call(self, move: Move) -> None:  # pragma: no cover - never reached
        raise AssertionError("whist has no calls")

    def _why_call_illegal(self, move: Move) -> str:  # pragma: no cover - never reached
        return _("cards are being played now: {move} is not a card").format(move=move.code)

    # ---------------------------------------------------------------- scoring
    def _score_deal(self) -> list[int]:
        log = self.deals[-1]
        won = log.side_tricks
        if self.rules.drive:
            for side in (0, 1):
                self.scores[side] += won[side]
            return won
        gained = [max(won[side] - 6, 0) for side in (0, 1)]
        for side in (0, 1):
            self.points[side] += gained[side]
        if gained[0] or gained[1]:
            log.notes.append(N_("one point per odd trick: each trick over six"))
        game = self.rules.game_points
        laws = self.rules.honours_rule == "laws"
        # Tricks score first: once they bring a side to game, nobody scores honours.
        if self.rules.honours and max(self.points) < game:
            held = honours_held(log.hands, self.trump)
            for side in (0, 1):
                bonus = {3: 2, 4: 4}.get(held[side], 0)
                if not bonus:
                    continue
                if laws and self.points[side] - gained[side] == game - 1:
                    log.notes.append(N_("a side at one point from game cannot score honours"))
                elif not laws and self.points[side] + bonus >= game:
                    log.notes.append(N_("honours cannot bring a side to game: ignored"))
                else:
                    self.points[side] += bonus
                    gained[side] += bonus
                    log.notes.append(
                        N_("four honours: 4 points")
                        if bonus == 4
                        else N_("three honours: 2 points")
                    )
        log.game_points = list(self.points)  # type: ignore[attr-defined]
        for side in (0, 1):
            if self.points[side] >= game:
                self._win_game(side)
                break
        return gained

    def _win_game(self, side: int) -> None:
        log: WhistDealLog = self.deals[-1]  # type: ignore[assignment]
        log.notes.append(N_("game!"))
        won = stake(self.points[1 - side], self.rules.game_points)
        log.game_won = (side, won)
        self.scores[side] += won
        self.games_won[side] += 1
        if self.rules.rubber and self.games_won[side] == 2:
            self.scores[side] += 2  # the rubber bonus
            log.rubber_won = True
            log.notes.append(N_("rubber: 2 game points more"))
        self.points = [0, 0]

    def _game_winner(self) -> tuple[int | None] | None:
        if self.rules.drive:
            if len(self.deals) < self.rules.deals_in_drive:
                return None
            a, b = self.scores
            return (None if a == b else (0 if a > b else 1),)
        need = 2 if self.rules.rubber else 1
        for side in (0, 1):
            if self.games_won[side] >= need:
                return (side,)
        return None

    def __str__(self) -> str:
        sides = " / ".join(
            " & ".join(self.names[s] for s in OPPOSITE.partners(side)) for side in (0, 1)
        )
        return _("Partnership whist: {sides}; scores {scores}").format(
            sides=sides, scores=self.scores
        )
