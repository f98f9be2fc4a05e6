"""Knock-Out Whist's part of ``kowhist-record/1`` (DESIGN §3) and of ``replay --json``
(§4): its rounds, read, replayed, written and reported; :class:`KnockoutRecord` is the
game's record hook (:class:`~kowhist_teach.core.hooks.record.RecordHook`).

>>> import random
>>> game = KnockoutGame(3, seed=4)
>>> rng = random.Random(4)
>>> while not game.is_over():
...     game.play(rng.choice(game.legal_moves()))
>>> result = KnockoutRecord().replay(knockout_record(game))
>>> result['status'], result['winner'] == game.outcome().winner
('over', True)
"""

from __future__ import annotations

from typing import Any

from ...core.cards import BadCard, Suit, card_codes
from ...core.errors import IllegalMove, SetupError
from ...core.hooks.record import COMMON_KEYS, RecordHook
from ...core.moves import PLAY_ON, RAINBOW, Call, Move
from ...core.record import FORMAT, ReplayError, _check_hands_and_actions, _fail, _no_unknown
from ...core.tricks import Trick
from ...i18n import _
from .engine import KnockoutGame, Phase, RoundLog, Rules

__all__ = ["KnockoutRecord", "knockout_game_from_record", "knockout_record"]

_ROUND_KEYS = {
    "hands",
    "turn_up",
    "trump",
    "trump_chooser",
    "declare",
    "votes",
    "actions",
    "winner_cut",
}


# --------------------------------------------------------------------------- shape
def _check_knockout_shape(data: dict[str, Any]) -> None:
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise _fail(_("rounds must be a list of round objects"))
    for i, rnd in enumerate(rounds):
        where = _("round {r}").format(r=i)
        _check_hands_and_actions(rnd, _ROUND_KEYS, where)
        for key in ("turn_up", "trump"):
            if rnd.get(key) is not None and not isinstance(rnd[key], str):
                raise _fail(_("{where}: {key} must be a code").format(where=where, key=key))
        tc = rnd.get("trump_chooser")
        if tc is not None and (not isinstance(tc, int) or isinstance(tc, bool)):
            raise _fail(_("{where}: trump_chooser must be a seat number").format(where=where))
        wc = rnd.get("winner_cut")
        if wc is not None and (not isinstance(wc, int) or isinstance(wc, bool)):
            raise _fail(_("{where}: winner_cut must be a seat number").format(where=where))
        votes = rnd.get("votes")
        if votes is not None and not (
            isinstance(votes, dict) and all(isinstance(v, str) for v in votes.values())
        ):
            raise _fail(
                _('{where}: votes must map seats to suits, like {{"3": "H"}}').format(where=where)
            )
        declare = rnd.get("declare")
        if declare is not None:
            if not isinstance(declare, dict):
                raise _fail(_("{where}: declare must be an object or null").format(where=where))
            _no_unknown(declare, {"seat", "call"}, _("{where}'s declare").format(where=where))
            if not isinstance(declare.get("seat"), int) or declare.get("call") not in (
                "no-picture",
                "rainbow",
            ):
                raise _fail(
                    _('{where}: declare needs a seat and a call, "no-picture" or "rainbow"').format(
                        where=where
                    )
                )


# ------------------------------------------------------------------------ replaying
def _suit_code(suit: Suit | None) -> str:
    return "NT" if suit is None else suit.code


def _parse_trump(code: str, r: int) -> Call:
    try:
        call = Call(code)
    except BadCard:
        call = None
    if call is None or not call.is_trump:
        raise ReplayError(
            _("{code!r} is not a trump: write S, H, D, C or NT").format(code=code), round=r
        )
    return call


