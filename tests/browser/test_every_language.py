"""Every language fits a phone and passes the audit (issue 52): in each of the
catalogues' languages, on a 360 px phone, the page speaks it (``<html lang>``,
the move counter's plural form), nothing is wider than the screen, every
dialog the toolbar opens fits without scrolling sideways, and the
accessibility audit finds nothing on the table or in any dialog. German's long
words and French's long phrases are where a phone breaks first. (The toolbar's
one row in every language is test_toolbar.py's.)"""

import pytest

from castling.i18n import LANGUAGES, catalogue
from castling.plurals import form

from browser_helpers import act, returned, violations, wait_ready

#: The dialogs the toolbar and its menu open, by the control that opens them.
DIALOGS = {"games": "games-dialog", "stats": "stats-dialog", "settings": "settings-dialog",
           "how-to-play": "rules-dialog", "choose-deal": "deal-dialog",
           "daily-calendar": "calendar-dialog", "review": "review-dialog"}

#: Where anything is wider than its room: the page itself, and every open
#: dialog and each control in it (tests/engines/lane.mjs checks the same in
#: Firefox and WebKit). [] when nothing is.
OVERFLOWS = """() => {
  const wide = [];
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth + 1) wide.push(`the page: ${root.scrollWidth} px in ${innerWidth}`);
  for (const dialog of document.querySelectorAll("dialog[open]")) {
    if (dialog.scrollWidth > dialog.clientWidth + 1)
      wide.push(`#${dialog.id}: ${dialog.scrollWidth} px in ${dialog.clientWidth}`);
    const room = dialog.getBoundingClientRect();
    for (const control of dialog.querySelectorAll("select, input, button, textarea, label")) {
      const box = control.getBoundingClientRect();
      if (box.width && (box.left < room.left - 1 || box.right > room.right + 1))
        wide.push(`#${dialog.id} ${control.tagName.toLowerCase()}#${control.id}: ` +
                  `${Math.round(box.left)}-${Math.round(box.right)} outside`);
    }
  }
  return wide;
}"""


@pytest.fixture(scope="module")
def audited_phone(browser, site_url):
    """A phone's profile (360 x 740, touch) for every language, bypassing the
    CSP for the audit's inline script (test_accessibility.py's reason)."""
    context = returned(browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                           is_mobile=True, bypass_csp=True), site_url)
    yield context
    context.close()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_dialog_fits_a_360_px_phone_and_passes_the_audit(audited_phone, site_url, language):
    page = audited_phone.new_page()
    page.goto(f"{site_url}help/index.html")
    page.evaluate("code => { localStorage.clear(); "
                  "localStorage.setItem('castling:settings', JSON.stringify({language: code})) }",
                  language)
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == language
    words = catalogue(language)
    assert page.locator("#move-counter").text_content() == \
        words[f"counter.moves.{form(language, 0)}"].format(count=0)
    found = {"the table": violations(page)}
    wide = {"the table": page.evaluate(OVERFLOWS)}
    for action, dialog in DIALOGS.items():
        act(page, action)
        page.wait_for_selector(f"#{dialog}[open]")
        wide[dialog] = page.evaluate(OVERFLOWS)
        found[dialog] = violations(page)
        page.keyboard.press("Escape")
        page.wait_for_selector(f"#{dialog}:not([open])", state="attached")
    page.close()
    assert {where: listed for where, listed in wide.items() if listed} == {}, language
    assert {where: listed for where, listed in found.items() if listed} == {}, language
