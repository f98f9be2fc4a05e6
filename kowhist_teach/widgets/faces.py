"""What the views show, as plain data and HTML strings: pure functions, no widgets.

The widgets draw these; the tests check them without a browser.  Legality and every
reason come from :func:`kowhist_teach.teach.explain.explain_moves` and the games'
``why_illegal``; nothing here knows a rule.

>>> from kowhist_teach import KnockoutGame
>>> game = KnockoutGame(3, seed=1)
>>> faces = hand_faces(game, seat=1)
>>> len(faces), all(f.legal for f in faces), faces[0].text.replace('\\ufe0e', '')
(7, True, '9\\n♠')
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card
from ..core.hooks.ui import controlled_hand, match_score, stock_taken
from ..core.moves import NO_PICTURE, NO_TRUMP, PASS, PLAY_ON, RAINBOW, Call, Move
from ..core.record import dumps, to_record
from ..core.registry import spec_of
from ..core.words import score_list
from ..i18n import _, ngettext
from ..pictures.svg import card_colour, card_name, suit_colour
from ..teach.explain import explain_moves, suit_name
from ._common import esc, sentence
from ._games import ui_of

__all__ = [
    "CardFace",
    "CallFace",
    "hand_faces",
    "call_faces",
    "round_chart_html",
    "taken_html",
    "save_link_html",
    "lines_html",
    "match_line",
    "move_words",
    "trumps_html",
    "turn_text",
    "TEXT_FORM",
]

#: Asks for the text (not emoji) form of a suit symbol, so that its colour applies.
TEXT_FORM = "\ufe0e"
_FACE_DOWN = "?"


@dataclass(frozen=True)
class CardFace:
    """One card of the player's hand as a button shows it.

    ``text`` is the rank above the suit symbol; ``reason`` says why the card may or may
    not be played now (the button's tooltip); ``face_down`` is a blind dog's card,
    whose ``move`` is played without being shown.
    """

    move: Move
    text: str
    colour: str
    legal: bool
    reason: str
    name: str
    face_down: bool = False


@dataclass(frozen=True)
class CallFace:
    """A move that is not a card of the hand: a trump suit, a vote, a pass, a
    declaration, a face-up stock card to take."""

    move: Move
    text: str
    legal: bool
    reason: str
    colour: str = "#111111"


def _not_your_turn(game: Any, seat: int) -> str:
    if game.is_over():
        return _("The game is over.")
    if game.to_move is None:
        return _("Wait: the cards are being dealt.")
    return _("It is not your turn: {name} is to move.").format(name=game.names[game.to_move])


def _explanations(game: Any, seat: int) -> dict[Any, Any]:
    if game.to_move != seat or game.is_over():
        return {}
    return {e.move: e for e in explain_moves(game, seat)}


def hand_faces(game: Any, seat: int, four_colour: bool = False) -> list[CardFace]:
    """The cards ``seat`` holds (as their view shows them), each legal or not and why;
    bid whist's jokers show a star over their code (``BJ``, ``LJ``).

    >>> from kowhist_teach import KnockoutGame
    >>> g = KnockoutGame(3, seed=1)
    >>> hand_faces(g, seat=0)[0].reason
    'It is not your turn: Player 2 is to move.'
    """
    view = game.view(seat)
    notes = _explanations(game, seat)
    # The hand the seat plays from now: its own, or one it plays for (the dummy's, face
    # up for everybody, while its dealer plays it: the game's ui hook says which).
    played_from = controlled_hand(game, seat)
    held = view.hand if played_from == seat else game.hand(played_from)
    faces = []
    for card in held:
        note = notes.get(card)
        if note is not None:
            legal, reason = note.legal, note.reason
        elif game.to_move == seat and not game.is_over():
            # Not a card move now (trumps to choose, a face-up card to take …): the
            # engine says what is expected instead.
            legal, reason = False, sentence(game.why_illegal(card))
        else:
            legal, reason = False, _not_your_turn(game, seat)
        if card.is_joker:
            text = f"★\n{card.code}"
        else:
            text = f"{card.rank.code}\n{card.suit.symbol}{TEXT_FORM}"
        faces.append(
            CardFace(
                move=card,
                text=text,
                colour=card_colour(card, four_colour),
                legal=legal,
                reason=reason,
                name=card_name(card),
            )
        )
    hidden = ui_of(game).hidden_cards(game, seat) if played_from == seat else 0
    if hidden:
        # A blind dog: the card is played unseen; its face stays hidden from the student.
        card = game.hand(seat)[0]
        note = notes.get(card)
        faces.append(
            CardFace(
                move=card,
                text=_FACE_DOWN,
                colour="#1d4f9c",
                legal=bool(note and note.legal),
                reason=note.reason if note else _not_your_turn(game, seat),
                name=_("your face-down card"),
                face_down=True,
            )
        )
    return faces


def _call_text(move: Move) -> str:
    if isinstance(move, Card):
        return _("Take {card}").format(card=move.label)
    if move is NO_TRUMP:
        return _("No trumps")
    if move.is_trump:
        return f"{move.suit.symbol}{TEXT_FORM} {suit_name(move.suit)}"
    if move is PASS:
        return _("Pass (keep your card)")
    if move is PLAY_ON:
        return _("Play on")
    if move is NO_PICTURE:
        return _("No picture: deal again")
    if move is RAINBOW:
        return _("Rainbow!")
    return move.code


def call_faces(
    game: Any,
    seat: int,
    four_colour: bool = False,
    label: Callable[[Move], str] = _call_text,
) -> list[CallFace]:
    """The moves open to ``seat`` now that are not cards of their hand (trump suits,
    votes, a dog's pass, declarations, bids, a face-up card to take), with the ones the
    teaching layer explains as not allowed (a suit the vote ruled out); ``label`` gives
    each button its words.

    >>> from kowhist_teach import KnockoutGame, Rules
    >>> g = KnockoutGame(2, rules=Rules(start_hand=1), seed=4)
    >>> call_faces(g, g.to_move)
    []
    """
    if game.to_move != seat or game.is_over():
        return []
    # The cards of the hand the seat plays from now (its own, or the dummy's): those
    # are in the table picture, not buttons.
    hand = set(game.hand(controlled_hand(game, seat)))
    out = []
    for note in explain_moves(game, seat):
        move = note.move
        if isinstance(move, Card) and move in hand:
            continue
        colour = "#111111"
        if isinstance(move, Call) and move.is_trump and move.suit is not None:
            colour = suit_colour(move.suit, four_colour)
        elif isinstance(move, Card):
            colour = suit_colour(move.suit, four_colour)
        out.append(CallFace(move, label(move), note.legal, note.reason, colour))
    return out


def move_words(move: Move, label: Callable[[Move], str] = _call_text) -> str:
    """A move in words: a card by its label and its name, any other move as ``label``
    puts it on its button.

    >>> from kowhist_teach.core.cards import Card
    >>> move_words(Card('QS')), move_words(PASS)
    ('Q♠ (queen of spades)', 'Pass (keep your card)')
    """
    if isinstance(move, Card):
        if move.is_joker:  # its label is its name already (Big Joker)
            return move.label
        return f"{move.label} ({card_name(move)})"
    return label(move)


def trumps_html(trump: Any) -> str:
    """ "Trumps: ♠ spades" for a status line, the symbol in its colour on white.

    >>> from kowhist_teach.core.cards import Suit
    >>> 'hearts' in trumps_html(Suit.HEARTS)
    True
    """
    suit = (
        f'<span class="kw-suit" style="color:{suit_colour(trump)}">'
        f"{trump.symbol}{TEXT_FORM}</span> {esc(suit_name(trump))}"
    )
    return esc(_("Trumps: {suit}")).format(suit=suit)


def turn_text(game: Any, seat: int) -> str:
    """Whose turn, and what the student is asked to do on theirs (``""`` once the
    game is over).

    >>> from kowhist_teach import KnockoutGame
    >>> turn_text(KnockoutGame(3, seed=1), 1)
    'Your turn: play a card'
    """
    if game.is_over():
        return ""
    who = game.to_move
    if who is None:
        return _("Dealing")
    if who != seat:
        return _("{name} to move").format(name=game.names[who])
    # The game's own words for this turn (trumps to choose, a card to take …).
    return ui_of(game).turn_text(game, seat) or _("Your turn: play a card")


def round_chart_html(game: Any) -> str:
    """A table of tricks by round: a row per player, a column per round played;
    knocked-out players and dogs are marked in the round that did it.

    >>> from kowhist_teach import KnockoutGame
    >>> round_chart_html(KnockoutGame(3, seed=1))
    '<div class="kw-chart-empty">No round finished yet.</div>'
    """
    if not spec_of(game).rounds:
        return ""  # a game of one hand (German Whist) has no rounds to chart
    names = game.names
    done = [r for r in game.rounds if r.tricks_won or r.redealt]

    def round_title(i: int, h: int) -> str:
        return ngettext("Round {r}: {h} card", "Round {r}: {h} cards", h).format(r=i + 1, h=h)

    head = "".join(
        f'<th title="{esc(round_title(i, r.hand_size))}">{r.hand_size}</th>'
        for i, r in enumerate(done)
    )
    tricks_word = _("tricks")
    rows = []
    for s, name in enumerate(names):
        cells = []
        for r in done:
            if r.redealt:
                cells.append('<td class="kw-chart-redeal">↺</td>')
                continue
            if not r.hands or not r.hands[s]:
                cells.append("<td></td>")
                continue
            won = r.tricks_won[s]
            cls, note = "", ""
            if s in r.eliminated:
                cls, note = "kw-chart-out", _("out")
            elif s in r.dogs:
                cls, note = "kw-chart-dog", _("dog")
            title = f"{won} {tricks_word}" + (f", {note}" if note else "")
            mark = f" {esc(note)}" if note else ""
            cells.append(f'<td class="{cls}" title="{esc(title)}">{won}{mark}</td>')
        rows.append(f"<tr><th>{esc(name)}</th>{''.join(cells)}</tr>")
    caption = esc(_("Tricks won in each round (column: cards dealt)"))
    if not done:
        empty = esc(_("No round finished yet."))
        return f'<div class="kw-chart-empty">{empty}</div>'
    return (
        f'<table class="kw-chart-table"><caption>{caption}</caption>'
        # The corner is a plain cell: a header cell says what its column or row holds.
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def taken_html(game: Any, seat: int) -> str:
    """A game with a stock: what each hand took from it, as ``seat`` may know it (the
    game's ``ui`` hook says: the cards all saw, ``seat``'s own unseen ones named, the
    others' only counted).

    >>> from kowhist_teach import GermanGame
    >>> 'Player 1' in taken_html(GermanGame(seed=1), 0)
    True
    """
    rows = []
    for took in stock_taken(game, seat):
        seen = " ".join(c.label for c in took.face_up)
        if took.known is not None:
            unseen = " ".join(c.label for c in took.known)
            hidden = _("from the stock: {cards}").format(cards=unseen or "-")
        else:
            hidden = _("{n} unseen cards").format(n=took.unseen)
        face_up = _("face up: {cards}").format(cards=seen or "-")
        rows.append(
            f"<tr><th>{esc(took.name)}</th><td>{esc(face_up)}</td><td>{esc(hidden)}</td></tr>"
        )
    caption = esc(_("Cards taken from the stock"))
    return f'<table class="kw-taken-table"><caption>{caption}</caption>{"".join(rows)}</table>'


def match_line(game: Any) -> str:
    """Where a match stands, in one line ("Match, best of 3 — Player 1 (you): 1 ·
    Bot 1: 0"), from the game's ``ui`` hook; ``""`` for a game that is no match.

    >>> from kowhist_teach.core.registry import spec
    >>> match_line(spec("german").ui.new_game(spec("german"), 3, seed=1))
    'Match, best of 3 — Player 1: 0 · Player 2: 0'
    """
    score = match_score(game)
    if score is None:
        return ""
    return _("Match, best of {n} — {score}").format(
        n=score.length, score=score_list(game.names, score.won)
    )


def save_link_html(game: Any, filename: str = "kowhist-game.json") -> str:
    """A download link holding the game as a ``kowhist-record/1`` file (a ``data:`` URI).

    >>> from kowhist_teach import KnockoutGame
    >>> 'download="kowhist-game.json"' in save_link_html(KnockoutGame(3, seed=1))
    True
    """
    try:
        text = dumps(to_record(game))
    except ValueError:
        return ""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    label = esc(_("Save this game (record)"))
    title = esc(_("Download the game as a record file, to load again or share"))
    return (
        f'<a class="kw-save" download="{esc(filename)}" title="{title}" '
        f'href="data:application/json;charset=utf-8;base64,{data}">⤓ {label}</a>'
    )


def lines_html(lines: list[str], css_class: str = "") -> str:
    """Sentences as a list, each on its own line (escaped).

    >>> lines_html(['A & B.'])
    '<ul class=""><li>A &amp; B.</li></ul>'
    """
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return f'<ul class="{css_class}">{items}</ul>'
