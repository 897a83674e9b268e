"""One JSON shape for every error: ``{"status", "code", "message", "fields"}``.

Django's ``ValidationError`` from the services becomes a 400 with the same field messages
the pages show; the API's own precondition and idempotency errors add 412, 422 and 428.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.services import IdempotencyConflict

NON_FIELD = "non_field_errors"


class PreconditionRequired(exceptions.APIException):
    status_code = 428
    default_detail = gettext_lazy("Send If-Match with the hand's ETag (its version) to change it.")
    default_code = "precondition_required"


class PreconditionFailed(exceptions.APIException):
    """The hand changed since the caller read it; ``current`` is its state now."""

    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_code = "stale"

    def __init__(self, message: str, current: Mapping[str, Any]) -> None:
        super().__init__(message)
        self.current = current


class IdempotencyKeyReused(exceptions.APIException):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "idempotency_conflict"

    def __init__(self, fields: dict[str, list[str]]) -> None:
        message = next(iter(fields.values()))[0] if fields else _("Idempotency key reused.")
        super().__init__(message)
        self.fields = fields


def exception_handler(error: Exception, context: dict[str, Any]) -> Response | None:
    error = _as_api_exception(error)
    response = drf_exception_handler(error, context)
    if response is None:
        return None
    assert isinstance(error, exceptions.APIException)
    message, fields = _message_and_fields(error)
    body: dict[str, Any] = {
        "status": response.status_code,
        "code": _code(error),
        "message": message,
        "fields": fields,
    }
    if isinstance(error, PreconditionFailed):
        body["current"] = error.current
    response.data = body
    return response


def _as_api_exception(error: Exception) -> Exception:
    if isinstance(error, IdempotencyConflict):
        return IdempotencyKeyReused(_django_fields(error))
    if isinstance(error, DjangoValidationError):
        return exceptions.ValidationError(_django_fields(error))
    if isinstance(error, Http404):
        return exceptions.NotFound(str(error) or None)
    if isinstance(error, PermissionDenied):
        return exceptions.PermissionDenied(str(error) or None)
    return error


def _django_fields(error: DjangoValidationError) -> dict[str, list[str]]:
    if hasattr(error, "error_dict"):
        return {
            (NON_FIELD if name == "__all__" else name): list(messages)
            for name, messages in error.message_dict.items()
        }
    return {NON_FIELD: list(error.messages)}


def _code(error: exceptions.APIException) -> str:
    if isinstance(error, exceptions.ValidationError):
        return "invalid"
    return str(error.default_code)


def _message_and_fields(error: exceptions.APIException) -> tuple[str, dict[str, list[str]]]:
    if isinstance(error, IdempotencyKeyReused):
        return str(error.detail), error.fields
    if not isinstance(error, exceptions.ValidationError):
        return str(error.detail), {}
    fields: dict[str, list[str]] = {}
    _flatten(error.detail, "", fields)
    general = fields.get(NON_FIELD)
    if general:
        return general[0], fields
    return _("Some of what was sent needs correcting; see the fields."), fields


def _flatten(detail: Any, path: str, into: dict[str, list[str]]) -> None:
    """Nested serializer errors as dotted paths: ``players.2``, ``input.faan``."""
    if isinstance(detail, Mapping):
        for key, value in detail.items():
            _flatten(value, f"{path}.{key}" if path else str(key), into)
    elif isinstance(detail, list) and all(not isinstance(item, Mapping | list) for item in detail):
        into.setdefault(path or NON_FIELD, []).extend(str(item) for item in detail)
    elif isinstance(detail, list):
        for index, value in enumerate(detail):
            _flatten(value, f"{path}.{index}" if path else str(index), into)
    else:
        into.setdefault(path or NON_FIELD, []).append(str(detail))
