"""Game flow: winds, rounds, East's run, game end, options, fixed scores, edit mode (§4, §6)."""

from fractions import Fraction

import pytest

from scoring.engine.classical.game import Game, HandResult, Position, advance
from scoring.engine.classical.language import read_rules
from scoring.engine.classical.model import Options, PaymentMethod
from scoring.engine.classical.rulebooks import preset
from scoring.engine.classical.sets import PlayerHand, player_hand
from scoring.engine.errors import HandError

MILLINGTON = preset("millington")
NAMES = ("Keith", "Larry", "David", "Joe")


def hand(players: int, mahjong: int | None, **sets: list[str]) -> HandResult:
    """A hand where seat ``sN`` shows the given set codes (nothing by default)."""
    hands = tuple(player_hand(sets.get(f"s{seat}", [])) for seat in range(players))
    return HandResult(hands, mahjong)


def game(players: int = 4, options: Options | None = None, **kwargs: object) -> Game:
    return Game(MILLINGTON, NAMES[:players], stake=1000, options=options, **kwargs)  # type: ignore[arg-type]


def east_after_each(g: Game, results: list[int | None]) -> list[tuple[int, str]]:
    seen = []
    for mahjong in results:
        position = g.position()
        assert position is not None
        winner = None if mahjong is None else (position.east + mahjong) % len(g.players)
        g.record(hand(len(g.players), winner))
        after = g.position()
        seen.append((after.east, after.round_letter) if after else (-1, "over"))
    return seen


def test_seat_winds_run_counter_clockwise_from_east() -> None:
    position = Position(east=2)
    assert [position.seat_wind(seat, 4) for seat in range(4)] == ["W", "N", "E", "S"]
    assert [position.seat_wind(seat, 3) for seat in range(3)] == ["S", "W", "E"]


def test_east_keeps_the_deal_when_winning_and_passes_it_when_another_wins() -> None:
    # results are relative to East: 0 = East wins, 1 = the player after East wins
    assert east_after_each(game(), [0, 0, 1, 2, 0]) == [
        (0, "E"),
        (0, "E"),
        (1, "E"),
        (2, "E"),
        (2, "E"),
    ]


@pytest.mark.parametrize(("draw_advances", "east"), [(False, 0), (True, 1)])
def test_a_draw_advances_the_winds_only_with_the_option(draw_advances: bool, east: int) -> None:
    options = MILLINGTON.options.with_changes(draw_advance_wind=draw_advances)
    assert east_after_each(game(options=options), [None]) == [(east, "E")]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_advance_after_east_passes_round_every_player_and_the_game_ends(
    players: int,
) -> None:
    g = game(players)
    seen = east_after_each(g, [1] * (4 * players))
    round_ends = [seen[n * players - 1] for n in range(1, 5)]
    assert round_ends == [(0, "S"), (0, "W"), (0, "N"), (-1, "over")]
    assert seen[0] == (1, "E")
    assert g.over
    with pytest.raises(HandError, match="the game is over"):
        g.record(hand(players, 0))


def test_a_new_east_is_chosen_each_round_with_the_option() -> None:
    options = MILLINGTON.options.with_changes(new_east_each_round=True)
    g = game(options=options)
    for _ in range(3):
        east_after_each(g, [1])
    position = g.position()
    assert position is not None
    g.record(HandResult(hand(4, (position.east + 1) % 4).players, 0, next_east=2))
    assert g.position() == Position(east=2, round_wind=1, round_start=2)
    seen = east_after_each(g, [1, 1, 1, 1])
    assert seen[-1] == (2, "W")


@pytest.mark.parametrize(("reset", "longest"), [(True, 2), (False, 3)])
def test_draw_reset_consec_follows_the_manuals_sequence(reset: bool, longest: int) -> None:
    options = MILLINGTON.options.with_changes(draw_reset_consec=reset)
    g = game(options=options)
    # West MJ, East MJ, East MJ, Draw, East MJ, West MJ
    east_after_each(g, [2, 0, 0, None, 0, 2])
    runs = [p.position.run_with(p.result.mahjong, draw_resets=reset) for p in g.hands]
    assert max(runs) == longest


def test_the_13th_consecutive_east_mahjong_scores_the_limit_and_passes_the_deal() -> None:
    g = game()
    for n in range(1, 14):
        played = g.record(hand(4, 0, s0=["CC1"]))
        assert played.position.east_run == n - 1
    assert played.scores[0].score == 1000
    assert g.hands[11].scores[0].score == 10
    assert g.position() == Position(east=1, round_wind=0, round_start=0)


def test_advance_is_a_plain_function_of_the_hand() -> None:
    start = Position(east=3, round_wind=1, round_start=0, east_run=4)
    options = Options()
    assert advance(start, hand(4, 3), options, 4) == Position(3, 1, 0, 5)
    assert advance(start, hand(4, 3), options, 4, east_limit=5) == Position(0, 2, 0)
    assert advance(start, hand(4, None), options, 4) == Position(3, 1, 0, 4)


