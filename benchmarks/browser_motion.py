"""The cards' motion's figures (benchmarks/browser.py's part motion): the
longest task and frame gap during a slide and during a deal, and a tap's cost
to the frame its slides start in, with the slides at the normal speed and, as
the anchor, off.
"""

from __future__ import annotations

import json
import random

from browser_taps import TAPPING, random_moves
from browser_visits import VERDICT, median, profile, time_to_ready


# The frames and long tasks from an action to the end of every animation it
# started: the action runs as a task of its own (as a player's tap does), a frame
# after the watch began; "tap" is a pointer tap on a pile's top card, "click" a
# click on the element the selector names.
WATCH_MOTION = "async ([kind, target]) => {" + TAPPING + """
  const longest = {task: 0, tasks: 0};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longest.task = Math.max(longest.task, entry.duration); longest.tasks += 1;
    }
  });
  observer.observe({type: 'longtask'});
  let last = await new Promise((done) => requestAnimationFrame(done));
  let gap = 0, watching = true;
  const frame = (now) => {
    gap = Math.max(gap, now - last); last = now;
    if (watching) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  await new Promise((done) => setTimeout(() => {
    if (kind === 'click') {
      document.querySelector(target).click();
    } else {
      tap(top(target));
    }
    done();
  }));
  const moving = () => document.getAnimations().length > 0;
  const started = performance.now();
  // Slides start in the frame after the tap; then wait for them to end.
  for (let frames = 0; frames < 3 || (moving() && performance.now() - started < 10000); frames++) {
    await new Promise((done) => requestAnimationFrame(done));
  }
  await new Promise((done) => requestAnimationFrame(done));
  watching = false;
  await new Promise((done) => setTimeout(done, 0));     // the last long task reported
  observer.disconnect();
  return {task: longest.task, tasks: longest.tasks, gap,
          slid: performance.now() - started};
}"""


# A tap's cost to the frame that shows it: the handler, then the slides' work in
# the next frame (animation.py asks for them in the tap; measured between a frame
# callback asked for before the tap and one asked for after it, so that other
# tasks run meanwhile, such as the solver's verdict arriving, do not count).
TAP_COST = "async ([source, target]) => {" + TAPPING + """
  tap(top(source));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  // Callbacks of a frame run in the order they were asked for: this one runs
  // before the slides' (asked for in the tap), the one after the tap after them.
  let slidesFrom = 0;
  requestAnimationFrame(() => { slidesFrom = performance.now(); });
  const start = performance.now();
  tap(top(target));
  const handled = performance.now() - start;
  const work = await new Promise((done) => requestAnimationFrame(
    () => done(performance.now() - slidesFrom)));
  await new Promise((done) => setTimeout(done, 200));       // the slide ends before the next
  return handled + work;
}"""


# The first of the two taps of a move: pick up the top card of a pile, and let
# the browser draw it.
PICK_UP = "async (source) => {" + TAPPING + """
  tap(top(source));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def store_settings(page, base: str, settings: dict) -> None:
    page.goto(f"{base}help/index.html")
    page.evaluate("(text) => localStorage.setItem('castling:settings', text)", json.dumps(settings))


def motion_figures(playwright, base: str, moves_wanted: int) -> None:
    """Long tasks and frame gaps of a slide and of a deal, and the tap's cost,
    with the slides at the normal speed and, as the anchor, off."""
    print("Motion: the longest task (long-task records) and frame gap, milliseconds; "
          "anchor: the same build, speed off:")
    figures: dict[tuple[str, str], list[dict]] = {}
    costs: dict[str, list[float]] = {}
    with profile(playwright) as page:
        for speed in ("normal", "off"):
            store_settings(page, base, {"tap": "two", "speed": speed})
            rng = random.Random(3)
            slides = figures.setdefault(("slide", speed), [])
            number = 1
            while len(slides) < 20:
                time_to_ready(page, f"{base}index.html#/chessboard/{number}")
                page.wait_for_function(VERDICT, timeout=300_000)    # start-up's work done
                for _, (source, target) in zip(range(10), random_moves(page, "chessboard",
                                                                       number, rng)):
                    page.evaluate(PICK_UP, source)
                    slides.append(page.evaluate(WATCH_MOTION, ["tap", target]))
                number += 1
            time_to_ready(page, f"{base}index.html#/chequers/1")
            page.wait_for_function(VERDICT, timeout=300_000)
            for _ in range(8):
                figures.setdefault(("deal", speed), []).append(
                    page.evaluate(WATCH_MOTION, ["click", '.controls [data-action="new"]']))
            values: list[float] = []
            number = 1
            while len(values) < moves_wanted:
                time_to_ready(page, f"{base}index.html#/chessboard/{number}")
                for _, (source, target) in zip(range(60), random_moves(page, "chessboard",
                                                                       number, rng)):
                    values.append(page.evaluate(TAP_COST, [source, target]))
                    if len(values) >= moves_wanted:
                        break
                number += 1
            costs[speed] = sorted(values)
    for what, title in (("slide", "slide of one card (Chessboard)"),
                        ("deal", "deal of 104 cards (Chequers)")):
        worst = {}
        for speed in ("normal", "off"):
            runs = figures[(what, speed)]
            tasks = sorted(run["task"] for run in runs)
            worst[speed] = tasks[-1]
            over = sum(1 for task in tasks if task > 0)
            print(f"  {title:31s} speed {speed:6s} longest task: median {median(tasks):5.1f}, "
                  f"worst {tasks[-1]:5.1f}; runs with a task over 50 ms: {over} of {len(runs)} "
                  f"(longest frame gap {max(run['gap'] for run in runs):5.1f}; moving "
                  f"{median([run['slid'] for run in runs]):.0f} ms)")
        print(f"  {title:31s} worst task with motion - speed off: "
              f"{worst['normal'] - worst['off']:+.1f} ms (target: no task over 50 ms)")
    p95 = {speed: values[int(0.95 * (len(values) - 1))] for speed, values in costs.items()}
    for speed, values in costs.items():
        print(f"  tap to the frame shown, speed {speed:6s} median {median(values):5.1f}   "
              f"p95 {p95[speed]:5.1f}   over {len(values)} moves (target: p95 < 16)")
    print(f"  tap p95 with motion: {p95['normal'] / p95['off']:.2f}x speed off")
