"""Type stubs of ``dlx_cover``."""

from ._native import LimitReached as LimitReached, Problem as Problem, Solutions as Solutions
from ._native import merge as merge, run_job as run_job
from ._native import zdd_count as zdd_count, zdd_sample as zdd_sample, zdd_solutions as zdd_solutions
from . import sudoku as sudoku

__all__ = [
    "Problem", "Solutions", "LimitReached", "run_job", "merge",
    "zdd_count", "zdd_solutions", "zdd_sample", "sudoku",
]

__version__: str
