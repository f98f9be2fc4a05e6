"""The whist family on the command line: the ``replay`` text of a deal (the bidding,
the contract, the tricks, the points and scores) and the terminal game. Shared by the
family's games; each refines it in ``games/family/<game>/cli.py`` (its bid words, its
contract line, its score labels) and registers the result as its ``cli`` hook."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.cards import Card
from ...core.errors import SetupError
from ...core.hooks.cli import CliHook, ReplayText, plays_text, trick_text
from ...core.moves import Call
from ...i18n import _
from .engine import SEATS, FamilyGame, FamilyPhase, partners

__all__ = ["FamilyCli"]


def _card_text(move: Any) -> str:
    return move.label if isinstance(move, Card) else move.code


class FamilyCli(CliHook):
    """The family's part of the command line; a game overrides :meth:`call_words`,
    :meth:`contract_line` and :meth:`score_labels` where its words differ."""

    terminal_bot = "rules"  # a partner worth having, opponents worth beating
    terminal_bot_per_seat = True
    story_at_end = True
    help_lists_moves = True

    # ------------------------------------------------------------------ words
    def call_words(self, call: Call) -> str:
        """A call as the bidding box shows it: "pass", a suit's symbol, else its code."""
        if call.is_pass:
            return _("pass")
        if call.suit is not None:
            return call.suit.symbol
        return call.code

    def move_words(self, move: Any) -> str:
        """A move in words: a card's label, a bid's name, "pass", a trump's symbol."""
        return move.label if isinstance(move, Card) else self.call_words(move)

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

    def score_labels(self, rules: dict[str, Any] | None) -> tuple[str, str, str]:
        """How a replay names a deal's ``points`` and the running ``scores``, and a line
        that explains them (``""``: none needed)."""
        return _("points this deal: {p}"), _("scores so far: {s}"), ""

    def calls_lines(self, deal: dict[str, Any], text: ReplayText) -> tuple[list[str], list[str]]:
        """The calls of a deal of ``replay --json`` in words: the bidding; then the
        trumps (or high or low) named and the discards."""
        bids, named, discards = [], [], []
        for seat, code in deal["calls"]:
            try:
                call = Call(code)
            except ValueError:  # a card: bid whist's discard
                discards.append((seat, Card(code).label))
                continue
            if call.is_trump:
                named.append(
                    _("seat {seat} named trumps: {trumps}").format(
                        seat=seat, trumps=text.trump(code)
                    )
                )
            elif code == "high":
                named.append(_("seat {seat} chose high: high cards win").format(seat=seat))
            elif code == "low":
                named.append(
                    _("seat {seat} chose low: low cards win, the ace still highest").format(
                        seat=seat
                    )
                )
            else:
                bids.append(_("seat {seat} {call}").format(seat=seat, call=self.code_words(code)))
        bidding = [_("bidding: {calls}").format(calls=", ".join(bids))] if bids else []
        lines = named
        if discards:
            lines.append(
                _("seat {seat} discarded {cards} face down (the kitty book)").format(
                    seat=discards[0][0], cards=" ".join(label for _seat, label in discards)
                )
            )
        return bidding, lines

    def thrown_in(self, deal: dict[str, Any]) -> bool:
        """Whether a deal of ``replay --json`` was thrown in (everybody passed)."""
        return deal["contract"] is None and deal["points"] is not None and not deal["tricks"]

    # ----------------------------------------------------------------- replay
    def check_players(self, players: int | None) -> None:
        if players not in (None, SEATS):
            raise SetupError(_("{game} is for exactly 4 players").format(game=_(self.title)))

    title = ""  # the game's title msgid, set by each game's hook

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
        pairs = self.by_partnership
        say(_(self.title))
        if pairs:
            say(_("Seats 0 and 2 play together, against seats 1 and 3."))
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
            bidding, after = self.calls_lines(deal, text)
            for line in bidding:
                say("  " + line)
            if deal["contract"] is not None:
                say("  " + self.contract_line(deal))
            for line in after:
                say("  " + line)
            thrown_in = self.thrown_in(deal)
            text.tricks(deal["tricks"])
            if thrown_in:
                say("  " + _("thrown in: everybody passed, no card was played"))
            else:
                say("  " + _("tricks won: {won}").format(won=text.sides(pairs, deal["tricks_won"])))
            for note in deal["notes"]:
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
            elif pairs:
                say(_("Winners: seats {a} and {b}").format(a=winner, b=winner + 2))
            else:
                say(_("Winner: seat {seat}").format(seat=winner))
        elif status == "in_progress":
            say(_("The game is still in progress."))
        else:
            text.error(result["error"])

    by_partnership = False  # set by each game's hook

    # -------------------------------------------------------------------- play
    def seat_list(self, game: FamilyGame, values: list[int]) -> str:
        """Scores or tricks by partnership ("Ann and Cy 3, Bo and Di 2") or by seat."""
        if len(values) == 2:
            return ", ".join(
                _("{a} and {b} {v}").format(a=game.names[a], b=game.names[b], v=v)
                for (a, b), v in zip((partners(0), partners(1)), values, strict=True)
            )
        return ", ".join(f"{game.names[s]} {v}" for s, v in enumerate(values))

    def terminal_intro(self, game: Any) -> list[str]:
        names = game.names
        lines = [_(self.title)]
        if self.by_partnership:
            lines.append(
                _("You and {partner} are partners, against {a} and {b}.").format(
                    partner=names[2], a=names[1], b=names[3]
                )
            )
        else:
            lines.append(_("Every player for themselves."))
        lines.append(_("Type a card (like QS or 10h) or a call, 'undo', 'help' or 'quit'."))
        return lines

    def describe(self, game: Any, seat: int) -> str:
        view = game.view(seat)
        log = game.log
        assert log is not None
        if view.trump is not None:
            trump = view.trump.symbol
        elif view.phase in (FamilyPhase.BID, FamilyPhase.TRUMP):
            trump = _("not settled yet")
        else:
            trump = _("none")
        lines = [
            _("Deal {n} - dealer {d} - trumps {t}").format(
                n=log.number, d=game.names[view.dealer], t=trump
            )
        ]
        if view.trump_card is not None:
            lines.append(_("Turned up: {card}").format(card=view.trump_card.label))
        # Discards (cards among the calls) go face down: the auction is what is public.
        calls = [(s, m) for s, m in view.calls if not isinstance(m, Card)]
        if calls and view.phase is not FamilyPhase.PLAY:
            lines.append(
                _("Calls: {calls}").format(
                    calls=", ".join(f"{game.names[s]} {self.move_words(m)}" for s, m in calls)
                )
            )
        lines.extend(self.contract_lines(game, view))
        lines.extend(self.score_lines(game, view))
        if view.trick:
            lines.append(_("On the table: {cards}").format(cards=plays_text(game, view.trick)))
        lines.extend(self.table_lines(game, view))
        for s, cards in view.open_hands.items():
            lines.append(
                _("{name}'s hand, face up: {cards}").format(
                    name=game.names[s], cards=" ".join(c.label for c in cards) or "-"
                )
            )
        lines.append(
            _("Your hand: {cards}").format(cards=" ".join(c.label for c in view.hand) or "-")
        )
        return "\n".join(lines)

    def contract_lines(self, game: Any, view: Any) -> list[str]:
        """The contract, as the player to move sees it during the game."""
        if view.contract is not None and view.declarer is not None:
            return [
                _("Contract: {contract} by {name}").format(
                    contract=getattr(view.contract, "code", view.contract),
                    name=game.names[view.declarer],
                )
            ]
        return []

    def score_lines(self, game: Any, view: Any) -> list[str]:
        """The tricks taken (during play) and the scores, as the player sees them."""
        lines = []
        if view.phase is FamilyPhase.PLAY:
            lines.append(self.tricks_line(game, view))
        lines.extend(self.points_lines(game))
        lines.append(_("Scores: {scores}").format(scores=self.seat_list(game, view.scores)))
        return lines

    def tricks_line(self, game: Any, view: Any) -> str:
        """The tricks each side (or seat) has taken this deal."""
        won = game.log.side_tricks if game.by_partnership else view.tricks_won
        return _("Tricks: {won}").format(won=self.seat_list(game, won))

    def points_lines(self, game: Any) -> list[str]:
        """Points counted towards something before the scores (whist's games)."""
        return []

    def table_lines(self, game: Any, view: Any) -> list[str]:
        """What else lies on the table for this seat (bid whist's kitty, discards)."""
        return []

    def prompt(self, game: Any, seat: int) -> str:
        legal = game.legal_moves()
        moves = " ".join(_card_text(m) for m in legal)
        if game.phase is FamilyPhase.BID:
            return _("Your bid ({moves}): ").format(moves=moves)
        if game.phase is FamilyPhase.TRUMP:
            if any(getattr(m, "code", "") == "high" for m in legal):  # bid whist at no trump
                return _("No trumps: do high cards win, or low ones? ({moves}): ").format(
                    moves=moves
                )
            return _("Name trumps ({moves}): ").format(moves=moves)
        if game.phase is FamilyPhase.DISCARD:
            return _("Discard a card ({moves}): ").format(moves=moves)
        return _("Your play ({moves}): ").format(moves=moves)

    def help_lines(self, game: Any) -> list[str]:
        return [
            _("Make a call by its code, as the prompt lists them: pass, a bid, a suit."),
            _("'undo' takes back your last move; 'quit' stops the game."),
        ]

    def story(self, game: Any, say: Callable[..., None], human: int) -> _Story:
        return _Story(game, say, human, self)

    def terminal_outro(self, game: Any) -> list[str]:
        outcome = game.outcome()
        names = game.names
        lines = [
            "",
            _("Final scores: {scores}").format(scores=self.seat_list(game, outcome.scores)),
        ]
        if outcome.winner is None:
            lines.append(_("The game is drawn."))
        elif outcome.by_partnership:
            a, b = partners(outcome.winner)
            lines.append(_("{a} and {b} won the game.").format(a=names[a], b=names[b]))
        else:
            lines.append(_("{name} won the game.").format(name=names[outcome.winner]))
        return lines


