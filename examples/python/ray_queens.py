"""Counts the 13-queens solutions with Ray: split through dlx_cover, run each job as a Ray
task, merge to the exact total (73,712).

Run it as is for a local Ray on this machine; for a real cluster change the one line marked
CLUSTER to ``ray.init(address="ray://head:10001")``.
"""

import sys

import dlx_cover
import ray

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from dask_queens import queens  # noqa: E402  (the same problem builder)


@ray.remote
def run_job(text, job):
    """One job on a Ray worker."""
    return dlx_cover.run_job(text, job)


def main(n=13):
    ray.init(num_cpus=2, include_dashboard=False)  # CLUSTER: ray.init(address="ray://head:10001")
    try:
        problem = queens(n)
        lines = problem.split(64)
        text = ray.put(problem.to_knuth())
        jobs = [line for line in lines if line.startswith("job ")]
        results = ray.get([run_job.remote(text, job) for job in jobs])
        merged = dlx_cover.merge(lines, results)
    finally:
        ray.shutdown()
    print(f"{n} queens: total {merged['total']} ({merged['jobs']} jobs)")
    return merged["total"]


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 13)
