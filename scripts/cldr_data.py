"""Write py/castling/cldr.json: what Unicode CLDR says of every language the
catalogues speak, as the engine reads it — the cardinal plural rules
(castling.plurals) from the pinned npm package ``cldr-core``
(supplemental/plurals.json), and how numbers are written (castling.numbers:
the decimal and grouping signs, the smallest number grouped, the percent
pattern and sign) from the pinned ``cldr-numbers-full`` (main/LANG/numbers.json).

Run it after adding a catalogue (docs/adding-a-language.md):

    .venv/bin/python scripts/cldr_data.py

tests/engine/test_plurals.py fails while the file differs from what this
script would write. A catalogue named with a region (pt-BR) takes what CLDR
gives the region, else its language's (CLDR's "pt" is Brazil's).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE = ROOT / "node_modules"
PLURALS = NODE / "cldr-core" / "supplemental" / "plurals.json"
NUMBERS = NODE / "cldr-numbers-full" / "main"
OUT = ROOT / "py" / "castling" / "cldr.json"
PREFIX = "pluralRule-count-"


def languages() -> list[str]:
    """The catalogues' language codes (their file names), English first."""
    codes = sorted(path.stem for path in (ROOT / "py" / "castling" / "messages").glob("*.json"))
    return sorted(codes, key=lambda code: (code != "en", code))


def _cldr_code(code: str, known: set[str]) -> str:
    for candidate in (code, code.split("-")[0]):
        if candidate in known:
            return candidate
    sys.exit(f"scripts/cldr_data.py: CLDR has nothing for {code!r}")


def plural_rules(code: str, cardinal: dict[str, dict[str, str]]) -> dict[str, str]:
    found = cardinal[_cldr_code(code, set(cardinal))]
    return {name.removeprefix(PREFIX): rule.strip() for name, rule in found.items()}


def number_forms(code: str) -> dict[str, object]:
    cldr = _cldr_code(code, {path.name for path in NUMBERS.iterdir()})
    numbers = json.loads((NUMBERS / cldr / "numbers.json").read_text(encoding="utf-8"))
    numbers = numbers["main"][cldr]["numbers"]
    symbols = numbers["symbols-numberSystem-latn"]
    return {"decimal": symbols["decimal"], "group": symbols["group"],
            "grouping_from": int(numbers["minimumGroupingDigits"]),
            "percent": numbers["percentFormats-numberSystem-latn"]["standard"],
            # (Arabic's carries marks that keep it beside its number in right-to-left text)
            "percent_sign": symbols["percentSign"]}


def text() -> str:
    cardinal = json.loads(PLURALS.read_text(encoding="utf-8"))["supplemental"]["plurals-type-cardinal"]
    data = {"plurals": {code: plural_rules(code, cardinal) for code in languages()},
            "numbers": {code: number_forms(code) for code in languages()}}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
