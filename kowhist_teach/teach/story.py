"""The story of a game in sentences, and the positions of a record step by step.

Pure functions, no widgets: the table tells the student what happened since their last
move with :func:`play_and_tell`; the stepper walks through a record with
:func:`record_steps`.  This module knows no game: each game's story hook
(``spec_of(game).story``, a :class:`~kowhist_teach.core.hooks.story.StoryHook`) says
what a move led to in the game's own words and how its record is cut into steps; the
teaching layer (:mod:`kowhist_teach.teach.explain`) says why a trick was won and what a
round or deal came to.  This module asks them, once each, and strings the answers
together.

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(3, seed=2)
>>> lines = []
>>> while game.tricks_done == 0:
...     lines += play_and_tell(game, game.legal_moves()[0])
>>> lines[-1].startswith('Trick 1:')
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from ..core.game import hand_names
from ..core.hooks.story import DealDone, RoundDone, StoryHook, Told, TrickDone
from ..core.moves import Move
from ..core.record import game_from_record
from ..core.registry import spec_of
from ..core.words import sentence, suit_name
from ..i18n import N_, _
from .explain import explain_deal, explain_moves, explain_round, explain_trick

__all__ = [
    "Step",
    "play_and_tell",
    "settle_chance",
    "record_steps",
    "deal_text",
    "outcome_text",
    "family_deal_lines",
    "family_deal_end",
    "void_line",
    "said_to_the_student",
]


def _story(game: Any) -> StoryHook:
    """The game's story hook (the registry's one-line error for a game without one)."""
    try:
        hook: StoryHook = type(game).spec.hooks["story"]  # the table asks at every move
    except (AttributeError, KeyError):
        hook = spec_of(game).story
    return hook


def trick_line(game: Any, trick: Any, number: int) -> str:
    """One line for a finished trick: the cards in play order, then why it was won.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(2, seed=3)
    >>> g.play(g.legal_moves()[0]); g.play(g.legal_moves()[0])
    >>> trick_line(g, g.log.tricks[0], 1).startswith('Trick 1: Player 2 ')
    True
    """
    names = hand_names(game)  # a dummy's card is the dummy's, not a player's
    cards = ", ".join(f"{names[s]} {c.label}" for s, c in trick.plays)
    return _("Trick {n}: {cards}. {why}").format(
        n=number, cards=cards, why=explain_trick(game, trick)
    )


def void_line(game: Any, trick: Any, card: Any) -> str:
    """What ``card``, just played to ``trick``, tells everyone at the table when it does
    not follow the suit led: its player has none of that suit ("Ben has no hearts."),
    else ``""`` (a lead, a card that follows, a joker).

    >>> from kowhist_teach import KnockoutGame
    >>> from kowhist_teach.core.cards import Card
    >>> from kowhist_teach.core.tricks import Trick
    >>> t = Trick(0, None, [(0, Card('4H')), (1, Card('2S'))])
    >>> void_line(KnockoutGame(2, seed=1), t, Card('2S'))
    'Player 2 has no hearts.'
    """
    if trick is None or len(trick.plays) < 2 or trick.plays[-1][1] != card:
        return ""
    led = trick.plays[0][1]
    if led.is_joker or card.is_joker or card.suit == led.suit:
        return ""
    seat = trick.plays[-1][0]
    name = hand_names(game)[seat]
    return sentence(_("{name} has no {suit}").format(name=name, suit=suit_name(led.suit)))


def deal_text(game: Any) -> str:
    """What a fresh deal means: the round, the cards and who sets trumps.

    >>> from kowhist_teach import KnockoutGame
    >>> deal_text(KnockoutGame(3, seed=1)).startswith('Round 1: 7 cards each')
    True
    >>> from kowhist_teach.core.registry import spec
    >>> deal_text(spec('whist').new_game(seed=1)).startswith(
    ...     'Deal 1: Player 1 deals; the turned-up card is ')
    True
    """
    return _story(game).deal_text(game)


def outcome_text(game: Any) -> str:
    """Who won the game (or the hand, in German Whist); ``""`` while it goes on.

    >>> from kowhist_teach import KnockoutGame
    >>> outcome_text(KnockoutGame(3, seed=1))
    ''
    """
    return _story(game).outcome_text(game)


def play_and_tell(
    game: Any, move: Move | str, viewer: int | None = None, every_card: bool = False
) -> list[str]:
    """Make ``move`` for the player to move and say what it led to, in sentences: a
    trump choice, vote, pass or declaration; a finished trick and why it was won; the
    cards taken from the stock (German Whist; a card taken unseen is named only to
    ``viewer``, or to everyone when ``viewer`` is ``None``); the end of a round and what
    it means; the end of the game.  ``every_card`` adds a line for every card played.

    In the whist family (partnership whist, solo whist, bid whist): a bid, pass or trump
    named, with what it means to its maker; bid whist's kitty taken and each discard; the
    contract once play begins; each card (``every_card``) and each finished trick; the
    end of a deal with its score.  Every hand and the kitty are named: this is the
    omniscient story, for the stepper.

    Raises :class:`~kowhist_teach.core.errors.IllegalMove` (and changes nothing) if the move
    is not legal.
    """
    seat = game.to_move
    if seat is None:
        game.play(move)  # nobody may move now: the engine raises and says why
        return []
    hook = _story(game)
    before = hook.before(game)
    # The teaching layer's note on the move, worked out for its maker before it is made
    # ("K♣ leads trumps: …", "9♠ is a discard: …", what a bid promises).
    notes = {e.move: e for e in explain_moves(game)} if hook.needs_notes(every_card) else {}
    game.play(move)
    played = game.moves[-1]
    told = hook.tell(game, before, seat, played, notes.get(played), viewer, every_card)
    return _words(game, told)


def _words(game: Any, told: list[Told]) -> list[str]:
    """The hook's story with the teaching layer's words filled in; no empty lines."""
    lines: list[str] = []
    for item in told:
        if isinstance(item, str):
            lines.append(item)
        elif isinstance(item, TrickDone):
            lines.append(trick_line(game, item.trick, item.number))
        elif isinstance(item, RoundDone):
            lines.extend(explain_round(game, item.index))
        elif isinstance(item, DealDone):
            lines.extend(family_deal_end(game, item.log))
    return [line for line in lines if line]


def family_deal_lines(game: Any) -> list[str]:
    """What a fresh deal of the whist family means: the deal, bid whist's kitty (face
    down for now) and who is first to bid or lead (any game: its deal's lines).

    >>> from kowhist_teach.core.registry import spec
    >>> family_deal_lines(spec('solo').new_game(seed=1))[-1]
    'Player 2 to bid.'
    """
    return _story(game).deal_lines(game)


def family_deal_end(game: Any, log: Any) -> list[str]:
    """What a finished deal came to: the teaching layer's summary (tricks, contract,
    notes, points, and the winner if the game is over), then the running scores.

    >>> from kowhist_teach.core.registry import spec
    >>> g = spec('whist').new_game(seed=4)
    >>> while len(g.deals) < 2:
    ...     g.play(g.legal_moves()[0])
    >>> lines = family_deal_end(g, g.deals[0])
    >>> lines[0], lines[-1].startswith('Scores: Player 1 and Player 3 ')
    ('Deal 1 is over.', True)
    """
    hook = _story(game)
    return [hook.deal_over_text(game, log), *explain_deal(game, log), hook.scores_text(game, log)]


def settle_chance(game: Any, rng: random.Random) -> list[str]:
    """Deal or cut from ``rng`` whenever a game made without its own chance
    (``auto_chance=False``, as a replayed record is) waits for one; says what was dealt.

    Only public engine calls: what is pending (``chance_pending``) and the cut; the
    game's story hook deals the shuffled cards its own way, and the engine checks the
    deal.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(3, auto_chance=False)
    >>> lines = settle_chance(g, random.Random(1))
    >>> g.phase.value, len(g.hand(0)), lines[0].startswith('Round 1')
    ('play', 7, True)
    """
    hook = _story(game)
    lines: list[str] = []
    while game.chance_pending is not None and not game.is_over():
        pending = game.chance_pending
        kind, seats = (pending, ()) if isinstance(pending, str) else pending
        if kind == "cut":
            game.cut(rng.choice(seats))
            continue
        hook.deal_at_random(game, rng)
        lines.append(hook.deal_text(game))
    return lines


@dataclass(frozen=True)
class Step:
    """One event of a record: the position after it and what it means.

    ``game`` is a position of its own (a clone): look, do not play on it.
    """

    game: Any
    lines: tuple[str, ...]


def record_steps(record: dict[str, Any]) -> list[Step]:
    """Every event of a record (each deal, cut, trump choice, card, pass; in the whist
    family each deal, bid, pass, trump named, discard and card), in order, as a
    :class:`Step` with the position after it and what it means.

    Raises :class:`~kowhist_teach.core.errors.RecordError` or
    :class:`~kowhist_teach.core.record.ReplayError` for a bad record.

    >>> from kowhist_teach import KnockoutGame, to_record
    >>> g = KnockoutGame(3, seed=1)
    >>> for _i in range(4):
    ...     g.play(g.legal_moves()[0])
    >>> steps = record_steps(to_record(g))
    >>> len(steps), steps[0].lines[0].startswith('Round 1')
    (5, True)
    """
    final = game_from_record(record)  # checks the whole record first
    steps: list[Step] = []
    for beat in _story(final).walk(record, final):
        lines = list(beat.lines)
        if beat.move is not None:
            lines = play_and_tell(beat.game, beat.move, every_card=True) or lines
        steps.append(Step(beat.game.clone(), tuple(lines)))
    return steps


#: Story sentences whose subject is a player, and what the student reads when that
#: player is them: "You won with Q♠", not "Player 1 (you) won with Q♠" (issue 25: the
#: student is a person, not a name with "(you)" in parentheses; the name keeps its
#: "(you)" in lists and scores). Each sentence is matched in the student's language, as
#: the catalogue writes it, at the start of a sentence or after "; " (the rest of the
#: sentence, "the highest trump, and trumps were led", stays as it was).
_SAID_TO_YOU = (
    (N_("{who} won with {card}"), N_("You won with {card}")),
    (N_("{name} chose {suit} as trumps"), N_("You chose {suit} as trumps")),
    (N_("{name} passes"), N_("You pass")),
    (N_("{name} took no trick and is out"), N_("You took no trick and are out")),
    (
        N_("{name} took the most tricks ({k}), so {name} chooses trumps and leads next round"),
        N_("You took the most tricks ({k}), so you choose trumps and lead next round"),
    ),
    (
        N_("{name} took the most tricks and chooses trumps"),
        N_("You took the most tricks and choose trumps"),
    ),
    (
        N_("{name} took every trick of the round and wins the game"),
        N_("You took every trick of the round and win the game"),
    ),
    (
        N_("{name} is the last player left in and wins the game"),
        N_("Nobody else is left in: you win the game"),
    ),
    (N_("{name} wins the game"), N_("You win the game")),
)
_FIELD = re.compile(r"\{(\w+)\}")


def _pattern(theirs: str, name: str) -> re.Pattern[str]:
    """``theirs`` (a catalogue sentence) as a pattern: the seat's name where it names
    the player, any text for its other fields (a field at the end stops before the
    sentence's next mark)."""
    parts, seen, end = [], set(), 0
    for m in _FIELD.finditer(theirs):
        parts.append(re.escape(theirs[end : m.start()]))
        field = m[1]
        if field in ("name", "who"):
            parts.append(re.escape(name))
        elif field in seen:
            parts.append(f"(?P={field})")
        else:
            seen.add(field)
            parts.append(f"(?P<{field}>.+?)")
        end = m.end()
    tail = re.escape(theirs[end:])
    stop = r"(?=[\s\u202f\u00a0]*[:;,.]|$)" if end == len(theirs) else ""
    return re.compile(r"(?:^|(?<=\. )|(?<=; ))" + "".join(parts) + tail + stop)


def said_to_the_student(game: Any, seat: int | None, line: str) -> str:
    """A story line as the student at ``seat`` reads it: a sentence about what they did
    speaks to them (:data:`_SAID_TO_YOU`); any other line, or no seat, as it was.

    >>> from kowhist_teach import KnockoutGame
    >>> game = KnockoutGame(players=["Ann (you)", "Bo"], seed=1)
    >>> said_to_the_student(game, 0, "Trick 2: Bo 4♠, Ann (you) Q♠. "
    ...     "Ann (you) won with Q♠: the highest card of the suit led.")
    'Trick 2: Bo 4♠, Ann (you) Q♠. You won with Q♠: the highest card of the suit led.'
    >>> said_to_the_student(game, 0, "Round 2: 6 cards each; Ann (you) took the most "
    ...     "tricks and chooses trumps.")
    'Round 2: 6 cards each; you took the most tricks and choose trumps.'
    >>> said_to_the_student(game, 1, "Ann (you) wins the game.")
    'Ann (you) wins the game.'
    """
    if seat is None or not line:
        return line
    name = game.names[seat]
    if name not in line:
        return line
    for theirs, yours in _SAID_TO_YOU:
        pattern = _pattern(_(theirs), name)

        def told(m: re.Match[str], yours: str = yours) -> str:
            text = _(yours).format(**m.groupdict())
            starts = m.start() == 0 or m.string[: m.start()].endswith(". ")
            return text if starts else text[:1].lower() + text[1:]

        line = pattern.sub(told, line)
    return line
