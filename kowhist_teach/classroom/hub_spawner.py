"""The spawner of the single-machine hub (``deploy/single-machine/jupyterhub_config.py``):
each student's app as a local process, memory capped, a home of its own.

A school server without Kubernetes has no containers to put each student in. What keeps
students apart here is what the app's server lets a page do, not the operating system:
every server runs as the hub's own **unprivileged** service user (a hub run as root says
so in its log for every server it starts), and it is
the app profile's server (:mod:`.hub`), whose pages reach the Voilà app and nothing else
(no JupyterLab, no contents API, no terminals; its kernels run the app's notebook and
accept widget messages only, never code). That is why the single-machine hub offers the
app only: the course profile (JupyterLab, where students run code) needs each student in
a container of their own (Zero to JupyterHub, ``deploy/z2jh``).

- **memory**: each server process starts with its address space capped
  (:attr:`ClassSpawner.server_memory_mb`); each of its kernels is capped again by the
  app's server (``--memory-mb``, :data:`.server.MEMORY_MB`), and a student's server
  keeps one kernel ready and one per open page.
- **a home of its own**: ``{data}/homes/{username}``, owner-only (the kernels' connection
  files live there).
"""

from __future__ import annotations

import os
import re
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner
from traitlets import Integer, Unicode, default

__all__ = ["ClassSpawner", "server_preexec"]

#: A server's address-space cap, MiB: Voilà's server maps about 1 GiB while using
#: about 110 MB; its kernels are capped apart, by the app's server.
SERVER_MEMORY_MB = 2048


def server_preexec(home: str, memory_mb: int) -> Any:
    """What runs in the new process before the server starts: its home made (owner-only)
    and entered, its address space capped at ``memory_mb`` MiB (0: no cap).

    >>> import tempfile; folder = tempfile.mkdtemp()
    >>> callable(server_preexec(folder + "/ann", 0))
    True
    """

    def preexec() -> None:
        os.makedirs(home, 0o700, exist_ok=True)
        os.chmod(home, 0o700)
        os.chdir(home)
        if memory_mb > 0:
            import resource

            limit = memory_mb * 1024 * 1024
            _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))

    return preexec


class ClassSpawner(LocalProcessSpawner):
    """Each person's server as a local process of the hub's own user, in a home of its
    own, its memory capped (see the module's docstring for why this is safe for the app
    profile, and only for it)."""

    homes = Unicode(
        "/srv/kowhist-hub/homes",
        config=True,
        help="The folder of the students' homes (one folder each, owner-only).",
    )
    server_memory_mb = Integer(
        SERVER_MEMORY_MB, config=True, help="Each server process's address-space cap, MiB."
    )
    home_dir = Unicode(help="This person's home.")

    @default("home_dir")
    def _default_home_dir(self) -> str:
        # Hub names are normalized (lower case) but may hold any character the login
        # gave (an LTI name, an e-mail): only a plain file name goes on disk.
        safe = re.sub(r"[^a-z0-9._-]", "_", self.user.name.lower()).lstrip(".") or "_"
        return os.path.join(self.homes, safe)

    def make_preexec_fn(self, name: str) -> Any:
        if os.geteuid() == 0:
            # The servers run as the hub's user: as root, a student's server would hold
            # the machine. docs/deploy.md runs the hub as a service user of its own.
            self.log.warning(
                "The hub runs as root, and so does %s's server: run it as an unprivileged "
                "user (docs/deploy.md)",
                self.user.name,
            )
        return server_preexec(self.home_dir, self.server_memory_mb)

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        env["USER"] = self.user.name
        env["HOME"] = self.home_dir
        env["SHELL"] = "/bin/false"
        return env

    def move_certs(self, paths: dict[str, str]) -> dict[str, str]:
        return paths
