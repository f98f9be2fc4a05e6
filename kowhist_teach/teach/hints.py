"""The hint: a move to make now, with its reason, in every game.

A hint speaks to the student at their turn and says only what they could know:

1. **a suggestion** — one card or call (the rules-of-thumb bot's move) with the
   reason in one sentence: the tip it follows (the teaching hook's
   ``suggestion_reason``), else what the move does;
2. **every legal move explained** (asked for with the hint, shown below it);
3. **the tips** that can change the decision (none with one legal move);
4. **an estimate from the student's seat**: the hidden hands are dealt at random,
   consistently with what the student has seen (the Monte Carlo bot's sampling, through
   ``spec_of(game).bots``), and each legal move gets its chance to take at least one
   more trick and its expected tricks — labelled "an estimate from N deals";
5. **the analysis with every card visible**, labelled so, and shown only as the
   teacher's setting ``analysis`` allows: ``"off"`` (never), ``"after"`` (the default:
   only once the deal is over, so never during play) or ``"request"`` (with the hint).

After the game, or when it is not the student's turn, the hint says so in ``notice``
and has nothing else (the widgets then leave the story alone). A blind dog's
face-down card is never named: every output calls it "your face-down card".

It asks the game only through its hooks (``teaching``, ``bots``) and never which game
it holds.

>>> from kowhist_teach import KnockoutGame
>>> h = hint(KnockoutGame(3, seed=2), estimate_samples=0)
>>> h.move is not None and h.suggestion.startswith('The rules bot would play ')
True
>>> h.analysis, h.analysis_note
([], 'The analysis with every card visible is shown once the deal is over.')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card
from ..core.hooks.bots import SamplingBot
from ..core.moves import PASS, Call, Move
from ..core.registry import spec_of
from ..core.trick_solver import AnalysisTimeout
from ..core.words import labelled, sentence
from ..i18n import _, ngettext
from ..i18n.formats import decimal, join, percent
from .bots import make_bot
from .explain import explain_moves
from .solver import analyse, has_analysis
from .tips import tips_for

__all__ = [
    "ANALYSIS_SETTINGS",
    "HINT_SECONDS",
    "Hint",
    "MoveEstimate",
    "analysis_allowed",
    "estimate",
    "hint",
    "move_name",
]

#: How long a hint may think in all (the student waits meanwhile): DESIGN's 0.3 s less
#: a margin for the suggestion, the explanations and the tips, which take a few ms.
HINT_SECONDS = 0.28

#: The teacher's settings for the analysis with every card visible.
ANALYSIS_SETTINGS = ("off", "after", "request")

#: A move chooser for the suggestion: the move, and "" (or what went wrong).
Chooser = Callable[[Any], "tuple[Move, str]"]


@dataclass(frozen=True)
class MoveEstimate:
    """One legal move judged from the student's seat over ``deals`` sampled deals:
    how often it takes at least one more trick, and the tricks it takes on average."""

    move: Move
    deals: int
    at_least_one: float
    expected: float


@dataclass
class Hint:
    """What a hint says (every text already in the chosen language).

    ``notice`` is set (and everything else empty) when there is no hint to give: the
    game is over, or it is not the student's turn.
    """

    notice: str = ""
    move: Move | None = None
    suggestion: str = ""
    #: Whether the suggestion's reason is a tip it follows (else the move's own reason).
    follows: bool = False
    others: str = ""
    moves: list[str] = field(default_factory=list)
    tips: list[str] = field(default_factory=list)
    estimate: list[str] = field(default_factory=list)
    estimate_label: str = ""
    analysis: list[str] = field(default_factory=list)
    analysis_label: str = ""
    analysis_note: str = ""

    def lines(self, every_move: bool = False) -> list[str]:
        """The hint as lines of text: the suggestion, the other moves (or, with
        ``every_move``, every legal move explained), the estimate, the analysis, then
        the tips."""
        if self.notice:
            return [self.notice]
        out = [self.suggestion]
        if every_move:
            out.extend(self.moves)
        elif self.others:
            out.append(self.others)
        if self.estimate:
            out.append(sentence(self.estimate_label.capitalize()))
            out.extend(self.estimate)
        if self.analysis_label:
            out.append(sentence(self.analysis_label.capitalize()))
        out.extend(self.analysis)
        out.extend(self.tips)
        return [x for x in out if x]


def move_name(game: Any, seat: int, move: Move, label: Callable[[Move], str] | None = None) -> str:
    """``move`` in words for ``seat``: ``label(move)`` (a card's label by default), or
    "your face-down card" where naming it would show a card nobody may see.

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(3, seed=2)
    >>> move_name(g, g.to_move, g.legal_moves()[0]) == g.legal_moves()[0].label
    True
    """
    if spec_of(game).teaching.hidden_move(game, seat, move):
        return _("your face-down card")
    if label is not None:
        return label(move)
    return move.label if isinstance(move, Card) else move.code


def analysis_allowed(setting: str, game: Any) -> bool:
    """Whether the analysis with every card visible may be shown now under the
    teacher's ``setting`` (see :data:`ANALYSIS_SETTINGS`): never when ``"off"``; with
    ``"after"`` only once the deal is over; with ``"request"`` whenever asked.

    >>> from kowhist_teach import KnockoutGame
    >>> analysis_allowed('after', KnockoutGame(3, seed=1)), analysis_allowed('request', None)
    (False, True)
    """
    if setting not in ANALYSIS_SETTINGS:
        raise ValueError(
            f"unknown analysis setting {setting!r}: choose one of {', '.join(ANALYSIS_SETTINGS)}"
        )
    if setting == "off":
        return False
    if setting == "request":
        return True
    return bool(game.is_over())


def _rules_choice(seed: int) -> Chooser:
    def choose(game: Any) -> tuple[Move, str]:
        legal = game.legal_moves()
        try:
            move = make_bot("rules", seed).choose(game.clone())
        except Exception as e:  # a bug in a bot must not cost the student the hint
            return legal[0], f"{type(e).__name__}: {e}"
        if move not in legal:
            return legal[0], f"illegal move {move!r}"
        return move, ""

    return choose


#: The solver work an estimate may do (nodes, as :meth:`Search.work` counts them; the
#: deal that would pass it is left out): a few tenths of a second of the trick solver
#: at most, so that a hint answers within 0.3 s at 6-7 players, where one deal of a
#: 7-card round's first tricks can cost a hundred thousand nodes and the full estimate
#: seconds. A budget of work rather than of time gives the same estimate on a busy
#: machine. ``tests/test_hints.py`` checks, on a seeded sample of positions, that the
#: move the estimate rates best is one the full estimate (every deal) rates best too
#: in at least 95 % of them.
ESTIMATE_NODES = 60_000


def estimate(
    game: Any,
    seat: int,
    samples: int = 24,
    seed: int = 0,
    time_limit: float | None = 1.0,
    nodes: int | None = ESTIMATE_NODES,
) -> list[MoveEstimate]:
    """Each legal move of ``seat`` (the player to move) judged from their seat: the
    hidden cards are dealt ``samples`` times at random, consistently with what the seat
    has seen (the game's Monte Carlo search, ``spec_of(game).bots.search``), and each
    move's result in each deal is counted. ``[]`` where the game has no such search
    here (a call, one legal move, German Whist's hidden stock) or no deal was done in
    ``time_limit`` seconds or within ``nodes`` of solver work (``None``: no such
    limit; the deal that would pass it is left out).

    >>> from kowhist_teach import KnockoutGame
    >>> est = estimate(KnockoutGame(3, seed=2), 1, samples=4, time_limit=None)
    >>> all(e.deals == 4 and 0 <= e.at_least_one <= 1 for e in est) and len(est) > 1
    True
    """
    if samples <= 0 or game.to_move != seat or game.is_over():
        return []
    game_spec = spec_of(game)
    if not game_spec.has("bots"):
        return []
    bot = SamplingBot(seed, samples, time_limit)
    bot.rules = make_bot("rules", seed)
    search = game_spec.bots.search(game, bot)
    if search is None:
        return []
    search.node_limit = nodes
    teaching = game_spec.teaching
    deadline = time.perf_counter() + time_limit if time_limit is not None else float("inf")
    counts = [[0, 0] for _m in search.moves]
    done = 0
    for _i in range(samples):
        if time.perf_counter() > deadline:
            break
        world = search.deal()
        if world is None:
            break
        try:
            results = search.results(world, deadline)
        except AnalysisTimeout:
            break
        for row, result in zip(counts, results, strict=True):
            tricks = teaching.estimate_tricks(game, seat, result)
            row[0] += tricks >= 1
            row[1] += tricks
        done += 1
    if not done:
        return []
    return [
        MoveEstimate(m, done, ones / done, total / done)
        for m, (ones, total) in zip(search.moves, counts, strict=True)
    ]


def _estimate_lines(game: Any, seat: int, found: list[MoveEstimate], label: Any) -> list[str]:
    return [
        sentence(
            _("{move}: at least one more trick in {pct} of them, {tricks} on average").format(
                move=move_name(game, seat, e.move, label),
                pct=percent(e.at_least_one, 0),
                tricks=decimal(e.expected),
            )
        )
        for e in found
    ]


def _analysis_lines(game: Any, seat: int, label: Any, time_limit: float) -> tuple[list[str], str]:
    """The analysis with every card visible, and its label (``""`` when the lines only
    say why there is none)."""
    game_spec = spec_of(game)
    ui = game_spec.ui if game_spec.has("ui") else None
    try:
        results = analyse(game, seat, time_limit=time_limit)
    except AnalysisTimeout:
        return [_("Too many cards for a quick analysis: ask again when fewer are left.")], ""
    except TypeError:  # the game has no analysis
        return [], ""
    if not results and ui is not None and ui.analysis_hidden(game):
        text = _("No analysis before phase 2: the order of the stock is hidden from everyone.")
        return [text], ""
    goal = ui.analysis_goal if ui is not None else "survive"
    out = []
    for a in results:
        verdict = _("survives") if a.survives else _("does not survive")
        if goal == "win":
            verdict = _("wins the hand") if a.survives else _("does not win the hand")
        out.append(
            ngettext(
                "{move}: {n} more trick guaranteed, {verdict}",
                "{move}: {n} more tricks guaranteed, {verdict}",
                a.tricks,
            ).format(move=move_name(game, seat, a.move, label), n=a.tricks, verdict=verdict)
        )
    return out, _("best play if every card were visible") if out else ""


def _suggestion(move: Move) -> str:
    """The hint's first sentence, with the verb of that kind of move: a card is played,
    a bid is bid, trumps are named, a pass is a pass (not "would play Pass").

    >>> _suggestion(PASS)
    'The rules bot would pass: {reason}'
    """
    if move is PASS:
        return _("The rules bot would pass: {reason}")
    if isinstance(move, Call):
        if move.is_bid:
            return _("The rules bot would bid {move}: {reason}")
        if move.is_trump:
            return _("The rules bot would name {move}: {reason}")
        return _("The rules bot would choose {move}: {reason}")
    return _("The rules bot would play {move}: {reason}")


def hint(
    game: Any,
    seat: int | None = None,
    *,
    analysis: str = "after",
    label: Callable[[Move], str] | None = None,
    choose: Chooser | None = None,
    seed: int = 0,
    estimate_samples: int = 16,
    time_limit: float = HINT_SECONDS,
) -> Hint:
    """The hint for ``seat`` (default: the player to move) in ``game``.

    ``analysis`` is the teacher's setting (:data:`ANALYSIS_SETTINGS`); ``label`` names
    a move as the caller's buttons do; ``choose`` picks the suggested move (default:
    the rules bot with ``seed``; it returns the move and what went wrong, if anything);
    ``estimate_samples`` deals are sampled for the estimate from the student's seat (0:
    none). ``time_limit`` bounds the hint's thinking as a whole, since the student
    waits for it: the estimate stops after half of it (saying from how many deals it
    comes), and the analysis with every card visible gets what is left, or says that
    there are too many cards for a quick one (ask again a trick later).
    """
    deadline = time.perf_counter() + time_limit
    analysis_allowed(analysis, game)  # an unknown setting is refused at once
    me = game.to_move if seat is None else seat
    if game.is_over():
        return Hint(notice=_("The game is over: deal again or replay this deal."))
    if me is None or game.to_move != me:
        return Hint(notice=_("Hints are for your turn."))
    legal = game.legal_moves()
    notes = {e.move: e.reason for e in explain_moves(game, me) if e.legal}

    def named(m: Move) -> str:
        return move_name(game, me, m, label)

    move, problem = (choose or _rules_choice(seed))(game)
    out = Hint(move=None if problem else move)
    if problem:
        text = _("The rules bot went wrong ({problem}), so it has no hint for you")
        out.suggestion = sentence(text.format(problem=problem))
        others = legal
    else:
        tips = tips_for(game, me)
        reason = spec_of(game).teaching.suggestion_reason(game, me, move, tips)
        if reason:
            out.follows = True
        else:
            reason = notes.get(move) or sentence(game.why_illegal(move) or "")
        out.suggestion = sentence(_suggestion(move).format(move=named(move), reason=reason))
        others = [m for m in legal if m != move]
    if others:
        out.others = sentence(
            _("Other moves open to you: {moves}").format(
                moves=join((named(m) for m in others), "or")
            )
        )
    out.moves = [labelled(named(m), notes[m]) for m in legal if m in notes]
    out.tips = [t.text for t in tips_for(game, me)]
    found = estimate(game, me, estimate_samples, seed, time_limit / 2)
    if found:
        n = found[0].deals
        out.estimate_label = ngettext(
            "an estimate from {n} deal of the hidden cards, consistent with what you have seen",
            "an estimate from {n} deals of the hidden cards, consistent with what you have seen",
            n,
        ).format(n=n)
        out.estimate = _estimate_lines(game, me, found, label)
    if analysis_allowed(analysis, game):
        left = max(deadline - time.perf_counter(), 0.0)
        out.analysis, out.analysis_label = _analysis_lines(game, me, label, left)
    elif analysis == "after" and has_analysis(game):
        # Only where there is one to promise (not Oh Hell, the whist family, the dummy).
        out.analysis_note = _(
            "The analysis with every card visible is shown once the deal is over."
        )
    return out
