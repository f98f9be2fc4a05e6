"""SVG pictures of cards, hands, tricks and whole tables, for notebooks and the app.

Modelled on python-chess's ``chess/svg.py``: every function builds the picture with
:mod:`xml.etree.ElementTree` and returns an :class:`SvgStr`, a ``str`` that Jupyter
shows as a picture (it has ``_repr_svg_``).  Nothing here imports a widget library, so
the pictures work in a notebook, in the Voilà app, in JupyterLite and in a plain file.

The pictures are drawn to be read from the back of a classroom: big bold ranks, big suit
symbols, strong colours, and every card named in words (a ``<title>`` and an
``aria-label``) for screen readers.  Every word passes through :func:`~.i18n._`.

This module gathers the public names of the pictures' modules (:mod:`.draw`,
:mod:`.cards`, :mod:`.hands`, :mod:`.tricks`, :mod:`.table`, :mod:`.page`); a game's own
parts of a table come from its picture hook (:mod:`kowhist_teach.core.hooks.picture`).

>>> svg = card_svg(Card('QS'))
>>> 'Q' in svg and '♠' in svg and 'queen of spades' in svg
True
>>> print(hand_svg(CardSet('AS 10H')).count('<svg'))
3

Importing this module gives cards, card sets, tricks and games a ``_repr_svg_`` (see
:func:`install_repr_hooks`), so they draw themselves in a notebook.
"""

from __future__ import annotations

from typing import Any

from ..core.card_words import rank_names as _rank_names  # noqa: F401  (old name)
from ..core.card_words import suit_names as _suit_names  # noqa: F401  (old name)
from ..core.cards import Card, CardSet
from ..core.hooks.picture import PictureHook
from ..core.moves import Call
from ..core.registry import game_names, spec, specs
from ..core.tricks import Trick
from .cards import card_colour, card_name, card_svg, suit_colour
from .draw import CARD_HEIGHT, CARD_WIDTH, FONT_FAMILY, GOLD, INK, SvgStr
from .hands import hand_svg
from .page import data_uri, html_page
from .table import table_svg
from .tricks import trick_svg

__all__ = [
    "SvgStr",
    "card_svg",
    "hand_svg",
    "trick_svg",
    "table_svg",
    "card_name",
    "suit_colour",
    "card_colour",
    "call_words",
    "data_uri",
    "html_page",
    "install_repr_hooks",
    "FONT_FAMILY",
    "CARD_WIDTH",
    "CARD_HEIGHT",
]

# The old private names, for code that reached into this module.
_GOLD, _INK = GOLD, INK


class _PlainCalls(PictureHook):
    """Call words for a game without a picture hook of its own."""

    def table(self, game: Any, seat: int | None = None, show_all: bool = False) -> Any:
        raise NotImplementedError

    def status(self, game: Any) -> str:
        raise NotImplementedError


def call_words(call: Call, game_name: str) -> str:
    """A call of a whist-family game (``game_name``) as the table's bidding box shows
    it: a bid's name, "pass", a suit's symbol, bid whist's "high" or "low".

    >>> call_words(Call('4L'), 'bidwhist'), call_words(Call('prop'), 'solo')
    ('4 downtown', 'proposal')
    """
    game = spec(game_name) if game_name in game_names() else None
    hook = game.picture if game is not None and game.has("picture") else _PlainCalls()
    return hook.call_words(call)


# ------------------------------------------------------------ repr hooks
def _card_repr_svg(self: Card) -> SvgStr:
    return card_svg(self)


def _cardset_repr_svg(self: CardSet) -> SvgStr:
    return hand_svg(self)


def _trick_repr_svg(self: Trick) -> SvgStr:
    return trick_svg(self)


def _game_repr_svg(self: Any) -> SvgStr:
    # In a notebook the teacher sees the whole deal, as ``str(game)`` shows it.
    return table_svg(self, show_all=True, width=900)


def install_repr_hooks() -> None:
    """Give cards, card sets, tricks and every registered game a ``_repr_svg_``, so that
    a notebook draws them.  Done when this module is imported; calling it again does no
    harm (and gives a game registered since then its hook).

    The engine modules stay free of drawing code: the hooks are set on their classes
    from here (a class attribute is allowed even on the slotted ``Card`` and ``Trick``).

    >>> install_repr_hooks()
    >>> Card('AS')._repr_svg_().startswith('<svg')
    True
    """
    Card._repr_svg_ = _card_repr_svg  # type: ignore[attr-defined]
    CardSet._repr_svg_ = _cardset_repr_svg  # type: ignore[attr-defined]
    Trick._repr_svg_ = _trick_repr_svg  # type: ignore[attr-defined]
    for game in specs():
        game.game._repr_svg_ = _game_repr_svg


install_repr_hooks()
