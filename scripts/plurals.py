"""Write py/castling/plural_rules.json: the CLDR cardinal plural rules of every
language the catalogues speak, taken from the pinned npm package ``cldr-core``
(its supplemental/plurals.json), as CLDR writes them.

Run it after adding a catalogue (README, "Adding a language"):

    .venv/bin/python scripts/plurals.py

tests/engine/test_plurals.py fails while the file differs from what this
script would write. A catalogue named with a region (pt-BR) takes the rules
CLDR gives the region, else its language's (CLDR's "pt" is Brazil's).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLDR = ROOT / "node_modules" / "cldr-core" / "supplemental" / "plurals.json"
OUT = ROOT / "py" / "castling" / "plural_rules.json"
PREFIX = "pluralRule-count-"


def languages() -> list[str]:
    """The catalogues' language codes (their file names), English first."""
    codes = sorted(path.stem for path in (ROOT / "py" / "castling" / "messages").glob("*.json"))
    return sorted(codes, key=lambda code: (code != "en", code))


def plural_rules() -> dict[str, dict[str, str]]:
    cardinal = json.loads(CLDR.read_text(encoding="utf-8"))["supplemental"]["plurals-type-cardinal"]
    chosen = {}
    for code in languages():
        found = cardinal.get(code) or cardinal.get(code.split("-")[0])
        if found is None:
            sys.exit(f"scripts/plurals.py: CLDR has no plural rules for {code!r}")
        chosen[code] = {name.removeprefix(PREFIX): rule.strip() for name, rule in found.items()}
    return chosen


def text() -> str:
    return json.dumps(plural_rules(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
