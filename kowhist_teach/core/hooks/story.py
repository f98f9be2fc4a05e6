"""The story hook: how a game tells what happened, move by move, and how its record is
cut into steps for the stepper.

The generic story (:mod:`kowhist_teach.teach.story`) knows no game.  To tell a move it
asks the game's hook (``spec_of(game).story``, a :class:`StoryHook`) three things:

1. :meth:`StoryHook.before` -- what to remember of the position before the move
   (the trick on the table, the round, the phase …);
2. the game plays the move;
3. :meth:`StoryHook.tell` -- what the move led to, as a list of *told* items: a
   sentence in the game's own words (a ``str``: a trump chosen, a card taken from the
   stock, a bid and what it promises, the game's end) or a marker for the teaching
   layer's words (:class:`TrickDone`, :class:`RoundDone`, :class:`DealDone`), which the
   generic story fills in with ``explain_trick``, ``explain_round`` and
   ``explain_deal``.  The hook never calls up into the teaching layer.

A record is cut into steps by :meth:`StoryHook.walk`: a generator of :class:`Beat`s.
A beat either tells something the hook did itself to the fresh game (a deal, a cut:
``move is None``) or hands the generic story a move to play and tell.  The generator
resumes only after the story has played that move, so it always sees the position
after it.

>>> from kowhist_teach import KnockoutGame
>>> from kowhist_teach.core.registry import spec_of
>>> hook = spec_of(KnockoutGame).story
>>> isinstance(hook, StoryHook)
True
>>> hook.deal_text(KnockoutGame(3, seed=1)).startswith('Round 1: 7 cards each')
True

A game's hook is one object attached at the end of its package's ``__init__.py``::

    SPEC.hooks["story"] = KnockoutStory()

The heart of a hook, for a plain trick-taking game, is a few lines::

    class MyStory(StoryHook):
        def before(self, game):
            return game.trick                   # the trick on the table
        def tell(self, game, trick, seat, played, note, viewer, every_card):
            told = [self.played_text(game, seat, played)] if every_card else []
            if trick is not None and game.trick is not trick:
                told.append(TrickDone(trick, game.tricks.index(trick) + 1))
            if game.is_over():
                told.append(self.outcome_text(game))
            return told
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...i18n import _
from ..cards import Card
from ..words import full_stop, suit_name

__all__ = [
    "StoryHook",
    "Beat",
    "TrickDone",
    "RoundDone",
    "DealDone",
    "Told",
    "story_sentence",
    "quoted_to",
    "DealBefore",
    "DealStoryHook",
]


@dataclass(frozen=True)
class TrickDone:
    """A trick was finished: the story adds its line (the cards, then why it was won).

    ``number`` counts from 1 within its round or deal.
    """

    trick: Any
    number: int


@dataclass(frozen=True)
class RoundDone:
    """A round of Knock-Out Whist was finished: the story adds what it means (who is
    out, who chooses trumps) in the teaching layer's words.  ``index`` counts from 0."""

    index: int


@dataclass(frozen=True)
class DealDone:
    """A deal of the whist family was scored: the story adds its summary and the
    running scores.  ``log`` is the deal's log."""

    log: Any


#: What :meth:`StoryHook.tell` returns items of: a sentence, or a marker to fill in.
Told = str | TrickDone | RoundDone | DealDone


@dataclass(frozen=True)
class Beat:
    """One event of a record as :meth:`StoryHook.walk` hands it to the story.

    ``game`` is the fresh game the walk plays on.  With ``move`` set, the story plays it
    and tells it; ``lines`` then say what to show if the move tells nothing (declining
    to declare).  With ``move`` ``None``, the hook has changed ``game`` itself (a deal,
    a cut) and ``lines`` tell it.
    """

    game: Any
    move: Any = None
    lines: tuple[str, ...] = ()


#: ``text`` with a full stop, its first letter kept (``core.words.full_stop``).
story_sentence = full_stop


def quoted_to(name: str, text: str) -> str:
    """The teaching layer's words to the player who moved ("you"), quoted to them by name.

    >>> quoted_to('Ann', 'you keep your ace')
    'To Ann: “You keep your ace.”'
    """
    text = story_sentence(text)
    return _("To {name}: “{text}”").format(name=name, text=text[:1].upper() + text[1:])


