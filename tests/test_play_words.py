"""``kowhist-teach play`` in the student's language (issue 25, point 5): the commands
typed in English or in the chosen language, a hint at the terminal (the app's), and
each round's, hand's or deal's end told after its last trick (who is out, who chooses
trumps; who won the hand; the deal's tricks and points), in every game the terminal
plays."""

from __future__ import annotations

import io
from typing import Any

import pytest

from kowhist_teach.cli import main
from kowhist_teach.cli.play import command_of, commands_line, play_terminal
from kowhist_teach.core.deals import DealGame
from kowhist_teach.core.hooks.cli import trick_text
from kowhist_teach.core.registry import spec, spec_of, specs
from kowhist_teach.games.german.cli import _hand_result
from kowhist_teach.games.german.dummy_cli import _plays as _dummy_plays
from kowhist_teach.i18n import _, set_language
from kowhist_teach.teach import hints
from kowhist_teach.teach.hints import hint


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", {"hint": "hint", "help": "help", "undo": "undo", "quit": "quit"}),
        ("es", {"hint": "pista", "help": "ayuda", "undo": "deshacer", "quit": "salir"}),
        ("fr", {"hint": "indice", "help": "aide", "undo": "annuler", "quit": "quitter"}),
    ],
)
def test_commands_in_the_chosen_language_and_in_english(lang: str, words: dict) -> None:
    set_language(lang)
    for command, word in words.items():
        assert command_of(word) == command and command_of(word.upper()) == command
        assert command_of(command) == command  # English works in every language
    assert command_of("QS") is None and command_of("pass") is None


def test_a_hint_and_help_at_the_terminal_in_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    # The estimate without its time limit (a loaded machine could cut it to no deal).
    real = hints.estimate
    monkeypatch.setattr(hints, "estimate", lambda *a, **_k: real(*a[:4], None))
    stdin = io.StringIO("pista\nayuda\nsalir\n")
    set_language("es")
    out = io.StringIO()
    assert play_terminal(4, seed=3, stdin=stdin, stdout=out) == 0
    text = out.getvalue()
    assert "'pista' te da una pista" in text
    assert "Pista: " in text and "jugaría" in text  # the suggestion and its reason
    assert "No está permitido" not in text  # no command was taken for a card
    assert "Tu mano" in text.split("Pista: ")[1]  # help listed the moves, asked again
    assert text.rstrip().endswith("¡Adiós!")
    # The hint as the app shows it: the tips, none that the suggestion already quotes,
    # then the estimate from the student's seat under its heading and label.
    lines = text.split("Pista: ", 1)[1].splitlines()
    suggestion, rest = lines[0], lines[1:]
    tips = [line[3:] for line in rest if line.startswith(" - ")]
    assert not [tip for tip in tips if tip in suggestion]
    heading = next(i for i, line in enumerate(rest) if line.startswith(_("From your seat") + " ("))
    assert rest[heading].endswith("):") and rest[heading + 1].startswith("   6♥")


