"""Seeing the cards: four colours, high contrast, dark, card sizes, and phones."""

import contextlib
import json

import pytest

from castling import GAMES, Game
from castling.app.table.arrangement import INDEX_HEIGHT, INDEX_WIDTH

from browser_helpers import act, choose, chosen, stored, tap_move, wait_ready


SHOTS = __import__("pathlib").Path(__file__).resolve().parents[2] / "test-artifacts"


def card_width(page) -> float:
    return page.locator('[data-pile="t1"] [data-card]').last.bounding_box()["width"]


def test_settings_change_the_deck_the_contrast_and_the_card_size(page, site_url):
    page.goto(f"{site_url}index.html#/morphy/8")
    wait_ready(page)
    medium = card_width(page)
    clubs = page.locator('.card[data-card$="C"]').first
    black = clubs.evaluate("card => getComputedStyle(card).color")
    act(page, "settings")
    choose(page, "#deck", "true")
    page.locator('[data-setting="high_contrast"]').check()
    choose(page, "#card-size", "small")
    # The preview shows a card as wide as the table now draws one.
    page.wait_for_function("document.getElementById('card-size-preview').style.getPropertyValue('--card-w')"
                           " === document.getElementById('board').style.getPropertyValue('--card-w')")
    preview = page.locator("#card-size-preview .card").first.bounding_box()["width"]
    assert abs(preview - card_width(page)) < 1
    page.locator("#settings-dialog button[value=close]").click()
    assert clubs.evaluate("card => getComputedStyle(card).color") != black
    looks = page.evaluate("document.documentElement.className").split()
    assert sorted(looks) == ["back-blue", "contrast-high", "deck-four", "table-green"]
    assert card_width(page) < medium
    assert stored(page, "castling:settings")["card_size"] == "small"
    page.reload()
    wait_ready(page)
    assert "contrast-high" in page.evaluate("document.documentElement.className")
    assert card_width(page) < medium


def test_three_card_backs_and_three_tables_are_chosen_and_kept(page, site_url):
    page.goto(f"{site_url}index.html#/martha/3")           # Martha deals face-down cards
    wait_ready(page)
    back = page.locator('.card[data-card="down"]').first
    backs, tables = set(), set()
    act(page, "settings")
    for name in ("blue", "red", "night"):
        choose(page, "#card-back", name)
        backs.add(back.evaluate("card => getComputedStyle(card).backgroundImage"))
    for name in ("green", "blue", "burgundy"):
        choose(page, "#table-colour", name)
        tables.add(page.evaluate("getComputedStyle(document.body).backgroundImage"))
    assert len(backs) == 3 and len(tables) == 3              # each one looks different
    assert stored(page, "castling:settings")["card_back"] == "night"
    assert stored(page, "castling:settings")["table"] == "burgundy"
    # High contrast keeps its black table, whatever the colour chosen.
    burgundy = page.evaluate("getComputedStyle(document.body).backgroundImage")
    page.locator('[data-setting="high_contrast"]').check()
    assert page.evaluate("getComputedStyle(document.body).backgroundImage") != burgundy
    page.locator('[data-setting="high_contrast"]').uncheck()
    page.locator("#settings-dialog button[value=close]").click()
    page.reload()
    wait_ready(page)
    looks = page.evaluate("document.documentElement.className").split()
    assert {"back-night", "table-burgundy"} <= set(looks) and "back-blue" not in looks
    act(page, "settings")
    assert chosen(page, "#card-back") == "night"
    assert chosen(page, "#table-colour") == "burgundy"


SIZES = {"phone-portrait": (360, 740), "phone": (390, 844), "tablet": (820, 1180),
         "desktop": (1440, 900)}
#: Each size but the desktop's also turned on its side (a phone held sideways, a
#: tablet in landscape). A desktop turned upright (900x1440) is rare, and its
#: shape is a portrait tablet's, which is looked at.
SIZES.update({f"{name}-turned": (height, width) for name, (width, height) in list(SIZES.items())
              if name != "desktop"})
