"""Serve the app to one student or a whole class: Voilà, configured to be safe and to last.

``kowhist-teach app`` calls :func:`serve`. Voilà runs in this process, configured here,
so that in every mode:

- **the Host header is checked**: only ``localhost``, a loopback address and, in
  classroom mode, the address printed for the students are answered; any other name
  (a DNS-rebinding page, for one) gets a one-line 403. In classroom mode the Host must
  also name this server's own port: the students' server does not answer to the
  console's port, nor the console to the students'. (Voilà itself sets
  ``allow_remote_access`` and so accepts any Host.)
- **each server has its own login**: its login cookie's name is its own
  (``kowhist-<role>-<port>``, not jupyter_server's ``username-<Host>``, which the request
  chose), signed with a key of its own (a class derives one per role from the key it
  keeps: :func:`role_secret`), so no cookie one server hands out opens another.
- **idle kernels are culled**: a kernel with no page open that has done nothing for
  :data:`CULL_IDLE_MINUTES` minutes is shut down, checked every
  :data:`CULL_INTERVAL_SECONDS` seconds (``MappingKernelManager.cull_idle_timeout``,
  ``cull_interval``; ``cull_connected`` stays off, so an open page keeps its game).
- **a kernel is shut when its page closes**: Voilà's page sends a beacon on
  ``beforeunload`` that its own handler refuses (``403 '_xsrf' argument missing``,
  voila#1458: a beacon cannot carry the XSRF header). Here the shutdown handler accepts
  a same-origin POST instead (the ``Origin`` or ``Referer`` must be this server).
- **kernels are preheated**: a pool of kernels has already run the app notebook
  (``preheat_kernel``, ``pool_size``), so a page opens on a ready table; the pool warms
  **gently**: one kernel at a time (:data:`WARM_AT_ONCE`, each running the notebook to the
  end before the next starts), and a used kernel is replaced only once no page has taken
  one for :data:`FILL_DELAY` seconds and the machine is no longer busy, so a class
  arriving together is not slowed down by 30 new kernels starting while it plays. The
  server log says ``Preheated kernels ready for app.ipynb: N of M`` as each one becomes
  idle;
- **the output waits are long enough for a busy server** (``iopub_timeout``,
  ``startup_timeout``, ``timeout``), so every student gets a table, late rather than
  blank;
- **each kernel's memory is capped** where the OS allows it (``RLIMIT_AS`` through
  Python's ``resource`` module on Linux and the BSDs; nothing on Windows), so a runaway
  kernel fails alone instead of taking the server down;
- **no traceback reaches the browser** (``show_tracebacks=False``) and **no asset comes
  from a CDN**: the page's icon-font links (jsDelivr) are dropped (the app uses no icon)
  and MathJax is not loaded from cdnjs;
- **a page's messages to its kernel are capped** at :data:`WEBSOCKET_MAX_BYTES` (a
  record upload and its envelope): a longer one closes the page's socket unread;
- **kernels are capped** in classroom mode (:mod:`.limits`); **the log stays short and
  without the token** (:mod:`.server_log`).

``kowhist-teach app --classroom`` also listens on every interface, prints the address the
students type, and requires a join token (made up here, printed as a full URL; a page
without it is refused).

>>> o = ServeOptions(classroom=True, address="192.168.1.20", token="k7m2p9x4qd")
>>> join_url(o)
'http://192.168.1.20:8866/?token=k7m2p9x4qd'
>>> allowed_host("192.168.1.20:8866", o), allowed_host("192.168.1.20:8867", o)
(True, False)
>>> allowed_host("evil.example:8866", o)
False
>>> allowed_host("localhost", ServeOptions()), allowed_host("192.168.1.20", ServeOptions())
(True, False)
"""

from __future__ import annotations

import contextlib
import functools
import secrets
import socket
import tempfile
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock
from urllib.parse import urlsplit

from ..core.record import MAX_RECORD_BYTES
from ..i18n import _
from .access import host_allowed, login_cookie_name, role_secret
from .limits import harden_handlers, tracking
from .pool import gentle_pool
from .server_log import guard_logs

