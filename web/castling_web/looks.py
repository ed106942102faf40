"""How the look settings show on the page: each as a class on <html> that
style.css draws. The settings dialog applies them (settings.py); the page
before Python is up applies the same from what is stored (web/first-table/stored.js,
given these by scripts/first_table.py), so that a return visit's early table
already wears the player's deck, back and table."""

from __future__ import annotations

#: the on/off looks: setting -> the class it puts on the page
LOOK_SWITCHES = {"four_colour": "deck-four", "high_contrast": "contrast-high", "calm": "calm"}

#: the looks chosen by name, each shown as a class on the page: setting -> the
#: class's prefix ("back-red", "table-blue")
LOOK_CLASSES = {"card_back": "back", "table": "table"}

#: how long one card's slide takes at each speed setting, in milliseconds ("off":
#: none, the cards are there at once): animation.py's, and the early table's
#: (web/first-table/play.js), which moves cards before Python is up
SLIDE_MS = {"fast": 90, "normal": 160, "slow": 320}
