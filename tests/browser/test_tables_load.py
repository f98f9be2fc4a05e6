"""Shared tables under load, in CI (issue 22): ``benchmarks/class_tables.py``'s own code
with two tables of four students (each a spawned process that drives its seat's page as
a kernel does) and four idle pages at a paused table, on SQLite and on PostgreSQL.

It checks what must hold at any speed: every game played to its end, every seat's moves
identical to its table's log (and the log the engine's own), no error in any process.
The figures (latency, CPU per move, an idle kernel's CPU) are the benchmark's to print;
the 32-player run is ``python benchmarks/class_tables.py``. Marked ``alone``: twelve
processes would crowd the parallel browser tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

from class_tables import run_tables  # noqa: E402


@pytest.mark.alone
def test_two_tables_of_four_stay_in_step(class_store_url: str) -> None:
    args = argparse.Namespace(tables=2, think=0.05, idle_seconds=3.0, timeout=600.0, seed=7)
    result = run_tables(class_store_url, args)
    assert result["errors"] == []
    assert result["desynchronised_tables"] == 0
    assert result["tables"] == 2 and result["players"] == 8
    assert result["moves"] > 40
    assert result["latency_ms"]["n"] > 3 * 40  # every seat applied the others' moves
