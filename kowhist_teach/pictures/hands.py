"""Hands as SVG: cards fanned left to right, each card's corner index in view, with
face-down cards after them.

>>> print(hand_svg(CardSet('AS 10H')).count('<svg'))
3
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterable, Sequence

from ..core.card_words import card_name
from ..core.cards import Card, CardSet
from ..i18n import _
from .cards import BOX_H, BOX_W, card_element, empty_slot
from .draw import CARD_WIDTH, SvgStr, finish, svg_root

__all__ = ["hand_svg", "hand_group", "hand_width"]


# ------------------------------------------------------------------- hands
def hand_group(
    cards: Sequence[Card],
    x: float,
    y: float,
    size: float,
    spread: float,
    *,
    hidden: int = 0,
    four_colour: bool = False,
    face_down: bool = False,
    dimmed: Collection[Card] = (),
    highlight: Collection[Card] = (),
    titles: dict[Card, str] | None = None,
    label: str = "",
    seat: int | None = None,
    hidden_spread: float | None = None,
    quiet_backs: bool = False,
) -> ET.Element:
    """A fan of cards as an SVG group (``kwr-hand``), spoken as ``label``.

    ``quiet_backs``: the backs are hidden from assistive technology (``aria-hidden``),
    their number being in ``label``: someone else's hand is heard as one line, not as
    "face-down card" once a card. A hand of backs alone then is one picture
    (``role="img"``).

    >>> g = hand_group([], 0, 0, 60, 20, hidden=2, label="Bot 1: 2 cards, face down",
    ...                quiet_backs=True)
    >>> g.get("role"), [c.get("aria-hidden") for c in g]
    ('img', ['true', 'true'])
    """
    attrs = {"class": "kwr-hand"}
    if seat is not None:
        attrs["data-seat"] = str(seat)
    if label:
        attrs["aria-label"] = label
        if quiet_backs and (face_down or not cards):
            attrs["role"] = "img"
    g = ET.Element("g", attrs)
    pos = x
    for card in cards:
        drawn = card_element(
            None if face_down else card,
            pos,
            y,
            size,
            four_colour=four_colour,
            dimmed=card in dimmed,
            highlight=card in highlight,
            title=None if face_down or titles is None else titles.get(card),
        )
        if face_down and quiet_backs:
            drawn.set("aria-hidden", "true")
        g.append(drawn)
        pos += spread
    # Backs may lie closer together (nothing to read on them); the last face keeps
    # its full ``spread`` so that its index shows.
    for _i in range(hidden):
        back = card_element(None, pos, y, size)
        if quiet_backs:
            back.set("aria-hidden", "true")
        g.append(back)
        pos += hidden_spread if hidden_spread is not None else spread
    return g


def hand_width(
    count: int, size: float, spread: float, hidden: int = 0, hidden_spread: float | None = None
) -> float:
    """The width of a fan of ``count`` cards, the last ``hidden`` of them backs."""
    if hidden_spread is None or hidden == 0:
        return size + max(count - 1, 0) * spread
    faces = count - hidden
    return size + faces * spread + (hidden - 1) * hidden_spread


def hand_svg(
    cards: Iterable[Card | str] | CardSet,
    *,
    size: float = CARD_WIDTH,
    spread: float | None = None,
    four_colour: bool = False,
    face_down: bool = False,
    hidden: int = 0,
    dimmed: Collection[Card] = (),
    highlight: Collection[Card] = (),
    titles: dict[Card, str] | None = None,
    label: str | None = None,
) -> SvgStr:
    """A hand fanned left to right, each card ``spread`` pixels after the one before.

    The default spread leaves each card's corner index in view.  ``hidden`` adds that
    many face-down cards; ``face_down`` turns the given cards over.  Cards in
    ``dimmed`` are faded (illegal plays), cards in ``highlight`` get a gold border;
    ``titles`` gives some cards a spoken text of their own (why a card is illegal).

    >>> svg = hand_svg(['AS', 'KS', '3H'], dimmed={Card('3H')})
    >>> svg.count('class="kwr-card'), 'opacity="0.4"' in svg
    (3, True)
    >>> hand_svg([], hidden=2).count('kwr-back')
    2
    """
    cards = [c if isinstance(c, Card) else Card(c) for c in cards]
    spread = spread if spread is not None else size * 0.55
    count = len(cards) + hidden
    width = hand_width(count, size, spread)
    height = size * BOX_H / BOX_W
    if label is None:
        shown = [] if face_down else [card_name(c) for c in cards]
        hidden_total = hidden + (len(cards) if face_down else 0)
        if hidden_total:
            shown.append(_("{n} face-down cards").format(n=hidden_total))
        label = _("Hand: {cards}").format(cards=", ".join(shown) or _("no cards"))
    svg = svg_root(width, height, label)
    if not count:
        empty_slot(svg, 0, 0, size)
        return finish(svg)
    svg.append(
        hand_group(
            cards,
            0,
            0,
            size,
            spread,
            hidden=hidden,
            four_colour=four_colour,
            face_down=face_down,
            dimmed=dimmed,
            highlight=highlight,
            titles=titles,
        )
    )
    return finish(svg)
