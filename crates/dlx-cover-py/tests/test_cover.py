"""Problem: counts checked against known values and brute force, colors, Knuth's format,
multiplicities, costs, laziness, limits."""

import random
import time

import pytest

import dlx_cover
from conftest import brute_force, cli, cli_or_skip, langford, queens

QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]


@pytest.mark.parametrize("n", range(1, 13))
def test_queens_counts(n):
    assert queens(n).count() == QUEENS[n - 1]


def test_queens_solutions_are_queens():
    p = queens(6)
    sols = list(p.solutions())
    assert len(sols) == 4
    for sol in sols:
        cells = [(o // 6, o % 6) for o in sol]
        assert len({r for r, _ in cells}) == len({c for _, c in cells}) == 6
        assert len({r + c for r, c in cells}) == len({r - c for r, c in cells}) == 6


@pytest.mark.parametrize("n,count", [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300), (11, 35584)])
def test_langford_counts(n, count):
    # Both orders of each pairing: twice the number up to reversal (1, 1, 0, 26, 150, 17792).
    assert langford(n).count() == count


def test_issue_example_and_colors():
    p = dlx_cover.Problem(primary=["a", "b", "c"], secondary=["x"])
    assert p.add_option(["a", "b"]) == 0
    assert p.add_option(["c", "x:red"]) == 1
    assert p.count() == 1
    assert list(p.solutions()) == [[0, 1]]
    assert p.option_text(1) == "c x:red"
    assert (p.items, p.options) == (4, 2)


def random_problem(rng):
    primary = [f"p{k}" for k in range(rng.randint(1, 4))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 2))]
    options = []
    for _ in range(rng.randint(1, 9)):
        items = rng.sample(primary, rng.randint(1, len(primary)))
        for s in secondary:
            if rng.random() < 0.5:
                items.append(s + (":" + rng.choice("AB") if rng.random() < 0.5 else ""))
        options.append(items)
    return primary, secondary, options


def test_random_problems_against_brute_force():
    rng = random.Random(35)
    for _ in range(300):
        primary, secondary, options = random_problem(rng)
        p = dlx_cover.Problem(primary, secondary)
        for o in options:
            p.add_option(o)
        expected = sorted(brute_force(primary, secondary, options))
        got = sorted(tuple(s) for s in p.solutions())
        assert got == expected, (primary, secondary, options)
        assert p.count() == len(expected)
        assert p.count(limit=1) == min(1, len(expected))


def test_from_knuth_with_multiplicities_and_costs():
    # Item a must be covered twice, b once; costs pick the cheapest.
    text = "2:2|a b\na |3\na |1\na b |2\nb |5\n"
    p = dlx_cover.Problem.from_knuth(text)
    # By brute force over subsets: {0,1,3} cost 9, {0,2} cost 5, {1,2} cost 3.
    assert p.count() == 3
    assert p.min_cost() == 3
    assert p.best(2) == [(3, [1, 2]), (5, [0, 2])]
    assert p.best(10) == [(3, [1, 2]), (5, [0, 2]), (9, [0, 1, 3])]
    assert p.to_knuth() == text


def test_pentominoes_like_the_cli(tmp_path):
    from conftest import cli
    text = cli("cover", "--emit", "pentominoes", "6x10")
    assert dlx_cover.Problem.from_knuth(text).count() == 2339


def test_laziness_queens_14():
    p = queens(14)
    start = time.perf_counter()
    it = p.solutions()
    first = [next(it) for _ in range(3)]
    assert time.perf_counter() - start < 1.0
    assert len(first) == 3 and it.end is None
    assert next(it) not in first  # resumable
    it.close()
    assert list(it) == []


def test_limits():
    p = queens(10)
    assert p.count(limit=5) == 5
    it = p.solutions(limit=3)
    assert len(list(it)) == 3 and it.end == "limit"
    it = p.solutions()
    assert len(list(it)) == 724 and it.end == "exhausted"
    with pytest.raises(dlx_cover.LimitReached) as e:
        p.count(max_nodes=50)
    assert e.value.args[1] < 724
    it = p.solutions(max_nodes=50)
    list(it)
    assert it.end == "max_nodes"
    with pytest.raises(dlx_cover.LimitReached):
        queens(20).count(timeout=0.2)


