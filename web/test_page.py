"""The browser test of web/: headless Chromium driven as a person would drive the page,
every answer checked against the CLI's.

Boards of every size (4x4 to 25x25) and the variants (X, windoku, jigsaw, killer) drawn
and solved to the CLI's answers; typing as in a Sudoku app, one tab stop a board, a
puzzle pasted into a cell; play mode (digits, pencil marks, undo and redo, mistakes); the
hint drawn on the board; "Solve every line" answers in a box and a download; the link
round-trips any text; nothing wider than a 390 px phone; messages; the cover box's
limits; node counts of one search; accessible names; Stop; the speed against the CLI on
at least half a second of work; offline after one visit and installable. Takes the
desktop and phone screenshots of docs/.
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import test_page_more as more
from test_support import Page, Server, browser, busy_workers, check, cli, results

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SIDES = [4, 6, 8, 9, 10, 12, 16, 20, 25]
MAX_RATIO = 2.0
# Rounds of the timing, the median kept: the first page round also compiles the hot
# functions with the optimising tier, and the machine may be shared.
ROUNDS = 5
# The least CLI time a round of the speed test must take, in seconds: the input is top1465
# repeated until the CLI needs this long, so that load noise cannot decide the ratio.
MIN_WORK = 0.5
# Stop must end a search within this many seconds of the click: 0.21 s measured on a quiet
# machine, 0.64 s once at a load of 14 on 2 cores; a shared CI machine gets the margin.
STOP_WITHIN = 1.0
# The stopped search's thread must be idle within this many seconds of the click (2.1 s
# measured with the machine's load at 14 on 2 cores).
RUN_ON_WITHIN = 5.0


def sized_puzzle(sudoku, n):
    """A puzzle of side n: the CLI's smallest fill of the empty grid with about two cells in
    three blanked, in a pattern that differs from row to row."""
    fill, _ = cli([sudoku, "solve"], "." * (n * n) + "\n")
    return "".join(ch if (i * 7 + i // n) % 3 == 0 else "." for i, ch in enumerate(fill))


def test_sizes(page, sudoku):
    """Every size: the puzzle board and the answer board have N*N cells, the answer the
    CLI's."""
    for n in SIDES:
        puzzle = sized_puzzle(sudoku, n)
        expected, _ = cli([sudoku, "solve"], puzzle + "\n")
        page.open()
        page.set_text("#puzzle-text", puzzle)
        page.press("solve")
        got = page.answer()
        size, shown = page.cells("puzzle")
        answer_size, answer_shown = page.cells("answer")
        check(f"a {n}x{n} puzzle is drawn on a {n}x{n} board and solves to the CLI's fill",
              size == str(n) and shown == puzzle and answer_size == str(n)
              and answer_shown == expected and got == expected,
              f"board {size}, answer {answer_size}")


def test_typing(page):
    page.open()
    page.type_on_board("4.....8.5.3.")
    line = page.el("#puzzle-text").get_attribute("value")
    check("typing 4.....8.5.3. from r1c1 fills r1c1, r1c7, r1c9, r2c2",
          line.startswith("4.....8.5.3.") and len(line) == 81, line[:12])
    page.cell(0).click()
    page.keys("7")
    check("a digit typed over a digit replaces it",
          page.el("#puzzle-text").get_attribute("value")[0] == "7")
    page.cell(0).click()
    page.keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_DOWN)
    focused = page.js("return document.activeElement.dataset.cell")
    check("arrows move the focus (r1c1, right, right, down: r2c3)", focused == "11", focused)
    page.keys("5")
    page.keys(Keys.BACKSPACE)
    after_one = page.js("return document.activeElement.dataset.cell")
    page.keys(Keys.BACKSPACE)
    after_two = page.js("return document.activeElement.dataset.cell")
    line = page.el("#puzzle-text").get_attribute("value")
    check("Backspace clears the cell and moves back", after_one == "11" and after_two == "10"
          and line[11] == "." and line[12] == ".", f"{after_one}, {after_two}, {line[10:13]}")
    page.cell(3).click()
    page.keys(" ", "0", ".")
    check("space, 0 and . clear and move on",
          page.js("return document.activeElement.dataset.cell") == "6")
    stops = page.js("""return ['puzzle', 'answer'].map((k) => document.querySelectorAll(
        `[data-board='${k}'] [tabindex='0']`).length)""")
    page.cell(40).click()
    page.keys(Keys.TAB)
    left = page.js("return !document.activeElement.closest('[data-board]')")
    check("one tab stop a board; Tab leaves the board", stops == [1, 1] and left, stops)
    # A paste into a cell, as the browser fires it.
    page.js("""const dt = new DataTransfer(); dt.setData('text/plain', arguments[0]);
        document.querySelector("[data-cell='5']").dispatchEvent(
          new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));""",
            PUZZLE)
    _, shown = page.cells("puzzle")
    check("a puzzle pasted into a cell fills the board", shown == PUZZLE)


