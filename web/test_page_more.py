"""The browser test of web/, continued: "Solve every line", the link, the phone, messages,
the cover box's limits, node counts, accessible names, screenshots, offline and install."""

import os
import re
import time

from test_support import check, cli

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SECOND = "..6.....8.8.14.....34.6..5..4...8.29.........62.5...3..7..5.68.....73.9.3.....5.."
PHONE = 390


def test_lines(page, sudoku, data):
    lines = [line for line in open(data).read().split("\n") if len(line) == 81][:25]
    text = "\n".join(lines) + "\n"
    expected, _ = cli([sudoku, "solve"], text)
    page.open()
    page.set_text("#puzzle-text", text)
    page.press("solve-lines")
    page.wait(lambda: page.attr("#status", "data-ms"))
    shown = page.js("return document.getElementById('lines-answers').value")
    visible = page.el("#lines-answers").is_displayed()
    page.d.set_script_timeout(30)
    downloaded = page.d.execute_async_script(
        "const done = arguments[0]; const a = document.getElementById('lines-download');"
        "fetch(a.href).then((r) => r.text()).then((t) => done([a.download, t]));")
    check("Solve every line shows the CLI's answers in a box",
          visible and shown.split() == expected.split(), f"{len(shown.split())} lines")
    check("... and offers them as answers.txt",
          downloaded[0] == "answers.txt" and downloaded[1] == shown)


def share(page):
    return page.attr("#share", "href")


def test_link(page, sudoku):
    """Any text comes back through the link: several lines, a grid with + and |, a 25x25
    puzzle; with the variant and the action."""
    grid = "\n".join(
        ("+-------+-------+-------+\n" if r % 3 == 0 else "")
        + "| " + " | ".join(" ".join(PUZZLE[r * 9 + b * 3:r * 9 + b * 3 + 3]) for b in range(3))
        + " |" for r in range(9)) + "\n+-------+-------+-------+\n"
    fill25, _ = cli([sudoku, "solve"], "." * 625 + "\n")
    big = "".join(ch if i % 3 else "." for i, ch in enumerate(fill25))
    x_puzzle = "..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9."
    # Each case: its name, the text, the rules, the action, the CLI's flags and the line
    # the CLI is given for the same puzzle.
    cases = [("two lines", f"{PUZZLE}\n{SECOND}\n", "", "solve", [], PUZZLE),
             ("a grid with + and |", grid, "", "solve", [], PUZZLE),
             ("a 25x25 puzzle", big, "", "solve", [], big),
             ("X-Sudoku, Count", x_puzzle, '{"x":true}', "count", ["--variant", "x"],
              x_puzzle)]
    for name, text, rules, action, flags, line in cases:
        page.open()
        if rules:
            page.el("#rule-x").click()
        page.set_text("#puzzle-text", text)
        page.press("count" if action == "count" else "solve")
        page.wait(lambda: page.attr("#status", "data-solutions" if action == "count"
                                    else "data-nodes") or page.el("#error").text, 60)
        link = share(page)
        page.open(link[link.index("#"):])
        if action == "count":
            page.wait(lambda: page.attr("#status", "data-solutions"), 60)
            counted, _ = cli([sudoku, "count", *flags], line + "\n")
            ok = page.attr("#status", "data-solutions") == counted.split()[0]
        else:
            expected, _ = cli([sudoku, "solve"], line + "\n")
            ok = page.answer() == expected
        back = page.el("#puzzle-text").get_attribute("value")
        checked = page.el("#rule-x").is_selected()
        check(f"the link round-trips {name} with its action",
              ok and back == text and checked == bool(rules) and share(page) == link,
              f"{len(link)} characters")


def widest(page):
    """The document's width and the elements that reach past the viewport's right edge
    (outside scrolling boxes)."""
    return page.js("""
        const scrolls = (e) => { for (let a = e.parentElement; a; a = a.parentElement) {
          const o = getComputedStyle(a).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; } return false; };
        const past = [...document.querySelectorAll('body *')].filter((e) =>
          e.getBoundingClientRect().right > innerWidth + 0.5 && !scrolls(e))
          .map((e) => e.id || e.className || e.tagName).slice(0, 5);
        return [document.documentElement.scrollWidth, innerWidth, past];""")


