"""Moving to another device without a file (issue 26), in Chromium against the
built site: a transfer link made in one profile (Settings → Move to another
device, its QR code drawn, and decoded back to the link) is previewed in another and merged only on Merge —
statistics added up by game, the newer save kept, this profile's settings
kept; Cancel changes nothing; damaged links are refused with a message and
leave localStorage byte for byte as it was; an imported file is previewed and
merged the same way; the dialogs pass the audit and nothing is injected."""

import base64
import json
import zlib

from castling import GAMES, Game
from castling.app.storage.storage_port import MemoryStorage
from castling.app.storage.transfer import export_file, transfer_link

from browser_helpers import (READY_TIMEOUT_MS, ROOT, act, assert_playable, foreign_elements, stored,
                             tap_move, violations, wait_ready)

PAYLOAD = "<img src=x onerror=window.__pwned=1>"

A_STATS = {"fortress": {"played": 8, "won": 3, "helped": 1, "streak": 0, "best_streak": 2,
                        "best_seconds": 140, "fewest_moves": 140}}
B_STATS = {"fortress": {"played": 2, "won": 1, "streak": 1, "best_streak": 1,
                        "best_seconds": 120, "fewest_moves": 150},
           "martha": {"played": 1, "won": 0}}
MARTHA = json.dumps({"format": 1, "game": "martha", "deal": 4, "moves": [], "saved": 1})


def seeded(items: dict[str, str]) -> str:
    """An init script that stores ``items`` once, before the profile's first page starts."""
    return (f"try {{ if (!localStorage.getItem('test-seeded')) {{"
            f" for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
            f" localStorage.setItem('test-seeded', '1'); }} }} catch (error) {{}}")


def every_item(page) -> dict:
    return page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def holds(page) -> list[str]:
    return page.locator("#transfer-holds li").all_text_contents()


def open_link(page, fragment: str) -> None:
    """The player opens ``fragment`` in the tab: the page hears a hashchange."""
    page.evaluate("""fragment => { document.getElementById('notice').textContent = '';
                                   location.hash = fragment; }""", fragment)


def the_link_of(page) -> str:
    """Settings → Move to another device, its code drawn: the link shown."""
    act(page, "settings")
    page.click('[data-action="transfer"]')
    page.wait_for_selector("#transfer-dialog[open] #transfer-code svg[data-modules]")
    return page.input_value("#transfer-link")


QR = ROOT / "node_modules" / "qr"


def decoded(page, site_url) -> str:
    """What the code drawn on the page reads as, to the encoder's own decoder (the npm
    package's decode.js, which the site does not ship: served here for the test):
    the SVG drawn as pixels on a canvas, then decoded."""
    page.route(f"{site_url}test-qr/*", lambda route: route.fulfill(
        path=str(QR / route.request.url.rsplit("/", 1)[1]), content_type="text/javascript"))
    return page.evaluate("""async () => {
        const { decodeQR } = await import('./test-qr/decode.js');
        const svg = document.querySelector('#transfer-code svg');
        const image = new Image();
        image.src = 'data:image/svg+xml;base64,' + btoa(new XMLSerializer().serializeToString(svg));
        await image.decode();
        const side = 4 * svg.viewBox.baseVal.width;
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = side;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0, side, side);
        return decodeQR({width: side, height: side, data: context.getImageData(0, 0, side, side).data});
    }""")