#: The games also looked at after a few moves that lengthen their piles.
PLAYED = ("chessboard", "chequers", "martha", "palace", "soother")
#: The sizes whose screenshots are always kept, to be looked at (a screenshot
#: costs as much as the checks: at the other sizes only a failing check keeps one).
SHOWN = ("phone", "desktop")


def index_strips() -> tuple[float, float]:
    """INDEX_HEIGHT and INDEX_WIDTH as the arrangement has them (render.py passes
    them to the page: the test and the page must not silently disagree)."""
    return INDEX_HEIGHT, INDEX_WIDTH


#: Every pile's box and its cards' boxes, how its row fans, and where each pile's
#: top card is once scrolled into view (by whatever scrolls: the board or the page).
TABLE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const board = document.getElementById('board');
  const piles = [...document.querySelectorAll('[data-pile]')].map(p => ({
    name: p.dataset.pile, box: box(p), cards: [...p.querySelectorAll('.card')].map(box),
    fan: p.classList.contains('spread') ? 'right' : p.closest('.row').className.match(/fan-(\\w+)/)[1]}));
  const style = getComputedStyle(board);
  const seen = {};
  for (const p of document.querySelectorAll('[data-pile]')) {
    const top = p.lastElementChild || p;
    top.scrollIntoView({block: 'nearest', inline: 'nearest'});
    seen[p.dataset.pile] = box(top);
  }
  board.scrollTop = 0; window.scrollTo(0, 0);
  return {piles, seen, indexH: parseFloat(style.getPropertyValue('--index-h')),
          indexW: parseFloat(style.getPropertyValue('--index-w')),
          board: box(board), scrollWidth: document.documentElement.scrollWidth};
}"""


def check_table(page, where: str, width: int, height: int, strips, fits: bool) -> dict:
    """Every pile on screen from side to side and reachable by scrolling down,
    clear of the others (cards and all), every covered card showing its index;
    with ``fits``, every top card in view without scrolling. Returns the table."""
    table = page.evaluate(TABLE)
    assert (table["indexH"], table["indexW"]) == strips, f"{where}: the page's index strips differ from the arrangement's"
    index_h, index_w = strips
    boxes = []
    for pile in table["piles"]:
        name, (left, _, right, bottom) = pile["name"], pile["box"]
        cards = pile["cards"]
        at = f"{where} {name}"
        assert left >= -1 and right <= width + 1, f"{at} is off the side of the screen"
        assert right - left >= 20, f"{at} is too small to hit"
        if fits:
            assert (cards[-1][3] if cards else bottom) <= height + 1, f"{at}: its top card is below the screen"
        seen = table["seen"][name]
        assert seen[0] >= -1 and seen[2] <= width + 1 and seen[1] >= -1 and seen[3] <= height + 1, \
            f"{at}: its top card cannot be scrolled into view"
        for a, b in zip(cards, cards[1:]):
            if pile["fan"] == "down":
                strip, least = b[1] - a[1], index_h * (a[3] - a[1])
            elif pile["fan"] == "right":
                strip, least = b[0] - a[0], index_w * (a[2] - a[0])
            else:
                continue                  # a stack shows its top card only
            assert strip >= least - 0.5, \
                f"{at}: a covered card shows {strip:.1f} px of the {least:.1f} its index needs"
        boxes.append((name, [min(x[0] for x in [pile["box"]] + cards), min(x[1] for x in [pile["box"]] + cards),
                             max(x[2] for x in [pile["box"]] + cards), max(x[3] for x in [pile["box"]] + cards)]))
    for i, (name, a) in enumerate(boxes):
        for other, b in boxes[i + 1:]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
            assert not overlap, f"{where}: {name} and {other} overlap"
    assert table["scrollWidth"] <= width, f"{where}: the page scrolls sideways"
    return table


def lengthening_moves(page, game_id: str, count: int) -> None:
    """Play ``count`` moves, as a player taps them, each a card from one tableau
    pile onto the longest pile it may go on (the engine finds them in the game
    as saved: the page may have sent cards home on its own between them)."""
    rules = GAMES[game_id]
    for _ in range(count):
        save = stored(page, f"castling:save:{game_id}")
        game, problem = Game.replay(rules, save["deal"], save["moves"])
        assert problem is None
        position = game.position
        n = position.tables.n_tableau
        moves = [m for m in position.legal_moves() if m[0] < n and m[1] < n and m[2] == 1]
        if not moves:
            return
        move = max(sorted(moves), key=lambda m: len(position.piles[m[1]]))
        before = len(save["moves"])
        tap_move(page, rules, move)
        page.wait_for_function("([key, n]) => JSON.parse(localStorage.getItem(key)).moves.length > n",
                               arg=[f"castling:save:{game_id}", before])


@contextlib.contextmanager
def shown_or_kept_if_failing(page, name: str, size: str):
    """A screenshot in test-artifacts/ of what the block checks: at the SHOWN
    sizes before it (the table as it opens, before checks scroll it), at the
    others when a check in it fails (the table as it failed)."""
    if size in SHOWN:
        page.screenshot(path=str(SHOTS / f"{name}.png"))
    try:
        yield
    except AssertionError:
        page.screenshot(path=str(SHOTS / f"{name}.png"))
        raise


def check_game(page, game_id: str, rules, size: str, strips) -> float:
    """One game's table at one size (see the test below); its cards' width."""
    width, height = SIZES[size]
    # A board too short for cards LEAST_CARD wide says it scrolls (data-scrolls):
    # a phone's, for the games of long piles; a tablet's or a desktop's never.
    scrolls = page.evaluate("document.getElementById('board').hasAttribute('data-scrolls')")
    assert not (scrolls and min(width, height) >= 700), f"{game_id} does not fit at {size}"
    table = check_table(page, f"{game_id} at {size}", width, height, strips, fits=not scrolls)
    assert sorted(pile["name"] for pile in table["piles"]) == sorted(rules.pile_names)
    return round(max(c[2] - c[0] for pile in table["piles"] for c in pile["cards"]), 1)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_game_fits_every_screen_and_controls_do_not_overlap(phone_profile, returning_visit,
                                                                  size):
    """Every game, from a 360 px phone to a desktop, phones and tablets both ways up: each
    pile on screen from side to side, big enough to hit, clear of the others,
    its top card in view; every covered card showing its whole index (the
    strip to the next card, from the DOM, against the arrangement's INDEX_HEIGHT and
    INDEX_WIDTH as the page has them), or, where the board says it scrolls
    (a phone, a game of long piles), reachable by scrolling; the same after a few moves that make
    long piles in five games; a screenshot of each in test-artifacts/ (at the
    SHOWN sizes, and of whatever fails at the others), and the card widths in
    test-artifacts/card-widths-<size>.json. One page per size, in the phone's
    profile (touch) below 800 px wide: a link opens the next game."""
    width, height = SIZES[size]
    strips = index_strips()
    page = returning_visit("#/chessboard/3", reduced_motion="reduce",
                           profile=phone_profile if width < 800 else None, size=(width, height),
                           settings={"tap": "two"})     # its moves are played by two taps
    SHOTS.mkdir(exist_ok=True)
    buttons = page.locator(".toolbar > .tool, #game-select").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    for i, a in enumerate(buttons):
        assert a[3] - a[1] >= 24, "a control is too small to hit"
        for b in buttons[i + 1:]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
            assert not overlap, f"controls overlap at {size}"
    widths = {}
    for game_id, rules in GAMES.items():
        page.evaluate("link => { location.hash = link; }", f"#/{game_id}/3")
        page.wait_for_selector(f'#board[data-game="{game_id}"]')
        with shown_or_kept_if_failing(page, f"{game_id}-{size}", size):
            widths[game_id] = check_game(page, game_id, rules, size, strips)
        if game_id in PLAYED:
            lengthening_moves(page, game_id, 5)
            with shown_or_kept_if_failing(page, f"{game_id}-{size}-played", size):
                check_table(page, f"{game_id} after five moves at {size}", width, height, strips,
                            fits=False)
    (SHOTS / f"card-widths-{size}.json").write_text(json.dumps(widths, indent=1))
    # The links the app shows are long unbroken words; they wrap within the screen.
    page.evaluate("link => { location.hash = link; }", "#/soother/3")
    page.locator('[data-pile="s1"]').click()            # a move: a replay to share
    page.wait_for_selector('.controls [data-action="share-replay"]:not([disabled])', state="attached")
    for action in ("share", "share-replay"):
        act(page, action)
        page.wait_for_selector("#notice:not([hidden])")
        assert "#/" in page.locator("#notice").text_content()
        assert page.evaluate("document.documentElement.scrollWidth") <= width, \
            f"the {action} link widens the page at {size}"


#: Overlay scroll bars (Safari, Chromium on macOS, WebKitGTK) take no room: the
#: board's scroll bar gutter (style.css: scrollbar-gutter: stable) is then
#: nothing, and the board has the window's whole width. Headless Chromium keeps
#: the gutter (and has no switch for overlay scroll bars that works headless), so
#: the page is given no scroll bars at all, which lays it out the same way.
OVERLAY_SCROLL_BARS = """(() => {
  // (A sheet made in script: the page's content security policy refuses a <style>.)
  const sheet = new CSSStyleSheet();
  sheet.replaceSync("* { scrollbar-width: none !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
})();"""


@pytest.mark.parametrize("size", ["tablet", "tablet-turned", "desktop"])
def test_every_game_fits_under_overlay_scroll_bars(returning_visit, size):
    """The same checks as above, for every game at a tablet's and a desktop's size,
    where scroll bars take no room: the board is wider by the gutter, and some
    games take another arrangement (Chequers at 1440x900: its foundations in a
    strip beside the tableau, bigger cards) that must fit as well."""
    width, height = SIZES[size]
    strips = index_strips()
    page = returning_visit("#/chessboard/3", OVERLAY_SCROLL_BARS, reduced_motion="reduce",
                           size=(width, height))
    board = page.evaluate("document.getElementById('board').clientWidth")
    assert board == width, f"the board is {board} px in a window {width} px wide: a gutter is left"
    for game_id, rules in GAMES.items():
        page.evaluate("link => { location.hash = link; }", f"#/{game_id}/3")
        page.wait_for_selector(f'#board[data-game="{game_id}"]')
        with shown_or_kept_if_failing(page, f"{game_id}-{size}-overlay", size):
            check_game(page, game_id, rules, size, strips)


def test_large_cards_stay_on_screen_and_a_desktop_uses_its_height(phone_profile, returning_visit):
    """"Large" cards on a phone: Chequers' piles all within the screen's sides (the
    board scrolls down for them, never sideways); at 1440x900 Chessboard's table
    fills most of the board's height (it was a third empty under cards capped at 110 px)."""
    page = returning_visit("#/chequers/3", reduced_motion="reduce", profile=phone_profile,
                           size=(390, 844))
    medium = page.locator('[data-pile="t1"] .card').first.bounding_box()["width"]
    act(page, "settings")
    choose(page, "#card-size", "large")
    page.locator("#settings-dialog button[value=close]").click()
    page.wait_for_function(f"document.querySelector('[data-pile=\"t1\"] .card').getBoundingClientRect().width > {medium} + 1")
    check_table(page, "chequers with large cards at 390x844", 390, 844, index_strips(), fits=False)
    page = returning_visit("#/chessboard/3", reduced_motion="reduce", size=(1440, 900))
    table = check_table(page, "chessboard at 1440x900", 1440, 900, index_strips(), fits=True)
    cards = [card for pile in table["piles"] for card in pile["cards"]]
    left, top, right, bottom = table["board"]
    used = max(card[3] for card in cards) - top
    assert used > 0.8 * (bottom - top), f"the table takes {used:.0f} px of the board's {bottom - top:.0f}"
