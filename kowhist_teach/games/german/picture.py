"""German Whist's table picture, as data (:mod:`kowhist_teach.core.hooks.picture`): two
players facing each other, the phase and trumps, the stock with its face-up card(s), and
in a match the match score (``kwr-match``, top right).

>>> from kowhist_teach.games.german.engine import GermanGame
>>> table = GermanPicture().table(GermanGame(seed=4), seat=0)
>>> table.trumps.heading, table.boxes[0].caption
('Phase 1 of 2', 'Stock: 26')
"""

from __future__ import annotations

from typing import Any

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
from ...core.words import labelled, score_list
from ...i18n import _, ngettext
from .engine import GermanGame, GermanPhase
from .match import GermanMatch

__all__ = ["GermanPicture"]


class GermanPicture(PictureHook):
    """The picture hook of German Whist."""

    def status(self, game: GermanGame) -> str:
        names = game.names
        out = game.outcome()
        if out is not None:
            if out.winner is None:
                return _("A drawn hand")
            return ngettext(
                "{name} wins: {points} point", "{name} wins: {points} points", out.points
            ).format(name=names[out.winner], points=out.points)
        who = names[game.to_move] if game.to_move is not None else ""
        if game.phase is GermanPhase.PICK:
            return _("{name} picks a face-up card").format(name=who)
        if game.phase is GermanPhase.DEAL:
            return _("Dealing")
        return _("{name} to play").format(name=who)

    def table(self, game: GermanGame, seat: int | None = None, show_all: bool = False) -> Table:
        match = game if isinstance(game, GermanMatch) else None
        boxes: list[CardBox | TextBox] = []
        if match is not None:
            # The hand in progress is drawn; the match score beside it.
            boxes.append(self._match_box(match))
            game = match.game
        names = game.names
        status = self.status(game)
        if match is not None and match.is_over():
            status = _("{name} wins the match").format(name=names[match.outcome().winner])
        phase2 = game.phase is GermanPhase.PLAY2 or (
            game.phase is GermanPhase.OVER and not game.stock
        )
        trumps = TrumpBox(
            heading=_("Phase {n} of 2").format(n=2 if phase2 else 1), trump=game.trump
        )
        view = game.view(seat) if seat is not None and not show_all else None
        seats = []
        for s in (0, 1):
            held = game.hand(s)
            if show_all or (view is not None and s == seat):
                face_up, hidden = held, 0
            elif view is not None:
                # Cards seen taken face up from the stock are public: show them.
                known = set(view.opponent_known)
                face_up = [c for c in held if c in known]
                hidden = len(held) - len(face_up)
            else:
                face_up, hidden = [], len(held)
            badges = [Badge(_("dealer"))] if s == game.dealer else []
            seats.append(
                Seat(
                    seat=s,
                    name=names[s],
                    face_up=face_up,
                    hidden=hidden,
                    badges=badges,
                    tricks=game.tricks_won[s],
                    to_move=s == game.to_move,
                )
            )
        trick, finished = last_trick(game.tricks, game.trick)
        return Table(
            label=_("German Whist table: {status}").format(status=status),
            status=status,
            trumps=trumps,
            seats=seats,
            layout="facing",
            viewer=seat if seat is not None else 0,
            classes=("kwr-german",),
            trick=trick,
            # The hand's last trick stays in play when the hand is over.
            trick_finished=finished or game.is_over(),
            boxes=[stock_box(game, "left"), *boxes],
        )

    @staticmethod
    def _match_box(match: GermanMatch) -> TextBox:
        """The match score: best of how many, the hands each player has won, the hand."""
        names, won = match.names, match.hands_won
        score = _("Match, best of {n} — {score}").format(
            n=match.match, score=score_list(names, won)
        )
        rows = [Row(_("Match: best of {n}").format(n=match.match), "title")]
        rows += [Row(labelled(name, w)) for name, w in zip(names, won, strict=True)]
        rows.append(Row(_("Hand {h}").format(h=match.hand_number), "detail"))
        return TextBox("kwr-match", score, "top-right", tuple(rows))


def stock_box(game: Any, place: str, backs_shown: int | None = None) -> CardBox:
    """The stock: its face-down cards, the face-up card(s) beside them. ``backs_shown``
    ``None``: the whole pile of backs (two-player German Whist); a number: at most that
    many backs in the row (the dummy game's compass table has no room for the pile)."""
    count = len(game.stock)
    face_up = tuple(game.face_up) if count else ()
    up_titles = tuple(_("Face up: {card}").format(card=card_name(c)) for c in face_up)
    if backs_shown is None:
        cards, pile, titles = face_up, count - len(face_up), up_titles
    else:
        backs = min(count - len(face_up), backs_shown)
        cards, pile, titles = (None,) * backs + face_up, 0, (_("face down"),) * backs + up_titles
    return CardBox(
        css="kwr-stock",
        label=_("Stock: {n} cards; face up: {cards}").format(
            n=count, cards=", ".join(card_name(c) for c in face_up) or "-"
        ),
        place=place,
        caption=_("Stock: {n}").format(n=count),
        cards=cards,
        pile=pile,
        titles=titles,
        card_css="kwr-face-up",
        footnote=(
            ""
            if not face_up
            else _("the trick winner takes it")
            if len(face_up) == 1
            else _("the winner picks one")
        ),
    )
