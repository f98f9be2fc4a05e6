"""The tools that keep CI's budget in sight (issue 33): the timing of each test in the
JUnit XML (tests/timing_hooks.py), the tables made from it (tools/test_times.py, ``make
test-times``), and the count of tests and assertions (tools/count_tests.py)."""

from __future__ import annotations

import doctest
import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
TOOLS = REPO / "tools"


def tool(name: str) -> Any:
    """tools/NAME.py as a module."""
    spec = importlib.util.spec_from_file_location(f"kowhist_tools_{name}", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_tools_examples_hold() -> None:
    for name in ("test_times", "count_tests"):
        failed, tried = doctest.testmod(tool(name))
        assert tried and not failed, name


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def run_tool(*argv: str | Path, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *map(str, argv)], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def test_each_test_gets_its_phases_fixtures_and_worker_and_the_tables_show_them(
    tmp_path: Path,
) -> None:
    """A small session under one pytest-xdist worker, with the hooks as tests/conftest.py
    has them: its XML says which test set up the module's fixture, and the tables list
    the file, the fixture and the worker."""
    write(
        tmp_path,
        {
            "conftest.py": f"""
                import sys
                sys.path.insert(0, {str(REPO / "tests")!r})
                import timing_hooks
                timing_hooks.FIXTURE_FLOOR = 0  # every fixture listed, however quick

                def pytest_configure(config):  # as tests/conftest.py registers it
                    config.pluginmanager.register(timing_hooks, timing_hooks.PLUGIN)
                """,
            "sub/conftest.py": "",
            "sub/test_session.py": """
                import pytest

                @pytest.fixture(scope="session")
                def browser():
                    return "chromium"

                def test_browser(browser):
                    assert browser == "chromium"
                """,
            "test_served.py": """
                import pytest

                @pytest.fixture(scope="module")
                def server():
                    return "http://127.0.0.1:1/"

                def test_first(server):
                    assert server.startswith("http")

                def test_second(server):
                    assert server.endswith("/")
                """,
        },
    )
    xml = tmp_path / "run.xml"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "1", "-p", "no:cacheprovider", "-q",
         f"--junitxml={xml}", "test_served.py", "sub/test_session.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    run = tool("test_times").read_run(xml)
    first, second, session = run.cases
    assert (first.file, first.name, second.name) == ("test_served.py", "test_first", "test_second")
    # A session's fixture too, set up for a test in another folder.
    assert [f[:2] for f in session.timing["fixtures"]] == [["session", "browser"]]
    assert first.timing["worker"] == second.timing["worker"] == "gw0"
    assert {"setup", "call", "teardown", "start"} <= set(first.timing)
    assert [f[:2] for f in first.timing["fixtures"]] == [["module", "server"]]
    assert second.timing["fixtures"] == []  # set up once, by the first test

    shown = run_tool(TOOLS / "test_times.py", xml, "--out", tmp_path / "times.txt")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == (tmp_path / "times.txt").read_text(encoding="utf-8")
    lines = shown.stdout.splitlines()
    assert lines[0].startswith("run: ") and "3 tests" in lines[0]
    assert any(line.split()[:2] == ["test_served.py", "2"] for line in lines), shown.stdout
    assert any(line.split()[:4] == ["server", "module", "test_served.py", "1"] for line in lines)
    assert any(line.split()[:2] == ["gw0", "3"] for line in lines), shown.stdout

    compared = run_tool(TOOLS / "test_times.py", xml, "--before", xml)
    assert compared.returncode == 0, compared.stderr
    assert "Per file, before and after" in compared.stdout
    assert any(
        line.split()[:3] == ["test_served.py", "2", "2"] for line in compared.stdout.splitlines()
    )


def test_test_times_says_in_one_line_what_is_wrong_with_its_input(tmp_path: Path) -> None:
    missing = run_tool(TOOLS / "test_times.py", tmp_path / "none.xml")
    assert missing.returncode == 2
    assert missing.stderr.strip().splitlines() == [
        f"no such JUnit XML: {tmp_path / 'none.xml'} (make test writes them)"
    ]
    (tmp_path / "bad.xml").write_text("<testsuite>", encoding="utf-8")
    bad = run_tool(TOOLS / "test_times.py", tmp_path / "bad.xml")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    assert bad.stderr.startswith("not a JUnit XML: ")


def test_count_tests_counts_what_make_test_and_test_lite_collect_and_the_assertions(
    tmp_path: Path,
) -> None:
    """A checkout in small: one test of the parallel run, one ``alone``, one of the
    static site's, one doctest of the package, one lesson under nbval."""
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "a1", "metadata": {},
                   "outputs": [], "source": "1 + 1"}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }  # fmt: skip
    write(
        tmp_path,
        {
            "Makefile": "NBVAL_NOTEBOOKS := notebooks/01_lesson.ipynb\n",
            "pyproject.toml": """
                [tool.pytest.ini_options]
                addopts = "--doctest-modules"
                markers = ["alone: by itself"]
                """,
            "kowhist_teach/__init__.py": '''
                def two():
                    """>>> two()
                    2
                    """
                    return 2
                ''',
            "tests/test_a.py": """
                import pytest

                def test_in_parallel():
                    assert 1 + 1 == 2
                    with pytest.raises(ZeroDivisionError):
                        1 / 0

                @pytest.mark.alone
                def test_alone():
                    assert True
                """,
            "tests/browser/test_lite.py": """
                def test_site():
                    assert_site_up()
                    assert "site"
                """,
        },
    )
    write(tmp_path, {"notebooks/01_lesson.ipynb": json.dumps(notebook)})
    done = run_tool(TOOLS / "count_tests.py", tmp_path, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(done.stdout)
    assert figures["tests"] == {
        "make test, in parallel": 3,  # the test, the doctest, the lesson's cell
        "make test, alone": 1,
        "make test-lite": 1,
        "total": 5,
    }
    assert figures["assertions"] == {
        "assert statements": 3,
        "pytest.raises / warns": 1,
        "expect(...)": 0,
        "total": 4,
        "assert_* helper calls": 1,
        "doctest examples (kowhist_teach)": 1,
    }


def test_count_tests_refuses_a_folder_that_is_not_a_checkout(tmp_path: Path) -> None:
    done = run_tool(TOOLS / "count_tests.py", tmp_path)
    assert done.returncode == 2
    assert (
        done.stderr.strip() == f"{tmp_path}: not a kowhist-teach checkout (no tests/, no Makefile)"
    )


def test_the_sites_build_is_kept_by_the_hash_of_its_inputs(tmp_path: Path) -> None:
    """tools/lite_cache.py: a byte changed in an input is another key, a cache or a
    checkpoint is not; a build stored is restored whole into a fresh checkout's
    build/lite; a site already built from these inputs is left alone; the cache keeps
    the newest builds."""
    cache_tool = tool("lite_cache")
    repo = tmp_path / "repo"
    write(
        repo,
        {
            "kowhist_teach/__init__.py": "VERSION = 1\n",
            "notebooks/01_lesson.ipynb": "{}\n",
            "lite/pyodide.json": '{"pyodide": "314.0.6"}\n',
            "lite/requirements.txt": "jupyterlite-core==0.8.6\n",
            "pyproject.toml": "[project]\n",
            "README.md": "# Whist\n",
            "tests/test_x.py": "def test_x(): pass\n",
        },
    )
    key = cache_tool.inputs_key(repo)
    write(repo, {"kowhist_teach/__pycache__/x.pyc": "x", "notebooks/.ipynb_checkpoints/a": "x"})
    write(repo, {"tests/test_y.py": "def test_y(): pass\n"})  # not an input
    assert cache_tool.inputs_key(repo) == key
    for name in ("lite/pyodide.json", "README.md", "kowhist_teach/__init__.py"):
        original = (repo / name).read_bytes()
        (repo / name).write_bytes(original + b" ")
        assert cache_tool.inputs_key(repo) != key, name
        (repo / name).write_bytes(original)
    assert cache_tool.inputs_key(repo) == key

    cache = tmp_path / "cache"
    site = repo / "build" / "lite"
    assert cache_tool.restore(site, cache, key) is False  # nothing built yet
    write(site, {"index.html": "<h1>Whist</h1>\n", "static/pyodide/pyodide.mjs": "// py\n"})
    cache_tool.store(site, cache, key)
    assert (repo / "build" / "lite.inputs").read_text().strip() == key
    assert cache_tool.restore(site, cache, key) is True  # up to date: left as it is

    fresh = tmp_path / "clone" / "build" / "lite"  # a fresh clone of the same sources
    assert cache_tool.restore(fresh, cache, key) is True
    assert sorted(p.relative_to(fresh).as_posix() for p in fresh.rglob("*") if p.is_file()) == [
        "index.html",
        "static/pyodide/pyodide.mjs",
    ]
    assert (fresh / "static/pyodide/pyodide.mjs").read_text() == "// py\n"
    # A stale site there (built from other inputs) is replaced, not merged into.
    write(fresh, {"stale.html": "old"})
    (fresh.with_name("lite.inputs")).write_text("another key\n")
    assert cache_tool.restore(fresh, cache, key) is True
    assert not (fresh / "stale.html").exists()

    for n in range(cache_tool.KEEP + 1):
        cache_tool.store(site, cache, f"{n:064x}")
    kept = sorted(p.name for p in (cache / "sites").iterdir())
    assert len(kept) == cache_tool.KEEP and f"{cache_tool.KEEP:064x}" in kept, kept
    assert not [p for p in (cache / "sites").iterdir() if ".partial-" in p.name]


CI_STUBS = {
    # What .ci/run calls on the machine, each saying what it was asked (stub.log).
    "apt-get": "",
    "chromium": "",
    "pg_ctlcluster": "",
    "pg_isready": "",
    "psql": "",
    "npm": "",
    "configurable-http-proxy": "",
    "pg_lsclusters": 'echo "15 main 5432 online"',
    "su": "echo 1",
    # Every package installed but those named in $MISSING.
    "dpkg-query": """
        for p in $MISSING; do [ "$p" = "$3" ] && exit 1; done
        echo "install ok installed"
        """,
    "make": """
        if [ "$1" = test ]; then
            [ -n "$FAIL_TEST" ] && exit 2
            mkdir -p build/test-times
            echo '<testsuites><testsuite time="3"/></testsuites>' > build/test-times/parallel.xml
            echo '<testsuites><testsuite time="1"/></testsuites>' > build/test-times/alone.xml
        fi
        [ "$1" = test-lite ] && [ -n "$FAIL_LITE" ] && exit 3
        exit 0
        """,
}


def run_ci(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """.ci/run in a copy of the checkout's .ci and tools, with the machine's commands
    stubbed: its output, and the commands it ran."""
    clone = tmp_path / "clone"
    (clone / ".ci").mkdir(parents=True, exist_ok=True)
    (clone / ".ci" / "run").write_bytes((REPO / ".ci" / "run").read_bytes())
    (clone / "tools").mkdir(exist_ok=True)
    (clone / "tools" / "test_times.py").write_bytes((TOOLS / "test_times.py").read_bytes())
    stubs = tmp_path / "stubs"
    stubs.mkdir(exist_ok=True)
    log = tmp_path / "stub.log"
    log.unlink(missing_ok=True)
    for name, body in CI_STUBS.items():
        script = stubs / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> {log}\n{textwrap.dedent(body)}\n')
        script.chmod(0o755)
    path = f"{stubs}:{Path(sys.executable).parent}:/usr/bin:/bin"
    done = subprocess.run(
        ["bash", ".ci/run"],
        cwd=clone,
        env={"PATH": path, "HOME": str(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done, log.read_text().splitlines() if log.exists() else []


def phases(output: str) -> dict[str, int]:
    """The table at the end of .ci/run's output: phase -> seconds."""
    table_ = output[output.rindex("CI's phases") :].splitlines()[1:]
    return {line.rsplit(None, 1)[0].strip(): int(line.rsplit(None, 1)[1]) for line in table_}


def test_ci_prints_its_phases_and_installs_only_what_is_missing(tmp_path: Path) -> None:
    done, ran = run_ci(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    shown = phases(done.stdout)
    assert list(shown) == [
        "apt-get: chromium, fonts, postgresql, npm",
        "PostgreSQL started",
        "npm: configurable-http-proxy",
        "make test",
        "of which the parallel pytest run",
        "of which the alone run",
        "of which the venv, lint, axe-core",
        "make lite-site (the static site: built, or from the cache)",
        "make test-lite (the site's tests)",
        "total",
    ]
    assert shown["of which the parallel pytest run"] == 3 and shown["of which the alone run"] == 1
    assert not [c for c in ran if c.startswith("apt-get")]  # everything was there
    assert [c for c in ran if c.startswith("make")] == [
        "make test",
        "make lite-site",
        "make test-lite",
    ]

    done, ran = run_ci(tmp_path, MISSING="chromium postgresql")
    assert done.returncode == 0, done.stdout + done.stderr
    assert [c for c in ran if c.startswith("apt-get")] == [
        "apt-get update",
        "apt-get install -y chromium postgresql",
    ]


def test_ci_fails_with_its_phases_printed_and_the_one_it_stopped_in_marked(
    tmp_path: Path,
) -> None:
    done, ran = run_ci(tmp_path, FAIL_LITE="1")
    assert done.returncode == 3
    shown = phases(done.stdout)
    assert "make test-lite (the site's tests) (stopped here, exit status 3)" in shown
    assert list(shown)[-1] == "total"

    done, ran = run_ci(tmp_path, FAIL_TEST="1")
    assert done.returncode != 0
    shown = phases(done.stdout)
    assert list(shown)[-2:] == [
        "make test (failed; build/test-times.txt) (stopped here, exit status 1)",
        "total",
    ]
    assert "make lite-site" not in ran
