"""SVG tables for the whist family (kowhist_teach.pictures.svg): four seats with partners
opposite, the trick in the middle, trumps, the contract, scores by side or seat, tricks
won, bid whist's kitty and jokers — checked on the parsed XML, over random positions of
every game, for every seat and face up.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from kowhist_teach.core.cards import Card
from kowhist_teach.games.family.bidwhist.engine import BidWhistGame
from kowhist_teach.games.family.engine import FamilyGame, FamilyPhase
from kowhist_teach.games.family.solo.engine import MISERE_OUVERTE, SoloGame
from kowhist_teach.games.family.whist.engine import WhistGame, WhistRules
from kowhist_teach.i18n import set_language
from kowhist_teach.pictures.svg import SvgStr, card_name, card_svg, hand_svg, table_svg, trick_svg

NS = "{http://www.w3.org/2000/svg}"
COMPASS = ["South", "West", "North", "East"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]

HANDS = [
    "AS KS 2S 2H 4H 5H 6H JH 2D 3D 4D 5D 2C",
    "QS JS 10S 8H 9H 10H 6D 7D 8D 3C 4C 5C 6C",
    "9S 8S 7S 7H QH KH 9D 10D JD 7C 8C 9C 10C",
    "6S 5S 4S 3S 3H AH QD KD AD JC QC KC AC",
]
BW_HANDS = [
    "7H 6H 5H 8S 7S 6S 10D JD QD QC KC AC",
    "BJ AH KH QH 2S 3S 4S 2D 3D 2C 3C 4C",
    "LJ JH 10H KS QS JS 4D 5D 6D 5C 6C 7C",
    "9H 8H AS 10S 9S 7D 8D 9D 8C 9C 10C JC",
]
BW_KITTY = "4H 3H 2H 5S KD AD"


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if css in classes(g)]


def hand_counts(root: ET.Element) -> dict[int, tuple[list[str], int]]:
    """Seat -> (the codes of the face-up cards, the number of backs) in that seat's hand."""
    out: dict[int, tuple[list[str], int]] = {}
    for g in groups(root, "kwr-hand"):
        cards = [c for c in g if c.tag == NS + "svg"]
        up = [c.get("data-card", "") for c in cards if "kwr-card" in classes(c)]
        down = sum("kwr-back" in classes(c) for c in cards)
        out[int(g.get("data-seat", "-1"))] = (up, down)
    return out


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(NS + "text")]


def whist(actions: str = "") -> WhistGame:
    game = WhistGame(auto_chance=False)
    game.deal([h.split() for h in HANDS], trump_card="2D")
    for move in actions.split():
        game.play(move)
    return game


def bidwhist(actions: str = "") -> BidWhistGame:
    game = BidWhistGame(auto_chance=False)
    game.deal([h.split() for h in BW_HANDS], kitty=BW_KITTY.split())
    for move in actions.split():
        game.play(move)
    return game


# -------------------------------------------------------------------- jokers
@pytest.mark.parametrize("code,name", [("BJ", "big joker"), ("LJ", "little joker")])
def test_joker_faces(code: str, name: str) -> None:
    svg = card_svg(code)
    root = parse(svg)
    assert code in texts(root)
    assert card_name(Card(code)) == name
    assert root.get("aria-label") == name and root.get("data-card") == code
    assert root[0].tag == NS + "title" and root[0].text == name
    # Stars drawn as paths: no font needed for them.
    assert len([p for p in root.iter(NS + "path")]) == 2


def test_jokers_have_colours_of_their_own() -> None:
    inks = {}
    for code in ("BJ", "LJ"):
        root = parse(card_svg(code))
        inks[code] = {t.get("fill") for t in root.iter(NS + "text")}
        assert len(inks[code]) == 1
    assert inks["BJ"] != inks["LJ"]
    suit_inks = {"#111111", "#cc0000", "#0047b3", "#00702e"}
    assert not (inks["BJ"] | inks["LJ"]) & suit_inks
    # The big joker's stars are solid, the little joker's outlined.
    big = [p.get("fill") for p in parse(card_svg("BJ")).iter(NS + "path")]
    little = [p.get("fill") for p in parse(card_svg("LJ")).iter(NS + "path")]
    assert set(big) == inks["BJ"] and set(little) == {"#ffffff"}


