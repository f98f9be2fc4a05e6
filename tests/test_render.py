"""SVG rendering: cards, hands, tricks and tables (kowhist_teach.pictures.svg).

As python-chess tests ``chess.svg``, these assert on substrings of the SVG and on its
parsed XML: ranks and suits present, colours, the four-colour deck, a face-down card
that gives nothing away, spoken names, and — over many random positions of both games,
dogs and knocked-out players included — that a table shows exactly the cards it should.
"""

from __future__ import annotations

import gettext
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from helpers import fast
from hypothesis import given
from hypothesis import strategies as st

from kowhist_teach import i18n
from kowhist_teach.core.cards import ALL_CARDS, Card, CardSet, Suit, parse_card
from kowhist_teach.core.registry import GameSpec, specs
from kowhist_teach.core.tricks import Trick
from kowhist_teach.games.german.engine import GermanGame, GermanRules
from kowhist_teach.games.knockout.engine import KnockoutGame, Rules, Status
from kowhist_teach.pictures import draw
from kowhist_teach.pictures import svg as render
from kowhist_teach.pictures.cards import card_element
from kowhist_teach.pictures.svg import (
    SvgStr,
    card_name,
    card_svg,
    data_uri,
    hand_svg,
    html_page,
    install_repr_hooks,
    table_svg,
    trick_svg,
)

NS = "{http://www.w3.org/2000/svg}"
RED, BLACK, BLUE, GREEN = "#cc0000", "#111111", "#0047b3", "#00702e"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def hand_counts(root: ET.Element) -> dict[int, tuple[int, int]]:
    """Seat -> (face-up cards, face-down cards) in that seat's hand on a table."""
    out: dict[int, tuple[int, int]] = {}
    for g in root.iter(NS + "g"):
        if "kwr-hand" in classes(g):
            cards = [c for c in g if c.tag == NS + "svg"]
            up = sum("kwr-card" in classes(c) for c in cards)
            down = sum("kwr-back" in classes(c) for c in cards)
            out[int(g.get("data-seat", "-1"))] = (up, down)
    return out


def trick_cards(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter(NS + "svg") if "kw-trick" in classes(el)]


# ------------------------------------------------------------------ cards
@pytest.mark.parametrize("card", ALL_CARDS, ids=[c.code for c in ALL_CARDS])
def test_every_card_shows_rank_suit_and_name(card: Card) -> None:
    svg = card_svg(card)
    root = parse(svg)
    texts = [t.text for t in root.iter(NS + "text")]
    assert card.rank.code in texts
    assert any(t and t.startswith(card.suit.symbol) for t in texts)
    # Spoken name: a <title> first, and the aria-label, on an element with role="img".
    assert root[0].tag == NS + "title" and root[0].text == card_name(card)
    assert root.get("aria-label") == card_name(card) and root.get("role") == "img"
    assert root.get("data-card") == card.code
    assert "DejaVu Sans" in root.get("font-family", "")
    ink = RED if card.suit.is_red else BLACK
    assert f'fill="{ink}"' in svg
    assert f'fill="{BLACK if card.suit.is_red else RED}"' not in svg


def test_card_names() -> None:
    assert card_name(Card("QS")) == "queen of spades"
    assert card_name(Card("10H")) == "ten of hearts"
    assert card_name(Card("AD")) == "ace of diamonds"
    assert card_name(Card("2C")) == "two of clubs"
    assert "<title>queen of spades</title>" in card_svg("QS")
    assert 'aria-label="queen of spades"' in card_svg("QS")


def test_default_size_and_size_option() -> None:
    root = parse(card_svg("AS"))
    assert (root.get("width"), root.get("height")) == ("90", "126")
    assert root.get("viewBox") == "0 0 90 126"
    big = parse(card_svg("AS", size=180))
    assert (big.get("width"), big.get("height")) == ("180", "252")


def test_ten_fits_its_corner() -> None:
    # "10" is squeezed to a fixed width so that it stays inside a fanned card's corner.
    root = parse(card_svg("10H"))
    tens = [t for t in root.iter(NS + "text") if t.text == "10"]
    assert tens and all(t.get("textLength") for t in tens)


