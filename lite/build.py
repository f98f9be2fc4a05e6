"""Build the static JupyterLite site into ``build/lite/``: the lessons, the app and
Python itself (Pyodide), so that a browser needs nothing but these files.

Run by ``make lite`` with the build venv (``.venv-lite``, from ``lite/requirements.txt``)::

    .venv-lite/bin/python lite/build.py [--out build/lite] [--cache build/lite-cache]

Steps, each one checked:

1. the project's wheel, built from this checkout (hatchling, no download);
2. the Pyodide runtime, the npm package ``pyodide@<version of lite/pyodide.json>``;
3. the packages the kernel loads, at the exact versions of Pyodide's ``pyodide-lock.json``,
   and the packages the lock lacks (ipywidgets, comm, anywidget, psygnal), from PyPI;
4. every wheel compiled to bytecode by the site's own Pyodide under Node.js
   (``lite/pycompile.mjs``): the visitor's Python imports it without compiling anything;
5. ``pyodide-lock.json`` rewritten to list exactly what the site carries (file names and
   sha256 of the wheels as served; the project's wheel with its import name; the kernel's
   own wheels ``piplite``, ``pyodide-kernel`` and ``ipykernel`` from the kernel's
   extension), so that ``import kowhist_teach`` in a notebook loads it with no ``%pip``
   cell and a package the site lacks fails at once instead of being looked for elsewhere;
6. ``jupyter-lite.json`` names those packages in the kernel's ``loadPyodideOptions``
   (``preload`` of lite/pyodide.json): Pyodide fetches and installs them all at once as it
   starts, instead of the kernel installing its own five one after the other with piplite
   and the notebook's ``import kowhist_teach`` fetching the rest on first import;
7. ``jupyter lite build`` with the lessons (and their records) as contents: only what a
   student opens (no app.ipynb, no build scripts, no translation sources), each lesson
   with the cells the site shows instead of ``make lab`` (``notebooks/text/site/``, put
   in by ``site_version`` of ``notebooks/build.py``);
8. the site's own pages (``finish_site``): a landing page ``index.html`` in the visitor's
   browser language (English, Spanish or French, the words of the package's catalogue,
   ``kowhist_teach/i18n/site.py``) with "Play" (the app: the JupyterLite REPL running
   ``build_app()`` with its code hidden) and the lessons of each language; in every
   JupyterLite page ``lite/site.js`` and ``lite/site.css``: a note that says what is
   happening while Python starts on the app and lesson pages, the app page showing the
   app only, and the lessons' links to ``app.ipynb`` opening the app page;
   ``favicon.ico``.

Downloads (npm and PyPI only) are kept in the cache folder, so a second build is offline.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib.util
import json
import re
import shutil
import string
import struct
import subprocess
import sys
import tarfile
import time
import urllib.parse
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LITE = Path(__file__).resolve().parent
CONFIG = LITE / "pyodide.json"
NOTEBOOKS = REPO / "notebooks"
LANGUAGES = ("en", "es", "fr")  # the lessons' languages: English at the top, es/ and fr/

# What the app page runs, one line per REPL input (the REPL's `code` parameter).
APP_CODE = ["from kowhist_teach.app import build_app", 'build_app(lang="{lang}")']
# The REPL's own options: no toolbar, no banner, the code of the cells hidden.
APP_QUERY = [("kernel", "python"), ("hideCodeInput", "1"), ("showBanner", "0")]
# Left out of the Pyodide folder: source maps, type stubs, the demo consoles.
PYODIDE_SKIP = re.compile(r"(\.map|\.d\.ts|console.*\.html|README\.md)$")
# The students' files are the lessons (and what they open: records, glossary, teacher's
# guide). Left out: the class's pages (they need a class server, `kowhist-teach class
# start`), the app's notebook (the site's app page is the app), the scripts and the
# translation sources that build the lessons, and the folder's README for developers.
CONTENT_SKIP = shutil.ignore_patterns(
    ".ipynb_checkpoints", "__pycache__", ".*", "class.ipynb", "console.ipynb", "app.ipynb",
    "*.py", "text", "README.md",
)  # fmt: skip


def canonical(name: str) -> str:
    """A package name as PEP 503 compares it: ``Prompt_Toolkit`` -> ``prompt-toolkit``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def run(*command: str | Path, cwd: Path = REPO) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], cwd=cwd, check=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def app_url(lang: str = "en") -> str:
    """The REPL address that is the app in ``lang``, relative to the site's root.

    >>> app_url("es").startswith("repl/index.html?kernel=python&")
    True
    >>> "build_app%28lang%3D%22es%22%29" in app_url("es")
    True
    """
    query = APP_QUERY + [("code", line.format(lang=lang)) for line in APP_CODE]
    return "repl/index.html?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)


