"""A game's capabilities are declared once, on its spec (core/registry.py), and what a
game declares is what its engine and hooks do: the layers above read the spec and
never probe the engine or the hooks for them (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import kowhist_teach  # noqa: F401  (registers every game)
from kowhist_teach.core.cards import Card
from kowhist_teach.core.errors import SetupError
from kowhist_teach.core.hooks.bots import BotHooks
from kowhist_teach.core.hooks.deal_cli import AuctionCli
from kowhist_teach.core.hooks.ui import (
    AuctionUI,
    DealUI,
    DummyUI,
    GameUI,
    MatchUI,
    StockUI,
    match_score,
    stock_taken,
)
from kowhist_teach.core.partnerships import Partnerships
from kowhist_teach.core.registry import CAPABILITIES, GameSpec, specs
from kowhist_teach.teach.solver import has_analysis

PACKAGE = Path(kowhist_teach.__file__).parent
#: The layers that must read capabilities from the spec.
ABOVE_THE_GAMES = ("teach", "pictures", "widgets", "app.py", "cli", "classroom")

SPECS = specs()


def _ids(s: GameSpec) -> str:
    return s.name


def test_the_spec_declares_every_capability_as_a_field() -> None:
    fields = GameSpec.__dataclass_fields__
    assert set(CAPABILITIES) <= set(fields)
    for s in SPECS:
        caps = s.capabilities()
        assert list(caps) == list(CAPABILITIES)
        flags = {k: v for k, v in caps.items() if k not in ("matches", "partnerships")}
        assert all(isinstance(v, bool) for v in flags.values()), s.name
        assert s.partnerships is None or isinstance(s.partnerships, Partnerships), s.name
        assert all(isinstance(n, int) and n >= 1 for n in s.matches), s.name


@pytest.mark.parametrize("s", SPECS, ids=_ids)
def test_an_auction_means_the_first_move_is_a_call(s: GameSpec) -> None:
    """A game declaring an auction opens each deal with calls; one without opens with
    a card (trumps chosen in Knock-Out's later rounds are no auction)."""
    for seed in range(3):
        first = s.new_game(seed=seed).legal_moves()
        assert all(isinstance(m, Card) for m in first) != s.auction, (s.name, seed)


@pytest.mark.parametrize("s", SPECS, ids=_ids)
def test_partnerships_are_four_seats_scored_by_side(s: GameSpec) -> None:
    if not s.partnerships:
        return
    assert s.players == (4, 4)
    game = s.new_game(seed=2)
    while not game.is_over():
        game.play(game.legal_moves()[0])
    assert game.outcome().by_partnership is True


@pytest.mark.parametrize("s", SPECS, ids=_ids)
def test_a_stock_shows_what_each_hand_took(s: GameSpec) -> None:
    taken = stock_taken(s.new_game(seed=1), 0)
    assert bool(taken) == s.stock, s.name
    if s.stock:
        assert hasattr(s.new_game(seed=1), "dealt_hands")


@pytest.mark.parametrize("s", SPECS, ids=_ids)
def test_a_capability_and_its_ui_mixin_go_together(s: GameSpec) -> None:
    """A game opts into a concern's questions (core/hooks/ui.py) exactly when its spec
    declares the capability; the table of deal-by-deal games asks a DealUI."""
    ui = s.ui
    assert isinstance(ui, GameUI), s.name
    assert isinstance(ui, StockUI) == s.stock, s.name
    assert isinstance(ui, MatchUI) == bool(s.matches), s.name
    assert isinstance(ui, DummyUI) == s.dummy, s.name
    assert isinstance(ui, AuctionUI) == s.auction, s.name
    assert isinstance(s.cli, AuctionCli) == s.auction, s.name
    if s.partnerships or s.auction:
        assert isinstance(ui, DealUI), s.name


@pytest.mark.parametrize("s", SPECS, ids=_ids)
def test_a_dummy_is_a_hand_no_player_holds(s: GameSpec) -> None:
    game = s.new_game(seed=1)
    assert hasattr(game, "hand_names") == s.dummy, s.name
    if s.dummy:
        assert len(game.hand_names) > game.n


@pytest.mark.parametrize("s", SPECS, ids=_ids)
def test_rounds_are_kept_by_the_engine(s: GameSpec) -> None:
    game = s.new_game(seed=1)
    assert isinstance(getattr(game, "round", None), int) == s.rounds, s.name
    assert hasattr(game, "rounds") == s.rounds, s.name


@pytest.mark.parametrize("s", SPECS, ids=_ids)
def test_every_match_length_offered_starts_a_match_and_no_other(s: GameSpec) -> None:
    ui = s.ui if s.has("ui") else GameUI()
    for length in s.matches:
        game = ui.new_game(s, length, seed=1)
        assert game.legal_moves(), (s.name, length)
        assert (match_score(game) is not None) == (length > 1), (s.name, length)
    for length in {2, 3, 7} - set(s.matches):
        with pytest.raises(SetupError):
            ui.new_game(s, length, seed=1)


@pytest.mark.parametrize("s", SPECS, ids=_ids)
def test_an_analysis_is_declared_where_the_bots_hook_has_one(s: GameSpec) -> None:
    own = s.has("bots") and type(s.bots).analyse is not BotHooks.analyse
    assert own == s.analysis, s.name
    assert has_analysis(s.new_game(seed=1)) == s.analysis


#: How a layer above the games would probe for a capability instead of reading the
#: spec: the ui hook's old flags, and the engine's attributes that tell one.
_PROBES = re.compile(
    r"\.(bidding|has_stock|match_lengths|analyses)\b"
    r"|hasattr\([^)]*\"(rounds|round|hand_names|stock|dealt_hands)\"\)"
    r"|getattr\([^)]*\"(rounds|round|hand_names)\""
)


def test_no_layer_above_the_games_probes_for_a_capability() -> None:
    found = []
    for top in ABOVE_THE_GAMES:
        root = PACKAGE / top
        paths = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in paths:
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if _PROBES.search(code):
                    found.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    assert not found, "read the spec's capabilities instead:\n" + "\n".join(found)


def test_no_layer_above_the_games_compares_a_game_name() -> None:
    """``spec.name == "…"`` (or ``kind in ("…", …)``) asks which game it holds."""
    found = []
    names = {s.name for s in SPECS}
    for top in ABOVE_THE_GAMES:
        root = PACKAGE / top
        paths = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in paths:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Compare):
                    consts = [
                        c.value
                        for c in ast.walk(node)
                        if isinstance(c, ast.Constant) and isinstance(c.value, str)
                    ]
                    if names & set(consts):
                        found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not found, "a layer above the games compares a game's name:\n" + "\n".join(found)