def test_the_tip_a_hint_follows_is_said_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suggestion quotes the tip it follows; the list of tips does not repeat it."""
    seen: list[Any] = []

    def done(game: Any) -> bool:  # quit at the second prompt, after the hint
        seen.append(hint(game, game.to_move, analysis="off", estimate_samples=0))
        return len(seen) > 1

    text, _game, script = _play(monkeypatch, "knockout", "es", done, players=3, seed=4)
    assert seen[0].follows and script.hinted == seen[0].suggestion
    quoted = [tip for tip in seen[0].tips if tip in seen[0].suggestion]
    assert quoted and all(text.count(tip) == 1 for tip in quoted)


#: The commands in each language, as a student types them.
WORDS = {
    "en": {"hint": "hint", "help": "help", "quit": "quit"},
    "es": {"hint": "pista", "help": "ayuda", "quit": "salir"},
    "fr": {"hint": "indice", "help": "aide", "quit": "quitter"},
}


class Scripted(io.StringIO):
    """A student at the terminal: the hint and help words of ``lang`` at the first turn
    (the hint the app would give is noted), then the first legal move each time, until
    ``done(game)``; then the quit word. What is typed is echoed to ``echo``, as a
    terminal shows it after the prompt."""

    def __init__(self, made: list[Any], lang: str, done: Any, echo: io.StringIO) -> None:
        super().__init__()
        self.made, self.words, self.done, self.echo = made, WORDS[lang], done, echo
        self.script = [self.words["hint"], self.words["help"]]
        self.hinted = ""

    def readline(self, *_args: Any) -> str:
        game = self.made[0]
        if self.done(game):
            typed = self.words["quit"]
        elif self.script:
            typed = self.script.pop(0)
            if typed == self.words["hint"]:
                self.hinted = hint(
                    game, game.to_move, analysis="off", estimate_samples=0
                ).suggestion
        else:
            move = game.legal_moves()[0]
            typed = getattr(move, "code", None) or str(move)
        self.echo.write(typed + "\n")
        return typed + "\n"


def _play(monkeypatch: pytest.MonkeyPatch, name: str, lang: str, done: Any, **options: Any):
    """``play`` of game ``name`` in ``lang`` driven by :class:`Scripted`: the output,
    the game, the script."""
    words = spec(name).cli
    made: list[Any] = []
    original = words.new_game

    def new_game(*args: Any, **kwargs: Any) -> Any:
        made.append(original(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(words, "new_game", new_game)
    set_language(lang)
    out = io.StringIO()
    script = Scripted(made, lang, done, out)
    players = options.pop("players", spec(name).players[0])
    assert play_terminal(players, stdin=script, stdout=out, game=name, **options) == 0
    return out.getvalue(), made[0], script


def _told_after(lines: list[str], first: str, then: list[str]) -> None:
    """``first`` is told once, and ``then`` right after it (blank lines aside)."""
    assert lines.count(first) == 1, first
    after = [line for line in lines[lines.index(first) + 1 :] if line.strip()]
    assert after[: len(then)] == then, (after[: len(then) + 2], then)


def _a_deal_played(game: Any) -> bool:
    """A deal was played to its end (not thrown in: everybody passed)."""
    return any(deal.tricks for deal in game.deals[:-1])


def _first_unit(game_spec: Any) -> tuple[dict[str, Any], Any]:
    """What a game of this shape plays first, read from its spec's capabilities: the
    options to start it with, and whether that first round, hand or deal is over."""
    if game_spec.rounds:  # Knock-Out's shrinking rounds: three players, someone out
        return {"players": 3, "seed": 4}, lambda g: g.round >= 1
    if game_spec.dummy:  # one hand, a seat playing the dummy too
        return {"seed": 3}, lambda g: g.is_over()
    if game_spec.matches:  # hands of a match
        return {"seed": 2, "match": game_spec.matches[1]}, lambda g: g.hand_number >= 2
    assert issubclass(game_spec.game, DealGame), f"{game_spec.name}: a shape this test lacks"
    return {"seed": 3}, _a_deal_played


def covered() -> list[tuple[str, str, dict, Any]]:
    """Every game the terminal plays, from the registry, with the options and the end
    of its first unit by its shape (:func:`_first_unit`), in the three languages in
    turn: (name, language, options, whether its first unit is over)."""
    langs = ("en", "es", "fr")
    playing = [s for s in specs() if s.cli.plays_in_terminal]
    return [(s.name, langs[i % 3], *_first_unit(s)) for i, s in enumerate(playing)]


COVERED = covered()


def test_every_game_the_terminal_plays_is_covered() -> None:
    assert {name for name, *_ in COVERED} == {s.name for s in specs() if s.cli.plays_in_terminal}
    assert {lang for _n, lang, *_ in COVERED} == {"en", "es", "fr"}


@pytest.mark.parametrize(("name", "lang", "options", "done"), COVERED, ids=[g[0] for g in COVERED])
def test_play_in_the_chosen_language_with_a_hint_and_the_end_of_a_round_told(
    monkeypatch: pytest.MonkeyPatch, name: str, lang: str, options: dict, done: Any
) -> None:
    """The commands are typed in the chosen language (none is taken for a move), the
    hint is the app's (teach/hints.py, asked at the same moment), and the end of the
    first round, hand or deal is told by the game's story after its last trick."""
    text, game, script = _play(monkeypatch, name, lang, done, **dict(options))
    lines = text.splitlines()
    assert commands_line() in lines  # the hint's word, in the chosen language
    assert _("Hint: {suggestion}").format(suggestion=script.hinted) in lines
    assert _("You must follow the suit led if you can. Trumps beat every other suit.") in lines
    assert not [line for line in lines if line.startswith(_("Not allowed: {why}").split("{")[0])]
    if not game.is_over():
        assert lines[-1] == _("Goodbye.")
    game_spec = spec(name)
    if game_spec.rounds:
        last, end = game.rounds[0].tricks[-1], spec(name).teaching.explain_round(game, 0)
        # Who is out, and who chooses trumps and leads the next round, by name.
        said = " ".join(end)
        out = game.rounds[0].eliminated + game.rounds[0].dogs
        assert out and all(game.names[seat] in said for seat in out)
        assert game.names[game.trump_chooser] in said
    elif game_spec.matches:
        hand = game.games[0]
        last, end = hand.tricks[-1], [_hand_result(hand, hand.outcome())]
    elif game_spec.dummy:  # one hand: its last trick (by hand: the dummy's is one),
        # then the outro says who won it
        last = game.tricks[-1]
        text = _("Trick: {cards} - won by {name}").format(
            cards=_dummy_plays(game, last.plays), name=game.hand_names[last.winner]
        )
        _told_after(lines, text, [s for s in spec(name).cli.terminal_outro(game) if s])
        return
    else:
        number, deal = next((i + 1, d) for i, d in enumerate(game.deals) if d.tricks)
        words = spec(name).cli
        last = deal.tricks[-1]
        end = [
            _("Deal {n} is over. Tricks: {won}. Points: {points}.").format(
                n=number,
                won=words.seat_list(game, words.deal_tricks(game, deal)),
                points=words.seat_list(game, deal.points),
            )
        ]
    _told_after(lines, trick_text(hand if game_spec.matches else game, last), end)


