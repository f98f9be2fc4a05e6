"""A table for the projector: the same table a game describes
(:class:`~kowhist_teach.core.hooks.picture.Table`), laid out to be read from the back
of a classroom (issue 24).

Every word is :data:`WORD` units high and the student's cards :data:`MINE` wide, on a
canvas of :data:`PROJ_W` × :data:`PROJ_H` (taller for five players or more): shown
about 650 pixels wide (a 1024×768 projector beside the app's side column), the words
are about 18 pixels high and the student's cards about 90 (the browser test measures
both). To make room, the other players' hands are compact (their
backs close together), the status line is left to the app's status bar (it stays in
the picture's spoken label), and the boxes (the contract, the bidding, the scores, a
stock or a kitty) stand in the table's left and right columns, above the student's
hand, with the seats on those sides.

>>> from kowhist_teach import KnockoutGame
>>> from kowhist_teach.pictures.table import table_svg
>>> svg = table_svg(KnockoutGame(players=4, seed=1), seat=0, projector=True)
>>> 'viewBox="0 0 1200 840"' in svg, svg.count('class="kwr-card')  # the turn-up too
(True, 8)
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.card_words import card_name
from ..core.hooks.picture import CardBox, Seat, Table, TextBox, TrumpBox
from ..i18n import _, ngettext
from .boxes import TONES, joined
from .cards import BOX_H, BOX_W, card_element, empty_slot, suit_colour
from .draw import FELT, GOLD, TEXT_FORM, fmt, pill, pill_width, put_text, wrap
from .hands import hand_group, hand_width
from .seats import RING_SEATS
from .tricks import trump_text

__all__ = ["draw_projector_table", "projector_height", "PROJ_W", "PROJ_H", "WORD", "MINE"]

#: The projector table's canvas (four players or fewer).
PROJ_W, PROJ_H = 1200.0, 840.0
#: The height of every word on the projector table (units of the canvas).
WORD = 34.0
#: The width of the student's cards (and of a hand they play for, the dummy).
MINE = 124.0
#: Other hands: the width of a face shown, of a back, and how far apart backs lie.
THEIRS, BACK, BACK_STEP = 60.0, 40.0, 7.0
#: The trick's cards: four players or fewer, more.
TRICK, TRICK_MANY = 84.0, 72.0
#: The canvas's height for five players or more, and the side columns' width.
PROJ_H_TALL, COL_W, COL_MAX = 960.0, 340.0, 430.0
_GAP = 8.0
_LINE = WORD * 1.3
_PILL_H = WORD * 1.55


def _width(words: str, bold: bool = False) -> float:
    """About how wide ``words`` are at :data:`WORD` (DejaVu Sans: ~0.6 em a character,
    ~0.7 in bold; generous, so that text stays in its box)."""
    return (0.76 if bold else 0.62) * WORD * len(words)


def _tall(size: float) -> float:
    return size * BOX_H / BOX_W


@dataclass
class _Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


def _frame(g: ET.Element, r: _Rect, gold: bool = False, opacity: str = "0.28") -> None:
    ET.SubElement(
        g,
        "rect",
        {
            "x": fmt(r.x),
            "y": fmt(r.y),
            "width": fmt(r.w),
            "height": fmt(r.h),
            "rx": "12",
            "fill": "#000000",
            "fill-opacity": opacity,
            "stroke": GOLD if gold else "none",
            "stroke-width": "5",
        },
    )


# ------------------------------------------------------------------ the parts
def _trump_size(box: TrumpBox) -> tuple[float, float]:
    row = 2 * 30 + 14
    if box.card is not None:
        row += 64
    elif box.chooser is not None and box.trump is not None:
        row += _width(box.chooser, True)
    lines = 1
    if box.trump is None:
        lines = len(wrap(trump_text(None, box.settled), WORD, COL_MAX - 28))
        row = min(_width(trump_text(None, box.settled)), COL_MAX - 28)
    width = max(_width(box.heading, True), row) + 28
    return width, 12 + _LINE + (84 if box.trump is not None else _LINE * lines + 6)


def _trumps(svg: ET.Element, x: float, y: float, box: TrumpBox, four_colour: bool) -> _Rect:
    """Top left: the round or deal, the trump suit's symbol, the card that set it (or
    who chose it)."""
    w, h = _trump_size(box)
    r = _Rect(x, y, w, h)
    g = ET.SubElement(
        svg, "g", {"class": "kwr-trumps", "aria-label": trump_text(box.trump, box.settled)}
    )
    _frame(g, r)
    put_text(g, x + 14, y + 8 + WORD, box.heading, WORD, anchor="start", bold=True)
    row = y + 12 + _LINE
    if box.trump is None:
        for i, line in enumerate(wrap(trump_text(None, box.settled), WORD, COL_MAX - 28)):
            put_text(g, x + 14, row + WORD + i * _LINE, line, WORD, anchor="start")
        return r
    ET.SubElement(
        g, "circle", {"cx": fmt(x + 44), "cy": fmt(row + 38), "r": "30", "fill": "#ffffff"}
    )
    put_text(
        g,
        x + 44,
        row + 55,
        box.trump.symbol + TEXT_FORM,
        48,
        suit_colour(box.trump, four_colour),
        **{"aria-hidden": "true"},
    )
    if box.card is not None:
        g.append(
            card_element(
                box.card,
                x + 88,
                row,
                56,
                four_colour=four_colour,
                title=_("Turn-up: {card}").format(card=card_name(box.card)),
                css_class="kwr-turn-up",
            )
        )
    elif box.chooser is not None:
        put_text(g, x + 88, row + 50, box.chooser, WORD, anchor="start", bold=True)
    return r


def _text_box_lines(box: TextBox, width: float) -> list[tuple[str, bool]]:
    """The box's lines: rows of one style run together (" · "), wrapped to ``width``."""
    groups: list[tuple[list[str], bool]] = []
    for row in box.rows:
        bold = row.style == "title"
        items = list(row.parts) if row.parts else [row.text]
        if not groups or groups[-1][1] != bold:
            groups.append((items, bold))
        else:
            groups[-1][0].extend(items)
    lines: list[tuple[str, bool]] = []
    for items, bold in groups:
        words = joined(items, WORD, width - 24)
        lines += [(line, bold) for line in wrap(words, WORD, width - 24, bold)]
    return lines


