"""Benchmark commands (``python -m scoring.engine.bench.NAME``) and their input generators."""
