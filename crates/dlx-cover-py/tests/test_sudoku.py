"""dlx_cover.sudoku: the same answers as the CLI on the committed samples; independent checks."""

import pytest

from dlx_cover import sudoku
from conftest import cli, sample_puzzles

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def is_fill(puzzle, answer):
    rows = [answer[9 * r:9 * r + 9] for r in range(9)]
    cols = ["".join(r[c] for r in rows) for c in range(9)]
    boxes = ["".join(rows[r][c] for r in range(b // 3 * 3, b // 3 * 3 + 3)
                     for c in range(b % 3 * 3, b % 3 * 3 + 3)) for b in range(9)]
    full = set("123456789")
    return (all(set(u) == full for u in rows + cols + boxes)
            and all(p in ".0" or p == a for p, a in zip(puzzle, answer)))


def test_solve_count_check_independently():
    answer = sudoku.solve(PUZZLE)
    assert is_fill(PUZZLE, answer)
    assert sudoku.count(PUZZLE, limit=2) == 1
    assert sudoku.count("." * 81, limit=5) == 5
    assert sudoku.solve("55" + "." * 79) is None
    c = sudoku.check(PUZZLE)
    assert c["valid"] and c["unique"] and c["givens"] == 30


def test_hint_explain_rate_generate():
    h = sudoku.hint(PUZZLE)
    assert h["technique"] and h["place"] or h["eliminate"]
    steps = sudoku.explain(PUZZLE)
    assert steps[-1]["after"] == sudoku.solve(PUZZLE)
    assert sudoku.rate(PUZZLE)["level"] in {"simple", "easy", "intermediate", "expert"}
    made = sudoku.generate(count=2, seed=1, difficulty="expert", symmetry="rot180")
    for g in made:
        assert g["level"] == "expert"
        assert sudoku.count(g["puzzle"], limit=2) == 1
        assert sudoku.solve(g["puzzle"]) == g["fill"]
    assert sudoku.hint(sudoku.solve(PUZZLE)) is None


def test_answers_equal_the_cli():
    puzzles = sample_puzzles(15)
    text = "\n".join(puzzles) + "\n"
    assert cli("solve", stdin=text).split() == [sudoku.solve(p) for p in puzzles]
    assert [int(x.split()[0]) for x in cli("count", "--limit", "2", stdin=text).splitlines()] == \
        [sudoku.count(p, limit=2) for p in puzzles]
    for line, p in zip(cli("check", stdin=text).splitlines(), puzzles, strict=True):
        c = sudoku.check(p)
        assert line.split(":")[0] == c["status"]
        assert all(cell in line for cell in c["redundant"])
    assert cli("canon", stdin=text).split() == [sudoku.canon(p) for p in puzzles]
    for line, p in zip(cli("rate", stdin=text).splitlines(), puzzles):
        try:
            r = sudoku.rate(p)
        except ValueError as e:  # the CLI reports the same fault on its line
            assert "unique" in line or "solution" in line, (line, e)
            continue
        assert line.split()[0] == r["level"]
        assert line.split()[1] == f"{r['score']:.1f}"
        assert f"effort  {r['effort']:.2f}" in line
        assert (r["hardest"] or "") in line
    generated = cli("generate", "--count", "3", "--seed", "7", "--difficulty", "intermediate")
    assert generated.split() == [g["puzzle"] for g in
                                 sudoku.generate(count=3, seed=7, difficulty="intermediate")]


def test_python_values_and_one_puzzle_at_a_time():
    p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    step = sudoku.hint(p)
    assert isinstance(step["digits"], list) and all(isinstance(d, int) for d in step["digits"])
    score = sudoku.rate(p)["score"]
    assert score == round(score, 1) and len(repr(score)) <= 5, score
    with pytest.raises(ValueError, match="more than one puzzle"):
        sudoku.solve(p + "\n" + p + "\n")
