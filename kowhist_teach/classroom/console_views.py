"""What the teacher's console shows, as data and words, without widgets: each student's
line, the games rebuilt from the store, the results of a deal side by side and the
analysis of its first position. :mod:`.console` puts them on the page.

Everything here reads the class store (:class:`~.store.ClassStore`) and asks games only
through the registry and their hooks.

>>> ago(3), ago(42), ago(150)
('just now', '40 seconds ago', '2 minutes ago')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..core.record import game_from_record, record_hook
from ..core.registry import GameSpec, game_names, spec, spec_of
from ..core.trick_solver import AnalysisTimeout
from ..i18n import _, ngettext
from ..i18n.formats import join
from ..teach.hints import move_name
from ..teach.solver import analyse, has_analysis
from ..widgets._common import esc, tag
from ..widgets._games import family_table, spec_ui
from .schema import Deal, GameRow, Student
from .store import ClassStore

__all__ = [
    "ANALYSIS_SECONDS",
    "DealResult",
    "StudentLine",
    "ago",
    "best_and_worst",
    "best_and_worst_html",
    "deal_analysis",
    "deal_game",
    "deal_results",
    "first_deal",
    "fitted_players",
    "line_text",
    "results_html",
    "round_words",
    "row_game",
    "state_words",
    "student_lines",
]

#: The longest the console spends on the analysis of a deal's first position: past it,
#: a note says so (seven hands of seven cards can take minutes).
ANALYSIS_SECONDS = 2.0


@dataclass(frozen=True)
class StudentLine:
    """One student's line of the console, read from the store."""

    #: The student's id in the store.
    id: int
    #: The name they typed.
    name: str
    #: Whether their page was seen lately.
    connected: bool
    #: The record name of the game they play now (``None`` before their first game).
    game: str | None
    #: The round (hand, deal) they are in, from 1.
    round: int | None
    #: Their tricks in that round.
    tricks: int | None
    #: ``playing``, ``out``, ``dog``, ``won``, ``lost`` or ``drawn`` (as their page says).
    state: str | None
    #: Who won their game, if it is over.
    winner: str | None
    #: Illegal cards tried, hints asked, quiz questions answered and answered right.
    illegal: int
    hints: int
    quiz: int
    quiz_right: int
    #: Seconds since their last move, event or heartbeat.
    idle: float | None
    #: Their latest game's id and when it last changed (what a redraw depends on).
    game_id: int | None = None
    updated: float | None = None


@dataclass(frozen=True)
class DealResult:
    """One student's game of a deal sent to everyone."""

    #: The student's name.
    name: str
    #: The game's id in the store.
    game_id: int
    #: Their tricks in each round (hand, deal) so far.
    tricks_by_round: tuple[int, ...]
    #: Their state (see :attr:`StudentLine.state`).
    state: str | None
    #: Who won, once the game is over.
    winner: str | None
    #: Whether the game is over.
    over: bool

    @property
    def total(self) -> int:
        """Every trick they took in the deal's game.

        >>> DealResult("Ann", 1, (3, 1), "playing", None, False).total
        4
        """
        return sum(self.tricks_by_round)


