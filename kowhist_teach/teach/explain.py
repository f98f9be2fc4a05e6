"""Explanations: why a move is legal or not, what it would do, why a trick was won,
what a round's (or a deal's) end means.  Every sentence comes from the message
catalogue, so it reads in English, Spanish or French (see
:func:`kowhist_teach.i18n.set_language`).

The player to move is spoken to as "you"; other players by name.  The whist family
(partnership whist, solo whist, bid whist) is explained too: a partner's winning card,
the bids and what each promises, misère, bid whist's jokers and downtown; and
:func:`explain_deal` sums up a finished deal.

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(3, seed=2)
>>> notes = explain_moves(game)
>>> all(n.legal for n in notes) and notes[0].reason.startswith('You lead')
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import SUIT_MASK, Card, Suit, cards_in
from ..core.moves import NO_PICTURE, PASS, PLAY_ON, RAINBOW, TRUMP_CALLS
from ..core.tricks import Trick, beats
from ..games.family.engine import FamilyGame, FamilyPhase, partners
from ..i18n import _, is_plural

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

    In the whist family: every card of the hand in trick play; in an auction every bid
    of the game, open or not (what an open bid promises, why a closed one is closed);
    the trump calls; bid whist's discards.

    Returns ``[]`` when nobody is to move (chance, or the game is over).

    >>> from kowhist_teach.games.family.solo.engine import SoloGame
    >>> notes = {n.move.code: n for n in explain_moves(SoloGame(seed=1))}
    >>> notes['cop'].legal, notes['cop'].reason
    (False, 'There is no proposal to accept.')
    """
    me = game.to_move if seat is None else seat
    if me is None or game.is_over() or me != game.to_move:
        return []
    if isinstance(game, FamilyGame):
        return _family_moves(game, me)
    from ..games.german.engine import GermanGame, GermanPhase
    from ..games.knockout.engine import Phase

    if isinstance(game, GermanGame):
        if game.phase is GermanPhase.PICK:
            return [
                MoveExplanation(
                    m,
                    True,
                    sentence(
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
                sentence(
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
            reason = sentence(
                _("{why}; {effect}").format(why=why, effect=effect) if effect else why
            )
            out.append(MoveExplanation(card, True, reason, effect))
        else:
            out.append(MoveExplanation(card, False, sentence(_why_not(game, me, card))))
    for move in legal:
        if move is PASS:
            out.append(
                MoveExplanation(
                    PASS,
                    True,
                    sentence(_("You may pass and keep your card for a trick where it can win")),
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
            held = suit_name(call.suit, plural=is_plural(count))
            reason = sentence(_("{why}; you hold {n} {suit}").format(why=why, n=count, suit=held))
            out.append(MoveExplanation(call, True, reason))
        else:
            out.append(
                MoveExplanation(
                    call,
                    False,
                    sentence(
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
            out.append(MoveExplanation(call, True, sentence(why)))
        else:
            out.append(
                MoveExplanation(call, False, sentence(game.why_declaration_illegal(me, call)))
            )
    out.append(
        MoveExplanation(PLAY_ON, True, sentence(_("You may also play the round without declaring")))
    )
    return out


# ---------------------------------------------------------------- after a trick
def explain_trick(game: Any, trick: Trick, names: list[str] | None = None) -> str:
    """Why a finished trick went to its winner, in one sentence (in the partnership
    games, also which side takes it).

    ``game`` gives the players' names; pass ``names`` instead (and ``game=None``) to
    explain a trick built by hand.  A whist-family game needs ``game``: bid whist's
    jokers and downtown are its own.

    >>> from kowhist_teach.core.cards import Suit
    >>> from kowhist_teach import KnockoutGame
    >>> t = Trick(leader=0, trump=Suit.HEARTS)
    >>> for seat, code in [(0, 'KS'), (1, '2H'), (2, 'AS')]:
    ...     t.add(seat, Card(code))
    >>> explain_trick(KnockoutGame(3, seed=1), t)
    'Player 2 won with 2♥: the only trump, and a trump beats every other suit.'
    """
    if isinstance(game, FamilyGame):
        return _family_trick(game, trick, names)
    names = names if names is not None else game.names
    card = trick.winning_card
    who = names[trick.winner]
    led = trick.led_suit
    trump = trick.trump
    trumps = [c for _s, c in trick.plays if trump is not None and c.suit == trump]
    if trump is not None and card.suit == trump and led != trump:
        text = _trumped(trumps)
    elif len(trick.plays) == 1:
        text = _("{who} won with {card}: nobody else played to the trick")
    elif trump is not None and led == trump:
        text = _("{who} won with {card}: the highest trump, and trumps were led")
    else:
        text = _("{who} won with {card}: the highest card of the suit led, and no trump was played")
    return sentence(text.format(who=who, card=card.label, suit=suit_name(led)))


def _trumped(trumps: list[Card]) -> str:
    """Why a trick went to a trump played on another suit (``{who}``, ``{card}``)."""
    if len(trumps) == 1:
        return _("{who} won with {card}: the only trump, and a trump beats every other suit")
    return _("{who} won with {card}: the highest of the trumps played")


# ---------------------------------------------------------------- after a round
def explain_round(game: Any, round_index: int | None = None) -> list[str]:
    """What the end of a Knock-Out Whist round means: who is out or a dog and why, who
    came back, who chooses trumps and leads next and why — or who won the game.

    For a whist-family game this is :func:`explain_deal` of deal ``round_index``.
    """
    if isinstance(game, FamilyGame):
        deal = game.deals[round_index] if round_index is not None else None
        return explain_deal(game, deal)
    from ..games.knockout.engine import Termination

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
            sentence(
                _(
                    "{name} had no picture card and called for a new deal: same dealer, new cards"
                ).format(name=names[seat])
            )
        ]
    if log.declare and log.declare.get("call") == "rainbow":
        lines.append(
            sentence(
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
                sentence(
                    _("{name} took every trick of the round and wins the game").format(name=winner)
                )
            )
            return lines
    for seat in log.eliminated:
        lines.append(sentence(_("{name} took no trick and is out").format(name=names[seat])))
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
        lines.append(sentence(text.format(name=names[seat])))
    for seat in range(game.n):
        if log.hands and len(log.hands[seat]) == 1 and log.hand_size > 1 and log.tricks_won[seat]:
            lines.append(
                sentence(
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
            sentence(
                _(
                    "{names} tied for the most tricks ({k} each): a cut decides who chooses trumps"
                ).format(names=", ".join(names[s] for s in tied), k=top)
            )
        )
        return lines
    if len(tied) > 1:
        lines.append(
            sentence(
                _("{names} tied for the most tricks ({k} each), and the cut went to {name}").format(
                    names=", ".join(names[s] for s in tied), k=top, name=names[chooser]
                )
            )
        )
    if game.rules.fixed_trump:
        text = _("{name} took the most tricks ({k}), so {name} leads next round; trumps stay")
    else:
        text = _("{name} took the most tricks ({k}), so {name} chooses trumps and leads next round")
    lines.append(sentence(text.format(name=names[chooser], k=top)))
    return lines


# ------------------------------------------------------------- the whist family
# Partnership whist, solo whist and bid whist (kowhist_teach.games.family.engine). Trick play is
# shared and reads the game's own ranking (``_beats``, ``_led_suit``, ``_suit_mask``),
# so bid whist's jokers and downtown need no code here; what differs is dispatched on
# the game: who plays on whose side, the auction, and how a deal is scored.


def _is_trump(game: Any, card: Card, trump: Suit | None = None) -> bool:
    """Whether ``card`` is a trump (in bid whist the jokers are trumps too)."""
    trump = game.trump if trump is None else trump
    return trump is not None and bool(game._suit_mask(trump) >> card & 1)


def _side_name(game: Any, side: int, names: list[str] | None = None) -> str:
    """The two players of a partnership, as "Ann and Cy"."""
    names = names if names is not None else game.names
    a, b = partners(side)
    return _("{a} and {b}").format(a=names[a], b=names[b])


def _allies(game: Any, seat: int) -> set[int]:
    """The seats playing on ``seat``'s side this deal, ``seat`` included: partners
    opposite, or in solo whist the declarer's side against the others."""
    if not game.by_partnership:
        side = set(game.declarer_side())
        if not side:
            return {seat}
        return side if seat in side else set(range(4)) - side
    return set(partners(seat % 2))


def _misere(game: Any, log: Any = None) -> bool:
    """Whether the deal's contract is a misère (the declarer must lose every trick)."""
    log = log if log is not None else game.log
    if game.game_name != "solo" or log is None:
        return False
    from ..games.family.solo.engine import MISERE, MISERE_OUVERTE

    return log.contract in (MISERE, MISERE_OUVERTE)


def _downtown(game: Any, log: Any = None) -> bool:
    """Whether low cards win this deal (bid whist's downtown)."""
    log = log if log is not None else game.log
    if game.game_name != "bidwhist" or log is None:
        return False
    return _bidwhist_low(game, log)


def _bidwhist_low(game: Any, log: Any) -> bool:
    return log.contract is not None and bool(game._deal_low(log))


def _family_moves(game: Any, me: int) -> list[MoveExplanation]:
    phase = game.phase
    if phase is FamilyPhase.PLAY:
        return _family_cards(game, me)
    if game.game_name == "solo":
        return _solo_calls(game, me)
    if game.game_name == "bidwhist":
        return _bidwhist_calls(game, me)
    return []


def _family_cards(game: Any, me: int) -> list[MoveExplanation]:
    hand = game.hands[me]
    trick: Trick = game.trick
    legal = set(game.legal_moves())
    led = game._led_suit(trick)
    last = len(trick.plays) == 3
    out: list[MoveExplanation] = []
    for card in game.hand(me):
        if card not in legal:
            out.append(MoveExplanation(card, False, sentence(_family_why_not(game, me, card))))
            continue
        effect = _family_effect(game, me, card, last)
        if not trick.plays:
            why = _("You lead this trick, so any card may be led")
        elif led is None:
            why = _("No suit was led, so you may play any card")
        elif hand & game._suit_mask(led):
            why = _("{suit} were led and you hold some, so you must play one").format(
                suit=suit_name(led).capitalize()
            )
        else:
            why = _("You have no {suit}, so you may play any card").format(suit=suit_name(led))
        reason = sentence(_("{why}; {effect}").format(why=why, effect=effect) if effect else why)
        out.append(MoveExplanation(card, True, reason, effect))
    return out


def _family_why_not(game: Any, me: int, card: Card) -> str:
    trick: Trick = game.trick
    led = game._led_suit(trick)
    held = game._cards_of(game.hands[me] & game._suit_mask(led)) if led is not None else []
    if not held or card.is_joker or trick.plays[0][1].is_joker:
        # The engine's own words for bid whist's jokers (a joker led, or held at no trump).
        return game.why_illegal(card)
    return _("{suit} were led and you hold {held}: you must follow suit").format(
        suit=suit_name(led).capitalize(), held=" ".join(c.label for c in held)
    )


def _family_effect(game: Any, me: int, card: Card, last: bool) -> str:
    """What playing ``card`` now would do, seen from ``me``'s side."""
    trick: Trick = game.trick
    if not trick.plays:
        return _family_lead_effect(game, card)
    best, winner = trick.winning_card, trick.winner
    wins = game._beats(card, best, trick)
    labels = {"card": card.label, "best": best.label, "name": game.names[winner]}
    if _misere(game):
        if me == game.log.declarer:
            return _misere_effect(wins, last).format(**labels)
    elif winner != me and winner in _allies(game, me):
        return _ally_effect(wins, last, named=not game.by_partnership).format(**labels)
    trump_card, best_trump = _is_trump(game, card), _is_trump(game, best)
    led = game._led_suit(trick)
    led_trump = led is not None and led == game.trump
    if wins:
        if trump_card and not best_trump:
            if last:
                return _("{card} trumps in and wins the trick").format(**labels)
            return _("{card} trumps in: it wins unless someone over-trumps").format(**labels)
        if trump_card and not led_trump:
            if last:
                return _("{card} over-trumps the {best} and wins the trick").format(**labels)
            return _("{card} over-trumps the {best}: it wins unless someone goes higher").format(
                **labels
            )
        if last:
            return _("{card} beats the {best} on the table and wins the trick").format(**labels)
        return _("{card} beats the {best} on the table").format(**labels)
    follows = led is not None and bool(game._suit_mask(led) >> card & 1)
    if not follows and not trump_card:
        if card.is_joker:
            return _("{card} cannot win: with no trumps a joker is only a discard").format(**labels)
        return _("{card} is a discard: a card of a third suit never wins").format(**labels)
    if trump_card and best_trump and not led_trump:
        if _downtown(game):  # "too low" would mislead where low trumps are the best
            return _("{card} cannot over-trump the {best}").format(**labels)
        return _("{card} is too low to over-trump the {best}").format(**labels)
    return _("{card} cannot beat the {best} on the table").format(**labels)


def _misere_effect(wins: bool, last: bool) -> str:
    """The misère declarer's view: every trick taken loses the contract."""
    if not wins:
        return _("{card} stays below the {best}: you do not take the trick, as a misère needs")
    if last:
        return _("{card} would win the trick, and a misère is lost with the first trick taken")
    return _(
        "{card} would be winning the trick: a misère is lost with the first trick taken, "
        "unless someone plays higher"
    )


def _ally_effect(wins: bool, last: bool, named: bool) -> str:
    """A card played while the winning card is a partner's (``named``: solo whist's
    partners of a deal, called by name)."""
    if wins and last:
        if named:
            return _("{card} overtakes {name}'s {best}: the trick is your side's either way")
        return _("{card} overtakes your partner's {best}: the trick is your side's either way")
    if wins:
        if named:
            return _("{card} overtakes {name}'s {best}: it wins unless someone goes higher")
        return _("{card} overtakes your partner's {best}: it wins unless someone goes higher")
    if last:
        if named:
            return _("{name}'s {best} wins the trick for your side anyway: no need to beat it")
        return _("your partner's {best} wins the trick anyway: no need to beat it")
    if named:
        return _("{name}'s {best} is winning for your side: no need to beat it")
    return _("your partner's {best} is winning: no need to beat it")


def _family_lead_effect(game: Any, card: Card) -> str:
    if _is_trump(game, card):
        text = _("{card} leads trumps: the others must follow with a trump if they can").format(
            card=card.label
        )
    elif card.is_joker:
        text = _(
            "{card} is led with no trumps: it cannot win, and the next card that is not a "
            "joker sets the suit"
        )
        text = text.format(card=card.label)
    else:
        text = _("{card} leads {suit}: the others must follow suit if they can").format(
            card=card.label, suit=suit_name(card.suit)
        )
    if _misere(game) and game.to_move == game.log.declarer:
        text = _("{text}; in a misère you want someone else to win it").format(text=text)
    if _downtown(game):
        text = _("{text} (downtown: low cards win, but the ace is highest)").format(text=text)
    return text


def _call_notes(
    game: Any, calls: Sequence[Any], describe: Callable[[Any], str]
) -> list[MoveExplanation]:
    """Every call of the phase: open ones with what they mean, the others with why not."""
    legal = set(game.legal_moves())
    out = []
    for call in calls:
        if call in legal:
            out.append(MoveExplanation(call, True, sentence(describe(call))))
        else:
            out.append(MoveExplanation(call, False, sentence(game.why_illegal(call))))
    return out


# ------------------------------------------------------------------ solo whist
def _solo_calls(game: Any, me: int) -> list[MoveExplanation]:
    from ..games.family.solo.engine import BIDS

    if game.phase is FamilyPhase.TRUMP:
        return _call_notes(game, TRUMP_CALLS, lambda call: _name_trumps(game, me, call))
    return _call_notes(game, (PASS, *BIDS), lambda call: _solo_bid(game, call))


def _name_trumps(game: Any, me: int, call: Any) -> str:
    n = sum(1 for c in game.hand(me) if c.suit == call.suit)
    return _("You won the auction, so you name trumps: {suit}; you hold {n} {held}").format(
        suit=suit_name(call.suit), n=n, held=suit_name(call.suit, plural=is_plural(n))
    )


def _solo_bid(game: Any, call: Any) -> str:
    """What a solo-whist bid promises (the stakes are the module's table)."""
    from ..games.family.solo.engine import (
        ABUNDANCE,
        COP,
        MISERE,
        MISERE_OUVERTE,
        PROP,
        ROYAL_ABUNDANCE,
        SLAM,
        SOLO,
    )

    suit = game.preferred_suit.symbol if game.preferred_suit is not None else ""
    if call is PASS:
        if game._raise_offer:
            return _("Pass: nobody accepted your proposal, so the cards are thrown in")
        return _("Pass: you bid nothing more this deal")
    if call is PROP:
        return _(
            "Proposal: you ask for a partner; together you must take at least 8 tricks "
            "with {suit} as trumps"
        ).format(suit=suit)
    if call is COP:
        standing = game.standing_bid
        return _(
            "Acceptance: you join {name}'s proposal; together you must take at least 8 "
            "tricks with {suit} as trumps"
        ).format(name=game.names[standing[0]] if standing else "", suit=suit)
    if call is SOLO:
        return _("Solo: you must take at least 5 tricks with {suit} as trumps").format(suit=suit)
    if call is MISERE:
        return _("Misère: you must lose every trick, with no trumps")
    if call is ABUNDANCE:
        return _(
            "Abundance: you must take at least 9 tricks, with trumps you name after the auction"
        )
    if call is ROYAL_ABUNDANCE:
        return _("Royal abundance: you must take at least 9 tricks with {suit} as trumps").format(
            suit=suit
        )
    if call is MISERE_OUVERTE:
        return _(
            "Misère ouverte: you must lose every trick, with no trumps, and your hand is "
            "laid open after the first trick"
        )
    if call is SLAM:
        return _("Slam: you must take all 13 tricks, with no trumps, and you lead first")
    return call.code  # pragma: no cover - every bid is listed above


# ------------------------------------------------------------------- bid whist
def _bidwhist_calls(game: Any, me: int) -> list[MoveExplanation]:
    from ..games.family.bidwhist.engine import BIDS, HIGH, LOW

    if game.phase is FamilyPhase.BID:
        return _call_notes(game, (PASS, *BIDS), lambda call: _bidwhist_bid(game, call))
    if game.phase is FamilyPhase.TRUMP:
        directions = {
            HIGH: _("High: at no trump, high cards win (A K Q … 2)"),
            LOW: _("Low: at no trump, low cards win, but the ace is highest (A 2 3 … K)"),
        }
        return _call_notes(
            game,
            (*TRUMP_CALLS, HIGH, LOW),
            lambda call: directions.get(call) or _bidwhist_trumps(game, me, call),
        )
    return _bidwhist_discards(game, me)


def _bidwhist_bid(game: Any, call: Any) -> str:
    from ..games.family.bidwhist.engine import DOWNTOWN, NOTRUMP, bid_parts

    if call is PASS:
        return _("Pass: you do not bid this deal")
    level, kind = bid_parts(call)
    if kind == NOTRUMP:
        text = _(
            "{level} no trump: your side must take at least {books} books with no trumps, "
            "the kitty book included; you then say high or low, and the score is doubled"
        )
    elif kind == DOWNTOWN:
        text = _(
            "{level} downtown: your side must take at least {books} books, the kitty book "
            "included, low cards winning (the ace still highest); you then name trumps"
        )
    else:
        text = _(
            "{level} uptown: your side must take at least {books} books, the kitty book "
            "included, high cards winning; you then name trumps"
        )
    return text.format(level=level, books=6 + level)


def _bidwhist_trumps(game: Any, me: int, call: Any) -> str:
    n = sum(1 for c in game.hand(me) if c.suit == call.suit)
    return _(
        "You won the auction, so you name trumps: {suit}; you hold {n} {held}, and the "
        "jokers are the two highest trumps"
    ).format(suit=suit_name(call.suit), n=n, held=suit_name(call.suit, plural=is_plural(n)))


def _bidwhist_discards(game: Any, me: int) -> list[MoveExplanation]:
    """The declarer's discards: every card may go; say what it is worth in play."""
    from ..games.family.bidwhist.engine import KITTY_SIZE

    left = KITTY_SIZE - len(game.discards)
    # Three sentences chosen here rather than ngettext: the catalogue's extraction knows
    # only _ and N_ (see kowhist_teach.i18n.ngettext).
    if not game.discards:
        why = _(
            "You discard {n} cards face down, one at a time: they count as your side's first book"
        )
    elif is_plural(left):
        why = _("You discard {n} more cards face down: they count as your side's first book")
    else:
        why = _("You discard {n} more card face down: it completes your side's first book")
    why = why.format(n=left)
    out = []
    for card in game.legal_moves():
        if card.is_joker and game.trump is None:
            note = _("at no trump a joker never wins a trick, so it is a natural discard")
        elif _is_trump(game, card):
            note = _(
                "{card} is a trump: better kept, as it may win a trick, but you may discard it"
            ).format(card=card.label)
        else:
            note = _("{card} goes out of play").format(card=card.label)
        out.append(
            MoveExplanation(card, True, sentence(_("{why}; {effect}").format(why=why, effect=note)))
        )
    return out


# ---------------------------------------------------------------- family tricks
def _family_trick(game: Any, trick: Trick, names: list[str] | None) -> str:
    """Why a trick of a family game went to its winner, and (partnerships) the side
    that takes it."""
    names = names if names is not None else game.names
    log = _deal_of(game, trick)
    card, seat = trick.winning_card, trick.winner
    trump = trick.trump
    led = _trick_led(trick)
    trumps = [c for _s, c in trick.plays if _is_trump(game, c, trump)]
    low = _downtown(game, log)
    if card.is_joker:
        if int(card) == 53:
            text = _("{who} won with {card}: the big joker, the highest trump of all")
        else:
            text = _("{who} won with {card}: the little joker, second only to the big joker")
    elif len(trick.plays) == 1:
        text = _("{who} won with {card}: nobody else played to the trick")
    elif trump is not None and led != trump and trumps:
        text = _trumped(trumps)
    elif trump is not None and led == trump:
        if low:
            text = _(
                "{who} won with {card}: the best trump downtown (A, then 2, 3 … K), and "
                "trumps were led"
            )
        else:
            text = _("{who} won with {card}: the highest trump, and trumps were led")
    elif low:
        text = _("{who} won with {card}: the best of the suit led downtown (A, then 2, 3 … K)")
    elif trump is None:
        text = _("{who} won with {card}: the highest card of the suit led, with no trumps")
    else:
        text = _("{who} won with {card}: the highest card of the suit led, and no trump was played")
    text = text.format(who=names[seat], card=card.label)
    if game.by_partnership:
        text = _("{text}; a trick for {side}").format(
            text=text, side=_side_name(game, seat % 2, names)
        )
    return sentence(text)


def _trick_led(trick: Trick) -> Suit | None:
    """The suit a trick was led in: a joker leads trumps (bid whist), and at no trump
    the first card that is not a joker sets the suit."""
    if not trick.plays:
        return None
    first = trick.plays[0][1]
    if first.is_joker and trick.trump is not None:
        return trick.trump
    return next((c.suit for _s, c in trick.plays if not c.is_joker), None)


def _deal_of(game: Any, trick: Trick) -> Any:
    """The deal a trick belongs to (the one in progress if it is not found)."""
    for log in reversed(game.deals):
        if any(t is trick for t in log.tricks):
            return log
    return game.log


# ---------------------------------------------------------------- after a deal
def explain_deal(game: Any, deal: Any = None) -> list[str]:
    """What the end of a deal of a whist-family game means, in a few sentences: the
    tricks by side, the contract made or lost, the notes of the score (odd tricks,
    honours …), the points, and the winner if it ended the game.

    ``deal`` is a :class:`~kowhist_teach.games.family.engine.DealLog` of ``game`` (the last deal
    scored by default); ``[]`` before any deal is scored.

    >>> import random
    >>> from kowhist_teach.games.family.whist.engine import WhistGame
    >>> game = WhistGame(seed=2)
    >>> while len(game.deals) < 2:
    ...     game.play(random.choice(game.legal_moves()))
    >>> lines = explain_deal(game)
    >>> lines[0].startswith('Tricks: ') and lines[0].endswith(' for Player 2 and Player 4.')
    True
    >>> lines[-1].startswith('Points this deal: ')
    True
    """
    if deal is None:
        scored = [d for d in game.deals if d.points is not None]
        if not scored:
            return []
        deal = scored[-1]
    if deal.points is None:
        return []
    names = game.names
    lines: list[str] = []
    played = any(t.plays for t in deal.tricks)
    if game.game_name == "solo":
        if deal.contract is not None:
            lines.append(sentence(_solo_result(game, deal)))
    elif played:
        won = deal.side_tricks
        lines.append(
            sentence(
                _("Tricks: {n} for {a}, {m} for {b}").format(
                    a=_side_name(game, 0), n=won[0], b=_side_name(game, 1), m=won[1]
                )
            )
        )
        if game.game_name == "bidwhist":
            lines.extend(_bidwhist_result(game, deal))
    lines.extend(sentence(_(note)) for note in deal.notes)
    if game.by_partnership:
        points = [
            _("{points} for {side}").format(side=_side_name(game, side), points=p)
            for side, p in enumerate(deal.points)
        ]
    else:
        points = [
            _("{points} for {side}").format(side=names[s], points=f"{p:+d}" if p else "0")
            for s, p in enumerate(deal.points)
        ]
    lines.append(sentence(_("Points this deal: {points}").format(points=", ".join(points))))
    outcome = game.outcome()
    if outcome is not None and deal is game.deals[-1]:
        if outcome.winner is None:
            lines.append(sentence(_("The game ends in a tie")))
        elif outcome.by_partnership:
            lines.append(
                sentence(_("{side} win the game").format(side=_side_name(game, outcome.winner)))
            )
        else:
            lines.append(sentence(_("{name} wins the game").format(name=names[outcome.winner])))
    return lines


def _solo_result(game: Any, deal: Any) -> str:
    from ..games.family.solo.engine import bid_name

    names = game.names
    side = game.declarer_side(deal)
    took = sum(deal.tricks_won[s] for s in side)
    target = game.tricks_needed(deal)
    if len(side) == 2:
        who = _("{a} and {b}").format(a=names[side[0]], b=names[side[1]])
    else:
        who = names[deal.declarer]
    bid = bid_name(deal.contract)
    if target == 0:
        text = _("{who} played {bid}, needing to take no trick: took {n}")
    else:
        text = _("{who} played {bid}, needing {target} tricks: took {n}")
    return text.format(who=who, bid=bid, n=took, target=target)


def _bidwhist_result(game: Any, deal: Any) -> list[str]:
    side = deal.declarer % 2
    n = game.books(side, deal)
    if is_plural(n):
        took = _("{side} took {n} books, the kitty book included")
    else:  # the kitty book alone: no trick taken in play
        took = _("{side} took {n} book, the kitty book alone")
    return [
        sentence(game.contract_text(deal)),
        sentence(took.format(side=_side_name(game, side), n=n)),
    ]


# --------------------------------------------------------- the whole position
def explain_position(
    game: Any, analyse: bool = False, time_limit: float | None = None
) -> dict[str, Any]:
    """The object ``kowhist-teach explain --json`` prints for the player to move.

    ``time_limit`` bounds the analysis (see :func:`kowhist_teach.teach.solver.analyse`).
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
