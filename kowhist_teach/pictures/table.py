"""Whole tables as SVG: the felt, the trump box and the status line, every seat with
its hand, the trick on the table (or the last one finished) and the game's own boxes
(a stock, a contract, the bidding, the scores, a kitty).

A game describes its table as data through its picture hook
(:class:`kowhist_teach.core.hooks.picture.PictureHook`, found through the registry);
this module draws any such description, so it never asks which game it holds.

>>> from kowhist_teach import KnockoutGame
>>> svg = table_svg(KnockoutGame(players=4, seed=1), seat=0)
>>> svg.count('class="kwr-card'), svg.count('class="kwr-back')  # the turn-up too
(8, 21)
"""

from __future__ import annotations

import dataclasses
import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

from ..core.errors import SetupError
from ..core.hooks.picture import Table
from ..core.registry import spec_of
from ..core.tricks import Trick
from ..i18n import N_, _
from .boxes import TOP_PLACES, draw_box, status_left, status_line, trump_box
from .draw import FELT, FELT_DARK, SvgStr, finish, fmt, put_text, scaled, svg_root
from .projector import PROJ_W, draw_projector_table, projector_height
from .seats import TABLE_W, place_seats, table_height
from .tricks import trick_group

__all__ = ["table_svg", "draw_table"]


#: The status lines that name the seat to move, and what the student reads instead on
#: their own turn: the student is "you", a person, not "Player 1 (you)" put into a
#: sentence ("À Joueur 1 (vous) de jouer" read as "À vous de jouer").
_YOUR_TURN = (
    (N_("{name} to play"), N_("Your turn to play")),
    (N_("{name} to bid"), N_("Your turn to bid")),
)


def said_to_the_student(game: Any, seat: int | None, table: Table) -> Table:
    """``table`` as ``seat`` (the student at the bottom) reads it: on their own turn the
    status line speaks to them ("Your turn to play"), in the table's label too.

    >>> from kowhist_teach import KnockoutGame
    >>> game = KnockoutGame(players=["Ann", "Bo"], seed=1)
    >>> hook = type(game).spec.picture
    >>> said_to_the_student(game, game.to_move, hook.table(game, game.to_move)).status
    'Your turn to play'
    """
    if seat is None or game.to_move != seat or game.is_over():
        return table
    for theirs, yours in _YOUR_TURN:
        told = _(theirs).format(name=game.names[seat])
        if table.status == told:
            return dataclasses.replace(
                table, status=_(yours), label=table.label.replace(told, _(yours))
            )
    return table


def table_svg(
    game: Any,
    seat: int | None = None,
    show_all: bool = False,
    *,
    four_colour: bool = False,
    width: float | None = None,
    projector: bool = False,
) -> SvgStr:
    """The whole table: every seat with name, status and tricks won, the hands, the trick
    on the table (or the last one finished), the trump suit and its turn-up card (Knock-
    Out Whist) or the stock with its face-up card (German Whist), and whose turn it is.

    ``seat`` sits at the bottom and sees their own hand (as :meth:`view` allows: not a
    blind dog's card); ``show_all`` turns every hand face up.  Other hands show as backs,
    as many as the cards held (in German Whist, cards seen taken from the stock show face
    up).  ``width`` scales the picture (it is drawn 1200 × 840).  ``projector`` lays it
    out to be read from the back of a classroom (:mod:`kowhist_teach.pictures.projector`:
    big words and cards, 1200 × 840, taller for five players or more).

    A whist-family game (partnership whist, solo whist, bid whist) sits its four players
    by compass points, partners opposite (seat 0 South, then West, North, East), with
    the trump box and turned card, the contract, the bidding while it goes on, the
    scores by partnership (or by seat in solo whist), bid whist's kitty and discards,
    and any hand laid open (misère ouverte).

    Any registered game with a ``picture`` hook is drawn the same way.

    >>> from kowhist_teach import KnockoutGame, WhistGame
    >>> game = KnockoutGame(players=4, seed=1)
    >>> table_svg(game, show_all=True).count('class="kwr-card')
    29
    >>> table_svg(WhistGame(seed=1), seat=2).count('class="kwr-card')  # 13 and the turn-up
    14
    """
    try:
        hook = spec_of(game).picture
    except (SetupError, AttributeError):
        raise TypeError(
            f"table_svg draws a registered game with a picture hook, not {type(game)!r}"
        ) from None
    table = said_to_the_student(game, seat, hook.table(game, seat, show_all))
    svg = draw_table(table, four_colour=four_colour, projector=projector)
    scaled(svg, width)
    return finish(svg)


