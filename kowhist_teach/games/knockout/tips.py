"""Knock-Out Whist's strategy tips (RULES.md §2 end), as detectors for its teaching
hook: each looks at the position of the player to move and returns its tip where the
advice applies (see :class:`kowhist_teach.core.hooks.teaching.Teaching`).

>>> [d.__name__ for d in DETECTORS][:2]
['safe_save_high', 'one_trick_enough']
"""

from __future__ import annotations

from typing import Any

from ...core.cards import SUIT_MASK, Card, Rank
from ...core.hooks.teaching import Detector, Tip, live_trumps
from ...core.tricks import beats
from ...core.words import suit_name
from ...i18n import _, is_plural, ngettext
from ...i18n.formats import join
from .engine import Phase, Status

__all__ = ["DETECTORS", "MISERE_DETECTORS"]


def _playing(game: Any, seat: int) -> bool:
    """Trick play with a full hand (not a dog's one card)."""
    return game.phase is Phase.PLAY and not game._one_card[seat]


def _holds_top_trump(game: Any, seat: int) -> bool:
    live = live_trumps(game.trump, game.log.tricks)
    if game.trick is not None:
        for _s, c in game.trick.plays:
            live &= ~(1 << c)
    return bool(live) and bool(game.hands[seat] >> (live.bit_length() - 1) & 1)


def safe_save_high(game: Any, seat: int) -> Tip | None:
    """A trick won: the player is safe this round, so high cards can wait."""
    if not _playing(game, seat) or game.tricks_won[seat] == 0:
        return None
    tricks_left = game.hand_size - game.tricks_done
    if tricks_left < 1:
        return None
    return Tip(
        "safe_save_high",
        _("You have already won a trick this round: you are safe, so save your high cards."),
    )


def one_trick_enough(game: Any, seat: int) -> Tip | None:
    """No trick yet, high cards and tricks to come: one trick is all it takes."""
    if not _playing(game, seat) or game.tricks_won[seat] > 0:
        return None
    tricks_left = game.hand_size - game.tricks_done
    high = [c for c in game.hand(seat) if c.rank >= Rank.KING]
    if tricks_left < 3 or not high:
        return None
    return Tip(
        "one_trick_enough",
        _(
            "One trick is enough to survive: don't spend your high cards early, "
            "keep them for a trick you can be sure of."
        ),
    )


def keep_top_trump(game: Any, seat: int) -> Tip | None:
    """No trick yet and the top trump still out is in hand: keep it."""
    if not _playing(game, seat) or game.tricks_won[seat] > 0:
        return None
    tricks_left = game.hand_size - game.tricks_done
    if tricks_left < 2 or not _holds_top_trump(game, seat):
        return None
    return Tip(
        "keep_top_trump",
        _(
            "You hold the highest trump still out: keep it as insurance for the last "
            "trick you need."
        ),
    )


def ace_of_trumps_two_cards(game: Any, seat: int) -> Tip | None:
    """The ace of trumps in the 2-card round is a sure trick."""
    if not _playing(game, seat) or game.hand_size != 2 or game.trump is None:
        return None
    ace = Card.of(Rank.ACE, game.trump)
    if not game.hands[seat] >> ace & 1:
        return None
    return Tip(
        "ace_of_trumps_two",
        _("In the 2-card round the ace of trumps is a sure trick: you will survive."),
    )


def choose_longest_suit(game: Any, seat: int) -> Tip | None:
    """The trump chooser (with no vote) should pick their longest suit."""
    if game.phase is not Phase.CHOOSE_TRUMP or game._votes:
        return None
    hand = game.hands[seat]
    counts = [(hand & m).bit_count() for m in SUIT_MASK]
    longest = [s for s in range(4) if counts[s] == max(counts)]
    if len(longest) > 1:
        # A tie: every one of them is the tip's answer (the quiz accepts each), so name
        # them all rather than pick one the student cannot tell apart.
        return Tip(
            "choose_longest_suit",
            ngettext(
                "As trump chooser pick your longest suit: you hold {n} card of each of "
                "{suits}, so any of them will do.",
                "As trump chooser pick your longest suit: you hold {n} cards of each of "
                "{suits}, so any of them will do.",
                counts[longest[0]],
            ).format(n=counts[longest[0]], suits=join(suit_name(s) for s in longest)),
        )
    best = longest[0]
    return Tip(
        "choose_longest_suit",
        ngettext(
            "As trump chooser pick your longest suit: you hold {n} {suit}.",
            "As trump chooser pick your longest suit: you hold {n} {suit}.",
            counts[best],
        ).format(n=counts[best], suit=suit_name(best, plural=is_plural(counts[best]))),
    )


