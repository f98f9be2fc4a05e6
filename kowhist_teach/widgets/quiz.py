"""Quizzes: which cards are legal, who wins this trick, which trump would you call.

Each shows a position from a seeded game, waits for the student's answer, and only then
says whether it was right and why (the reasons come from the teaching layer).

>>> quiz = TrickWinnerQuiz(seed=3)
>>> quiz.feedback.value
''
>>> quiz.choices.buttons[0].click()
>>> 'kw-right' in quiz.feedback.value or 'kw-wrong' in quiz.feedback.value
True
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from ..core.cards import SUIT_MASK, Card, Suit
from ..core.registry import spec
from ..core.tricks import Trick
from ..core.words import labelled
from ..i18n import _, ngettext
from ..i18n.formats import join
from ..pictures.svg import card_name, hand_svg, suit_colour
from ..teach.bots import RandomBot
from ..teach.explain import explain_moves, explain_trick, suit_name
from ..teach.solver import AnalysisTimeout, analyse
from ..teach.tips import tips_for
from ._common import Guard, big_button, esc, set_classes, style_widget, tag
from .faces import TEXT_FORM, lines_html
from .views import TrickView

__all__ = [
    "LegalCardsQuiz",
    "TrickWinnerQuiz",
    "TrumpQuiz",
    "legal_cards_position",
    "finished_trick_position",
    "trump_choice_position",
    "longest_suits",
]


# ------------------------------------------------------------ positions (pure)
#: The quizzes are lessons of Knock-Out Whist: its positions, looked up in the registry.
QUIZ_GAME = "knockout"


def _random_game(rng: random.Random) -> Any:
    return spec(QUIZ_GAME).new_game(players=rng.choice([3, 4, 4, 5]), seed=rng.randrange(1 << 30))


def legal_cards_position(rng: random.Random) -> Any:
    """A game where the player to move holds a full hand and a trick has been led.

    >>> g = legal_cards_position(random.Random(1))
    >>> g.phase.value, len(g.trick.plays) > 0
    ('play', True)
    """
    while True:
        game = _random_game(rng)
        bot = RandomBot(rng.randrange(1 << 30))
        stop = rng.randrange(1, 25)
        for _i in range(stop):
            if game.is_over():
                break
            game.play(bot(game))
        if (
            not game.is_over()
            and game.phase.value == "play"
            and game.trick.plays
            and len(game.hand(game.to_move)) >= 3
            and game.status[game.to_move].name == "ACTIVE"
        ):
            return game


def finished_trick_position(rng: random.Random) -> tuple[Any, Trick]:
    """A game and a trick just finished in it (at least three cards).

    >>> g, t = finished_trick_position(random.Random(2))
    >>> t.winner in [s for s, _c in t.plays]
    True
    """
    while True:
        game = _random_game(rng)
        bot = RandomBot(rng.randrange(1 << 30))
        target = rng.randrange(1, 4)
        while not game.is_over():
            trick = game.trick
            game.play(bot(game))
            if trick is not None and game.trick is not trick and len(trick.plays) >= 3:
                target -= 1
                if target == 0:
                    return game, trick


def trump_choice_position(rng: random.Random) -> Any:
    """A game waiting for its trump chooser (a round after the first).

    >>> trump_choice_position(random.Random(3)).phase.value
    'choose_trump'
    """
    while True:
        game = _random_game(rng)
        bot = RandomBot(rng.randrange(1 << 30))
        while not game.is_over() and game.phase.value != "choose_trump":
            game.play(bot(game))
        if not game.is_over() and game.hand_size >= 3:
            return game


def longest_suits(hand: list[Card]) -> list[Suit]:
    """The suits the hand holds most of.

    >>> longest_suits([Card('AS'), Card('2S'), Card('KH')])
    [<Suit.SPADES: 0>]
    """
    mask = sum(1 << c for c in hand)
    counts = [(mask & m).bit_count() for m in SUIT_MASK]
    top = max(counts)
    return [Suit(s) for s in range(4) if counts[s] == top]


def _verdict(right: bool) -> str:
    if right:
        return '<span class="kw-right">✔ ' + esc(_("Right!")) + "</span>"
    return '<span class="kw-wrong">✘ ' + esc(_("Not quite.")) + "</span>"


def _trump_line(game: Any) -> str:
    if game.trump is None:
        return esc(_("No trumps"))
    sym = f'<span style="color:{suit_colour(game.trump)}">{game.trump.symbol}{TEXT_FORM}</span>'
    return esc(_("Trumps: {suit}")).format(suit=f"{sym} {esc(suit_name(game.trump))}")


# -------------------------------------------------------------------- quizzes
class _Quiz(w.VBox):
    css = "kw-quiz"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        set_classes(self, "kw-root", "kw-quiz", self.css)
        self.rng = random.Random(seed)
        self.guard = Guard(self._say)
        self.title = w.HTML()
        self.question = w.HTML()
        set_classes(self.question, "kw-quiz-question")
        self.feedback = w.HTML()
        set_classes(self.feedback, "kw-feedback", "kw-quiz-feedback")
        self.new_button = big_button("", "kw-quiz-new")
        self.new_button.on_click(self.guard.wrap(lambda _b: self.new_question()))
        self.answered = False
        #: Called with ``(quiz, right)`` after each answer is checked (a class's page
        #: writes it to the class store; nothing here knows of a class).
        self.on_answer: Any = None

    def _verdict(self, right: bool) -> str:
        """The verdict's words; tells :attr:`on_answer`."""
        if self.on_answer is not None:
            self.on_answer(self.css, right)
        return _verdict(right)

    def _say(self, message: str) -> None:
        self.feedback.value = f'<div class="kw-message">⚠ {esc(message)}</div>'

    def _assemble(self, *body: w.Widget) -> None:
        self.children = (
            style_widget(),
            self.title,
            self.question,
            *body,
            self.feedback,
            self.new_button,
            self.guard.debug,
        )

    def new_question(self) -> None:
        """A new position; the feedback waits for the answer."""
        raise NotImplementedError

    def relabel(self) -> None:
        """The texts in the chosen language (the feedback waits for a new answer)."""
        self.new_button.description = _("New question")
        self.feedback.value = ""
        self.answered = False