def test_face_down_joker_gives_nothing_away() -> None:
    svg = card_svg("BJ", face_down=True)
    root = parse(svg)
    assert "joker" not in svg and "BJ" not in svg
    assert not list(root.iter(NS + "text")) and "kwr-back" in svg


def test_jokers_in_hands_and_tricks() -> None:
    root = parse(hand_svg(["BJ", "LJ", "AS"], dimmed={Card("LJ")}))
    assert [c.get("data-card") for c in root.iter(NS + "svg") if c.get("data-card")] == [
        "BJ",
        "LJ",
        "AS",
    ]
    assert "big joker, little joker, ace of spades" in root.get("aria-label", "")
    game = bidwhist("4 pass pass pass H " + BW_KITTY + " BJ LJ")
    svg = trick_svg(game.trick, game.names)
    assert "Player 2: big joker" in svg and "Player 3: little joker" in svg


# -------------------------------------------------------------------- tables
def check_table(game: FamilyGame, seat: int | None, show_all: bool) -> str:
    svg = table_svg(game, seat=seat, show_all=show_all)
    root = parse(svg)
    assert "kwr-family" in classes(root) and f"kwr-{game.game_name}" in classes(root)
    counts = hand_counts(root)
    view = game.view(seat) if seat is not None else None
    for s in range(4):
        held = [c.code for c in game.hand(s)]
        if show_all or (view is not None and (s == seat or s in view.open_hands)):
            want = (held, 0)
        else:
            want = ([], len(held))
        assert counts.get(s, ([], 0)) == want, (s, seat, show_all)
        panel = [g for g in groups(root, "kwr-seat") if g.get("data-seat") == str(s)]
        assert len(panel) == 1
        label = panel[0].get("aria-label", "")
        assert game.names[s] in label and COMPASS[s] in label
        assert f"Tricks: {game.tricks_won[s]}" in label
        assert ("kwr-to-move" in classes(panel[0])) == (s == game.to_move)
        log = game.log
        if log is not None:
            assert ("dealer" in label.split(", ")) == (s == log.dealer)
    on_table = [el for el in root.iter(NS + "svg") if "kw-trick" in classes(el)]
    if game.trick is not None and game.trick.plays:
        assert [c.get("data-card") for c in on_table] == [c.code for _s, c in game.trick.plays]
    if game.trump is not None:
        assert f"Trumps: {SUITS[game.trump]}" in texts(root)
    # Scores: by partnership (North–South, East–West) or by seat.
    scores = groups(root, "kwr-scores")
    assert len(scores) == 1
    spoken = scores[0].get("aria-label", "")
    if game.by_partnership:
        assert f"North–South: {game.scores[0]}" in spoken
        assert f"East–West: {game.scores[1]}" in spoken
    else:
        for s in range(4):
            assert game.names[s] in spoken
    return svg


@pytest.mark.parametrize(
    "make",
    [
        lambda seed: WhistGame(seed=seed),
        lambda seed: WhistGame(WhistRules(drive=True, drive_no_trump=True), seed=seed),
        lambda seed: SoloGame(seed=seed),
        lambda seed: BidWhistGame(seed=seed),
    ],
    ids=["whist", "drive", "solo", "bidwhist"],
)
def test_tables_over_random_positions(make: Any) -> None:
    rng = random.Random(7)
    for seed in range(6):
        game = make(seed)
        for _ in range(rng.randrange(120)):
            if game.to_move is None:
                break
            game.play(rng.choice(game.legal_moves()))
        for seat in [None, 0, 1, 2, 3]:
            check_table(game, seat, show_all=False)
        check_table(game, rng.randrange(4), show_all=True)


