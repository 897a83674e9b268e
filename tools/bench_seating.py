"""The seating engine's speed and quality: seconds per event beside the 5 s goal (200 players,
10 rounds), and the pairs that meet twice against a random seating of the same seed.

    .venv/bin/python tools/bench_seating.py [--seed 1]
"""

from __future__ import annotations

import argparse
import time

from games.events.seating import (
    Method,
    RoundSeating,
    meeting_cost,
    repeat_pairs,
    seat_event,
    seat_round,
    wind_counts,
)

GOAL_SECONDS = 5.0
SIZES = [(200, 10), (16, 5), (36, 9), (50, 8), (101, 7), (13, 6)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="1")
    seed = parser.parse_args().seed
    print(
        f"{'players':>7} {'rounds':>6} {'seconds':>7} {'goal':>5} "
        f"{'repeats':>7} {'random':>6} {'cost':>5} {'random':>6} {'winds':>5}"
    )
    for players, rounds in SIZES:
        start = time.perf_counter()
        event = seat_event(range(players), rounds=rounds, seed=seed, byes=True)
        report(players, rounds, time.perf_counter() - start, event, seed)
    start = time.perf_counter()
    event = by_rounds(200, 10, seed)
    report(200, 10, time.perf_counter() - start, event, seed, "(round by round)")
    print("repeats: pairs that meet more than once; cost: C(c, 2) summed over pairs met c times;")
    print("winds: the largest spread of a player's wind counts (1 is within one of even)")


def by_rounds(players: int, rounds: int, seed: str) -> list[RoundSeating[int]]:
    """The event seated as the league seats it when players change: one round at a time,
    each planning the rest."""
    event: list[RoundSeating[int]] = []
    for _ in range(rounds):
        event.append(
            seat_round(
                range(players),
                method=Method.FEWEST_MEETINGS,
                seed=seed,
                earlier=event,
                rounds_total=rounds,
                byes=True,
            )
        )
    return event


def report(
    players: int,
    rounds: int,
    seconds: float,
    event: list[RoundSeating[int]],
    seed: str,
    note: str = "",
) -> None:
    drawn = seat_event(range(players), rounds=rounds, seed=seed, byes=True, method=Method.RANDOM)
    spread = max(max(counts) - min(counts) for counts in wind_counts(event).values())
    print(
        f"{players:>7} {rounds:>6} {seconds:>7.2f} {GOAL_SECONDS:>5.1f} "
        f"{repeat_pairs(event):>7} {repeat_pairs(drawn):>6} "
        f"{meeting_cost(event):>5} {meeting_cost(drawn):>6} {spread:>5} {note}".rstrip()
    )


if __name__ == "__main__":
    main()
