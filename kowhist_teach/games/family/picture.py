"""The whist family's table picture, as data (:mod:`kowhist_teach.core.hooks.picture`):
four seats by compass points, partners opposite (seat 0 South, then West, North, East),
the trump box and turned card, the contract, the bidding while it goes on and the
scores by partnership (or by seat). Each game of the family subclasses
:class:`FamilyPicture` in its own package for its own parts (bid names, bid whist's
kitty and books, whist's points and games).

>>> from kowhist_teach.games.family.whist.engine import WhistGame
>>> from kowhist_teach.games.family.whist.picture import WhistPicture
>>> table = WhistPicture().table(WhistGame(seed=1), seat=2)
>>> table.layout, [b.text for b in table.seats[0].badges][:1], table.boxes[0].css
('compass', ['South'], 'kwr-scores')
"""

from __future__ import annotations

from typing import Any

from ...core.card_words import card_name
from ...core.hooks.picture import Badge, CardBox, DealPicture, Row, TextBox, TrumpBox
from ...core.moves import Call
from ...core.partnerships import OPPOSITE, compass
from ...i18n import _
from .engine import DealLog, FamilyGame, FamilyPhase

__all__ = ["FamilyPicture"]


class FamilyPicture(DealPicture):
    """The picture hook the whist family's games share (the table of every game played
    deal after deal, :class:`~kowhist_teach.core.hooks.picture.DealPicture`, by compass
    points, with partnerships, declarers and contracts); a game overrides the parts it
    draws differently (:meth:`side_details`, :meth:`choosing_high_or_low`,
    :meth:`more_boxes`, :meth:`call_words`)."""

    layout = "compass"

    # ------------------------------------------------------------- the parts
    def choosing_high_or_low(self, game: FamilyGame) -> bool:
        """Whether the call to make now is bid whist's high or low rather than trumps."""
        return False

    def side_details(self, game: FamilyGame, side: int) -> list[str]:
        """What the scores box says of a partnership under its score."""
        won = game.log.side_tricks if game.log is not None else [0, 0]
        return [_("Tricks: {n}").format(n=won[side])]

    def more_boxes(
        self, game: FamilyGame, seat: int | None, show_all: bool
    ) -> list[TextBox | CardBox]:
        """The game's own boxes, drawn after the scores (bid whist's kitty)."""
        return []

    # ----------------------------------------------------------- the protocol
    def winner_status(self, game: FamilyGame, outcome: Any) -> str:
        if outcome.by_partnership:
            return _("{side} win the game").format(side=OPPOSITE.side_name(outcome.winner))
        return super().winner_status(game, outcome)

    def phase_status(self, game: FamilyGame, who: str) -> str | None:
        if game.phase is FamilyPhase.TRUMP:
            if self.choosing_high_or_low(game):
                return _("{name} chooses uptown or downtown").format(name=who)
            return _("{name} chooses trumps").format(name=who)
        if game.phase is FamilyPhase.DISCARD:
            return _("{name} discards").format(name=who)
        return super().phase_status(game, who)

    def trump_box(self, game: FamilyGame) -> TrumpBox:
        log = game.log
        return TrumpBox(
            heading=_("Deal {n}").format(n=len(game.deals)) if log is not None else _(game.title),
            trump=game.trump,
            settled=game.phase in (FamilyPhase.PLAY, FamilyPhase.OVER, FamilyPhase.DISCARD),
            card=log.extra.get("trump_card") if log is not None else None,
            card_caption=_("turn-up"),
        )

    def boxes(self, game: FamilyGame, seat: int | None, show_all: bool) -> list[TextBox | CardBox]:
        boxes: list[TextBox | CardBox] = []
        boxes += self._contract(game)
        boxes += self._bidding(game)
        boxes.append(self._scores(game))
        boxes += self.more_boxes(game, seat, show_all)
        return boxes

    def classes(self, game: FamilyGame) -> tuple[str, ...]:
        return ("kwr-family", *super().classes(game))

    # ------------------------------------------------------------ the pieces
    def seat_badges(self, game: FamilyGame, seat: int) -> tuple[list[Badge], list[Badge]]:
        """The seat's compass point (in its partnership's tone) before the dealer's
        badge; the declarer's after it."""
        tone = ("side0", "side1")[seat % 2] if game.by_partnership else "neutral"
        log = game.log
        declarers = _declarers(log) if log is not None and log.declarer is not None else []
        after = [Badge(_("declarer"), "gold")] if seat in declarers else []
        return [Badge(compass(seat), tone)], after

    def _contract(self, game: FamilyGame) -> list[TextBox]:
        """The contract and its declarer, in words (partnership whist has none)."""
        contract_text = getattr(game, "contract_text", None)
        text = contract_text() if contract_text is not None and game.log is not None else ""
        if not text:
            return []
        return [TextBox("kwr-contract", text, "below-trumps", (Row(text),))]

    def _bidding(self, game: FamilyGame) -> list[TextBox]:
        """The last calls of the deal, while the bidding goes on."""
        log = game.log
        if log is None or game.phase not in (FamilyPhase.BID, FamilyPhase.TRUMP):
            return []
        calls = [(s, m) for s, m in log.calls if isinstance(m, Call)][-6:]
        return [self.bidding_box(game, calls, 6, None)]

    def _scores(self, game: FamilyGame) -> TextBox:
        """The scores by partnership (or by seat), with this deal's tricks."""
        rows: list[tuple[str, list[str]]] = []
        if game.by_partnership:
            for side in (0, 1):
                head = _("{name}: {score}").format(
                    name=OPPOSITE.side_name(side), score=game.scores[side]
                )
                rows.append((head, self.side_details(game, side)))
        else:
            for s in range(4):
                score = game.scores[s]
                shown = f"{score:+d}" if score else "0"
                rows.append((_("{name}: {score}").format(name=game.names[s], score=shown), []))
        return self.scores_box(rows, "title")


def _declarers(log: DealLog) -> list[int]:
    """The declarer, and in solo whist's prop and cop the partner who accepted."""
    partner = getattr(log, "partner", None)
    return [log.declarer] + ([partner] if partner is not None else [])  # type: ignore[list-item]


def kitty_box(cards: list, caption: str, face_up: bool) -> CardBox:
    """A row of cards at the bottom right, face up or down (bid whist's kitty)."""
    spoken = ", ".join(card_name(c) for c in cards) if face_up else ""
    return CardBox(
        css="kwr-kitty",
        label=f"{caption}: {spoken}" if spoken else caption,
        place="bottom-right",
        caption=caption,
        cards=tuple(c if face_up else None for c in cards),
    )
