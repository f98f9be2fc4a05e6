"""The seats of a table picture: one panel per player (name, badges, tricks won, the
hand), placed by the layout the game names: ``ring`` (2–7 players round the table),
``facing`` (two players) or ``compass`` (four seats, partners opposite).

>>> seat_panel_height(90.0), seat_panel_height(56.0, badge_row=True)
(174.0, 156.4)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..core.card_words import card_name
from ..core.cards import Card
from ..core.hooks.picture import Seat
from ..i18n import _, ngettext
from .boxes import TONES
from .cards import BOX_H, BOX_W, empty_slot
from .draw import GOLD, fmt, pill, pill_width, put_text
from .hands import hand_group, hand_width

__all__ = ["seat_panel", "seat_panel_height", "place_seats", "RING_SEATS", "TABLE_W", "TABLE_H"]

#: The table's width, and its height for up to four players (five or more: taller).
TABLE_W, TABLE_H, TABLE_H_TALL = 1200.0, 840.0, 1000.0


def table_height(layout: str, n: int) -> float:
    """How high the table is drawn for ``n`` players."""
    return TABLE_H_TALL if layout == "ring" and n > 4 else TABLE_H


def seat_panel_height(size: float, badge_row: bool = False) -> float:
    """The height of a seat's panel holding cards ``size`` wide (see :func:`seat_panel`)."""
    return (64.0 if badge_row else 34.0) + size * BOX_H / BOX_W + 14


def seat_panel(
    svg: ET.Element,
    cx: float,
    top: float,
    seat: int,
    name: str,
    *,
    face_up: Sequence[Card],
    hidden: int,
    size: float,
    spread: float,
    badges: list[tuple[str, str, str]],
    tricks: int,
    to_move: bool,
    faded: bool,
    four_colour: bool,
    canvas_width: float = 1200.0,
    back_spread: float | None = None,
    badge_row: bool = False,
    badge_size: float = 15.0,
    own: bool = False,
) -> None:
    """One player: the name and the tricks won on the top line, the badges (status,
    dealer …) after the name or, with ``badge_row``, on a line of their own, and the
    hand below (faces, then ``hidden`` backs ``back_spread`` apart).

    Someone else's backs are heard as one line ("Bot 1: 5 cards, face down"), never
    one by one; the viewer's ``own`` backs (a blind dog's card, which they play) are
    left to the table that makes them playable."""
    count = len(face_up) + hidden
    back_spread = size * 0.3 if back_spread is None else back_spread
    hand_w = hand_width(max(count, 1), size, spread, hidden, back_spread)
    height = seat_panel_height(size, badge_row)
    tricks_text = _("Tricks: {n}").format(n=tricks)
    # Estimated text widths (DejaVu Sans Bold averages about 0.65 em a character).
    name_w = 0.68 * 22 * len(name)
    header_w = name_w + 0.65 * 20 * len(tricks_text) + 34
    badge_ws = [pill_width(text, badge_size) for text, _fill, _ink in badges]
    badges_w = sum(bw + 6 for bw in badge_ws)
    if badge_row:
        width = max(hand_w + 20, header_w + 6, badges_w + 18)
    else:
        width = max(hand_w + 20, header_w + badges_w)
    x0 = min(max(cx - width / 2, 10.0), canvas_width - width - 10)
    words = [name] + [b[0] for b in badges] + [tricks_text]
    if to_move:
        words.append(_("to move"))
    attrs = {
        "class": "kwr-seat" + (" kwr-to-move" if to_move else ""),
        "data-seat": str(seat),
        "aria-label": ", ".join(words),
    }
    if faded:
        attrs["opacity"] = "0.55"
    g = ET.SubElement(svg, "g", attrs)
    ET.SubElement(
        g,
        "rect",
        {
            "x": fmt(x0),
            "y": fmt(top),
            "width": fmt(width),
            "height": fmt(height),
            "rx": "12",
            "fill": "#000000",
            "fill-opacity": "0.25",
            "stroke": GOLD if to_move else "none",
            "stroke-width": "4",
        },
    )
    # Name (left) and tricks won (right) on the top line; the badges follow the name
    # or sit on the line below.
    put_text(g, x0 + 12, top + 25, name, 22, anchor="start", bold=True)
    put_text(
        g,
        x0 + width - 12,
        top + 25,
        tricks_text,
        20,
        anchor="end",
        bold=True,
        **{"class": "kwr-tricks"},
    )
    bx, by = (x0 + 12, top + 48) if badge_row else (x0 + 20 + name_w, top + 18)
    for (text, fill, ink), bw in zip(badges, badge_ws, strict=True):
        pill(g, bx + bw / 2, by, text, fill, ink, badge_size, css_class="kwr-badge")
        bx += bw + 6
    hx = x0 + width / 2 - hand_w / 2
    hy = top + height - size * BOX_H / BOX_W - 14
    if count:
        spoken = [card_name(c) for c in face_up]
        if hidden:
            spoken.append(_("{n} face-down cards").format(n=hidden))
        label = _("Hand of {name}: {cards}").format(name=name, cards=", ".join(spoken))
        if hidden and not face_up and not own:
            label = ngettext(
                "{name}: {n} card, face down", "{name}: {n} cards, face down", hidden
            ).format(name=name, n=hidden)
        g.append(
            hand_group(
                face_up,
                hx,
                hy,
                size,
                spread,
                hidden=hidden,
                four_colour=four_colour,
                label=label,
                seat=seat,
                hidden_spread=back_spread,
                quiet_backs=not own,
            )
        )
    else:
        empty_slot(g, hx, hy, size)


