"""What the whist family's table shows, as plain strings: pure functions, no widgets.

The words for calls (:func:`call_label`), the status line of every game
(:func:`status_html`),
a finished deal's summary (:func:`deal_summary`) and the outcome (:func:`outcome_text`).
Nothing here knows which game it shows: the engine answers (``phase``, ``log``,
``deals``, ``scores``, ``tricks_won``), and the game's ``ui`` hook
(:mod:`kowhist_teach.core.hooks.ui`) adds its own words (a solo's target, bid whist's
books, partnership whist's honours and games).

>>> from kowhist_teach.core.registry import spec
>>> s = status_html(spec('whist').new_game(seed=1))
>>> 'Deal 1' in s and 'Trumps' in s and 'Game points (rubber)' in s
True
"""

from __future__ import annotations

from typing import Any

from ..core.hooks.ui import contract_text, target_text, trumps_pending, trumps_text
from ..core.moves import Call, Move
from ..core.registry import spec_of, specs
from ..core.words import labelled, named_call, score_list
from ..i18n import _
from ..pictures.svg import call_words
from ..teach.explain import explain_deal, suit_name
from ..teach.story import outcome_text as story_outcome
from ._common import esc, sentence
from ._games import family_table, ui_of
from .faces import TEXT_FORM, move_words, trumps_html, turn_text

__all__ = [
    "HUMAN",
    "call_label",
    "deal_summary",
    "status_html",
    "move_label",
    "outcome_text",
    "seat_names",
    "trick_done",
    "turn_text",
]

#: The student's seat: South.
HUMAN = 0


def seat_names(n: int, by_partnership: bool) -> list[str]:
    """South (the student), West, North, East in the chosen language (for four seats;
    the student and numbered bots otherwise).

    >>> seat_names(4, True)[2]
    'North (partner)'
    """
    if n != 4:
        return [_("Player 1 (you)")] + [_("Bot {n}").format(n=i) for i in range(1, n)]
    north = _("North (partner)") if by_partnership else _("North")
    return [_("South (you)"), _("West"), north, _("East")]


# ------------------------------------------------------------------ words for moves


def call_label(move: Call, game: Any = None) -> str:
    """The words on a call's button: a bid, a pass, a trump suit, high or low; a
    numbered bid as ``game``'s table picture names it (bid whist's "4 downtown").

    >>> from kowhist_teach.core.moves import PASS, TRUMP_CALLS
    >>> call_label(PASS), call_label(TRUMP_CALLS[1]).replace(TEXT_FORM, '')
    ('Pass', '♥ hearts')
    """
    if move.is_trump and move.suit is not None:
        return f"{move.suit.symbol}{TEXT_FORM} {suit_name(move.suit)}"
    named = named_call(move.code)
    if named is not None:
        return named
    # Any other bid in the words of the game's table picture (its bidding box).
    if game is not None:
        return call_words(move, spec_of(game).name)
    return _named_anywhere(move)


def _named_anywhere(move: Call) -> str:
    """A bid named without its game (a lesson's ``call_label(call)``): the words of the
    first registered game whose picture names it otherwise than by its code.

    >>> _named_anywhere(Call('4L'))
    '4 downtown'
    """
    for game_spec in specs():
        try:
            words = call_words(move, game_spec.name)
        except (KeyError, ValueError):  # a call that game does not know
            continue
        if words != move.code:
            return words
    return move.code


def _contract(game: Any) -> str:
    """The contract in one sentence, in the game's words (a game with an auction that
    tells one: solo whist and bid whist; partnership whist has none)."""
    words = contract_text(game)
    return sentence(words) if words else ""


def move_label(move: Move, game: Any = None) -> str:
    """A move in the family table's words (a card by its name, a call as its button
    says it in ``game``)."""
    return move_words(move, lambda call: call_label(call, game))


def trick_done(trick: Any, seats: int = 4) -> bool:
    """Whether every one of ``seats`` has played to ``trick``."""
    return len(trick.plays) == seats


def _short(name: str) -> str:
    # "South (you)" -> "South": the side's name reads better without the notes.
    return name.split(" (")[0]


def _by_partnership(game: Any) -> bool:
    """Whether the game keeps its scores by partnership (its spec says so)."""
    return spec_of(game).partnerships is not None


def _side_name(game: Any, side: int) -> str:
    """A side by compass points, as the game's declared partnerships name it."""
    return spec_of(game).partnerships.side_name(side)