def _box_height(box: TextBox | CardBox, width: float) -> float:
    if isinstance(box, TextBox):
        return 14 + _LINE * len(_text_box_lines(box, width))
    notes = len(wrap(box.footnote, WORD, width - 24)) if box.footnote else 0
    return 14 + _LINE + _tall(THEIRS) + 10 + _LINE * notes


def _box(svg: ET.Element, box: TextBox | CardBox, r: _Rect, four_colour: bool) -> None:
    """A game's box in a column: its words at :data:`WORD`, or a row of small cards;
    as many lines as ``r`` holds (the bidding keeps its title and its latest calls)."""
    g = ET.SubElement(svg, "g", {"class": box.css, "aria-label": box.label})
    _frame(g, r)
    if isinstance(box, TextBox):
        lines = _text_box_lines(box, r.w)
        room = max(int((r.h - 14) / _LINE), 1)
        if len(lines) > room:
            latest = box.css == "kwr-bidding" and room > 1
            lines = [lines[0], *lines[len(lines) - room + 1 :]] if latest else lines[:room]
        y = r.y + 4
        for line, bold in lines:
            y += _LINE
            put_text(g, r.x + 12, y, line, WORD, anchor="start", bold=bold)
        return
    put_text(g, r.x + 12, r.y + 4 + WORD, box.caption, WORD, anchor="start", bold=True)
    top = r.y + 14 + _LINE
    if not box.cards and not box.pile:
        empty_slot(g, r.x + 12, top, THEIRS)
    x = r.x + 12
    if box.pile:
        for i in range(min(box.pile, 6)):
            # The box's label counts the pile: a screen reader says it once, not "face-
            # down card" six times.
            back = card_element(None, x + i * 3, top, THEIRS)
            back.set("aria-hidden", "true")
            g.append(back)
        x += THEIRS + 5 * 3 + 12
    step = min(THEIRS * 0.6, (r.w - 24 - (x - r.x - 12) - THEIRS) / max(len(box.cards) - 1, 1))
    for i, card in enumerate(box.cards):
        g.append(
            card_element(
                card,
                x + i * step,
                top,
                THEIRS,
                four_colour=four_colour,
                title=box.titles[i] if box.titles else None,
                css_class=box.card_css,
            )
        )
    if box.footnote and r.h >= _box_height(box, r.w):
        y = top + _tall(THEIRS) + 10
        for line in wrap(box.footnote, WORD, r.w - 24):
            y += _LINE
            put_text(g, r.x + 12, y - 8, line, WORD, anchor="start")


