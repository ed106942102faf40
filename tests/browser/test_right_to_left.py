"""A language written right to left (issue 63): Arabic's page is mirrored as an
Arabic reader expects (the header's game list at the right and the toolbar at
the left, the menu opening from its button's end, each settings row's label at
the right of its switch, the dialogs' text from the right) while the table keeps
its piles in the order its rules give them; nothing overlaps, nothing is wider
than the screen. (docs/decisions/languages.md says what is mirrored and why.)"""

import pytest

from castling import GAMES
from castling.language import RIGHT_TO_LEFT
from castling.i18n import LANGUAGES

from browser_helpers import act, wait_ready

#: The catalogues' languages written right to left.
RTL = [code for code in LANGUAGES if code.split("-")[0] in RIGHT_TO_LEFT]

BOX = "element => { const b = element.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }"

#: Each pile's box, by name, as the table lays it out.
PILES = """() => Object.fromEntries([...document.querySelectorAll('#board [data-pile]')].map((pile) => {
  const b = pile.getBoundingClientRect();
  return [pile.dataset.pile, [b.left, b.top, b.right, b.bottom]];
}))"""

#: The visible controls of the header and the toolbar that overlap one another.
OVERLAPS = """() => {
  const shown = [...document.querySelectorAll('header > *, .controls > button, .controls > .toolbar > button')]
    .filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 0);
  const found = [];
  for (const [i, a] of shown.entries()) {
    for (const b of shown.slice(i + 1)) {
      if (a.contains(b) || b.contains(a)) continue;
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1)
        found.push(`${a.id || a.className || a.tagName} / ${b.id || b.className || b.tagName}`);
    }
  }
  return found;
}"""


def test_there_is_a_language_written_right_to_left():
    assert RTL == ["ar"]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("language", RTL)
def test_the_page_is_mirrored_and_the_table_keeps_its_order(page, site_url, language, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site_url}help/index.html")
    assert page.evaluate("document.documentElement.dir") == "ltr"
    page.evaluate("code => localStorage.setItem('castling:settings', JSON.stringify({language: code}))",
                  language)
    page.goto(f"{site_url}index.html#/fortress/3")
    wait_ready(page)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [language, "rtl"]

    # The table in its rules' order: each row's piles from the left, t1 before t2 …
    piles = page.evaluate(PILES)
    names = GAMES["fortress"].pile_names
    tableau = [piles[name] for name in names if name.startswith("t")]
    rows: dict[float, list[float]] = {}
    for left, top, _, _ in tableau:
        rows.setdefault(round(top), []).append(left)
    assert all(lefts == sorted(lefts) for lefts in rows.values()), rows
    assert page.evaluate("getComputedStyle(document.getElementById('board')).direction") == "ltr"

    # The header mirrored: the game list at the right, the page's controls from the right.
    select = page.locator("#game-select").evaluate(BOX)
    assert page.evaluate(OVERLAPS) == []
    if size[0] > 800:           # (the toolbar is in the header's row on a desktop)
        toolbar = page.locator(".toolbar").evaluate(BOX)
        assert toolbar[2] <= select[0] + 1, (toolbar, select)
    assert select[2] > size[0] / 2
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]

    # The menu opens from its button's end and stays on the screen.
    page.click("#menu-button")
    page.wait_for_selector("#menu:not([hidden])")
    menu = page.locator("#menu").evaluate(BOX)
    button = page.locator("#menu-button").evaluate(BOX)
    assert menu[0] >= -1 and menu[2] <= size[0] + 1, menu
    assert abs(menu[0] - button[0]) < 12 or size[0] < 800, (menu, button)
    page.keyboard.press("Escape")

    # Settings: each row's words at the right of its switch, the text from the right.
    act(page, "settings")
    page.wait_for_selector("#settings-dialog[open]")
    row = page.locator("#settings-dialog .switch-row").first
    words = row.locator("span").first.evaluate(BOX)
    switch = row.locator(".switch").evaluate(BOX)
    assert switch[2] <= words[0] + 1, (switch, words)
    assert page.locator("#settings-dialog").evaluate("d => getComputedStyle(d).direction") == "rtl"
    assert page.evaluate("""() => { const d = document.querySelector('dialog[open]');
                                    return d.scrollWidth <= d.clientWidth + 1; }""")
