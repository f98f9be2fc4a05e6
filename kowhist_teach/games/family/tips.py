"""The whist family's strategy tips (whist, solo whist, bid whist): count your tricks,
draw trumps, second hand low, third hand high, a partner winning, and the misère
declarer's shedding.  They are methods of :class:`FamilyTips`, a part of the family's
teaching hook, because who plays on whose side and whether a deal is a misère are the
game's to say (:meth:`FamilyTips.team`, ``misere``).
"""

from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...core.hooks.teaching import Detector, Tip
from ...i18n import _
from .engine import SEATS, FamilyPhase

__all__ = ["FamilyTips"]


def _playing(game: Any) -> bool:
    return game.phase is FamilyPhase.PLAY and game.trick is not None


def _still_to_play(game: Any, seat: int) -> list[int]:
    """The seats that play to the trick after ``seat``."""
    return [(seat + i) % SEATS for i in range(1, SEATS - len(game.trick.plays))]


class FamilyTips:
    """The family's tip detectors (a mixin of the family's teaching hook, which says
    through ``misere(game)`` whether the deal's contract is a misère)."""

    @property
    def detectors(self) -> tuple[Detector, ...]:
        """The detectors, in the order their tips are shown."""
        return (
            self.count_tricks,
            self.draw_trumps,
            self.second_hand_low,
            self.third_hand_high,
            self.partner_winning,
            self.misere_shed_high,
        )

    def misere(self, game: Any, log: Any = None) -> bool:
        """Whether the deal's contract is a misère (none is, unless a game says so)."""
        return False

    def team(self, game: Any, seat: int) -> set[int]:
        """The seats playing together with ``seat`` (``seat`` included): the partners in
        whist and bid whist; in solo whist the declarer's side, or everybody against it."""
        if game.by_partnership:
            return {seat, (seat + 2) % SEATS}
        side = set(game.declarer_side())
        if not side:
            return {seat}
        return side if seat in side else set(range(SEATS)) - side

    def _winning_play(self, game: Any, seat: int) -> tuple[list[Card], list[Card]] | None:
        """In a trick already led, not a misère: the legal cards of ``seat`` that would
        win it now and those that would not (``None`` when the tips about winning do
        not apply)."""
        trick = game.trick
        if not trick.plays or self.misere(game):
            return None
        best = trick.winning_card
        legal = game._cards_of(game._card_mask(seat))
        winners = [c for c in legal if game._beats(c, best, trick)]
        return winners, [c for c in legal if c not in winners]

    def second_hand_low(self, game: Any, seat: int) -> Tip | None:
        """Second to play, a partner still to come: no need to spend a winner."""
        if not _playing(game) or len(game.trick.plays) != 1:
            return None
        split = self._winning_play(game, seat)
        team = self.team(game, seat)
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

    def third_hand_high(self, game: Any, seat: int) -> Tip | None:
        """Third to play after a partner's lead, an opponent winning: beat it cheaply."""
        if not _playing(game) or len(game.trick.plays) != 2:
            return None
        split = self._winning_play(game, seat)
        team = self.team(game, seat)
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

    def partner_winning(self, game: Any, seat: int) -> Tip | None:
        """A partner winning and no opponent to come: no need to overtake."""
        if not _playing(game):
            return None
        split = self._winning_play(game, seat)
        team = self.team(game, seat)
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

    def draw_trumps(self, game: Any, seat: int) -> Tip | None:
        """On lead for the declaring side with five trumps or more, some still out."""
        if not _playing(game) or game.trick.plays or game.trump is None:
            return None
        log = game.log
        if log.declarer is not None and log.declarer not in self.team(game, seat):
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

    def misere_shed_high(self, game: Any, seat: int) -> Tip | None:
        """The misère declarer, someone else winning: shed the highest safe card."""
        if not _playing(game) or not self.misere(game) or seat != game.log.declarer:
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

    def count_tricks(self, game: Any, seat: int) -> Tip | None:
        """On lead for the declaring side: the tricks still needed for the contract."""
        if not _playing(game) or game.trick.plays or self.misere(game):
            return None
        log = game.log
        target = game.tricks_needed()
        if target is None or log.declarer is None or log.declarer not in self.team(game, seat):
            return None
        team = self.team(game, log.declarer)
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