def _badges(seat: Seat) -> list[tuple[str, str, str]]:
    return [(b.text, *TONES[b.tone]) for b in seat.badges]


def _spoken(seat: Seat, name: str, own: bool = False) -> str:
    """How the hand is read out: someone else's backs as one line ("Bot 1: 5 cards, face
    down", as in the normal picture), else card by card."""
    if seat.hidden and not seat.face_up and not own:
        return ngettext(
            "{name}: {n} card, face down", "{name}: {n} cards, face down", seat.hidden
        ).format(name=name, n=seat.hidden)
    spoken = [card_name(c) for c in seat.face_up]
    if seat.hidden:
        spoken.append(_("{n} face-down cards").format(n=seat.hidden))
    return _("Hand of {name}: {cards}").format(name=name, cards=", ".join(spoken))


def _seat_group(svg: ET.Element, seat: Seat, to_move: bool) -> ET.Element:
    words = [seat.name] + [b.text for b in seat.badges] + [_("Tricks: {n}").format(n=seat.tricks)]
    if to_move:
        words.append(_("to move"))
    attrs = {
        "class": "kwr-seat" + (" kwr-to-move" if to_move else ""),
        "data-seat": str(seat.seat),
        "aria-label": ", ".join(words),
    }
    if seat.faded:
        attrs["opacity"] = "0.55"
    return ET.SubElement(svg, "g", attrs)


def _pills(g: ET.Element, x: float, y: float, badges: list[tuple[str, str, str]]) -> None:
    for text, fill, ink in badges:
        bw = pill_width(text, WORD)
        pill(g, x + bw / 2, y, text, fill, ink, WORD, css_class="kwr-badge")
        x += bw + 8


def _pills_width(badges: list[tuple[str, str, str]]) -> float:
    return sum(pill_width(text, WORD) + 8 for text, _f, _i in badges) - (8 if badges else 0)


def _other_size(seat: Seat) -> tuple[float, float]:
    """The width and height of another player's compact panel."""
    width, pills_inline = _other_width(seat)
    height = 10 + _PILL_H + 6 + _tall(THEIRS if seat.face_up else BACK) + 10
    if seat.badges and not pills_inline:
        height += _PILL_H + 6
    return width, height


def _other_width(seat: Seat) -> tuple[float, bool]:
    """The panel's width, and whether the badges go on the name's line."""
    tricks = _("Tricks: {n}").format(n=seat.tricks)
    count = len(seat.face_up) + seat.hidden
    hand = _other_hand_width(seat) if count else THEIRS
    row = hand + 16 + _width(tricks)
    pills = _pills_width(_badges(seat))
    name = _width(seat.name, True)
    inline = name + 16 + pills
    if max(inline, row) + 28 <= COL_MAX:
        return max(inline, row, COL_W - 28) + 28, True
    return max(name, pills, row, COL_W - 28) + 28, False


def _other_hand_width(seat: Seat) -> float:
    size = THEIRS if seat.face_up else BACK
    count = len(seat.face_up) + seat.hidden
    return hand_width(count, size, THEIRS * 0.45, seat.hidden, BACK_STEP)


