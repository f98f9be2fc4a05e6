"""The registry: game name → the game's :class:`GameSpec` (its engine class, its rules
and the hooks every layer above asks).

Each game package registers itself at its bottom, as OpenSpiel's games do with
``REGISTER_SPIEL_GAME``; everything above the games (records, the command line, the
teaching layer, the pictures, the widgets, the app) looks a game up here and never
names a game class.

>>> import kowhist_teach
>>> from kowhist_teach.core.registry import spec, spec_of, game_names
>>> "knockout" in game_names()
True
>>> ko = spec("knockout")
>>> game = ko.new_game(players=3, seed=1)
>>> spec_of(game) is ko, ko.players
(True, (2, 7))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import _
from .errors import SetupError
from .partnerships import Partnerships, declared

__all__ = [
    "GameSpec",
    "CAPABILITIES",
    "register",
    "unregister",
    "spec",
    "spec_of",
    "game_names",
    "specs",
]


@dataclass(eq=False)
class GameSpec:
    """What a game says about itself, and the hooks the layers above call.

    The engine (``game``, ``rules``) is required; each hook is an object a game
    package fills in from its own modules (record, teaching, picture, bots …), so the
    layers above ask ``spec_of(game).teaching.explain_moves(game, seat)`` instead of
    asking which game they hold.
    """

    #: The record's ``"game"`` value and the command line's ``--game``.
    name: str
    #: The game's name in English, as a catalogue msgid (translated where shown).
    title: str
    #: The engine class: ``game(players=…, rules=…, seed=…, first_dealer=…)``.
    game: type
    #: The rule options (a frozen dataclass with ``from_dict``/``to_dict``).
    rules: type
    #: The fewest and most players.
    players: tuple[int, int]
    # The game's capabilities, declared here once (as OpenSpiel's ``GameType`` does):
    # the layers above read them to choose a table, a word, a chart, and never probe
    # the engine or the hooks for them nor ask which game they hold.

    #: Seats play in fixed partnerships: which seats play together
    #: (:class:`~kowhist_teach.core.partnerships.Partnerships`; ``True`` reads as
    #: ``OPPOSITE``, 0 & 2 against 1 & 3), or ``None``: scores and results by side,
    #: every word of a side (asked of it) and the family's table.
    partnerships: Partnerships | None = None
    #: Seats call before the cards (bids, a contract, trumps named): the family's
    #: table seats the student, with the calls as buttons and a bidding box.
    auction: bool = False
    #: A stock that trick winners take from (German Whist): the stock table, what
    #: each hand took (``ui.stock_taken``), the chart by phase, a "hand" of play.
    stock: bool = False
    #: A hand no player holds, played by a seat (German Whist for three's dummy): the
    #: engine names every hand (``game.hand_names``) and the ``ui`` hook says which
    #: hand a seat plays now (``ui.controlled_hand``).
    dummy: bool = False
    #: The lengths of a match the game offers (``(1, 3, 5)``: one hand, best of 3 or
    #: 5), started by ``ui.new_game(spec, match, …)``; ``()``: no matches.
    matches: tuple[int, ...] = ()
    #: Played in rounds of shrinking hands that knock players out (Knock-Out Whist):
    #: the engine keeps ``rounds`` and the ``round`` in play, the round chart shows
    #: them and the end of a round is told.
    rounds: bool = False
    #: The card play can be analysed with every card visible (the ``bots`` hook's
    #: ``analyse``): the hint's analysis, ``review``, ``explain --analyse``.
    analysis: bool = False
    #: The hooks, by layer: filled in by the game's package (see docs/architecture.md).
    hooks: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.partnerships = declared(self.partnerships)

    def __getattr__(self, name: str) -> Any:
        # A hook reads like an attribute: spec.teaching, spec.record, spec.picture …
        hooks = self.__dict__.get("hooks", {})
        if name in hooks:
            return hooks[name]
        raise AttributeError(f"{self.__dict__.get('name')!r} has no hook {name!r}")

    def capabilities(self) -> dict[str, Any]:
        """The capabilities the game declares, by name (:data:`CAPABILITIES`).

        >>> import kowhist_teach
        >>> spec("german").capabilities()
        {'partnerships': None, 'auction': False, 'stock': True, 'dummy': False, \
'matches': (1, 3, 5), 'rounds': False, 'analysis': True}
        """
        return {name: getattr(self, name) for name in CAPABILITIES}

    def has(self, hook: str) -> bool:
        """Whether the game provides ``hook``."""
        return hook in self.hooks

    def display_name(self) -> str:
        """The game's name in the current language."""
        return _(self.title)

    def new_game(
        self,
        players: int | None = None,
        rules: Any = None,
        seed: int | None = None,
        first_dealer: int = 0,
    ) -> Any:
        """A new game of this kind (``players`` defaults to the fewest the game allows
        when it has a fixed count, else 4)."""
        if players is None:
            low, high = self.players
            players = low if low == high else max(low, min(4, high))
        return self.game(players=players, rules=rules, seed=seed, first_dealer=first_dealer)


#: The capability fields of :class:`GameSpec`, in the order they are declared.
CAPABILITIES = ("partnerships", "auction", "stock", "dummy", "matches", "rounds", "analysis")

_SPECS: dict[str, GameSpec] = {}


def register(game_spec: GameSpec, **hooks: Any) -> GameSpec:
    """Add a game (or more hooks to one already there); returns its spec.

    The engine class gets the spec as ``spec``, so ``type(game).spec`` finds it.
    """
    known = _SPECS.get(game_spec.name)
    if known is not None and known is not game_spec:
        raise SetupError(f"two games are registered as {game_spec.name!r}")
    _SPECS[game_spec.name] = game_spec
    game_spec.hooks.update(hooks)
    game_spec.game.spec = game_spec
    return game_spec


def unregister(name: str) -> None:
    """Take the game ``name`` out of the registry (a test's own game, when the test
    is over); nothing happens when no game has that name.

    >>> unregister("no such game")
    """
    game_spec = _SPECS.pop(name, None)
    if game_spec is not None and game_spec.game.__dict__.get("spec") is game_spec:
        del game_spec.game.spec


def spec(name: str) -> GameSpec:
    """The game registered as ``name``; a one-line :class:`SetupError` if none is."""
    try:
        return _SPECS[name]
    except (KeyError, TypeError):
        raise SetupError(
            _("unknown game {game!r}: this version plays {known}").format(
                game=name, known=", ".join(_SPECS)
            )
        ) from None


def spec_of(game: Any) -> GameSpec:
    """The spec of a game object (or of a game class)."""
    cls = game if isinstance(game, type) else type(game)
    found = getattr(cls, "spec", None)
    if not isinstance(found, GameSpec):
        raise SetupError(f"{cls.__name__} is not a registered game")
    return found


def game_names() -> list[str]:
    """Every registered game's name, in the order they were registered."""
    return list(_SPECS)


def specs() -> list[GameSpec]:
    """Every registered game's spec, in the order they were registered."""
    return list(_SPECS.values())
