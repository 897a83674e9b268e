"""How the league shows exact numbers (the reference scorers' four-place ratio format) and
the seats."""

from typing import cast

from django.utils.translation import gettext_lazy

from scoring.engine.exact import format_ratio

# The seats as a reader names them: "East 東" in English, "東" or "东" in Chinese.
SEAT_LABELS = [
    gettext_lazy("East 東"),
    gettext_lazy("South 南"),
    gettext_lazy("West 西"),
    gettext_lazy("North 北"),
]


def lazy_text(text: str) -> str:
    """``text`` read in the reader's language each time it is shown (Django's
    ``gettext_lazy``), typed as the text it becomes: for labels declared once."""
    return cast(str, gettext_lazy(text))


__all__ = ["SEAT_LABELS", "format_ratio", "lazy_text"]
