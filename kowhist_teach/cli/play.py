"""``kowhist-teach play``: a game in the terminal against bots. The prompt loop, undo,
help and quit are here; what the table looks like, the prompts and the story of the
bots' moves are the game's ``cli`` hook's
(:class:`~kowhist_teach.core.hooks.cli.CliHook`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..core.cards import Card
from ..core.errors import IllegalMove
from ..core.registry import spec
from ..core.words import labelled
from ..i18n import N_, _
from .simulate import default_players, make_bot, parse_rules

__all__ = ["play_terminal", "play_family_terminal", "cmd_play"]

#: What :func:`_ask` returns when the player quits, after an undo, and for a hint.
_QUIT = object()
_UNDONE = object()
_HINT = object()

#: The terminal's commands: each is typed in English or in the chosen language (its
#: word in the catalogue: ``pista``, ``indice`` …), upper or lower case.
COMMANDS: dict[str, tuple[str, ...]] = {
    "quit": (N_("quit"), "q", "exit"),
    "help": (N_("help"), "?"),
    "undo": (N_("undo"),),
    "hint": (N_("hint"),),
}


def command_of(text: str) -> str | None:
    """The command ``text`` names (``quit``, ``help``, ``undo``, ``hint``), in English
    or in the chosen language; ``None`` for anything else (a move to try).

    >>> command_of("HINT"), command_of("QS")
    ('hint', None)
    """
    word = text.strip().lower()
    for command, words in COMMANDS.items():
        if word in {w.lower() for w in words} | {_(words[0]).lower()}:
            return command
    return None


def commands_line() -> str:
    """The hint's command in the chosen language, in one line for the intro (the game's
    intro names the others).

    >>> commands_line()
    "'hint' gives a hint: the card to play and why."
    """
    return _("'{hint}' gives a hint: the card to play and why.").format(hint=_("hint"))


def _card_help(say: Callable[[str], None]) -> None:
    say(_("Play a card by its code: rank then suit, like AS, 10H, QD (T for ten works)."))
    say(_("You must follow the suit led if you can. Trumps beat every other suit."))


def _ask(
    game: Any,
    human: int,
    prompt: str,
    stdin: TextIO,
    out: TextIO,
    say: Callable[..., None],
    show_help: Callable[[], None],
) -> str | object | None:
    """The human's turn at the terminal: the text typed (a move to try), or what was
    done here instead — ``_QUIT`` (end of input or quit: goodbye said), ``_UNDONE``
    (the last move of theirs and the bots' replies taken back), ``_HINT`` (a hint asked
    for), ``None`` (help shown, or nothing to undo: ask again)."""
    out.write(prompt)
    out.flush()
    line = stdin.readline()
    if not line:
        say()
        say(_("Goodbye."))
        return _QUIT
    text = line.strip()
    command = command_of(text)
    if command == "quit":
        say(_("Goodbye."))
        return _QUIT
    if command == "help":
        show_help()
        return None
    if command == "hint":
        return _HINT
    if command == "undo":
        try:
            # Take back the bots' replies too, back to your own last move.
            while True:
                game.undo()
                if game.to_move == human:
                    break
        except IllegalMove as e:
            say(str(e))
            return None
        return _UNDONE
    return text


def _hint(game: Any, human: int, say: Callable[..., None]) -> None:
    """The hint the app gives (teach/hints.py), in words: the move to make and why, the
    tips (but the one the suggestion already quotes), and the estimate from the
    student's seat with its label; the analysis with every card visible stays off, as
    the app's default keeps it during play."""
    from ..teach.hints import hint

    h = hint(game, human, analysis="off")
    if h.notice:
        say(h.notice)
        return
    say(_("Hint: {suggestion}").format(suggestion=h.suggestion))
    for tip in h.tips:
        if tip not in h.suggestion:
            say(f" - {tip}")
    if h.estimate:
        heading = _("From your seat")  # the app's heading over the estimate
        say(labelled(f"{heading} ({h.estimate_label})", "").rstrip())
        for line in h.estimate:
            say(f"   {line}")


def _help(game: Any, words: Any, say: Callable[..., None]) -> None:
    _card_help(say)
    for line in words.help_lines(game):
        say(line)
    if words.help_lists_moves:
        from ..teach.explain import explain_moves

        for m in explain_moves(game):
            mark = "+" if m.legal else "x"
            # What to type: a card as it reads (Q♠, accepted on input), a joker and
            # any other move by its code (BJ: its name, Big Joker, is in the reason).
            card = isinstance(m.move, Card) and not m.move.is_joker
            text = m.move.label if card else m.move.code
            say(f" {mark} {text:<6} {m.reason}")


def play_terminal(
    players: int = 4,
    seed: int | None = None,
    rules: Any = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    game: str = "knockout",
    match: int | None = None,
) -> int:
    """A game in the terminal: you are seat 0, bots play the other seats (random bots
    in Knock-Out Whist, rule-of-thumb bots in the whist family).

    Type a card code (``QS``, ``10h``), ``pass``, a suit to choose trumps, ``hint``,
    ``undo``, ``help`` or ``quit`` (or these in the chosen language: ``pista``,
    ``deshacer``, ``ayuda``, ``salir``; ``indice``, ``annuler``, ``aide``, ``quitter``).
    ``game`` is ``knockout`` or a game of the whist family
    (``whist``, ``solo``, ``bidwhist``: four players, see :func:`play_family_terminal`).
    """
    game_spec = spec(game)
    words = game_spec.cli
    words.check_players(players)
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    names = [_("Player 1 (you)")] + [_("Bot {n}").format(n=i) for i in range(1, players)]
    table = words.new_game(game_spec, match, players=names, rules=rules, seed=seed)
    base = seed if seed is not None else 0
    if words.terminal_bot_per_seat:
        bots = {s: make_bot(words.terminal_bot, base * 1000 + s) for s in range(1, players)}
    else:
        shared = make_bot(words.terminal_bot, base)
        bots = {s: shared for s in range(1, players)}
    human = 0

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    for line in words.terminal_intro(table):
        say(line)
    say(commands_line())
    story = words.story(table, say, human)
    while not table.is_over():
        story.tell()
        if table.to_move != human:
            table.play(bots[table.to_move](table))
            continue
        say()
        say(words.describe(table, human))
        prompt = words.prompt(table, human)
        text = _ask(table, human, prompt, stdin, out, say, lambda: _help(table, words, say))
        if text is _QUIT:
            return 0
        if text is _UNDONE:
            story.rewind()
        if text is _HINT:
            _hint(table, human, say)
        if not isinstance(text, str):
            continue
        try:
            table.play(words.read_move(table, human, text), seat=human)
        except IllegalMove as e:
            say(_("Not allowed: {why}").format(why=e))
    if words.story_at_end:
        story.tell()
    for line in words.terminal_outro(table):
        say(line)
    return 0


def play_family_terminal(
    game_name: str,
    seed: int | None = None,
    rules: Any = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """A game of the whist family in the terminal: you are seat 0, bots the others.

    Type a card (``QS``, ``10h``), a call as the prompt lists it (``pass``, a bid, a
    suit), ``undo``, ``help`` (every move open to you, with the reason) or ``quit``.
    """
    return play_terminal(4, seed, rules, stdin=stdin, stdout=stdout, game=game_name)


def cmd_play(args: argparse.Namespace) -> int:
    """``play``."""
    game_spec = spec(args.game)
    game_spec.cli.check_players(args.players)
    rules = parse_rules(args.rules, args.game)
    players = args.players or default_players(game_spec)
    return play_terminal(players, args.seed, rules, game=args.game, match=args.match)
