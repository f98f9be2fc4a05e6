"""Strategy tips as detectors: each looks at a position and fires where its advice
applies, with a short text in the chosen language.

The tips are the seeds' own (RULES.md §2 end; seed 003 for German Whist).  A tip
speaks to the player to move and only uses what that player may see.

>>> from kowhist_teach import KnockoutGame
>>> [t.key for t in tips_for(KnockoutGame(4, seed=3))]  # doctest: +SKIP
['one_trick_enough']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.cards import SUIT_MASK, Card, Rank
from ..core.tricks import beats
from ..games.family.engine import SEATS, FamilyGame, FamilyPhase
from ..games.family.solo.engine import MISERE, MISERE_OUVERTE
from ..games.german.engine import GermanGame
from ..games.knockout.engine import KnockoutGame, Phase, Status
from ..i18n import _
from .explain import suit_name

__all__ = ["Tip", "tips_for", "DETECTORS"]


@dataclass(frozen=True)
class Tip:
    """A piece of advice that applies now: a stable ``key`` and the ``text``."""

    key: str
    text: str


def _live_trumps(game: Any) -> int:
    """Trumps not yet played this round (in any hand, or still undealt)."""
    trump = game.trump
    if trump is None:
        return 0
    played = 0
    for trick in _tricks_this_round(game):
        for _s, c in trick.plays:
            played |= 1 << c
    return SUIT_MASK[trump] & ~played


def _tricks_this_round(game: Any) -> list[Any]:
    if hasattr(game, "log"):
        return game.log.tricks
    return game.tricks


def _holds_top_trump(game: Any, seat: int) -> bool:
    live = _live_trumps(game)
    if game.trick is not None:
        for _s, c in game.trick.plays:
            live &= ~(1 << c)
    return bool(live) and bool(game.hands[seat] >> (live.bit_length() - 1) & 1)


# ----------------------------------------------------------- Knock-Out Whist
def _ko_playing(game: Any, seat: int) -> bool:
    return isinstance(game, KnockoutGame) and game.phase is Phase.PLAY and not game._one_card[seat]


def _safe_save_high(game: Any, seat: int) -> Tip | None:
    if not _ko_playing(game, seat) or game.tricks_won[seat] == 0:
        return None
    tricks_left = game.hand_size - game.tricks_done
    if tricks_left < 1:
        return None
    return Tip(
        "safe_save_high",
        _("You have already won a trick this round: you are safe, so save your high cards."),
    )


def _one_trick_enough(game: Any, seat: int) -> Tip | None:
    if not _ko_playing(game, seat) or game.tricks_won[seat] > 0:
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


def _keep_top_trump(game: Any, seat: int) -> Tip | None:
    if not _ko_playing(game, seat) or game.tricks_won[seat] > 0:
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


def _ace_of_trumps_two_cards(game: Any, seat: int) -> Tip | None:
    if not _ko_playing(game, seat) or game.hand_size != 2 or game.trump is None:
        return None
    ace = Card.of(Rank.ACE, game.trump)
    if not game.hands[seat] >> ace & 1:
        return None
    return Tip(
        "ace_of_trumps_two",
        _("In the 2-card round the ace of trumps is a sure trick: you will survive."),
    )


def _choose_longest_suit(game: Any, seat: int) -> Tip | None:
    if not isinstance(game, KnockoutGame) or game.phase is not Phase.CHOOSE_TRUMP:
        return None
    if game._votes:
        return None
    hand = game.hands[seat]
    counts = [(hand & m).bit_count() for m in SUIT_MASK]
    best = max(range(4), key=lambda s: (counts[s], (hand & SUIT_MASK[s]).bit_length()))
    return Tip(
        "choose_longest_suit",
        _("As trump chooser pick your longest suit: you hold {n} {suit}.").format(
            n=counts[best], suit=suit_name(best)
        ),
    )


def _dog_play_where_it_wins(game: Any, seat: int) -> Tip | None:
    if not isinstance(game, KnockoutGame) or game.phase is not Phase.PLAY:
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


# --------------------------------------------------------------- German Whist
def _german_phase(game: Any, phase_name: str) -> bool:
    return isinstance(game, GermanGame) and game.phase.name == phase_name


def _german_face_up(game: Any, seat: int) -> Tip | None:
    if not _german_phase(game, "PLAY1") or not game.face_up:
        return None
    card = game.face_up[0]
    trump = game.trump
    if (trump is not None and card.suit == trump) or card.rank >= Rank.JACK:
        return Tip(
            "german_fight",
            _("The face-up {card} is worth having: try to win this trick to take it.").format(
                card=card.label
            ),
        )
    if card.rank <= Rank.SEVEN:
        return Tip(
            "german_lose_on_purpose",
            _(
                "The face-up {card} is weak: losing this trick on purpose gets you the unseen "
                "card instead, which may well be better."
            ).format(card=card.label),
        )
    return None


def _german_count_trumps(game: Any, seat: int) -> Tip | None:
    if not _german_phase(game, "PLAY2") or game.trump is None:
        return None
    out = _live_trumps(game) & ~game.hands[seat]
    if game.trick is not None:
        for _s, c in game.trick.plays:
            out &= ~(1 << c)
    k = out.bit_count()
    if k == 0:
        return Tip(
            "german_trumps_gone",
            _("Your opponent has no trumps left: your long suit now rules the play."),
        )
    return Tip(
        "german_count_trumps",
        _("Only 13 trumps exist: your opponent still holds {k} of them.").format(k=k),
    )


def _german_lead_long_suit(game: Any, seat: int) -> Tip | None:
    if not _german_phase(game, "PLAY2") or game.trick.plays:
        return None
    hand = game.hands[seat]
    if max((hand & m).bit_count() for m in SUIT_MASK) < 4:
        return None
    return Tip(
        "german_lead_long_suit",
        _(
            "In phase 2 lead your long suit to draw your opponent's trumps, and keep your "
            "top trumps for the last tricks."
        ),
    )


# ------------------------------------------------- the whist family (whist, solo, bid whist)
def _family_playing(game: Any) -> bool:
    return (
        isinstance(game, FamilyGame) and game.phase is FamilyPhase.PLAY and game.trick is not None
    )


def _family_team(game: Any, seat: int) -> set[int]:
    """The seats playing together with ``seat`` (``seat`` included): the partners in
    whist and bid whist; in solo whist the declarer's side, or everybody against it."""
    if game.by_partnership:
        return {seat, (seat + 2) % SEATS}
    side = set(game.declarer_side())
    if not side:
        return {seat}
    return side if seat in side else set(range(SEATS)) - side


