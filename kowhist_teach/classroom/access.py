"""Who a server lets in (issue 32: one credential per role): the Host check, the name
of its login cookie and the key that signs it. :mod:`.server` applies them.

A class runs two servers on one machine, the students' (port P) and the teacher's
console (P + 1). Once, both signed their login cookies with one key, jupyter_server
named the login cookie after the request's Host header, and the Host check ignored the
port: a request to the students' server with the console's port in its Host, and the
students' token, came back with a cookie that the console took. Now:

- **the Host names this server's port** (:func:`host_allowed`): in a class, a Host
  with another port (the other server's, none, any) gets the one-line 403;
- **the login cookie's name is the server's** (:func:`login_cookie_name`: its role
  and port), never taken from the request;
- **each server signs with its own key** (:func:`role_secret`), derived from the one
  key the class keeps, so that a restarted class keeps its pages logged in.

>>> host_allowed("10.0.0.7:8866", "10.0.0.7", 8866), host_allowed("10.0.0.7:8867", "10.0.0.7", 8866)
(True, False)
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import ipaddress

__all__ = ["host_allowed", "host_and_port", "login_cookie_name", "role_secret"]

_LOOPBACK_NAMES = ("localhost",)


def role_secret(secret: str, role: str) -> str:
    """The key (hex) that signs the login cookies of a class's server ``role``
    (``"students"``, ``"console"``), derived from the class's one kept key ``secret``
    (hex): the same at every start (pages stay logged in across a restart), another for
    each role (a cookie of the students' server never opens the console).

    >>> key = "00" * 32
    >>> role_secret(key, "students") == role_secret(key, "students") != role_secret(key, "console")
    True
    >>> len(bytes.fromhex(role_secret(key, "console")))
    32
    """
    message = f"kowhist-teach login cookies: {role}".encode()
    return hmac.new(bytes.fromhex(secret), message, hashlib.sha256).hexdigest()


def login_cookie_name(role: str, port: int) -> str:
    """The name of a server's login cookie: its role and port, never from the request
    (jupyter_server's default, ``username-<Host header>``, let a request with another
    server's Host get a cookie named as that server's). Browsers keep cookies per host,
    not per port: the port keeps two servers on one machine apart.

    >>> login_cookie_name("console", 8867)
    'kowhist-console-8867'
    """
    return f"kowhist-{role}-{port}"


def host_and_port(header: str) -> tuple[str, int | None]:
    """The name and port of a Host header (``None``: no port given; ``-1``: not a port).

    >>> host_and_port("10.0.0.7:8866"), host_and_port("[::1]:80"), host_and_port("[::1]")
    (('10.0.0.7', 8866), ('::1', 80), ('::1', None))
    """
    header = header.lower().strip()
    if header.startswith("["):
        name, _bracket, rest = header[1:].partition("]")
        if not rest:
            return name, None
        port = rest[1:] if rest.startswith(":") else "x"
    else:
        name, colon, port = header.rpartition(":")
        if not colon:
            return header, None
    return name, int(port) if port.isascii() and port.isdigit() and len(port) <= 5 else -1


def host_allowed(host: str, public: str | None = None, port: int | None = None) -> bool:
    """Whether a server answers a request whose Host header is ``host``: a loopback name
    or address, or its ``public`` address (a class's, as printed); when ``port`` is
    given, with that port only (a Host without a port means port 80).

    >>> host_allowed("localhost:9000"), host_allowed("attacker.example")
    (True, False)
    >>> host_allowed("10.0.0.7", "10.0.0.7", 8866), host_allowed("10.0.0.7:80", "10.0.0.7", 80)
    (False, True)
    """
    name, given = host_and_port(host)
    if given == -1 or (port is not None and (80 if given is None else given) != port):
        return False
    if name in _LOOPBACK_NAMES:
        return True
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(name).is_loopback:
            return True
    return public is not None and name == public.lower()
