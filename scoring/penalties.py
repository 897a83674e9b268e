"""Penalties as the league reaches them: the engine's shares, limits and presets."""

from __future__ import annotations

from scoring.engine.penalties import MAX_AMOUNT, ChomboEnds, PenaltyPreset, Reason, shares

__all__ = ["MAX_AMOUNT", "ChomboEnds", "PenaltyPreset", "Reason", "shares"]