class LegalCardsQuiz(_Quiz):
    """ "Which cards may be played?": pick the cards, then check.

    >>> quiz = LegalCardsQuiz(seed=1)
    >>> legal = {e.move for e in quiz.answer() if e.legal}
    >>> for b, card in zip(quiz.cards, quiz.hand):
    ...     b.value = card in legal
    >>> quiz.check_button.click(); 'kw-right' in quiz.feedback.value
    True
    """

    css = "kw-quiz-legal"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.trick_view = TrickView(size=80)
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.check_button = big_button("", "kw-quiz-check")
        self.check_button.on_click(self.guard.wrap(lambda _b: self.check()))
        self.cards: list[w.ToggleButton] = []
        self.hand: list[Card] = []
        self._assemble(self.trick_view, self.hand_box, self.check_button)
        self.new_question()
        self.relabel()

    def answer(self) -> list[Any]:
        """The teaching layer's verdict on every card (what the check compares with)."""
        return [e for e in explain_moves(self.game) if isinstance(e.move, Card)]

    def new_question(self) -> None:
        self.game = legal_cards_position(self.rng)
        self.hand = self.game.hand(self.game.to_move)
        self.cards = []
        for card in self.hand:
            b = w.ToggleButton(
                value=False, description=f"{card.rank.code}\n{card.suit.symbol}{TEXT_FORM}"
            )
            b.tooltip = card_name(card)  # the name only: the answer waits for the check
            b.style.text_color = suit_colour(card.suit)
            set_classes(b, "kw-quiz-card")
            self.cards.append(b)
        self.hand_box.children = tuple(self.cards)
        self.answered = False
        self.feedback.value = ""
        self._draw()

    def _draw(self) -> None:
        game = self.game
        me = game.names[game.to_move]
        self.trick_view.show(game.trick, game.names, viewer=game.to_move)
        self.question.value = (
            f"<p>{_trump_line(game)}</p><p><b>"
            + esc(
                _("You are {name}. Which of your cards may you play to this trick?").format(name=me)
            )
            + "</b> "
            + esc(_("Select them all, then check."))
            + "</p>"
        )

    def relabel(self) -> None:
        super().relabel()
        self.title.value = tag("h3", _("Which cards are legal?"), "margin:4px 0")
        self.check_button.description = _("Check")
        for b, card in zip(self.cards, self.hand, strict=True):
            b.tooltip = card_name(card)
        self._draw()

    def check(self) -> None:
        """Compare the cards chosen with the legal ones; say why for each card."""
        chosen = {card for b, card in zip(self.cards, self.hand, strict=True) if b.value}
        notes = self.answer()
        legal = {e.move for e in notes if e.legal}
        right = chosen == legal
        lines = []
        for e in notes:
            mark = "✔" if e.legal else "✘"
            if (e.move in chosen) != e.legal:
                missed = _("you missed this one") if e.legal else _("this one may not be played")
                lines.append(f"{mark} {labelled(e.move.label, e.reason)} ({missed})")
            else:
                lines.append(f"{mark} {labelled(e.move.label, e.reason)}")
        self.answered = True
        self.feedback.value = self._verdict(right) + lines_html(lines)


