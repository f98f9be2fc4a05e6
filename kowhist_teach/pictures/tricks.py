"""Tricks as SVG: each card in front of the seat that played it (the viewer at the
bottom, play going clockwise), the winning card in gold with a ★, the leader marked.

>>> t = Trick(leader=0, trump=Suit.SPADES)
>>> t.add(0, Card('AS'))
>>> trick_svg(t).count('kw-trick'), trump_text(Suit.SPADES, True)
(1, 'Trumps: spades')
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..core.card_words import card_name, suit_names
from ..core.cards import Card, Suit
from ..core.tricks import Trick
from ..i18n import _
from .cards import BOX_H, BOX_W, card_element
from .draw import FELT, GOLD, INK, SvgStr, finish, fmt, put_text, svg_root

__all__ = ["trick_svg", "trick_group", "trick_radii", "seat_angle", "label_width", "trump_text"]


# ------------------------------------------------------------------ tricks
def seat_angle(seat: int, viewer: int, n: int) -> float:
    """Where a seat sits, in radians: the viewer at the bottom, play going clockwise
    (the next player on the viewer's left, the left of the picture)."""
    return math.pi / 2 + 2 * math.pi * ((seat - viewer) % n) / n


def trick_radii(n: int, size: float) -> tuple[float, float]:
    """How far from the centre the trick's cards lie, so that no two overlap."""
    h = size * BOX_H / BOX_W
    if n <= 2:
        return 0.0, h * 0.8
    if n <= 4:
        return size * 1.2, h * 0.75
    return size * 2.8, h * 1.9


def trick_group(
    plays: Sequence[tuple[int, Card]],
    leader: int | None,
    winning_card: Card | None,
    names: Sequence[str],
    cx: float,
    cy: float,
    size: float,
    viewer: int,
    *,
    four_colour: bool = False,
    finished: bool = False,
    angles: Sequence[float] | None = None,
    radii: tuple[float, float] | None = None,
) -> ET.Element:
    """The cards of a trick round ``(cx, cy)``, each towards its seat: at ``angles[seat]``
    (radians), or evenly round the table with ``viewer`` at the bottom; ``radii`` are
    the horizontal and vertical distances from the centre (by default from the size)."""
    n = len(names)
    rx, ry = radii if radii is not None else trick_radii(n, size)
    h = size * BOX_H / BOX_W
    g = ET.Element("g", {"class": "kwr-trick-area"})
    label_size = max(14.0, size * 0.2)
    for seat, card in plays:
        a = angles[seat] if angles is not None else seat_angle(seat, viewer, n)
        x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
        wins = card == winning_card
        name = names[seat]
        words = [_("{name}: {card}").format(name=name, card=card_name(card))]
        if seat == leader:
            words.append(_("led"))
        if wins:
            words.append(_("won the trick") if finished else _("winning"))
        spoken = ", ".join(words)
        g.append(
            card_element(
                card,
                x - size / 2,
                y - h / 2,
                size,
                four_colour=four_colour,
                highlight=wins,
                title=spoken,
                css_class="kw-trick",
            )
        )
        text = f"★ {name}" if wins else name
        if seat == leader:
            text = _("{name} led").format(name=text)
        # Under the card, but above the one at the top, whose name would run into the
        # cards on either side.
        above = n > 2 and math.sin(a) < -0.9
        put_text(
            g,
            x,
            y - h / 2 - label_size * 0.45 if above else y + h / 2 + label_size * 1.15,
            text,
            label_size,
            GOLD if wins else INK,
            bold=wins,
            **{"aria-hidden": "true"},
        )
    return g


def trick_svg(
    trick: Trick,
    names: Sequence[str] | None = None,
    *,
    viewer: int = 0,
    size: float = 80,
    four_colour: bool = False,
    finished: bool = False,
) -> SvgStr:
    """A trick on the felt: each card in front of the seat that played it (``viewer``
    at the bottom, play going clockwise), the winning card in gold with a ★, the leader
    marked "led".  ``names`` gives the players (and how many there are); without it
    the seats are "Player 1", "Player 2" ….  ``finished`` says "won" for "winning".

    >>> t = Trick(leader=1, trump=Suit.DIAMONDS)
    >>> for seat, code in [(1, 'AS'), (2, '3S'), (3, '2D'), (0, 'KS')]:
    ...     t.add(seat, Card(code))
    >>> svg = trick_svg(t, ['Ann', 'Bo', 'Cy', 'Di'])
    >>> svg.count('kw-trick'), 'Bo led' in svg, '★ Di' in svg
    (4, True, True)
    """
    if names is None:
        seats = [s for s, _c in trick.plays] + [trick.leader, viewer]
        names = [_("Player {n}").format(n=i + 1) for i in range(max(seats) + 1)]
    n = len(names)
    rx, ry = trick_radii(n, size)
    h = size * BOX_H / BOX_W
    label_size = max(14.0, size * 0.2)
    # The names of the seats at the sides (with "★" and "led") stay clear of the
    # cards at the top and the bottom.
    angles = [seat_angle(s, viewer, n) for s in range(n)]
    sides = [label_width(names[s], label_size) for s in range(n) if abs(math.cos(angles[s])) > 0.5]
    if sides:
        rx = max(rx, size / 2 + max(sides) / 2 + 8)
    width = max(2 * rx + size + 120, 2 * rx + max(sides, default=0) + 20, 280.0)
    top = 40.0 if trick.trump is not None else 10.0  # room for the trump line
    # Room above the top card for its name (see trick_group), and under the lowest.
    above = label_size * 1.3 if n > 2 and n % 2 == 0 else 0.0
    centre_y = top + 6 + above + ry + h / 2
    height = centre_y + ry + h / 2 + label_size * 1.5 + 8
    cards = ", ".join(
        _("{name}: {card}").format(name=names[s], card=card_name(c)) for s, c in trick.plays
    )
    label = _("Trick: {cards}").format(cards=cards or _("no cards yet"))
    svg = svg_root(width, height, label)
    ET.SubElement(
        svg,
        "rect",
        {"width": fmt(width), "height": fmt(height), "rx": "14", "fill": FELT},
    )
    if trick.trump is not None:
        put_text(svg, 12, 28, trump_text(trick.trump, True), 18, anchor="start", bold=True)
    svg.append(
        trick_group(
            trick.plays,
            trick.leader,
            trick.winning_card,
            names,
            width / 2,
            centre_y,
            size,
            viewer,
            four_colour=four_colour,
            finished=finished,
            radii=(rx, ry),
        )
    )
    return finish(svg)


def label_width(name: str, size: float) -> float:
    """About how wide a seat's name under a trick card is, "★" and "led" included."""
    # DejaVu Sans averages about 0.6 em a character (bold, for the winner's name).
    return 0.62 * size * (len(name) + 6)


def trump_text(trump: Suit | None, settled: bool) -> str:
    if trump is not None:
        return _("Trumps: {suit}").format(suit=suit_names()[trump])
    return _("No trumps") if settled else _("Trumps: not chosen yet")
