"""How the league shows exact numbers: the reference scorers' four-place ratio format."""

from scoring.engine.exact import format_ratio

__all__ = ["format_ratio"]