def test_stakes_follow_the_payments_and_always_sum_to_the_starting_stakes() -> None:
    g = game()
    g.record(hand(4, 3, s3=["PED", "PEE", "S 3", "S 2"], s1=["PCM"]))
    g.record(hand(4, 1, s1=["PED", "PCM"], s0=["KCT"]))
    assert [p.scores[3].score for p in g.hands[:1]] == [104]
    assert sum(g.stakes()) == 4000
    assert g.stakes(0) == (1000,) * 4
    assert g.leaders() == (3,)


def test_options_change_from_the_next_hand_on() -> None:
    g = game()
    g.record(hand(4, 3, s3=["PED"]))
    g.set_options(g.options.with_changes(payment_method=PaymentMethod.ONLY_WINNER))
    g.record(hand(4, 3, s3=["PED"]))
    first, second = (p.payments for p in g.hands)
    assert first[3][0] == 56  # method 3, Keith was East
    assert second[3][1] == 28  # method 0: no East doubling


def test_a_fixed_score_is_used_and_clearing_it_restores_the_computed_score() -> None:
    g = game()
    fixed = HandResult(hand(4, 3, s3=["PED"]).players, 3, fixed=(None, None, None, 50))
    played = g.record(fixed)
    assert (played.scores[3].score, played.scores[3].calculated) == (50, 28)
    assert played.scores[3].lines  # the sets are kept
    cleared = g.edit(0, HandResult(fixed.players, 3))
    assert cleared.scores[3].score == 28


def test_edit_mode_recomputes_later_stakes_but_not_later_scores() -> None:
    g = game()
    for winner in (3, 0, 0, 1, 2):
        g.record(hand(4, winner, **{f"s{winner}": ["PED"]}))
    stakes_before = [g.stakes(n) for n in range(6)]
    later_scores = [p.scores for p in g.hands[2:]]
    g.edit(1, hand(4, 0, s0=["PED", "PCD"]))
    assert [g.stakes(n) for n in range(2)] == stakes_before[:2]
    assert all(g.stakes(n) != stakes_before[n] for n in range(2, 6))
    assert [p.scores for p in g.hands[2:]] == later_scores
    assert g.hands[1].scores[0].score == 2 * (4 + 8 + 10) * 2  # re-scored, East's winds kept
    assert sum(g.stakes()) == 4000
    assert g.warnings() == []


def test_an_edit_that_changes_the_winner_keeps_the_stored_winds_and_warns() -> None:
    g = game()
    g.record(hand(4, 0))
    g.record(hand(4, 0))
    g.edit(0, hand(4, 2))
    assert g.hands[1].position.east == 0
    assert g.warnings() == [
        "hand 2: its stored winds (East Keith, E round) do not follow from the hands before it"
    ]


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (hand(4, 0, s0=["PEE"], s1=["PEE"]), "only one player can have a pung or kong of E wind"),
        (hand(4, 0, s0=["F 1"], s1=["F 1"]), "the flower 'F 1' can be entered only once"),
        (hand(4, 0, s0=["PED", "PED"], s1=["KED", "PED"]), "at most 3 dragon sets, not 4"),
        (hand(4, 0, s0=["PEN"], s1=["TEN"]), "the sets use 5 tiles of N wind"),
        (hand(3, 0), "enter a hand for each of the 4 players"),
        (HandResult((PlayerHand(),) * 4, 4), "the Mahjong player must be one of the players"),
        (
            HandResult((player_hand([]), player_hand([], [62]), PlayerHand(), PlayerHand()), 0),
            "Larry: the event 'Concealed Hand' is for the Mahjong player only",
        ),
    ],
)
def test_impossible_hands_are_refused(result: HandResult, message: str) -> None:
    with pytest.raises(HandError, match=message):
        game().record(result)


def test_a_refused_hand_names_its_player_as_whoever_knows_the_names_gives_them() -> None:
    # The league plays under placeholders and names the seats once the hand is refused.
    placeholders = Game(MILLINGTON, ["seat 1", "seat 2", "seat 3", "seat 4"], stake=1000)
    result = HandResult((player_hand([]), player_hand([], [62]), PlayerHand(), PlayerHand()), 0)
    with pytest.raises(HandError) as caught:
        placeholders.record(result)
    caught.value.name_seats(NAMES)
    assert str(caught.value) == "Larry: the event 'Concealed Hand' is for the Mahjong player only"


def test_a_game_has_two_to_four_players() -> None:
    with pytest.raises(HandError, match="a game has 2, 3 or 4 players, not 5"):
        Game(MILLINGTON, ["a", "b", "c", "d", "e"])


def test_a_custom_rules_file_can_run_a_game_with_exact_fractions() -> None:
    rules = read_rules('Halves\nPaymentMethod=0\n1 3 "half" "T**" 50 2\n// END')
    g = Game(rules, ["a", "b"], stake=0, options=rules.options.with_changes(limit=333))
    g.record(hand(2, 0, s0=["TEM"]))
    assert g.stakes() == (Fraction(333, 2), Fraction(-333, 2))
