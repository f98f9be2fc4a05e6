"""Issue 23, a school's JupyterHub: the deployment folder (``deploy/``) as Kubernetes runs
it, checked on a machine with no Docker daemon and no Kubernetes.

- ``deploy/z2jh/config.yaml`` against Zero to JupyterHub's chart 4.4.0 (its default
  values and its values schema, vendored in ``tests/data/``), as Helm checks it before an
  install; a broken copy is refused, to show the check bites. Real logins only (LTI 1.3,
  no dummy authenticator, no admin); the teachers' role opens the console and nothing
  more; the two profiles; the hub's side of the chart's configuration, run here.
- ``make dist`` builds a wheel that carries the app's pages and the course.
- The single-user image's install steps (``deploy/install.sh``, what
  ``deploy/singleuser.Dockerfile`` runs) in a fresh virtual environment, from that wheel;
  then the server the image starts, in the environment a hub's spawner gives it, with a
  stand-in for the hub's API: it sends a visitor to the hub's login, serves its student
  the class page, refuses another student, and serves nothing but the app.

The last part installs the ``hub`` extra's dependencies from the package index, with uv
as the image's build does (the Makefile's uv; pip where there is none): one environment
for the module, made once. ``deploy/install.sh`` runs as shipped, as the image's build
runs it (``UV`` names the uv, as ``deploy/singleuser.Dockerfile`` does), with two
differences that change the seconds, not what is checked (issue 33, CI in 10 minutes):

- uv's cache is the user's (``UV_CACHE_DIR``, as ``PIP_CACHE_DIR`` for pip): the image's
  home is a folder of the test's, and under it uv downloaded all 118 packages again on
  every run (about 100 MiB, a minute or more); the test environment's install filled
  the user's cache with nearly all of them;
- no bytecode (``UV_COMPILE_BYTECODE=0``, ``PIP_NO_COMPILE=1``; install.sh compiles
  unless told so): compiling JupyterLab's and JupyterHub's trees is most of the install's
  CPU, and the server compiles what it imports. The environment is made by uv without
  pip (``uv venv``): install.sh with uv never runs the environment's pip, and making
  pip (ensurepip) cost 8 s of CPU.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

import jsonschema
import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))

from _hub import stand_in_hub  # noqa: E402 - the hub's API, played as in the hub's benchmark

DEPLOY = REPO / "deploy"
CONFIG = DEPLOY / "z2jh" / "config.yaml"
DATA = Path(__file__).resolve().parent / "data"
SCHEMA = DATA / "z2jh-4.4.0-values.schema.json"
CHART_VALUES = DATA / "z2jh-4.4.0-values.yaml"
CONSOLE_SCOPE = "access:services!service=class-console"
LANGUAGES = ("en", "es", "fr")
#: Seconds for the fresh environment's install (the index, then pip's cache).
INSTALL_SECONDS = 1200
#: Seconds for the image's server to answer, on a loaded machine.
SERVE_SECONDS = 180


# ------------------------------------------------------------------ the chart's config
def helm_merge(defaults: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """``overrides`` merged into ``defaults`` as Helm merges a values file into a chart's
    values: maps key by key, anything else replaced, ``null`` deleting the key."""
    merged = copy.deepcopy(defaults)
    for key, value in overrides.items():
        if value is None:
            merged.pop(key, None)
        elif isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = helm_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def load_config() -> dict[str, Any]:
    """deploy/z2jh/config.yaml, as YAML reads it."""
    return yaml.safe_load(CONFIG.read_text(encoding="utf-8"))


def chart_errors(config: dict[str, Any]) -> list[str]:
    """What the chart's schema finds wrong with ``config`` merged into its defaults
    (``[]``: Helm would install it)."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    defaults = yaml.safe_load(CHART_VALUES.read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    values = helm_merge(defaults, config)
    return [
        f"{'.'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
        for e in validator.iter_errors(values)
    ]


def test_the_vendored_chart_is_4_4_0_and_its_defaults_pass_its_schema() -> None:
    defaults = yaml.safe_load(CHART_VALUES.read_text(encoding="utf-8"))
    assert defaults["hub"]["image"]["name"] == "quay.io/jupyterhub/k8s-hub"
    assert "5c5f5df751588a68a7781ead01d0f62e88e2e72f" in (DATA / "README.md").read_text()
    assert chart_errors({}) == []


