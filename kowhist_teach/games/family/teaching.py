"""The whist family's teaching hook, shared by partnership whist, solo whist and bid
whist: the cards in trick play seen from the player's side (a partner's winning card,
the misère declarer's view, bid whist's jokers and downtown), a trick and the side
that takes it, and what the end of a deal means.

Trick play reads the game's own ranking (``_beats``, ``_led_suit``, ``_suit_mask``), so
jokers and downtown need no code here; each game's hook (``whist/teaching.py``,
``solo/teaching.py``, ``bidwhist/teaching.py``) adds its auction and its contracts
through :meth:`FamilyTeaching.explain_calls`, :meth:`FamilyTeaching.deal_result`,
``misere`` and :meth:`FamilyTeaching.downtown`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core.cards import Card, Suit
from ...core.hooks.teaching import MoveExplanation, Teaching, game_end, scored_deal, trumped
from ...core.partnerships import OPPOSITE
from ...core.tricks import Trick
from ...core.words import sentence, suit_name, upper_first
from ...i18n import _
from .engine import FamilyPhase
from .seen import _teams
from .tips import FamilyTips

__all__ = ["FamilyTeaching", "is_trump", "call_notes"]


def is_trump(game: Any, card: Card, trump: Suit | None = None) -> bool:
    """Whether ``card`` is a trump (in bid whist the jokers are trumps too)."""
    trump = game.trump if trump is None else trump
    return trump is not None and bool(game._suit_mask(trump) >> card & 1)


def call_notes(
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


class FamilyTeaching(FamilyTips, Teaching):
    """The whist family told to a student; a game of the family subclasses it for its
    auction and contracts (partnership whist needs nothing more)."""

    # -------------------------------------------------- what a game adds
    def explain_calls(self, game: Any, seat: int) -> list[MoveExplanation]:
        """The moves of a phase other than trick play (bids, trumps, discards)."""
        return []

    def downtown(self, game: Any, log: Any = None) -> bool:
        """Whether low cards win this deal (bid whist's downtown); none do by default."""
        return False

    def deal_result(self, game: Any, deal: Any) -> list[str]:
        """The first sentences about a scored deal: by default the tricks by side."""
        if not any(t.plays for t in deal.tricks):
            return []
        won = deal.side_tricks
        return [
            sentence(
                _("Tricks: {n} for {a}, {m} for {b}").format(
                    a=OPPOSITE.players(0, game.names),
                    n=won[0],
                    b=OPPOSITE.players(1, game.names),
                    m=won[1],
                )
            )
        ]

    def estimate_tricks(self, game: Any, seat: int, result: Any) -> int:
        """The tricks ``seat``'s side takes from now on in a sampled deal (``result``:
        each seat's tricks at the end, as the family's search plays it out)."""
        side = _teams(game)[seat]
        return sum(int(result[s]) - int(game.tricks_won[s]) for s in side)

    # --------------------------------------------------------------- moves
    def explain_moves(self, game: Any, seat: int) -> list[MoveExplanation]:
        if game.phase is FamilyPhase.PLAY:
            return self._cards(game, seat)
        return self.explain_calls(game, seat)

    def _cards(self, game: Any, me: int) -> list[MoveExplanation]:
        hand = game.hands[me]
        trick: Trick = game.trick
        legal = set(game.legal_moves())
        led = game._led_suit(trick)
        last = len(trick.plays) == 3
        out: list[MoveExplanation] = []
        for card in game.hand(me):
            if card not in legal:
                out.append(MoveExplanation(card, False, sentence(self._why_not(game, me, card))))
                continue
            effect = self._effect(game, me, card, last)
            if not trick.plays:
                why = _("You lead this trick, so any card may be led")
            elif led is None:
                why = _("No suit was led, so you may play any card")
            elif hand & game._suit_mask(led):
                why = upper_first(
                    _("{suit} were led and you hold some, so you must play one").format(
                        suit=suit_name(led)
                    )
                )
            else:
                why = _("You have no {suit}, so you may play any card").format(suit=suit_name(led))
            reason = sentence(
                _("{why}; {effect}").format(why=why, effect=effect) if effect else why
            )
            out.append(MoveExplanation(card, True, reason, effect))
        return out

    def _why_not(self, game: Any, me: int, card: Card) -> str:
        trick: Trick = game.trick
        led = game._led_suit(trick)
        held = game._cards_of(game.hands[me] & game._suit_mask(led)) if led is not None else []
        if not held or card.is_joker or trick.plays[0][1].is_joker:
            # The engine's own words for bid whist's jokers (a joker led, or held at no trump).
            return game.why_illegal(card)
        return upper_first(
            _("{suit} were led and you hold {held}: you must follow suit").format(
                suit=suit_name(led), held=" ".join(c.label for c in held)
            )
        )

    def _effect(self, game: Any, me: int, card: Card, last: bool) -> str:
        """What playing ``card`` now would do, seen from ``me``'s side."""
        trick: Trick = game.trick
        if not trick.plays:
            return self._lead_effect(game, card)
        best, winner = trick.winning_card, trick.winner
        wins = game._beats(card, best, trick)
        labels = {"card": card.label, "best": best.label, "name": game.names[winner]}
        if self.misere(game):
            if me == game.log.declarer:
                return _misere_effect(wins, last).format(**labels)
        elif winner != me and winner in self.team(game, me):
            return _ally_effect(wins, last, named=not game.by_partnership).format(**labels)
        trump_card, best_trump = is_trump(game, card), is_trump(game, best)
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
                return _(
                    "{card} over-trumps the {best}: it wins unless someone goes higher"
                ).format(**labels)
            if last:
                return _("{card} beats the {best} on the table and wins the trick").format(**labels)
            return _("{card} beats the {best} on the table").format(**labels)
        follows = led is not None and bool(game._suit_mask(led) >> card & 1)
        if not follows and not trump_card:
            if card.is_joker:
                return _("{card} cannot win: with no trumps a joker is only a discard").format(
                    **labels
                )
            return _("{card} is a discard: a card of a third suit never wins").format(**labels)
        if trump_card and best_trump and not led_trump:
            if self.downtown(game):  # "too low" would mislead where low trumps are the best
                return _("{card} cannot over-trump the {best}").format(**labels)
            return _("{card} is too low to over-trump the {best}").format(**labels)
        return _("{card} cannot beat the {best} on the table").format(**labels)

    def _lead_effect(self, game: Any, card: Card) -> str:
        if is_trump(game, card):
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
        if self.misere(game) and game.to_move == game.log.declarer:
            text = _("{text}; in a misère you want someone else to win it").format(text=text)
        if self.downtown(game):
            text = _("{text} (downtown: low cards win, but the ace is highest)").format(text=text)
        return text

    # -------------------------------------------------------------- a trick
    def explain_trick(self, game: Any, trick: Trick, names: Sequence[str] | None = None) -> str:
        """Why a trick went to its winner, and (partnerships) the side that takes it."""
        names = names if names is not None else game.names
        log = _deal_of(game, trick)
        card, seat = trick.winning_card, trick.winner
        trump = trick.trump
        led = _trick_led(trick)
        trumps = [c for _s, c in trick.plays if is_trump(game, c, trump)]
        low = self.downtown(game, log)
        if card.is_joker:
            if int(card) == 53:
                text = _("{who} won with {card}, the highest trump of all")
            else:
                text = _("{who} won with {card}, second only to the big joker")
        elif len(trick.plays) == 1:
            text = _("{who} won with {card}: nobody else played to the trick")
        elif trump is not None and led != trump and trumps:
            text = trumped(trumps)
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
            text = _(
                "{who} won with {card}: the highest card of the suit led, and no trump was played"
            )
        text = text.format(who=names[seat], card=card.label)
        if game.by_partnership:
            text = _("{text}; a trick for {side}").format(
                text=text, side=OPPOSITE.players(OPPOSITE.side_of(seat), names)
            )
        return sentence(text)

    # ------------------------------------------------------------ a deal
    def explain_round(self, game: Any, round_index: int | None = None) -> list[str]:
        """A deal is the family's round: :meth:`explain_deal` of deal ``round_index``."""
        deal = game.deals[round_index] if round_index is not None else None
        return self.explain_deal(game, deal)

    def explain_deal(self, game: Any, deal: Any = None) -> list[str]:
        """The tricks by side or the contract made or lost, the notes of the score (odd
        tricks, honours …), the points, and the winner if it ended the game."""
        deal = scored_deal(game, deal)
        if deal is None:
            return []
        names = game.names
        lines = self.deal_result(game, deal)
        lines.extend(sentence(_(note)) for note in deal.notes)
        if game.by_partnership:
            points = [
                _("{points} for {side}").format(side=OPPOSITE.players(side, names), points=p)
                for side, p in enumerate(deal.points)
            ]
        else:
            points = [
                _("{points} for {side}").format(side=names[s], points=f"{p:+d}" if p else "0")
                for s, p in enumerate(deal.points)
            ]
        lines.append(sentence(_("Points this deal: {points}").format(points=", ".join(points))))
        lines.extend(game_end(game, deal, lambda side: OPPOSITE.players(side, names)))
        return lines
