"""Statistics as pictures (issue 15): a game's history drawn as bar charts, the
same figures as a table, another game's charts, and the charts in Italian."""

from browser_helpers import HISTORY, STATS, act, store, wait_ready


def with_history(page, site_url, settings=None) -> None:
    page.goto(f"{site_url}help/index.html")
    store(page, "castling:stats", STATS)
    if settings:
        store(page, "castling:settings", settings)
    page.goto(f"{site_url}index.html#/fortress/3")
    wait_ready(page)
    act(page, "stats")
    page.wait_for_selector("#stats-dialog[open]")


def test_a_games_history_is_drawn_and_given_as_a_table(page, site_url):
    with_history(page, site_url)
    charts = page.locator("#charts figure")
    assert charts.count() == 3
    games = charts.nth(0)
    assert games.locator("figcaption").text_content() == "Games of Fortress finished each day"
    assert games.locator("svg").get_attribute("aria-label") == \
        "3 days played, 8 games: 3 won, 1 won with help, 4 lost."
    # One bar per day and kind that day had, as tall as its count.
    heights = {kind: [float(h) for h in games.locator(f"rect.bar-{kind}").evaluate_all(
        "bars => bars.map(bar => bar.getAttribute('height'))")] for kind in ("won", "helped", "lost")}
    assert [len(heights[kind]) for kind in ("won", "helped", "lost")] == [2, 1, 3]
    assert heights["won"][0] == 2 * heights["won"][1] == 2 * heights["helped"][0]
    assert charts.nth(1).locator("svg").get_attribute("aria-label") == \
        "The best was 2:20, on 2026-12-01."
    assert charts.nth(1).locator("rect").count() == 2                # no bar on a day not won
    assert charts.nth(2).locator("svg").get_attribute("aria-label") == \
        "The best was 140, on 2026-11-28."
    # The table: a row a day, the same figures.
    page.click("#charts details summary")
    rows = page.locator("#charts table tr")
    assert rows.count() == 4
    assert rows.nth(3).locator("td").all_text_contents() == ["2026-12-01", "4", "1", "1", "2", "2:20", "151"]
    # A game only won with help and lost: no best time or fewest moves to draw.
    page.keyboard.press("Escape")
    store(page, "castling:stats", {
        "fortress": {**STATS["fortress"], "won": 0, "best_seconds": None, "fewest_moves": None,
                     "history": [{**line, "won": 0, "best_seconds": None, "fewest_moves": None}
                                 for line in HISTORY]}})
    page.reload()
    wait_ready(page)
    act(page, "stats")
    assert charts.count() == 3
    assert charts.nth(0).locator("rect.bar-won").count() == 0
    assert charts.nth(0).locator("rect.bar-lost").count() == 3
    for best in (1, 2):
        assert charts.nth(best).locator("svg").count() == 0
        assert charts.nth(best).locator("p").text_content() == \
            "No game won without help on these days."
    # Another game, with nothing finished yet.
    page.select_option("#chart-game", "morphy")
    assert "No finished games of Morphy yet" in page.locator("#charts").text_content()
    assert page.locator("#charts svg").count() == 0


def test_the_charts_speak_italian(page, site_url):
    with_history(page, site_url, {"language": "it"})
    assert page.locator("#charts figcaption").first.text_content() == \
        "Partite di Fortress finite ogni giorno"
    assert page.locator("#charts-title").text_content() == "Nel tempo"
