"""Explanations: why a move is legal or not, what it would do, why a trick was won,
what a round's (or a deal's) end means.  Every sentence comes from the message
catalogue, so it reads in English, Spanish or French (see
:func:`kowhist_teach.i18n.set_language`).

The player to move is spoken to as "you"; other players by name.  What is said is the
game's own: each game gives its spec a teaching hook
(:class:`kowhist_teach.core.hooks.teaching.Teaching`), and this module checks whose
turn it is and asks ``spec_of(game).teaching`` — it never asks which game it holds.

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(3, seed=2)
>>> notes = explain_moves(game)
>>> all(n.legal for n in notes) and notes[0].reason.startswith('You lead')
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core.hooks.teaching import MoveExplanation, plain_trick
from ..core.registry import spec_of
from ..core.tricks import Trick
from ..core.words import sentence, suit_name
from .tips import tips_for

__all__ = [
    "MoveExplanation",
    "explain_moves",
    "explain_trick",
    "explain_round",
    "explain_deal",
    "explain_position",
    "suit_name",
    "sentence",
]


def explain_moves(game: Any, seat: int | None = None) -> list[MoveExplanation]:
    """Every card in the hand of the player to move, and every other move open to them,
    each legal or not with a one-sentence reason.

    In the whist family: every card of the hand in trick play; in an auction every bid
    of the game, open or not (what an open bid promises, why a closed one is closed);
    the trump calls; bid whist's discards.

    Returns ``[]`` when nobody is to move (chance, or the game is over), or when
    ``seat`` is not the player to move.

    >>> from kowhist_teach.core.registry import spec
    >>> notes = {n.move.code: n for n in explain_moves(spec('solo').new_game(seed=1))}
    >>> notes['cop'].legal, notes['cop'].reason
    (False, 'There is no proposal to accept.')
    """
    me = game.to_move if seat is None else seat
    if me is None or game.is_over() or me != game.to_move:
        return []
    teaching = spec_of(game).teaching
    # A blind dog's face-down card is never named, not even to its owner (RULES.md §2).
    return [
        replace(note, hidden=True) if teaching.hidden_move(game, me, note.move) else note
        for note in teaching.explain_moves(game, me)
    ]


def explain_trick(game: Any, trick: Trick, names: Sequence[str] | None = None) -> str:
    """Why a finished trick went to its winner, in one sentence (in the partnership
    games, also which side takes it).

    ``game`` gives the players' names; pass ``names`` instead (and ``game=None``) to
    explain a trick built by hand under plain rules.  A whist-family game needs
    ``game``: bid whist's jokers and downtown are its own.

    >>> from kowhist_teach.core.cards import Card, Suit
    >>> from kowhist_teach import KnockoutGame
    >>> t = Trick(leader=0, trump=Suit.HEARTS)
    >>> for seat, code in [(0, 'KS'), (1, '2H'), (2, 'AS')]:
    ...     t.add(seat, Card(code))
    >>> explain_trick(KnockoutGame(3, seed=1), t)
    'Player 2 won with 2♥: the only trump, and a trump beats every other suit.'
    >>> explain_trick(None, t, names=['Ann', 'Ben', 'Cy'])
    'Ben won with 2♥: the only trump, and a trump beats every other suit.'
    """
    if game is None:
        return plain_trick(trick, names)
    return spec_of(game).teaching.explain_trick(game, trick, names)


def explain_round(game: Any, round_index: int | None = None) -> list[str]:
    """What the end of a Knock-Out Whist round means: who is out or a dog and why, who
    came back, who chooses trumps and leads next and why — or who won the game.

    For a whist-family game this is :func:`explain_deal` of deal ``round_index``.
    ``[]`` when the round is not played yet (or the game has no rounds to tell).
    """
    return spec_of(game).teaching.explain_round(game, round_index)


def explain_deal(game: Any, deal: Any = None) -> list[str]:
    """What the end of a deal of a whist-family game means, in a few sentences: the
    tricks by side, the contract made or lost, the notes of the score (odd tricks,
    honours …), the points, and the winner if it ended the game.

    ``deal`` is a :class:`~kowhist_teach.games.family.engine.DealLog` of ``game`` (the
    last deal scored by default); ``[]`` before any deal is scored.

    >>> import random
    >>> from kowhist_teach.core.registry import spec
    >>> game = spec('whist').new_game(seed=2)
    >>> while len(game.deals) < 2:
    ...     game.play(random.choice(game.legal_moves()))
    >>> lines = explain_deal(game)
    >>> lines[0].startswith('Tricks: ') and lines[0].endswith(' for Player 2 and Player 4.')
    True
    >>> lines[-1].startswith('Points this deal: ')
    True
    """
    return spec_of(game).teaching.explain_deal(game, deal)


def explain_position(
    game: Any, analyse: bool = False, time_limit: float | None = None
) -> dict[str, Any]:
    """The object ``kowhist-teach explain --json`` prints for the player to move.

    ``time_limit`` bounds the analysis (see :func:`kowhist_teach.teach.solver.analyse`).
    """
    result: dict[str, Any] = {
        "seat": game.to_move,
        "moves": [m.to_dict() for m in explain_moves(game)],
        "tips": [t.text for t in tips_for(game)],
    }
    if analyse:
        from .solver import analyse as run_analysis

        result["analysis"] = [a.to_dict() for a in run_analysis(game, time_limit=time_limit)]
    return result
