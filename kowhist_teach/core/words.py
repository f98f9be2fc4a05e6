"""Wording helpers every layer may use (the games' teaching hooks, the teaching layer,
the widgets): a suit's name in the chosen language, and a clause made a sentence.

>>> from kowhist_teach.core.cards import Suit
>>> sentence(suit_name(Suit.SPADES) + ' were led')
'Spades were led.'
"""

from __future__ import annotations

from ..i18n import _
from .cards import Suit

__all__ = ["suit_name", "sentence", "full_stop", "named_call", "labelled", "score_list"]


def suit_name(suit: Suit | int, plural: bool = True) -> str:
    """The suit's name in the chosen language ("spades", "picas", "piques").

    >>> suit_name(Suit.HEARTS), suit_name(Suit.HEARTS, plural=False)
    ('hearts', 'heart')
    """
    names = (
        (_("spades"), _("hearts"), _("diamonds"), _("clubs"))
        if plural
        else (_("spade"), _("heart"), _("diamond"), _("club"))
    )
    return names[int(suit)]


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last (unless it has one).

    >>> sentence('you may play this card'), sentence('Well done!'), sentence('')
    ('You may play this card.', 'Well done!', '')
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def upper_first(text: str) -> str:
    """``text`` with its first letter in capitals, the rest as it is: a clause that
    starts with a word put in by a placeholder in English ("{suit} were led") may put
    it mid-sentence in another language ("El palo de salida es picas"), so the whole
    clause is capitalised, not the word.

    >>> upper_first('spades were led'), upper_first('')
    ('Spades were led', '')
    """
    return text[:1].upper() + text[1:]


def full_stop(text: str) -> str:
    """``text`` with a full stop (unless it ends one already); unlike :func:`sentence`
    it keeps its first letter as it is.

    >>> full_stop('Player 1 passes'), full_stop('Well done!'), full_stop(' ')
    ('Player 1 passes.', 'Well done!', '')
    """
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def labelled(label: str, value: object) -> str:
    """``label: value`` as the chosen language writes it (French: a no-break space
    before the colon), for scores, counts and a move with its reason.

    >>> labelled("Bot 1", 3)
    'Bot 1: 3'
    """
    return _("{label}: {value}").format(label=label, value=value)


def score_list(names: list[str], values: list[int] | tuple[int, ...]) -> str:
    """Each name with its number, as the status line writes scores: a colon between
    them and a dot between players, so that no number can be read as part of a name
    ("Player 1 (you) 0 – 1 Bot 1" read like "1 Bot 1").

    >>> score_list(["Player 1 (you)", "Bot 1"], [0, 1])
    'Player 1 (you): 0 · Bot 1: 1'
    """
    return " · ".join(labelled(n, v) for n, v in zip(names, values, strict=False))


def named_call(code: str) -> str | None:
    """The words on the button of a call that has a name of its own (a pass, the solo
    whist bids, bid whist's high or low), or ``None`` for a numbered bid or a suit.

    >>> named_call("cop"), named_call("4")
    ('Cop (accept the prop)', None)
    """
    known = {
        "pass": _("Pass"),
        "prop": _("Prop (ask for a partner)"),
        "cop": _("Cop (accept the prop)"),
        "solo": _("Solo (5 tricks)"),
        "misere": _("Misère (no trick)"),
        "abundance": _("Abundance (9 tricks)"),
        "royal-abundance": _("Royal abundance (9, preferred trumps)"),
        "misere-ouverte": _("Misère ouverte (open hand)"),
        "slam": _("Slam (13 tricks)"),
        # Bid whist's choice after a no-trump bid, in the words of its bids.
        "high": _("Uptown (high cards win)"),
        "low": _("Downtown (low cards win, the ace highest)"),
    }
    return known.get(code)