def test_the_config_passes_the_charts_schema() -> None:
    assert chart_errors(load_config()) == []


@pytest.mark.parametrize(
    ("where", "broken"),
    [
        # The roles under hub.config, where JupyterHub would never see them.
        ("hub.config", {"hub": {"config": {"loadRoles": {}}}}),
        ("singleuser.memory", {"singleuser": {"memory": {"limt": "1G"}}}),
        ("cull.timeout", {"cull": {"timeout": "half an hour"}}),
        ("singleuser.storage.type", {"singleuser": {"storage": {"type": "ephemeral"}}}),
    ],
)
def test_a_broken_config_is_refused(where: str, broken: dict[str, Any]) -> None:
    errors = chart_errors(helm_merge(load_config(), broken))
    assert [e for e in errors if e.startswith(f"{where}: ")] == errors != [], errors


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield str(key)
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


def test_logins_are_real_and_nobody_is_an_admin() -> None:
    text = CONFIG.read_text(encoding="utf-8")
    config = load_config()
    hub = config["hub"]["config"]
    assert "DummyAuthenticator" not in text
    assert hub["JupyterHub"]["authenticator_class"] == (
        "ltiauthenticator.lti13.auth.LTI13Authenticator"
    )
    lti = hub["LTI13Authenticator"]
    assert {"issuer", "authorize_url", "jwks_endpoint", "client_id"} <= set(lti)
    assert all(lti[k].startswith("https://") for k in ("issuer", "authorize_url", "jwks_endpoint"))
    keys = set(_keys(config))
    assert not keys & {"admin_users", "adminUsers", "admin"}, keys & {"admin_users", "admin"}
    assert hub["JupyterHub"]["admin_access"] is False
    # The merged values too: the chart's default login (dummy) is replaced.
    defaults = yaml.safe_load(CHART_VALUES.read_text(encoding="utf-8"))
    merged = helm_merge(defaults, config)["hub"]["config"]["JupyterHub"]
    assert merged["authenticator_class"] != "dummy"


def test_the_teachers_role_opens_the_console_and_nothing_more() -> None:
    from jupyterhub.scopes import _check_scopes_exist

    hub = load_config()["hub"]
    assert list(hub["loadRoles"]) == ["class-teachers"]
    role = hub["loadRoles"]["class-teachers"]
    assert role["scopes"] == [CONSOLE_SCOPE]
    assert role["groups"] == ["teachers"]
    assert not {"users", "services"} & set(role)
    _check_scopes_exist(role["scopes"])  # a scope JupyterHub 5.5 knows
    assert hub["config"]["JupyterHub"]["load_groups"]["teachers"]["users"]
    console = hub["services"]["class-console"]
    # On Kubernetes the console listens on every address of the hub's pod (the proxy
    # reaches it through the hub's Service, a name the pod cannot listen on).
    assert console["command"] == [
        *"kowhist-teach class singleuser --console".split(),
        "--ip=0.0.0.0",
    ]


