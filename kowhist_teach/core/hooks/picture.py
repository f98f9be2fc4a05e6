"""The picture hook: what a game shows on its table, as data the pictures draw.

A game may import only the core, so it cannot call the SVG code; it *describes* its
table instead and :mod:`kowhist_teach.pictures` *draws* it. The description is a
:class:`Table`: the status line, the trump box, one :class:`Seat` per player (name,
badges, tricks won, the cards shown face up and how many lie face down), the trick to
show, and extra boxes (:class:`TextBox` for a contract, the bidding or the scores;
:class:`CardBox` for German Whist's stock or bid whist's kitty). Where things go and
how big they are is the pictures' business: a game names a ``layout`` (``"ring"``,
``"facing"`` or ``"compass"``) and a ``place`` for each box.

A game package implements :class:`PictureHook` and attaches it at the end of its
``__init__.py``::

    SPEC.hooks["picture"] = KnockoutPicture()

>>> import kowhist_teach
>>> from kowhist_teach.core.registry import spec
>>> game = spec("knockout").new_game(players=3, seed=1)
>>> table = spec("knockout").picture.table(game, seat=0)
>>> table.layout, len(table.seats), table.seats[0].badges[0]
('ring', 3, Badge(text='active', tone='good'))
>>> [len(s.face_up) for s in table.seats], [s.hidden for s in table.seats]
([7, 0, 0], [0, 7, 7])

A game's ``table()`` builds such a description from its state, for instance (two
players, the viewer's ace face up, a box of text at the bottom left)::

    Table(
        label=_("{game} table: {status}").format(game=..., status=status),
        status=status,                                   # "Ann to play"
        trumps=TrumpBox(_("Deal {n}").format(n=1), Suit.HEARTS, card=Card("7H")),
        seats=[Seat(0, "Ann", face_up=[Card("AS")], badges=[Badge(_("dealer"))]),
               Seat(1, "Bo", hidden=1, to_move=True)],
        layout="facing",
        boxes=[TextBox("kwr-scores", label, "bottom-left", (Row(_("Scores"), "title"),))],
    )

A new game of the whist family subclasses the family's hook
(``games/family/picture.py``: ``FamilyPicture``) and overrides only its own parts.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...i18n import _
from ..cards import Card, Suit
from ..moves import Call
from ..tricks import Trick

__all__ = [
    "TONES",
    "LAYOUTS",
    "PLACES",
    "Badge",
    "Seat",
    "TrumpBox",
    "Row",
    "TextBox",
    "CardBox",
    "Table",
    "PictureHook",
    "last_trick",
    "DealPicture",
]

#: The tones a badge may take (the pictures choose the colours): ``plain`` (the
#: dealer), ``gold`` (a declarer), ``good`` (still in play), ``warn`` (a dog),
#: ``special`` (a blind dog), ``muted`` (knocked out), ``side0`` and ``side1`` (the
#: two partnerships), ``neutral`` (a seat without a partner).
TONES = ("plain", "gold", "good", "warn", "special", "muted", "side0", "side1", "neutral")

#: How the seats sit: ``ring`` (2–7 players round the table, the viewer at the
#: bottom), ``facing`` (two players, one at the bottom and one at the top) and
#: ``compass`` (four seats, partners opposite, the badges on a row of their own).
LAYOUTS = ("ring", "facing", "compass")

#: Where a box goes: ``below-trumps`` (under the trump box, top left), ``top-right``
#: (under the status line), ``bottom-left``, ``bottom-right``, and ``left`` (the middle
#: of the left side, German Whist's stock).
PLACES = ("below-trumps", "top-right", "bottom-left", "bottom-right", "left")


@dataclass(frozen=True)
class Badge:
    """A short word beside a seat's name (``dealer``, ``dog``, ``South``…).

    >>> Badge("dealer").tone
    'plain'
    """

    #: The word, already in the chosen language.
    text: str
    #: One of :data:`TONES`.
    tone: str = "plain"


@dataclass
class Seat:
    """One player at the table, as the picture shows them.

    >>> Seat(seat=1, name="Bo", hidden=5).face_up
    []
    """

    #: The seat number (``data-seat`` in the picture).
    seat: int
    #: The player's name.
    name: str
    #: The cards shown face up, in the order they are fanned.
    face_up: Sequence[Card] = field(default_factory=list)
    #: How many cards lie face down after them.
    hidden: int = 0
    #: The badges after the name, in order.
    badges: Sequence[Badge] = ()
    #: Tricks won (this round or deal).
    tricks: int = 0
    #: Whether this player is to move (a gold frame).
    to_move: bool = False
    #: Whether the seat is drawn faded (a player knocked out with no cards).
    faded: bool = False
    #: Whether the viewer plays these cards too (the dummy, for its dealer): they are
    #: drawn as big as the viewer's own, since the student clicks them.
    controlled: bool = False


@dataclass(frozen=True)
class TrumpBox:
    """The box at the top left: a heading (the round or deal), the trump suit with its
    big symbol, and the card that set it or the player who chose it.

    >>> TrumpBox("Round 1: 7 cards", Suit.HEARTS).settled
    True
    """

    #: The heading, e.g. "Round 1: 7 cards".
    heading: str
    #: The trump suit, or ``None`` (no trumps, or not chosen yet).
    trump: Suit | None = None
    #: Whether the trump question is settled (``None`` then means "No trumps").
    settled: bool = True
    #: The card turned up to set trumps, shown in the box.
    card: Card | None = None
    #: The words under that card ("turn-up").
    card_caption: str = ""
    #: Who chose trumps (shown when there is no card).
    chooser: str | None = None


@dataclass(frozen=True)
class Row:
    """A line of a :class:`TextBox`: ``style`` is ``title`` (a bold heading), ``text``
    (plain) or ``detail`` (smaller and paler). ``parts`` are joined with " · ", line
    breaks falling between parts; ``text`` may hold its own line breaks (``\\n``).

    >>> Row("Scores", "title").parts
    ()
    """

    text: str = ""
    style: str = "text"
    parts: tuple[str, ...] = ()


@dataclass(frozen=True)
class TextBox:
    """A box of text lines: a contract, the bidding, the scores.

    >>> box = TextBox("kwr-bidding", "Bidding: -", "top-right", (Row("Bidding", "title"),))
    >>> box.place
    'top-right'
    """

    #: The box's CSS class (``kwr-contract``, ``kwr-bidding``, ``kwr-scores`` …).
    css: str
    #: What a screen reader says for the whole box.
    label: str
    #: One of :data:`PLACES`.
    place: str
    #: The lines, top down.
    rows: tuple[Row, ...] = ()


@dataclass(frozen=True)
class CardBox:
    """A box of cards with a caption above: German Whist's stock (a ``pile`` of backs and
    the face-up cards beside it) or bid whist's kitty (``cards``, ``None`` for a card face
    down).

    >>> CardBox("kwr-kitty", "Kitty: 6 cards", "bottom-right", "Kitty: 6 cards", (None,) * 6).pile
    0
    """

    #: The box's CSS class (``kwr-stock``, ``kwr-kitty``).
    css: str
    #: What a screen reader says for the whole box.
    label: str
    #: One of :data:`PLACES`.
    place: str
    #: The words above the cards ("Stock: 12").
    caption: str
    #: The cards in a row (``None``: face down).
    cards: tuple[Card | None, ...] = ()
    #: Face-down cards drawn as a pile before the row (the stock).
    pile: int = 0
    #: The spoken name of each card of the row (default: the card's name).
    titles: tuple[str, ...] = ()
    #: A CSS class for each face-up card of the row (``kwr-face-up``).
    card_css: str = ""
    #: Words under the row ("the trick winner takes it").
    footnote: str = ""


@dataclass
class Table:
    """A whole table, as a game describes it to the pictures.

    >>> Table(label="A table", status="Ann to play", trumps=TrumpBox("Deal 1")).layout
    'ring'
    """

    #: What a screen reader says for the whole picture ("Knock-Out Whist table: …").
    label: str
    #: The status line (whose turn, who won).
    status: str
    #: The trump box at the top left.
    trumps: TrumpBox
    #: The seats, in seat order.
    seats: list[Seat] = field(default_factory=list)
    #: One of :data:`LAYOUTS`.
    layout: str = "ring"
    #: Who sits at the bottom.
    viewer: int = 0
    #: CSS classes after ``kwr-table`` (``kwr-knockout``; ``kwr-family kwr-whist``).
    classes: tuple[str, ...] = ()
    #: The trick to show (the one in play, or the last one finished), if any.
    trick: Trick | None = None
    #: Whether that trick is finished ("Last trick", "won the trick").
    trick_finished: bool = False
    #: Extra boxes (:class:`TextBox`, :class:`CardBox`).
    boxes: list[TextBox | CardBox] = field(default_factory=list)
    #: The seats clockwise round the table, when that is not seat order (German Whist
    #: with a dummy: dealer, left, dummy, right); empty for seat order.
    order: tuple[int, ...] = ()


class PictureHook(ABC):
    """What a game tells the pictures. Subclass it in the game's package.

    Every word in the returned data is already in the chosen language (through
    ``_()``); the pictures add only their own generic words ("Tricks: 3", "Trumps:
    hearts", "Last trick").
    """

    @abstractmethod
    def table(self, game: Any, seat: int | None = None, show_all: bool = False) -> Table:
        """The table as ``seat`` sees it (``None``: nobody's hand face up), or with every
        hand face up (``show_all``)."""

    @abstractmethod
    def status(self, game: Any) -> str:
        """The status line in words: whose turn and to do what, or who won."""

    def call_words(self, call: Call) -> str:
        """A call as a bidding box shows it: "pass", a suit's symbol, or the call's code
        (games with named bids override this).

        >>> class Plain(PictureHook):
        ...     def table(self, game, seat=None, show_all=False): ...
        ...     def status(self, game): return ""
        >>> Plain().call_words(Call('pass')), Plain().call_words(Call('H'))
        ('pass', '♥')
        """
        if call.is_pass:
            return _("pass")
        if call.suit is not None:
            return call.suit.symbol
        return call.code


def last_trick(tricks: Sequence[Trick], current: Trick | None) -> tuple[Trick | None, bool]:
    """The trick to show: the one in play, or else the last one finished (``True``).

    >>> t = Trick(leader=0, trump=None)
    >>> last_trick([], t)
    (None, False)
    """
    if current is not None and current.plays:
        return current, False
    for t in reversed(tricks):
        if t is not current and t.plays:
            return t, True
    return None, False


class DealPicture(PictureHook):
    """The table of a game played deal after deal
    (:class:`~kowhist_teach.core.deals.DealGame`: the whist family, Oh Hell): the seats
    with their badges and tricks (hands face up for the viewer, for everyone with
    ``show_all``, and any hand laid open), the trump box, the trick, the bidding and
    the scores. A game says what is its own: :meth:`trump_box`, :meth:`boxes`,
    :meth:`seat_badges`, :attr:`layout` and :meth:`classes`.

    >>> from kowhist_teach import OhHellGame
    >>> from kowhist_teach.core.registry import spec
    >>> hook = spec('ohhell').picture
    >>> isinstance(hook, DealPicture), hook.status(OhHellGame(3, seed=1))
    (True, 'Player 2 to bid')
    """

    #: How the pictures place the seats (``"compass"``, ``"ring"``).
    layout = "ring"

    # ----------------------------------------------------------- the protocol
    def status(self, game: Any) -> str:
        out = game.outcome()
        if out is not None:
            if out.winner is None:
                return _("The game is a tie")
            return self.winner_status(game, out)
        who = game.names[game.to_move] if game.to_move is not None else ""
        return self.phase_status(game, who) or _("Dealing")

    def winner_status(self, game: Any, outcome: Any) -> str:
        """The status line of a game won (default: by a player)."""
        return _("{name} wins the game").format(name=game.names[outcome.winner])

    def phase_status(self, game: Any, who: str) -> str | None:
        """What ``who``, the player to move, is to do in the game's phase (``None``:
        the cards are being dealt)."""
        phases = game.phases
        if game.phase is phases.PLAY:
            return _("{name} to play").format(name=who)
        if game.phase is getattr(phases, "BID", None):
            return _("{name} to bid").format(name=who)
        return None

    def table(self, game: Any, seat: int | None = None, show_all: bool = False) -> Table:
        status = self.status(game)
        trick, finished = last_trick(game.tricks, game.trick)
        return Table(
            label=_("{game} table: {status}").format(game=_(game.title), status=status),
            status=status,
            trumps=self.trump_box(game),
            seats=self.seats(game, seat, show_all),
            layout=self.layout,
            viewer=seat if seat is not None else 0,
            classes=self.classes(game),
            trick=trick,
            trick_finished=finished or game.is_over(),
            boxes=self.boxes(game, seat, show_all),
        )

    # ----------------------------------------------------- the game's own parts
    @abstractmethod
    def trump_box(self, game: Any) -> TrumpBox:
        """The trump box: the deal, trumps, the card turned up."""

    @abstractmethod
    def boxes(self, game: Any, seat: int | None, show_all: bool) -> list[TextBox | CardBox]:
        """The table's boxes (a contract, the bidding, the scores, a kitty)."""

    def classes(self, game: Any) -> tuple[str, ...]:
        """The table's CSS classes (``kwr-<game>``)."""
        return (f"kwr-{game.game_name}",)

    def seat_badges(self, game: Any, seat: int) -> tuple[list[Badge], list[Badge]]:
        """A seat's badges before the dealer's and after it (none by default)."""
        return [], []

    # ------------------------------------------------------------ the pieces
    def seats(self, game: Any, seat: int | None, show_all: bool) -> list[Seat]:
        """Every seat: whose cards are face up, the badges, the tricks taken."""
        view = game.view(seat) if seat is not None and not show_all else None
        log = game.log
        won = game.tricks_won
        seats = []
        for s in range(game.n):
            held = game.hand(s)
            if show_all:
                face_up, hidden = held, 0
            elif view is not None and s == seat:
                face_up, hidden = view.hand, 0
            elif view is not None and s in getattr(view, "open_hands", ()):
                face_up, hidden = view.open_hands[s], 0
            else:
                face_up, hidden = [], len(held)
            before, after = self.seat_badges(game, s)
            dealer = [Badge(_("dealer"))] if log is not None and s == log.dealer else []
            seats.append(
                Seat(
                    seat=s,
                    name=game.names[s],
                    face_up=face_up,
                    hidden=hidden,
                    badges=[*before, *dealer, *after],
                    tricks=won[s],
                    to_move=s == game.to_move,
                )
            )
        return seats

    def bidding_box(
        self, game: Any, calls: Sequence[tuple[int, Call]], last: int, summary: Row | None
    ) -> TextBox:
        """The bidding: ``calls`` (the label names them all), then the ``last`` of
        them, or "no bid yet" — or ``summary`` instead once the bidding is over."""
        lines = [
            _("{name}: {call}").format(name=game.names[s], call=self.call_words(m))
            for s, m in calls
        ]
        label = _("Bidding: {calls}").format(calls=", ".join(lines) or "-")
        rows = [Row(_("Bidding"), "title")]
        if summary is not None:
            rows.append(summary)
        else:
            rows += [Row(line) for line in lines[-last:] or [_("no bid yet")]]
        return TextBox("kwr-bidding", label, "top-right", tuple(rows))

    def scores_box(self, heads: list[tuple[str, list[str]]], head_style: str) -> TextBox:
        """The scores: each owner's line (styled ``head_style``) with its details (only
        ``title`` heads have details: they are spoken with them)."""
        spoken = "; ".join(
            f"{head} {' · '.join(detail)}".strip() if head_style == "title" else head
            for head, detail in heads
        )
        lines = [Row(_("Scores"), "title")]
        for head, detail in heads:
            lines.append(Row(head, head_style))
            if detail:
                lines.append(Row(style="detail", parts=tuple(detail)))
        label = _("Scores: {scores}").format(scores=spoken)
        return TextBox("kwr-scores", label, "bottom-left", tuple(lines))
