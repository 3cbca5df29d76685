"""Exact cover with Knuth's dancing links, and a Sudoku library, in Rust.

``Problem`` states items and options (colors with ``item:color``; multiplicities and costs
through ``Problem.from_knuth``) and searches them: ``count``, ``solutions`` (lazy),
``min_cost``/``best``, and ``split`` with ``run_job``/``merge`` to spread one count over
many workers; ``count_memo`` counts by memoized search (Knuth's dlx6, ints of any size)
and ``zdd`` writes the ZDD of all solutions, which ``zdd_count``, ``zdd_solutions`` and
``zdd_sample`` read. ``dlx_cover.sudoku`` solves, counts, checks, rates, explains and generates
Sudoku puzzles with the same answers as the ``sudoku-dlx`` command.

Every search releases the GIL and can be interrupted with Ctrl-C; bad input raises
``ValueError`` with the library's message; a search cut short by ``timeout`` or
``max_nodes`` raises ``LimitReached``.
"""

from ._native import (
    LimitReached,
    Problem,
    Solutions,
    merge,
    run_job,
    zdd_count,
    zdd_sample,
    zdd_solutions,
)
from . import sudoku

__all__ = [
    "Problem",
    "Solutions",
    "LimitReached",
    "run_job",
    "merge",
    "zdd_count",
    "zdd_solutions",
    "zdd_sample",
    "sudoku",
]
__version__ = "0.1.0"
