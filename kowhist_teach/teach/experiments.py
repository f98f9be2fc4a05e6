"""Put a strategy tip to the test: :func:`compare` plays the same deals twice, once
with a bot that follows the tips and once with a bot that does something else
whenever one tip applies, and says what the difference is worth.

The result carries the difference between the two bots with its 95 % interval, and
words chosen from that interval only: "the tip helps" when the whole interval is
above zero, "the tip hurts" when it is all below, "no measurable difference"
otherwise.  Lesson 07 prints these; ``tests/test_experiments.py`` checks that every
printed claim follows from the interval printed beside it.

>>> result = compare("choose_longest_suit", "any_suit", games=40)
>>> result.games, result.measure
(40, 'games_won')
>>> result.verdict in ("helps", "hurts", "none")
True
>>> (result.verdict == "helps") == (result.low > 0)
True

Alternatives (``instead``): ``"highest"`` (the highest card, trumps counted highest),
``"lowest"``, ``"any_suit"`` and ``"shortest_suit"`` (when choosing trumps),
``"play_now"`` (a dog plays its card at once), ``"random"`` (any legal move).  The
tip ``"all"`` with ``instead="random"`` pits the tip-follower against a bot that
plays every move at random.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.cards import SUIT_MASK, Rank
from ..core.registry import spec
from ..core.words import labelled
from ..i18n import N_, _, ngettext
from ..i18n.formats import count, interval, percent, signed
from .bots import RandomBot, RulesBot
from .tips import tips_for

__all__ = [
    "Comparison",
    "compare",
    "best_trump_survival",
    "ALTERNATIVES",
    "MEASURES",
    "DEFAULT_MEASURE",
    "TRUMP_KINDS",
]

#: What is counted, by name: the words shown for it.
MEASURES = {
    "games_won": N_("games won"),
    "rounds_survived": N_("rounds survived"),
    "dogs_back": N_("dogs who came back"),
}

#: The measure each tip is about, when none is given.
DEFAULT_MEASURE = {
    "all": "games_won",
    "one_trick_enough": "rounds_survived",
    "safe_save_high": "games_won",
    "keep_top_trump": "rounds_survived",
    "choose_longest_suit": "games_won",
    "dog_wait": "dogs_back",
}

Z95 = 1.96


def _highest(game: Any, rng: random.Random) -> Any:
    trump = game.trump
    return max(game.legal_moves(), key=lambda card: (card.suit == trump, card.rank))


def _lowest(game: Any, rng: random.Random) -> Any:
    trump = game.trump
    return min(game.legal_moves(), key=lambda card: (card.suit == trump, card.rank))


def _suit_count(game: Any, call: Any) -> int:
    return sum(card.suit == call.suit for card in game.hand(game.to_move))


def _any_suit(game: Any, rng: random.Random) -> Any:
    return rng.choice(game.legal_moves())


def _shortest_suit(game: Any, rng: random.Random) -> Any:
    return min(game.legal_moves(), key=lambda call: _suit_count(game, call))


def _play_now(game: Any, rng: random.Random) -> Any:
    return game.legal_moves()[0]  # a dog's card; its other move is "pass"


#: The alternatives to a tip: name → (words shown, how the move is chosen).
ALTERNATIVES: dict[str, tuple[str, Callable[[Any, random.Random], Any]]] = {
    "highest": (N_("plays its highest card"), _highest),
    "lowest": (N_("plays its lowest card"), _lowest),
    "any_suit": (N_("calls any suit"), _any_suit),
    "shortest_suit": (N_("calls its shortest suit"), _shortest_suit),
    "play_now": (N_("plays its card at once"), _play_now),
    "random": (N_("plays at random"), _any_suit),
}


class _IgnoresTip:
    """A rules bot that plays the alternative whenever ``tip`` applies (and there is
    a choice to make)."""

    def __init__(self, tip: str, instead: str, seed: int) -> None:
        self.tip = tip
        self.instead = ALTERNATIVES[instead][1]
        self.rng = random.Random(seed)
        self.rules = RulesBot(seed)

    def __call__(self, game: Any) -> Any:
        if len(game.legal_moves()) > 1 and any(t.key == self.tip for t in tips_for(game)):
            return self.instead(game, self.rng)
        return self.rules(game)


def _tester(tip: str, instead: str | None, seed: int) -> Any:
    if instead is None:
        return RulesBot(seed)
    if tip == "all":
        return RandomBot(seed) if instead == "random" else _IgnoresAll(instead, seed)
    return _IgnoresTip(tip, instead, seed)


class _IgnoresAll:
    """Plays the alternative at every choice."""

    def __init__(self, instead: str, seed: int) -> None:
        self.instead = ALTERNATIVES[instead][1]
        self.rng = random.Random(seed)

    def __call__(self, game: Any) -> Any:
        return self.instead(game, self.rng)


def _count(game: Any, measure: str) -> tuple[int, int]:
    """(hits, chances) for seat 0 in one game."""
    if measure == "games_won":
        return int(game.outcome().winner == 0), 1
    rounds = [log for log in game.rounds if log.tricks_won]
    if measure == "rounds_survived":
        mine = [log for log in rounds if len(log.hands[0]) == log.hand_size]
    else:  # dogs_back: a round seat 0 played with one card while the others had more
        mine = [log for log in rounds if len(log.hands[0]) == 1 and log.hand_size > 1]
    return sum(log.tricks_won[0] > 0 for log in mine), len(mine)


def _play(
    tip: str, instead: str | None, games: int, players: int, rules: Any
) -> list[dict[str, tuple[int, int]]]:
    """``games`` games: the tester in seat 0, rules bots in the others; game ``n`` is
    dealt from seed ``n`` whoever plays, so both arms of a comparison see the same
    deals."""
    ko = spec("knockout")
    if ko.has("playout"):
        ko.game(players, rules, seed=0)  # an impossible table fails as on the engine
        # Where the lean core knows the tester, it plays the very same games there.
        if instead is None:
            tester = "rules"
        elif tip == "all":
            tester = "random" if instead == "random" else ""
        else:
            tester = f"rules/{tip}/{instead}"
        names = [tester] + ["rules"] * (players - 1)
        if tester and ko.playout.plays(names):
            return [_lean_counts(ko, players, rules, seed, names) for seed in range(games)]
    results = []
    for seed in range(games):
        bots = [_tester(tip, instead, seed)]
        bots += [RulesBot(seed * 10 + seat) for seat in range(1, players)]
        game = ko.game(players, rules, seed=seed, first_dealer=seed % players)
        while not game.is_over():
            game.play(bots[game.to_move](game))
        results.append({measure: _count(game, measure) for measure in MEASURES})
    return results


def _lean_counts(
    ko: Any, players: int, rules: Any, seed: int, names: list[str]
) -> dict[str, tuple[int, int]]:
    """:func:`_count` of every measure for one game played on the lean core."""
    seeds = [seed] + [seed * 10 + seat for seat in range(1, players)]
    result = ko.playout.play_game(players, rules, seed, seed % players, names, seeds)
    full = [r for r in result.rounds if r.dealt[0].bit_count() == r.hand_size]
    dog = [r for r in result.rounds if r.dealt[0].bit_count() == 1 and r.hand_size > 1]
    return {
        "games_won": (int(result.winner == 0), 1),
        "rounds_survived": (sum(r.tricks_won[0] > 0 for r in full), len(full)),
        "dogs_back": (sum(r.tricks_won[0] > 0 for r in dog), len(dog)),
    }


@dataclass(frozen=True)
class Comparison:
    """The result of :func:`compare`: the two rates, their difference and its 95 %
    interval (all in percentage points), and the verdict the interval allows."""

    #: The tip's key (``"choose_longest_suit"``), or ``"all"``.
    tip: str
    #: The alternative's name (a key of :data:`ALTERNATIVES`).
    instead: str
    #: What was counted (a key of :data:`MEASURES`).
    measure: str
    #: How many deals each bot played.
    games: int
    #: Players at the table.
    players: int
    #: (hits, chances) of the bot that follows the tip, and of the one that does not.
    follows: tuple[int, int]
    ignores: tuple[int, int]
    #: The difference follows − ignores, and its 95 % interval, in percentage points.
    difference: float
    low: float
    high: float

    @property
    def follows_rate(self) -> float:
        """How often the tip-follower scored, in %."""
        hits, chances = self.follows
        return 100 * hits / chances if chances else 0.0

    @property
    def ignores_rate(self) -> float:
        """How often the tip-breaker scored, in %."""
        hits, chances = self.ignores
        return 100 * hits / chances if chances else 0.0

    @property
    def instead_words(self) -> str:
        """What the other bot does, in words ("plays its highest card")."""
        return _(ALTERNATIVES[self.instead][0])

    @property
    def measure_words(self) -> str:
        """What was counted, in words ("games won")."""
        return _(MEASURES[self.measure])

    @property
    def fair_share(self) -> float | None:
        """A player's fair share of games won (100 / players %); None for the other
        measures, which have no such line."""
        return 100 / self.players if self.measure == "games_won" else None

    @property
    def verdict(self) -> str:
        """``"helps"`` when the whole interval is above zero, ``"hurts"`` when it is
        all below, else ``"none"`` (no measurable difference)."""
        if self.low > 0:
            return "helps"
        if self.high < 0:
            return "hurts"
        return "none"

    def verdict_text(self) -> str:
        """The verdict in words, in the chosen language."""
        return {
            "helps": _("the tip helps"),
            "hurts": _("the tip hurts: the other way does better"),
            "none": _("no measurable difference"),
        }[self.verdict]

    def short(self) -> str:
        """The difference, its 95 % interval and the verdict on one line:
        ``+11.2 [+7.4, +15.1]: the tip helps`` (``+11,2 [+7,4; +15,1]`` in Spanish:
        numbers by the language's rules, i18n.formats)."""
        return labelled(
            f"{signed(_tidy(self.difference))} {interval(_tidy(self.low), _tidy(self.high))}",
            self.verdict_text(),
        )

    def __str__(self) -> str:
        # Percentages and differences by the language's rules ("22,0 %", "+16,5"), and
        # the counts behind each rate: rounds, games or dog rounds, which differ from
        # the number of deals and from one bot to the other.
        return ngettext(
            "{measure}: {follows} ({fh} of {fc}) when following the tip, {ignores} "
            "({ih} of {ic}) when it {instead} instead, over the same {games} deal.\n"
            "Difference: {diff} points, 95% interval {low} to {high}: {verdict}.",
            "{measure}: {follows} ({fh} of {fc}) when following the tip, {ignores} "
            "({ih} of {ic}) when it {instead} instead, over the same {games} deals.\n"
            "Difference: {diff} points, 95% interval {low} to {high}: {verdict}.",
            self.games,
        ).format(
            measure=self.measure_words.capitalize(),
            follows=percent(self.follows_rate / 100),
            fh=count(self.follows[0]),
            fc=count(self.follows[1]),
            ignores=percent(self.ignores_rate / 100),
            ih=count(self.ignores[0]),
            ic=count(self.ignores[1]),
            instead=self.instead_words,
            games=count(self.games),
            diff=signed(_tidy(self.difference)),
            low=signed(_tidy(self.low)),
            high=signed(_tidy(self.high)),
            verdict=self.verdict_text(),
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


def _tidy(x: float) -> float:
    """``x`` rounded to one decimal, without a minus sign on zero ("-0.0")."""
    return round(x, 1) + 0.0


def _difference(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> tuple[float, float]:
    """The difference of two rates measured on the same deals, and its standard
    error, both in percentage points.

    Each deal is one unit (the rounds of one game are not independent): the variance
    comes from the linearised per-deal contributions of the two ratio estimates, which
    for one chance per deal is the plain paired difference.
    """
    n = len(a)
    total_a = sum(c for _h, c in a)
    total_b = sum(c for _h, c in b)
    if n < 2 or not total_a or not total_b:
        return 0.0, math.inf
    pa = sum(h for h, _c in a) / total_a
    pb = sum(h for h, _c in b) / total_b
    mean_a, mean_b = total_a / n, total_b / n
    u = [
        (ha - pa * ca) / mean_a - (hb - pb * cb) / mean_b
        for (ha, ca), (hb, cb) in zip(a, b, strict=True)
    ]
    centre = sum(u) / n
    variance = sum((x - centre) ** 2 for x in u) / (n - 1)
    return 100 * (pa - pb), 100 * math.sqrt(variance / n)


def compare(
    tip: str,
    instead: str,
    games: int = 400,
    *,
    measure: str | None = None,
    players: int = 4,
    rules: Any = None,
) -> Comparison:
    """Play ``games`` deals with a tip-follower in seat 0, then the same deals with a
    bot that plays ``instead`` whenever ``tip`` applies; rules bots in the other seats.

    ``tip`` is a tip's key (``"one_trick_enough"``, ``"safe_save_high"``,
    ``"keep_top_trump"``, ``"choose_longest_suit"``, ``"dog_wait"``) or ``"all"``;
    ``instead`` a key of :data:`ALTERNATIVES`; ``measure`` what is counted (default:
    what the tip is about, see :data:`DEFAULT_MEASURE`); ``rules`` the Knock-Out
    Whist rules (default: with the dog's chance, so that dogs can be tested).
    """
    if instead not in ALTERNATIVES:
        raise ValueError(
            _("unknown alternative {name!r}: choose one of {names}").format(
                name=instead, names=", ".join(ALTERNATIVES)
            )
        )
    measure = measure or DEFAULT_MEASURE.get(tip, "games_won")
    if measure not in MEASURES:
        raise ValueError(
            _("unknown measure {name!r}: choose one of {names}").format(
                name=measure, names=", ".join(MEASURES)
            )
        )
    if rules is None:
        rules = spec("knockout").rules(dogs_chance=True)
    base = [counts[measure] for counts in _baseline(games, players, rules)]
    other = [counts[measure] for counts in _play(tip, instead, games, players, rules)]
    difference, error = _difference(base, other)
    return Comparison(
        tip=tip,
        instead=instead,
        measure=measure,
        games=games,
        players=players,
        follows=(sum(h for h, _c in base), sum(c for _h, c in base)),
        ignores=(sum(h for h, _c in other), sum(c for _h, c in other)),
        difference=difference,
        low=difference - Z95 * error,
        high=difference + Z95 * error,
    )


_BASELINES: dict[tuple[int, int, Any], list[dict[str, tuple[int, int]]]] = {}


def _baseline(games: int, players: int, rules: Any) -> list[dict[str, tuple[int, int]]]:
    # The tip-follower's games are the same for every tip: play them once per kernel.
    key = (games, players, rules)
    if key not in _BASELINES:
        _BASELINES[key] = _play("all", None, games, players, rules)
    return _BASELINES[key]


#: The kinds of best trump a player can hold in the 2-card round, best first.
TRUMP_KINDS = (
    N_("ace of trumps"),
    N_("king of trumps"),
    N_("a lower trump"),
    N_("no trump"),
)


def best_trump_survival(deals: int = 400, players: int = 4) -> dict[str, tuple[int, int]]:
    """Deal ``deals`` 2-card rounds to rules bots and count, by the best trump each
    player held, how many players survived: ``{kind: (survived, players)}`` with the
    kinds of :data:`TRUMP_KINDS`, in words of the chosen language."""
    ko = spec("knockout")
    held = {kind: [0, 0] for kind in TRUMP_KINDS}
    if ko.has("playout") and ko.playout.plays(["rules"]):
        # Rules bots only: the lean core plays the very same games.
        for seed in range(deals):
            seeds = [seed * 10 + seat for seat in range(players)]
            result = ko.playout.play_game(
                players, ko.rules(start_hand=2), seed, 0, ["rules"] * players, seeds
            )
            first = result.rounds[0]
            trumps = SUIT_MASK[first.trump] if first.trump >= 0 else 0
            for seat, hand in enumerate(first.dealt):
                mine = hand & trumps
                if not mine:
                    kind = TRUMP_KINDS[3]
                else:
                    rank = (mine.bit_length() - 1) % 13 + 2  # the best trump's pips
                    kind = TRUMP_KINDS[0 if rank == Rank.ACE else 1 if rank == Rank.KING else 2]
                held[kind][0] += first.tricks_won[seat] > 0
                held[kind][1] += 1
        return {_(kind): (survived, total) for kind, (survived, total) in held.items()}
    for seed in range(deals):
        game = ko.game(players, ko.rules(start_hand=2), seed=seed)
        bots = [RulesBot(seed * 10 + seat) for seat in range(players)]
        while not game.is_over():
            game.play(bots[game.to_move](game))
        first = game.rounds[0]
        for seat, hand in enumerate(first.hands):
            ranks = [card.rank for card in hand if card.suit == first.trump]
            best = max(ranks, default=None)
            if best is None:
                kind = TRUMP_KINDS[3]
            else:
                kind = TRUMP_KINDS[0 if best == Rank.ACE else 1 if best == Rank.KING else 2]
            held[kind][0] += first.tricks_won[seat] > 0
            held[kind][1] += 1
    return {_(kind): (survived, total) for kind, (survived, total) in held.items()}
