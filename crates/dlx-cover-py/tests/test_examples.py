"""The distributed recipes: Dask on a two-worker LocalCluster, Ray when asked for."""

import importlib.util
import os
import pathlib
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python"
sys.path.insert(0, str(EXAMPLES))


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dask_queens_13():
    pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
    assert load("dask_queens").main(13) == 73712


@pytest.mark.skipif(os.environ.get("DLX_PY_RAY") != "1",
                    reason="Ray runs only with DLX_PY_RAY=1 (its wheel is ~70 MB; .ci/run sets it)")
def test_ray_queens_13():
    pytest.importorskip("ray", reason="ray is not installed")
    assert load("ray_queens").main(13) == 73712


def test_the_queens_builder_needs_no_dask(monkeypatch):
    # ray_queens.py takes its problem from dask_queens.py: that must work without Dask.
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    assert load("dask_queens").queens(6).count() == 4


def test_the_package_readme_snippet_runs():
    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    snippet = readme.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(snippet, "README.md", "exec"), {})


def test_the_stubs_match_the_module(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed")
    import subprocess
    r = subprocess.run([sys.executable, "-m", "mypy.stubtest", "dlx_cover"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
