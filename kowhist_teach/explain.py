"""Explanations: why a move is legal or not, what it would do, why a trick was won,
what a round's end means.  Every sentence comes from the message catalogue, so it
reads in English, Spanish or French (see :func:`kowhist_teach.i18n.set_language`).

The player to move is spoken to as "you"; other players by name.

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(3, seed=2)
>>> notes = explain_moves(game)
>>> all(n.legal for n in notes) and notes[0].reason.startswith('You lead')
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import SUIT_MASK, Card, Suit, cards_in
from .i18n import _
from .moves import NO_PICTURE, PASS, PLAY_ON, RAINBOW, TRUMP_CALLS
from .tricks import Trick, beats

__all__ = [
    "MoveExplanation",
    "explain_moves",
    "explain_trick",
    "explain_round",
    "explain_position",
    "suit_name",
]


def suit_name(suit: Suit | int, plural: bool = True) -> str:
    """The suit's name in the chosen language ("spades", "picas", "piques").

    >>> suit_name(Suit.HEARTS)
    'hearts'
    """
    names = (
        (_("spades"), _("hearts"), _("diamonds"), _("clubs"))
        if plural
        else (_("spade"), _("heart"), _("diamond"), _("club"))
    )
    return names[int(suit)]


@dataclass(frozen=True)
class MoveExplanation:
    """One move of the player to move: legal or not, and why, in one sentence.

    ``effect`` is what a legal card would do now ("beats the J♠ on the table"); it is
    already part of ``reason``.
    """

    move: Any
    legal: bool
    reason: str
    effect: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The entry of ``moves`` in ``kowhist-teach explain --json``."""
        return {"move": self.move.code, "legal": self.legal, "reason": self.reason}


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# ------------------------------------------------------------- what a card does
def _effect(game: Any, seat: int, card: Card, others_to_play: int) -> str:
    """What playing ``card`` now would do to the trick on the table."""
    trick: Trick = game.trick
    trump = game.trump
    if not trick.plays:
        if trump is not None and card.suit == trump:
            return _("{card} leads trumps: the others must follow with a trump if they can").format(
                card=card.label
            )
        return _("{card} leads {suit}: the others must follow suit if they can").format(
            card=card.label, suit=suit_name(card.suit)
        )
    best = trick.winning_card
    led = trick.led_suit
    last = others_to_play == 0
    if beats(card, best, trump):
        if card.suit != best.suit:  # a trump on a trick without one yet
            if last:
                return _("{card} trumps in and wins the trick").format(card=card.label)
            return _("{card} trumps in: it wins unless someone over-trumps").format(card=card.label)
        if trump is not None and card.suit == trump and led != trump:
            if last:
                return _("{card} over-trumps the {best} and wins the trick").format(
                    card=card.label, best=best.label
                )
            return _("{card} over-trumps the {best}: it wins unless someone goes higher").format(
                card=card.label, best=best.label
            )
        if last:
            return _("{card} beats the {best} on the table and wins the trick").format(
                card=card.label, best=best.label
            )
        return _("{card} beats the {best} on the table").format(card=card.label, best=best.label)
    if card.suit != led and (trump is None or card.suit != trump):
        return _("{card} is a discard: a card of a third suit never wins").format(card=card.label)
    if trump is not None and card.suit == trump:
        return _("{card} is too low to over-trump the {best}").format(
            card=card.label, best=best.label
        )
    return _("{card} cannot beat the {best} on the table").format(card=card.label, best=best.label)


def _others_to_play(game: Any) -> int:
    if hasattr(game, "trick_order"):
        order, pos = game.trick_order()
        return len(order) - pos - 1
    return 1 - len(game.trick.plays)  # German Whist: two players


# ------------------------------------------------------------------ the moves
def explain_moves(game: Any, seat: int | None = None) -> list[MoveExplanation]:
    """Every card in the hand of the player to move, and every other move open to them,
    each legal or not with a one-sentence reason.

    Returns ``[]`` when nobody is to move (chance, or the game is over).
    """
    me = game.to_move if seat is None else seat
    if me is None or game.is_over() or me != game.to_move:
        return []
    from .german import GermanGame, GermanPhase
    from .knockout import Phase

    if isinstance(game, GermanGame):
        if game.phase is GermanPhase.PICK:
            return [
                MoveExplanation(
                    m,
                    True,
                    _sentence(
                        _("You won the trick: you may take the face-up {card}").format(card=m.label)
                    ),
                )
                for m in game.legal_moves()
            ]
        return _explain_cards(game, me, one_card=False)
    phase = game.phase
    if phase is Phase.PLAY:
        return _explain_cards(game, me, one_card=game._one_card[me])
    if phase is Phase.CHOOSE_TRUMP:
        return _explain_trump_choice(game, me)
    if phase is Phase.VOTE:
        return [
            MoveExplanation(
                m,
                True,
                _sentence(
                    _("You are out, so you vote on trumps: a vote for {suit}").format(
                        suit=suit_name(m.suit)
                    )
                ),
            )
            for m in game.legal_moves()
        ]
    if phase is Phase.DECLARE:
        return _explain_declarations(game, me)
    return []