def _family_misere(game: Any) -> bool:
    contract = game.log.contract if game.log is not None else None
    return contract is MISERE or contract is MISERE_OUVERTE


def _family_winning_play(game: Any, seat: int) -> tuple[list[Card], list[Card]] | None:
    """In a trick already led, not a misère: the legal cards of ``seat`` that would win it
    now and those that would not (``None`` when the tips about winning do not apply)."""
    trick = game.trick
    if not trick.plays or _family_misere(game):
        return None
    best = trick.winning_card
    legal = game._cards_of(game._card_mask(seat))
    winners = [c for c in legal if game._beats(c, best, trick)]
    return winners, [c for c in legal if c not in winners]


def _still_to_play(game: Any, seat: int) -> list[int]:
    """The seats that play to the trick after ``seat``."""
    return [(seat + i) % SEATS for i in range(1, SEATS - len(game.trick.plays))]


def _family_second_hand_low(game: Any, seat: int) -> Tip | None:
    if not _family_playing(game) or len(game.trick.plays) != 1:
        return None
    split = _family_winning_play(game, seat)
    team = _family_team(game, seat)
    if split is None or not all(split) or game.trick.leader in team:
        return None
    if not team & set(_still_to_play(game, seat)):
        return None
    return Tip(
        "family_second_hand_low",
        _(
            "Second hand low: your partner still plays after you, so you need not spend "
            "a winning card on this trick."
        ),
    )


