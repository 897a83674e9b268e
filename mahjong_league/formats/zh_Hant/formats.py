"""How Chinese pages write a moment: 2026年11月24日 20:30 (Django's own for the rest)."""

DATETIME_FORMAT = "Y年n月j日 H:i"
