"""Where a student's game stands, read from its record (:func:`progress`: the console's
figures), and who made each of a game's moves (:func:`seats_of`: the store's log)."""

from __future__ import annotations

import copy
from typing import Any

from ..core.record import replay, to_record

__all__ = ["progress", "seats_of"]


def progress(game: Any, seat: int = 0) -> dict[str, Any]:
    """Where ``game`` stands for ``seat``, read from its replay (so from any game's
    record, whatever the game): the round (or hand, or deal) in play, counted from 1,
    the seat's tricks in it and in every round so far (its side's, in a partnership
    game), its state (``playing``, ``out``, ``dog``, ``won``, ``lost``, ``drawn``) and
    the winner's name once the game is over.

    >>> from kowhist_teach import KnockoutGame
    >>> p = progress(KnockoutGame(players=3, seed=1))
    >>> p["round"], p["tricks"], p["state"]
    (1, 0, 'playing')
    """
    names = list(game.names)
    out = replay(to_record(game))
    rounds = out.get("rounds") or out.get("deals") or [out]
    by_round = [_tricks_of(r, seat, len(names)) for r in rounds]
    over = out.get("status") == "over"
    winners = _winners(out, len(names))
    state = "playing"
    if over:
        state = "won" if seat in winners else ("drawn" if not winners else "lost")
    elif any(seat in (r.get("eliminated") or []) for r in rounds):
        state = "out"
    elif seat in (rounds[-1].get("dogs") or []):
        state = "dog"
    return {
        "round": len(rounds),
        "tricks": by_round[-1] if by_round else 0,
        "tricks_by_round": by_round,
        "state": state,
        "winner": ", ".join(names[s] for s in sorted(winners)) if over and winners else None,
        "moves": len(game.moves),
    }


def _tricks_of(part: dict[str, Any], seat: int, players: int) -> int:
    won = part.get("tricks_won") or part.get("side_tricks") or []
    if not won:
        return 0
    # A partnership game counts its tricks by side: the seat's side is seat % sides.
    return int(won[seat] if len(won) == players else won[seat % len(won)])


def _winners(out: dict[str, Any], players: int) -> set[int]:
    """The seats that won, from a replay (a seat, a side, or a list of either)."""
    found = out.get("winners")
    if found is None:
        found = [] if out.get("winner") is None else [out["winner"]]
    sides = len(out.get("scores") or out.get("side_tricks") or []) or players
    if out.get("tricks_won") is not None and "side_tricks" not in out:
        sides = len(out["tricks_won"]) or players
    seats: set[int] = set()
    for w_ in found:
        if sides < players:  # a side: every seat of it
            seats |= {s for s in range(players) if s % sides == int(w_)}
        else:
            seats.add(int(w_))
    return seats


def seats_of(game: Any, first: int) -> list[int]:
    """Who made each of ``game``'s moves from the one numbered ``first`` on: the game
    is made again up to that move from its own log (chance as it fell), then stepped
    through (``-1`` for each where a game keeps no such log).

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(players=3, seed=1)
    >>> for _ in range(4): g.play(g.legal_moves()[0])
    >>> seats_of(g, 1)
    [2, 0, 1]
    """
    moves = game.moves
    try:
        log = list(game._log)
        at = [i for i, e in enumerate(log) if not isinstance(e, tuple)]
        shadow = copy.copy(game)
        shadow._rebuild(log[: at[first]] if first < len(at) else log)
        seats = []
        for i in range(at[first] if first < len(at) else len(log), len(log)):
            e = log[i]
            if not isinstance(e, tuple):
                seats.append(int(shadow.to_move))
            shadow._log.append(e)
            if isinstance(e, tuple):
                shadow._replay_chance(e)
            else:
                shadow._apply(e)
        return seats
    except Exception:  # a game without a log of its own: the seat is not known
        return [-1] * (len(moves) - first)