def _explain_cards(game: Any, me: int, one_card: bool) -> list[MoveExplanation]:
    hand = game.hands[me]
    trick: Trick = game.trick
    legal = game.legal_moves()
    legal_cards = {m for m in legal if isinstance(m, Card)}
    others = _others_to_play(game)
    out: list[MoveExplanation] = []
    blind = one_card and game.status[me].name == "BLIND_DOG"
    for card in cards_in(hand):
        if card in legal_cards:
            effect = _effect(game, me, card, others)
            if one_card:
                if blind:
                    why = _("You are a blind dog: you may play your face-down card or pass")
                    effect = ""
                else:
                    why = _("As a dog you may play your one card or pass")
            elif not trick.plays:
                why = _legal_lead_reason(game, me, card)
            elif hand & SUIT_MASK[trick.led_suit]:
                why = _("{suit} were led and you hold some, so you must play one").format(
                    suit=suit_name(trick.led_suit).capitalize()
                )
            else:
                why = _("You have no {suit}, so you may play any card").format(
                    suit=suit_name(trick.led_suit)
                )
            reason = _sentence(
                _("{why}; {effect}").format(why=why, effect=effect) if effect else why
            )
            out.append(MoveExplanation(card, True, reason, effect))
        else:
            out.append(MoveExplanation(card, False, _sentence(_why_not(game, me, card))))
    for move in legal:
        if move is PASS:
            out.append(
                MoveExplanation(
                    PASS,
                    True,
                    _sentence(_("You may pass and keep your card for a trick where it can win")),
                )
            )
    return out


def _legal_lead_reason(game: Any, me: int, card: Card) -> str:
    rules = getattr(game, "rules", None)
    trump = game.trump
    if (
        getattr(rules, "trump_breaking", False)
        and trump is not None
        and card.suit == trump
        and not game._trump_broken
    ):
        return _("Trumps are not broken yet, but you hold only trumps, so you may lead one")
    return _("You lead this trick, so any card may be led")


def _why_not(game: Any, me: int, card: Card) -> str:
    trick: Trick = game.trick
    hand = game.hands[me]
    if trick.plays:
        led = trick.led_suit
        held = " ".join(c.label for c in cards_in(hand & SUIT_MASK[led]))
        return _("{suit} were led and you hold {held}: you must follow suit").format(
            suit=suit_name(led).capitalize(), held=held
        )
    return _("Trumps are not broken yet and you hold other suits: you may not lead a trump")


def _explain_trump_choice(game: Any, me: int) -> list[MoveExplanation]:
    legal = set(game.legal_moves())
    hand = game.hands[me]
    out = []
    for call in TRUMP_CALLS:
        count = (hand & SUIT_MASK[call.suit]).bit_count()
        if call in legal:
            if game._votes:
                why = _("The vote left {suit} among the tied suits, so you may choose it").format(
                    suit=suit_name(call.suit)
                )
            else:
                why = _("You took the most tricks last round, so you choose trumps")
            reason = _sentence(
                _("{why}; you hold {n} {suit}").format(why=why, n=count, suit=suit_name(call.suit))
            )
            out.append(MoveExplanation(call, True, reason))
        else:
            out.append(
                MoveExplanation(
                    call,
                    False,
                    _sentence(
                        _("The vote did not leave {suit} among the tied suits").format(
                            suit=suit_name(call.suit)
                        )
                    ),
                )
            )
    return out


def _explain_declarations(game: Any, me: int) -> list[MoveExplanation]:
    out = []
    open_calls = game.declarations_open(me)
    for call in (NO_PICTURE, RAINBOW):
        rule_on = game.rules.no_picture_redeal if call is NO_PICTURE else game.rules.rainbow
        if not rule_on:
            continue
        if call in open_calls:
            why = (
                _("Your hand has no jack, queen, king or ace: you may call for a new deal")
                if call is NO_PICTURE
                else _("You hold one card of each suit: a rainbow wins you the round at once")
            )
            out.append(MoveExplanation(call, True, _sentence(why)))
        else:
            out.append(
                MoveExplanation(call, False, _sentence(game.why_declaration_illegal(me, call)))
            )
    out.append(
        MoveExplanation(
            PLAY_ON, True, _sentence(_("You may also play the round without declaring"))
        )
    )
    return out