class _Story:
    """What the table has seen: the calls, tricks and scores told so far, so that each
    is told once (and again after an undo)."""

    def __init__(
        self, game: FamilyGame, say: Callable[..., None], human: int, words: FamilyCli
    ) -> None:
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
                if isinstance(move, Card) and seat != self.human:  # a discard, face down
                    say(_("{name} discards a card face down.").format(name=game.names[seat]))
                else:
                    say(
                        _("{name}: {call}").format(
                            name=game.names[seat], call=words.move_words(move)
                        )
                    )
            self.calls = len(log.calls)
            done = [t for t in log.tricks if len(t.plays) == SEATS]
            for t in done[self.tricks :]:
                say(trick_text(game, t))
            self.tricks = len(done)
            if log.points is None or self.scored:
                return
            self.scored = True
            won = log.side_tricks if game.by_partnership else log.tricks_won
            if not any(t.plays for t in log.tricks):  # thrown in: no card was played
                say(_("Deal {n} is over: no card was played.").format(n=log.number))
            else:
                say(
                    _("Deal {n} is over. Tricks: {won}. Points: {points}.").format(
                        n=log.number,
                        won=words.seat_list(game, won),
                        points=words.seat_list(game, log.points),
                    )
                )
            for note in log.notes:
                say("  " + _(note))
            if self.deal + 1 == len(game.deals):
                return
