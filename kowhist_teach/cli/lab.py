"""``kowhist-teach lab``: the course in JupyterLab, opened at the contents page of the
student's language (``make lab`` runs it).

- The language is ``--lang`` (``en``, ``es``, ``fr``), else the one the course's own
  terminal names (``KOWHIST_TEACH_LANG``), else the system's (``LC_ALL``,
  ``LC_MESSAGES``, ``LANG``), else English (:func:`system_language`).
- JupyterLab's files start in the course folder (``notebooks/``, or its copy inside the
  package when installed from a wheel: :func:`course_folder`), so a lesson's command
  (``kowhist-teach replay records/04_one_round.json``) works as written in the terminal
  JupyterLab opens there, and that terminal finds ``kowhist-teach``: this environment's
  ``bin`` is first on its ``PATH``, put there after the shell's own start-up files
  (:func:`terminal_shell`), which may set ``PATH`` anew (``/etc/profile`` does, in the
  login shell JupyterLab starts when its output is not a terminal). A terminal opened
  from the launcher starts in the folder the file browser shows (``es/`` in the
  Spanish course): a record named as the lessons name it is found there too
  (:func:`course_file`).
- That terminal speaks the course's language: ``KOWHIST_TEACH_LANG`` is set for
  JupyterLab, its terminals and its kernels (:mod:`kowhist_teach.i18n.environment`), so
  ``kowhist-teach`` without ``--lang`` speaks it (:func:`default_language`):
  ``kowhist-teach play`` in the Spanish course is in Spanish, and so is the app that
  ``build_app()`` makes there without a language.
- As root (a container, a lab machine's admin account) JupyterLab needs
  ``--allow-root``: it is added.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from ..core.errors import SetupError
from ..i18n import LANGUAGES, _
from ..i18n.environment import LANG_VARIABLE, environment_language

__all__ = [
    "LANG_VARIABLE",
    "contents_page",
    "course_file",
    "default_language",
    "lab_command",
    "system_language",
    "terminal_shell",
]


#: Where each language's lessons are, inside the course folder.
LESSON_FOLDERS = {"en": "", "es": "es", "fr": "fr"}

#: The start-up file of a bash in JupyterLab's terminal (``bash --rcfile``): what an
#: interactive bash reads (``~/.bashrc``), then this environment's scripts first on
#: ``PATH`` (``KOWHIST_TEACH_BIN``, set by :func:`lab_command`).
TERMINAL_RC = Path(__file__).resolve().parent / "terminal_rc.sh"


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of ``kowhist-teach`` when no ``--lang`` is given: the one
    :data:`LANG_VARIABLE` names (set in the terminal of ``kowhist-teach lab`` to the
    course's), else English. Not the system's locale: a command's output stays the same
    on every machine unless asked otherwise.

    >>> default_language({"KOWHIST_TEACH_LANG": "fr"}), default_language({"LANG": "fr_FR"})
    ('fr', 'en')
    >>> default_language({"KOWHIST_TEACH_LANG": "de"})
    'en'
    """
    return environment_language(environ) or "en"


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The course language the system asks for: :data:`LANG_VARIABLE` (inside the
    course's own terminal), else ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (the first one
    set), if the course has it; else ``en``.

    >>> system_language({"LANG": "fr_FR.UTF-8"}), system_language({"LANG": "de_DE.UTF-8"})
    ('fr', 'en')
    >>> system_language({"LC_ALL": "es_AR.UTF-8", "LANG": "fr_FR.UTF-8"})
    'es'
    >>> system_language({"KOWHIST_TEACH_LANG": "es", "LANG": "fr_FR.UTF-8"})
    'es'
    """
    environ = os.environ if environ is None else environ
    asked = environment_language(environ)
    if asked:
        return asked
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


def course_file(name: str, cwd: Path | None = None) -> str:
    """The record ``name`` that ``replay``, ``explain`` or ``review`` is given: as typed
    when it is there (or is JSON text, or an absolute path), else the course's file of
    that name if there is one, else as typed (whose "no such file" then says so).

    So a lesson's command (``kowhist-teach replay records/04_one_round.json``) works in
    any terminal, wherever it opened: JupyterLab opens a new terminal in the folder its
    file browser shows, which is ``es/`` or ``fr/`` in the Spanish or French course,
    where there is no ``records/``.

    >>> course_file("records/04_one_round.json", Path("/")).endswith(
    ...     "notebooks/records/04_one_round.json")
    True
    >>> course_file("records/none.json", Path("/"))
    'records/none.json'
    """
    path = Path(name)
    if name.lstrip().startswith("{") or path.is_absolute() or ((cwd or Path.cwd()) / path).exists():
        return name
    try:
        found = course_folder() / path
    except SetupError:  # no course beside this install
        return name
    return str(found) if found.is_file() else name


def contents_page(lang: str) -> str:
    """The contents page of ``lang``'s lessons, inside the course folder.

    >>> contents_page("es"), contents_page("en")
    ('es/00_contents.ipynb', '00_contents.ipynb')
    """
    folder = LESSON_FOLDERS[lang]
    return f"{folder}/00_contents.ipynb" if folder else "00_contents.ipynb"


def terminal_shell(shell: str | None) -> list[str]:
    """The command of the shell in JupyterLab's terminal, given the user's ``SHELL``.

    JupyterLab's own choice is ``$SHELL -l`` when its output is not a terminal (``make
    lab`` from a script, a pipe, an IDE), and a login shell reads ``/etc/profile``,
    which sets ``PATH`` anew: ``kowhist-teach`` would not be found. A bash here reads
    its user's ``~/.bashrc`` as usual, then :data:`TERMINAL_RC` puts this environment
    first; another shell starts interactive, not as a login shell, and keeps the
    ``PATH`` it is given.

    >>> terminal_shell("/bin/bash")[1:3] == ["--rcfile", str(TERMINAL_RC)]
    True
    >>> terminal_shell("/usr/bin/zsh"), terminal_shell(None)
    (['/usr/bin/zsh', '-i'], ['sh', '-i'])
    """
    shell = shell or "sh"
    if Path(shell).name == "bash":
        return [shell, "--rcfile", str(TERMINAL_RC), "-i"]
    return [shell, "-i"]


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
    >>> env["PATH"].endswith(os.pathsep + "/bin") and env["KOWHIST_TEACH_BIN"] in env["PATH"]
    True
    >>> env["KOWHIST_TEACH_LANG"]
    'fr'
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
    shell = shlex.join(terminal_shell(environ.get("SHELL")))
    argv.append(f"--ServerApp.terminado_settings=shell_command={shell}")
    argv.append(contents_page(lang))
    # The terminal JupyterLab opens runs with this environment: this Python's scripts
    # (kowhist-teach among them) first on its PATH, and named for TERMINAL_RC, which
    # puts them first again after the shell's start-up files.
    here = str(Path(sys.executable).parent)
    environ["KOWHIST_TEACH_BIN"] = here
    environ[LANG_VARIABLE] = lang  # kowhist-teach in the terminal speaks the course's
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
