"""The Binder environment, built as Binder builds it, installs and serves the app.

A fresh virtual environment gets ``binder/requirements.txt`` (a lock: every package
pinned) and then runs ``binder/postBuild`` (which installs the package with
``pip install --no-deps .``); ``pip check`` finds nothing missing; Voilà from that
environment, with nothing from this checkout on its path, renders the app notebook until
a card can be clicked.

The lock is installed by uv where the Makefile has one (pip otherwise): with every
package pinned there is nothing left to resolve, so both install the same packages (and
``pip check`` says they fit together), and uv takes them from the cache the test
environment's own install filled, where pip would ask the index about each of 99. uv
makes the environment too (``uv venv --seed``: with pip in it, from uv's cache, where
``venv``'s ensurepip took 8 s of CPU). postBuild itself runs as shipped, with the
environment's pip, as Binder runs it: its ``pip install --no-deps .`` (a build of the
package, with hatchling in pip's own isolated build environment) is what is checked.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

import pytest
from voila_harness import APP_NOTEBOOK, PAGE_LOAD_MS, REPO, VoilaServer, free_port


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("binder")
    env_dir = root / "env"
    bin_dir = env_dir / "bin"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)
    lock = str(REPO / "binder" / "requirements.txt")
    uv = shutil.which("uv") or shutil.which("uv", path=str(REPO / ".venv-uv" / "bin"))
    if uv:
        make = [uv, "venv", "--quiet", "--seed", "--python", sys.executable, str(env_dir)]
        subprocess.run(make, check=True, env={**env, "UV_PYTHON_DOWNLOADS": "never"})
    else:
        venv.create(env_dir, with_pip=True)
    if uv:
        into = ["--python", str(bin_dir / "python")]
        subprocess.run([uv, "pip", "install", "-q", *into, "-r", lock], check=True, env=env)
    else:
        # --no-compile: the bytecode of jupyterlab and its dependencies is a good part of
        # the install's CPU, and Python compiles what it imports anyway.
        pip = [str(bin_dir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        subprocess.run([*pip, "--no-compile", "-r", lock], check=True, env=env)
    # postBuild runs from a copy of the repository, as Binder runs it from its clone.
    source = root / "repo"
    shutil.copytree(
        REPO,
        source,
        # Not the environments, the builds, the caches: nothing Binder's clone has.
        ignore=shutil.ignore_patterns(
            ".venv*", ".git", "tests", "*.pyc", "__pycache__", "build", "dist", "node_modules"
        ),
    )
    subprocess.run(["bash", "binder/postBuild"], check=True, cwd=source, env=env)
    # The lock is whole: every package has what it needs, in the versions it needs.
    checked = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "check"], capture_output=True, text=True, env=env
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return bin_dir / "python"


def test_binder_environment_serves_the_app(binder_env: Path, browser: Any, tmp_path: Path) -> None:
    # Only the notebook travels: the package must come from the Binder install.
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(APP_NOTEBOOK, folder / "app.ipynb")
    found = subprocess.run(
        [str(binder_env), "-c", "import kowhist_teach, sys; print(kowhist_teach.__file__)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    ).stdout
    assert str(REPO) not in found, found
    port = free_port()
    command = [
        str(binder_env),
        "-m",
        "voila",
        "app.ipynb",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--no-browser",
    ]
    server = VoilaServer(command, folder, port, env=dict(os.environ), repo_on_path=False)
    server.start()
    try:
        server.wait_ready(timeout=90)
        page = browser.new_page()
        page.goto(server.url, timeout=PAGE_LOAD_MS)
        page.wait_for_selector(".kw-card.kw-legal", timeout=90_000)
        assert page.locator(".kw-status").first.inner_text().startswith("Round 1")
        page.close()
    finally:
        server.stop()
