"""The ``kowhist-teach`` command (DESIGN §4).

::

    kowhist-teach app [--port N] [--no-browser] [--classroom [--address A]]
    kowhist-teach replay FILE [--json]
    kowhist-teach review FILE [--seat N] [--round R] [--json] [--time-limit S]
    kowhist-teach simulate --game GAME --players 4 --games 1000 --seed 1 --bots random,...
    kowhist-teach play [--game GAME] [--players N] [--seed S]
    kowhist-teach explain FILE [--json] [--analyse] [--at N]
    kowhist-teach lab [--lang en|es|fr] [--no-browser] [--port N]
    kowhist-teach class start|status|tables|export …
    kowhist-teach class start [--dir DIR | --db URL] [--port N] [--address A] [--no-browser]
    kowhist-teach class status [--dir DIR | --db URL] [--json]
    kowhist-teach class export [--dir DIR | --db URL] --out FILE.zip [--anonymous]

Every command takes ``--lang en|es|fr``, before or after the command's name; without
it the language is ``KOWHIST_TEACH_LANG``'s (set in the terminal of ``kowhist-teach
lab`` to the course's), else English. ``GAME`` is any registered game (``--help``
lists them: ``knockout``, ``german``, ``whist`` …).

The whist family (partnership whist, solo whist, bid whist) is always four players. In
``simulate --json`` a partnership's win counts for both of its seats, so there
``sum(wins)`` is twice the games won; the text output counts wins by partnership.

``explain --at N`` explains the moment after the record's first N actions, counted over
the whole record (every round or deal in order, cards and calls alike; a negative N
counts back from the end). A cut at the end of a round or deal shows the start of the
next one, if the record holds it.

Every failure is one line on stderr and an exit status; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from ..core.errors import IllegalMove, RecordError, SetupError
from ..core.registry import game_names, specs
from ..i18n import LANGUAGES, _, get_language, set_language
from .app import _cmd_app, add_kernel_cap_options, app_notebook
from .class_ import add_class_parser, cmd_class
from .explain import ANALYSIS_SECONDS, _action_lists, cmd_explain, record_at
from .lab import add_lab_parser, cmd_lab, course_file, default_language
from .play import cmd_play, play_family_terminal, play_terminal
from .replay import cmd_replay
from .review import cmd_review
from .simulate import BOTS, cmd_simulate, simulate

__all__ = [
    "main",
    "simulate",
    "play_terminal",
    "play_family_terminal",
    "record_at",
    "app_notebook",
    "BOTS",
    "ANALYSIS_SECONDS",
    "_action_lists",
]


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"kowhist-teach: {message}\n")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="kowhist-teach",
        description=_(
            "Learn Knock-Out Whist, German Whist and the whist family: play, replay and simulate."
        ),
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=default_language(), help=_("message language")
    )
    # Every command takes --lang after its name too (it wins over one given before).
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument(
        "--lang", dest="sub_lang", choices=LANGUAGES, default=None, help=_("message language")
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    app = sub.add_parser("app", help=_("start the Voilà app"), parents=[lang])
    app.add_argument("--port", type=int, default=8866)
    app.add_argument("--no-browser", action="store_true")
    app.add_argument(
        "--classroom",
        action="store_true",
        help=_("serve a class: listen on the network, with a join token in the printed address"),
    )
    app.add_argument(
        "--address", default=None, help=_("the address students type (default: this machine's)")
    )
    app.add_argument("--pool-size", type=int, default=None, help=_("kernels kept ready"))
    app.add_argument("--memory-mb", type=int, default=None, help=_("memory cap per kernel, MiB"))
    add_kernel_cap_options(app)

    rep = sub.add_parser("replay", help=_("validate and replay a game record"), parents=[lang])
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help=_("print one JSON object"))

    sim = sub.add_parser(
        "simulate",
        help=_("play many games between bots"),
        description=_(
            "Play many games between bots and count the wins. In partnership whist and bid "
            "whist the text counts wins by partnership, and --json gives wins by seat: a "
            "partnership's win counts for both of its seats."
        ),
        parents=[lang],
    )
    sim.add_argument("--game", choices=game_names(), default="knockout")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default=None, help=_("one bot name per seat, comma-separated"))
    sim.add_argument("--rules", default=None, help=_("rule options as JSON"))
    sim.add_argument(
        "--workers",
        type=int,
        default=None,
        help=_("processes to play in (default: one per core); the result is the same"),
    )
    sim.add_argument(
        "--match", type=int, default=None, help=_("German Whist: best of 3 or 5 hands")
    )
    sim.add_argument(
        "--json",
        action="store_true",
        help=_(
            "print one JSON object: wins by seat (a partnership's win counts for both of "
            "its seats), draws, seconds"
        ),
    )

    exp = sub.add_parser(
        "explain",
        help=_("explain the moves open to the player to move in a record"),
        description=_(
            "Explain every move open to the player to move where the record stops: legal "
            "or not, and why. A finished record has nobody to move at its end: use --at N "
            "to explain an earlier moment."
        ),
        parents=[lang],
    )
    exp.add_argument("file")
    exp.add_argument("--json", action="store_true", help=_("print one JSON object"))
    exp.add_argument(
        "--analyse",
        action="store_true",
        help=_(
            "add perfect-information analysis (Knock-Out Whist and German Whist only: the "
            "solver does not play the whist family)"
        ),
    )
    exp.add_argument(
        "--at",
        type=int,
        default=None,
        metavar="N",
        help=_(
            "explain the moment after the record's first N actions, counted over the whole "
            "record (all rounds or deals, cards and calls alike); a negative N counts back "
            "from the end, so --at -1 is the moment before the last action"
        ),
    )

    rev = sub.add_parser(
        "review",
        help=_("review a seat's decisions in a record, with every card visible"),
        description=_(
            "Where did the tricks go? Every decision of the seat where another legal move "
            "would have taken more tricks (or kept the player in), with every card visible, "
            "and an estimate from the seat's own view beside it."
        ),
        parents=[lang],
    )
    rev.add_argument("file")
    rev.add_argument("--seat", type=int, default=0, help=_("the seat to review (0 first)"))
    rev.add_argument("--json", action="store_true", help=_("print one JSON object"))
    rev.add_argument(
        "--round",
        type=int,
        default=None,
        metavar="R",
        help=_("review only round (or hand) R, counted from 0"),
    )
    rev.add_argument(
        "--time-limit",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help=_("stop after this long and give a partial review"),
    )

    play = sub.add_parser(
        "play", help=_("play a game in the terminal against bots"), parents=[lang]
    )
    play.add_argument(
        "--game",
        choices=[s.name for s in specs() if s.has("cli") and s.cli.plays_in_terminal],
        default="knockout",
    )
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--rules", default=None, help=_("rule options as JSON"))
    play.add_argument(
        "--match", type=int, default=None, help=_("German Whist: best of 3 or 5 hands")
    )

    add_class_parser(sub, [lang])
    add_lab_parser(sub, [lang])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    previous = get_language()
    # The language first, so that --help and every message come out in it.
    early = _Parser(prog="kowhist-teach", add_help=False)
    early.add_argument("--lang", choices=LANGUAGES, default=None)
    known, _rest = early.parse_known_args(argv)
    set_language(known.lang or default_language())
    try:
        args = _build_parser().parse_args(argv)
        # Whether a language was asked for at all (``lab`` then opens that language's
        # course, else the system's).
        args.explicit_lang = getattr(args, "sub_lang", None) or known.lang
        set_language(getattr(args, "sub_lang", None) or args.lang)
        if isinstance(getattr(args, "file", None), str):
            # A lesson's record path works from any folder a terminal opens in.
            args.file = course_file(args.file)
        return _run(args)
    finally:
        set_language(previous)


def _run(args: argparse.Namespace) -> int:
    try:
        return _COMMANDS[args.command](args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped reading (`kowhist-teach replay … | head`): nothing went
        # wrong, and there is nowhere to say anything. Standard output goes to
        # /dev/null, so that Python's last flush on exit is quiet too.
        _quiet_stdout()
        return 0
    except (RecordError, SetupError, IllegalMove, OSError) as e:
        print(f"kowhist-teach: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # a bug: still one line for the user, the trace on request
        if os.environ.get("KOWHIST_DEBUG"):
            raise
        print(
            _(
                "kowhist-teach: internal error ({kind}: {e}); set KOWHIST_DEBUG=1 to see where"
            ).format(kind=type(e).__name__, e=e),
            file=sys.stderr,
        )
        return 3


def _quiet_stdout() -> None:
    """Point standard output at /dev/null (when it is a real file descriptor)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # a captured stdout has no descriptor
        pass


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "app": _cmd_app,
    "replay": cmd_replay,
    "explain": cmd_explain,
    "simulate": cmd_simulate,
    "play": cmd_play,
    "review": cmd_review,
    "class": cmd_class,
    "lab": cmd_lab,
}
