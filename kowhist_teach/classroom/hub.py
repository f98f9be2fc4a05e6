"""A class on a school's JupyterHub: what ``kowhist-teach class singleuser`` serves.

The hub logs people in (LTI 1.3 from the school's Moodle or Canvas, OAuth …) and starts
one server per student; this module makes that server one of three things, each behind
the hub's login in place of a join token:

- **the app** (``kowhist-teach class singleuser``): the hardened Voilà server of
  :mod:`.server` (the gentle pool, culling, the memory cap, no CDN, no traceback, kernels
  that run no code from the page) serving the class page, under the hub's OAuth login
  (JupyterHub's own ``JupyterHubIdentityProvider``, which checks the ``access:servers``
  scope of this very server: a student reaches their own page and nobody else's). The
  student is the hub's user: no name to type, the same game from any browser. Nothing
  else answers: no JupyterLab, no contents API, no terminals.
- **the course** (``--course --lang es``): JupyterLab (``jupyterhub-singleuser``) opened at
  the contents lesson of the student's language, the lessons copied into their home once
  (a lesson the student changed is never overwritten); terminals off, idle kernels
  culled, Voilà's server extension off (its page template loads MathJax from a CDN).
- **the teacher's console** (``--console``): a hub *service* (``class-console``) that the
  hub starts; only users holding ``access:services!service=class-console`` (the hub
  role ``class-teachers`` gives it to the group ``teachers``) get past its login.

Every one of them reads the class store from ``KOWHIST_CLASS_DB`` (the school's
PostgreSQL), so the console sees every student's server.

>>> env = {"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:41234/user/ann/",
...        "JUPYTERHUB_SERVICE_PREFIX": "/user/ann/", "JUPYTERHUB_USER": "ann"}
>>> place = hub_place(env)
>>> place.ip, place.port, place.prefix, place.user
('127.0.0.1', 41234, '/user/ann/', 'ann')
>>> hub_student_id("ann") == hub_student_id("ann") != hub_student_id("ben")
True
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..core.errors import SetupError
from ..i18n import _

__all__ = [
    "CONSOLE_SERVICE",
    "HUB_USER_ENV",
    "HubPlace",
    "copy_course",
    "course_argv",
    "hub_place",
    "hub_student_id",
]

#: The hub service that serves the teacher's console (and the scope that opens it:
#: ``access:services!service=class-console``).
CONSOLE_SERVICE = "class-console"
#: The hub user a student's kernels serve, handed to them by ``class singleuser`` (not
#: JupyterHub's own ``JUPYTERHUB_USER``: a teacher running ``class start`` from a hub's
#: terminal must not make every student of that class the teacher).
HUB_USER_ENV = "KOWHIST_HUB_USER"
#: Where the course's lessons go in the student's home.
COURSE_DIR = "kowhist-course"
#: Idle minutes before a kernel of the course is shut (as the app's, :mod:`.server`).
COURSE_CULL_SECONDS = 900


@dataclass(frozen=True)
class HubPlace:
    """Where the hub wants this server: the address to listen on, the URL prefix, the
    user it serves (``""`` for a service)."""

    ip: str
    port: int
    prefix: str
    user: str = ""
    service: str = ""


def hub_place(environ: Mapping[str, str] | None = None) -> HubPlace:
    """Where the hub that spawned this process wants it (``JUPYTERHUB_SERVICE_URL``,
    ``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_USER`` / ``JUPYTERHUB_SERVICE_NAME``);
    :class:`SetupError` in one line when this process was not started by a hub.

    >>> hub_place({})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kowhist_teach.core.errors.SetupError: this command is started by JupyterHub (...)
    """
    environ = os.environ if environ is None else environ
    url = environ.get("JUPYTERHUB_SERVICE_URL", "")
    if not url:
        raise SetupError(
            _("this command is started by JupyterHub ({name} is not set)").format(
                name="JUPYTERHUB_SERVICE_URL"
            )
        )
    parts = urlsplit(url)
    prefix = environ.get("JUPYTERHUB_SERVICE_PREFIX") or parts.path or "/"
    if not prefix.endswith("/"):
        prefix += "/"
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        port = -1
    if not parts.hostname or not 0 < port < 65536:
        raise SetupError(
            _("{name} is not a server's URL: {value}").format(
                name="JUPYTERHUB_SERVICE_URL", value=url
            )
        )
    return HubPlace(
        ip=parts.hostname,
        port=port,
        prefix=prefix,
        user=environ.get("JUPYTERHUB_USER", ""),
        service=environ.get("JUPYTERHUB_SERVICE_NAME", ""),
    )


def hub_student_id(user: str) -> str:
    """The class store's id of the hub user ``user``: the same on every browser and
    every server of theirs (32 hex digits, the shape of a browser's own id).

    >>> len(hub_student_id("ann")), hub_student_id("ann") == hub_student_id("Ann")
    (32, False)
    """
    return hashlib.sha256(f"jupyterhub-user:{user}".encode()).hexdigest()[:32]


# ------------------------------------------------------------------ the course
def copy_course(lessons: Path, records: Path, home: Path) -> Path:
    """Copy the lessons in ``lessons`` (one language's) and the records they open
    (``records``) into ``home`` / :data:`COURSE_DIR`, keeping any file already there (the
    student's changes); the folder of the contents lesson. (``kowhist-teach class
    singleuser --course`` says where the course lies: the command line knows.)

    >>> course = Path(tempfile.mkdtemp())
    >>> _ = (course / "00_contents.ipynb").write_text("{}"), (course / "notes.md").write_text("")
    >>> folder = copy_course(course, course / "records", Path(tempfile.mkdtemp()))
    >>> sorted(p.name for p in folder.iterdir()), folder.name
    (['00_contents.ipynb'], 'kowhist-course')
    """
    target = home / COURSE_DIR
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(lessons.glob("[0-9][0-9]_*.ipynb")):
        _copy_new(path, target / path.name)
    # The lessons open their example records by a relative path (records/…).
    if records.is_dir():
        for path in sorted(records.rglob("*")):
            if path.is_file():
                _copy_new(path, target / "records" / path.relative_to(records))
    return target


def _copy_new(source: Path, target: Path) -> None:
    if target.exists():
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


_COURSE_CONFIG = f"""\
# Written by kowhist-teach class singleuser --course: the course's server, as a class
# needs it (the image's etc/jupyter says the same; this holds where it is missing).
c = get_config()  # noqa: F821
c.ServerApp.terminals_enabled = False
c.MappingKernelManager.cull_idle_timeout = {COURSE_CULL_SECONDS}
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
# Off: Voila's extension (its page template loads MathJax and fonts from CDNs; the
# lessons run in JupyterLab, whose MathJax is its own), the terminals, the language
# servers (processes a class does not need).
c.ServerApp.jpserver_extensions = {{
    "voila.server_extension": False,
    "jupyter_server_terminals": False,
    "jupyter_lsp": False,
}}
# JupyterLab asks the Internet for news and updates: never in a class.
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
"""


def course_argv(lessons: Path, records: Path, home: Path) -> list[str]:
    """The command that serves the course under the hub: the lessons of one language
    (``lessons``, their ``records``) copied into ``home``, then ``jupyterhub-singleuser``
    opened at the contents lesson, with the class's settings in a config file of its own
    (owner-only).

    >>> course = Path(tempfile.mkdtemp())
    >>> argv = course_argv(course, course / "records", Path(tempfile.mkdtemp()))
    >>> Path(argv[0]).name, argv[-1]
    ('jupyterhub-singleuser', '--ServerApp.default_url=/lab/tree/kowhist-course/00_contents.ipynb')
    """
    folder = copy_course(lessons, records, home)
    config_dir = Path(tempfile.mkdtemp(prefix="kowhist-course-"))
    config = config_dir / "jupyter_server_config.py"
    config.write_text(_COURSE_CONFIG, encoding="utf-8")
    config.chmod(stat.S_IRUSR | stat.S_IWUSR)
    here = Path(sys.executable).parent / "jupyterhub-singleuser"
    program = str(here) if here.exists() else "jupyterhub-singleuser"
    contents = f"{folder.relative_to(home).as_posix()}/00_contents.ipynb"
    # As root (a container run as root): JupyterLab refuses to start without it.
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return [
        program,
        *root,
        f"--config={config}",
        f"--ServerApp.root_dir={home}",
        f"--ServerApp.default_url=/lab/tree/{contents}",
    ]
