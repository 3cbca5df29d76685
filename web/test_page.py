"""The browser test of web/: headless Chromium driven as a person would drive the page.

Checks, against the CLI's answers: a puzzle typed into the board solves to the smallest
fill; a hint names its technique and marks cells; a generated puzzle is unique with the
level asked; Stop ends a near-empty 25x25 count and a new solve answers at once; bad
puzzles show the library's message; `#p=...&do=solve` shows the answer on load; solving
top1465 in the page costs at most 2x the native CLI (the medians of rounds timed here).
Takes the screenshot docs/web.png.
"""

import argparse
import functools
import glob
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MAX_RATIO = 2.0
# Rounds of the timing, the median kept: the first page round also compiles the hot
# functions with the optimising tier, and the machine may be shared.
ROUNDS = 11
# Stop must end a search within this many seconds of the click: 0.21 s measured on a quiet
# machine, 0.64 s once at a load of 14 on 2 cores; a shared CI machine gets the margin.
STOP_WITHIN = 1.0
# The stopped search's thread must be idle within this many seconds of the click (see
# test_stop: 2.1 s measured with the machine's load at 14 on 2 cores).
RUN_ON_WITHIN = 5.0
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)


def cli(args, text):
    out = subprocess.run(args, input=text, capture_output=True, text=True, check=False)
    return out.stdout.strip(), out.stderr.strip()


def serve(directory):
    """The page on 127.0.0.1, a free port, in a thread; returns the base URL."""
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/index.html"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                 "--window-size=1100,1300"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Page:
    def __init__(self, driver, url):
        self.d, self.url = driver, url

    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def wait(self, test, timeout=30):
        return WebDriverWait(self.d, timeout, poll_frequency=0.02).until(lambda d: test())

    def attr(self, css, name):
        found = self.d.find_elements(By.CSS_SELECTOR, css)
        return found[0].get_attribute(name) if found else None

    def open(self, hash_part=""):
        self.d.get("about:blank")
        self.d.get(self.url + hash_part)
        self.wait(lambda: self.attr("body", "data-ready") == "true")

    def type_on_board(self, line):
        cells = self.d.find_elements(By.CSS_SELECTOR, "#board .cell")
        for cell, ch in zip(cells, line):
            if ch != ".":
                cell.click()
                cell.send_keys(ch)

    def type_text(self, text):
        box = self.el("#puzzle-text")
        box.clear()
        box.send_keys(text)

    def paste_text(self, selector, text):
        """What a paste does: the text in the box, then an input event."""
        self.d.execute_script(
            "const box = document.querySelector(arguments[0]); box.value = arguments[1];"
            "box.dispatchEvent(new Event('input'));", selector, text)

    def press(self, button_id):
        self.el(f"#{button_id}").click()


def test_solve_and_hint(page, sudoku, screenshot):
    page.open()
    page.type_on_board(PUZZLE)
    check("typing on the board fills the text box",
          page.el("#puzzle-text").get_attribute("value") == PUZZLE)
    page.press("solve")
    page.wait(lambda: page.attr("#answer", "data-answer"))
    expected, _ = cli([sudoku, "solve"], PUZZLE + "\n")
    got = page.attr("#answer", "data-answer")
    check("a typed puzzle solves to the CLI's smallest fill", got == expected, got)
    page.press("hint-button")
    page.wait(lambda: page.attr("#hint", "data-technique"))
    hint, _ = cli([sudoku, "hint"], PUZZLE + "\n")
    technique = page.attr("#hint", "data-technique")
    marked = page.d.find_elements(By.CSS_SELECTOR, "#board .cell.place, #board .cell.hl")
    check("the hint names the CLI's technique and marks the board",
          hint.startswith(technique + ":") and len(marked) > 0, f"{technique}, {len(marked)} cells")
    page.d.save_screenshot(screenshot)
    print(f"     screenshot {screenshot}")


def test_generate(page, sudoku):
    page.open()
    Select(page.el("#difficulty")).select_by_visible_text("expert")
    seed = page.el("#seed")
    seed.clear()
    seed.send_keys("11")
    page.press("generate")
    page.wait(lambda: page.attr("#status", "data-level"), timeout=120)
    puzzle = page.el("#puzzle-text").get_attribute("value")
    verdict, _ = cli([sudoku, "check"], puzzle + "\n")
    rating, _ = cli([sudoku, "rate"], puzzle + "\n")
    level = rating.split()[0] if rating else ""
    check("generate gives a puzzle the CLI checks unique, at the level asked",
          verdict.split(":")[0] in ("minimal", "not minimal") and level == "expert",
          f"{puzzle} {verdict}, {level}")


