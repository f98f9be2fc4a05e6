"""``kowhist-teach class singleuser``: what a school's JupyterHub starts for each person
(:mod:`kowhist_teach.classroom.hub`): a student's app, a student's course in JupyterLab,
or (as the hub's ``class-console`` service) the teachers' console.

The hub starts it, never a person: it reads where to listen and whom it serves from the
hub's environment (``JUPYTERHUB_*``), and the class store from ``--db`` or
``KOWHIST_CLASS_DB``.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core.errors import SetupError
from ..i18n import _

__all__ = ["add_singleuser_parser", "cmd_singleuser"]


def add_singleuser_parser(commands: Any, parents: list[argparse.ArgumentParser]) -> None:
    """``class singleuser`` on ``commands`` (the ``class`` command's subparsers)."""
    single = commands.add_parser(
        "singleuser",
        help=_("the page JupyterHub serves each person of the class (the hub runs it)"),
        description=_(
            "Run by JupyterHub: a student's app (or, with --course, the course in "
            "JupyterLab; with --console, the teachers' console as a hub service), behind "
            "the hub's login."
        ),
        parents=parents,
    )
    single.add_argument(
        "--db", default=None, metavar="URL", help=_("the class store's database URL")
    )
    kind = single.add_mutually_exclusive_group()
    kind.add_argument("--console", action="store_true", help=_("the teachers' console"))
    kind.add_argument("--course", action="store_true", help=_("the course in JupyterLab"))
    single.add_argument(
        "--ip",
        default=None,
        help=_(
            "the address to listen on (default: the host of the hub's URL for this "
            "server; 0.0.0.0 for a service the hub reaches by a name, as on Kubernetes)"
        ),
    )
    single.add_argument(
        "--pool-size", type=int, default=None, help=_("kernels kept ready (default: 1)")
    )
    single.add_argument("--memory-mb", type=int, default=None, help=_("memory cap per kernel, MiB"))


def cmd_singleuser(args: argparse.Namespace) -> int:
    """Serve what the hub started this process for, until the hub stops it."""
    from ..classroom.hub import HUB_USER_ENV, course_argv, hub_place
    from ..classroom.schema import CLASS_DB_ENV
    from .lab import LESSON_FOLDERS, course_folder, system_language

    place = hub_place()
    if args.ip:
        place = replace(place, ip=args.ip)
    url = args.db or os.environ.get(CLASS_DB_ENV, "")
    if url:
        # Every kernel of this server inherits it.
        os.environ[CLASS_DB_ENV] = url
    if args.course:
        home = Path(os.environ.get("HOME") or Path.home())
        # --lang (every command's) is the course's language too.
        lang = getattr(args, "explicit_lang", None) or system_language()
        course = course_folder()
        lessons = course / LESSON_FOLDERS[lang] if LESSON_FOLDERS[lang] else course
        argv = course_argv(lessons, course / "records", home)
        os.chdir(home)
        sys.stdout.flush()
        # This process becomes JupyterLab's: the hub watches and stops that one.
        os.execvp(argv[0], argv)
    try:
        import jupyterhub  # noqa: F401

        from ..classroom.server import skip_slow_format_checker

        skip_slow_format_checker()  # before Voilà's imports
        import voila  # noqa: F401
    except ImportError:
        raise SetupError(
            _("a class on JupyterHub needs: pip install 'kowhist-teach[hub]'")
        ) from None
    from ..classroom.server import MEMORY_MB, ServeOptions, serve
    from .app import package_notebook

    if args.console:
        if not url:
            raise SetupError(
                _("the console needs the class store: set {name} or --db").format(name=CLASS_DB_ENV)
            )
        page = package_notebook("console.ipynb")
    elif url:
        if not place.user:
            raise SetupError(_("a student's page is started by JupyterHub for one user"))
        # The student is the hub's user: the class page asks no name.
        os.environ[HUB_USER_ENV] = place.user
        page = package_notebook("class.ipynb")
    else:
        page = package_notebook("app.ipynb")  # no class: the app alone
    options = ServeOptions(
        open_browser=False,
        pool_size=1 if args.pool_size is None else args.pool_size,
        memory_mb=MEMORY_MB if args.memory_mb is None else args.memory_mb,
        hub=place,
    )
    who = place.user or place.service
    print(
        _("Serving {page} for {who} at {url} (behind the hub's login)").format(
            page=page.name, who=who, url=place.prefix
        ),
        flush=True,
    )
    return serve(page, options, announce=False)
