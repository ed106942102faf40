"""How to play: the rules of the game on the table in a panel over it (no
navigation, so Python keeps running and the game stays as it is), in the
player's language. The words are the help pages' own, made from the game's
declaration (castling.app.words.rules_text) with its hand-written introduction and
tips; the sketch of its table is build.py's file. Every word is set as text.
The panel's root carries ``data-rules-panel``; its link opens the rules' page."""

from __future__ import annotations

from castling.i18n import catalogue, language
from castling.app.words.rules_text import intro, rules_sections, tips

from .host import Host


class RulesPanel:
    def __init__(self, host: Host) -> None:
        self.host = host
        host.command("how-to-play", self.show)

    def show(self) -> None:
        document = self.host.document
        rules = self.host.session.game.rules
        messages = catalogue(language())
        document.getElementById("rules-title").textContent = rules.name
        document.getElementById("rules-intro").textContent = intro(rules, messages)
        document.getElementById("rules-sketch").setAttribute("src", f"./sketches/{rules.id}.svg")
        parts = []
        for section in (*rules_sections(rules, messages), tips(rules, messages)):
            heading = document.createElement("h3")
            heading.textContent = section.heading
            parts.append(heading)
            if section.facts:
                facts = document.createElement("dl")
                facts.className = "facts"
                for term, text in section.facts:
                    name, value = document.createElement("dt"), document.createElement("dd")
                    name.textContent, value.textContent = term, text
                    facts.append(name, value)
                parts.append(facts)
            elif section.kind == "goal":
                for line in section.lines:
                    paragraph = document.createElement("p")
                    paragraph.textContent = line
                    parts.append(paragraph)
            else:
                items = document.createElement("ul")
                for line in section.lines:
                    item = document.createElement("li")
                    item.textContent = line
                    items.append(item)
                parts.append(items)
        document.getElementById("rules-sections").replaceChildren(*parts)
        dialog = document.getElementById("rules-dialog")
        if not dialog.open:
            dialog.showModal()
