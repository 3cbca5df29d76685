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