def test_every_round_of_a_whole_game_is_told_with_its_last_trick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A whole Knock-Out game at the terminal (the first legal card each time): every
    trick is told once, and after each round's last trick the round's end (who is out,
    who chooses trumps and leads), in the teaching hook's words; the game's last trick
    before who won."""
    text, game, _script = _play(monkeypatch, "knockout", "en", lambda g: False, players=3, seed=4)
    lines = text.splitlines()
    assert game.is_over() and len(game.rounds) >= 3
    every = [t for log in game.rounds for t in log.tricks]
    assert len([line for line in lines if line.startswith("Trick: ")]) == len(every)
    assert text.count("took no trick and is out") >= 1
    for index, log in enumerate(game.rounds[:-1]):
        _told_after(lines, trick_text(game, log.tricks[-1]), game_end_lines(game, index))
    outro = [line for line in spec("knockout").cli.terminal_outro(game) if line]
    _told_after(lines, trick_text(game, game.rounds[-1].tricks[-1]), outro)


def game_end_lines(game: Any, index: int) -> list[str]:
    """What the end of round ``index`` means, in the teaching hook's words."""
    lines = spec_of(game).teaching.explain_round(game, index)
    assert lines and any("trumps" in line or "leads" in line for line in lines)
    return lines


def test_play_in_french_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("indice\nquitter\n"))
    assert main(["--lang", "fr", "play", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Indice\u202f: " in out and "'indice' donne un indice" in out
