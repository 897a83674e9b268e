"""The league's way to the EMA ranking's formula (``scoring.engine.mers``, pure Python)."""

from scoring.engine.mers import (
    COUNTED_YEARS,
    Counted,
    Ranking,
    Result,
    Tournament,
    age_factor,
    ranking,
    years_before,
)

__all__ = [
    "COUNTED_YEARS",
    "Counted",
    "Ranking",
    "Result",
    "Tournament",
    "age_factor",
    "ranking",
    "years_before",
]