__all__ = [
    "CULL_IDLE_MINUTES",
    "CULL_INTERVAL_SECONDS",
    "MEMORY_MB",
    "WEBSOCKET_MAX_BYTES",
    "ServeOptions",
    "allowed_host",
    "cookie_name",
    "gentle_pool",
    "capped_kernel_argv",
    "join_url",
    "lan_address",
    "new_token",
    "role_secret",
    "serve",
    "server_config",
    "voila_config",
]

#: Minutes a kernel with no page may stay idle before it is shut down.
CULL_IDLE_MINUTES = 15
#: Seconds between two looks for idle kernels.
CULL_INTERVAL_SECONDS = 60
#: The cap on each kernel's address space, in MiB. An app kernel maps about 0.8 GiB
#: (most of it reserved, not used: its resident size is about 70 MB).
MEMORY_MB = 1536
#: Preheated kernels kept ready: one for a student alone, a class's worth in a classroom.
POOL_SIZE = 1
CLASSROOM_POOL_SIZE = 30
#: The teacher's console (``kowhist-teach class start``) serves one teacher.
CONSOLE_POOL_SIZE = 1
#: Seconds Voilà waits for a kernel's output (its default, 4 s, leaves busy pages blank).
IOPUB_TIMEOUT = 120
#: Seconds a kernel may take to start, and a cell to run, on a busy server.
STARTUP_TIMEOUT = 300
CELL_TIMEOUT = 300
#: Seconds without a page taking a preheated kernel before the pool is refilled
#: (Voilà's default is 1 s after each page; a class arriving together would then start 30
#: kernels while the students play).
FILL_DELAY = 20.0

#: The longest message a page may send its kernel, in bytes: a record upload (at most
#: :data:`~kowhist_teach.core.record.MAX_RECORD_BYTES`, the one large message a page
#: sends) and its envelope. Tornado's default, 10 MiB, let a forged upload put ten
#: times a record's limit in the kernel before the upload widget looked at its size.
WEBSOCKET_MAX_BYTES = MAX_RECORD_BYTES + 64 * 1024

#: Letters and digits a student can copy from a projector without confusing them.
_TOKEN_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"

# Voilà's "lab" template without the icon fonts it loads from jsDelivr (the app uses no
# icon, and a classroom may have no Internet); and a widget's code has a minute to load,
# not anywidget's two seconds (0.9-0.11), past which anywidget drops the widget for good
# ("Failed to initialize model."), as a page reloaded on a loaded test machine saw.
_TEMPLATE = """\
{%- extends 'voila/templates/lab/index.html.j2' -%}
{%- block html_head_js -%}
<script>{ const timeout = AbortSignal.timeout.bind(AbortSignal);
  AbortSignal.timeout = (ms) => timeout(ms === 2000 ? 60000 : ms); }</script>
{{ super() }}
{%- endblock html_head_js -%}
{%- block notebook_css -%}
{{ super()
   | replace('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css" type="text/css" />', '')
   | replace('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/v4-shims.min.css" type="text/css" />', '') }}
{%- endblock notebook_css -%}
"""  # noqa: E501 - the links must match Voilà's template byte for byte

# Run as ``python -c`` in place of ``python -m ipykernel_launcher``: cap the address
# space, then start the kernel as the launcher would.
_KERNEL_CODE = """\
import sys
try:
    import resource
    limit = {limit}
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
except (ImportError, ValueError, OSError):
    pass
if sys.path and sys.path[0] == "":
    del sys.path[0]
from ipykernel import kernelapp
kernelapp.launch_new_instance()
"""


