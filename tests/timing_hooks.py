"""Where a test's seconds go, written into pytest's JUnit XML (``--junitxml``) beside its
total: its setup, call and teardown, the fixtures it set up (a Voilà server, a fresh
environment, a hub: the first test of a module pays for the module's fixtures), the
pytest-xdist worker that ran it and when it started.

tests/conftest.py registers this module as a plugin of the whole run (a conftest's own
hooks would miss the session's fixtures and the tests outside tests/). Each test gets
one property, ``timing``, a JSON object::

    <testcase classname="tests.test_deploy" name="test_..." time="41.2">
      <properties><property name="timing" value='{"worker": "gw1", "start": 1796...,
        "setup": 38.0, "call": 3.1, "teardown": 0.1,
        "fixtures": [["module", "image", 30.2], ["module", "dist", 7.7]]}'/></properties>

``tools/test_times.py`` reads it (``make test-times``). A fixture is listed when its setup
took :data:`FIXTURE_FLOOR` seconds or more (the others add up to little and would swell
the file). The seconds of a fixture are its own: pytest sets up the fixtures it asks for
before it, and each of those is timed by itself.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Generator
from typing import Any

import pytest

#: The name the plugin is registered under.
PLUGIN = "kowhist-timing"
#: Fixture setups shorter than this (seconds) are not listed.
FIXTURE_FLOOR = 0.05

#: The fixtures set up for the test running now: [scope, name, seconds].
_fixtures: list[list[Any]] = []
#: The seconds of the test's phases so far (setup, call).
_phases: dict[str, float] = {}
_started: list[float] = []


def timing_value(
    worker: str, start: float, phases: dict[str, float], fixtures: list[list[Any]]
) -> str:
    """The ``timing`` property's JSON, seconds to the millisecond.

    >>> timing_value("gw0", 10.0, {"setup": 1.23456, "call": 2.0, "teardown": 0}, [])
    '{"worker": "gw0", "start": 10.0, "setup": 1.235, "call": 2.0, "teardown": 0.0, "fixtures": []}'
    """
    value: dict[str, Any] = {"worker": worker, "start": round(start, 3)}
    for phase in ("setup", "call", "teardown"):
        value[phase] = round(float(phases.get(phase, 0.0)), 3)
    value["fixtures"] = [[scope, name, round(seconds, 3)] for scope, name, seconds in fixtures]
    return json.dumps(value)


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[Any], request: Any) -> Generator[None]:
    started = time.perf_counter()
    try:
        return (yield)
    finally:
        seconds = time.perf_counter() - started
        if seconds >= FIXTURE_FLOOR:
            _fixtures.append([fixturedef.scope, fixturedef.argname, seconds])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None]:
    report = yield
    if call.when == "setup":
        _started[:] = [call.start]
    _phases[call.when] = call.duration
    if call.when == "teardown":
        worker = os.environ.get("PYTEST_XDIST_WORKER", "")
        start = _started[0] if _started else call.start
        report.user_properties.append(("timing", timing_value(worker, start, _phases, _fixtures)))
        _fixtures.clear()
        _phases.clear()
        _started.clear()
    return report
