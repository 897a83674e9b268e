"""How English pages write a moment (Django's own formats for the rest)."""

DATETIME_FORMAT = "j M Y, H:i"