def test_four_colour_deck() -> None:
    colours = {"AS": BLACK, "AH": RED, "AD": BLUE, "AC": GREEN}
    for code, ink in colours.items():
        svg = card_svg(code, four_colour=True)
        assert f'fill="{ink}"' in svg, code
        others = set(colours.values()) - {ink}
        assert not any(f'fill="{o}"' in svg for o in others), code
    # Without four_colour, diamonds are red and clubs black.
    assert f'fill="{RED}"' in card_svg("AD") and BLUE not in card_svg("AD")
    assert f'fill="{BLACK}"' in card_svg("AC") and GREEN not in card_svg("AC")


@pytest.mark.parametrize("code", ["QS", "10H", "7D", "AC"])
def test_face_down_gives_nothing_away(code: str) -> None:
    card = Card(code)
    svg = card_svg(card, face_down=True)
    root = parse(svg)
    assert not list(root.iter(NS + "text"))
    assert card.suit.symbol not in svg
    assert card.rank.code not in [t.text for t in root.iter()]
    assert card_name(card) not in svg and card.code not in svg
    assert "face-down card" in svg and "kwr-back" in svg


def test_dimmed_and_highlight() -> None:
    plain, dimmed, lit = card_svg("9H"), card_svg("9H", dimmed=True), card_svg("9H", highlight=True)
    assert 'opacity="0.4"' in dimmed and 'opacity="0.4"' not in plain
    assert "kwr-dimmed" in dimmed
    assert render._GOLD in lit and render._GOLD not in plain
    assert "kwr-highlight" in lit
    # A dimmed card is still readable: rank and suit are drawn, only faded.
    assert "9" in [t.text for t in parse(dimmed).iter(NS + "text")]


def test_title_and_class_options() -> None:
    svg = card_svg("4H", title="four of hearts: you must follow suit", css_class="kw-illegal")
    root = parse(svg)
    assert root.get("aria-label") == "four of hearts: you must follow suit"
    assert root[0].text == "four of hearts: you must follow suit"
    assert "kw-illegal" in classes(root)


def test_card_svg_accepts_codes() -> None:
    assert card_svg("qs") == card_svg(Card("QS"))