def test_solutions_with_multiplicities():
    # Algorithm M's iterator: the three solutions of the example above, then a limit.
    p = dlx_cover.Problem.from_knuth("2:2|a b\na |3\na |1\na b |2\nb |5\n")
    it = p.solutions()
    assert sorted(it) == [[0, 1, 3], [0, 2], [1, 2]] and it.end == "exhausted"
    it = p.solutions(limit=1)
    assert len(list(it)) == 1 and it.end == "limit"


def test_adding_options_while_iterating_changes_nothing():
    p = queens(6)
    it = p.solutions()
    first = next(it)
    p.add_option(["r0"])  # would make more solutions for a search started after it
    assert [first] + list(it) == list(queens(6).solutions())
    assert it.end == "exhausted"


def test_split_run_merge():
    p = queens(8)
    lines = p.split(10)
    jobs = [l for l in lines if l.startswith("job ")]
    assert len(jobs) >= 10
    results = [dlx_cover.run_job(p, j) for j in jobs]
    merged = dlx_cover.merge(lines, results)
    assert merged["total"] == 92
    assert merged["jobs"] == len(jobs)
    # The same from the Knuth text, the job file as one string, the results as one.
    again = [dlx_cover.run_job(p.to_knuth(), j) for j in jobs]
    assert dlx_cover.merge("\n".join(lines), ["\n".join(again)])["total"] == 92


def test_jobs_with_memo_count_past_64_bits():
    """70 pairs of items, each covered by one option of both or one option each: 2**70
    solutions, 2**69 in each of the two jobs of a split on the first item. Jobs counted
    with memo are exact past 2**64, and merge adds them up exactly."""
    p = dlx_cover.Problem([f"{x}{i}" for i in range(70) for x in "ab"])
    for i in range(70):
        p.add_option([f"a{i}", f"b{i}"])
        p.add_option([f"a{i}"])
        p.add_option([f"b{i}"])
    lines = p.split(2)
    jobs = [l for l in lines if l.startswith("job ")]
    assert len(jobs) == 2
    results = [dlx_cover.run_job(p, j, memo=True) for j in jobs]
    assert [r.split()[3] for r in results] == [str(2**69)] * 2
    assert dlx_cover.merge(lines, results)["total"] == 2**70
    # Without memo, the same job line on a small problem gives the same count.
    q = queens(6)
    small = [l for l in q.split(3) if l.startswith("job ")]
    for j in small:
        assert dlx_cover.run_job(q, j, memo=True).split()[3] == dlx_cover.run_job(q, j).split()[3]


def test_pickles():
    import pickle
    p = queens(6)
    assert pickle.loads(pickle.dumps(p)).count() == 4


def test_help_reads_well():
    assert "exact-cover problem" in dlx_cover.Problem.__doc__
    assert "lazily" in dlx_cover.Problem.solutions.__doc__


def test_split_lines_are_the_clis(tmp_path):
    """``Problem.split`` writes the CLI's job file, line for line, and both refuse
    multiplicities; the CLI merges the results of ``run_job``."""
    import subprocess
    cli_path = str(cli_or_skip())
    p = queens(8)
    path = tmp_path / "q.dlx"
    path.write_text(p.to_knuth())
    lines = p.split(10)
    assert cli("cover", "--split", "10", str(path)).splitlines() == lines
    jobs_file = tmp_path / "jobs.txt"
    jobs_file.write_text("\n".join(lines) + "\n")
    results = tmp_path / "results.txt"
    results.write_text("\n".join(dlx_cover.run_job(p, j) for j in lines if j.startswith("job ")))
    assert "total 92" in cli("cover", "--merge", str(jobs_file), str(results)).splitlines()
    multi = tmp_path / "multi.dlx"
    multi.write_text("1:3|a\na\na\na\na\n")
    run = subprocess.run([cli_path, "cover", "--split", "4", str(multi)], capture_output=True,
                         text=True, check=False)
    assert run.returncode == 2 and "multiplicities" in run.stderr
    with pytest.raises(ValueError, match="multiplicities"):
        dlx_cover.Problem.from_knuth(multi.read_text()).split(4)