def test_play(page, sudoku):
    expected, _ = cli([sudoku, "solve"], PUZZLE + "\n")
    page.open()
    page.set_text("#puzzle-text", PUZZLE)
    page.el("input[name=mode][value=play]").click()
    empty = [i for i, ch in enumerate(PUZZLE) if ch == "."]
    # The right entry goes where the puzzle's first hint places (r6c2), so that the hint
    # for the grid as played is another.
    right, wrong, marked = 46, empty[1], empty[2]
    page.cell(0).click()
    page.keys("9")
    page.cell(right).click()
    page.keys(expected[right])
    bad = str(int(expected[wrong]) % 9 + 1)
    page.cell(wrong).click()
    page.keys(bad)
    _, shown = page.cells("puzzle")
    check("play mode: givens stay, digits go in",
          shown[0] == "4" and shown[right] == expected[right] and shown[wrong] == bad)
    page.press("pencil")
    page.cell(marked).click()
    page.keys("1", "2")
    marks = lambda: page.js("return document.querySelector(`[data-cell='${arguments[0]}'] "
                            ".marks`).dataset.marks.replace(/\\s/g, '')", marked)
    first = marks()
    page.press("undo")
    undone = marks()
    page.press("redo")
    redone = marks()
    page.cell(marked).click()
    page.ctrl("z")
    by_key = marks()
    check("pencil marks, undo and redo (buttons and Ctrl+Z)",
          (first, undone, redone, by_key) == ("12", "1", "12", "1"),
          f"{first} {undone} {redone} {by_key}")
    # A hint in play mode is for the grid as played (the right entry kept, the wrong one
    # taken back): the CLI's hint for that grid.
    page.press("pencil")
    page.cell(wrong).click()
    page.keys(Keys.DELETE)
    played = "".join(expected[i] if i == right else ch for i, ch in enumerate(PUZZLE))
    page.press("hint-button")
    page.wait(lambda: page.attr("#hint", "data-technique"))
    hint, _ = cli([sudoku, "hint"], played + "\n")
    first, _ = cli([sudoku, "hint"], PUZZLE + "\n")
    panel = page.el("#hint").text
    shown = page.attr("#hint", "data-technique") + ": " + panel.split("): ", 1)[1].split(".")[0]
    check("a hint in play mode is for the grid as played (the CLI's, not the puzzle's)",
          shown == hint and hint != first, f"{shown} / CLI {hint}")
    page.cell(wrong).click()
    page.keys(bad)
    page.press("mistakes")
    page.wait(lambda: page.attr("#status", "data-mistakes") is not None)
    flagged = page.js("return [...document.querySelectorAll('#board .wrong')]"
                      ".map((c) => Number(c.dataset.cell))")
    check("Show mistakes marks the wrong entry against the smallest fill",
          page.attr("#status", "data-mistakes") == "1" and flagged == [wrong],
          page.el("#status").text)


def elimination_hint(sudoku, data):
    """A grid whose next step removes candidates: the data's puzzles, with the placements of
    the CLI's explanation made in turn, asked to the CLI's hint before each step that
    eliminates."""
    puzzles = [line for line in open(data).read().split("\n") if len(line) == 81]
    for puzzle in puzzles[:20]:
        out, _ = cli([sudoku, "explain", "--format", "json"], puzzle + "\n")
        try:
            steps = json.loads(out.splitlines()[0])["steps"]
        except (ValueError, IndexError, KeyError):
            continue
        grid = list(puzzle)
        for step in steps[:80]:
            if step["eliminate"]:
                hint, _ = cli([sudoku, "hint", "--format", "json"], "".join(grid) + "\n")
                h = json.loads(hint)
                if h.get("eliminate"):
                    return "".join(grid), h
            for cell, digit in step["place"]:
                r, c = (int(x) for x in cell[1:].split("c"))
                grid[(r - 1) * 9 + c - 1] = str(digit)
    return None, None


def test_hint(page, sudoku, data):
    grid, h = elimination_hint(sudoku, data)
    if not grid:
        check("an elimination hint found in the data", False)
        return
    page.open()
    page.set_text("#puzzle-text", grid)
    page.press("hint-button")
    page.wait(lambda: page.attr("#hint", "data-technique"))
    technique = page.attr("#hint", "data-technique")
    struck = page.js("""return [...document.querySelectorAll('#board .marks[data-elim]')]
        .map((m) => [Number(m.parentElement.dataset.cell),
                     m.dataset.elim.replace(/\\s/g, '')])""")
    names = {f"r{c // 9 + 1}c{c % 9 + 1}": d for c, d in struck}
    expected = {}
    for cell, digit in h["eliminate"]:
        expected[cell] = expected.get(cell, "") + str(digit)
    expected = {c: "".join(sorted(d)) for c, d in expected.items()}
    panel = page.el("#hint").text
    check("the hint is drawn: the CLI's technique, its candidates to remove struck out",
          technique == h["technique"] and names == expected and "rating" in panel,
          f"{technique}: {names} / CLI {expected}")


