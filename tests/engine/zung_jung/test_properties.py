"""Properties over random valid hands: they always evaluate, within the cap unless a limit
applies, never with a fifth copy, and the same hands give the same results."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.hand import Hand, hand_from_json, hand_to_json
from scoring.engine.zung_jung import OFFICIAL, SEED, evaluate
from tools.hand_gen import random_hands


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_valid_hands_always_evaluate_within_the_rules(seed: int) -> None:
    for hand in random_hands(10, seed=seed):
        assert max(hand.tile_counts()) <= 4
        assert hand_from_json(hand_to_json(hand)) == hand
        for rules in (SEED, OFFICIAL):
            result = evaluate(hand, rules)
            assert result.total >= 1
            values = [p.value for p in result.patterns]
            if result.limit:
                assert len(result.patterns) == 1 and result.total == values[0] >= 320
            else:
                assert result.total <= 320
                assert all(v < 320 for v in values)
                assert result.total == min(320, sum(p.value * p.count for p in result.patterns))
            assert result.total_without_bonus <= result.total


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_arrangement_uses_exactly_the_hands_tiles(seed: int) -> None:
    from scoring.engine.tiles import parse_tiles

    for hand in random_hands(10, seed=seed):
        result = evaluate(hand, SEED)
        used = sorted(t for code in result.arrangement for t in parse_tiles(code))
        assert used == sorted(hand.tiles)


def test_generation_is_reproducible() -> None:
    assert random_hands(20, seed=5) == random_hands(20, seed=5)
    assert all(isinstance(hand, Hand) for hand in random_hands(20, seed=5))