# ------------------------------------------------------------------ small words
def _int(value: Any) -> int | None:
    """``value`` if it is a whole number (a page's progress is not trusted), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def ago(seconds: float | None) -> str:
    """How long ago, coarsely: in tens of seconds under a minute, then minutes, then
    hours (a line that changes only every ten seconds or more keeps an idle console
    quiet).

    >>> ago(None), ago(9.9), ago(61), ago(7300)
    ('never', 'just now', '1 minute ago', '2 hours ago')
    """
    if seconds is None:
        return _("never")
    seconds = max(0.0, seconds)
    if seconds < 10:
        return _("just now")
    if seconds < 60:
        n = int(seconds) // 10 * 10
        return ngettext("{n} second ago", "{n} seconds ago", n).format(n=n)
    if seconds < 3600:
        n = int(seconds // 60)
        return ngettext("{n} minute ago", "{n} minutes ago", n).format(n=n)
    n = int(seconds // 3600)
    return ngettext("{n} hour ago", "{n} hours ago", n).format(n=n)


def round_words(game: str | None, n: int) -> str:
    """Round ``n`` in the game's own word: a hand of a game with a stock, a deal of a
    game played deal after deal at the family's table, else a round.

    >>> round_words("knockout", 3), round_words("german", 1), round_words("whist", 2)
    ('round 3', 'hand 1', 'deal 2')
    """
    game_spec = _spec(game)
    if game_spec is not None and game_spec.stock:
        return _("hand {n}").format(n=n)
    if game_spec is not None and family_table(game_spec):
        return _("deal {n}").format(n=n)
    return _("round {n}").format(n=n)


def state_words(state: str | None) -> str:
    """A student's state in words (``""`` while playing or unknown).

    >>> state_words("out"), state_words("playing"), state_words("martian")
    ('knocked out', '', '')
    """
    words = {
        "out": _("knocked out"),
        "dog": _("dog"),
        "won": _("won"),
        "lost": _("lost"),
        "drawn": _("drawn"),
        "abandoned": _("abandoned"),
    }
    return words.get(state or "", "")


def _spec(game: str | None) -> GameSpec | None:
    return spec(game) if game in game_names() else None


def _game_name(game: str | None) -> str:
    game_spec = _spec(game)
    return game_spec.display_name() if game_spec is not None else str(game or "")


# ---------------------------------------------------------------- the students
def student_lines(
    store: ClassStore,
    now: float | None = None,
    games: dict[int, tuple[float | None, GameRow | None]] | None = None,
) -> list[StudentLine]:
    """Every student's line, in the order they joined.

    ``games`` keeps each student's latest game from one call to the next, with their
    last activity then: a game is read again only when that has moved (every move and
    every new game moves it), so a console polling an idle class reads little.

    >>> import tempfile
    >>> store = ClassStore.open(tempfile.mkdtemp())
    >>> ann = store.join("a" * 32, "Ann")
    >>> store.add_event(ann.id, None, "hint")
    >>> [(s.name, s.connected, s.hints, s.game) for s in student_lines(store)]
    [('Ann', True, 1, None)]
    """
    now = time.time() if now is None else now
    games = {} if games is None else games
    counts = store.event_counts()
    last = store.last_activity()
    lines = []
    for student in store.students():
        seen = last.get(student.id)
        kept = games.get(student.id)
        if kept is None or kept[0] != seen:
            kept = games[student.id] = (seen, store.current_game(student.id))
        lines.append(_line(student, kept[1], counts.get(student.id, {}), seen, now))
    return lines


def _state(game: GameRow | None, progress: dict[str, Any]) -> str | None:
    """The state a console shows: ``abandoned`` for a game replaced before its end (by
    the teacher's new game or deal), else what the student's page last said."""
    if game is not None and game.status == "abandoned":
        return "abandoned"
    return _text(progress.get("state"))


def _line(
    student: Student, game: GameRow | None, counts: dict[str, int], last: float | None, now: float
) -> StudentLine:
    progress = game.progress if game is not None and isinstance(game.progress, dict) else {}
    return StudentLine(
        id=student.id,
        name=student.name,
        connected=student.connected(now),
        game=game.game if game is not None else None,
        round=_int(progress.get("round")),
        tricks=_int(progress.get("tricks")),
        state=_state(game, progress),
        winner=_text(progress.get("winner")),
        illegal=counts.get("illegal", 0),
        hints=counts.get("hint", 0),
        quiz=counts.get("quiz", 0),
        quiz_right=counts.get("quiz_right", 0),
        idle=now - last if last else None,
        game_id=game.id if game is not None else None,
        updated=game.updated_at if game is not None else None,
    )


def line_text(line: StudentLine) -> str:
    """The student's line as one text that starts with their name (plain text: it is
    a button's words).

    >>> line_text(StudentLine(1, "Ann", True, "knockout", 3, 2, "dog", None, 1, 0, 3, 2, 12.0))
    'Ann · connected · Knock-Out Whist, round 3 · 2 tricks · dog · 1 illegal card tried · 0 hints · quiz 2/3 · 10 seconds ago'
    """  # noqa: E501 - one line, as it shows
    parts = [line.name, _("connected") if line.connected else _("away")]
    if line.game is None:
        parts.append(_("no game yet"))
    else:
        where = _game_name(line.game)
        if line.round is not None:
            where = _("{game}, {round}").format(
                game=where, round=round_words(line.game, line.round)
            )
        parts.append(where)
    if line.tricks is not None:
        parts.append(ngettext("{n} trick", "{n} tricks", line.tricks).format(n=line.tricks))
    state = state_words(line.state)
    if state:
        parts.append(state)
    if line.winner:
        parts.append(_("winner: {name}").format(name=line.winner))
    parts.append(
        ngettext("{n} illegal card tried", "{n} illegal cards tried", line.illegal).format(
            n=line.illegal
        )
    )
    parts.append(ngettext("{n} hint", "{n} hints", line.hints).format(n=line.hints))
    parts.append(_("quiz {right}/{answered}").format(right=line.quiz_right, answered=line.quiz))
    parts.append(ago(line.idle))
    return " · ".join(parts)


# ------------------------------------------------------------------- the games
def fitted_players(game_spec: GameSpec, players: Any) -> int:
    """``players`` brought into the game's range (its own count for a game of a fixed
    number of players).

    >>> fitted_players(spec("german"), 4), fitted_players(spec("knockout"), 9)
    (2, 7)
    """
    low, high = game_spec.players
    n = _int(players)
    return low if n is None else max(low, min(high, n))


def _new_game(game: str, players: int, rules: dict[str, Any], seed: int) -> Any:
    """The game a seed deals, made as a student's table makes it (through the ``ui``
    hook, so a game that plays matches starts as its table starts it)."""
    game_spec = spec(game)
    return spec_ui(game_spec).new_game(
        game_spec,
        1,
        players=fitted_players(game_spec, players),
        rules=game_spec.rules.from_dict(rules or {}),
        seed=seed,
    )


def row_game(row: GameRow) -> Any:
    """A student's game as stored: its record replayed, or before the first save the
    game its seed deals. Raises a one-line error (``RecordError``, ``SetupError``) when
    it cannot be rebuilt."""
    if row.record:
        return game_from_record(row.record)
    if row.seed is None:
        raise ValueError(_("this game has no moves saved yet"))
    return _new_game(row.game, row.players, row.rules, int(row.seed))


def first_deal(record: dict[str, Any]) -> dict[str, Any]:
    """A record cut back to its first deal, before any action: what the class is sent
    (the rest of a record is how somebody played it, and nobody should see that).

    >>> from kowhist_teach.widgets.stepper import example_records
    >>> cut = first_deal(example_records()["knockout-whole-game"])
    >>> len(cut["rounds"]), cut["rounds"][0]["actions"]
    (1, [])
    """
    return record_hook(record).record_at(record, 0)


def deal_game(deal: Deal) -> Any:
    """The first position of a deal sent to the class (every hand dealt, nothing
    played)."""
    if deal.record:
        return game_from_record(first_deal(deal.record))
    assert deal.seed is not None  # the store refuses a deal with neither
    return _new_game(deal.game, deal.players, deal.rules, int(deal.seed))


def deal_analysis(game: Any, time_limit: float = ANALYSIS_SECONDS) -> tuple[str, list[str]]:
    """The analysis with every card visible of the first move: its label and one line
    per move; or no label and one line saying why there is none.

    >>> label, lines = deal_analysis(spec("knockout").new_game(players=2, seed=5), 600)
    >>> label, len(lines) > 1
    ('best play if every card were visible', True)
    """
    seat = game.to_move
    if seat is None or not has_analysis(game):
        return "", [_("No analysis with every card visible for this first position.")]
    ui = spec_ui(spec_of(game))
    try:
        found = analyse(game, seat, time_limit=time_limit)
    except AnalysisTimeout:
        return "", [_("Too many cards for a quick analysis: ask again when fewer are left.")]
    if not found:
        if ui.analysis_hidden(game):
            return "", [
                _("No analysis before phase 2: the order of the stock is hidden from everyone.")
            ]
        return "", [_("No analysis with every card visible for this first position.")]
    lines = [_("{name} plays first.").format(name=game.names[seat])]
    for a in found:
        verdict = _("survives") if a.survives else _("does not survive")
        if ui.analysis_goal == "win":
            verdict = _("wins the hand") if a.survives else _("does not win the hand")
        lines.append(
            ngettext(
                "{move}: {n} more trick guaranteed, {verdict}",
                "{move}: {n} more tricks guaranteed, {verdict}",
                a.tricks,
            ).format(move=move_name(game, seat, a.move), n=a.tricks, verdict=verdict)
        )
    if game.n > 2:
        # With three or more players a guarantee holds against all the others at once.
        return _("best play if every card were visible, with all the others against you"), lines
    return _("best play if every card were visible"), lines


# ------------------------------------------------------------------- a deal's results
def deal_results(store: ClassStore, deal: Deal) -> list[DealResult]:
    """Each student's latest game of ``deal``, in the order they joined."""
    names = {s.id: s.name for s in store.students()}
    latest: dict[int, GameRow] = {}
    for row in store.games(deal_id=deal.id):
        latest[row.student_id] = row  # oldest first: the last one kept is the latest
    results = []
    for student_id in sorted(latest):
        row = latest[student_id]
        progress = row.progress if isinstance(row.progress, dict) else {}
        rounds = progress.get("tricks_by_round")
        tricks = tuple(t for t in rounds if _int(t) is not None) if isinstance(rounds, list) else ()
        results.append(
            DealResult(
                name=names.get(student_id, "?"),
                game_id=row.id,
                tricks_by_round=tricks,
                state=_state(row, progress),
                winner=_text(progress.get("winner")),
                over=row.over,
            )
        )
    return results


