"""Names as the league keeps them: the engine's one rule (``scoring.engine.names``), which
score files and PMN records already follow, for the league's own forms and services."""

from scoring.engine.names import clean_name

__all__ = ["clean_name"]