# Stop, then at once a new puzzle and Solve, as a person would; the click's page time.
STOP_THEN_SOLVE = """
const [puzzle] = arguments;
window.stopClicked = performance.now();
document.getElementById("stop").click();
window.stopShown = document.getElementById("progress").textContent;
const box = document.getElementById("puzzle-text");
box.value = puzzle;
box.dispatchEvent(new Event("input"));
document.getElementById("solve").click();
"""


def descendants(root):
    """The process ids under `root` (Linux /proc): the browser chromedriver started."""
    children = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as f:
                line = f.read()
        except OSError:
            continue
        parent = int(line[line.rindex(")") + 2:].split()[1])
        children.setdefault(parent, []).append(int(stat.split("/")[2]))
    found, todo = [], [root]
    while todo:
        found.append(todo.pop())
        todo.extend(children.get(found[-1], []))
    return found


def worker_cpu(root):
    """CPU seconds used so far by the threads named DedicatedWorker (Chromium's worker
    threads) of the processes under `root`, by thread."""
    ticks = os.sysconf("SC_CLK_TCK")
    used = {}
    for pid in descendants(root):
        for stat in glob.glob(f"/proc/{pid}/task/[0-9]*/stat"):
            try:
                with open(stat) as f:
                    line = f.read()
            except OSError:
                continue
            if line[line.index("(") + 1:line.rindex(")")] == "DedicatedWorker":
                fields = line[line.rindex(")") + 2:].split()
                used[stat] = (int(fields[11]) + int(fields[12])) / ticks
    return used


def busy_workers(page, seconds=0.5):
    """The page's worker threads that used more than a fifth of a core over `seconds`."""
    root = page.d.service.process.pid
    before = worker_cpu(root)
    time.sleep(seconds)
    after = worker_cpu(root)
    return [t for t, cpu in after.items() if cpu - before.get(t, cpu) > seconds / 5]


def test_stop(page, sudoku):
    """A near-empty 25x25 count runs (its progress shown, its worker thread busy) until
    Stop; within STOP_WITHIN seconds of the click a new puzzle is solved (the page is
    usable at once), and within RUN_ON_WITHIN seconds no worker thread is busy any more
    (the stopped search is over)."""
    page.open()
    page.paste_text("#puzzle-text", "1" + "." * 624)
    limit = page.el("#count-limit")
    limit.clear()
    limit.send_keys("1000000000")
    page.press("count")
    page.wait(lambda: int(page.attr("#progress", "data-nodes") or 0) > 0, timeout=60)
    shown = page.el("#progress").text
    busy_before = busy_workers(page)
    clicked = time.perf_counter()
    page.d.execute_script(STOP_THEN_SOLVE, PUZZLE)
    page.wait(lambda: page.attr("#answer", "data-answer"))
    took = page.d.execute_script("return (performance.now() - window.stopClicked) / 1000")
    # The stopped search's thread: V8 interrupts the wasm search (a slice of 2^40 nodes
    # stops too), but the thread's termination and teardown take a few tenths of a second
    # of CPU, seconds of wall time on a loaded machine.
    busy_after = busy_workers(page, 0.25)
    while busy_after and time.perf_counter() - clicked < RUN_ON_WITHIN:
        busy_after = busy_workers(page, 0.25)
    run_on = time.perf_counter() - clicked
    stopped = page.d.execute_script("return window.stopShown")
    expected, _ = cli([sudoku, "solve"], PUZZLE + "\n")
    check("a near-empty 25x25 count shows progress, its worker busy",
          "nodes" in shown and len(busy_before) == 1, shown)
    check(f"Stop ends it, and a new solve answers, within {STOP_WITHIN} s of the click",
          stopped == "stopped" and took < STOP_WITHIN
          and page.attr("#answer", "data-answer") == expected,
          f"{took * 1000:.0f} ms")
    check(f"the stopped search's thread is idle within {RUN_ON_WITHIN} s",
          busy_after == [], f"{run_on:.2f} s after the click")