def _score_owners(game: Any) -> list[str]:
    sides = spec_of(game).partnerships
    if sides is not None:
        return [sides.side_name(side) for side in range(len(sides.sides))]
    return list(game.names)


def scores_label(game: Any) -> str:
    """What the game's ``scores`` are (game points, tricks, points), in words."""
    return ui_of(game).scores_label(game) or _("Scores")


def deal_summary(game: Any, index: int) -> list[str]:
    """What a finished deal came to, in the teaching layer's words
    (:func:`~kowhist_teach.teach.explain.explain_deal`), then the game's own notes
    (partnership whist: the honours held and the game in progress or won), and the
    scores after it.

    >>> from kowhist_teach.core.registry import spec
    >>> g = spec('whist').new_game(seed=4)
    >>> while len(g.deals) < 2:
    ...     g.play(g.legal_moves()[0])
    >>> lines = deal_summary(g, 0)
    >>> lines[0], lines[-1].startswith('Game points (rubber): ')
    ('Deal 1 is over.', True)
    """
    log = game.deals[index]
    # As the status line writes them: "North–South: 1 · East–West: 0".
    scores = score_list(_score_owners(game), game.scores)
    return [
        sentence(_("Deal {n} is over").format(n=log.number)),
        *explain_deal(game, log),
        *ui_of(game).deal_notes(game, index),
        sentence(_("{label}: {list}").format(label=scores_label(game), list=scores)),
    ]


def outcome_text(game: Any) -> str:
    """Who won the game (and how, in the game's own words); ``""`` while it goes on.

    >>> from kowhist_teach.core.registry import spec
    >>> outcome_text(spec('whist').new_game(seed=1))
    ''
    """
    out = game.outcome()
    if out is None:
        return ""
    if out.winner is None:
        return sentence(_("The game is over: a tie"))
    own = ui_of(game).outcome_text(game)
    if own:
        return own
    who = _side_name(game, out.winner) if _by_partnership(game) else game.names[out.winner]
    return sentence(_("The game is over: {who} won").format(who=who))


# ------------------------------------------------------------------ the status line
def _trumps_part(game: Any) -> str:
    """Trumps as the status shows them: the suit as soon as it is named (the last
    deal's at the end), no trumps once that is decided, the game's own words (solo
    whist's preferred suit during its auction)."""
    log = game.log
    trump = game.trump
    if trump is None and game.is_over() and log is not None:
        trump = log.trump
    if trump is not None:
        return trumps_html(trump)
    if trumps_pending(game):
        own = trumps_text(game)
        return esc(own if own else _("Trumps: not named yet"))
    return esc(_("No trumps"))


def status_html(game: Any, seat: int = HUMAN, between: str = "") -> str:
    """The status line of any game: its facts (a round and its cards, or the game, the
    deal and its dealer), trumps, the contract, whose turn (or ``between``: what to do
    while the next round, hand or deal waits; the line then tells the one just over),
    tricks (by seat with its badge, by side, or books) and, for a game played deal
    after deal, the scores. What differs is read from the spec and the ``ui`` hook.

    >>> from kowhist_teach.core.registry import spec
    >>> s = status_html(spec('whist').new_game(seed=1))
    >>> 'Deal 1' in s and 'Trumps' in s and 'Game points (rubber)' in s
    True
    >>> s = status_html(spec('knockout').new_game(players=3, seed=1), 0)
    >>> 'Round 1' in s and 'Player 2 to move' in s
    True
    >>> s = status_html(spec('knockout').new_game(players=3, seed=1), 0, 'Wait.')
    >>> 'Wait.' in s and 'to move' not in s
    True
    """
    by_deal = family_table(spec_of(game))
    if by_deal:
        top, counts, heading, scores = _deal_parts(game, seat, between)
        outcome = outcome_text(game)
    else:
        top, counts = _round_parts(game, seat, between)
        heading, scores, outcome = _("Tricks"), "", story_outcome(game)
    if game.is_over():
        lead = f'<span class="kw-outcome">{esc(outcome)}</span>'
    elif between:
        kind = "kw-between-deals" if by_deal else "kw-between-rounds"
        lead = f'<span class="kw-turn {kind}">{esc(between)}</span>'
    else:
        lead = f'<span class="kw-turn">{esc(turn_text(game, seat))}</span>'
    mine = ' class="kw-me"'
    tricks = " · ".join(
        f"<span{mine if me else ''}>{labelled(esc(who), f'<b>{n}</b>')}{badge}</span>"
        for who, n, me, badge in counts
    )
    return (
        f'<div class="kw-status-top">{" · ".join(top)} — {lead}</div>'
        f'<div class="kw-status-tricks">{labelled(esc(heading), tricks)}</div>' + scores
    )