def _other(svg: ET.Element, seat: Seat, r: _Rect, four_colour: bool) -> None:
    """Another player, compact: the name and the badges; the hand (backs close
    together) and the tricks won."""
    g = _seat_group(svg, seat, seat.to_move)
    _frame(g, r, gold=seat.to_move, opacity="0.25")
    mid = r.y + 10 + _PILL_H / 2
    put_text(g, r.x + 14, mid + WORD * 0.35, seat.name, WORD, anchor="start", bold=True)
    badges = _badges(seat)
    _width_now, inline = _other_width(seat)
    if inline:
        _pills(g, r.x + 14 + _width(seat.name, True) + 16, mid, badges)
    y = r.y + 10 + _PILL_H + 6
    if badges and not inline:
        _pills(g, r.x + 14, y + _PILL_H / 2, badges)
        y += _PILL_H + 6
    size = THEIRS if seat.face_up else BACK
    count = len(seat.face_up) + seat.hidden
    if count:
        g.append(
            hand_group(
                seat.face_up,
                r.x + 14,
                y,
                size,
                THEIRS * 0.45,
                hidden=seat.hidden,
                four_colour=four_colour,
                label=_spoken(seat, seat.name),
                seat=seat.seat,
                hidden_spread=BACK_STEP,
                quiet_backs=True,
            )
        )
    else:
        empty_slot(g, r.x + 14, y, size)
    tricks = _("Tricks: {n}").format(n=seat.tricks)
    put_text(
        g,
        r.right - 14,
        y + _tall(size) / 2 + WORD * 0.35,
        tricks,
        WORD,
        anchor="end",
        **{"class": "kwr-tricks"},
    )


def _mine_size(seat: Seat, limit: float) -> tuple[float, float, float]:
    """The student's panel: width, height and the spread of their cards."""
    count = len(seat.face_up) + seat.hidden
    spread = MINE * 0.55
    if count > 1:
        spread = min(spread, (limit - 28 - MINE) / (count - 1))
    hand = hand_width(max(count, 1), MINE, spread)
    tricks = _("Tricks: {n}").format(n=seat.tricks)
    head = _width(seat.name, True) + 20 + _pills_width(_badges(seat)) + 20 + _width(tricks, True)
    width = min(max(hand, head) + 28, limit)
    return width, 10 + _PILL_H + 8 + _tall(MINE) + 12, spread


def _mine(svg: ET.Element, seat: Seat, r: _Rect, spread: float, four_colour: bool) -> None:
    """The student's own seat (or the hand they play for): name, badges and tricks on
    one line, the cards big below."""
    g = _seat_group(svg, seat, seat.to_move)
    _frame(g, r, gold=seat.to_move, opacity="0.25")
    mid = r.y + 10 + _PILL_H / 2
    put_text(g, r.x + 14, mid + WORD * 0.35, seat.name, WORD, anchor="start", bold=True)
    _pills(g, r.x + 14 + _width(seat.name, True) + 20, mid, _badges(seat))
    tricks = _("Tricks: {n}").format(n=seat.tricks)
    put_text(
        g,
        r.right - 14,
        mid + WORD * 0.35,
        tricks,
        WORD,
        anchor="end",
        bold=True,
        **{"class": "kwr-tricks"},
    )
    count = len(seat.face_up) + seat.hidden
    hand = hand_width(max(count, 1), MINE, spread)
    x, y = r.x + r.w / 2 - hand / 2, r.bottom - 12 - _tall(MINE)
    if count:
        g.append(
            hand_group(
                seat.face_up,
                x,
                y,
                MINE,
                spread,
                hidden=seat.hidden,
                four_colour=four_colour,
                label=_spoken(seat, seat.name, own=True),
                seat=seat.seat,
                hidden_spread=spread,
            )
        )
    else:
        empty_slot(g, x, y, MINE)


# ------------------------------------------------------------------ the table
def projector_height(table: Table) -> float:
    """The canvas's height: taller for five players or more (three seats a side)."""
    return PROJ_H_TALL if len(table.seats) > 4 else PROJ_H


def _sides(table: Table) -> tuple[dict[int, int], list[Seat], list[Seat], list[Seat]]:
    """Each seat's place clockwise from the viewer, and the other seats on the left,
    on the right and at the top (by where the normal picture sits them)."""
    seats = list(table.seats)
    n = len(seats)
    ring = list(table.order) if table.order else list(range(n))
    start = ring.index(table.viewer) if table.viewer in ring else 0
    place = {s: (ring.index(s) - start) % n for s in ring}
    fractions = RING_SEATS.get(n, RING_SEATS[4])
    left: list[tuple[float, Seat]] = []
    right: list[tuple[float, Seat]] = []
    top: list[tuple[float, Seat]] = []
    for s in seats:
        if s.seat == table.viewer or s.controlled:
            continue
        fx, fy = fractions[place[s.seat]]
        (left if fx < 0.42 else right if fx > 0.58 else top).append((fy, s))
    # Down the left side in play order (from the top), up the right.
    return (
        place,
        [s for _f, s in sorted(left, key=lambda t: t[0])],
        [s for _f, s in sorted(right, key=lambda t: t[0])],
        [s for _f, s in top],
    )