def lesson_url(lang: str) -> str:
    """The contents page of the lessons in ``lang``, relative to the site's root.

    >>> lesson_url("en")
    'notebooks/index.html?path=00_contents.ipynb'
    >>> lesson_url("fr")
    'notebooks/index.html?path=fr/00_contents.ipynb'
    """
    folder = "" if lang == "en" else f"{lang}/"
    return f"notebooks/index.html?path={folder}00_contents.ipynb"


def shown(path: Path) -> str:
    """``path`` as the build reports it: relative to the checkout when it is inside,
    else as it is (``--out`` may be anywhere).

    >>> shown(REPO / "build" / "lite"), shown(Path("/tmp/site"))
    ('build/lite', '/tmp/site')
    """
    return path.relative_to(REPO).as_posix() if path.is_relative_to(REPO) else str(path)


def project_wheel(dest: Path) -> Path:
    """Build the project's wheel from this checkout into ``dest``."""
    shutil.rmtree(dest, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
        "--quiet", "-w", dest, REPO)  # fmt: skip
    (wheel,) = dest.glob("kowhist_teach-*-py3-none-any.whl")
    return wheel


def pyodide_runtime(version: str, cache: Path, dest: Path) -> dict:
    """Unpack the npm package ``pyodide@version`` into ``dest``; return its lock file."""
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        cache.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", cache)
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if not member.isfile() or "/" in name or PYODIDE_SKIP.search(name):
                continue
            source = tar.extractfile(member)
            assert source is not None
            (dest / name).write_bytes(source.read())
    lock = json.loads((dest / "pyodide-lock.json").read_text(encoding="utf-8"))
    got = json.loads((dest / "package.json").read_text(encoding="utf-8"))["version"]
    if got != version:
        raise SystemExit(f"npm gave pyodide {got}, lite/pyodide.json asks for {version}")
    return lock


def closure(packages: dict[str, dict], roots: list[str]) -> list[str]:
    """The canonical names of ``roots`` and of everything they depend on."""
    seen: list[str] = []
    stack = [canonical(r) for r in roots]
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        if name not in packages:
            raise SystemExit(f"pyodide-lock.json has no package {name!r}")
        seen.append(name)
        stack.extend(canonical(d) for d in packages[name]["depends"])
    return sorted(seen)


def download(pins: list[str], python: str, cache: Path) -> dict[str, Path]:
    """Pure-Python wheels of ``pins`` (``name==version``) for Pyodide's Python, from PyPI.

    Returns canonical name -> wheel. Wheels already in ``cache`` are not fetched again.
    """
    cache.mkdir(parents=True, exist_ok=True)

    def cached() -> dict[str, Path]:
        found = {}
        for wheel in cache.glob("*.whl"):
            name, version = wheel.name.split("-")[:2]
            found[f"{canonical(name)}=={version}"] = wheel
        return found

    missing = [pin for pin in pins if pin not in cached()]
    if missing:
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--platform", "any", "--implementation", "py",
            "--abi", "none", "--python-version", python, "-d", cache, *missing)  # fmt: skip
    have = cached()
    lost = [pin for pin in pins if pin not in have]
    if lost:
        raise SystemExit(f"no pure-Python wheel downloaded for {lost}")
    return {pin.split("==")[0]: have[pin] for pin in pins}