def results_html(results: list[DealResult], game: str | None) -> str:
    """The results side by side: a column per student, a row per round, then the total,
    how it ended and who won.

    >>> html = results_html([DealResult("Ann", 1, (3, 1), "out", None, True)], "knockout")
    >>> "<th>Ann</th>" in html and "knocked out" in html
    True
    """
    if not results:
        return tag("p", _("Nobody has played this deal yet."), "font-style:italic")
    rounds = max(len(r.tricks_by_round) for r in results)
    head = "".join(f"<th>{esc(r.name)}</th>" for r in results)
    rows = [f"<tr><td></td>{head}</tr>"]  # the corner: a plain cell, not an empty header
    for i in range(rounds):
        cells = "".join(
            f"<td>{r.tricks_by_round[i] if i < len(r.tricks_by_round) else ''}</td>"
            for r in results
        )
        rows.append(f"<tr><th>{esc(round_words(game, i + 1).capitalize())}</th>{cells}</tr>")
    totals = "".join(f"<td><b>{r.total}</b></td>" for r in results)
    # The words outside the f-strings: the catalogue's extraction cannot see inside them.
    in_all, result, winner = esc(_("Tricks in all")), esc(_("Result")), esc(_("Winner"))
    rows.append(f"<tr><th>{in_all}</th>{totals}</tr>")
    ends = "".join(f"<td>{esc(_ended(r))}</td>" for r in results)
    rows.append(f"<tr><th>{result}</th>{ends}</tr>")
    winners = "".join(f"<td>{esc(r.winner or '')}</td>" for r in results)
    rows.append(f"<tr><th>{winner}</th>{winners}</tr>")
    return f'<table class="kw-results-table">{"".join(rows)}</table>'