def test_whist_table_facts() -> None:
    game = whist("QS 9S")
    svg = check_table(game, seat=3, show_all=False)
    root = parse(svg)
    # Seat 3 (Player 4) is the one at the bottom and to move: told as "you" (issue 25).
    assert "Your turn to play" in texts(root)
    assert root.get("aria-label") == "Partnership whist table: Your turn to play"
    others = parse(check_table(game, seat=1, show_all=False))
    assert "Player 4 to play" in texts(others)
    turn_up = [el for el in root.iter(NS + "svg") if "kwr-turn-up" in classes(el)]
    assert [el.get("data-card") for el in turn_up] == ["2D"]
    assert "Trumps: diamonds" in texts(root)
    # The partners' compass badges share a colour; the other side has another.
    badges = {
        g.get("data-seat"): [
            r.get("fill") for b in groups(g, "kwr-badge") for r in b.iter(NS + "rect")
        ][0]
        for g in groups(root, "kwr-seat")
    }
    assert badges["0"] == badges["2"] != badges["1"] == badges["3"]
    # The viewer sits at the bottom: seat 3's hand is lower than everyone else's.
    tops = {
        int(g.get("data-seat", "-1")): float(next(g.iter(NS + "svg")).get("y", "0"))
        for g in groups(root, "kwr-hand")
    }
    assert max(tops, key=tops.__getitem__) == 3
    assert min(tops, key=tops.__getitem__) == 1  # the partner, opposite
    assert "Points: 0" in svg and "Games: 0" in svg


def test_finished_game_keeps_its_last_trick() -> None:
    game = WhistGame(WhistRules(drive=True, drive_deals=1), seed=2)
    while game.to_move is not None:
        game.play(game.legal_moves()[0])
    root = parse(table_svg(game, show_all=True))
    assert "Last trick" in texts(root)
    status = root.get("aria-label", "")
    assert status.endswith(("win the game", "The game is a tie"))


def test_solo_table_bidding_and_contract() -> None:
    game = SoloGame(auto_chance=False)
    game.deal([h.split() for h in HANDS], trump_card="2D")
    game.play("prop")
    game.play("pass")
    svg = check_table(game, seat=3, show_all=False)
    root = parse(svg)
    bidding = groups(root, "kwr-bidding")
    assert len(bidding) == 1
    assert bidding[0].get("aria-label") == "Bidding: Player 2: proposal, Player 3: pass"
    assert "Your turn to bid" in texts(root)  # seat 3, at the bottom, is to bid
    # The auction so far, in the engine's words (wrapped to the box).
    assert groups(root, "kwr-contract")[0].get("aria-label") == game.contract_text()
    assert "Player 2" in game.contract_text()
    assert "Trumps: not chosen yet" in texts(root)
    game.play("pass")
    game.play("solo")  # the dealer overcalls with a solo
    game.play("pass")  # and the proposer passes: seat 0 plays solo in diamonds
    root = parse(check_table(game, seat=0, show_all=False))
    assert not groups(root, "kwr-bidding")
    contract = groups(root, "kwr-contract")
    assert contract and "Player 1 plays solo in ♦" in contract[0].get("aria-label", "")
    declarer = [g for g in groups(root, "kwr-seat") if "declarer" in g.get("aria-label", "")]
    assert [g.get("data-seat") for g in declarer] == ["0"]
    spoken = groups(root, "kwr-scores")[0].get("aria-label", "")
    assert "Player 1: 0" in spoken


def test_misere_ouverte_hand_lies_open() -> None:
    game = SoloGame(auto_chance=False)
    game.deal([h.split() for h in HANDS], trump_card="2D")
    game.play(MISERE_OUVERTE)
    for _ in range(3):
        game.play("pass")
    for move in ("3C", "10C", "JC", "2C"):
        game.play(move)
    assert game.open_seats() == [1]
    counts = hand_counts(parse(check_table(game, seat=2, show_all=False)))
    assert counts[1] == ([c.code for c in game.hand(1)], 0)
    assert counts[3] == ([], 12)


