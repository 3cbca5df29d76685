"""dlx_cover against xcover and exact-cover (pip), side by side in one run: queens 12
count, Langford 11 count, iterating every solution of queens 10. The three run in turn,
round after round (so a change of load hits all three alike), and each column is the
median of its rounds: 5 for the counts, 31 for the short iteration. Wall time, and the
process's CPU time (every thread of it: load-independent, where a short run's wall time
depends on whether the scheduler happens to preempt it). Prints a Markdown table with the
load average and the versions.

    pip install ./crates/dlx-cover-py xcover exact-cover
    python crates/dlx-cover-py/bench.py
"""

import os
import platform
import statistics
import sys
import time
from importlib.metadata import version

import numpy as np
import xcover
import exact_cover

import dlx_cover

def queens_options(n):
    """(primary, secondary, options) of n queens."""
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"]
               for i in range(n) for j in range(n)]
    return primary, secondary, options


def langford_options(n):
    primary = [f"v{v}" for v in range(1, n + 1)] + [f"s{k}" for k in range(2 * n)]
    options = [[f"v{v}", f"s{i}", f"s{i + v + 1}"]
               for v in range(1, n + 1) for i in range(2 * n - v - 1)]
    return primary, [], options


def ours(primary, secondary, options):
    p = dlx_cover.Problem(primary, secondary)
    for o in options:
        p.add_option(o)
    return p


def matrix(primary, secondary, options):
    """exact-cover's dense 0/1 matrix: secondary items made primary with one slack row each
    (the count is unchanged: each solution extends in one way)."""
    columns = {name: k for k, name in enumerate(primary + secondary)}
    rows = [[columns[i] for i in o] for o in options] + [[columns[s]] for s in secondary]
    m = np.zeros((len(rows), len(columns)), dtype=np.int32)
    for r, cols in enumerate(rows):
        m[r, cols] = 1
    return m


def alternated(fs, rounds):
    """Runs each of `fs` once per round, in turn; their median wall times, median CPU
    times (the process's) and last results."""
    times = [[] for _ in fs]
    cpu = [[] for _ in fs]
    results = [None] * len(fs)
    for _ in range(rounds):
        for k, f in enumerate(fs):
            start, start_cpu = time.perf_counter(), time.process_time()
            results[k] = f()
            cpu[k].append(time.process_time() - start_cpu)
            times[k].append(time.perf_counter() - start)
    median = lambda ts: [statistics.median(t) for t in ts]  # noqa: E731
    return median(times), median(cpu), results


def main():
    cases = [
        ("queens 12, count", queens_options(12), 14200, "count", 5),
        ("Langford 11, count", langford_options(11), 35584, "count", 5),
        ("queens 10, iterate all", queens_options(10), 724, "iterate", 31),
    ]
    # xcover compiles with numba on first use: warm it up outside the timings.
    list(xcover.covers(queens_options(5)[2], primary=queens_options(5)[0],
                       secondary=queens_options(5)[1]))
    rows = []
    for name, (primary, secondary, options), expected, kind, rounds in cases:
        p = ours(primary, secondary, options)
        m = matrix(primary, secondary, options)
        if kind == "count":
            ours_f = p.count
            exact_f = lambda: exact_cover.get_solution_count(m)  # noqa: E731
        else:
            ours_f = lambda: sum(1 for _ in p.solutions())  # noqa: E731
            exact_f = lambda: sum(1 for _ in exact_cover.get_all_solutions(m))  # noqa: E731
        xcover_f = lambda: sum(1 for _ in xcover.covers(  # noqa: E731
            options, primary=primary, secondary=secondary or None))
        (t_ours, t_x, t_e), (c_ours, c_x, c_e), (n1, n2, n3) = alternated(
            [ours_f, xcover_f, exact_f], rounds)
        assert n1 == n2 == n3 == expected, (name, n1, n2, n3)
        rows.append(f"| {name} | {t_ours * 1e3:.1f} | {t_x * 1e3:.1f} | {t_e * 1e3:.1f} "
                    f"| {min(t_x, t_e) / t_ours:.1f}x | {min(c_x, c_e) / c_ours:.1f}x |")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()}, dlx-cover {version('dlx-cover')}, "
          f"xcover {version('xcover')}, exact-cover {version('exact-cover')}, "
          f"numpy {np.__version__}; medians of alternated rounds; load average {load}; "
          f"{os.cpu_count()} cores")
    print()
    print("| case | dlx_cover ms | xcover ms | exact-cover ms "
          "| faster than the faster other | in CPU time |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    print("\n".join(rows))


if __name__ == "__main__":
    sys.exit(main())
