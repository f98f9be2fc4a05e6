"""Rewrite pure-Python wheels with their modules compiled to bytecode (run inside Pyodide
by lite/pycompile.mjs, so the bytecode is that of the visitor's Python).

    pycompile.py <wheel dir> [<wheel keeping its sources>...]

Each ``*.whl`` of the folder is rewritten in place, as Pyodide's own distribution ships
its packages: each module that a kernel imports as it starts, or that the project's
package imports, ``x.py``, becomes ``x.pyc`` beside it (sourceless: Python imports it
without reading or compiling any source). The other modules (most of pygments' lexers,
for one) stay as sources, compiled if ever imported: bytecode is about twice the size of
its source once zipped, and the site must stay small. Those modules are found by
importing them here, in the same Pyodide, with every wheel installed (pycompile.mjs
installs them): ``piplite.piplite`` and ``pyodide_kernel`` as the kernel does, and every
module of ``kowhist_teach``. The wheels named after
the folder keep their sources and get ``__pycache__/x.cpython-3NN.pyc`` beside each
module instead, compiled unchecked (Python trusts it without comparing the source), so that
a traceback through them still shows their lines. ``RECORD`` is written again with the
new files' hashes. A module that does not compile keeps its source: Python would report
its error when imported, as it would without this step.

Also left as they are: the packages' own tests (never imported in the site; compiling
them would only make the site bigger). Left out: the front-end files that a wheel carries
for a Jupyter server (``*.data/data/share/jupyter/``, ``labextension/``): the site serves
its front end itself, and the kernel never reads them; jedi's stubs of projects that
the site does not carry; and Babel's data of every locale but the course's languages
(``kowhist_teach.i18n.LANGUAGES``) and ``root``, the one they inherit from: 8 of its
11 MB, which every visitor would download and every kernel start unpack.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import re
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # the pyc writer of py_compile
from pathlib import Path

SITE_PACKAGES = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
TAG = sys.implementation.cache_tag  # cpython-314
FRONT_END = re.compile(r"\.data/data/share/jupyter/|(^|/)(labextension|nbextension)/")
# jedi's type stubs of other projects (Django, requests, ...: 1126 of its 1880 files), for
# packages the site does not carry; its standard library stubs stay. Every kernel start
# unpacks each file of each wheel, so they cost time as well as room.
FOREIGN_STUBS = re.compile(r"^jedi/third_party/(django-stubs|typeshed/third_party)/")
TESTS = re.compile(r"(^|/)tests?/")


def foreign_locales() -> re.Pattern[str]:
    """Babel's data files of the locales the course does not speak: all but ``root`` and
    the catalogue's languages (formats.py asks Babel for those alone).

    >>> bool(foreign_locales().search("babel/locale-data/de.dat"))
    True
    >>> [bool(foreign_locales().search(f"babel/locale-data/{x}.dat")) for x in ("root", "es")]
    [False, False]
    """
    from kowhist_teach.i18n import LANGUAGES

    keep = "|".join(re.escape(name) for name in ("root", *LANGUAGES))
    return re.compile(rf"^babel/locale-data/(?!(?:{keep})\.dat$)[^/]+\.dat$")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def imported_modules() -> set[str]:
    """The files (relative to site-packages: ``IPython/core/magic.py``) of the modules that
    the kernel imports as it starts and of every module of the project's package."""
    import importlib
    import pkgutil

    importlib.import_module("piplite.piplite")
    try:
        importlib.import_module("pyodide_kernel")  # the kernel: IPython, jedi, comm...
    finally:  # it takes over the standard streams: give them back for our report
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    package = importlib.import_module("kowhist_teach")
    for module in pkgutil.walk_packages(package.__path__, "kowhist_teach."):
        # Not the CLI's entry point (it runs the CLI), nor a game's tests (the wheel leaves
        # them out; a wheel built otherwise would bring them, and they import pytest).
        if not module.name.endswith("__main__") and "tests" not in module.name.split("."):
            importlib.import_module(module.name)
    prefix = SITE_PACKAGES + "/"
    files = {getattr(module, "__file__", None) or "" for module in list(sys.modules.values())}
    return {f.removeprefix(prefix) for f in files if f.startswith(prefix)}


def compile_wheel(
    wheel: Path, keep_sources: bool, hot: set[str], left_out: re.Pattern[str]
) -> tuple[int, int]:
    """Rewrite ``wheel`` with the bytecode of the modules in ``hot`` (of every module if
    it keeps its sources), without the files that ``left_out`` finds (nor the front
    end's, nor jedi's foreign stubs); return (modules compiled, modules that did not
    compile)."""
    compiled = failed = 0
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(wheel) as source:
        record = next(n for n in source.namelist() if n.endswith(".dist-info/RECORD"))
        for info in source.infolist():
            if info.is_dir() or info.filename == record:
                continue
            name = info.filename
            if FRONT_END.search(name) or FOREIGN_STUBS.search(name) or left_out.search(name):
                continue
            data = source.read(info)
            cold = not keep_sources and (info.filename not in hot or TESTS.search(info.filename))
            if not info.filename.endswith(".py") or cold:
                files[info.filename] = data
                continue
            try:
                code = compile(data, f"{SITE_PACKAGES}/{info.filename}", "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                files[info.filename] = data
                failed += 1
                continue
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            if keep_sources:
                folder, _, stem = info.filename.removesuffix(".py").rpartition("/")
                cached = f"{folder}/__pycache__/{stem}.{TAG}.pyc" if folder else (
                    f"__pycache__/{stem}.{TAG}.pyc")  # fmt: skip
                files[info.filename] = data
                files[cached] = pyc
            else:
                files[info.filename + "c"] = pyc
            compiled += 1
    lines = [_record_line(name, data) for name, data in files.items()] + [f"{record},,"]
    files[record] = ("\n".join(lines) + "\n").encode()
    temporary = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16  # rw-r--r--, as pip writes them
            target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    temporary.replace(wheel)
    return compiled, failed


def main(argv: list[str]) -> None:
    folder, keep = Path(argv[0]), set(argv[1:])
    hot = imported_modules()
    left_out = foreign_locales()
    for wheel in sorted(folder.glob("*.whl")):
        compiled, failed = compile_wheel(wheel, wheel.name in keep, hot, left_out)
        note = f", {failed} left as source" if failed else ""
        print(f"  {wheel.name}: {compiled} modules compiled{note}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