# Where each seat's panel goes, by the number of players: the middle of the panel as
# fractions of the table's width and height, for the seat k places after the viewer
# (who sits at the bottom); play goes clockwise, up the left side.  A panel is then
# pushed inside the table.  Tables for five or more players are taller.
RING_SEATS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 1.0), (0.5, 0.0)],
    3: [(0.5, 1.0), (0.167, 0.39), (0.833, 0.39)],
    4: [(0.5, 1.0), (0.154, 0.5), (0.5, 0.0), (0.846, 0.5)],
    5: [(0.5, 1.0), (0.158, 0.66), (0.375, 0.15), (0.7, 0.15), (0.842, 0.66)],
    6: [(0.5, 1.0), (0.163, 0.72), (0.163, 0.39), (0.5, 0.15), (0.837, 0.39), (0.837, 0.72)],
    7: [
        (0.5, 1.0),
        (0.171, 0.745),
        (0.146, 0.43),
        (0.367, 0.15),
        (0.7, 0.15),
        (0.854, 0.43),
        (0.829, 0.745),
    ],
}


def _badges(seat: Seat) -> list[tuple[str, str, str]]:
    return [(b.text, *TONES[b.tone]) for b in seat.badges]


def place_seats(
    svg: ET.Element,
    layout: str,
    seats: Sequence[Seat],
    viewer: int,
    w: float,
    h: float,
    four_colour: bool,
    order: Sequence[int] = (),
    status_left: float | None = None,
) -> list[tuple[float, float]]:
    """Draw every seat's panel as ``layout`` places it; returns each seat's centre
    (where its cards of the trick lie towards), or ``[]`` for a plain ring. ``order``
    lists the seats clockwise when that is not seat order; ``status_left`` is where the
    status line's box begins (a panel at the top keeps to its left)."""
    if layout == "facing":
        _facing(svg, seats, viewer, w, h, four_colour)
        return []
    n = len(seats)
    # The seats clockwise (``order``, or seat order); the viewer sits at the bottom.
    ring = list(order) if order else list(range(n))
    start = ring.index(viewer)
    centres: list[tuple[float, float]] = [(0.0, 0.0)] * n
    for k, (fx, fy) in enumerate(RING_SEATS[n]):
        centres[ring[(start + k) % n]] = (fx * w, fy * h)
    if layout == "compass":
        places = {s: (ring.index(s) - start) % n for s in ring}
        _compass(svg, seats, viewer, centres, four_colour, places)
    else:
        _ring(svg, seats, viewer, centres, w, h, four_colour, status_left)
    return centres