def _family_third_hand_high(game: Any, seat: int) -> Tip | None:
    if not _family_playing(game) or len(game.trick.plays) != 2:
        return None
    split = _family_winning_play(game, seat)
    team = _family_team(game, seat)
    trick = game.trick
    if split is None or not split[0] or trick.leader not in team or trick.winner in team:
        return None
    # The cheapest winner: the one no other winning card would lose to.
    cheapest = next(
        c for c in split[0] if not any(game._beats(c, d, trick) for d in split[0] if d != c)
    )
    return Tip(
        "family_third_hand_high",
        _(
            "Third hand high: your partner led and an opponent is winning, so play your "
            "cheapest card that beats the {card}, the {mine}."
        ).format(card=trick.winning_card.label, mine=cheapest.label),
    )


def _family_partner_winning(game: Any, seat: int) -> Tip | None:
    if not _family_playing(game):
        return None
    split = _family_winning_play(game, seat)
    team = _family_team(game, seat)
    if split is None or not split[0] or game.trick.winner not in team:
        return None
    if any(s not in team for s in _still_to_play(game, seat)):
        return None
    return Tip(
        "family_partner_winning",
        _(
            "Your partner is winning this trick and no opponent plays after you: there is "
            "no need to overtake."
        ),
    )


def _family_draw_trumps(game: Any, seat: int) -> Tip | None:
    if not _family_playing(game) or game.trick.plays or game.trump is None:
        return None
    log = game.log
    if log.declarer is not None and log.declarer not in _family_team(game, seat):
        return None
    trumps = game._suit_mask(game.trump)
    mine = game.hands[seat] & trumps
    if mine.bit_count() < 5:
        return None
    seen = mine
    for trick in log.tricks:
        for _s, c in trick.plays:
            seen |= 1 << c
    if seat == log.declarer:
        for c in getattr(game, "discards", ()):
            seen |= 1 << c
    if not trumps & ~seen:
        return None
    return Tip(
        "family_draw_trumps",
        _(
            "You hold {n} trumps: leading trumps draws the opponents' trumps, and then "
            "your long suits are safe."
        ).format(n=mine.bit_count()),
    )


def _family_misere_shed_high(game: Any, seat: int) -> Tip | None:
    if not _family_playing(game) or not _family_misere(game) or seat != game.log.declarer:
        return None
    trick = game.trick
    if not trick.plays:
        return None
    legal = game._cards_of(game._card_mask(seat))
    losers = [c for c in legal if not game._beats(c, trick.winning_card, trick)]
    if len(losers) < 2:
        return None
    return Tip(
        "family_misere_shed_high",
        _(
            "Misère: someone else is winning this trick, so get rid of your highest card "
            "that does not beat the {card} and keep your low cards for the end."
        ).format(card=trick.winning_card.label),
    )


def _family_count_tricks(game: Any, seat: int) -> Tip | None:
    if not _family_playing(game) or game.trick.plays or _family_misere(game):
        return None
    log = game.log
    target = game.tricks_needed()
    if target is None or log.declarer is None or log.declarer not in _family_team(game, seat):
        return None
    team = _family_team(game, log.declarer)
    need = target - sum(log.tricks_won[s] for s in team)
    left = game.tricks_per_deal() - len(log.tricks) + 1
    if need < 1 or need > left:
        return None
    return Tip(
        "family_count_tricks",
        _(
            "Count your tricks: to make the contract your side still needs {n}, with "
            "{left} to play."
        ).format(n=need, left=left),
    )


#: Every detector, in the order their tips are shown.
DETECTORS: tuple[Callable[[Any, int], Tip | None], ...] = (
    _safe_save_high,
    _one_trick_enough,
    _keep_top_trump,
    _ace_of_trumps_two_cards,
    _choose_longest_suit,
    _dog_play_where_it_wins,
    _german_face_up,
    _german_count_trumps,
    _german_lead_long_suit,
    _family_count_tricks,
    _family_draw_trumps,
    _family_second_hand_low,
    _family_third_hand_high,
    _family_partner_winning,
    _family_misere_shed_high,
)


def tips_for(game: Any, seat: int | None = None) -> list[Tip]:
    """The tips that apply now for the player to move (or ``seat``, if it is them)."""
    me = game.to_move if seat is None else seat
    if me is None or game.is_over() or me != game.to_move:
        return []
    return [tip for tip in (d(game, me) for d in DETECTORS) if tip is not None]
