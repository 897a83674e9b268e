"""Where a hook may point: public addresses only, so that a hook cannot reach into the
private network the servers sit in (SSRF). Checked on save and again before every delivery,
since a name can be pointed elsewhere after it was checked."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def _refusal(address: IPAddress) -> str | None:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    if address.is_loopback:
        return None if settings.WEBHOOKS_ALLOW_LOOPBACK else "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_private or not address.is_global or address.is_multicast:
        return "a private or reserved address"
    return None


def url_parts(url: str) -> tuple[str, str, int]:
    """The scheme, host and port of a hook URL, or a ValidationError saying what is wrong."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise ValidationError(
            {"url": [_("This URL cannot be read: %(error)s.") % {"error": error}]}
        ) from error
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise ValidationError({"url": [_("Give an http:// or https:// URL with a host name.")]})
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


def resolve(host: str, port: int) -> list[str]:
    """Every address the host has, each checked: one refused address refuses the host."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise ValidationError(
            {"url": [_("The host %(host)s cannot be found.") % {"host": host}]}
        ) from error
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    for address in addresses:
        refusal = _refusal(ipaddress.ip_address(address.split("%")[0]))
        if refusal:
            raise ValidationError(
                {
                    "url": [
                        _("%(host)s points at %(address)s, %(refusal)s.")
                        % {"host": host, "address": address, "refusal": refusal}
                    ]
                }
            )
    return addresses


def check_url(url: str) -> list[str]:
    """The addresses a hook URL may be delivered to, or a ValidationError naming the problem."""
    _, host, port = url_parts(url)
    return resolve(host, port)
