"""Request limits: per token, per signed-in browser user, per anonymous address (see README)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import throttling
from rest_framework.request import Request

from games.models import ApiToken


class _RateFromSettings(throttling.SimpleRateThrottle):
    # DRF copies the rates at import; reading them per request lets settings change them.
    def get_rate(self) -> str | None:
        rates: dict[str, str | None] = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        return rates.get(self.scope)


class TokenThrottle(_RateFromSettings):
    scope = "token"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if not isinstance(request.auth, ApiToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


class SessionUserThrottle(_RateFromSettings):
    scope = "user"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if isinstance(request.auth, ApiToken) or not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class AnonymousThrottle(_RateFromSettings):
    scope = "anon"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
