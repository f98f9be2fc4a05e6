"""``kowhist-teach app``: the Voilà app."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from ..core.errors import SetupError
from ..i18n import _

__all__ = ["app_notebook"]


def app_notebook() -> Path:
    """The notebook the app serves (``notebooks/app.ipynb`` of a checkout, or the copy
    shipped inside the package)."""
    here = Path(__file__).resolve().parent.parent  # the package folder
    for candidate in (here.parent / "notebooks" / "app.ipynb", here / "notebooks" / "app.ipynb"):
        if candidate.exists():
            return candidate
    raise SetupError(_("the app notebook (notebooks/app.ipynb) is missing from this install"))


def _cmd_app(args: argparse.Namespace) -> int:
    try:
        import voila  # noqa: F401
    except ImportError:
        print(
            _("kowhist-teach: the app needs Voilà: pip install 'kowhist-teach[app]'"),
            file=sys.stderr,
        )
        return 2
    notebook = app_notebook()
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(notebook.name),
        f"--port={args.port}",
        "--Voila.ip=127.0.0.1",
        "--theme=light",
    ]
    if args.no_browser:
        cmd.append("--no-browser")
    print(
        _("Starting the app at http://localhost:{port}/ (Ctrl-C stops it)").format(port=args.port),
        flush=True,
    )
    try:
        return subprocess.call(cmd, cwd=notebook.parent)
    except KeyboardInterrupt:
        return 0
