"""A German Whist match: the best of 3 or 5 hands (RULES.md §3), on the same engine
protocol as one hand (``to_move``, ``legal_moves``, ``play``, ``undo``, ``clone``,
``outcome``, ``view``), so the layers above can drive it like a
:class:`~kowhist_teach.games.german.engine.GermanGame`.

* **Hands**: each hand is a :class:`GermanGame` with the match's rules; the deal
  alternates, starting with ``first_dealer``.
* **Counting**: each hand counts on its own (seed 003: "no standard cumulative score"):
  the first player to win ``match // 2 + 1`` hands wins the match. The points of each
  hand are kept too (``points``), for teaching, but do not decide the match.
* **A drawn hand** (13–13 under ``all26``) counts for nobody and an extra hand is played
  (RULES.md §3), the deal still alternating; a match has no limit on its hands.
* **Chance**: with a ``seed`` hand ``k`` (0-based) deals from seed ``seed + 7919 k``, so
  hand 0 of a match is ``GermanGame(seed=seed)``; with ``auto_chance=False`` each hand
  waits for :meth:`GermanMatch.deal`.
* **Undo** takes back the last move, across the end of a hand: undoing from the start of
  a hand returns to the last move of the hand before.

>>> import random
>>> m = GermanMatch(match=3, seed=5)
>>> rng = random.Random(1)
>>> while m.outcome() is None:
...     m.play(rng.choice(m.legal_moves()))
>>> o = m.outcome()
>>> max(o.hands_won), o.winner == o.hands_won.index(2)
(2, True)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card
from ...core.moves import IllegalMove, Move, SetupError
from ...i18n import _
from .engine import GermanGame, GermanOutcome, GermanRules, GermanView

__all__ = ["GermanMatch", "GermanMatchOutcome", "GermanMatchView", "MATCH_LENGTHS", "german_game"]

#: A match is one hand, or the best of 3 or 5.
MATCH_LENGTHS = (1, 3, 5)
_SEED_STEP = 7919


@dataclass(frozen=True)
class GermanMatchOutcome:
    """The end of a match: the winner, hands won by each player, the points of the
    hands added up, and each hand's own outcome (drawn hands included)."""

    winner: int
    hands_won: list[int]
    points: list[int]
    hands: list[GermanOutcome]

    @property
    def draws(self) -> int:
        """How many hands were drawn (and so replayed)."""
        return sum(1 for o in self.hands if o.is_draw)


@dataclass(frozen=True)
class GermanMatchView(GermanView):
    """What one seat may see in a match: the hand in progress
    (:class:`~kowhist_teach.games.german.engine.GermanView`) and the match score."""

    match: int = 1
    hand_number: int = 1
    hands_won: tuple[int, int] = (0, 0)
    match_points: tuple[int, int] = (0, 0)