def _column(
    svg: ET.Element,
    x: float,
    y: float,
    bottom: float,
    width: float,
    boxes: Sequence[TextBox | CardBox],
    seats: Sequence[Seat],
    four_colour: bool,
    align_right: bool = False,
) -> None:
    """A side column ``width`` wide from ``y`` down to ``bottom`` (``x`` its left, or
    its right with ``align_right``): the boxes from the top, the seats at its foot; a
    box of text shows as many of its lines as there is room for (the whole box is in
    its spoken label)."""
    sizes = [_other_size(s) for s in seats]
    seats_h = sum(sh + _GAP for _sw, sh in sizes)
    room = bottom - y - seats_h
    for box in boxes:
        bh = min(_box_height(box, width), room - _GAP)
        if isinstance(box, TextBox):
            bh = 14 + _LINE * int((bh - 14) / _LINE)  # whole lines
        elif bh < _box_height(box, width) - _LINE:
            continue  # a row of cards whole, or nothing
        if bh < 14 + _LINE:
            continue  # no room for even its first line
        _box(svg, box, _Rect(x if not align_right else x - width, y, width, bh), four_colour)
        y += bh + _GAP
        room -= bh + _GAP
    y = bottom - seats_h  # the seats at the foot of the column, level with the trick
    for s, (sw, sh) in zip(seats, sizes, strict=True):
        _other(svg, s, _Rect(x if not align_right else x - sw, y, sw, sh), four_colour)
        y += sh + _GAP


def draw_projector_table(table: Table, svg: ET.Element, four_colour: bool = False) -> None:
    """Draw ``table`` for the projector into ``svg`` (:data:`PROJ_W` wide, as high as
    :func:`projector_height`): the trumps and the boxes in the side columns with the
    seats on those sides, the seats opposite at the top, the trick in the middle, the
    student's hand big across the bottom."""
    w, h = PROJ_W, projector_height(table)
    ET.SubElement(svg, "rect", {"width": fmt(w), "height": fmt(h), "rx": "18", "fill": FELT})
    place, left, right, top = _sides(table)
    mine = next(s for s in table.seats if s.seat == table.viewer)
    played = [s for s in table.seats if s.controlled and s.seat != table.viewer]
    # The student across the bottom.
    mw, mh, spread = _mine_size(mine, w - 2 * _GAP)
    mine_rect = _Rect((w - mw) / 2, h - _GAP - mh, mw, mh)
    _mine(svg, mine, mine_rect, spread, four_colour)
    floor = mine_rect.y - _GAP
    trumps = _trumps(svg, _GAP, _GAP, table.trumps, four_colour)
    # A hand the student plays for (the dummy) across the top, beside the trumps; the
    # columns then start below it.
    y_left, y_right, y_top = trumps.bottom + _GAP, _GAP, _GAP
    if played:
        seat = played[0]
        x0 = trumps.right + _GAP
        pw, ph, pspread = _mine_size(seat, w - _GAP - x0)
        rect = _Rect(max(x0, (w - pw) / 2), _GAP, pw, ph)
        _mine(svg, seat, rect, pspread, four_colour)
        y_top = rect.bottom + _GAP
        y_left, y_right = max(y_left, y_top), y_top
    boxes_left = [b for b in table.boxes if b.place in ("below-trumps", "bottom-left", "left")]
    boxes_right = [b for b in table.boxes if b.place in ("top-right", "bottom-right")]
    left_w = max([COL_W, trumps.w, *(_other_size(s)[0] for s in left)])
    right_w = max([COL_W, *(_other_size(s)[0] for s in right)]) if boxes_right or right else 0
    # The seats opposite across the top, beside the trumps; a column under them
    # starts below them.
    if top and not played:
        sizes = [_other_size(s) for s in top]
        total = sum(sw for sw, _sh in sizes) + _GAP * (len(sizes) - 1)
        x = max(trumps.right + _GAP, (w - total) / 2)
        if x < _GAP + left_w + _GAP:
            y_left = max(y_left, _GAP + max(sh for _sw, sh in sizes) + _GAP)
        if right_w and x + total > w - _GAP - right_w - _GAP:
            y_right = _GAP + max(sh for _sw, sh in sizes) + _GAP
        for s, (sw, sh) in zip(top, sizes, strict=True):
            _other(svg, s, _Rect(x, _GAP, sw, sh), four_colour)
            x += sw + _GAP
            y_top = max(y_top, _GAP + sh + _GAP)
    # The columns.
    _column(svg, _GAP, y_left, floor, left_w, boxes_left, left, four_colour)
    if right_w:
        _column(svg, w - _GAP, y_right, floor, right_w, boxes_right, right, four_colour, True)
    # The trick in the middle of the table, between the columns.
    half = min(w / 2 - _GAP - left_w - _GAP, w / 2 - _GAP - right_w - (_GAP if right_w else 0))
    mid_left, mid_right = w / 2 - half, w / 2 + half
    if table.trick is not None:
        area = (mid_left, y_top, mid_right, floor)
        _trick(svg, table, place, area, four_colour)


