"""Sudoku with the answers of the ``sudoku-dlx`` command line.

A puzzle is a string: 81 characters (``.`` or ``0`` for an empty cell), or a grid over
several lines, or any size the command reads (16x16, 25x25). Bad input raises
``ValueError`` with the library's message; ``timeout``/``max_nodes`` cut short raise
``dlx_cover.LimitReached``. Every search releases the GIL.
"""

from typing import Dict, List, Optional

from . import _native


def solve(puzzle: str, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> Optional[str]:
    """The lexicographically smallest fill of ``puzzle`` (as ``sudoku-dlx solve``), or
    ``None`` when it has none."""
    return _native.sudoku_solve(puzzle, timeout, max_nodes)


def count(puzzle: str, limit: Optional[int] = None, timeout: Optional[float] = None,
          max_nodes: Optional[int] = None) -> int:
    """The number of fills of ``puzzle``, up to ``limit`` (``limit=2`` tells unique from
    not), as ``sudoku-dlx count``."""
    return _native.sudoku_count(puzzle, limit, timeout, max_nodes)


def check(puzzle: str) -> Dict[str, object]:
    """Whether ``puzzle`` is valid, unique and minimal, as ``sudoku-dlx check``:
    ``{"status", "valid", "unique", "minimal", "redundant", "givens"}``; ``redundant``
    names the givens that can go (``r1c2``)."""
    return _native.sudoku_check(puzzle)


def canon(puzzle: str) -> str:
    """The canonical form of a 9x9 puzzle (equal for every isomorph), as
    ``sudoku-dlx canon``."""
    return _native.sudoku_canon(puzzle)


def rate(puzzle: str) -> Dict[str, object]:
    """The rating, as ``sudoku-dlx rate``: ``{"level", "score", "hardest", "effort",
    "steps"}``."""
    return _native.sudoku_rate(puzzle)


def hint(puzzle: str) -> Optional[Dict[str, object]]:
    """The next logical step, as ``sudoku-dlx hint``: ``{"technique", "reason", "cells",
    "digits", "place", "eliminate"}`` (cells numbered row-major from 0; ``place`` and
    ``eliminate`` are ``(cell, digit)`` pairs), or ``None`` when the grid is full."""
    return _native.sudoku_hint(puzzle)


def explain(puzzle: str) -> List[Dict[str, object]]:
    """Every step from ``puzzle`` to its solution, as ``sudoku-dlx explain``: dicts as
    ``hint`` gives, each with ``after``, the grid after the step."""
    return _native.sudoku_explain(puzzle)


def generate(count: int = 1, seed: int = 0, difficulty: str = "any", symmetry: str = "none",
             size: int = 9) -> List[Dict[str, object]]:
    """Puzzles ``0..count`` of the stream of ``seed``, as ``sudoku-dlx generate``: each
    ``{"puzzle", "fill", "level", "attempts"}``. ``difficulty`` is ``any``, ``simple``,
    ``easy``, ``intermediate`` or ``expert``; ``symmetry`` one the command takes
    (``none``, ``rot180``, ...); ``size`` the side (9, 16, ...)."""
    return _native.sudoku_generate(count, seed, difficulty, symmetry, size)
