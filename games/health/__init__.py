"""Health: what the probe (`/health/`, `manage.py health`) checks, and the workers' heartbeats.

Kept light: ``games.models`` imports the model from here.
"""