@dataclass
class ServeOptions:
    """How to serve the app.

    >>> ServeOptions().pool_size, ServeOptions(classroom=True).pool_size
    (1, 30)
    """

    port: int = 8866
    """The TCP port."""
    open_browser: bool = True
    """Open the app in this machine's browser once it is up."""
    classroom: bool = False
    """Listen on the network, for a class, with a join token."""
    address: str | None = None
    """The address the students type (classroom mode; default: this machine's LAN
    address). Also the only name besides localhost the server answers to."""
    token: str | None = None
    """The join token (classroom mode; default: a new one each start)."""
    pool_size: int | None = None
    """Preheated kernels (default :data:`POOL_SIZE`, :data:`CLASSROOM_POOL_SIZE` in a
    classroom; 0 turns preheating off)."""
    cull_minutes: float = CULL_IDLE_MINUTES
    """Idle minutes before a kernel without a page is shut (0: never)."""
    memory_mb: int = MEMORY_MB
    """The cap on each kernel's address space, in MiB (0: none)."""
    max_kernels: int | None = None
    """Kernels the pages may hold in all (0: no cap; default: :func:`.limits.kernel_caps`)."""
    max_per_client: int | None = None
    """Kernels the pages of one network address may hold (0: no cap; default: idem)."""
    extra: list[str] = field(default_factory=list)
    """More Voilà command-line options, last (they win)."""
    cookie_secret: str | None = None
    """The key that signs the pages' login cookies, as hex (default: a new one each
    start). A class keeps one in its store, so that after a restart the students' pages
    are still logged in and a reload brings each back to their game; each of its two
    servers signs with a key of its own derived from it (:func:`role_secret`)."""
    role: str = "app"
    """Which server this is: ``"app"`` (``kowhist-teach app``), ``"students"`` or
    ``"console"`` (``class start``). It names the login cookie (:func:`cookie_name`)."""

    hub: Any = None
    """Under a JupyterHub (:class:`~.hub.HubPlace`): the hub's login in place of a token,
    the address and URL prefix the hub chose, no Host check (the hub's proxy passes the
    school's host name on; the login is what keeps other pages out)."""

    def __post_init__(self) -> None:
        if self.pool_size is None:
            self.pool_size = CLASSROOM_POOL_SIZE if self.classroom else POOL_SIZE


def new_token(length: int = 10) -> str:
    """A join token: ``length`` letters and digits (10 gives about 50 bits).

    >>> t = new_token(); len(t), t.isalnum(), t == t.lower()
    (10, True, True)
    """
    return "".join(secrets.choice(_TOKEN_ALPHABET) for _ in range(length))


