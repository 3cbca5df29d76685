"""Type stubs of ``dlx_cover``."""

from ._native import LimitReached as LimitReached, Problem as Problem, Solutions as Solutions
from ._native import merge as merge, run_job as run_job
from . import sudoku as sudoku

__all__ = ["Problem", "Solutions", "LimitReached", "run_job", "merge", "sudoku"]

__version__: str
