"""Nothing lost, nothing injected (issue #6), in Chromium against the built site:
a generated corpus of malformed links, every kind of damaged storage, a storage
that refuses writes or is missing, two tabs on one game, export and import."""

import itertools
import json

import pytest

from castling import GAMES, Game
from castling.app.deals.links import LinkError, parse_link

from browser_helpers import (READY_TIMEOUT_MS, act, assert_playable, foreign_elements, stored,
                             tap_move, wait_ready)


PAYLOAD = "<img src=x onerror=window.__pwned=1>"
GAME_PARTS = ["", "nosuchgame", "Chessboard", "chess board", "morphy ", PAYLOAD, "%3Cb%3Ex%3C%2Fb%3E",
              "..", "morphy%2F1", "\u202emorphy", "a" * 120, "fortress\x00"]
NUMBER_PARTS = ["", "0", "-1", "1e5", "12abc", "1.0", "0x10", " 7", "100000000000000000000",
                "99999999999999999999999", "<script>window.__pwned=1</script>", "%ZZ", "\u0661"]
SHAPES = ["#/{g}/{n}", "#/{g}", "#{g}/{n}", "#/{g}/{n}/extra", "#/{g}/{n}/", "#//{n}",
          "#/{g}/{n}?x=1"]


def malformed_links() -> list[str]:
    """Every shape with every part, kept only if the engine refuses it (the corpus)."""
    links = {shape.format(g=g, n=n) for shape, g, n in
             itertools.product(SHAPES, GAME_PARTS + ["morphy"], NUMBER_PARTS + ["5"])}
    links |= {"#/" + "x" * 5000, "#/morphy/" + "9" * 300, "#%", "#/%", "#/morphy/%35%"}
    bad = []
    for link in sorted(links):
        try:
            parse_link(link)
        except LinkError:
            bad.append(link)
    return bad


CORPUS = malformed_links()
# Each link costs the browser a hashchange: a third of the corpus, and every one with markup.
PLAYED = sorted(set(CORPUS[::3]) | {link for link in CORPUS if "<" in link or "%3C" in link})


@pytest.fixture
def console_errors(page):
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    yield errors
    assert errors == [], f"errors in the console: {errors[:3]}"


def nothing_injected(page) -> None:
    assert page.evaluate("window.__pwned") is None
    assert foreign_elements(page) == 0
    for box in ("#notice", "#status"):
        assert page.evaluate(f"document.querySelector('{box}').childElementCount") == 0


def test_the_corpus_is_large_and_varied():
    assert len(CORPUS) >= 600 and len(PLAYED) >= 300
    assert any(PAYLOAD in link for link in CORPUS) and any(len(link) > 1000 for link in CORPUS)


def test_every_malformed_link_gets_a_message_and_keeps_the_game(page, site_url, console_errors):
    page.goto(f"{site_url}index.html#/lasker/321")
    wait_ready(page)
    tap_move(page, GAMES["lasker"], Game(GAMES["lasker"], 321).legal_moves()[0])
    before = stored(page, "castling:save:lasker")
    # Each link in turn, as if typed into the address bar: the page waits for
    # the notice that says which game it kept, then notes where the address
    # then is (one round trip for the whole corpus: three a link took longer
    # than the app's own answers).
    kept = page.evaluate("""async links => {
        const notice = document.getElementById('notice'), where = [];
        for (const link of links) {
            notice.textContent = '';
            location.hash = link;
            const told = await new Promise(resolve => {
                const said = () => notice.textContent.includes('Here is Lasker deal #321');
                if (said()) return resolve(true);
                const timer = setTimeout(() => { watch.disconnect(); resolve(false); }, 10000);
                const watch = new MutationObserver(() => {
                    if (said()) { watch.disconnect(); clearTimeout(timer); resolve(true); }
                });
                watch.observe(notice, {childList: true, characterData: true, subtree: true});
            });
            if (!told) return [link, 'no notice within 10 s', notice.textContent];
            where.push(location.hash);
        }
        return where;
    }""", PLAYED)
    assert kept == ["#/lasker/321"] * len(PLAYED)
    after = stored(page, "castling:save:lasker")
    assert (after["deal"], after["moves"]) == (before["deal"], before["moves"])
    assert_playable(page)
    nothing_injected(page)


@pytest.mark.parametrize("link", ["#/" + PAYLOAD + "/1", "#/morphy/" + "9" * 300])
def test_a_malformed_link_on_arrival_opens_a_playable_game(page, site_url, console_errors, link):
    page.goto(f"{site_url}index.html{link}")
    wait_ready(page)
    assert page.locator("#notice").is_visible()
    assert_playable(page)
    nothing_injected(page)


