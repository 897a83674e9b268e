"""``mahjong-score big-two``: a Big Two score file to its statistics TSV."""

from __future__ import annotations

import argparse

from scoring.engine.big_two_scorefile import (
    big_two_output_name,
    big_two_statistics,
    big_two_tsv,
    read_big_two_scores,
)
from scoring.engine.scorefile_cli import score_file


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``big-two`` subcommand."""
    parser = subparsers.add_parser(
        "big-two",
        help="score a Big Two score file",
        description="Score some games of Big Two (鋤大弟); "
        "write the statistics to `SCORES.txt.tsv`.",
    )
    parser.add_argument("scores", metavar="SCORES.txt", help="the score file")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Score a Big Two file into its TSV; the exit status."""

    def score(data: bytes) -> str:
        return big_two_tsv(big_two_statistics(read_big_two_scores(data)))

    return score_file(args.scores, big_two_output_name(args.scores), score)