def test_bidwhist_kitty_and_discards() -> None:
    game = bidwhist("pass 4L")
    root = parse(check_table(game, seat=0, show_all=False))
    kitty = groups(root, "kwr-kitty")
    assert len(kitty) == 1 and kitty[0].get("aria-label") == "Kitty: 6 cards"
    assert sum("kwr-back" in classes(c) for c in kitty[0].iter(NS + "svg")) == 6
    assert groups(root, "kwr-bidding")[0].get("aria-label") == (
        "Bidding: Player 2: pass, Player 3: 4 downtown"
    )
    face_up = parse(table_svg(game, show_all=True))
    shown = [c.get("data-card") for c in groups(face_up, "kwr-kitty")[0].iter(NS + "svg")]
    assert shown == BW_KITTY.split()
    game = bidwhist("pass 4L pass pass H 5S KD")
    assert game.phase is FamilyPhase.DISCARD
    mine = parse(check_table(game, seat=2, show_all=False))  # the declarer sees them
    cards = [c.get("data-card") for c in groups(mine, "kwr-kitty")[0].iter(NS + "svg")]
    assert cards == ["5S", "KD"]
    theirs = parse(check_table(game, seat=1, show_all=False))
    backs = [c for c in groups(theirs, "kwr-kitty")[0].iter(NS + "svg")]
    assert len(backs) == 2 and all("kwr-back" in classes(c) for c in backs)
    assert "Player 3 discards" in texts(theirs)
    # The declarer's hand: 18 cards less the two discarded, the little joker first.
    hand = hand_counts(mine)[2][0]
    assert len(hand) == 16 and hand[0] == "LJ"


def test_bidwhist_jokers_on_the_table() -> None:
    game = bidwhist("4 pass pass pass H " + BW_KITTY + " BJ")
    root = parse(check_table(game, seat=2, show_all=False))
    trick = [el for el in root.iter(NS + "svg") if "kw-trick" in classes(el)]
    assert [el.get("data-card") for el in trick] == ["BJ"]
    assert "BJ" in texts(root)
    assert "Player 2 bid 4 uptown in ♥: needs 10 books" in " ".join(
        g.get("aria-label", "") for g in groups(root, "kwr-contract")
    )
    spoken = groups(root, "kwr-scores")[0].get("aria-label", "")
    assert "Books: 1" in spoken  # the kitty book


def test_repr_hooks_and_width() -> None:
    for game in (WhistGame(seed=1), SoloGame(seed=1), BidWhistGame(seed=1)):
        svg = game._repr_svg_()  # type: ignore[attr-defined]
        assert isinstance(svg, SvgStr)
        root = parse(svg)
        assert root.get("width") == "900"
        assert len(groups(root, "kwr-seat")) == 4


def test_other_languages_draw() -> None:
    game = bidwhist("pass 4L")
    for lang in ("es", "fr"):
        set_language(lang)
        for g in (game, WhistGame(seed=3), SoloGame(seed=3)):
            root = parse(table_svg(g, seat=1))
            assert len(groups(root, "kwr-seat")) == 4


def test_names_are_escaped() -> None:
    game = WhistGame(seed=1, players=["<A&>", "B", "C", "D"])
    svg = table_svg(game, show_all=True)
    assert "<A&>" in texts(parse(svg))


# ------------------------------------------------------------- nothing overlaps
# The names the table widget gives the seats: the longest a table shows.
SEATED = {
    "en": ["South (you)", "West", "North (partner)", "East"],
    "es": ["Sur (tú)", "Oeste", "Norte (compañero)", "Este"],
    "fr": ["Sud (vous)", "Ouest", "Nord (partenaire)", "Est"],
}
Box = tuple[float, float, float, float]  # x, y, width, height


def rect_of(g: ET.Element) -> Box:
    r = next(g.iter(NS + "rect"))
    return tuple(float(r.get(k, "0")) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]


def text_box(t: ET.Element) -> Box:
    """Where a line of text lies, estimated as the drawing code estimates it (DejaVu Sans:
    about 0.52 em a character, 0.6 in bold)."""
    size = float(t.get("font-size", "0"))
    width = (0.6 if t.get("font-weight") == "bold" else 0.52) * size * len(t.text or "")
    x, y = float(t.get("x", "0")), float(t.get("y", "0"))
    anchor = t.get("text-anchor")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return left, y - 0.75 * size, width, size


