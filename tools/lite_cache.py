#!/usr/bin/env python3
"""The static site's build (``build/lite``), kept by the hash of what it is built from, in a
folder outside the checkout that outlives it (``make test-lite``, ``make lite``)::

    tools/lite_cache.py key                                  # the inputs' hash
    tools/lite_cache.py restore --site build/lite --cache DIR
    tools/lite_cache.py store --site build/lite --cache DIR

The inputs (:data:`INPUTS`): the package's files, the lessons (notebooks/), lite/ (the
build script, its pages, ``requirements.txt`` and ``pyodide.json``: the versions of the
build tools and of everything the site carries), pyproject.toml and README.md (the wheel's
metadata), each file's path and bytes; caches and checkpoints left out. A changed byte in
any of them is another key, so another build. Not in the key: what those pins leave free
(the build venv's unpinned dependencies, Node.js): a build that depends on them would
need :data:`KEY_VERSION` raised (or ``rm -rf`` of the cache folder).

``restore`` puts the build of the current inputs at ``--site``: nothing to do when it is
there already (its stamp, ``SITE.inputs``, names the key), else a copy from
``DIR/sites/KEY``; exit status 1 when there is none (then build, and ``store``).
``store`` writes the stamp and copies the site into the cache (whole or not at all: a
copy is renamed into place), keeping the :data:`KEEP` newest builds.

A fresh clone has every file newer than any build, so a build by modification times
always ran (about two minutes on 2 cores); by the inputs' hash an unchanged site is a
copy of a second or two. Only the standard library: any Python 3.10+ runs it.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: What the site is built from: folders (every file in them) and files, in the checkout.
INPUTS = ("kowhist_teach", "notebooks", "lite", "pyproject.toml", "README.md")
#: Left out of the folders: caches of Python, Jupyter's checkpoints, editors' leftovers.
SKIP_DIRS = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache", ".mypy_cache"}
SKIP_SUFFIXES = (".pyc", ".pyo", "~", ".swp")
#: Raised when the build changes in a way the inputs do not show.
KEY_VERSION = "1"
#: How many builds the cache keeps (the newest).
KEEP = 3


def input_files(repo: Path = REPO) -> list[Path]:
    """The files of :data:`INPUTS` under ``repo``, sorted by their path."""
    found = []
    for name in INPUTS:
        path = repo / name
        if path.is_file():
            found.append(path)
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            found += [Path(folder) / f for f in files if not f.endswith(SKIP_SUFFIXES)]
    return sorted(found, key=lambda p: p.relative_to(repo).as_posix())


def inputs_key(repo: Path = REPO) -> str:
    """The hash of the inputs' paths and bytes (SHA-256, hex)."""
    digest = hashlib.sha256(f"kowhist-teach lite site {KEY_VERSION}\n".encode())
    for path in input_files(repo):
        digest.update(path.relative_to(repo).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def stamp_of(site: Path) -> Path:
    """The file beside the site that names the key it was built from."""
    return site.with_name(site.name + ".inputs")


def copy_into_place(source: Path, target: Path) -> None:
    """``source`` copied to ``target`` whole: a copy beside it, then renamed."""
    partial = target.with_name(f"{target.name}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    shutil.copytree(source, partial, symlinks=True)
    if target.exists():
        shutil.rmtree(target)
    try:
        partial.rename(target)
    except OSError:  # another run stored the same key meanwhile: theirs is as good
        shutil.rmtree(partial, ignore_errors=True)
        if not target.exists():
            raise


def restore(site: Path, cache: Path, key: str) -> bool:
    """The build of ``key`` at ``site`` (True), or nothing to restore (False)."""
    stamp = stamp_of(site)
    if (site / "index.html").is_file() and stamp.is_file() and stamp.read_text().strip() == key:
        print(f"the static site {site} is up to date (inputs {key[:12]})")
        return True
    cached = cache / "sites" / key
    if not (cached / "index.html").is_file():
        print(f"the static site: no build of these inputs ({key[:12]}) in {cache}: building")
        return False
    started = time.perf_counter()
    stamp.unlink(missing_ok=True)
    copy_into_place(cached, site)
    stamp.write_text(key + "\n")
    os.utime(cached)  # recently used: the last to be pruned
    seconds = time.perf_counter() - started
    print(f"the static site {site}: the build of these inputs ({key[:12]}) from {cached}, "
          f"{seconds:.1f} s")  # fmt: skip
    return True


def store(site: Path, cache: Path, key: str) -> None:
    """The site built from ``key``'s inputs into the cache, and its stamp."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"no static site in {site} (no index.html): nothing to store")
    sites = cache / "sites"
    sites.mkdir(parents=True, exist_ok=True)
    copy_into_place(site, sites / key)
    stamp_of(site).write_text(key + "\n")
    others = sorted(
        (p for p in sites.iterdir() if p.is_dir() and p.name != key and ".partial-" not in p.name),
        key=lambda p: p.stat().st_mtime_ns,
        reverse=True,
    )
    for old in others[KEEP - 1 :]:  # this build, and the newest of the others
        shutil.rmtree(old, ignore_errors=True)
    print(f"the static site {site} kept in {sites / key}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("key", "restore", "store"))
    parser.add_argument("--site", type=Path, default=REPO / "build" / "lite")
    parser.add_argument("--cache", type=Path, help="the cache folder (restore, store)")
    args = parser.parse_args(argv)
    key = inputs_key()
    if args.action == "key":
        print(key)
        return 0
    if args.cache is None:
        parser.error(f"{args.action} needs --cache DIR")
    if args.action == "restore":
        return 0 if restore(args.site, args.cache, key) else 1
    store(args.site, args.cache, key)
    return 0


if __name__ == "__main__":
    sys.exit(main())
