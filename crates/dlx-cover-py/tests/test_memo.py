"""count_memo and the ZDD: counts past 64 bits as ints, against the plain count and brute
force; the ZDD's text read back, listed and sampled uniformly (chi-square bound)."""

import random

import pytest

import dlx_cover
from conftest import brute_force, queens


def dominoes(n):
    """Domino tilings of an n x n board (as ``sudoku-dlx cover --emit dominoes N``)."""
    cells = [f"r{i}c{j}" for i in range(n) for j in range(n)]
    p = dlx_cover.Problem(cells)
    for i in range(n):
        for j in range(n):
            if j + 1 < n:
                p.add_option([f"r{i}c{j}", f"r{i}c{j + 1}"])
            if i + 1 < n:
                p.add_option([f"r{i}c{j}", f"r{i + 1}c{j}"])
    return p


@pytest.mark.parametrize(
    "n,tilings",
    [(8, 12988816), (12, 53060477521960000), (14, 112202208776036178000000)],
)
def test_domino_tilings_exact_past_64_bits(n, tilings):
    count = dominoes(n).count_memo()
    assert isinstance(count, int)
    assert count == tilings


@pytest.mark.parametrize("n", range(1, 10))
def test_memo_agrees_with_plain_count(n):
    assert queens(n).count_memo() == queens(n).count()


def test_memo_agrees_with_brute_force_with_colors():
    rng = random.Random(51)
    for _ in range(60):
        primary = [f"p{i}" for i in range(rng.randint(1, 5))]
        secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
        p = dlx_cover.Problem(primary, secondary)
        options = []
        for _ in range(rng.randint(0, 10)):
            items = rng.sample(primary, rng.randint(1, len(primary)))
            for s in rng.sample(secondary, rng.randint(0, len(secondary))):
                items.append(s + rng.choice(["", ":a", ":b"]))
            p.add_option(items)
            options.append(items)
        assert p.count_memo() == p.count() == len(brute_force(primary, secondary, options))


def test_memo_with_multiplicities():
    """Bounds lo:hi (Algorithm M) are counted by memo too: a small problem listed through
    its ZDD, and random bounds against the plain count."""
    q = dlx_cover.Problem.from_knuth("1:2|a b\na\na b\n")
    assert q.count_memo() == q.count() == 2
    assert sorted(dlx_cover.zdd_solutions(q.zdd())) == sorted(q.solutions())
    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(1, 5)
        los = [rng.randint(0, 2) for _ in range(n)]
        items = " ".join(f"{lo}:{max(lo + rng.randint(0, 2), 1)}|p{i}" for i, lo in enumerate(los))
        lines = [" ".join(rng.sample([f"p{i}" for i in range(n)], rng.randint(1, n)))
                 for _ in range(rng.randint(1, 9))]
        p = dlx_cover.Problem.from_knuth(items + "\n" + "\n".join(lines) + "\n")
        assert p.count_memo() == p.count()


def test_zdd_round_trip_and_listing():
    p = dominoes(4)
    text = p.zdd()
    assert text.splitlines()[-1].endswith(")")
    assert dlx_cover.zdd_count(text) == 36
    sols = dlx_cover.zdd_solutions(text)
    assert sorted(sols) == sorted(p.solutions())
    assert len(dlx_cover.zdd_solutions(text, limit=5)) == 5


def test_zdd_sample_is_uniform():
    p = dominoes(4)
    text = p.zdd()
    tilings = sorted(tuple(s) for s in dlx_cover.zdd_solutions(text))
    draws = dlx_cover.zdd_sample(text, 7200, seed=3)
    assert draws == dlx_cover.zdd_sample(text, 7200, seed=3)
    seen = {t: 0 for t in tilings}
    for d in draws:
        seen[tuple(d)] += 1
    expected = 7200 / 36
    chi2 = sum((o - expected) ** 2 / expected for o in seen.values())
    # 35 degrees of freedom: below 66.6 with probability 0.999 when uniform.
    assert chi2 < 66.6


def test_errors():
    with pytest.raises(ValueError, match="line 1"):
        dlx_cover.zdd_count("nonsense")
    with pytest.raises(dlx_cover.LimitReached) as e:
        dominoes(10).count_memo(max_nodes=100)
    assert isinstance(e.value.args[1], int)