def knockout_game_from_record(record: dict[str, Any]) -> KnockoutGame:
    """Replay a shape-checked Knock-Out Whist record into a game; :class:`ReplayError`
    says where it first breaks a rule (see :func:`kowhist_teach.core.record.game_from_record`)."""
    try:
        rules = Rules.from_dict(record.get("rules"))
        game = KnockoutGame(
            record["players"],
            rules,
            first_dealer=record.get("first_dealer", 0),
            auto_chance=False,
        )
    except (SetupError, TypeError) as e:
        raise ReplayError(str(e)) from None
    rounds = record.get("rounds", [])
    for r, rnd in enumerate(rounds):
        _replay_round(game, rnd, r, last=r == len(rounds) - 1)
    return game


def _replay_round(game: KnockoutGame, rnd: dict[str, Any], r: int, last: bool) -> None:
    if game.is_over():
        raise ReplayError(_("the game was already over before round {r}").format(r=r), round=r)
    first = game.is_first_round()
    # Who chooses trumps (and leads) was settled at the end of the last round; a tie
    # there was cut, and the record names the cut's winner.
    tc = rnd.get("trump_chooser")
    if game.phase is Phase.CUT:
        tied = game.chance_pending[1]
        if tc is None:
            raise ReplayError(
                _(
                    "seats {tied} tied for most tricks: round {r} must name the cut's winner "
                    "as trump_chooser"
                ).format(tied=", ".join(map(str, tied)), r=r),
                round=r,
            )
        try:
            game.cut(tc)
        except IllegalMove as e:
            raise ReplayError(str(e), round=r, seat=tc) from None
    elif tc is not None:
        if first:
            raise ReplayError(
                _("round {r} takes trumps from the turn-up: it has no trump_chooser").format(r=r),
                round=r,
            )
        if tc != game.trump_chooser:
            raise ReplayError(
                _(
                    "seat {tc} cannot choose trumps: seat {chooser} took the most tricks last round"
                ).format(tc=tc, chooser=game.trump_chooser),
                round=r,
                seat=tc,
            )
    turn_up = rnd.get("turn_up")
    if first and turn_up is None:
        raise ReplayError(
            _("round {r} is dealt with a turn-up card for trumps: turn_up is missing").format(r=r),
            round=r,
        )
    if not first and turn_up is not None:
        raise ReplayError(
            _("only the first round (and its redeals) has a turn_up; round {r} has one").format(
                r=r
            ),
            round=r,
        )
    try:
        game.deal(rnd["hands"], turn_up)
    except IllegalMove as e:
        raise ReplayError(_("round {r}: {why}").format(r=r, why=e), round=r) from None

    votes = rnd.get("votes") or {}
    for key in votes:
        if not (
            isinstance(key, str)
            and key.isascii()
            and key.isdigit()
            and int(key) < game.n
            and game.status[int(key)].name == "OUT"
        ):
            raise ReplayError(
                _("seat {key} cannot vote on trumps: only eliminated players vote").format(key=key),
                round=r,
            )
    if votes and game.phase is not Phase.VOTE:
        raise ReplayError(_("round {r} has no vote on trumps").format(r=r), round=r)
    while game.phase is Phase.VOTE:
        seat = game.to_move
        if last and str(seat) not in votes and rnd.get("trump") is None and not rnd.get("actions"):
            return  # the record stops while the vote is under way
        if str(seat) not in votes:
            raise ReplayError(
                _("seat {seat} is out and votes on trumps: round {r} needs their vote").format(
                    seat=seat, r=r
                ),
                round=r,
                seat=seat,
            )
        _play(game, _parse_trump(votes[str(seat)], r), r, None)

    trump = rnd.get("trump")
    if game.phase is Phase.CHOOSE_TRUMP:
        if trump is None and last and not rnd.get("actions"):
            return  # the record stops while the chooser thinks
        if trump is None:
            raise ReplayError(
                _("round {r} needs a trump: seat {seat} chooses it").format(r=r, seat=game.to_move),
                round=r,
                seat=game.to_move,
            )
        _play(game, _parse_trump(trump, r), r, None)
    elif trump is not None:
        call = _parse_trump(trump, r)
        if call.suit != game.trump:
            raise ReplayError(
                _("round {r}: trumps are {actual}, not {claimed}").format(
                    r=r, actual=_suit_code(game.trump), claimed=trump
                ),
                round=r,
            )

    declare = rnd.get("declare")
    if declare is not None:
        seat, call = declare["seat"], Call(declare["call"])
        if not 0 <= seat < game.n:
            raise ReplayError(_("seat {seat} is not at this table").format(seat=seat), round=r)
        if game.phase is not Phase.DECLARE or call not in game.declarations_open(seat):
            raise ReplayError(game.why_declaration_illegal(seat, call), round=r, seat=seat)
    if last and "declare" not in rnd and not rnd.get("actions"):
        # Stopped before the first lead and nobody has declined yet ("declare": null
        # says the declarations are over with none made).
        return
    while game.phase is Phase.DECLARE:
        seat = game.to_move
        if declare is not None and (seat == declare["seat"] or declare["call"] == "rainbow"):
            move: Move = Call(declare["call"])
            if move not in game.legal_moves():
                move = PLAY_ON
        else:
            move = PLAY_ON
        _play(game, move, r, None)
    if game.phase is Phase.CUT and declare is not None and declare["call"] == RAINBOW.code:
        try:
            game.cut(declare["seat"])
        except IllegalMove as e:
            raise ReplayError(str(e), round=r, seat=declare["seat"]) from None
    actions = rnd.get("actions", [])
    log = game.rounds[r]
    if log.redealt or log.declare is not None:
        if actions:
            raise ReplayError(
                _("round {r} ended with a declaration: it can have no actions").format(r=r),
                round=r,
                action=0,
            )
        return
    for a, code in enumerate(actions):
        if game.round != r or game.phase is not Phase.PLAY:
            raise ReplayError(
                _(
                    "round {r} is over after {k} actions: action {a} ({code}) is one too many"
                ).format(r=r, k=a, a=a, code=code),
                round=r,
                action=a,
            )
        _play(game, code, r, a)
    _settle_final_tie(game, rnd, r)
    if not last and game.round == r and not game.is_over():
        raise ReplayError(
            _("round {r} stops before its last trick, but another round follows").format(r=r),
            round=r,
        )


