"""tools/make_env.sh, which makes the Makefile's environments: by uv, by pip when asked
(``INSTALLER=pip``), and by pip when uv cannot be had, each environment working.

Each test installs this checkout (no extras: the engine has no dependencies, so only the
build backend comes from the index) into a fresh environment and imports it from there.
``make test`` itself shows the uv path with every extra: CI's .venv is made that way.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
MAKE_ENV = REPO / "tools" / "make_env.sh"


def make_env(tmp_path: Path, installer: str, **extra: str) -> subprocess.CompletedProcess[str]:
    """Run tools/make_env.sh for ``tmp_path/env`` with this checkout as the package."""
    env = {**os.environ, "INSTALLER": installer, **extra}
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)
    return subprocess.run(
        ["sh", str(MAKE_ENV), str(tmp_path / "env"), str(REPO)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def installed_from(tmp_path: Path) -> Path:
    """Where the environment's ``kowhist_teach`` comes from (run outside the checkout)."""
    found = subprocess.run(
        [
            str(tmp_path / "env" / "bin" / "python"),
            "-c",
            "import kowhist_teach; print(kowhist_teach.__file__)",
        ],
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return Path(found).parent


def uv_boot() -> dict[str, str]:
    """The bootstrap environment `make` made (or makes now), so no test downloads uv twice."""
    return {"UV_BOOT": str(REPO / ".venv-uv")}


def test_uv_makes_the_environment_with_bytecode(tmp_path: Path) -> None:
    done = make_env(tmp_path, "uv", **uv_boot())
    assert done.returncode == 0, done.stderr
    package = installed_from(tmp_path)
    assert REPO not in package.parents
    # --compile-bytecode: the modules are compiled at install, not in every kernel.
    assert list((package / "core" / "__pycache__").glob("*.pyc"))
    # --seed: pip is in the environment for whoever wants it.
    assert (tmp_path / "env" / "bin" / "pip").exists()
    assert "pip makes" not in done.stderr


def test_pip_makes_the_environment_when_asked(tmp_path: Path) -> None:
    # COMPILE=0, as `make app` asks: no bytecode at install (looked at before any import).
    done = make_env(tmp_path, "pip", COMPILE="0")
    assert done.returncode == 0, done.stderr
    (package,) = (tmp_path / "env" / "lib").glob("python3*/site-packages/kowhist_teach")
    assert not list(package.rglob("*.pyc"))
    assert installed_from(tmp_path) == package


def test_pip_takes_over_when_uv_cannot_be_installed(tmp_path: Path) -> None:
    # No uv on PATH (only the system's own tools), and a version of uv that does not exist.
    python = shutil.which("python3")
    assert python is not None
    path = os.pathsep.join(
        p for p in os.environ["PATH"].split(os.pathsep) if not (Path(p) / "uv").exists()
    )
    done = make_env(
        tmp_path,
        "uv",
        PATH=path,
        PYTHON=python,
        UV_BOOT=str(tmp_path / "boot"),
        UV_VERSION="0.0.0",
    )
    assert done.returncode == 0, done.stderr
    assert "uv 0.0.0 could not be installed; pip makes" in done.stderr
    assert not (tmp_path / "boot").exists()  # no half-made bootstrap left behind
    assert REPO not in installed_from(tmp_path).parents


@pytest.mark.parametrize(
    ("args", "environ", "says"),
    [
        (["only-a-venv"], {}, "usage:"),
        (["env", "."], {"INSTALLER": "conda"}, "INSTALLER is uv or pip"),
        (["env", "."], {"COMPILE": "yes"}, "COMPILE is 1 or 0"),
    ],
)
def test_a_wrong_call_says_what_is_wrong_in_one_line(
    tmp_path: Path, args: list[str], environ: dict[str, str], says: str
) -> None:
    done = subprocess.run(
        ["sh", str(MAKE_ENV), *args],
        cwd=tmp_path,
        env={**os.environ, **environ},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert says in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "env").exists()