# ---------------------------------------------------------------- after a trick
def explain_trick(game: Any, trick: Trick, names: list[str] | None = None) -> str:
    """Why a finished trick went to its winner, in one sentence.

    ``game`` gives the players' names; pass ``names`` instead (and ``game=None``) to
    explain a trick built by hand.

    >>> from kowhist_teach.cards import Suit
    >>> from kowhist_teach import KnockoutGame
    >>> t = Trick(leader=0, trump=Suit.HEARTS)
    >>> for seat, code in [(0, 'KS'), (1, '2H'), (2, 'AS')]:
    ...     t.add(seat, Card(code))
    >>> explain_trick(KnockoutGame(3, seed=1), t)
    'Player 2 won with 2♥: the only trump, and a trump beats every other suit.'
    """
    names = names if names is not None else game.names
    card = trick.winning_card
    who = names[trick.winner]
    led = trick.led_suit
    trump = trick.trump
    trumps = [c for _s, c in trick.plays if trump is not None and c.suit == trump]
    if trump is not None and card.suit == trump and led != trump:
        if len(trumps) == 1:
            text = _("{who} won with {card}: the only trump, and a trump beats every other suit")
        else:
            text = _("{who} won with {card}: the highest of the trumps played")
    elif len(trick.plays) == 1:
        text = _("{who} won with {card}: nobody else played to the trick")
    elif trump is not None and led == trump:
        text = _("{who} won with {card}: the highest trump, and trumps were led")
    else:
        text = _("{who} won with {card}: the highest card of the suit led, and no trump was played")
    return _sentence(text.format(who=who, card=card.label, suit=suit_name(led)))


# ---------------------------------------------------------------- after a round
def explain_round(game: Any, round_index: int | None = None) -> list[str]:
    """What the end of a Knock-Out Whist round means: who is out or a dog and why, who
    came back, who chooses trumps and leads next and why — or who won the game."""
    from .knockout import Termination

    rounds = game.rounds
    if round_index is None:
        done = [i for i, r in enumerate(rounds) if r.tricks_won or r.redealt]
        if not done:
            return []
        round_index = done[-1]
    log = rounds[round_index]
    if not (log.tricks_won or log.redealt):
        return []  # not played yet
    names = game.names
    lines: list[str] = []
    if log.redealt:
        seat = log.declare["seat"]
        return [
            _sentence(
                _(
                    "{name} had no picture card and called for a new deal: same dealer, new cards"
                ).format(name=names[seat])
            )
        ]
    if log.declare and log.declare.get("call") == "rainbow":
        lines.append(
            _sentence(
                _(
                    "{name} declared a rainbow and won the round: nobody is out, and "
                    "{name} chooses trumps and leads next"
                ).format(name=names[log.declare["seat"]])
            )
        )
        return lines
    outcome = game.outcome()
    last = round_index == max(i for i, r in enumerate(rounds) if r.tricks_won or r.redealt)
    if outcome is not None and last:
        winner = names[outcome.winner]
        if outcome.termination is Termination.SWEEP:
            lines.append(
                _sentence(
                    _("{name} took every trick of the round and wins the game").format(name=winner)
                )
            )
            return lines
    for seat in log.eliminated:
        lines.append(_sentence(_("{name} took no trick and is out").format(name=names[seat])))
    for seat in log.dogs:
        if seat in log.blind_dogs:
            text = _(
                "{name} took no trick again and becomes a blind dog: one face-down card next round"
            )
        else:
            text = _(
                "{name} took no trick and becomes a dog: one card next round, to play or to "
                "pass; winning a trick with it brings them back"
            )
        lines.append(_sentence(text.format(name=names[seat])))
    for seat in range(game.n):
        if log.hands and len(log.hands[seat]) == 1 and log.hand_size > 1 and log.tricks_won[seat]:
            lines.append(
                _sentence(
                    _("{name} won a trick with their one card and is back with a full hand").format(
                        name=names[seat]
                    )
                )
            )
    nxt = rounds[round_index + 1] if round_index + 1 < len(rounds) else None
    top = max(log.tricks_won)
    tied = [s for s in range(game.n) if log.tricks_won[s] == top]
    chooser = nxt.cut_winner if nxt is not None and nxt.cut_winner is not None else None
    if chooser is None and len(tied) == 1:
        chooser = tied[0]
    if chooser is None:
        lines.append(
            _sentence(
                _(
                    "{names} tied for the most tricks ({k} each): a cut decides who chooses trumps"
                ).format(names=", ".join(names[s] for s in tied), k=top)
            )
        )
        return lines
    if len(tied) > 1:
        lines.append(
            _sentence(
                _("{names} tied for the most tricks ({k} each), and the cut went to {name}").format(
                    names=", ".join(names[s] for s in tied), k=top, name=names[chooser]
                )
            )
        )
    if game.rules.fixed_trump:
        text = _("{name} took the most tricks ({k}), so {name} leads next round; trumps stay")
    else:
        text = _("{name} took the most tricks ({k}), so {name} chooses trumps and leads next round")
    lines.append(_sentence(text.format(name=names[chooser], k=top)))
    return lines


# --------------------------------------------------------- the whole position
def explain_position(
    game: Any, analyse: bool = False, time_limit: float | None = None
) -> dict[str, Any]:
    """The object ``kowhist-teach explain --json`` prints for the player to move.

    ``time_limit`` bounds the analysis (see :func:`kowhist_teach.solver.analyse`).
    """
    from .tips import tips_for

    result: dict[str, Any] = {
        "seat": game.to_move,
        "moves": [m.to_dict() for m in explain_moves(game)],
        "tips": [t.text for t in tips_for(game)],
    }
    if analyse:
        from .solver import analyse as run_analysis

        result["analysis"] = [a.to_dict() for a in run_analysis(game, time_limit=time_limit)]
    return result
