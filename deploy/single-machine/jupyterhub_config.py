"""JupyterHub for a class on one school server (no Kubernetes): docs/deploy.md.

Every student logs in through the school's Moodle or Canvas (LTI 1.3) and gets the app:
a server of their own that serves the Voilà app and nothing else, behind the hub's
login. Teachers (the hub group ``teachers``) also reach the teachers' console, a hub
service: the hub role ``class-teachers`` gives them that and nothing more (no teacher is
a hub admin). The class store is the school's PostgreSQL: the console sees every
student's server. Servers idle for 30 minutes are stopped.

Run it as an unprivileged service user of its own, behind a TLS proxy (nginx, Caddy),
from the environment where ``pip install 'kowhist_teach-<version>-py3-none-any.whl[hub]'``
installed this package (make dist builds the wheel), with configurable-http-proxy from
npm on the PATH:

    jupyterhub -f /etc/kowhist-hub/jupyterhub_config.py

Everything a school changes is read from the environment (a systemd unit's
``EnvironmentFile``), so this file is used as shipped:

=========================  ===========================================================
``KOWHIST_CLASS_DB``       the class store: ``postgresql://user:password@host/db``
``KOWHIST_TEACHERS``       the teachers' hub names, comma-separated
``KOWHIST_HUB_URL``        where the hub listens (default ``http://127.0.0.1:8000``;
                           the TLS proxy forwards to it)
``KOWHIST_HUB_DATA``       the hub's own files: its database, cookie secret, the
                           students' homes (default ``/srv/kowhist-hub``)
``KOWHIST_HUB_API_PORT``   the hub's internal API port (default 8081)
``KOWHIST_PROXY_API_PORT`` configurable-http-proxy's API port (default 8001)
``KOWHIST_CONSOLE_PORT``   the teachers' console's port (default 10101)
``KOWHIST_LTI_ISSUER``     the LMS's LTI 1.3 issuer, e.g. ``https://moodle.example.org``
``KOWHIST_LTI_CLIENT_ID``  the client id the LMS gave this tool (comma-separated: more)
``KOWHIST_LTI_AUTHORIZE``  the LMS's authorization URL
                           (Moodle: ``https://moodle.example.org/mod/lti/auth.php``)
``KOWHIST_LTI_JWKS``       the LMS's public keys (Moodle: ``…/mod/lti/certs.php``)
=========================  ===========================================================
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - JupyterHub's config loader defines it


def setting(name: str, default: str | None = None) -> str:
    """A setting from the environment; the hub refuses to start without a required one."""
    value = os.environ.get(name, default)
    if value is None or value == "":
        sys.exit(f"jupyterhub_config.py: set {name} (see the top of this file)")
    return value


DATA = Path(setting("KOWHIST_HUB_DATA", "/srv/kowhist-hub"))
CLASS_DB = setting("KOWHIST_CLASS_DB")
TEACHERS = sorted({n.strip() for n in setting("KOWHIST_TEACHERS", "").split(",") if n.strip()})
CONSOLE = "class-console"
CONSOLE_PORT = int(setting("KOWHIST_CONSOLE_PORT", "10101"))
DATA.mkdir(mode=0o700, parents=True, exist_ok=True)

# ---------------------------------------------------------------- the hub itself
c.JupyterHub.bind_url = setting("KOWHIST_HUB_URL", "http://127.0.0.1:8000")
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{int(setting('KOWHIST_HUB_API_PORT', '8081'))}"
c.ConfigurableHTTPProxy.api_url = (
    f"http://127.0.0.1:{int(setting('KOWHIST_PROXY_API_PORT', '8001'))}"
)
c.ConfigurableHTTPProxy.pid_file = str(DATA / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
# A restarted hub finds the students' servers still running and keeps them.
c.JupyterHub.cleanup_servers = False
# Nobody is a hub admin through this file: the school's IT manages the hub with its
# API token or `jupyterhub` on the server.
c.Authenticator.admin_users = set()

# ---------------------------------------------------------------- logging in
# LTI 1.3: the course's page in Moodle or Canvas opens the hub, already logged in.
# Everyone the LMS sends is a member of the course (that is what the LMS checks).
c.JupyterHub.authenticator_class = "ltiauthenticator.lti13.auth.LTI13Authenticator"
c.LTI13Authenticator.issuer = setting("KOWHIST_LTI_ISSUER", "https://moodle.example.org")
c.LTI13Authenticator.client_id = [
    x.strip() for x in setting("KOWHIST_LTI_CLIENT_ID", "set-me").split(",") if x.strip()
]
c.LTI13Authenticator.authorize_url = setting(
    "KOWHIST_LTI_AUTHORIZE", "https://moodle.example.org/mod/lti/auth.php"
)
c.LTI13Authenticator.jwks_endpoint = setting(
    "KOWHIST_LTI_JWKS", "https://moodle.example.org/mod/lti/certs.php"
)
# The hub name of each person is their e-mail address at the school: unique, and what the
# teacher reads on the console (the class page takes the hub name as the student's).
c.LTI13Authenticator.username_key = "email"
c.Authenticator.allow_all = True

# ---------------------------------------------------------------- the teachers
c.JupyterHub.load_groups = {"teachers": {"users": TEACHERS}}
c.JupyterHub.load_roles = [
    {
        "name": "class-teachers",
        "description": "The teachers' console of the class, and nothing more",
        "groups": ["teachers"],
        "scopes": [f"access:services!service={CONSOLE}"],
    },
    {
        "name": "idle-culler",
        "description": "Stops the servers of people who left",
        "services": ["idle-culler"],
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    },
]


def landing(handler):  # JupyterHub calls it with the request handler
    """Where a person lands after logging in: a teacher on the console, a student on
    their own app (the hub's default: "" is "start my server and go there")."""
    user = handler.current_user
    if user is not None and any(group.name == "teachers" for group in user.groups):
        return f"{handler.base_url}services/{CONSOLE}/"
    return ""


c.JupyterHub.default_url = landing

# ---------------------------------------------------------------- the services
kowhist = [sys.executable, "-m", "kowhist_teach.cli"]
c.JupyterHub.services = [
    {
        "name": CONSOLE,
        "display": True,
        "url": f"http://127.0.0.1:{CONSOLE_PORT}",
        "command": [*kowhist, "class", "singleuser", "--console"],
        "environment": {"KOWHIST_CLASS_DB": CLASS_DB},
        "oauth_no_confirm": True,
    },
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=1800"],
    },
]

