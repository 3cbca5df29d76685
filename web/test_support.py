"""What the browser test of web/ stands on: the CLI it checks answers against, the page
served on 127.0.0.1, headless Chromium through WebDriver (and its DevTools protocol), and a
page object that types and clicks as a person does."""

import functools
import glob
import http.server
import os
import subprocess
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

results = []


def check(name, ok, detail=""):
    results.append(bool(ok))
    print(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + str(detail) if detail else ''}", flush=True)


def cli(args, text=None):
    """The CLI's stdout and stderr, stripped."""
    out = subprocess.run(args, input=text, capture_output=True, text=True, check=False)
    return out.stdout.strip(), out.stderr.strip()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml"}

    def log_message(self, *args):
        pass


class Server:
    """The page on 127.0.0.1 at a fixed port (the service worker's origin must stay the
    same when the server comes back), in a thread."""

    def __init__(self, directory):
        self.handler = functools.partial(QuietHandler, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self.handler)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/index.html"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def down(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                 "--window-size=1100,1300", "--hide-scrollbars"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Page:
    def __init__(self, driver, url):
        self.d, self.url = driver, url

    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def els(self, css):
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, test, timeout=30):
        return WebDriverWait(self.d, timeout, poll_frequency=0.02).until(lambda d: test())

    def attr(self, css, name):
        found = self.els(css)
        return found[0].get_attribute(name) if found else None

    def open(self, hash_part=""):
        self.d.get("about:blank")
        self.d.get(self.url + hash_part)
        self.wait(lambda: self.attr("body", "data-ready") == "true")

    def cells(self, kind):
        """The symbols of a board's cells, as a line ('.' for empty), and its size."""
        return self.js(
            "const b = document.querySelector(`[data-board='${arguments[0]}']`);"
            "const cells = [...b.querySelectorAll('[data-cell]')];"
            "return [b.dataset.size, cells.map((c) => c.textContent || '.').join('')];",
            kind)

    def cell(self, i):
        return self.el(f"[data-board='puzzle'] [data-cell='{i}']")

    def keys(self, *keys):
        """Keys sent to whatever has the focus, as a keyboard sends them."""
        ActionChains(self.d).send_keys(*keys).perform()

    def ctrl(self, key):
        """Ctrl held down while `key` is pressed."""
        from selenium.webdriver.common.keys import Keys
        ActionChains(self.d).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()

    def type_on_board(self, line):
        """Clicks r1c1 and types the whole line, blanks too, as a person types a puzzle."""
        self.cell(0).click()
        self.keys(line)

    def set_text(self, selector, text):
        """What a paste does: the text in the box, then an input event."""
        self.js("const box = document.querySelector(arguments[0]); box.value = arguments[1];"
                "box.dispatchEvent(new Event('input'));", selector, text)

    def press(self, button_id):
        self.el(f"#{button_id}").click()

    def answer(self, timeout=60):
        self.wait(lambda: self.attr("#answer", "data-answer") or self.el("#error").text,
                  timeout)
        return self.attr("#answer", "data-answer")

    def ax_name(self, selector):
        """The accessible name Chromium computes for an element (DevTools protocol)."""
        doc = self.d.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
        node = self.d.execute_cdp_cmd(
            "DOM.querySelector", {"nodeId": doc["root"]["nodeId"], "selector": selector})
        tree = self.d.execute_cdp_cmd(
            "Accessibility.getPartialAXTree",
            {"nodeId": node["nodeId"], "fetchRelatives": False})
        for n in tree["nodes"]:
            if not n.get("ignored"):
                return n.get("role", {}).get("value"), n.get("name", {}).get("value", "")
        return None, ""


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
