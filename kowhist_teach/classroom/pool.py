"""The preheated kernels of the app's server, warmed gently (:func:`gentle_pool`).

Voilà keeps a pool of kernels that have already run the app's notebook, so that a page
opens on a ready table. Left to itself it starts them all at once, and refills the pool
one second after each page takes a kernel: a class arriving together would start 30
kernels while it plays. Here at most :data:`WARM_AT_ONCE` kernels start at a time, and
the pool is refilled once no page has taken a kernel for ``fill_delay`` seconds and the
machine is no longer busy (:func:`machine_busy`). Under a school's JupyterHub a server
serves one person: the kernel ready at its start is the one their page takes, and none is
refilled.

>>> machine_busy() in (True, False)
True
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

__all__ = ["BUSY_SHARE", "REFILL_MAX_WAIT", "WARM_AT_ONCE", "gentle_pool", "machine_busy"]

#: Kernels of the pool that start and run the notebook at the same time.
WARM_AT_ONCE = 1
#: The pool waits to be refilled while the machine is busier than this (the share of
#: all cores busy since the last look), but never longer than :data:`REFILL_MAX_WAIT`
#: seconds.
BUSY_SHARE = 0.75
REFILL_MAX_WAIT = 300.0


_last_cpu_look: list[tuple[float, float]] = []


def _cpu_times() -> tuple[float, float] | None:
    """(busy, total) clock ticks of every core since boot, from ``/proc/stat``."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(x) for x in f.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + fields[4]
    return float(sum(fields) - idle), float(sum(fields))


def machine_busy() -> bool:
    """Whether the machine has been busier than :data:`BUSY_SHARE` since the last look
    (Linux ``/proc/stat``; elsewhere the load average against the cores; False when
    neither is known).

    >>> machine_busy() in (True, False)
    True
    """
    now = _cpu_times()
    if now is not None:
        before = _last_cpu_look[-1] if _last_cpu_look else (0.0, 0.0)
        _last_cpu_look[:] = [now]
        busy, total = now[0] - before[0], now[1] - before[1]
        return total > 0 and busy / total > BUSY_SHARE
    with contextlib.suppress(OSError, AttributeError):
        return os.getloadavg()[0] > BUSY_SHARE * (os.cpu_count() or 1)
    return False


def gentle_pool(base: type) -> type:
    """Voilà's pooling kernel manager ``base`` (made by its
    ``voila_kernel_manager_factory``), warming gently: at most :data:`WARM_AT_ONCE`
    kernels start and run the notebook at a time, and the pool is refilled only after
    ``fill_delay`` seconds with no page taking a kernel (not once per page), and then only
    once the machine is no longer busy (:func:`machine_busy`; at the latest after
    :data:`REFILL_MAX_WAIT` seconds)."""
    import asyncio

    class GentlePoolKernelManager(base):  # type: ignore[misc,valid-type]
        def __init__(self, **kwargs: Any) -> None:
            # Before Voilà's __init__, which starts filling the pool.
            self._warming = asyncio.Semaphore(WARM_AT_ONCE)
            self._refills: dict[str | None, asyncio.TimerHandle] = {}
            super().__init__(**kwargs)

        def fill_if_needed(
            self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any
        ) -> None:
            if delay == 0:  # the server starting: fill now
                super().fill_if_needed(delay=0, notebook_name=notebook_name, **kwargs)
                return
            options = getattr(getattr(self, "parent", None), "kowhist_options", None)
            if options is not None and options.hub is not None:
                # One person's server under a hub: the kernel ready at its start is the
                # one their page takes; another, kept for a second tab, would double the
                # memory of every student (a second tab starts its own kernel).
                return
            # A page took a kernel: refill once the pages stop coming.
            loop = asyncio.get_event_loop()
            pending = self._refills.pop(notebook_name, None)
            if pending is not None:
                pending.cancel()
            wait = self.fill_delay if delay is None else delay
            self._refills[notebook_name] = loop.call_later(
                wait, self._refill, notebook_name, kwargs
            )

        def _refill(
            self, notebook_name: str | None, kwargs: dict[str, Any], waited: float = 0.0
        ) -> None:
            self._refills.pop(notebook_name, None)
            waited += self.fill_delay
            if waited < REFILL_MAX_WAIT and machine_busy():
                # The class is still settling in (their pages, their first moves): wait.
                loop = asyncio.get_event_loop()
                self._refills[notebook_name] = loop.call_later(
                    self.fill_delay, self._refill, notebook_name, kwargs, waited
                )
                return
            super().fill_if_needed(delay=0, notebook_name=notebook_name, **kwargs)

        async def _initialize(
            self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any
        ) -> Any:
            if kernel_id is not None:  # a restart, not a warm-up
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            await self._warming.acquire()
            try:
                content = await super()._initialize(notebook_path, kernel_id, **kwargs)
            except BaseException:
                self._warming.release()
                raise
            # The next kernel starts when this one has run the notebook (or been taken
            # by a page and run the cell it was on).
            content["task"].add_done_callback(lambda _t: self._warmed(notebook_path))
            return content

        def _warmed(self, notebook_path: str) -> None:
            self._warming.release()
            ready = 0
            for item in self._pools.get(notebook_path, ()):
                with contextlib.suppress(Exception):
                    if item.done() and item.result()["task"].done():
                        ready += 1
            pools = self.kernel_pools_config
            size = pools.get(notebook_path, pools.get("default", {})).get("pool_size", 0)
            self.log.info("Preheated kernels ready for %s: %s of %s", notebook_path, ready, size)

    return GentlePoolKernelManager
