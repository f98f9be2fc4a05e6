"""Records of German Whist for three with a dummy (``"game": "germandummy"``) and what
``replay --json`` prints for them (DESIGN.md §3, §4; docs/records.md).

A record holds one hand: ``hands``, the four hands as dealt (the three players' by
seat, then the dummy's), ``stock`` (28 cards, top first: its top card set trumps), and
``actions``, every card played in order — the dealer's and the dummy's alike (the
dealer plays the dummy's cards, so a record needs no other move).  ``first_dealer``
is the dealer, who plays the dummy.

>>> from kowhist_teach.games.german.dummy import GermanDummyGame
>>> game = GermanDummyGame(seed=5)
>>> game.play(game.legal_moves()[0])
>>> record = DummyRecord().to_record(game)
>>> record['game'], [len(h) for h in record['hands']], len(record['stock'])
('germandummy', [6, 6, 6, 6], 28)
>>> DummyRecord().game_from_record(record).moves == game.moves
True
"""

from __future__ import annotations

from typing import Any

from ...core.cards import card_codes
from ...core.errors import IllegalMove, RecordError, SetupError
from ...core.hooks.record import COMMON_KEYS, RecordHook
from ...core.record import FORMAT, ReplayError
from ...i18n import _
from .dummy import GermanDummyGame
from .engine import GermanPhase, GermanRules
from .record import check_hand_shape

__all__ = ["DummyRecord"]

#: The record's own keys (at its top: one hand).
_HAND_KEYS = frozenset({"hands", "stock", "actions"})


def _replay(record: dict[str, Any]) -> tuple[GermanDummyGame | None, ReplayError | None]:
    """Replay as far as the record is legal: the game and the first error (``round``
    is always 0: a record holds one hand)."""
    try:
        game = GermanDummyGame(
            GermanRules.from_dict(record.get("rules")),
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
            players=record["players"],
        )
    except (SetupError, TypeError) as e:
        return None, ReplayError(str(e))
    try:
        game.deal(record["hands"], record["stock"])
    except IllegalMove as e:
        return game, ReplayError(str(e), round=0)
    for i, code in enumerate(record.get("actions", [])):
        seat = game.to_move
        try:
            game.play(code)
        except IllegalMove as e:
            return game, ReplayError(str(e), round=0, action=i, seat=seat)
    return game, None


def _trick_json(game: GermanDummyGame, i: int) -> dict[str, Any]:
    trick = game.tricks[i]
    return {
        "leader": trick.leader,
        "cards": [[hand, card.code] for hand, card in trick.plays],
        "winner": trick.winner,
    }


class DummyRecord(RecordHook):
    """The record hook of German Whist with a dummy: one hand, its ``hands`` (four:
    the dummy's last), ``stock`` and ``actions`` at the record's top."""

    top_keys = COMMON_KEYS | _HAND_KEYS
    parts_key = None
    error_place = "round"

    def check_shape(self, data: dict[str, Any]) -> None:
        check_hand_shape(data)

    def to_record(self, game: Any) -> dict[str, Any]:
        if game.phase is GermanPhase.DEAL:
            raise RecordError(
                _("nothing has been dealt yet: a record needs the hands and the stock")
            )
        return {
            "format": FORMAT,
            "game": "germandummy",
            "players": game.players,
            "rules": game.rules.to_dict(),
            "first_dealer": game.first_dealer,
            "hands": [card_codes(h) for h in game.dealt_hands],
            "stock": card_codes(game.dealt_stock),
            "actions": [m.code for m in game.moves],
        }

    def game_from_record(self, data: dict[str, Any]) -> Any:
        game, error = _replay(data)
        if error is not None:
            raise error
        return game

    def replay(self, data: dict[str, Any]) -> dict[str, Any]:
        """``replay --json``: the complete tricks (``cards`` as ``[hand, code]``, hand
        3 the dummy's), ``side_tricks`` (the dealer's side first), and once the hand
        is over ``winners`` (the seats of the winning side) and ``points``; ``winner``
        is the dealer when the dealer's side wins, else ``null`` (two seats win)."""
        game, error = _replay(data)
        outcome = game.outcome() if game is not None else None
        status = "error" if error is not None else "over" if outcome else "in_progress"
        tricks = (
            [_trick_json(game, i) for i, t in enumerate(game.tricks) if len(t.plays) == 4]
            if game is not None
            else []
        )
        result: dict[str, Any] = {
            "status": status,
            "tricks": tricks,
            "side_tricks": list(game.side_tricks) if game is not None else [0, 0],
            "dealer": game.dealer if game is not None else None,
            "winners": outcome.winners if outcome is not None else None,
            "winner": (game.dealer if outcome is not None and outcome.winning_side == 0 else None)
            if game is not None
            else None,
            "points": outcome.points if outcome is not None else None,
        }
        if error is not None:
            result["error"] = error.to_dict()
        return result
