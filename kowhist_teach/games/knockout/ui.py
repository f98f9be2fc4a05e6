"""Knock-Out Whist's answers to the widgets (:class:`~kowhist_teach.core.hooks.ui.GameUI`).

>>> from kowhist_teach.games.knockout.engine import KnockoutGame
>>> KnockoutUI().status_facts(KnockoutGame(3, seed=1))
['Round 1: 7 cards']
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...core.hooks.ui import Badge, FinishedRound, GameUI, RuleOption
from ...core.moves import PASS
from ...i18n import N_, _, ngettext
from .engine import Phase, Rules, Status, status_label

__all__ = ["KnockoutUI"]

#: Each option's short label and what it does.
_LABELS = {
    "dogs_chance": (
        N_("Dog's chance"),
        N_("A first failure gives one card next round, to play or pass, instead of out."),
    ),
    "one_dog_per_game": (
        N_("One dog per game"),
        N_("Only the first player to fail in the game gets a dog's chance."),
    ),
    "blind_dog": (
        N_("Blind dog"),
        N_("Failing again after a dog's chance gives a face-down card."),
    ),
    "reentry": (
        N_("Re-entry"),
        N_("Knocked-out players get one card each round and can fight back in."),
    ),
    "no_picture_redeal": (
        N_("No picture, no play"),
        N_("With 6 or more cards, a hand without J, Q, K or A may ask for a new deal."),
    ),
    "rainbow": (
        N_("Rainbow"),
        N_("In the 4-card round, one card of each suit wins the round at once."),
    ),
    "fixed_trump": (N_("Fixed trumps"), N_("The first turn-up suit stays trumps all game.")),
    "eliminated_vote_trump": (
        N_("Knocked-out players vote on trumps"),
        N_("Players who are out vote on trumps; ties go to the chooser."),
    ),
    "no_trump_final": (
        N_("No trumps in the last round"),
        N_("The 1-card round is played without trumps."),
    ),
    "trump_breaking": (
        N_("Trumps must be broken"),
        N_("Trumps may not be led until someone has trumped in."),
    ),
    "tie_break": (
        N_("Ties for most tricks"),
        N_("cut: a cut of the cards; rps: rock-paper-scissors among the tied players."),
    ),
    "no_trump_first_trick": (
        N_("No trumping the first trick"),
        N_("On a round's first trick you may trump only if you hold nothing but trumps."),
    ),
    "misere": (
        N_("Misère"),
        N_("The aim reversed: two or more tricks in a round knock you out."),
    ),
}

#: The options that take one of a few values rather than on/off.
_CHOICES = {"tie_break": ("cut", "rps")}
#: Their words in the setup's menu.
_CHOICE_LABELS = {"tie_break": (N_("a cut of the cards"), N_("rock-paper-scissors"))}


def _round_fact(number: int, cards: int) -> str:
    """ "Round 3: 5 cards": a round's number (from 1) and the cards dealt in it."""
    return ngettext("Round {r}: {h} card", "Round {r}: {h} cards", cards).format(r=number, h=cards)


class KnockoutUI(GameUI):
    """Rounds of shrinking hands, trump choices and votes, dogs and the knocked out."""

    tagline = N_(
        "Play against bots: take at least one trick each round, or you are out. "
        "Click a card to play it; dimmed cards say why they cannot be played."
    )

    def options(self, rules: type = Rules) -> list[RuleOption]:
        out = [
            RuleOption(
                "start_hand",
                N_("Cards in the first round"),
                N_("each round deals one fewer"),
                low=1,
                high=13,
            )
        ]
        for f in dataclasses.fields(rules):
            if f.name != "start_hand":
                label, tip = _LABELS.get(f.name, (f.name.replace("_", " "), ""))
                out.append(
                    RuleOption(
                        f.name,
                        label,
                        tip,
                        choices=_CHOICES.get(f.name, ()),
                        choice_labels=_CHOICE_LABELS.get(f.name, ()),
                    )
                )
        return out

    def hidden_cards(self, game: Any, seat: int) -> int:
        return game.view(seat).hidden_cards  # a blind dog's card, face down

    def turn_text(self, game: Any, seat: int) -> str | None:
        phase = game.phase
        if phase is Phase.CHOOSE_TRUMP:
            return _("Your turn: choose trumps")
        if phase is Phase.VOTE:
            return _("Your turn: vote on trumps")
        if phase is Phase.DECLARE:
            return _("Your turn: declare or play on")
        if PASS in game.legal_moves():
            return _("Your turn: play your card or pass")
        return None

    def status_facts(self, game: Any) -> list[str]:
        return [_round_fact(game.round + 1, game.hand_size)]

    def finished_round(self, game: Any) -> FinishedRound | None:
        """The round before the one in play (the last one once the game is over): its
        number as the status line counted it (a redeal is a round of its own), cards,
        trumps and tricks.

        >>> from kowhist_teach.games.knockout.engine import KnockoutGame
        >>> g = KnockoutGame(3, seed=1)
        >>> KnockoutUI().finished_round(g) is None  # round 1 is in play
        True
        >>> while g.round == 0:
        ...     g.play(g.legal_moves()[0])
        >>> done = KnockoutUI().finished_round(g)
        >>> done.facts, sum(done.tricks)
        (('Round 1: 7 cards',), 7)
        """
        done = game.rounds if game.is_over() else game.rounds[:-1]
        if not done:
            return None
        log = done[-1]
        # A round ended by a redeal played no trick: nobody took one.
        tricks = tuple(log.tricks_won) or (0,) * game.n
        return FinishedRound((_round_fact(len(done), log.hand_size),), log.trump, tricks)

    def trump_settled(self, game: Any) -> bool:
        return bool(game.log.trump_settled)

    def seat_badge(self, game: Any, seat: int) -> Badge | None:
        st = game.status[seat]
        if st is Status.ACTIVE:
            return None
        return Badge(st.name.lower(), status_label(st))

    def is_out(self, game: Any, seat: int) -> bool:
        # Under re-entry an eliminated player is still dealt a card and may come back.
        return game.status[seat] is Status.OUT and not game.rules.reentry

    def first_deal(self, record: dict[str, Any]) -> dict[str, Any]:
        start = dict(record)
        first = (record.get("rounds") or [None])[0]
        start["rounds"] = (
            [{"hands": first["hands"], "turn_up": first.get("turn_up")}] if first else []
        )
        return start
