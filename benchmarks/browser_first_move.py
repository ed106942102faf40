"""The first tap (benchmarks/browser.py's part "first"; issue 59): a player
who opens a deal link in a new profile and taps a movable card 300 ms after
the first card shows, then taps on — Undo, the card again, every second for
the first 30 s — while Python starts, the solver's worker and the snapshot
maker after it.

Figures, each against the bare page in the same run and profile:

* **first move**: from navigation to the tapped card leaving its pile, against
  the bare page's cold boot (target <= 0.12x on the phone profile);
* **a tap's wait**: from the moment the tap was meant (300 ms after the first
  card) to its card moved, median over the deal links (target <= 150 ms);
* **long tasks**: the longest main-thread task (PerformanceObserver
  "longtask") from the first card to 5 s after data-ready (target: none
  over 100 ms);
* **tap-to-move p95** over the taps of the first 30 s (target <= 150 ms): each
  tap's wait from when it was meant to the page's change (the handler runs
  inside the event's dispatch, before or after the app is up);
* **return visit**: the same tap as soon as the game in hand shows, to its
  card moved, against the bare page's warm boot (target <= 0.25x);
* **bytes before the first move**, gzipped as a static host serves them,
  against the bytes before data-ready (what a first move waited for before
  the early table played).

A tap is a pointer pressed and let go on the card's element, dispatched by
the page's own timer at the moment meant: a main thread that is busy then
delays it, as it delays a finger's.
"""

from __future__ import annotations

import gzip
import json

import browser_visits
from browser_visits import PHONE_NETWORK, median, profile, settle, time_to_ready
from castling import GAMES, Game, safe_foundation_moves
from castling.app.table.tap import tap_choice

#: The deal links tapped (the issue's three).
LINKS = {"martha": 31337, "chessboard": 1210, "beleaguered-castle": 2}
#: How long the taps go on, and their pace (milliseconds).
SPAN, PACE, FIRST_TAP = 30_000, 1_000, 300

# Before the page's scripts: the long tasks as they come, and a player's taps on
# the card of pile ``window.castlingTapPile`` (its top card), alternating with
# Undo, from ``FIRST_TAP`` ms after the first card shows (NOTE_SHOWN's shownAt),
# each noted with when it was meant and when the page had changed.
PLAYER = """
window.longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
  }).observe({type: "longtask"});
} catch (error) {}
window.taps = [];
const firstTap = () => {
  // (this profile's visits in turn: the first visit's taps, then the return visit's)
  let visit = 0;
  try {
    visit = Number(sessionStorage.getItem("bench:visit") || 0);
    sessionStorage.setItem("bench:visit", String(visit + 1));
  } catch (error) {}
  const plan = {...window.castlingTapPlan, ...window.castlingTapPlan.visits[visit]};
  const tapAt = (k) => {
    const meant = window.shownAt + plan.first + k * plan.pace;
    if (meant - window.shownAt > plan.span) return;
    setTimeout(() => {
      const started = performance.now();
      const pile = document.querySelector(`[data-pile="${plan.pile}"]`);
      const before = pile ? pile.children.length : -1;
      if (k % 2 === 0) {
        const card = pile && pile.querySelector("[data-card]:last-child");
        if (card) {
          const box = card.getBoundingClientRect();
          const init = {bubbles: true, clientX: box.left + 5, clientY: box.top + 5, button: 0,
                        isPrimary: true, pointerId: 1};
          card.dispatchEvent(new PointerEvent("pointerdown", init));
          card.dispatchEvent(new PointerEvent("pointerup", init));
        }
      } else {
        document.querySelector('[data-action="undo"]').click();
      }
      const after = document.querySelector(`[data-pile="${plan.pile}"]`);
      window.taps.push({k, meant, started, done: performance.now(),
                        moved: Boolean(after) && after.children.length !== before,
                        ready: document.documentElement.dataset.ready === "true"});
      tapAt(k + 1);
    }, Math.max(0, meant - performance.now()));
  };
  tapAt(0);
};
const waitShown = () => (window.shownAt === undefined ? setTimeout(waitShown, 5) : firstTap());
if (location.pathname.endsWith("/index.html") && !location.pathname.includes("/bare/")) waitShown();
"""


def tap_pile(game_id: str, number: int) -> str:
    """A pile whose top card one tap moves, sending no card home after it (so
    that Undo takes back just that move)."""
    game = Game(GAMES[game_id], number)
    for index, name in enumerate(game.rules.pile_names):
        if not name.startswith("t") or not game.position.piles[index]:
            continue
        choice = tap_choice(game.position, index, count=1)
        if choice.kind == "play" and len(choice.moves) == 1:
            trial = game.copy()
            trial.play(choice.moves[0])
            if not safe_foundation_moves(trial.position):
                return name
    raise SystemExit(f"benchmarks/browser.py: no card to tap in {game_id} #{number}")


#: A profile's two visits: the first one's taps (from FIRST_TAP ms after the
#: first card, for SPAN ms), the return visit's (one tap as the game shows, and Undo).
VISITS = [{"first": FIRST_TAP, "span": SPAN}, {"first": 0, "span": PACE}]


def plan_taps(page, pile: str) -> None:
    """The player's taps on the top card of ``pile``, in every visit of the page's profile."""
    plan = {"pile": pile, "pace": PACE, "visits": VISITS}
    page.context.add_init_script(f"window.castlingTapPlan = {json.dumps(plan)};")
    page.context.add_init_script(PLAYER)


