"""The story of a game in sentences, and the positions of a record step by step.

Pure functions, no widgets: the table tells the student what happened since their last
move with :func:`play_and_tell`; the stepper walks through a record with
:func:`record_steps`.  Every rule and every reason comes from the engine
(:mod:`kowhist_teach.knockout`, :mod:`kowhist_teach.german`) and the teaching layer
(:mod:`kowhist_teach.explain`); this module only asks them and strings the answers
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
from dataclasses import dataclass
from typing import Any

from ..cards import Card, shuffled_deck
from ..explain import explain_moves, explain_round, explain_trick, suit_name
from ..german import GermanGame, GermanPhase
from ..i18n import _
from ..knockout import KnockoutGame, Phase, Rules
from ..moves import NO_PICTURE, PLAY_ON, RAINBOW, Call, Move, parse_move
from ..record import game_from_record

__all__ = ["Step", "play_and_tell", "settle_chance", "record_steps", "deal_text", "outcome_text"]


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def trick_line(game: Any, trick: Any, number: int) -> str:
    """One line for a finished trick: the cards in play order, then why it was won.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(2, seed=3)
    >>> g.play(g.legal_moves()[0]); g.play(g.legal_moves()[0])
    >>> trick_line(g, g.log.tricks[0], 1).startswith('Trick 1: Player 2 ')
    True
    """
    cards = ", ".join(f"{game.names[s]} {c.label}" for s, c in trick.plays)
    return _("Trick {n}: {cards}. {why}").format(
        n=number, cards=cards, why=explain_trick(game, trick)
    )


def deal_text(game: Any) -> str:
    """What a fresh deal means: the round, the cards and who sets trumps.

    >>> from kowhist_teach import KnockoutGame
    >>> deal_text(KnockoutGame(3, seed=1)).startswith('Round 1: 7 cards each')
    True
    """
    if isinstance(game, GermanGame):
        first = game.face_up[0] if game.face_up else None
        if game.trump is None:
            return _sentence(
                _("13 cards each; no trumps; the first prize is {card}").format(
                    card=first.label if first else "-"
                )
            )
        return _sentence(
            _("13 cards each; the turned-up {card} makes {suit} trumps for the whole hand").format(
                card=first.label if first else "-", suit=suit_name(game.trump)
            )
        )
    head = _("Round {r}: {h} cards each").format(r=game.round + 1, h=game.hand_size)
    if game.turn_up is not None and game.trump is not None:
        tail = _("the turn-up {card} makes {suit} trumps").format(
            card=game.turn_up.label, suit=suit_name(game.trump)
        )
    elif game.phase in (Phase.CHOOSE_TRUMP, Phase.VOTE):
        chooser = game.trump_chooser
        who = game.names[chooser] if chooser is not None else "?"
        tail = _("{name} took the most tricks and chooses trumps").format(name=who)
    elif game.trump is not None:
        tail = _("trumps stay {suit}").format(suit=suit_name(game.trump))
    else:
        tail = _("this round has no trumps")
    return _sentence(f"{head}; {tail}")


def outcome_text(game: Any) -> str:
    """Who won the game (or the hand, in German Whist); ``""`` while it goes on.

    >>> from kowhist_teach import KnockoutGame
    >>> outcome_text(KnockoutGame(3, seed=1))
    ''
    """
    out = game.outcome()
    if out is None:
        return ""
    names = game.names
    if isinstance(game, GermanGame):
        if out.winner is None:
            return _sentence(_("The hand is drawn: {a} tricks each").format(a=out.tricks_won[0]))
        return _sentence(
            _("{name} wins the hand with {k} tricks and scores {points} points").format(
                name=names[out.winner], k=game.counted_tricks[out.winner], points=out.points
            )
        )
    return _sentence(_("{name} wins the game").format(name=names[out.winner]))


def _call_text(game: Any, seat: int, phase: Any, move: Call) -> str:
    name = game.names[seat]
    if move.is_trump:
        what = suit_name(move.suit) if move.suit is not None else _("no trumps")
        if phase is Phase.VOTE:
            return _sentence(_("{name} voted for {suit}").format(name=name, suit=what))
        return _sentence(_("{name} chose {suit} as trumps").format(name=name, suit=what))
    if move.is_pass:
        return _sentence(_("{name} passed and kept their one card").format(name=name))
    if move is RAINBOW:
        return _sentence(_("{name} declared a rainbow").format(name=name))
    if move is NO_PICTURE:
        return _sentence(_("{name} declared no picture and asked for a new deal").format(name=name))
    if move is PLAY_ON:
        return ""
    return _sentence(_("{name}: {move}").format(name=name, move=move.code))


def _german_take_text(game: GermanGame, i: int, viewer: int | None) -> str:
    won, lost = game.winner_took[i], game.loser_took[i]
    if won is None or lost is None:
        return ""
    w = game.tricks[i].winner
    names = game.names
    loser = 1 - w
    if viewer is None or viewer == loser:
        lost_text = lost.label
    else:
        lost_text = _("an unseen card")
    return _sentence(
        _("{winner} took the face-up {card}; {loser} took {other} from the stock").format(
            winner=names[w], card=won.label, loser=names[loser], other=lost_text
        )
    )


def play_and_tell(
    game: Any, move: Move | str, viewer: int | None = None, every_card: bool = False
) -> list[str]:
    """Make ``move`` for the player to move and say what it led to, in sentences: a
    trump choice, vote, pass or declaration; a finished trick and why it was won; the
    cards taken from the stock (German Whist; a card taken unseen is named only to
    ``viewer``, or to everyone when ``viewer`` is ``None``); the end of a round and what
    it means; the end of the game.  ``every_card`` adds a line for every card played.

    Raises :class:`~kowhist_teach.errors.IllegalMove` (and changes nothing) if the move
    is not legal.
    """
    seat = game.to_move
    phase = game.phase
    trick = game.trick
    german = isinstance(game, GermanGame)
    rounds_before = len(game.rounds) if not german else 0
    round_before = game.round if not german else 0
    tricks_before = len(game.tricks) if german else 0
    effect = ""
    if every_card:
        # What the card does to the trick, said before it is played (the teaching
        # layer's words: "K♣ leads trumps: …", "9♠ is a discard: …").
        notes = {e.move: e.effect for e in explain_moves(game)}
        effect = notes.get(parse_move(move), "")
    game.play(move)
    played = game.moves[-1]
    lines: list[str] = []
    if isinstance(played, Call):
        text = _call_text(game, seat, phase, played)
        if text:
            lines.append(text)
    elif german and phase is GermanPhase.PICK:
        i = len(game.tricks) - 2 if game.phase is not GermanPhase.PICK else len(game.tricks) - 1
        lines.append(_german_take_text(game, max(i, 0), viewer))
    elif isinstance(played, Card):
        if every_card:
            lines.append(
                _sentence(
                    _("{name} played {card}").format(name=game.names[seat], card=played.label)
                )
            )
            if effect:
                lines.append(_sentence(effect[0].upper() + effect[1:]))
        # A German trick is over at its second card; a Knock-Out trick when the game
        # has moved on to the next one (or to the next round).
        finished = trick is not None and (
            len(trick.plays) == 2 if german else game.trick is not trick
        )
        if finished:
            if german:
                number = game.tricks.index(trick) + 1
            else:
                number = game.rounds[round_before].tricks.index(trick) + 1
            lines.append(trick_line(game, trick, number))
            if german and game.phase is not GermanPhase.PICK and len(game.tricks) > tricks_before:
                lines.append(_german_take_text(game, number - 1, viewer))
    if not german and (len(game.rounds) > rounds_before or game.is_over()):
        # The round is over: what it means (who is out, who chooses trumps, or who won
        # the game by taking every trick).
        if game.rounds[round_before].tricks_won or game.rounds[round_before].redealt:
            lines.extend(explain_round(game, round_before))
    elif german and game.is_over():
        lines.append(outcome_text(game))
    return [line for line in lines if line]


def settle_chance(game: Any, rng: random.Random) -> list[str]:
    """Deal or cut from ``rng`` whenever a game made without its own chance
    (``auto_chance=False``, as a replayed record is) waits for one; says what was dealt.

    Only public engine calls: what is pending (``chance_pending``), how many cards
    each seat gets (``cards_dealt_to``), whether the round has a turn-up
    (``is_first_round``); the engine checks the deal.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(3, auto_chance=False)
    >>> lines = settle_chance(g, random.Random(1))
    >>> g.phase.value, len(g.hand(0)), lines[0].startswith('Round 1')
    ('play', 7, True)
    """
    lines: list[str] = []
    while game.chance_pending is not None and not game.is_over():
        kind, seats = game.chance_pending
        if kind == "cut":
            game.cut(rng.choice(seats))
            continue
        deck = shuffled_deck(rng)
        if isinstance(game, GermanGame):
            from ..german import deal_deck

            game.deal(*deal_deck(deck, game.dealer))
        else:
            hands: list[list[Card]] = []
            k = 0
            for s in range(game.n):
                count = game.cards_dealt_to(s)
                hands.append(list(deck[k : k + count]))
                k += count
            game.deal(hands, deck[k] if game.is_first_round() else None)
        lines.append(deal_text(game))
    return lines


@dataclass(frozen=True)
class Step:
    """One event of a record: the position after it and what it means.

    ``game`` is a position of its own (a clone): look, do not play on it.
    """

    game: Any
    lines: tuple[str, ...]


def record_steps(record: dict[str, Any]) -> list[Step]:
    """Every event of a record (each deal, cut, trump choice, card, pass), in order,
    as a :class:`Step` with the position after it and what it means.

    Raises :class:`~kowhist_teach.errors.RecordError` or
    :class:`~kowhist_teach.record.ReplayError` for a bad record.

    >>> from kowhist_teach import KnockoutGame, to_record
    >>> g = KnockoutGame(3, seed=1)
    >>> for _i in range(4):
    ...     g.play(g.legal_moves()[0])
    >>> steps = record_steps(to_record(g))
    >>> len(steps), steps[0].lines[0].startswith('Round 1')
    (5, True)
    """
    final = game_from_record(record)  # checks the whole record first
    moves = final.moves
    if isinstance(final, GermanGame):
        from ..german import GermanRules

        fresh: Any = GermanGame(
            GermanRules.from_dict(record.get("rules")),
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
            players=record["players"],
        )
        fresh.deal(final.dealt_hands, final.dealt_stock)
        steps = [Step(fresh.clone(), (deal_text(fresh),))]
    else:
        fresh = KnockoutGame(
            record["players"],
            Rules.from_dict(record.get("rules")),
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
        )
        steps = []
    i = 0
    while not fresh.is_over():
        pending = fresh.chance_pending
        if pending is not None:
            r = fresh.round
            log = final.rounds[r] if r < len(final.rounds) else None
            if pending[0] == "deal":
                if log is None or not log.hands:
                    break  # the record stops before this deal
                fresh.deal(log.hands, log.turn_up)
                steps.append(Step(fresh.clone(), (deal_text(fresh),)))
                continue
            # A cut: for the trump chooser (before the deal) or among rainbows.
            if fresh.log.hands:
                winner = log.declare["seat"] if log is not None and log.declare else None
            else:
                winner = log.cut_winner if log is not None else None
            if winner is None:
                break
            fresh.cut(winner)
            text = _sentence(
                _("A cut among the tied players went to {name}").format(name=fresh.names[winner])
            )
            steps.append(Step(fresh.clone(), (text,)))
            continue
        if i >= len(moves):
            break
        seat = fresh.to_move
        lines = play_and_tell(fresh, moves[i], every_card=True)
        i += 1
        if not lines:  # declining to declare: say so, every step has its sentence
            lines = [_sentence(_("{name} did not declare").format(name=fresh.names[seat]))]
        steps.append(Step(fresh.clone(), tuple(lines)))
    return steps