def _settle_final_tie(game: KnockoutGame, rnd: dict[str, Any], r: int) -> None:
    """Misère: a tie for the fewest tricks after the last round is settled by chance (a
    cut, or rock-paper-scissors); the round's ``winner_cut`` names who won it."""
    wc = rnd.get("winner_cut")
    pending = game.phase is Phase.CUT and game.round == r and game.outcome() is None
    if wc is None:
        return
    if not pending or game.hand_size != 1 or not game.rules.misere:
        raise ReplayError(
            _("round {r} ends with no tie to settle: it can have no winner_cut").format(r=r),
            round=r,
        )
    try:
        game.cut(wc)
    except IllegalMove as e:
        raise ReplayError(str(e), round=r, seat=wc) from None


def _play(game: KnockoutGame, move: Move | str, r: int, a: int | None) -> None:
    seat = game.to_move
    try:
        game.play(move)
    except IllegalMove as e:
        raise ReplayError(str(e), round=r, action=a, seat=seat) from None


# ------------------------------------------------------------------------- writing
def knockout_record(game: KnockoutGame) -> dict[str, Any]:
    """A Knock-Out Whist game written out as a record; replaying it gives the same game.

    >>> g = KnockoutGame(4, seed=2)
    >>> rec = knockout_record(g)
    >>> rec['format'], len(rec['rounds'][0]['hands'][0])
    ('kowhist-record/1', 7)
    >>> knockout_record(knockout_game_from_record(rec)) == rec
    True
    """
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": "knockout",
        "players": list(game._names) if game._names is not None else game.n,
        "rules": game.rules.to_dict(),
        "first_dealer": game.first_dealer,
        "rounds": [],
    }
    first = True
    for log in game.rounds:
        if not log.hands:  # a round not dealt yet
            continue
        rnd: dict[str, Any] = {"hands": [card_codes(h) for h in log.hands]}
        if first:
            rnd["turn_up"] = log.turn_up.code if log.turn_up is not None else None
        elif log.trump_settled:
            rnd["trump"] = _suit_code(log.trump)
        if log.cut_winner is not None:
            rnd["trump_chooser"] = log.cut_winner
        if log.votes:
            rnd["votes"] = {str(s): suit.code for s, suit in log.votes.items()}
        if log.declare is not None:
            rnd["declare"] = dict(log.declare)
        elif log.could_declare and log.tricks:
            rnd["declare"] = None  # declarations are over, none was made
        rnd["actions"] = [m.code for m in log.actions]
        if log.winner_cut is not None:  # misère: the last tie for the fewest tricks
            rnd["winner_cut"] = log.winner_cut
        record["rounds"].append(rnd)
        if not log.redealt:
            first = False
    return record


