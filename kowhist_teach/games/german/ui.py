"""German Whist's answers to the widgets (:class:`~kowhist_teach.core.hooks.ui.GameUI`).

>>> from kowhist_teach.games.german.engine import GermanGame
>>> GermanUI().status_facts(GermanGame(seed=1))
['Phase 1 of 2', 'Stock: 26']
"""

from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...core.hooks.ui import (
    FinishedRound,
    GameUI,
    MatchScore,
    MatchUI,
    PhaseTricks,
    RuleOption,
    StockTaken,
    StockUI,
)
from ...core.words import score_list
from ...i18n import N_, _
from .engine import GermanPhase, GermanRules
from .match import GermanMatch, german_game

__all__ = ["GermanUI"]


def _match_fact(match: GermanMatch, hand: int) -> str:
    """Hand ``hand`` of ``match`` and the hands each player has won so far."""
    won = score_list(match.names, match.hands_won)
    return _("Hand {h} of a match, best of {n} — hands won: {won}").format(
        h=hand, n=match.match, won=won
    )


class GermanUI(StockUI, MatchUI, GameUI):
    """Two players, a stock with a face-up card to win, then the play-out."""

    tagline = N_(
        "German Whist against a bot: in the first 13 tricks win good cards from the "
        "stock, then play them out; the player with more tricks wins. Click a card "
        "to play it."
    )
    analysis_goal = "win"

    def new_game(self, game_spec: Any, match: int = 1, **options: Any) -> Any:
        """One hand, or a match of ``match`` hands (best of 3 or 5)."""
        return german_game(match=match, **options)

    def match_score(self, game: Any) -> MatchScore | None:
        if not isinstance(game, GermanMatch):
            return None
        out = game.outcome()
        return MatchScore(
            game.match,
            game.hand_number,
            tuple(game.hands_won),
            out.winner if out is not None else None,
        )

    def options(self, rules: type = GermanRules) -> list[RuleOption]:
        return [
            RuleOption(
                "scoring",
                N_("Scoring"),
                N_("Which tricks count to win the hand: all 26, or the 13 of phase 2 only"),
                choices=("all26", "last13"),
                # The menu's words: the values are the record's and the engine's.
                choice_labels=(N_("all 26 tricks count"), N_("the last 13 tricks only")),
            ),
            RuleOption(
                "open_stock", N_("Face-up stock cards"), N_("1 is the classic game"), low=1, high=26
            ),
            RuleOption(
                "race_to",
                N_("Race to (tricks)"),
                N_("the first to this many tricks wins at once"),
                choices=(None, *range(1, 14)),
                # No race (None) in words; the numbers read as themselves.
                choice_labels=(N_("no race: play the whole hand"),),
            ),
            RuleOption(
                "no_trumps", N_("No trumps"), N_("the stock stays face down and no suit is trump")
            ),
        ]

    def turn_text(self, game: Any, seat: int) -> str | None:
        if game.phase is GermanPhase.PICK:
            return _("Your turn: take a face-up card")
        return None

    def status_facts(self, game: Any) -> list[str]:
        phase2 = game.phase is GermanPhase.PLAY2 or (
            game.phase is GermanPhase.OVER and not game.stock
        )
        facts = [_("Phase {n} of 2").format(n=2 if phase2 else 1)]
        if isinstance(game, GermanMatch):  # the match score first
            facts.insert(0, _match_fact(game, game.hand_number))
        if game.stock:
            facts.append(_("Stock: {n}").format(n=len(game.stock)))
        return facts

    def finished_round(self, game: Any) -> FinishedRound | None:
        """The hand of a match before the one in play (the last once the match is
        over): the match score after it, its phase, trumps and tricks; ``None`` for a
        single hand, or in a match's first hand.

        >>> ui = GermanUI()
        >>> m = GermanMatch(match=3, seed=1)
        >>> ui.finished_round(m) is None
        True
        >>> while m.hand_number == 1:
        ...     m.play(m.legal_moves()[0])
        >>> done = ui.finished_round(m)
        >>> done.facts[0].startswith('Hand 1 of a match'), sum(done.tricks)
        (True, 26)
        """
        if not isinstance(game, GermanMatch):
            return None
        done = game.games if game.is_over() else game.games[:-1]
        if not done:
            return None
        hand = done[-1]
        facts = (_match_fact(game, len(done)), *self.status_facts(hand))
        return FinishedRound(facts, hand.trump, tuple(hand.tricks_won))

    def finished_hand(self, game: Any) -> Any:
        """The last finished hand of a match (its own game, over).

        >>> m = GermanMatch(match=3, seed=1)
        >>> while m.hand_number == 1:
        ...     m.play(m.legal_moves()[0])
        >>> GermanUI().finished_hand(m).is_over(), GermanUI().finished_hand(m.game)
        (True, None)
        """
        if not isinstance(game, GermanMatch):
            return None
        done = game.games if game.is_over() else game.games[:-1]
        return done[-1] if done else None

    def analysis_hidden(self, game: Any) -> bool:
        return game.phase is not GermanPhase.PLAY2

    def stock_taken(self, game: Any, seat: int) -> list[StockTaken]:
        """Each player's face-up takes; the face-down ones named to their taker only
        (the engine's view says which is which, open stock and closed stock alike).

        >>> from kowhist_teach.games.german.engine import GermanGame
        >>> [t.unseen for t in GermanUI().stock_taken(GermanGame(seed=1), 0)]
        [0, 0]
        """
        view = game.view(seat)
        return [
            StockTaken(
                s,
                name,
                tuple(view.seen_taken[s]),
                tuple(view.own_unseen) if s == seat else None,
                0 if s == seat else view.unseen_taken[s],
            )
            for s, name in enumerate(game.names)
        ]

    def stock_took(self, game: Any) -> list[list[Card]]:
        """Each player's stock cards in the order taken (after each trick, the winner's
        card or the loser's)."""
        return [
            [
                c
                for i, t in enumerate(game.tricks)
                for c in (game.winner_took[i] if t.winner == s else game.loser_took[i],)
                if c is not None
            ]
            for s in range(len(game.names))
        ]

    def phase_tricks(self, game: Any) -> list[PhaseTricks]:
        """One row per player: tricks of phase 1, then of phase 2."""
        return [
            PhaseTricks(name, game.phase1_tricks[s], game.tricks_won[s] - game.phase1_tricks[s])
            for s, name in enumerate(game.names)
        ]

    def first_deal(self, record: dict[str, Any]) -> dict[str, Any]:
        start = dict(record)
        if "match" in record:  # a match: its first hand, no move yet
            first = record.get("match_hands", [])[:1]
            start["match_hands"] = [{**hand, "actions": []} for hand in first]
            return start
        start["actions"] = []
        return start
