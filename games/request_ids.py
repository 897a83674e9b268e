"""Every request's id: taken from a sane incoming `X-Request-ID` (set by the proxy in front)
or made here; sent back in the answer's header, written in each of its log lines, shown on
the error page and given to Sentry, so that a member's report leads to its log lines."""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import sentry_sdk
from django.core.signals import request_finished
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

HEADER = "X-Request-ID"
# What a proxy sends (nginx's $request_id is 32 hex digits; others send UUIDs): anything else,
# longer, or with characters a log line or a header could be forged with, is replaced.
SANE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{7,63}")
NONE = "-"

current: ContextVar[str] = ContextVar("request_id", default=NONE)


def request_id_of(header: str | None) -> str:
    """The incoming id when it is sane, else a new one."""
    if header is not None and SANE.fullmatch(header):
        return header
    return uuid.uuid4().hex


def current_request_id() -> str:
    """The id of the request this thread is answering ("-" outside a request)."""
    return current.get()


class RequestIdMiddleware:
    """First of the middleware, so that every answer carries the id, and every log line of
    the request (the other middleware's too) is written with it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_of(request.headers.get(HEADER))
        # Kept until the answer is sent (request_finished): Django logs a 4xx or 5xx answer
        # after the middleware have returned it.
        current.set(request_id)
        sentry_sdk.set_tag("request_id", request_id)  # does nothing without SENTRY_DSN
        response = self.get_response(request)
        response[HEADER] = request_id
        return response


@receiver(request_finished)
def forget_request_id(**kwargs: Any) -> None:
    """The thread's next log lines belong to no request (until its next one)."""
    current.set(NONE)


class RequestIdFilter(logging.Filter):
    """Gives each log record the id of the request it was written in (``%(request_id)s``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current.get()
        return True