class GermanMatch:
    """A match of German Whist (see the module's docstring).

    ``games`` are the hands so far, the one in progress last; ``game`` is that one. The
    hand in progress answers for everything a match does not say itself (``phase``,
    ``hands``, ``stock``, ``trump``, ``tricks`` …).

    >>> m = GermanMatch(match=5, seed=1, first_dealer=1)
    >>> m.hands_needed, m.dealer, m.hand_number, m.hands_won
    (3, 1, 1, [0, 0])
    """

    def __init__(
        self,
        rules: GermanRules | None = None,
        seed: int | None = None,
        first_dealer: int = 0,
        *,
        match: int = 3,
        auto_chance: bool = True,
        players: int | list[str] = 2,
    ) -> None:
        if match not in MATCH_LENGTHS or isinstance(match, bool):
            raise SetupError(
                _("a match is the best of 1, 3 or 5 hands, not {value!r}").format(value=match)
            )
        self.match = match
        self.auto_chance = auto_chance
        self._base = seed if seed is not None else random.randrange(1 << 62)
        self.seed = seed
        first = GermanGame(
            rules, self._base, first_dealer, auto_chance=auto_chance, players=players
        )
        self.rules: GermanRules = first.rules
        self.first_dealer = first_dealer
        self._players = players
        self.games: list[GermanGame] = [first]
        self._outcome: GermanMatchOutcome | None = None

    # ---------------------------------------------------------------- the score
    @property
    def game(self) -> GermanGame:
        """The hand in progress (or the last hand, once the match is over)."""
        return self.games[-1]

    @property
    def hand_number(self) -> int:
        """The number of the hand in progress, from 1 (drawn hands count)."""
        return len(self.games)

    @property
    def hands_needed(self) -> int:
        """Hands a player must win to win the match: 1, 2 or 3."""
        return self.match // 2 + 1

    def _finished(self) -> list[GermanOutcome]:
        return [g.outcome() for g in self.games if g.outcome() is not None]

    @property
    def hands_won(self) -> list[int]:
        """Hands won by each player so far (drawn hands count for nobody)."""
        won = [0, 0]
        for o in self._finished():
            if o.winner is not None:
                won[o.winner] += 1
        return won

    @property
    def points(self) -> list[int]:
        """The points of the finished hands added up, by player (for teaching only)."""
        points = [0, 0]
        for o in self._finished():
            if o.winner is not None:
                points[o.winner] += o.points
        return points

    def outcome(self) -> GermanMatchOutcome | None:
        """``None`` while the match goes on; then its winner and score."""
        return self._outcome

    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._outcome is not None

    # ---------------------------------------------------------------- moves
    def legal_moves(self) -> list[Move]:
        """The moves open in the hand in progress (none once the match is over)."""
        return [] if self._outcome is not None else self.game.legal_moves()

    def why_illegal(self, move: Move | str) -> str:
        """Why ``move`` is not legal now ("" if it is)."""
        if self._outcome is not None:
            return _("the game is over")
        return self.game.why_illegal(move)

    def play(self, move: Move | str, seat: int | None = None) -> None:
        """Make a move in the hand in progress; when it ends the hand, score it and
        start the next hand (or end the match)."""
        if self._outcome is not None:
            raise IllegalMove(_("the game is over"))
        game = self.game
        game.play(move, seat)
        if game.outcome() is not None:
            self._hand_over()

    def _hand_over(self) -> None:
        won = self.hands_won
        for seat in (0, 1):
            if won[seat] >= self.hands_needed:
                self._outcome = GermanMatchOutcome(seat, won, self.points, self._finished())
                return
        last = self.game
        k = len(self.games)
        self.games.append(
            GermanGame(
                self.rules,
                self._base + _SEED_STEP * k,
                1 - last.dealer,
                auto_chance=self.auto_chance,
                players=self._players,
            )
        )

    def deal(self, hands: Sequence[Sequence[Card | str]], stock: Sequence[Card | str]) -> None:
        """Chance: deal the hand in progress (with ``auto_chance=False``)."""
        self.game.deal(hands, stock)

    @property
    def moves(self) -> list[Move]:
        """Every move of the match, hand after hand."""
        return [m for g in self.games for m in g.moves]

    def undo(self) -> Move:
        """Take back the last move of the match, across the end of a hand."""
        while not self.game.moves and len(self.games) > 1:
            self.games.pop()  # a hand not begun yet: back to the hand before
        self._outcome = None
        return self.game.undo()

    def clone(self) -> GermanMatch:
        """An independent copy of the match."""
        other = copy.copy(self)
        other.games = [g.clone() for g in self.games]
        return other

    # ---------------------------------------------------------------- views
    def view(self, seat: int) -> GermanMatchView:
        """What ``seat`` may see: the hand in progress and the match score."""
        base = self.game.view(seat)
        return GermanMatchView(
            **vars(base),
            match=self.match,
            hand_number=self.hand_number,
            hands_won=tuple(self.hands_won),  # type: ignore[arg-type]
            match_points=tuple(self.points),  # type: ignore[arg-type]
        )

    def __getattr__(self, name: str) -> Any:
        # Everything else (phase, to_move, hands, stock, trump, names …) is the hand's.
        if name.startswith("__") or name == "games":
            raise AttributeError(name)
        return getattr(self.games[-1], name)

    def __repr__(self) -> str:
        return (
            f"<GermanMatch best of {self.match}, hand {self.hand_number}, "
            f"hands_won={self.hands_won}>"
        )


def german_game(rules: GermanRules | None = None, *, match: int = 1, **kwargs: Any) -> Any:
    """A single hand (``match=1``) or a :class:`GermanMatch` of 3 or 5 hands.

    >>> type(german_game(seed=1)).__name__, type(german_game(match=3, seed=1)).__name__
    ('GermanGame', 'GermanMatch')
    """
    if match == 1:
        return GermanGame(rules, **kwargs)
    return GermanMatch(rules, match=match, **kwargs)
