"""Knock-Out Whist's teaching hook: its moves (cards, a dog's pass, the trump choice,
the eliminated players' vote, the declarations) and what the end of a round means.

>>> from kowhist_teach import KnockoutGame
>>> notes = KnockoutTeaching().explain_moves(KnockoutGame(3, seed=2), 1)
>>> all(n.legal for n in notes) and notes[0].reason.startswith('You lead')
True
"""

from __future__ import annotations

from typing import Any

from ...core.cards import SUIT_MASK, Card, Rank
from ...core.hooks.teaching import MoveExplanation, PlainTeaching, Tip
from ...core.moves import NO_PICTURE, PASS, PLAY_ON, RAINBOW, TRUMP_CALLS
from ...core.words import sentence, suit_name
from ...i18n import _, is_plural, ngettext
from ...i18n.formats import join
from .engine import Phase, Termination
from .tips import DETECTORS, MISERE_DETECTORS

__all__ = ["KnockoutTeaching"]


class KnockoutTeaching(PlainTeaching):
    """Knock-Out Whist told to a student: dogs and blind dogs, trump breaking, the
    trump choice and vote, no-picture and rainbow calls, who is out after a round."""

    detectors = DETECTORS

    def tips(self, game: Any, seat: int) -> list[Tip]:
        """The tips that apply; misère reverses the aim, so it has its own."""
        detectors = MISERE_DETECTORS if game.rules.misere else self.detectors
        return [tip for tip in (d(game, seat) for d in detectors) if tip is not None]

    # ------------------------------------------------------------------ moves
    def explain_moves(self, game: Any, seat: int) -> list[MoveExplanation]:
        phase = game.phase
        if phase is Phase.PLAY:
            return self.explain_cards(game, seat)
        if phase is Phase.CHOOSE_TRUMP:
            return self._trump_choice(game, seat)
        if phase is Phase.VOTE:
            return [
                MoveExplanation(
                    m,
                    True,
                    sentence(
                        _("You are out, so you vote on trumps: a vote for {suit}").format(
                            suit=suit_name(m.suit)
                        )
                    ),
                )
                for m in game.legal_moves()
            ]
        if phase is Phase.DECLARE:
            return self._declarations(game, seat)
        return []

    def hidden_move(self, game: Any, seat: int, move: Any) -> bool:
        """A blind dog's card is face down: nobody, its owner included, may see it."""
        return (
            isinstance(move, Card)
            and bool(game._one_card[seat])
            and game.status[seat].name == "BLIND_DOG"
        )

    def suggestion_reason(self, game: Any, seat: int, move: Any, tips: Any) -> str:
        """The tip a suggested move follows: a low card when one trick is enough (or
        already won), a dog's play where it wins or its pass where it cannot, the
        longest suit as trumps."""
        keys = {t.key: t.text for t in tips}
        if isinstance(move, Card):
            for key in ("safe_save_high", "one_trick_enough"):
                if key in keys and move.rank < Rank.KING:
                    return keys[key]
            if "dog_play_to_win" in keys:
                return keys["dog_play_to_win"]
        if move is PASS and "dog_wait" in keys:
            return keys["dog_wait"]
        if "choose_longest_suit" in keys and getattr(move, "is_trump", False):
            hand = game.hands[seat]
            counts = [(hand & m).bit_count() for m in SUIT_MASK]
            if counts[move.suit] == max(counts):
                return keys["choose_longest_suit"]
        return ""

    def others_to_play(self, game: Any) -> int:
        order, pos = game.trick_order()
        return len(order) - pos - 1

    def legal_reason(self, game: Any, seat: int, card: Card, effect: str) -> tuple[str, str]:
        if game._one_card[seat]:
            if game.status[seat].name == "BLIND_DOG":
                return _("You are a blind dog: you may play your face-down card or pass"), ""
            return _("As a dog you may play your one card or pass"), effect
        trump = game.trump
        if (
            not game.trick.plays
            and game.rules.trump_breaking
            and trump is not None
            and card.suit == trump
            and not game._trump_broken
        ):
            why = _("Trumps are not broken yet, but you hold only trumps, so you may lead one")
            return why, effect
        if self._no_trumping_now(game, seat):
            why = _(
                "You have no {suit}, and no trumping is allowed on a round's first trick, so "
                "you may play any card but a trump"
            ).format(suit=suit_name(game.trick.led_suit))
            return why, effect
        return super().legal_reason(game, seat, card, effect)

    @staticmethod
    def _no_trumping_now(game: Any, seat: int) -> bool:
        """``no_trump_first_trick``: ``seat`` cannot follow the round's first trick and
        holds a card that is not a trump, so its trumps are barred."""
        trick, trump = game.trick, game.trump
        if not (game.rules.no_trump_first_trick and trick.plays and trump is not None):
            return False
        hand = game.hands[seat]
        return (
            game.tricks_done == 0
            and not hand & SUIT_MASK[trick.led_suit]
            and bool(hand & ~SUIT_MASK[trump])
        )

    def why_not(self, game: Any, seat: int, card: Card) -> str:
        if self._no_trumping_now(game, seat):
            return game.why_illegal(card)  # the engine's reason: no trumping yet
        if game.trick.plays:
            return super().why_not(game, seat, card)
        return _("Trumps are not broken yet and you hold other suits: you may not lead a trump")

    def explain_cards(self, game: Any, seat: int) -> list[MoveExplanation]:
        out = super().explain_cards(game, seat)
        if PASS in game.legal_moves():
            out.append(
                MoveExplanation(
                    PASS,
                    True,
                    sentence(_("You may pass and keep your card for a trick where it can win")),
                )
            )
        return out

    def _trump_choice(self, game: Any, seat: int) -> list[MoveExplanation]:
        legal = set(game.legal_moves())
        hand = game.hands[seat]
        out = []
        for call in TRUMP_CALLS:
            count = (hand & SUIT_MASK[call.suit]).bit_count()
            if call in legal:
                if game._votes:
                    why = _(
                        "The vote left {suit} among the tied suits, so you may choose it"
                    ).format(suit=suit_name(call.suit))
                elif game.rules.misere:
                    why = _("You took the fewest tricks last round, so you choose trumps")
                else:
                    why = _("You took the most tricks last round, so you choose trumps")
                held = suit_name(call.suit, plural=is_plural(count))
                reason = sentence(
                    ngettext(
                        "{why}; you hold {n} {suit}", "{why}; you hold {n} {suit}", count
                    ).format(why=why, n=count, suit=held)
                )
                out.append(MoveExplanation(call, True, reason))
            else:
                out.append(
                    MoveExplanation(
                        call,
                        False,
                        sentence(
                            _("The vote did not leave {suit} among the tied suits").format(
                                suit=suit_name(call.suit)
                            )
                        ),
                    )
                )
        return out

    def _declarations(self, game: Any, seat: int) -> list[MoveExplanation]:
        out = []
        open_calls = game.declarations_open(seat)
        for call in (NO_PICTURE, RAINBOW):
            rule_on = game.rules.no_picture_redeal if call is NO_PICTURE else game.rules.rainbow
            if not rule_on:
                continue
            if call in open_calls:
                why = (
                    _("Your hand has no jack, queen, king or ace: you may call for a new deal")
                    if call is NO_PICTURE
                    else _("You hold one card of each suit: a rainbow wins you the round at once")
                )
                out.append(MoveExplanation(call, True, sentence(why)))
            else:
                out.append(
                    MoveExplanation(call, False, sentence(game.why_declaration_illegal(seat, call)))
                )
        out.append(
            MoveExplanation(
                PLAY_ON, True, sentence(_("You may also play the round without declaring"))
            )
        )
        return out

    # ----------------------------------------------------------- after a round
    def explain_round(self, game: Any, round_index: int | None = None) -> list[str]:
        """Who is out or a dog and why, who came back, who chooses trumps and leads
        next and why — or who won the game."""
        rounds = game.rounds
        played = [i for i, r in enumerate(rounds) if r.tricks_won or r.redealt]
        if round_index is None:
            if not played:
                return []
            round_index = played[-1]
        log = rounds[round_index]
        if not (log.tricks_won or log.redealt):
            return []  # not played yet
        names = game.names
        if log.redealt:
            return [
                sentence(
                    _(
                        "{name} had no picture card and called for a new deal: same dealer, "
                        "new cards"
                    ).format(name=names[log.declare["seat"]])
                )
            ]
        if log.declare and log.declare.get("call") == "rainbow":
            return [
                sentence(
                    _(
                        "{name} declared a rainbow and won the round: nobody is out, and "
                        "{name} chooses trumps and leads next"
                    ).format(name=names[log.declare["seat"]])
                )
            ]
        outcome = game.outcome()
        if outcome is not None and round_index == played[-1]:
            if outcome.termination is Termination.SWEEP:
                return [
                    sentence(
                        _("{name} took every trick of the round and wins the game").format(
                            name=names[outcome.winner]
                        )
                    )
                ]
        if game.rules.misere:
            return self._misere_round(game, log, round_index)
        lines = self._fates(game, log)
        lines.extend(self._next_chooser(game, round_index))
        return lines

    def _misere_round(self, game: Any, log: Any, round_index: int) -> list[str]:
        """Misère: who took two tricks (or every trick) and is out, then who chooses
        trumps next (the fewest tricks) or who won the game (see docs/rules.md)."""
        names = game.names
        lines = []
        for seat in log.eliminated:
            k = log.tricks_won[seat]
            if k == log.hand_size and k < 2:
                text = _("{name} took every trick of the round and is out (misère)")
            else:
                text = _("{name} took {k} tricks and is out: in misère two tricks knock you out")
            lines.append(sentence(text.format(name=names[seat], k=k)))
        outcome = game.outcome()
        last = round_index == len(game.rounds) - 1
        if outcome is not None and last:
            kind = _("rock-paper-scissors") if game.rules.tie_break == "rps" else _("the cut")
            if outcome.termination is Termination.FEWEST_TRICKS:
                text = _("{name} took the fewest tricks over the whole game and wins")
                if log.winner_cut is not None:
                    text = _(
                        "Those left tied for the fewest tricks over the game; {kind} went to "
                        "{name}, who wins"
                    )
            else:
                text = _("{name} is the last player left in and wins the game")
            lines.append(sentence(text.format(name=names[outcome.winner], kind=kind)))
            return lines
        if game.phase is Phase.CUT and last:
            return lines  # the final tie is about to be settled
        left = [s for s in range(game.n) if log.hands[s] and s not in log.eliminated]
        if not left:
            return lines
        least = min(log.tricks_won[s] for s in left)
        tied = [s for s in left if log.tricks_won[s] == least]
        nxt = game.rounds[round_index + 1] if round_index + 1 < len(game.rounds) else None
        chooser = tied[0] if len(tied) == 1 else nxt.cut_winner if nxt is not None else None
        kind = _("rock-paper-scissors") if game.rules.tie_break == "rps" else _("the cut")
        together = join(names[s] for s in tied)
        if len(tied) > 1:
            text = (
                _(
                    "{names} tied for the fewest tricks ({k} each): {kind} decides who "
                    "chooses trumps"
                )
                if chooser is None
                else _("{names} tied for the fewest tricks ({k} each), and {kind} went to {name}")
            )
            name = names[chooser] if chooser is not None else ""
            lines.append(sentence(text.format(names=together, k=least, kind=kind, name=name)))
        if chooser is not None:
            text = _(
                "{name} took the fewest tricks ({k}) of those left in, so {name} chooses trumps "
                "and leads next round"
            )
            lines.append(sentence(text.format(name=names[chooser], k=least)))
        return lines

    def _fates(self, game: Any, log: Any) -> list[str]:
        """Who went out, who became a dog, who came back with a full hand."""
        names = game.names
        lines = [
            sentence(_("{name} took no trick and is out").format(name=names[seat]))
            for seat in log.eliminated
        ]
        for seat in log.dogs:
            if seat in log.blind_dogs:
                text = _(
                    "{name} took no trick again and becomes a blind dog: one face-down card "
                    "next round"
                )
            else:
                text = _(
                    "{name} took no trick and becomes a dog: one card next round, to play or to "
                    "pass; winning a trick with it brings them back"
                )
            lines.append(sentence(text.format(name=names[seat])))
        for seat in range(game.n):
            if (
                log.hands
                and len(log.hands[seat]) == 1
                and log.hand_size > 1
                and log.tricks_won[seat]
            ):
                lines.append(
                    sentence(
                        _(
                            "{name} won a trick with their one card and is back with a full hand"
                        ).format(name=names[seat])
                    )
                )
        return lines

    def _next_chooser(self, game: Any, round_index: int) -> list[str]:
        """Who chooses trumps (or leads) next round, and why: the most tricks, or a cut."""
        names = game.names
        rounds = game.rounds
        log = rounds[round_index]
        nxt = rounds[round_index + 1] if round_index + 1 < len(rounds) else None
        top = max(log.tricks_won)
        tied = [s for s in range(game.n) if log.tricks_won[s] == top]
        chooser = nxt.cut_winner if nxt is not None and nxt.cut_winner is not None else None
        if chooser is None and len(tied) == 1:
            chooser = tied[0]
        if chooser is None:
            return [
                sentence(
                    _(
                        "{names} tied for the most tricks ({k} each): a cut decides who "
                        "chooses trumps"
                    ).format(names=join(names[s] for s in tied), k=top)
                )
            ]
        lines = []
        if len(tied) > 1:
            lines.append(
                sentence(
                    _(
                        "{names} tied for the most tricks ({k} each), and the cut went to {name}"
                    ).format(names=join(names[s] for s in tied), k=top, name=names[chooser])
                )
            )
        # After a tie the cut, not the count, made the chooser: saying they "took the
        # most tricks" would contradict the sentence just above.
        if len(tied) > 1 and game.rules.fixed_trump:
            text = _("So {name} leads next round; trumps stay")
        elif len(tied) > 1:
            text = _("So {name} chooses trumps and leads next round")
        elif game.rules.fixed_trump:
            text = _("{name} took the most tricks ({k}), so {name} leads next round; trumps stay")
        else:
            text = _(
                "{name} took the most tricks ({k}), so {name} chooses trumps and leads next round"
            )
        lines.append(sentence(text.format(name=names[chooser], k=top)))
        return lines
