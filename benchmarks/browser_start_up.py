"""The start-up's figures (benchmarks/browser.py's parts boot, slow, phone,
where and bytes): a first visit and a return visit to data-ready against the
bare page's cold and warm boots, by every way in, the CPU or the network
slowed; where a first visit's time goes; the bytes a first visit makes the
server send.
"""

from __future__ import annotations

import gzip
import sys
import time

import browser_visits
from browser_visits import (APP, PHONE_NETWORK, WAYS_IN, CountingHandler, median,
                            private_window, profile, settle, shown_at, time_to_ready)


def boot_figures(playwright, base: str, rounds: int, throttle: float,
                 plain: str) -> dict[str, list[float]]:
    """Boot times of the bare page, the app, and the app without faces (``plain``)."""
    figures: dict[str, list[float]] = {}

    def add(name: str, value: float | None) -> None:
        if value is None:
            sys.exit(f"benchmarks/browser.py: {name}: no table shown before Python was up")
        figures.setdefault(name, []).append(value)

    for _ in range(rounds):
        with profile(playwright, throttle) as page:
            add("bare cold", time_to_ready(page, base + "bare/index.html"))
            add("bare warm", time_to_ready(page, base + "bare/index.html"))
        for kind, site in (("app", base), ("no faces", plain)):
            with profile(playwright, throttle) as page:
                add(f"{kind} first visit", time_to_ready(page, site + APP))
                settle(page)
                if page.evaluate("document.documentElement.dataset.snapshot") != "stored":
                    sys.exit("benchmarks/browser.py: the first visit stored no snapshot")
                add(f"{kind} return visit", time_to_ready(page, site + APP))
                if kind == "app":       # (the deal in hand, drawn by the page before Python)
                    add("app return shown", shown_at(page))
                booted = page.evaluate("document.documentElement.dataset.boot")
                if booted != "snapshot":
                    sys.exit(f"benchmarks/browser.py: a return visit booted {booted}")
        for way, link in WAYS_IN.items():
            with profile(playwright, throttle, welcomed=False) as page:
                ready = time_to_ready(page, base + "index.html" + link)
                add(f"{way} shown", shown_at(page))
                add(f"{way} ready", ready)
    return figures


def phone_figures(playwright, base: str, rounds: int) -> dict[str, list[float]]:
    """First visits by each way in, and the bare page's cold boot, on a phone's
    network with the CPU slowed 4x (the bare page under the same profile)."""
    figures: dict[str, list[float]] = {}
    for _ in range(rounds):
        with profile(playwright, 4, network=PHONE_NETWORK) as page:
            figures.setdefault("bare cold", []).append(time_to_ready(page, base + "bare/index.html"))
        for way, link in WAYS_IN.items():
            with profile(playwright, 4, welcomed=False, network=PHONE_NETWORK) as page:
                ready = time_to_ready(page, base + "index.html" + link)
                figures.setdefault(f"{way} shown", []).append(shown_at(page) or float("nan"))
                figures.setdefault(f"{way} ready", []).append(ready)
    return figures


#: The points of a first visit's start, in order (performance marks: the page's
#: first-table.js and interpreter.mjs, and the app's entry script).
MARKS = {"castling:first-table": "table drawn (first-table.js)",
         "castling:python-booted": "Python booted (interpreter.mjs)",
         "castling:python-files": "app's files installed",
         "castling:app-script": "PyScript runs the entry script",
         "castling:app-imported": "app imported"}


TIMELINE = """() => ({
  marks: Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime])),
  files: performance.getEntriesByType("resource").filter((r) => r.startTime < window.readyAt)
    .map((r) => [new URL(r.name).pathname, r.startTime, r.responseEnd]),
  ready: window.readyAt,
})"""


def where_figures(playwright, base: str, rounds: int, throttle: float = 1) -> None:
    """Where a first visit's time goes, and the bytes it fetches before it is
    playable: medians of the start's marks over ``rounds`` fresh profiles per
    way in, then each file fetched before data-ready with its size compressed
    as a static host serves it (gzip, level 6)."""
    for way, link in WAYS_IN.items():
        times: dict[str, list[float]] = {}
        files: dict[str, tuple[float, float]] = {}
        for _ in range(rounds):
            with profile(playwright, throttle, welcomed=False) as page:
                time_to_ready(page, base + "index.html" + link)
                seen = page.evaluate(TIMELINE)
            for name, label in MARKS.items():
                if name in seen["marks"]:
                    times.setdefault(label, []).append(seen["marks"][name] / 1000)
            times.setdefault("playable (data-ready)", []).append(seen["ready"] / 1000)
            for path, start, end in seen["files"]:
                files[path] = (start / 1000, end / 1000)
        slowed = f", CPU slowed {throttle:g}x" if throttle != 1 else ""
        print(f"Where a first visit's time goes: {way}{slowed} (median of {rounds}, seconds from "
              "navigation):")
        for label, values in sorted(times.items(), key=lambda item: median(item[1])):
            print(f"  {median(values):6.2f}  {label}")
        if way == "deal link":
            print_bytes(files)


def print_bytes(files: dict[str, tuple[float, float]]) -> None:
    """The files a first visit fetched before data-ready, largest first, with
    their bytes as built and gzipped."""
    print("  Fetched before data-ready (start-end in seconds; bytes as built; gzipped):")
    total = packed = 0
    rows = []
    for path, (start, end) in files.items():
        local = browser_visits.SITE / path.lstrip("/")
        if not local.is_file():
            continue
        data = local.read_bytes()
        size = len(gzip.compress(data, 6, mtime=0))
        total, packed = total + len(data), packed + size
        rows.append((size, path, len(data), start, end))
    for size, path, raw, start, end in sorted(rows, reverse=True):
        print(f"    {path:42s} {start:5.2f}-{end:5.2f}  {raw / 1e3:9.1f} kB  {size / 1e3:8.1f} kB")
    print(f"    {'all ' + str(len(rows)) + ' files':42s} {'':11s}  {total / 1e3:9.1f} kB  "
          f"{packed / 1e3:8.1f} kB")


def first_visit_bytes(playwright, base: str, private: bool = False) -> tuple[int, int, dict]:
    """(bytes sent, bytes of the distinct files sent, {path: times} of the files
    sent twice or more), in a new profile on disk or in a private window."""
    CountingHandler.sent.clear()
    with (private_window(playwright) if private else profile(playwright)) as page:
        time_to_ready(page, base + APP)
        settle(page)
        time.sleep(1)
    sent = list(CountingHandler.sent)
    sizes = dict(sent)
    counts: dict[str, int] = {}
    for path, _ in sent:
        counts[path] = counts.get(path, 0) + 1
    repeated = {path: n for path, n in sorted(counts.items()) if n > 1}
    return sum(size for _, size in sent), sum(sizes.values()), repeated


def print_boots(title: str, figures: dict[str, list[float]], targets: dict[str, tuple]) -> None:
    print(title)
    for name, values in figures.items():
        print(f"  {name:22s} {median(values):6.2f} s   (min {min(values):.2f}, max {max(values):.2f})")
    for label, (name, anchor, target) in targets.items():
        ratio = median(figures[name]) / median(figures[anchor])
        aim = f"   (target <= {target}x)" if target else ""
        print(f"  {label}: {ratio:.2f}x {anchor}{aim}")