# ------------------------------------------------------------------------ the report
def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "cards": [[seat, card.code] for seat, card in trick.plays],
        "winner": trick.winner,
    }


def _round_dict(game: KnockoutGame, log: RoundLog) -> dict[str, Any]:
    tricks = [t for t in log.tricks if t.plays]
    complete = log is not game.log or game.is_over()
    won = log.tricks_won if log.tricks_won else _tricks_so_far(game, log)
    return {
        "hand_size": log.hand_size,
        "dealer": log.dealer,
        "trump": _suit_code(log.trump) if log.trump_settled else None,
        "trump_chooser": log.trump_chooser,
        "leader": log.leader,
        "declare": dict(log.declare) if log.declare else None,
        "tricks": [_trick_dict(t) for t in tricks if complete or _trick_complete(game, t)],
        "tricks_won": won,
        "eliminated": list(log.eliminated),
        "dogs": list(log.dogs),
    }


def _trick_complete(game: KnockoutGame, trick: Trick) -> bool:
    return trick is not game.trick


def _tricks_so_far(game: KnockoutGame, log: RoundLog) -> list[int]:
    if log is game.log:
        return list(game.tricks_won)
    return [0] * game.n


def _replay_knockout(data: dict[str, Any]) -> dict[str, Any]:
    error: ReplayError | None = None
    game: KnockoutGame | None = None
    try:
        rules = Rules.from_dict(data.get("rules"))
        game = KnockoutGame(
            data["players"], rules, first_dealer=data.get("first_dealer", 0), auto_chance=False
        )
    except (SetupError, TypeError) as e:
        error = ReplayError(str(e))
    if game is not None:
        rounds = data.get("rounds", [])
        try:
            for r, rnd in enumerate(rounds):
                _replay_round(game, rnd, r, last=r == len(rounds) - 1)
        except ReplayError as e:
            error = e
    result: dict[str, Any] = {
        "status": "error" if error else ("over" if game.is_over() else "in_progress"),
        "winner": game.outcome().winner if game is not None and game.is_over() else None,
        "rounds": [_round_dict(game, log) for log in game.rounds if log.hands]
        if game is not None
        else [],
    }
    if error is not None:
        result["error"] = error.to_dict()
    return result


# ---------------------------------------------------------------------------- hook
class KnockoutRecord(RecordHook):
    """Knock-Out Whist's record hook: ``rounds``, each with its hands, its trump (a
    ``turn_up`` first, then a ``trump`` chosen), its declarations and votes, its actions."""

    top_keys = COMMON_KEYS | {"rounds"}
    parts_key = "rounds"
    error_place = "round"

    def check_shape(self, data: dict[str, Any]) -> None:
        _check_knockout_shape(data)

    def to_record(self, game: Any) -> dict[str, Any]:
        return knockout_record(game)

    def game_from_record(self, data: dict[str, Any]) -> Any:
        return knockout_game_from_record(data)

    def replay(self, data: dict[str, Any]) -> dict[str, Any]:
        return _replay_knockout(data)