def test_variants(page, sudoku, root):
    ex = os.path.join(root, "examples", "variants")
    read = lambda name: open(os.path.join(ex, name)).read()
    cases = [
        ("X", ["--variant", "x"], read("x.txt").split()[0], '{"x":true}',
         "return document.querySelectorAll('#board .diag').length", 17),
        ("windoku", ["--variant", "windoku"], "." * 81, '{"windoku":true}',
         "return document.querySelectorAll('#board .window').length", 36),
        ("jigsaw", ["--regions", os.path.join(ex, "jigsaw-regions.txt")],
         read("jigsaw.txt").split()[0],
         None, "return document.querySelectorAll('#board .right').length", None),
        ("killer", ["--cages", os.path.join(ex, "killer-cages.txt")],
         read("killer.txt").split()[0], None,
         "return document.querySelectorAll('#board .cage[data-sum]').length", None),
    ]
    for name, flags, puzzle, rules, drawn, want in cases:
        expected, err = cli([sudoku, "solve", *flags], puzzle + "\n")
        if rules:
            page.open("#p=" + puzzle + "&v=" + rules.replace('"', "%22") + "&do=solve")
        else:
            page.open()
            page.set_text("#puzzle-text", puzzle)
            if name == "jigsaw":
                page.el("#rule-jigsaw").click()
                page.set_text("#regions-text", read("jigsaw-regions.txt"))
                want = sum(1 for i, ch in enumerate("".join(read("jigsaw-regions.txt").split()))
                           if i % 9 < 8 and ch != "".join(read("jigsaw-regions.txt")
                                                          .split())[i + 1])
            else:
                page.el("#rule-killer").click()
                text = read("killer-cages.txt")
                page.set_text("#cages-text", text)
                want = sum(1 for line in text.splitlines()
                           if line.strip() and not line.startswith("#"))
            page.press("solve")
        got = page.answer()
        page.wait(lambda: page.js(drawn) == want, 10)
        check(f"{name}: drawn ({page.js(drawn)} marked) and solved to the CLI's fill",
              got == expected and page.js(drawn) == want, f"{got} / CLI {expected} {err}")


def test_stop(page, sudoku):
    """A near-empty 25x25 count runs (its progress shown, its worker thread busy) until
    Stop; within STOP_WITHIN seconds of the click a new puzzle is solved, and within
    RUN_ON_WITHIN seconds no worker thread is busy any more."""
    page.open()
    page.set_text("#puzzle-text", "1" + "." * 624)
    limit = page.el("#count-limit")
    limit.clear()
    limit.send_keys("1000000000")
    page.press("count")
    page.wait(lambda: int(page.attr("#progress", "data-nodes") or 0) > 0, timeout=60)
    shown = page.el("#progress").text
    seen = []
    for _ in range(6):
        seen.append(page.el("#progress").text)
        time.sleep(0.2)
    check("progress keeps moving while a slice runs (six looks, 0.2 s apart)",
          len(set(seen)) >= 4, seen[-1])
    busy_before = busy_workers(page)
    clicked = time.perf_counter()
    page.js("""const [puzzle] = arguments;
        window.stopClicked = performance.now();
        document.getElementById("stop").click();
        window.stopShown = document.getElementById("progress").textContent;
        const box = document.getElementById("puzzle-text");
        box.value = puzzle;
        box.dispatchEvent(new Event("input"));
        document.getElementById("solve").click();""", PUZZLE)
    page.answer()
    took = page.js("return (performance.now() - window.stopClicked) / 1000")
    busy_after = busy_workers(page, 0.25)
    while busy_after and time.perf_counter() - clicked < RUN_ON_WITHIN:
        busy_after = busy_workers(page, 0.25)
    run_on = time.perf_counter() - clicked
    stopped = page.js("return window.stopShown")
    expected, _ = cli([sudoku, "solve"], PUZZLE + "\n")
    check("a near-empty 25x25 count shows progress, its worker busy",
          "nodes" in shown and len(busy_before) == 1, shown)
    check(f"Stop ends it, and a new solve answers, within {STOP_WITHIN} s of the click",
          stopped == "stopped" and took < STOP_WITHIN
          and page.attr("#answer", "data-answer") == expected, f"{took * 1000:.0f} ms")
    check(f"the stopped search's thread is idle within {RUN_ON_WITHIN} s",
          busy_after == [], f"{run_on:.2f} s after the click")


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
    Select(page.el("#difficulty")).select_by_visible_text("any")
    page.el("#se-range").send_keys("1.0-2.0")
    page.js("delete document.getElementById('status').dataset.level")
    page.press("generate")
    page.wait(lambda: page.attr("#status", "data-level"), timeout=120)
    puzzle = page.el("#puzzle-text").get_attribute("value")
    rated, _ = cli([sudoku, "rate", "--scale", "se"], puzzle + "\n")
    er = rated.split("ED=")[1].split("/")[0] if "ED=" in rated else "?"
    check("generate by SE range: the CLI rates it in the range",
          er != "?" and 1.0 <= float(er) <= 2.0, f"{puzzle} ER {er}")


