"""``kowhist-teach lab``: the course in JupyterLab, opened at the contents page of the
student's language (``make lab`` runs it).

- The language is ``--lang`` (``en``, ``es``, ``fr``), else the system's (``LC_ALL``,
  ``LC_MESSAGES``, ``LANG``), else English.
- JupyterLab's files start in the course folder (``notebooks/``, or its copy inside the
  package when installed from a wheel: :func:`course_folder`), so a lesson's command
  (``kowhist-teach replay records/04_one_round.json``) works as written in the terminal
  JupyterLab opens there, and that terminal finds ``kowhist-teach`` (this environment's
  ``bin`` is first on its ``PATH``).
- As root (a container, a lab machine's admin account) JupyterLab needs
  ``--allow-root``: it is added.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from ..core.errors import SetupError
from ..i18n import LANGUAGES, _

__all__ = ["contents_page", "lab_command", "system_language"]

#: Where each language's lessons are, inside the course folder.
LESSON_FOLDERS = {"en": "", "es": "es", "fr": "fr"}


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The course language the system asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    the first one set), if the course has it; else ``en``.

    >>> system_language({"LANG": "fr_FR.UTF-8"}), system_language({"LANG": "de_DE.UTF-8"})
    ('fr', 'en')
    >>> system_language({"LC_ALL": "es_AR.UTF-8", "LANG": "fr_FR.UTF-8"})
    'es'
    """
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def course_folder() -> Path:
    """The course's folder: the copy a wheel carries inside the package
    (``kowhist_teach/notebooks/``, as a JupyterHub's image installs it), else
    ``notebooks/`` of this checkout (an editable install runs from the checkout).

    >>> (course_folder() / "es" / "00_contents.ipynb").is_file()
    True
    """
    package = Path(__file__).resolve().parents[1]
    # The package's own copy first: beside an installed package, parents[2] is
    # site-packages, where another distribution's notebooks/ could lie.
    for folder in (package / "notebooks", package.parent / "notebooks"):
        if (folder / "00_contents.ipynb").is_file():
            return folder
    raise SetupError(
        _(
            "the course (notebooks/00_contents.ipynb) is not beside this install: run it "
            "from a copy of the project"
        )  # fmt: skip
    )


def contents_page(lang: str) -> str:
    """The contents page of ``lang``'s lessons, inside the course folder.

    >>> contents_page("es"), contents_page("en")
    ('es/00_contents.ipynb', '00_contents.ipynb')
    """
    folder = LESSON_FOLDERS[lang]
    return f"{folder}/00_contents.ipynb" if folder else "00_contents.ipynb"


def lab_command(
    lang: str,
    folder: Path,
    *,
    no_browser: bool = False,
    port: int | None = None,
    root: bool | None = None,
    environ: Mapping[str, str] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """JupyterLab's command and environment for the course in ``lang``.

    >>> argv, env = lab_command("fr", Path("/c/notebooks"), root=True, environ={"PATH": "/bin"})
    >>> argv[1:4], argv[-1], "--allow-root" in argv
    (['-m', 'jupyterlab', '--ServerApp.root_dir=/c/notebooks'], 'fr/00_contents.ipynb', True)
    >>> env["PATH"].endswith(os.pathsep + "/bin")
    True
    """
    environ = dict(os.environ if environ is None else environ)
    root = (hasattr(os, "geteuid") and os.geteuid() == 0) if root is None else root
    argv = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    if root:
        argv.append("--allow-root")
    if no_browser:
        argv.append("--no-browser")
    if port is not None:
        argv.append(f"--port={port}")
    argv.append(contents_page(lang))
    # The terminal JupyterLab opens runs with this environment: this Python's scripts
    # (kowhist-teach among them) first on its PATH.
    here = str(Path(sys.executable).parent)
    environ["PATH"] = os.pathsep.join(p for p in (here, environ.get("PATH", "")) if p)
    return argv, environ


def add_lab_parser(sub: argparse._SubParsersAction, parents: list) -> None:
    """The ``lab`` command on ``sub``."""
    lab = sub.add_parser(
        "lab",
        help=_("open the course in JupyterLab, in your language"),
        description=_(
            "Open the course in JupyterLab at the contents page of the language chosen "
            "with --lang, else the system's. The terminal JupyterLab opens starts in the "
            "course folder and finds kowhist-teach."
        ),
        parents=parents,
    )
    lab.add_argument("--no-browser", action="store_true")
    lab.add_argument("--port", type=int, default=None)


def cmd_lab(args: argparse.Namespace) -> int:
    """``lab``."""
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        needs = _("the course needs JupyterLab: pip install 'kowhist-teach[app]'")
        raise SetupError(needs) from None
    lang = getattr(args, "explicit_lang", None) or system_language()
    argv, env = lab_command(lang, course_folder(), no_browser=args.no_browser, port=args.port)
    try:
        return subprocess.call(argv, env=env, cwd=course_folder())
    except KeyboardInterrupt:
        return 0