class StoryHook(ABC):
    """How a game tells its own events.  Subclass it in ``games/<game>/story.py``.

    The abstract methods are what every game must say; the others have defaults that
    fit a game without deals (Knock-Out, German Whist).
    """

    # ------------------------------------------------------------ shared words
    sentence = staticmethod(story_sentence)

    #: A suit's name, plural, in the chosen language ("hearts").
    suit_name = staticmethod(suit_name)

    def played_text(self, game: Any, seat: int, card: Card) -> str:
        """``"Player 2 played K♣."``: a card played, for the stepper's every-card story."""
        return story_sentence(
            _("{name} played {card}").format(name=game.names[seat], card=card.label)
        )

    # ------------------------------------------------------------ a deal, the end
    @abstractmethod
    def deal_text(self, game: Any) -> str:
        """What a fresh deal (or round) means: its cards, its trumps, who sets them.

        Knock-Out: ``"Round 1: 7 cards each; the turn-up 7♦ makes diamonds trumps."``
        """

    def deal_lines(self, game: Any) -> list[str]:
        """Every line a fresh deal shows in the stepper (default: :meth:`deal_text`)."""
        return [line for line in (self.deal_text(game),) if line]

    @abstractmethod
    def outcome_text(self, game: Any) -> str:
        """Who won the game (or the hand); ``""`` while it goes on.

        Knock-Out: ``"Player 2 wins the game."``
        """

    def deal_over_text(self, game: Any, log: Any) -> str:
        """The head of a scored deal's summary (``"Deal 1 is over."``); games with
        deals (:class:`DealDone`) say it."""
        return ""

    def scores_text(self, game: Any, log: Any) -> str:
        """The running scores after a scored deal, in one sentence; games with deals
        say it."""
        return ""

    # ------------------------------------------------------------ telling a move
    def needs_notes(self, every_card: bool) -> bool:
        """Whether :meth:`tell` wants the teaching layer's note on the move (worked out
        before the move, for its maker); asked so that the table's story stays fast.
        Default: only for the stepper's every-card story."""
        return every_card

    @abstractmethod
    def before(self, game: Any) -> Any:
        """What :meth:`tell` needs to remember of the position before a move (any
        value; the story hands it back unchanged)."""

    @abstractmethod
    def tell(
        self,
        game: Any,
        before: Any,
        seat: int,
        played: Any,
        note: Any,
        viewer: int | None,
        every_card: bool,
    ) -> list[Told]:
        """What ``played`` (just made by ``seat``; ``game`` is the position after it)
        led to, in order.

        ``note`` is the teaching layer's ``MoveExplanation`` of the move (or ``None``;
        see :meth:`needs_notes`); ``viewer`` is the seat the story is told to (``None``:
        everyone, every card named); ``every_card`` asks for a line for every card.
        Empty strings are dropped.
        """

    # ------------------------------------------------------------ chance, records
    @abstractmethod
    def deal_at_random(self, game: Any, rng: random.Random) -> None:
        """Shuffle with ``rng`` and deal into ``game`` (made with ``auto_chance=False``
        and waiting for a deal) the way the game deals, through the engine's checked
        ``deal``."""

    @abstractmethod
    def walk(self, record: dict[str, Any], final: Any) -> Iterator[Beat]:
        """The events of ``record`` in order, on a fresh game made like ``final`` (the
        record already replayed and checked): see :class:`Beat`."""


class DealBefore(NamedTuple):
    """What :class:`DealStoryHook` remembers of the position before a move: the phase,
    the deal's log, the trick on the table, whether the deal was scored already, and
    ``more``, the game's own (the family: whether the mover had taken the kitty)."""

    phase: Any
    log: Any
    trick: Any
    scored: bool
    more: Any = None