def timed(work):
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def test_speed(page, sudoku, data):
    """top1465, repeated so that the CLI takes at least MIN_WORK seconds, solved by the CLI (one
    thread, the process included) and by the page's "Solve every line", in turns so that
    both see the same load; the medians of the rounds. The bound is on the page's end to
    end time; printed beside it: the module's calls alone, timed inside the worker."""
    one = open(data).read()
    # The fastest of three runs on one copy sets the copies: twice MIN_WORK at that pace,
    # so that a round stays over MIN_WORK when the load falls.
    fastest = min(timed(lambda: cli([sudoku, "solve", "--threads", "1", data]))
                  for _ in range(3))
    copies = max(1, math.ceil(2 * MIN_WORK / fastest))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(one * copies)
        path = f.name
    text = one * copies
    times = {"cli": [], "page": [], "in worker": []}
    page.open()
    page.set_text("#puzzle-text", text)
    page.d.set_script_timeout(300)
    answers = out = None
    for _ in range(ROUNDS):
        started = time.perf_counter()
        out = subprocess.run([sudoku, "solve", "--threads", "1", path],
                             capture_output=True, text=True, check=True).stdout
        times["cli"].append(time.perf_counter() - started)
        page.js("delete document.getElementById('status').dataset.ms")
        page.press("solve-lines")
        page.wait(lambda: page.attr("#status", "data-ms"), timeout=300)
        times["page"].append(float(page.attr("#status", "data-ms")) / 1000)
        times["in worker"].append(float(page.attr("#status", "data-wasm-ms")) / 1000)
    answers = page.js("return document.getElementById('lines-answers').value")
    os.unlink(path)
    puzzles = len(out.splitlines())
    check(f"the page's answers on top1465 x{copies} are the CLI's",
          answers.split() == out.split(), f"{puzzles} puzzles")
    median = {k: statistics.median(v) for k, v in times.items()}
    for k, v in times.items():
        print(f"     {k:9} rounds (ms): " + " ".join(f"{t * 1000:.0f}" for t in v)
              + f"; median {median[k] * 1e6 / puzzles:.1f} us/puzzle, "
              + f"{median[k] / median['cli']:.2f}x the CLI")
    ratio = median["page"] / median["cli"]
    check(f"the CLI's rounds time at least {MIN_WORK} s of work", median["cli"] >= MIN_WORK,
          f"{median['cli']:.2f} s")
    check(f"solving in the page costs at most {MAX_RATIO}x the CLI (medians)",
          ratio <= MAX_RATIO, f"{ratio:.2f}")


def main():
    parser = argparse.ArgumentParser()
    for name in ["dist", "cli", "data", "docs"]:
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--only", default="", help="comma-separated test names")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    server = Server(args.dist)
    tests = {
        "sizes": lambda p: test_sizes(p, args.cli),
        "typing": test_typing,
        "play": lambda p: test_play(p, args.cli),
        "hint": lambda p: test_hint(p, args.cli, args.data),
        "variants": lambda p: test_variants(p, args.cli, root),
        "lines": lambda p: more.test_lines(p, args.cli, args.data),
        "link": lambda p: more.test_link(p, args.cli),
        "phone": lambda p: more.test_phone(p, args.cli, args.docs),
        "messages": lambda p: more.test_messages(p, args.cli),
        "cover": lambda p: more.test_cover(p, args.cli),
        "nodes": lambda p: more.test_nodes(p, args.cli),
        "names": more.test_names,
        "generate": lambda p: test_generate(p, args.cli),
        "stop": lambda p: test_stop(p, args.cli),
        "speed": lambda p: test_speed(p, args.cli, args.data),
        "screenshot": lambda p: more.screenshot(p, args.docs),
        "offline": lambda p: more.test_offline(p, args.cli, server),
    }
    only = [t for t in args.only.split(",") if t]
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            page = Page(driver, server.url)
            for name, test in tests.items():
                if not only or name in only:
                    started = time.perf_counter()
                    test(page)
                    print(f"     ({name}: {time.perf_counter() - started:.1f} s)", flush=True)
        finally:
            errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
            for e in errors:
                print("browser:", e.get("message"))
            driver.quit()
            server.down()
    failed = results.count(False)
    print(f"web: {len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
