"""Partnerships: seats playing in sides, and every word the package says of a side.

A game played in fixed partnerships declares them once, on its spec
(``GameSpec(partnerships=OPPOSITE)``; ``True`` reads as :data:`OPPOSITE`), and every
layer — the game's own hooks, the command line, the widgets — asks that one
:class:`Partnerships` for a seat's side, a side's seats, its name at the table
("North–South"), its players ("Ann and Cy"), its seats in a replay ("seats 0 and 2")
and the scores or tricks side by side. The whist family (whist, bid whist) plays
:data:`OPPOSITE`, partners opposite, as would any partnership game (Spades, bridge).

Sides are numbered from 0 in the order :attr:`Partnerships.sides` lists them; in a
record's replay a side's result is given by that number (docs/records.md, "A side's
result").

>>> OPPOSITE.side_of(3), OPPOSITE.partners(0), OPPOSITE.side_name(1)
(1, (0, 2), 'East–West')
>>> OPPOSITE.side_list(['Ann', 'Bo', 'Cy', 'Di'], [7, 6])
'Ann and Cy 7, Bo and Di 6'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import _

__all__ = ["Partnerships", "OPPOSITE", "compass", "declared"]


def compass(seat: int) -> str:
    """A seat of four by its compass point, as the table draws it (the student, seat
    0, sits South; then clockwise West, North, East).

    >>> compass(0), compass(3)
    ('South', 'East')
    """
    return (_("South"), _("West"), _("North"), _("East"))[seat]


@dataclass(frozen=True)
class Partnerships:
    """Seats in sides: ``sides[k]`` are the seats of side ``k``, lowest seat first
    (partners opposite by default: seats 0 and 2 against seats 1 and 3).

    >>> Partnerships(((0, 1), (2, 3))).side_of(2)
    1
    """

    sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))

    @property
    def seats(self) -> int:
        """How many seats play."""
        return sum(len(side) for side in self.sides)

    # ------------------------------------------------------------ seats and sides
    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for.

        >>> [OPPOSITE.side_of(s) for s in range(4)]
        [0, 1, 0, 1]
        """
        for k, side in enumerate(self.sides):
            if seat in side:
                return k
        raise ValueError(f"seat {seat} is in no side")

    def partners(self, side: int) -> tuple[int, ...]:
        """The seats of ``side``.

        >>> OPPOSITE.partners(1)
        (1, 3)
        """
        return self.sides[side]

    def partner(self, seat: int) -> int:
        """The partner of ``seat`` (a side of two).

        >>> OPPOSITE.partner(1)
        3
        """
        a, b = self.sides[self.side_of(seat)]
        return b if seat == a else a

    def by_side(self, by_seat: Sequence[int]) -> list[int]:
        """Values by seat (tricks, points) added up by side.

        >>> OPPOSITE.by_side([3, 4, 5, 1])
        [8, 5]
        """
        return [sum(by_seat[s] for s in side) for side in self.sides]

    # ------------------------------------------------------------------ words
    def side_name(self, side: int) -> str:
        """A side by the compass points of its seats, as the table names it.

        >>> OPPOSITE.side_name(0)
        'North–South'
        """
        seats = self.partners(side)
        if seats == (0, 2):
            return _("North–South")
        if seats == (1, 3):
            return _("East–West")
        return "–".join(compass(s) for s in seats)

    def players(self, side: int, names: Sequence[str]) -> str:
        """The players of ``side`` by name: "Ann and Cy".

        >>> OPPOSITE.players(1, ['Ann', 'Bo', 'Cy', 'Di'])
        'Bo and Di'
        """
        a, b = (names[s] for s in self.partners(side))
        return _("{a} and {b}").format(a=a, b=b)

    def seats_words(self, side: int) -> str:
        """The seats of ``side`` by number, as a replay names them: "seats 0 and 2".

        >>> OPPOSITE.seats_words(1)
        'seats 1 and 3'
        """
        a, b = self.partners(side)
        return _("seats {a} and {b}").format(a=a, b=b)

    def side_list(self, names: Sequence[str], values: Sequence[int]) -> str:
        """Scores or tricks side by side, each side by its players' names (the
        terminal game's words)."""
        return ", ".join(
            _("{a} and {b} {v}").format(
                a=names[self.partners(k)[0]], b=names[self.partners(k)[1]], v=v
            )
            for k, v in enumerate(values)
        )

    def replay_list(self, values: Sequence[int]) -> str:
        """Values side by side as a replay writes them: "seats 0 and 2: 7, seats 1
        and 3: 6".

        >>> OPPOSITE.replay_list([7, 6])
        'seats 0 and 2: 7, seats 1 and 3: 6'
        """
        return ", ".join(
            _("seats {a} and {b}: {v}").format(a=self.partners(k)[0], b=self.partners(k)[1], v=v)
            for k, v in enumerate(values)
        )

    def replay_intro(self) -> str:
        """Who plays with whom, as a replay's text says it first.

        >>> OPPOSITE.replay_intro()
        'Seats 0 and 2 play together, against seats 1 and 3.'
        """
        (a, b), (c, d) = self.sides
        return _("Seats {a} and {b} play together, against seats {c} and {d}.").format(
            a=a, b=b, c=c, d=d
        )

    def replay_winners(self, side: int) -> str:
        """The winning side of a replayed game (a side number of ``replay --json``).

        >>> OPPOSITE.replay_winners(1)
        'Winners: seats 1 and 3'
        """
        a, b = self.partners(side)
        return _("Winners: seats {a} and {b}").format(a=a, b=b)

    def partners_line(self, names: Sequence[str], seat: int = 0) -> str:
        """Who plays with whom, told to the player at ``seat``.

        >>> OPPOSITE.partners_line(['Ann', 'Bo', 'Cy', 'Di'])
        'You and Cy are partners, against Bo and Di.'
        """
        other = 1 - self.side_of(seat)
        a, b = (names[s] for s in self.partners(other))
        return _("You and {partner} are partners, against {a} and {b}.").format(
            partner=names[self.partner(seat)], a=a, b=b
        )

    def won_line(self, side: int, names: Sequence[str]) -> str:
        """The winning side of a finished terminal game.

        >>> OPPOSITE.won_line(0, ['Ann', 'Bo', 'Cy', 'Di'])
        'Ann and Cy won the game.'
        """
        a, b = (names[s] for s in self.partners(side))
        return _("{a} and {b} won the game.").format(a=a, b=b)


#: Four seats, partners opposite: seats 0 and 2 (North–South) against seats 1 and 3
#: (East–West).
OPPOSITE = Partnerships()


def declared(value: Partnerships | bool | None) -> Partnerships | None:
    """A spec's ``partnerships`` as declared: ``True`` is :data:`OPPOSITE`, ``False``
    or ``None`` no partnerships.

    >>> declared(True) is OPPOSITE, declared(False)
    (True, None)
    """
    if value is True:
        return OPPOSITE
    if value is False or value is None:
        return None
    if not isinstance(value, Partnerships):
        raise TypeError(f"partnerships must be a Partnerships or a bool, not {value!r}")
    return value
