"""The random hand generator of the property tests and the tile engines' benchmarks."""

import io
import json
from contextlib import redirect_stdout

from scoring.engine.hand import hand_from_json, hand_to_json
from tools.hand_gen import main, random_hands


def test_random_hands_are_whole_winning_hands() -> None:
    hands = random_hands(50, seed=1)

    assert len(hands) == 50
    assert all(len(hand.tiles) == 14 + hand.kong_count for hand in hands)


def test_the_same_seed_gives_the_same_hands() -> None:
    assert random_hands(20, seed=7) == random_hands(20, seed=7)
    assert random_hands(20, seed=7) != random_hands(20, seed=8)


def test_the_command_prints_hand_json_lines_the_engine_reads() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--count", "5", "--seed", "3"]) == 0

    lines = out.getvalue().splitlines()
    assert [json.loads(line) for line in lines] == [
        hand_to_json(hand) for hand in random_hands(5, seed=3)
    ]
    assert all(hand_from_json(json.loads(line)) for line in lines)
