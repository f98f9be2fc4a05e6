"""German Whist with a dummy told to a student: why each card may or may not be played
(the dealer plays the dummy's cards too), why a trick was won, and the story of a hand
(each trick, what every hand took from the stock — the dummy's take shown, the other
players' hidden — and the end of the hand).

>>> from kowhist_teach.games.german.dummy import GermanDummyGame
>>> game = GermanDummyGame(seed=1)
>>> notes = DummyTeaching().explain_moves(game, game.to_move)
>>> len(notes), notes[0].reason.startswith('You lead')
(6, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from ...core.cards import SUIT_MASK, Card, Rank, cards_in, shuffled_deck
from ...core.hooks.story import Beat, StoryHook, Told, TrickDone, story_sentence
from ...core.hooks.teaching import MoveExplanation, Teaching, Tip, card_effect, plain_trick
from ...core.tricks import Trick
from ...core.words import sentence, suit_name, upper_first
from ...i18n import _, ngettext
from ...i18n.formats import join
from .dummy import DUMMY, GermanDummyGame
from .engine import GermanPhase

__all__ = [
    "DummyTeaching",
    "DummyStory",
    "dummy_plays_now",
    "winning_side_text",
    "hand_won_text",
]


def dummy_plays_now(game: Any, seat: int) -> bool:
    """Whether ``seat`` is to play a card from the dummy now (the dealer, at the
    dummy's turn).

    >>> g = GermanDummyGame(seed=1)
    >>> dummy_plays_now(g, g.dealer)
    False
    """
    return not game.is_over() and game.to_move == seat and game.hand_to_play == DUMMY


def _partner_winning(game: Any, hand: int) -> bool:
    """Whether the trick on the table is being won by ``hand``'s side."""
    trick = game.trick
    return bool(trick.plays) and game.side_of(trick.winner) == game.side_of(hand)


def _face_up_tip(game: Any, seat: int) -> Tip | None:
    """Phase 1: the face-up card is worth fighting for (a trump, a jack or better)."""
    if game.phase is not GermanPhase.PLAY1 or not game.face_up:
        return None
    card = game.face_up[0]
    if card.suit == game.trump or card.rank >= Rank.JACK:
        return Tip(
            "dummy_fight",
            _("The face-up {card} is worth having: your side should try to win this trick.").format(
                card=card.label
            ),
        )
    return None


def _partner_tip(game: Any, seat: int) -> Tip | None:
    """Your side is already winning the trick: keep your good cards."""
    if game.phase is GermanPhase.OVER or not _partner_winning(game, game.hand_to_play):
        return None
    return Tip(
        "dummy_partner_winning",
        _("Your side is winning this trick already: play low and keep your good cards."),
    )


def winning_side_text(game: Any) -> str:
    """Who won a finished hand: "Ann and the dummy", or the two other players.

    >>> import random
    >>> g = GermanDummyGame(seed=2)
    >>> while not g.is_over():
    ...     g.play(random.Random(1).choice(g.legal_moves()))
    >>> winning_side_text(g)
    'Player 2 and Player 3'
    """
    out = game.outcome()
    names = game.names
    if out.winning_side == 0:
        return _("{name} and the dummy").format(name=names[game.dealer])
    return _("{a} and {b}").format(a=names[out.winners[0]], b=names[out.winners[1]])


def hand_won_text(game: Any) -> str:
    """The end of a hand in one sentence: who won, with how many tricks, for how many
    points ("Ann and the dummy win the hand with 8 tricks and score 2 points")."""
    out = game.outcome()
    text = ngettext(
        "{who} win the hand with {k} tricks and score {points} point",
        "{who} win the hand with {k} tricks and score {points} points",
        out.points,
    )
    return story_sentence(
        text.format(
            who=winning_side_text(game), k=out.side_tricks[out.winning_side], points=out.points
        )
    )


class DummyTeaching(Teaching):
    """Plain whist tricks of four hands: follow suit if you can; the dealer plays the
    dummy's cards too, and the dealer's side is the dealer and the dummy."""

    detectors = (_face_up_tip, _partner_tip)

    def explain_moves(self, game: Any, seat: int) -> list[MoveExplanation]:
        """Every card of the hand ``seat`` plays now: the dummy's when the dealer plays
        the dummy, else ``seat``'s own."""
        hand = game.hand_to_play if dummy_plays_now(game, seat) else seat
        trick: Trick = game.trick
        legal = set(game.legal_moves()) if game.to_move == seat else set()
        others = 3 - len(trick.plays)
        held = game.hands[hand]
        out: list[MoveExplanation] = []
        for card in cards_in(held):
            if card in legal:
                effect = card_effect(card, trick, game.trump, others)
                why = self._why(game, hand, held)
                out.append(
                    MoveExplanation(
                        card,
                        True,
                        sentence(_("{why}; {effect}").format(why=why, effect=effect)),
                        effect,
                    )
                )
            else:
                out.append(MoveExplanation(card, False, sentence(self._why_not(game, hand, card))))
        return out

    @staticmethod
    def _why(game: Any, hand: int, held: int) -> str:
        trick: Trick = game.trick
        dummy = hand == DUMMY
        if not trick.plays:
            if dummy:
                return _(
                    "The dealer plays the dummy's cards, and the dummy leads: any card may be led"
                )
            return _("You lead this trick, so any card may be led")
        suit = suit_name(trick.led_suit)
        if held & SUIT_MASK[trick.led_suit]:
            if dummy:
                return _(
                    "The dealer plays the dummy's cards: {suit} were led and the dummy holds "
                    "some, so it must play one"
                ).format(suit=suit)
            return upper_first(
                _("{suit} were led and you hold some, so you must play one").format(suit=suit)
            )
        if dummy:
            return _(
                "The dealer plays the dummy's cards: the dummy has no {suit}, so it may play "
                "any card"
            ).format(suit=suit)
        return _("You have no {suit}, so you may play any card").format(suit=suit)

    @staticmethod
    def _why_not(game: Any, hand: int, card: Card) -> str:
        trick: Trick = game.trick
        led = trick.led_suit
        held = " ".join(c.label for c in cards_in(game.hands[hand] & SUIT_MASK[led]))
        if hand == DUMMY:
            return upper_first(
                _("{suit} were led and the dummy holds {held}: it must follow suit").format(
                    suit=suit_name(led), held=held
                )
            )
        return upper_first(
            _("{suit} were led and you hold {held}: you must follow suit").format(
                suit=suit_name(led), held=held
            )
        )

    def explain_trick(self, game: Any, trick: Trick, names: Sequence[str] | None = None) -> str:
        return plain_trick(trick, names if names is not None else game.hand_names)

    def estimate_tricks(self, game: Any, seat: int, result: Any) -> int:
        if isinstance(result, int):
            return result
        side = game.side_of(seat)
        return int(result[side]) - int(game.side_tricks[side])


class _Before(NamedTuple):
    trick: Any
    tricks: int


class DummyStory(StoryHook):
    """The story hook of German Whist with a dummy."""

    def deal_text(self, game: Any) -> str:
        first = game.face_up[0] if game.face_up else None
        return story_sentence(
            _(
                "6 cards to each player and to the dummy, face up opposite {dealer}, who "
                "plays it; the turned-up {card} makes {suit} trumps"
            ).format(
                dealer=game.names[game.dealer],
                card=first.label if first else "-",
                suit=self.suit_name(game.trump) if game.trump is not None else "-",
            )
        )

    def deal_lines(self, game: Any) -> list[str]:
        dummy = " ".join(c.label for c in game.hand(DUMMY))
        return [
            self.deal_text(game),
            story_sentence(_("The dummy's cards, face up: {cards}").format(cards=dummy)),
        ]

    def outcome_text(self, game: Any) -> str:
        return hand_won_text(game) if game.outcome() is not None else ""

    def played_text(self, game: Any, seat: int, card: Card) -> str:
        # The dealer's move at the dummy's turn is the dummy's card.
        hand = seat
        trick = next((t for t in reversed(game.tricks) if t.plays), None)
        if trick is not None and trick.plays[-1][1] == card:
            hand = trick.plays[-1][0]
        return story_sentence(
            _("{name} played {card}").format(name=game.hand_names[hand], card=card.label)
        )

    def take_text(self, game: Any, winner: int, taken: list[Card], viewer: int | None) -> str:
        """The stock cards taken after a trick of phase 1: the winner's face-up card and
        each other hand's card, named when public (the dummy's) or seen by ``viewer``."""
        names = game.hand_names
        order = game.order
        i = order.index(winner)
        parts = []
        for hand, card in zip(order[i:] + order[:i], taken, strict=True):
            seen = hand in (winner, DUMMY) or viewer is None or viewer == hand
            parts.append(
                _("{name} {card}").format(
                    name=names[hand], card=card.label if seen else _("an unseen card")
                )
            )
        return story_sentence(_("From the stock: {takes}").format(takes=join(parts)))

    def before(self, game: Any) -> _Before:
        return _Before(game.trick, len(game.tricks))

    def tell(
        self,
        game: Any,
        before: _Before,
        seat: int,
        played: Any,
        note: Any,
        viewer: int | None,
        every_card: bool,
    ) -> list[Told]:
        told: list[Told] = []
        if every_card:
            told.append(self.played_text(game, seat, played))
            if note is not None and note.effect:
                told.append(story_sentence(note.effect[0].upper() + note.effect[1:]))
        trick = before.trick
        if trick is not None and len(trick.plays) == 4:
            number = game.tricks.index(trick) + 1
            told.append(TrickDone(trick, number))
            if number <= 7:  # phase 1: every hand took a stock card
                k = number - 1
                taken = game.dealt_stock[4 * k : 4 * k + 4]
                told.append(self.take_text(game, trick.winner, taken, viewer))
        if game.is_over():
            told.append(self.outcome_text(game))
        return told

    def deal_at_random(self, game: Any, rng: random.Random) -> None:
        deck = shuffled_deck(rng)
        hands: list[list[Card]] = [[], [], [], []]
        deal_order = game.order[1:] + game.order[:1]  # from the dealer's left
        for i, card in enumerate(deck[:24]):
            hands[deal_order[i % 4]].append(card)
        game.deal(hands, deck[24:])

    def walk(self, record: dict[str, Any], final: Any) -> Iterator[Beat]:
        fresh = GermanDummyGame(
            final.rules,
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
            players=record["players"],
        )
        fresh.deal(final.dealt_hands, final.dealt_stock)
        yield Beat(fresh, None, tuple(self.deal_lines(fresh)))
        for move in final.moves:
            if fresh.is_over():
                return
            yield Beat(fresh, move)
