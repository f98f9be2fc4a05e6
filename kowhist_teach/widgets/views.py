"""The small views: the student's hand as card buttons, the other moves as buttons, the
trick on the table as a picture.

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(3, seed=1)
>>> played = []
>>> hand = HandView(on_play=played.append)
>>> hand.show(game, seat=game.to_move)
>>> hand.buttons[0].click(); played == [game.legal_moves()[0]]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from ..core.hooks.ui import controlled_hand
from ..core.tricks import Trick
from ..i18n import _
from ..pictures.svg import trick_svg
from ._common import set_classes, tag
from .faces import CallFace, CardFace, call_faces, hand_faces

__all__ = ["HandView", "CallBar", "TrickView", "TableHand", "CardHandle"]


class HandView(w.HBox):
    """The student's hand: one big button per card, rank above suit, red and black (or
    the four-colour deck).

    Every card has the class ``kw-card`` and ``kw-legal`` or ``kw-illegal``.  Illegal
    cards are dimmed but stay clickable, and say why on hover and keyboard focus (their
    tooltip, the ``title``): a click on one calls ``on_illegal(face)``, which shows the
    reason; a legal card calls ``on_play(move)``.
    """

    def __init__(
        self,
        on_play: Callable[[Any], None] | None = None,
        on_illegal: Callable[[CardFace], None] | None = None,
        four_colour: bool = False,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-hand")
        self.on_play = on_play
        self.on_illegal = on_illegal
        self.four_colour = four_colour
        self.faces: list[CardFace] = []
        self._buttons = _ButtonsByMove(self._clicked)

    @property
    def buttons(self) -> tuple[w.Button, ...]:
        """The card buttons shown now, in hand order."""
        return tuple(self.children)

    def show(self, game: Any, seat: int) -> None:
        """Show what ``seat`` holds in ``game`` (legal or not, and why)."""
        self.update(hand_faces(game, seat, self.four_colour))

    def update(self, faces: Sequence[CardFace]) -> None:
        """Show these cards.  Each card keeps its own button from move to move (few
        messages to the browser, and a late click can only ever mean that card)."""
        self.faces = list(faces)
        shown = []
        for face in self.faces:
            b = self._buttons.get(_face_key(face))
            with b.hold_sync():
                b.description = face.text
                b.tooltip = f"{face.name}: {face.reason}"
                set_classes(
                    b,
                    "kw-card",
                    "kw-legal" if face.legal else "kw-illegal",
                    "kw-face-down" if face.face_down else "",
                )
            if b.style.text_color != face.colour:
                b.style.text_color = face.colour
            shown.append(b)
        if tuple(shown) != tuple(self.children):
            self.children = tuple(shown)

    def _clicked(self, key: Any) -> None:
        face = next((f for f in self.faces if _face_key(f) == key), None)
        if face is None:
            return  # a click that crossed the last move: that card is no longer held
        if face.legal:
            if self.on_play is not None:
                self.on_play(face.move)
        elif self.on_illegal is not None:
            self.on_illegal(face)


class CardHandle:
    """One card of the student's hand as the card table shows it: the Python side of
    the ``svg.kw-card`` the browser marks (its classes, its ``title``), and
    :meth:`click`, which does what a click on it in the browser does.

    It is not a widget: the card lives in the table's picture (DESIGN §6, ``kw-table``).
    """

    disabled = False  # illegal cards stay clickable: a click says why

    def __init__(self, hand: TableHand, face: CardFace, code: str | None = None) -> None:
        self._hand = hand
        self.face = face
        self.code = code if code is not None else _face_code(face)
        self.description = face.text
        self.tooltip = f"{face.name}: {face.reason}"
        self._dom_classes = tuple(
            c
            for c in ("kw-card", "kw-legal" if face.legal else "kw-illegal")
            + (("kw-face-down",) if face.face_down else ())
        )

    def click(self) -> None:
        """Click this card in the table (a stale handle does nothing, as in the browser)."""
        if self in self._hand.buttons:
            self._hand.table.click(self.code)

    def __repr__(self) -> str:
        return f"<CardHandle {self.code} {' '.join(self._dom_classes)}>"


#: What the browser gets for a face-down card (a blind dog's) instead of its code: an
#: opaque id, mapped back to the card in Python, so that nothing in the page (the
#: widget's state, the picture, the developer tools) tells which card it is.
HIDDEN_CODE = "hidden-{i}"


def _face_code(face: CardFace, i: int = 0) -> str:
    if face.face_down:
        return HIDDEN_CODE.format(i=i)
    return str(getattr(face.move, "code", face.move))


class TableHand:
    """The student's hand, drawn once: in the card table's picture
    (:class:`~kowhist_teach.widgets.card_table.CardTable`), clicked where it lies.

    :meth:`show` works out each card's face (legal or not, and why) and hands the
    table what the browser needs; ``buttons`` are :class:`CardHandle` s for tests and
    scripts; a click calls ``on_play(move)`` for a legal card and ``on_illegal(face)``
    for an illegal one (the browser has already said why beside the hand).

    >>> from kowhist_teach import KnockoutGame
    >>> from kowhist_teach.widgets.card_table import CardTable
    >>> game = KnockoutGame(3, seed=1)
    >>> played = []
    >>> hand = TableHand(CardTable(), on_play=played.append)
    >>> hand.show(game, seat=game.to_move)
    >>> hand.table.show([], hand.table_hand(), my_turn=hand.my_turn)  # what a view does
    >>> hand.buttons[0].click(); played == [game.legal_moves()[0]]
    True
    """

    def __init__(
        self,
        table: Any,
        on_play: Callable[[Any], None] | None = None,
        on_illegal: Callable[[CardFace], None] | None = None,
        four_colour: bool = False,
    ) -> None:
        self.table = table
        self.on_play = on_play
        self.on_illegal = on_illegal
        self.four_colour = four_colour
        self.faces: list[CardFace] = []
        self.buttons: tuple[CardHandle, ...] = ()
        #: The hand is put away (between deals): nothing shows, nothing plays.
        self.hidden = False
        self.my_turn = False
        #: The picture's seat whose cards these are when not the student's own (``-1``).
        self.hand_seat = -1
        table.on_play = self._clicked
        table.on_refused = self._clicked

    def show(self, game: Any, seat: int) -> None:
        """Work out what ``seat`` plays from in ``game`` (legal or not, and why): their
        own hand, or the hand they play for now (the game's ``ui`` hook says which:
        :attr:`hand_seat`, the dummy's while its dealer plays it)."""
        faces = hand_faces(game, seat, self.four_colour)
        self.my_turn = not game.is_over() and game.to_move == seat
        hand = controlled_hand(game, seat)
        self.hand_seat = -1 if hand == seat else hand
        self.update(faces)

    def update(self, faces: Sequence[CardFace]) -> None:
        """These cards, as the table's ``hand``."""
        self.faces = [] if self.hidden else list(faces)
        down = [f for f in self.faces if f.face_down]
        self.buttons = tuple(
            CardHandle(self, f, _face_code(f, down.index(f) if f.face_down else 0))
            for f in self.faces
        )

    def table_hand(self) -> list[dict[str, Any]]:
        """The hand as the browser takes it: code, words, legal or not and why (a
        face-down card's code is an opaque id: its identity never leaves Python)."""
        return [
            {
                "code": b.code,
                "label": b.face.name,
                "legal": b.face.legal,
                "reason": b.face.reason,
                "face_down": b.face.face_down,
            }
            for b in self.buttons
        ]

    def _clicked(self, code: str) -> None:
        face = next((b.face for b in self.buttons if b.code == code), None)
        if face is None:
            return  # a click that crossed the last move: that card is no longer held
        if face.legal:
            if self.on_play is not None:
                self.on_play(face.move)
        elif self.on_illegal is not None:
            self.on_illegal(face)


def _face_key(face: CardFace | CallFace) -> Any:
    if isinstance(face, CardFace) and face.face_down:
        return "face-down"
    return getattr(face.move, "code", face.move)


class _ButtonsByMove:
    """One button per card (or call), made on first use and kept: a button always
    stands for the same move, so a click that arrives after the view has changed can
    never play another card than the one the student saw."""

    def __init__(self, on_click: Callable[[Any], None]) -> None:
        self.on_click = on_click
        self.made: dict[Any, w.Button] = {}

    def get(self, key: Any) -> w.Button:
        b = self.made.get(key)
        if b is None:
            b = self.made[key] = w.Button()
            b.on_click(lambda _b, key=key: self.on_click(key))
        return b


_CALL_CLASS = {
    "trump": "kw-trump-choice",
    "pass": "kw-pass",
    "declare": "kw-declare",
    "pick": "kw-pick",
}


def _call_kind(face: CallFace) -> str:
    move = face.move
    if getattr(move, "is_trump", False):
        return "trump"
    if getattr(move, "is_pass", False):
        return "pass"
    if hasattr(move, "is_trump"):
        return "declare"
    return "pick"


class CallBar(w.HBox):
    """The moves that are not cards of the hand, as buttons: trump suits to choose or
    vote for, a dog's pass, declarations, a face-up stock card to take.  Classes:
    ``kw-call`` plus ``kw-call-legal`` or ``kw-call-illegal`` and the kind
    (``kw-trump-choice``, ``kw-pass``, ``kw-declare``, ``kw-pick``).
    """

    def __init__(
        self,
        on_play: Callable[[Any], None] | None = None,
        on_illegal: Callable[[CallFace], None] | None = None,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-calls")
        self.layout.flex_flow = "row wrap"
        self.on_play = on_play
        self.on_illegal = on_illegal
        self.faces: list[CallFace] = []
        self._buttons = _ButtonsByMove(self._clicked)

    @property
    def buttons(self) -> tuple[w.Button, ...]:
        """The buttons shown now."""
        return tuple(self.children)

    def show(self, game: Any, seat: int, four_colour: bool = False) -> None:
        """Show the non-card moves open to ``seat`` now (none when it is not their turn)."""
        self.update(call_faces(game, seat, four_colour))

    def update(self, faces: Sequence[CallFace]) -> None:
        """Show these moves."""
        self.faces = list(faces)
        shown = []
        for face in self.faces:
            b = self._buttons.get(_face_key(face))
            b.layout.width = "auto"
            with b.hold_sync():
                b.description = face.text
                b.tooltip = face.reason
                set_classes(
                    b,
                    "kw-call",
                    "kw-call-legal" if face.legal else "kw-call-illegal",
                    _CALL_CLASS[_call_kind(face)],
                )
            if b.style.text_color != face.colour:
                b.style.text_color = face.colour
            shown.append(b)
        if tuple(shown) != tuple(self.children):
            self.children = tuple(shown)

    def _clicked(self, key: Any) -> None:
        face = next((f for f in self.faces if _face_key(f) == key), None)
        if face is None:
            return  # a click that crossed the last move: that choice is gone
        if face.legal:
            if self.on_play is not None:
                self.on_play(face.move)
        elif self.on_illegal is not None:
            self.on_illegal(face)


class _Unmarked:
    """A trick drawn without marking its winner (for a quiz that asks who wins)."""

    def __init__(self, trick: Trick) -> None:
        self.leader = trick.leader
        self.trump = trick.trump
        self.plays = list(trick.plays)
        self.winning_card = None
        self.winner = None


class TrickView(w.HTML):
    """The cards on the table, each before the seat that played it (a picture; its cards
    have the class ``kw-trick``, never ``kw-card``).

    >>> from kowhist_teach.core.cards import Card, Suit
    >>> t = Trick(leader=0, trump=Suit.HEARTS)
    >>> t.add(0, Card('KS')); t.add(1, Card('2H'))
    >>> view = TrickView()
    >>> view.show(t, ['Ann', 'Bo'])
    >>> view.value.count('kw-trick'), 'kw-card' in view.value
    (2, False)
    """

    def __init__(self, size: float = 90) -> None:
        super().__init__()
        set_classes(self, "kw-trick-view")
        self.size = size

    def show(
        self,
        trick: Trick | None,
        names: Sequence[str],
        viewer: int = 0,
        *,
        finished: bool = False,
        mark_winner: bool = True,
        four_colour: bool = False,
    ) -> None:
        """Draw ``trick``; ``mark_winner=False`` keeps the winner unmarked (a quiz)."""
        if trick is None:
            self.value = tag("i", _("No cards on the table."))
            return
        shown: Any = trick if mark_winner else _Unmarked(trick)
        self.value = trick_svg(
            shown,
            list(names),
            viewer=viewer,
            size=self.size,
            four_colour=four_colour,
            finished=finished,
        )