def lock_entry(name: str, version: str, wheel: Path, imports: list, depends: list) -> dict:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def kernel_wheels() -> dict[str, Path]:
    """The Pyodide kernel's own wheels (``piplite``, ``pyodide-kernel``, ``ipykernel``...),
    as its extension in the build venv carries them: canonical name -> wheel."""
    pypi = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
            / "pyodide-kernel-extension" / "static" / "pypi")  # fmt: skip
    index = json.loads((pypi / "all.json").read_text(encoding="utf-8"))
    wheels = {}
    for name, project in index.items():
        # The newest release: widgetsnbextension has two (3.x and 4.x placeholders).
        version = max(project["releases"], key=lambda v: tuple(map(int, v.split("."))))
        (release,) = project["releases"][version]
        wheels[canonical(name)] = pypi / release["filename"]
    return wheels


def carry_packages(config: dict, lock: dict, wheel: Path, cache: Path, dest: Path) -> list[str]:
    """Put every wheel the kernel and the notebooks load beside Pyodide, and rewrite its
    lock file to list exactly those. Returns the names carried."""
    original = {canonical(k): v for k, v in lock["packages"].items()}
    from_lock = closure(original, config["kernel"] + [
        dep for spec in config["add"].values() for dep in spec["depends"]
        if canonical(dep) not in map(canonical, config["add"])
    ])  # fmt: skip
    added = {canonical(k): v for k, v in config["add"].items() if canonical(k) != "kowhist-teach"}
    pins = [f"{n}=={original[n]['version']}" for n in from_lock]
    pins += [f"{n}=={spec['version']}" for n, spec in added.items()]
    wheels = download(pins, config["python"], cache)

    packages: dict[str, dict] = {}
    for name in from_lock:
        entry = dict(original[name])
        entry.update(file_name=wheels[name].name, sha256=sha256(wheels[name]))
        entry["unvendored_tests"] = False  # the tests' packages are not carried
        packages[name] = entry
    for name, spec in added.items():
        depends = [canonical(d) for d in spec["depends"]]
        packages[name] = lock_entry(name, spec["version"], wheels[name], spec["imports"], depends)
    # The kernel's own wheels, registered like ours so that Pyodide can preload them.
    own_wheels = kernel_wheels()
    for name, spec in config["kernel_own"].items():
        source = own_wheels[canonical(name)]
        wheels[canonical(name)] = source
        depends = [canonical(d) for d in spec["depends"]]
        packages[canonical(name)] = lock_entry(
            canonical(name), source.name.split("-")[1], source, spec["imports"], depends
        )
    own = config["add"]["kowhist-teach"]
    version = wheel.name.split("-")[1]
    packages["kowhist-teach"] = lock_entry(
        "kowhist-teach", version, wheel, own["imports"], [canonical(d) for d in own["depends"]]
    )
    for name, entry in packages.items():
        missing = [d for d in entry["depends"] if canonical(d) not in packages]
        if missing:
            raise SystemExit(f"{name} depends on {missing}, which the site does not carry")
    for source in [*wheels.values(), wheel]:
        shutil.copy2(source, dest / source.name)
    lock["packages"] = dict(sorted(packages.items()))
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    # Bytecode in the wheels (lite/pycompile.py, which installs them with that lock), then
    # the lock again with the hashes of the wheels as they are served.
    run("node", REPO / "lite" / "pycompile.mjs", dest, dest, wheel.name)
    for entry in packages.values():
        entry["sha256"] = sha256(dest / entry["file_name"])
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    return sorted(packages)


