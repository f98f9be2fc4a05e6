#!/usr/bin/env python3
"""How many tests and assertions the project has: the figures that must not go down when
the tests get faster (issue 33: "the count of tests and of assertions does not go down").

    .venv/bin/python tools/count_tests.py [CHECKOUT]      # make count-tests

* **tests**: what ``pytest --collect-only`` collects, as ``make test`` and ``make
  test-lite`` run them: ``tests``, the package's doctests and its games' tests
  (``kowhist_teach``), and the lessons that nbval runs (the Makefile's
  ``NBVAL_NOTEBOOKS``, asked of ``make`` in CHECKOUT, default the current directory),
  in three parts: ``make test``'s parallel run, its ``alone`` run, and the static site's
  tests (as many lessons as ``KOWHIST_LITE_LESSONS`` / ``KOWHIST_LITE_LANGUAGES`` say,
  all by default);
* **assertions**: in the test files (``tests/`` and the games' ``tests`` folders), by
  their syntax tree: ``assert`` statements, ``pytest.raises`` / ``pytest.warns`` calls
  and Playwright ``expect(...)`` calls; beside them (not in the total) the calls of
  ``assert_*`` helpers and the examples of the package's doctests.

Run it with the project's venv (its pytest and plugins collect the tests); ``--json``
prints the same figures as JSON.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import doctest
import io
import json
import os
import subprocess
import sys
from pathlib import Path

#: Calls that assert: ``pytest.raises(...)`` (with or without ``with``), ``pytest.warns``,
#: and Playwright's ``expect(locator)``.
RAISES = {"raises", "warns"}
EXPECT = "expect"


def nbval_notebooks(checkout: Path) -> list[str]:
    """The lessons ``make test`` gives nbval, as the checkout's Makefile lists them."""
    done = subprocess.run(
        ["make", "-s", "--no-print-directory", "--eval",
         "kw-count-nbval: ; @echo $(NBVAL_NOTEBOOKS)", "kw-count-nbval"],
        cwd=checkout, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.split()


class Collected:
    """A pytest plugin that keeps the collected items' node ids and ``alone`` marks."""

    def __init__(self) -> None:
        self.items: list[tuple[str, bool]] = []

    def pytest_collection_finish(self, session) -> None:  # noqa: ANN001 - pytest's Session
        self.items = [(i.nodeid, i.get_closest_marker("alone") is not None) for i in session.items]


def collect(checkout: Path) -> dict[str, int]:
    """The tests of ``make test`` (parallel, alone) and of ``make test-lite``."""
    import pytest

    args = ["--collect-only", "-q", "-p", "no:cacheprovider", "--nbval-lax", "--nbval-current-env",
            "tests", "kowhist_teach", *nbval_notebooks(checkout)]  # fmt: skip
    plugin = Collected()
    printed = io.StringIO()
    here = Path.cwd()
    os.chdir(checkout)
    # The checkout's package, not the one the venv has installed (another checkout's),
    # for the doctests of its modules.
    sys.path.insert(0, str(checkout))
    try:
        with contextlib.redirect_stdout(printed):
            status = pytest.main(args, plugins=[plugin])
    finally:
        os.chdir(here)
    if status != 0:
        sys.stderr.write(printed.getvalue()[-4000:])
        raise SystemExit(f"pytest could not collect the tests (exit status {status})")
    lite = [n for n, _ in plugin.items if n.startswith("tests/browser/test_lite.py")]
    alone = [n for n, a in plugin.items if a and not n.startswith("tests/browser/test_lite.py")]
    return {
        "make test, in parallel": len(plugin.items) - len(lite) - len(alone),
        "make test, alone": len(alone),
        "make test-lite": len(lite),
        "total": len(plugin.items),
    }


def test_files(checkout: Path) -> list[Path]:
    """The test code: every .py under tests/ and under the package's ``tests`` folders."""
    own = sorted((checkout / "tests").rglob("*.py"))
    games = sorted(
        p
        for p in (checkout / "kowhist_teach").rglob("*.py")
        if "tests" in p.relative_to(checkout).parts
    )
    return [p for p in own + games if "__pycache__" not in p.parts]


def called_name(call: ast.Call) -> str:
    """The last name of what ``call`` calls: ``pytest.raises(...)`` -> ``raises``.

    >>> called_name(ast.parse("pytest.raises(ValueError)").body[0].value)
    'raises'
    """
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def count_asserts(source: str) -> dict[str, int]:
    """The assertions of one test file's source.

    >>> count_asserts('''
    ... def test_x(page):
    ...     assert 1 + 1 == 2
    ...     with pytest.raises(ValueError):
    ...         int("x")
    ...     expect(page.locator("h1")).to_be_visible()
    ...     assert_same(1, 1)
    ... ''')  # doctest: +NORMALIZE_WHITESPACE
    {'assert statements': 1, 'pytest.raises / warns': 1, 'expect(...)': 1,
     'assert_* helper calls': 1}
    """
    counts = {"assert statements": 0, "pytest.raises / warns": 0, "expect(...)": 0,
              "assert_* helper calls": 0}  # fmt: skip
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert):
            counts["assert statements"] += 1
        elif isinstance(node, ast.Call):
            name = called_name(node)
            if name in RAISES:
                counts["pytest.raises / warns"] += 1
            elif name == EXPECT:
                counts["expect(...)"] += 1
            elif name.startswith("assert_"):
                counts["assert_* helper calls"] += 1
    return counts


def doctest_examples(checkout: Path) -> int:
    """The examples (``>>>``) in the docstrings of the package's modules."""
    parser = doctest.DocTestParser()
    total = 0
    for path in sorted((checkout / "kowhist_teach").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                text = ast.get_docstring(node, clean=False)
                if text:
                    total += len(parser.get_examples(text))
    return total


def assertions(checkout: Path) -> dict[str, int]:
    totals: dict[str, int] = {}
    for path in test_files(checkout):
        for key, n in count_asserts(path.read_text(encoding="utf-8")).items():
            totals[key] = totals.get(key, 0) + n
    main = ("assert statements", "pytest.raises / warns", "expect(...)")
    figures = {k: totals.get(k, 0) for k in main}
    figures["total"] = sum(figures.values())
    figures["assert_* helper calls"] = totals.get("assert_* helper calls", 0)
    figures["doctest examples (kowhist_teach)"] = doctest_examples(checkout)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", nargs="?", type=Path, default=Path.cwd())
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    checkout = args.checkout.resolve()
    if not (checkout / "tests").is_dir() or not (checkout / "Makefile").is_file():
        print(f"{checkout}: not a kowhist-teach checkout (no tests/, no Makefile)", file=sys.stderr)
        return 2
    figures = {"tests": collect(checkout), "assertions": assertions(checkout)}
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    lite = (
        os.environ.get("KOWHIST_LITE_LESSONS", "*"),
        os.environ.get("KOWHIST_LITE_LANGUAGES", "all"),
    )
    print(f"Collected tests in {checkout} (pytest --collect-only; the site's lessons "
          f"KOWHIST_LITE_LESSONS={lite[0]!r}, KOWHIST_LITE_LANGUAGES={lite[1]!r}):")  # fmt: skip
    for key, n in figures["tests"].items():
        print(f"  {key + ':':32} {n:6}")
    print("Assertions in tests/ and kowhist_teach/**/tests (syntax tree):")
    for key, n in figures["assertions"].items():
        note = "  (not in the total)" if key.startswith(("assert_", "doctest")) else ""
        print(f"  {key + ':':32} {n:6}{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
