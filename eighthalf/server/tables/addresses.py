"""Which webhook addresses the server may call: ``https``, to hosts on the public internet.

A webhook makes the server send a request where a person says, so a person could try to make
it call into its own network (a database's port on loopback, a cloud's metadata service at
169.254.169.254, a router at 10.0.0.1). :func:`check_url` reads an address without touching
the network; :func:`resolve` looks its host up and checks every address the name resolves to.
Both run when a person gives the address and :func:`resolve` again at each delivery, which
then connects to the very address it checked (a name that resolves elsewhere the second time
cannot lead it astray).

The rules (:class:`AddressRules`, set by the operator's ``eighthalf serve`` switches):

- ``https`` only; plain ``http`` only to a loopback host (``127.0.0.1``, ``[::1]``,
  ``localhost``), and only where loopback is allowed;
- no user or password in the address, no fragment, at most :data:`MAX_URL` characters of
  printable ASCII (a name in another script is written in its ``xn--`` form);
- every address the host resolves to is a public one: loopback only with
  ``--webhooks-allow-loopback``; private, shared, link-local and reserved ranges (and
  loopback) only with ``--webhooks-allow-private``; multicast and unspecified ones never.

>>> check_url("https://example.org/hook?x=1", AddressRules())
('https', 'example.org', 443, '/hook?x=1')
>>> check_url("http://example.org/hook", AddressRules())
Traceback (most recent call last):
...
eighthalf.server.protocol.messages.Refused: an http address is for a loopback host only ...
>>> refusal("169.254.169.254", AddressRules())
'169.254.169.254 is a link-local, private or reserved address'
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from typing import Any, Final
from urllib.parse import urlsplit

import attrs

from eighthalf.server.protocol.messages import Refused

__all__ = ["MAX_URL", "AddressRules", "Resolver", "Target", "check_url", "refusal", "resolve", "system_resolver"]

MAX_URL: Final = 2048
"""The longest webhook address (characters)."""

_LOOPBACK_NAMES: Final = ("localhost",)

Resolver = Callable[[str, int], list[str]]
"""Looks a host up: the IP addresses (text) that ``host`` resolves to for ``port``."""


@attrs.frozen
class AddressRules:
    """What the operator lets webhooks call beside public addresses."""

    allow_loopback: bool = False
    """Loopback addresses too (a receiver on the server's own machine: ``--webhooks-allow-loopback``)."""
    allow_private: bool = False
    """Private, shared, link-local, reserved and loopback addresses too (``--webhooks-allow-private``)."""


@attrs.frozen
class Target:
    """A webhook address checked, with the IP address the delivery connects to."""

    scheme: str
    """``https`` or ``http``."""
    host: str
    """The host as written (lower case): the ``Host`` header, and the name TLS checks the certificate for."""
    port: int
    """The port."""
    path: str
    """The path and query sent in the request line."""
    address: str
    """The IP address checked, the one connected to."""


def _refused(reason: str) -> Refused:
    return Refused("bad-webhook", reason)


def check_url(url: object, rules: AddressRules) -> tuple[str, str, int, str]:
    """Read a webhook address, without the network: its scheme, host, port and path (with its query).

    Raises:
        Refused: If it is not one the server may call (``bad-webhook``).
    """
    if type(url) is not str:
        raise _refused("expected the webhook's address as a string")
    if not 0 < len(url) <= MAX_URL or not url.isascii() or not url.isprintable() or " " in url:
        raise _refused(f"expected an address of 1 to {MAX_URL} printable ASCII characters (a name as xn--)")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise _refused(f"not an address: {error}") from None
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in ("https", "http"):
        raise _refused(f"expected an https address, not {scheme or 'one without a scheme'}")
    if not host:
        raise _refused("the address has no host")
    if parts.username is not None or parts.password is not None:
        raise _refused("an address with a user or a password is refused: put a secret in its path")
    if parts.fragment or url.endswith("#"):
        raise _refused("an address with a fragment (#) is refused")
    if scheme == "http" and not _loopback_host(host):
        raise _refused("an http address is for a loopback host only (127.0.0.1, [::1], localhost): use https")
    if scheme == "http" and not (rules.allow_loopback or rules.allow_private):
        raise _refused("loopback addresses are not allowed by this server (--webhooks-allow-loopback)")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return scheme, host, port or (443 if scheme == "https" else 80), path


def _loopback_host(host: str) -> bool:
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def refusal(address: str, rules: AddressRules) -> str | None:
    """Why the server may not call the IP ``address`` (text) under ``rules``, or ``None`` if it may.

    Raises:
        ValueError: If ``address`` is not an IP address.
    """
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_multicast or ip.is_unspecified:
        return f"{ip} is a multicast or unspecified address"
    if ip.is_loopback:
        return None if rules.allow_loopback or rules.allow_private else f"{ip} is a loopback address"
    if not ip.is_global or ip.is_reserved or ip.is_link_local or ip.is_private:
        return None if rules.allow_private else f"{ip} is a link-local, private or reserved address"
    return None


def system_resolver(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to (the system's resolver, TCP).

    Raises:
        OSError: If it does not resolve.
    """
    found: list[Any] = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]) for info in found))


def resolve(url: object, rules: AddressRules, resolver: Resolver = system_resolver) -> Target:
    """Check a webhook address and look its host up (this blocks: call it from a worker thread).

    Every address the host resolves to must be one the server may call; the first is the one
    to connect to.

    Raises:
        Refused: If the address is not one the server may call, or its host does not resolve (``bad-webhook``).
    """
    scheme, host, port, path = check_url(url, rules)
    try:
        literal: ipaddress.IPv4Address | ipaddress.IPv6Address | None = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None:
        addresses = [str(literal)]
    else:
        try:
            addresses = resolver(host, port)
        except (OSError, UnicodeError) as error:
            raise _refused(f"the host {host} does not resolve: {error}") from None
        if not addresses:
            raise _refused(f"the host {host} does not resolve")
    for text in addresses:
        try:
            ip = ipaddress.ip_address(text.partition("%")[0])
        except ValueError:
            raise _refused(f"the host {host} resolves to {text!r}, not an IP address") from None
        reason = refusal(str(ip), rules)
        if reason is not None:
            shown = f"{host} resolves to {ip}, which" if literal is None else f"{ip}"
            raise _refused(f"{shown} is not allowed: {reason.partition(' is ')[2]}")
        if scheme == "http" and not ip.is_loopback:
            raise _refused(f"an http address is for a loopback host only, and {host} resolves to {ip}")
    return Target(scheme, host, port, path, addresses[0])
