"""``kowhist-teach play`` in the student's language (issue 25, point 5): the commands
typed in English or in the chosen language, a hint at the terminal, and each round's
end told (who is out, who chooses trumps)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from kowhist_teach.cli import main
from kowhist_teach.cli.play import command_of, play_terminal
from kowhist_teach.core.registry import spec
from kowhist_teach.i18n import set_language


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


def test_a_hint_and_help_at_the_terminal_in_spanish() -> None:
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


def test_each_rounds_end_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game at the terminal (the first legal card each time): every round's end
    says who is out and who chooses trumps next, once."""
    words = spec("knockout").cli
    made: list[Any] = []
    original = words.new_game

    def new_game(*args: Any, **kwargs: Any) -> Any:
        made.append(original(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(words, "new_game", new_game)

    class FirstLegal(io.StringIO):
        def readline(self, *_args: Any) -> str:
            game = made[0]
            move = game.legal_moves()[0]
            return (getattr(move, "code", None) or str(move)) + "\n"

    out = io.StringIO()
    assert play_terminal(3, seed=4, stdin=FirstLegal(), stdout=out) == 0
    text = out.getvalue()
    game = made[0]
    assert game.is_over()
    assert text.count("took no trick and is out") >= 1
    assert "chooses trumps" in text or "choose trumps" in text
    assert len(game.rounds) >= 2 and "won the game" in text


def test_play_in_french_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("indice\nquitter\n"))
    assert main(["--lang", "fr", "play", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Indice\u202f: " in out and "'indice' donne un indice" in out