def plant(page, site_url, items: dict) -> None:
    """Put values into the site's localStorage before the app starts."""
    page.goto(f"{site_url}help/index.html")
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v) }",
                  items)


def every_item(page) -> dict:
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


OTHER_SAVE = json.dumps({"format": 1, "game": "castles-end", "deal": 12, "moves": []})
STATS = json.dumps({"castles-end": {"played": 4, "won": 2, "streak": 1, "best_streak": 2,
                                    "best_seconds": 300, "fewest_moves": 120}})


def a_save(game_id, **fields):
    data = {"format": 1, "game": game_id, "deal": 1,
            "moves": [Game(GAMES[game_id], 1).position.legal_move_texts()[0]]}
    data.update(fields)
    return json.dumps(data)


# Each kind of damage in the save of a different game, so that one visit sees them all.
DAMAGED = {
    "chessboard": "{\"format\": 1, \"game\": \"chess",                       # corrupt JSON
    "morphy": a_save("morphy", format=7),                                   # a future version
    "chequers": a_save("chequers", moves=["t1-t9", "t2-t3"]),               # an illegal move
    "martha": a_save("martha", deal=10**21),                                # deal out of range
    "fortress": a_save("fortress", game="yahtzee"),                         # a game we lack
    "lasker": a_save("lasker", deal=[1], moves={"0": "t1-t2"}),             # wrong types
    "selective-castle": a_save("selective-castle", game=PAYLOAD, moves=[PAYLOAD], token=PAYLOAD),
}


def test_each_damaged_save_is_reported_and_set_aside_and_nothing_else_changes(
        page, site_url, console_errors):
    plant(page, site_url, {**{f"castling:save:{game_id}": text for game_id, text in DAMAGED.items()},
                           "castling:save:castles-end": OTHER_SAVE, "castling:stats": STATS,
                           "castling:last": "castles-end"})
    page.goto(f"{site_url}index.html")
    wait_ready(page)
    for game_id, text in DAMAGED.items():
        page.evaluate("document.getElementById('notice').textContent = ''")
        page.select_option("#game-select", game_id)
        page.wait_for_function("id => document.getElementById('board').dataset.game === id", arg=game_id)
        assert f"castling:recovery:save:{game_id}" in page.locator("#notice").text_content()
        assert every_item(page)[f"castling:recovery:save:{game_id}"] == text
        assert_playable(page)
        save = stored(page, f"castling:save:{game_id}")
        rules = GAMES[game_id]
        legal = Game.replay(rules, save["deal"], save["moves"])[0].legal_moves()
        if not legal:
            # The fresh deal that replaced the damaged save is a random one, and
            # now and then a deal starts with no move at all: the table says so.
            assert "No legal moves left" in page.locator("#status").text_content()
            continue
        tap_move(page, rules, legal[0])
        assert len(stored(page, f"castling:save:{game_id}")["moves"]) > len(save["moves"])
    items = every_item(page)
    assert items["castling:save:castles-end"] == OTHER_SAVE
    # (statistics from before "won with help", deals of the day, the calendar's days
    # and the history are kept, with those written as none yet)
    no_days = {"played": 0, "won": 0, "run": 0, "last_played": "", "last_won": "", "days": {}}
    kept = json.loads(items["castling:stats"])["castles-end"]
    kept = {key: value for key, value in kept.items() if key != "grades" or value}   # none yet
    assert kept == {
        **json.loads(STATS)["castles-end"], "helped": 0, "current": {}, "daily": no_days,
        "history": []}
    assert all(items[f"castling:recovery:save:{game_id}"] == text for game_id, text in DAMAGED.items())
    nothing_injected(page)


def test_damaged_statistics_and_settings_are_set_aside(page, site_url, console_errors):
    stats = json.dumps({"morphy": {"played": "<b>x</b>"}, PAYLOAD: {"played": 1}})
    settings = json.dumps({"autoplay": PAYLOAD, "winnable_only": [PAYLOAD, "fortress"]})
    plant(page, site_url, {"castling:stats": stats, "castling:settings": settings})
    page.goto(f"{site_url}index.html#/morphy/3")
    wait_ready(page)
    items = every_item(page)
    assert items["castling:recovery:stats"] == stats
    assert items["castling:recovery:settings"] == settings
    act(page, "stats")
    assert page.locator('#stats-table tr[data-game="morphy"] td').nth(1).text_content() == "0"
    assert page.locator("#stats-table tr").count() == 1 + len(GAMES)
    page.keyboard.press("Escape")
    act(page, "settings")
    assert page.locator('[data-setting="autoplay"]').is_checked()
    nothing_injected(page)


