"""Serve the static site (``build/lite/``) on localhost, as ``make lite-serve`` does.

Any static web server will do once it sends the right MIME types: browsers refuse an ES
module (``.mjs``) that is not served as JavaScript and compile WebAssembly fastest as
``application/wasm``. Python's ``http.server`` guesses from the system's tables, which
may lack both, so they are set here. Standard library only: it runs with any Python 3.10+.

    python3 lite/serve.py [--port 8000] [--bind 127.0.0.1] [--dir build/lite]
"""

from __future__ import annotations

import argparse
import functools
import http.server
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, quiet unless asked."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = True

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


def serve(directory: Path, port: int = 8000, bind: str = "127.0.0.1", quiet: bool = True):
    """A threading HTTP server for ``directory`` (call ``serve_forever()`` on it)."""
    handler = functools.partial(Handler, directory=str(directory))
    Handler.quiet = quiet
    return http.server.ThreadingHTTPServer((bind, port), handler)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the static JupyterLite site.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=REPO / "build" / "lite")
    parser.add_argument("--log", action="store_true", help="print every request")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").exists():
        raise SystemExit(f"{args.dir} has no site: run `make lite` first")
    server = serve(args.dir, args.port, args.bind, quiet=not args.log)
    host, port = server.server_address[:2]
    print(f"The site is on http://{host}:{port}/ (its first page opens the app and the "
          "lessons of each language). Ctrl-C stops.", flush=True)  # fmt: skip
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