def test_bad_input(page, sudoku):
    for bad in ["11" + "." * 79, "12345"]:
        page.open()
        page.type_text(bad)
        page.press("solve")
        page.wait(lambda: page.el("#error").text)
        _, error = cli([sudoku, "solve"], bad + "\n")
        shown = page.el("#error").text
        check(f"a bad puzzle shows the library's message ({bad[:8]}...)",
              shown != "" and error.endswith(shown), f"{shown!r} / CLI {error!r}")


def test_link(page, sudoku):
    line = "..6.....8.8.14.....34.6..5..4...8.29.........62.5...3..7..5.68.....73.9.3.....5.."
    page.open(f"#p={line}&do=solve")
    page.wait(lambda: page.attr("#answer", "data-answer"))
    expected, _ = cli([sudoku, "solve"], line + "\n")
    check("#p=...&do=solve shows the answer on load",
          page.attr("#answer", "data-answer") == expected)
    page.open(f"#p={PUZZLE}&do=hint")
    page.wait(lambda: page.attr("#hint", "data-technique"))
    check("#p=...&do=hint shows the hint on load", True, page.attr("#hint", "data-technique"))


# The page's module called on the page's own thread, for comparison with the worker.
MAIN_THREAD_SOLVE = """
const [text, done] = arguments;
import("./dlx_web.js").then(async (dlx) => {
  await dlx.default();
  const started = performance.now();
  const answers = JSON.parse(dlx.solve_all(text)).answers;
  done([performance.now() - started, answers]);
});
"""


def test_speed(page, sudoku, data):
    """top1465 solved by the CLI (one thread, the process included) and by the page's
    "Solve every line" (the whole file in one message to the worker), in turns so that both
    see the same load; the median of the rounds of each. The bound is on the page's end to
    end time (the message out, the search, the reply back, as a person waits for it);
    printed beside it: the module's calls alone, timed inside the worker, and the same
    module called on the page's own thread."""
    text = open(data).read()
    times = {"cli": [], "page": [], "in worker": [], "page thread": []}
    page.open()
    page.paste_text("#puzzle-text", text)
    page.d.set_script_timeout(120)
    answers = out = module_answers = None
    for _ in range(ROUNDS):
        started = time.perf_counter()
        out = subprocess.run([sudoku, "solve", "--threads", "1", data],
                             capture_output=True, text=True, check=True).stdout
        times["cli"].append(time.perf_counter() - started)
        page.d.execute_script("delete document.getElementById('status').dataset.ms")
        page.press("solve-lines")
        page.wait(lambda: page.attr("#status", "data-ms"), timeout=120)
        times["page"].append(float(page.attr("#status", "data-ms")) / 1000)
        times["in worker"].append(float(page.attr("#status", "data-wasm-ms")) / 1000)
        answers = page.attr("#status", "data-answers")
        ms, module_answers = page.d.execute_async_script(MAIN_THREAD_SOLVE, text)
        times["page thread"].append(ms / 1000)
    puzzles = len(out.splitlines())
    check("the page's answers on top1465 are the CLI's",
          answers.split() == out.split() and module_answers.split() == out.split(),
          f"{puzzles} puzzles")
    median = {k: statistics.median(v) for k, v in times.items()}
    for k, v in times.items():
        print(f"     {k:11} rounds (ms): " + " ".join(f"{t * 1000:.0f}" for t in v)
              + f"; median {median[k] * 1e6 / puzzles:.0f} us/puzzle, "
              + f"{median[k] / median['cli']:.2f}x the CLI")
    ratio = median["page"] / median["cli"]
    check(f"solving in the page costs at most {MAX_RATIO}x the CLI (medians)",
          ratio <= MAX_RATIO, f"{ratio:.2f}")


def main():
    parser = argparse.ArgumentParser()
    for name in ["dist", "cli", "data", "screenshot"]:
        parser.add_argument(f"--{name}", required=True)
    args = parser.parse_args()
    server, url = serve(args.dist)
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            page = Page(driver, url)
            test_solve_and_hint(page, args.cli, args.screenshot)
            test_bad_input(page, args.cli)
            test_link(page, args.cli)
            test_generate(page, args.cli)
            test_stop(page, args.cli)
            test_speed(page, args.cli, args.data)
        finally:
            errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
            for e in errors:
                print("browser:", e.get("message"))
            driver.quit()
            server.shutdown()
    failed = results.count(False)
    print(f"web: {len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
