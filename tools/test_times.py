#!/usr/bin/env python3
"""Where ``make test``'s seconds go, from pytest's JUnit XML: per test file, per fixture
setup (the Voilà servers, the fresh environments, the hub …), per pytest-xdist worker,
and the slowest tests, each table sorted, with totals. ``make test`` writes the XML
(build/test-times/*.xml) and this table (build/test-times.txt); ``make test-times``
prints it again.

    tools/test_times.py build/test-times/parallel.xml build/test-times/alone.xml
    tools/test_times.py AFTER.xml --before BEFORE.xml     # two runs side by side, per file

The fixture and worker tables need the ``timing`` property that tests/timing_hooks.py adds
to each test; an XML without it (an older run) gives the files and the tests only. Only
the standard library: any Python 3.10+ runs it, with or without the project's venv.

A test's seconds are its setup, call and teardown: the first test of a module also pays
for the module's fixtures, the last for their teardown. Tests run on several workers at
once, so the sums are CPU-and-waiting seconds, more than the wall clock of the run (each
XML's own wall clock is its first line).
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Case:
    """One test of a JUnit XML: where it is, its seconds, and its ``timing`` if any."""

    file: str
    name: str
    seconds: float
    outcome: str
    timing: dict = field(default_factory=dict)


@dataclass
class Run:
    """One JUnit XML: its name (the file's stem), wall clock and tests."""

    name: str
    wall: float
    cases: list[Case]


def test_file(classname: str) -> str:
    """The file a JUnit ``classname`` comes from (pytest writes the node id's path with
    dots, without ``.py``, followed by any test classes).

    >>> test_file("tests.browser.test_binder")
    'tests/browser/test_binder.py'
    >>> test_file("tests.test_store.TestPostgres")
    'tests/test_store.py'
    >>> test_file("notebooks.es.00_contents.ipynb")
    'notebooks/es/00_contents.ipynb'
    >>> test_file("")
    '(no file)'
    """
    if not classname:  # a worker's crash, pytest's internal error
        return "(no file)"
    parts = classname.split(".")
    if parts[-1] == "ipynb":
        return "/".join(parts[:-2]) + f"/{parts[-2]}.ipynb"
    while len(parts) > 1 and parts[-1][:1].isupper():  # a test class, not a module
        parts.pop()
    return "/".join(parts) + ".py"


def read_run(path: Path) -> Run:
    """The tests of the JUnit XML at ``path``."""
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    cases = []
    for case in (c for s in suites for c in s.iter("testcase")):
        outcome = "passed"
        for tag in ("failure", "error", "skipped"):
            if case.find(tag) is not None:
                outcome = tag
        timing = {}
        for prop in case.iter("property"):
            if prop.get("name") == "timing":
                timing = json.loads(prop.get("value") or "{}")
        cases.append(
            Case(
                test_file(case.get("classname", "")),
                case.get("name", ""),
                float(case.get("time") or 0),
                outcome,
                timing,
            )
        )
    wall = sum(float(s.get("time") or 0) for s in suites)
    return Run(path.stem, wall, cases)


def table(
    title: str, header: Sequence[str], rows: Iterable[Sequence[object]], total: Sequence[object]
) -> list[str]:
    """A plain-text table: the first column left-aligned, the others right-aligned.

    >>> print("\\n".join(table("T", ["file", "s"], [["a.py", "1.0"]], ["total", "1.0"])))
    T
    file     s
    a.py   1.0
    total  1.0
    """
    body = [[str(c) for c in r] for r in rows]
    lines_ = [list(header), *body, [str(c) for c in total]]
    widths = [max(len(r[i]) for r in lines_) for i in range(len(header))]

    def fmt(r: Sequence[str]) -> str:
        rest = [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
        cells = [r[0].ljust(widths[0]), *rest]
        return "  ".join(cells).rstrip()

    return [title, *map(fmt, lines_)]


def by_file(cases: Iterable[Case]) -> dict[str, list[Case]]:
    files: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        files[case.file].append(case)
    return files


def share(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def report(runs: list[Run], top: int = 40) -> list[str]:
    """The tables for ``runs`` (each XML of one ``make test``), as lines."""
    out: list[str] = []
    cases = [c for r in runs for c in r.cases]
    total = sum(c.seconds for c in cases)
    for run in runs:
        busy = sum(c.seconds for c in run.cases)
        out.append(
            f"{run.name}: {run.wall:.0f} s of wall clock, {len(run.cases)} tests, "
            f"{busy:.0f} s of test time"
        )
    out.append("")

    files = by_file(cases)
    rows = sorted(files.items(), key=lambda kv: -sum(c.seconds for c in kv[1]))
    shown, rest = rows[:top], rows[top:]
    table_rows = [
        [
            name,
            len(group),
            f"{sum(c.seconds for c in group):.1f}",
            share(sum(c.seconds for c in group), total),
            f"{max(c.seconds for c in group):.1f}",
        ]
        for name, group in shown
    ]
    if rest:
        rest_s = sum(c.seconds for _, g in rest for c in g)
        rest_n = sum(len(g) for _, g in rest)
        table_rows.append(
            [f"({len(rest)} more files)", rest_n, f"{rest_s:.1f}", share(rest_s, total), ""]
        )
    out += table(
        "Per file (the seconds of its tests, setup and teardown included), slowest first",
        ["file", "tests", "seconds", "share", "slowest test"],
        table_rows,
        ["total", len(cases), f"{total:.1f}", "100%", ""],
    )
    out.append("")

    fixtures: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for case in cases:
        for scope, name, seconds in case.timing.get("fixtures", []):
            where = case.file if scope in ("module", "class", "function") else "(shared)"
            fixtures[(name, scope, where if scope != "function" else "(per test)")].append(seconds)
    if fixtures:
        ranked = sorted(fixtures.items(), key=lambda kv: -sum(kv[1]))
        fixture_total = sum(sum(v) for v in fixtures.values())
        out += table(
            "Per fixture setup (fixtures of 0.05 s or more; a module's fixture in its file, "
            "set up once per worker that runs the file), slowest first",
            ["fixture", "scope", "where", "setups", "seconds", "slowest"],
            [
                [name, scope, where, len(v), f"{sum(v):.1f}", f"{max(v):.1f}"]
                for (name, scope, where), v in ranked[:top]
            ],
            ["total", "", "", sum(len(v) for v in fixtures.values()), f"{fixture_total:.1f}", ""],
        )
        out.append("")

    for run in runs:
        workers: dict[str, list[Case]] = defaultdict(list)
        for case in run.cases:
            if case.timing:
                workers[case.timing.get("worker") or "main"].append(case)
        if not workers:
            continue
        first = min(c.timing["start"] for w in workers.values() for c in w)
        rows_w = []
        for worker, group in sorted(workers.items()):
            busy = sum(c.seconds for c in group)
            end = max(c.timing["start"] + c.seconds for c in group) - first
            rows_w.append([worker, len(group), f"{busy:.0f}", f"{end:.0f}"])
        out += table(
            f"{run.name}: per worker (busy: the seconds of its tests; "
            "done: when its last one ended, from the first test's start)",
            ["worker", "tests", "busy", "done"],
            rows_w,
            [
                "all",
                sum(len(g) for g in workers.values()),
                f"{sum(float(r[2]) for r in rows_w):.0f}",
                "",
            ],
        )
        out.append("")

    slowest = sorted(cases, key=lambda c: -c.seconds)[:top]
    out += table(
        f"The {len(slowest)} slowest tests (setup, call, teardown where known)",
        ["test", "seconds", "setup", "call", "teardown"],
        [
            [
                f"{c.file}::{c.name}" + ("" if c.outcome == "passed" else f" ({c.outcome})"),
                f"{c.seconds:.1f}",
                *(f"{c.timing[p]:.1f}" if c.timing else "" for p in ("setup", "call", "teardown")),
            ]
            for c in slowest
        ],
        ["", "", "", "", ""],
    )[:-1]
    return out


def diff(before: list[Run], after: list[Run], top: int = 40) -> list[str]:
    """Per file, the seconds of ``before`` and ``after`` and the change, biggest change
    first; then the totals and the wall clocks."""
    old = {
        k: sum(c.seconds for c in v) for k, v in by_file(c for r in before for c in r.cases).items()
    }
    new = {
        k: sum(c.seconds for c in v) for k, v in by_file(c for r in after for c in r.cases).items()
    }
    old_n = {k: len(v) for k, v in by_file(c for r in before for c in r.cases).items()}
    new_n = {k: len(v) for k, v in by_file(c for r in after for c in r.cases).items()}
    names = sorted(set(old) | set(new), key=lambda n: -abs(new.get(n, 0) - old.get(n, 0)))
    rows = [
        [
            n,
            old_n.get(n, 0),
            new_n.get(n, 0),
            f"{old.get(n, 0):.1f}",
            f"{new.get(n, 0):.1f}",
            f"{new.get(n, 0) - old.get(n, 0):+.1f}",
        ]
        for n in names[:top]
    ]
    total_old, total_new = sum(old.values()), sum(new.values())
    out = table(
        "Per file, before and after (seconds of its tests), biggest change first",
        ["file", "tests before", "after", "seconds before", "after", "change"],
        rows,
        [
            "total",
            sum(old_n.values()),
            sum(new_n.values()),
            f"{total_old:.1f}",
            f"{total_new:.1f}",
            f"{total_new - total_old:+.1f}",
        ],
    )
    wall_old = sum(r.wall for r in before)
    wall_new = sum(r.wall for r in after)
    change = wall_new - wall_old
    out += ["", f"wall clock: {wall_old:.0f} s before, {wall_new:.0f} s after ({change:+.0f} s)"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("xml", nargs="+", type=Path, help="JUnit XML of a run (pytest --junitxml)")
    parser.add_argument(
        "--before", nargs="+", type=Path, help="JUnit XML of an earlier run: compare"
    )
    parser.add_argument("--top", type=int, default=40, help="rows of each table (default 40)")
    parser.add_argument("--out", type=Path, help="write the tables there too")
    parser.add_argument(
        "--walls", action="store_true", help="only each XML's name and wall clock (.ci/run)"
    )
    args = parser.parse_args(argv)
    missing = [str(p) for p in [*args.xml, *(args.before or [])] if not p.is_file()]
    if missing:
        print(f"no such JUnit XML: {', '.join(missing)} (make test writes them)", file=sys.stderr)
        return 2
    try:
        after = [read_run(p) for p in args.xml]
        before = [read_run(p) for p in args.before] if args.before else None
    except ET.ParseError as e:
        print(f"not a JUnit XML: {e}", file=sys.stderr)
        return 2
    if args.walls:
        print("\n".join(f"{run.name} {run.wall:.0f}" for run in after))
        return 0
    lines = report(after, args.top)
    if before is not None:
        lines += ["", *diff(before, after, args.top)]
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