def phone(page, on):
    if on:
        page.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": PHONE, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    else:
        page.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_phone(page, sudoku, docs):
    """Nothing is wider than a 390 px phone: boards of every size, a long link, the
    answers box. Takes the phone screenshot."""
    fill25, _ = cli([sudoku, "solve"], "." * 625 + "\n")
    big = "".join(ch if i % 3 else "." for i, ch in enumerate(fill25))
    phone(page, True)
    try:
        for name, text in [("a 9x9 puzzle", PUZZLE), ("a 25x25 puzzle", big),
                           ("several lines", f"{PUZZLE}\n{SECOND}\n" * 5)]:
            page.open()
            page.set_text("#puzzle-text", text)
            page.press("solve")
            page.answer()
            width, view, past = widest(page)
            check(f"on a {PHONE} px phone, {name}: nothing wider than the screen",
                  width <= view == PHONE and not past, f"{width} px, {past}")
        page.open()
        page.set_text("#puzzle-text", PUZZLE)
        page.el("input[name=mode][value=play]").click()
        page.press("hint-button")
        page.wait(lambda: page.attr("#hint", "data-technique"))
        page.js("window.scrollTo(0, document.getElementById('sudoku-title').offsetTop - 50)")
        path = os.path.join(docs, "web-phone.png")
        page.d.save_screenshot(path)
        print(f"     screenshot {path}")
    finally:
        phone(page, False)


def test_messages(page, sudoku):
    page.open()
    fill4, _ = cli([sudoku, "solve"], "." * 16 + "\n")
    small = fill4[:5] + "." * 11
    page.set_text("#puzzle-text", small)
    page.press("solve")
    page.answer()
    status = page.el("#status").text
    check("a 16-character line is said to be read as 4x4", "4×4 puzzle (16 cells)" in status,
          status)
    for bad in ["11" + "." * 79, "12345"]:
        page.set_text("#puzzle-text", bad)
        page.press("solve")
        page.wait(lambda: page.el("#error").text)
        _, cli_error = cli([sudoku, "solve"], bad + "\n")
        shown = page.el("#error").text
        fault = shown.split(" (a puzzle is")[0]
        check(f"a bad puzzle shows the library's message ({bad[:8]}...)",
              fault and cli_error.endswith(fault), f"{shown!r} / CLI {cli_error!r}")
    page.set_text("#puzzle-text", "x" * 81)
    page.press("solve")
    page.wait(lambda: page.el("#error").text)
    error = page.el("#error").text
    check("81 letters: not a puzzle, and how one is written",
          error.startswith("not a puzzle") and "81 for 9×9" in error, error)
    page.set_text("#puzzle-text", PUZZLE)
    page.press("count")
    page.wait(lambda: page.attr("#status", "data-solutions"))
    status = page.el("#status").text
    check("one fill is '1 fill', times are never 0.00 ms",
          status.startswith("1 fill of") and "0.00 ms" not in status, status)
    page.press("hint-button")
    page.wait(lambda: page.attr("#hint", "data-technique"))
    page.press("rate")
    page.wait(lambda: page.attr("#verdict", "data-level"))
    shown = page.js("return ['hint', 'steps', 'verdict', 'lines']"
                    ".filter((id) => !document.getElementById(id).hidden)")
    rated, _ = cli([sudoku, "rate", "--scale", "se"], PUZZLE + "\n")
    se = page.attr("#verdict", "data-se")
    check("one panel at a time (Hint, then Rate: the rating only); SE's ER is the CLI's",
          shown == ["verdict"] and se and se in rated, f"{shown}, ER {se} / CLI {rated!r}")
    page.press("explain")
    page.wait(lambda: page.el("#step-count").text)
    check("Explain shows its steps without setting the answer",
          page.attr("#answer", "data-answer") is None
          and "after step" in page.el("#answer-caption").text)