def test_the_hub_takes_the_config_as_the_chart_hands_it_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The part of the chart's jupyterhub_config.py that reads these values (the
    services, the roles, the hub.config sections, hub.extraConfig), run here, then the
    traits of JupyterHub 5.5 and LTI13Authenticator loaded from the result: every name
    is a real trait and every value one it accepts."""
    from jupyterhub.app import JupyterHub
    from jupyterhub.auth import Authenticator
    from jupyterhub.services.service import Service
    from jupyterhub.spawner import Spawner
    from ltiauthenticator.lti13.auth import LTI13Authenticator
    from traitlets.config import Config

    hub = load_config()["hub"]
    c = Config()
    c.JupyterHub.services = []
    c.JupyterHub.load_roles = []
    for key, service in copy.deepcopy(hub["services"]).items():
        service.setdefault("name", key)
        service["api_token"] = "token-from-the-charts-secret"
        c.JupyterHub.services.append(service)
    for key, role in copy.deepcopy(hub["loadRoles"]).items():
        role.setdefault("name", key)
        c.JupyterHub.load_roles.append(role)
    for section, settings in copy.deepcopy(hub["config"]).items():
        c[section].update(settings)
    monkeypatch.setenv("KOWHIST_CLASS_DB", "postgresql://kowhist@db.example.org/kowhist")
    for _name, source in sorted(hub["extraConfig"].items()):
        exec(compile(source, "hub.extraConfig", "exec"), {"c": c})

    for cls in (JupyterHub, Authenticator, LTI13Authenticator):
        unknown = set(c[cls.__name__]) - set(cls.class_traits(config=True))
        assert not unknown, f"{cls.__name__}: {unknown}"
    # KubeSpawner's disable_user_config is JupyterHub's Spawner trait.
    assert set(c.KubeSpawner) <= set(Spawner.class_traits(config=True))
    app = JupyterHub(config=c)
    lti = LTI13Authenticator(config=c)
    assert lti.client_id and lti.issuer.startswith("https://") and lti.allow_all
    assert app.load_groups["teachers"]["users"]
    (console,) = [s for s in app.services if s["name"] == "class-console"]
    assert set(console) <= set(Service.class_traits()), set(console)
    assert console["environment"]["KOWHIST_CLASS_DB"].startswith("postgresql://")
    assert console["url"] == "http://hub:10101"

    def handler(*groups: str) -> SimpleNamespace:
        """A request's handler, as JupyterHub hands it to default_url."""
        user = SimpleNamespace(groups=[SimpleNamespace(name=g) for g in groups])
        return SimpleNamespace(base_url="/", current_user=user)

    # A teacher lands on the console, a student on their own server.
    assert app.default_url(handler("teachers")) == "/services/class-console/"
    assert app.default_url(handler()) == ""


def test_two_profiles_the_app_by_default_and_the_course_in_three_languages() -> None:
    single = load_config()["singleuser"]
    app_command = ["kowhist-teach", "class", "singleuser"]
    assert single["cmd"] == app_command
    app, course = single["profileList"]
    assert app["default"] is True
    # The class store's URL reaches the app's servers only: in the course a student runs
    # code of their own, and could read its password.
    secret = {"secretKeyRef": {"name": "kowhist-class-db", "key": "url"}}
    assert app["kubespawner_override"]["environment"]["KOWHIST_CLASS_DB"]["valueFrom"] == secret
    assert "KOWHIST_CLASS_DB" not in single.get("extraEnv", {})
    assert "environment" not in course["kubespawner_override"]
    for choice in course["profile_options"]["lang"]["choices"].values():
        assert "environment" not in choice["kubespawner_override"]
    choices = course["profile_options"]["lang"]["choices"]
    assert set(choices) == set(LANGUAGES)
    for lang, choice in choices.items():
        command = choice["kubespawner_override"]["cmd"]
        assert command == [*app_command, "--course", "--lang", lang]
    assert course["kubespawner_override"]["storage_pvc_ensure"] is True
    assert single["storage"]["type"] == "none"
    assert single["memory"]["limit"] and single["memory"]["guarantee"]
    assert load_config()["hub"]["extraEnv"]["KOWHIST_CLASS_DB"]["valueFrom"] == secret
    assert single["networkPolicy"]["enabled"] is True
    assert single["networkPolicy"]["egressAllowRules"]["nonPrivateIPs"] is False
    cull = load_config()["cull"]
    assert cull == {"enabled": True, "timeout": 1800, "every": 300}


def test_the_images_install_this_checkouts_wheel_never_a_name() -> None:
    single = (DEPLOY / "singleuser.Dockerfile").read_text(encoding="utf-8")
    hub = (DEPLOY / "hub.Dockerfile").read_text(encoding="utf-8")
    assert "FROM quay.io/jupyter/base-notebook:2025-03-14\n" in single
    assert "FROM quay.io/jupyterhub/k8s-hub:4.4.0\n" in hub
    assert 'CMD ["kowhist-teach", "class", "singleuser"]' in single
    for text in (single, hub):
        assert "COPY dist/kowhist_teach-*.whl" in text
        assert "kowhist-teach[" not in text and "kowhist_teach[" not in text
    assert "install.sh /tmp/kowhist/kowhist_teach-*.whl" in single
    # The image's install compiles the bytecode (this module's install is told not to).
    install = (DEPLOY / "install.sh").read_text(encoding="utf-8")
    assert 'UV_COMPILE_BYTECODE=${UV_COMPILE_BYTECODE:-1} "$uv" pip install' in install
    assert "UV_COMPILE_BYTECODE" not in single and "PIP_NO_COMPILE" not in single
    assert '"$1[app,postgres]"' in hub


