"""Every bad input gets a clear one-line message and leaves the game as it was.

Moves raise ``IllegalMove``, impossible setups ``SetupError``, bad card codes
``BadCard``, files that are not records ``RecordError``; all are ``ValueError``s.
A record that breaks a rule replays to ``status: "error"`` naming where.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kowhist_teach import (
    BadCard,
    Card,
    IllegalMove,
    KnockoutGame,
    Phase,
    Rules,
    SetupError,
)
from kowhist_teach.core.errors import RecordError
from kowhist_teach.core.record import (
    ReplayError,
    check_record,
    game_from_record,
    load_record,
    parse_record,
    replay,
    to_record,
)
from kowhist_teach.i18n import set_language

FORMAT = "kowhist-record/1"


@pytest.fixture(autouse=True)
def _english() -> None:
    """Messages are checked in English, whatever language another test left behind."""
    set_language("en")


# 3 players, start_hand 3, dealer 0: seat 1 leads.  Seat 2 holds one spade, 9♠.
HANDS = [["AS", "2H", "9C"], ["KS", "AC", "8C"], ["9S", "4H", "5D"]]


def new_game(**rules: object) -> KnockoutGame:
    game = KnockoutGame(3, Rules(start_hand=3, **rules), auto_chance=False)
    game.deal(HANDS, "2D")
    return game


def state(game: KnockoutGame) -> tuple:
    """Everything a bad input must leave alone."""
    return (
        to_record(game),
        game.legal_moves(),
        game.phase,
        game.to_move,
        [game.hand(s) for s in range(game.n)],
        list(game.status),
        game.chance_pending,
        game.moves,
    )


def one_line(error: BaseException) -> str:
    message = str(error)
    assert message.strip() and "\n" not in message, repr(message)
    assert "Traceback" not in message
    return message


def refused(game: KnockoutGame, move: object, *words: str, seat: int | None = None) -> str:
    """Play a bad move: IllegalMove, one line, with these words; nothing changed."""
    before = state(game)
    with pytest.raises(IllegalMove) as info:
        game.play(move, seat=seat)  # type: ignore[arg-type]
    message = one_line(info.value)
    for word in words:
        assert word in message, (word, message)
    assert state(game) == before
    return message


def record(rounds: list, players: object = 3, **top: object) -> dict:
    rec = {
        "format": FORMAT,
        "game": "knockout",
        "players": players,
        "rules": {"start_hand": 3},
        "first_dealer": 0,
        "rounds": rounds,
    }
    rec.update(top)
    return rec


ROUND0 = {"hands": HANDS, "turn_up": "2D", "actions": ["KS"]}


def test_all_errors_are_value_errors() -> None:
    for cls in (IllegalMove, SetupError, BadCard, RecordError, ReplayError):
        assert issubclass(cls, ValueError)


# ------------------------------------------------------------ bad moves
def test_card_that_does_not_follow_suit() -> None:
    game = new_game()
    game.play("KS")
    message = refused(game, "4H", "must follow ♠")
    assert message == "must follow ♠: you hold 9♠"
    assert game.why_illegal("4H") == message
    assert game.why_illegal("9S") == ""


def test_card_object_that_does_not_follow_suit_without_asking_first() -> None:
    # A Card object takes play()'s quick path; it must still be checked, even when
    # legal_moves() has not been called on this position.
    game = new_game()
    game.play(Card("KS"))
    with pytest.raises(IllegalMove, match="must follow ♠: you hold 9♠"):
        game.play(Card("4H"))
    with pytest.raises(IllegalMove, match="does not hold"):
        game.play(Card("QS"))
    assert game.to_move == 2 and game.hand(2) == [Card("9S"), Card("4H"), Card("5D")]
    assert [c for _, c in game.trick.plays] == [Card("KS")]


def test_card_not_held() -> None:
    game = new_game()
    message = refused(game, "QS", "does not hold", "Q♠")
    assert "Player 2" in message  # seat 1, the player to move


def test_move_out_of_turn() -> None:
    game = new_game()
    # Seat 1 is to move; seat 0 holds A♠ but may not play it now.
    message = refused(game, "AS", "turn", seat=0)
    assert "Player 2" in message and "Player 1" in message
    refused(game, "KS", "turn", seat=2)  # the right card, the wrong seat
    refused(game, "KS", "turn", seat=9)
    game.play("KS", seat=1)  # naming the right seat is fine
    assert game.to_move == 2


@pytest.mark.parametrize("code", ["1Z", "", "AS KS", "11H", "XX", "TT"])
def test_unknown_card_code(code: str) -> None:
    game = new_game()
    refused(game, code, "unknown")


@pytest.mark.parametrize("move", [None, 5, 1.5, ["KS"]])
def test_move_that_is_not_text(move: object) -> None:
    refused(new_game(), move, "unknown move")


def test_calls_that_are_not_open_now() -> None:
    game = new_game()
    refused(game, "pass", "only a dog or re-entry player may pass")
    refused(game, "H", "cards are being played now")
    refused(game, "rainbow", "not a card")
    refused(game, "no-picture", "not a card")
    refused(game, "play-on", "not a card")


def test_moves_while_chance_is_pending_or_after_the_end() -> None:
    game = KnockoutGame(3, Rules(start_hand=1), auto_chance=False)
    refused(game, "AS", "chance")
    game.deal([["AS"], ["KS"], ["QS"]], "2D")
    game.play("KS")
    game.play("QS")
    game.play("AS")
    assert game.is_over()
    refused(game, "AS", "game is over")
    assert game.why_illegal("AS") == "the game is over"


def test_trump_choice_refusals() -> None:
    rec = record(
        [
            {"hands": HANDS, "turn_up": "2D", "actions": "KS 9S AS 2H AC 4H 5D 9C 8C".split()},
            {"hands": [["KH", "3S"], [], ["AH", "2S"]]},
        ]
    )
    game = game_from_record(rec)
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 2
    refused(game, "NT", "no trumps is not a choice")
    refused(game, "KH", "must choose trumps")
    refused(game, "S", "turn", seat=0)


# ------------------------------------------------------------- bad deals
def deal_refused(game: KnockoutGame, hands: object, turn_up: object, *words: str) -> None:
    before = state(game)
    with pytest.raises(IllegalMove) as info:
        game.deal(hands, turn_up)  # type: ignore[arg-type]
    message = one_line(info.value)
    for word in words:
        assert word in message, (word, message)
    assert state(game) == before


def fresh() -> KnockoutGame:
    return KnockoutGame(3, Rules(start_hand=3), auto_chance=False)


def test_duplicate_cards_in_a_deal() -> None:
    deal_refused(
        fresh(),
        [["AS", "KS", "QS"], ["as", "2H", "3H"], ["4H", "5H", "6H"]],
        "2C",
        "AS is dealt twice",
    )
    deal_refused(
        fresh(),
        [["AS", "KS", "QS"], ["JS", "2H", "3H"], ["4H", "5H", "6H"]],
        "AS",
        "turn-up AS is also in a hand",
    )
    deal_refused(
        fresh(),
        [["TS", "10S", "QS"], ["JS", "2H", "3H"], ["4H", "5H", "6H"]],
        "2C",
        "10S is dealt twice",
    )


def test_wrong_hand_size() -> None:
    deal_refused(
        fresh(),
        [["AS", "KS"], ["JS", "2H", "3H"], ["4H", "5H", "6H"]],
        "2C",
        "seat 0 must be dealt 3 cards, not 2",
    )
    deal_refused(
        fresh(),
        [["AS", "KS", "QS", "2C"], ["JS", "2H", "3H"], ["4H", "5H", "6H"]],
        "3C",
        "seat 0 must be dealt 3 cards, not 4",
    )


def test_wrong_number_of_hands_or_shape() -> None:
    deal_refused(fresh(), [["AS", "KS", "QS"], ["JS", "2H", "3H"]], "2C", "one hand per seat")
    deal_refused(fresh(), "AS KS QS", "2C", "one hand per seat")
    deal_refused(
        fresh(), [["AS", "KS", "QS"], ["JS", "2H", "3H"], "4H 5H 6H"], "2C", "seat 2", "list"
    )


def test_bad_codes_and_turn_up_in_a_deal() -> None:
    deal_refused(
        fresh(), [["AS", "KS", "QS"], ["JS", "2H", "3H"], ["4H", "5H", "XX"]], "2C", "'XX'"
    )
    deal_refused(
        fresh(), [["AS", "KS", "QS"], ["JS", "2H", "3H"], ["4H", "5H", "6H"]], "ZZ", "'ZZ'"
    )
    deal_refused(
        fresh(), [["AS", "KS", "QS"], ["JS", "2H", "3H"], ["4H", "5H", "6H"]], None, "turn-up"
    )


def test_deals_and_cuts_out_of_place() -> None:
    game = new_game()
    deal_refused(game, HANDS, "2D", "no deal is due")
    before = state(game)
    with pytest.raises(IllegalMove, match="no cut is due"):
        game.cut(0)
    assert state(game) == before
    # A later round takes no turn-up.
    game = game_from_record(
        record([{"hands": HANDS, "turn_up": "2D", "actions": "KS 9S AS 2H AC 4H 5D 9C 8C".split()}])
    )
    assert game.phase is Phase.DEAL
    deal_refused(game, [["KH", "3S"], [], ["AH", "2S"]], "7C", "turn-up")


# ------------------------------------------------------- impossible setups
@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: KnockoutGame(8), ["2 to 7 players", "8"]),
        (lambda: KnockoutGame(1), ["2 to 7 players", "1"]),
        (lambda: KnockoutGame(["a"] * 8), ["2 to 7 players"]),
        (lambda: KnockoutGame(7, Rules(start_hand=8)), ["57 cards", "52"]),
        (lambda: KnockoutGame(4, Rules(start_hand=13)), ["53 cards", "52"]),
        (lambda: Rules(start_hand=0), ["start_hand", "1 to 13", "0"]),
        (lambda: Rules(start_hand=14), ["start_hand", "1 to 13", "14"]),
        (lambda: Rules(start_hand="7"), ["start_hand"]),
        (lambda: Rules(blind_dog=True), ["blind_dog", "dogs_chance"]),
        (lambda: Rules(one_dog_per_game=True), ["one_dog_per_game", "dogs_chance"]),
        (lambda: Rules(dogs_chance="yes"), ["dogs_chance", "true or false"]),
        (lambda: Rules.from_dict({"dogs": True}), ["unknown rule option 'dogs'"]),
        (lambda: KnockoutGame(4, first_dealer=4), ["first_dealer"]),
        (lambda: KnockoutGame("four"), ["players"]),
    ],
)
def test_impossible_setups(make: object, words: list[str]) -> None:
    with pytest.raises(SetupError) as info:
        make()  # type: ignore[operator]
    message = one_line(info.value)
    for word in words:
        assert word in message, (word, message)


def test_largest_possible_setups_work() -> None:
    assert KnockoutGame(7, Rules(start_hand=7), seed=1).hand_size == 7  # 50 cards
    assert KnockoutGame(3, Rules(start_hand=13), seed=1).hand_size == 13  # 40 cards
    assert KnockoutGame(2, Rules(start_hand=13), seed=1).hand_size == 13
    assert KnockoutGame(5, Rules(start_hand=10), seed=1).hand_size == 10  # 51 cards


# ------------------------------------------------------ records: rule breaks
def replay_error(rec: dict) -> dict:
    result = replay(rec)
    assert result["status"] == "error", result
    error = result["error"]
    one_line(ValueError(error["message"]))
    with pytest.raises(ReplayError) as info:
        game_from_record(rec)
    assert str(info.value) == error["message"]
    return error


def test_record_illegal_card_names_the_first_offending_action() -> None:
    rec = record(
        [{"hands": HANDS, "turn_up": "2D", "actions": ["KS", "4H", "AS", "2H", "AC", "9S"]}]
    )
    error = replay_error(rec)
    assert error == {"round": 0, "action": 1, "seat": 2, "message": "must follow ♠: you hold 9♠"}


def test_record_action_by_a_card_nobody_to_move_holds() -> None:
    error = replay_error(record([{"hands": HANDS, "turn_up": "2D", "actions": ["KS", "AS"]}]))
    assert (error["round"], error["action"], error["seat"]) == (0, 1, 2)
    assert "does not hold A♠" in error["message"]


def test_record_too_many_actions() -> None:
    rec = record(
        [{"hands": HANDS, "turn_up": "2D", "actions": "KS 9S AS 2H AC 4H 5D 9C 8C 7C".split()}]
    )
    error = replay_error(rec)
    assert (error["round"], error["action"]) == (0, 9)
    assert "one too many" in error["message"]


def test_record_round_cut_short_before_another() -> None:
    rec = record(
        [
            {"hands": HANDS, "turn_up": "2D", "actions": ["KS"]},
            {"hands": [["KH", "3S"], ["AH", "2S"], []], "trump": "S"},
        ]
    )
    error = replay_error(rec)
    assert error["round"] == 0 and "another round follows" in error["message"]


def test_record_trump_chosen_by_the_wrong_player() -> None:
    # Seat 2 took two tricks, seat 0 one: seat 2 chooses; a record naming seat 0 (or
    # the out seat 1) as trump_chooser is refused.
    r0 = {"hands": HANDS, "turn_up": "2D", "actions": "KS 9S AS 2H AC 4H 5D 9C 8C".split()}
    assert replay(record([r0]))["rounds"][0]["tricks_won"] == [1, 0, 2]
    for wrong in (0, 1):
        rec = record(
            [r0, {"hands": [["KH", "3S"], [], ["AH", "2S"]], "trump": "S", "trump_chooser": wrong}]
        )
        error = replay_error(rec)
        assert error["round"] == 1 and error["seat"] == wrong
        assert f"seat {wrong} cannot choose trumps" in error["message"]
        assert "seat 2 took the most tricks" in error["message"]


def test_record_bad_deal_and_codes() -> None:
    error = replay_error(
        record(
            [
                {
                    "hands": [["AS", "KS", "QS"], ["AS", "2H", "3H"], ["4H", "5H", "6H"]],
                    "turn_up": "2C",
                }
            ]
        )
    )
    assert error["round"] == 0 and "AS is dealt twice" in error["message"]
    error = replay_error(
        record([{"hands": [["AS", "KS"], ["JS", "2H", "3H"], ["4H", "5H", "6H"]], "turn_up": "2C"}])
    )
    assert "seat 0 must be dealt 3 cards, not 2" in error["message"]
    error = replay_error(record([{"hands": HANDS, "turn_up": "2D", "actions": ["KZ"]}]))
    assert error["action"] == 0 and "unknown move 'KZ'" in error["message"]
    error = replay_error(record([{"hands": HANDS, "turn_up": "2D", "actions": ["pass"]}]))
    assert "may pass" in error["message"]
    error = replay_error(record([{"hands": HANDS, "turn_up": "QQ"}]))
    assert "'QQ'" in error["message"]


def test_record_impossible_setups() -> None:
    for rec, word in [
        (record([], players=8), "2 to 7 players"),
        (record([], rules={"start_hand": 8}, players=7), "52"),
        (record([], rules={"start_hand": 0}), "start_hand"),
        (record([], rules={"start_hand": 14}), "start_hand"),
        (record([], rules={"blind_dog": True}), "dogs_chance"),
        (record([], first_dealer=3), "first_dealer"),
    ]:
        assert word in replay_error(rec)["message"]


def test_record_unknown_rule_option() -> None:
    result = replay(record([], rules={"start_hand": 3, "dogs": True}))
    assert result["status"] == "error"
    message = one_line(ValueError(result["error"]["message"]))
    assert "unknown rule option 'dogs'" in message and "dogs_chance" in message


# ------------------------------------------------- records: not a record
def not_a_record(text_or_obj: object, *words: str) -> str:
    with pytest.raises(RecordError) as info:
        if isinstance(text_or_obj, str):
            parse_record(text_or_obj)
        else:
            check_record(text_or_obj)
    message = one_line(info.value)
    for word in words:
        assert word in message, (word, message)
    result = replay(text_or_obj)  # type: ignore[arg-type]
    assert result["status"] == "error"
    if not isinstance(text_or_obj, str) or text_or_obj.startswith("{"):
        assert result["error"]["message"] == message
    return message


def test_malformed_json() -> None:
    not_a_record('{"format": "kowhist-record/1", "game": ', "not valid JSON", "line 1")
    not_a_record('{"format": "kowhist-record/1",\n "players": 3,,}', "not valid JSON", "line 2")
    not_a_record("{'format': 'kowhist-record/1'}", "not valid JSON")


def test_not_an_object() -> None:
    not_a_record("[1, 2, 3]", "JSON object")
    not_a_record(["format"], "JSON object")
    not_a_record(None, "JSON object")


def test_wrong_format_tag() -> None:
    not_a_record({"format": "chess", "game": "knockout", "players": 3}, "format", "'chess'", FORMAT)
    not_a_record({"game": "knockout", "players": 3}, "format")
    not_a_record({"format": "kowhist-record/2", "game": "knockout", "players": 3}, "format")


def test_unknown_game() -> None:
    not_a_record({"format": FORMAT, "game": "bridge", "players": 4}, "unknown game 'bridge'")


def test_unknown_top_level_key() -> None:
    rec = record([])
    rec["seed"] = 4
    not_a_record(rec, "unknown key 'seed'", "the record")


def test_unknown_round_key() -> None:
    rec = record([{"hands": HANDS, "turn_up": "2D", "trumps": "H"}])
    not_a_record(rec, "unknown key 'trumps'", "round 0")
    rec = record(
        [{"hands": HANDS, "turn_up": "2D", "declare": {"seat": 1, "call": "rainbow", "why": "x"}}]
    )
    not_a_record(rec, "unknown key 'why'")


@pytest.mark.parametrize(
    "change, words",
    [
        ({"players": "three"}, ["players"]),
        ({"players": True}, ["players"]),
        ({"rules": [1]}, ["rules"]),
        ({"first_dealer": "0"}, ["first_dealer"]),
        ({"rounds": {}}, ["rounds"]),
        ({"rounds": [5]}, ["round 0"]),
        ({"rounds": [{"turn_up": "2D"}]}, ["round 0", "hands"]),
        ({"rounds": [{"hands": [["AS", 5]]}]}, ["round 0", "hands"]),
        ({"rounds": [{"hands": HANDS, "actions": "KS"}]}, ["actions"]),
        ({"rounds": [{"hands": HANDS, "turn_up": 5}]}, ["turn_up"]),
        ({"rounds": [{"hands": HANDS, "trump_chooser": "1"}]}, ["trump_chooser"]),
        ({"rounds": [{"hands": HANDS, "votes": ["H"]}]}, ["votes"]),
        ({"rounds": [{"hands": HANDS, "declare": "rainbow"}]}, ["declare"]),
        ({"rounds": [{"hands": HANDS, "declare": {"seat": 1, "call": "slam"}}]}, ["declare"]),
    ],
)
def test_values_of_the_wrong_type(change: dict, words: list[str]) -> None:
    rec = record([])
    rec.update(change)
    not_a_record(rec, *words)


def test_missing_players() -> None:
    rec = record([])
    del rec["players"]
    not_a_record(rec, "players")


def test_load_record_errors() -> None:
    with pytest.raises(RecordError) as info:
        load_record("/nonexistent/dir/game.json")
    assert "no such file" in one_line(info.value)
    with pytest.raises(RecordError) as info:
        load_record("/")
    assert "cannot read" in one_line(info.value)


def test_load_record_from_text_file_and_dict(tmp_path: Path) -> None:
    rec = record([ROUND0])
    text = json.dumps(rec)
    assert load_record(text) == rec
    assert load_record(rec) is rec
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert load_record(path) == rec
    assert load_record(str(path)) == rec
    path.write_bytes(b"\xff\xfe\x00not utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    one_line(info.value)