def test_words_go_through_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every word is looked up at drawing time: a different catalogue changes them all.
    def shout(text: str) -> str:  # upper case, placeholders kept
        return re.sub(r"(\{[^}]*\})|([^{]+)", lambda m: m[1] or m[2].upper(), text)

    class Shouting(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return shout(message)

    # The pictures' words now come from several modules (and a game's picture hook):
    # the catalogue itself is swapped, so every one of them must go through it.
    monkeypatch.setitem(i18n._state, "tr", Shouting())
    assert card_name(Card("QS")) == "QUEEN OF SPADES"
    assert "<title>QUEEN OF SPADES</title>" in card_svg("QS")
    game = KnockoutGame(players=3, seed=2)
    svg = table_svg(game, seat=0)
    assert "TRICKS: 0" in svg and "ACTIVE" in svg and "TRUMPS: " in svg
    assert "Tricks" not in svg


# ------------------------------------------------------------------ hands
def test_hand() -> None:
    cards = [Card(c) for c in ["AS", "KS", "10H", "3D", "2C"]]
    svg = hand_svg(cards, dimmed={Card("3D")}, highlight={Card("AS")})
    root = parse(svg)
    faces = [el for el in root.iter(NS + "svg") if "kwr-card" in classes(el)]
    assert [el.get("data-card") for el in faces] == ["AS", "KS", "10H", "3D", "2C"]
    assert [("kwr-dimmed" in classes(el)) for el in faces] == [0, 0, 0, 1, 0]
    assert [("kwr-highlight" in classes(el)) for el in faces] == [1, 0, 0, 0, 0]
    assert "ace of spades" in root.get("aria-label", "")
    # Each card's left edge 0.55 card widths after the last: the corner index shows.
    assert [float(el.get("x", "0")) for el in faces] == pytest.approx([i * 49.5 for i in range(5)])
    assert float(root.get("width", "0")) == pytest.approx(90 + 4 * 49.5)


def test_hand_of_backs_and_empty_hand() -> None:
    svg = hand_svg([], hidden=3)
    assert svg.count('class="kwr-back"') == 3 and "kwr-card" not in svg
    assert "3 face-down cards" in svg
    face_down = hand_svg(["AS", "2H"], face_down=True)
    assert face_down.count("kwr-back") == 2 and "♠" not in face_down
    empty = parse(hand_svg([]))
    assert "no cards" in (empty.get("aria-label") or "")
    assert hand_svg(CardSet("AS KH")) == hand_svg(["AS", "KH"])


def test_hand_titles() -> None:
    svg = hand_svg(["AS", "4H"], titles={Card("4H"): "four of hearts: follow suit"})
    assert "four of hearts: follow suit" in svg and "<title>ace of spades</title>" in svg


# ----------------------------------------------------------------- tricks
def sample_trick() -> Trick:
    t = Trick(leader=1, trump=Suit.DIAMONDS)
    for seat, code in [(1, "AS"), (2, "3S"), (3, "2D"), (0, "KS")]:
        t.add(seat, Card(code))
    return t


def test_trick() -> None:
    svg = trick_svg(sample_trick(), ["Ann", "Bo", "Cy", "Di"])
    root = parse(svg)
    cards = trick_cards(root)
    assert [c.get("data-card") for c in cards] == ["AS", "3S", "2D", "KS"]
    lit = [c.get("data-card") for c in cards if "kwr-highlight" in classes(c)]
    assert lit == ["2D"]  # the trump wins
    assert not any("kw-card" in classes(c) for c in cards)
    assert "Bo led" in svg and "★ Di" in svg
    assert "Trumps: diamonds" in svg
    assert "Di: two of diamonds, winning" in svg
    assert "Di: two of diamonds, won the trick" in trick_svg(
        sample_trick(), ["Ann", "Bo", "Cy", "Di"], finished=True
    )


def test_trick_places_cards_round_the_viewer() -> None:
    # Viewer at the bottom; play goes clockwise: the next seat on the left, then the top.
    root = parse(trick_svg(sample_trick(), ["Ann", "Bo", "Cy", "Di"], viewer=0))
    pos = {
        c.get("data-card"): (float(c.get("x", "0")), float(c.get("y", "0")))
        for c in trick_cards(root)
    }
    ann, bo, cy, di = pos["KS"], pos["AS"], pos["3S"], pos["2D"]
    assert ann[1] > cy[1] and bo[0] < di[0]  # Ann below Cy, Bo left of Di
    assert bo[0] < ann[0] < di[0]


def test_trick_without_names_and_empty_trick() -> None:
    svg = trick_svg(sample_trick())
    assert "Player 2 led" in svg
    empty = trick_svg(Trick(leader=0, trump=None))
    parse(empty)
    assert "kw-trick" not in empty and "no cards yet" in empty


# ------------------------------------------------------------- repr hooks
def test_repr_hooks() -> None:
    install_repr_hooks()  # again: harmless
    for obj in [
        Card("QS"),
        CardSet("AS KH"),
        sample_trick(),
        KnockoutGame(players=4, seed=1),
        GermanGame(seed=1),
    ]:
        svg = obj._repr_svg_()  # type: ignore[union-attr]
        assert isinstance(svg, SvgStr) and svg._repr_svg_() is svg
        parse(svg)
    assert "queen of spades" in Card("QS")._repr_svg_()  # type: ignore[attr-defined]
    # The hook is a class attribute: instances stay slotted.
    assert not hasattr(Card("QS"), "__dict__")


def test_render_imports_no_widgets() -> None:
    code = (
        "import sys, kowhist_teach.pictures.svg; "
        "assert not [m for m in sys.modules if m.startswith(('ipywidgets', 'IPython'))]"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ----------------------------------------------------------------- tables
def random_knockout(rng: random.Random) -> KnockoutGame:
    dogs = rng.random() < 0.8
    rules = Rules(
        dogs_chance=dogs,
        blind_dog=dogs and rng.random() < 0.3,
        reentry=rng.random() < 0.2,
        no_picture_redeal=rng.random() < 0.2,
        rainbow=rng.random() < 0.2,
        eliminated_vote_trump=rng.random() < 0.2,
    )
    n = rng.randint(2, 7)
    players: int | list[str] = n if rng.random() < 0.7 else [f"<P{i}&>" for i in range(n)]
    game = KnockoutGame(players=players, rules=rules, seed=rng.randrange(10**6))
    for _ in range(rng.randrange(80)):
        if game.outcome() is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def check_knockout_table(game: KnockoutGame, seat: int | None, show_all: bool) -> None:
    svg = table_svg(game, seat=seat, show_all=show_all)
    root = parse(svg)
    counts = hand_counts(root)
    view = game.view(seat) if seat is not None else None
    for s in range(game.n):
        held = game.hands[s].bit_count()
        if show_all:
            want = (held, 0)
        elif view is not None and s == seat:
            want = (len(view.hand), view.hidden_cards)
        else:
            want = (0, held)
        assert counts.get(s, (0, 0)) == want, (s, seat, show_all)
        panel = [
            g
            for g in root.iter(NS + "g")
            if "kwr-seat" in classes(g) and g.get("data-seat") == str(s)
        ]
        assert len(panel) == 1
        label = panel[0].get("aria-label", "")
        status = {
            Status.ACTIVE: "active",
            Status.DOG: "dog",
            Status.BLIND_DOG: "blind dog",
            Status.OUT: "out",
        }[game.status[s]]
        assert game.names[s] in label and status in label
        assert f"Tricks: {game.tricks_won[s]}" in label
        assert ("kwr-to-move" in classes(panel[0])) == (s == game.to_move)
    on_table = trick_cards(root)
    if game.trick is not None and game.trick.plays:
        assert [c.get("data-card") for c in on_table] == [c.code for _s, c in game.trick.plays]
    if game.trump is not None:
        assert "Trumps: " in svg
    turn_up = [el for el in root.iter(NS + "svg") if "kwr-turn-up" in classes(el)]
    assert len(turn_up) == (1 if game.turn_up is not None else 0)


def test_knockout_tables_over_random_positions() -> None:
    rng = random.Random(2024)
    seen: set[Status] = set()
    for _ in range(50):
        game = random_knockout(rng)
        seen.update(game.status)
        for seat in [None, *range(game.n)]:
            check_knockout_table(game, seat, show_all=False)
        check_knockout_table(game, rng.randrange(game.n), show_all=True)
    # The positions drawn included dogs and knocked-out players.
    assert {Status.DOG, Status.OUT} <= seen


def test_knockout_table_marks_dogs_and_out() -> None:
    rng = random.Random(5)
    for _ in range(400):
        game = random_knockout(rng)
        if Status.DOG in game.status and Status.OUT in game.status and not game.is_over():
            break
    else:
        pytest.fail("no position with a dog and a knocked-out player")
    svg = table_svg(game, show_all=True)
    assert ">dog<" in svg and ">out<" in svg


def test_knockout_table_facts() -> None:
    game = KnockoutGame(players=["Ann", "Bo", "Cy", "Di"], seed=1)
    svg = table_svg(game, seat=0)
    assert "Round 1: 7 cards" in svg and "turn-up" in svg
    assert f"Trumps: {render._suit_names()[game.trump]}" in svg  # type: ignore[index]
    assert f"{game.names[game.to_move]} to play" in svg  # type: ignore[index]
    assert "dealer" in svg
    root = parse(svg)
    assert root.get("width") == "1200" and root.get("viewBox") == "0 0 1200 840"
    small = parse(table_svg(game, seat=0, width=600))
    assert small.get("width") == "600" and small.get("height") == "420"
    assert small.get("viewBox") == "0 0 1200 840"
    # Seven players get a taller table.
    assert parse(table_svg(KnockoutGame(players=7, seed=1))).get("height") == "1000"


def test_knockout_finished_game_shows_winner_and_last_trick() -> None:
    rng = random.Random(3)
    game = KnockoutGame(players=3, seed=8)
    while game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    svg = table_svg(game, show_all=True)
    winner = game.names[game.outcome().winner]  # type: ignore[union-attr]
    assert f"{winner} wins the game" in svg and "Last trick" in svg
    assert len(trick_cards(parse(svg))) >= 2


def test_knockout_table_names_are_escaped() -> None:
    game = KnockoutGame(players=["<b>Ann</b>", "Bo & Co"], seed=3)
    svg = table_svg(game, show_all=True)
    assert "&lt;b&gt;Ann" in svg and "Bo &amp; Co" in svg
    parse(svg)


def random_german(rng: random.Random) -> GermanGame:
    rules = GermanRules(
        open_stock=rng.choice([1, 1, 2, 3, 26]),
        no_trumps=rng.random() < 0.2,
        scoring=rng.choice(["all26", "last13"]),
    )
    game = GermanGame(rules=rules, seed=rng.randrange(10**6))
    for _ in range(rng.randrange(60)):
        if game.outcome() is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_german_tables_over_random_positions() -> None:
    rng = random.Random(7)
    for _ in range(40):
        game = random_german(rng)
        for seat in (None, 0, 1):
            for show_all in (False, True):
                svg = table_svg(game, seat=seat, show_all=show_all)
                root = parse(svg)
                counts = hand_counts(root)
                for s in (0, 1):
                    held = len(game.hand(s))
                    if show_all or s == seat:
                        want = (held, 0)
                    elif seat is not None:
                        known = len(game.view(seat).opponent_known)
                        want = (known, held - known)
                    else:
                        want = (0, held)
                    assert counts.get(s, (0, 0)) == want
                face_up = [el for el in root.iter(NS + "svg") if "kwr-face-up" in classes(el)]
                assert [c.get("data-card") for c in face_up] == [c.code for c in game.face_up]
                assert f"Stock: {len(game.stock)}" in svg


def test_german_table_facts() -> None:
    game = GermanGame(seed=4, players=["Ann", "Bo"])
    svg = table_svg(game, seat=0)
    assert "Phase 1 of 2" in svg and "Stock: 26" in svg
    assert "the trick winner takes it" in svg
    assert card_name(game.stock[0]) in svg
    assert "German Whist table" in svg
    rng = random.Random(1)
    while game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    done = table_svg(game, seat=0)
    assert "Phase 2 of 2" in done and "Last trick" in done
    out = game.outcome()
    assert out is not None
    assert ("A drawn hand" in done) if out.winner is None else (" wins: " in done)


def test_table_rejects_other_objects() -> None:
    with pytest.raises(TypeError):
        table_svg("not a game")  # type: ignore[arg-type]


# ------------------------------------------------------------------- html
def test_html_helpers() -> None:
    uri = data_uri(card_svg("AS"))
    assert uri.startswith("data:image/svg+xml;base64,")
    page = html_page(card_svg("AS"), table_svg(GermanGame(seed=1)), title="A & B")
    assert page.startswith("<!DOCTYPE html>") and "<title>A &amp; B</title>" in page
    assert page.count("<div>") == 2 and 'charset="utf-8"' in page


def test_someone_elses_face_down_hand_is_heard_as_one_line() -> None:
    """Issue 24: an opponent's hand of backs is one picture ("Bot 1: 5 cards, face
    down"), its backs hidden from assistive technology; the viewer's own back (a blind
    dog's card, which they play) is not hidden."""
    rng = random.Random(24)
    checked = 0
    for _ in range(25):
        game = random_knockout(rng)
        for seat in range(game.n):
            root = parse(table_svg(game, seat=seat))
            for g in root.iter(NS + "g"):
                if "kwr-hand" not in classes(g):
                    continue
                s = int(g.get("data-seat", "-1"))
                backs = [c for c in g if "kwr-back" in classes(c)]
                faces = [c for c in g if "kwr-card" in classes(c)]
                if s == seat:
                    assert all(c.get("aria-hidden") is None for c in backs)
                    continue
                assert all(c.get("aria-hidden") == "true" for c in backs)
                if backs and not faces:
                    n = len(backs)
                    word = "card" if n == 1 else "cards"
                    assert g.get("role") == "img"
                    assert g.get("aria-label") == f"{game.names[s]}: {n} {word}, face down"
                    checked += 1
    assert checked >= 50, checked
    # The viewer's own back (a blind dog's card): theirs to play, so theirs to hear.
    from kowhist_teach.pictures.seats import seat_panel

    svg = ET.Element("svg")
    seat_panel(
        svg,
        600,
        600,
        0,
        "Ann",
        face_up=[],
        hidden=1,
        size=90,
        spread=50,
        badges=[],
        tricks=0,
        to_move=True,
        faded=False,
        four_colour=False,
        own=True,
    )
    hand = next(g for g in svg.iter("g") if "kwr-hand" in classes(g))
    assert hand.get("role") is None and hand.get("aria-label") == "Hand of Ann: 1 face-down cards"
    assert [c.get("aria-hidden") for c in hand] == [None]


def test_a_face_down_hand_in_french() -> None:
    from kowhist_teach.pictures.hands import hand_group

    i18n.set_language("fr")
    try:
        from kowhist_teach.pictures.seats import seat_panel

        svg = ET.Element("svg")
        seat_panel(
            svg,
            600,
            100,
            1,
            "Bot 1",
            face_up=[],
            hidden=1,
            size=60,
            spread=33,
            badges=[],
            tricks=0,
            to_move=False,
            faded=False,
            four_colour=False,
        )
        hand = next(g for g in svg.iter("g") if "kwr-hand" in classes(g))
        assert hand.get("aria-label") == "Bot 1\u202f: 1 carte, face cachée"
    finally:
        i18n.set_language("en")
    assert hand_group([], 0, 0, 60, 20, hidden=2).get("role") is None  # unlabelled: as before


def test_the_stocks_backs_are_said_once_by_its_label() -> None:
    """Issue 24: German Whist's stock is heard as its label ("Stock: 26 cards; face up:
    …"), not as a dozen "face-down card"s."""
    for projector in (False, True):  # the projector's table draws its own stock box
        root = parse(table_svg(GermanGame(seed=1), seat=0, projector=projector))
        stock = next(g for g in root.iter(NS + "g") if "kwr-stock" in classes(g))
        backs = [c for c in stock if "kwr-back" in classes(c)]
        assert (stock.get("aria-label") or "").startswith("Stock: 26 cards")
        assert backs and all(b.get("aria-hidden") == "true" for b in backs), projector
        # Every back on the table is hidden from assistive technology.
        hidden = [b for b in root.iter(NS + "svg") if "kwr-back" in classes(b)]
        assert all(b.get("aria-hidden") == "true" for b in hidden), projector


def _written_by_elementtree(svg: ET.Element) -> str:
    return ET.tostring(svg, encoding="unicode")


@pytest.mark.parametrize(
    "game_spec", [s for s in specs() if "picture" in s.hooks], ids=lambda s: s.name
)
def test_a_table_is_written_as_elementtree_writes_it(game_spec: GameSpec) -> None:
    """The pictures' own XML writer (draw.finish, with each card's face written once)
    writes the table at every move of a game of each kind (its first 120), seen from a
    seat drawn at random or face up, four-colour or not, and in projector mode,
    character for character as ElementTree does."""
    from kowhist_teach.pictures.table import draw_table, said_to_the_student

    rng = random.Random(game_spec.name)
    game = game_spec.new_game(seed=7)
    hook = game_spec.picture
    tables = 0
    while not game.is_over() and tables < 120:
        seat = rng.choice([None, *range(game.n)])
        table = said_to_the_student(game, seat, hook.table(game, seat, seat is None))
        for projector in (False, True):
            svg = draw_table(table, four_colour=bool(tables % 2), projector=projector)
            assert draw.finish(svg) == _written_by_elementtree(svg)
        game.play(rng.choice(game.legal_moves()))
        tables += 1
    assert tables >= 10


# Any character XML allows, and those it must escape more often than chance would give.
_WORDS = st.characters(
    blacklist_categories=("Cs", "Cc"), whitelist_characters="&<>\"'\t\n\r"
) | st.sampled_from('&<>"\t\n\r')


@fast(300)
@given(st.text(_WORDS, max_size=30), st.text(_WORDS, max_size=30))
def test_any_words_are_escaped_as_elementtree_escapes_them(words: str, label: str) -> None:
    """Text and attribute values with &, <, >, quotes, tabs, newlines and returns in
    them come out escaped as ElementTree escapes them (an attribute's newline stays one
    when the picture is read back)."""
    svg = draw.svg_root(100, 40, label)
    draw.put_text(svg, 10, 20, words, 12, extra_class=words)
    svg.append(card_element(parse_card("QH"), 20, 0, 30, title=label))
    written = draw.finish(svg)
    assert written == _written_by_elementtree(svg)
    back = ET.fromstring(written)
    assert back.get("aria-label") == label


def test_what_the_writer_does_not_know_is_left_to_elementtree() -> None:
    """A comment or a namespaced tag is written by ElementTree itself; a value that is
    not a string fails as ElementTree fails, saying why."""
    svg = draw.svg_root(10, 10, "odd")
    svg.append(ET.Comment(" a note "))
    ET.SubElement(svg, "{http://www.w3.org/1999/xlink}a", {"href": "#x"})
    assert draw.finish(svg) == _written_by_elementtree(svg)
    bad = draw.svg_root(10, 10, "bad")
    ET.SubElement(bad, "rect", {"width": 5})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="cannot serialize 5"):
        draw.finish(bad)
