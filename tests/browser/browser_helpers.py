"""What the browser tests share: reading the page's table and storage, playing
a move as a player taps it, the deals each game is tried on, and the fixtures'
winning lines. (The fixtures themselves, one browser and its profiles, are in
conftest.py; serving and launching Chromium in support.py.)"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from castling import GAMES, Game, Position

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
READY_TIMEOUT_MS = 90_000     # cold boot is ~3-7 s here; far more under load

#: Winning move lists of most games (tests/fixtures/wins.json): {game: {"deal", "moves"}}.
WINS = json.loads((ROOT / "tests" / "fixtures" / "wins.json").read_text())

#: The deal each game is played on where a test tries every game: deals from
#: both of PySolFC's numbering ranges. A game without one of its own is tried on
#: DEFAULT_DEAL, so adding a game needs no line here.
DEALS = {"chessboard": 1, "morphy": 5, "chequers": 31999, "martha": 4, "fortress": 40000,
         "lasker": 12, "selective-castle": 5, "castles-end": 9,
         "streets-and-alleys": 146, "beleaguered-castle": 34000, "citadel": 145,
         "exiled-kings": 53500, "penelopes-web": 665, "stronghold": 300, "private-lane": 30100,
         "siegecraft": 831, "bastion": 324, "ten-by-one": 32500, "somerset": 21500,
         "morehead": 36200, "canister": 231, "american-canister": 60100, "british-canister": 605,
         "lightweight": 507, "castle-mount": 508, "palace": 98600,
         "castle-of-indolence": 39300, "rittenhouse": 400, "zerline": 306,
         "zerline-3-decks": 39500, "soother": 626}
DEFAULT_DEAL = 7


def deal_for(game_id: str) -> int:
    return DEALS.get(game_id, DEFAULT_DEAL)


#: Before the page's scripts, in every page of a test's profile: the welcome of
#: a first visit was closed (welcome.py), so that it does not stand over the
#: table of tests about something else (test_welcome.py asks for it; the
#: benchmarks' players are returning ones).
WELCOMED = """try {
  if (!localStorage.getItem('castling:welcomed')) localStorage.setItem('castling:welcomed', 'tests');
} catch (error) {}"""


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def violations(page) -> list[str]:
    """What the accessibility audit (axe-core, pinned in package.json) finds on the
    page as it is; the page's profile must bypass the CSP (axe is injected inline)."""
    assert AXE.exists(), "run `npm ci` first (make test does)"
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => `${v.id} (${v.impact}): ${v.help} -- ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")


def foreign_elements(page) -> int:
    """How many elements are on the page that the page never makes itself: what
    text inserted as HTML would bring (images, frames, bold, inline scripts). The
    page's own images are the tables' sketches (``sketches/``) and the How to play
    panel's, which has none until the panel first opens; its own inline script is
    the first visit's table plan (``#first-table-plan``, JSON that build.py writes)."""
    return page.evaluate("""document.querySelectorAll('img:not([src^="./sketches/"]):not(#rules-sketch),'
        + ' iframe, b, script:not([src]):not([type=py]):not(#first-table-plan)').length""")


# The board as drawn: every row, pile and card with what places it (classes,
# inline properties, hooks), in order; and where each card is on the screen.
TABLE = """(() => {
  const board = document.getElementById("board");
  const style = (element) => element.style.cssText.split(";").map((part) => part.trim())
    .filter(Boolean).sort().join("; ");
  const shape = [...board.querySelectorAll(".row, [data-pile], [data-card]")].map((element) =>
    [element.className, element.getAttribute("data-pile"), element.getAttribute("data-card"),
     element.getAttribute("tabindex"), element.getAttribute("aria-label"),
     style(element)]);
  const boxes = [...board.querySelectorAll("[data-card]")].map((card) => {
    const box = card.getBoundingClientRect();
    return [box.x, box.y, box.width, box.height];
  });
  return {shape, boxes, style: style(board), ready: document.documentElement.dataset.ready};
})()"""


def wait_ready(page) -> None:
    page.wait_for_selector('html[data-ready="true"]', timeout=READY_TIMEOUT_MS)


def taken_over_unmoved(page, before: dict) -> None:
    """Let Python start (``support.HoldingHandler`` held its runtime back), and
    find the app's table the early one (``before``: ``TABLE`` read then), element
    for element, at the same size, every card where it was (within 0.5 px)."""
    from support import HoldingHandler

    HoldingHandler.released.set()
    wait_ready(page)
    page.wait_for_function("document.fonts.status === 'loaded'")
    after = page.evaluate(TABLE)
    assert after["shape"] == before["shape"]
    assert after["style"] == before["style"]
    assert len(after["boxes"]) == len(before["boxes"])
    for was, now in zip(before["boxes"], after["boxes"]):
        assert now == pytest.approx(was, abs=0.5)


#: What castling_web/stdlib_fallback.py writes when the trimmed standard library
#: lacked a module the app asked for (the build's list of modules is short of one).
FALLBACK = "came from the full standard library"


def watched(context, site_url):
    """A new page of ``context``, and a check to run when the test is done: it
    fails on any uncaught page error, on any request that leaves the site, and
    on any standard module the page's trimmed library lacked (the page, or
    its workers, fetched the full library: castling_web/stdlib_fallback.py)."""
    requests: list[str] = []

    def seen(request) -> None:
        requests.append(request.url)
    context.on("request", seen)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    lacking: list[str] = []
    page.on("console", lambda message: lacking.append(message.text) if FALLBACK in message.text else None)

    def check() -> None:
        context.remove_listener("request", seen)
        assert not errors, f"uncaught errors in the page: {errors}"
        foreign = [url for url in requests
                   if not url.startswith((site_url, "about:", "data:", "blob:"))]
        assert not foreign, f"requests to other origins: {foreign[:5]}"
        full = [url for url in requests if url.endswith("/python_stdlib.zip")]
        assert not lacking and not full, f"the trimmed standard library lacked a module: {lacking or full}"
    return page, check


#: What the ``page`` fixture's player has stored: two taps chosen (pick up,
#: then put down: the keyboard's way, which most tests play by).
TWO_TAPS = {"tap": "two"}


def empty_page(context, site_url, settings: dict | None = TWO_TAPS, *,
               init_script: str | None = None, reduced_motion: str = "reduce"):
    """A new page of ``context`` (watched: returns the page and its check) with
    the site's storage emptied but for ``settings``; what the service worker
    and the snapshot keep in Cache Storage stays. ``init_script`` runs before
    each document's own scripts. By default it asks for reduced motion, so that
    a win opens its summary at once, without the celebration's 2.5 s, and moves
    do not slide. It is on the help page: go to the table next."""
    page, check = watched(context, site_url)
    if init_script:
        page.add_init_script(init_script)
    page.emulate_media(reduced_motion=reduced_motion)
    page.goto(f"{site_url}help/index.html")
    page.evaluate("localStorage.clear()")
    if settings is not None:      # (compact: test_nothing_lost compares the stored text)
        page.evaluate("text => localStorage.setItem('castling:settings', text)",
                      json.dumps(settings, separators=(",", ":")))
    return page, check


def open_deal(page, game_id: str, number: int) -> None:
    """Open deal ``number`` of ``game_id`` by its link in a page whose app is up,
    as a link followed from the page would (no reload: no second start of
    Python); returns once the table shows it."""
    page.evaluate("link => { location.hash = link; }", f"#/{game_id}/{number}")
    page.wait_for_function("([game, label]) => document.getElementById('board').dataset.game === game"
                           " && document.getElementById('deal-label').textContent === label",
                           arg=[game_id, f"Deal #{number}"])


def dom_piles(page) -> dict[str, list[str]]:
    """Every pile in the DOM: name -> data-card values, bottom first."""
    return page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('[data-pile]')].map(pile => [pile.dataset.pile,
            [...pile.querySelectorAll('[data-card]')].map(card => card.dataset.card)]))""")


def shown_as_dom(piles: dict[str, list[str]]) -> dict[str, list[str]]:
    """The engine's piles as the DOM must show them (face-down cards hidden)."""
    return {name: ["down" if code.islower() else code for code in cards]
            for name, cards in piles.items()}


def stored(page, key: str):
    text = page.evaluate("key => localStorage.getItem(key)", key)
    return None if text is None else json.loads(text)


def store(page, key: str, value) -> None:
    """Put ``value`` in the page's storage under ``key``, as JSON (as the app stores)."""
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, json.dumps(value)])


def assert_playable(page) -> None:
    """A game is on the table, and it is exactly what the engine dealt."""
    save = stored(page, f"castling:save:{page.evaluate('document.getElementById(`board`).dataset.game')}")
    game, problem = Game.replay(GAMES[save["game"]], save["deal"], save["moves"])
    assert problem is None
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())


def a_single_card_move(position: Position):
    """A legal one-card move that does not start from a foundation."""
    tables = position.tables
    for move in sorted(position.legal_moves()):
        if move[2] == 1 and not tables.is_foundation(move[0]):
            return move
    raise AssertionError("no single-card move in this deal")


def settle(page) -> None:
    """Wait until the cards are at rest. A move's slide starts in the animation
    frame after the move (animation.py), so first let a frame pass: asking at
    once may find no animation only because it has not begun."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_function("document.getAnimations().length === 0")


def control(page, action: str):
    """The toolbar's control for ``action`` (a ``data-action``, in the bar or in its
    menu), or for ``"rules"`` the How to play panel's link to the rules' page."""
    return page.locator("#rules-link" if action == "rules"
                        else f'.controls [data-action="{action}"]')


def act(page, action: str) -> None:
    """Use a toolbar control as a player would: open the menu first when the
    control is in it, then click it once it is enabled (Playwright's click waits
    for that); choosing a menu item closes the menu. ``"rules"`` opens How to
    play and follows its link to the rules' page."""
    if action == "rules":                   # the rules' page: from the How to play panel
        act(page, "how-to-play")
        page.wait_for_selector("#rules-dialog[open]")
    wanted = control(page, action)
    if wanted.evaluate("c => !!c.closest('[role=menu]')") and page.locator("#menu").is_hidden():
        page.click("#menu-button")
        page.wait_for_selector("#menu:not([hidden])")
    wanted.click()


def choose(page, group: str, value: str) -> None:
    """Choose ``value`` in the radio group ``group`` (a selector: Settings'
    ``#speed``, ``#card-back``…) as a player does: a tap on its picture or words."""
    page.locator(f'{group} label:has(input[value="{value}"])').click()


def chosen(page, group: str) -> str:
    """The value of the radio group ``group``'s checked choice."""
    return page.locator(f"{group} input:checked").input_value()


def top_card(page, pile: str):
    return page.locator(f'[data-pile="{pile}"] [data-card]').last


def tap_move(page, rules, move) -> None:
    """Play ``move`` as a player taps it: its card, then the pile it goes to (the
    two-tap setting, which the ``page`` fixture chooses); where the page plays by
    one tap (a first visit), as a player drags it instead, which chooses any place."""
    names = rules.pile_names
    try:
        settings = stored(page, "castling:settings") or {}
    except Exception:           # no storage at all: the app plays by its defaults
        settings = {}
    if settings.get("tap") != "two":
        if names[move[0]] == "s1":
            top_card(page, "s1").click()        # a tap on the stock turns it, either way
        else:
            drag_to(page, names[move[0]], names[move[1]])
        return
    top_card(page, names[move[0]]).click()
    tap_pile(page, names[move[1]])


def tap_pile(page, name: str) -> None:
    """Tap pile ``name`` where a player would: its top card, or the pile itself if empty."""
    target = page.locator(f'[data-pile="{name}"]')
    cards = target.locator("[data-card]")
    (cards.last if cards.count() else target).click()


def drag_to(page, source: str, target: str) -> None:
    """Drag the top card of pile ``source`` onto pile ``target`` (its top card).
    As a player does: first the cards of the last move land (a slide in progress
    moves the card the drag would start on, or end on), and each end is seen."""
    settle(page)
    card = top_card(page, source)
    card.wait_for(state="visible")
    start = card.bounding_box()
    pile = page.locator(f'[data-pile="{target}"]')
    cards = pile.locator("[data-card]")
    onto = cards.last if cards.count() else pile
    onto.wait_for(state="visible")
    end = onto.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + 10)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + 10, steps=8)
    page.mouse.up()


#: A player's record of Fortress with some history (the charts' and the audit's).
HISTORY = [
    {"day": "2026-11-28", "played": 3, "won": 2, "helped": 0, "best_seconds": 185, "fewest_moves": 140},
    {"day": "2026-11-30", "played": 1, "won": 0, "helped": 0, "best_seconds": None, "fewest_moves": None},
    {"day": "2026-12-01", "played": 4, "won": 1, "helped": 1, "best_seconds": 140, "fewest_moves": 151},
]
STATS = {"fortress": {"played": 8, "won": 3, "helped": 1, "streak": 0, "best_streak": 2,
                      "best_seconds": 140, "fewest_moves": 140, "history": HISTORY}}


# -- the early table (before Python is up; the runtime held back: support.HoldingHandler)

def played(game_id: str, number: int, count: int, seed: int) -> Game:
    """Deal ``number`` with up to ``count`` random moves played (none that wins)."""
    rng = random.Random(seed)
    game = Game(GAMES[game_id], number)
    for _ in range(count):
        moves = game.position.legal_move_texts()
        if not moves:
            break
        game.play(rng.choice(moves))
        if game.is_won():
            game.undo()
            break
    return game


def save_of(game: Game, **fields) -> str:
    return json.dumps({"format": 1, "game": game.rules.id, "deal": game.number,
                       "moves": game.move_texts(), **fields})


def open_held(browser, site: str, link: str, stored: dict[str, str] | None = None,
              size: tuple[int, int] = (1280, 800), **options):
    """A new profile (with ``stored`` in its storage, put there before the page's
    scripts run) on ``index.html{link}``, once the early table is up."""
    context = browser.new_context(welcome=stored is None,
                                  viewport={"width": size[0], "height": size[1]}, **options)
    if stored:
        # (once: the app's own writes are not undone on a reload)
        context.add_init_script(f"""if (!localStorage.getItem("castling:test-stored")) {{
          for (const [key, value] of Object.entries({json.dumps(stored)})) localStorage.setItem(key, value);
          localStorage.setItem("castling:test-stored", "1");
        }}""")
    page, check = watched(context, site)
    page.goto(f"{site}index.html{link}")
    page.wait_for_selector("html[data-early] #board [data-card]", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.ready") == "false"
    return context, page, check


def returned(context, site_url):
    """``context`` after its first visit, once that visit's page has made the
    interpreter's snapshot: each page after it restores the snapshot instead of
    booting Python from scratch (a first visit costs about 10 s of CPU here, a
    return visit 4). The wait is needed: the page makes the snapshot a few
    seconds after the table is up, and a page closed or reloaded sooner loses
    it, so that short tests, one after another, each booted afresh (measured:
    test_play's sessions 5.5 s each, 2.3 s from the snapshot)."""
    page = context.new_page()
    page.goto(f"{site_url}index.html")
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.snapshot !== undefined",
                           timeout=READY_TIMEOUT_MS)
    page.close()
    return context