def lan_address() -> str:
    """This machine's address on its network (the one its default route uses), or
    ``127.0.0.1`` when it has none. Nothing is sent: a UDP socket only picks a route.

    >>> import ipaddress; ipaddress.ip_address(lan_address()).version
    4
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        address = s.getsockname()[0]
        if address and not address.startswith("0."):
            return address
    with contextlib.suppress(OSError):
        return socket.gethostbyname(socket.gethostname())
    return "127.0.0.1"


def _listen_address(options: ServeOptions) -> str:
    return "0.0.0.0" if options.classroom else "127.0.0.1"


def _public_address(options: ServeOptions) -> str:
    if not options.classroom:
        return "localhost"
    return options.address or lan_address()


def join_url(options: ServeOptions) -> str:
    """The URL to open: with the token in classroom mode.

    >>> join_url(ServeOptions(port=9000))
    'http://localhost:9000/'
    """
    host = _public_address(options)
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    url = f"http://{host}:{options.port}/"
    return f"{url}?token={options.token}" if options.classroom and options.token else url


def allowed_host(host: str, options: ServeOptions) -> bool:
    """Whether to answer a request whose Host header is ``host``
    (:func:`~.access.host_allowed`): a loopback name or address, or the classroom's
    printed address; in classroom mode with this server's own port only, so that one of
    a class's two servers never answers to the other's. One student's server on loopback
    takes any port (a tunnel, ``ssh -L 9000:localhost:8866``, moves it).

    >>> allowed_host("127.0.0.1", ServeOptions()), allowed_host("[::1]:9000", ServeOptions())
    (True, True)
    >>> allowed_host("attacker.example", ServeOptions())
    False
    >>> o = ServeOptions(classroom=True, address="10.0.0.7", port=8866)
    >>> allowed_host("10.0.0.7:8866", o), allowed_host("localhost:8867", o)
    (True, False)
    """
    if not options.classroom:
        return host_allowed(host)
    return host_allowed(host, _public_address(options), options.port)


def cookie_name(options: ServeOptions) -> str:
    """The name of the server's login cookie (:func:`~.access.login_cookie_name`).

    >>> cookie_name(ServeOptions(port=8867, role="console"))
    'kowhist-console-8867'
    """
    return login_cookie_name(options.role, options.port)


def capped_kernel_argv(argv: list[str], memory_mb: int) -> list[str]:
    """A Python kernel's command with its address space capped at ``memory_mb`` MiB;
    any other command unchanged.

    >>> capped_kernel_argv(["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
    ...                    512)[:2] == ["python", "-c"]
    True
    >>> capped_kernel_argv(["julia", "kernel.jl"], 512)
    ['julia', 'kernel.jl']
    """
    if memory_mb <= 0 or "ipykernel_launcher" not in argv:
        return list(argv)
    at = argv.index("ipykernel_launcher")
    if at < 2 or argv[at - 1] != "-m":
        return list(argv)
    code = _KERNEL_CODE.format(limit=int(memory_mb) * 1024 * 1024)
    return [*argv[: at - 1], "-c", code, *argv[at + 1 :]]


def voila_config(options: ServeOptions) -> dict[str, dict[str, Any]]:
    """The traitlets configuration of the server (classes not included: see
    :func:`serve`), as a plain dict.

    >>> c = voila_config(ServeOptions(classroom=True, token="abc"))
    >>> c["Voila"]["ip"], c["Voila"]["token"], c["VoilaConfiguration"]["show_tracebacks"]
    ('0.0.0.0', 'abc', False)
    >>> c["MappingKernelManager"]["cull_idle_timeout"]
    900
    >>> voila_config(ServeOptions())["Voila"]["token"]
    ''
    """
    pool = options.pool_size or 0
    if options.hub is not None:
        place = options.hub
        listen: dict[str, Any] = {
            "ip": place.ip,
            "port": place.port,
            "base_url": place.prefix,
            "open_browser": False,
            "token": None,  # the hub's login (JupyterHubIdentityProvider) takes its place
        }
    else:
        listen = {
            "ip": _listen_address(options),
            "port": options.port,
            "open_browser": options.open_browser,
            # Never open without a token on the network; none is needed on loopback,
            # where the Host check keeps other web pages out.
            "token": (options.token or "") if options.classroom else "",
            "custom_display_url": join_url(options).split("?")[0],
        }
    # The login cookie's name is the server's own (never the request's Host); under a
    # hub the hub's login names its own (after the server's OAuth client).
    login = (
        {}
        if options.hub is not None
        else {"IdentityProvider": {"cookie_name": cookie_name(options)}}
    )
    return {
        "Voila": {
            **listen,
            "port_retries": 0,
            "mathjax_url": "",
            **(
                {"cookie_secret": bytes.fromhex(options.cookie_secret)}
                if options.cookie_secret
                else {}
            ),
        },
        "VoilaConfiguration": {
            "theme": "light",
            "show_tracebacks": False,
            "strip_sources": True,
            "preheat_kernel": pool > 0,
            "default_pool_size": pool,
        },
        **login,
        "VoilaKernelManager": {"fill_delay": FILL_DELAY},
        # Kernels talk over Unix sockets, not TCP ports: a TCP port is picked free and
        # bound by the kernel a moment later, and on a busy machine another process can
        # take it in between ("Address already in use"), which leaves a page waiting
        # for a kernel that never came (seen with several servers starting together).
        # Sockets are files of this server's own, and no other user can connect to them.
        "KernelManager": {"transport": "ipc"},
        "MappingKernelManager": {
            "cull_idle_timeout": int(options.cull_minutes * 60),
            "cull_interval": CULL_INTERVAL_SECONDS,
            "cull_connected": False,
            "cull_busy": False,
        },
        "VoilaExecutor": {
            "iopub_timeout": IOPUB_TIMEOUT,
            "startup_timeout": STARTUP_TIMEOUT,
            "timeout": CELL_TIMEOUT,
        },
    }


@functools.lru_cache(maxsize=1)
def _server_classes() -> tuple[type, type, type, type]:
    """The Voilà application, its shutdown handler, its kernel spec manager and the
    wrong-host handler, made once (Voilà is an optional dependency: imported here)."""
    import tornado.web
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_core.paths import jupyter_config_path
    from tornado.routing import AnyMatches, Matcher, Rule
    from traitlets import default
    from voila.app import Voila
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    class PageClosedHandler(VoilaShutdownKernelHandler):
        """Shut a kernel down when its page closes (Voilà's beacon; voila#1458)."""

        def check_xsrf_cookie(self) -> None:
            # A beacon cannot carry the XSRF header; a same-origin request is what that
            # check makes sure of, so ask for that instead.
            for header in ("Origin", "Referer"):
                source = self.request.headers.get(header)
                if source:
                    if urlsplit(source).netloc.lower() == self.request.host.lower():
                        return
                    break
            raise tornado.web.HTTPError(403, "cross-origin kernel shutdown refused")

        async def post(self, kernel_id: str) -> None:
            if kernel_id not in self.kernel_manager:  # already culled or shut
                self.set_status(204)
                self.finish()
                return
            await super().post(kernel_id)

    class WrongHostHandler(tornado.web.RequestHandler):
        """A one-line refusal for a Host this server does not answer to (or, in place of
        Jupyter's login form, for a page asked for without its token)."""

        def initialize(self, why: str = "this server does not answer to that host name") -> None:
            self.why = why

        def prepare(self) -> None:
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"403: {self.why}\n")

    class CappedKernelSpecManager(KernelSpecManager):
        """Kernel specs whose Python kernels start with their memory capped."""

        def get_kernel_spec(self, kernel_name: str) -> Any:
            spec = super().get_kernel_spec(kernel_name)
            memory = getattr(self.parent, "kowhist_options", ServeOptions()).memory_mb
            spec.argv = capped_kernel_argv(list(spec.argv), memory)
            return spec

    class AllowedHost(Matcher):
        """Matches a request whose Host header (name and port) :func:`allowed_host`
        takes for this server."""

        def __init__(self, options: ServeOptions) -> None:
            self.options = options

        def match(self, request: Any) -> dict[str, Any] | None:
            return {} if allowed_host(request.host or "", self.options) else None

    class KowhistVoila(Voila):
        """Voilà with the Host check, the beacon shutdown and the CDN-free template."""

        kowhist_options = ServeOptions()
        _template_dir = ""

        @default("config_file_paths")
        def _no_config_from_cwd(self) -> list[str]:
            # Voilà would read a voila.py from wherever the teacher stands.
            return jupyter_config_path()

        def init_settings(self) -> Any:
            # Voilà makes its pooling kernel manager inside init_settings with a
            # factory: hand it ours, which warms the pool gently.
            import voila.app as voila_app

            made = voila_app.voila_kernel_manager_factory

            def factory(base: type, preheat: bool, *args: Any, **kwargs: Any) -> type:
                manager = made(base, preheat, *args, **kwargs)
                return tracking(gentle_pool(manager) if preheat else manager)

            with mock.patch.object(voila_app, "voila_kernel_manager_factory", factory):
                settings = super().init_settings()
            # A page's message to its kernel is at most a record upload (and its
            # envelope): tornado closes a socket sending more before reading it on.
            settings["websocket_max_message_size"] = WEBSOCKET_MAX_BYTES
            return settings

        def setup_template_dirs(self) -> None:
            super().setup_template_dirs()
            if self._template_dir:
                self.template_paths = [self._template_dir, *self.template_paths]

        def init_handlers(self) -> list[Any]:
            no_token = {"why": "this page opens only from its link, with the token"}
            handlers = [
                (path, PageClosedHandler, *rest)
                if handler is VoilaShutdownKernelHandler
                else (path, WrongHostHandler, no_token)  # a wrong token lands here
                if path.endswith("/login")
                else (path, handler, *rest)
                for path, handler, *rest in harden_handlers(super().init_handlers(), self)
            ]
            if self.kowhist_options.hub is not None:
                return _hub_handlers(handlers, self.server_url)
            # Tornado routes by Host first: the app for the allowed names (and, in a
            # class, this server's port), a refusal for the rest.
            return [
                Rule(AllowedHost(self.kowhist_options), handlers),
                Rule(AnyMatches(), WrongHostHandler),
            ]

    return KowhistVoila, PageClosedHandler, CappedKernelSpecManager, WrongHostHandler


def _hub_handlers(handlers: list[Any], prefix: str) -> list[Any]:
    """The handlers under a hub: the hub login's own (``/oauth_callback``, ``/logout``,
    which Voilà adds without the server's URL prefix) moved under the prefix."""
    from jupyter_server.utils import url_path_join

    moved = []
    for path, *rest in handlers:
        if path in ("/oauth_callback", "/logout"):
            path = url_path_join(prefix, path)
        moved.append((path, *rest))
    return moved


def skip_slow_format_checker() -> None:
    """Keep jsonschema from importing ``rfc3987_syntax``, its checker of the ``iri``
    format: that module builds a parser when imported, 1.3 CPU-seconds of every start of
    the server (half of it, measured here; a class on a hub starts one server per
    student). jsonschema skips a checker it cannot import, and no schema the server
    validates (Jupyter's events) names that format. Called before Voilà is imported
    (the commands that serve call it first).

    >>> import sys; skip_slow_format_checker(); "rfc3987_syntax" in sys.modules
    True
    """
    import sys

    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]