def _round_parts(game: Any, seat: int, between: str) -> tuple[list[str], list[Any]]:
    """A game told round by round: the facts of the round (or hand) in play, or of the
    one just over while ``between`` is shown; each seat's tricks with its badge."""
    ui = ui_of(game)
    # Between two rounds the next one is dealt already, but the student is still
    # reading about the last one: the line tells that one until "Next round".
    finished = ui.finished_round(game) if between and not game.is_over() else None
    if finished is not None:
        parts = [esc(fact) for fact in finished.facts]
        trump, settled, won = finished.trump, True, finished.tricks
    else:
        parts = [esc(fact) for fact in ui.status_facts(game)]  # escaped HTML
        trump, settled, won = game.trump, ui.trump_settled(game), game.tricks_won
    if trump is not None:
        parts.append(trumps_html(trump))
    elif settled:
        parts.append(esc(_("No trumps")))
    else:
        parts.append(esc(_("Trumps: not chosen yet")))
    counts = []
    for s, name in enumerate(game.names):
        # The badges as the round just over left them (who is out, who a dog now).
        badge = ui.seat_badge(game, s)
        extra = ""
        if badge is not None:
            extra = f' <span class="kw-badge kw-badge-{esc(badge.kind)}">'
            extra += f"{esc(badge.label)}</span>"
        counts.append((name, won[s], s == seat, extra))
    return parts, counts


def _deal_parts(game: Any, seat: int, waiting: str) -> tuple[list[str], list[Any], str, str]:
    """A game played deal after deal: the game, the deal and its dealer, trumps, the
    contract and the seat's target (the deal just over while ``waiting``); tricks by
    side, by seat or books; the scores line."""
    names = game.names
    ui = ui_of(game)
    # Between deals the status still tells the deal just over (its number, dealer,
    # trumps and tricks) while the summary is read: the next one is not shown yet.
    done = [d for d in game.deals if d.points is not None]
    finished = done[-1] if waiting and done and not game.is_over() else None
    log = finished or game.log
    parts = [esc(_(game.title))]
    if log is not None:
        deal = _("Deal {n}").format(n=log.number)
        parts.append(f'<span class="kw-deal-number">{esc(deal)}</span>')
        parts.append(esc(_("Dealer: {name}").format(name=_short(names[log.dealer]))))
    if finished is not None:
        trump = finished.trump
        parts.append(trumps_html(trump) if trump is not None else esc(_("No trumps")))
    else:
        parts.append(_trumps_part(game))
        contract = _contract(game)
        if contract:
            parts.append(f'<span class="kw-contract">{esc(contract)}</span>')
        defend = target_text(game, seat)
        if defend:
            parts.append(f'<span class="kw-target">{esc(sentence(defend))}</span>')
    books = ui.counts_books(game)
    won = finished.tricks_won if finished is not None else game.tricks_won
    sides = spec_of(game).partnerships
    if books:  # the kitty book counts for the declaring side from the discard on
        mine = sides.side_of(seat)
        counts = [(sides.side_name(s), game.books(s, finished), s == mine, "") for s in (0, 1)]
    elif sides is not None:
        mine = sides.side_of(seat)
        by_side = sides.by_side(won)
        counts = [(sides.side_name(s), n, s == mine, "") for s, n in enumerate(by_side)]
    else:
        # The players by the names the scores give them ("Player 1 (you)"): the tricks
        # and the scores name the same seats the same way.
        counts = [(names[s], won[s], s == seat, "") for s in range(game.n)]
    owners = _score_owners(game)
    scores = " · ".join(
        labelled(esc(o), f"<b>{p}</b>") for o, p in zip(owners, game.scores, strict=True)
    )
    extra = ui.scores_extra(game)
    if extra is not None:
        scores += " · " + labelled(esc(extra[0]), f"<b>{esc(extra[1])}</b>")
    line = f'<div class="kw-status-scores">{labelled(esc(scores_label(game)), scores)}</div>'
    return parts, counts, _("Books") if books else _("Tricks"), line