# ------------------------------------------------------------------ the wheel
@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``make dist`` of this checkout, into a folder of the test's."""
    folder = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        ["make", "--no-print-directory", "dist", f"DIST={folder}"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder


@pytest.mark.slow
def test_make_dist_builds_a_wheel_with_the_app_and_the_course(dist: Path) -> None:
    (wheel,) = dist.glob("kowhist_teach-*-py3-none-any.whl")
    assert len(list(dist.glob("kowhist_teach-*.tar.gz"))) == 1
    names = set(zipfile.ZipFile(wheel).namelist())
    inside = "kowhist_teach/notebooks/"
    for page in ("app.ipynb", "class.ipynb", "console.ipynb"):
        assert inside + page in names
    for lang in LANGUAGES:
        folder = "" if lang == "en" else f"{lang}/"
        assert f"{inside}{folder}00_contents.ipynb" in names
        assert f"{inside}{folder}app.ipynb" in names  # the app in the lessons' language
        lessons = sorted(p.name for p in (REPO / "notebooks" / folder).glob("[0-9][0-9]_*.ipynb"))
        for name in lessons:
            assert f"{inside}{folder}{name}" in names
    for record in (REPO / "notebooks" / "records").glob("*.json"):
        assert f"{inside}records/{record.name}" in names
    # What `kowhist-teach lab`'s terminal reads to find kowhist-teach (cli/lab.py).
    assert "kowhist_teach/cli/terminal_rc.sh" in names
    # Not a game package's tests (they import pytest, which no installed app carries:
    # the static site's build imports every module of the wheel).
    modules = {
        p.relative_to(REPO).as_posix()
        for p in (REPO / "kowhist_teach").rglob("*.py")
        if "tests" not in p.relative_to(REPO).parts
    }
    assert modules <= names, sorted(modules - names)[:5]
    assert not [n for n in names if n.startswith("kowhist_teach/games/") and "/tests/" in n]
    # Not the scripts that build the course, nor the prose they read.
    assert not [n for n in names if n.startswith(inside) and n.endswith(".py")]
    assert not [n for n in names if n.startswith(f"{inside}text/")]


# ------------------------------------------------------------------ the image's steps
def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clean_environ(venv: Path, home: Path) -> dict[str, str]:
    """This process's environment with ``venv`` first on PATH and nothing of the test's
    own virtual environment (so nothing can come from the checkout or from .venv)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"} and not k.startswith("JUPYTER")
    }
    ours = str(Path(sys.executable).parent)
    path = [p for p in env.get("PATH", "").split(os.pathsep) if p and p != ours]
    env["PATH"] = os.pathsep.join([str(venv / "bin"), *path])
    env["HOME"] = str(home)
    env["JUPYTER_CONFIG_DIR"] = str(home / ".jupyter")
    env["JUPYTER_DATA_DIR"] = str(home / ".local" / "share" / "jupyter")
    env["JUPYTER_RUNTIME_DIR"] = str(home / "runtime")
    env["LANG"] = "C.UTF-8"
    # pip's and uv's caches stay the user's (HOME moved): the second run installs without
    # waiting on the index's downloads.
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pip"
    env.setdefault("PIP_CACHE_DIR", str(cache))
    # No bytecode at install: most of the install's CPU (JupyterLab's and JupyterHub's
    # trees), and Python compiles what it imports anyway (the image's build compiles;
    # nothing else changes). CI's budget is 10 minutes on 2 cores.
    env["PIP_NO_COMPILE"] = "1"
    env["UV_COMPILE_BYTECODE"] = "0"
    # install.sh's uv, as the image's build has one: the Makefile's (tools/make_env.sh),
    # with the cache the test environment's own install filled. Without one, pip.
    if uv := find_uv():
        env["UV"] = uv
        env.setdefault("UV_CACHE_DIR", uv_cache_dir(uv))
    return env


def find_uv() -> str | None:
    """The Makefile's uv (on PATH, or the one tools/make_env.sh installed), if any."""
    return shutil.which("uv") or shutil.which("uv", path=str(REPO / ".venv-uv" / "bin"))


@functools.cache
def uv_cache_dir(uv: str) -> str:
    """The cache ``uv`` uses for this user (``uv cache dir``, in this environment)."""
    return subprocess.run(
        [uv, "cache", "dir"], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()


class Image:
    """The fresh environment deploy/install.sh made, standing in for the image."""

    def __init__(self, root: Path, wheel: Path, seconds: float) -> None:
        self.root = root
        self.venv = root / "venv"
        self.home = root / "home"
        self.wheel = wheel
        self.seconds = seconds

    def env(self, **extra: str) -> dict[str, str]:
        """The image's environment, with ``extra``."""
        return {**clean_environ(self.venv, self.home), **extra}

    def run(self, *argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """``argv`` in the image's environment, from its home (not the checkout)."""
        return subprocess.run(
            argv, cwd=self.home, env=self.env(), capture_output=True, text=True, timeout=timeout
        )

    def python(self, code: str) -> str:
        """What ``code`` prints, run by the image's Python."""
        done = self.run(str(self.venv / "bin" / "python"), "-c", code)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout.strip()


@pytest.fixture(scope="module")
def image(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Image:
    """A fresh virtual environment with deploy/install.sh run in it on the wheel, as the
    single-user image's build runs it (its Python first on PATH)."""
    root = tmp_path_factory.mktemp("image")
    (wheel,) = dist.glob("kowhist_teach-*-py3-none-any.whl")
    venv = root / "venv"
    (root / "home").mkdir()
    if uv := find_uv():  # no pip in it: install.sh with uv does not use it
        make = [uv, "venv", "--quiet", "--python", sys.executable, str(venv)]
        subprocess.run(
            make, check=True, timeout=300, env={**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
        )
    else:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    started = time.monotonic()
    done = subprocess.run(
        ["sh", str(DEPLOY / "install.sh"), str(wheel)],
        cwd=root / "home",
        env=clean_environ(venv, root / "home"),
        capture_output=True,
        text=True,
        timeout=INSTALL_SECONDS,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    return Image(root, wheel, time.monotonic() - started)


@pytest.mark.slow
def test_install_sh_installs_the_wheel_and_the_course_servers_config(image: Image) -> None:
    print(f"deploy/install.sh took {image.seconds:.0f} s")
    site = image.python("import sysconfig; print(sysconfig.get_paths()['purelib'])")
    # The package is the wheel's, installed into the environment: not the checkout's.
    origin = image.python(
        "import json, importlib.metadata as m; "
        "print(m.distribution('kowhist-teach').read_text('direct_url.json'))"
    )
    assert json.loads(origin)["url"] == image.wheel.resolve().as_uri()
    where = image.python("import kowhist_teach; print(kowhist_teach.__file__)")
    assert Path(where).is_relative_to(site)
    # Its course is found inside the package, every language's contents page.
    course = Path(image.python("from kowhist_teach.cli.lab import course_folder as f; print(f())"))
    assert course == Path(site) / "kowhist_teach" / "notebooks"
    for lang in LANGUAGES:
        folder = course / ("" if lang == "en" else lang)
        assert (folder / "00_contents.ipynb").is_file()
    # The command, the hub extra, the course server's configuration in etc/jupyter.
    help_text = image.run("kowhist-teach", "--help")
    assert help_text.returncode == 0 and "class" in help_text.stdout
    assert image.run("kowhist-teach", "class", "singleuser", "--help").returncode == 0
    for extra in ("jupyterhub", "ltiauthenticator", "psycopg", "voila"):
        image.python(f"import {extra}")
    installed = image.venv / "etc" / "jupyter" / "jupyter_server_config.py"
    assert installed.read_bytes() == (DEPLOY / "jupyter_server_config.py").read_bytes()
    # ... and Jupyter's server reads it from there.
    shown = image.run(str(image.venv / "bin" / "jupyter-server"), "--show-config-json")
    assert shown.returncode == 0, shown.stderr[-3000:]
    loaded = json.loads(shown.stdout)
    assert loaded["MappingKernelManager"] == {
        "cull_idle_timeout": 900,
        "cull_interval": 60,
        "cull_connected": False,
    }
    assert loaded["ServerApp"]["terminals_enabled"] is False
    extensions = loaded["ServerApp"]["jpserver_extensions"]
    assert extensions["voila.server_extension"] is False  # its pages load MathJax from a CDN
    assert extensions["jupyter_server_terminals"] is False
    assert loaded["LabApp"]["news_url"] is None


def _get(url: str, token: str = "") -> tuple[int, dict[str, str], bytes]:
    """A GET that follows no redirect, with the hub token ``token`` if given: its
    status, headers and body (status 0 if nothing answers)."""

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    opener = urllib.request.build_opener(Stay)
    request = urllib.request.Request(url)
    if token:
        request.add_header("Authorization", f"token {token}")
    try:
        with opener.open(request, timeout=120) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()
    except OSError:
        return 0, {}, b""


#: The stand-in hub's users, by the token each one's browser would carry.
HUB_USERS = {
    "token-of-ann-0123456789": "ann",
    "token-of-ben-0123456789": "ben",
}


@contextlib.contextmanager
def image_server(image: Image, *options: str, home: Path | None = None) -> Iterator[str]:
    """``kowhist-teach class singleuser *options`` from the image, in the environment a
    hub's spawner gives the user ``ann``, with a stand-in hub API that knows ann's and
    ben's tokens, until the block ends: the server's URL, once it answers."""
    hub = ThreadingHTTPServer(("127.0.0.1", 0), stand_in_hub(HUB_USERS))
    threading.Thread(target=hub.serve_forever, daemon=True).start()
    port = free_port()
    hub_env = {
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}/user/ann/",
        "JUPYTERHUB_SERVICE_PREFIX": "/user/ann/",
        "JUPYTERHUB_BASE_URL": "/",
        "JUPYTERHUB_API_URL": f"http://127.0.0.1:{hub.server_address[1]}/hub/api",
        "JUPYTERHUB_API_TOKEN": "token-of-anns-server-0123456789",
        "JUPYTERHUB_CLIENT_ID": "jupyterhub-user-ann",
        "JUPYTERHUB_USER": "ann",
        "JUPYTERHUB_OAUTH_CALLBACK_URL": "/user/ann/oauth_callback",
        "JUPYTERHUB_OAUTH_ACCESS_SCOPES": '["access:servers!server=ann/", '
        '"access:servers!user=ann"]',
        "KOWHIST_CLASS_DB": f"sqlite:///{image.root / 'class.sqlite'}",
    }
    home = home or image.home
    env = image.env(**hub_env, HOME=str(home))
    log_path = image.root / f"singleuser{'-'.join(('', *options))}.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            ["kowhist-teach", "class", "singleuser", *options],
            cwd=home,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}/user/ann/"
        try:
            deadline = time.monotonic() + SERVE_SECONDS
            while time.monotonic() < deadline and proc.poll() is None:
                if _get(base)[0]:
                    break
                time.sleep(0.25)
            assert _get(base)[0], log_path.read_text(errors="replace")[-4000:]
            yield base
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
            hub.shutdown()
            hub.server_close()


@pytest.fixture(scope="module")
def served(image: Image) -> Iterator[str]:
    """The server the image starts (its CMD, ``kowhist-teach class singleuser``: the app
    profile) for ``ann``: its URL."""
    with image_server(image) as base:
        yield base


@pytest.mark.slow
def test_the_images_server_sends_a_visitor_to_the_hubs_login(served: str) -> None:
    status, headers, _ = _get(served)
    assert status == 302, (status, headers)
    location = urlsplit(headers["Location"])
    assert location.path == "/hub/api/oauth2/authorize", headers["Location"]
    query = parse_qs(location.query)
    assert query["client_id"] == ["jupyterhub-user-ann"]
    assert query["redirect_uri"] == ["/user/ann/oauth_callback"]
    assert query["response_type"] == ["code"] and query["state"]


@pytest.mark.slow
def test_the_images_server_serves_its_student_the_class_page(served: str) -> None:
    status, _headers, body = _get(served, token="token-of-ann-0123456789")
    assert status == 200, body[-2000:]
    assert b"voila" in body.lower()


@pytest.mark.slow
def test_the_images_server_refuses_another_student(served: str) -> None:
    assert _get(served, token="token-of-ben-0123456789")[0] == 403


def _landing(url: str, token: str) -> tuple[int, str]:
    """Where a GET of ``url`` ends after the redirects that stay on the same single-user
    server (at most five): the last status and URL."""
    prefix = urlsplit(url).path.split("/", 3)[:3]  # ['', 'user', 'ann']
    for _ in range(5):
        status, headers, _body = _get(url, token=token)
        target = urljoin(url, headers.get("Location", ""))
        if status not in (301, 302, 303, 307, 308):
            return status, url
        if urlsplit(target).path.split("/", 3)[:3] != prefix:
            return status, target
        url = target
    return status, url


@pytest.mark.slow
@pytest.mark.parametrize("path", ["lab", "api/contents", "api/terminals", "tree", "files/x"])
def test_the_images_server_serves_nothing_but_the_app(served: str, path: str) -> None:
    # Without a login: the hub's login first.
    status, where = _landing(served + path, token="")
    assert status == 302 and urlsplit(where).path == "/hub/api/oauth2/authorize", where
    # With one: refused. (Voilà sends any other path to its file handler, voila/files/,
    # which serves none of them: 403; a 404 would say the same.)
    status, where = _landing(served + path, token="token-of-ann-0123456789")
    assert status in (403, 404), (status, where)


def test_install_sh_refuses_anything_but_one_wheel(tmp_path: Path) -> None:
    script = str(DEPLOY / "install.sh")
    name = tmp_path / "kowhist-teach"
    name.write_text("")
    for argv in ([script], [script, "kowhist-teach"], [script, str(name)], [script, "a", "b"]):
        done = subprocess.run(["sh", *argv], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (argv, done.stderr)
    missing = subprocess.run(
        ["sh", script, str(tmp_path / "kowhist_teach-0.1.0-py3-none-any.whl")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert missing.returncode == 2 and "no such wheel" in missing.stderr


@pytest.mark.slow
def test_the_course_profile_serves_the_packaged_lessons_with_the_images_config(
    image: Image,
) -> None:
    """The course profile's command (``--course --lang es``) from the image: JupyterLab
    with the Spanish lessons the wheel carries, copied into the student's home, under the
    hub's login, without terminals or Voilà's pages (the image's etc/jupyter)."""
    home = image.root / "course-home"
    home.mkdir()
    ann = "token-of-ann-0123456789"
    packaged = Path(
        image.python("from kowhist_teach.cli.lab import course_folder as f; print(f())")
    )
    with image_server(image, "--course", "--lang", "es", home=home) as base:
        status, headers, _ = _get(base + "lab")
        assert status == 302 and "/hub/api/oauth2/authorize" in headers["Location"]
        status, _, lab = _get(base + "lab", token=ann)
        assert status == 200
        # Nothing fetched from elsewhere: every script, stylesheet and font is the server's.
        elsewhere = re.findall(rb"""(?:src|href)=["']?(?:https?:)?//[^"' >]+""", lab)
        assert not elsewhere, elsewhere
        # The records the lessons open by a relative path came with them.
        assert any(home.glob("*/records/*.json")), sorted(home.rglob("*"))[:20]
        status, _, body = _get(base + "api/contents/?content=1", token=ann)
        assert status == 200, body[-2000:]
        folders = [e["path"] for e in json.loads(body)["content"] if e["type"] == "directory"]
        lessons = [f for f in folders if (home / f / "00_contents.ipynb").is_file()]
        assert len(lessons) == 1, folders
        status, _, body = _get(f"{base}api/contents/{lessons[0]}/00_contents.ipynb", token=ann)
        assert status == 200, body[-2000:]
        served_cells = json.loads(body)["content"]["cells"]
        spanish = json.loads((packaged / "es" / "00_contents.ipynb").read_text(encoding="utf-8"))
        assert [c["source"] for c in served_cells] == [
            "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in spanish["cells"]
        ]
        assert _get(base + "api/terminals", token=ann)[0] == 404
        page = f"{base}voila/render/{lessons[0]}/00_contents.ipynb"
        assert _get(page, token=ann)[0] == 404