def test_a_link_made_in_one_profile_merges_into_another(new_profile_page, site_url):
    a = new_profile_page("#/fortress/8", seeded({
        "castling:stats": json.dumps(A_STATS),
        "castling:settings": json.dumps({"tap": "two", "four_colour": True})}),
        # (no service worker: it would fetch the decoder itself, past the test's route)
        viewport={"width": 390, "height": 844}, bypass_csp=True, service_workers="block")
    rules = GAMES["fortress"]
    tap_move(a, rules, Game(rules, 8).legal_moves()[0])
    a.wait_for_function("(JSON.parse(localStorage.getItem('castling:save:fortress')) || {moves: []})"
                        ".moves.length > 0")
    moves = len(stored(a, "castling:save:fortress")["moves"])      # (auto-play may add some)
    link = the_link_of(a)
    assert link.startswith(f"{site_url}index.html#transfer=1.")
    # the code: every module drawn, big enough on a phone, with its quiet zone
    code = a.locator("#transfer-code svg")
    modules = int(code.get_attribute("data-modules"))
    assert modules >= 21 and code.get_attribute("viewBox") == f"0 0 {modules + 8} {modules + 8}"
    assert a.locator("#transfer-code path").get_attribute("d").count("M") > modules
    assert code.bounding_box()["width"] >= 300
    assert foreign_elements(a) == 0
    assert violations(a) == []              # (after: the audit's script is an element of its own)
    assert decoded(a, site_url) == link
    a.click('[data-action="transfer-copy"]')
    assert a.evaluate("document.activeElement.id") == "transfer-link"      # selected, to copy by hand

    fragment = link[link.index("#"):]
    b = new_profile_page("#/martha/4", seeded({
        "castling:stats": json.dumps(B_STATS), "castling:save:martha": MARTHA,
        "castling:last": "martha", "castling:settings": json.dumps({"tap": "two"})}),
        bypass_csp=True)
    before = every_item(b)
    # Cancel: nothing written, and the address names the deal again
    open_link(b, fragment)
    b.wait_for_selector("#transfer-preview-dialog[open][data-transfer-preview]")
    assert b.text_content("#transfer-preview-title") == "What this link brings"
    assert holds(b) == ["Statistics of 1 game: Fortress",
                        f"1 game in progress: Fortress, deal #8, {moves} move{'s' * (moves > 1)}",
                        "Settings"]
    assert violations(b) == []
    b.click('[data-action="transfer-cancel"]')
    b.wait_for_selector("#transfer-preview-dialog", state="hidden")
    assert every_item(b) == before
    assert b.evaluate("location.hash") == "#/martha/4"
    # Merge
    open_link(b, fragment)
    b.wait_for_selector("#transfer-preview-dialog[open]")
    b.click('[data-action="transfer-merge"]')
    b.wait_for_function("document.getElementById('notice').textContent.startsWith('Merged')")
    assert b.text_content("#notice") == (
        "Merged: statistics of 1 game added up; games in progress taken: 1 of 1; "
        "settings: this browser's kept.")
    stats = stored(b, "castling:stats")
    assert (stats["fortress"]["played"], stats["fortress"]["won"]) == (11, 4)
    assert (stats["fortress"]["best_seconds"], stats["fortress"]["fewest_moves"]) == (120, 140)
    assert stats["fortress"]["best_streak"] == 2 and stats["martha"]["played"] == 1
    assert stored(b, "castling:save:fortress")["moves"] == stored(a, "castling:save:fortress")["moves"]
    assert every_item(b)["castling:save:martha"] == MARTHA
    assert stored(b, "castling:settings") == {"tap": "two"}
    assert b.evaluate("location.hash") == "#/martha/4"
    assert_playable(b)
    b.reload()
    wait_ready(b)
    assert b.locator("#transfer-preview-dialog").is_hidden()
    assert foreign_elements(b) == 0         # (the audit's script went with the reload)
    # The same link once more: its statistics are not added up twice
    open_link(b, fragment)
    b.wait_for_selector("#transfer-preview-dialog[open]")
    b.click('[data-action="transfer-merge"]')
    b.wait_for_function("document.getElementById('notice').textContent.startsWith('Merged')")
    assert "not added again" in b.text_content("#notice")
    assert stored(b, "castling:stats")["fortress"]["played"] == 11


def a_link(data: object = None, raw: bytes | None = None) -> str:
    """A transfer link whose check is right, over whatever it is given."""
    body = base64.urlsafe_b64encode(
        raw if raw is not None else zlib.compress(json.dumps(data).encode())).decode().rstrip("=")
    return f"#transfer=1.{body}.{zlib.crc32(body.encode()) & 0xFFFFFFFF:08x}"


