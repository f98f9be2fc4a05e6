"""The story of a game in sentences, and the positions of a record step by step.

Pure functions, no widgets: the table tells the student what happened since their last
move with :func:`play_and_tell`; the stepper walks through a record with
:func:`record_steps` (Knock-Out Whist, German Whist and the whist family: partnership
whist, solo whist, bid whist).  Every rule and every reason comes from the engine
(:mod:`kowhist_teach.games.knockout.engine`, :mod:`kowhist_teach.games.german.engine`,
:mod:`kowhist_teach.games.family.engine`) and the teaching layer
(:mod:`kowhist_teach.teach.explain`);
this module only asks them and strings the answers together.

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

from ..core.cards import Card, shuffled_deck
from ..core.moves import NO_PICTURE, PLAY_ON, RAINBOW, Call, Move, parse_move
from ..core.record import game_from_record
from ..games.family.engine import FamilyGame, FamilyPhase, partners
from ..games.german.engine import GermanGame, GermanPhase
from ..games.knockout.engine import KnockoutGame, Phase, Rules
from ..i18n import _
from .explain import explain_deal, explain_moves, explain_round, explain_trick, suit_name

__all__ = [
    "Step",
    "play_and_tell",
    "settle_chance",
    "record_steps",
    "deal_text",
    "outcome_text",
    "family_deal_lines",
    "family_deal_end",
]


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
    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> deal_text(WhistGame(seed=1)).startswith('Deal 1: Player 1 deals; the turned-up card is ')
    True
    """
    if isinstance(game, FamilyGame):
        return _family_deal_text(game)
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
    if isinstance(game, FamilyGame):
        if out.winner is None:
            return _sentence(_("The game ends in a tie"))
        if out.by_partnership:
            a, b = partners(out.winner)
            side = _("{a} and {b}").format(a=names[a], b=names[b])
            return _sentence(_("{side} win the game").format(side=side))
        return _sentence(_("{name} wins the game").format(name=names[out.winner]))
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

    In the whist family (partnership whist, solo whist, bid whist): a bid, pass or trump
    named, with what it means to its maker; bid whist's kitty taken and each discard; the
    contract once play begins; each card (``every_card``) and each finished trick; the
    end of a deal with its score.  Every hand and the kitty are named: this is the
    omniscient story, for the stepper.

    Raises :class:`~kowhist_teach.core.errors.IllegalMove` (and changes nothing) if the move
    is not legal.
    """
    if isinstance(game, FamilyGame):
        return _family_play_and_tell(game, move, every_card)
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


# ------------------------------------------------------------------ the whist family
def _for(name: str, text: str) -> str:
    """The teaching layer's words to the player who moved ("you"), quoted to them by name."""
    text = _sentence(text)
    return _("To {name}: “{text}”").format(name=name, text=text[:1].upper() + text[1:])


def _family_deal_text(game: FamilyGame) -> str:
    """A fresh deal: its dealer, the turned-up card and trumps when they are known."""
    log = game.log
    if log is None:
        return ""
    text = _("Deal {n}: {name} deals").format(n=log.number, name=game.names[log.dealer])
    card = log.extra.get("trump_card")
    if card is not None:
        text += "; " + _("the turned-up card is {card}").format(card=card.label)
    if game.phase is FamilyPhase.PLAY:
        if game.trump is not None:
            text += "; " + _("trumps: {suit}").format(suit=suit_name(game.trump))
        else:
            text += "; " + _("no trumps")
    return _sentence(text)


def _family_turn(game: FamilyGame) -> str:
    """Who speaks or leads first in a fresh deal."""
    if game.to_move is None:
        return ""
    name = game.names[game.to_move]
    if game.phase is FamilyPhase.BID:
        return _sentence(_("{name} to bid").format(name=name))
    return _sentence(_("{name} to play").format(name=name))


def family_deal_lines(game: FamilyGame) -> list[str]:
    """What a fresh deal of the whist family means: the deal, bid whist's kitty (face
    down for now) and who is first to bid or lead.

    >>> from kowhist_teach.games.family.solo.engine import SoloGame
    >>> family_deal_lines(SoloGame(seed=1))[-1]
    'Player 2 to bid.'
    """
    lines = [_family_deal_text(game)]
    log = game.log
    kitty = log.extra.get("kitty") if log is not None else None
    if kitty is not None:
        lines.append(_sentence(_("Kitty: {n} cards").format(n=len(kitty))))
    lines.append(_family_turn(game))
    return [line for line in lines if line]


def _family_call_text(name: str, phase: FamilyPhase, move: Any) -> str:
    from ..widgets.family import call_label  # the table's words for a call (lazy: no import cycle)

    if getattr(move, "is_pass", False):
        return _sentence(_("{name} passes").format(name=name))
    if getattr(move, "is_trump", False) and phase is FamilyPhase.TRUMP:
        return _sentence(_("{name} names {what}").format(name=name, what=call_label(move)))
    return _sentence(_("{name} calls {what}").format(name=name, what=call_label(move)))


