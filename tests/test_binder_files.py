"""binder/: every package pinned (requirements.txt is a lock of the ``app`` extra) and the
Python version named (runtime.txt), agreeing with pyproject.toml. That the lock is complete
(nothing missing that a package needs) is checked where it is installed:
tests/browser/test_binder.py runs ``pip check`` in the environment built from it."""

from __future__ import annotations

import re
from pathlib import Path

import tomllib
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"


def lock() -> dict[str, str]:
    """binder/requirements.txt as {canonical name: version}, every line ``name==version``."""
    pins: dict[str, str] = {}
    for number, line in enumerate((BINDER / "requirements.txt").read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][A-Za-z0-9.+!-]*)", line)
        assert match, f"binder/requirements.txt line {number} is not name==version: {line!r}"
        name = canonicalize_name(match[1])
        assert name not in pins, f"{name} pinned twice"
        pins[name] = match[2]
    return pins


def test_every_package_is_pinned_and_the_app_extra_is_in_the_lock() -> None:
    pins = lock()
    app = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"][
        "app"
    ]
    assert len(pins) > len(app)  # the dependencies of the dependencies too
    for text in app:
        wanted = Requirement(text)
        name = canonicalize_name(wanted.name)
        assert name in pins, f"{wanted.name} of the app extra is not in binder/requirements.txt"
        assert wanted.specifier.contains(pins[name]), (
            f"{name}=={pins[name]} is not {wanted.specifier}"
        )
    # The project itself comes from postBuild, from the repository, never from an index.
    assert "kowhist-teach" not in pins


def test_the_python_version_is_named_and_allowed() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(3\.\d+)", runtime)
    assert match, runtime
    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert SpecifierSet(requires).contains(match[1] + ".0")
    # The lock was resolved for that Python (its header says how to make it again).
    assert f"--python-version {match[1]}" in (BINDER / "requirements.txt").read_text()


def test_post_build_installs_the_package_only() -> None:
    post = (BINDER / "postBuild").read_text()
    assert "pip install --no-deps ." in post
