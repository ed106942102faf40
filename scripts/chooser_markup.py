"""The page's lists that the build writes from the engine's declarations: the games
(the drop-downs' options and the Games dialog's list, grouped by kind, with the
study's figures) and the languages (one option for each catalogue). index.html
holds their placeholders; the words are the catalogue's."""

from __future__ import annotations

import html

from castling.games import GROUPS
from castling.i18n import LANGUAGES

from scripts.study_report import summary as study_summary


#: Fewer deals than this say too little to show a player a rate.
STUDY_SHOWN_FROM = 500


def game_chooser() -> tuple[str, str]:
    """The drop-down's options and the Games dialog's list, both grouped by kind.

    The dialog's entries carry what the app fills in the player's language when
    it opens: the study's figure (data-won, data-tried, data-unknown) and the player's record."""
    # (deals won, tried, left undecided) per game, as the study's own summary counts them.
    figures = {row["id"]: (row["won"], row["tried"], row["unknown"]) for row in study_summary()}
    options, sections = [], []
    for group, games in GROUPS.items():
        label = f'data-i18n-label="games.group.{group}"'
        options.append(f"<optgroup {label}>" + "".join(
            f'<option value="{html.escape(r.id)}">{html.escape(r.name)}</option>' for r in games)
            + "</optgroup>")
        entries = []
        for r in games:
            game_id = html.escape(r.id)
            won, tried, unknown = figures.get(r.id, (0, 0, 0))
            study = (f' data-won="{won}" data-tried="{tried}" data-unknown="{unknown}"'
                     if tried >= STUDY_SHOWN_FROM else "")
            # The sketch of its table (write_sketches) is a picture of what the name
            # says: the name is next to it, so the picture has no words of its own.
            entries.append(
                f'<li data-game="{game_id}" data-name="{html.escape(r.name)}"'
                f' data-home="{group}" data-order="{len(entries)}">'
                f'<img class="game-sketch" src="./sketches/{game_id}.svg" alt="" width="96"'
                f' height="60" loading="lazy">'
                f'<button type="button" data-play="{game_id}">{html.escape(r.name)}</button>'
                f' <span class="game-about"><span data-i18n="game.{game_id}.summary"></span>'
                f' <span class="game-figures" data-figures{study}></span></span>'
                f' <a href="./help/{game_id}.html" data-help="{game_id}.html"'
                f' data-i18n="action.rules"></a></li>')
        sections.append(f'<section class="game-group" data-group="{group}">'
                        f'<h3 data-i18n="games.group.{group}"></h3>'
                        f'<ul class="game-list">{"".join(entries)}</ul></section>')
    return "".join(options), "".join(sections)


def chooser_markup() -> dict[str, str]:
    """index.html's placeholders for them: GAME_OPTIONS, GAME_CHOOSER and LANGUAGE_OPTIONS."""
    options, chooser = game_chooser()
    languages = "".join(f'<option value="{code}" lang="{code}">{html.escape(name)}</option>'
                        for code, name in LANGUAGES.items())
    return {"GAME_OPTIONS": options, "GAME_CHOOSER": chooser, "LANGUAGE_OPTIONS": languages}
