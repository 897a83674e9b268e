"""Reads made of several queries, run against one snapshot of the database where it can give one.

Standings, ratings tables and a player's figures each combine a few queries (the kept totals,
then the placements from the same totals; the latest ratings, then those rows). Under
PostgreSQL's default READ COMMITTED each query sees what was committed when it started, so a
session written between two of them shows in one and not the other: a player with a first
session in the placements but not in the totals. A REPEATABLE READ transaction gives every
query of the read the snapshot its first query took; READ ONLY, because these reads write
nothing, and a read-only repeatable-read transaction never fails to serialise.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

from django.db import connections, transaction

from games.replica import read_alias

P = ParamSpec("P")
R = TypeVar("R")

# Must be the transaction's first statement: the snapshot is taken by the query after it.
SNAPSHOT = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"


@contextmanager
def one_snapshot() -> Iterator[None]:
    """Run the block's queries against one snapshot, on PostgreSQL outside a transaction.

    Inside a transaction already begun (a write that reads, a test's transaction) the block
    runs in it, as its isolation was fixed by its first query. SQLite is left in autocommit:
    its transactions here take the write lock when they begin (``transaction_mode``), and a
    read must not hold writers back; the reads' code takes what it is given there."""
    connection = connections[read_alias()]  # the replica's, for reads that may lag
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield
        return
    with transaction.atomic(using=connection.alias):
        with connection.cursor() as cursor:
            cursor.execute(SNAPSHOT)
        yield


def consistent_read(read: Callable[P, R]) -> Callable[P, R]:
    """``read`` run inside ``one_snapshot`` (nested reads share the outer one's)."""

    @functools.wraps(read)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with one_snapshot():
            return read(*args, **kwargs)

    return run