def _ended(result: DealResult) -> str:
    words = state_words(result.state)
    if words:
        return words
    return _("finished") if result.over else _("still playing")


def best_and_worst(results: list[DealResult]) -> tuple[list[DealResult], list[DealResult]]:
    """The students who took the most tricks of the deal, and those who took the fewest
    (ties together; nobody twice when everyone took as many).

    >>> a, b = DealResult("Ann", 1, (3,), None, None, True), DealResult("Ben", 2, (1,), None, None, True)
    >>> [[r.name for r in side] for side in best_and_worst([a, b])]
    [['Ann'], ['Ben']]
    """  # noqa: E501 - a doctest line
    if not results:
        return [], []
    most = max(r.total for r in results)
    fewest = min(r.total for r in results)
    best = [r for r in results if r.total == most]
    worst = [r for r in results if r.total == fewest] if fewest != most else []
    return best, worst


def best_and_worst_html(results: list[DealResult]) -> str:
    """The best and the worst the class found, naming the students.

    >>> a, b = DealResult("Ann", 1, (3,), None, None, True), DealResult("Ben", 2, (1,), None, None, True)
    >>> best_and_worst_html([a, b])
    '<p>Most tricks: Ann (3).</p><p>Fewest tricks: Ben (1).</p>'
    """  # noqa: E501 - a doctest line
    best, worst = best_and_worst(results)
    out = []
    if best:
        names = join(r.name for r in best)
        out.append(tag("p", _("Most tricks: {names} ({n}).").format(names=names, n=best[0].total)))
    if worst:
        names = join(r.name for r in worst)
        out.append(
            tag("p", _("Fewest tricks: {names} ({n}).").format(names=names, n=worst[0].total))
        )
    return "".join(out)
