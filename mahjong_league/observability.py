"""Where errors and logs go: Sentry when SENTRY_DSN is set, and JSON lines for log collectors."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

import sentry_sdk
from sentry_sdk.integrations.django import DjangoIntegration


def sentry_start(*, dsn: str, environment: str, slow_seconds: float) -> None:
    """Errors (with their request id) and the traces of requests slower than ``slow_seconds``
    go to Sentry. Every request is traced, and the fast ones dropped when they end: a
    request is known to be slow only then. No cookies, addresses or user details are sent."""

    def slow_only(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any] | None:
        return event if transaction_seconds(event) >= slow_seconds else None

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        integrations=[DjangoIntegration()],
        traces_sample_rate=1.0,
        before_send_transaction=slow_only,  # type: ignore[arg-type]
        send_default_pii=False,
    )


def transaction_seconds(event: dict[str, Any]) -> float:
    """How long a traced request took (Sentry gives its start and end as timestamps)."""
    try:
        return seconds_of(event["timestamp"]) - seconds_of(event["start_timestamp"])
    except (KeyError, TypeError, ValueError):
        return float("inf")  # not known: kept, rather than a slow request lost


def seconds_of(moment: Any) -> float:
    """A timestamp as Sentry holds it: a datetime before sending, seconds or ISO text after."""
    if isinstance(moment, datetime):
        return moment.timestamp()
    if isinstance(moment, str):
        return datetime.fromisoformat(moment).timestamp()
    return float(moment)


class JsonLines(logging.Formatter):
    """One JSON object a line (LOG_FORMAT=json): time, level, logger, request id, message,
    and the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "request_id": getattr(record, "request_id", "-"),
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)
