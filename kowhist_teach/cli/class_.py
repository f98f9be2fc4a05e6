"""``kowhist-teach class start|status|export``: a class on the teacher's machine (DESIGN
§4 and §8).

::

    kowhist-teach class start  [--dir DIR | --db URL] [--port N] [--address A] [--no-browser]
                               [--pool-size N] [--memory-mb N] [--token T] [--teacher-token T]
                               [--max-kernels N] [--max-kernels-per-client N]
    kowhist-teach class status [--dir DIR | --db URL] [--json]
    kowhist-teach class export [--dir DIR | --db URL] --out FILE.zip [--anonymous]

``start`` opens (or makes) the class store, then serves two Voilà servers, each set up as
``kowhist-teach app --classroom`` is (Host check, culling, a gentle pool, no CDN, a
token): the students' page (``notebooks/class.ipynb``) on ``--port``, in this process,
and the teacher's console (``notebooks/console.ipynb``) on the next port, in a child
process of its own, behind another token. Every kernel of both finds the store through
the environment variable :data:`~kowhist_teach.classroom.schema.CLASS_DB_ENV`. Ctrl-C
or SIGTERM stops both; the child also stops by itself should this process die.

``status`` and ``export`` read a store that exists (they never make one); ``export``
writes a zip: ``students.csv``, ``games.csv`` and ``games/<n>-<game>.json`` (each
student's own games, as stored), ``tables.csv`` and ``tables/<n>-<game>.json`` (each
shared table's record), ``same_deal.csv`` (the deals sent to everyone and their
results); ``kowhist-teach replay`` reads every record (:func:`export_class`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import time
import unicodedata
from typing import Any

from ..classroom.names import printable, printable_json
from ..core.errors import SetupError
from ..i18n import N_, _, ngettext
from .app import add_kernel_cap_options, class_servers, package_notebook, port_taken, run_class
from .class_export import _checked_out, export_class
from .class_hub import add_singleuser_parser, cmd_singleuser
from .class_tables import TABLE_STATES, _cmd_tables, existing_store, tables_status

__all__ = [
    "add_class_parser",
    "class_status",
    "cmd_class",
    "export_class",
    "open_store",
    "existing_store",
    "start_plan",
]

_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")
_STATES = {
    "playing": N_("playing"),
    "out": N_("out"),
    "dog": N_("dog"),
    "won": N_("won"),
    "lost": N_("lost"),
    "drawn": N_("drawn"),
    "over": N_("over"),
    "abandoned": N_("abandoned"),
}


# ------------------------------------------------------------------ the parser
def add_class_parser(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    """The ``class`` command and its three subcommands, on ``sub`` (argparse's
    subparsers of ``kowhist-teach``)."""
    cls = sub.add_parser("class", help=_("run a class: start it, see it, export it"))
    commands = cls.add_subparsers(dest="class_command", required=True)

    def where(parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--dir", default=None, help=_("the class folder (default: ./class)"))
        group.add_argument(
            "--db", default=None, metavar="URL", help=_("the class store's database URL")
        )

    start = commands.add_parser(
        "start",
        help=_("serve the students' page and the teacher's console"),
        description=_(
            "Serve the students' page on the port and the teacher's console on the next "
            "one, each behind its own token, until Ctrl-C."
        ),
        parents=parents,
    )
    where(start)
    start.add_argument("--port", type=int, default=8866)
    start.add_argument(
        "--address", default=None, help=_("the address students type (default: this machine's)")
    )
    start.add_argument("--no-browser", action="store_true")
    start.add_argument(
        "--pool-size", type=int, default=None, help=_("kernels kept ready for the students")
    )
    start.add_argument("--memory-mb", type=int, default=None, help=_("memory cap per kernel, MiB"))
    add_kernel_cap_options(start)
    start.add_argument(
        "--token",
        default=None,
        help=_("the students' token (default: made once, then kept in the class store)"),
    )
    start.add_argument(
        "--teacher-token",
        default=None,
        help=_("the teacher's token (default: made once, then kept in the class store)"),
    )

    add_singleuser_parser(commands, parents)

    status = commands.add_parser(
        "status", help=_("the students, their games and their scores"), parents=parents
    )
    where(status)
    status.add_argument(
        "--json",
        action="store_true",
        help=_("print one JSON object: students, games with their records, deals, settings"),
    )

    seat = commands.add_parser(
        "tables",
        help=_("seat the class at tables of students, bots in the empty seats"),
        parents=parents,
    )
    where(seat)
    seat.add_argument("--size", type=int, required=True, help=_("players at each table"))
    seat.add_argument("--game", default="knockout", help=_("the game the tables play"))
    seat.add_argument("--seed", type=int, default=None, help=_("seats and deals repeatable"))
    seat.add_argument("--json", action="store_true", help=_("print one JSON object"))

    export = commands.add_parser(
        "export",
        help=_("write the class to a zip: a table of students and every game's record"),
        parents=parents,
    )
    where(export)
    export.add_argument("--out", required=True, help=_("the zip file to write"))
    export.add_argument(
        "--anonymous",
        action="store_true",
        help=_("Student 1, Student 2… in place of the names, in the table and the records"),
    )


def cmd_class(args: argparse.Namespace) -> int:
    """``class``: run its subcommand."""
    commands = {
        "start": _cmd_start,
        "status": _cmd_status,
        "tables": _cmd_tables,
        "singleuser": cmd_singleuser,
        "export": _cmd_export,
    }
    return commands[args.class_command](args)


# ------------------------------------------------------------------- the store
def open_store(folder: str | None = None, url: str | None = None) -> Any:
    """The class store, made if missing (``class start``): the folder and its file
    owner-only. A bad URL or a store from a newer version fails here, in one line."""
    from ..classroom.store import ClassStore

    return ClassStore.open(folder, url)


# ------------------------------------------------------------------- class start
def start_plan(args: argparse.Namespace) -> tuple[Any, Any]:
    """The two servers' options (students', console's) of ``class start`` from its
    arguments, tokens checked; nothing started."""
    for name, token in (("--token", args.token), ("--teacher-token", args.teacher_token)):
        if token is not None and not _TOKEN.fullmatch(token):
            raise SetupError(
                _("{option} takes 8 to 64 letters, digits, '-' or '_'").format(option=name)
            )
    if args.token is not None and args.token == args.teacher_token:
        raise SetupError(_("the teacher's token must not be the students' token"))
    if not 1 <= args.port < 65535:
        raise SetupError(_("--port takes a port from 1 to 65534 (the console takes the next)"))
    return class_servers(
        port=args.port,
        address=args.address,
        token=args.token,
        teacher_token=args.teacher_token,
        pool_size=args.pool_size,
        memory_mb=args.memory_mb,
        max_kernels=getattr(args, "max_kernels", None),
        max_per_client=getattr(args, "max_per_client", None),
    )


def _cmd_start(args: argparse.Namespace) -> int:
    try:
        from ..classroom.server import skip_slow_format_checker

        skip_slow_format_checker()  # before Voilà's imports
        import voila  # noqa: F401
    except ImportError:
        raise SetupError(_("a class needs Voilà: pip install 'kowhist-teach[app]'")) from None
    from ..classroom.schema import CLASS_DB_ENV
    from ..classroom.server import join_url, new_token, role_secret

    students, console = start_plan(args)
    pages = package_notebook("class.ipynb"), package_notebook("console.ipynb")
    for options in (students, console):
        if port_taken(options.port):
            raise SetupError(
                _("port {port} is in use: choose another with --port").format(port=options.port)
            )
    from ..classroom.holder import hold_store

    store = open_store(args.dir, args.db)
    try:
        url, where = store.url, store.where
        # One class start per store: a second is refused, naming the first's process.
        hold = hold_store(url, where)
        # The class keeps its links and the key of its pages' login cookies: started
        # again on the same store, the link on the board still works and every page
        # open before is still logged in, so a reload brings each student back. Each
        # server signs with a key of its own, derived from the kept one: a cookie of
        # the students' server never opens the console.
        students.token = args.token or store.secret("students_token", new_token)
        console.token = args.teacher_token or store.secret("teacher_token", lambda: new_token(16))
        secret = store.secret("cookie_secret", lambda: secrets.token_hex(32))
        students.cookie_secret = role_secret(secret, students.role)
        console.cookie_secret = role_secret(secret, console.role)
    finally:
        store.close()
    try:
        if students.token == console.token:
            raise SetupError(_("the teacher's token must not be the students' token"))
        # Before any kernel starts (the pools preheat at once): every kernel inherits it.
        os.environ[CLASS_DB_ENV] = url
        lines = [
            _("The class is open. Its store: {where}").format(where=where),
            _("Students open: {url}").format(url=join_url(students)),
            _("Your console (teacher only): {url}").format(url=join_url(console)),
            _(
                "Each link carries its own token: a page without it is refused. Ctrl-C "
                "stops the class."
            ),
        ]
        print("\n".join(lines), flush=True)
        return run_class(pages[0], pages[1], students, console, open_browser=not args.no_browser)
    finally:
        hold.release()


# ------------------------------------------------------------------ class status
def class_status(store: Any, now: float | None = None) -> dict[str, Any]:
    """The ``class status --json`` object: students (each with their games, records
    included, and their scores), shared tables (each with its status, seats and record
    so far: :func:`~.class_tables.tables_status`), deals and settings. A student's game
    is ``playing``, ``over`` or ``abandoned`` (replaced before its end by another: a
    new deal, the teacher's new game or deal)."""
    now = time.time() if now is None else now
    counts = store.event_counts()
    last = store.last_activity()
    games: dict[int, list[dict[str, Any]]] = {}
    for g in store.games():
        games.setdefault(g.student_id, []).append(
            {
                "id": g.id,
                "game": g.game,
                "players": g.players,
                "rules": g.rules,
                "seed": g.seed,
                "deal_id": g.deal_id,
                "status": g.status,
                "progress": g.progress,
                "record": g.record,
                "moves": g.moves,
                "started_at": g.started_at,
                "updated_at": g.updated_at,
            }
        )
    students = []
    for s in store.students():
        mine = counts.get(s.id, {})
        students.append(
            {
                "id": s.id,
                "name": s.name,
                "connected": s.connected(now),
                "joined": s.joined_at,
                "last_activity": last.get(s.id, s.last_seen),
                "games": games.get(s.id, []),
                "illegal": mine.get("illegal", 0),
                "hints": mine.get("hint", 0),
                "quiz": {"answered": mine.get("quiz", 0), "right": mine.get("quiz_right", 0)},
            }
        )
    deals = [
        {
            "id": d.id,
            "game": d.game,
            "players": d.players,
            "rules": d.rules,
            "seed": d.seed,
            "record": d.record,
            "label": d.label,
            "created_at": d.created_at,
        }
        for d in store.deals()
    ]
    return {
        "store": store.where,
        "students": students,
        "tables": tables_status(store),
        "deals": deals,
        "settings": store.settings(),
    }


def ago(seconds: float) -> str:
    """A time in the past, short: ``12 s ago``, ``3 min ago``, ``2 h ago``, ``4 d ago``.

    >>> ago(12.4), ago(200), ago(7300), ago(4 * 86400)
    ('12 s ago', '3 min ago', '2 h ago', '4 d ago')
    """
    seconds = max(0, int(seconds))
    if seconds < 60:
        return _("{n} s ago").format(n=seconds)
    if seconds < 3600:
        return _("{n} min ago").format(n=seconds // 60)
    if seconds < 86400:
        return _("{n} h ago").format(n=seconds // 3600)
    return _("{n} d ago").format(n=seconds // 86400)


def _game_name(name: str) -> str:
    from ..core.registry import spec

    try:
        return spec(name).display_name()
    except SetupError:
        return name


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def status_table(status: dict[str, Any], now: float | None = None) -> str:
    """The text of ``class status``: one aligned row per student."""
    now = time.time() if now is None else now
    header = [
        _("Name"),
        _("Connected"),
        _("Game"),
        _("Round"),
        _("Tricks"),
        _("State"),
        _("Illegal tries"),
        _("Hints"),
        _("Quiz right"),
        _("Last activity"),
    ]
    rows = [header]
    for s in status["students"]:
        game = s["games"][-1] if s["games"] else None
        progress = game["progress"] if game else {}
        state = progress.get("state") or (game["status"] if game else None)
        if game and game["status"] == "abandoned":
            state = "abandoned"
        rows.append(
            [
                s["name"],
                _("yes") if s["connected"] else _("no"),
                _game_name(game["game"]) if game else "-",
                str(progress.get("round", "-")),
                str(progress.get("tricks", "-")),
                _(_STATES[state]) if state in _STATES else (state or "-"),
                str(s["illegal"]),
                str(s["hints"]),
                f"{s['quiz']['right']}/{s['quiz']['answered']}",
                ago(now - s["last_activity"]) if s["last_activity"] else "-",
            ]
        )
    # Every cell as a terminal may print it: a name stored with an escape sequence
    # (before names were checked, or written to the store by hand) shows its escapes.
    rows = [[printable(c) for c in row] for row in rows]
    widths = [max(_width(row[i]) for row in rows) for i in range(len(header))]
    numeric = {3, 4, 6, 7, 8}
    lines = []
    for row in rows:
        cells = [
            " " * (w - _width(c)) + c if i in numeric else c + " " * (w - _width(c))
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _cmd_status(args: argparse.Namespace) -> int:
    store = existing_store(args.dir, args.db)
    try:
        now = time.time()
        status = class_status(store, now)
    finally:
        store.close()
    if args.json:
        print(printable_json(json.dumps(status, ensure_ascii=False)))
        return 0
    n = len(status["students"])
    connected = sum(s["connected"] for s in status["students"])
    print(_("Class store: {where}").format(where=printable(status["store"])))
    print(
        ngettext("{n} student, {c} connected", "{n} students, {c} connected", n).format(
            n=n, c=connected
        )
    )
    if n:
        print()
        print(status_table(status, now))
    shown = [t for t in status["tables"] if not t["closed"]]
    if shown:
        print()
        print(_("Shared tables:"))
        for t in shown:
            names = ", ".join(
                (s["name"] or "?") if not s["bot"] else _("Bot {n}").format(n=s["seat"] + 1)
                for s in t["seats"]
            )
            state = _(TABLE_STATES[t["status"]]) if t["status"] in TABLE_STATES else t["status"]
            print(
                _("Table {n} · {game} · {names} · {state}").format(
                    n=t["id"], game=_game_name(t["game"]), names=names, state=state
                )
            )
    return 0


# ------------------------------------------------------------------ class export
def _cmd_export(args: argparse.Namespace) -> int:
    out = _checked_out(args.out)
    store = existing_store(args.dir, args.db)
    try:
        status = class_status(store)
    finally:
        store.close()
    students, games = export_class(status, out, anonymous=args.anonymous)
    print(
        _("Wrote {out}: {students}, {games}.").format(
            out=out,
            students=ngettext("{n} student", "{n} students", students).format(n=students),
            games=ngettext("{n} game record", "{n} game records", games).format(n=games),
        )
    )
    return 0
