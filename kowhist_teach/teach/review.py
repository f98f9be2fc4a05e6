"""The review of a deal — "where did my tricks go?"

:func:`review` walks a record (or a game) decision by decision and, for each of one
seat's decisions that the game's analysis covers (a card to play, a dog's play or
pass, a trump suit), compares the move played with every legal move **with every card
visible** (:func:`kowhist_teach.teach.solver.analyse`): a decision is a *loss* when
another legal move would have taken more tricks — or, in Knock-Out Whist, would have
kept the player in where the move played let them go out — and *best* otherwise.

Honest words: a move that only loses with every card visible is not a blunder if no one
could have known, so beside each loss the review gives an **estimate from the seat**:
the hidden hands are dealt at random consistently with what the seat had seen, exactly
as the Monte Carlo bot samples them (the game's bots hook,
:meth:`~kowhist_teach.core.hooks.bots.BotHooks.search`), and each move's average tricks
over those deals is shown, with the difference between the better move and the move
played and its 95 % interval: the words (a mistake you could have seen, or bad luck)
are chosen from the interval, by lesson 07's rule. It also names the tips that applied
at that moment.

A review has a time limit: one that would take longer stops, says so
(``complete`` is false) and returns the decisions reviewed so far — it never hangs.

A blind dog's face-down card is never named: such a decision is told as "the face-down
card" (``"??"`` in JSON).

>>> from kowhist_teach.core.record import load_record
>>> from importlib.resources import files
>>> rec = load_record(str(files('kowhist_teach') / 'examples' / 'knockout-whole-game.json'))
>>> r = review(rec, seat=0)
>>> r.complete, all(d.seat == 0 for d in r.decisions)
(True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from ..core.hooks.bots import SamplingBot, bots_of
from ..core.record import game_from_record, load_record, to_record
from ..core.registry import spec
from ..core.trick_solver import HIDDEN_CODE
from ..i18n import N_, _, ngettext
from ..i18n.formats import decimal, join, signed
from .solver import AnalysisTimeout, MoveAnalysis, analyse
from .tips import tips_for

__all__ = ["Decision", "Review", "review", "review_lines", "HIDDEN_CODE", "LABEL"]

#: The label every review carries (in the catalogue).
LABEL = N_("with every card visible")
#: The time a review takes at most by default (seconds).
TIME_LIMIT = 10.0
#: Deals sampled for the estimate from the seat: 200 keep the 95 % interval of a
#: difference of expected tricks to about ±0.05 (lesson 10: 0.35 s for its one loss).
SAMPLES = 200
#: The 95 % interval's half-width in standard errors (as lesson 07's experiments).
Z95 = 1.96
#: The longest one decision's estimate may take (seconds) in a review with a time
#: limit: it says how many deals it used, so fewer deals in a hard position are honest.
#: Without a time limit every estimate uses all its deals (the same review every time).
ESTIMATE_SECONDS = 0.15


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat.

    ``round``: the record's round or deal (0-based); ``action``: how many of the
    record's actions came before it (``explain --at`` that number shows the moment);
    ``values``: each legal move's analysis; ``better``: the moves that would have done
    better than ``played`` with every card visible; ``tricks_lost``: how many tricks
    the best of them would have gained (0 when the gain is staying in the game);
    ``estimate``: each move's average tricks from the seat's own view, over
    ``samples`` sampled deals (only for losses; ``{}`` when no estimate was made);
    ``compared``: the better move with the best estimate, and ``difference`` its
    expected tricks minus the move played's over the same deals, with its 95 %
    interval ``low`` to ``high`` (only with two deals or more).
    """

    round: int
    action: int
    seat: int
    played: Any
    values: tuple[MoveAnalysis, ...]
    better: tuple[Any, ...]
    tricks_lost: int
    hidden: bool = False
    tips: tuple[str, ...] = ()
    estimate: dict[str, float] = field(default_factory=dict)
    samples: int = 0
    compared: Any = None
    difference: float = 0.0
    low: float = 0.0
    high: float = 0.0

    @property
    def verdict(self) -> str:
        """From the seat, by the interval: ``"mistake"`` (the better move scores more:
        it could have been found), ``"bet"`` (the move played scores more: bad luck),
        ``"none"`` (no measurable difference), ``""`` without an interval."""
        if self.compared is None:
            return ""
        if self.low > 0:
            return "mistake"
        if self.high < 0:
            return "bet"
        return "none"

    @property
    def best(self) -> bool:
        """Whether the move played was as good as any, with every card visible."""
        return not self.better

    @property
    def went_out(self) -> bool:
        """Whether the move played lost the round's survival that another move kept."""
        played = self._value(self.played)
        return played is not None and not played.survives and any(a.survives for a in self.values)

    def _value(self, move: Any) -> MoveAnalysis | None:
        for a in self.values:
            if a.move == move:
                return a
        return None

    def code(self, move: Any) -> str:
        """A move's code, the face-down card hidden."""
        a = self._value(move)
        return a.code if a is not None else move.code

    def name(self, move: Any) -> str:
        """A move's name in words, the face-down card hidden."""
        a = self._value(move)
        return a.label if a is not None else str(move)

    @property
    def reason(self) -> str:
        """Which tip pointed the way (the tips that applied then), or ``""``."""
        return " ".join(self.tips)

    def to_dict(self) -> dict[str, Any]:
        """One entry of ``reviews`` in ``kowhist-teach review --json`` (docs/records.md)."""
        return {
            "round": self.round,
            "action": self.action,
            "played": self.code(self.played),
            "better": [self.code(m) for m in self.better],
            "tricks_lost": self.tricks_lost,
            "went_out": self.went_out,
            "reason": self.reason,
            "estimate": {
                "samples": self.samples,
                "tricks": {self.code(m): round(v, 3) for m, v in self._estimate_items()},
                "difference": {
                    "better": self.code(self.compared),
                    "tricks": round(self.difference, 3),
                    "low": round(self.low, 3),
                    "high": round(self.high, 3),
                    "verdict": self.verdict,
                }
                if self.compared is not None
                else None,
            }
            if self.samples
            else None,
        }

    def _estimate_items(self) -> list[tuple[Any, float]]:
        out = []
        for a in self.values:
            if a.move.code in self.estimate:
                out.append((a.move, self.estimate[a.move.code]))
        return out


