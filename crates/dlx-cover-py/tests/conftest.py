"""Shared helpers: problem builders, an independent brute-force exact cover, the CLI."""

import itertools
import os
import pathlib
import subprocess

import pytest

import dlx_cover

ROOT = pathlib.Path(__file__).resolve().parents[3]
CLI = ROOT / "target" / "release" / "sudoku-dlx"


def queens(n):
    """n queens: rows and columns primary, the diagonals secondary."""
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    p = dlx_cover.Problem([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)], diagonals)
    for i in range(n):
        for j in range(n):
            p.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
    return p


def langford(n):
    """Langford pairs of 1..n: value v at positions i and i+v+1 (both orders counted)."""
    p = dlx_cover.Problem([f"v{v}" for v in range(1, n + 1)] + [f"s{k}" for k in range(2 * n)])
    for v in range(1, n + 1):
        for i in range(2 * n - v - 1):
            p.add_option([f"v{v}", f"s{i}", f"s{i + v + 1}"])
    return p


def brute_force(primary, secondary, options):
    """Every exact cover, by trying every subset of options: a dict of solutions (sorted
    tuples of option numbers). Options are lists of "item" or "item:color"."""
    found = []
    for r in range(len(options) + 1):
        for subset in itertools.combinations(range(len(options)), r):
            covered = {}
            ok = True
            for o in subset:
                for entry in options[o]:
                    name, _, color = entry.partition(":")
                    if name in covered:
                        prev = covered[name]
                        if name in primary or not color or prev is None or prev != color:
                            ok = False
                    covered[name] = color or None
            if ok and all(item in covered for item in primary):
                found.append(subset)
    return found


def cli_or_skip():
    """The built CLI, or a skip naming what is missing."""
    if not CLI.exists():
        pytest.skip(f"{CLI} is not built (cargo build --release)")
    return CLI


def cli(*args, stdin=None):
    """Runs the CLI, returns its standard output."""
    return subprocess.run([str(cli_or_skip()), *args], input=stdin, capture_output=True,
                          text=True, check=False).stdout  # check and count exit non-zero by verdict


def sample_puzzles(count=20):
    """The first `count` puzzles of each committed sample set."""
    puzzles = []
    for path in sorted((ROOT / "tests" / "data" / "samples").glob("*")):
        lines = [l.strip() for l in path.read_text().splitlines()
                 if l.strip() and not l.startswith("#")]
        puzzles += [l for l in lines if len(l) == 81][:count]
    return puzzles


os.environ.setdefault("PYTHONFAULTHANDLER", "1")
