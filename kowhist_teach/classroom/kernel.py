"""The event loop of the IPython kernel a class's page runs in: where the pages and the
console schedule their reading of the class store."""

from __future__ import annotations

import asyncio
import sys

__all__ = ["kernel_loop"]


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the IPython kernel this code runs in, or None outside a kernel
    (a test worker may have another library's loop running: polling is no business of
    it).

    >>> kernel_loop() is None
    True
    """
    kernelapp = sys.modules.get("ipykernel.kernelapp")
    if kernelapp is None or not kernelapp.IPKernelApp.initialized():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        # An ipykernel kernel runs its loop between cells: schedule on it.
        return asyncio.get_event_loop()