class DealStoryHook(StoryHook):
    """The story of a game played deal after deal
    (:class:`~kowhist_teach.core.deals.DealGame`: the whist family, Oh Hell): each deal
    and who speaks first, each call (:meth:`tell_call`, the game's words), each card and
    trick, a deal's end (:class:`DealDone`) and the running scores; a record walked deal
    by deal. This is the omniscient story, for the stepper: every hand is named.

    >>> from kowhist_teach import OhHellGame
    >>> from kowhist_teach.core.registry import spec
    >>> hook = spec('ohhell').story
    >>> isinstance(hook, DealStoryHook), hook.turn_text(OhHellGame(3, seed=1))
    (True, 'Player 2 to bid.')
    """

    # ------------------------------------------------------------ a deal, the end
    def turn_text(self, game: Any) -> str:
        """Who speaks or leads first in a fresh deal (or once the calls are over)."""
        if game.to_move is None:
            return ""
        name = game.names[game.to_move]
        if game.phase is getattr(game.phases, "BID", None):
            return story_sentence(_("{name} to bid").format(name=name))
        return story_sentence(_("{name} to play").format(name=name))

    def outcome_text(self, game: Any) -> str:
        out = game.outcome()
        if out is None:
            return ""
        if out.winner is None:
            return story_sentence(_("The game ends in a tie"))
        return story_sentence(_("{name} wins the game").format(name=game.names[out.winner]))

    def deal_over_text(self, game: Any, log: Any) -> str:
        return story_sentence(_("Deal {n} is over").format(n=log.number))

    def score_owners(self, game: Any) -> list[str]:
        """Who each running score belongs to (default: each player)."""
        return list(game.names)

    def scores_words(self, game: Any) -> str:
        """``"Scores: Player 1 5, Player 2 0, …"``, without the full stop."""
        owners = self.score_owners(game)
        scores = ", ".join(f"{o} {p}" for o, p in zip(owners, game.scores, strict=True))
        return _("Scores: {list}").format(list=scores)

    def scores_text(self, game: Any, log: Any) -> str:
        return story_sentence(self.scores_words(game))

    # ------------------------------------------------------------ telling a move
    def needs_notes(self, every_card: bool) -> bool:
        return True  # a call's reason is told to its maker even without every card

    def before_more(self, game: Any) -> Any:
        """The game's own part of :class:`DealBefore` (``more``; none by default)."""
        return None

    def before(self, game: Any) -> DealBefore:
        log = game.log
        scored = log is not None and log.points is not None
        return DealBefore(game.phase, log, game.trick, scored, self.before_more(game))

    def tell(
        self,
        game: Any,
        before: DealBefore,
        seat: int,
        played: Any,
        note: Any,
        viewer: int | None,
        every_card: bool,
    ) -> list[Told]:
        log = before.log
        name = game.names[seat]
        told: list[Told] = []
        if before.phase is game.phases.PLAY:
            if every_card:
                told.append(self.played_text(game, seat, played))
                if note is not None and note.effect:
                    told.append(quoted_to(name, note.effect))
            trick = before.trick
            if trick is not None and len(trick.plays) == game.n:
                number = next(i for i, t in enumerate(log.tricks) if t is trick) + 1
                told.append(TrickDone(trick, number))
        else:
            told.extend(self.tell_call(game, before, seat, played, note))
        if not before.scored and log.points is not None:
            told.append(DealDone(log))
        return told

    @abstractmethod
    def tell_call(
        self, game: Any, before: DealBefore, seat: int, played: Any, note: Any
    ) -> list[Told]:
        """What a call (a bid, a pass, trumps named, a discard) made by ``seat`` led to:
        the call itself, its reason quoted to its maker (:func:`quoted_to`), and what
        follows once the calls are over (the contract, who leads)."""

    # ------------------------------------------------------------ chance, records
    def deal_at_random(self, game: Any, rng: random.Random) -> None:
        deck = list(game.pack)
        rng.shuffle(deck)
        hands, extra = game._deal_cards(deck)  # the engine's own way to deal (its package)
        game.deal(hands, **extra)

    def walk(self, record: dict[str, Any], final: Any) -> Iterator[Beat]:
        """Each deal, then each call and card of it, in order."""
        fresh = type(final)(
            players=final.players,
            rules=final.rules,
            first_dealer=final.first_dealer,
            auto_chance=False,
        )
        moves = final.moves
        i = 0
        for log in final.deals:
            if fresh.chance_pending != "deal":
                return
            fresh.deal(log.hands, **log.extra)
            yield Beat(fresh, None, tuple(self.deal_lines(fresh)))
            while i < len(moves) and fresh.chance_pending is None and not fresh.is_over():
                yield Beat(fresh, moves[i])
                i += 1
