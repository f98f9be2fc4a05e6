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

from ...core.card_words import card_name
from ...core.hooks.picture import (
    Badge,
    CardBox,
    PictureHook,
    Row,
    Seat,
    Table,
    TextBox,
    TrumpBox,
    last_trick,
)
from ...core.moves import Call
from ...i18n import _
from .engine import DealLog, FamilyGame, FamilyPhase

__all__ = ["FamilyPicture", "compass", "side_label"]


def compass(seat: int) -> str:
    """A seat by its compass point: seat 0 South, then West, North, East."""
    return (_("South"), _("West"), _("North"), _("East"))[seat]


def side_label(side: int) -> str:
    """A partnership by compass points: seats 0 and 2 are North–South."""
    return _("North–South") if side == 0 else _("East–West")


class FamilyPicture(PictureHook):
    """The picture hook the whist family's games share; a game overrides the parts it
    draws differently (:meth:`side_details`, :meth:`choosing_high_or_low`,
    :meth:`more_boxes`, :meth:`call_words`)."""

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
    def status(self, game: FamilyGame) -> str:
        names = game.names
        out = game.outcome()
        if out is not None:
            if out.winner is None:
                return _("The game is a tie")
            if out.by_partnership:
                return _("{side} win the game").format(side=side_label(out.winner))
            return _("{name} wins the game").format(name=names[out.winner])
        who = names[game.to_move] if game.to_move is not None else ""
        phase = game.phase
        if phase is FamilyPhase.PLAY:
            return _("{name} to play").format(name=who)
        if phase is FamilyPhase.BID:
            return _("{name} to bid").format(name=who)
        if phase is FamilyPhase.TRUMP:
            if self.choosing_high_or_low(game):
                return _("{name} chooses high or low").format(name=who)
            return _("{name} chooses trumps").format(name=who)
        if phase is FamilyPhase.DISCARD:
            return _("{name} discards").format(name=who)
        return _("Dealing")

    def table(self, game: FamilyGame, seat: int | None = None, show_all: bool = False) -> Table:
        status = self.status(game)
        log = game.log
        settled = game.phase in (FamilyPhase.PLAY, FamilyPhase.OVER, FamilyPhase.DISCARD)
        trumps = TrumpBox(
            heading=_("Deal {n}").format(n=len(game.deals)) if log is not None else _(game.title),
            trump=game.trump,
            settled=settled,
            card=log.extra.get("trump_card") if log is not None else None,
            card_caption=_("turn-up"),
        )
        boxes: list[TextBox | CardBox] = []
        boxes += self._contract(game)
        boxes += self._bidding(game)
        boxes.append(self._scores(game))
        boxes += self.more_boxes(game, seat, show_all)
        trick, finished = last_trick(game.tricks, game.trick)
        return Table(
            label=_("{game} table: {status}").format(game=_(game.title), status=status),
            status=status,
            trumps=trumps,
            seats=self._seats(game, seat, show_all),
            layout="compass",
            viewer=seat if seat is not None else 0,
            classes=("kwr-family", f"kwr-{game.game_name}"),
            trick=trick,
            trick_finished=finished or game.is_over(),
            boxes=boxes,
        )

    # ------------------------------------------------------------ the pieces
    def _seats(self, game: FamilyGame, seat: int | None, show_all: bool) -> list[Seat]:
        view = game.view(seat) if seat is not None and not show_all else None
        log = game.log
        declarers = _declarers(log) if log is not None and log.declarer is not None else []
        seats = []
        for s in range(4):
            held = game.hand(s)
            if show_all:
                face_up, hidden = held, 0
            elif view is not None and s == seat:
                face_up, hidden = view.hand, 0
            elif view is not None and s in view.open_hands:
                face_up, hidden = view.open_hands[s], 0
            else:
                face_up, hidden = [], len(held)
            tone = ("side0", "side1")[s % 2] if game.by_partnership else "neutral"
            badges = [Badge(compass(s), tone)]
            if log is not None and s == log.dealer:
                badges.append(Badge(_("dealer")))
            if s in declarers:
                badges.append(Badge(_("declarer"), "gold"))
            seats.append(
                Seat(
                    seat=s,
                    name=game.names[s],
                    face_up=face_up,
                    hidden=hidden,
                    badges=badges,
                    tricks=game.tricks_won[s],
                    to_move=s == game.to_move,
                )
            )
        return seats

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
        lines = [
            _("{name}: {call}").format(name=game.names[s], call=self.call_words(m))
            for s, m in calls
        ]
        label = _("Bidding: {calls}").format(calls=", ".join(lines) or "-")
        rows = [Row(_("Bidding"), "title")]
        rows += [Row(line) for line in lines or [_("no bid yet")]]
        return [TextBox("kwr-bidding", label, "top-right", tuple(rows))]

    def _scores(self, game: FamilyGame) -> TextBox:
        """The scores by partnership (or by seat), with this deal's tricks."""
        rows: list[tuple[str, list[str]]] = []
        if game.by_partnership:
            for side in (0, 1):
                head = _("{name}: {score}").format(name=side_label(side), score=game.scores[side])
                rows.append((head, self.side_details(game, side)))
        else:
            for s in range(4):
                score = game.scores[s]
                shown = f"{score:+d}" if score else "0"
                rows.append((_("{name}: {score}").format(name=game.names[s], score=shown), []))
        spoken = "; ".join(f"{head} {' · '.join(detail)}".strip() for head, detail in rows)
        lines = [Row(_("Scores"), "title")]
        for head, detail in rows:
            lines.append(Row(head, "title"))
            if detail:
                lines.append(Row(style="detail", parts=tuple(detail)))
        label = _("Scores: {scores}").format(scores=spoken)
        return TextBox("kwr-scores", label, "bottom-left", tuple(lines))


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
