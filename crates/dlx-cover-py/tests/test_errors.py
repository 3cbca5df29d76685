"""Every error path: ValueError with the library's message, never a crash."""

import pytest

import dlx_cover
from conftest import queens


def test_unknown_item():
    p = dlx_cover.Problem(["a"], ["x"])
    with pytest.raises(ValueError, match='unknown item name "zz"'):
        p.add_option(["a", "zz"])


def test_option_without_primary_and_repeats():
    p = dlx_cover.Problem(["a"], ["x"])
    with pytest.raises(ValueError, match="no primary item"):
        p.add_option(["x"])
    with pytest.raises(ValueError, match="twice"):
        p.add_option(["a", "a"])
    with pytest.raises(ValueError, match="duplicate item name"):
        dlx_cover.Problem(["a", "a"])
    with pytest.raises(ValueError):
        dlx_cover.Problem(["a b"])


def test_malformed_knuth_names_its_line():
    with pytest.raises(ValueError, match="line 3: unknown item name"):
        dlx_cover.Problem.from_knuth("a b\na b\nq\n")
    with pytest.raises(ValueError, match="line 1"):
        dlx_cover.Problem.from_knuth("")


def test_bad_keywords():
    with pytest.raises(ValueError, match="timeout"):
        queens(4).count(timeout=-1)
    with pytest.raises(ValueError):
        queens(4).option_text(99)


def test_split_errors():
    p = queens(6)
    lines = p.split(4)
    jobs = [l for l in lines if l.startswith("job ")]
    with pytest.raises(ValueError, match="not a job line"):
        dlx_cover.run_job(p, lines[0])
    with pytest.raises(ValueError, match="expected a line starting"):
        dlx_cover.run_job(p, "hello")
    with pytest.raises(ValueError, match="was cut from a problem with SHA-256"):
        dlx_cover.run_job(queens(7), jobs[0])
    results = [dlx_cover.run_job(p, j) for j in jobs]
    with pytest.raises(ValueError, match="no result: 0"):
        dlx_cover.merge(lines, results[1:])
    with pytest.raises(ValueError, match=r"already seen: job 1 \(results\[1\]:1 and results\[\d+\]:1\)"):
        dlx_cover.merge(lines, results + [results[1]])
    # A result of another problem, of another split of this one, a changed digit, a line
    # cut short: each refused, naming the result and its line.
    q = queens(7)
    foreign = dlx_cover.run_job(q, [l for l in q.split(4) if l.startswith("job ")][0])
    with pytest.raises(ValueError, match=r"results\[0\]: line 1: job 0 is of another problem"):
        dlx_cover.merge(lines, [foreign] + results[1:])
    other = p.split(9)
    other_results = [dlx_cover.run_job(p, j) for j in other if j.startswith("job ")]
    assert dlx_cover.merge(other, other_results)["total"] == 4
    with pytest.raises(ValueError, match="of another split of the problem"):
        dlx_cover.merge(lines, results[:1] + other_results[1:])
    changed = results[0].replace(" count ", " count 1", 1)
    with pytest.raises(ValueError, match="does not match its fields"):
        dlx_cover.merge(lines, [changed] + results[1:])
    with pytest.raises(ValueError, match="not a line check"):
        dlx_cover.merge(lines, [results[0][:-2]] + results[1:])
    with pytest.raises(ValueError, match="jobs: line 1"):
        dlx_cover.merge(results, results)


def test_split_refuses_multiplicities_as_the_cli_does():
    p = dlx_cover.Problem.from_knuth("1:3|a\na\na\na\na\n")
    assert p.count() == 14
    with pytest.raises(ValueError, match="multiplicities"):
        p.split(4)
    job = queens(6).split(2)[1]
    with pytest.raises(ValueError, match="multiplicities"):
        dlx_cover.run_job(p, job)


def test_sudoku_errors():
    with pytest.raises(ValueError):
        dlx_cover.sudoku.solve("123")
    with pytest.raises(ValueError):
        dlx_cover.sudoku.generate(difficulty="impossible")
    with pytest.raises(ValueError):
        dlx_cover.sudoku.generate(symmetry="spiral")
    with pytest.raises(ValueError):
        dlx_cover.sudoku.generate(size=7)


def test_a_panic_is_a_runtime_error_not_a_crash():
    from dlx_cover import _native
    with pytest.raises(RuntimeError, match="internal error"):
        _native._force_panic()
    assert queens(5).count() == 10  # still alive


def test_one_rule_for_names_so_every_problem_pickles():
    import pickle
    for bad in ["Zürich", "a:b", "a|b", "a\0b", "toolongname"]:
        with pytest.raises(ValueError):
            dlx_cover.Problem([bad])
        with pytest.raises(ValueError):
            dlx_cover.Problem.from_knuth(bad + "\n" + bad + "\n")
    p = dlx_cover.Problem(["a"], ["x"])
    for bad in [["Zürich"], ["a", "x:r|d"]]:
        with pytest.raises(ValueError):
            p.add_option(bad)
    with pytest.raises(ValueError, match="a color on primary item a"):
        p.add_option(["a:red"])
    p.add_option(["a", "x:red"])
    q = pickle.loads(pickle.dumps(p))
    assert q.to_knuth() == p.to_knuth() and q.count() == 1


def test_split_caps_its_jobs():
    with pytest.raises(ValueError, match="at most 1000000"):
        queens(8).split(10**7)