def server_config(options: ServeOptions) -> Any:
    """The traitlets ``Config`` that :func:`serve` starts Voilà with: :func:`voila_config`
    and the classes (the capped kernel specs; under a hub, the hub's login).

    >>> server_config(ServeOptions(port=9000)).IdentityProvider.cookie_name
    'kowhist-app-9000'
    """
    from traitlets.config import Config

    config = Config(voila_config(options))
    config.VoilaConfiguration.kernel_spec_manager_class = _server_classes()[2]
    if options.hub is not None:
        from jupyterhub.singleuser.extension import JupyterHubIdentityProvider

        config.Voila.identity_provider_class = JupyterHubIdentityProvider
    return config


def serve(notebook: Path, options: ServeOptions, announce: bool = True) -> int:
    """Run the app's Voilà server in this process until Ctrl-C or SIGTERM; its exit
    status. ``announce=False`` prints nothing (``class start`` prints its own links)."""
    skip_slow_format_checker()
    voila_class, _handler, _spec_manager, _wrong_host = _server_classes()
    if options.classroom and not options.token:
        options.token = new_token()
    if announce and options.classroom:
        print(
            _(
                "Classroom mode: students on this network open {url} (the token included: "
                "a page without it is refused). Ctrl-C stops the server."
            ).format(url=join_url(options)),
            flush=True,
        )
    elif announce:
        message = _("Starting the app at http://localhost:{port}/ (Ctrl-C stops it)")
        print(message.format(port=options.port), flush=True)
    config = server_config(options)
    with tempfile.TemporaryDirectory(prefix="kowhist-template-") as folder:
        (Path(folder) / "index.html.j2").write_text(_TEMPLATE, encoding="utf-8")
        try:
            with warnings.catch_warnings():
                # Voilà deprecates mathjax_url, but it is the one way to keep cdnjs out.
                warnings.simplefilter("ignore", DeprecationWarning)
                app = voila_class(config=config)
                app.kowhist_options = options
                app._template_dir = folder
                app.initialize([str(notebook)])
            guard_logs(app, options)
            app.start()
        except KeyboardInterrupt:
            return 0
        except SystemExit as e:
            return int(e.code or 0)
    return 0
