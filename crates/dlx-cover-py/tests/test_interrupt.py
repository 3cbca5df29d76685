"""Ctrl-C: a long count in a child process, SIGINT, KeyboardInterrupt within a fraction of
a second; the GIL is released while searching."""

import signal
import subprocess
import sys
import threading
import time

import dlx_cover
from conftest import langford, queens

CHILD = """
import sys, time
sys.path.insert(0, {tests!r})
from conftest import langford, queens
p = queens(19)
print("ready", flush=True)
try:
    p.count()
except KeyboardInterrupt:
    print("interrupted", flush=True)
try:
    list(p.solutions())
except KeyboardInterrupt:
    print("interrupted again", flush=True)
"""


def test_sigint_interrupts_a_long_count():
    import os
    code = CHILD.format(tests=os.path.dirname(__file__))
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    for expected in ["interrupted", "interrupted again"]:
        time.sleep(0.5)
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        assert child.stdout.readline().strip() == expected
        assert time.perf_counter() - sent < 0.5
    assert child.wait(timeout=10) == 0


def ticks_while(work):
    """How many times another Python thread ticked (every 10 ms) while `work` ran."""
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    work()
    stop.set()
    t.join()
    return len(ticks)


def test_the_gil_is_released():
    assert ticks_while(lambda: (queens(13).count(), queens(13).count())) >= 5


def test_the_gil_is_released_while_iterating():
    # Langford pairs of 17 have no solution: the iterator searches until its timeout.
    it = langford(17).solutions(timeout=0.3)
    assert ticks_while(lambda: list(it)) >= 5
    assert it.end == "timeout"


SPLIT_CHILD = """
import dlx_cover
# 3,000 items of two options each: a binary tree, whose million-job cut takes seconds.
k = 3000
p = dlx_cover.Problem([f"a{i}" for i in range(k)])
for i in range(k):
    p.add_option([f"a{i}"])
    p.add_option([f"a{i}"])
print("ready", flush=True)
try:
    p.split(1_000_000)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def test_sigint_interrupts_a_long_split():
    child = subprocess.Popen([sys.executable, "-c", SPLIT_CHILD], stdout=subprocess.PIPE,
                             text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    assert child.stdout.readline().strip() == "interrupted"
    assert time.perf_counter() - sent < 0.5
    assert child.wait(timeout=10) == 0