def _ring(
    svg: ET.Element,
    seats: Sequence[Seat],
    viewer: int,
    centres: list[tuple[float, float]],
    w: float,
    h: float,
    four_colour: bool,
    status_left: float | None = None,
) -> None:
    for seat in seats:
        s = seat.seat
        size = 90.0 if s == viewer else 60.0
        cx, cy = centres[s]
        panel_h = seat_panel_height(size)
        top = min(max(cy - panel_h / 2, 20.0), h - panel_h - 12)
        # A panel level with the status line (top right) keeps to its left.
        room = w if status_left is None or top > 64 else status_left + 2
        seat_panel(
            svg,
            cx,
            top,
            s,
            seat.name,
            face_up=seat.face_up,
            hidden=seat.hidden,
            size=size,
            spread=size * 0.55,
            badges=_badges(seat),
            tricks=seat.tricks,
            to_move=seat.to_move,
            faded=seat.faded,
            four_colour=four_colour,
            canvas_width=room,
            own=s == viewer,
        )


def _facing(
    svg: ET.Element, seats: Sequence[Seat], viewer: int, w: float, h: float, four_colour: bool
) -> None:
    for seat in seats:
        mine = seat.seat == viewer
        # The other player's cards seen face up are drawn a little larger than backs.
        size = 90.0 if mine else 70.0 if seat.face_up else 60.0
        panel_h = seat_panel_height(size)
        top = h - panel_h - 12 if mine else 84.0  # below the status line
        seat_panel(
            svg,
            w / 2,
            top,
            seat.seat,
            seat.name,
            face_up=seat.face_up,
            hidden=seat.hidden,
            size=size,
            spread=size * 0.55,
            badges=_badges(seat),
            tricks=seat.tricks,
            to_move=seat.to_move,
            faded=seat.faded,
            four_colour=four_colour,
            own=mine,
        )


# The widest each hand may fan in the compass layout: at the bottom between the score
# and kitty boxes, at the sides clear of the trick in the middle and the names by its
# cards.
_COMPASS_LIMITS = (640.0, 360.0, 400.0, 360.0)


def _fan(count: int, size: float, limit: float) -> float:
    """The spread of a fan of ``count`` faces that keeps within ``limit`` pixels."""
    spread = size * 0.55
    if count > 1:
        spread = min(spread, (limit - size) / (count - 1))
    return spread


def _compass(
    svg: ET.Element,
    seats: Sequence[Seat],
    viewer: int,
    centres: list[tuple[float, float]],
    four_colour: bool,
    places: dict[int, int] | None = None,
) -> None:
    """Four seats: name and tricks, then the badges on a row of their own, then the
    hand; the viewer at the bottom, partners opposite (``places``: each seat's place
    clockwise from the viewer, when the seats do not sit in seat order)."""
    for seat in seats:
        # 0 at the bottom, 1 left, 2 top, 3 right
        place = places[seat.seat] if places else (seat.seat - viewer) % 4
        cx, cy = centres[seat.seat]
        mine = place == 0
        # A hand the viewer plays too (the dummy opposite its dealer) is as big as
        # their own and may fan as wide: the student clicks its cards.
        big = mine or (seat.controlled and place == 2)
        size = 90.0 if big else 56.0
        if mine and len(seat.face_up) > 13:
            size = 84.0  # a bid-whist declarer holding the kitty: 18 cards
        limit = _COMPASS_LIMITS[0] if big else _COMPASS_LIMITS[place]
        spread = _fan(len(seat.face_up) + seat.hidden, size, limit)
        height = seat_panel_height(size, badge_row=True)
        if place == 0:
            top = TABLE_H - height - 12
        elif place == 2:
            top = 70.0 if big else 80.0  # below the status line
        else:
            # Below the middle: room above for the contract under the trump box.
            top = cy - height / 2 + 40
        seat_panel(
            svg,
            cx,
            top,
            seat.seat,
            seat.name,
            face_up=seat.face_up,
            hidden=seat.hidden,
            size=size,
            spread=spread,
            badges=_badges(seat),
            tricks=seat.tricks,
            to_move=seat.to_move,
            faded=seat.faded,
            four_colour=four_colour,
            canvas_width=TABLE_W,
            back_spread=min(size * 0.3, spread),
            badge_row=True,
            badge_size=17.0,
            own=mine,
        )