REFUSE_WRITES = """Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"""
NO_STORAGE = """Object.defineProperty(window, 'localStorage', {
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""


@pytest.mark.parametrize("script", [REFUSE_WRITES, NO_STORAGE], ids=["full", "unavailable"])
def test_without_storage_the_game_plays_on_and_says_so(page, site_url, console_errors, script):
    plant(page, site_url, {"castling:save:castles-end": OTHER_SAVE, "castling:stats": STATS})
    page.add_init_script(script)
    page.goto(f"{site_url}index.html#/martha/5")
    wait_ready(page)
    rules = GAMES["martha"]
    game = Game(rules, 5)
    for _ in range(3):
        move = game.legal_moves()[0]
        tap_move(page, rules, move)
        game.play(move)
    assert int(page.locator("#move-counter").text_content().split()[0]) >= 3
    assert "not being saved" in page.locator("#notice").text_content()
    # Look at what is stored from another tab, where storage works (the script
    # that broke it belongs to the first page only): nothing was lost.
    other = page.context.new_page()
    other.goto(f"{site_url}help/index.html")
    items = other.evaluate(
        "Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    assert items == {"castling:save:castles-end": OTHER_SAVE, "castling:stats": STATS,
                     "castling:settings": '{"tap":"two"}',        # the page fixture's
                     "castling:welcomed": "tests"}                # the test profiles'
    other.close()


def test_two_tabs_on_one_game_never_overwrite_each_other_silently(page, site_url, console_errors):
    rules = GAMES["chessboard"]
    page.goto(f"{site_url}index.html#/chessboard/11")
    wait_ready(page)
    other = page.context.new_page()
    other.goto(f"{site_url}index.html#/chessboard/11")
    wait_ready(other)
    game = Game(rules, 11)
    first = game.legal_moves()[0]
    tap_move(page, rules, first)
    # the other tab hears of it and offers the newer game
    other.wait_for_selector("#conflict:not([hidden])", timeout=READY_TIMEOUT_MS)
    saved = stored(page, "castling:save:chessboard")
    tap_move(other, rules, game.legal_moves()[-1])     # a move there is not written over ours
    assert stored(page, "castling:save:chessboard") == saved
    other.click('[data-action="take-other"]')
    assert other.locator("#conflict").is_hidden()
    assert other.locator("#move-counter").text_content() == f"{len(saved['moves'])} move" + (
        "" if len(saved["moves"]) == 1 else "s")
    # now the other tab plays on, and the first tab keeps its own game instead
    game.play(first)
    tap_move(other, rules, game.legal_moves()[0])
    page.wait_for_selector("#conflict:not([hidden])", timeout=READY_TIMEOUT_MS)
    page.click('[data-action="keep-mine"]')
    assert stored(page, "castling:save:chessboard")["moves"] == saved["moves"]
    other.close()


def test_export_then_import_brings_everything_back(page, site_url, console_errors):
    plant(page, site_url, {"castling:save:castles-end": OTHER_SAVE, "castling:stats": STATS})
    page.goto(f"{site_url}index.html#/fortress/8")
    wait_ready(page)
    rules = GAMES["fortress"]
    tap_move(page, rules, Game(rules, 8).legal_moves()[0])
    act(page, "settings")
    with page.expect_download() as download:
        page.click('[data-action="export"]')
    exported = json.loads(open(download.value.path()).read())
    assert exported["items"]["castling:save:castles-end"] == OTHER_SAVE
    assert json.loads(exported["items"]["castling:save:fortress"])["deal"] == 8
    # a fresh browser: nothing stored, then the file
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    act(page, "settings")
    page.set_input_files("#import-file", files=[{"name": "backup.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(exported).encode()}])
    # shown first (tests/browser/test_transfer.py has the rest), then merged
    page.wait_for_selector("#transfer-preview-dialog[open]")
    page.click('[data-action="transfer-merge"]')
    page.wait_for_function("document.getElementById('notice').textContent.startsWith('Merged')")
    assert every_item(page)["castling:save:castles-end"] == OTHER_SAVE
    assert json.loads(every_item(page)["castling:save:fortress"])["moves"] == \
        json.loads(exported["items"]["castling:save:fortress"])["moves"]
    assert json.loads(every_item(page)["castling:stats"])["castles-end"]["won"] == 2
    act(page, "settings")
    page.set_input_files("#import-file", files=[{"name": "x.json", "mimeType": "application/json",
                                                 "buffer": PAYLOAD.encode()}])
    page.wait_for_function("document.getElementById('notice').textContent.includes('not a Castling export')")
    nothing_injected(page)
