"""``kowhist-teach app``: the Voilà app."""

from __future__ import annotations

import argparse
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
    from ..classroom.server import MEMORY_MB, ServeOptions, serve

    options = ServeOptions(
        port=args.port,
        open_browser=not args.no_browser,
        classroom=args.classroom,
        address=args.address,
        pool_size=args.pool_size,
        memory_mb=MEMORY_MB if args.memory_mb is None else args.memory_mb,
    )
    return serve(app_notebook(), options)