def _trick(
    svg: ET.Element,
    table: Table,
    place: dict[int, int],
    area: tuple[float, float, float, float],
    four_colour: bool,
) -> None:
    """The trick in ``area``: a line saying who leads and who wins, then each card
    towards its player (no names by the cards: at this size they would run into each
    other)."""
    x0, y0, x1, y1 = area
    trick = table.trick
    assert trick is not None
    n = len(table.seats)
    names = {s.seat: s.name for s in table.seats}
    # Above the cards: who wins it (and that it is over); who led is in each card's
    # spoken words.
    words = [_("Last trick")] if table.trick_finished else []
    if trick.plays:
        winner = next(s for s, c in trick.plays if c == trick.winning_card)
        words.append(f"★ {names[winner]}")
    lines = wrap(" · ".join(words), WORD, x1 - x0 - 16, bold=True)
    if len(lines) > 1:  # the winner alone, rather than two lines
        lines = wrap(words[-1], WORD, x1 - x0 - 16, bold=True)
    y = y0
    for line in lines:
        y += _LINE
        put_text(svg, (x0 + x1) / 2, y - 8, line, WORD, GOLD, bold=True, **{"aria-hidden": "true"})
    # As big as the room leaves: the cards above and below clear of each other.
    room = (y1 - y - 6 - 8) / 2
    size = min(TRICK if n <= 4 else TRICK_MANY, room * BOX_W / BOX_H)
    ch = _tall(size)
    cx, cy = (x0 + x1) / 2, (y + 6 + y1) / 2
    # A diamond: the cards at the sides clear of the ones above and below, which may
    # then come closer in.
    rx = min(size + 10, (x1 - x0) / 2 - size / 2 - 4)
    ry = min(max((y1 - y - 6) / 2 - ch / 2, ch / 2 + 4), ch * 0.75)
    if n > 4:
        rx, ry = (x1 - x0) / 2 - size / 2 - 4, (y1 - y - 6) / 2 - ch / 2
    angles = [0.0] * n
    for s in table.seats:
        angles[s.seat] = math.pi / 2 + 2 * math.pi * place[s.seat] / n
    g = ET.SubElement(svg, "g", {"class": "kwr-trick-area"})
    for seat, card in trick.plays:
        a = angles[seat]
        wins = card == trick.winning_card
        spoken = [_("{name}: {card}").format(name=names[seat], card=card_name(card))]
        if seat == trick.leader:
            spoken.append(_("led"))
        if wins:
            spoken.append(_("won the trick") if table.trick_finished else _("winning"))
        g.append(
            card_element(
                card,
                cx + rx * math.cos(a) - size / 2,
                cy + ry * math.sin(a) - ch / 2,
                size,
                four_colour=four_colour,
                highlight=wins,
                title=", ".join(spoken),
                css_class="kw-trick",
            )
        )