class TrickWinnerQuiz(_Quiz):
    """ "Who wins this trick?": choose a player; then the reason.

    >>> quiz = TrickWinnerQuiz(seed=1)
    >>> winner = quiz.trick.winner
    >>> quiz.choose(winner); 'kw-right' in quiz.feedback.value
    True
    """

    css = "kw-quiz-trick"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.trick_view = TrickView(size=80)
        self.choices = _SeatChoices(self.guard.wrap(self.choose))
        self._assemble(self.trick_view, self.choices)
        self.new_question()
        self.relabel()

    def new_question(self) -> None:
        self.game, self.trick = finished_trick_position(self.rng)
        self.answered = False
        self.feedback.value = ""
        self._draw()

    def _draw(self) -> None:
        game, trick = self.game, self.trick
        # The winner is not marked: the picture must not give the answer away.
        self.trick_view.show(trick, game.names, viewer=trick.leader, mark_winner=False)
        self.question.value = (
            f"<p>{_trump_line(game)}</p><p>"
            + tag("b", _("Choose the player who wins these cards."))
            + "</p>"
        )
        self.choices.show([(s, game.names[s]) for s, _c in trick.plays])

    def relabel(self) -> None:
        super().relabel()
        self.title.value = tag("h3", _("Who wins the trick?"), "margin:4px 0")
        self._draw()

    def choose(self, seat: int) -> None:
        """The student's answer."""
        right = seat == self.trick.winner
        self.answered = True
        why = [explain_trick(self.game, self.trick)]
        self.feedback.value = self._verdict(right) + lines_html(why)


class _SeatChoices(w.HBox):
    def __init__(self, on_choose: Any) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap"))
        self.on_choose = on_choose

    @property
    def buttons(self) -> tuple[w.Button, ...]:
        return tuple(self.children)

    def show(self, seats: list[tuple[int, str]]) -> None:
        buttons = []
        for seat, name in seats:
            b = w.Button(description=name)
            set_classes(b, "kw-call", "kw-quiz-choice")
            b.layout.width = "auto"  # a name in full, in every language
            b.on_click(lambda _b, seat=seat: self.on_choose(seat))
            buttons.append(b)
        self.children = tuple(buttons)


class TrumpQuiz(_Quiz):
    """ "Which trump would you call?": choose a suit for this hand; then the advice
    (your longest suit), and what each choice is worth if every card were visible.

    >>> quiz = TrumpQuiz(seed=2)
    >>> quiz.choose(longest_suits(quiz.hand)[0]); 'kw-right' in quiz.feedback.value
    True
    """

    css = "kw-quiz-trump"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.picture = w.HTML()
        self.suits = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        buttons = []
        for suit in Suit:
            b = w.Button()
            set_classes(b, "kw-call", "kw-trump-choice", "kw-quiz-choice")
            b.style.text_color = suit_colour(suit)
            # The suit's name in full: ipywidgets' fixed width cut "♥ corazones" short.
            b.layout.width = "auto"
            b.on_click(self.guard.wrap(lambda _b, suit=suit: self.choose(suit)))
            buttons.append(b)
        self.suits.children = tuple(buttons)
        self._assemble(self.picture, self.suits)
        self.new_question()
        self.relabel()

    def new_question(self) -> None:
        self.game = trump_choice_position(self.rng)
        self.hand = self.game.hand(self.game.to_move)
        self.answered = False
        self.feedback.value = ""
        self._draw()

    def _draw(self) -> None:
        self.picture.value = hand_svg(self.hand, size=96)
        self.question.value = (
            "<p><b>"
            + esc(
                ngettext(
                    "You took the most tricks last round, so you choose trumps for this round "
                    "of {h} card. Which suit do you call?",
                    "You took the most tricks last round, so you choose trumps for this round "
                    "of {h} cards. Which suit do you call?",
                    self.game.hand_size,
                ).format(h=self.game.hand_size)
            )
            + "</b></p>"
        )
        for b, suit in zip(self.suits.children, Suit, strict=True):
            b.description = f"{suit.symbol}{TEXT_FORM} {suit_name(suit)}"

    def relabel(self) -> None:
        super().relabel()
        self.title.value = tag("h3", _("Which trump would you call?"), "margin:4px 0")
        self._draw()

    def choose(self, suit: Suit) -> None:
        """The student's answer."""
        best = longest_suits(self.hand)
        right = suit in best
        lines = [t.text for t in tips_for(self.game)]
        if not right:
            lines.append(
                _("You chose {suit}, but you hold more {best}.").format(
                    suit=suit_name(suit), best=join([suit_name(s) for s in best], style="or")
                )
            )
        values = []
        try:
            analysis = analyse(self.game, time_limit=2.0)
        except AnalysisTimeout:
            analysis = []  # a big table: the feedback goes without the analysis
        for a in analysis:
            values.append(
                ngettext(
                    "{suit} as trumps: {n} trick guaranteed",
                    "{suit} as trumps: {n} tricks guaranteed",
                    a.tricks,
                ).format(suit=suit_name(a.move.suit), n=a.tricks)
            )
        html = self._verdict(right) + lines_html(lines)
        if values:
            label = _("best play if every card were visible")
            html += (
                "<h4>" + esc(_("Analysis")) + f" <i>({esc(label)})</i></h4>" + lines_html(values)
            )
        self.answered = True
        self.feedback.value = html
