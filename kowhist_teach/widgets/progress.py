"""A notebook's progress bar for long simulations (ipywidgets).

>>> bar = SimulationProgress()
>>> bar(5, 10); bar.bar.value, bar.bar.max
(5, 10)
"""

from __future__ import annotations

import ipywidgets as w

from ..i18n import _

__all__ = ["SimulationProgress"]


class SimulationProgress:
    """``progress=`` for :func:`kowhist_teach.teach.simulate.simulate` in a notebook:
    an ``IntProgress`` bar with a "done / total" label; show it with ``display(bar.widget)``
    or let it display itself (``show=True``)."""

    def __init__(self, description: str | None = None, show: bool = False) -> None:
        self.bar = w.IntProgress(
            value=0, min=0, max=1, description=description or _("games"), bar_style="info"
        )
        self.label = w.Label("")
        self.widget = w.HBox([self.bar, self.label])
        if show:
            from IPython.display import display

            display(self.widget)

    def __call__(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done
        self.label.value = f"{done} / {total}"
        if done >= total:
            self.bar.bar_style = "success"
