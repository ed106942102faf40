"""The card faces: every card shows its own picture from the deck the player
chose, a face-down card shows none, and the corner index the layout leaves
visible on a covered card (arrangement.INDEX_HEIGHT, INDEX_WIDTH) is measured
on the shipped art itself."""

from __future__ import annotations

from castling.cards import RANKS, SUITS
from castling.app.table.arrangement import INDEX_HEIGHT, INDEX_WIDTH

from browser_helpers import act, choose, wait_ready

CODES = [rank + suit for rank in RANKS for suit in SUITS]

# For each face file: draw it inline at 240 x 336 px (its own units) and take
# the box of the drawing's parts that start in the left tenth of the card's
# upper half: the index, rank and suit below it. (The bottom-right index is the
# same turned round; pips and court pictures start further in.)
MEASURE = """async ([deck, codes]) => {
  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;left:0;top:0;width:240px;height:336px';
  document.body.append(host);
  const sizes = {};
  for (const code of codes) {
    const text = await (await fetch(`cards/${deck}/${code}.svg`)).text();
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    svg.removeAttribute('class');      // (the page's .card rule would size it)
    svg.setAttribute('width', '240'); svg.setAttribute('height', '336');
    host.replaceChildren(document.importNode(svg, true));
    let right = 0, bottom = 0, parts = 0;
    for (const part of host.querySelectorAll('use, path, text')) {
      if (part.closest('symbol, defs')) continue;
      const box = part.getBoundingClientRect();
      // Starts in the left tenth, upper half; not the card's own outline.
      if (box.width && box.width < 120 && box.left < 24 && box.top < 168) {
        right = Math.max(right, box.right); bottom = Math.max(bottom, box.bottom); parts++;
      }
    }
    sizes[code] = [right / 240, bottom / 336, parts];
  }
  host.remove();
  return sizes;
}"""


def test_the_index_left_visible_on_a_covered_card_holds_every_face_s_index(page, site_url):
    page.goto(f"{site_url}index.html")
    wait_ready(page)
    widest = tallest = 0.0
    for deck in ("two", "four"):
        sizes = page.evaluate(MEASURE, [deck, CODES])
        for code, (width, height, parts) in sizes.items():
            assert parts >= 2, f"{deck}/{code}: no rank and suit found in the top-left corner"
            # An index of less than a tenth of the card would mean the
            # measurement found something else (a stray dot), not the index.
            assert width > 0.1 and height > 0.2, f"{deck}/{code}: {width:.3f} x {height:.3f}"
            widest, tallest = max(widest, width), max(tallest, height)
    assert widest <= INDEX_WIDTH, f"an index is {widest:.3f} of the width; INDEX_WIDTH is {INDEX_WIDTH}"
    assert tallest <= INDEX_HEIGHT, f"an index is {tallest:.3f} of the height; INDEX_HEIGHT is {INDEX_HEIGHT}"
    # ... and not so much more that covered cards take room for nothing.
    assert INDEX_WIDTH - widest < 0.03 and INDEX_HEIGHT - tallest < 0.03, (widest, tallest)


FACES = """() => [...document.querySelectorAll('#board .card')].map(card =>
  [card.dataset.card, getComputedStyle(card).backgroundImage])"""


def test_each_card_wears_its_own_face_from_the_chosen_deck_and_a_face_down_card_none(page, site_url):
    # Zerline deals face-down cards and face-up ones.
    page.goto(f"{site_url}index.html#/zerline/306")
    wait_ready(page)
    for deck, setting in (("two", False), ("four", True)):
        if setting:
            act(page, "settings")
            choose(page, "#deck", "true")
            page.keyboard.press("Escape")
        cards = page.evaluate(FACES)
        down = [image for code, image in cards if code == "down"]
        up = [(code, image) for code, image in cards if code != "down"]
        assert down and up
        for code, image in up:
            assert image.endswith(f'/cards/{deck}/{code}.svg")'), (code, image)
        # A face-down card's look is the chosen back, the same for every card.
        assert len(set(down)) == 1 and "cards/" not in down[0]
    # The pictures arrived (each file once, from this site).
    loaded = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(e => e.name.includes('/cards/')).map(e => e.name)""")
    assert loaded and len(loaded) == len(set(loaded))
    assert all(name.startswith(site_url) for name in loaded)
    for name in loaded[:3]:
        response = page.request.get(name)
        assert response.ok and response.headers["content-type"].startswith("image/svg+xml")
