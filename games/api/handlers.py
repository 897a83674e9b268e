"""Django's own error answers (400, 403, 404, 500) in the API's JSON shape under /api/.

Errors inside an API view go through DRF's handler (``games.api.errors``); these cover the
rest: an exception nothing caught (500), a refusal from a middleware, an address no route
takes. Pages keep Django's HTML answers.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseServerError, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults

from games.request_ids import current_request_id

API_PREFIX = "/api/"


def error_response(status: int, code: str, message: str) -> JsonResponse:
    """An error in the API's shape, with no field messages."""
    body = {"status": status, "code": code, "message": message, "fields": {}}
    return JsonResponse(body, status=status)


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return error_response(400, "bad_request", str(exception) or "The request is malformed.")
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        message = str(exception) or "You do not have permission to do this."
        return error_response(403, "permission_denied", message)
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return error_response(404, "not_found", _("No such address."))
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    # Django has already logged the exception; the caller only learns that it was ours.
    if _is_api(request):
        message = "Something went wrong on the server; it has been logged. Try again later."
        return error_response(500, "server_error", message)
    # The page shows the request's id (so that a report leads to the log lines), and
    # nothing else that could fail again.
    template = loader.get_template("500.html")
    return HttpResponseServerError(template.render({"request_id": current_request_id()}))
