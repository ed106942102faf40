"""Statistics (issues 15 and 26): the dialog opens on the current game's card
and its history drawn as bar charts over the calendar (a gap for a day not
played, dates in the player's language), the same figures as a table, another
game's card and charts, every game's table behind a tab, and all in Italian."""

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
        "Days played: 3. Games: 8 (3 won, 1 won with help, 4 lost)."
    # One bar per day and kind that day had, as tall as its count.
    heights = {kind: [float(h) for h in games.locator(f"rect.bar-{kind}").evaluate_all(
        "bars => bars.map(bar => bar.getAttribute('height'))")] for kind in ("won", "helped", "lost")}
    assert [len(heights[kind]) for kind in ("won", "helped", "lost")] == [2, 1, 3]
    assert heights["won"][0] == 2 * heights["won"][1] == 2 * heights["helped"][0]
    assert charts.nth(1).locator("svg").get_attribute("aria-label") == \
        "The best was 2:20, on 1 December 2026."
    assert charts.nth(1).locator("rect").count() == 2                # no bar on a day not won
    assert charts.nth(2).locator("svg").get_attribute("aria-label") == \
        "The best was 140, on 28 November 2026."
    # The table: a row a day, the same figures.
    page.click("#charts details summary")
    rows = page.locator("#charts table tr")
    assert rows.count() == 4
    assert rows.nth(3).locator("td").all_text_contents() == ["1 December 2026", "4", "1", "1", "2", "2:20", "151"]
    # The days from 28 November to 1 December, 29 November not played: four places, a gap.
    labels = games.locator("svg text").all_text_contents()
    assert labels[-2:] == ["28 Nov", "1 Dec"]
    assert {round(float(x)) for x in games.locator("rect").evaluate_all(
        "bars => bars.map(bar => bar.getAttribute('x'))")} == \
        {round(34 + (500 / 4) * day + (500 / 4 - 28) / 2) for day in (0, 2, 3)}
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
    assert page.locator("#charts svg text").last.text_content() == "1º dic"     # (the first: "1º")
    assert page.locator("#stats-tab-all").text_content() == "Tutti i giochi"


def test_the_statistics_open_on_the_current_games_card_and_the_table_is_behind_a_tab(page,
                                                                                     site_url):
    with_history(page, site_url)
    card = page.locator("[data-stats-card]")
    assert card.get_attribute("data-game") == "fortress" and card.is_visible()
    figures = dict(zip(card.locator("dt").all_text_contents(), card.locator("dd").all_text_contents()))
    assert figures == {"Played": "8", "Won": "3", "Win rate": "38%", "Current streak": "0",
                       "Best streak": "2", "Best time": "2:20", "Fewest moves": "140",
                       "Daily deals won in a row": "0"}
    assert page.locator("#stats-table").is_hidden()
    # Every game's table behind the second tab (the arrow keys move between tabs).
    page.locator("#stats-tab-game").focus()
    page.keyboard.press("ArrowRight")
    assert page.locator("#stats-table").is_visible() and card.is_hidden()
    assert page.evaluate("document.activeElement.id") == "stats-tab-all"
    rows = page.locator("#stats-table tr")
    assert rows.nth(1).get_attribute("data-game") == "fortress"      # games played come first
    assert "Daily deals played" in rows.nth(0).text_content()
    page.click("#stats-tab-game")
    # Another game's card and charts from the picker.
    page.select_option("#chart-game", "morphy")
    assert card.get_attribute("data-game") == "morphy"
    assert card.locator('[data-stat="played"]').text_content() == "0"
    assert card.locator('[data-stat="best_time"]').text_content() == "—"
