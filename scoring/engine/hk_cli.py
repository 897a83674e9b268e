"""``mahjong-score hk``: an HK faan score file to its statistics TSV."""

from __future__ import annotations

import argparse

from scoring.engine.hk_scorefile import hk_output_name, hk_statistics, hk_tsv, read_hk_scores
from scoring.engine.scorefile_cli import score_file


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``hk`` subcommand."""
    parser = subparsers.add_parser(
        "hk",
        help="score a Hong Kong faan score file",
        description="Score some games of Mahjong (HK rules); "
        "write the statistics to `SCORES.txt[ --from F][ --to T].tsv`.",
    )
    parser.add_argument(
        "--from", dest="date_from", metavar="YYYY-MM-DD", help="ignore lines dated before this"
    )
    parser.add_argument(
        "--to", dest="date_to", metavar="YYYY-MM-DD", help="ignore lines dated this or later"
    )
    parser.add_argument("scores", metavar="SCORES.txt", help="the score file")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Score an HK file into its TSV; the exit status."""

    def score(data: bytes) -> str:
        scores = read_hk_scores(data, date_from=args.date_from, date_to=args.date_to)
        return hk_tsv(hk_statistics(scores))

    return score_file(args.scores, hk_output_name(args.scores, args.date_from, args.date_to), score)
