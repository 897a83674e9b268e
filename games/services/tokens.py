"""API tokens: made, shown once, kept only as a hash."""

from __future__ import annotations

import hashlib
import secrets

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.models import (
    ApiToken,
)
from games.services.common import name_clean


def api_token_hash(secret: str) -> str:
    """The stored form of a token: secrets are random, so a plain SHA-256 cannot be reversed."""
    return hashlib.sha256(secret.encode()).hexdigest()


def api_token_create(*, user: User, name: str, read_only: bool) -> tuple[ApiToken, str]:
    """Make a token; the secret is returned here once and never stored."""
    if not name.strip():
        raise ValidationError({"name": [_("Name the token after the tool that will use it.")]})
    name = name_clean(name)
    secret = ApiToken.PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name,
        key_hash=api_token_hash(secret),
        hint=secret[: len(ApiToken.PREFIX) + 6],
        read_only=read_only,
    )
    return token, secret


def api_token_revoke(*, token: ApiToken) -> None:
    token.delete()
