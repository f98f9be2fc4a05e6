"""The command line of the games played deal after deal
(:class:`~kowhist_teach.core.deals.DealGame`: the whist family, Oh Hell): the ``replay``
text of each deal (its calls, its tricks, the points and the running scores) and the
terminal game, where bots fill every seat but the human's and the table's story is told
deal by deal.

A game subclasses :class:`DealCli` and overrides the words that are its own (how a call
reads, a contract, how scores are labelled); the family's
:class:`~kowhist_teach.games.family.cli.FamilyCli` adds contracts and discards. A game
whose spec declares partnerships (:mod:`kowhist_teach.core.partnerships`) has its
tricks, scores and winners told side by side here, from that declaration.

>>> from kowhist_teach import OhHellGame
>>> from kowhist_teach.core.registry import spec
>>> cli = spec('ohhell').cli
>>> isinstance(cli, DealCli), cli.seat_list(OhHellGame(3, seed=1), [1, 0, 2])
(True, 'Player 1 1, Player 2 0, Player 3 2')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...i18n import _
from ..cards import Card
from ..moves import Call
from ..partnerships import Partnerships
from ..registry import spec, spec_of
from .cli import CliHook, ReplayText, plays_text, trick_text

__all__ = ["DealCli", "AuctionCli", "DealStory"]


class DealCli(CliHook):
    """The command line of a game played deal after deal; a game overrides the words
    that differ (:meth:`score_labels`, :meth:`trump_words`, :meth:`table_lines` …), and
    a game with an auction mixes in :class:`AuctionCli` for its calls."""

    terminal_bot = "rules"  # a partner worth having, opponents worth beating
    terminal_bot_per_seat = True
    story_at_end = True
    help_lists_moves = True

    #: The game's title msgid, set by each game's hook.
    title = ""

    @staticmethod
    def sides(game: Any) -> Partnerships | None:
        """The partnerships ``game`` (an engine, or a record's game name) declares on
        its spec, or ``None``: tricks, scores and winners then go by seat."""
        return (spec(game) if isinstance(game, str) else spec_of(game)).partnerships

    # ------------------------------------------------------------------ words
    def move_words(self, move: Any) -> str:
        """A move in words: a card's label, else (a game with an auction) the call's
        words."""
        if isinstance(move, Card):
            return move.label
        return self.call_words(move) if isinstance(self, AuctionCli) else move.code

    def score_labels(self, rules: dict[str, Any] | None) -> tuple[str, str, str]:
        """How a replay names a deal's ``points`` and the running ``scores``, and a line
        that explains them (``""``: none needed)."""
        return _("points this deal: {p}"), _("scores so far: {s}"), ""

    def winner_words(self, winner: int, sides: Partnerships | None = None) -> str:
        """The winner of a replayed game: a seat of ``replay --json``, or a side of
        ``sides``."""
        if sides is not None:
            return sides.replay_winners(winner)
        return _("Winner: seat {seat}").format(seat=winner)

    # ----------------------------------------------------------------- replay
    def nobody_to_move(self, game: Any, record: dict[str, Any]) -> str:
        if game.is_over():
            return _("the game is over")
        if not record.get("deals"):
            return _("nothing has been dealt yet")
        return _("the deal is over, and the record holds no next deal")

    def analyse_refusal(self, game: Any) -> str | None:
        return _(
            "--analyse works only for Knock-Out Whist and German Whist: its solver counts "
            "the tricks one player can guarantee, and knows nothing of the contracts, "
            "bids and partners of {game}"
        ).format(game=_(game.title))

    def print_replay(
        self, record: dict[str, Any], result: dict[str, Any], text: ReplayText
    ) -> None:
        say = text.say
        pairs = self.sides(record["game"])
        # The calls are asked only of a game with an auction (its spec says so).
        auction = isinstance(self, AuctionCli) and spec(record["game"]).auction
        say(_(self.title))
        if pairs is not None:
            say(pairs.replay_intro())
        rules = record.get("rules") if isinstance(record.get("rules"), dict) else None
        points_label, scores_label, legend = self.score_labels(rules)
        if legend:
            say(legend)
        for deal in result["deals"]:
            say(
                _("Deal {n}: dealer seat {d}, trumps {t}").format(
                    n=deal["number"], d=deal["dealer"], t=text.trump(deal["trump"])
                )
            )
            bidding, after = self.calls_lines(deal, text) if auction else ([], [])
            for line in bidding:
                say("  " + line)
            if auction and deal.get("contract") is not None:
                say("  " + self.contract_line(deal))
            for line in after:
                say("  " + line)
            thrown_in = auction and self.thrown_in(deal)
            text.tricks(deal["tricks"])
            if thrown_in:
                say("  " + _("thrown in: everybody passed, no card was played"))
            else:
                say("  " + _("tricks won: {won}").format(won=text.sides(pairs, deal["tricks_won"])))
            for note in deal.get("notes", ()):
                if thrown_in and note == "everybody passed: the cards are thrown in":
                    continue
                say("  " + _(note))
            if deal["points"] is not None and not thrown_in:
                say("  " + points_label.format(p=text.sides(pairs, deal["points"])))
            if deal["scores"] is not None:
                say("  " + scores_label.format(s=text.sides(pairs, deal["scores"])))
        status = result["status"]
        if status == "over":
            winner = result["winner"]
            if winner is None:
                say(_("The game is drawn."))
            else:
                say(self.winner_words(winner, pairs))
        elif status == "in_progress":
            say(_("The game is still in progress."))
        else:
            text.error(result["error"])

    # -------------------------------------------------------------------- play
    def seat_list(self, game: Any, values: list[int]) -> str:
        """Scores or tricks by seat, each with its player's name: "Ann 2, Bo 0"; or
        side by side where the game plays in partnerships and ``values`` are by side:
        "Ann and Cy 3, Bo and Di 2"."""
        sides = self.sides(game)
        if sides is not None and len(values) == len(sides.sides):
            return sides.side_list(game.names, values)
        return ", ".join(f"{game.names[s]} {v}" for s, v in enumerate(values))

    def players_line(self, game: Any) -> str:
        """Who plays with whom, for the terminal game's first lines."""
        sides = self.sides(game)
        if sides is not None:
            return sides.partners_line(game.names)
        return _("Every player for themselves.")

    def terminal_intro(self, game: Any) -> list[str]:
        return [
            _(self.title),
            self.players_line(game),
            _("Type a card (like QS or 10h) or a call, 'undo', 'help' or 'quit'."),
        ]

    def trump_words(self, game: Any, view: Any) -> str:
        """Trumps as the player to move sees them: a suit's symbol, or "none"."""
        return view.trump.symbol if view.trump is not None else _("none")

    def describe(self, game: Any, seat: int) -> str:
        view = game.view(seat)
        log = game.log
        assert log is not None
        lines = [
            _("Deal {n} - dealer {d} - trumps {t}").format(
                n=log.number, d=game.names[view.dealer], t=self.trump_words(game, view)
            )
        ]
        if view.trump_card is not None:
            lines.append(_("Turned up: {card}").format(card=view.trump_card.label))
        auction = isinstance(self, AuctionCli) and spec_of(game).auction
        calls = self.calls_seen(game, view) if auction else []
        if calls:
            lines.append(
                _("Calls: {calls}").format(
                    calls=", ".join(f"{game.names[s]} {self.move_words(m)}" for s, m in calls)
                )
            )
        if auction:
            lines.extend(self.contract_lines(game, view))
        lines.extend(self.score_lines(game, view))
        if view.trick:
            lines.append(_("On the table: {cards}").format(cards=plays_text(game, view.trick)))
        lines.extend(self.table_lines(game, view))
        lines.extend(self.open_hands_lines(game, view))
        lines.append(
            _("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-")
        )
        return "\n".join(lines)

    def prompt(self, game: Any, seat: int) -> str:
        legal = game.legal_moves()
        # What to type: a card as it reads (Q♠, accepted on input); a joker, whose label
        # is its name in words (Big Joker), and any other move by its code (BJ, pass).
        moves = " ".join(
            m.label if isinstance(m, Card) and not m.is_joker else m.code for m in legal
        )
        return self.prompt_words(game, legal).format(moves=moves)

    def prompt_words(self, game: Any, legal: list[Any]) -> str:
        """The prompt for the move to make now, with ``{moves}`` for the moves open."""
        if game.phase is getattr(game.phases, "BID", None):
            return _("Your bid ({moves}): ")
        return _("Your play ({moves}): ")

    def score_lines(self, game: Any, view: Any) -> list[str]:
        """The tricks taken (during play) and the scores, as the player sees them."""
        lines = []
        if view.phase is game.phases.PLAY:
            lines.append(self.tricks_line(game, view))
        lines.extend(self.points_lines(game))
        lines.append(_("Scores: {scores}").format(scores=self.seat_list(game, view.scores)))
        return lines

    def tricks_line(self, game: Any, view: Any) -> str:
        """The tricks each seat (or side) has taken this deal."""
        won = self.deal_tricks(game, view)
        return _("Tricks: {won}").format(won=self.seat_list(game, won))

    def points_lines(self, game: Any) -> list[str]:
        """Points counted towards something before the scores (whist's games)."""
        return []

    def table_lines(self, game: Any, view: Any) -> list[str]:
        """What else lies on the table for this seat (bid whist's kitty, open hands)."""
        return []

    def open_hands_lines(self, game: Any, view: Any) -> list[str]:
        """The other hands this seat sees face up (none by default)."""
        return []

    def deal_tricks(self, game: Any, log: Any) -> list[int]:
        """The tricks of a deal (its log, or a view of it) as its summary counts them:
        by seat, or by side in partnerships."""
        sides = self.sides(game)
        return sides.by_side(log.tricks_won) if sides is not None else list(log.tricks_won)

    def story(self, game: Any, say: Callable[..., None], human: int) -> DealStory:
        return DealStory(game, say, human, self)

    def winner_line(self, game: Any, outcome: Any) -> str:
        """Who won a finished terminal game: a player, or a side in partnerships."""
        sides = self.sides(game)
        if sides is not None:
            return sides.won_line(outcome.winner, game.names)
        return _("{name} won the game.").format(name=game.names[outcome.winner])

    def terminal_outro(self, game: Any) -> list[str]:
        outcome = game.outcome()
        lines = [
            "",
            _("Final scores: {scores}").format(scores=self.seat_list(game, outcome.scores)),
        ]
        if outcome.winner is None:
            lines.append(_("The game is drawn."))
        else:
            lines.append(self.winner_line(game, outcome))
        return lines


class AuctionCli:
    """The calls of a game with an auction (its spec's ``auction``: bids, passes,
    trumps named, a contract) on the command line; mixed into its :class:`DealCli`
    (``class OhHellCli(AuctionCli, DealCli)``), whose :meth:`DealCli.move_words` it
    uses. A game overrides the words that differ.

    >>> AuctionCli().code_words('3'), AuctionCli().code_words('?')
    ('3', '?')
    """

    def call_words(self, call: Call) -> str:
        """A call in words (default: its code, as a bid of a number of tricks reads)."""
        return call.code

    def code_words(self, code: str) -> str:
        """A call of ``replay --json`` (a code) in words; the code if it is no call."""
        try:
            return self.call_words(Call(code))
        except (ValueError, KeyError):
            return code

    def contract_line(self, deal: dict[str, Any]) -> str:
        """The contract of a deal of ``replay --json`` in words, with who plays it."""
        return _("contract: {contract} by {who}").format(
            contract=self.code_words(deal["contract"]),
            who=_("seat {seat}").format(seat=deal["declarer"]),
        )

    def calls_lines(self, deal: dict[str, Any], text: ReplayText) -> tuple[list[str], list[str]]:
        """The calls of a deal of ``replay --json`` in words: the bidding; then what
        else was called after it (none by default)."""
        bids = [
            _("seat {seat} {call}").format(seat=seat, call=self.code_words(code))
            for seat, code in deal["calls"]
        ]
        return ([_("bidding: {calls}").format(calls=", ".join(bids))] if bids else []), []

    def thrown_in(self, deal: dict[str, Any]) -> bool:
        """Whether a deal of ``replay --json`` was thrown in (no card played)."""
        return False

    def calls_seen(self, game: Any, view: Any) -> list[tuple[int, Any]]:
        """The calls of the deal that the ``Calls:`` line shows (default: all)."""
        return list(game.log.calls)

    def contract_lines(self, game: Any, view: Any) -> list[str]:
        """The contract, as the player to move sees it during the game (none by default)."""
        return []

    def call_told(self, game: Any, seat: int, move: Any, human: int) -> str:
        """A call made at the table, as the terminal tells it."""
        return _("{name}: {call}").format(name=game.names[seat], call=self.move_words(move))


class DealStory:
    """What the table has seen in a terminal game: the calls, tricks and scores told so
    far, deal by deal, so that each is told once (and again after an undo)."""

    def __init__(self, game: Any, say: Callable[..., None], human: int, words: DealCli) -> None:
        self.game = game
        self.say = say
        self.human = human
        self.words = words
        self.deal = -1
        self.calls = 0
        self.tricks = 0
        self.scored = False

    def rewind(self) -> None:
        """After an undo: tell the deal in progress again from its start."""
        self.calls = self.tricks = 0
        self.scored = False
        self.deal = min(self.deal, len(self.game.deals) - 1)

    def tell(self) -> None:
        game, say, words = self.game, self.say, self.words
        while self.deal < len(game.deals):
            if self.deal < 0 or (self.scored and self.deal + 1 < len(game.deals)):
                self.deal += 1
                self.calls = self.tricks = 0
                self.scored = False
                log = game.deals[self.deal]
                say()
                say(_("Deal {n}: {name} deals.").format(n=log.number, name=game.names[log.dealer]))
            log = game.deals[self.deal]
            for seat, move in log.calls[self.calls :]:
                if isinstance(words, AuctionCli):
                    say(words.call_told(game, seat, move, self.human))
            self.calls = len(log.calls)
            done = [t for t in log.tricks if len(t.plays) == game.n]
            for t in done[self.tricks :]:
                say(trick_text(game, t))
            self.tricks = len(done)
            if log.points is None or self.scored:
                return
            self.scored = True
            if not any(t.plays for t in log.tricks):  # thrown in: no card was played
                say(_("Deal {n} is over: no card was played.").format(n=log.number))
            else:
                say(
                    _("Deal {n} is over. Tricks: {won}. Points: {points}.").format(
                        n=log.number,
                        won=words.seat_list(game, words.deal_tricks(game, log)),
                        points=words.seat_list(game, log.points),
                    )
                )
            for note in getattr(log, "notes", ()):
                say("  " + _(note))
            if self.deal + 1 == len(game.deals):
                return
