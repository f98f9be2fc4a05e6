"""Moves other than cards, the errors a move can raise, and parsing of move codes.

A move is a :class:`~kowhist_teach.core.cards.Card` or a :class:`Call`: a dog's pass, a
trump suit chosen or voted for, a declaration, or declining to declare.

>>> parse_move('QS'), parse_move('pass'), parse_move('nt'), parse_move('rainbow')
(Card('QS'), Call('pass'), Call('NT'), Call('rainbow'))

Calls are read in any case, with or without accents, and with a space or an underscore
for a hyphen: ``Play on`` is ``play-on`` (solo whist's ``misère ouverte`` is
``misere-ouverte``).
"""

from __future__ import annotations

import unicodedata

from ..i18n import _
from .cards import BadCard, Card, Suit, parse_card
from .errors import IllegalMove, SetupError

__all__ = [
    "Call",
    "Move",
    "IllegalMove",
    "SetupError",
    "PASS",
    "PLAY_ON",
    "NO_PICTURE",
    "RAINBOW",
    "NO_TRUMP",
    "TRUMP_CALLS",
    "parse_move",
    "parse_card_move",
    "move_code",
]


def _plain(text: str) -> str:
    """A call as typed, made plain: accents dropped, spaces and underscores made hyphens.

    >>> _plain(' Misère  Ouverte '), _plain('PLAY_ON')
    ('Misere-Ouverte', 'PLAY-ON')
    """
    text = unicodedata.normalize("NFKD", text.strip())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return "-".join(text.replace("_", " ").split())


class Call:
    """A move that is not a card. There is one shared instance per code.

    >>> Call('H').suit, Call('pass').is_pass, Call('NT').suit is None
    (<Suit.HEARTS: 1>, True, True)
    """

    __slots__ = ("code", "suit", "is_trump", "is_pass", "is_declaration", "is_bid")
    _instances: dict[str, Call] = {}

    code: str
    suit: Suit | None
    is_trump: bool
    is_pass: bool
    is_declaration: bool
    #: A bid of an auction (bid whist's "4L", solo's "abundance", Oh Hell's "2").
    is_bid: bool

    def __new__(cls, code: str) -> Call:
        found = None
        if isinstance(code, str):
            for key in (code.strip(), _plain(code)):
                found = cls._instances.get(key) or cls._instances.get(key.upper())
                found = found or cls._instances.get(key.lower())
                if found is not None:
                    break
        if found is None:
            raise BadCard(_("unknown move {code!r}").format(code=code))
        return found

    @classmethod
    def _define(cls, code: str, suit: Suit | None = None, kind: str = "") -> Call:
        call = object.__new__(cls)
        call.code = code
        call.suit = suit
        call.is_trump = kind == "trump"
        call.is_pass = kind == "pass"
        call.is_declaration = kind == "declare"
        call.is_bid = kind == "bid"
        cls._instances[code] = call
        return call

    def __repr__(self) -> str:
        return f"Call('{self.code}')"

    def __str__(self) -> str:
        if self.is_trump:
            return self.suit.symbol if self.suit is not None else "NT"
        return self.code

    def __reduce__(self):
        return (Call, (self.code,))


#: A dog or re-entry player keeps their card this trick.
PASS = Call._define("pass", kind="pass")
#: Decline to declare (no picture / rainbow) and play the round.
PLAY_ON = Call._define("play-on", kind="play-on")
#: "No picture, no play": the hand holds no J, Q, K or A; the round is dealt again.
NO_PICTURE = Call._define("no-picture", kind="declare")
#: One card of each suit in the 4-card round: the declarer wins the round.
RAINBOW = Call._define("rainbow", kind="declare")
#: Trumps chosen (or voted) by suit.
TRUMP_CALLS: tuple[Call, ...] = tuple(Call._define(s.code, s, "trump") for s in Suit)
#: No trumps (only where the rules make a round trumpless).
NO_TRUMP = Call._define("NT", None, "trump")

Move = Card | Call


def parse_move(move: Move | str, calls: str | None = None) -> Move:
    """A card or call from its code; cards and calls pass through.

    ``calls`` are examples of the game's calls for the message of an unknown move
    (``"pass, solo or misere"``); without them it offers ``pass``, as in Knock-Out Whist.

    >>> parse_move('10h'), parse_move(Card('AS')), parse_move('♥'), parse_move('Play on')
    (Card('10H'), Card('AS'), Call('H'), Call('play-on'))
    >>> parse_move('frog', calls='pass, 4 or 4NT')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kowhist_teach.core.cards.BadCard: unknown move 'frog': ..., or a call like pass, 4 or 4NT
    """
    if isinstance(move, (Card, Call)):
        return move
    if not isinstance(move, str):
        raise BadCard(_("unknown move {code!r}").format(code=move))
    text = move.strip()
    try:
        return Call(text)
    except BadCard:
        pass
    if len(text) == 1:
        try:
            return TRUMP_CALLS[Suit.from_code(text)]
        except BadCard:
            pass
    try:
        return parse_card(text)
    except BadCard:
        if calls:
            raise BadCard(
                _(
                    "unknown move {code!r}: write a card like AS, 10H or QD, or a call like {calls}"
                ).format(code=move, calls=calls)
            ) from None
        raise BadCard(
            _("unknown move {code!r}: write a card like AS, 10H or QD, or pass").format(code=move)
        ) from None


def move_code(move: Move) -> str:
    """The record code of a move: ``QS``, ``pass``, ``H``, ``rainbow``.

    >>> move_code(Card('10H')), move_code(PASS)
    ('10H', 'pass')
    """
    return move.code


def parse_card_move(move: Move | str) -> Move:
    """A move's text parsed for a game whose moves are cards only (German Whist,
    partnership whist): a call still parses (and is then refused as illegal), but
    unknown text is told to write a card, with no "or pass".

    >>> parse_card_move('10h')
    Card('10H')
    >>> parse_card_move('frog')
    Traceback (most recent call last):
    ...
    kowhist_teach.core.cards.BadCard: unknown card code 'frog': write the rank then the suit, \
like AS, 10H or QD
    """
    try:
        return parse_move(move)
    except BadCard:
        if isinstance(move, str):
            parse_card(move)  # raises the card's own message
        raise