def card_box(el: ET.Element) -> Box:
    return tuple(float(el.get(k, "0")) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(a: Box, b: Box) -> bool:
    return (
        b[0] <= a[0] and a[0] + a[2] <= b[0] + b[2] and b[1] <= a[1] and a[1] + a[3] <= b[1] + b[3]
    )


def check_layout(svg: str) -> None:
    """The boxes of the table (trumps, contract, bidding, scores, the seats, the kitty,
    the status line) do not overlap; their text stays inside them; the names by the
    trick's cards stay clear of every card."""
    root = parse(svg)
    boxes: list[tuple[str, Box]] = []
    for css in ("kwr-trumps", "kwr-contract", "kwr-bidding", "kwr-scores", "kwr-status"):
        for g in groups(root, css):
            box = rect_of(g)
            boxes.append((css, box))
            for t in g.findall(NS + "text"):  # not the text of a card's picture
                assert inside(text_box(t), box), (css, t.text)
    for g in groups(root, "kwr-seat"):
        boxes.append((f"seat {g.get('data-seat')}", rect_of(g)))
    for g in groups(root, "kwr-kitty"):
        cards = [card_box(c) for c in g if c.tag in (NS + "svg", NS + "rect")]
        x0, y0 = min(c[0] for c in cards), min(c[1] for c in cards)
        x1 = max(c[0] + c[2] for c in cards)
        y1 = max(c[1] + c[3] for c in cards)
        boxes.append(("kwr-kitty", (x0, y0 - 30, x1 - x0, y1 - y0 + 30)))
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            assert not overlap(box_a, box_b), (a, box_a, b, box_b)
    for area in groups(root, "kwr-trick-area"):
        cards = [card_box(c) for c in area if c.tag == NS + "svg"]
        for t in area.findall(NS + "text"):
            label = text_box(t)
            assert not any(overlap(label, c) for c in cards), t.text
            assert not any(overlap(label, box) for _n, box in boxes), t.text


@pytest.mark.parametrize("lang", sorted(SEATED))
@pytest.mark.parametrize("cls", [WhistGame, SoloGame, BidWhistGame])
def test_nothing_overlaps_on_the_table(cls: Any, lang: str) -> None:
    set_language(lang)
    rng = random.Random(11)
    for seed in range(8):
        game = cls(seed=seed, players=SEATED[lang])
        for _ in range(rng.randrange(60)):
            if game.to_move is None:
                break
            game.play(rng.choice(game.legal_moves()))
            check_layout(table_svg(game, seat=0))


def test_bidding_box_holds_long_names() -> None:
    game = BidWhistGame(auto_chance=False, players=SEATED["en"])
    game.deal([h.split() for h in BW_HANDS], kitty=BW_KITTY.split())
    for move in ("3", "3L", "4L", "7NT"):
        game.play(move)
    svg = table_svg(game, seat=0)
    check_layout(svg)
    lines = [t.text for t in groups(parse(svg), "kwr-bidding")[0].findall(NS + "text")]
    assert lines[0] == "Bidding" and "North (partner): 3 downtown" in lines


def test_no_trump_declarer_chooses_high_or_low() -> None:
    game = bidwhist("pass 4NT pass pass")
    assert game.phase is FamilyPhase.TRUMP
    root = parse(table_svg(game, seat=0))
    assert root.get("aria-label", "").endswith("Player 3 chooses uptown or downtown")
    game = bidwhist("pass 4L pass pass")
    assert parse(table_svg(game)).get("aria-label", "").endswith("Player 3 chooses trumps")


@pytest.mark.parametrize("size", [48, 56, 80, 90])
def test_names_by_a_trick_stay_clear_of_its_cards(size: int) -> None:
    game = whist()
    for _ in range(4):
        game.play(game.legal_moves()[0])
    for names in (SEATED["en"], SEATED["fr"], ["A", "B", "C", "D"]):
        root = parse(trick_svg(game.log.tricks[0], names, size=size, finished=True))
        width = float(root.get("width", "0"))
        (area,) = groups(root, "kwr-trick-area")
        cards = [card_box(c) for c in area if c.tag == NS + "svg"]
        labels = [text_box(t) for t in area.findall(NS + "text")]
        assert len(cards) == len(labels) == 4
        for label in labels:
            assert 0 <= label[0] and label[0] + label[2] <= width
            assert not any(overlap(label, c) for c in cards)
