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

# IPv6 prefixes whose last 32 bits are an IPv4 address a router or the host may reach:
# NAT64 (RFC 6052's well-known prefix, RFC 8215's local-use one) and the deprecated
# IPv4-compatible form (::a.b.c.d, RFC 4291; :: and ::1 are not of it). Python's is_global
# judges the IPv6 address, not the IPv4 one inside it, so [64:ff9b::7f00:1] passes as global.
_LAST_32_BITS_EMBED = [
    ipaddress.IPv6Network("64:ff9b::/96"),
    ipaddress.IPv6Network("64:ff9b:1::/48"),
    ipaddress.IPv6Network("::/96"),
]
_NOT_COMPATIBLE = {ipaddress.IPv6Address("::"), ipaddress.IPv6Address("::1")}


def _embedded(address: ipaddress.IPv6Address) -> list[IPAddress]:
    """The IPv4 addresses an IPv6 address carries (6to4, Teredo, NAT64, compatible)."""
    found: list[IPAddress] = []
    if address.sixtofour:
        found.append(address.sixtofour)
    if address.teredo:
        found.extend(address.teredo)
    if address not in _NOT_COMPATIBLE and any(address in net for net in _LAST_32_BITS_EMBED):
        found.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    return found


def _refusal(address: IPAddress, host: str) -> str | None:
    """Why a hook may not reach ``address``, naming only the host the organiser typed (the
    addresses a name resolves to inside our network are not theirs to learn)."""
    if address.is_loopback:
        if settings.WEBHOOKS_ALLOW_LOOPBACK:
            return None
        return _("%(host)s leads to a loopback address; a hook needs a public address.") % {
            "host": host
        }
    if address.is_link_local:
        return _("%(host)s leads to a link-local address; a hook needs a public address.") % {
            "host": host
        }
    if not address.is_global or address.is_multicast:
        return _(
            "%(host)s leads to a private or reserved address; a hook needs a public address."
        ) % {"host": host}
    return None


def refusal(address: IPAddress, *, host: str) -> str | None:
    """Why ``address`` is refused (it, or any IPv4 address inside it, is not public)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        # The mapped form is the IPv4 address itself: its loopback is loopback, not reserved.
        address = address.ipv4_mapped
    reasons = [_refusal(address, host)]
    if isinstance(address, ipaddress.IPv6Address):
        reasons += [_refusal(inner, host) for inner in _embedded(address)]
    return next((reason for reason in reasons if reason), None)


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
        reason = refusal(ipaddress.ip_address(address.split("%")[0]), host=host)
        if reason:
            raise ValidationError({"url": [reason]})
    return addresses


def check_url(url: str) -> list[str]:
    """The addresses a hook URL may be delivered to, or a ValidationError naming the problem."""
    _, host, port = url_parts(url)
    return resolve(host, port)