# ---------------------------------------------------------------- the students' servers
# A school server without Kubernetes has no containers to put each student in: what keeps
# students apart is what the app's server lets a page do, not the operating system. Every
# server runs as the hub's own unprivileged service user (a hub run as root says so in its
# log for every server it starts), and it is the app profile's server, whose pages reach
# the Voilà app and nothing else (no JupyterLab, no contents API, no terminals; its kernels
# run the app's notebook and take widget messages only, never code). That is why this hub
# offers the app only: the course (JupyterLab, where students run code) needs each student
# in a container of their own (deploy/z2jh).
import resource  # noqa: E402

from jupyterhub.spawner import LocalProcessSpawner  # noqa: E402
from traitlets import Integer, Unicode, default  # noqa: E402


class ClassSpawner(LocalProcessSpawner):
    """Each person's server as a local process of the hub's own user, in a home folder of
    its own (owner-only: the kernels' connection files live there), its address space
    capped (each of its kernels is capped again by the app's server, 1.5 GiB)."""

    homes = Unicode("/srv/kowhist-hub/homes", config=True, help="The students' homes.")
    # Voilà's server maps about 1 GiB while using about 110 MB.
    server_memory_mb = Integer(2048, config=True, help="A server's address-space cap, MiB.")
    home_dir = Unicode(help="This person's home.")

    @default("home_dir")
    def _default_home_dir(self):
        # Hub names may hold any character the login gave (an e-mail address): only a
        # plain file name goes on disk.
        safe = "".join(ch if ch.isalnum() or ch in "._-@" else "_" for ch in self.user.name)
        return os.path.join(self.homes, safe.lstrip(".") or "_")

    def make_preexec_fn(self, name):
        if os.geteuid() == 0:
            self.log.warning(
                "The hub runs as root, and so does %s's server: run it as an unprivileged "
                "user (docs/deploy.md)",
                self.user.name,
            )
        home, limit = self.home_dir, self.server_memory_mb * 1024 * 1024

        def preexec():  # in the new process, before the server starts
            os.makedirs(home, 0o700, exist_ok=True)
            os.chmod(home, 0o700)
            os.chdir(home)
            if limit > 0:
                _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
                cap = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
                resource.setrlimit(resource.RLIMIT_AS, (cap, hard))

        return preexec

    def user_env(self, env):
        env["USER"] = self.user.name
        env["HOME"] = self.home_dir
        env["SHELL"] = "/bin/false"
        return env

    def move_certs(self, paths):
        return paths


c.JupyterHub.spawner_class = ClassSpawner
c.ClassSpawner.homes = str(DATA / "homes")
c.Spawner.cmd = [*kowhist, "class", "singleuser"]
c.Spawner.environment = {"KOWHIST_CLASS_DB": CLASS_DB}
# A busy server at the start of a lesson: 30 students spawning at once.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 120
# One server per person: no named servers.
c.JupyterHub.allow_named_servers = False
