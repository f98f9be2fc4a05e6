"""Knock-Out Whist's rule options and the values a game reports: the options
(:class:`Rules`, RULES.md §2 with every variant), a player's status, the phases, how a
game ends, what a round leaves behind (:class:`RoundLog`) and what one seat may see
(:class:`PlayerView`). The game itself is :mod:`.engine`.

>>> Rules(misere=True).to_dict()
{'misere': True}
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum, IntEnum
from typing import Any

from ...core.cards import Card, Suit
from ...core.game import check_rule_options
from ...core.moves import Move, SetupError
from ...core.tricks import Trick
from ...i18n import _

__all__ = [
    "Rules",
    "Status",
    "status_label",
    "Phase",
    "Termination",
    "Outcome",
    "RoundLog",
    "PlayerView",
    "TIE_BREAKS",
]

#: The ways a tie for most tricks can be settled (``Rules.tie_break``).
TIE_BREAKS = ("cut", "rps")


@dataclass(frozen=True)
class Rules:
    """The options of Knock-Out Whist; ``Rules()`` is the plain game of RULES.md §2.

    >>> Rules(dogs_chance=True, start_hand=6).hand_sizes()
    [6, 5, 4, 3, 2, 1]
    >>> Rules.from_dict({'start_hand': 7, 'dogs_chance': True}) == Rules(dogs_chance=True)
    True
    """

    #: Cards dealt in the first round; each round deals one fewer, down to 1.
    start_hand: int = 7
    #: A first failure makes a player a dog (one card, play or pass) instead of out.
    dogs_chance: bool = False
    #: With ``dogs_chance``: only the game's first failing hand earns dog's chances.
    one_dog_per_game: bool = False
    #: With ``dogs_chance``: a player who failed again after their dog's chance gets a
    #: face-down card as a blind dog.
    blind_dog: bool = False
    #: Eliminated players get one card each round and may fight their way back in.
    reentry: bool = False
    #: At 6 or more cards a hand without J, Q, K or A may call for a redeal.
    no_picture_redeal: bool = False
    #: In the 4-card round one card of each suit wins the round at once.
    rainbow: bool = False
    #: The first turn-up suit is trump all game.
    fixed_trump: bool = False
    #: Eliminated players vote on trumps; ties go to the chooser.
    eliminated_vote_trump: bool = False
    #: The 1-card round has no trumps.
    no_trump_final: bool = False
    #: Trumps may not be led until someone has trumped in (unless only trumps are held).
    trump_breaking: bool = False
    #: How a tie for most tricks is settled: ``"cut"`` (cards) or ``"rps"``
    #: (rock-paper-scissors among the tied players); either is a chance event.
    tie_break: str = "cut"
    #: On a round's first trick a player who cannot follow suit may not trump, unless
    #: they hold only trumps.
    no_trump_first_trick: bool = False
    #: Misère Knock-Out Whist: taking two or more tricks in a round (or every trick of
    #: it) knocks you out; the fewest tricks chooses trumps (see docs/rules.md).
    misere: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(value, bool):
                raise SetupError(
                    _("rule option {name} must be true or false, not {value!r}").format(
                        name=f.name, value=value
                    )
                )
        if not isinstance(self.start_hand, int) or isinstance(self.start_hand, bool):
            raise SetupError(
                _("start_hand must be a whole number from 1 to 13, not {value!r}").format(
                    value=self.start_hand
                )
            )
        if not 1 <= self.start_hand <= 13:
            raise SetupError(
                _("start_hand must be from 1 to 13, not {value}").format(value=self.start_hand)
            )
        if self.tie_break not in TIE_BREAKS:
            raise SetupError(
                _("tie_break must be {choices}, not {value!r}").format(
                    choices=" or ".join(TIE_BREAKS), value=self.tie_break
                )
            )
        if self.misere:
            for option in ("dogs_chance", "reentry", "rainbow"):
                if getattr(self, option):
                    raise SetupError(
                        _(
                            "misere cannot be played with {option}: "
                            "in misère taking no trick is what you aim for"
                        ).format(option=option)
                    )
        for option in ("one_dog_per_game", "blind_dog"):
            if getattr(self, option) and not self.dogs_chance:
                raise SetupError(
                    _("{option} needs dogs_chance: it changes how dog's chances are given").format(
                        option=option
                    )
                )

    @classmethod
    def from_dict(cls, options: dict[str, Any] | None) -> Rules:
        """Rules from a record's ``rules`` object; an unknown option is an error."""
        return cls(**check_rule_options(cls, options))

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (what a record's ``rules`` holds)."""
        default = Rules()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def hand_sizes(self) -> list[int]:
        """The hand size of each round, from ``start_hand`` down to 1."""
        return list(range(self.start_hand, 0, -1))

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed."""
        return replace(self, **changes)


class Status(IntEnum):
    """Where a player stands in the game."""

    ACTIVE = 0  #: in the game with a full hand
    DOG = 1  #: on their dog's chance: one card, play or pass
    BLIND_DOG = 2  #: on a blind dog's chance: one face-down card
    OUT = 3  #: knocked out (under ``reentry`` still dealt one card)


def status_label(status: Status) -> str:
    """A status in words, in the chosen language ("active", "dog", "blind dog", "out").

    >>> status_label(Status.BLIND_DOG)
    'blind dog'
    """
    return {
        Status.ACTIVE: _("active"),
        Status.DOG: _("dog"),
        Status.BLIND_DOG: _("blind dog"),
        Status.OUT: _("out"),
    }[status]


class Phase(Enum):
    """What the game is waiting for."""

    DEAL = "deal"  #: chance: the cards of a round
    CUT = "cut"  #: chance: a cut among tied players
    VOTE = "vote"  #: eliminated players vote on trumps
    CHOOSE_TRUMP = "choose_trump"  #: the chooser names trumps
    DECLARE = "declare"  #: players may declare no picture / rainbow
    PLAY = "play"  #: tricks
    OVER = "over"


class Termination(Enum):
    """How a game ended."""

    #: One player took every trick of a round.  This is also how "the last player
    #: standing" wins: whoever takes a trick stays in (a dog or re-entry player who
    #: takes one comes back), so a player is left alone exactly when they took them all.
    SWEEP = "sweep"
    #: Misère: one player is left in after the others took two or more tricks.
    LAST_STANDING = "last_standing"
    #: Misère: after the 1-card round, the player left in with the fewest tricks over
    #: the whole game wins (a tie among them settled by a cut or rock-paper-scissors).
    FEWEST_TRICKS = "fewest_tricks"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won, how, and in which round (0-based)."""

    winner: int
    termination: Termination
    round: int


@dataclass
class RoundLog:
    """Everything that happened in one round (one dealt hand), for records and teaching."""

    hand_size: int
    dealer: int
    hands: list[list[Card]] = field(default_factory=list)
    turn_up: Card | None = None
    trump: Suit | None = None
    trump_chooser: int | None = None  #: the seat that chose trumps (``None``: turn-up / fixed)
    cut_winner: int | None = None  #: set when a cut among tied players named the chooser
    #: How that tie was settled: ``"cut"`` or ``"rps"`` (rock-paper-scissors).
    cut_kind: str = "cut"
    #: Misère: the winner of the chance event (cut or rock-paper-scissors) that settled
    #: a tie for the fewest tricks after the last round.
    winner_cut: int | None = None
    votes: dict[int, Suit] = field(default_factory=dict)
    declare: dict[str, Any] | None = None
    leader: int | None = None
    actions: list[Move] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    eliminated: list[int] = field(default_factory=list)
    dogs: list[int] = field(default_factory=list)  #: new dogs and blind dogs
    blind_dogs: list[int] = field(default_factory=list)  #: the new blind dogs among them
    redealt: bool = False  #: ended by a "no picture" declaration
    trump_settled: bool = False  #: trumps are known (turn-up, choice, vote, fixed or none)
    could_declare: bool = False  #: someone's hand allowed a declaration this round


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see: their own hand, everything played, the public counts.

    ``hand`` is empty for a blind dog, whose one card is face down (``hidden_cards``).
    """

    seat: int
    hand: list[Card]
    hidden_cards: int
    hand_sizes: list[int]
    trump: Suit | None
    turn_up: Card | None
    round: int
    hand_size: int
    dealer: int
    trick: list[tuple[int, Card]]
    played: list[Card]
    tricks_won: list[int]
    statuses: list[Status]
    to_move: int | None
    phase: Phase