def damaged_links() -> list[str]:
    good = transfer_link(MemoryStorage({"castling:stats": json.dumps(A_STATS)}))
    flipped = good[:30] + ("A" if good[30] != "A" else "B") + good[31:]
    return [good[:len(good) // 2], good[:-4], flipped, good.replace("=1.", "=7.", 1),
            a_link({"hello": "world"}), a_link(raw=zlib.compress(b"x" * 3_000_000)),
            a_link({"castling-transfer": 1, "stats": {PAYLOAD: {}}}),
            a_link({"castling-transfer": 1, "last": PAYLOAD}),
            "#transfer=1." + PAYLOAD + ".00000000"]


def test_damaged_links_are_refused_and_change_nothing_stored(page, site_url):
    page.goto(f"{site_url}help/index.html")
    page.evaluate("""items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v) }""",
                  {"castling:stats": json.dumps(B_STATS), "castling:save:martha": MARTHA,
                   "castling:last": "martha"})
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    before = every_item(page)
    for link in damaged_links():
        open_link(page, link)
        page.wait_for_function(
            "document.getElementById('notice').textContent.endsWith('Nothing was changed.')",
            timeout=READY_TIMEOUT_MS)
        assert page.locator("#transfer-preview-dialog").is_hidden(), link
        assert every_item(page) == before, link
        assert page.evaluate("location.hash") == "#/martha/4"
    assert page.evaluate("window.__pwned") is None
    assert foreign_elements(page) == 0
    assert page.evaluate("document.getElementById('notice').childElementCount") == 0
    assert_playable(page)


def test_an_imported_file_is_shown_then_merged(page, site_url):
    page.goto(f"{site_url}help/index.html")
    page.evaluate("stats => localStorage.setItem('castling:stats', stats)", json.dumps(B_STATS))
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    exported = export_file(MemoryStorage({"castling:stats": json.dumps(A_STATS),
                                          "castling:last": "fortress"}))
    act(page, "settings")
    page.set_input_files("#import-file", files=[{"name": "backup.json", "mimeType": "application/json",
                                                 "buffer": exported.encode()}])
    page.wait_for_selector("#transfer-preview-dialog[open]")
    assert page.locator("#settings-dialog").is_hidden()
    assert page.text_content("#transfer-preview-title") == "What this file brings"
    assert holds(page) == ["Statistics of 1 game: Fortress"]
    page.keyboard.press("Escape")                           # as Cancel: nothing written
    page.wait_for_selector("#transfer-preview-dialog", state="hidden")
    assert stored(page, "castling:stats") == B_STATS
    act(page, "settings")
    page.set_input_files("#import-file", files=[{"name": "backup.json", "mimeType": "application/json",
                                                 "buffer": exported.encode()}])
    page.click('#transfer-preview-dialog [data-action="transfer-merge"]')
    page.wait_for_function("document.getElementById('notice').textContent.startsWith('Merged')")
    assert stored(page, "castling:stats")["fortress"]["played"] == 10
    assert every_item(page)["castling:last"] == "martha"        # this browser's is kept
    assert_playable(page)


def test_on_a_first_visit_the_preview_comes_before_the_welcome(new_profile_page):
    fragment = transfer_link(MemoryStorage({"castling:stats": json.dumps(A_STATS)}))
    page = new_profile_page(fragment, welcome=True)
    page.wait_for_selector("#transfer-preview-dialog[open]")
    assert page.locator("#welcome-dialog").is_hidden()
    page.click('[data-action="transfer-cancel"]')
    page.wait_for_selector("#welcome-dialog[open]")          # nothing merged: still a first visit
    assert not page.evaluate("location.hash").startswith("#transfer")


def test_a_link_too_long_for_a_code_says_so_and_still_works(page, site_url):
    days = [f"2026-10-{day:02d}" for day in range(1, 32)]
    stats = {game_id: {"played": 900 + index, "won": 400 + index, "history": [
        {"day": day, "played": 7 + index % 5, "won": (index * 7 + n) % 6, "helped": 0,
         "best_seconds": 100 + (index * 37 + n * 11) % 900, "fewest_moves": 90 + (index + n * 13) % 80}
        for n, day in enumerate(days)]} for index, game_id in enumerate(GAMES)}
    page.evaluate("stats => localStorage.setItem('castling:stats', stats)", json.dumps(stats))
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    act(page, "settings")
    page.click('[data-action="transfer"]')
    page.wait_for_selector("#transfer-code-note:not([hidden])")
    link = page.input_value("#transfer-link")
    assert len(link) > 2_200
    assert page.text_content("#transfer-code-note") == (
        f"This link is too long for a code a phone can read ({len(link)} characters): "
        "copy the link instead.")
    assert page.locator("#transfer-code").is_hidden()
    open_link(page, link[link.index("#"):])
    page.wait_for_selector("#transfer-preview-dialog[open]")
    assert holds(page)[0].startswith(f"Statistics of {len(GAMES)} games: ")
    page.click('[data-action="transfer-cancel"]')