@dataclass
class Review:
    """A seat's decisions in a record: ``complete`` is false when the time limit
    stopped the review after ``reviewed`` of ``total`` decisions."""

    seat: int
    decisions: list[Decision]
    complete: bool
    total: int
    seconds: float
    #: False for a game without an analysis with every card visible.
    available: bool = True

    @property
    def losses(self) -> list[Decision]:
        """The decisions where another move would have done better."""
        return [d for d in self.decisions if not d.best]

    @property
    def reviewed(self) -> int:
        return len(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """The ``kowhist-teach review --json`` object (docs/records.md)."""
        return {
            "seat": self.seat,
            "label": _(LABEL),
            "complete": self.complete,
            "available": self.available,
            "decisions": self.total,
            "reviewed": self.reviewed,
            "best": [d.action for d in self.decisions if d.best],
            "reviews": [d.to_dict() for d in self.losses],
        }


def _flat_actions(record: dict[str, Any]) -> list[tuple[int, Any]]:
    """Every action of the record with the index of its round or deal."""
    lists = spec(record["game"]).record.action_lists(record)
    return [(i, a) for i, actions in enumerate(lists) for a in actions]


def _better_than(a: MoveAnalysis, b: MoveAnalysis, fewer: bool) -> bool:
    """Whether ``a`` does better than ``b`` for the seat (surviving first)."""
    if a.survives != b.survives:
        return a.survives
    return a.tricks < b.tricks if fewer else a.tricks > b.tricks


def review(
    source: Any,
    seat: int | None = None,
    *,
    time_limit: float | None = TIME_LIMIT,
    samples: int = SAMPLES,
    seed: int = 0,
    round: int | None = None,
) -> Review:
    """Review ``seat``'s decisions (default 0) in a record — a dict, a path — or in a
    game (its record so far). ``round``: only that round or deal. ``samples``: deals
    sampled for each loss's estimate from the seat (0: none). ``time_limit`` seconds at
    most (``None``: no limit): past it the review stops and says so."""
    record = to_record(source) if hasattr(source, "legal_moves") else load_record(source)
    seat = 0 if seat is None else seat
    start = time.perf_counter()
    give_up_at = float("inf") if time_limit is None else start + time_limit
    game_spec = spec(record["game"])
    hook = game_spec.record
    if not game_spec.analysis:
        return Review(seat, [], True, 0, 0.0, available=False)
    actions = _flat_actions(record)
    positions = []
    for n, (part, action) in enumerate(actions):
        if round is not None and part != round:
            continue
        positions.append((n, part, action))
    decisions: list[Decision] = []
    total = 0
    complete = True
    pending: list[tuple[int, int, Any, Any]] = []
    for n, part, action in positions:
        game = game_from_record(hook.record_at(record, n))
        if game.to_move != seat:
            continue
        pending.append((n, part, action, game))
    for n, part, action, game in pending:
        moves = game.legal_moves()
        if len(moves) < 2:
            continue
        total += 1
        if not complete:
            continue
        try:
            values = analyse(game, seat, time_limit=max(0.0, give_up_at - time.perf_counter()))
        except AnalysisTimeout:
            complete = False
            continue
        if not values:
            total -= 1
            continue
        played = next((a for a in values if a.move.code == str(action)), None)
        if played is None:
            total -= 1
            continue
        decisions.append(_decide(game, seat, n, part, played, values, samples, seed, give_up_at))
    return Review(seat, decisions, complete, total, time.perf_counter() - start)


def _decide(
    game: Any,
    seat: int,
    n: int,
    part: int,
    played: MoveAnalysis,
    values: list[MoveAnalysis],
    samples: int,
    seed: int,
    give_up_at: float,
) -> Decision:
    fewer = played.fewer_is_better
    better = [a for a in values if _better_than(a, played, fewer)]
    lost = 0
    if better:
        top = max(better, key=lambda a: (a.survives, -a.tricks if fewer else a.tricks))
        lost = abs(top.tricks - played.tricks) if top.survives == played.survives else 0
    hidden = played.hidden
    tips = tuple(t.text for t in tips_for(game, seat)) if better else ()
    estimate: dict[str, float] = {}
    done = 0
    compared, interval = None, (0.0, 0.0, 0.0)
    if better and samples:
        moves = [played.move, *(a.move for a in better)]
        until = give_up_at
        if until != float("inf"):  # a review without a time limit is reproducible
            until = min(until, time.perf_counter() + ESTIMATE_SECONDS)
        estimate, done, each = _estimate(game, moves, samples, seed, until)
        scored = [a.move for a in better if a.move.code in each]
        if done >= 2 and played.move.code in each and scored:
            compared = max(scored, key=lambda m: estimate[m.code])
            interval = _paired(each[compared.code], each[played.move.code])
    return Decision(
        round=part,
        action=n,
        seat=seat,
        played=played.move,
        values=tuple(values),
        better=tuple(a.move for a in better),
        tricks_lost=lost,
        hidden=hidden,
        tips=tips,
        estimate=estimate,
        samples=done,
        compared=compared,
        difference=interval[0],
        low=interval[1],
        high=interval[2],
    )


def _paired(better: list[float], played: list[float]) -> tuple[float, float, float]:
    """The mean of ``better - played`` over the same sampled deals and its 95 %
    interval (the deals are independent draws, so a paired normal interval)."""
    d = [b - p for b, p in zip(better, played, strict=True)]
    n = len(d)
    mean = sum(d) / n
    error = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
    return mean, mean - Z95 * error, mean + Z95 * error


def _estimate(
    game: Any, moves: list[Any], samples: int, seed: int, give_up_at: float
) -> tuple[dict[str, float], int, dict[str, list[float]]]:
    """The average tricks of ``moves`` over hidden hands dealt as the Monte Carlo bot
    deals them (the bots hook's search), from what the seat to move has seen; as many
    deals as fit before ``give_up_at`` (up to ``samples``); and each move's tricks deal
    by deal (for the interval of a difference)."""
    bot = SamplingBot(seed=seed, samples=samples)
    search = bots_of(game).search(game, bot)
    if search is None:
        return {}, 0, {}
    search.moves = [m for m in search.moves if m in moves]  # only these are scored
    each: list[list[float]] = [[] for _m in search.moves]
    done = 0
    for _i in range(samples):
        if time.perf_counter() > give_up_at:
            break
        world = search.deal()
        if world is None:
            break
        try:
            results = search.results(world, give_up_at)
        except AnalysisTimeout:
            break
        for j, r in enumerate(results):
            each[j].append(float(r))
        done += 1
    if not done:
        return {}, 0, {}
    return (
        {m.code: sum(e) / done for m, e in zip(search.moves, each, strict=True)},
        done,
        {m.code: e for m, e in zip(search.moves, each, strict=True)},
    )


#: The app's review panel waits at most this long (seconds); past it the review is
#: partial and says so.
PANEL_TIME_LIMIT = 2.0


def review_lines(source: Any, seat: int | None = None, **options: Any) -> list[str]:
    """The review in sentences, for the app's review panel: ``review(source, seat,
    **options)`` told by :func:`lines_of`, within :data:`PANEL_TIME_LIMIT` seconds unless
    ``time_limit`` is given (``round=`` reviews one round, e.g. the one just over)."""
    options.setdefault("time_limit", PANEL_TIME_LIMIT)
    return lines_of(review(source, seat, **options))


def lines_of(r: Review) -> list[str]:
    """A :class:`Review` told in sentences (the chosen language)."""
    lines = [_("Review, with every card visible:")]
    if not r.available:
        lines.append(_("This game has no analysis with every card visible: nothing to review."))
    elif not r.total:
        lines.append(_("No decision to review yet."))
    for d in r.losses:
        lines.append(_loss_line(d))
    best = sum(1 for d in r.decisions if d.best)
    if r.decisions:
        lines.append(
            ngettext(
                "{n} of your {total} decisions was the best play with every card visible.",
                "{n} of your {total} decisions were the best play with every card visible.",
                best,
            ).format(n=best, total=r.reviewed)
        )
    if not r.complete:
        lines.append(
            _(
                "The review stopped at its time limit: {done} of {total} decisions "
                "reviewed. Review one round at a time (--round) for the rest."
            ).format(done=r.reviewed, total=r.total)
        )
    return lines


def _loss_line(d: Decision) -> str:
    better = join((d.name(m) for m in d.better), "or")
    where = _("Round {round}, action {action}").format(round=d.round + 1, action=d.action)
    if d.went_out:
        text = _(
            "{where}: you played {played} and went out; {better} would have kept you in, "
            "with every card visible."
        ).format(where=where, played=d.name(d.played), better=better)
    else:
        text = ngettext(
            "{where}: you played {played}; {better} would have taken {n} more trick, "
            "with every card visible.",
            "{where}: you played {played}; {better} would have taken {n} more tricks, "
            "with every card visible.",
            d.tricks_lost,
        ).format(where=where, played=d.name(d.played), better=better, n=d.tricks_lost)
    if d.samples:
        parts = join(
            _("{move} {tricks}").format(move=d.name(m), tricks=decimal(v, 2))
            for m, v in d._estimate_items()
        )
        text += " " + ngettext(
            "From your seat (an estimate from {n} deal of the hidden cards), tricks "
            "expected: {parts}.",
            "From your seat (an estimate from {n} deals of the hidden cards), tricks "
            "expected: {parts}.",
            d.samples,
        ).format(n=d.samples, parts=parts)
    if d.verdict:
        words = {
            "mistake": _(
                "from your seat too the other card was better: a mistake you could have seen"
            ),
            "bet": _("from your seat your card was the better bet: bad luck"),
            "none": _("no measurable difference from your seat: perhaps only bad luck"),
        }[d.verdict]
        # Numbers by the language's rules (i18n.formats), two decimals as the estimate.
        text += " " + _(
            "{better} minus {played}: {diff}, 95% interval {low} to {high}: {verdict}."
        ).format(
            better=d.name(d.compared),
            played=d.name(d.played),
            diff=signed(d.difference, 2),
            low=signed(d.low, 2),
            high=signed(d.high, 2),
            verdict=words,
        )
    if d.tips:
        text += " " + _("The tip then: {tip}").format(tip=d.reason)
    return text