def draw_table(table: Table, *, four_colour: bool = False, projector: bool = False) -> ET.Element:
    """The ``<svg>`` element of a table a game described (for a projector: bigger)."""
    if projector:
        svg = svg_root(PROJ_W, projector_height(table), table.label, role="group")
        svg.set("class", " ".join(("kwr-table", "kwr-projector", *table.classes)))
        draw_projector_table(table, svg, four_colour)
        return svg
    n = len(table.seats)
    w, h = TABLE_W, table_height(table.layout, n)
    svg = svg_root(w, h, table.label, role="group")
    svg.set("class", " ".join(("kwr-table", *table.classes)))
    _felt(svg, w, h)
    trump_box(svg, 20, 20, table.trumps, four_colour)
    status_line(svg, w, table.status)
    for box in table.boxes:
        if box.place in TOP_PLACES:
            draw_box(svg, box, w, h, four_colour)
    centres = place_seats(
        svg,
        table.layout,
        table.seats,
        table.viewer,
        w,
        h,
        four_colour,
        table.order,
        status_left(w, table.status),
    )
    for box in table.boxes:
        if box.place not in TOP_PLACES:
            draw_box(svg, box, w, h, four_colour)
    if table.trick is not None:
        names = [s.name for s in table.seats]
        args = (svg, table.trick, table.trick_finished, names, table.viewer, w, h, four_colour)
        if table.layout == "compass":
            # Wider apart than a knock-out trick, and a little lower: the names by the
            # cards stay clear of the other cards and of North's hand (lower still
            # below a big hand the viewer plays too, the dummy).
            cx, cy = w / 2, h / 2 + (26 if any(s.controlled for s in table.seats) else 4)
            angles = [math.atan2(y - cy, x - cx) for x, y in centres]
            _trick_on_table(*args, angles, (130.0, 90.0), cy)
        elif centres:
            cx, cy = w / 2, h / 2 - 20
            angles = [math.atan2(y - cy, x - cx) for x, y in centres]
            _trick_on_table(*args, angles)
        else:
            _trick_on_table(*args)
    return svg


def _felt(svg: ET.Element, w: float, h: float) -> None:
    ET.SubElement(svg, "rect", {"width": fmt(w), "height": fmt(h), "rx": "18", "fill": FELT})
    ET.SubElement(
        svg,
        "ellipse",
        {
            "cx": fmt(w / 2),
            "cy": fmt(h / 2 - 20),
            "rx": fmt(w * 0.3),
            "ry": fmt(h * 0.26),
            "fill": FELT_DARK,
            "stroke": "#2e7d50",
            "stroke-width": "3",
        },
    )


def _trick_on_table(
    svg: ET.Element,
    trick: Trick,
    finished: bool,
    names: Sequence[str],
    viewer: int,
    w: float,
    h: float,
    four_colour: bool,
    angles: Sequence[float] | None = None,
    radii: tuple[float, float] | None = None,
    cy: float | None = None,
) -> None:
    size = 70.0 if len(names) > 4 else 86.0
    cy = h / 2 - 20 if cy is None else cy
    if finished:
        # In the middle of the cards; beside them when two cards lie one above the other.
        x, anchor = (w / 2 + size * 0.5 + 16, "start") if len(names) == 2 else (w / 2, "middle")
        put_text(svg, x, cy + 6, _("Last trick"), 18, "#cfe8d6", anchor=anchor, bold=True)
    svg.append(
        trick_group(
            trick.plays,
            trick.leader,
            trick.winning_card,
            names,
            w / 2,
            cy,
            size,
            viewer,
            four_colour=four_colour,
            finished=finished,
            angles=angles,
            radii=radii,
        )
    )
