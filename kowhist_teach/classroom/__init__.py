"""A class: the server that serves it, the store that remembers it, the pages of the
students and of their teacher (DESIGN §8).

- :mod:`~kowhist_teach.classroom.server`: Voilà, configured to be safe and to last
  (``kowhist-teach app`` and ``kowhist-teach class start``);
- :mod:`~kowhist_teach.classroom.store`: the class store, a real database (SQLite in a
  class folder by default, PostgreSQL by URL) through SQLAlchemy Core;
- :mod:`~kowhist_teach.classroom.join`: a student's page: a name, then the app bound to
  the class (its settings, its deal, every move written to the store);
- :mod:`~kowhist_teach.classroom.console`: the teacher's console.

This package sits above the app and the widgets (the app layer): it reads games only
through the registry and the hooks, and the engine knows nothing of it.

The server's names stay importable from here, as they were from ``classroom.py``:

>>> from kowhist_teach.classroom import ServeOptions, join_url
>>> join_url(ServeOptions(port=9000))
'http://localhost:9000/'
"""

from __future__ import annotations

from .pool import gentle_pool, machine_busy
from .server import (
    CULL_IDLE_MINUTES,
    CULL_INTERVAL_SECONDS,
    MEMORY_MB,
    ServeOptions,
    allowed_host,
    capped_kernel_argv,
    join_url,
    lan_address,
    new_token,
    serve,
    voila_config,
)

__all__ = [
    "CULL_IDLE_MINUTES",
    "CULL_INTERVAL_SECONDS",
    "MEMORY_MB",
    "ServeOptions",
    "allowed_host",
    "gentle_pool",
    "capped_kernel_argv",
    "join_url",
    "lan_address",
    "machine_busy",
    "new_token",
    "serve",
    "voila_config",
]
