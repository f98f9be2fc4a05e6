"""How ``make test`` hands the tests out to its pytest-xdist workers (``--dist loadscope``).

(Itself not collected as a test module (``collect_ignore``): under ``--doctest-modules``
a second ``conftest.py`` among the collected ones, beside tests/browser's, would clash.
tests/test_work_units.py checks it.)

A piece of work goes to one worker, whole, in the order of collection
(``--no-loadscope-reorder``) or biggest first:

* a test file is one piece, as under ``--dist loadfile`` (its module fixtures start once);
* but ``tests/test_lesson_outputs.py`` is one piece per lesson: the lessons run in kernels
  of their own, a minute or more of them in all, which would otherwise all wait for one
  worker (each worker runs a lesson's notebook once, for all of that lesson's tests);
* and a browser test is one piece by itself, unless its module is in :data:`TOGETHER`
  (its tests share a page played in order, a server, an environment built once): the
  collection fails if a browser module with a fixture of module scope is missing there.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

import pytest

# Where each test's seconds go (its phases, its fixtures, its worker), in the JUnit XML
# that make test writes and tools/test_times.py reads (tests/timing_hooks.py says how).
import timing_hooks

# The class store's fixtures for any test here, each test run on SQLite then on PostgreSQL
# (tests/class_store_helpers.py says how): a new store's URL, and that store open.
from class_store_helpers import class_store, class_store_url  # noqa: F401

collect_ignore = ["conftest.py"]

#: The browser modules whose tests share something of the module's: one worker runs them.
TOGETHER = (
    "test_app_browser.py",
    "test_binder.py",
    "test_family_browser.py",
    "test_hub_browser.py",
    "test_lite.py",
    "test_recover_browser.py",
)


def pytest_configure(config: pytest.Config) -> None:
    """The timing hooks as a plugin of the whole run, not of this folder only: a conftest's
    hooks miss the fixtures of the session (Playwright, the browser) and the tests
    outside tests/ (the package's doctests, the lessons)."""
    if not config.pluginmanager.has_plugin(timing_hooks.PLUGIN):
        config.pluginmanager.register(timing_hooks, timing_hooks.PLUGIN)


#: Fixtures of these scopes are shared by the tests of a module.
SHARED_SCOPES = ("module", "package", "class")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser module that shares a fixture between its tests must be in TOGETHER, or
    its tests would each start it again, on another worker, in any order."""
    for item in items:
        if item.path.parent.name != "browser" or item.path.name in TOGETHER:
            continue
        fixtures = getattr(item, "_fixtureinfo", None)
        defs = fixtures.name2fixturedefs.values() if fixtures is not None else ()
        shared = [d[-1].argname for d in defs if d and d[-1].scope in SHARED_SCOPES]
        if shared:
            raise pytest.UsageError(
                f"{item.path.name} shares {', '.join(shared)} between its tests: "
                "add it to TOGETHER in tests/conftest.py"
            )


def work_unit(nodeid: str) -> str:
    """The piece of work a test belongs to (see the module's docstring): a file, a
    lesson of tests/test_lesson_outputs.py, or a browser test by itself."""
    path, _, name = nodeid.partition("::")
    parts = PurePosixPath(path)
    if parts.name == "test_lesson_outputs.py" and name.endswith("]") and "[" in name:
        function, _, param = name[:-1].partition("[")
        lesson = param.rsplit("/", 1)[0] if function == "test_marked_cell_output" else param
        return f"{path}::{lesson}"
    if parts.parent.name == "browser" and parts.name.startswith("test_"):
        return path if parts.name in TOGETHER else nodeid
    return path


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadscope``, the pieces of :func:`work_unit`; other ``--dist``
    modes as pytest-xdist has them. (Its ``loadgroup`` mode would say the same with
    marks, but under pytest 9 it groups nothing: it renames the tests through an
    attribute that pytest no longer reads.)"""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByWorkUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return ByWorkUnit(config, log)
