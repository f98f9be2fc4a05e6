"""Simulations on every core: the same result in one process or several, progress
reported, the terminal bar only where it belongs."""

from __future__ import annotations

import io

from kowhist_teach.cli.simulate import TerminalBar
from kowhist_teach.teach.simulate import simulate


def test_workers_do_not_change_the_result() -> None:
    kwargs = dict(game="knockout", players=4, games=45, seed=5, bots=["rules", "random"] * 2)
    one = simulate(**kwargs, workers=1)
    two = simulate(**kwargs, workers=2)
    assert (one["wins"], one["draws"]) == (two["wins"], two["draws"])
    assert sum(one["wins"]) == 45


def test_workers_do_not_change_german_or_partnership_results() -> None:
    for game, players in (("german", 2), ("whist", 4)):
        one = simulate(game, players, 24, seed=2, bots=["rules"] * players, workers=1)
        two = simulate(game, players, 24, seed=2, bots=["rules"] * players, workers=2)
        assert one["wins"] == two["wins"] and one["draws"] == two["draws"]


def test_progress_is_reported_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate(players=3, games=25, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls[0] == (0, 25) and calls[-1] == (25, 25)
    assert [d for d, _t in calls] == sorted(d for d, _t in calls)


def test_terminal_bar_draws_in_place() -> None:
    out = io.StringIO()
    bar = TerminalBar(out, width=4)
    bar(0, 8)
    bar(8, 8)
    bar.close()
    assert out.getvalue().endswith("\r[####] 8/8 100%\n")


def test_the_lean_core_gives_the_engines_result(monkeypatch) -> None:
    """Knock-Out tables of rules and random bots play on the lean core (the playout
    hook); without the hook the full engine plays the very same games."""
    from kowhist_teach.core.registry import spec
    from kowhist_teach.games.knockout.engine import Rules

    ko = spec("knockout")
    assert ko.has("playout") and ko.playout.plays(["rules", "random"])
    for rules in (None, Rules(dogs_chance=True, reentry=True)):
        kwargs = dict(players=4, games=30, seed=3, bots=["rules", "random", "rules", "rules"])
        lean = simulate(**kwargs, rules=rules, workers=1)
        with monkeypatch.context() as m:
            m.delitem(ko.hooks, "playout")
            full = simulate(**kwargs, rules=rules, workers=1)
        assert (lean["wins"], lean["draws"]) == (full["wins"], full["draws"])