def dog_play_where_it_wins(game: Any, seat: int) -> Tip | None:
    """A dog (not blind) plays its one card where it wins, and passes elsewhere."""
    if game.phase is not Phase.PLAY:
        return None
    if not game._one_card[seat] or game.status[seat] is Status.BLIND_DOG:
        return None
    trick = game.trick
    card = game.hand(seat)[0]
    if not trick.plays:
        return None
    if not beats(card, trick.winning_card, game.trump):
        return Tip(
            "dog_wait",
            _("Your one card cannot win this trick: pass and keep it for a trick where it can."),
        )
    if game.trump is not None and card.suit == game.trump and trick.led_suit != game.trump:
        text = _(
            "As a dog, play your card where it can win: your trump beats this trick, "
            "whose suit you lack."
        )
    else:
        text = _("As a dog, play your card where it can win: it beats every card on the table.")
    return Tip("dog_play_to_win", text)


#: Knock-Out Whist's detectors, in the order their tips are shown.
DETECTORS: tuple[Detector, ...] = (
    safe_save_high,
    one_trick_enough,
    keep_top_trump,
    ace_of_trumps_two_cards,
    choose_longest_suit,
    dog_play_where_it_wins,
)


# --------------------------------------------------------------------------- misère
# Misère reverses the aim (two tricks in a round knock you out, the fewest tricks
# chooses trumps), so it reverses most of the tips above: saving high cards, keeping the
# top trump, and choosing the longest suit are exactly wrong there. These say so.


def misere_reversed(game: Any, seat: int) -> Tip | None:
    """Misère, no trick yet, high cards in hand: the usual advice is turned round."""
    if not _playing(game, seat) or game.tricks_won[seat] > 0:
        return None
    tricks_left = game.hand_size - game.tricks_done
    high = [c for c in game.hand(seat) if c.rank >= Rank.KING]
    if tricks_left < 2 or not high:
        return None
    return Tip(
        "misere_reversed",
        _(
            "Misère turns the usual tips round: two tricks in a round knock you out, so get "
            "rid of your high cards while someone else is winning the trick, and keep your "
            "low cards to play under theirs."
        ),
    )


def misere_one_taken(game: Any, seat: int) -> Tip | None:
    """Misère with one trick taken: one more knocks the player out."""
    if not _playing(game, seat) or game.tricks_won[seat] != 1:
        return None
    if game.hand_size - game.tricks_done < 1:
        return None
    return Tip(
        "misere_one_taken",
        _(
            "You have taken a trick: one more knocks you out, so play under the card "
            "winning the trick whenever you can."
        ),
    )


def misere_choose_shortest(game: Any, seat: int) -> Tip | None:
    """The misère trump chooser should pick their shortest suit."""
    if game.phase is not Phase.CHOOSE_TRUMP or game._votes:
        return None
    hand = game.hands[seat]
    counts = [(hand & m).bit_count() for m in SUIT_MASK]
    best = min(range(4), key=lambda s: (counts[s], (hand & SUIT_MASK[s]).bit_length()))
    return Tip(
        "misere_choose_shortest",
        _(
            "In misère pick as trumps the suit you hold least of: every trump you hold may "
            "win a trick you do not want. You hold {n} {suit}."
        ).format(n=counts[best], suit=suit_name(best, plural=is_plural(counts[best]))),
    )


#: The detectors of misère Knock-Out Whist (``Rules(misere=True)``), in their order.
MISERE_DETECTORS: tuple[Detector, ...] = (
    misere_reversed,
    misere_one_taken,
    misere_choose_shortest,
)