def test_cover(page, sudoku):
    text = "a " * 650_000 + "\na\n"
    _, error = cli([sudoku, "cover"], text)
    page.open()
    page.set_text("#cover-text", text)
    started = time.perf_counter()
    page.press("cover-count")
    page.wait(lambda: page.attr("#cover-status", "data-error"))
    took = time.perf_counter() - started
    shown = page.el("#cover-status").text
    fault = error.strip().split(":1: ", 1)[-1]
    check("the cover box answers a 1.3 MB line as the CLI does, at once",
          fault and shown == f"line 1: {fault}" and took < 5,
          f"{shown!r} in {took:.2f} s / CLI {error!r}")


def cli_nodes(sudoku, puzzle):
    _, err = cli([sudoku, "solve", "--stats", "--threads", "1", "--timeout", "5s"],
                 puzzle + "\n")
    found = re.search(r"([\d,]+) search nodes", err)
    return int(found.group(1).replace(",", "")) if found else None


def test_nodes(page, sudoku):
    """A 25x25 search longer than the worker's first slice (2^18 nodes), so that it is
    restarted with larger budgets: the page shows the nodes of one search, the CLI's."""
    fill25, _ = cli([sudoku, "solve"], "." * 625 + "\n")
    chosen = None
    for keep in [9, 11, 13, 17, 23, 29]:
        for shift in range(6):
            puzzle = "".join(ch if (i * 5 + shift) % keep == 0 else "."
                             for i, ch in enumerate(fill25[::-1]))
            n = cli_nodes(sudoku, puzzle)
            if n and 1 << 19 < n < 1 << 24:
                chosen = (puzzle, n)
                break
        if chosen:
            break
    if not chosen:
        check("a 25x25 puzzle that needs more than one slice", False)
        return
    puzzle, expected = chosen
    page.open()
    page.set_text("#puzzle-text", puzzle)
    page.press("solve")
    page.answer(120)
    shown = int(page.attr("#status", "data-nodes") or 0)
    check("a 25x25 solve over several slices shows the nodes of one search (the CLI's)",
          shown == expected, f"{shown:,} / CLI {expected:,}")


def test_names(page):
    page.open()
    found = {sel: page.ax_name(sel) for sel in [
        "#board", "#answer", "#emit-puzzle", "#cover-text", "#answer [data-cell='0']",
        "#board [data-cell='80']", "#puzzle-text", "#keypad button"]}
    ok = (found["#board"] == ("grid", "puzzle") and found["#answer"] == ("grid", "answer")
          and all(name for _, name in found.values())
          and found["#answer [data-cell='0']"][0] == "gridcell")
    check("boards are named grids, their cells named; the selector and boxes are named",
          ok, found)


def screenshot(page, docs):
    """The desktop screenshot: a puzzle being played, pencil marks, a hint drawn."""
    page.open()
    page.set_text("#puzzle-text", PUZZLE)
    page.el("input[name=mode][value=play]").click()
    page.cell(1).click()
    page.keys("1")
    page.press("pencil")
    page.cell(2).click()
    page.keys("2", "6", "9")
    page.press("pencil")
    page.press("hint-button")
    page.wait(lambda: page.attr("#hint", "data-technique"))
    page.el("h1").click()
    page.d.execute_script("window.scrollTo(0, 0)")
    path = os.path.join(docs, "web.png")
    page.d.save_screenshot(path)
    print(f"     screenshot {path}")


def test_offline(page, sudoku, server):
    """After one visit the page works with the server gone (the service worker's cache),
    and Chromium finds it installable (its manifest)."""
    page.open()
    page.wait(lambda: page.attr("body", "data-offline") == "ready", 30)
    page.open()  # now under the service worker's control
    errors = page.d.execute_cdp_cmd("Page.getInstallabilityErrors", {})
    manifest = page.d.execute_cdp_cmd("Page.getAppManifest", {})
    check("installable: a manifest and icons, no installability errors",
          errors.get("installabilityErrors") == [] and not manifest.get("errors"),
          errors.get("installabilityErrors"))
    server.down()
    expected, _ = cli([sudoku, "solve"], PUZZLE + "\n")
    page.open(f"#p={PUZZLE}&do=solve")
    got = page.answer()
    check("offline after one visit: the page and the module from the cache, solving",
          got == expected)
