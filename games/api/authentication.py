"""Personal API tokens: ``Authorization: Bearer <token>``, looked up by their SHA-256."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from games.api.throttles import FailedTokenThrottle
from games.models import ApiToken
from games.selectors import unique_or_none
from games.services import api_token_hash

# Recording every request's time would make each read a write; a minute is precise enough.
LAST_USED_PRECISION = timedelta(minutes=1)


class ApiTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request: Request) -> tuple[Any, ApiToken] | None:
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].decode("latin-1").lower() != self.keyword.lower():
            return None
        failures = FailedTokenThrottle()
        if failures.refuses(request):
            raise exceptions.Throttled(
                failures.wait(),
                _("Too many unknown tokens came from this address; wait before trying again."),
            )
        try:
            return self._token_user(request, header)
        except exceptions.AuthenticationFailed:
            failures.note_failure(request)
            raise

    def _token_user(self, request: Request, header: list[bytes]) -> tuple[Any, ApiToken]:
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                _("Give the token after 'Bearer', with no spaces in it.")
            )
        try:
            secret = header[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("That is not a token of this site.")) from None
        tokens = ApiToken.objects.select_related("user")
        token = unique_or_none(tokens, key_hash=api_token_hash(secret))
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("Unknown or revoked token."))
        _note_use(token)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return f'{self.keyword} realm="api"'


def _note_use(token: ApiToken) -> None:
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now


class ApiTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "games.api.authentication.ApiTokenAuthentication"
    name = "token"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A personal API token from the site's API tokens page.",
        }