def a_visit(page, url: str, span: float) -> dict:
    """Open ``url`` (its taps planned); what the page saw."""
    time_to_ready(page, url)
    page.wait_for_function(f"window.taps.length > {int(span // PACE) - 1}",
                           timeout=span + 120_000, polling=200)
    return page.evaluate("""() => ({shown: window.shownAt, ready: window.readyAt,
      taps: window.taps, longTasks: window.longTasks,
      marks: Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime])),
      files: performance.getEntriesByType("resource").map((r) => [new URL(r.name).pathname, r.responseEnd])})""")


def gzipped(path: str) -> int:
    local = browser_visits.SITE / path.lstrip("/")
    return len(gzip.compress(local.read_bytes(), 6, mtime=0)) if local.is_file() else 0


def first_move_figures(playwright, base: str, rounds: int) -> None:
    """The part's figures, for each profile: the desktop's, and a phone's."""
    for label, throttle, network in (("desktop speed", 1, None),
                                     ("phone (9 Mbit/s, 150 ms, CPU slowed 4x)", 4, PHONE_NETWORK)):
        figures: dict[str, list[float]] = {}
        waits: list[float] = []
        longest: list[float] = []
        before_move: list[int] = []
        before_ready: list[int] = []
        tasks: dict[str, list[float]] = {}      # the three longest of each visit, and the app's parts
        for _ in range(rounds):
            with profile(playwright, throttle, network=network) as page:
                figures.setdefault("bare cold", []).append(time_to_ready(page, base + "bare/index.html"))
                figures.setdefault("bare warm", []).append(time_to_ready(page, base + "bare/index.html"))
            for game_id, number in LINKS.items():
                pile = tap_pile(game_id, number)
                link = f"{base}index.html#/{game_id}/{number}"
                with profile(playwright, throttle, network=network) as page:
                    plan_taps(page, pile)
                    seen = a_visit(page, link, SPAN)
                    first = seen["taps"][0]
                    if not first["moved"]:
                        raise SystemExit(f"benchmarks/browser.py: the first tap on {game_id} moved nothing")
                    figures.setdefault("first move", []).append(first["done"] / 1000)
                    figures.setdefault("first wait", []).append(first["done"] - first["meant"])
                    waits += [tap["done"] - tap["meant"] for tap in seen["taps"]]
                    end = seen["ready"] + 5000
                    during = sorted((duration for start, duration in seen["longTasks"]
                                     if seen["shown"] <= start <= end), reverse=True)
                    longest.append(during[0] if during else 0)
                    tasks.setdefault("first visit's three longest", []).extend(during[:3])
                    marks = seen["marks"]
                    if "castling:app-imported" in marks and "castling:app-script" in marks:
                        tasks.setdefault("importing the app", []).append(
                            marks["castling:app-imported"] - marks["castling:app-script"])
                        # (castling_web/import_steps.py: in steps of about 15 ms, none long)
                        tasks.setdefault("the longest task while importing", []).append(max(
                            (duration for start, duration in seen["longTasks"]
                             if start + duration > marks["castling:app-script"]
                             and start < marks["castling:app-imported"]), default=0))
                        tasks.setdefault("the app built and started", []).append(
                            seen["ready"] - marks["castling:app-imported"])
                    before_move.append(sum(gzipped(path) for path, done in seen["files"]
                                           if done <= first["done"]))
                    before_ready.append(sum(gzipped(path) for path, done in seen["files"]
                                            if done <= seen["ready"]))
                    settle(page)
                    # The return visit: the game in hand, tapped as soon as it shows.
                    again = a_visit(page, link, PACE)
                    figures.setdefault("return move", []).append(again["taps"][0]["done"] / 1000)
                    restored = sorted((duration for start, duration in again["longTasks"]
                                       if start <= again["ready"] + 5000), reverse=True)
                    tasks.setdefault("return visit's three longest (a snapshot restored)", []).extend(
                        restored[:3])
        waits.sort()
        cold, warm = median(figures["bare cold"]), median(figures["bare warm"])
        print(f"The first tap, {label}: deal links {', '.join(LINKS)}, {rounds} round(s):")
        print(f"  first move on a first visit  {median(figures['first move']):6.2f} s = "
              f"{median(figures['first move']) / cold:.2f}x the bare page's cold boot ({cold:.2f} s)"
              "   (target <= 0.12x on the phone profile)")
        print(f"  the first tap's wait         {median(figures['first wait']):6.0f} ms median, "
              f"worst {max(figures['first wait']):.0f} ms   (target <= 150 ms)")
        print(f"  taps over the first {SPAN // 1000} s       p95 {waits[int(0.95 * (len(waits) - 1))]:6.0f} ms, "
              f"median {median(waits):.0f} ms, over {len(waits)} taps   (target: p95 <= 150 ms)")
        print(f"  longest task, first card to 5 s after ready: {max(longest):.0f} ms "
              f"(median of visits {median(longest):.0f} ms)   (target: none over 100 ms)")
        for name, values in tasks.items():
            print(f"    {name}: " + ", ".join(f"{value:.0f}" for value in sorted(values, reverse=True)[:6])
                  + f" ms (median {median(values):.0f})")
        print(f"  return visit's first move    {median(figures['return move']):6.2f} s = "
              f"{median(figures['return move']) / warm:.2f}x the bare page's warm boot ({warm:.2f} s)"
              "   (target <= 0.25x)")
        print(f"  bytes before the first move  {median(before_move) / 1e3:8.1f} kB gzipped, against "
              f"{median(before_ready) / 1e3:.1f} kB before data-ready (what a first move waited for "
              "before the early table played)")
