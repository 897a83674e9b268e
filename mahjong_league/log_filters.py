"""Logging filters named by the LOGGING setting."""

from __future__ import annotations

import logging


class OneLineRefusals(logging.Filter):
    """A 4xx answer is a refusal the site meant to give (a page someone may not open, a
    malformed request): its one line says so, and a traceback would bury the real errors.
    A 500 keeps its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