def lite_config(preload: list[str]) -> dict:
    """``jupyter-lite.json`` of the site: the local Pyodide, no package index, and the
    packages that Pyodide loads as it starts (``preload``)."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Whist",
            # The browser tests read the notebooks' outputs through `window.jupyterapp`.
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                }
            },
        },
    }


def notebooks_build():
    """``notebooks/build.py`` as a module: the site's versions of the lessons' cells."""
    spec = importlib.util.spec_from_file_location("notebooks_build", NOTEBOOKS / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def site_lessons(contents: Path) -> None:
    """Give every lesson in ``contents`` (each language) the cells the site shows instead
    of the ones about ``make lab`` (notebooks/text/site/); a stale one stops the build."""
    nbbuild = notebooks_build()
    problems = []
    for english in nbbuild.lessons():
        for lang in LANGUAGES:
            target = contents / ("" if lang == "en" else lang) / english.name
            notebook = json.loads(target.read_text(encoding="utf-8"))
            site, found = nbbuild.site_version(notebook, english, lang)
            problems += found
            target.write_text(nbbuild.dump(site), encoding="utf-8")
    if problems:
        raise SystemExit("the site's lessons are out of date:\n" + "\n".join(problems))


def favicon(size: int = 32) -> bytes:
    """The site's ``favicon.ico``: a card with a red heart, drawn here (no imaging library)
    as a PNG inside an ICO file, as every current browser reads it.

    >>> icon = favicon(); icon[:4], icon[22:26]
    (b'\\x00\\x00\\x01\\x00', b'\\x89PNG')
    """

    def pixel(x: float, y: float) -> bytes:
        # The card fills 22 x 30 of 32, with rounded corners and a dark green border.
        left, right, top, bottom, r = 5, 27, 1, 31, 4
        cx, cy = min(max(x, left + r), right - r), min(max(y, top + r), bottom - r)
        d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
        if d > r:
            return bytes(4)  # transparent
        u, v = (x - 16) / 7.5, -(y - 16.5) / 7.5  # the heart: (u²+v²-1)³ - u²v³ <= 0
        if (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0:
            return bytes((200, 16, 46, 255))
        return bytes((31, 95, 58, 255) if d > r - 1.6 else (255, 255, 255, 255))

    scale = 32 / size
    rows = b"".join(
        b"\0" + b"".join(pixel((i + 0.5) * scale, (j + 0.5) * scale) for i in range(size))
        for j in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), 22)
    return struct.pack("<HHH", 0, 1, 1) + entry + png


def site_config() -> dict:
    """What the site's pages need to know (``window.KOWHIST_SITE``, in kowhist/words.js):
    the words of every language, each language's name, and the app and lessons pages.

    >>> config = site_config()
    >>> config["words"]["es"]["play"], config["lessons"]["es"]
    ('Jugar', 'notebooks/index.html?path=es/00_contents.ipynb')
    """
    sys.path.insert(0, str(REPO))  # the checkout's package, whatever the build venv has
    try:
        from kowhist_teach.i18n.site import AUTONYMS, site_words
    finally:
        sys.path.remove(str(REPO))
    return {
        "words": site_words(),
        "autonyms": AUTONYMS,
        "app": {lang: app_url(lang) for lang in LANGUAGES},
        "lessons": {lang: lesson_url(lang) for lang in LANGUAGES},
    }


def landing_page(config: dict) -> str:
    """The site's ``index.html``, in English (lite/index.html; the visitor's language
    replaces its words in the browser)."""
    words = {k: html.escape(v) for k, v in config["words"]["en"].items()}
    lessons = "\n".join(
        f'<li data-lang="{lang}"><a href="{html.escape(config["lessons"][lang])}" '
        f'lang="{lang}" hreflang="{lang}">{config["autonyms"][lang]}</a></li>'
        for lang in LANGUAGES
    )
    template = string.Template((LITE / "index.html").read_text(encoding="utf-8"))
    return template.substitute(words, app=html.escape(config["app"]["en"]), lesson_list=lessons)


# Added to every JupyterLite page of the site: the icon, the site's styles, and at the end
# of the body the loading note (shown from the first paint; kowhist/site.js puts its words
# in the page's language and removes it once Python is up) and the scripts.
PAGE_HEAD = """<link rel="icon" href="../favicon.ico">
<link rel="stylesheet" href="../kowhist/site.css">
"""
PAGE_BODY = """<div id="kw-loading" role="status" aria-live="polite">
<div class="kw-loading-spinner" aria-hidden="true"></div>
<div class="kw-loading-what">{loading_page}</div>
<div class="kw-loading-time">{loading_time}</div>
<div class="kw-loading-more"></div>
</div>
<script src="../kowhist/words.js"></script>
<script src="../kowhist/site.js"></script>
"""


def finish_site(out: Path) -> None:
    """The site's own pages and files, on a site that ``jupyter lite build`` made in
    ``out``: the landing page, kowhist/ (words, script, styles), the additions to every
    JupyterLite page, favicon.ico. Quick: it runs again on a built site."""
    config = site_config()
    own = out / "kowhist"
    own.mkdir(exist_ok=True)
    (own / "words.js").write_text(
        "window.KOWHIST_SITE = " + json.dumps(config, ensure_ascii=False) + ";\n",
        encoding="utf-8",
    )
    for name in ("site.js", "site.css"):
        shutil.copy2(LITE / name, own / name)
    words = {k: html.escape(v) for k, v in config["words"]["en"].items()}
    for page in sorted(out.glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        if 'data-jupyter-lite-root=".."' not in text or 'id="kw-loading"' in text:
            continue  # not a JupyterLite page, or one finished already
        if page.parent.name == "repl":  # the app page
            text = text.replace("<title>REPLite</title>", f"<title>{words['title']}</title>")
        text = text.replace("</head>", PAGE_HEAD + "</head>", 1)
        text = text.replace("</body>", PAGE_BODY.format(**words) + "</body>", 1)
        page.write_text(text, encoding="utf-8")
    (out / "index.html").write_text(landing_page(config), encoding="utf-8")
    (out / "favicon.ico").write_bytes(favicon())


def build(out: Path, cache: Path) -> None:
    started = time.perf_counter()
    config = json.loads(CONFIG.read_text(encoding="utf-8"))
    stage = out.with_name(out.name + "-src")  # the lite dir that `jupyter lite` reads
    shutil.rmtree(stage, ignore_errors=True)
    pyodide_dir = stage / "static" / "pyodide"

    wheel = project_wheel(stage / "wheel")
    lock = pyodide_runtime(config["pyodide"], cache, pyodide_dir)
    carried = carry_packages(config, lock, wheel, cache / "wheels", pyodide_dir)
    print(f"Pyodide {config['pyodide']} with {len(carried)} packages: {', '.join(carried)}")

    contents = stage / "contents"
    shutil.copytree(NOTEBOOKS, contents, ignore=CONTENT_SKIP)
    site_lessons(contents)
    unknown = [name for name in config["preload"] if canonical(name) not in carried]
    if unknown:
        raise SystemExit(f"lite/pyodide.json preloads {unknown}, which the site does not carry")
    site_config = lite_config(config["preload"])
    (stage / "jupyter-lite.json").write_text(json.dumps(site_config, indent=2) + "\n")

    shutil.rmtree(out, ignore_errors=True)
    run(Path(sys.executable).with_name("jupyter"), "lite", "build", "--lite-dir", stage,
        "--output-dir", out, "--contents", contents, "--no-sourcemaps",
        "--no-unused-shared-packages", cwd=stage)  # fmt: skip
    # Font Awesome's legacy formats (EOT for old Internet Explorer, SVG fonts for old
    # Safari, TTF): every browser that runs Pyodide takes the WOFF2 listed beside them.
    for legacy in (out / "build").glob("fa-*.*"):
        if legacy.suffix in (".eot", ".svg", ".ttf"):
            legacy.unlink()
    finish_site(out)
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve every file as it is
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"{shown(out)}: {size / 2**20:.1f} MiB, {time.perf_counter() - started:.0f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "lite")
    parser.add_argument("--cache", type=Path, default=REPO / "build" / "lite-cache")
    args = parser.parse_args(argv)
    build(args.out.resolve(), args.cache.resolve())


if __name__ == "__main__":
    main()
