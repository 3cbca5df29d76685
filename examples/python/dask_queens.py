"""Counts the 13-queens solutions on a Dask cluster: split through dlx_cover, map the jobs,
merge to the exact total (73,712).

Run it as is for a two-worker LocalCluster on this machine; to use a real cluster, change
the one line marked CLUSTER to ``Client("tcp://scheduler:8786")``.
"""

import sys

import dlx_cover


def queens(n):
    """The n-queens problem: rows and columns primary, diagonals secondary."""
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    p = dlx_cover.Problem(primary=rows + cols, secondary=diagonals)
    for i in range(n):
        for j in range(n):
            p.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
    return p


def count_on(client, problem, parts=64):
    """Splits ``problem`` into at least ``parts`` jobs, runs them on ``client``, merges."""
    lines = problem.split(parts)
    jobs = [line for line in lines if line.startswith("job ")]
    text = problem.to_knuth()  # each worker rebuilds the problem from its text
    futures = client.map(dlx_cover.run_job, [text] * len(jobs), jobs, pure=False)
    results = client.gather(futures)
    return dlx_cover.merge(lines, results)


def main(n=13):
    # Imported here: `queens` above serves ray_queens.py too, where Dask may be absent.
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, \
            Client(cluster) as client:  # CLUSTER: Client("tcp://scheduler:8786") for a real one
        merged = count_on(client, queens(n))
    print(f"{n} queens: total {merged['total']} ({merged['jobs']} jobs)")
    return merged["total"]


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 13)