def _kitty(game: FamilyGame, seat: int) -> list[Card] | None:
    """Bid whist: the kitty as ``seat`` sees it now (``None`` while it is face down)."""
    return getattr(game.view(seat), "kitty", None)


def _family_play_and_tell(game: FamilyGame, move: Move | str, every_card: bool) -> list[str]:
    seat: int = game.to_move  # type: ignore[assignment]
    if seat is None:
        game.play(move)  # nobody may move now: the engine raises and says why
        return []
    phase = game.phase
    log = game.log
    assert log is not None
    trick = game.trick
    scored = log.points is not None
    had_kitty = _kitty(game, seat) is not None
    notes = {e.move: e for e in explain_moves(game)}  # before the move, to its maker
    game.play(move)
    played = game.moves[-1]
    note = notes.get(played)
    name = game.names[seat]
    lines: list[str] = []
    if phase is FamilyPhase.PLAY:
        if every_card:
            lines.append(_sentence(_("{name} played {card}").format(name=name, card=played.label)))
            if note is not None and note.effect:
                lines.append(_for(name, note.effect))
        if trick is not None and len(trick.plays) == len(game.names):
            number = next(i for i, t in enumerate(log.tricks) if t is trick) + 1
            lines.append(trick_line(game, trick, number))
    else:
        if phase is FamilyPhase.DISCARD:
            lines.append(
                _sentence(
                    _("{name} discarded {card} face down").format(name=name, card=played.label)
                )
            )
        else:
            lines.append(_family_call_text(name, phase, played))
        if note is not None and note.reason:
            lines.append(_for(name, note.reason))
        kitty = _kitty(game, seat) if game.log is log else None
        if kitty is not None and not had_kitty:
            shown = any(_kitty(game, s) is not None for s in range(len(game.names)) if s != seat)
            text = (
                _("{name} takes the kitty, shown to everybody: {cards}")
                if shown
                else _("{name} takes the kitty without showing it: {cards}")
            )
            lines.append(_sentence(text.format(name=name, cards=" ".join(c.label for c in kitty))))
        if game.log is log and game.phase is FamilyPhase.PLAY:
            # The auction (and bid whist's discards) is over: the contract, and who leads.
            words = getattr(game, "contract_text", None)
            if callable(words) and words(log):
                lines.append(_sentence(words(log)))
            lines.append(_family_turn(game))
    if not scored and log.points is not None:
        lines.extend(family_deal_end(game, log))
    return [line for line in lines if line]


def family_deal_end(game: FamilyGame, log: Any) -> list[str]:
    """What a finished deal came to: the teaching layer's summary (tricks, contract,
    notes, points, and the winner if the game is over), then the running scores.

    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> g = WhistGame(seed=4)
    >>> while len(g.deals) < 2:
    ...     g.play(g.legal_moves()[0])
    >>> lines = family_deal_end(g, g.deals[0])
    >>> lines[0], lines[-1].startswith('Scores: Player 1 and Player 3 ')
    ('Deal 1 is over.', True)
    """
    names = game.names
    if game.by_partnership:
        owners = [_("{a} and {b}").format(a=names[a], b=names[b]) for a, b in map(partners, (0, 1))]
    else:
        owners = list(names)
    scores = ", ".join(f"{o} {p}" for o, p in zip(owners, game.scores, strict=True))
    text = _("Scores: {list}").format(list=scores)
    points = getattr(game, "points", None)
    if game.game_name == "whist" and isinstance(points, list) and not game.rules.drive:
        # Classic whist: the scores are game points; the points of the game go on.
        text += "; " + _("this game: {a}–{b}").format(a=points[0], b=points[1])
    head = _sentence(_("Deal {n} is over").format(n=log.number))
    return [head, *explain_deal(game, log), _sentence(text)]


def _family_steps(record: dict[str, Any], final: FamilyGame) -> list[Step]:
    """Every event of a family record: each deal, call, discard and card."""
    from ..games.family.record import DEAL_EXTRA_KEYS

    fresh: Any = type(final)(
        final.rules,
        first_dealer=final.first_dealer,
        auto_chance=False,
        players=final.players,
    )
    steps: list[Step] = []
    for deal in record.get("deals", []):
        if fresh.chance_pending != "deal":
            break
        extra = {key: deal[key] for key in DEAL_EXTRA_KEYS[fresh.game_name] if key in deal}
        fresh.deal(deal["hands"], **extra)
        steps.append(Step(fresh.clone(), tuple(family_deal_lines(fresh))))
        for code in deal.get("actions", []):
            lines = play_and_tell(fresh, code, every_card=True)
            steps.append(Step(fresh.clone(), tuple(lines)))
    return steps


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
            from ..games.german.engine import deal_deck

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
    if isinstance(final, FamilyGame):
        return _family_steps(record, final)
    moves = final.moves
    if isinstance(final, GermanGame):
        from ..games.german.engine import GermanRules

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
